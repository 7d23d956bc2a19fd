"""Amulet characters: a class chosen by the seed, with the class's fixed numbers."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from ...seed import Rng
from ...names import name as make_name

DATA = Path(__file__).resolve().parent / "data"


@cache
def rules() -> dict[str, Any]:
    return tomllib.loads((DATA / "classes.toml").read_text(encoding="utf-8"))


def classes() -> dict[str, dict[str, Any]]:
    return {cls["name"]: cls for cls in rules()["class"]}


def choices() -> tuple[dict[str, str], ...]:
    return tuple(rules()["choice"])


def character_for(class_name: str) -> dict[str, Any]:
    cls = classes()[class_name]
    return {
        "class": cls["name"],
        "abilities": {key.lower(): cls[key.lower()] for key in rules()["abilities"]},
        "health": rules()["health"],
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
