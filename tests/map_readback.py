"""A map page read back from its PDF: the area numbers as printed, the "?" rings beyond the unexplored exits and
how far each stands from its exit, the ink of what stands on the floor, the ink a map style spends.

Shared by the map tests and ``benchmarks/map_figures.py``. Everything is measured on the page in points (PDF
space, y up): the text runs and painted shapes ``test_sheet_print.read_marks`` reads from the content stream,
or pixels pypdfium2 renders.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass

import pikepdf
import pypdfium2
from reportlab.pdfgen.canvas import Canvas
from test_sheet_print import Shape, TextRun, read_marks

from printgen.maps import draw, frame
from printgen.maps.geometry import side_edge, step
from printgen.maps.spots import door_extent
from printgen.render import fonts
from printgen.units import Paper

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 on the page


@dataclass(frozen=True)
class Sheet:
    """One sheet of a map page as it prints: its PDF, its plan, where everything went, what it holds."""

    page: frame.MapPage
    paper: Paper
    index: int
    data: bytes
    plan: frame.Plan
    placed: draw.Layout
    texts: list[TextRun]
    shapes: list[Shape]

    @property
    def region(self) -> draw.Region:
        return self.plan.sheets[self.index].region

    @property
    def origin(self) -> tuple[int, int]:
        return self.plan.sheets[self.index].origin

    @property
    def map_box(self) -> Box:
        region = self.region
        return region.left, region.bottom, region.right, region.top

    def point(self, x: float, y: float) -> tuple[float, float]:
        """A point of the level (squares) on the page (points, y up)."""
        region, (ox, oy) = self.region, self.origin
        return region.left + (x - ox) * region.pitch, region.top - (y - oy) * region.pitch

    def shows(self, x: float, y: float) -> bool:
        ox, oy = self.origin
        return ox <= x <= ox + self.region.columns and oy <= y <= oy + self.region.rows


def sheets(page: frame.MapPage, paper: Paper) -> list[Sheet]:
    """Every sheet of ``page``, drawn as the booklet draws it, and read back."""
    fonts.register_reportlab_fonts()
    found = frame.plan(page, paper)
    placed = frame.layout(page, found)
    result = []
    for index in range(len(found.sheets)):
        out = io.BytesIO()
        c = Canvas(out, pagesize=paper.size, invariant=1)
        frame.draw_sheet(c, paper, page, found, index, placed)
        c.showPage()
        c.save()
        data = out.getvalue()
        texts, shapes = read_marks(pikepdf.open(io.BytesIO(data)))
        result.append(Sheet(page, paper, index, data, found, placed, texts, shapes))
    return result


def within(box: Box, outer: Box, slack: float = 0.0) -> bool:
    return (box[0] >= outer[0] - slack and box[1] >= outer[1] - slack and box[2] <= outer[2] + slack
            and box[3] <= outer[3] + slack)


def area_numbers(sheet: Sheet) -> list[TextRun]:
    """The area numbers printed on the sheet's map or in its callouts: runs of digits alone, each an area's."""
    numbers = {str(a.number) for a in sheet.page.level.areas}
    return [t for t in sheet.texts if t.text.strip() in numbers and within(t.box, sheet.map_box, 1.0)
            and not t.in_footer]


def rings(sheet: Sheet) -> list[tuple[float, float, float]]:
    """The dashed rings round a "?" on the sheet's map: centre and radius, in points."""
    found = []
    for s in sheet.shapes:
        w, h = s.box[2] - s.box[0], s.box[3] - s.box[1]
        if s.dashed and s.closed and s.stroked and 0 < w < sheet.region.pitch * 1.5 and abs(w - h) < 0.5 \
                and within(s.box, sheet.map_box, 0.5):
            found.append(((s.box[0] + s.box[2]) / 2, (s.box[1] + s.box[3]) / 2, w / 2))
    return found


def _segment_distance(p, a, b) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def opening(exit_, gap: int) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Where an exit opens onto the rock beyond it, in squares: the far side of its doorway (a square of rock
    between areas) or its own wall, a unit of it for each of the door's."""
    if gap:
        return [side_edge(step(cell, side), side) for cell, side in exit_.units]
    return [side_edge(cell, side) for cell, side in exit_.units]


@dataclass(frozen=True)
class Question:
    area: int
    exit_: object
    distance: float  # pt from its "?" ring to where the exit opens onto the rock (0: touching or over it)
    reach: float  # pt the exit's own glyph reaches off its wall (a "?" touching the glyph touches the exit)
    own: bool = True  # a "?" placed for it (else: the nearest ring, perhaps another exit's it shares)


def questions(sheet: Sheet) -> list[Question]:
    """Each unexplored exit the sheet shows, and how far the "?" ring placed for it stands from its opening
    (the layout says which "?" is whose; the ring is read from the page where that "?" stands): its own, or
    failing that the nearest ring (two exits onto one square of rock may share one)."""
    page = sheet.page
    found_rings = rings(sheet)
    pitch = sheet.region.pitch
    whose: dict[tuple[float, float, float], object] = {}
    for spot in sheet.placed.boxes("unexplored"):
        x, y = sheet.point(spot.x, spot.y)
        ring = min(found_rings, key=lambda r: math.hypot(r[0] - x, r[1] - y), default=None)
        if ring is not None and math.hypot(ring[0] - x, ring[1] - y) < 1.0:
            whose[ring] = spot
    result = []
    for area in page.level.areas:
        for index, exit_ in enumerate(area.exits):
            if exit_.at is None or exit_.inside or exit_.far_side or exit_.leads != "unexplored":
                continue
            segments = [(sheet.point(*a), sheet.point(*b)) for a, b in opening(exit_, page.rule.gap)]
            middles = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in opening(exit_, page.rule.gap)]
            own = [spot for spot in sheet.placed.boxes("unexplored") if spot.area == area.number
                   and getattr(spot, "exit", None) == index]
            if not all(sheet.shows(*m) for m in middles) or not all(sheet.shows(s.x, s.y) for s in own):
                continue  # its opening or its "?" on another sheet
            symbol = page.symbols.doors[exit_.kind]
            reach = 0.0
            line = sheet.placed.doors.get(id(exit_))
            if symbol.segment is None and exit_.kind != "open" and line is not None:
                (ax, ay), (bx, by) = opening(exit_, page.rule.gap)[0]
                if (abs(line.x - ax) < 0.01 and abs(line.x - bx) < 0.01) or (abs(line.y - ay) < 0.01 and
                                                                              abs(line.y - by) < 0.01):
                    reach = door_extent(symbol, pitch, exit_.secret)[1] * pitch  # its glyph on the opening
            elif symbol.segment is not None:
                # posts, ticks and waves reach a tenth of a square off the wall; a letter across it, its own half
                shown = page.symbols.secret_symbol(exit_.kind) if exit_.secret else symbol
                middle = getattr(shown.segment, "middle", None)
                reach = max(0.1 * pitch, middle(pitch) if middle is not None else 0.0)
            own = [r for r, spot in whose.items() if spot.area == area.number
                   and getattr(spot, "exit", index) == index]
            mine = [r for r in own if getattr(whose[r], "exit", None) == index] or own
            distance = min((max(0.0, _segment_distance((x, y), a, b) - r) for x, y, r in mine or found_rings
                            for a, b in segments), default=math.inf)
            result.append(Question(area.number, exit_, distance, reach, bool(mine)))
    return result


def ink(data: bytes, dpi: float = 50, box: Box | None = None, height: float | None = None) -> float:
    """The ink a page spends: the sum of its pixels' darkness (0 white .. 1 black) at ``dpi``, over ``box``
    (points, PDF space, on a page ``height`` points tall) or the whole page."""
    document = pypdfium2.PdfDocument(data)
    try:
        image = document[0].render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
    finally:
        document.close()
    if box is not None:
        scale = dpi / 72
        image = image.crop((round(box[0] * scale), round((height - box[3]) * scale), round(box[2] * scale),
                            round((height - box[1]) * scale)))
    histogram = image.histogram()
    return sum((255 - value) * count for value, count in enumerate(histogram)) / 255


def _page_box(sheet: Sheet, box) -> Box:
    (x0, y0), (x1, y1) = sheet.point(box[0], box[3]), sheet.point(box[2], box[1])
    return x0, y0, x1, y1


def _overlap(a: Box, b: Box, slack: float) -> bool:
    return a[0] < b[2] - slack and b[0] < a[2] - slack and a[1] < b[3] - slack and b[1] < a[3] - slack


def printed_items(sheet: Sheet, roles: set[str]) -> list[tuple[object, Box]]:
    """Each placed thing of ``roles`` on the sheet's map, and the box of the ink printed for it: every text run
    and painted shape whose middle lies within its place (the ink a glyph spills past its place counts), no
    more than half as large again as its place (a wall or a door's line running past it is not its ink)."""
    region = sheet.region
    frames = [_page_box(sheet, c.box) for c in sheet.placed.callouts]  # a callout's own box holds its items

    def framing(box: Box) -> bool:
        return any(all(abs(u - v) < 1.0 for u, v in zip(box, f)) for f in frames)

    marks = [t.box for t in sheet.texts if not t.in_footer] + \
        [s.box for s in sheet.shapes if not s.in_footer and s.box[2] - s.box[0] < region.pitch * 2
         and s.box[3] - s.box[1] < region.pitch * 2 and not framing(s.box)]
    items = [p for p in sheet.placed.boxes() if p.role in roles]
    result = []
    for item in items:
        place = _page_box(sheet, item.box)
        if not _overlap(place, sheet.map_box, 0.0):
            continue
        inked = [b for b in marks if place[0] - 0.5 <= (b[0] + b[2]) / 2 <= place[2] + 0.5
                 and place[1] - 0.5 <= (b[1] + b[3]) / 2 <= place[3] + 0.5
                 and b[2] - b[0] <= 1.5 * (place[2] - place[0]) + 1 and b[3] - b[1] <= 1.5 * (place[3] - place[1]) + 1]
        if inked:
            result.append((item, (min(b[0] for b in inked), min(b[1] for b in inked), max(b[2] for b in inked),
                                  max(b[3] for b in inked))))
    return result


def ink_overlaps(sheet: Sheet, roles: set[str], slack: float = 0.3) -> list[tuple[object, object]]:
    """Pairs of placed things whose printed ink overlaps (by more than ``slack`` points): never two door
    glyphs (a door's two leaves), nor an area's number and its own notes."""
    found = printed_items(sheet, roles)
    pairs = []
    for index, (a, box_a) in enumerate(found):
        for b, box_b in found[index + 1:]:
            if a.role == b.role == "door":
                continue
            if {a.role, b.role} <= {"label", "note"} and a.area == b.area:
                continue
            if _overlap(box_a, box_b, slack) and _disc_meets(a, box_a, box_b, slack) and _disc_meets(b, box_b, box_a,
                                                                                                    slack):
                pairs.append((a, b))
    return pairs


def _disc_meets(item, box: Box, other: Box, slack: float) -> bool:
    """For a "?" (a ring: its box's disc), whether the disc meets ``other``; for anything else, True."""
    if item.role != "unexplored":
        return True
    x, y, r = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2, (box[2] - box[0]) / 2
    nx, ny = min(max(x, other[0]), other[2]), min(max(y, other[1]), other[3])
    return math.hypot(x - nx, y - ny) < r - slack
