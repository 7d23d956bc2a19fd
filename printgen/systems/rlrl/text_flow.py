"""Key entries set in a column on a ReportLab page: a bold lead, then the text, wrapped; as large as fits."""

from __future__ import annotations

from functools import cache

from reportlab.pdfgen.canvas import Canvas

from ...render import fonts

SIZES = (7.4, 7.0, 6.6, 6.2)  # pt: the largest that holds the whole key wins
LEADING = 1.18
GAP = 0.45  # of the font size, between entries


@cache
def _word_width(word: str, font: str, size: float) -> float:
    return fonts.string_width(word, font, size)


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Greedy word wrap, each word measured once (keys run to hundreds of lines a campaign)."""
    space = _word_width(" ", font, size)
    lines: list[str] = []
    line: list[str] = []
    used = 0.0
    for word in text.split():
        need = _word_width(word, font, size)
        if line and used + space + need > width:
            lines.append(" ".join(line))
            line, used = [], 0.0
        used += (space if line else 0.0) + need
        line.append(word)
    lines.append(" ".join(line))
    return lines


def lines_of(entry: tuple[str, str], width: float, size: float) -> list[str]:
    lead, text = entry
    indent = _word_width(lead + "  ", fonts.SERIF_BOLD, size)
    return wrap(text, fonts.SERIF, size, width - indent)


def height_of(entries: list[tuple[str, str]], width: float, size: float) -> float:
    return sum(len(lines_of(e, width, size)) * size * LEADING + size * GAP for e in entries)


def fitting_size(entries: list[tuple[str, str]], width: float, height: float) -> float:
    return next((size for size in SIZES if height_of(entries, width, size) <= height), SIZES[-1])


def draw_entries(c: Canvas, x: float, top: float, width: float, bottom: float, entries: list[tuple[str, str]],
                 size: float) -> int:
    """Set entries from ``top`` down to ``bottom``; returns how many were set (the rest go on a later page)."""
    y = top
    for count, entry in enumerate(entries):
        lines = lines_of(entry, width, size)
        if y - len(lines) * size * LEADING < bottom:
            return count
        lead = entry[0]
        indent = _word_width(lead + "  ", fonts.SERIF_BOLD, size)
        c.setFillGray(0)
        c.setFont(fonts.SERIF_BOLD, size)
        c.drawString(x, y - size, lead)
        c.setFont(fonts.SERIF, size)
        for line in lines:
            c.drawString(x + indent, y - size, line)
            y -= size * LEADING
        y -= size * GAP
    return len(entries)
