"""Splendor Duel: the game state and the fold of one event into it.

What the record cannot tell is left to the physical table (docs/splendor-duel.md):

- The 25 tokens are counts per kind on the board, in the bag and in each hand, not
  positions, so ``take`` accepts any 1 to 3 non-gold tokens present on the board; the
  rule that they form an unbroken line is the players' to keep.
- The display and the decks are not dealt in the record: any card of a level that is
  neither bought nor reserved may be bought or reserved from the display, as long as
  the level still has a card that is not hidden in someone's reserve. A card reserved
  blind from a deck (``deck1`` to ``deck3``) stays unknown until its owner buys it with
  ``{"reserved": true}``, naming the card: that names the unknown card.

A turn: optional privileges, an optional replenish, one mandatory action (take,
reserve, buy), then what it sets off (a joker's colour, steals, royal cards), the
10-token limit, and the victory check of the acting player.
"""

from ..compat import const
from ..errors import IllegalEvent
from . import cards as C
from . import codes, legal, names, queries
from .cards import (
    ABILITY,
    AGAIN,
    BONUS,
    COLOR,
    COST,
    CROWNS,
    GOLD,
    JOKER,
    PENDING,
    POINTS,
    PRIVILEGE,
    STEAL,
    TOKEN,
)
from .codes import DECKS, VERBS

TOKENS = C.TOKENS
_PEARL = const(5)

# Where the turn stands.
_OPEN = const(0)  # privileges and replenishing still allowed
_REPLENISHED = const(1)  # the board was replenished: only the mandatory action is left
_RESOLVING = const(2)  # the mandatory action is done: a choice is pending

# The _owner byte of a card: 0 free (display or deck), 1+p reserved by p, 3+p bought by p.
_RESERVED = const(1)
_BOUGHT = const(3)

_LIMIT = const(10)  # tokens a player may hold at the end of a turn
_MAX_HELD = const(25)  # no hand holds more of a token: there are 25 tokens in the game
# The victories (VICTORIES), also the quick score's (pad.py).
WIN_POINTS = const(20)
WIN_CROWNS = const(10)
WIN_COLOR = const(10)

_P_COLOR = const(1)
_P_STEAL = const(2)
_P_ROYAL = const(3)
_P_RETURN = const(4)
VICTORIES = ("points", "crowns", "color")

# Tokens at the start: 4 of each gem, 2 pearls, 3 gold, all on the board.
_START = b"\x04\x04\x04\x04\x04\x02\x03"


def token(name: object) -> int:
    """The index of a token name in TOKENS; IllegalEvent for anything else."""
    if isinstance(name, str):
        for k in range(7):
            if TOKENS[k] == name:
                return k
    raise IllegalEvent("unknown token %s", name)


def counts(arg: object, gold: bool) -> bytearray:
    """A list of token names as counts per kind (gold refused unless ``gold``)."""
    if not isinstance(arg, list):
        raise IllegalEvent("expected a list of tokens")
    if len(arg) > _MAX_HELD:
        raise IllegalEvent("too many tokens")
    out = bytearray(7)
    for name in arg:
        k = token(name)
        if k == GOLD and not gold:
            raise IllegalEvent("gold can only be taken by reserving a card")
        out[k] += 1
    return out


def _move(n: bytearray, src: bytearray, dst: bytearray) -> None:
    """Moves n[k] tokens of each kind from src to dst (n may be src itself)."""
    for k in range(7):
        dst[k] += n[k]
        src[k] -= n[k]


def _card(name: object) -> int:
    try:
        return names.find(name)
    except ValueError as e:
        raise IllegalEvent(str(e))


class Game:
    """The state of one Splendor Duel game; see the module docstring."""

    def __init__(self, setup: dict) -> None:
        first = setup.get("first") if isinstance(setup, dict) else None
        if type(first) is not int or first not in (0, 1):
            raise IllegalEvent("setup needs 'first': 0 or 1")
        self._board = bytearray(_START)
        self._bag = bytearray(7)
        self._hand = (bytearray(7), bytearray(7))
        self._priv = bytearray(2)
        self._priv[1 - first] = 1  # the second player starts with a privilege
        self._bonus = (bytearray(5), bytearray(5))
        self._cpts = (bytearray(5), bytearray(5))  # card points per colour
        self._points = [0, 0]  # cards and royals
        self._crowns = [0, 0]
        self._owner = bytearray(C.COUNT)
        self._jcol = bytearray(C.COUNT)  # a bought joker's colour + 1
        self._reserve: tuple = ([], [])  # card index, or -level for a blind deck card
        self._royal = bytearray(4)  # 0 free, 1+p taken by p
        self._turn = first
        self._stage = _OPEN
        self._pcolor = -1  # a bought joker still waiting for its colour
        self._psteal = 0  # steals still to resolve
        self._proyal = 0  # royal cards still to choose
        self._again = False  # an extra turn follows this one
        self._winner = -1
        self._victory = -1

    # -- what the rules derive -------------------------------------------------------

    def _pending(self) -> int:
        if self._stage != _RESOLVING or self._winner >= 0:
            return 0
        if self._pcolor >= 0:
            return _P_COLOR
        if self._psteal:
            return _P_STEAL
        if self._proyal:
            return _P_ROYAL
        if sum(self._hand[self._turn]) > _LIMIT:
            return _P_RETURN
        return 0

    def _pool(self, lv: int) -> int:
        """Cards of level lv still on the display or in the deck, and not hidden in a
        blind reservation."""
        n = 0
        owner = self._owner
        for i in range(C.FIRST[lv - 1], C.FIRST[lv]):
            if not owner[i]:
                n += 1
        for res in self._reserve:
            for r in res:
                if r == -lv:
                    n -= 1
        return n

    def _pay(self, p: int, i: int) -> bytearray:
        """What p pays for card i: bonuses first, own gems and pearls, gold for the
        rest. Entry 7 counts the tokens still missing (0: p can pay)."""
        hand = self._hand[p]
        bon = self._bonus[p]
        pay = bytearray(8)
        gold = 0
        for k in range(6):
            need = C.get(i, COST + k) - (bon[k] if k < 5 else 0)
            if need > 0:
                if hand[k] >= need:
                    pay[k] = need
                else:
                    pay[k] = hand[k]
                    gold += need - hand[k]
        if gold > hand[GOLD]:
            pay[GOLD] = hand[GOLD]
            pay[7] = gold - hand[GOLD]
        else:
            pay[GOLD] = gold
        return pay

    def _can_buy(self, p: int, i: int) -> bool:
        if C.get(i, COLOR) == JOKER and not sum(self._bonus[p]):
            return False
        return not self._pay(p, i)[7]

    def _gain(self, p: int) -> None:
        """p gains a privilege: from the supply, else from the opponent."""
        priv = self._priv
        if priv[0] + priv[1] < 3:
            priv[p] += 1
        elif priv[p] < 3:
            priv[1 - p] -= 1
            priv[p] += 1

    def _join(self, p: int, i: int, c: int) -> None:
        """Card i counts as colour c for p: its bonus and its colour points."""
        if C.get(i, COLOR) == JOKER:
            self._jcol[i] = c + 1
        self._bonus[p][c] += C.get(i, BONUS)
        self._cpts[p][c] += C.get(i, POINTS)

    def _free(self, i: int) -> None:
        """Refuses card i unless it can be taken from the display."""
        o = self._owner[i]
        if o >= _BOUGHT:
            raise IllegalEvent("card %s was bought by player %d", C.card_id(i), o - _BOUGHT)
        if o:
            raise IllegalEvent("card %s is reserved by player %d", C.card_id(i), o - _RESERVED)
        if self._pool(C.level(i)) < 1:
            raise IllegalEvent("no level-%d card is left to take", C.level(i))

    # -- the turn ----------------------------------------------------------------------

    def _settle(self) -> None:
        """After a mandatory action or a choice: stop at the next pending choice, or
        end the turn (victory check, then an extra turn or the opponent's turn)."""
        p = self._turn
        if self._pcolor >= 0:
            return
        if self._psteal:
            other = self._hand[1 - p]
            for k in range(6):
                if other[k]:
                    return
            self._psteal = 0  # the opponent holds only gold: nothing to steal
        if self._proyal:
            for r in self._royal:
                if not r:
                    return
            self._proyal = 0
        if sum(self._hand[p]) > _LIMIT:
            return
        self._stage = _OPEN
        won = -1
        if self._points[p] >= WIN_POINTS:
            won = 0
        elif self._crowns[p] >= WIN_CROWNS:
            won = 1
        elif max(self._cpts[p]) >= WIN_COLOR:
            won = 2
        if won >= 0:
            self._winner = p
            self._victory = won
            self._again = False
        elif self._again:
            self._again = False
        else:
            self._turn = 1 - p

    def apply(self, event: list) -> None:
        """Fold one event in, or raise IllegalEvent and leave the state untouched."""
        verb = event[0]
        p = event[1]
        args = event[2:]
        if verb not in VERBS:
            raise IllegalEvent("unknown verb %s", verb)
        if self._winner >= 0:
            raise IllegalEvent("the game is over")
        n = len(args)
        if n != (0 if verb == "replenish" else 1) and not (verb == "buy" and n == 2):
            raise IllegalEvent("wrong number of arguments for %s", verb)
        if verb == "tokens":
            self._correct(p, args[0])
            return
        pend = self._pending()
        turn = self._turn
        if verb in PENDING:
            if PENDING[pend] != verb:
                raise IllegalEvent("no %s choice is pending", verb)
            if p != turn:
                raise IllegalEvent("player %d makes this choice", turn)
            self._choose(p, pend, args[0])
            self._settle()
            return
        if pend:
            raise IllegalEvent("player %d must first resolve the pending %s", turn, PENDING[pend])
        if p != turn:
            raise IllegalEvent("it is player %d's turn", turn)
        if verb == "privilege":
            self._privilege(p, args[0])
            return
        if verb == "replenish":
            if self._stage != _OPEN:
                raise IllegalEvent("the board is replenished once, before the mandatory action")
            bag = self._bag
            if not sum(bag):
                raise IllegalEvent("the bag is empty")
            _move(bag, bag, self._board)
            self._gain(1 - p)
            self._stage = _REPLENISHED
            return
        if verb == "take":
            self._take(p, args[0])
        elif verb == "reserve":
            self._reserve_card(p, args[0])
        else:
            self._buy(p, args[0], args[1] if n == 2 else None)
        self._stage = _RESOLVING
        self._settle()

    # -- optional actions -----------------------------------------------------------

    def _privilege(self, p: int, arg: object) -> None:
        if self._stage != _OPEN:
            raise IllegalEvent("privileges are spent before replenishing and the mandatory action")
        want = counts(arg, False)
        n = sum(want)
        if not n:
            raise IllegalEvent("name at least one token")
        if n > self._priv[p]:
            raise IllegalEvent("player %d has %d privileges", p, self._priv[p])
        self._on_board(want)
        if self._blocks(p, want):
            raise IllegalEvent("after these privileges player %d could take no mandatory action", p)
        _move(want, self._board, self._hand[p])
        self._priv[p] -= n

    def _on_board(self, want: bytearray) -> None:
        """Refuses ``want`` unless the board holds every token of it."""
        board = self._board
        for k in range(6):
            if want[k] > board[k]:
                raise IllegalEvent("the board has %d %s", board[k], TOKENS[k])

    def _blocks(self, p: int, want: bytearray) -> bool:
        """Whether taking ``want`` with privileges would leave p no mandatory action.

        The rules allow no pass, so such privileges are refused. It can only happen
        when they clear the board of gems and pearls and the bag holds none (a bag of
        gold alone can still be replenished to reserve with).
        """
        board = self._board
        bag = self._bag
        for k in range(6):
            if board[k] > want[k] or bag[k]:
                return False
        pools = (self._pool(1), self._pool(2), self._pool(3))
        res = self._reserve[p]
        if (board[GOLD] or bag[GOLD]) and len(res) < 3 and max(pools):
            return False
        hand = self._hand[p]
        _move(want, board, hand)  # as if taken, put back below
        ok = False
        for i in range(C.COUNT):
            o = self._owner[i]
            if o == _RESERVED + p or (not o and (pools[C.level(i) - 1] or -C.level(i) in res)):
                if self._can_buy(p, i):
                    ok = True
                    break
        _move(want, hand, board)
        return not ok

    # -- mandatory actions ------------------------------------------------------------

    def _take(self, p: int, arg: object) -> None:
        want = counts(arg, False)
        n = sum(want)
        if n < 1 or n > 3:
            raise IllegalEvent("take 1 to 3 tokens")
        self._on_board(want)
        _move(want, self._board, self._hand[p])
        if max(want) == 3 or want[_PEARL] == 2:
            self._gain(1 - p)

    def _reserve_card(self, p: int, arg: object) -> None:
        res = self._reserve[p]
        if len(res) >= 3:
            raise IllegalEvent("player %d already holds 3 reserved cards", p)
        if not self._board[GOLD]:
            raise IllegalEvent("no gold on the board to reserve with")
        if arg in DECKS:
            lv = ord(str(arg)[4]) - 48
            if self._pool(lv) <= C.SLOTS[lv - 1]:
                raise IllegalEvent("the level-%d deck is empty", lv)
            res.append(-lv)
        else:
            i = _card(arg)
            self._free(i)
            self._owner[i] = _RESERVED + p
            res.append(i)
        self._board[GOLD] -= 1
        self._hand[p][GOLD] += 1

    def _buy(self, p: int, arg: object, opts: object) -> None:
        reserved = False
        want = -1
        if opts is not None:
            if not isinstance(opts, dict):
                raise IllegalEvent("buy options are an object")
            for key in opts:
                if key not in ("reserved", "color"):
                    raise IllegalEvent("unknown buy option %s", key)
            reserved = opts.get("reserved", False)
            if reserved is not True and reserved is not False:
                raise IllegalEvent("'reserved' is true or false")
            if "color" in opts:
                want = token(opts["color"])
                if want >= 5:
                    raise IllegalEvent("a joker takes a gem colour")
        i = _card(arg)
        cid = C.card_id(i)
        res = self._reserve[p]
        slot = -1
        if reserved:
            if i in res:
                slot = res.index(i)
            elif not self._owner[i] and -C.level(i) in res:
                slot = res.index(-C.level(i))  # the blind reservation turns out to be i
            else:
                raise IllegalEvent("card %s is not in player %d's reserve", cid, p)
        else:
            if self._owner[i] == _RESERVED + p:
                raise IllegalEvent('card %s is in the reserve: buy it with {"reserved": true}', cid)
            self._free(i)
        col = C.get(i, COLOR)
        bon = self._bonus[p]
        if col == JOKER:
            if not sum(bon):
                raise IllegalEvent("a joker joins a card with a bonus, and player %d has none", p)
            if want >= 0 and not bon[want]:
                raise IllegalEvent(
                    "player %d has no %s bonus for the joker to join", p, TOKENS[want]
                )
        elif want >= 0:
            raise IllegalEvent("only a joker takes a colour")
        pay = self._pay(p, i)
        if pay[7]:
            raise IllegalEvent("player %d is %d tokens short for card %s", p, pay[7], cid)
        # Valid: pay, take the card, apply what it gives.
        hand = self._hand[p]
        _move(pay, hand, self._bag)
        if slot >= 0:
            del res[slot]
        self._owner[i] = _BOUGHT + p
        self._points[p] += C.get(i, POINTS)
        before = self._crowns[p]
        after = before + C.get(i, CROWNS)
        self._crowns[p] = after
        # A royal card the first time the crowns reach 3, and again at 6.
        self._proyal += (before < 3 <= after) + (before < 6 <= after)
        if col < JOKER:
            self._join(p, i, col)
        elif col == JOKER:
            if want >= 0:
                self._join(p, i, want)
            else:
                self._pcolor = i
        ab = C.get(i, ABILITY)
        if ab == TOKEN:
            if col < JOKER and self._board[col]:
                self._board[col] -= 1
                hand[col] += 1
        else:
            self._gives(p, ab)

    def _gives(self, p: int, ab: int) -> None:
        """What an ability of a jewel or royal card does at once (``token`` aside)."""
        if ab == AGAIN:
            self._again = True
        elif ab == PRIVILEGE:
            self._gain(p)
        elif ab == STEAL:
            self._psteal += 1

    # -- choices ------------------------------------------------------------------------

    def _choose(self, p: int, pend: int, arg: object) -> None:
        """p answers the pending choice ``pend`` (already checked to be p's) with arg."""
        if pend == _P_COLOR:
            c = token(arg)
            if c >= 5 or not self._bonus[p][c]:
                raise IllegalEvent("player %d has no %s bonus for the joker to join", p, arg)
            self._join(p, self._pcolor, c)
            self._pcolor = -1
        elif pend == _P_STEAL:
            k = token(arg)
            if k == GOLD:
                raise IllegalEvent("gold cannot be stolen")
            other = self._hand[1 - p]
            if not other[k]:
                raise IllegalEvent("player %d has no %s", 1 - p, TOKENS[k])
            other[k] -= 1
            self._hand[p][k] += 1
            self._psteal -= 1
        elif pend == _P_ROYAL:
            r = C.ROYALS.index(arg) if arg in C.ROYALS else -1
            if r < 0:
                raise IllegalEvent("unknown royal card %s", arg)
            if self._royal[r]:
                raise IllegalEvent("%s was taken by player %d", arg, self._royal[r] - 1)
            self._royal[r] = 1 + p
            self._points[p] += C.ROYAL_POINTS[r]
            self._gives(p, C.ROYAL_ABILITY[r])
            self._proyal -= 1
        else:
            back = counts(arg, True)
            hand = self._hand[p]
            extra = sum(hand) - _LIMIT
            if sum(back) != extra:
                raise IllegalEvent("player %d returns exactly %d tokens", p, extra)
            for k in range(7):
                if back[k] > hand[k]:
                    raise IllegalEvent("player %d has %d %s", p, hand[k], TOKENS[k])
            _move(back, hand, self._bag)

    def _correct(self, p: int, arg: object) -> None:
        if not isinstance(arg, dict):
            raise IllegalEvent("a correction is an object {token: n}")
        hand = self._hand[p]
        for name in arg:
            v = hand[token(name)]
            n = arg[name]
            if type(n) is not int or not -_MAX_HELD <= n <= _MAX_HELD:
                raise IllegalEvent(
                    "a correction counts in whole tokens from -%d to %d", _MAX_HELD, _MAX_HELD
                )
            if v + n > _MAX_HELD:
                raise IllegalEvent(
                    "player %d would hold %d %s; the game has %d tokens", p, v + n, name, _MAX_HELD
                )
        for name in arg:
            k = token(name)
            v = hand[k] + arg[name]
            hand[k] = 0 if v < 0 else v
        if self._stage == _RESOLVING:
            self._settle()

    # -- event codes ----------------------------------------------------------------------

    def encode(self, event: list) -> "int | None":
        """The event as one small int for the engine's log, or None: it has no code."""
        return codes.encode(event)

    def decode(self, code: int) -> list:
        return codes.decode(code)

    # -- output ----------------------------------------------------------------------

    def result(self) -> dict:
        over = self._winner >= 0
        players = []
        for p in (0, 1):
            cards = []
            for i in range(C.COUNT):
                if self._owner[i] == _BOUGHT + p:
                    cards.append(C.card_id(i))
            reserve = []
            for r in self._reserve[p]:
                reserve.append(C.card_id(r) if r >= 0 else "deck%d" % -r)
            royals = []
            for r in range(4):
                if self._royal[r] == 1 + p:
                    royals.append(C.ROYALS[r])
            players.append(
                {
                    "points": self._points[p],
                    "crowns": self._crowns[p],
                    "color_points": _named(self._cpts[p], 5),
                    "privileges": self._priv[p],
                    "tokens": _named(self._hand[p], 7),
                    "bonuses": _named(self._bonus[p], 5),
                    "reserved": len(self._reserve[p]),
                    "royals": royals,
                    "cards": cards,
                    "reserved_cards": reserve,
                }
            )
        return {
            "over": over,
            "winner": self._winner if over else None,
            "victory": VICTORIES[self._victory] if over else None,
            "turn": None if over else self._turn,
            "pending": PENDING[self._pending()],
            "players": players,
            "board": _named(self._board, 7),
            "bag": _named(self._bag, 7),
        }

    def state(self) -> tuple:
        """Everything the rules track, as plain comparable values."""
        return (
            bytes(self._board),
            bytes(self._bag),
            bytes(self._hand[0]),
            bytes(self._hand[1]),
            bytes(self._priv),
            bytes(self._bonus[0]),
            bytes(self._bonus[1]),
            bytes(self._cpts[0]),
            bytes(self._cpts[1]),
            tuple(self._points),
            tuple(self._crowns),
            bytes(self._owner),
            bytes(self._jcol),
            tuple(self._reserve[0]),
            tuple(self._reserve[1]),
            bytes(self._royal),
            self._turn,
            self._stage,
            self._pcolor,
            self._psteal,
            self._proyal,
            self._again,
            self._winner,
            self._victory,
        )

    # -- queries (docs/splendor-duel.md) -----------------------------------------------

    def legal(self, verb: "str | None" = None) -> list:
        """Every event apply would accept now (only ``verb`` events if given)."""
        return legal.legal(self, verb)

    def price(self, p: int, card: object) -> dict:
        """What card costs player p now, with the breakdown and whether p can pay."""
        return queries.price(self, p, card)

    def distance(self, p: int) -> dict:
        """How far player p is from each victory condition."""
        return queries.distance(self, p)


def _named(values: bytearray, n: int) -> dict:
    out = {}
    for k in range(n):
        out[TOKENS[k]] = values[k]
    return out
