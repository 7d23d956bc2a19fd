"""A gamebook's play sheet: what a lone player ticks and notes besides the character's own sheet.

A game gives its blocks, top to bottom; each is drawn in a titled box as
tall as it needs, over as many pages as they take:

- ``Numbers``: a box for each number, to cross off when a section says
  "tick 37" (in order, so a number is found at a glance), or to circle where a
  track stands (Health);
- ``Named``: boxes with a name each, DOOR 3 or KEY 2;
- ``Said``: a few lines of standing rules ("below zero Health, turn to 212");
- ``Lines``: ruled lines to write on.

Every text is 6 pt or more and every box 3.5 mm or more, as on every sheet.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from ..progress import Listener
from ..render import fonts
from ..render import text as text_engine
from ..seed import SeedCode
from ..units import Paper, mm
from .draw import MIN_BOX, Style, box, label, title_band, titled
from .page import EDGE, FOOTER_ROOM

CELL_HEIGHT = mm(5.6)
CELL_GAP = mm(0.8)
BLOCK_GAP = mm(3.5)
TITLE_ROOM = 13 + 4  # a titled box's title and padding (sheets.draw.titled), in points at scale 1
LINE_PITCH = mm(6)


@dataclass(frozen=True)
class Numbers:
    title: str
    note: str
    numbers: tuple[int, ...]


@dataclass(frozen=True)
class Named:
    title: str
    note: str
    names: tuple[str, ...]


@dataclass(frozen=True)
class Said:
    title: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Lines:
    title: str
    note: str
    count: int


Block = Numbers | Named | Said | Lines


def _cell_width(block: Numbers | Named) -> float:
    texts = [str(n) for n in block.numbers] if isinstance(block, Numbers) else list(block.names)
    widest = max((text_engine.measure(t, fonts.SERIF, 7.5) for t in texts), default=0.0)
    return max(MIN_BOX, widest + mm(3))


def _columns(block: Numbers | Named, width: float) -> int:
    return max(1, int((width + CELL_GAP) // (_cell_width(block) + CELL_GAP)))


def _rows(block: Block, width: float) -> int:
    if isinstance(block, (Numbers, Named)):
        count = len(block.numbers) if isinstance(block, Numbers) else len(block.names)
        return -(-count // _columns(block, width))
    return len(block.lines) if isinstance(block, Said) else block.count


def height(block: Block, width: float) -> float:
    """How tall a block's titled box is at ``width``."""
    inner = width - mm(2.8)
    pitch = LINE_PITCH if isinstance(block, Lines) else (mm(4.2) if isinstance(block, Said) else CELL_HEIGHT + CELL_GAP)
    return TITLE_ROOM + _rows(block, inner) * pitch + mm(1.5)


def draw_pages(c: Canvas, size: tuple[float, float], heading: str, blocks: list[Block], style: Style = Style(),
               edge: float = mm(12), foot: float = mm(14)) -> int:
    """The blocks top to bottom under ``heading``, a new page (headed again) when the next does not fit;
    each page finished. Returns the number of pages."""
    width, page_height = size
    inner_w = width - 2 * edge
    pages = 0
    top = None
    for block in blocks:
        h = height(block, inner_w)
        if top is None or top - h < foot:
            if top is not None:
                c.showPage()
            pages += 1
            c.saveState()
            c.translate(edge, 0)
            top = title_band(c, inner_w, page_height - edge, heading, style) - BLOCK_GAP
            c.restoreState()
        _draw(c, block, edge, top - h, inner_w, h, style)
        top -= h + BLOCK_GAP
    c.showPage()
    return pages


def _draw(c: Canvas, block: Block, x: float, y: float, w: float, h: float, style: Style) -> None:
    note = "" if isinstance(block, Said) else block.note
    ix, iy, iw, ih = titled(c, x, y, w, h, block.title, note, style)
    top = iy + ih
    if isinstance(block, Said):
        for k, line in enumerate(block.lines):
            label(c, ix, top - mm(3.2) - k * mm(4.2), line, style, 8, gray=0.05)
        return
    if isinstance(block, Lines):
        c.saveState()
        c.setStrokeGray(style.faint_gray)
        c.setLineWidth(0.4)
        for k in range(block.count):
            line_y = top - (k + 1) * LINE_PITCH
            c.line(ix, line_y, ix + iw, line_y)
        c.restoreState()
        return
    cell_w = _cell_width(block)
    columns = _columns(block, iw)
    texts = [str(n) for n in block.numbers] if isinstance(block, Numbers) else list(block.names)
    for k, words in enumerate(texts):
        row, column = divmod(k, columns)
        cx = ix + column * (cell_w + CELL_GAP)
        cy = top - (row + 1) * (CELL_HEIGHT + CELL_GAP) + CELL_GAP
        box(c, cx, cy, cell_w, CELL_HEIGHT, style, round_=mm(0.8))
        label(c, cx + cell_w / 2, cy + CELL_HEIGHT / 2 - 2.6, words, style, 7.5, gray=0.1, centre=True)


def play_sheet(code: SeedCode, paper: Paper, title: str, draw_sheet: Callable[[Canvas, float, float], None],
               heading: str, blocks: list[Block], listener: Listener | None = None) -> bytes:
    """The play sheet at a solo booklet's front: the game's character sheet (``draw_sheet(canvas, width,
    height)``) on a page within the margins ``printgen sheet`` gives one (sheets/page.py), then the play pages'
    ``blocks`` under ``heading``; ``listener`` (the request's) hears the step."""
    from ..render.canvas import new_document

    doc = new_document(code, title, paper.size)
    c = doc.canvas
    c.saveState()
    c.translate(EDGE, FOOTER_ROOM)
    draw_sheet(c, paper.width - 2 * EDGE, paper.height - EDGE - FOOTER_ROOM)
    c.restoreState()
    c.showPage()
    draw_pages(c, paper.size, heading, blocks)
    return doc.finish(listener)
