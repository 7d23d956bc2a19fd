"""The bundled fonts, registered once for ReportLab and described for WeasyPrint.

Two families: a readable serif for text (Charis SIL) and a monospace for the
@-and-ASCII flavour and for seed codes (JetBrains Mono). Both are TrueType, so
ReportLab can subset and embed them; nothing depends on the fonts a machine has.

Charis SIL and JetBrains Mono have no ★ or ☠; a deck file may well. Such a
character is drawn (and measured) in "PG Symbols" (DejaVu Sans cut to its
symbol blocks, fonts/LICENSE-PGSymbols.txt) at the same size: ``faces`` cuts a
text where it changes between its font and that fallback. Measuring, wrapping
and drawing text is render/text.py's.
"""

from functools import cache, lru_cache

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from ..resources import fonts_dir

SERIF = "PG-Serif"
SERIF_BOLD = "PG-Serif-Bold"
SERIF_ITALIC = "PG-Serif-Italic"
SERIF_BOLD_ITALIC = "PG-Serif-BoldItalic"
MONO = "PG-Mono"
MONO_BOLD = "PG-Mono-Bold"
SYMBOLS = "PG-Symbols"  # the fallback for characters the text faces lack

FONT_FILES = {
    SERIF: "CharisSIL-Regular.ttf",
    SERIF_BOLD: "CharisSIL-Bold.ttf",
    SERIF_ITALIC: "CharisSIL-Italic.ttf",
    SERIF_BOLD_ITALIC: "CharisSIL-BoldItalic.ttf",
    MONO: "JetBrainsMono-Regular.ttf",
    MONO_BOLD: "JetBrainsMono-Bold.ttf",
}
SYMBOLS_FILE = "PGSymbols-Regular.ttf"


@cache
def register_reportlab_fonts() -> None:
    """Register every bundled font with ReportLab (idempotent)."""
    folder = fonts_dir()
    for name, filename in FONT_FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(folder / filename)))
    # Let <b> and <i> in ReportLab paragraphs pick the right faces.
    addMapping(SERIF, 0, 0, SERIF)
    addMapping(SERIF, 1, 0, SERIF_BOLD)
    addMapping(SERIF, 0, 1, SERIF_ITALIC)
    addMapping(SERIF, 1, 1, SERIF_BOLD_ITALIC)
    addMapping(MONO, 0, 0, MONO)
    addMapping(MONO, 1, 0, MONO_BOLD)
    addMapping(MONO, 0, 1, MONO)
    addMapping(MONO, 1, 1, MONO_BOLD)


@cache
def register_symbols() -> None:
    """Register the symbol fallback too (only a text with a character its face lacks needs it)."""
    register_reportlab_fonts()
    pdfmetrics.registerFont(TTFont(SYMBOLS, str(fonts_dir() / SYMBOLS_FILE)))


@cache
def _characters(font: str) -> frozenset[int] | None:
    """The characters ``font`` has; None for a font that does not say (ReportLab's built-in ones)."""
    if font == SYMBOLS:
        register_symbols()
    else:
        register_reportlab_fonts()
    cmap = getattr(pdfmetrics.getFont(font).face, "charToGlyph", None)
    return None if cmap is None else frozenset(cmap)


def has(font: str, character: str) -> bool:
    """Whether ``font`` draws ``character`` (white space counts as drawn by every font)."""
    if character.isspace():
        return True
    found = _characters(font)
    return found is None or ord(character) in found


@lru_cache(maxsize=65536)
def faces(text: str, font: str) -> tuple[tuple[str, str], ...]:
    """``text`` as (text, font) runs, cut where it changes between ``font`` and the symbol fallback.

    A character in neither stays in ``font`` (cards.glyphs.check refuses it on a card).
    """
    register_reportlab_fonts()
    result: list[tuple[str, str]] = []
    for character in text:
        chosen = font if has(font, character) or not has(SYMBOLS, character) else SYMBOLS
        if result and result[-1][1] == chosen:
            result[-1] = (result[-1][0] + character, chosen)
        else:
            result.append((character, chosen))
    return tuple(result)

