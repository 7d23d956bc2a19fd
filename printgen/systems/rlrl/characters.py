"""Pre-rolled rogues: every skill at 1d6 but two, chosen by the seed, at 2d6; 6 Hit Points."""

from __future__ import annotations

from typing import Any

from ...names import name as make_name
from ...seed import Rng
from . import GAME


def rules() -> dict[str, Any]:
    """Character Creation and Leveling Up as data (data/character.toml)."""
    return GAME.data("character")


def choices() -> tuple[dict[str, str], ...]:
    return tuple(rules()["choice"])


def roll_character(rng: Rng, number: int) -> dict[str, Any]:
    r = rules()
    favoured = rng.sample(r["skills"], r["favoured_count"])
    skills = {skill: (r["favoured_pool"] if skill in favoured else r["base_pool"]) for skill in r["skills"]}
    return {
        "number": number,
        "name": make_name(rng, "fantasy"),
        "level": 1,
        "hit_points": r["hit_points"],
        "skills": [{"name": skill, "dice": skills[skill]} for skill in r["skills"]],
        "favoured": [skill for skill in r["skills"] if skill in favoured],
        "gold": 0,
        "lockpicks": 0,
        "abilities": [],
        "inventory": [],
    }
