"""The letters a name is spelled with on the device, beyond the Latin ones: the device's
language's (firmware/screens/letters.py offers them first; tools/make_lang.py puts
their glyphs in the language's catalog and canvas.py draws them in any text).

Russian: the Cyrillic alphabet, Ё after Е, capitals and the small forms a name takes
after its first letter. Japanese: katakana as the gojūon table reads, row by row (ア カ
サ タ ナ ハ マ ヤ ラ ワ), then the voiced and half-voiced rows, the small kana and the long
vowel mark ー; kana have no small forms (case), so both strings are the same.
"""

CYRILLIC = "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"
KATAKANA = (
    "アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲン"
    "ガギグゲゴザジズゼゾダヂヅデドバビブベボパピプペポヴァィゥェォッャュョー"
)
# lang: (capitals, the small form of each), in the picker's order
LETTERS = {"ru": (CYRILLIC, CYRILLIC.lower()), "ja": (KATAKANA, KATAKANA)}
# The start of each row of the picker where a long UP/DOWN jumps (firmware/screens/
# letters.py): the gojūon rows, then the voiced, the half-voiced and the small kana.
ROWS = {"ja": "アカサタナハマヤラワガザダバパァ"}


def drawable(name: str) -> bool:
    """Whether every character of ``name`` is one the device draws: printable ASCII, or
    a letter its letter picker offers in some language (a device speaking another
    language draws that one as a '?')."""
    return all(
        " " <= ch <= "~" or any(ch in c or ch in s for c, s in LETTERS.values()) for ch in name
    )
