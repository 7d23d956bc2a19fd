"""Amulet dungeons: the 2d8 tables as printed, rooms that keep the Creation rules, the booklet read back."""

import json
import re
from collections import Counter

import pypdfium2
import pytest
from amulet_shapes import assert_drawn_as_the_rules_say
from fairness import assert_fair
from pdfutil import fonts, open_pdf, page_sizes, page_texts, subject

from printgen.cli import main
from printgen.maps.geometry import HEADING_NAMES, across, components, enclosed_area
from printgen.maps.level import Floor
from printgen.products import build
from printgen.products import request as product_request
from printgen.render import key_columns
from printgen.seed import SeedCode
from printgen.systems.amulet import checks, key_page, rules, swarms, text_pages
from printgen.systems.amulet import dungeon as dungeon_product
from printgen.words import BUILT_IN

# The consolidated Dungeon Generation Tables, rows 2 to 16, column by column as the rules print them.
RULES_COLUMNS = {
    "room-size": "1 2 3 4 5 1 2 3 4 5 1 2 3 4 GM",
    "room-shape": "Square Rectangle Hallway Triangle Circle Square Rectangle Hallway Triangle Circle Square "
                  "Rectangle Hallway Triangle GM",
    "exit-location": "North South East West North South East West North South East West North South GM",
    "exit-type": "Stair Stair Crumble Crumble Secret Walldoor Walldoor Door Open Food Food Treasure Treasure "
                 "Teleport GM",
    "exit-number": "1 2 3 4 1 2 3 4 2 3 4 1 2 3 GM",
    "swarm-size": "1 25% 50% 75% 100% 1 25% 50% 75% 100% 1 25% 50% 75% GM",
    "encounter": "Wraith Wraith None None Roll_2 Roll_2 Generator Generator Generator Swarm Swarm Mimic Mimic GM GM",
    "monster": "Wizard Wizard Demon Demon Barbarian Barbarian Barbarian Ghost Ghost Hobbit Hobbit Slime Slime GM GM",
    "contents": "Password Roll_2 Special Potion Murder_Hole Key Treasure None Food Ale Poison Ward Trap Roll_3 GM",
}
# The six monsters of the Encounters section: health, melee, shot, speed.
MONSTERS = {"ghost": (5, "d8", "0", 4), "barbarian": (7, "d8", "0", 2), "hobbit": (5, "d6", "d6", 3),
            "slime": (5, "d10", "0", 2), "demon": (10, "d8", "d8", 4), "wizard": (5, "d6", "d10", 3)}
SEEDS = [f"crawl-{n}" for n in range(70)]


def code_for(seed, fmt="pdf", **options):
    values = {"levels": "2", "level-size": "16", "scaling": "no", "paper": "letter", "format": fmt}
    values.update({k: str(v) for k, v in options.items()})
    return SeedCode.make("dungeon", "amulet", seed, values)


def generate(seed, **options):
    request = product_request(code_for(seed, **options))
    return dungeon_product.generate(request)


@pytest.fixture(scope="module")
def dungeons():
    return [generate(seed) for seed in SEEDS]


@pytest.fixture(scope="module")
def booklet():
    return build(code_for("moonpie"))


def without_gm(table_id: str) -> dict:
    """Each result's chance once GM results are rolled again."""
    table = rules.tables()[table_id]
    kept = {}
    for row in table.rows:
        if not row.get("gm"):
            kept[row.result] = kept.get(row.result, 0) + table.row_probability(row)
    total = sum(kept.values())
    return {k: v / total for k, v in kept.items()}


def all_areas(dungeons):
    return [area for d in dungeons for level in d.levels for area in level.areas]


# -- the tables ---------------------------------------------------------------------------


@pytest.mark.parametrize("table_id", sorted(RULES_COLUMNS))
def test_every_column_is_the_rules_row_for_row(table_id):
    table = rules.tables()[table_id]
    assert table.die_text == "2d8"
    assert [(row.low, row.high) for row in table.rows] == [(n, n) for n in range(2, 17)]
    assert [row.result.replace(" ", "_") for row in table.rows] == RULES_COLUMNS[table_id].split()
    assert table.rows[-1].get("gm") is True


def test_the_six_monsters_carry_the_rules_numbers():
    for code, (health, melee, shot, speed) in MONSTERS.items():
        m = rules.monsters()[code]
        assert (m["health"], m["melee"], m["shot"], m["speed"]) == (health, melee, shot, speed)
        assert not m.get("designed")
    for code in ("wraith", "mimic", "generator", "mini-boss"):
        assert rules.monsters()[code]["designed"] is True


# -- the rules of Creation, for every seed ---------------------------------------------------


def test_every_level_passes_the_checks(dungeons):
    for d in dungeons:
        assert checks.check(d) == []
    turned = Counter((a.type, bool(a.shape.cuts)) for a in all_areas(dungeons))
    assert turned[("Hallway", True)] > 10 and turned[("Triangle", True)] > 10  # rooms at 45° are common


def test_every_room_shares_a_side_with_the_room_it_was_entered_from(dungeons):
    for d in dungeons:
        for level in d.levels:
            floor = Floor(level.areas)
            for area in level.areas:
                if area.data["entered_by"] not in ("exit", "murder-hole"):
                    continue
                assert area.entered_from == area.data["entered_from"]  # the map engine's adjacency check holds it
                parent = level.area(area.entered_from)
                # A unit of its wall is one of the parent's, straight or at 45° (a square's two halves).
                touching = [unit for unit in area.shape.walls if floor.at(*across(*unit)) == parent.number
                            and across(*unit) in parent.shape.wall_set]
                assert touching, (level.number, area.number)


def test_shapes_have_their_rolled_size(dungeons):
    for area in all_areas(dungeons):
        shape, size, size_rolled = area.shape, area.data["size"], area.data["size_rolled"]
        width, height = area.data["shape"]["width"], area.data["shape"]["height"]
        x0, y0, x1, y1 = shape.box
        assert (width, height) == (x1 - x0 + 1, y1 - y0 + 1)
        assert 1 <= size <= size_rolled
        assert size_rolled == rules.tables()["room-size"].lookup(area.rolls["room-size"][-1])["units"]
        assert area.type == rules.tables()["room-shape"].lookup(area.rolls["room-shape"][-1]).result
        # What is drawn is what the room takes: its walls enclose its floor, half squares as halves.
        assert enclosed_area(shape.outline()) == shape.floor_area
        assert_drawn_as_the_rules_say(area.type, size, shape, area.data["shape"])


def test_exits_follow_their_rolls_and_rules(dungeons):
    for d in dungeons:
        for level in d.levels:
            assert any(e.kind == "stair" for a in level.areas for e in a.exits)
            for area in level.areas:
                for exit_ in area.exits:
                    why = exit_.data.get("why")
                    assert exit_.leads in ("area", "level", "unexplored", "blocked")
                    if exit_.kind in ("crumble", "secret", "door", "food") and not exit_.far_side:
                        assert len(exit_.units) == 1
                    if exit_.kind == "walldoor" and not exit_.far_side:  # the far side holds its own part
                        assert len(exit_.units) >= 2
                    if why == "shared-wall":
                        assert exit_.secret and exit_.leads == "area"
                    if why == "impossible":
                        assert exit_.kind == "teleport" and exit_.inside and exit_.data["rolled_as"]
                    assert exit_.inside == (exit_.kind in ("stair", "teleport"))
                    for _, side in exit_.units:  # every exit lies in a wall facing its rolled direction
                        assert exit_.heading in components(side)
                entry = next((e for e in area.exits if e.far_side and e.to == area.data["entered_from"]), None)
                if area.data["entered_by"] == "exit" and area.data["exits_rolled"] == 1 and entry.secret:
                    assert [c["code"] for c in area.data["contents"]] == ["treasure"] * area.data["size"]


def test_a_long_opening_opens_onto_as_many_rooms_as_fill_it(dungeons):
    """A walldoor longer than the room behind it leads on to a second room (and so do open and treasure walls)."""
    spilled = 0
    for d in dungeons:
        for level in d.levels:
            floor = Floor(level.areas)
            for area in level.areas:
                for exit_ in area.exits:
                    if exit_.far_side or len(exit_.units) < 2 or exit_.leads != "area":
                        continue
                    behind = {number for unit in exit_.far_units()
                              if (number := floor.at(*unit)) is not None and unit in level.area(number).shape.wall_set}
                    assert behind == {exit_.to, *exit_.also}
                    spilled += len(exit_.also) > 0
    assert spilled > 5


def test_murder_holes_look_into_a_mapped_room_across_a_wall(dungeons):
    seen = 0
    for d in dungeons:
        for level in d.levels:
            for area in level.areas:
                for item in area.data["contents"]:
                    if item["code"] != "murder-hole" or item.get("looks_into") is None:
                        continue
                    seen += 1
                    x, y, side = item["wall"]
                    direction = HEADING_NAMES.index(item["direction"])
                    assert direction in components(HEADING_NAMES.index(side))
                    behind = level.area(item["looks_into"])
                    # Beyond the wall: the next square's, or across a 45° wall the other half of the square.
                    assert across((x, y), HEADING_NAMES.index(side)) in behind.shape.wall_set
                    # A hole in the wall, not a door: no exit of either room stands in that unit.
                    assert ((x, y), HEADING_NAMES.index(side)) not in {u for e in area.exits for u in e.units}
                    assert behind.data["entered_by"] == "murder-hole" and behind.entered_from == area.number
    assert seen > 5


# -- the dice ------------------------------------------------------------------------------


def test_recorded_totals_follow_2d8(dungeons):
    die = rules.tables()["room-size"].die.distribution()
    for table_id in ("room-size", "room-shape", "exit-type", "contents", "encounter"):
        totals = Counter(t for area in all_areas(dungeons) for t in area.rolls.get(table_id, []))
        assert sum(totals.values()) > 400
        assert_fair(totals, {k: float(v) for k, v in die.items()}, table_id)


def test_hidden_checks_are_made_on_d100_and_kept(dungeons):
    happened = Counter()
    for area in all_areas(dungeons):
        for item in area.data["contents"]:
            if item["code"] in ("ale", "poison", "ward", "trap"):
                check = item["check"]
                assert check["happens"] == (check["d100"] <= 25) and check["chance"] == 25
                assert (item["actually"] != item["code"]) == check["happens"]
                happened[check["happens"]] += 1
            if item["code"] == "treasure":
                assert item["key"]["chance"] == 50 and item["key"]["happens"] == (item["key"]["d100"] <= 50)
    assert sum(happened.values()) > 100
    assert_fair(happened, {True: 0.25, False: 0.75})


def test_json_room_shapes_follow_the_shape_column():
    shapes_seen = Counter()
    for seed in SEEDS[:40]:
        data = json.loads(build(code_for(seed, fmt="json")))
        assert data["system"] == "amulet" and data["seed_code"].startswith("pg4:dungeon:amulet:")
        for level in data["levels"]:
            assert {"number", "width", "height", "areas", "kind"} <= set(level)
            for area in level["areas"]:
                shapes_seen[area["type"]] += 1
                assert {"number", "type", "cells", "rolls", "exits", "links"} <= set(area)
                for exit_ in area["exits"]:
                    assert {"kind", "secret", "to", "leads", "at", "side", "rolled"} <= set(exit_)
    assert_fair(shapes_seen, without_gm("room-shape"))


def test_the_maps_show_swarm_sizes_as_often_as_the_dice_give_them():
    """Read the marks printed on the mapper's copies: swarm sizes follow the SwSize column."""
    printed = Counter()
    for seed in SEEDS[:30]:
        request = product_request(code_for(seed))
        maps = dungeon_product.maps_pdf(dungeon_product.generate(request), request)
        pdf = pypdfium2.PdfDocument(maps)
        for index in range(len(pdf)):  # the mapper's copies
            text = pdf[index].get_textpage().get_text_range()
            printed.update(re.findall(r"\b(?:Wiz|Dem|Bar|Gho|Hob|Sli) (100%|75%|50%|25%|1\b)", text))
    assert sum(printed.values()) > 150
    assert_fair(printed, without_gm("swarm-size"))


# -- swarms ----------------------------------------------------------------------------------


@pytest.mark.parametrize("code", sorted(MONSTERS))
def test_swarm_numbers_follow_the_rules_for_every_size(code):
    monster = rules.monsters()[code]
    for size in range(1, 6):
        capacity = 20 * size
        for percent, health, reach in ((25, capacity / 4, 1), (50, capacity / 2, 2),
                                       (75, capacity - capacity / 4, 3), (100, capacity, "all")):
            s = swarms.swarm(monster, percent, size)
            assert s["health"] == health and s["capacity"] == capacity
            assert s["scatter_below"] == 3 * monster["health"]
            assert s["pcs_swarmed"] == reach
            divisor = 10 if code == "demon" else 5
            assert s["monsters"] == max(1, int(health) // divisor)
            assert s["scattered_at_once"] == (health < 3 * monster["health"])
            assert s["shots"] == (size if monster["shot"] != "0" else 0)
        lone = swarms.swarm(monster, 0, size)
        assert lone["lone"] and lone["monsters"] == 1 and lone["pcs_swarmed"] == 0


# -- special levels ----------------------------------------------------------------------------


def test_scaling_gives_a_mini_boss_level_then_a_treasure_level():
    for seed in SEEDS[:6]:
        d = generate(seed, levels=12, scaling="yes")
        assert [level.data["kind"] for level in d.levels][9:] == ["mini-boss", "treasure", "normal"]
        boss = d.levels[9]
        assert len(boss.areas) == 2 and boss.area(1).data["size"] >= 2
        assert boss.area(1).data["contents"] == []
        assert [e["code"] for e in boss.area(1).data["encounters"]] == ["mini-boss"]
        assert [e.kind for e in boss.area(1).exits] == ["door"] and boss.area(1).exits[0].to == 2
        assert any(e.kind == "stair" for e in boss.area(2).exits)
        assert d.levels[10].areas == []
        assert checks.check(d) == []
    assert [level.data["kind"] for level in generate(SEEDS[0], levels=12).levels].count("normal") == 12


@pytest.mark.parametrize("levels", [1, 2, 9, 10, 11, 12, 13, 21])
def test_the_key_names_only_printed_levels_or_says_where_the_stairs_leave_it(levels):
    d = generate("review", levels=levels, scaling="yes")
    request = product_request(code_for("review", levels=levels, scaling="yes"))
    keys = [key_page.key(BUILT_IN, k,
                         rules.reference()["treasure"]["actions"]) for k in text_pages.mapped_keys(BUILT_IN, d)]
    data, _ = key_columns.keys_pdf(BUILT_IN, request.code, request.paper, "keys", keys, key_page.LOOK)
    text = " ".join(" ".join(page_texts(data)).split())
    printed = {level.number for level in d.levels}
    beyond = levels + 1
    for match in re.finditer(r"level (\d+)(, not printed: roll it in play)?", text):
        number = int(match.group(1))
        if number in printed:
            assert not match.group(2), match.group(0)
        else:
            # Past the last printed level: said so, where the words stand; after a mini-boss, the treasure level.
            assert match.group(2) or text[match.end():].startswith(", the treasure level"), match.group(0)
            assert number in (beyond, beyond + 1)
    last = d.levels[-1]
    stairs = [e for a in last.areas for e in a.exits if e.kind == "stair"]
    if last.data["kind"] == "normal":
        assert stairs and f"→ level {beyond}, not printed: roll it in play" in text
    if last.data["kind"] == "treasure":
        assert f"find themselves on level {beyond}, not printed" in text
        assert f"if the mini-boss fell; if it lives, level {beyond}, not printed" in text
    if levels == 12:
        assert "find themselves on level 12." in text
        assert "→ level 11, the treasure level, if the mini-boss fell; if it lives, level 12 " in text


# -- the booklet -----------------------------------------------------------------------------


def test_the_booklet_reads_back(booklet):
    pdf = open_pdf(booklet)
    assert subject(pdf) == str(product_request(code_for("moonpie")).code)
    assert set(page_sizes(pdf)) == {(612.0, 792.0)}
    assert all(fonts(pdf).values())
    doc = pypdfium2.PdfDocument(booklet)
    texts = [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    assert "Project: Amulet" in texts[0] and "16 × 16 units" in texts[0]
    maps = [(n, t) for n, t in enumerate(texts, 1) if "Scale: one square is one unit, 10 feet" in t]
    assert [("Mapper's copy" in t, "Players' copy" in t) for _, t in maps] == [(True, False)] * 2 + [(False, True)] * 2
    for _, text in maps:
        assert "Crumble: wavy wall" in text and "Walldoor" in text
    for level, (n, text) in enumerate(maps[:2], 1):  # each mapper's copy on a left-hand page, its key facing it
        assert f"Level {level}" in text and n % 2 == 0 and texts[n].startswith(f"Level {level}: the key")
    blank = "This page is blank on purpose"
    for level, (n, text) in enumerate(maps[2:], 1):  # the players' copies last, each on a sheet of its own
        assert f"Level {level}" in text and n % 2 == 1 and texts[n].startswith(blank)
    assert maps[2][0] > max(n for n, t in enumerate(texts, 1) if "the rules at hand" in t)
    d = generate("moonpie")
    rest = " ".join(" ".join(texts).replace("’", "'").split())
    for level in d.levels:
        for area in level.areas:
            assert f"{level.number}.{area.number} " in rest
    headings = ("a treasure level", "the countdown", "calls to make", "where the rules are silent")
    assert all(heading in rest.lower() for heading in headings)
    # The dice behind each room: a table, a row a room and a column a table, not a run of "size 12; shape 10".
    dice = next(t for t in texts if "The dice behind each room" in t)
    assert "; shape" not in dice and "room size shape exits" in " ".join(dice.split())
    lines = [line.split() for line in dice.splitlines()]
    for area in d.levels[0].areas:
        row = next(words for words in lines if words and words[0] == f"1.{area.number}")
        assert row[1:3] == [str(area.rolls["room-size"][0]), str(area.rolls["room-shape"][0])]
    for choice in rules.choices():
        assert choice["topic"] in rest
    assert all(f"page {n} of {len(texts)}" in t for n, t in enumerate(texts, 1))


def read_dice_table(data: bytes) -> tuple[list[list[str]], dict[str, list[str]], list[str]]:
    """The drawn dice table read back with pdfplumber: each page's column heads, each room's cells (its words
    column by column, joined by spaces: a cell broken over lines reads as it was written), and the levels'
    sub-heads in order. Asserts on the way that every word stands inside the page's text area, in its own
    column, in the type the house sets a table in."""
    import io

    import pdfplumber

    from printgen.render import house

    heads, rooms, levels = [], {}, []
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            words = page.extract_words(extra_attrs=["fontname", "size"], keep_blank_chars=False)
            left, right = key_columns.MARGIN, page.width - key_columns.MARGIN
            mono = [w for w in words if "Mono" in w["fontname"]]
            head = [w for w in words if "Bold" in w["fontname"] and "Mono" not in w["fontname"]]
            assert {round(w["size"], 2) for w in head} == {house.SMALL}
            heads.append([w["text"] for w in head])
            starts = [w["x0"] for w in head]
            labels = [w for w in mono if "Bold" in w["fontname"] and round(w["size"], 2) == house.TABLE]
            cells = [w for w in mono if "Bold" not in w["fontname"] and round(w["size"], 2) == house.TABLE]
            levels += [w["text"] for w in mono if "Bold" in w["fontname"] and w["size"] > house.TABLE]
            for word in labels + cells + head:
                assert left - 0.5 <= word["x0"] and word["x1"] <= right + 0.5, word
                assert word["bottom"] <= page.height - key_columns.FOOT, word
            for label, after in zip(labels, labels[1:] + [None]):
                band = [w for w in cells if label["top"] - 0.5 <= w["top"] < (after["top"] - 0.5 if after else 1e9)]
                row = [[] for _ in starts]
                for word in sorted(band, key=lambda w: (w["top"], w["x0"])):
                    column = max(k for k, x in enumerate(starts) if x <= word["x0"] + 0.5)
                    if column + 1 < len(starts):
                        assert word["x1"] < starts[column + 1], word  # no cell runs into the next one
                    row[column].append(word["text"])
                assert label["text"] not in rooms
                assert label["x0"] == pytest.approx(starts[0], abs=0.5) and not row[0]
                rooms[label["text"]] = [" ".join(cell) for cell in row[1:]]
    return heads, rooms, levels


@pytest.mark.parametrize("options, pages", [({"levels": 3}, 1), ({"levels": 12, "level-size": 10, "scaling": "yes"}, 2),
                                            ({"levels": 1, "level-size": 4}, 1)])
def test_the_drawn_dice_table_prints_every_room_s_totals_as_rolled(options, pages):
    """Every room of every mapped level has its row, under its level's sub-head, with the totals each table gave
    it, read back from the page, in the phrasebook's columns; a long dungeon's table runs over pages, each with
    the column heads again."""
    from printgen.systems.amulet import dice_page

    request = product_request(code_for("dice-table", **options))
    dungeon = dungeon_product.generate(request)
    data = dice_page.dice_pdf(BUILT_IN, dungeon, request)
    heads, rooms, levels = read_dice_table(data)
    assert len(heads) == pages
    say = BUILT_IN.say_for("printgen.systems.amulet")
    used = [t for t in say.section("key.roll") if any(t in a.rolls for level in text_pages.mapped(dungeon)
                                                         for a in level.areas)]
    assert all(page == [say("dice.room"), *(say(f"key.roll.{t}") for t in used)] for page in heads)
    expected = {f"{level.number}.{area.number}": [", ".join(map(str, area.rolls.get(t, ()))) for t in used]
                for level in text_pages.mapped(dungeon) for area in level.areas}
    assert rooms == expected
    # Each level's sub-head once, in order (again at the head of a page its level runs on to).
    read = [int(w) for w in levels if w.isdigit()]
    assert [n for k, n in enumerate(read) if not k or read[k - 1] != n] == [level.number for level in
                                                                            text_pages.mapped(dungeon)]
    assert len(read) <= len(text_pages.mapped(dungeon)) + pages - 1


def test_same_seed_same_bytes(booklet):
    assert build(code_for("moonpie", fmt="json")) == build(code_for("moonpie", fmt="json"))
    request = product_request(code_for("moonpie"))
    assert dungeon_product.maps_pdf(dungeon_product.generate(request), request) == \
        dungeon_product.maps_pdf(dungeon_product.generate(request), request)


@pytest.mark.parametrize("args, message", [
    (["--level-size", "0"], "level-size must be a whole number from 4 to 24, not '0'"),
    (["--levels", "0"], "levels must be a whole number from 1 to 30"),
])
def test_bad_options_are_one_clear_line(args, message, capsys, tmp_path):
    out = tmp_path / "d.pdf"
    assert main(["dungeon", "--system", "amulet", "--seed", "x", "-o", str(out), *args]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err
    assert not out.exists()
