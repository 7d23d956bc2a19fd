"""The facts the Card Rogue score sheet and equipment card print."""

from __future__ import annotations

from functools import cache
from typing import Any

from ...words import Words
from . import rules as set_rules


@cache
def rules() -> dict[str, Any]:
    """The sheet's own facts, with the potions, the characters, the starting health and the largest enemy
    health from the set's data, and the points each way to win scores."""
    points = {"chest": set_rules.exploration()["chest"]["victory"],
              "debt": set_rules.debt()["effects"][0]["amount"],
              "basilisk": set_rules.enemy("basilisk")["victory"],
              "golem": set_rules.enemy("golem")["victory"],
              "end-rush": set_rules.tiles()["starting"]["victory"]}
    return {
        **set_rules.score_sheet(),
        "potion": [{"roll": row.low, "name": row.result} for row in set_rules.potion_table().rows],
        "characters": [c["name"] for c in set_rules.characters()],
        "max_health": set_rules.base_health(),
        "enemy_health": max(e["health"] for e in set_rules.enemies()),  # the toughest enemy's health
        "victory": [{**win, **({"points": points[win["code"]]} if win["code"] in points else {})}
                    for win in set_rules.score_sheet()["victory"]],
    }


def choices(phrasebooks: Words) -> tuple[dict[str, str], ...]:
    """The choices the sheet rests on: the game's own that concern it (notes.toml), then the sheet's."""
    topics = rules()["notes_choices"]
    return tuple(c for c in set_rules.choices(phrasebooks) if c["topic"] in topics) + tuple(rules()["choice"])
