"""The words and marks printed for the codes the generator writes: chosen here, where pages are made."""

from __future__ import annotations

from typing import Any

from . import rules

EXIT_NAMES = {"stair": "Stair", "crumble": "Crumble", "secret": "Secret door", "walldoor": "Walldoor",
              "door": "Door", "open": "Open", "food": "Food ward", "treasure": "Treasure wall",
              "teleport": "Teleporter"}
# The map marks for a room's contents: the rules' own abbreviations from the Contents table.
CONTENT_MARKS = {"password": "Pa", "special": "Sp", "potion": "Po", "murder-hole": "Mu", "key": "Ke",
                 "treasure": "Tz", "none": "No", "food": "Fo", "ale": "Al", "poison": "Pz", "ward": "Wa",
                 "trap": "Tr"}
CONTENT_NAMES = {"password": "Password", "special": "Special", "potion": "Potion", "murder-hole": "Murder Hole",
                 "key": "Key", "treasure": "Treasure", "none": "None", "food": "Food", "ale": "Ale",
                 "poison": "Poison", "ward": "Ward", "trap": "Trap"}
MONSTER_MARKS = {"wizard": "Wiz", "demon": "Dem", "barbarian": "Bar", "ghost": "Gho", "hobbit": "Hob",
                 "slime": "Sli"}
LEADS = {"area": "to room", "level": "down to level", "unexplored": "chosen in play", "blocked": "onto solid rock",
         "dead-end": "a dead end"}
DIRECTIONS = {"north": "N", "south": "S", "east": "E", "west": "W"}
BOONS = {"reflective-shot": "Reflective Shot", "repulsiveness": "Repulsiveness",
         "teleportability": "Teleportability"}


def monster_name(code: str) -> str:
    return rules.monsters()[code]["name"]


def encounter_mark(item: dict[str, Any]) -> str:
    """A room's encounter as a few letters on the map: 'Hob 75%', 'Gen Dem', 'Wr', 'Mim'."""
    code = item["code"]
    if code == "swarm":
        return f"{MONSTER_MARKS[item['monster']]} {'1' if item['lone'] else str(item['percent']) + '%'}"
    if code == "generator":
        return f"Gen {MONSTER_MARKS[item['monster']]}"
    return {"wraith": "Wr", "mimic": "Mim", "mini-boss": "Boss", "none": ""}[code]


def grouped(marks: list[str]) -> list[str]:
    """Marks in order of first appearance, a repeated one written once with its count: 'Tz×3', 'Ke'."""
    counts: dict[str, int] = {}
    for mark in marks:
        counts[mark] = counts.get(mark, 0) + 1
    return [mark if n == 1 else f"{mark}×{n}" for mark, n in counts.items()]


def room_marks(area) -> tuple[list[str], list[str]]:
    contents = grouped([CONTENT_MARKS[c["code"]] for c in area.data["contents"] if c["code"] != "none"])
    encounters = grouped([m for m in (encounter_mark(e) for e in area.data["encounters"]) if m])
    return contents, encounters
