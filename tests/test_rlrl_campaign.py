"""The Rogue Like Roguelike campaign: the setup on every level, rooms and corridors by their dice, the
Amulet on level 10, the JSON contract, the pages read back, bad options."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections import Counter
from functools import cache

import pytest
from fairness import assert_fair
from test_rlrl_tables import page_texts

from printgen import dice
from printgen.cli import main
from printgen.maps.checks import check_level
from printgen.maps.level import LEADS, Exit
from printgen.products import build
from printgen.render.canvas import new_document
from printgen.seed import SeedCode
from printgen.systems.rlrl import generate as campaign
from printgen.systems.rlrl import key, map_page, rules
from printgen.systems.rlrl.generate import place_amulet
from printgen.systems.rlrl.level import CORRIDOR, FALSE, LOCKED, ROOM, RULE, STARTING_ROOM, build_level
from printgen.systems.rlrl.sheet_corners import CORNERS, HEIGHT, WIDTH
from printgen.units import PAPERS
from printgen.words import BUILT_IN

SEEDS = [f"camp{i}" for i in range(6)]


@cache
def made(seed: str, rooms: int = 8) -> campaign.Campaign:
    return campaign.generate(SeedCode("dungeon", "rlrl", seed, (("rooms", str(rooms)),)), rooms)


def all_areas():
    """(level, its areas) for every level of every test campaign."""
    for seed in SEEDS:
        for built in made(seed).levels:
            yield built, built.level.areas


def test_every_level_passes_the_engine_checks_and_has_its_setup():
    for seed in SEEDS:
        for built in made(seed).levels:
            level = built.level
            last = level.number == 10
            assert check_level(level, RULE, last, lambda link: link.kind == "stairs-down") == []
            corners = built.corners
            assert corners.stairs == (corners.start + 2) % 4  # diagonally opposite
            assert {corners.start, corners.stairs, corners.terminal, corners.shop} == {0, 1, 2, 3}
            start = level.area(1)
            assert start.type == STARTING_ROOM and corners.start_cell in start.cells
            right, bottom = CORNERS[corners.stairs]
            sx, sy = corners.stairs_cell
            assert (sx if not right else WIDTH - 1 - sx, sy if not bottom else HEIGHT - 1 - sy) == (2, 2)
            for cell in (corners.terminal_cell, corners.shop_cell):
                assert min(cell[0], WIDTH - 1 - cell[0]) == 2 and min(cell[1], HEIGHT - 1 - cell[1]) == 2
                assert not any(cell in area.cells for area in level.areas)
            holder = level.area(built.stairs_area)
            assert corners.stairs_cell in holder.cells
            if not last:
                assert [link.kind for link in holder.links] == ["stairs-down"]
            ups = [link for link in start.links if link.kind == "stairs-up"]
            assert len(ups) == 1 and ups[0].level == level.number - 1  # 0: out of the dungeon


def test_every_area_has_exactly_its_rolled_squares():
    for _, areas in all_areas():
        for area in areas:
            rolled = {STARTING_ROOM: "Starting room", ROOM: "Room", CORRIDOR: "Corridor"}[area.type]
            assert len(area.cells) == area.rolls[rolled], (area.number, area.type)


def test_corridor_lengths_door_rolls_and_starting_doors_follow_their_dice():
    corridors, doors, starting = Counter(), Counter(), Counter()
    for _, areas in all_areas():
        for area in areas:
            if area.type == CORRIDOR:
                corridors[area.rolls["Corridor"]] += 1
            doors.update(area.rolls["Door"])
            if area.type == STARTING_ROOM:
                starting[area.rolls["Doors"]] += 1
                assert sum(1 for e in area.exits if e.rolled) == area.rolls["Doors"]
    assert_fair(corridors, dice.parse("2d6").distribution())
    assert_fair(doors, dice.parse("1d6").distribution())
    assert set(starting) <= {1, 2, 3}


def test_a_door_is_locked_on_5_or_6_and_false_only_where_it_leads_nowhere():
    for _, areas in all_areas():
        for area in areas:
            own = [e for e in area.exits if not e.fixed]
            if area.type == CORRIDOR:
                own = [e for e in area.exits if e.fixed]
            for exit_, roll in zip(own, area.rolls["Door"]):
                if exit_.kind == FALSE:
                    assert exit_.leads == "blocked" and exit_.to is None
                else:
                    assert (exit_.kind == LOCKED) == (roll >= 5)
            for exit_ in area.exits:
                assert exit_.leads in LEADS


def test_rooms_have_their_exits_and_secret_doors():
    for _, areas in all_areas():
        for area in areas:
            if area.type != ROOM:
                continue
            rolled = [e for e in area.exits if e.rolled]
            secret = rules.tables()["secret-doors"].lookup(area.rolls["Secret Doors"])["count"]
            assert len(rolled) == area.rolls["Exits"] - 1 + secret
            assert sum(1 for e in rolled if e.secret) == secret


def test_encounters_features_and_loot_follow_their_tables_on_the_recorded_rolls():
    features, loot = Counter(), Counter()
    encounters = Counter()  # total less the level: 1d6 on every level
    for built, areas in all_areas():
        for area in areas:
            if area.type != ROOM:
                continue
            features[area.rolls["Special Features"]] += 1
            row = rules.tables()["special-features"].lookup(area.rolls["Special Features"])
            assert len(area.rolls["Encounters"]) == row.get("encounter_rolls", 1)
            encounters.update(total - built.level.number for total in area.rolls["Encounters"])
            for encounter in area.data["encounters"]:
                assert rules.encounters().lookup(encounter["roll"]).result == encounter["name"]
                if encounter["loot"] and encounter["loot"]["letter"] != "A":
                    loot[encounter["loot"]["roll"]] += 1
    assert_fair(features, dice.parse("2d6").distribution())
    assert_fair(loot, dice.parse("1d6").distribution())
    assert_fair(encounters, dice.parse("1d6").distribution())


def test_the_amulet_of_yendor_is_on_level_10_in_every_campaign():
    for index in range(40):
        code = SeedCode("dungeon", "rlrl", f"amulet{index}", ())
        last = build_level(code, 10, 8, True)
        where = place_amulet(last)
        holder = last.level.area(where["area"])
        assert where["level"] == 10 and holder.data["amulet"] is True
        assert sum(1 for a in last.level.areas if a.data.get("amulet")) == 1
        assert where["how"] == "corner" or any(
            e["loot"] and e["loot"].get("real") for e in holder.data["encounters"])
    assert all(made(seed).amulet["level"] == 10 for seed in SEEDS)


def test_json_follows_the_shared_dungeon_contract(tmp_path):
    out = tmp_path / "campaign.json"
    assert main(["dungeon", "--system", "rlrl", "--seed", "camp0", "--format", "json", "-o", str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["system"] == "rlrl" and data["seed_code"].startswith("pg4:dungeon:rlrl:camp0:")
    assert [level["number"] for level in data["levels"]] == list(range(1, 11))
    for level in data["levels"]:
        assert (level["width"], level["height"]) == (WIDTH, HEIGHT)
        assert level["difficulty"] == rules.difficulty(level["number"])
        for area in level["areas"]:
            assert {"number", "type", "cells", "rolls", "exits", "links"} <= set(area)
            for exit_ in area["exits"]:
                assert {"kind", "secret", "to", "leads"} <= set(exit_) and exit_["leads"] in LEADS
            for link in area["links"]:
                assert set(link) == {"kind", "level", "area"}
    potions = [c for m, c in data["colours"].items()]
    assert len(set(potions)) == len(potions)
    assert data["amulet"]["level"] == 10
    again = tmp_path / "again.json"
    main(["dungeon", "--system", "rlrl", "--seed", "camp0", "--format", "json", "-o", str(again)])
    assert again.read_bytes() == out.read_bytes()


def test_on_the_dm_pages_corridors_are_printed_with_their_2d6_squares():
    """What ends up on the page: the key's corridor lengths, read back from the PDF, follow 2d6."""
    printed = Counter()
    for seed in SEEDS:
        built = made(seed)
        code = SeedCode("dungeon", "rlrl", seed, ())
        doc = new_document(code, "test", PAPERS["letter"].size)
        for level, shop in zip(built.levels, built.shops):
            map_page.dm_pages(BUILT_IN, doc.canvas, PAPERS["letter"], level)
            doc.canvas.showPage()
            key.draw_pages(BUILT_IN, doc.canvas, PAPERS["letter"], level, shop, built.colours)
        text = " ".join(page_texts(doc.finish()))
        for chunk in text.split("corridor, ")[1:]:
            printed[int(chunk.split(" squares")[0])] += 1
    assert sum(printed.values()) == sum(1 for _, areas in all_areas() for a in areas if a.type == CORRIDOR)
    assert_fair(printed, dice.parse("2d6").distribution())


def test_the_rogues_part_shows_only_the_setup_and_the_campaigns_colours():
    code = SeedCode.make("dungeon", "rlrl", "camp1", {"copies": "rogue"})
    pdf = build(code)
    texts = page_texts(pdf)
    assert len(texts) == 22  # the sheet, then one copy per level, each on a sheet of its own with a blank back
    assert all(text.startswith("This page is blank on purpose") for text in texts[1::2])
    texts = texts[::2]
    colours = made("camp1").colours
    assert all(colour in texts[0] for colour in colours.values())
    for number, text in enumerate(texts[1:], 1):
        assert f"LEVEL {number}" in text and "the rogue's map" in text
        assert "locked" not in text and "Difficulty" not in text and "secret" not in text


@pytest.mark.parametrize("args, message", [
    (["--rooms", "99"], "rooms must be a whole number from 2 to 14"),
    (["--copies", "gm"], "copies must be one of both, dm, rogue"),
])
def test_bad_options_are_one_clear_line(tmp_path, capsys, args, message):
    out = tmp_path / "x.pdf"
    assert main(["dungeon", "--system", "rlrl", "--seed", "x", *args, "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1 and "Traceback" not in err
    assert not out.exists()


def test_the_dm_part_holds_cover_reference_and_ten_keyed_maps_with_the_page_ranges_right():
    code = SeedCode.make("dungeon", "rlrl", "camp2", {"copies": "dm", "paper": "a4"})
    texts = page_texts(build(code))
    assert f"pages, 1 to {len(texts)}:" in texts[0].replace("\r\n", " ").replace("\n", " ")
    colours = made("camp2").colours
    reference_text = " ".join(t for t in texts if "reference" in t)
    assert all(colour in reference_text for colour in colours.values())
    for level in made("camp2").levels:
        heading = f"LEVEL {level.level.number} · DIFFICULTY {level.difficulty}"
        assert sum(heading in t for t in texts) == 1
    assert not any("the rogue's map" in t for t in texts)
    assert not any(re.search(r"--[a-z]", t) for t in texts)  # no command-line words on a printed page


def test_the_campaign_does_not_depend_on_the_hash_seed(tmp_path):
    args = ["dungeon", "--system", "rlrl", "--seed", "camp3", "--format", "json"]
    here = tmp_path / "here.json"
    assert main([*args, "-o", str(here)]) == 0
    there = tmp_path / "there.json"
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    subprocess.run([sys.executable, "-m", "printgen", *args, "-o", str(there)], env=env, check=True,
                   capture_output=True)
    assert there.read_bytes() == here.read_bytes()


def test_each_dm_page_says_what_it_is_the_map_or_the_key():
    built = made("camp2")
    code = SeedCode("dungeon", "rlrl", "camp2", ())
    doc = new_document(code, "test", PAPERS["letter"].size)
    map_page.dm_pages(BUILT_IN, doc.canvas, PAPERS["letter"], built.levels[0])
    doc.canvas.showPage()
    key.draw_pages(BUILT_IN, doc.canvas, PAPERS["letter"], built.levels[0], built.shops[0], built.colours)
    first, *keys = page_texts(doc.finish())
    assert "the Dungeon Master's map" in first and "THE KEY" not in first
    assert keys and all("THE KEY" in t and "the Dungeon Master's key" in t and "'s map" not in t for t in keys)


def test_every_door_kind_a_dm_map_shows_is_in_its_legend():
    built = made("camp2")
    code = SeedCode("dungeon", "rlrl", "camp2", ())
    assert any(e.secret for level in built.levels for a in level.level.areas for e in a.exits)
    for level, _shop in zip(built.levels, built.shops):
        doc = new_document(code, "test", PAPERS["letter"].size)
        map_page.dm_pages(BUILT_IN, doc.canvas, PAPERS["letter"], level)
        legend = page_texts(doc.finish())[0]
        exits = [e for a in level.level.areas for e in a.exits if e.at is not None]
        assert ("secret door" in legend) == any(e.secret for e in exits)
        assert ("locked door" in legend) == any(e.kind == LOCKED and not e.secret for e in exits)


def test_the_key_names_a_false_door_as_a_door_a_player_understands():
    assert key.door_text(BUILT_IN, Exit(FALSE, leads="blocked")) == "false door"
    assert key.door_text(BUILT_IN, Exit(FALSE, secret=True, leads="blocked")) == "secret false door"
    assert key.door_text(BUILT_IN, Exit(FALSE, leads="blocked", rolled=False)) == "false door (added)"
    built = made("camp2")
    doors = [door for level, shop in zip(built.levels, built.shops)
             for _, text in key.level_key(BUILT_IN, level, shop, built.colours)
             for sentence in text.split(". ") if sentence.startswith(("Doors: ", "Door: "))
             for door in sentence.split(": ", 1)[1].rstrip(".").split("; ")]
    false = [door for door in doors if "false" in door]
    assert false and all(door.split(" (")[0] in ("false door", "secret false door") for door in false)
