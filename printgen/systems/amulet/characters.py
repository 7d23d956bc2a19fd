"""Amulet characters: a class chosen by the seed, with the class's fixed numbers."""

from __future__ import annotations

from typing import Any

from ...names import name as make_name
from ...seed import Rng
from . import GAME


def rules() -> dict[str, Any]:
    """data/classes.toml: the classes, and what the class sheets need from the rest of the rules."""
    return GAME.data("classes")


def classes() -> dict[str, dict[str, Any]]:
    return {cls["name"]: cls for cls in rules()["class"]}


def choices() -> tuple[dict[str, str], ...]:
    return tuple(rules()["choice"])


def character_for(class_name: str) -> dict[str, Any]:
    cls = classes()[class_name]
    return {
        "class": cls["name"],
        "abilities": {key: cls[key] for key in rules()["abilities"]},
        "health": GAME.data("reference")["health"],
        "level_points": 0,
        "treasure": 0,
        "tokens": 0,
        "keys_and_potions": [],
    }


def roll_character(rng: Rng, number: int) -> dict[str, Any]:
    cls = rng.choice(list(classes()))
    char = character_for(cls)
    char.update({"number": number, "name": make_name(rng, "fantasy")})
    return char
