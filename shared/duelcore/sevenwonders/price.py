"""What a card or a wonder costs a player now, and how that price is made up.

Rules 000/003 (trading): a missing resource costs 2 coins plus the opponent's brown and
grey production of it, or 1 coin with the matching reserve or the Customs House; the
coins go to the bank (to the opponent with Economy). Choice producers (Forum,
Caravansery, Great Lighthouse, Piraeus) give one unit a turn each, and Masonry (blue
cards) and Architecture (wonders) waive two units: both are placed where they save the
most, since players always would.
"""

from .cards import CARDS, EFFECT, RES_LETTERS, WONDERS, effect, spec, wspec


def _letters(table: str, i: int, out: list) -> None:
    """Count each resource letter from table[i] on into out."""
    while table[i] in RES_LETTERS:
        out[RES_LETTERS.index(table[i])] += 1
        i += 1


def production(cards: list) -> list:
    """Fixed production (brown and grey cards) per resource."""
    out = [0, 0, 0, 0, 0]
    for c in cards:
        i = spec(c) + EFFECT
        if CARDS[i] == "=":
            _letters(CARDS, i + 1, out)
    return out


def unit_prices(mine: list, theirs: list) -> list:
    """The price of one bought unit of each resource for the owner of `mine`."""
    prices = production(theirs)
    for r in range(5):
        prices[r] += 2
    for c in mine:
        i = spec(c) + EFFECT
        if CARDS[i] == "t":
            fixed = [0, 0, 0, 0, 0]
            _letters(CARDS, i + 1, fixed)
            for r in range(5):
                if fixed[r]:
                    prices[r] = 1
    return prices


def choices(mine: list, my_wonders: list) -> list:
    """The option letters of each choice producer the player owns."""
    out = []
    for c in mine:
        if CARDS[spec(c) + EFFECT] == "/":
            out.append(effect(c)[1:])
    for w in my_wonders:
        i = wspec(w) + 8
        if WONDERS[i] == "/":
            out.append(WONDERS[i + 1 : i + 4].rstrip())
    return out


def buy(
    table: str, start: int, mine: list, my_wonders: list, theirs: list, waived: int
) -> "tuple[int, list, list]":
    """The cheapest way to cover the cost field at table[start:start + 5].

    Returns (trading coins, bought units, waived units); units are resource numbers,
    dearest first.
    """
    have = production(mine)
    need = [0, 0, 0, 0, 0]
    for r in range(5):
        n = table.count(RES_LETTERS[r], start, start + 5) - have[r]
        if n > 0:
            need[r] = n
    return _assign(need, choices(mine, my_wonders), 0, unit_prices(mine, theirs), waived)


def _assign(
    need: list, options: list, k: int, prices: list, waived: int
) -> "tuple[int, list, list]":
    """Try each choice producer on each resource still needed; keep the cheapest."""
    if k == len(options):
        units = []
        for r in range(5):
            for _ in range(need[r]):
                units.append(r)
        # Dearest first, ties by resource order so the breakdown is deterministic.
        units.sort(key=lambda r: (-prices[r], r))
        paid = units[waived:]
        return sum(prices[r] for r in paid), paid, units[:waived]
    best = _assign(need, options, k + 1, prices, waived)
    for ch in options[k]:
        r = RES_LETTERS.index(ch)
        if need[r]:
            need[r] -= 1
            cand = _assign(need, options, k + 1, prices, waived)
            need[r] += 1
            if cand[0] < best[0] or (cand[0] == best[0] and len(cand[1]) < len(best[1])):
                best = cand
    return best
