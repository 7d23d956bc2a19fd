"""The QR code of a file's seed code, drawn as vector paths on its first page.

A phone pointed at the page reads the seed code, and ``printgen reproduce``
makes the very same file from it (or from a photo of the page). The symbol
is segno's (error correction M or better, never a Micro QR), drawn here as
filled rectangles, one per run of dark modules in a row, so it stays sharp
at any size and its bytes are the same on every machine.

Where it goes: the first page keeps a square of ``side_for(code)`` free of
its own marks, and the code is drawn there. Compose stamps it in the
bottom right corner (``place``; render.canvas.first_page_qr lifts it over
a footer that would reach under it), unless the product names another
square, or a page laid out by WeasyPrint says where it kept the room: an
element with the id ``ROOM_ID`` on the first page (the template sizes it
from ``qr.side`` and floats it where the text may flow around it). A
sheet, a deck's first sheet and graph paper place the code themselves. A
test renders every product's first page without the code and finds the
square empty.

Size: a module is drawn at most MAX_MODULE and at least MIN_MODULE, which
an ordinary decoder reads every time from a 150 dpi render. A short code
takes less than the usual 24 mm square (19.8 mm up to 26 characters, 22.2
mm up to 42); codes up to 152 characters fit in 24 mm; the longest code
printgen makes (265 characters, a version 12 symbol of 73 modules with its
quiet zone) takes 29.2 mm, and the square grows to that.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import lru_cache

from ..units import mm

QUIET_MODULES = 4  # the light margin the QR standard asks for, in modules
BOX = mm(24)  # the square a first page keeps free for the code, quiet zone included
EDGE = mm(8)  # from the page's right and bottom edges: inside what a home printer prints
MAX_MODULE = mm(0.6)  # a short code is not drawn larger than this
MIN_SIDE = mm(15)  # no square is smaller, quiet zone included
MIN_MODULE = mm(0.4)  # nor any code smaller: 2.4 pixels at 150 dpi (at 0.33 mm some renders do not read)
GAP = mm(1.5)  # between the square and the page's own marks beside it
ROOM_ID = "printgen-qr"  # a WeasyPrint page's element that keeps the room (a named destination in its PDF)


@dataclass(frozen=True)
class Place:
    """Where a page's code stands: the lower left corner and side of its square, quiet zone included."""

    x: float
    y: float
    side: float = BOX


def place(page_size: tuple[float, float], text: str, above: float = 0.0) -> Place:
    """The usual square for the code of ``text``: the page's bottom right corner, clear of the edge a printer
    cannot reach, and with its foot at ``above`` or higher."""
    width, _ = page_size
    side = side_for(text)
    return Place(width - EDGE - side, max(EDGE, above), side)


def side_for(text: str, largest: float = BOX) -> float:
    """The side of the square the code of ``text`` takes with its quiet zone: its modules at MAX_MODULE, in a
    square of at most ``largest``, unless that would make them smaller than MIN_MODULE (a long code), and
    never under MIN_SIDE."""
    count = len(_matrix(text)) + 2 * QUIET_MODULES
    return max(MIN_SIDE, count * MIN_MODULE, min(largest, count * MAX_MODULE))


def modules(text: str) -> list[list[bool]]:
    """The symbol's modules, dark as True, row by row from the top, without the quiet zone."""
    return [list(row) for row in _matrix(text)]


@lru_cache(maxsize=64)
def _matrix(text: str) -> tuple[tuple[bool, ...], ...]:
    """``segno.make(text, error="m", micro=False).matrix``: what segno.make does, but with segno's encoder alone
    where segno is not imported yet."""
    segno = sys.modules.get("segno")
    if segno is not None and hasattr(segno, "make"):
        matrix = segno.make(text, error="m", micro=False).matrix
    else:
        matrix = _encoder().encode(text, "m", None, None, None, None, False, False, boost_error=True).matrix
    return tuple(tuple(bool(dark) for dark in row) for row in matrix)


def _encoder():
    """segno's encoder module, imported without segno's package: the package imports its writers too (SVG, PNG
    and the like), and they xml.sax.saxutils, which imports urllib.request, http.client, email and ssl: 80 ms of
    a run that only wants the modules (a deck on sheets imports none of them otherwise). The package stands in
    sys.modules, not run, while its encoder loads, under the import lock; an ``import segno`` later runs it whole
    and takes this encoder."""
    found = sys.modules.get("segno.encoder")
    # Its entry stands in sys.modules from the start of its import: a module still being imported (by another
    # thread, holding the lock below) is waited for, as importlib itself tells it (its spec's _initializing).
    if found is not None and not getattr(getattr(found, "__spec__", None), "_initializing", False):
        return found
    import _imp
    import importlib.util

    _imp.acquire_lock()  # no other thread imports segno while its package is the stand-in
    try:
        found = sys.modules.get("segno.encoder")
        if found is not None:  # made whole by another thread while this one waited for the lock
            return found
        spec = importlib.util.find_spec("segno")
        if spec is None:
            raise ImportError("segno is not installed", name="segno")
        sys.modules["segno"] = importlib.util.module_from_spec(spec)
        try:
            from segno import encoder  # the stand-in's folder holds it; it imports segno's own modules alone

            return encoder
        finally:
            del sys.modules["segno"]
    finally:
        _imp.release_lock()


def module_size(text: str, side: float = BOX) -> float:
    """How large one module is drawn when the code and its quiet zone fill ``side``."""
    count = len(_matrix(text)) + 2 * QUIET_MODULES
    return min(MAX_MODULE, side / count)


def draw(c, spot: Place, text: str) -> None:
    """The code of ``text`` in ``spot``: a white square with the quiet zone, the dark modules inside it."""
    grid = _matrix(text)
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
