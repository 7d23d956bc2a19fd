"""Roguelike's natural chambers and caverns drawn as caves: a rough wall inside the rolled squares, the
same in every view, style and virtual tabletop file, built rooms and passages straight."""

from __future__ import annotations

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

SEEDS = [f"cave{n}" for n in range(6)]


@cache
def built(seed: str):
    return dungeon.generate(products.request(SeedCode.make("dungeon", "roguelike", seed, {})))


def plans(seed: str, view: str = draw.GM, style: str = "grey"):
    """Each level's page and the walls its map draws."""
    found = []
    for level in built(seed).levels:
        page = map_page.map_page(built(seed), level, view, MapStyle(style, seed))
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
                return min(image.crop(box).getdata())

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
