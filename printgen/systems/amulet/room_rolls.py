"""What a room holds: its contents and its encounters, rolled on the 2d8 tables.

Each result is plain data with codes; the hidden checks (Ale that is Poison,
a Ward that is a Trap, a key in a Treasure) are rolled and kept, so a table
without a GM knows the truth when a hero touches the ward.
"""

from __future__ import annotations

from typing import Any

from . import rules, swarms
from .rolls import Roller

MAX_ITEMS = 8  # Roll 2 and Roll 3 can chain; a room never holds more than this many results
HIDDEN_CHANCE = {"ale": ("poison", 25), "poison": ("ale", 25), "ward": ("trap", 25), "trap": ("ward", 25)}
KEY_IN_TREASURE = 50
GENERATOR_GRADES = 3  # a generator's grade is 1d3; its health is its grade times the generator's health


def roll_many(roller: Roller, table_id: str, make) -> list[dict[str, Any]]:
    """One roll, or as many as Roll 2 / Roll 3 ask (each adds its count of rolls; see the notes)."""
    items: list[dict[str, Any]] = []
    pending = 1
    while pending and len(items) < MAX_ITEMS:
        pending -= 1
        row = roller.row(table_id)
        if row.get("rolls"):
            pending += row["rolls"]
            continue
        items.append(make(rules.code_of(row), roller))
    return items


def roll_contents(roller: Roller) -> list[dict[str, Any]]:
    return roll_many(roller, "contents", content)


def content(code: str, roller: Roller) -> dict[str, Any]:
    item: dict[str, Any] = {"code": code}
    if code in HIDDEN_CHANCE:
        other, chance = HIDDEN_CHANCE[code]
        check = roller.percent(chance)
        item.update(check=check, actually=other if check["happens"] else code)
    elif code == "treasure":
        item["key"] = roller.percent(KEY_IN_TREASURE)
    elif code == "special":
        item["boon"] = rules.code_of(roller.row("special"))
    return item


def treasure(roller: Roller) -> dict[str, Any]:
    return content("treasure", roller)


def roll_encounters(roller: Roller, room_size: int) -> list[dict[str, Any]]:
    return roll_many(roller, "encounter", lambda code, r: encounter(code, r, room_size))


def encounter(code: str, roller: Roller, room_size: int) -> dict[str, Any]:
    item: dict[str, Any] = {"code": code}
    if code == "generator":
        item["monster"] = rules.code_of(roller.row("monster"))
        item["grade"] = roller.die("generator-grade", GENERATOR_GRADES)
        item["health"] = item["grade"] * rules.monsters()["generator"]["health"]
    elif code == "swarm":
        monster = rules.code_of(roller.row("monster"))
        percent = roller.row("swarm-size")["percent"]
        item.update(monster=monster, **swarms.swarm(rules.monsters()[monster], percent, room_size))
    return item


def mini_boss(depth: int) -> dict[str, Any]:
    """The mini-boss of a Scaling game's mini-boss level (printgen's numbers, growing every ten levels)."""
    boss = rules.monsters()["mini-boss"]
    tier = depth // 10
    return {"code": "mini-boss", "tier": tier, "health": boss["health"] * tier, "speed": boss["speed"] + tier,
            "drops": "key"}
