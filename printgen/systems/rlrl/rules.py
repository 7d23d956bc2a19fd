"""The Rogue Like Roguelike rule set as data: tables, lists, the campaign's numbers, printgen's choices."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from ...tables import DataList, TableSet, load_list
from . import leveled

DATA = Path(__file__).resolve().parent / "data"
LETTERS = ("E", "D", "C", "B", "A")  # the encounter lists, weakest first


@cache
def tables() -> TableSet:
    return TableSet.load(DATA / "tables")


@cache
def encounters() -> leveled.LeveledTable:
    return leveled.load(DATA / "leveled" / "encounters.toml")


@cache
def data_list(list_id: str) -> DataList:
    return load_list(DATA / "lists" / f"{list_id}.toml")


@cache
def campaign() -> dict[str, Any]:
    """The setup's and the guide's numbers: dice, offsets, shop prices, stat lines."""
    return tomllib.loads((DATA / "campaign.toml").read_text(encoding="utf-8"))


@cache
def character() -> dict[str, Any]:
    return tomllib.loads((DATA / "character.toml").read_text(encoding="utf-8"))


@cache
def choices() -> tuple[dict[str, str], ...]:
    """printgen's documented resolutions of the rules' gaps."""
    return tuple(tomllib.loads((DATA / "notes.toml").read_text(encoding="utf-8"))["choice"])


def difficulty(level: int) -> int:
    for row in character()["difficulty"]:
        low, _, high = row["levels"].partition("-")
        if int(low) <= level <= int(high or low):
            return row["difficulty"]
    raise ValueError(f"no Difficulty for dungeon level {level}")


def monsters(letter: str) -> str:
    return f"monsters-{letter.lower()}"


def traps(letter: str) -> str:
    return f"traps-{letter.lower()}"


def loot(letter: str) -> str:
    return f"loot-{letter.lower()}"
