"""Fitting a card's words into a box: render.text's ``fit`` with the cards' spacing.

Text is never cut: if it cannot fit at the smallest allowed size the caller
gets ``None`` and reports which card is too full. Words are drawn with
``drawString``, one word at a time, so any markup in the text prints literally,
but in a paragraph of a deck of one's own (``inline.Marked``): its icons,
spans and emphasis are read as a layout reads them.
"""

from __future__ import annotations

from ..render import fonts, text
from .inline import Marked
from .model import Paragraph

LEADING = 1.17  # line pitch, in font sizes
PARAGRAPH_GAP = 0.4  # extra space between paragraphs, in font sizes
DESCENT = 0.28  # how far glyphs reach below the last baseline, in font sizes
SIZE_STEP = 0.25
SPACING = text.Spacing(LEADING, PARAGRAPH_GAP, DESCENT)

FittedText = text.Fitted  # its draw(c, left, top, width, align) sets the lines down from top


def fit(
    paragraphs: list[Paragraph],
    width: float,
    height: float,
    max_size: float,
    min_size: float,
    font: str = fonts.SERIF,
    lead_font: str = fonts.SERIF_BOLD,
    max_lines: int | None = None,
) -> FittedText | None:
    """The largest size from ``max_size`` down to ``min_size`` at which the text fits; each paragraph's
    lead in ``lead_font`` before its text."""
    runs = [p.runs(font, lead_font) if isinstance(p, Marked) else
            [(p.lead, lead_font), (" " + p.text, font)] if p.lead else [(p.text, font)] for p in paragraphs]
    fitted = text.fit(runs, width, height, max_size, min_size, SIZE_STEP, max_lines, spacing=SPACING, by_word=True)
    return fitted if fitted.fits else None


def text_height(size: float, lines) -> float:
    return text.block_height(size, lines, SPACING)
