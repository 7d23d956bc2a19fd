"""What a room holds, rolled as the Dungeon Master Guide says: plain data, every die total kept.

A room: its area and exits (2d6, 1d6), secret doors (1d6), a special feature
(2d6), and its encounter (1d6 + level, twice in a Monster HQ), each part
rolled on the lists of its level letter, with loot and the loot's status.
"""

from __future__ import annotations

from typing import Any

from ... import dice
from ...seed import Rng
from . import rules

NO_STATUS = ("gold", "amulet")  # loot that is never cursed or blessed


def roll(notation: str, rng: Rng) -> int:
    return dice.parse(notation).roll(rng)


def roll_room(rng: Rng, level: int, a_monsters_before: int) -> dict[str, Any]:
    """The rolls of one room, in the guide's order. ``a_monsters_before``: A level monsters met earlier on the level."""
    explore = rules.campaign()["explore"]
    t = rules.tables()
    squares = roll(explore["room_dice"], rng)
    exits = roll(explore["exits_dice"], rng)
    secret_total, secret_row = t["secret-doors"].roll(rng)
    feature_total, feature_row = t["special-features"].roll(rng)
    encounters = []
    a_met = a_monsters_before
    for _ in range(feature_row.get("encounter_rolls", 1)):
        encounter = roll_encounter(rng, level, a_met)
        a_met += sum(1 for m in encounter["monsters"] if m["letter"] == "A")
        encounters.append(encounter)
    return {
        "squares": squares,
        "exits": exits,
        "secret_doors": {"roll": secret_total, "count": secret_row["count"]},
        "feature": {"roll": feature_total, "code": feature_row["code"], "name": feature_row.result},
        "encounters": encounters,
    }


def roll_encounter(rng: Rng, level: int, a_monsters_before: int) -> dict[str, Any]:
    total, row = rules.encounters().roll(rng, level)
    monsters, traps = [], []
    a_met = a_monsters_before
    for part in row["parts"]:
        for _ in range(part["count"]):
            if part["what"] == "monster":
                monsters.append(roll_monster(rng, part["letter"]))
                a_met += part["letter"] == "A"
            else:
                traps.append(roll_trap(rng, part["letter"]))
    loot = roll_loot(rng, row["loot"], a_met) if row.get("loot") else None
    return {"roll": total, "name": row.result, "monsters": monsters, "traps": traps, "loot": loot}


def roll_monster(rng: Rng, letter: str) -> dict[str, Any]:
    total, row = rules.tables()[rules.monsters(letter)].roll(rng)
    return {"letter": letter, "roll": total, "name": row.result, "hp": row["hp"]}


def roll_trap(rng: Rng, letter: str) -> dict[str, Any]:
    total, row = rules.tables()[rules.traps(letter)].roll(rng)
    return {"letter": letter, "roll": total, "name": row.result}


def roll_loot(rng: Rng, letter: str, a_monsters: int = 0, with_status: bool = True) -> dict[str, Any]:
    """One roll on a loot list; the A list adds 1 for every A level monster met (a total above 6 reads as 6)."""
    table = rules.tables()[rules.loot(letter)]
    total = table.die.roll(rng)
    bonus = a_monsters if rules.counts_a_monsters(letter) else 0
    row = table.lookup(min(total + bonus, table.die.high))
    found: dict[str, Any] = {"letter": letter, "roll": total, "bonus": bonus, "name": row.result, "kind": row["kind"]}
    for key, field in (("gold_dice", "gold"), ("charges_dice", "charges"), ("arrows_dice", "arrows")):
        if key in row.fields:
            found[field] = roll(row[key], rng)
    if row.get("magic"):
        found["magic"] = row["magic"]
    if with_status and row["kind"] not in NO_STATUS:
        status_total, status_row = rules.tables()["loot-status"].roll(rng)
        found["status"] = {"roll": status_total, "code": status_row["code"]}
    return found


def roll_door(rng: Rng) -> dict[str, Any]:
    total, row = rules.tables()["door"].roll(rng)
    return {"roll": total, "locked": row["locked"]}


def roll_spell(rng: Rng) -> dict[str, Any]:
    result = rules.tables().roll("spell", rng)
    spell = result.followups[0]
    return {"half_roll": result.total, "roll": spell.total, "table": spell.table, "name": spell.row.result,
            "level": spell.row["level"]}
