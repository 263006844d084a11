"""The language menu (C on the first screen): the device's words, kept in the settings.

A language is set per device, here or by ``duelkeeper deploy --lang``; records never
hold words, so games and the log are the same in every language. Screens build their
words when they are made, so the choice starts again from the first screen, built anew.
"""

from .. import lang
from .menu import Menu

# The menu's words, in English: the others name themselves as they can be read without
# their glyphs; each catalog has them in its language and their own.
NAMES = (lang.word("English"), lang.word("Japanese (Nihongo)"), lang.word("Russian (Russkiy)"))


class Screen(Menu):
    def __init__(self, app: object) -> None:
        labels = [lang.tr(n) for n in NAMES]
        super().__init__(app, lang.tr("Language"), labels, lang.LANGS.index(lang.lang()))

    def pick(self, i: int) -> None:
        app = self.app
        code = lang.LANGS[i]
        try:
            app.speak(code)  # type: ignore[attr-defined]
        except OSError as e:  # a catalog missing or damaged: the language spoken stays
            code = lang.lang()
            app.notice = str(e)  # type: ignore[attr-defined]
        if app.settings.get("lang", "en") != code:  # type: ignore[attr-defined]
            app.settings["lang"] = code  # type: ignore[attr-defined]
            app.save_settings()  # type: ignore[attr-defined]
        app.games()  # type: ignore[attr-defined]
