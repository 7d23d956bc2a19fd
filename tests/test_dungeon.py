"""Roguelike dungeons: the guarantees hold for every seed, and the booklet reads back."""

import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from printgen.products import build
from printgen.seed import SeedCode
from printgen.systems.roguelike import dungeon as dungeon_module
from printgen.systems.roguelike.dungeon_pdf import PITCH
from printgen.units import inch

from pdfutil import fonts, open_pdf, page_sizes, run_cli, subject


def options_for(levels, rooms, paper, fmt):
    return {"levels": levels, "rooms": rooms, "paper": paper, "format": fmt}


def generate(seed: str, levels: int = 3, rooms: int = 16):
    code = SeedCode.make("dungeon", "roguelike", seed, options_for(levels, rooms, "letter", "pdf"))
    return dungeon_module.generate(code, levels, rooms)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.text(min_size=1, max_size=20), levels=st.integers(1, 5), rooms=st.integers(4, 40))
def test_every_seed_keeps_the_guarantees(seed, levels, rooms):
    dungeon = generate(seed, levels, rooms)
    assert dungeon_module.check(dungeon) == []
    assert len(dungeon.levels) == levels
    for level in dungeon.levels:
        assert 1 <= len(level.areas) <= rooms
        # areas never overlap, never touch except through a doorway, and stay on the page
        owner = {}
        for area in level.areas:
            for cell in area.cells:
                assert cell not in owner
                owner[cell] = area.number
                assert 0 <= cell[0] < level.width and 0 <= cell[1] < level.height
        # numbered in walking order: each area is entered from an earlier one
        for area in level.areas[1:]:
            assert area.entered_from is not None and area.entered_from < area.number
        # every door leads to an area, or says why it does not
        for area in level.areas:
            for exit_ in area.exits:
                assert (exit_.to is None) != (exit_.dead_end is None)
                if exit_.to is not None:
                    assert level.area(exit_.to).entered_from == area.number


def test_levels_are_linked_downwards_and_the_last_holds_the_hoard():
    for seed in map(str, range(40)):
        dungeon = generate(seed, levels=4)
        for level in dungeon.levels[:-1]:
            downs = [l for a in level.areas for l in a.links if l["kind"] in ("stairs-down", "chute")]
            assert downs and all(l["level"] == level.number + 1 and l["area"] == 1 for l in downs)
        last = dungeon.levels[-1]
        hoards = [a for a in last.areas if "hoard" in a.contents]
        assert len(hoards) == 1 and len(hoards[0].contents["hoard"]["loot"]) == 4


def test_teleports_lead_to_another_area_of_the_same_level():
    seen = 0
    for seed in map(str, range(60)):
        for level in generate(seed).levels:
            for area in level.areas:
                for link in area.links:
                    if link["kind"] == "teleport":
                        seen += 1
                        assert link["level"] == level.number and link["area"] != area.number
    assert seen > 0


def test_creatures_are_rolled_in_full():
    groups = [a.contents["creatures"] for seed in map(str, range(40)) for l in generate(seed).levels for a in l.areas if "creatures" in a.contents]
    assert groups
    for group in groups:
        assert 1 <= group["count"] <= 6
        members = group.get("rivals") or group["individuals"]
        assert len(members) == group["count"]
        for member in members:
            assert member["health"] >= 1


def test_entrance_follows_the_dice():
    counts = Counter()
    secrets = 0
    n = 3000
    for i in range(n):
        entrance = dungeon_module.roll_entrance(SeedCode.make("dungeon", "roguelike", str(i), {}).stream("entrance"))
        counts[entrance["name"]] += 1
        secrets += entrance["secret"]
    # a secret entrance (1 in 6) rolls again, so each of the five kinds comes up 1 in 5
    for name, count in counts.items():
        assert abs(count / n - 0.2) < 0.03, (name, count)
    assert abs(secrets / n - 1 / 6) < 0.025


def test_json_round_trips_and_is_deterministic():
    code = SeedCode.make("dungeon", "roguelike", "json", options_for(2, 12, "letter", "json"))
    first = build(code)
    assert first == build(code)
    data = json.loads(first)
    assert data["seed_code"] == str(code)
    assert [len(level["areas"]) for level in data["levels"]] == [len(l.areas) for l in dungeon_module.generate(code, 2, 12).levels]
    assert json.loads(json.dumps(data)) == data
    area = data["levels"][0]["areas"][0]
    for key in ("number", "type", "geometry", "cells", "contents", "exits", "features"):
        assert key in area


def test_pdf_pages_fonts_and_metadata():
    code = SeedCode.make("dungeon", "roguelike", "pdf", options_for(2, 12, "a4", "pdf"))
    pdf = open_pdf(build(code))
    sizes = page_sizes(pdf)
    assert len(sizes) >= 1 + 2 * 2 + 1
    assert all(w == pytest.approx(595.28, abs=0.01) and h == pytest.approx(841.89, abs=0.01) for w, h in sizes)
    used = fonts(pdf)
    assert used and all(used.values()), used
    assert SeedCode.parse(subject(pdf)) == code


def test_map_fits_its_page_at_quarter_inch_squares():
    assert PITCH == inch(0.25)
    width, height = dungeon_module.MAP_WIDTH * PITCH, dungeon_module.MAP_HEIGHT * PITCH
    for page_w, page_h in ((612, 792), (595.28, 841.89)):
        assert width <= page_w - inch(0.5) and height <= page_h - inch(2)


def test_dungeon_is_byte_identical_across_processes(tmp_path):
    outputs = []
    for name in ("a.pdf", "b.pdf"):
        result = run_cli("dungeon", "--system", "roguelike", "--seed", "same", "--levels", "2", "-o", str(tmp_path / name))
        assert result.returncode == 0, result.stderr
        outputs.append((tmp_path / name).read_bytes())
    assert outputs[0] == outputs[1]


@pytest.mark.parametrize(
    "args, words",
    [
        (["dungeon", "--system", "card-rogue"], "'card-rogue' is not"),
        (["dungeon", "--levels", "3"], "Missing option '--system'"),
        (["dungeon", "--system", "roguelike", "--levels", "0"], "levels must be a whole number from 1 to 20, not '0'"),
        (["dungeon", "--system", "roguelike", "--levels", "03"], "levels must be a whole number from 1 to 20, not '03'"),
        (["dungeon", "--system", "roguelike", "--rooms", "2"], "rooms must be a whole number from 4 to 40, not '2'"),
        (["dungeon", "--system", "roguelike", "--format", "svg"], "'svg' is not one of"),
    ],
)
def test_bad_dungeon_options_are_one_line(args, words):
    result = run_cli(*args)
    assert result.returncode == 2 and words in result.stderr and result.stderr.count("\n") == 1
