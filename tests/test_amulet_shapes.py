"""Project: Amulet's rooms as the rules draw them: every form of every shape, levels built of them over many
seeds (45° walls shared square by square, doors meeting walls of their own kind), and the maps read back."""

from __future__ import annotations

import functools
import io
import json
import math
from dataclasses import replace

import jsonschema
import pypdfium2
import pytest
import vtt_checks
from amulet_shapes import assert_drawn_as_the_rules_say
from conftest import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageDraw, ImageFilter
from reportlab.pdfgen.canvas import Canvas

from printgen import products, schemas
from printgen.maps import checks, draw, frame, vtt
from printgen.maps.draw_style import MapStyle
from printgen.maps.geometry import EAST, NORTH, SOUTH, WEST, across, connected, enclosed_area, side_edge
from printgen.maps.level import Floor
from printgen.render import fonts
from printgen.seed import SeedCode
from printgen.systems.amulet import dungeon, map_page, room_forms
from printgen.systems.amulet.level import RULE, LevelBuilder
from printgen.units import PAPERS
from printgen.words import BUILT_IN

SHAPES = ("Square", "Rectangle", "Hallway", "Triangle", "Circle")
LETTER = PAPERS["letter"]
FAST = settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def code_for(seed: str, **options) -> SeedCode:
    return SeedCode.make("dungeon", "amulet", seed, {k: str(v) for k, v in options.items()})


# -- every form of every shape ----------------------------------------------------------------------


@pytest.mark.parametrize("word", SHAPES)
@pytest.mark.parametrize("size", range(1, 6))
def test_every_form_is_the_rules_shape_and_every_unit_of_its_wall_takes_a_door(word, size):
    forms = room_forms.forms(word, size)
    assert forms
    for form in forms:
        assert_drawn_as_the_rules_say(word, size, form, room_forms.shape_data(word, form))
        assert connected(form.cells)
        assert enclosed_area(form.outline()) == form.floor_area  # its walls close round its floor
        # Every unit of its outline is a unit a door may stand in: straight, or a 45° one through a half
        # square (a round room's box, where the circle comes near it).
        outline = {side_edge(*unit) for unit in form.walls}
        drawn = {tuple(sorted((a, b))) for loop in form.outline() for a, b in zip(loop, loop[1:] + loop[:1])}
        if not form.curved:
            assert {tuple(sorted(edge)) for edge in outline} == _unit_edges(drawn)


def _unit_edges(edges) -> set:
    """Outline edges cut into unit edges (one square's side, or one square's diagonal)."""
    found = set()
    for (ax, ay), (bx, by) in edges:
        steps = int(max(abs(bx - ax), abs(by - ay)))
        for k in range(steps):
            a = (ax + (bx - ax) * k / steps, ay + (by - ay) * k / steps)
            b = (ax + (bx - ax) * (k + 1) / steps, ay + (by - ay) * (k + 1) / steps)
            found.add(tuple(sorted((a, b))))
    return found


def test_the_rules_forms_are_all_there():
    """45° Squares and Rectangles, Hallways at 45° cropped at either end or neither, Triangles in all four
    turns, Circles round and with walls."""
    assert any(form.cuts for form in room_forms.forms("Square", 3))
    assert any(form.cuts for form in room_forms.forms("Rectangle", 4))
    turned = [f for f in room_forms.forms("Hallway", 4) if f.cuts]
    assert len(turned) == 2 * (1 + 4 + 2)  # each way: uncropped, one end cropped either way, both on one side
    crops = {tuple(room_forms.shape_data("Hallway", f).get("cropped", [])) for f in turned}
    assert crops == {(), ("north",), ("east",), ("south",), ("west",), ("north", "east"), ("east", "south"),
                     ("south", "west"), ("north", "west")}
    assert {room_forms.shape_data("Triangle", f)["facing"] for f in room_forms.forms("Triangle", 3)} == \
        {"north-east", "south-east", "south-west", "north-west"}
    assert [room_forms.shape_data("Circle", f)["drawn"] for f in room_forms.forms("Circle", 2)] == ["round", "walls"]
    assert [room_forms.shape_data("Circle", f)["drawn"] for f in room_forms.forms("Circle", 4)] == ["walls"]


# -- levels of them, over many seeds --------------------------------------------------------------


@FAST
@given(seed=st.integers(0, 100_000), size=st.sampled_from((8, 12, 16)))
def test_rooms_meet_along_walls_of_their_own_kind(seed, size):
    """Every door opens onto a unit of wall of the room beyond it of its own kind: a straight door onto a
    straight wall, a door in a 45° wall across its square into the other half, held by a room whose own
    45° wall runs there; two rooms share a square only along its diagonal, each holding its half."""
    builder = LevelBuilder(code_for(f"shapes{seed}"), 1, size)
    level = builder.build()
    assert check_level(level) == []
    floor = Floor(level.areas)
    for cell, halves in floor.halves.items():
        assert len(halves) <= 2 and (len(halves) < 2 or sorted(halves) in ([1, 5], [3, 7])), cell
    for area in level.areas:
        assert room_forms.shape_data(area.type, area.shape) == {**area.data["shape"]}
        for exit_ in area.exits:
            if exit_.inside or exit_.at is None:
                continue
            for unit, far in zip(exit_.units, exit_.far_units()):
                assert unit in area.shape.wall_set
                assert far[1] % 2 == unit[1] % 2  # never a straight door onto a 45° wall, or the other way
                behind = floor.at(*far)
                if exit_.leads == "area" and behind is not None:
                    assert behind in (exit_.to, *exit_.also) and far in level.area(behind).shape.wall_set
                    assert far[0] == unit[0] if unit[1] % 2 else far[0] != unit[0]


def check_level(level) -> list[str]:
    return checks.check_level(level, RULE, last=True, is_way_down=lambda link: True)


def test_rooms_at_45_degrees_share_their_walls_and_doors_open_through_them():
    """Over a few dozen dungeons, rooms meet along 45° walls, and doors in them lead into rooms turned to
    meet them: Triangles, Hallways, Squares and Rectangles at 45°, Circles drawn with walls."""
    entered_at_45, shared = {}, 0
    for n in range(30):
        for level in dungeon.generate(products.request(code_for(f"meet{n}"))).levels:
            shared += len(Floor(level.areas).halves)
            for area in level.areas:
                way_in = next((e for e in area.exits if e.far_side and e.to == area.entered_from), None)
                if way_in is not None and way_in.side % 2:
                    entered_at_45[area.type] = entered_at_45.get(area.type, 0) + 1
    assert shared > 100
    assert set(entered_at_45) == set(SHAPES), entered_at_45


def test_a_cropped_hallway_meets_a_straight_door_with_its_cropped_end():
    met = 0
    for n in range(30):
        for level in dungeon.generate(products.request(code_for(f"crop{n}"))).levels:
            for area in level.areas:
                way_in = next((e for e in area.exits if e.far_side and e.to == area.entered_from), None)
                if area.type != "Hallway" or not area.shape.cuts or way_in is None or way_in.side % 2:
                    continue
                # Entered through a straight door: by the straight wall of a cropped end.
                assert way_in.side in [("north", "east", "south", "west").index(c) * 2
                                       for c in area.data["shape"]["cropped"]]
                met += 1
    assert met > 10


def test_json_names_each_rooms_half_squares_and_validates_against_the_schema():
    validator = jsonschema.Draft202012Validator(schemas.load("dungeon"))
    for n in range(6):
        data = json.loads(products.build(code_for(f"json{n}", format="json", levels=4)))
        assert not [e.message for e in validator.iter_errors(data)]
        for level in data["levels"]:
            halves: dict = {}
            for area in level["areas"]:
                cells = {tuple(c) for c in area["cells"]}
                for x, y, side in area["shape"].get("halves", []):
                    assert (x, y) in cells
                    halves.setdefault((x, y), []).append(side)
            seen: dict = {}
            for area in level["areas"]:
                for cell in map(tuple, area["cells"]):
                    seen[cell] = seen.get(cell, 0) + 1
            for cell, count in seen.items():  # a square in two rooms is halved between them, corner to corner
                assert count == 1 or sorted(halves.get(cell, [])) in (["north-east", "south-west"],
                                                                       ["north-west", "south-east"]), cell


def test_the_checks_refuse_rooms_overlapping_in_a_half_square():
    level = next(lv for n in range(20) for lv in dungeon.generate(products.request(code_for(f"bad{n}"))).levels
                 if Floor(lv.areas).halves and any(len(h) == 2 for h in Floor(lv.areas).halves.values()))
    assert check_level(level) == []
    cell, halves = next((c, h) for c, h in Floor(level.areas).halves.items() if len(h) == 2)
    area = level.area(halves[min(halves)])
    cut = dict(area.shape.cuts)
    cut[cell] = max(halves)  # the same half as the other room's
    area.shape = replace(area.shape, cuts=tuple(cut.items()))
    assert any("overlap" in problem for problem in checks.no_overlap(level))


# -- the maps read back --------------------------------------------------------------------------------


def rendered(level, view: str, style: str, dpi: int = 100):
    """A level's map page drawn and rasterised: the grey image, the sheet's region and origin, and where
    everything went."""
    fonts.register_reportlab_fonts()
    page = map_page.map_page(BUILT_IN, level, "Project: Amulet", view == draw.GM, MapStyle(style, "shapes"))
    out = io.BytesIO()
    c = Canvas(out, pagesize=LETTER.size, invariant=1)
    found = frame.plan(page, LETTER)
    placed = frame.draw_sheet(c, LETTER, page, found, 0)
    c.showPage()
    c.save()
    image = pypdfium2.PdfDocument(out.getvalue())[0].render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
    sheet = found.sheets[0]
    scale = dpi / 72

    def pixel(x: float, y: float) -> tuple[float, float]:
        region, (ox, oy) = sheet.region, sheet.origin
        return ((region.left + (x - ox) * region.pitch) * scale,
                (LETTER.size[1] - (region.top - (y - oy) * region.pitch)) * scale)

    (ox, oy), region = sheet.origin, sheet.region
    pixel.window = (ox, oy, ox + region.columns, oy + region.rows)  # the squares the map shows
    return image, pixel, placed, sheet.region.pitch * scale


@functools.cache
def maps_levels(n: int) -> tuple:
    """The levels with rooms of the test dungeon ``maps{n}``, made once a process, when first asked for
    (not while the tests are collected)."""
    return tuple(level for level in dungeon.generate(products.request(code_for(f"maps{n}"))).levels if level.areas)


@pytest.mark.parametrize("n", range(6))
def test_no_floor_belongs_to_no_room(n):
    """On the mapper's map in grey (floors white, rock grey), every white pixel away from the marks placed
    on it (door glyphs, a "?", a callout's box) lies on a room's floor: its squares, the floor half of its
    half squares, a round room's box; no wedge of floor stands beside a 45° wall. Every other level of six
    dungeons (of three levels each: the same levels, in turn, as counted over all of them)."""
    for level in maps_levels(n)[n % 2::2]:
        assert_no_floor_outside_rooms(level, f"maps{n} level {level.number}")


def assert_no_floor_outside_rooms(level, where: str) -> None:
    image, pixel, placed, _ = rendered(level, draw.GM, "grey")
    allowed = Image.new("L", image.size, 0)
    pen = ImageDraw.Draw(allowed)
    for area in level.areas:
        if area.shape.curved:
            x0, y0, x1, y1 = area.shape.box
            pen.rectangle([pixel(x0, y0), pixel(x1 + 1, y1 + 1)], fill=255)
            continue
        for loop in area.shape.outline():
            pen.polygon([pixel(*p) for p in loop], fill=255)
    for box in [spot.box for spot in placed.boxes()] + [callout.box for callout in placed.callouts]:
        left, top, right, bottom = box  # marks on the wall or on the rock beside their room
        pen.rectangle([pixel(left - 0.2, top - 0.2), pixel(right + 0.2, bottom + 0.2)], fill=255)
    for area in level.areas:
        for exit_ in area.exits:
            for cell, side in exit_.units:
                (ax, ay), (bx, by) = side_edge(cell, side)
                pen.ellipse([pixel((ax + bx) / 2 - 0.35, (ay + by) / 2 - 0.35),
                             pixel((ax + bx) / 2 + 0.35, (ay + by) / 2 + 0.35)], fill=255)
    allowed = allowed.filter(ImageFilter.MaxFilter(5))  # a pixel's worth of antialiasing
    # White pixels nowhere allowed, marked by PIL over the whole page; then only the box that holds those on the
    # map is read pixel by pixel (it has a million, and nearly always none is marked).
    marked = ImageChops.multiply(image.point(lambda v: 255 if v > 250 else 0),
                                 allowed.point(lambda v: 255 if v == 0 else 0))
    left, top, right, bottom = _map_box(level, pixel)
    window = (max(0, math.floor(left)), max(0, math.floor(top)),
              min(image.width, math.ceil(right) + 1), min(image.height, math.ceil(bottom) + 1))
    box = marked.crop(window).getbbox()
    found = [] if box is None else [(window[0] + x, window[1] + y) for x in range(box[0], box[2])
                                    for y in range(box[1], box[3]) if marked.getpixel((window[0] + x, window[1] + y))]
    inside = [(x, y) for x, y in found if _on_map(level, pixel, x, y)]
    assert not inside, (where, inside[:5])


def test_a_wall_along_the_levels_edge_is_drawn_whole():
    """Where a room stands against the level's edge, its wall there is black all the way out: the map's
    border stands outside it, not over its outer half (read back at 300 dpi, a pixel beyond the edge)."""
    outward = {NORTH: (0, -1), SOUTH: (0, 1), WEST: (-1, 0), EAST: (1, 0)}
    seen = 0
    for n in range(6):
        for level in maps_levels(n):
            last_x, last_y = level.width - 1, level.height - 1
            units = [(cell, side) for area in level.areas if not area.shape.curved for cell, side in area.shape.walls
                     if (side, cell[1] if side in (NORTH, SOUTH) else cell[0]) in
                     ((NORTH, 0), (SOUTH, last_y), (WEST, 0), (EAST, last_x))
                     and not any((cell, side) in e.units for e in area.exits)]
            if not units:
                continue
            image, pixel, _, _ = rendered(level, draw.GM, "grey", dpi=300)
            ink = image.load()
            for cell, side in units:
                (ax, ay), (bx, by) = side_edge(cell, side)
                x, y = pixel((ax + bx) / 2, (ay + by) / 2)
                dx, dy = outward[side]
                assert ink[round(x) + dx, round(y) + dy] < 50, (n, level.number, cell, side)
                seen += 1
        if seen >= 12:
            break
    assert seen >= 12


def _on_map(level, pixel, x: float, y: float) -> bool:
    """Within the level and the squares its map shows (the mapper's map shows the squares it uses)."""
    left, top, right, bottom = _map_box(level, pixel)
    return left + 2 < x < right - 2 and top + 2 < y < bottom - 2


def _map_box(level, pixel) -> tuple[float, float, float, float]:
    """The pixels' box of the level's squares that the map shows."""
    x0, y0, x1, y1 = pixel.window
    left, top = pixel(max(0, x0), max(0, y0))
    right, bottom = pixel(min(level.width, x1), min(level.height, y1))
    return left, top, right, bottom


@pytest.mark.parametrize("style", ["grey", "hatched", "ink-saver"])
def test_every_room_outline_is_closed_where_it_has_no_exit(style):
    """Read back from the drawn mapper's map: the middle of every unit of every room's wall (straight or
    45°) is wall ink, but where one of its doors stands (a secret door is wall, its S over it)."""
    units = 0
    for level in [level for n in range(3) for level in maps_levels(n)][:8]:
        image, pixel, _, _ = rendered(level, draw.GM, style, dpi=150)
        ink = image.load()
        doors = {unit for area in level.areas for e in area.exits if not e.inside and not e.secret
                 for unit in e.units}
        for area in level.areas:
            if area.shape.curved:
                continue  # a round room's circle: see test_vtt (its walls close every area)
            for unit in area.shape.walls:
                if unit in doors or across(*unit) in doors:
                    continue
                (ax, ay), (bx, by) = side_edge(*unit)
                x, y = pixel((ax + bx) / 2, (ay + by) / 2)
                darkest = min(ink[round(x) + dx, round(y) + dy] for dx in (-1, 0, 1) for dy in (-1, 0, 1))
                assert darkest < 90, (level.number, area.number, unit, darkest)
                units += 1
    assert units > 300


@FAST
@given(seed=st.integers(0, 100_000))
def test_vtt_walls_and_portals_close_every_room(seed):
    """The Universal VTT scene of a level: every room closed by its walls and portals, every portal on a
    wall, a portal at every door that opens (over many seeds, every shape among them)."""
    request = products.request(code_for(f"vtt{seed}", levels=1))
    for views in dungeon.level_views(dungeon.generate(request), request):
        for gm in (False, True):
            data = vtt.scene_data(views, "gm" if gm else "players")
            problems = (vtt_checks.portal_ends_on_walls(data, views, gm) + vtt_checks.points_inside(data)
                        + vtt_checks.doorways_have_portals(data, views, gm) + vtt_checks.areas_closed(data, views, gm))
            assert not problems, (seed, gm, problems[:3])

