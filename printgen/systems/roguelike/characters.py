"""Pre-rolled Roguelike characters, by the rules of Creating a Character.

Occupation 1d6 and race 1d6 decide everything else: the six ratings come from
the two tables, the special abilities from both rows, and the starting spells
and miracles are chosen from the lists (no spell twice) as the rows allow.
Every character starts with the same kit at level 1 with no points.
"""

from __future__ import annotations

from typing import Any

from ...names import name as make_name
from ...seed import Rng
from .rules import data_list, tables

RATINGS = ("speed", "power", "intellect", "attack", "defense", "health")
OCCUPATION_RATINGS = ("health", "attack", "defense")
RACE_RATINGS = ("speed", "power", "intellect")
# The ability whose count is a number of spells or miracles to choose from a list.
CHOSEN_FROM_LIST = {"Spell": "spells", "Miracle": "miracles"}


def abilities(occupation_row, race_row) -> list[dict[str, Any]]:
    """The special abilities of an occupation and race, counts summed by name, occupation first."""
    merged: dict[str, int] = {}
    for row in (occupation_row, race_row):
        for ability in row.get("abilities", []):
            merged[ability["name"]] = merged.get(ability["name"], 0) + ability["count"]
    return [{"name": name, "count": count} for name, count in merged.items()]


def starting_kit() -> list[dict[str, Any]]:
    return [dict(item) for item in data_list("starting-kit").items]


def roll_character(rng: Rng, number: int) -> dict[str, Any]:
    """One character from its own stream; ``number`` counts from 1."""
    occupation_roll, occupation = tables()["occupation"].roll(rng)
    race_roll, race = tables()["race"].roll(rng)
    ratings = {key: occupation[key] for key in OCCUPATION_RATINGS}
    ratings.update({key: race[key] for key in RACE_RATINGS})
    abilities_list = abilities(occupation, race)
    chosen: dict[str, list[dict[str, Any]]] = {"spells": [], "miracles": []}
    for ability in abilities_list:
        list_id = CHOSEN_FROM_LIST.get(ability["name"])
        if list_id:
            picks = rng.sample(range(len(data_list(list_id).items)), ability["count"])
            chosen[list_id] = [dict(data_list(list_id).items[i]) for i in sorted(picks)]
    kit = starting_kit()
    weapons = [{"name": item["name"], "wdr": item["wdr"]} for item in kit if "wdr" in item]
    gear = [item for item in kit if "wdr" not in item]
    return {
        "number": number,
        "name": make_name(rng, "fantasy"),
        "occupation": {"roll": occupation_roll, "name": occupation.result, "special": occupation["special"]},
        "race": {"roll": race_roll, "name": race.result, "special": race["special"]},
        "level": 1,
        "points": 0,
        "ratings": {key: ratings[key] for key in RATINGS},
        "abilities": abilities_list,
        "spells": chosen["spells"],
        "miracles": chosen["miracles"],
        "weapons": weapons,
        "armor": [],
        "gear": [{"name": item["name"], "count": item.get("count", 1)} for item in gear],
    }
