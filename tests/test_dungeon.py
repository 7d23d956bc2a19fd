"""Roguelike dungeons: every roll honoured on the map, the guarantees for every seed, the booklet read back."""

import json
import math
import re
import shutil
import subprocess
from collections import Counter
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pdfutil import fonts, open_pdf, page_sizes, run_cli, subject

from printgen import products
from printgen.maps import frame
from printgen.maps.draw import GM
from printgen.maps.geometry import HEADINGS, step
from printgen.maps.spots import area_spots
from printgen.products import build
from printgen.seed import SeedCode
from printgen.systems.roguelike import generate as dungeon_module
from printgen.systems.roguelike import rules
from printgen.systems.roguelike.links import is_way_down
from printgen.systems.roguelike.map_page import BOTTOM, PITCH, SIDE_MARGIN, TOP, map_page, map_squares
from printgen.systems.roguelike.map_symbols import area_marks
from printgen.systems.roguelike.rolls import roll_area, roll_encounter
from printgen.units import inch, paper
from printgen.words import BUILT_IN

say = BUILT_IN.say_for(rules.__package__)  # the game's built-in words

LETTER = map_squares(paper("letter"))


def options_for(levels, rooms, paper_name="letter", fmt="pdf", players="blank"):
    return {"levels": levels, "rooms": rooms, "paper": paper_name, "format": fmt, "players-map": players}


def generate(seed: str, levels: int = 3, rooms: int = 16):
    code = SeedCode.make("dungeon", "roguelike", seed, options_for(levels, rooms))
    return dungeon_module.generate(BUILT_IN, code, levels, rooms, LETTER)


SAMPLE_SEEDS = 150


@cache
def sample(rooms: int = 16, seeds: int = SAMPLE_SEEDS):
    """A fixed sample of dungeons at the defaults, and every area the dice rolled while making them."""
    rolled = []

    def counting(rng):
        plan = roll_area(rng)
        rolled.append(plan)
        return plan

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(dungeon_module, "roll_area", counting)
        dungeons = [generate(f"sample-{i}", 3, rooms) for i in range(seeds)]
    return dungeons, rolled


def all_areas(dungeons):
    return [area for d in dungeons for level in d.levels for area in level.areas]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.text(st.characters(categories=("L", "N", "P", "Zs")), min_size=1, max_size=20),
       levels=st.integers(1, 4), rooms=st.integers(4, 40))
def test_every_seed_keeps_the_guarantees(seed, levels, rooms):
    dungeon = generate(seed, levels, rooms)
    assert dungeon_module.check(dungeon) == []
    assert len(dungeon.levels) == levels
    for level in dungeon.levels:
        teleport_ends = {l.area for a in level.areas for l in a.links if l.kind == "teleport"}
        assert rooms <= len(level.areas) <= rooms + len(teleport_ends) or len(level.areas) < rooms
        for area in level.areas:
            if area.entered_from is not None:  # numbered in walking order from the way in
                assert area.entered_from < area.number
            for exit_ in area.exits:
                assert (exit_.to is not None) == (exit_.leads == "area")
                if exit_.to is not None:  # a door to an area opens straight into it across one square of rock
                    assert step(exit_.at, exit_.side, 2) in level.area(exit_.to).cells
                if not exit_.rolled:
                    assert exit_.kind == dungeon_module.ADDED_DOOR


def test_placed_areas_honour_the_dice():
    """Every area rolled is placed; the placed shares match the tables' odds."""
    dungeons, rolled = sample()
    areas = all_areas(dungeons)
    # Nothing rolled is thrown away: the placed areas are the rolled ones, kind for kind.
    def kinds(items):
        return Counter((p.type, str(p.data["features"])) for p in items)
    placed_plans = Counter((a.type, str(a.data["features"])) for a in areas)
    unplaced = kinds(rolled) - placed_plans
    assert sum(unplaced.values()) <= len(dungeons) * 3  # at most the one rolled last on a full level
    tables = rules.tables()

    def expected(table_id):
        table = tables[table_id]
        return {row.result: float(table.row_probability(row)) for row in table.rows}

    def assert_shares(counts, probabilities):
        """Within 10% (relative) of the odds, or of three standard errors where the sample is too small for 10%."""
        total = sum(counts.values())
        for name, p in probabilities.items():
            allowed = max(0.1 * p, 3 * (p * (1 - p) / total) ** 0.5)
            assert abs(counts[name] / total - p) <= allowed, (name, counts[name] / total, p)

    assert_shares(Counter(a.type for a in areas), expected("room-type"))
    passages = [a for a in areas if "direction_length" in a.data["features"]]
    rooms = [a for a in areas if "area_sqft" in a.data["features"]]
    assert_shares(Counter(a.data["features"]["direction_length"] for a in passages), expected("corridor-features"))
    assert_shares(Counter(a.data["features"]["width_ft"] for a in passages), _by(tables["corridor-features"], "width_ft"))
    # Room areas are read back from the squares drawn.
    assert_shares(Counter(len(a.cells) * 25 for a in rooms), _by(tables["room-features"], "area_sqft"))
    for area in rooms:  # every room covers exactly its rolled area
        assert len(area.cells) * 25 == area.data["features"]["area_sqft"]


def _by(table, field):
    shares = Counter()
    for row in table.rows:
        shares[row[field]] += float(table.row_probability(row))
    return dict(shares)


def test_exits_lead_somewhere_and_levels_stay_on_one_page():
    levels = [level for d in sample()[0] for level in d.levels]
    exits = [e for level in levels for a in level.areas for e in a.exits]
    leads = Counter(e.leads for e in exits)
    assert leads["blocked"] / len(exits) <= 0.02, leads
    assert leads["unexplored"] > 0 and leads["area"] > 0
    one_page = sum((level.width, level.height) == LETTER for level in levels)
    assert one_page / len(levels) >= 0.90
    # Loops: a way that runs into an area already drawn opens into it.
    loops = sum(any(e.to is not None and level.area(e.to).entered_from != a.number
                    for a in level.areas for e in a.exits) for level in levels)
    assert loops / len(levels) > 0.15
    # Every rolled door is drawn, or (at most 1%) listed in the key as "also".
    doors = [e for e in exits if e.kind not in ("open", "dead-end")]
    assert sum(e.at is None for e in doors) / len(doors) <= 0.01
    # No door the dice did not roll, but the arches printgen adds when every exit closed early.
    for level in levels:
        for area in level.areas:
            f = area.data["features"]
            rolled = [e for e in area.exits if e.rolled and e.kind not in ("open", "dead-end")]
            table = "room-features" if "area_sqft" in f else "corridor-features"
            doors_row = rules.tables()[table].lookup(area.rolls[table][-1])
            assert sorted(e.kind for e in rolled) == sorted(doors_row["door_kinds"])


def test_a_way_left_to_the_table_seldom_opens_into_a_notch_of_its_own_area():
    """An unexplored way on opens where the map can show it: its doorway square is touched by its own area
    only where the door stands, so the "?" beside it is clear of that area's walls. Only an area whose
    free wall is all notches (an irregular chamber's) puts one there: 6% over these 180 levels, where
    before the doors were placed with notches last it was 26%."""
    notched = ways = 0
    for i in range(60):
        for level in generate(f"notch{i}", 3, 16).levels:
            for area in level.areas:
                for exit_ in area.exits:
                    if exit_.at is None or exit_.inside or exit_.leads != "unexplored":
                        continue
                    ways += 1
                    doorway = step(exit_.at, exit_.side)
                    notched += any(step(doorway, side) in area.cells for side in (0, 2, 4, 6)
                                   if side != (exit_.side + 4) % 8)
    assert ways > 3000 and notched / ways <= 0.08, (notched, ways)


@pytest.mark.parametrize("rooms", [4, 10, 24, 40])
def test_rooms_gives_that_many_areas(rooms):
    levels = [level for i in range(8) for level in generate(f"rooms-{i}", 3, rooms).levels]
    full = sum(len(level.areas) >= rooms for level in levels)
    assert full / len(levels) >= 0.95


def test_turns_forks_and_lengths_are_as_rolled():
    for area in all_areas(sample()[0][:80]):
        f = area.data["features"]
        if f.get("shape") != "turn" and f.get("shape") not in ("straight", "dead-end"):
            continue
        width = max(1, round(f["width_ft"] / 5))
        if f["shape"] in ("straight", "dead-end") or abs(f["turn"]) == 90:
            assert len(area.cells) == width * f["length_ft"] // 5  # drawn exactly as long as rolled
        if f["shape"] == "turn" and abs(f["turn"]) == 45:
            (end,) = [e for e in area.exits if e.kind == "open"]
            assert end.heading % 2 == 1  # a 45° turn keeps its new, diagonal heading


def test_ways_down_teleports_and_the_hoard():
    teleports = 0
    for dungeon in sample()[0][:100]:
        levels = dungeon.levels
        for level in levels[:-1]:
            downs = [l for a in level.areas for l in a.links if is_way_down(l)]
            assert downs and all((l.level, l.area) == (level.number + 1, 1) for l in downs)
        last = levels[-1]
        (hoard,) = [a for a in last.areas if "hoard" in a.data]
        for area in last.areas:
            for link in area.links:
                if is_way_down(link):
                    assert link.area == hoard.number != area.number
        for level in levels:
            for area in level.areas:
                for link in area.links:
                    if link.kind == "teleport":
                        teleports += 1
                        target = level.area(link.area)
                        assert target.number > area.number and target.entered_from is None
                        assert "teleport-end" in area_marks(target, level)
    assert teleports > 0


def test_elementals_drop_their_gold():
    """Metal and Fused Elementals leave 50 and 20 gold pieces instead of a loot roll."""
    code = SeedCode.make("dungeon", "roguelike", "elementals", {})
    seen = Counter()
    for i in range(200):
        rng = code.stream("elementals", i)
        group = roll_encounter(rules.tables().roll("creatures-elementals", rng), rng)
        gold = {"Metal Elemental": 50, "Fused Elemental": 20}.get(group["name"])
        if gold:
            seen[gold] += 1
            assert all(ind["loot"] == [{"roll": None, "result": f"{gold} gold pieces", "points": gold}]
                       for ind in group["individuals"])
    assert seen[50] and seen[20]


def test_marks_and_numbers_each_have_their_own_place():
    for area in all_areas(sample()[0][:40]):
        spots = area_spots(area, ["trap", "creatures", "chest", "stairs-down"])
        places = {(s.x, s.y) for s in spots}
        assert len(places) == len(spots)
        for s in spots:
            assert (int(s.x), int(s.y)) in area.cells  # inside the area: never across a wall


def test_json_is_the_shared_contract():
    code = SeedCode.make("dungeon", "roguelike", "json", options_for(2, 12, fmt="json"))
    first = build(code)
    assert first == build(code)
    data = json.loads(first)
    assert data["system"] == "roguelike" and data["seed_code"] == str(products.canonical(code))
    built = dungeon_module.generate(BUILT_IN, code, 2, 12, LETTER)
    assert [level["number"] for level in data["levels"]] == [1, 2]
    for level_data, level in zip(data["levels"], built.levels):
        assert (level_data["width"], level_data["height"]) == (level.width, level.height)
        numbers = {a["number"] for a in level_data["areas"]}
        for area_data, area in zip(level_data["areas"], level.areas):
            assert {"number", "type", "cells", "rolls", "exits", "links"} <= set(area_data)
            assert area_data["type"] in ("Corridor", "Room", "Cavern", "Chamber")
            assert sorted(map(tuple, area_data["cells"])) == sorted(area.cells)
            assert all(0 <= x < level.width and 0 <= y < level.height for x, y in area_data["cells"])
            assert "room-type" in area_data["rolls"]
            for exit_ in area_data["exits"]:
                assert {"kind", "secret", "to", "leads"} <= set(exit_)
                assert exit_["leads"] in ("area", "level", "dead-end", "unexplored", "blocked")
                assert isinstance(exit_["secret"], bool)
                assert (exit_["to"] in numbers) if exit_["leads"] == "area" else exit_["to"] is None
            for link in area_data["links"]:
                assert set(link) == {"kind", "level", "area"}


def test_pdf_pages_fonts_metadata_and_double_sided_order():
    BLANK_NOTE = say("dungeon.blank-side")
    code = SeedCode.make("dungeon", "roguelike", "pdf", options_for(2, 12, "a4"))
    data = build(code)
    pdf = open_pdf(data)
    sizes = page_sizes(pdf)
    assert all(w == pytest.approx(595.28, abs=0.01) and h == pytest.approx(841.89, abs=0.01) for w, h in sizes)
    used = fonts(pdf)
    assert used and all(used.values()), used
    assert SeedCode.parse(subject(pdf)) == products.canonical(code)
    if not shutil.which("pdftotext"):
        pytest.skip("pdftotext is not installed")
    texts = [_page_text(data, n) for n in range(1, len(sizes) + 1)]
    for number, text in enumerate(texts, 1):  # the footer is stamped once on every page, each its own
        assert f"page {number} of {len(texts)}" in text
    for number in (1, 2):
        (map_page,) = [i for i, t in enumerate(texts, 1) if f"Level {number}" in t and "Referee's map" in t]
        assert map_page % 2 == 0 and f"Level {number}: the key" in texts[map_page]  # the key faces the map
    players = [i for i, t in enumerate(texts, 1) if "Players' map" in t]
    assert len(players) == 2 and all(p % 2 == 1 and texts[p].strip().startswith(BLANK_NOTE) for p in players)
    blanks = [t for t in texts if BLANK_NOTE in t]  # an empty side says so, and says nothing else
    assert blanks and all(t.replace(BLANK_NOTE, "").strip().startswith("printgen ·") for t in blanks)
    assert players[0] > max(i for i, t in enumerate(texts, 1) if "Rules at a glance" in t)


def _page_text(data: bytes, number: int) -> str:
    return subprocess.run(["pdftotext", "-f", str(number), "-l", str(number), "-", "-"], input=data,
                          capture_output=True, check=True).stdout.decode()


def test_drawn_map_shows_floors_rock_and_open_doorways(tmp_path):
    """Rasterise a referee's map: area squares white, rock grey, every doorway to an area open."""
    if not shutil.which("pdftoppm"):
        pytest.skip("pdftoppm is not installed")
    from PIL import Image

    code = SeedCode.make("dungeon", "roguelike", "raster", options_for(1, 16))
    data = build(code)
    dpi = 144
    (tmp_path / "map.pdf").write_bytes(data)
    subprocess.run(["pdftoppm", "-f", "2", "-l", "2", "-r", str(dpi), "-gray", "-png", "-singlefile",
                    str(tmp_path / "map.pdf"), str(tmp_path / "map")], check=True)
    image = Image.open(tmp_path / "map.png").convert("L")
    built = dungeon_module.generate(BUILT_IN, code, 1, 16, LETTER)
    level = built.levels[0]
    page_w, page_h = paper("letter").size
    scale = dpi / 72
    page = map_page(BUILT_IN, built, level, GM)
    found = frame.plan(page, paper("letter"))
    sheet = found.sheets[0]  # the level sits in the middle of the page's grid
    region, (ox, oy) = sheet.region, sheet.origin
    pitch = region.pitch

    def pixel(x: float, y: float) -> int:  # squares → the grey (0 black, 255 white) at that point
        return image.getpixel((round((region.left + (x - ox) * pitch) * scale),
                               round((page_h - region.top + (y - oy) * pitch) * scale)))

    floor = {c for a in level.areas for c in a.cells if ox <= c[0] < ox + region.columns
             and oy <= c[1] < oy + region.rows}
    doorways = {step(e.at, e.side) for a in level.areas for e in a.exits if e.at is not None}
    placed = frame.layout(page, found)
    marked = {(math.floor(x), math.floor(y)) for p in placed.boxes() for x in (p.box[0], p.box[2])
              for y in (p.box[1], p.box[3])}
    marked |= {(math.floor(x), math.floor(y)) for c in placed.callouts for x in (c.box[0], c.box[2])
               for y in (c.box[1], c.box[3])}
    for cell in floor - marked:
        assert pixel(cell[0] + 0.3, cell[1] + 0.3) > 240, cell  # white floor (clear of the grid lines)
    for x in range(ox, ox + region.columns):
        for y in range(oy, oy + region.rows):
            if (x, y) not in floor and (x, y) not in doorways and (x, y) != level.way_in.at and (x, y) not in marked:
                near = any((x + dx, y + dy) in floor | doorways for dx in (-1, 0, 1) for dy in (-1, 0, 1))
                if not near:
                    assert 170 < pixel(x + 0.3, y + 0.3) < 230, (x, y)  # grey rock
    for area in level.areas:
        for exit_ in area.exits:
            if exit_.leads == "area":  # no wall across the way from the area into its doorway
                dx, dy = HEADINGS[exit_.side]
                mid = (exit_.at[0] + 0.5 + dx * 0.5, exit_.at[1] + 0.5 + dy * 0.5)
                if not (ox + 1 <= mid[0] <= ox + region.columns - 1 and oy + 1 <= mid[1] <= oy + region.rows - 1):
                    continue  # on the level's other sheet
                across = (-dy * 0.3, dx * 0.3)
                # (a grid line may run there, light grey; a wall would be black)
                assert pixel(mid[0] + across[0], mid[1] + across[1]) > 120, (area.number, exit_.at)


def test_map_pages_fit_their_paper():
    assert PITCH == inch(0.25)
    for name in ("letter", "a4"):
        p = paper(name)
        columns, rows = map_squares(p)
        assert columns * PITCH <= p.width - 2 * SIDE_MARGIN and rows * PITCH + TOP + BOTTOM <= p.height
    assert LETTER == (31, 36)


@pytest.mark.parametrize("name", ["letter", "a4"])
def test_a_map_pages_title_stays_where_every_printer_reaches(name):
    """No letter of a map page comes nearer the paper's top than 0.25 in (home printers leave 0.17-0.25 in)."""
    import pypdfium2

    data = build(SeedCode.make("dungeon", "roguelike", "edge", {"levels": 1, "paper": name}))
    document = pypdfium2.PdfDocument(data)
    page = document[1]  # the level's map
    text = page.get_textpage()
    tops = [text.get_charbox(i)[3] for i in range(text.count_chars()) if not text.get_text_range(i, 1).isspace()]
    assert page.get_height() - max(tops) >= inch(0.25)


def test_dungeon_is_byte_identical_across_processes(tmp_path):
    """The command line's file, made in a process of its own, is the file this process makes of its code."""
    result = run_cli("dungeon", "--system", "roguelike", "--seed", "same", "--levels", "2", "--players-map", "layout",
                     "-o", str(tmp_path / "a.pdf"))
    assert result.returncode == 0, result.stderr
    code = SeedCode.make("dungeon", "roguelike", "same", {"levels": 2, "players-map": "layout"})
    assert (tmp_path / "a.pdf").read_bytes() == build(code)


@pytest.mark.parametrize(
    "args, words",
    [
        (["dungeon", "--system", "card-rogue"], "--system must be one of amulet, rlrl, roguelike, not 'card-rogue'"),
        (["dungeon", "--levels", "3"], "--system is needed: dungeon is made for amulet, rlrl, roguelike"),
        (["dungeon", "--system", "roguelike", "--levels", "0"], "levels must be a whole number from 1 to 20, not '0'"),
        (["dungeon", "--system", "roguelike", "--levels", "3.0"], "--levels must be a whole number from 1 to 20, not '3.0'"),
        (["dungeon", "--system", "roguelike", "--levels", "٣"], "--levels must be a whole number from 1 to 20, not '٣'"),
        (["dungeon", "--system", "roguelike", "--rooms", "2"], "rooms must be a whole number from 4 to 40, not '2'"),
        (["dungeon", "--system", "roguelike", "--players-map", "map"], "players-map must be one of blank, layout, not 'map'"),
        (["dungeon", "--system", "roguelike", "--format", "svg"], "--format must be one of pdf, json, uvtt, png, not 'svg'"),
    ],
)
def test_bad_dungeon_options_are_one_line(args, words):
    result = run_cli(*args)
    assert result.returncode == 2 and words in result.stderr and result.stderr.count("\n") == 1


def test_deck_key_json_and_notes_name_every_creature_list_alike():
    """The rules head two lists Humanoids 1 and 2 where the Type 1 list rolls Humanoids 2 and 3: one name for
    each list, the one the dice roll, on its creatures' cards, in the key's chain of rolls, in the JSON and in
    the notes that explain it."""
    from printgen.systems.roguelike import decks, key

    by_card = {card.title: card.kicker.split(" · ")[0]
               for card in decks.creatures_deck(BUILT_IN, SeedCode.make("deck", "roguelike", "lists", {}), {}).cards}
    code = SeedCode.make("dungeon", "roguelike", "lists", {})
    seen = set()
    for i in range(600):
        rng = code.stream("lists", i)
        group = roll_encounter(rules.tables().roll("creature-type", rng), rng)
        chain = key.creature_rows(BUILT_IN, group)["chain"].split(" → ")
        named = chain[1].rsplit(" (", 1)[0]
        assert named == by_card[group["name"]] == group["list"], (chain, by_card[group["name"]], group["list"])
        seen.add(group["chain"][-1]["table"])
    assert seen == set(rules.creature_lists())
    (note,) = [c["text"] for c in rules.choices(BUILT_IN) if c["topic"] == "Humanoid lists"]
    for table_id in rules.creature_lists():
        table, name = rules.tables()[table_id], rules.list_name(table_id)
        assert all(by_card[row.result] == name for row in table.rows)
        if table.name != name:  # the notes say which heading the name stands for
            assert re.search(rf"{re.escape(name)} (is )?the list headed {re.escape(table.name)}(?!\w)", note), name
            if table.name.startswith("Humanoids"):
                assert f"({table.rows[0].result} to {table.rows[-1].result})" in note


def test_the_key_says_which_dice_chose_each_encounter():
    """Three 1d6 (Type, list, creature) for an encounter; one, on the Undead list, for a crypt's undead."""
    from printgen.systems.roguelike import key

    crypts = 0
    for dungeon in sample()[0][:60]:
        for level in dungeon.levels:
            entries = key.dungeon_key(BUILT_IN, dungeon, level)["areas"]
            for area, entry in zip(level.areas, entries):
                group = area.data["contents"].get("creatures")
                if not group:
                    continue
                steps = group["chain"]
                chain = entry["creatures"]["chain"]
                assert chain.endswith(" → ".join(f"{s['result']} ({s['roll']})" for s in steps))
                assert [s["table"] for s in steps][-1] in area.rolls
                if area.data["contents"]["kind"] == "crypt":
                    crypts += 1
                    assert len(steps) == 1 and "three times" not in chain and "on the Undead list" in chain
                else:
                    assert len(steps) == 3 and "three times" in chain
    assert crypts > 0


def test_a_rival_dwarf_has_repair_in_the_key():
    """The race table's '1 Smithing' is the Repair the rules describe and printgen prints (notes: Dwarves)."""
    from printgen.systems.roguelike import key

    dwarves = 0
    for dungeon in sample()[0][:80]:
        for level in dungeon.levels:
            for area, entry in zip(level.areas, key.dungeon_key(BUILT_IN, dungeon, level)["areas"]):
                for rival, row in zip(area.data["contents"].get("creatures", {}).get("rivals", []),
                                      (entry["creatures"] or {}).get("rows", [])):
                    assert "Smithing" not in row
                    if rival["race"] == "Dwarf":
                        dwarves += 1
                        assert "1 Repair" in row.split("abilities: ")[1]
    assert dwarves > 0
    if not shutil.which("pdftotext"):
        pytest.skip("pdftotext is not installed")
    code = SeedCode.make("dungeon", "roguelike", "rl10", options_for(1, 16))
    text = " ".join(subprocess.run(["pdftotext", "-", "-"], input=build(code), capture_output=True,
                                   check=True).stdout.decode().split())
    assert "Dwarf Tourist" in text and "abilities: 1 Repair" in text and "abilities: 1 Smithing" not in text


def test_a_teleport_line_says_truly_whether_a_door_joins_its_two_areas():
    """The area a teleport lands in is placed with no door to the trap's, but a way rolled later may join them:
    the key says which, as the map has it (seed rl115, level 1: a way from the landing area runs into area 9)."""
    from printgen.systems.roguelike import key

    def joining(level, a, b):
        return [(x.number, e) for x, y in ((a, b), (b, a)) for e in x.exits if e.to == y.number]

    dungeons = [*sample()[0], generate("rl115")]
    found = Counter()
    for dungeon in dungeons:
        for level in dungeon.levels:
            for area, entry in zip(level.areas, key.dungeon_key(BUILT_IN, dungeon, level)["areas"]):
                for link in area.links:
                    if link.kind != "teleport":
                        continue
                    (text,) = [t for label, t in entry["lines"] if label == say("key.label.teleport")]
                    assert f"area {link.area}," in text
                    joined = joining(level, area, level.area(link.area))
                    found[bool(joined)] += 1
                    if joined:
                        source, e = joined[0]
                        assert "no door" not in text and f"from {source} joins it to this area" in text, text
                        assert say(f"door.{e.kind}") in text
                    else:
                        assert say("key.teleport-apart") in text, text
    assert found[True] and found[False]


def test_no_command_line_words_on_a_printed_page():
    """Pages speak a player's words: no option such as --rooms in the phrasebook, the notes, the templates or
    a printed booklet."""
    from pdfutil import page_texts

    option = re.compile(r"(?<![\w-])--[a-z]")
    texts = list(say.book().values()) + [c["text"] for c in rules.choices(BUILT_IN)]
    for template in rules.GAME.templates.glob("*.html"):
        if template.stem.endswith("style"):
            continue  # a page's look, not its words (CSS names its variables --like-this)
        text = re.sub(r"\{#.*?#\}", "", template.read_text(encoding="utf-8"), flags=re.S)
        texts.append(re.sub(r"\{% block style %\}.*?\{% endblock %\}", "", text, flags=re.S))
    assert not [t for t in texts if option.search(t)]
    code = SeedCode.make("dungeon", "roguelike", "words", options_for(1, 6))
    pages = page_texts(build(code))
    assert any("Unexplored exits" in p for p in pages)
    assert not [p for p in pages if option.search(p)]


def test_a_user_changes_the_keys_words_without_python(tmp_path, capsys):
    """'printgen templates export DIR' writes the game's phrasebook; a phrase changed there (the key's
    'Ways on', the legend's 'open arch') prints with --templates DIR, and reproduce wants that folder."""
    from pdfutil import page_texts

    from printgen.cli import main

    folder = tmp_path / "mine"
    assert main(["templates", "export", str(folder)]) == 0
    phrases = folder / "roguelike" / "words.toml"
    text = phrases.read_text(encoding="utf-8")
    assert 'ways-on = "Ways on"' in text and 'arch = "open arch"' in text
    phrases.write_text(text.replace('ways-on = "Ways on"', 'ways-on = "Onward"')
                       .replace('arch = "open arch"', 'arch = "archway"'), encoding="utf-8")
    out = tmp_path / "d.pdf"
    assert main(["dungeon", "--system", "roguelike", "--seed", "words", "--levels", "1", "--rooms", "6",
                 "--templates", str(folder), "-o", str(out)]) == 0
    pages = " ".join(" ".join(page_texts(out.read_bytes())).split())
    assert "Onward:" in pages and "Ways on:" not in pages
    assert "archway" in pages and "open arch" not in pages
    capsys.readouterr()


def test_key_lines_have_one_full_stop_at_a_time():
    """A loot row that ends in a full stop (Single weapon of player's choice.) does not bring it into the key's
    sentence: no '. (', '.;' or '..'."""
    from printgen.systems.roguelike import key

    for dungeon in sample()[0][:40]:
        for level in dungeon.levels:
            for entry in key.dungeon_key(BUILT_IN, dungeon, level)["areas"]:
                texts = [t for _, t in entry["lines"]] + ((entry["creatures"] or {}).get("rows") or [])
                for text in texts:
                    assert not re.search(r"\.( \(|;|\.)", text), text
