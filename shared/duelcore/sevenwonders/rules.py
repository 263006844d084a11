"""7 Wonders Duel: the state of a game and the events that change it.

Rules 000 (Japanese) and 003 (Russian) with the published rulebook where both are
silent. The record does not carry the card layout, so the players' table is the
authority on which card is reachable; the core checks everything else: the age a card
belongs to, that no card is taken twice, 20 cards an age (3 guilds and 17 age III cards
in age III), whose turn it is, prices and coins, and every effect.
"""

from ..compat import const
from ..errors import IllegalEvent
from . import codes, legal, result
from .cards import (
    AGRICULTURE,
    ARCHITECTURE,
    CARD_COUNT,
    CARDS,
    COINS,
    COLOUR,
    COST,
    ECONOMY,
    EFFECT,
    FIRST_GAME,
    LAW,
    LAW_SYMBOL,
    MASONRY,
    PROGRESS,
    SHIELDS,
    STRATEGY,
    THEOLOGY,
    URBANISM,
    WONDERS,
    age_of,
    card,
    chain_from,
    colour,
    digit,
    effect,
    number,
    progress,
    spec,
    wonder,
    wspec,
)
from .codes import ARITY, VERBS
from .price import buy
from .score import count, sheet

# Pending choices: the names the spec gives them.
PENDING = ("progress", "library", "destroy", "mausoleum", "starter")

# The box's 31 coins (14 of 1, 10 of 3, 7 of 6) are 86: no player holds more, and no
# correction moves more (docs/7wd.md, "Bounds").
_BOX_COINS = const(86)

_CAPITAL = const(9)
_AGE_CARDS = const(20)
_GUILDS_PER_GAME = const(3)
_WONDER_LIMIT = const(7)


class Game:
    """One game of 7 Wonders Duel, folded event by event."""

    def __init__(self, setup: dict) -> None:
        first = setup.get("first")
        if type(first) is not int or first not in (0, 1):
            raise IllegalEvent("'first' must be 0 or 1")
        self.own = _setup_wonders(setup.get("wonders"), first)
        self.board = _setup_tokens(setup.get("progress"), 5, "progress")
        box = setup.get("box_progress")
        self.box: list | None = None
        if box is not None:
            self.box = _setup_tokens(box, 5, "box_progress")
            for t in self.box:
                if t in self.board:
                    raise IllegalEvent("box_progress repeats a token on the board")
        self.coins = [7, 7]
        self.cards: list = [[], []]  # buildings in each city, in the order built
        self.built: list = [[], []]  # wonders built, in order
        self.tokens: list = [[], []]  # progress tokens held, in order taken
        self.conflict = 0  # > 0: towards player 1's capital
        self.loot = bytearray(b"\x01\x01\x01\x01")  # military tokens left: [victim*2 + big]
        self.taken = bytearray(CARD_COUNT)  # 1 once a card has left the layout
        self.discards: list = []  # the discard pile (sold or destroyed cards)
        self.age = 1
        self.in_age = 0  # cards taken this age
        self.turn = first  # who acts next (the chooser while a choice is pending)
        self.pending: str | None = None
        self.again = False  # an extra turn is owed once the pending choice is made
        self.over = False
        self.winner: int | None = None
        self.victory: str | None = None

    # -- the protocol -------------------------------------------------------------

    def apply(self, event: list) -> None:
        verb = event[0]
        p = event[1]
        args = event[2:]
        if self.over:
            raise IllegalEvent("the game is over")
        if verb in VERBS and len(args) != ARITY[VERBS.index(verb)]:
            n = ARITY[VERBS.index(verb)]
            raise IllegalEvent("%s takes %d argument%s", verb, n, "" if n == 1 else "s")
        if verb == "coins":
            n = args[0]
            if type(n) is not int or not -_BOX_COINS <= n <= _BOX_COINS:
                raise IllegalEvent(
                    "a coin correction is a whole number from -%d to %d", _BOX_COINS, _BOX_COINS
                )
            n += self.coins[p]
            if n > _BOX_COINS and args[0] > 0:
                raise IllegalEvent(
                    "player %d would hold %d coins; the box has %d", p, n, _BOX_COINS
                )
            self.coins[p] = max(0, n)
            return
        if p != self.turn:
            raise IllegalEvent("it is player %d's turn", self.turn)
        handler = _HANDLERS.get(verb)
        if handler is None:
            raise IllegalEvent("unknown verb %s", verb)
        want = None if verb in ("build", "discard", "wonder") else verb
        if verb == "progress" and self.pending == "library":
            want = "library"
        if self.pending != want:
            if self.pending is None:
                raise IllegalEvent("nothing asks for %s now", verb)
            raise IllegalEvent("player %d must first resolve %s", p, self.pending)
        handler(self, p, args)

    def legal(self) -> list:
        """Every event apply() accepts now, corrections aside (legal.py)."""
        return legal.legal(self)

    def encode(self, event: list) -> "int | None":
        """The event as one small int (see engine.Match), or None if it has no code."""
        return codes.encode(event)

    def decode(self, code: int) -> list:
        return codes.decode(code)

    def state(self) -> tuple:
        return result.state(self)

    def result(self) -> dict:
        return result.result(self)

    # -- queries the device asks ---------------------------------------------------

    def available(self) -> list:
        """Cards of the current age still in the layout (the table says which are free)."""
        age = self.age
        full = self._full()
        out = []
        for c in range(CARD_COUNT):
            if not self.taken[c] and age_of(c) == age and not full[colour(c) == "p"]:
                out.append(c)
        return out

    def _full(self) -> "tuple[bool, bool]":
        """(others, guilds): whether age III's layout has given all of that kind, 17 other
        cards and 3 guilds, so the rest of the box was never dealt. Always (False, False)
        in ages I and II, which use every card of their age."""
        if self.age != 3:
            return False, False
        guilds = rest = 0
        for c in range(CARD_COUNT):
            if self.taken[c] and age_of(c) == 3:
                if colour(c) == "p":
                    guilds += 1
                else:
                    rest += 1
        return rest >= _AGE_CARDS - _GUILDS_PER_GAME, guilds >= _GUILDS_PER_GAME

    def price(self, p: int, c: int) -> "tuple[int, bool, int, list, list]":
        """(total coins, chained, coins printed, bought units, waived units) for card c."""
        if self._chained(p, c):
            return 0, True, 0, [], []
        o = spec(c)
        waived = 2 if CARDS[o + COLOUR] == "u" and MASONRY in self.tokens[p] else 0
        trade, bought, free = buy(
            CARDS, o + COST, self.cards[p], self.built[p], self.cards[1 - p], waived
        )
        printed = digit(CARDS, o + COINS)
        return printed + trade, False, printed, bought, free

    def wonder_price(self, p: int, w: int) -> "tuple[int, bool, int, list, list]":
        """As price(), for a wonder (Architecture waives two units)."""
        waived = 2 if ARCHITECTURE in self.tokens[p] else 0
        trade, bought, free = buy(
            WONDERS, wspec(w) + 3, self.cards[p], self.built[p], self.cards[1 - p], waived
        )
        return trade, False, 0, bought, free

    def discard_value(self, p: int) -> int:
        """Selling a card: 2 coins plus 1 per yellow card (rules 000)."""
        return 2 + count(self.cards[p], "y")

    def symbols(self, p: int) -> list:
        """Distinct science symbols of player p, as numbers."""
        out = []
        for c in self.cards[p]:
            s = _symbol(c)
            if s >= 0 and s not in out:
                out.append(s)
        if LAW in self.tokens[p]:
            out.append(LAW_SYMBOL)
        return out

    def needs(self, p: int) -> "tuple[int, int]":
        """(shields to the opponent's capital, symbols still missing for science)."""
        distance = self.conflict if p == 0 else -self.conflict
        return _CAPITAL - distance, max(0, 6 - len(self.symbols(p)))

    def score(self, p: int) -> list:
        return sheet(p, self.cards, self.built, self.tokens, self.coins, self.conflict)

    def library_choices(self) -> list:
        """Tokens the Great Library may take: the box, or anything not on the board."""
        held = self.tokens[0] + self.tokens[1]
        pool = self.box if self.box is not None else range(len(PROGRESS))
        return [t for t in pool if t not in held and t not in self.board]

    # -- turn structure --------------------------------------------------------------

    def _take(self, p: int, label: object) -> int:
        """Check that card `label` can leave the layout now; return its number."""
        c = card(label)
        if c < 0:
            raise IllegalEvent("no card named %s", label)
        if self.taken[c]:
            raise IllegalEvent("%s has already been taken", label)
        if age_of(c) != self.age:
            raise IllegalEvent("%s is not an age %d card", label, self.age)
        guild = colour(c) == "p"
        if self._full()[guild]:
            raise IllegalEvent("age III already has its %s", "3 guilds" if guild else "17 cards")
        return c

    def _took(self, c: int) -> None:
        self.taken[c] = 1
        self.in_age += 1

    def _end_turn(self, p: int) -> None:
        """After p's action and its choices: next turn, next age or the final count."""
        if self.over or self.pending is not None:
            return
        if self.in_age < _AGE_CARDS:
            self.turn = p if self.again else 1 - p
            self.again = False
            return
        # The age is over; an extra turn earned on its last card is lost (rules 000).
        self.again = False
        if self.age == 3:
            self._civil_end()
            return
        # The player on whose side the pawn stands chooses; on the neutral space, the
        # player who took the last card (shared/rules/README: serves both texts).
        if self.conflict > 0:
            self.turn = 1
        elif self.conflict < 0:
            self.turn = 0
        else:
            self.turn = p
        self.pending = "starter"

    def _civil_end(self) -> None:
        a = self.score(0)
        b = self.score(1)
        self.over = True
        self.victory = "civil"
        if a[8] != b[8]:
            self.winner = 0 if a[8] > b[8] else 1
        elif a[0] != b[0]:
            self.winner = 0 if a[0] > b[0] else 1  # blue buildings break the tie

    def _win(self, p: int, how: str) -> None:
        self.over = True
        self.winner = p
        self.victory = how
        self.pending = None

    # -- effects ---------------------------------------------------------------------

    def _shields(self, p: int, n: int) -> None:
        """Move the pawn n spaces towards p's opponent; tokens on the way take coins."""
        step = 1 if p == 0 else -1
        victim = 1 - p
        for _ in range(n):
            self.conflict += step
            distance = self.conflict * step
            for big, at, loss in ((0, 3, 2), (1, 6, 5)):
                if distance == at and self.loot[victim * 2 + big]:
                    self.loot[victim * 2 + big] = 0
                    self.coins[victim] = max(0, self.coins[victim] - loss)
            if distance >= _CAPITAL:
                self._win(p, "military")
                return

    def _building(self, p: int, c: int) -> None:
        """A building enters p's city: every effect of the card (also for Mausoleum)."""
        self.cards[p].append(c)
        o = spec(c)
        shields = digit(CARDS, o + SHIELDS)
        if shields:
            if STRATEGY in self.tokens[p]:
                shields += 1
            self._shields(p, shields)
            if self.over:
                return
        kind = CARDS[o + EFFECT]
        if kind == "$":
            text = effect(c)
            n = number(text, 1)
            per = text[-1]
            if per == "w":
                n *= len(self.built[p])
            elif "a" <= per <= "z":
                n *= count(self.cards[p], per)
            self.coins[p] += n
        elif kind == "G":
            colours = effect(c)[1:]
            if colours not in ("w", "$"):
                self.coins[p] += max(count(self.cards[0], colours), count(self.cards[1], colours))
        elif kind == "s":
            self._science(p, _symbol(c))

    def _science(self, p: int, symbol: int) -> None:
        have = len(self.symbols(p))
        if have >= 6:
            self._win(p, "science")
            return
        pair = 0
        for c in self.cards[p]:
            if _symbol(c) == symbol:
                pair += 1
        if pair == 2 and self.board:
            self.pending = "progress"

    def _token(self, p: int, t: int) -> None:
        self.tokens[p].append(t)
        if t in (AGRICULTURE, URBANISM):
            self.coins[p] += 6
        elif t == LAW and len(self.symbols(p)) >= 6:
            self._win(p, "science")

    def _destroyable(self, p: int) -> list:
        """Opponent cards the pending Circus Maximus / Statue of Zeus may remove."""
        kind = self._destroy_colour(p)
        return [c for c in self.cards[1 - p] if colour(c) == kind]

    def _destroy_colour(self, p: int) -> str:
        """Grey for Circus Maximus, brown for Statue of Zeus (the wonder p just built)."""
        return "g" if self.built[p][-1] == wonder("circus-maximus") else "b"

    def _chained(self, p: int, c: int) -> bool:
        giver = chain_from(c)
        return giver >= 0 and giver in self.cards[p]


def _symbol(c: int) -> int:
    """Card c's science symbol number, or -1."""
    o = spec(c) + EFFECT
    return digit(CARDS, o + 1) if CARDS[o] == "s" else -1


def _build(g: Game, p: int, args: list) -> None:
    c = g._take(p, args[0])
    total, chained, printed, bought, free = g.price(p, c)
    if total > g.coins[p]:
        raise IllegalEvent("player %d needs %d coins and has %d", p, total, g.coins[p])
    g.coins[p] -= total
    if ECONOMY in g.tokens[1 - p]:
        g.coins[1 - p] += total - printed
    g._took(c)
    if chained and URBANISM in g.tokens[p]:
        g.coins[p] += 4
    g._building(p, c)
    g._end_turn(p)


def _discard(g: Game, p: int, args: list) -> None:
    c = g._take(p, args[0])
    g.coins[p] += g.discard_value(p)
    g._took(c)
    g.discards.append(c)
    g._end_turn(p)


def _wonder(g: Game, p: int, args: list) -> None:
    w = wonder(args[0])
    if w < 0 or w not in g.own[p]:
        raise IllegalEvent("%s is not one of player %d's wonders", args[0], p)
    if w in g.built[p]:
        raise IllegalEvent("%s is already built", args[0])
    if len(g.built[0]) + len(g.built[1]) >= _WONDER_LIMIT:
        raise IllegalEvent("seven wonders are built; the eighth is out of the game")
    c = g._take(p, args[1])
    total = g.wonder_price(p, w)[0]
    if total > g.coins[p]:
        raise IllegalEvent("player %d needs %d coins and has %d", p, total, g.coins[p])
    g.coins[p] -= total
    if ECONOMY in g.tokens[1 - p]:
        g.coins[1 - p] += total
    g._took(c)
    g.built[p].append(w)
    o = wspec(w)
    if WONDERS[o + 2] == "1" or THEOLOGY in g.tokens[p]:
        g.again = True
    kind = WONDERS[o + 8]
    if kind == "$":
        g.coins[p] += number(WONDERS, o + 9)
        if WONDERS[o + 10] == "-":
            g.coins[1 - p] = max(0, g.coins[1 - p] - number(WONDERS, o + 11))
    shields = digit(WONDERS, o + 1)
    if shields:
        g._shields(p, shields)  # Strategy counts red buildings only
        if g.over:
            return
    if kind == "x":
        if g._destroyable(p):
            g.pending = "destroy"
    elif kind == "M":
        if g.discards:
            g.pending = "mausoleum"
    elif kind == "L":
        if g.library_choices():
            g.pending = "library"
    g._end_turn(p)


def _progress(g: Game, p: int, args: list) -> None:
    label = args[0]
    t = progress(label)
    if g.pending == "library":
        if t not in g.library_choices():
            raise IllegalEvent("%s is not in the box", label)
    else:
        if t not in g.board:
            raise IllegalEvent("%s is not on the board", label)
        g.board.remove(t)
    g.pending = None
    g._token(p, t)
    g._end_turn(p)


def _destroy(g: Game, p: int, args: list) -> None:
    label = args[0]
    c = card(label)
    if c not in g._destroyable(p):
        if c in g.cards[1 - p]:
            kind = "grey" if g._destroy_colour(p) == "g" else "brown"
            raise IllegalEvent("%s is not a %s card", label, kind)
        raise IllegalEvent("player %d has no %s to destroy", 1 - p, label)
    g.cards[1 - p].remove(c)
    g.discards.append(c)
    g.pending = None
    g._end_turn(p)


def _mausoleum(g: Game, p: int, args: list) -> None:
    label = args[0]
    c = card(label)
    if c not in g.discards:
        raise IllegalEvent("%s is not in the discard pile", label)
    g.discards.remove(c)
    g.pending = None
    g._building(p, c)
    g._end_turn(p)


def _starter(g: Game, p: int, args: list) -> None:
    q = args[0]
    if type(q) is not int or q not in (0, 1):
        raise IllegalEvent("the starting player must be 0 or 1")
    g.pending = None
    g.age += 1
    g.in_age = 0
    g.turn = q


_HANDLERS = {
    "build": _build,
    "discard": _discard,
    "wonder": _wonder,
    "progress": _progress,
    "destroy": _destroy,
    "mausoleum": _mausoleum,
    "starter": _starter,
}


def _setup_wonders(value: object, first: int) -> list:
    if value == "first-game":
        chosen = [FIRST_GAME[0], FIRST_GAME[1]]
        if first == 1:
            chosen.reverse()
    elif isinstance(value, list) and len(value) == 2:
        chosen = value
    else:
        raise IllegalEvent("'wonders' must be \"first-game\" or two lists of four")
    out = []
    seen: list = []
    for names in chosen:
        if not isinstance(names, (list, tuple)) or len(names) != 4:
            raise IllegalEvent("each player has four wonders")
        mine = []
        for n in names:
            w = wonder(n)
            if w < 0:
                raise IllegalEvent("no wonder named %s", n)
            if w in seen:
                raise IllegalEvent("%s is dealt twice", n)
            seen.append(w)
            mine.append(w)
        out.append(mine)
    return out


def _setup_tokens(value: object, n: int, key: str) -> list:
    if not isinstance(value, list) or len(value) != n:
        raise IllegalEvent("'%s' must list %d progress tokens", key, n)
    out: list = []
    for n in value:
        t = progress(n)
        if t < 0:
            raise IllegalEvent("no progress token named %s", n)
        if t in out:
            raise IllegalEvent("%s is listed twice", n)
        out.append(t)
    return out
