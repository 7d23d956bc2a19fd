"""Characters on cards: each drawn from the card's own face, else from the symbol fallback, else refused.

Charis SIL and JetBrains Mono have no ★ or ☠; a deck file may well. Such a
character is drawn from "PG Symbols" (DejaVu Sans cut to its symbol blocks,
fonts/LICENSE-PGSymbols.txt) in the same size. A character in neither, such
as 龍, would print as an empty box, so a card that holds one is refused
before anything is drawn, naming the card and the character.
"""

from __future__ import annotations

from functools import cache, lru_cache

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from ..errors import PrintgenError
from ..render import fonts
from ..resources import fonts_dir

SYMBOLS = "PG-Symbols"
SYMBOLS_FILE = "PGSymbols-Regular.ttf"

Run = tuple[str, str]  # (text, font)


@cache
def register() -> None:
    fonts.register_reportlab_fonts()
    pdfmetrics.registerFont(TTFont(SYMBOLS, str(fonts_dir() / SYMBOLS_FILE)))


@cache
def _characters(font: str) -> frozenset[int]:
    register()
    return frozenset(pdfmetrics.getFont(font).face.charToGlyph)


def has(font: str, character: str) -> bool:
    return character.isspace() or ord(character) in _characters(font)


@lru_cache(maxsize=65536)
def runs(text: str, font: str) -> tuple[Run, ...]:
    """``text`` cut where it changes between ``font`` and the symbol fallback."""
    result: list[Run] = []
    for character in text:
        chosen = font if has(font, character) or not has(SYMBOLS, character) else SYMBOLS
        if result and result[-1][1] == chosen:
            result[-1] = (result[-1][0] + character, chosen)
        else:
            result.append((character, chosen))
    return tuple(result)


def width(text: str, font: str, size: float) -> float:
    return sum(pdfmetrics.stringWidth(part, part_font, size) for part, part_font in runs(text, font))


def draw(c: Canvas, x: float, y: float, text: str, font: str, size: float, align: str = "left") -> None:
    """``text`` at (x, y), left-aligned or centred on x; the canvas's font is ``font`` afterwards."""
    if align == "center":
        x -= width(text, font, size) / 2
    parts = runs(text, font)
    for part, part_font in parts:
        c.setFont(part_font, size)
        c.drawString(x, y, part)
        x += pdfmetrics.stringWidth(part, part_font, size)
    if parts and parts[-1][1] != font:
        c.setFont(font, size)


def check(where: str, texts: list[tuple[str, str]]) -> None:
    """Refuse the first character of ``texts`` (text, font) that neither its font nor the fallback has."""
    for text, font in texts:
        for character in text:
            if not has(font, character) and not has(SYMBOLS, character):
                raise PrintgenError(f"{where}: the character {character!r} (U+{ord(character):04X}) is in none of "
                                    "printgen's fonts, so it would print as an empty box; leave it out or write it "
                                    "another way")
