"""Fitting words into a box: wrap, and shrink until everything fits.

Text is never cut: if it cannot fit at the smallest allowed size the caller
gets ``None`` and reports which card is too full. Words are drawn with
``drawString``, so any markup in the text prints literally.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from reportlab.pdfgen.canvas import Canvas

from ..render import fonts
from . import glyphs
from .model import Paragraph

LEADING = 1.17  # line pitch, in font sizes
PARAGRAPH_GAP = 0.4  # extra space between paragraphs, in font sizes
DESCENT = 0.28  # how far glyphs reach below the last baseline, in font sizes
SIZE_STEP = 0.25

Word = tuple[str, str]  # (text, font)


@dataclass(frozen=True)
class FittedText:
    size: float
    lines: tuple[tuple[tuple[Word, ...], bool], ...]  # (words, starts a new paragraph)

    @property
    def height(self) -> float:
        return text_height(self.size, self.lines)

    def draw(self, c: Canvas, left: float, top: float, width: float, align: str = "left") -> None:
        """Draw the lines down from ``top``; ``align`` is "left" or "center"."""
        baseline = top - self.size
        for index, (words, new_paragraph) in enumerate(self.lines):
            if index and new_paragraph:
                baseline -= PARAGRAPH_GAP * self.size
            line_width = _line_width(words, self.size)
            x = left + (width - line_width) / 2 if align == "center" else left
            for number, (text, font) in enumerate(words):
                if number:
                    x += _width(" ", font) * self.size
                glyphs.draw(c, x, baseline, text, font, self.size)
                x += _width(text, font) * self.size
            baseline -= LEADING * self.size


def text_height(size: float, lines) -> float:
    if not lines:
        return 0.0
    gaps = sum(1 for index, (_, new) in enumerate(lines) if index and new)
    return size * (1 + (len(lines) - 1) * LEADING + gaps * PARAGRAPH_GAP + DESCENT)


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
    """The largest size from ``max_size`` down to ``min_size`` at which the text fits."""
    glyphs.register()
    words = [_paragraph_words(p, font, lead_font) for p in paragraphs]
    size = max_size
    while size >= min_size - 1e-9:
        # Only at the smallest size may a word too long for a line be broken.
        lines = _wrap(words, width, size, break_words=size - SIZE_STEP < min_size - 1e-9)
        if lines is not None and (max_lines is None or len(lines) <= max_lines):
            if text_height(size, lines) <= height + 1e-6:
                return FittedText(size, tuple(lines))
        size -= SIZE_STEP
    return None


def _paragraph_words(paragraph: Paragraph, font: str, lead_font: str) -> list[Word]:
    return [(w, lead_font) for w in paragraph.lead.split()] + [(w, font) for w in paragraph.text.split()]


def _wrap(paragraphs: list[list[Word]], width: float, size: float, break_words: bool):
    lines: list[tuple[tuple[Word, ...], bool]] = []
    limit = width / size  # compare widths at size 1
    for words in paragraphs:
        line: list[Word] = []
        line_width = 0.0
        first = True
        for word in _split_long(words, limit) if break_words else words:
            word_width = _width(*word)
            if word_width > limit + 1e-9:
                return None
            extra = word_width + (_width(" ", word[1]) if line else 0.0)
            if line and line_width + extra > limit + 1e-9:
                lines.append((tuple(line), first))
                first = False
                line, line_width = [word], word_width
            else:
                line.append(word)
                line_width += extra
        if line:
            lines.append((tuple(line), first))
    return lines


def _split_long(words: list[Word], limit: float) -> list[Word]:
    """Words wider than a line, cut into line-wide pieces (nothing is dropped).

    One pass over the letters, adding their widths (a string's width is the sum
    of its letters'), so a word of any length is cut in linear time.
    """
    result: list[Word] = []
    for text, font in words:
        if _width(text, font) <= limit:
            result.append((text, font))
            continue
        start, piece = 0, 0.0
        for index, letter in enumerate(text):
            letter_width = _width(letter, font)
            if piece + letter_width > limit and index > start:
                result.append((text[start:index], font))
                start, piece = index, 0.0
            piece += letter_width
        result.append((text[start:], font))
    return result


def _line_width(words: tuple[Word, ...], size: float) -> float:
    total = sum(_width(text, font) for text, font in words)
    total += sum(_width(" ", font) for _, font in words[1:])
    return total * size


@lru_cache(maxsize=65536)
def _width(text: str, font: str) -> float:
    """Width at size 1 (widths scale linearly with the size), symbols measured in the face that draws them."""
    return glyphs.width(text, font, 1.0)
