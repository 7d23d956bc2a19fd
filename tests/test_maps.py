"""The map engine, free of any game: shapes, rotations, adjacency rules, growth, checks, drawing."""

import io
import math
import shutil
import subprocess

import pypdfium2
import pytest
from conftest import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reportlab.pdfgen.canvas import Canvas

from printgen.maps import checks, draw, draw_notes, geometry, glyphs, shapes, walls
from printgen.maps.adjacency import ROCK_GAP, SHARED_WALL
from printgen.maps.geometry import EAST, NORTH, SIDES, components, connected, enclosed_area, outline, step
from printgen.maps.level import Exit, Floor, Grid, Level, Link
from printgen.maps.placement import Plan
from printgen.maps.steps.explore import Explorer
from printgen.maps.steps.first_area import place_first
from printgen.maps.steps.fit_map import fit_map
from printgen.maps.steps.grow import grow
from printgen.maps.steps.link_levels import link_levels
from printgen.maps.steps.settle_doors import settle_doors
from printgen.maps.steps.way_down import ensure_way_down
from printgen.maps.symbols import Symbols
from printgen.render import fonts
from printgen.seed import stream
from printgen.words import BUILT_IN

FAST = settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def room_shapes():
    return st.one_of(
        st.builds(shapes.rectangle, st.integers(1, 9), st.integers(1, 9)),
        st.builds(shapes.hallway, st.integers(2, 12), st.integers(1, 2)),
        st.builds(shapes.right_triangle, st.integers(1, 9)),
        st.builds(shapes.circle, st.integers(1, 11)),
        st.builds(lambda n, s: shapes.polyomino(n, stream(str(s), "poly")), st.integers(1, 12), st.integers(0, 99)),
    )


@FAST
@given(shape=room_shapes(), eighths=st.integers(0, 7))
def test_every_shape_covers_exactly_its_area_at_every_rotation(shape, eighths):
    turned = shapes.rotated(shape, eighths)
    # The outline computed from the cells encloses exactly the cells.
    assert enclosed_area(outline(turned.cells)) == turned.area
    assert connected(turned.cells) or eighths % 2  # a quarter turn keeps a shape whole
    if eighths % 2 == 0:
        assert turned.area == shape.area
    else:  # a 45° turn keeps the area to within the shape's rim
        rim = len(shape.rim)
        assert abs(turned.area - shape.area) <= rim + 2
    # Every rim square can be entered from outside.
    for cell, heading in turned.entries:
        assert cell in turned.cells and step(cell, (heading + 4) % 8) not in turned.cells


@FAST
@given(squares=st.integers(1, 12), seed=st.integers(0, 999))
def test_a_polyomino_has_exactly_its_squares_joined_side_to_side(squares, seed):
    shape = shapes.polyomino(squares, stream(str(seed), "poly"))
    assert shape.area == squares and connected(shape.cells)


def test_triangles_have_one_straight_wall_each_way_and_circles_are_round():
    tri = shapes.right_triangle(6)
    assert tri.area == 21
    assert all((x, 0) in tri.cells for x in range(6)) and all((0, y) in tri.cells for y in range(6))
    disc = shapes.circle(9)
    assert disc.round == (4.5, 4.5, 4.5)
    assert abs(disc.area - math.pi * 4.5 ** 2) < 9


@FAST
@given(heading=st.sampled_from(SIDES), width=st.integers(1, 3), first=st.integers(2, 8), second=st.integers(2, 8),
       bend=st.sampled_from([-2, 2]))
def test_a_right_angle_turn_is_as_long_as_rolled(heading, width, first, second, bend):
    shape = shapes.passage(heading, width, ((0, first), (bend, second)))
    assert connected(shape.cells)
    assert shape.area == width * (first + second)  # centre line first + second squares, width squares wide
    (opening,) = shape.openings
    assert opening.heading == (heading + bend) % 8 and step(opening.cell, opening.side) not in shape.cells


@FAST
@given(heading=st.sampled_from(SIDES), width=st.integers(1, 3), bend=st.sampled_from([-1, 1]), length=st.integers(3, 10))
def test_a_45_degree_turn_keeps_its_new_heading(heading, width, bend, length):
    shape = shapes.passage(heading, width, ((0, 3), (bend, length)))
    assert connected(shape.cells)
    (opening,) = shape.openings
    assert opening.heading == (heading + bend) % 8
    assert opening.side in ((heading + bend - 1) % 8, (heading + bend + 1) % 8)


@FAST
@given(heading=st.sampled_from(SIDES), width=st.integers(1, 3),
       arms=st.sampled_from([((-1, 2), (1, 2)), ((-2, 2), (2, 2)), ((-2, 2), (0, 2), (2, 2))]))
def test_forks_and_crossings_open_on_every_arm(heading, width, arms):
    shape = shapes.passage(heading, width, ((0, 4),), arms)
    assert connected(shape.cells)
    assert [o.heading for o in shape.openings] == [(heading + t) % 8 for t, _ in arms]
    assert len({(o.cell, o.side) for o in shape.openings}) == len(arms)


def test_a_dead_end_has_no_opening():
    shape = shapes.passage(NORTH, 1, ((0, 2),), open_end=False)
    assert shape.openings == () and len(shape.closed_ends) == 1 and shape.area == 2


def _roller(seed: int):
    rng = stream(str(seed), "rolls")

    def roll(attempt: int) -> Plan:
        if rng.random() < 0.4:
            length, width, bend = rng.choice([4, 6, 10]), rng.choice([1, 2]), rng.choice([0, -1, 1, -2, 2])
            return Plan("passage", lambda h: [shapes.passage(h, width, ((0, length // 2), (bend, length - length // 2)))],
                        doors=[Exit("door")])
        kind = rng.choice(["rectangle", "triangle", "circle", "polyomino"])
        base = {"rectangle": shapes.rectangle(rng.randint(1, 5), rng.randint(1, 5)),
                "triangle": shapes.right_triangle(rng.randint(2, 5)),
                "circle": shapes.circle(rng.randint(3, 6)),
                "polyomino": shapes.polyomino(rng.randint(2, 12), rng)}[kind]
        forms = [shapes.rotated(base, e) for e in range(0, 8, 2)]
        doors = [Exit("door", secret=rng.random() < 0.2) for _ in range(rng.randint(1, 3))]
        return Plan(kind, lambda h: forms, doors=doors)
    return roll


def _grow(seed: int, rule, areas: int = 14) -> tuple[Level, Grid]:
    rng = stream(str(seed), "place")
    level, grid = Level(1, 30, 32), Grid(30, 32, rule, overflow=30)
    roll = _roller(seed)
    place_first(level, grid, roll(0), rng, ((15, -1), EAST if seed % 2 else 4))
    grow(level, grid, roll, areas, rng, reopen="arch")
    settle_doors(level, grid, rng)
    fit_map(level)
    return level, grid


@FAST
@given(seed=st.integers(0, 10_000), rule=st.sampled_from([ROCK_GAP, SHARED_WALL]))
def test_grown_levels_keep_every_guarantee_under_both_rules(seed, rule):
    level, _ = _grow(seed, rule)
    assert checks.check_level(level, rule, last=True, is_way_down=lambda link: True) == []
    assert len(level.areas) == 14
    numbers = [a.number for a in level.areas]
    assert numbers == list(range(1, 15))
    for area in level.areas[1:]:
        if area.entered_from is not None:
            assert area.entered_from < area.number  # walking order
    for area in level.areas:
        for exit_ in area.exits:
            assert (exit_.to is not None) == (exit_.leads == "area")


def test_checks_catch_what_they_claim():
    level, _ = _grow(7, ROCK_GAP)
    a, b = level.areas[0], level.areas[1]
    # overlap
    b.shape = shapes.Shape("rectangle", b.cells | {next(iter(a.cells))}, b.shape.entries)
    assert any("overlap" in p for p in checks.no_overlap(level))
    # the rock gap: a square beside another area
    level, _ = _grow(7, ROCK_GAP)
    a, b = level.areas[0], level.areas[1]
    near = next(step(c, s) for c in sorted(a.cells) for s in SIDES if step(c, s) not in a.cells)
    b.shape = shapes.Shape("rectangle", b.cells | {near}, b.shape.entries)
    assert any("touch" in p for p in checks.keeps_adjacency(level, ROCK_GAP))
    # a shared wall with the parent
    level, _ = _grow(8, SHARED_WALL)
    child = next(a for a in level.areas if a.entered_from is not None)
    child.shape = child.shape.moved(200, 200)
    assert any("shares no wall" in p for p in checks.keeps_adjacency(level, SHARED_WALL))
    assert any("leaves the map" in p for p in checks.fits_map(level))
    # reachability and the way down
    level, _ = _grow(9, ROCK_GAP)
    last = level.areas[-1]
    last.entered_from = None
    for area in level.areas:
        for exit_ in area.exits:
            if exit_.to == last.number:
                exit_.to, exit_.leads = None, "unexplored"
    assert checks.all_reachable(level)
    assert checks.has_way_down(level, lambda link: link.kind == "down") == ["level 1: no way down"]


def test_way_down_goes_to_the_farthest_area_and_levels_link_to_the_next_arrival():
    levels = [_grow(seed, ROCK_GAP)[0] for seed in (1, 2)]
    for number, level in enumerate(levels, 1):
        level.number = number
        got = ensure_way_down(level, lambda link: link.kind == "down", lambda area: area.links.append(Link("down")))
        distance = level.distances()
        assert distance[got.number] == max(distance.values())
    link_levels(levels, lambda link: link.kind == "down", lambda level, source: 3 if source != 3 else 4)
    first_down = [l for a in levels[0].areas for l in a.links if l.kind == "down"]
    assert first_down and all((l.level, l.area) == (2, levels[1].arrival) for l in first_down)
    last_down = [(a.number, l) for a in levels[1].areas for l in a.links if l.kind == "down"]
    assert all(l.level == 2 and l.area != source for source, l in last_down)


def test_a_secret_door_is_an_s_for_the_referee_and_plain_wall_for_the_players(tmp_path):
    """Draw one grown level in each view and read the words back: the S shows on the referee's map only."""
    if not shutil.which("pdftotext"):
        pytest.skip("pdftotext is not installed")
    fonts.register_reportlab_fonts()
    level, _ = _grow(3, ROCK_GAP)
    secret = next(e for a in level.areas for e in a.exits if e.at is not None and e.leads == "area")
    secret.secret = True
    symbols = Symbols().door("door", glyphs.door(1), "door").door("arch", glyphs.arch, "arch")
    texts = {}
    for view in (draw.GM, draw.LAYOUT):
        path = tmp_path / f"{view}.pdf"
        c = Canvas(str(path), pagesize=(612, 792))
        draw.draw_level(c, draw.Region(36, 760, 18, level.width, level.height), level, symbols, ROCK_GAP,
                        draw.Content(), view)
        c.save()
        texts[view] = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, check=True).stdout.decode()
    numbers = {str(a.number) for a in level.areas}
    assert "S" in texts[draw.GM].split() and numbers <= set(texts[draw.GM].split())
    assert "S" not in texts[draw.LAYOUT].split() and not numbers & set(texts[draw.LAYOUT].split())


# -- 45° walls, shared walls explored door by door, doors of several units ------------------------


def diagonal_shapes():
    """Shapes with straight 45° walls through half squares, and round rooms."""
    return st.one_of(
        st.builds(lambda leg: shapes.right_triangle(leg, diagonal=True), st.integers(1, 8)),
        st.builds(shapes.diagonal_hallway, st.integers(3, 9), st.sampled_from(("", "north", "west")),
                  st.sampled_from(("", "south", "east"))),
        st.builds(shapes.diagonal_room, st.integers(1, 7), st.integers(1, 7)),
        st.builds(shapes.walled_circle, st.integers(2, 9)),
        st.builds(shapes.round_room, st.integers(1, 9)),
        st.builds(lambda w, h: shapes.rotated(shapes.rectangle(w, h), 1, diagonal_walls=True),
                  st.integers(2, 7), st.integers(1, 5)),
        st.builds(lambda w, h: shapes.rotated(shapes.rectangle(w, h), 3, diagonal_walls=True),
                  st.integers(2, 7), st.integers(1, 5)),
    )


@FAST
@given(shape=diagonal_shapes(), quarters=st.integers(0, 3))
def test_45_degree_shapes_cover_exactly_their_area_at_every_rotation(shape, quarters):
    turned = shapes.rotated(shape, 2 * quarters)
    # Quarter turns keep the squares, the half squares and the floor.
    assert (turned.area, len(turned.cuts), turned.floor_area) == (shape.area, len(shape.cuts), shape.floor_area)
    assert connected(turned.cells)
    # The walls computed from the squares and their halves enclose exactly the floor.
    assert enclosed_area(turned.outline()) == turned.floor_area
    for cell, side in turned.cuts:  # only a corner with rock on both its sides is cut away
        assert cell in turned.cells and all(step(cell, s) not in turned.cells for s in components(side))
    cut = dict(turned.cuts)
    for cell, side in turned.walls:
        if side % 2:
            assert cut[cell] == side
        else:
            assert step(cell, side) not in turned.cells
            assert turned.curved or cell not in cut or side not in components(cut[cell])
    if turned.curved:
        assert turned.round[:2] == ((turned.box[0] + turned.box[2] + 1) / 2, (turned.box[1] + turned.box[3] + 1) / 2)


def test_a_45_degree_turn_with_diagonal_walls_runs_them_straight():
    turned = shapes.rotated(shapes.rectangle(6, 2), 1, diagonal_walls=True)
    loops = turned.outline()
    diagonals = [(a, b) for loop in loops for a, b in zip(loop, loop[1:] + loop[:1]) if a[0] != b[0] and a[1] != b[1]]
    assert diagonals and all(abs(b[0] - a[0]) == abs(b[1] - a[1]) for a, b in diagonals)
    assert len(loops) == 1


class _ShapeRules:
    """A small game for the explorer: rooms of every shape behind every door, doors of one or more units."""

    def __init__(self, seed: int):
        self.rng = stream(str(seed), "explore")

    def choose(self, count: int) -> int:
        return self.rng.randint(0, count - 1)

    def forms(self, size: int) -> list:
        kind = self.rng.choice(["rectangle", "triangle", "diagonal", "round", "turned", "diamond", "octagon"])
        start, end = self.rng.choice([("", ""), ("north", ""), ("west", ""), ("", "south"), ("", "east")])
        base = {"rectangle": shapes.rectangle(size, self.rng.randint(1, size)),
                "triangle": shapes.right_triangle(size, diagonal=True),
                "diagonal": shapes.diagonal_hallway(size + 1, start, end),
                "round": shapes.round_room(size),
                "turned": shapes.rotated(shapes.rectangle(size + 1, 2), 1, diagonal_walls=True),
                "diamond": shapes.diagonal_room(size, self.rng.randint(1, size)),
                "octagon": shapes.walled_circle(size + 1)}[kind]
        return [shapes.rotated(base, e) for e in (0, 2, 4, 6)]

    def behind(self, explorer, area, door, cells, back):
        """A room of a random shape, shrunk till it fits; else a room of one square, where a whole one
        is free; else none (behind a 45° wall, the other half of a square only)."""
        for size in range(self.rng.randint(1, 4), 0, -1):
            found = explorer.placements_behind(self.forms(size), cells, back)
            if found:
                return explorer.add_area("room", found[self.choose(len(found))], area.number, {}, {})
        found = explorer.placements_behind([shapes.rectangle(1, 1)], cells, back)
        return explorer.add_area("room", found[0], area.number, {}, {}) if found else None

    def fill(self, explorer, area, door):
        for _ in range(self.rng.randint(1, 3)):
            longest = self.rng.choice([1, None])
            made = explorer.door_on_wall(area, "door" if longest else "arch", self.rng.choice(SIDES),
                                         1, longest, self.choose)
            if made is not None:
                explorer.add_door(area, made)

    def shared_wall(self, explorer, area, door):
        door.secret = True

    def inside(self, explorer, area, door):
        pass


def _explored(seed: int) -> Level:
    level = Level(1, 14, 14)
    rules = _ShapeRules(seed)
    explorer = Explorer(level, Grid(14, 14, SHARED_WALL), rules)
    first = explorer.add_area("room", shapes.rectangle(3, 3).moved(5, 5), None, {}, {})
    rules.fill(explorer, first, None)
    explorer.run()
    return level


@FAST
@given(seed=st.integers(0, 10_000))
def test_exploring_keeps_every_room_against_the_wall_it_was_entered_by(seed):
    level = _explored(seed)
    assert checks.check_level(level, SHARED_WALL, last=True, is_way_down=lambda link: True) == []
    floor = Floor(level.areas)
    for area in level.areas:
        if area.entered_from is not None:  # shares a wall with the room it was entered from, through its door
            parent = level.area(area.entered_from)
            assert any(e.to == area.number or area.number in e.also for e in parent.exits)
        for exit_ in area.exits:
            # Once the level is explored, a door opens on its rooms' walls; one on unmapped rock is blocked
            # (no room of the game's fits behind it).
            assert exit_.leads in ("area", "blocked")
            beyond = {floor.at(cell, side) for cell, side in exit_.far_units() if 0 <= cell[0] < 14 and 0 <= cell[1] < 14}
            if exit_.leads == "area":
                assert {exit_.to, *exit_.also} <= beyond
            else:
                assert beyond <= {None}
            if exit_.far_side:  # the far side stands on the very squares its door opens onto
                origin = [e for e in level.area(exit_.to).exits if not e.far_side and exit_.units[0] in e.far_units()]
                assert origin and origin[0].kind == exit_.kind and origin[0].secret == exit_.secret
                facing_it = set(origin[0].far_units()) & area.shape.wall_set
                assert set(exit_.units) == facing_it


@FAST
@given(seed=st.integers(0, 10_000))
def test_a_door_of_several_units_is_one_stretch_of_wall_and_opens_onto_every_room_behind_it(seed):
    level = _explored(seed)
    floor = Floor(level.areas)
    for area in level.areas:
        for exit_ in area.exits:
            if exit_.far_side or len(exit_.units) < 2:
                continue
            assert len(walls.runs(list(exit_.units))) == 1
            behind = {number for unit in exit_.far_units()
                      if (number := floor.at(*unit)) is not None and unit in level.area(number).shape.wall_set}
            assert behind == ({exit_.to, *exit_.also} if exit_.leads == "area" else set())
    doubled = next((a for a in level.areas if len([e for e in a.exits if not e.inside]) >= 2), None)
    if doubled is not None:  # no unit of wall holds two doors
        first, second = [e for e in doubled.exits if not e.inside][:2]
        saved = second.at, second.side, second.wall
        second.at, second.side, second.wall = first.at, first.side, first.wall
        assert any("share its wall" in p for p in checks.doors_in_walls(level, SHARED_WALL))
        second.at, second.side, second.wall = saved
    broken = next((e for a in level.areas for e in a.exits if e.to is not None and not e.far_side), None)
    if broken is not None:
        broken.also.append(broken.to + 1000 if broken.to else 1)
        assert any("does not reach" in p for p in checks.doors_in_walls(level, SHARED_WALL))


def test_doors_along_their_wall_show_their_letters_and_secret_ones_only_to_the_referee():
    """Draw an explored level with doors drawn along their walls: each door's C is on the referee's map once
    (not again from the room behind it), each secret door's S only there."""
    fonts.register_reportlab_fonts()
    level = next(lv for lv in (_explored(s) for s in range(40))
                 if any(e.secret and not e.far_side for a in lv.areas for e in a.exits))
    symbols = (Symbols(secret_label="secret door").wall_door("door", glyphs.opening("C"), "door")
               .wall_door("arch", glyphs.wavy(), "arch"))
    texts = {}
    for view in (draw.GM, draw.LAYOUT):
        buffer = io.BytesIO()
        c = Canvas(buffer, pagesize=(612, 792))
        draw.draw_level(c, draw.Region(36, 760, 36, level.width, level.height), level, symbols, SHARED_WALL,
                        draw.Content(), view)
        c.save()
        page = pypdfium2.PdfDocument(buffer.getvalue())[0]
        texts[view] = page.get_textpage().get_text_range()
    doors = [e for a in level.areas for e in a.exits if e.kind == "door" and not e.far_side]
    secret = [e for a in level.areas for e in a.exits if e.secret and not e.far_side]
    assert texts[draw.GM].count("S") == len(secret) and texts[draw.LAYOUT].count("S") == 0
    assert texts[draw.GM].count("C") == len([e for e in doors if not e.secret])
    assert texts[draw.LAYOUT].count("C") == len([e for e in doors if not e.secret])


# -- an area's notes ----------------------------------------------------------------------------


def _on_floor(area, x: float, y: float) -> bool:
    """On the floor: a whole square, the floor half of a half square, or inside a round room's circle."""
    if area.shape.curved:
        cx, cy, r = area.shape.round
        return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
    cell = (math.floor(x), math.floor(y))
    if cell not in area.cells:
        return False
    cuts = dict(area.shape.cuts)
    if cell not in cuts:
        return True
    (ax, ay), (bx, by), (cx, cy) = geometry.half_square(cell, cuts[cell])  # the floor half, a triangle
    signs = [(qx - px) * (y - py) - (qy - py) * (x - px)
             for (px, py), (qx, qy) in (((ax, ay), (bx, by)), ((bx, by), (cx, cy)), ((cx, cy), (ax, ay)))]
    return all(v >= -1e-9 for v in signs) or all(v <= 1e-9 for v in signs)


def _glyph_boxes(level, murder_holes):
    """Where the glyphs of a level's doors and wall marks stand: across each unit of wall a door takes
    (a secret door's S box reaches 0.15 of a square either side), round each door inside an area."""
    boxes = []
    units = [u for area in level.areas for e in area.exits if not e.inside and e.at is not None for u in e.units]
    for cell, side in units + murder_holes:
        (x0, y0), (x1, y1) = geometry.side_edge(cell, side)
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        reach = 0.15 if (cell, side) in units else 0.1  # a murder hole's diamond: 0.1 of a square each way
        boxes.append((mx - reach, my - reach, mx + reach, my + reach))
        if (cell, side) in units and (x0 == x1 or y0 == y1):  # a tick, a post or a wave: 0.1 off its wall
            boxes.append((min(x0, x1) - 0.1, min(y0, y1) - 0.1, max(x0, x1) + 0.1, max(y0, y1) + 0.1))
    for area in level.areas:
        boxes += [(x - size / 2, y - size / 2, x + size / 2, y + size / 2)
                  for _, (x, y), size in draw_notes.inside_places(area)]
    return boxes


def test_an_areas_notes_stay_on_its_floor_and_off_every_glyph():
    from printgen import products
    from printgen.seed import SeedCode
    from printgen.systems.amulet import dungeon as dungeon_product
    from printgen.systems.amulet import map_page

    crowded = dropped = placed = 0
    for n in range(16):
        size = (6, 8, 10, 12)[n % 4]
        code = SeedCode.make("dungeon", "amulet", f"notes-{n}", {"levels": "2", "level-size": str(size),
                                                                  "scaling": "no", "paper": "letter",
                                                                  "format": "pdf"})
        request = products.request(code)
        for level in dungeon_product.generate(request).levels:
            pitch = map_page.region_for(BUILT_IN, 612, 792, level).pitch
            content = map_page.mapper_content(BUILT_IN, level)
            avoid = _glyph_boxes(level, [(cell, side) for _, cell, side in content.on_walls])
            for area in level.areas:
                lines = draw_notes.note_lines(area, content.notes[area.number], pitch)
                placed += 1
                if not lines:
                    # Only a half square or a single square so full of doors that not even its number fits
                    # (a callout has it).
                    assert len(area.cells) == 1, (code.seed, level.number, area.number)
                    crowded += 1
                    continue
                assert lines[0].text == str(area.number) and lines[0].size >= draw_notes.MIN_NUMBER
                assert all(line.size >= draw_notes.MIN_NOTE for line in lines)
                # All the notes, or none: the key holds them all.
                assert " ".join(line.text for line in lines[1:]) in ("", " ".join(content.notes[area.number]))
                dropped += len(lines) == 1 and bool(content.notes[area.number])
                for line in lines:
                    left, top, right, bottom = line.box
                    where = (code.seed, level.number, area.number, line.text)
                    points = [(left + (right - left) * i / 8, top + (bottom - top) * j / 4)
                              for i in range(9) for j in range(5)]
                    assert all(_on_floor(area, x, y) for x, y in points), where
                    for a in avoid:
                        assert not (left < a[2] and a[0] < right and top < a[3] and a[1] < bottom), (where, a)
    assert crowded <= placed // 50 and dropped <= placed // 4, (crowded, dropped, placed)
