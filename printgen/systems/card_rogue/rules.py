"""The Card Rogue set as data: every card kind with its numbers and counts, read through the game's one
loader (``GAME.data``, ``GAME.tables``) and checked."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from ... import games
from ...tables import Table
from ...words import Words, key_of
from . import GAME

PHRASE = re.compile(r"\{([a-z0-9-]+(?:\.[a-z0-9-]+)+)\}")  # {rule.combat}: a phrase of words.toml

SLOTS = ("primary", "secondary", "head", "chest", "feet", "both-hands")
EDGES = ("N", "E", "S", "W")


class RulesDataError(ValueError):
    """A Card Rogue data file that breaks the set's own rules; the message names the file."""


def game() -> games.Game:
    """This game as the registry holds it: GAME, its folder known even when a module is imported on its own."""
    return games.game(GAME.id)


def data(name: str) -> dict[str, Any]:
    return game().data(name)


def enemies() -> list[dict[str, Any]]:
    return data("enemies")["enemy"]


def enemy(enemy_id: str) -> dict[str, Any]:
    return _by_id("enemies", "enemy").get(enemy_id) or next(e for e in enemies() if e["id"] == enemy_id)


def characters() -> list[dict[str, Any]]:
    return data("characters")["character"]


def base_health() -> int:
    return data("characters")["base_health"]


def equipment() -> list[dict[str, Any]]:
    return data("equipment")["item"]


def item(item_id: str) -> dict[str, Any]:
    return _by_id("equipment", "item").get(item_id) or next(i for i in equipment() if i["id"] == item_id)


def scrolls() -> list[dict[str, Any]]:
    return data("items")["scroll"]


def debt() -> dict[str, Any]:
    return data("items")["debt"][0]


def artifacts() -> list[dict[str, Any]]:
    return data("items")["artifact"]


def artifact(artifact_id: str) -> dict[str, Any]:
    return _by_id("items", "artifact").get(artifact_id) or next(a for a in artifacts() if a["id"] == artifact_id)


def trap(trap_id: str) -> dict[str, Any]:
    """An exploration trap by its id (data/exploration.toml's [[trap]])."""
    return _by_id("exploration", "trap").get(trap_id) or next(t for t in exploration()["trap"] if t["id"] == trap_id)


@cache
def _by_id(name: str, key: str) -> dict[str, dict[str, Any]]:
    """The entries of data file ``name``'s list ``key`` by id, each the very entry the file's list holds (the
    first, should two share an id): a simulation looks items and enemies up some hundred thousand times. An id
    not there is looked for in the list itself, and missed as before."""
    found: dict[str, dict[str, Any]] = {}
    for entry in data(name)[key]:
        found.setdefault(entry["id"], entry)
    return found


def potion_table() -> Table:
    """The rules' 1d6 table of potion effects (data/tables/potions.toml)."""
    return game().tables()["potions"]


def potion_colours() -> list[dict[str, Any]]:
    return data("tables/potions")["colour"]


def potion_amounts() -> dict[str, int]:
    return data("tables/potions")["amounts"]


def potions_per_colour() -> int:
    return data("tables/potions")["colours_count"]


def potion_gold() -> int:
    """A potion card's gold amount."""
    return data("tables/potions")["gold"]


def tile_shapes() -> list[dict[str, Any]]:
    return data("tiles")["shape"]


def tiles() -> dict[str, Any]:
    return data("tiles")


def exploration() -> dict[str, Any]:
    return data("exploration")


def supplies() -> dict[str, Any]:
    return data("supplies")


def score_sheet() -> dict[str, Any]:
    """What the score sheet and the equipment card need besides the set: slots, ways to win, choices."""
    return data("score-sheet")


def choices(phrasebooks: Words) -> tuple[dict[str, str], ...]:
    """printgen's documented resolutions of the rules' gaps, in order, each phrase they name filled in."""
    say = phrasebooks.say_for(__package__)
    return tuple({**choice, "text": PHRASE.sub(lambda m: say(m.group(1)), choice["text"])}
                 for choice in game().choices())


def in_brief(phrasebooks: Words) -> tuple[tuple[str, str], ...]:
    """The choices as the designer's notes list them, "where the rules are silent": each topic with its line
    for the table (words.toml [silent], by the topic's key), the rules it names filled in."""
    say = phrasebooks.say_for(__package__)
    rules_named = {"combat": say("rule.combat"), "turn": say("rule.turn-steps")}
    return tuple((choice["topic"], say(f"silent.{key_of(choice['topic'])}", **rules_named))
                 for choice in game().choices())


def check() -> None:
    """The data's own promises: slots exist, arrows point away from a path, bosses score."""
    for entry in equipment():
        if entry["slot"] not in SLOTS:
            raise RulesDataError(f"equipment.toml: {entry['name']} has no slot called {entry['slot']!r}")
    for shape in tile_shapes():
        if not set(shape["paths"]) <= set(EDGES):
            raise RulesDataError(f"tiles.toml: {shape['id']} has a path that is not one of {EDGES}")
        arrow = shape.get("arrow")
        if arrow and {"N": "S", "E": "W", "S": "N", "W": "E"}[arrow] not in shape["paths"]:
            raise RulesDataError(f"tiles.toml: {shape['id']}'s arrow does not point away from a path")
    for boss in (e for e in enemies() if e.get("boss")):
        if boss.get("victory", 0) < 1:
            raise RulesDataError(f"enemies.toml: the boss {boss['name']} awards no victory points")
