"""Rolling one Roguelike area on the Dungeon matrices, as a plan the map engine places.

Room Type 1d6; then Corridor and Cavern Features (2d6 four times) or Room and
Chamber Features (2d6 three times); contents resolved in full with the Traps
matrix and the appendices. Every die total is kept, by table.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from ... import dice
from ...maps import shapes
from ...maps.level import Exit
from ...maps.placement import Plan
from ...seed import Rng, stream
from ...tables import Result
from . import rules

SQUARE_FEET = 5  # one square of the map is 5 ft
FORK_STEM_FEET = 20  # notes.toml: a fork or crossing runs 20 ft before it divides
ARM_FEET = 10  # notes.toml: each arm runs 10 ft past the walls of the stem


def squares(feet: float) -> int:
    return max(1, round(feet / SQUARE_FEET))


def roll_area(rng: Rng) -> Plan:
    tables = rules.tables()
    type_roll, room_type = tables["room-type"].roll(rng)
    if room_type["kind"] == "corridor":
        return _passage(rng, room_type, type_roll)
    return _room(rng, room_type, type_roll)


def _passage(rng: Rng, room_type, type_roll: int) -> Plan:
    table = rules.tables()["corridor-features"]
    rolled = [table.roll(rng) for _ in range(4)]
    (_, shape_row), (_, size_row), (_, contents_row), (_, doors_row) = rolled
    width = squares(size_row["width_ft"])
    runs, arms, open_end = passage_runs(shape_row, width)
    natural = room_type["natural"]
    features = {
        "direction_length": shape_row["direction"], "width_height": size_row["width_height"],
        "contents": contents_row["contents"], "doors": doors_row["doors"],
        "length_ft": shape_row.get("length_ft"), "width_ft": size_row["width_ft"], "height_ft": size_row["height_ft"],
        "shape": shape_row["shape"], "turn": shape_row["turn"],
    }
    contents = resolve_contents(contents_row, rng)
    return Plan(
        room_type.result,
        lambda heading: [shapes.passage(heading, width, runs, arms, open_end)],
        doors=[Exit(kind) for kind in doors_row["door_kinds"]],
        rolls={"room-type": type_roll, "corridor-features": [total for total, _ in rolled], **contents.pop("rolls")},
        data={"natural": natural, "features": features, "contents": contents},
    )


def passage_runs(row, width: int) -> tuple[tuple, tuple, bool]:
    """The passage's runs and arms in squares, as the engine builds them (see shapes.passage)."""
    shape = row["shape"]
    if shape in ("straight", "dead-end"):
        return ((0, squares(row["length_ft"])),), (), shape == "straight"
    if shape == "turn":
        length = row["length_ft"] / SQUARE_FEET
        eighths = -row["turn"] // 45  # the table counts left turns as positive degrees
        if abs(eighths) == 2:
            first = math.ceil(length / 2)
            return ((0, first), (eighths, length - first)), (), True
        first = _straight_before_diagonal(length)
        return ((0, first), (eighths, length - first)), (), True
    arm = width / 2 + ARM_FEET / SQUARE_FEET
    arms = {"fork-y": ((-1, arm), (1, arm)), "fork-t": ((-2, arm), (2, arm)),
            "four-way": ((-2, arm), (0, arm), (2, arm))}[shape]
    return ((0, FORK_STEM_FEET / SQUARE_FEET),), arms, True


def _straight_before_diagonal(length: float) -> int:
    """How many squares run straight before a 45° turn so straight plus diagonal is nearest the rolled length."""
    def error(first: int) -> float:
        return abs(first + max(1, round((length - first) / math.sqrt(2))) * math.sqrt(2) - length)

    return min(range(2, int(length)), key=lambda first: (error(first), first))


@cache
def room_forms(squares_: int) -> list[shapes.Shape]:
    """Rectangles of exactly ``squares_`` squares, no more than 3½ times as long as wide, squarest first."""
    sizes = [(w, squares_ // w) for w in range(1, squares_ + 1) if squares_ % w == 0]
    sizes = [(w, h) for w, h in sizes if max(w, h) <= 3.5 * min(w, h)]
    sizes.sort(key=lambda wh: (abs(wh[0] - wh[1]), wh))
    return [shapes.rectangle(w, h) for w, h in sizes]


CHAMBER_OUTLINES = 12  # irregular outlines kept for each chamber size; a chamber's dice pick one


@cache
def chamber_forms(squares_: int, outline: int) -> list[shapes.Shape]:
    """One irregular outline of exactly ``squares_`` squares in its four quarter turns.

    The outlines are the same for every dungeon (their own fixed stream), so they are made once;
    which one a chamber gets, and how it turns, is the dungeon's.
    """
    base = shapes.polyomino(squares_, stream("roguelike chambers", squares_, outline))
    return [shapes.rotated(base, eighths) for eighths in (0, 2, 4, 6)]


def _room(rng: Rng, room_type, type_roll: int) -> Plan:
    table = rules.tables()["room-features"]
    rolled = [table.roll(rng) for _ in range(3)]
    (_, area_row), (_, contents_row), (_, doors_row) = rolled
    count = area_row["area_sqft"] // (SQUARE_FEET * SQUARE_FEET)
    natural = room_type["natural"]
    contents = resolve_contents(contents_row, rng)
    forms = chamber_forms(count, rng.randint(0, CHAMBER_OUTLINES - 1)) if natural else room_forms(count)
    features = {"area": area_row.result, "area_sqft": area_row["area_sqft"], "contents": contents_row["contents"],
                "doors": doors_row["doors"]}
    return Plan(
        room_type.result,
        lambda heading: forms,
        doors=[Exit(kind) for kind in doors_row["door_kinds"]],
        rolls={"room-type": type_roll, "room-features": [total for total, _ in rolled], **contents.pop("rolls")},
        data={"natural": natural, "features": features, "contents": contents},
    )


# --- contents ------------------------------------------------------------------------------


def resolve_contents(row, rng: Rng) -> dict[str, Any]:
    """What the contents column rolled, resolved; ``rolls`` holds the dice for the area's record."""
    kind = row["contents_kind"]
    contents: dict[str, Any] = {"kind": kind, "rolls": {}}
    rolls = contents["rolls"]
    if kind in ("trap", "stairs-up-trap"):
        contents["trap"] = roll_trap(rng)
        rolls["traps"] = contents["trap"]["roll"]
    elif kind in ("creatures", "crypt"):
        chain = rules.tables().roll(row["contents_table"], rng)
        contents["creatures"] = roll_encounter(chain, rng)
        rolls.update({step["table"]: step["roll"] for step in contents["creatures"]["chain"]})
        rolls["encounter-size"] = contents["creatures"]["count"]
        if kind == "crypt":
            contents["coffins"] = rng.randint(2, 6)  # scenery only: how many coffins the key mentions
    elif kind in ("loot", "loot-chest"):
        contents["loot"] = [roll_loot(rng)]
        rolls["loot"] = contents["loot"][0]["roll"]
    elif kind == "fountain":
        total, fountain = rules.tables()["fountain"].roll(rng)
        contents["fountain"] = {"roll": total, "result": fountain.result, "good": fountain["good"]}
        rolls["fountain"] = total
    return contents


def roll_trap(rng: Rng) -> dict[str, Any]:
    total, row = rules.tables()["traps"].roll(rng)
    return {"roll": total, "name": row.result, "kind": row["kind"], "damage": row["damage"],
            "saving_roll": row["saving_roll"], "drops_to_next_level": row["drops_to_next_level"],
            "teleports": row["teleports"]}


def roll_loot(rng: Rng) -> dict[str, Any]:
    total, row = rules.tables()["loot"].roll(rng)
    return {"roll": total, "result": row.result, "points": row["points"]}


def _chain(result: Result) -> list[Result]:
    steps = [result]
    while steps[-1].followups:
        steps.append(steps[-1].followups[-1])
    return steps


def roll_encounter(result: Result, rng: Rng) -> dict[str, Any]:
    """1d6 creatures of the kind rolled, each with its own health and loot; the chain of dice that chose it."""
    steps = _chain(result)
    row = steps[-1].row
    how_many = dice.roll("1d6", rng)
    group = {"name": row.result, "list": rules.list_name(steps[-1].table), "count": how_many,
             "chain": [{"table": s.table, "roll": s.total, "result": s.row.result} for s in steps]}
    if row.get("rival"):
        group["rivals"] = [roll_rival(rng) for _ in range(how_many)]
        return group
    group.update(speed=row["speed"], attack=row["attack"], defense=row["defense"], damage=row["damage"],
                 health_dice=row["health_dice"], loot=row["loot"], specials=row["specials"])
    group["individuals"] = [
        {"health": dice.roll(row["health_dice"], rng), "loot": creature_loot(row, rng)}
        for _ in range(how_many)
    ]
    group["harmless_poison"] = bool(row.get("harmless_poison"))
    return group


def creature_loot(row, rng: Rng) -> list[dict[str, Any]]:
    loot = row["loot"]
    if row.get("loot_gold"):  # Metal and Fused Elementals: their note's gold instead of a loot roll
        return [rules.gold_loot(row["loot_gold"])]
    if loot == "Maybe":
        carries = rules.tables()["loot-maybe"].roll(rng)[1]["carries"]
        return [roll_loot(rng)] if carries else []
    return [roll_loot(rng)] if loot == "Yes" else []


def roll_rival(rng: Rng) -> dict[str, Any]:
    """A rival Commercial At character, rolled with the character rules."""
    tables = rules.tables()
    occupation = tables["occupation"].roll(rng)[1]
    race = tables["race"].roll(rng)[1]
    return {
        "occupation": occupation.result, "race": race.result,
        "health": occupation["health"], "attack": occupation["attack"], "defense": occupation["defense"],
        "speed": race["speed"], "power": race["power"], "intellect": race["intellect"],
        "abilities": [a for a in (occupation["special"], race["special"]) if a != "None"],
        "weapon_rating": 1, "loot": [roll_loot(rng)],
    }
