"""Make firmware/gfx/lang-en.bin, lang-ja.bin and lang-ru.bin: the device's words and
glyphs per language; and fonts-licences.txt, the licences of the fonts they are drawn
from, once for both languages that have glyphs.

    .venv/bin/python tools/make_lang.py          # rewrite the catalogs
    .venv/bin/python tools/make_lang.py --check  # exit 1 if one is out of date

The words are host/duelkeeper/lang/device.tsv (the device's own strings, keyed by the
English the code passes to ``firmware.lang.tr``) and the names of the components
(each game's ja.tsv and ru.tsv in host/duelkeeper/games/<g>/, through
``duelkeeper.names``). The glyphs are rasterised here from two fonts of Debian's
packages, which ``make fonts`` unpacks into build/fonts (docs/languages.md, "Fonts"):

* small (8 px, the status line, notices, titles): Misaki Gothic (fonts-misaki), an 8x8
  font drawn for Japanese on small screens, which has Cyrillic too;
* large (16 px, list rows): Shinonome Gothic Bold 16 (xfonts-shinonome), public domain.

English needs no fonts: its catalog holds the device's own words only, each record's
value empty (the key is the English). It is the index another language finds a device
word in (firmware/lookup.py): their catalogs keep the word at the same place, without
its key.

Only the characters the language's strings use are kept, each at both sizes, the most
used first: the strings hold the 17 most used as one byte each (``char``). A character
that either font lacks stops the build with its string named: the device never shows a
blank box. Full-width characters (kana, kanji, Japanese punctuation) keep their font's
cell; the others (Cyrillic, dashes) are trimmed to their ink and a column of space.

A catalog file, little-endian (firmware/gfx/glyphfile.py opens it, lookup.py and
speak.py read it); the Latin glyphs and the icons are not in it but in glyphs.bin, the
one file beside it that every language shares (canvas.py keeps both open):

    0       u16   the low 16 bits of the CRC-32 of the rest of the file
    2       u16   glyphs.bin's stamp (its first two bytes): the Latin file the catalog
                  was built with; the device refuses a catalog of another
    4       u16   N, strings
    6       u16   G, glyphs
    8       u8 x 3, small font: height, stride (image bytes a glyph), 0; then the large's
    14      u16   M, slots of the hash table (a power of two, at least twice the keys)
    16      u32 x (N + 1), where each string's record starts; the last is where they end
    ..      u16 x M, the hash table: slot ``key_hash(key) & (M - 1)``, or the next ones
            (open addressing), holds 1 + the index of the key's record; 0 is empty
    ..      N records: the key (UTF-8), a zero byte, the value. The device's own words
            come first, sorted by key, so that word i is the same in every catalog;
            only English's hold their keys, which the
            device finds there for every language (English's catalog stays open:
            firmware/lookup.py), so another language's hash table has none of them.
            Then the components' names (not in English):
            ``game:id`` the name (a zero byte and its short form after it, if any),
            first, for a component of a sorted list (``collated``), a byte 0x80 + its
            place in the language's order of that list (``ranks``: a byte no UTF-8
            text starts with); ``acc:game:id`` its accusative where it differs
            (Russian)
    ..      G small glyphs, then G large ones: each a MONO_VLSB image (as font.py's) of
            stride bytes, then a byte of its width (the space after it included). The
            strides are the Latin fonts' (make_glyphs.COLUMNS): canvas.py draws these
            glyphs through the same FrameBuffers

"""

import argparse
import csv
import gzip
import sys
import unicodedata
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "host"))
sys.path.insert(0, str(ROOT / "shared"))

from make_glyphs import COLUMNS, write_or_check  # noqa: E402  (beside this file)

from duelcore.games import GAMES  # noqa: E402
from duelkeeper import games, names  # noqa: E402
from duelkeeper.letters import LETTERS, ROWS  # noqa: E402

GLYPHS_BIN = ROOT / "firmware" / "gfx" / "glyphs.bin"
DEVICE_TSV = ROOT / "host" / "duelkeeper" / "lang" / "device.tsv"
FONTS = ROOT / "build" / "fonts" / "root" / "usr" / "share"
SMALL_TTF = FONTS / "fonts" / "truetype" / "misaki" / "misaki_gothic.ttf"
LARGE_PCF = FONTS / "fonts" / "X11" / "misc" / "shnmk16b.pcf.gz"
LICENCES_TXT = GLYPHS_BIN.parent / "fonts-licences.txt"  # on the flash beside the catalogs
LICENCES = {  # shipped with the firmware: docs/languages.md
    "misaki": FONTS / "doc" / "fonts-misaki" / "copyright",
    "shinonome": FONTS / "doc" / "xfonts-shinonome" / "copyright",
}
LANGS = ("en", "ja", "ru")
TABLE = 16  # where a catalog's table of records starts (firmware/gfx/glyphfile.py's)
PRIVATE, PRIVATE_END = 0x590, 0x800  # canvas.py's: see ``char``
ONE = 27  # glyphs 0 to 26 are characters 0 to 26, one byte each
SPACES = (0, 1, 2, 3, 4, 9, 10, 11, 12, 13)  # never in a string: _NONE there (see char)
_NONE = "\uff1f"  # a full-width question mark: both fonts have it
SMALL, LARGE = 8, 16  # the fonts' heights, as the device's own
_NOTDEF = "\uffff"  # not a character: what a font draws for one it lacks


class BuildError(Exception):
    """A catalog that cannot be made: one line saying why."""


def catalog_path(lang: str) -> Path:
    return GLYPHS_BIN.parent / ("lang-%s.bin" % lang)


def device_words() -> list[dict[str, str]]:
    """device.tsv's rows: en, ja, ru, note."""
    if not DEVICE_TSV.exists():
        return []
    with DEVICE_TSV.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))


def strings(lang: str) -> dict[str, str]:
    """Every key of ``lang``'s catalog and its value, in the catalog's order: the device's
    words by key, then (but in English) the components' names by key."""
    words: dict[str, str] = {}
    for row in device_words():
        if not row.get(lang):
            raise BuildError("device.tsv: %r has no %s text" % (row["en"], lang))
        words[row["en"]] = "" if lang == "en" else row[lang]
    out = {key: words[key] for key in sorted(words, key=str.encode)}
    if lang == "en":  # names are written from their ids (firmware/words.py)
        return out
    parts: dict[str, str] = {}
    for game in GAMES:
        for id in names.components(game):
            key = "%s:%s" % (game, id)
            entry = names.entry(key, lang)
            parts[key] = entry.name + ("\0" + entry.short if entry.short else "")
            if entry.acc:  # Russian's accusative, where it differs (lookup.accusative)
                parts["acc:" + key] = entry.acc
    out.update((key, parts[key]) for key in sorted(parts, key=str.encode))
    return out


RANK = 0x80  # a rank's byte is RANK + the place: a byte no UTF-8 text starts with
RANKS = 0x40  # so a sorted list holds at most this many


def ranks(lang: str) -> dict[str, int]:
    """Each sorted component's place in the language's order of its list (the lists the
    device sorts by their names, firmware/lang.py's ``collate``: each game package's
    ``collated``; English's ids sort as its names already), by ``game:id``: the byte its
    name's record starts with."""
    out: dict[str, int] = {}
    for game in GAMES:
        for ids in games.of(game).collated():
            if len(ids) > RANKS:
                raise BuildError("%s: a sorted list of %d: at most %d" % (game, len(ids), RANKS))
            for at, id in enumerate(sorted(ids, key=lambda i: collation(game, i, lang))):
                out["%s:%s" % (game, id)] = at
    return out


_SMALL_KANA = "ぁぃぅぇぉっゃゅょゎ"


def collation(game: str, id: str, lang: str) -> tuple[str, str]:
    """How ``lang`` sorts a component: Russian by its name in the Cyrillic alphabet (ё as
    е, then after it), Japanese by its reading in gojūon order (a kana with or without
    dakuten, small or large, alike; then told apart)."""
    entry = names.entry("%s:%s" % (game, id), lang)
    if lang == "ja":
        if not entry.reading:
            raise BuildError(
                "%s: %s:%s is sorted and has no reading" % (names.table_file(game, lang), game, id)
            )
        text = "".join(chr(ord(c) - 0x60) if "ァ" <= c <= "ヶ" else c for c in entry.reading)
        plain = unicodedata.normalize("NFD", text).replace("\u3099", "").replace("\u309a", "")
        plain = "".join(chr(ord(c) + 1) if c in _SMALL_KANA else c for c in plain)
        return plain, text
    word = entry.name.lower()
    return word.replace("ё", "е"), word.replace("ё", "е\uffff")


def key_hash(key: bytes) -> int:
    """The hash firmware/lookup.py computes the same way (inline there: a call per key
    would cost the device time): small integers only, no long integers on its heap."""
    h = 5381
    for b in key:
        h = (h * 33 + b) & 0xFFFFF
    return h


def letters(table: dict[str, str]) -> list[str]:
    """The characters outside ASCII of a catalog's values, in glyph order: the most used
    at the glyphs held as one byte (``char``), a question mark at the six of those that
    no string holds (canvas.py draws one for a tab, as the Latin font would)."""
    count: dict[str, int] = {}
    for v in table.values():
        for ch in v:
            if ord(ch) >= 0x80:
                count[ch] = count.get(ch, 0) + 1
    if not count:
        return []
    used = iter(sorted(count, key=lambda ch: (-count[ch], ch)))
    out = [_NONE if i in SPACES else next(used, _NONE) for i in range(ONE)]
    return out + list(used)


def char(i: int) -> str:
    """The character a catalog's strings hold for glyph ``i`` (canvas.py draws it): for
    the 17 most used (``letters``), a control character that no string uses and that no
    Python takes for a space, one byte of UTF-8; for the others ``PRIVATE + i - ONE``,
    two bytes. A Russian string is so a third shorter in the heap (docs/languages.md).
    Not 1 to 4: followed by a space, as a word's last letter is, such a byte reads as the
    high half of an address in the RP2040's RAM (0x2000xxxx to 0x2004xxxx), and the
    collector, which takes every word of the heap for a possible pointer, then keeps
    garbage alive (measured: Japanese 0.3 KB more at the peak with them)."""
    return chr(i if i < ONE else PRIVATE + i - ONE)


def glyph(c: str) -> int:
    """The glyph ``c`` stands for in a catalog's strings (``char``'s inverse), or -1."""
    code = ord(c)
    if code >= PRIVATE:
        return code - PRIVATE + ONE
    return -1 if code in SPACES or code >= ONE else code


def plain(lang: str, text: str) -> str:
    """A string read from ``lang``'s catalog with its private characters turned back
    into the letters they stand for (tests and reports)."""
    chars = letters(strings(lang))
    return "".join(chars[glyph(c)] if 0 <= glyph(c) < len(chars) else c for c in text)


def _wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in "WF"


def _small_glyph(ch: str, font: object) -> list[int]:
    """Columns (bit 0 the top row) of ``ch`` in Misaki Gothic at 8 px."""
    from PIL import Image, ImageDraw

    def columns(c: str) -> list[int]:
        im = Image.new("1", (SMALL, SMALL), 0)
        draw = ImageDraw.Draw(im)
        draw.fontmode = "1"
        draw.text((0, 0), c, font=font, fill=1)  # type: ignore[arg-type]
        return [sum(1 << y for y in range(SMALL) if im.getpixel((x, y))) for x in range(SMALL)]

    cols = columns(ch)
    if not ch.isspace() and (not any(cols) or cols == columns(_NOTDEF)):
        raise BuildError("no glyph for %r (U+%04X) in %s" % (ch, ord(ch), SMALL_TTF.name))
    return cols


def _large_font() -> dict[int, list[list[int]]]:
    """Shinonome Gothic Bold 16's bitmaps by JIS X 0208 code."""
    import pcffont  # type: ignore[import-untyped]

    font = pcffont.PcfFont.parse(gzip.decompress(LARGE_PCF.read_bytes()))
    bitmaps = font.bitmaps
    return {code: bitmaps[i] for code, i in font.bdf_encodings.items()}


def _large_glyph(ch: str, font: dict[int, list[list[int]]]) -> list[int]:
    """Columns of ``ch`` in Shinonome Gothic Bold 16, found by its JIS X 0208 code."""
    try:
        euc = ch.encode("euc_jp")
    except UnicodeEncodeError:
        euc = b""
    code = (euc[0] & 0x7F) << 8 | (euc[1] & 0x7F) if len(euc) == 2 else -1
    rows = font.get(code)
    if rows is None:
        raise BuildError("no glyph for %r (U+%04X) in %s" % (ch, ord(ch), LARGE_PCF.name))
    width = len(rows[0])
    return [sum(1 << y for y in range(LARGE) if rows[y][x]) for x in range(width)]


def _fit(cols: list[int], ch: str, spacing: int) -> list[int]:
    """A full-width character keeps its cell; another is cut to its ink plus spacing."""
    if _wide(ch):
        return cols
    ink = [x for x, c in enumerate(cols) if c]
    if not ink:  # a space: half the cell
        return [0] * (len(cols) // 2)
    return cols[ink[0] : ink[-1] + 1] + [0] * spacing


def _image(cols: list[int], height: int, width: int) -> bytes:
    """MONO_VLSB: a page of 8 rows after another, a byte per column, zero-padded."""
    out = bytearray()
    for page in range((height + 7) // 8):
        for x in range(width):
            out.append((cols[x] >> (8 * page)) & 0xFF if x < len(cols) else 0)
    return bytes(out)


def licences() -> bytes:
    """The fonts' licences, as Debian's packages state them: ``LICENCES_TXT``, which
    travels onto the flash with the catalogs whose glyphs are drawn from the fonts."""
    out = b""
    for name, path in LICENCES.items():
        out += b"\n---- %s: %s ----\n" % (name.encode(), str(path.relative_to(FONTS)).encode())
        out += path.read_bytes()
    return out


def _fonts_missing() -> str | None:
    for path in (SMALL_TTF, LARGE_PCF, *LICENCES.values()):
        if not path.exists():
            return "%s is missing: run `make fonts`" % path.relative_to(ROOT)
    return None


def _glyphs(
    lang: str, table: dict[str, str], chars: list[str]
) -> tuple[list[list[int]], list[list[int]]]:
    """The columns of each of ``chars``, small and large, from the fonts."""
    from PIL import ImageFont

    missing = _fonts_missing()
    if missing:
        raise BuildError(missing)
    small_font = ImageFont.truetype(str(SMALL_TTF), SMALL)
    large_font = _large_font()
    smalls: list[list[int]] = []
    larges: list[list[int]] = []
    for ch in chars:
        try:
            smalls.append(_fit(_small_glyph(ch, small_font), ch, 1))
            larges.append(_fit(_large_glyph(ch, large_font), ch, 2))
        except BuildError as e:
            used = next(k for k, v in table.items() if ch in v)
            raise BuildError("%s (in %s's %r)" % (e, lang, used)) from None
    return smalls, larges


# The records a catalog carries beside its words, built here, not rows of device.tsv.
SCRIPT_KEYS = ("script:letters", "script:ranges")


def script(lang: str, base: int) -> tuple[list[str], dict[str, str]]:
    """The letters a name is spelled with in ``lang`` (duelkeeper.letters), as glyphs
    from ``base`` on in the order of their code points, and the two records the device
    reads them by: ``script:letters``, the picker's capitals, a new line, their small
    forms (and for Japanese a new line and the first letter of each row), kept as the
    letters themselves, as a name holds them; ``script:ranges``, each run of consecutive
    code points as its first, its length and its first glyph, in decimal (canvas.py
    draws a name's letter from them)."""
    if lang not in LETTERS:
        return [], {}
    caps, smalls = LETTERS[lang]
    ordered = sorted(set(caps + smalls), key=ord)
    runs: list[list[int]] = []
    for i, ch in enumerate(ordered):
        if runs and ord(ch) == runs[-1][0] + runs[-1][1]:
            runs[-1][1] += 1
        else:
            runs.append([ord(ch), 1, base + i])
    text = "\n".join((caps, smalls) + ((ROWS[lang],) if lang in ROWS else ()))
    ranges = " ".join("%d %d %d" % tuple(r) for r in runs)
    return ordered, dict(zip(SCRIPT_KEYS, (text, ranges), strict=True))


def build(lang: str) -> bytes:
    """``lang``'s catalog file."""
    table = strings(lang)
    # Another language's device words go without their keys: English's catalog, which
    # the device keeps open, holds them at the same numbers (firmware/lookup.py)
    words = set() if lang == "en" else {row["en"] for row in device_words()}
    chars = letters(table)
    if len(chars) > PRIVATE_END - PRIVATE + ONE:
        raise BuildError(
            "%d characters: more than the %d that canvas.py draws"
            % (len(chars), PRIVATE_END - PRIVATE + ONE)
        )
    named, raw = script(lang, len(chars))
    table.update(raw)
    smalls, larges = _glyphs(lang, table, chars + named) if chars else ([], [])
    index = {ch: char(i) for i, ch in enumerate(chars) if i >= ONE or i not in SPACES}
    records = []
    keys = list(table)
    ranked = {} if lang == "en" else ranks(lang)
    for key in keys:
        if key in raw:  # the letters themselves (a name holds them), or numbers
            records.append(key.encode() + b"\0" + raw[key].encode())
            continue
        value = "".join(ch if ord(ch) < 0x80 else index[ch] for ch in table[key])
        if any(0 < ord(ch) < ONE for ch in table[key]):
            raise BuildError("%s's %r holds a control character" % (lang, key))
        rank = bytes((RANK + ranked[key],)) if key in ranked else b""
        records.append(("" if key in words else key).encode() + b"\0" + rank + value.encode())
    n, g = len(records), len(chars) + len(named)
    m = 1
    while m < 2 * (n - len(words)):
        m <<= 1
    slots = [0] * m
    for i, key in enumerate(keys):
        if key in words:  # found through English's catalog
            continue
        at = key_hash(key.encode()) & (m - 1)
        while slots[at]:
            at = (at + 1) & (m - 1)
        slots[at] = i + 1
    small_w, large_w = COLUMNS  # canvas.py draws them as it draws the Latin glyphs
    for cols, w, size in ((smalls, small_w, SMALL), (larges, large_w, LARGE)):
        wide = [(chars + named)[i] for i, c in enumerate(cols) if len(c) > w]
        if wide:
            raise BuildError("%r is wider than %d columns at %d px" % (wide[0], w, size))
    small_stride = small_w * ((SMALL + 7) // 8)
    large_stride = large_w * ((LARGE + 7) // 8)
    stamp = GLYPHS_BIN.read_bytes()[:2]  # the Latin file's (make_glyphs.py)
    head = stamp + n.to_bytes(2, "little") + g.to_bytes(2, "little")
    head += bytes((SMALL, small_stride, 0, LARGE, large_stride, 0)) + m.to_bytes(2, "little")
    at = TABLE + 4 * (n + 1) + 2 * m
    offsets = b""
    for rec in records:
        offsets += at.to_bytes(4, "little")
        at += len(rec)
    offsets += at.to_bytes(4, "little")
    offsets += b"".join(x.to_bytes(2, "little") for x in slots)
    glyphs = b"".join(_image(c, SMALL, small_w) + bytes((len(c),)) for c in smalls)
    glyphs += b"".join(_image(c, LARGE, large_w) + bytes((len(c),)) for c in larges)
    body = head + offsets + b"".join(records) + glyphs
    return (zlib.crc32(body) & 0xFFFF).to_bytes(2, "little") + body


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="fail if a catalog differs")
    args = parser.parse_args()
    try:
        files = {catalog_path(lang): build(lang) for lang in LANGS}
        files[LICENCES_TXT] = licences()
    except BuildError as e:
        print("make_lang: %s" % e, file=sys.stderr)
        return 2
    return write_or_check(files, args.check, "make_lang.py")


if __name__ == "__main__":
    sys.exit(main())
