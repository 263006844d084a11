"""A compact, lossless binary form of records and events (codec version 2; 1 is read).

The device keeps a finished 7 Wonders Duel game in about 190 bytes instead of the 2 KB of
its JSON, an Antike Duellum game of 500 events in about 700, so that thousands fit its
flash (firmware/storage/bundle.py). Whatever is packed unpacks to the same JSON value: unknown
keys, free text, floats and big integers all survive, they just cost more bytes than
the game's own words.

Record, as bytes::

    version   1 byte, VERSION (a reader refuses a version it does not know)
    game      1 byte: 1 + the index in games.GAMES, or 0 when the record's "game" is not
              one of them (it then stays among the other keys); +0x80 when "events" is a
              list, packed after the rest; +0x40 (version 2) when those events are codes
    rest      one value: the record without "game" and "events"
    events    one event after another, to the end of the data; or, with 0x40, codes

Events as codes (version 2, ``_codes``): where every event of the record has a code
(the game's ``codes.encode``, the int its journal already keeps, decoded back to exactly
the event), the events are the game's distinct codes, ascending (varint n, then n
varints, each the difference from the one before), varint m, and m indexes into that
table, ``w`` bits each (the fewest that number the table), least significant bit first,
to the end of the data. A game repeats a few dozen moves: an Antike Duellum game of 500
events is about 650 bytes so, 2 KB as values. Codes are then as frozen as words: a code
once written must decode to the same event forever.

An event ``[verb, player, args...]`` whose verb is one of the first 31 words of the
game, whose player is 0 or 1 and which has at most 3 arguments takes one header byte
``verb << 3 | player << 2 | len(args)`` and then its arguments as values. Anything else
is the byte 0xF8 and the event as a value.

A value starts with a tag byte:

    00-9F  word 0-159 of the vocabulary       A0-BF  integer -8..23
    C0-CF  list of 0-15 values                D0-D7  object of 0-7 key, value pairs
    D8-EF  string of 0-23 UTF-8 bytes         F0 null  F1 false  F2 true
    F3     integer: zigzag varint             F4     float: 1 byte n, n ASCII (repr)
    F5     string: varint n, n UTF-8 bytes    F6     list: varint n, n values
    F7     object: varint n, n pairs          F8     word: 1 byte, word 160 + it
    F9     hex string: 1 byte n, n bytes (2n lowercase hex digits)
    FA     "<hex>-<digits>" (a game id): 1 byte n, n bytes, 1 byte width, varint number
    FB     "YYYY-MM-DDTHH:MM:SS", year 2000-2127 (version 2): 2 bytes (year - 2000) << 9 |
           month << 5 | day, then 3 bytes the second of the day, little-endian

Object keys are values too (a word, or a string); objects are packed with sorted keys,
so CPython and MicroPython pack a record to the same bytes.

The vocabulary never changes order: packed games outlive firmware updates, so a word's
number is forever. It is COMMON (frozen for version 1) followed by the game's own
words. For 7wd those are the verbs, then the cards, wonders and progress tokens in the
row order of ``sevenwonders.cards`` (whose tables are therefore append-only), then a
few setup words. Splendor Duel and Antike Duellum provide theirs as ``words()`` in the
game package: a tuple of strings, verbs first, to which words may only ever be
appended. A game without ``words()`` packs its strings in full. Appending is safe
without a new version, since old data only names words that already existed; any other
change needs a new VERSION with the old tables kept for reading.
"""

import binascii

from .compat import const
from .games import GAMES, core

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only
    from typing import Any

VERSION = 2
READS = (1, 2)  # the versions unpack_record reads

# Frozen since VERSION 1: append nothing here (the game words are numbered after these).
COMMON = (
    "format", "game", "id", "players", "setup", "events", "meta",
    "7wd", "splendor-duel", "antike-duellum",
    "first", "device", "firmware", "board", "version",
    "start", "end", "started", "ended", "duration", "seconds", "time", "date",
    "location", "comment", "note", "undos", "abandoned",
    "badger2040", "badger2040w", "pico_inky_pack", "pico_epaper_2in9", "sim",
)  # fmt: skip
_NCOMMON = len(COMMON)

# 7wd's words: the verbs, then rows 0-72 of cards.CARDS, 0-11 of cards.WONDERS and 0-9 of
# cards.PROGRESS (these counts are frozen too: rows appended to the tables later would
# get words after _SW_EXTRA), then a few setup words.
_SW_VERBS = ("build", "discard", "wonder", "progress", "destroy", "mausoleum", "starter", "coins")
_SW_CARDS = const(73)
_SW_WONDERS = const(12)
_SW_PROGRESS = const(10)
_SW_EXTRA = ("wonders", "box_progress", "first-game")

_EVENTS = const(0x80)  # in the game byte: the events follow the rest
_CODED = const(0x40)  # in the game byte (version 2): the events are codes (``_codes``)
_GAME = const(0x3F)  # in the game byte: the game's number
_MAX_VERB = const(31)  # verbs 0-30 fit an event header; 31 (0xF8 and up) is the escape
_ESCAPE = const(0xF8)
_WORD_DIRECT = const(160)
_INT_LO = const(-8)
_INT_HI = const(23)
_LIST = const(0xC0)
_DICT = const(0xD0)
_STR = const(0xD8)
_STR_DIRECT = const(24)
_NULL = const(0xF0)
_FALSE = const(0xF1)
_TRUE = const(0xF2)
_BIGINT = const(0xF3)
_FLOAT = const(0xF4)
_LONGSTR = const(0xF5)
_LONGLIST = const(0xF6)
_LONGDICT = const(0xF7)
_WORD = const(0xF8)
_HEX = const(0xF9)
_HEXID = const(0xFA)
_STAMP = const(0xFB)


def _find(table: tuple, s: str) -> int:
    return table.index(s) if s in table else -1


class Vocab:
    """The words of one game: ``index(word)`` (or -1) and ``word(i)`` (or None).

    7wd's words are looked up in the card tables themselves, so the vocabulary adds no
    table to the heap.
    """

    def __init__(self, game: object) -> None:
        self.game = game
        self._words: tuple = ()
        self._cards = None
        self.codes: "Any" = None  # noqa: UP037 (Any is not imported at run time)
        if game in GAMES:
            package = core(game)
            self.codes = package.codes
            words = package.words()
            if words is None:  # 7wd: its card tables are its words
                self._cards = package.cards
            else:
                self._words = words

    def index(self, s: str) -> int:
        i = _find(COMMON, s)
        if i >= 0:
            return i
        c = self._cards
        if c is None:
            i = _find(self._words, s)
            return i + _NCOMMON if i >= 0 else -1
        base = _NCOMMON
        i = _find(_SW_VERBS, s)
        if i >= 0:
            return base + i
        base += len(_SW_VERBS)
        i = c.card(s)
        if 0 <= i < _SW_CARDS:
            return base + i
        base += _SW_CARDS
        i = c.wonder(s)
        if 0 <= i < _SW_WONDERS:
            return base + i
        base += _SW_WONDERS
        i = _find(c.PROGRESS, s)
        if 0 <= i < _SW_PROGRESS:
            return base + i
        i = _find(_SW_EXTRA, s)
        return base + _SW_PROGRESS + i if i >= 0 else -1

    def word(self, i: int) -> "str | None":
        if i < _NCOMMON:
            return COMMON[i] if i >= 0 else None
        i -= _NCOMMON
        c = self._cards
        if c is None:
            return self._words[i] if i < len(self._words) else None
        if i < len(_SW_VERBS):
            return _SW_VERBS[i]
        i -= len(_SW_VERBS)
        if i < _SW_CARDS:
            return c.name(i)
        i -= _SW_CARDS
        if i < _SW_WONDERS:
            return c.wonder_name(i)
        i -= _SW_WONDERS
        if i < _SW_PROGRESS:
            return c.PROGRESS[i]
        i -= _SW_PROGRESS
        return _SW_EXTRA[i] if i < len(_SW_EXTRA) else None

    def __len__(self) -> int:
        if self._cards is None:
            return _NCOMMON + len(self._words)
        n = len(_SW_VERBS) + _SW_CARDS + _SW_WONDERS + _SW_PROGRESS + len(_SW_EXTRA)
        return _NCOMMON + n


_last: "Vocab | None" = None


def vocab(game: object) -> Vocab:
    """The vocabulary of ``game`` (the last one asked for is kept)."""
    global _last
    v = _last
    if v is None or v.game != game:
        v = _last = Vocab(game)
    return v


# -- writing ----------------------------------------------------------------------------


def pack_record(record: dict) -> bytearray:
    """The packed form of a record (any JSON object, valid or not)."""
    game = record.get("game")
    v = vocab(game)
    rest = {}
    for k in record:
        rest[k] = record[k]
    flags = 0
    if type(game) is str and game in GAMES:
        flags = GAMES.index(game) + 1
        del rest["game"]
    events = record.get("events")
    if isinstance(events, list):
        flags |= _EVENTS
        del rest["events"]
    codes = _codes_of(events, v) if flags & _EVENTS else None
    if codes is not None:
        flags |= _CODED
    out = bytearray((VERSION, flags))
    _value(out, rest, v)
    if codes is not None:
        _codes(out, codes)
    elif events is not None and flags & _EVENTS:
        for event in events:
            _event(out, event, v)
    return out


_FAILS = (ValueError, IndexError, KeyError, TypeError, AttributeError)


def _codes_of(events: object, v: Vocab) -> "list | None":
    """The code of each of ``events``, or None where one has none that decodes back to
    exactly it (a correction, a value out of the code's range, a bool for an int)."""
    codes = v.codes
    if codes is None or not isinstance(events, list):
        return None
    out = []
    for event in events:
        try:
            code = codes.encode(event)
            if type(code) is not int or code < 0 or not _same(codes.decode(code), event):
                return None
        except _FAILS:
            return None
        out.append(code)
    return out


def _same(a: object, b: object) -> bool:
    """Whether ``a`` and ``b`` are the same JSON value (1 is not true, nor 1.0)."""
    if type(a) is not type(b):
        return False
    if type(a) is list:
        if len(a) != len(b):  # type: ignore[arg-type]
            return False
        for i in range(len(a)):
            if not _same(a[i], b[i]):  # type: ignore[index]
                return False
        return True
    if type(a) is dict:
        if len(a) != len(b):  # type: ignore[arg-type]
            return False
        for k in a:
            if k not in b or not _same(a[k], b[k]):  # type: ignore[operator, index]
                return False
        return True
    return a == b


def _codes(out: bytearray, codes: list) -> None:
    """The events as codes: the distinct codes ascending, then an event's index in it, each."""
    table = sorted(set(codes))
    _varint(out, len(table))
    prev = 0
    for code in table:
        _varint(out, code - prev)
        prev = code
    _varint(out, len(codes))
    width = _width(len(table))
    place = {}
    for i in range(len(table)):
        place[table[i]] = i
    acc = bits = 0
    for code in codes:
        acc |= place[code] << bits
        bits += width
        while bits >= 8:
            out.append(acc & 0xFF)
            acc >>= 8
            bits -= 8
    if bits:
        out.append(acc)


def _width(n: int) -> int:
    """The bits an index into a table of ``n`` takes (0 for one entry)."""
    w = 0
    while 1 << w < n:
        w += 1
    return w


def pack_event(event: object, v: Vocab, out: "bytearray | None" = None) -> bytearray:
    """Append the packed form of one event to ``out`` (a new bytearray by default)."""
    if out is None:
        out = bytearray()
    _event(out, event, v)
    return out


def _event(out: bytearray, event: object, v: Vocab) -> None:
    if isinstance(event, (list, tuple)) and 2 <= len(event) <= 5:
        verb = event[0]
        p = event[1]
        if type(verb) is str and type(p) is int and (p == 0 or p == 1):
            i = v.index(verb) - _NCOMMON
            if 0 <= i < _MAX_VERB:
                out.append(i << 3 | p << 2 | (len(event) - 2))
                for k in range(2, len(event)):
                    _value(out, event[k], v)
                return
    out.append(_ESCAPE)
    _value(out, event, v)


def _varint(out: bytearray, n: int) -> None:
    while n >= 0x80:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    out.append(n)


def _sized(out: bytearray, direct: int, limit: int, long_tag: int, n: int) -> None:
    if n < limit:
        out.append(direct + n)
    else:
        out.append(long_tag)
        _varint(out, n)


def _value(out: bytearray, x: object, v: Vocab) -> None:
    if x is None:
        out.append(_NULL)
    elif x is False:
        out.append(_FALSE)
    elif x is True:
        out.append(_TRUE)
    elif type(x) is int:
        if _INT_LO <= x <= _INT_HI:
            out.append(0xA0 + x - _INT_LO)
        else:
            out.append(_BIGINT)
            _varint(out, x * 2 if x >= 0 else -x * 2 - 1)
    elif type(x) is str:
        _string(out, x, v)
    elif type(x) is float:
        text = repr(x).encode()
        out.append(_FLOAT)
        out.append(len(text))
        out.extend(text)
    elif isinstance(x, (list, tuple)):
        _sized(out, _LIST, 16, _LONGLIST, len(x))
        for item in x:
            _value(out, item, v)
    elif isinstance(x, dict):
        _sized(out, _DICT, 8, _LONGDICT, len(x))
        for k in sorted(x):
            if type(k) is not str:
                raise ValueError("object keys must be strings")
            _string(out, k, v)
            _value(out, x[k], v)
    else:
        raise ValueError("cannot pack a %s" % type(x).__name__)


def _string(out: bytearray, s: str, v: Vocab) -> None:
    i = v.index(s)
    if i >= 0:
        if i < _WORD_DIRECT:
            out.append(i)
        else:
            out.append(_WORD)
            out.append(i - _WORD_DIRECT)
        return
    b = s.encode()
    n = len(b)
    if n == 19 and _stamp(out, b):
        return
    dash = _hex_digits(b)
    if 2 <= dash <= 510 and not dash & 1:
        if dash == n:
            out.append(_HEX)
            out.append(dash >> 1)
            out.extend(binascii.unhexlify(b))
            return
        width = n - dash - 1
        if b[dash] == 45 and 1 <= width <= 20 and _decimal(b, dash + 1):  # 45 is "-"
            out.append(_HEXID)
            out.append(dash >> 1)
            out.extend(binascii.unhexlify(b[:dash]))
            out.append(width)
            _varint(out, int(b[dash + 1 :]))
            return
    _sized(out, _STR, _STR_DIRECT, _LONGSTR, n)
    out.extend(b)


def _stamp(out: bytearray, b: bytes) -> bool:
    """Append ``b`` as a date and time (tag FB) when it is exactly one, year 2000-2127,
    written as unpacking writes it back; else append nothing and say so."""
    if b[4] != 45 or b[7] != 45 or b[10] != 84 or b[13] != 58 or b[16] != 58:  # - - T : :
        return False
    f = []
    for at in (0, 5, 8, 11, 14, 17):
        end = 4 if at == 0 else at + 2
        if not _decimal(b[at:end], 0):
            return False
        f.append(int(b[at:end]))
    y, mo, d, h, mi, sec = f
    if not (2000 <= y < 2128 and 1 <= mo <= 12 and 1 <= d <= 31 and h < 24 and mi < 60):
        return False
    if sec >= 60:
        return False
    day = (y - 2000) << 9 | mo << 5 | d
    t = h * 3600 + mi * 60 + sec
    out.append(_STAMP)
    out.extend(bytes((day & 0xFF, day >> 8, t & 0xFF, t >> 8 & 0xFF, t >> 16)))
    return True


def _hex_digits(b: bytes) -> int:
    """How many lowercase hex digits ``b`` starts with."""
    for i in range(len(b)):
        c = b[i]
        if not (48 <= c <= 57 or 97 <= c <= 102):
            return i
    return len(b)


def _decimal(b: bytes, start: int) -> bool:
    for i in range(start, len(b)):
        if not 48 <= b[i] <= 57:
            return False
    return True


# -- reading ----------------------------------------------------------------------------


def unpack_record(data: "bytes | bytearray | memoryview") -> dict:
    """The record packed in ``data``; ValueError when it is not a packed record."""
    if len(data) < 2:
        raise ValueError("packed record too short")
    if data[0] not in READS:
        raise ValueError("packed by codec version %d; this one reads 1 and 2" % data[0])
    flags = data[1]
    g = game_number(data)
    if g > len(GAMES):
        raise ValueError("unknown game number %d" % g)
    game = GAMES[g - 1] if g else None
    r = Unpacker(vocab(game))
    r.data = data
    r.pos = 2
    r.end = len(data)
    record = r.value()
    if not isinstance(record, dict):
        raise ValueError("packed record is not an object")
    if game is not None:
        record["game"] = game
    if flags & _EVENTS:
        events: list = []
        if data[0] > 1 and flags & _CODED:
            r.codes(events)
        else:
            while r.pos < r.end:
                events.append(r.event())
        record["events"] = events
    elif r.pos != r.end:
        raise ValueError("trailing bytes after the packed record")
    return record


def game_number(data: "bytes | bytearray | memoryview") -> int:
    """The game's number in a packed record's second byte (1 + its index in GAMES; 0:
    none of them), as its version lays that byte out."""
    return data[1] & (_GAME if data[0] > 1 else 0x7F)


def unpack_event(data: "bytes | bytearray | memoryview", v: Vocab) -> object:
    """The one event packed in ``data``."""
    return Unpacker(v).event_at(data, 0, len(data))


class Unpacker:
    """Reads packed values of one vocabulary; one reader serves any number of events."""

    def __init__(self, v: Vocab) -> None:
        self.vocab = v
        self.data: bytes | bytearray | memoryview = b""
        self.pos = 0
        self.end = 0

    def event_at(self, data: "bytes | bytearray | memoryview", start: int, end: int) -> object:
        """The one event packed in ``data[start:end]``."""
        self.data = data
        self.pos = start
        self.end = end
        event = self.event()
        if self.pos != end:
            raise ValueError("trailing bytes after the packed event")
        return event

    def byte(self) -> int:
        pos = self.pos
        if pos >= self.end:
            raise ValueError("packed data ends early")
        self.pos = pos + 1
        return self.data[pos]

    def take(self, n: int) -> bytes:
        pos = self.pos
        if pos + n > self.end:
            raise ValueError("packed data ends early")
        self.pos = pos + n
        return bytes(self.data[pos : pos + n])

    def varint(self) -> int:
        n = 0
        shift = 0
        while True:
            b = self.byte()
            n |= (b & 0x7F) << shift
            if b < 0x80:
                return n
            shift += 7

    def word(self, i: int) -> str:
        if i < _NCOMMON:
            return COMMON[i]
        words = self.vocab._words  # a game's own words (7wd's are its tables: word())
        if i - _NCOMMON < len(words):
            return words[i - _NCOMMON]
        w = self.vocab.word(i)
        if w is None:
            raise ValueError("word %d is not in this vocabulary (packed by a newer one?)" % i)
        return w

    def event(self) -> object:
        # The header and each tag are read inline (not by byte()): a game's 600 events
        # make thousands of them, and a call costs more than the read.
        pos = self.pos
        if pos >= self.end:
            raise ValueError("packed data ends early")
        h = self.data[pos]
        self.pos = pos + 1
        if h >= _ESCAPE:
            if h != _ESCAPE:
                raise ValueError("bad event header %d" % h)
            return self.value()
        event = [self.word(_NCOMMON + (h >> 3)), h >> 2 & 1]
        h &= 3
        while h:
            event.append(self.value())
            h -= 1
        return event

    def value(self) -> object:
        pos = self.pos
        if pos >= self.end:
            raise ValueError("packed data ends early")
        t = self.data[pos]
        self.pos = pos + 1
        if t < _WORD_DIRECT:
            return self.word(t)
        if t < _LIST:
            return t - 0xA0 + _INT_LO
        if t < _DICT:
            return self.items(t - _LIST)
        if t < _STR:
            return self.pairs(t - _DICT)
        if t < _NULL:
            return self.text(t - _STR)
        if t == _NULL:
            return None
        if t == _FALSE:
            return False
        if t == _TRUE:
            return True
        if t == _BIGINT:
            n = self.varint()
            return -(n >> 1) - 1 if n & 1 else n >> 1
        if t == _FLOAT:
            return float(self.take(self.byte()).decode())
        if t == _LONGSTR:
            return self.text(self.varint())
        if t == _LONGLIST:
            return self.items(self.varint())
        if t == _LONGDICT:
            return self.pairs(self.varint())
        if t == _WORD:
            return self.word(_WORD_DIRECT + self.byte())
        if t == _HEX:
            return binascii.hexlify(self.take(self.byte())).decode()
        if t == _HEXID:
            head = binascii.hexlify(self.take(self.byte())).decode()
            width = self.byte()
            digits = str(self.varint())
            if len(digits) > width:
                raise ValueError("game id number wider than its field")
            return head + "-" + "0" * (width - len(digits)) + digits
        if t == _STAMP:
            b = self.take(5)
            day = b[0] | b[1] << 8
            s = b[2] | b[3] << 8 | b[4] << 16
            return "%04d-%02d-%02dT%02d:%02d:%02d" % (
                2000 + (day >> 9),
                day >> 5 & 15,
                day & 31,
                s // 3600,
                s // 60 % 60,
                s % 60,
            )
        raise ValueError("bad tag %d" % t)

    def codes(self, events: list) -> None:
        """Append the events packed as codes (version 2, ``_codes``) to ``events``."""
        if self.vocab.codes is None:
            raise ValueError("events packed as codes of a game without codes")
        decode = self.vocab.codes.decode
        table = []
        code = 0
        for _ in range(self.varint()):
            code += self.varint()
            table.append(code)
        m = self.varint()
        width = _width(len(table))
        if (m * width + 7) // 8 != self.end - self.pos or not table and m:
            raise ValueError("packed events do not fill the data")
        mask = (1 << width) - 1
        acc = bits = 0
        for _ in range(m):
            while bits < width:
                acc |= self.data[self.pos] << bits
                self.pos += 1
                bits += 8
            i = acc & mask
            acc >>= width
            bits -= width
            if i >= len(table):
                raise ValueError("event %d of a table of %d" % (i, len(table)))
            events.append(decode(table[i]))

    def text(self, n: int) -> str:
        return self.take(n).decode()

    def items(self, n: int) -> list:
        out = []
        for _ in range(n):
            out.append(self.value())
        return out

    def pairs(self, n: int) -> dict:
        out = {}
        for _ in range(n):
            k = self.value()
            if type(k) is not str:
                raise ValueError("object key is not a string")
            out[k] = self.value()
        return out
