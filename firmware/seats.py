"""The two seats' names and the recent names, kept in the settings (the players' and
names' screens, and the letter picker, change them)."""

from micropython import const

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from .contracts import App

DEFAULT = ("Player 1", "Player 2")
RECENT = 8  # names remembered


def seats(settings: dict) -> list:
    names = settings.get("players")
    if isinstance(names, list) and len(names) == 2 and all(isinstance(n, str) for n in names):
        return names
    return list(DEFAULT)


def choose(app: "App", seat: int, name: str) -> None:
    names = seats(app.settings)
    names = [names[0], names[1]]
    names[seat] = name
    if names[1 - seat] == name:  # the same name twice: the seats swap instead
        names[1 - seat] = seats(app.settings)[seat]
    set_names(app, names)


def set_names(app: "App", names: list) -> None:
    """Keep both seats' names, and each in the recent names, in the settings."""
    settings = app.settings
    settings["players"] = names
    recent = settings.get("names")
    if not isinstance(recent, list):
        recent = []
    for n in names:
        if n in DEFAULT:
            continue
        if n in recent:
            recent.remove(n)
        recent.insert(0, n)
    del recent[RECENT:]
    settings["names"] = recent
    app.save_settings()
