"""Card field offsets and ability codes are named once, in cards.py, and imported where a
field is read: each must be the field or the code the descriptors (names.py) name."""

from sdhelp import ROOT  # noqa: F401  (shared/ on sys.path when duelcore is not installed)

from duelcore.splendor import cards
from duelcore.splendor.names import _KEYS, ABILITIES

FIELDS = ("COLOR", "POINTS", "CROWNS", "BONUS", "ABILITY", "COST")
CODES = ("AGAIN", "TOKEN", "PRIVILEGE", "STEAL")


def test_offsets_are_the_descriptor_fields() -> None:
    for name in FIELDS:
        assert getattr(cards, name) == _KEYS.index(name.lower()) - 1, name


def test_ability_codes_are_the_descriptor_abilities() -> None:
    for name in CODES:
        assert ABILITIES[getattr(cards, name)] == name.lower(), name


def test_gold_and_joker() -> None:
    assert cards.TOKENS[cards.GOLD] == "gold"
    assert cards.LETTERS[cards.JOKER] == "j"
