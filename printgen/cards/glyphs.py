"""Characters on cards: each drawn from the card's own face, else from the symbol fallback, else refused.

Charis SIL and JetBrains Mono have no ★ or ☠; a deck file may well. Such a
character is drawn from "PG Symbols" (render/fonts.py) in the same size, as all
text render/text.py draws is. A character in neither, such as 龍, would print
as an empty box, so a card that holds one is refused before anything is drawn,
naming the card and the character.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from ..errors import PrintgenError
from ..render import fonts, text

SYMBOLS = fonts.SYMBOLS
register = fonts.register_symbols
has = fonts.has
runs = fonts.faces  # ``text`` cut where it changes between ``font`` and the symbol fallback

Run = tuple[str, str]  # (text, font)


def width(text_: str, font: str, size: float) -> float:
    return text.measure(text_, font, size)


def draw(c: Canvas, x: float, y: float, text_: str, font: str, size: float, align: str = "left") -> None:
    """``text_`` at (x, y), left-aligned or centred on x; the canvas's font is ``font`` afterwards."""
    text.draw_run(c, x, y, text_, font, size, align)


def check(where: str, texts: list[tuple[str, str]]) -> None:
    """Refuse the first character of ``texts`` (text, font) that neither its font nor the fallback has."""
    for words, font in texts:
        if fonts.has_all(words, font):  # every character in its own font: nothing to look for
            continue
        for character in words:
            if not has(font, character) and not has(SYMBOLS, character):
                raise PrintgenError(f"{where}: the character {character!r} (U+{ord(character):04X}) is in none of "
                                    "printgen's fonts, so it would print as an empty box; leave it out or write it "
                                    "another way")
