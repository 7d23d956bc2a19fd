"""The dungeon games' map pages as they print: doors on their walls, nothing on a map covering anything
else, no text under 6 pt, the three map styles, the sheets of a level too large for one page."""

from __future__ import annotations

import io
import math
import re
from dataclasses import replace
from functools import cache

import map_readback
import pikepdf
import pypdfium2
import pytest
from reportlab.pdfgen.canvas import Canvas
from test_sheet_print import read_marks

from printgen import products
from printgen.cli import main
from printgen.maps import caves, draw, draw_seams, draw_shaped, frame, glyphs, spots
from printgen.maps.draw_notes import Floor
from printgen.maps.draw_style import ROCK_GREY
from printgen.maps.draw_walls import DoorLine, floor_cells, shown_doors
from printgen.maps.geometry import boundary_sides, side_edge
from printgen.maps.spots import DOOR, INSIDE, LABEL, MARK, NOTE, RUBBLE, UNEXPLORED, mark_size, on_floor, overlaps
from printgen.maps.symbols import Symbols
from printgen.render import fonts
from printgen.seed import SeedCode
from printgen.units import PAPERS, inch
from printgen.words import BUILT_IN

LETTER = PAPERS["letter"]
STYLES = ("grey", "hatched", "ink-saver")
GAMES = ("roguelike", "amulet", "rlrl")


# -- the map pages of each game, as its products lay them out ---------------------------------


@cache
def roguelike(seed: str, rooms: int = 16, levels: int = 3):
    from printgen.systems.roguelike import dungeon

    code = SeedCode.make("dungeon", "roguelike", seed, {"levels": str(levels), "rooms": str(rooms)})
    return dungeon.generate(products.request(code))


@cache
def amulet(seed: str, size: int = 8):
    from printgen.systems.amulet import dungeon

    code = SeedCode.make("dungeon", "amulet", seed, {"level-size": str(size)})
    return dungeon.generate(products.request(code))


@cache
def rlrl(seed: str):
    from printgen.systems.rlrl import generate

    return generate.generate(SeedCode("dungeon", "rlrl", seed, ()), 8)


def pages(game: str, seed: str, view: str = draw.GM, style: str = "grey", **options) -> list[frame.MapPage]:
    """Every map page of a game's dungeon in one view (the referee's, or the players')."""
    from printgen.maps.draw_style import MapStyle

    ink = MapStyle(style, seed)
    if game == "roguelike":
        from printgen.systems.roguelike import map_page

        built = roguelike(seed, **options)
        return [map_page.map_page(BUILT_IN, built, level, view, ink) for level in built.levels]
    if game == "amulet":
        from printgen.systems.amulet import map_page

        return [map_page.map_page(BUILT_IN, level, "Project: Amulet", view == draw.GM, ink)
                for level in amulet(seed, **options).levels if level.data["kind"] != "treasure"]
    from printgen.systems.rlrl import map_page

    built = rlrl(seed)
    make = map_page.dm_map if view == draw.GM else map_page.rogue_map
    return [make(BUILT_IN, level, ink) for level in built.levels[:options.get("levels", 10)]]


def drawn(page: frame.MapPage, sheet: int = 0) -> tuple[bytes, frame.Plan, draw.Layout]:
    """One sheet of a map page as a one-page PDF, its plan and where everything on it went."""
    fonts.register_reportlab_fonts()
    out = io.BytesIO()
    c = Canvas(out, pagesize=LETTER.size, invariant=1)
    found = frame.plan(page, LETTER)
    placed = frame.draw_sheet(c, LETTER, page, found, sheet)
    c.showPage()
    c.save()
    return out.getvalue(), found, placed


def raster(data: bytes, dpi: int):
    return pypdfium2.PdfDocument(data)[0].render(scale=dpi / 72, grayscale=True).to_pil().convert("L")


# -- doors -------------------------------------------------------------------------------------


def _bare(symbols: Symbols) -> Symbols:
    """The same symbols with every door glyph left out, so what is drawn at a door's ends is wall alone."""
    bare = Symbols(blocked_label=symbols.blocked_label, secret_label=symbols.secret_label)
    bare.doors = {k: replace(s, glyph=glyphs.open_way) for k, s in symbols.doors.items()}
    bare.marks, bare.on_walls = symbols.marks, symbols.on_walls
    return bare


def door_ends(line: DoorLine) -> list[tuple[float, float]]:
    """The two ends of a door glyph's wall line, in squares: half a square either side of its middle."""
    if line.upright:
        return [(line.x, line.y - 0.5), (line.x, line.y + 0.5)]
    return [(line.x - 0.5, line.y), (line.x + 0.5, line.y)]


@pytest.mark.parametrize("game, seeds", [("roguelike", ("door0", "door1", "door2", "audit")),
                                         ("rlrl", ("door0",))])
def test_every_door_stands_on_a_wall_line_with_wall_pixels_at_both_ends(game, seeds):
    """Rasterise each referee's map with its walls but not its door glyphs: at both ends of every door
    glyph's place the page is black with wall (a door in a notch of a chamber stands where the
    chamber's wall runs on, never across open floor)."""
    dpi = 200
    doors = off = 0
    for seed in seeds:
        every = [(p, k) for p in pages(game, seed, levels=3) for k in range(len(frame.plan(p, LETTER).sheets))]
        for page, sheet in every:
            page = replace(page, symbols=_bare(page.symbols))
            data, found, placed = drawn(page, sheet)
            image = raster(data, dpi)
            region, (ox, oy) = found.sheets[sheet].region, found.sheets[sheet].origin
            scale = dpi / 72

            def darkest(x: float, y: float) -> int:
                px = (region.left + (x - ox) * region.pitch) * scale
                py = (LETTER.height - region.top + (y - oy) * region.pitch) * scale
                return min(image.getpixel((round(px) + dx, round(py) + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1))

            exits = {id(e): e for a in page.level.areas for e in a.exits}
            exits.update({id(e): e for e, _ in page.content.doors})
            for key, line in placed.doors.items():
                if exits[key].kind == "open" and not exits[key].secret:
                    continue  # a passage running on: no glyph
                if not (ox + 0.6 < line.x < ox + region.columns - 0.6 and oy + 0.6 < line.y < oy + region.rows - 0.6):
                    continue  # on another sheet
                doors += 1
                if not all(darkest(x, y) < 100 for x, y in door_ends(line)):
                    off += 1
                    print(seed, page.level.number, exits[key].kind, exits[key].at, line)
    assert doors > 30 and off == 0, (doors, off)


# -- nothing covers anything -------------------------------------------------------------------


MARKS = {MARK, DOOR, INSIDE, "wall-mark", "loose", UNEXPLORED, RUBBLE}
WORDS = {LABEL, NOTE}


def collisions(page: frame.MapPage, found: frame.Plan, placed: draw.Layout) -> list:
    """Every pair of things on a map whose boxes overlap (but two doors' glyphs, or the lines of one
    area's number and notes)."""
    items = placed.boxes()
    problems = []
    for index, a in enumerate(items):
        for b in items[index + 1:]:
            if a.role == DOOR and b.role == DOOR:
                continue
            if a.role in WORDS and b.role in WORDS and a.area == b.area:
                continue
            if overlaps(a.box, b.box, 1e-6) and _disc(a, b.box) and _disc(b, a.box):
                problems.append((a.role, a.kind, a.area, b.role, b.kind, b.area))
    for callout in placed.callouts:
        problems += [("callout", callout.area, p.role, p.kind) for p in items
                     if p not in callout.items and overlaps(callout.box, p.box, 1e-6)]
    return problems


def _disc(item, box) -> bool:
    """Whether a "?" (its ring: the disc in its box) meets ``box``; anything else: True."""
    if item.role != UNEXPLORED:
        return True
    r = (item.box[2] - item.box[0]) / 2
    nx, ny = min(max(item.x, box[0]), box[2]), min(max(item.y, box[1]), box[3])
    return math.hypot(item.x - nx, item.y - ny) < r - 1e-6


def _crowded(page: frame.MapPage, placed: draw.Layout, problem) -> bool:
    """In a half square holding a door in its diagonal wall and a door standing inside it (a stair, a
    teleporter) there is no room for every glyph."""
    if problem[0] == "callout":
        pairs = [(LABEL if problem[2] == LABEL else MARK, problem[1])]
    else:
        pairs = [(problem[0], problem[2]), (problem[3], problem[5])]
    for _role, number in pairs:
        if number is None:
            continue
        area = page.level.area(number)
        if len(area.cells) == 1 and area.shape.cuts and any(e.inside for e in area.exits):
            return True
    return False


@pytest.mark.parametrize("game, seeds", [
    ("roguelike", [f"apart{n}" for n in range(8)]),
    ("amulet", [f"apart{n}" for n in range(8)]),
    ("rlrl", [f"apart{n}" for n in range(3)]),
])
def test_no_mark_covers_a_label_or_another_mark_and_none_crosses_a_wall(game, seeds):
    """Over many levels: no mark's box (a mark, a door's glyph, a stair, a "?", rubble) overlaps a
    number's, a note's or another mark's; every mark and number in an area stands on its floor clear of
    its walls; every callout and "?" stands on the rock."""
    items = crowded = 0
    for seed in seeds:
        for page in pages(game, seed):
            found = frame.plan(page, LETTER)
            placed = draw.map_layout(page.level, page.symbols, page.rule, page.content, page.view,
                                     found.sheets[0].region.pitch, found.shown)
            items += len(placed.boxes())
            for problem in collisions(page, found, placed):
                assert _crowded(page, placed, problem), (seed, page.level.number, problem)
                crowded += 1
            floor = floor_cells(page.level.areas, page.rule, shown_doors(page.level.areas, page.content.doors, page.view))
            for spot in placed.boxes(MARK, LABEL, NOTE):
                if spot.area is None or any(spot in c.items for c in placed.callouts):
                    continue
                area = page.level.area(spot.area)
                # On its floor, clear of the walls' strokes (half of 1.6 pt).
                clear = 0.8 / found.sheets[0].region.pitch
                assert Floor(area).holds(spot.box, clear), (seed, page.level.number, spot)
            for callout in placed.callouts:
                assert not on_floor(callout.box, floor, 0.0), (seed, page.level.number, callout)
            on_floor_at = spots.floor_test(page.level.areas, floor)
            for spot in placed.boxes(UNEXPLORED):  # its ring: on the rock, beyond a 45° wall too
                r = (spot.box[2] - spot.box[0]) / 2
                assert not any(on_floor_at(spot.x + r * math.cos(k * math.pi / 8), spot.y + r * math.sin(k * math.pi / 8))
                               for k in range(16)), (seed, page.level.number, spot)
    assert crowded <= items // 200, (crowded, items)


def _distance_to(p, edge) -> float:
    (ax, ay), (bx, by) = edge
    t = max(0.0, min(1.0, ((p[0] - ax) * (bx - ax) + (p[1] - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)))
    return math.hypot(p[0] - ax - t * (bx - ax), p[1] - ay - t * (by - ay))


def test_a_one_square_area_gets_a_callout_not_a_smaller_number():
    """The number of an area with no square to spare stands in a box on the rock beside it, at the size
    of every other number, a leader to its wall; its marks keep their squares."""
    callouts = []
    for seed in ("callout0", "callout1", "callout2"):
        for page in pages("rlrl", seed, levels=4) + pages("roguelike", seed, rooms=40, levels=1):
            found = frame.plan(page, LETTER)
            placed = draw.map_layout(page.level, page.symbols, page.rule, page.content, page.view,
                                     found.sheets[0].region.pitch, found.shown)
            pitch = found.sheets[0].region.pitch
            numbers = {p.area: p for p in placed.placed if p.role == LABEL}
            for callout in placed.callouts:
                area = page.level.area(callout.area)
                callouts.append(callout)
                label = callout.items[0]
                if label.role != LABEL:  # marks with no room beside a number that has: the number is in its area
                    assert area.number in numbers
                    continue
                assert label.kind == str(area.number) and area.number not in numbers
                # The number as large as any other, the leader running into the area: its dot on the floor, a
                # quarter square in from a unit of its wall.
                assert label.box[3] - label.box[1] >= 0.6 * min(1, 22 / pitch) - 1e-6
                end = callout.leader[1]
                assert Floor(area).contains(*end), callout
                # (a cave's: in from its rough wall, which stands in from the squares' edge)
                reach = spots.INTO + (caves.DEPTH if area.number in page.content.caves else 0) + 1e-6
                assert any(_distance_to(end, side_edge(cell, side)) <= reach
                           for cell, side in boundary_sides(area.cells)), callout
            if placed.callouts:  # and the number prints, at the size of the others
                sizes = {}
                for sheet in range(len(found.sheets)):
                    data, _, _ = drawn(page, sheet)
                    sizes.update({t.text: t.size for t in read_marks(pikepdf.open(io.BytesIO(data)))[0]})
                others = {str(p.kind) for p in placed.placed if p.role == LABEL}
                for callout in placed.callouts:
                    number = str(callout.area)
                    assert number in sizes and sizes[number] >= min(sizes[o] for o in others if o in sizes) - 0.6
    assert callouts


# -- text --------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("style", STYLES)
def test_no_text_on_a_map_page_is_under_6_pt(game, style):
    """Every word on every map page, read back from the PDF through every transform (the number in a
    stair's glyph, a shop's sign, a sheet's number in the index): 6 pt or more."""
    smallest = []
    views = (draw.GM, draw.BLANK) if game != "roguelike" else (draw.GM, draw.BLANK, draw.LAYOUT)
    for view in views:
        options = {"rooms": 40, "levels": 1} if game == "roguelike" and view == draw.GM else {"levels": 2}
        if game == "amulet":
            options = {}
        for page in pages(game, "text", view, style, **options):
            for sheet in range(len(frame.plan(page, LETTER).sheets)):
                data, _, _ = drawn(page, sheet)
                texts, _ = read_marks(pikepdf.open(io.BytesIO(data)))
                smallest += [(t.size, t.text) for t in texts]
    assert min(smallest)[0] >= 6.0 - 0.01, min(smallest)


def test_a_secret_doors_s_stays_upright_whatever_its_wall():
    """An S on a wall running up and down the page reads as upright as one on a wall across it."""
    count = 0
    for page in pages("rlrl", "upright", levels=3) + pages("roguelike", "upright"):
        data, _, _ = drawn(page)
        texts, _ = read_marks(pikepdf.open(io.BytesIO(data)))
        for run in texts:
            if run.text == "S":
                count += 1
                width, height = run.box[2] - run.box[0], run.box[3] - run.box[1]
                assert height > width, run
    assert count


# -- the map styles ----------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_three_map_styles_for_each_game(game):
    """grey: rock filled grey; hatched: no grey rock, hatching strokes along the walls; ink-saver: no
    filled rock, a stipple of dots along the walls (strokes of no length), no dark fill bigger than a glyph's;
    the legend's door shows the map's rock."""
    results = {}
    for style in STYLES:
        page = pages(game, "styles", style=style, **({} if game == "amulet" else {"levels": 1}))[0]
        data, found, _ = drawn(page)
        shapes = read_marks(pikepdf.open(io.BytesIO(data)))[1]
        region = found.sheets[0].region
        below = [s for s in shapes if s.box[3] < region.bottom]  # the legend
        rock = [s for s in shapes if s.filled and abs(s.fill_gray - ROCK_GREY) < 0.01 and s.width > 200]
        hatching = [s for s in shapes if s.stroked and not s.filled and s.segments > 300]
        glyph = (mark_size(region.pitch) * region.pitch) ** 2  # a mark's square, the largest glyph
        dark = [s for s in shapes if s.filled and s.fill_gray < 0.9 and s.width * s.height > glyph + 1]
        swatches = ([s for s in below if s.filled and abs(s.fill_gray - ROCK_GREY) < 0.01],
                    [s for s in below if s.stroked and not s.filled and s.segments >= 4])
        results[style] = (len(rock), len(hatching), len(dark), len(swatches[0]), len(swatches[1]))
    assert results["grey"][0] and not results["grey"][1]
    assert not results["hatched"][0] and results["hatched"][1] and not results["hatched"][3]
    assert not any(results["ink-saver"][:1] + results["ink-saver"][2:4]) and results["ink-saver"][1]
    if game != "amulet":  # Amulet's doors are drawn along their walls, with no rock in their swatches
        assert results["grey"][3] and results["hatched"][4]


@pytest.mark.parametrize("game", GAMES)
def test_in_the_hatched_and_ink_saver_styles_no_grid_crosses_the_rock(game):
    """Read back from the picture of a referee's map: a square of rock two squares or more from any floor
    (and from every mark, number and callout) is white in the hatched and ink-saver styles, as on Dyson's
    maps: no grid there (a faint grid crossed it before), no hatching or stipple so far from a wall; the
    grey style fills it grey."""
    dpi = 100
    scale = dpi / 72
    for style in STYLES:
        page = pages(game, "styles", style=style, **({"size": 12} if game == "amulet" else {"levels": 1}))[0]
        data, found, placed = drawn(page)
        image = raster(data, dpi)
        region, (ox, oy) = found.sheets[0].region, found.sheets[0].origin
        floor = {cell for area in page.level.areas for cell in area.cells}
        taken = [box for box in [p.box for p in placed.boxes()] + [c.box for c in placed.callouts]]
        far = [(x, y) for x in range(ox + 1, ox + region.columns - 1) for y in range(oy + 1, oy + region.rows - 1)
               if not any((x + dx, y + dy) in floor for dx in range(-2, 3) for dy in range(-2, 3))
               and not any(overlaps((x - 0.25, y - 0.25, x + 1.25, y + 1.25), box) for box in taken)]
        assert far, (game, style)
        shades = []
        for x, y in far:
            left = (region.left + (x - ox) * region.pitch) * scale
            top = (LETTER.height - region.top + (y - oy) * region.pitch) * scale
            square = image.crop((math.floor(left), math.floor(top), math.ceil(left + region.pitch * scale) + 1,
                                 math.ceil(top + region.pitch * scale) + 1))
            shades.append(square.getextrema()[0])
        if style == "grey":
            assert max(shades) < 230, (game, max(shades))
        else:
            assert min(shades) >= 245, (game, style, min(shades), far[shades.index(min(shades))])


@pytest.mark.parametrize("game", GAMES)
def test_ink_saver_maps_spend_under_a_third_of_the_grey_styles_ink(game):
    """Read back from the pictures of a Referee's map in both styles, over the map's frame (the legend and
    title are the same in both): the ink-saver style's stippled rock spends under a third of the ink the grey
    style spends. The figure is the whole map's: a level nearly all floor spends the same on its walls and
    grid in either style (benchmarks/map_figures.py reports the ratio over many seeds, and a map's most)."""
    spent = {}
    for style in ("grey", "ink-saver"):
        page = pages(game, "styles", style=style, **({} if game == "amulet" else {"levels": 1}))[0]
        spent[style] = sum(map_readback.ink(sheet.data, box=sheet.map_box, height=LETTER.height)
                           for sheet in map_readback.sheets(page, LETTER))
    assert spent["ink-saver"] < spent["grey"] / 3, (game, spent["ink-saver"] / spent["grey"])


@pytest.mark.parametrize("game", GAMES)
def test_each_map_page_counts_in_its_games_own_units(game):
    """Read back from a Referee's map page (its title, legend and scale bar): Rogue Like Roguelike's scale bar
    counts squares and nothing on the page says feet (the rules count squares); Project: Amulet's bar counts
    units of 10 ft and its legend says a square is one unit, as its rules measure rooms; Roguelike's bar
    counts feet, five to a square."""
    page = pages(game, "units", **({} if game == "amulet" else {"levels": 1}))[0]
    text = " ".join(" ".join(run.text for sheet in map_readback.sheets(page, LETTER) for run in sheet.texts).split())
    feet = re.findall(r"\b(?:ft|feet|foot)\b", text)
    if game == "rlrl":
        assert not feet and re.search(r"\b5 squares\b", text), text
    elif game == "amulet":
        assert "units of 10 ft" in text and "one square is one unit, 10 feet" in text, text
    else:
        assert re.search(r"\b0 5 10 15 20 ft\b", text), text


def test_the_map_style_is_an_option_of_every_dungeon_game_carried_in_the_seed_code():
    for game in GAMES:
        options = {"levels": "1"} if game != "rlrl" else {"copies": "rogue", "rooms": "2"}
        code = SeedCode.make("dungeon", game, "styles", {**options, "map-style": "hatched"})
        assert "map-style=hatched" in str(products.canonical(code))
        assert "map-style" not in str(products.canonical(SeedCode.make("dungeon", game, "styles", options)))


def test_a_map_style_is_one_of_three_and_a_wrong_one_is_one_clear_line(tmp_path, capsys):
    out = tmp_path / "x.pdf"
    assert main(["dungeon", "--system", "amulet", "--seed", "x", "--map-style", "pencil", "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert "map-style must be one of grey, hatched, ink-saver" in err and len(err.splitlines()) == 1
    assert not out.exists()


def test_hatching_is_the_same_for_the_same_seed_and_differs_for_another():
    from printgen.maps.draw_style import hatch_strokes

    walls = [((0, 0), (1, 0), (0, -1)), ((1, 0), (1, 1), (1, 0))]

    def point(x, y):
        return x * 18, -y * 18

    assert hatch_strokes(walls, point, 18, "a") == hatch_strokes(walls[::-1], point, 18, "a")[::-1] or \
        sorted(hatch_strokes(walls, point, 18, "a")) == sorted(hatch_strokes(walls[::-1], point, 18, "a"))
    assert hatch_strokes(walls, point, 18, "a") != hatch_strokes(walls, point, 18, "b")


# -- the frame: sheets of a large level, the index, where things stand ------------------------


def test_a_level_over_several_sheets_keeps_its_marks_clear_of_the_title_and_each_other():
    """--rooms 40: each sheet's words (title, whose map, the scale's numbers, the index's numbers, the
    numbers at the overlap brackets) overlap none of the others, each index number stands in a cell of
    its own, and no overlap bracket is drawn as the way in is (a solid triangle)."""
    from test_sheet_print import overlapping_texts

    tiled = 0
    for seed in ("sheets0", "sheets1"):
        for page in pages("roguelike", seed, rooms=40, levels=1):
            page = replace(page, pitch=inch(0.25))  # over several sheets at a quarter inch
            found = frame.plan(page, LETTER)
            if len(found.sheets) == 1:
                continue
            for sheet in range(len(found.sheets)):
                tiled += 1
                data, _, _ = drawn(page, sheet)
                texts, shapes = read_marks(pikepdf.open(io.BytesIO(data)))
                region = found.sheets[sheet].region
                frame_box = (region.left, region.bottom, region.right, region.top)
                outside = [t for t in texts if not overlaps(t.box, frame_box)]  # the map's own are clipped to it
                assert not overlapping_texts(outside), overlapping_texts(outside)
                cells = [s for s in shapes if s.filled and s.stroked and s.closed and s.box[1] > region.top + frame.STRIP
                         and 8 <= s.width <= 20 and 8 <= s.height <= 20]
                assert len(cells) == len(found.sheets)
                for a in cells:
                    assert not any(overlaps(a.box, b.box, 0.01) for b in cells if b is not a)
                    inside = [t for t in texts if a.box[0] <= t.box[0] and t.box[2] <= a.box[2]
                              and a.box[1] <= (t.box[1] + t.box[3]) / 2 <= a.box[3]]
                    assert len(inside) == 1 and inside[0].text.strip().isdigit(), inside
    assert tiled


def test_the_level_sits_in_the_middle_of_its_page_with_room_round_its_doors():
    """A level that fits its page is centred on the page's grid (to within a square), with a square of
    rock beyond every door at its edge."""
    for seed in ("middle0", "middle1", "audit"):
        for page in pages("roguelike", seed):
            found = frame.plan(page, LETTER)
            if len(found.sheets) > 1:
                continue
            sheet = found.sheets[0]
            whole, core = frame.used_box(page.level, page.content, page.rule)
            for axis, shown in ((0, sheet.region.columns), (1, sheet.region.rows)):
                start, end = sheet.origin[axis], sheet.origin[axis] + shown
                assert start <= core[axis] and core[axis + 2] <= end  # the areas and doorways all show
                if whole[axis + 2] - whole[axis] <= shown:  # with room round: centred to a square
                    before, after = whole[axis] - start, end - whole[axis + 2]
                    assert before >= 0 and after >= 0 and abs(before - after) <= 1, (seed, axis, before, after)


# -- Project: Amulet ---------------------------------------------------------------------------


def test_amulet_marks_where_the_heroes_start_on_both_copies():
    for page in pages("amulet", "start") + pages("amulet", "start", draw.BLANK):
        found = frame.plan(page, LETTER)
        placed = draw.map_layout(page.level, page.symbols, page.rule, page.content, page.view,
                                 found.sheets[0].region.pitch)
        starts = [p for p in placed.boxes(MARK) if p.kind == "start"]
        assert len(starts) == 1 and starts[0].area == 1
        called = [c for c in placed.callouts if starts[0] in c.items]
        assert called or Floor(page.level.area(1)).holds(starts[0].box, 0.0)  # in room 1, or by it
        assert any(symbol.kind == "start" for _, symbol in page.legend)


def test_a_round_room_keeps_its_circle_but_for_its_doorways():
    """Each door of a round room opens at most 45° of its circle, so even a room one unit across with a
    door on three sides is drawn as a circle, not a broken arc."""
    rooms = 0
    for seed in ("round0", "round1", "round2", "audit"):
        for level in amulet(seed).levels:
            for area in level.areas:
                if not area.shape.curved:
                    continue
                rooms += 1
                cx, cy, r = area.shape.round
                for unit in area.shape.walls:
                    a, b = draw_shaped.round_span(area, [unit])
                    angles = [math.atan2(p[1] - cy, p[0] - cx) for p in (a, b)]
                    spread = abs((angles[0] - angles[1] + math.pi) % (2 * math.pi) - math.pi)
                    assert math.degrees(spread) <= 45.5, (seed, level.number, area.number, unit)
    assert rooms


# -- every door mark centred on its wall line ----------------------------------------------------


CENTRED = 0.3 * 72 / 25.4  # pt: 0.3 mm


def _round_part(level, exit_):
    """Where a door in a round room's wall opens it (draw_shaped.round_span), else None."""
    if exit_.units[0][1] % 2:
        return None
    owners = {c: a for a in level.areas for c in a.cells}
    for units in (list(exit_.units), exit_.far_units()):
        area = owners.get(units[0][0])
        if area is not None and area.shape.curved and all(unit in area.shape.wall_set for unit in units):
            return draw_shaped.round_span(area, units)
    return None


def _door_marks(page: frame.MapPage) -> list[tuple[str, tuple[float, float], tuple[float, float], tuple | None]]:
    """Each door mark of a referee's map as drawn: its kind, the middle of its wall line and the line's
    direction on the page, and the middle of the ink drawn for it there (the union of the boxes of the
    shapes that lie within its place: a door's doorway, the letter across a wall, the stretch of wall a
    mark runs along), read back from the PDF."""
    data, found, placed = drawn(page)
    region, (ox, oy) = found.sheets[0].region, found.sheets[0].origin
    pitch = region.pitch

    def point(x: float, y: float) -> tuple[float, float]:
        return region.left + (x - ox) * pitch, region.top - (y - oy) * pitch

    _, shapes = read_marks(pikepdf.open(io.BytesIO(data)))
    others = []  # what else stands on the map: a stair or a teleporter beside a door is not its ink
    for p in placed.boxes():
        if p.role != DOOR:
            box = p.box if p.role != UNEXPLORED else spots.centred(p.x, p.y, (p.box[2] - p.box[0]) / 2 ** 1.5)
            (x0, y0), (x1, y1) = point(box[0], box[1]), point(box[2], box[3])
            others.append((x0, y1, x1, y0))  # a "?" by the square within its ring (its box reaches over a 45° wall)

    def own(s) -> bool:
        cx, cy = (s.box[0] + s.box[2]) / 2, (s.box[1] + s.box[3]) / 2
        return not any(b[0] <= cx <= b[2] and b[1] <= cy <= b[3] for b in others)

    # A callout's leader may cross a door into its area, where no other way in is left.
    leaders = []
    for callout in placed.callouts:
        (x0, y0), (x1, y1) = point(*callout.leader[0]), point(*callout.leader[1])
        leaders.append((min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)))
        leaders.append((x1 - 1.2, y1 - 1.2, x1 + 1.2, y1 + 1.2))

    def leader(s) -> bool:
        return any(all(abs(u - v) < 0.3 for u, v in zip(s.box, b)) for b in leaders)

    # Not the walls, the grid or the rock (one shape each), nor the white floor of a round room's doorway
    # (a polygon along its arc; a letter's white ground is a rectangle), nor what stands beside the doors.
    shapes = [s for s in shapes if max(s.width, s.height) < pitch * 3 and own(s) and not leader(s)
              and not (s.filled and not s.stroked and s.fill_gray == 1 and s.segments > 4)]
    marks = []
    exits = [e for a in page.level.areas for e in a.exits] + [e for e, _ in page.content.doors]
    for exit_ in exits:
        if exit_.inside or exit_.at is None or exit_.leads == "dead-end":
            continue
        symbol = page.symbols.doors[exit_.kind]
        if symbol.segment is None:
            line = placed.doors.get(id(exit_))
            if line is None or symbol.bare and not exit_.secret:
                continue
            middle = point(line.x, line.y)
            direction = (0.0, 1.0) if line.upright else (1.0, 0.0)
            reach, depth = 0.5 * pitch, 0.4 * pitch
            largest = 2 * math.hypot(reach, depth)
        else:
            if exit_.far_side:
                continue
            units = sorted(exit_.units, key=lambda u: (u[0][1], u[0][0]))
            a, b = point(*side_edge(*units[0])[0]), point(*side_edge(*units[-1])[1])
            span = _round_part(page.level, exit_)
            if span is not None:  # on a round room's wall: the part of it the doorway opens
                a, b = point(*span[0]), point(*span[1])
            middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            length = math.dist(a, b)
            direction = ((b[0] - a[0]) / length, (b[1] - a[1]) / length)
            letter = getattr(symbol.segment if not exit_.secret else glyphs.on_wall(glyphs.secret), "middle", None)
            # What is written across the middle (a letter, an S), or the whole of a mark drawn along it.
            reach = letter(pitch) * 1.6 if letter is not None else length / 2 - 0.1 * pitch
            depth = letter(pitch) * 1.6 if letter is not None else 0.2 * pitch
            largest = 2 * math.hypot(reach, depth) if letter is not None else length + 0.2 * pitch
        if not (region.left + reach <= middle[0] <= region.right - reach
                and region.bottom + reach <= middle[1] <= region.top - reach):
            continue  # cut by the sheet's edge: drawn whole on the sheet beside it
        near = []
        for s in shapes:  # its middle within the place, and no larger than the place
            x, y = (s.box[0] + s.box[2]) / 2 - middle[0], (s.box[1] + s.box[3]) / 2 - middle[1]
            if (abs(x * direction[0] + y * direction[1]) <= reach and abs(-x * direction[1] + y * direction[0]) <= depth
                    and math.hypot(s.width, s.height) <= largest):
                near.append(s.box)
        ink = None
        if near:
            box = (min(b[0] for b in near), min(b[1] for b in near), max(b[2] for b in near), max(b[3] for b in near))
            ink = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        marks.append((exit_.kind if not exit_.secret else "secret", middle, direction, ink))
    return marks


@pytest.mark.parametrize("game, seeds", [("roguelike", ("centre0", "centre1")), ("amulet", ("centre0", "centre1")),
                                         ("rlrl", ("centre0",))])
def test_every_door_mark_is_centred_on_its_wall_line(game, seeds):
    """Read back from the drawn page: the ink of every door and door mark (a door's leaf, an arch's jambs,
    a portcullis, a secret door's S, Amulet's C, O, S, ticks and wavy crumbling walls) is centred on its
    wall line within 0.3 mm, across the line and along it."""
    count = 0
    for seed in seeds:
        for page in pages(game, seed, levels=3) if game != "amulet" else pages(game, seed):
            for kind, middle, direction, ink in _door_marks(page):
                assert ink is not None, (seed, page.level.number, kind, middle)
                dx, dy = ink[0] - middle[0], ink[1] - middle[1]
                along, across = dx * direction[0] + dy * direction[1], -dx * direction[1] + dy * direction[0]
                assert abs(across) <= CENTRED and abs(along) <= CENTRED, (seed, page.level.number, kind, along, across)
                count += 1
    assert count > 40


# -- no wall ends in open floor ------------------------------------------------------------------


def _loose_ends(page: frame.MapPage) -> list[tuple[float, float]]:
    """The ends of the map's wall lines that meet nothing: no other wall, no threshold, no door drawn along
    its wall, no door glyph's line, no round wall (squares, from the same plan the map is drawn by)."""
    from printgen.maps.draw_walls import plan_walls

    found = frame.plan(page, LETTER)
    placed = draw.map_layout(page.level, page.symbols, page.rule, page.content, page.view,
                             found.sheets[0].region.pitch, found.shown)
    doors = shown_doors(page.level.areas, page.content.doors, page.view)
    walls = plan_walls(page.level.areas, page.rule, doors, page.symbols)
    pieces = [w.edge for w in walls.units] + walls.extra + walls.diagonal + walls.round_sides + walls.thresholds
    for exit_, _ in doors:
        if page.symbols.doors[exit_.kind].segment is not None and not (exit_.secret and page.view != draw.GM):
            pieces += [side_edge(cell, side) for cell, side in exit_.units]
        line = placed.doors.get(id(exit_))
        if line is not None and not (page.symbols.doors[exit_.kind].bare and not exit_.secret):
            pieces.append(tuple(door_ends(line)))

    def key(p):
        return round(p[0], 3), round(p[1], 3)

    def on(p, a, b) -> bool:  # p on the segment a-b
        cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
        inside = min(a[0], b[0]) - 1e-6 <= p[0] <= max(a[0], b[0]) + 1e-6 and \
            min(a[1], b[1]) - 1e-6 <= p[1] <= max(a[1], b[1]) + 1e-6
        return abs(cross) < 1e-6 and inside

    ends: dict = {}
    for a, b in pieces:
        for p in (a, b):
            ends[key(p)] = ends.get(key(p), 0) + 1
    circles = [a.shape.round for a in page.level.areas if a.shape.curved]
    loose = []
    for a, b in [w.edge for w in walls.units] + walls.extra + walls.diagonal + walls.round_sides:
        for p in (a, b):
            if ends[key(p)] > 1 or any(abs(math.dist(p, (cx, cy)) - r) < 1e-3 for cx, cy, r in circles):
                continue
            if any(on(p, *other) for other in pieces if other != (a, b)):
                continue  # it meets another line along its length
            loose.append(p)
    return loose


@pytest.mark.parametrize("game, seeds", [("roguelike", ("ends0", "ends1", "audit")), ("amulet", ("ends0", "ends1")),
                                         ("rlrl", ("ends0",))])
def test_no_wall_line_ends_in_open_floor(game, seeds):
    """Every end of every wall line meets another wall, a threshold, a door drawn along its wall or the
    line a door's glyph stands on: on the referee's maps and the players'."""
    views = (draw.GM, draw.LAYOUT) if game == "roguelike" else (draw.GM,)
    checked = 0
    for seed in seeds:
        for view in views:
            for page in pages(game, seed, view, levels=3) if game != "amulet" else pages(game, seed, view):
                assert not _loose_ends(page), (seed, view, page.level.number, _loose_ends(page))
                checked += 1
    assert checked >= 3


@pytest.mark.parametrize("game, seeds", [("rlrl", ("lead0", "lead1")),
                                         ("roguelike", ("lead0", "lead1", "lead2", "lead3", "lead4"))])
def test_no_callouts_leader_crosses_another_area(game, seeds):
    """A number in a callout on the rock is joined to its own area's wall by a leader that runs over no
    other area's floor."""
    leaders = 0
    for seed in seeds:
        for page in pages(game, seed, levels=10 if game == "rlrl" else 3):
            found = frame.plan(page, LETTER)
            placed = draw.map_layout(page.level, page.symbols, page.rule, page.content, page.view,
                                     found.sheets[0].region.pitch, found.shown)
            owner = {cell: area.number for area in page.level.areas for cell in area.cells}
            for callout in placed.callouts:
                (x0, y0), (x1, y1) = callout.leader
                leaders += 1
                for k in range(1, 40):
                    x, y = x0 + (x1 - x0) * k / 40, y0 + (y1 - y0) * k / 40
                    crossed = owner.get((math.floor(x), math.floor(y)))
                    assert crossed in (None, callout.area), (seed, page.level.number, callout.area, crossed)
    assert leaders >= 5


@pytest.mark.parametrize("game", ("roguelike", "rlrl"))
def test_stairs_traps_and_teleport_landings_stay_in_their_area(game):
    """A mark that stands where its thing is (stairs, a trap, a chute, where a teleport lands) is drawn in its
    area, never beside the number in a callout on the rock, whatever else crowds the area."""
    anchored = 0
    for seed in [f"in{n}" for n in range(8)]:
        for page in pages(game, seed, levels=3):
            found = frame.plan(page, LETTER)
            placed = draw.map_layout(page.level, page.symbols, page.rule, page.content, page.view,
                                     found.sheets[0].region.pitch, found.shown)
            for callout in placed.callouts:
                assert not [i.kind for i in callout.items if i.kind in page.symbols.anchored], (seed, callout)
            assert not [kind for _, kind in placed.left_out if kind in page.symbols.anchored]
            for spot in placed.boxes(MARK):
                if spot.kind in page.symbols.anchored and spot.area is not None:
                    assert Floor(page.level.area(spot.area)).holds(spot.box, 0.0), (seed, spot)
                    anchored += 1
    assert anchored > 20


# -- read back: numbers at arm's length, no ink over another's, each "?" against its exit --------------


READ_ROLES = {LABEL, NOTE, MARK, INSIDE, UNEXPLORED, RUBBLE, "loose", "players"}


@pytest.mark.parametrize("game, seeds, options", [
    ("roguelike", ("arm0", "arm1"), {}), ("roguelike", ("arm0",), {"rooms": 40, "levels": 2}),
    ("amulet", ("arm0", "arm1", "arm2"), {}), ("amulet", ("arm0",), {"size": 16}), ("rlrl", ("arm0",), {"levels": 4})])
def test_numbers_read_at_8_pt_no_ink_covers_another_and_each_question_mark_touches_its_exit(game, seeds, options):
    """Read back from every sheet of the Referee's maps: every area's number prints at 8 pt or more (in its
    area or in a callout); the ink of no mark, "?", stair, number or note overlaps another's (the text runs
    and shapes drawn for each thing placed, a "?" by its ring); and the dashed ring of the "?" of every
    unexplored exit (or of one it shares with an exit onto the same square of rock) comes within 1.5 pt of
    where the exit opens onto the rock (a doorway's far side, or the wall), or of its door's glyph where
    that reaches past it, on 45° walls and along long doors too."""
    numbers = items = questions = 0
    for seed in seeds:
        for page in pages(game, seed, **options):
            shown = set()
            for sheet in map_readback.sheets(page, LETTER):
                where = (seed, page.level.number, sheet.index)
                runs = map_readback.area_numbers(sheet)
                assert all(run.size >= 8 - 0.01 for run in runs), (where, min(runs, key=lambda r: r.size))
                shown |= {run.text.strip() for run in runs}
                numbers += len(runs)
                items += len(map_readback.printed_items(sheet, READ_ROLES))
                assert not map_readback.ink_overlaps(sheet, READ_ROLES), where
                for question in map_readback.questions(sheet):
                    questions += 1
                    assert question.distance - question.reach <= 1.5, (
                        where, question.area, question.exit_.kind, question.exit_.at, question.exit_.side,
                        question.distance, question.reach)
            assert shown == {str(area.number) for area in page.level.areas}, (seed, page.level.number)
    assert numbers >= 20 and items >= numbers and questions >= 5, (numbers, items, questions)


# -- rock between neighbours (Rogue Like Roguelike) -----------------------------------------------


@cache
def _rlrl_level_one(style: str = "grey"):
    from parting import sample_pages

    page = sample_pages("rlrl", "moonpie", style, [1])[0]
    data, found, placed = drawn(page)
    doors = shown_doors(page.level.areas, page.content.doors, draw.GM)
    walls = page.content.walls(page.level.areas, page.rule, doors, page.symbols)
    return page, data, found, placed, draw_seams.seam_units(walls, doors)


def test_rlrl_neighbours_with_no_door_between_them_have_rock_between_their_walls():
    """Moonpie's level 1 (corridors 2-18 and 25-30 packed wall to wall): across every wall two areas share
    with no door in it, the page shows rock grey on the wall's own line and a wall line either side of it
    (one black line there before)."""
    page, data, found, placed, units = _rlrl_level_one()
    sheet = found.sheets[0]
    region, (ox, oy) = sheet.region, sheet.origin
    dpi = 200
    image = raster(data, dpi)
    scale = dpi / 72

    def pixel(x: float, y: float) -> int:
        px, py = region.left + (x - ox) * region.pitch, region.top - (y - oy) * region.pitch
        return image.getpixel((round(px * scale), round((LETTER.height - py) * scale)))

    reach = draw_seams.SEAM + draw_seams.SEAM_LINE / 2 / region.pitch  # squares: the middle of each line
    covering = [p.box for p in placed.placed]  # a number's white box or a mark over the line there
    assert len(units) >= 30
    rock = walled = checked = 0
    for (ax, ay), (bx, by) in units:
        mx, my = (ax + bx) / 2, (ay + by) / 2
        if any(left - 0.3 <= mx <= right + 0.3 and top - 0.3 <= my <= bottom + 0.3 for left, top, right, bottom in covering):
            continue
        checked += 1
        nx, ny = (1, 0) if ax == bx else (0, 1)
        rock += abs(pixel(mx, my) - ROCK_GREY * 255) < 25
        walled += pixel(mx - nx * reach, my - ny * reach) < 90 and pixel(mx + nx * reach, my + ny * reach) < 90
    assert checked >= 30 and rock == checked and walled == checked, (checked, rock, walled)


def test_rlrl_numbers_keep_clear_of_the_rock_between_neighbours():
    """No area number's white box covers the band of rock between two neighbours' walls (in a one-square
    corridor the box stands between the two bands, its own outline where their lines run)."""
    page, data, found, placed, units = _rlrl_level_one()
    bands = draw_seams.seam_boxes(units, shown_doors(page.level.areas, page.content.doors, draw.GM))
    covered = [(p.kind, band) for p in placed.boxes(LABEL) for band in bands
               if min(p.box[2], band[2]) - max(p.box[0], band[0]) > 0.01
               and min(p.box[3], band[3]) - max(p.box[1], band[1]) > 0.01]
    assert len(bands) >= 30 and not covered, covered
