"""The language menu (C on the first screen): the device's words, kept in the settings.

A language is set per device, here or by ``duelkeeper deploy --lang``; records never
hold words, so games and the log are the same in every language. Screens build their
words when they are made, so the choice starts again from the first screen, built anew.
"""

from micropython import const

from .. import lang, speak
from .menu import Menu

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from ..contracts import App

# The menu's words, in English: the others name themselves as they can be read without
# their glyphs; each catalog has them in its language and their own.
NAMES = (lang.word("English"), lang.word("Japanese (Nihongo)"), lang.word("Russian (Russkiy)"))


class Screen(Menu):
    def __init__(self, app: "App") -> None:
        labels = [lang.tr(n) for n in NAMES]
        super().__init__(app, lang.tr("Language"), labels, lang.LANGS.index(lang.lang()))

    def pick(self, i: int) -> None:
        app = self.app
        code = lang.LANGS[i]
        try:
            speak.use(code)
        except OSError as e:  # a catalog missing or damaged: the language spoken stays
            code = lang.lang()
            app.notice = str(e)
        if app.settings.get("lang", "en") != code:
            app.settings["lang"] = code
            app.save_settings()
        app.games()
