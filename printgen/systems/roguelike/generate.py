"""Roguelike dungeons: the Dungeon matrices rolled area by area on the shared map engine, as plain data.

The entrance is rolled first; each level then grows from its way in, every
exit getting an area rolled for it (dungeon_rolls.py) and placed by the
engine, breadth first, so areas are numbered in walking order. A level stops
at ``--rooms`` areas; the exits still open are left for the table to roll.
Stairs, chutes, teleports and the hoard are settled in dungeon_links.py.
Every gap in the rules is settled by a choice listed in data/notes.toml.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...maps.adjacency import ROCK_GAP
from ...maps.checks import check_level
from ...maps.geometry import HEADING_NAMES, SOUTH
from ...maps.level import Grid, Level
from ...maps.steps.first_area import place_first
from ...maps.steps.fit_map import fit_map
from ...maps.steps.grow import grow
from ...maps.steps.settle_doors import settle_doors
from ...seed import Rng, SeedCode
from ...words import Words
from . import rules
from .links import apart_links, is_way_down, link_dungeon
from .rolls import roll_area

RULE = ROCK_GAP  # Roguelike areas stand apart in the rock, joined by doorways
ADDED_DOOR = "arch"  # notes.toml: the way on printgen opens when the dice close every exit early
# Squares an area may reach past the page when nothing fits on it, across and down: far enough to the sides for 40
# areas, never so far that two sheets side by side cannot hold the level (a 10-level booklet of 40 areas a level
# keeps to 70 pages).
OVERFLOW = (25, 4)


@dataclass
class Dungeon:
    name: str
    seed_code: str
    entrance: dict[str, Any]
    levels: list[Level]
    choices: tuple[dict[str, str], ...] = ()  # the rules' choices, in the request's words

    def as_data(self) -> dict[str, Any]:
        way_in = self.levels[0].way_in
        return {
            "name": self.name,
            "entrance": {**self.entrance, "at": list(way_in.at), "side": HEADING_NAMES[way_in.side]},
            "levels": [level.as_data() for level in self.levels],
            "choices": [dict(choice) for choice in self.choices],
        }


def generate(phrasebooks: Words, code: SeedCode, levels: int, max_areas: int, map_size: tuple[int, int]) -> Dungeon:
    """``map_size``: the squares (columns, rows) one map page holds; a level keeps to it when it can."""
    entrance = roll_entrance(code.stream("entrance"))
    built = [generate_level(code, number, max_areas, map_size, entrance if number == 1 else None)
             for number in range(1, levels + 1)]
    link_dungeon(built, code)
    dungeon = Dungeon(dungeon_name(phrasebooks, code.stream("name")), str(code), entrance, built,
                      rules.choices(phrasebooks))
    problems = check(dungeon)
    if problems:
        raise AssertionError("; ".join(problems))
    return dungeon


def generate_level(code: SeedCode, number: int, max_areas: int, map_size: tuple[int, int],
                   entrance: dict[str, Any] | None) -> Level:
    width, height = map_size
    level = Level(number, width, height)
    grid = Grid(width, height, RULE, overflow=OVERFLOW)
    place_rng = code.stream("level", number, "layout")

    def roll(attempt: int):
        return roll_area(code.stream("level", number, "area", attempt))

    way_in = ((width // 2, -1), SOUTH) if entrance is not None else None
    place_first(level, grid, roll(0), place_rng, way_in)
    if entrance is not None:
        level.way_in.kind = entrance["door"]
        level.way_in.secret = entrance["secret"]
    grow(level, grid, roll, max_areas, place_rng, reopen=ADDED_DOOR, apart=apart_links)
    settle_doors(level, grid, place_rng)
    fit_map(level)
    return level


def dungeon_name(phrasebooks: Words, rng: Rng) -> str:
    say = phrasebooks.say_for(__package__)
    words = rules.data_list("dungeon-names").items
    first = [w["name"] for w in words if w.get("part") == "place"]
    second = [w["name"] for w in words if w.get("part") == "owner"]
    place, owner = rng.choice(first), rng.choice(second)
    return say("dungeon.name", place=place, owner=owner)


ENTRANCE_DOORS = {"wooden-door": "wooden", "iron-door": "iron", "arch": "arch", "pit": "open", "hole": "open"}


def roll_entrance(rng: Rng) -> dict[str, Any]:
    result = rules.tables().roll("entrance", rng)
    rolls = [result.total]
    secret = result.row["kind"] == "secret"
    while result.row["kind"] == "secret":  # "roll again", perhaps more than once
        result = result.followups[0]
        rolls.append(result.total)
    return {"type": result.row.result, "kind": result.row["kind"], "door": ENTRANCE_DOORS[result.row["kind"]],
            "secret": secret, "rolls": {"entrance": rolls}}


def check(dungeon: Dungeon) -> list[str]:
    """Every guarantee a printed dungeon keeps (the engine's checks, plus the hoard's); empty when all hold."""
    problems = []
    last = len(dungeon.levels)
    for level in dungeon.levels:
        problems += check_level(level, RULE, level.number == last, is_way_down)
        for area in level.areas:
            for link in area.links:
                if link.kind in ("stairs-down", "chute") and link.level == level.number and link.area == area.number:
                    problems.append(f"level {level.number}: the way down in area {area.number} leads to itself")
    return problems

