"""The QR code of a file's seed code, drawn as vector paths on its first page.

A phone pointed at the page reads the seed code, and ``printgen reproduce``
makes the very same file from it (or from a photo of the page). The symbol
is segno's (error correction M or better, never a Micro QR), drawn here as
filled rectangles, one per run of dark modules in a row, so it stays sharp
at any size and its bytes are the same on every machine.

Where it goes: compose stamps it on the first page, in the box ``place``
gives for the page, the bottom right corner above the footer unless a
product names another box. Each product keeps that box free of its own
marks on its first page; a test renders every product's first page without
the code and finds the box empty.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..units import mm

QUIET_MODULES = 4  # the light margin the QR standard asks for, in modules
BOX = mm(24)  # the square a first page keeps free for the code, quiet zone included
EDGE = mm(8)  # from the page's right and bottom edges: inside what a home printer prints
MAX_MODULE = mm(0.6)  # a short code is not drawn larger than this


@dataclass(frozen=True)
class Place:
    """Where a page's code stands: the lower left corner and side of its square, quiet zone included."""

    x: float
    y: float
    side: float = BOX


def place(page_size: tuple[float, float]) -> Place:
    """The usual box: the page's bottom right corner, clear of the edge a printer cannot reach."""
    width, _ = page_size
    return Place(width - EDGE - BOX, EDGE)


def modules(text: str) -> list[list[bool]]:
    """The symbol's modules, dark as True, row by row from the top, without the quiet zone."""
    import segno

    symbol = segno.make(text, error="m", micro=False)
    return [[bool(dark) for dark in row] for row in symbol.matrix]


def module_size(text: str, side: float = BOX) -> float:
    """How large one module is drawn when the code and its quiet zone fill ``side``."""
    count = len(modules(text)) + 2 * QUIET_MODULES
    return min(MAX_MODULE, side / count)


def draw(c, spot: Place, text: str) -> None:
    """The code of ``text`` in ``spot``: a white square with the quiet zone, the dark modules inside it."""
    grid = modules(text)
    size = module_size(text, spot.side)
    drawn = (len(grid) + 2 * QUIET_MODULES) * size
    left = spot.x + (spot.side - drawn) / 2 + QUIET_MODULES * size
    top = spot.y + (spot.side + drawn) / 2 - QUIET_MODULES * size
    c.saveState()
    c.setFillColorRGB(1, 1, 1)
    c.rect(spot.x + (spot.side - drawn) / 2, spot.y + (spot.side - drawn) / 2, drawn, drawn, stroke=0, fill=1)
    c.setFillColorRGB(0, 0, 0)
    path = c.beginPath()
    for row_index, row in enumerate(grid):
        y = top - (row_index + 1) * size
        column = 0
        while column < len(row):
            if not row[column]:
                column += 1
                continue
            start = column
            while column < len(row) and row[column]:
                column += 1
            path.rect(left + start * size, y, (column - start) * size, size)
    c.drawPath(path, stroke=0, fill=1)
    c.restoreState()
