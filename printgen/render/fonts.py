"""The bundled fonts, registered once for ReportLab and described for WeasyPrint.

Two families: a readable serif for text (Charis SIL) and a monospace for the
@-and-ASCII flavour and for seed codes (JetBrains Mono). Both are TrueType, so
ReportLab can subset and embed them; nothing depends on the fonts a machine has.
"""

from functools import cache

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

FONT_FILES = {
    SERIF: "CharisSIL-Regular.ttf",
    SERIF_BOLD: "CharisSIL-Bold.ttf",
    SERIF_ITALIC: "CharisSIL-Italic.ttf",
    SERIF_BOLD_ITALIC: "CharisSIL-BoldItalic.ttf",
    MONO: "JetBrainsMono-Regular.ttf",
    MONO_BOLD: "JetBrainsMono-Bold.ttf",
}


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


def string_width(text: str, font: str, size: float) -> float:
    register_reportlab_fonts()
    return pdfmetrics.stringWidth(text, font, size)


def wrap_text(text: str, font: str, size: float, width: float) -> list[str]:
    """Greedy word wrap into lines no wider than ``width`` (a longer single word stands alone)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}".strip()
            if string_width(trial, font, size) <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines
