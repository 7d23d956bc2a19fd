"""Graph paper: square grids (¼ in, 5 mm, 1 in battle grid) and a hex grid.

Lines sit at exact multiples of the pitch from the grid's corner, so the
squares measure what they claim when printed at actual size; the calibration
rulers at the foot of each page let the user check that their printer agrees.
On the first page the seed code's QR stands at the right of that band, under
the grid, and the centimetre ruler moves in beside it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..options import Option
from ..render import qr
from ..seed import SeedCode
from ..units import MIN_TEXT_PT, Paper, inch, mm
from ..words import Words
from . import PAPER_OPTION, PDF_ONLY, PPI_OPTION, TEMPLATES_OPTION, Product, Request, register

if TYPE_CHECKING:  # ReportLab loads only when a page is drawn
    from reportlab.pdfgen.canvas import Canvas

SYSTEM = "generic"
MAX_PAGES = 500


@dataclass(frozen=True)
class Grid:
    name: str
    label: str
    pitch: float  # points: side of a square, or a hex's width across flats
    hex: bool = False


GRIDS = {
    "quarter-inch": Grid("quarter-inch", "¼-inch squares", inch(0.25)),
    "5mm": Grid("5mm", "5 mm squares", mm(5)),
    "inch": Grid("inch", "1-inch battle grid", inch(1)),
    "hex": Grid("hex", "1-inch hexes (across flats)", inch(1), hex=True),
}
DEFAULT_GRID = {"letter": "quarter-inch", "a4": "5mm"}

# Page furniture, in points.
SIDE_MARGIN = mm(12)
TOP_MARGIN = mm(14)
BOTTOM_BAND = mm(26)  # rulers, the actual-size note and the footer live here (more for a very long code's QR)
QR_FOOT = mm(5)  # the foot of the first page's QR square (its quiet zone: the code's dark modules start higher)
LIGHT_GREY, LIGHT_WIDTH = 0.62, 0.35
HEAVY_GREY, HEAVY_WIDTH = 0.38, 0.7
BORDER_GREY, BORDER_WIDTH = 0.3, 0.9
LABEL_GREY = 0.35


@dataclass(frozen=True)
class GraphPaperSpec:
    paper: Paper
    grid: Grid
    pages: int
    heavy_every: int  # 0: no heavier lines
    band: float = BOTTOM_BAND  # the foot of the page under the grid


OPTIONS = (
    PAPER_OPTION,
    Option("grid", "Grid. Default: quarter-inch on Letter, 5mm on A4.", choices=tuple(GRIDS),
           default=lambda values: DEFAULT_GRID[values["paper"]], value_alone=True),
    Option("pages", "Number of pages.", low=1, high=MAX_PAGES, default="1"),
    Option("heavy-every", "A heavier line every N squares (0: none).", low=0, high=50, default="5"),
    PDF_ONLY,
    PPI_OPTION,
    TEMPLATES_OPTION,
)


def spec_of(request: Request) -> GraphPaperSpec:
    values = request.options
    spec = GraphPaperSpec(request.paper, GRIDS[values["grid"]], values["pages"], values["heavy-every"])
    # The band holds the first page's QR under the grid; a code too long for the usual band widens it.
    needed = _qr_foot(request.code, spec.paper) + qr.side_for(str(request.code), largest=0) + qr.GAP
    return spec if needed <= BOTTOM_BAND else replace(spec, band=needed)


def build(request: Request) -> bytes:
    from ..render.canvas import render_pages

    spec = spec_of(request)
    request.listener.pages_ahead(spec.pages, "graph paper")
    title = f"Graph paper, {spec.grid.label}, {spec.paper.label}"
    spot = qr_spot(request.code, spec)
    return render_pages(request.code, title, spec.paper, spec.pages,
                        lambda c, index: draw_page(request.words, c, spec, spot if index == 0 else None), qr_place=spot,
                        listener=request.listener)


def _qr_foot(code: SeedCode, paper: Paper) -> float:
    """The foot of the QR's square: QR_FOOT, or over the footer where a long code's footer reaches under it."""
    from ..render.canvas import clear_of_footer

    return max(QR_FOOT, clear_of_footer(code, paper.size, paper.width - SIDE_MARGIN - qr.side_for(str(code))))


def qr_spot(code: SeedCode, spec: GraphPaperSpec) -> qr.Place:
    """The first page's QR: at the right of the band, as large as the room under the grid allows (up to the
    usual square)."""
    foot = _qr_foot(code, spec.paper)
    side = min(qr.side_for(str(code)), grid_bottom(spec) - qr.GAP - foot)
    return qr.Place(spec.paper.width - SIDE_MARGIN - side, foot, side)


def grid_bottom(spec: GraphPaperSpec) -> float:
    """The foot of the grid: its lowest line, or its lowest hexes' corners."""
    if spec.grid.hex:
        return hex_layout(spec.paper, spec.grid.pitch, spec.band)[1]
    return square_layout(spec.paper, spec.grid.pitch, spec.band).y0


register(Product(
    "graph-paper", "Graph paper for mapping: ¼ in, 5 mm, a 1-inch battle grid or hexes.", build, own=OPTIONS,
    also=(SYSTEM,), rank=90, seeded=False, one_page=lambda request: request.options["pages"] == 1,
    examples=(("graph-paper", "¼-inch squares on Letter"),
              ("graph-paper --paper a4", "5 mm squares on A4"),
              ("graph-paper --grid inch --pages 4", "1-inch battle grid, 4 pages"),
              ("graph-paper --grid hex --heavy-every 0", "hexes")),
    listed=lambda: ["Grids:    " + ", ".join(f"{g.name} ({g.label})" for g in GRIDS.values())],
))


@dataclass(frozen=True)
class SquareLayout:
    x0: float  # left edge of the grid
    y0: float  # bottom edge of the grid
    columns: int
    rows: int
    pitch: float


def square_layout(paper: Paper, pitch: float, band: float = BOTTOM_BAND) -> SquareLayout:
    """As many whole squares as fit inside the margins, centred."""
    usable_w = paper.width - 2 * SIDE_MARGIN
    usable_h = paper.height - TOP_MARGIN - band
    columns = math.floor(usable_w / pitch + 1e-9)
    rows = math.floor(usable_h / pitch + 1e-9)
    x0 = (paper.width - columns * pitch) / 2
    y0 = band + (usable_h - rows * pitch) / 2
    return SquareLayout(x0, y0, columns, rows, pitch)


def draw_page(phrasebooks: Words, c: Canvas, spec: GraphPaperSpec, spot: qr.Place | None = None) -> None:
    """A page; the first is given where its QR stands (``spot``), and the rulers make room for it."""
    if spec.grid.hex:
        summary = draw_hexes(c, spec.paper, spec.grid.pitch, spec.band)
    else:
        summary = draw_squares(c, spec.paper, spec.grid.pitch, spec.heavy_every, spec.band)
    _draw_header(phrasebooks, c, spec, summary)
    draw_calibration(phrasebooks, c, spec.paper, spot.x if spot else None)


def draw_squares(c: Canvas, paper: Paper, pitch: float, heavy_every: int, band: float = BOTTOM_BAND) -> str:
    layout = square_layout(paper, pitch, band)
    x1 = layout.x0 + layout.columns * pitch
    y1 = layout.y0 + layout.rows * pitch
    c.saveState()
    c.setLineCap(0)
    light, heavy = [], []
    heavy_columns, heavy_rows = heavy_lines(layout.columns, heavy_every), heavy_lines(layout.rows, heavy_every)
    for i in range(1, layout.columns):
        x = layout.x0 + i * pitch
        (heavy if i in heavy_columns else light).append((x, layout.y0, x, y1))
    for j in range(1, layout.rows):
        y = y1 - j * pitch
        (heavy if j in heavy_rows else light).append((layout.x0, y, x1, y))
    c.setStrokeGray(LIGHT_GREY)
    c.setLineWidth(LIGHT_WIDTH)
    c.lines(light)
    if heavy:
        c.setStrokeGray(HEAVY_GREY)
        c.setLineWidth(HEAVY_WIDTH)
        c.lines(heavy)
    c.setStrokeGray(BORDER_GREY)
    c.setLineWidth(BORDER_WIDTH)
    c.rect(layout.x0, layout.y0, x1 - layout.x0, y1 - layout.y0, stroke=1, fill=0)
    c.restoreState()
    return f"{layout.columns} × {layout.rows} squares"


def heavy_lines(squares: int, every: int) -> set[int]:
    """Which of the lines 1..squares-1 across a grid are heavy: every ``every``-th, the pattern centred on the
    grid, so the part squares left over fall half at each edge (exactly where they can: an odd ``every``, or an
    even count of squares; within half a square otherwise)."""
    if not every or every >= squares:
        return set()
    best: set[int] = set()
    best_gap = squares
    for start in range(1, every + 1):
        lines = set(range(start, squares, every))
        gap = abs(min(lines) - (squares - max(lines)))  # the squares before the first against after the last
        if gap < best_gap:
            best, best_gap = lines, gap
    return best


def hex_layout(paper: Paper, across_flats: float, band: float = BOTTOM_BAND) -> tuple[float, float, int, int]:
    """The hex grid's left edge and foot, and its columns and rows: as many as fit, centred."""
    side = across_flats / math.sqrt(3)
    usable_w = paper.width - 2 * SIDE_MARGIN
    usable_h = paper.height - TOP_MARGIN - band
    # Columns advance by 1.5 sides; odd columns sit half a hex lower.
    columns = math.floor((usable_w - 0.5 * side) / (1.5 * side))
    rows = math.floor((usable_h - 0.5 * across_flats) / across_flats)
    grid_w = 1.5 * side * columns + 0.5 * side
    grid_h = across_flats * rows + 0.5 * across_flats
    return (paper.width - grid_w) / 2, band + (usable_h - grid_h) / 2, columns, rows


HEX_NUMBER = MIN_TEXT_PT  # pt: a hex's number, as small as printgen prints any word


def draw_hexes(c: Canvas, paper: Paper, across_flats: float, band: float = BOTTOM_BAND) -> str:
    """Flat-topped hexes in columns, each labelled with its column and row (0101…)."""
    from ..render import fonts

    side = across_flats / math.sqrt(3)
    left, foot, columns, rows = hex_layout(paper, across_flats, band)
    top = foot + across_flats * rows + 0.5 * across_flats
    c.saveState()
    c.setStrokeGray(HEAVY_GREY)
    c.setLineWidth(LIGHT_WIDTH * 1.5)
    c.setLineJoin(1)
    c.setFillGray(LABEL_GREY)
    c.setFont(fonts.MONO, HEX_NUMBER)
    for col in range(columns):
        for row in range(rows):
            cx = left + side + 1.5 * side * col
            cy = top - across_flats / 2 - across_flats * row - (across_flats / 2 if col % 2 else 0)
            path = c.beginPath()
            for k in range(6):
                angle = math.radians(60 * k)
                x, y = cx + side * math.cos(angle), cy + side * math.sin(angle)
                path.moveTo(x, y) if k == 0 else path.lineTo(x, y)
            path.close()
            c.drawPath(path, stroke=1, fill=0)
            c.drawCentredString(cx, cy + across_flats / 2 - 7.5, f"{col + 1:02d}{row + 1:02d}")
    c.restoreState()
    return f"{columns} × {rows} hexes"


def _draw_header(phrasebooks: Words, c: Canvas, spec: GraphPaperSpec, summary: str) -> None:
    say = phrasebooks.say_for(__package__)
    from ..render import fonts

    c.saveState()
    c.setFillGray(LABEL_GREY)
    c.setFont(fonts.SERIF, 8)
    baseline = spec.paper.height - TOP_MARGIN + mm(4)
    c.drawString(SIDE_MARGIN, baseline, f"{spec.grid.label} · {summary}")
    c.drawRightString(spec.paper.width - SIDE_MARGIN, baseline, say("graph-paper.actual-size"))
    c.restoreState()


def draw_calibration(phrasebooks: Words, c: Canvas, paper: Paper, qr_left: float | None = None) -> None:
    """A 2-inch ruler and a 5-cm ruler, with a note on how to use them; the 5-cm ruler stands at the right,
    or left of ``qr_left`` where the first page's QR stands."""
    say = phrasebooks.say_for(__package__)
    from ..render import fonts
    from ..render import text as text_engine

    baseline = mm(14)
    c.saveState()
    c.setStrokeGray(0)
    c.setFillGray(0)
    c.setLineWidth(0.5)
    inch_left = SIDE_MARGIN
    _ruler(c, inch_left, baseline, inch(2), [(inch(i / 4), mm(3) if i % 4 == 0 else mm(1.6)) for i in range(9)])
    c.setFont(fonts.SERIF, 7)
    for i in range(3):
        c.drawCentredString(inch_left + inch(i), baseline - mm(3.2), str(i))
    c.drawString(inch_left + inch(2) + mm(2), baseline - mm(0.5), "2 in")

    cm_left = paper.width - SIDE_MARGIN - mm(50) - mm(9)
    if qr_left is not None:  # its label clear of the QR's square by a gap and the quiet zone's look of one
        cm_left = min(cm_left, qr_left - mm(3) - mm(50) - mm(2) - text_engine.measure("5 cm", fonts.SERIF, 7))
    ticks = [(mm(i), mm(3) if i % 10 == 0 else mm(2) if i % 5 == 0 else mm(1)) for i in range(51)]
    _ruler(c, cm_left, baseline, mm(50), ticks)
    for i in range(6):
        c.drawCentredString(cm_left + mm(10 * i), baseline - mm(3.2), str(i))
    c.drawString(cm_left + mm(50) + mm(2), baseline - mm(0.5), "5 cm")

    c.setFont(fonts.SERIF_ITALIC, 7.5)
    c.setFillGray(0.2)
    middle = (inch_left + inch(2) + mm(10) + cm_left) / 2
    c.drawCentredString(middle, baseline + mm(0.5), say("graph-paper.check-rulers"))
    c.drawCentredString(middle, baseline - mm(3), say("graph-paper.rulers-measure"))
    c.restoreState()


def _ruler(c: Canvas, left: float, baseline: float, length: float, ticks: list[tuple[float, float]]) -> None:
    c.line(left, baseline, left + length, baseline)
    c.lines([(left + at, baseline, left + at, baseline + height) for at, height in ticks])
