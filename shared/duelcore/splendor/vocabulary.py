"""Splendor Duel's words for the flash codec (duelcore.pack): loaded only to pack.

A packed record stores each of these words as its number, so the list only ever grows
at the end: never reorder, remove or rename a word (tests/core/splendor/test_codes.py
pins it). The verbs come first, in rules._VERBS order, since a packed event's header
holds its verb's number; then every other name an event uses.
"""

WORDS = (
    "privilege", "replenish", "take", "reserve", "buy", "color", "steal", "royal",
    "return", "tokens",
    "white", "blue", "green", "red", "black", "pearl", "gold",
    "reserved", "deck1", "deck2", "deck3",
    "royal-points", "royal-again", "royal-privilege", "royal-steal",
    "1w1", "1w2", "1w3", "1w4", "1w5", "1u1", "1u2", "1u3", "1u4", "1u5",
    "1g1", "1g2", "1g3", "1g4", "1g5", "1r1", "1r2", "1r3", "1r4", "1r5",
    "1k1", "1k2", "1k3", "1k4", "1k5", "1j1", "1j2", "1j3", "1j4", "1x1",
    "2w1", "2w2", "2w3", "2w4", "2u1", "2u2", "2u3", "2u4", "2g1", "2g2", "2g3", "2g4",
    "2r1", "2r2", "2r3", "2r4", "2k1", "2k2", "2k3", "2k4", "2j1", "2j2", "2j3", "2x1",
    "3w1", "3w2", "3u1", "3u2", "3g1", "3g2", "3r1", "3r2", "3k1", "3k2", "3j1", "3j2",
    "3x1",
    # a card descriptor's keys and values (docs/splendor-duel.md, "Naming cards")
    "level", "points", "crowns", "bonus", "ability", "cost", "joker", "again", "token",
)  # fmt: skip
