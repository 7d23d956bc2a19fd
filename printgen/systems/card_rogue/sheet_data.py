"""The facts the Card Rogue score sheet and equipment card print."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from . import rules as set_rules

DATA = Path(__file__).resolve().parent / "data"


@cache
def rules() -> dict[str, Any]:
    """The sheet's own facts, with the potions, the characters, the starting health and the largest enemy
    health from the set's data."""
    sheet = tomllib.loads((DATA / "score-sheet.toml").read_text(encoding="utf-8"))
    sheet["potion"] = [{"roll": row.low, "name": row.result} for row in set_rules.potion_table().rows]
    sheet["characters"] = [c["name"] for c in set_rules.characters()]
    sheet["max_health"] = set_rules.base_health()
    sheet["enemy_health"] = max(e["health"] for e in set_rules.enemies())  # the toughest enemy's health
    return sheet


def choices() -> tuple[dict[str, str], ...]:
    return tuple(rules()["choice"])
