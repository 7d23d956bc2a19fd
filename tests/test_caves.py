"""Roguelike's natural chambers and caverns drawn as caves: a rough wall inside the rolled squares, the
same in every view, style and virtual tabletop file, built rooms and passages straight."""

from __future__ import annotations

import io
import math
from functools import cache

import pytest

from printgen import products
from printgen.maps import caves, draw, frame
from printgen.maps.draw_style import MapStyle
from printgen.maps.draw_walls import door_corners, shown_doors
from printgen.maps.geometry import side_edge
from printgen.maps.spots import LABEL, MARK
from printgen.seed import SeedCode
from printgen.systems.roguelike import dungeon, map_page
from printgen.units import PAPERS
from printgen.words import BUILT_IN

SEEDS = [f"cave{n}" for n in range(6)]


@cache
def built(seed: str):
    return dungeon.generate(products.request(SeedCode.make("dungeon", "roguelike", seed, {})))


def plans(seed: str, view: str = draw.GM, style: str = "grey"):
    """Each level's page and the walls its map draws."""
    found = []
    for level in built(seed).levels:
        page = map_page.map_page(BUILT_IN, built(seed), level, view, MapStyle(style, seed))
        doors = shown_doors(level.areas, page.content.doors, view)
        found.append((page, page.content.walls(level.areas, page.rule, doors, page.symbols)))
    return found


def _within(point, cells) -> bool:
    """On one of ``cells`` (its edge included)."""
    x, y = point
    return any(cx - 1e-9 <= x <= cx + 1 + 1e-9 and cy - 1e-9 <= y <= cy + 1 + 1e-9 for cx, cy in cells)


def test_natural_areas_are_caves_and_built_ones_are_not():
    natural = rough = 0
    for seed in SEEDS:
        for page, walls in plans(seed):
            numbers = {cave.number for cave in walls.caves}
            for area in page.level.areas:
                assert (area.number in numbers) == bool(area.data["natural"] and not area.shape.cuts), area.type
                natural += area.data["natural"]
            rough += len(numbers)
    assert natural >= 10 and rough == natural


def test_a_cave_wall_stays_within_its_squares_and_is_rough():
    """Every point of every cave wall on the area's squares (never beyond them); most stand in from the
    squares' edge; the corners of every door's unit stay on it."""
    inside = points = 0
    for seed in SEEDS:
        for page, walls in plans(seed):
            pinned = door_corners(page.level.areas, page.rule, shown_doors(page.level.areas, page.content.doors,
                                                                          draw.GM))
            for cave in walls.caves:
                area = page.level.area(cave.number)
                for loop in cave.loops:
                    for wall in loop:
                        a, b = wall.unit
                        assert wall.points[0] == a or a not in pinned
                        for p in wall.points:
                            assert _within(p, area.cells), (seed, area.number, p)
                            points += 1
                            inside += min(abs(p[0] - round(p[0])), abs(p[1] - round(p[1]))) > 0.02
    assert points > 500 and inside / points > 0.5, (inside, points)


def test_the_same_cave_in_every_view_and_style():
    """The Referee's map and the players', grey, hatched or ink-saver: the same rough line (a view only
    chooses which of its units are walls)."""
    for seed in SEEDS[:3]:
        reference = [[cave.loops for cave in walls.caves] for _, walls in plans(seed)]
        for view, style in ((draw.LAYOUT, "grey"), (draw.GM, "hatched"), (draw.LAYOUT, "ink-saver")):
            assert [[cave.loops for cave in walls.caves] for _, walls in plans(seed, view, style)] == reference


def test_numbers_and_marks_stand_on_a_caves_floor_clear_of_its_wall():
    checked = 0
    for seed in SEEDS:
        for page, walls in plans(seed):
            found = frame.plan(page, PAPERS["letter"])
            pitch = found.sheets[0].region.pitch
            placed = draw.map_layout(page.level, page.symbols, page.rule, page.content, page.view, pitch, found.shown)
            by_number = {cave.number: cave for cave in walls.caves}
            called = {item for callout in placed.callouts for item in callout.items}
            for spot in placed.placed:
                if spot.role in (LABEL, MARK) and spot.area in by_number and spot not in called:
                    assert by_number[spot.area].holds(spot.box, 1.0 / pitch), (seed, page.level.number, spot)
                    checked += 1
    assert checked > 40


def test_a_virtual_tabletop_has_the_cave_walls_the_map_draws():
    """Every point of every cave wall of the Referee's map is a point of the Universal VTT file's walls."""
    from printgen.maps import vtt

    seed = SEEDS[0]
    request = products.request(SeedCode.make("dungeon", "roguelike", seed, {"format": "uvtt"}))
    views = dungeon.level_views(built(seed), request)
    for level_views, (page, walls) in zip(views, plans(seed)):
        data = vtt.scene_data(level_views, "gm", 50)
        seen = {(p["x"], p["y"]) for line in data["line_of_sight"] for p in line}
        for cave in walls.caves:
            for line in cave.lines:
                for x, y in line:
                    assert (round(x, vtt.PLACES), round(y, vtt.PLACES)) in seen or \
                        _on_some_line((x, y), data["line_of_sight"]), (page.level.number, cave.number, (x, y))


def _on_some_line(point, lines) -> bool:
    """A point dropped where the file's polyline runs straight on through it."""
    x, y = point
    for line in lines:
        for a, b in zip(line, line[1:]):
            ax, ay, bx, by = a["x"], a["y"], b["x"], b["y"]
            cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax)
            if abs(cross) < 1e-3 and min(ax, bx) - 1e-3 <= x <= max(ax, bx) + 1e-3 and \
                    min(ay, by) - 1e-3 <= y <= max(ay, by) + 1e-3:
                return True
    return False


def test_the_rough_line_is_seeded_by_the_dungeon_not_the_order_of_its_walls():
    loops = caves.cave_walls(frozenset({(0, 0), (1, 0), (1, 1)}), set(), "a")
    again = caves.cave_walls(frozenset({(1, 1), (0, 0), (1, 0)}), set(), "a")
    other = caves.cave_walls(frozenset({(0, 0), (1, 0), (1, 1)}), set(), "b")
    assert loops == again and loops != other


@pytest.mark.parametrize("edge", [((0, 0), (1, 0)), ((1, 0), (1, 1))])
def test_door_units_keep_their_corners_on_the_squares_edge(edge):
    cells = frozenset({(0, 0)})
    loops = caves.cave_walls(cells, set(edge), "x")
    points = {p for loop in loops for wall in loop for p in (wall.points[0], wall.points[-1])}
    assert set(edge) <= points
    assert side_edge((0, 0), 0) == ((0, 0), (1, 0))


def _printed_caves(seed: str, style: str):
    """Each sheet of each level's Referee's map in ``style``, rasterised at 150 dpi, with its caves."""
    import map_readback
    import pypdfium2

    found = []
    for page, walls in plans(seed, style=style):
        for sheet in map_readback.sheets(page, PAPERS["letter"]):
            image = pypdfium2.PdfDocument(sheet.data)[0].render(scale=150 / 72, grayscale=True).to_pil().convert("L")
            found.append((page, walls, sheet, image))
    return found


def test_a_printed_caves_walls_stay_on_its_squares_and_leave_every_square_open(style: str = "grey"):
    """Read back from the page: the middle fifth of every square of a cave is white floor (no wall crosses it,
    no passage a square wide is closed), no wall ink reaches into the rock squares round a cave (the
    rounded line stays inside the rolled squares), and every corner of its squares jutting into the rock
    (but a door's) is rounded off: no floor there, a tenth of a square in from it (a third of them were
    floor, the rough line touching the corner, before the line was smoothed; in grey, where rock is not
    white)."""
    scale = 150 / 72
    middles = rock_squares = corners = 0
    for seed in SEEDS[:1]:
        for page, walls, sheet, image in _printed_caves(seed, style):
            region = sheet.region
            pitch = region.pitch
            floor = {cell for area in page.level.areas for cell in area.cells}
            busy = [p.box for p in sheet.placed.placed] + [c.box for c in sheet.placed.callouts]

            def clear(cell) -> bool:  # nothing placed on it (a number's box, a mark, a "?" or a callout)
                x, y = cell
                return not any(b[0] < x + 1 and x < b[2] and b[1] < y + 1 and y < b[3] for b in busy)

            def darkest(cell, inset: float) -> int:
                (x0, y0), (x1, y1) = sheet.point(cell[0] + inset, cell[1] + inset), \
                    sheet.point(cell[0] + 1 - inset, cell[1] + 1 - inset)
                box = (round(x0 * scale), round((PAPERS["letter"].height - y0) * scale),
                       round(x1 * scale), round((PAPERS["letter"].height - y1) * scale))
                return image.crop(box).getextrema()[0]

            for cave in walls.caves:
                for cell in cave.cells:
                    if sheet.shows(cell[0] + 0.5, cell[1] + 0.5) and clear(cell):
                        assert darkest(cell, 0.4) > 150, (seed, page.level.number, cave.number, cell)
                        middles += 1
                for x, y in cave.cells:
                    for cell in ((x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
                        if cell in floor or not sheet.shows(*cell) or not sheet.shows(cell[0] + 1, cell[1] + 1) \
                                or not clear(cell) or style != "grey":
                            continue
                        # grey rock, its grid, and no black of a wall past half a wall's width from its edge
                        assert darkest(cell, (draw.WALL_WIDTH / 2 + 1) / pitch) > 100, (seed, cave.number, cell)
                        rock_squares += 1
                pinned = door_corners(page.level.areas, page.rule, shown_doors(page.level.areas, page.content.doors,
                                                                               draw.GM))
                for x, y in cave.cells if style == "grey" else ():  # hatched rock is white between its strokes
                    for dx, dy in ((0, 0), (1, 0), (0, 1), (1, 1)):
                        corner = (x + dx, y + dy)
                        around = [(corner[0] - a, corner[1] - b) for a in (0, 1) for b in (0, 1)]
                        if corner in pinned or sum(c in cave.cells for c in around) != 1 or \
                                any(c in floor and c not in cave.cells for c in around) or not clear((x, y)):
                            continue
                        ix, iy = x + 0.5 + (0.4 if dx else -0.4), y + 0.5 + (0.4 if dy else -0.4)
                        if not sheet.shows(ix, iy):
                            continue
                        px, py = sheet.point(ix, iy)
                        assert image.getpixel((round(px * scale), round((PAPERS["letter"].height - py) * scale))) < 235, \
                            (seed, page.level.number, cave.number, corner)
                        corners += 1
    assert middles > 60 and (style != "grey" or rock_squares > 60) and (style != "grey" or corners > 30), (middles, rock_squares,
                                                                                         corners)


# -- a cave's wall as it prints, at page and at battle scale ---------------------------------------


def stroked_paths(page) -> list[tuple[list[tuple[float, float]], bool]]:
    """Every path a page strokes as a cave's wall is stroked (black, ``draw.WALL_WIDTH``, round joins): its
    points on the page (points, y up; a curve's end and control points), and whether it holds curves."""
    import pikepdf

    found = []
    ctm, width, join, gray = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), 1.0, 0, 0.0
    stack: list = []
    path: list[tuple[float, float]] = []
    curved = False

    def at(x, y):
        return ctm[0] * x + ctm[2] * y + ctm[4], ctm[1] * x + ctm[3] * y + ctm[5]

    for operands, operator in pikepdf.parse_content_stream(page):
        op = str(operator)
        values = [float(v) for v in operands] if op in ("cm", "w", "j", "G", "m", "l", "c") else []
        if op == "q":
            stack.append((ctm, width, join, gray))
        elif op == "Q":
            ctm, width, join, gray = stack.pop()
        elif op == "cm":
            a = values
            ctm = (a[0] * ctm[0] + a[1] * ctm[2], a[0] * ctm[1] + a[1] * ctm[3], a[2] * ctm[0] + a[3] * ctm[2],
                   a[2] * ctm[1] + a[3] * ctm[3], a[4] * ctm[0] + a[5] * ctm[2] + ctm[4],
                   a[4] * ctm[1] + a[5] * ctm[3] + ctm[5])
        elif op == "w":
            width = values[0]
        elif op == "j":
            join = int(values[0])
        elif op == "G":
            gray = values[0]
        elif op in ("m", "l"):
            path.append(at(*values))
        elif op == "c":
            path += [at(*values[i:i + 2]) for i in (0, 2, 4)]
            curved = True
        elif op in ("S", "s", "f", "f*", "F", "B", "B*", "b", "b*", "n", "W", "W*"):
            if op in ("S", "s") and abs(width - draw.WALL_WIDTH) < 1e-6 and join == 1 and gray == 0 and path:
                found.append((path, curved))
            if op not in ("W", "W*"):
                path, curved = [], False
    return found


def _printed_walls(scale: str):
    """Each printed cave wall of a Roguelike dungeon's Referee's maps at ``scale`` (``page``: cave0's map pages;
    ``battle``: the battle sheets of cave2's first level, of five areas, four of them caves): the squares of
    its cave, its points in squares of the level, whether it holds curves, and a square's size in points."""
    import map_readback
    import pikepdf

    if scale == "page":
        for page, walls in plans(SEEDS[0]):
            for sheet in map_readback.sheets(page, PAPERS["letter"]):
                region, (ox, oy) = sheet.region, sheet.origin
                pdf = pikepdf.open(io.BytesIO(sheet.data))
                yield from _walls_on(pdf.pages[0], walls.caves, region.pitch,
                                     lambda px, py: (ox + (px - region.left) / region.pitch,
                                                     oy + (region.top - py) / region.pitch))
        return
    from printgen.maps import battle

    code = SeedCode.make("dungeon", "roguelike", "cave2", {"levels": "1", "rooms": "5", "scale": "battle"})
    pdf = pikepdf.open(io.BytesIO(products.build(code)))
    request = products.request(code)
    layout = battle.layouts(dungeon.level_views(dungeon.generate(request), request), PAPERS["letter"])[0]
    views, copy, k = layout.views, layout.copy, layout.scale
    assert copy.view == draw.GM
    walls = copy.content.walls(views.level.areas, views.rule,
                               shown_doors(views.level.areas, copy.content.doors, copy.view), copy.symbols)
    left, bottom, width, height = battle.window_box(layout, PAPERS["letter"])
    for index, sheet in enumerate(layout.printed, start=1):  # after the copy's assembly page
        def level_point(px, py, sheet=sheet):
            return ((px - left) / battle.SQUARE + sheet.x) / k, ((bottom + height - py) / battle.SQUARE + sheet.y) / k
        yield from _walls_on(pdf.pages[index], walls.caves, battle.SQUARE * k, level_point)


def _walls_on(page, found_caves, pitch: float, level_point):
    """Each cave wall the page strokes: the squares of the cave most of its points stand on, its points."""
    owner = {cell: cave.cells for cave in found_caves for cell in cave.cells}
    for points, curved in stroked_paths(page):
        line = [level_point(*p) for p in points]
        votes: dict = {}
        for x, y in line:  # (a point on the squares' edge: either square beside it)
            for cells in {owner.get((math.floor(x + dx), math.floor(y + dy))) for dx in (-1e-6, 1e-6)
                          for dy in (-1e-6, 1e-6)} - {None}:
                votes[cells] = votes.get(cells, 0) + 1
        yield (max(votes, key=votes.get) if votes else frozenset()), line, curved, pitch


def _near(point, cells, slack: float) -> bool:
    """On one of ``cells``, or no further than ``slack`` from one."""
    x, y = point
    return any((cx, cy) in cells and cx - slack <= x <= cx + 1 + slack and cy - slack <= y <= cy + 1 + slack
               for cx in {math.floor(x - slack), math.floor(x + slack)} for cy in {math.floor(y - slack), math.floor(y + slack)})


@pytest.mark.parametrize("scale", ["page", "battle"])
def test_a_printed_cave_wall_is_a_rounded_line_inside_its_squares(scale):
    """Read back from the printed Referee's maps (page scale: every level's map page; battle scale: a level's
    sheets, as `printgen dungeon --scale battle` prints them): every point of every cave
    wall stands on its cave's rolled squares (to half the wall's width), and the line is not grid-stepped:
    under half its points stand on a line of the squares' grid and under half its pieces run along one,
    and no piece is longer than 10 pt, so it reads as a curve (a line drawn on the squares' edges has all
    its points and pieces on the grid; at battle scale the line of a page's map, drawn larger, had pieces
    of 29 pt)."""
    points = on_grid = pieces = along = 0
    longest = 0.0
    for cells, line, curved, pitch in _printed_walls(scale):
        slack = draw.WALL_WIDTH / 2 / pitch
        for x, y in line:
            assert _near((x, y), cells, slack), (scale, x, y)
            on_grid += min(abs(x - round(x)), abs(y - round(y))) < 0.02
            points += 1
        for a, b in zip(line, line[1:]):
            if math.dist(a, b) > 1e-6:
                angle = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 90
                along += min(angle, 90 - angle) < 5
                pieces += 1
                if not curved:
                    longest = max(longest, math.dist(a, b) * pitch)
    assert points > 1000, points
    assert on_grid / points < 0.5 and along / pieces < 0.5, (scale, on_grid, points, along, pieces)
    assert longest <= 10.0, (scale, longest)
