"""The Rogue Like Roguelike rule set as data: tables, lists, the campaign's numbers, printgen's choices.

Every file is read through the game's one data loader (``GAME.data``,
``GAME.tables``, ``GAME.data_list``); these accessors only name what the
rest of the game asks for.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ...tables import DataList, Row, TableSet
from ...words import Words, key_of
from . import GAME, leveled

LETTERS = ("E", "D", "C", "B", "A")  # the encounter lists, weakest first


def tables() -> TableSet:
    return GAME.tables()


@cache
def encounters() -> leveled.LeveledTable:
    return leveled.from_data(GAME.data("leveled/encounters"), "leveled/encounters.toml")


def data_list(list_id: str) -> DataList:
    return GAME.data_list(list_id)


def campaign() -> dict[str, Any]:
    """The setup's and the guide's numbers: dice, offsets, shop prices, stat lines."""
    return GAME.data("campaign")


def character() -> dict[str, Any]:
    """Character Creation and Leveling Up: skills, pools, the Difficulty table, the special abilities."""
    return GAME.data("character")


def choices() -> tuple[dict[str, str], ...]:
    """printgen's documented resolutions of the rules' gaps."""
    return GAME.choices()


def in_brief(phrasebooks: Words) -> tuple[tuple[str, str], ...]:
    """The choices as the reference lists them, "where the rules are silent": each topic with its line for
    the table (words.toml [silent], by the topic's key)."""
    say = phrasebooks.say_for(__package__)
    return tuple((c["topic"], say(f"silent.{key_of(c['topic'])}")) for c in choices())


@cache  # the simulated rogues ask at every choice
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


def counts_a_monsters(letter: str) -> bool:
    """Whether a roll on the ``letter`` loot list gets +1 for each A level monster met (only the A list)."""
    return letter == "A"


def monster_row(name: str, letter: str) -> Row:
    """The row of the monster called ``name`` on the ``letter`` list."""
    return next(r for r in tables()[monsters(letter)].rows if r.result == name)


def trap_row(name: str, letter: str) -> Row:
    """The row of the trap called ``name`` on the ``letter`` list."""
    return next(r for r in tables()[traps(letter)].rows if r.result == name)


def feature_row(code: str) -> Row:
    """The Special Features row of the feature ``code``."""
    return next(r for r in tables()["special-features"].rows if r["code"] == code)


def magic_row(magic: str) -> Row:
    """The loot row of the potion or wand whose magic code is ``magic``."""
    return next(r for letter in LETTERS for r in tables()[loot(letter)].rows if r.get("magic") == magic)
