"""The parting check: is every keyed area on a map page parted from the next by a line?

As DESIGN.md defines it: render a map page, keep only the ink darker than
the grid, close gaps of about 1 mm, and flood the floor from each area's
number; a flood that meets another area's number is two areas the page
runs together. What stands on a floor (numbers, notes, marks, stairs, the
"?" beyond an exit, callouts) parts nothing, so the map is rendered a
second time with the same layout but without them (a mark in a narrow
passage would otherwise stop a flood the walls let through); walls, door
glyphs, wall marks and threshold lines stay. An area whose number stands
in a callout on the rock is flooded from a square of its own floor.

Rendered in this process with pypdfium2 at ``DPI``; Pillow closes the
gaps (growing the ink); the flood is a union of runs of free pixels, row
by row.

    python tests/parting.py [SEEDS]   the count over SEEDS seeds (default 40) per game and style
"""

from __future__ import annotations

import io
import math
import re
import sys
from dataclasses import dataclass

import pypdfium2
from PIL import Image, ImageFilter
from reportlab.pdfgen.canvas import Canvas

from printgen.maps import draw, frame
from printgen.maps.spots import DOOR, LABEL, WALL_MARK, Layout
from printgen.render import fonts
from printgen.units import Paper
from printgen.words import BUILT_IN

DPI = 100
INK = 150  # a pixel darker than this is ink: the grid's lines (0.62 grey) and grey rock are lighter
CLOSE = 5  # pixels: ink grown to this square closes a gap of up to 4 pixels (1 mm at 100 dpi is 3.9)
STANDING = (WALL_MARK, DOOR)  # placed things that stand on a wall and stay
FREE = re.compile(rb"\x00+")


@dataclass(frozen=True)
class Parting:
    """A sheet's floods that hold more than one area's number: each a sorted tuple of area numbers."""

    groups: tuple[tuple[int, ...], ...]
    areas: int  # the areas flooded

    @property
    def count(self) -> int:
        return len(self.groups)


def sheet_layout(page: frame.MapPage, paper: Paper, sheet: int = 0) -> Layout:
    """Where everything on one sheet of ``page`` goes, as frame.draw_sheet finds it (the same in every
    map style)."""
    found = frame.plan(page, paper)
    shown = found.shown if len(found.sheets) > 1 or page.window is None else None
    return draw.map_layout(page.level, page.symbols, page.rule, page.content, page.view,
                           found.sheets[sheet].region.pitch, shown)


def sheet_image(page: frame.MapPage, paper: Paper, sheet: int = 0, placed: Layout | None = None):
    """One sheet of ``page`` rendered in grey at ``DPI``, its plan, and where everything on it went;
    with ``placed`` (its layout, ``sheet_layout``), the map alone, drawn with what stands on its floors
    left out (its walls, doors, thresholds and wall marks)."""
    fonts.register_reportlab_fonts()
    out = io.BytesIO()
    c = Canvas(out, pagesize=paper.size, invariant=1)
    found = frame.plan(page, paper)
    if placed is not None:
        region, origin = found.sheets[sheet].region, found.sheets[sheet].origin
        shown = found.shown if len(found.sheets) > 1 or page.window is None else None
        walls_only = Layout([p for p in placed.placed if p.role in STANDING], doors=placed.doors)
        draw.draw_level(c, region, page.level, page.symbols, page.rule, page.content, page.view, origin,
                        page.style, shown, walls_only)
    else:
        placed = frame.draw_sheet(c, paper, page, found, sheet)
    c.showPage()
    c.save()
    document = pypdfium2.PdfDocument(out.getvalue())
    try:
        image = document[0].render(scale=DPI / 72, grayscale=True).to_pil().convert("L")
    finally:
        document.close()
    return image, found, placed


def parting(page: frame.MapPage, paper: Paper, sheet: int = 0, placed: Layout | None = None) -> Parting:
    """The floods of one sheet of ``page`` that run two or more areas together (``placed``: its layout,
    when found already)."""
    placed = placed or sheet_layout(page, paper, sheet)
    image, found, _ = sheet_image(page, paper, sheet, placed)
    region, origin = found.sheets[sheet].region, found.sheets[sheet].origin
    scale = DPI / 72

    def pixel(x: float, y: float) -> tuple[float, float]:
        return ((region.left + (x - origin[0]) * region.pitch) * scale,
                (paper.height - region.top + (y - origin[1]) * region.pitch) * scale)

    left, top = (math.floor(v) for v in pixel(origin[0], origin[1]))
    right, bottom = (math.ceil(v) for v in pixel(origin[0] + region.columns, origin[1] + region.rows))
    # The map's own border is the edge of every flood: only what lies inside it counts.
    ink = image.crop((left + 2, top + 2, right - 2, bottom - 2)).point(lambda v: 255 if v < INK else 0)
    # Every stroke thickened by half a millimetre each way: a gap up to 1 mm closes, straight or at 45°
    # (a square closing would leave a dotted line at 45° open); the floor shrinks by as much, which joins
    # or parts nothing wider.
    closed = ink.filter(ImageFilter.BoxBlur(CLOSE // 2)).point(lambda v: 255 if v else 0)  # any ink in the square
    labels = _components(closed)
    width = closed.width

    def component(x: float, y: float) -> int | None:
        px, py = pixel(x, y)
        px, py = round(px) - left - 2, round(py) - top - 2
        if 0 <= px < width and 0 <= py < closed.height:
            return labels.get((py, px))
        return None

    window = (origin[0], origin[1], origin[0] + region.columns, origin[1] + region.rows)
    seeds: dict[int, int] = {}
    numbers = {p.area: p for p in placed.boxes() if p.role == LABEL and p.area is not None}
    called = {c.area for c in placed.callouts if any(i.role == LABEL for i in c.items)}
    for area in page.level.areas:
        if page.view == draw.BLANK and area.number not in numbers:
            continue
        spot = numbers.get(area.number)
        if spot is not None and area.number not in called:
            x, y = (spot.box[0] + spot.box[2]) / 2, (spot.box[1] + spot.box[3]) / 2
            if not (window[0] <= x < window[2] and window[1] <= y < window[3]):
                continue
            found_at = component(x, y)
        else:
            found_at = next((c for c in (component(cx + 0.5, cy + 0.5) for cx, cy in sorted(area.cells)
                                         if window[0] <= cx < window[2] and window[1] <= cy < window[3])
                             if c is not None), None)
        if found_at is not None:
            seeds[area.number] = found_at
    groups: dict[int, list[int]] = {}
    for number, root in seeds.items():
        groups.setdefault(root, []).append(number)
    return Parting(tuple(sorted(tuple(sorted(g)) for g in groups.values() if len(g) > 1)), len(seeds))


class _Labels:
    """Which flood a pixel lies in: each row's runs of free pixels (start, end, run), and the run each
    run was joined to."""

    def __init__(self, rows: list[list[tuple[int, int, int]]], parent: list[int]):
        self.rows, self.parent = rows, parent

    def get(self, at: tuple[int, int]) -> int | None:
        y, x = at
        for start, end, run in self.rows[y]:
            if start <= x < end:
                return _root(self.parent, run)
        return None


def _root(parent: list[int], k: int) -> int:
    while parent[k] != k:
        parent[k] = parent[parent[k]]
        k = parent[k]
    return k


def _components(mask: Image.Image) -> _Labels:
    """The 4-connected floods of a mask's zero pixels: runs along each row, joined (a union-find over
    runs) where they overlap a run of the row above."""
    data = mask.tobytes()
    width = mask.width
    parent: list[int] = []
    rows: list[list[tuple[int, int, int]]] = []
    above: list[tuple[int, int, int]] = []
    for y in range(mask.height):
        current = []
        k = 0
        for match in FREE.finditer(data, y * width, (y + 1) * width):
            start, end = match.start() - y * width, match.end() - y * width
            run = len(parent)
            parent.append(run)
            while k < len(above) and above[k][1] <= start:
                k += 1
            j = k
            while j < len(above) and above[j][0] < end:
                a, b = _root(parent, run), _root(parent, above[j][2])
                if a != b:
                    parent[max(a, b)] = min(a, b)
                j += 1
            current.append((start, end, run))
        rows.append(current)
        above = current
    return _Labels(rows, parent)


# --- the count over many seeds, for the figures ------------------------------------------

def sample_pages(game: str, seed: str, style: str, numbers: list[int] | None = None) -> list[frame.MapPage]:
    """Every Referee's map page of a game's dungeon at its defaults, inked in ``style`` (``numbers``: only
    these levels, of a campaign whose levels are rolled one by one)."""
    from printgen import products
    from printgen.maps.draw_style import MapStyle
    from printgen.seed import SeedCode

    ink = MapStyle(style, seed)
    if game == "roguelike":
        from printgen.systems.roguelike import dungeon, map_page

        built = dungeon.generate(products.request(SeedCode.make("dungeon", game, seed, {})))
        return [map_page.map_page(BUILT_IN, built, level, draw.GM, ink) for level in built.levels]
    if game == "amulet":
        from printgen.systems.amulet import dungeon, map_page

        built = dungeon.generate(products.request(SeedCode.make("dungeon", game, seed, {})))
        return [map_page.map_page(BUILT_IN, level, "Project: Amulet", True, ink)
                for level in built.levels if level.data["kind"] != "treasure"]
    from printgen.systems.rlrl import generate, level, map_page, rules

    code = SeedCode("dungeon", "rlrl", seed, ())
    count = rules.campaign()["levels"]
    if numbers is None:
        levels = generate.generate(code, 8).levels
    else:
        levels = [level.build_level(code, number, 8, number == count) for number in numbers]
        if levels[-1].level.number == count:
            generate.place_amulet(levels[-1])
    return [map_page.dm_map(BUILT_IN, built, ink) for built in levels]


STYLES = ("grey", "hatched", "ink-saver")


def survey(game: str, seeds: list[str], paper: Paper, levels=None) -> dict[str, tuple[list, int]]:
    """Every sheet of the Referee's maps of ``game`` for each seed (``levels(index)``: which of a campaign's
    level numbers, when not all), in each map style: the floods running areas together, and the areas
    flooded, by style."""
    from dataclasses import replace

    from printgen.maps.draw_style import MapStyle

    groups: dict[str, list] = {style: [] for style in STYLES}
    areas = dict.fromkeys(STYLES, 0)
    for index, seed in enumerate(seeds):
        for page in sample_pages(game, seed, STYLES[0], None if levels is None else levels(index)):
            for sheet in range(len(frame.plan(page, paper).sheets)):
                placed = sheet_layout(page, paper, sheet)
                for style in STYLES:
                    found = parting(replace(page, style=MapStyle(style, seed)), paper, sheet, placed)
                    groups[style] += [(seed, page.level.number, sheet, g) for g in found.groups]
                    areas[style] += found.areas
    return {style: (groups[style], areas[style]) for style in STYLES}


if __name__ == "__main__":
    from printgen.units import PAPERS

    count = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    for game in ("roguelike", "amulet", "rlrl"):
        for label, seeds in (("--seed moonpie", ["moonpie"]), (f"{count} seeds", [f"part{n}" for n in range(count)])):
            for style, (groups, areas) in survey(game, seeds, PAPERS["letter"]).items():
                print(f"{game} {style}, {label}: {len(groups)} floods running {sum(len(g[-1]) for g in groups)} "
                      f"areas together; {areas} areas flooded", flush=True)
