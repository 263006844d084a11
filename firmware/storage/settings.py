"""The settings and the roster, under Storage's root.

``settings.json`` is replaced whole (written to ``settings.tmp`` first, which is read
when the first is not whole). ``roster.txt`` (the same through ``roster.tmp``) holds the
players the PC's log knows and the names spelled here, a line per name: ``=Name`` from
the PC (most played first, a few hundred bytes: duelkeeper's players.ROSTER_BYTES),
``+Name`` spelled on this device since the last sync. Only the names screen and sync
read it, per call: no heap during a game.
"""

import json

from duelcore.compat import const

from .. import flash

_ROSTER_MAX = const(512)  # bytes: names spelled here push the PC's least played out


class Settings:
    """The settings and the roster, a part of Storage (firmware/storage/__init__.py)."""

    root: str  # the folder Storage holds

    def settings(self) -> "dict[str, object]":
        """The settings (an empty dict when there are none or they are unreadable)."""
        base = self.root + "/settings"
        for name in (base + ".json", base + ".tmp"):
            data = flash.read(name)
            if data:
                try:
                    value = json.loads(data)
                except ValueError:
                    continue
                if isinstance(value, dict):
                    return value
        return {}

    def save_settings(self, value: "dict[str, object]") -> None:
        """Replace the settings whole, atomically."""
        base = self.root + "/settings"
        flash.write(base + ".tmp", json.dumps(value).encode())
        flash.replace(base + ".tmp", base + ".json")
        flash.sync()

    def _roster_read(self) -> tuple:
        """(the roster's lines, how many of its lines are not UTF-8: left out, not fatal)."""
        path = self.root + "/roster.txt"
        data = flash.read(path) or flash.read(path + ".tmp")  # .tmp: cut between remove and rename
        lines = []
        unread = 0
        for raw in (data or b"").split(b"\n"):
            try:
                line = raw.decode()
            except UnicodeError:  # flash damage, a hand edit: sync says so, a roster mends it
                unread += 1
                continue
            if len(line) > 1 and line[0] in "=+":
                lines.append(line)
        return lines, unread

    def roster_unread(self) -> int:
        """Lines of the roster file that are not text (left out of the roster)."""
        return self._roster_read()[1]

    def _put_roster(self, lines: list) -> None:
        path = self.root + "/roster.txt"
        flash.write(path + ".tmp", "".join(line + "\n" for line in lines).encode())
        flash.replace(path + ".tmp", path)
        flash.sync()

    def roster(self, spelt: bool = False) -> list:
        """The roster's names, in its order; ``spelt``: only those spelled here since sync."""
        return [line[1:] for line in self._roster_read()[0] if not spelt or line[0] == "+"]

    def add_name(self, name: str) -> None:
        """Keep a name spelled on the device for the PC's next sync (unless it is known)."""
        lines = self._roster_read()[0]
        for line in lines:
            if line[1:] == name:
                return
        lines.append("+" + name)
        while sum(len(line.encode()) + 1 for line in lines) > _ROSTER_MAX:  # bytes, not letters
            at = 0  # the oldest name spelled here, when none of the PC's is left
            for i in range(len(lines)):
                if lines[i][0] == "=":
                    at = i  # the PC's least played
            del lines[at]
        self._put_roster(lines)

    def set_roster(self, names: tuple, renames: dict) -> int:
        """The PC's roster replaces the file (the names spelled here are in its log now);
        ``renames`` ({old: new}, the log's renames and merges) apply to the settings' seats
        and recent names. Returns the count of names."""
        self._put_roster(["=" + n for n in names])
        value = self.settings()
        changed = False
        for key in ("players", "names"):
            old = value.get(key)
            if not isinstance(old, list):
                continue
            new = []
            for n in old:
                n = renames.get(n, n)
                if n not in new:
                    new.append(n)
            if new != old and (key == "names" or len(new) == 2):  # seats stay two players
                value[key] = new
                changed = True
        if changed:
            self.save_settings(value)
        return len(names)
