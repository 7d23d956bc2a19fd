"""Each campaign deals the colours afresh to the potions and wands of the Loot lists.

The rules give every potion and wand a colour and tell the Dungeon Master to
swap them on each new playthrough; the pools hold the rules' colours and
more, and every item of a kind gets a different one.
"""

from __future__ import annotations

from typing import Any

from ...seed import Rng
from . import rules

KINDS = ("potion", "wand")


def magic_items() -> list[dict[str, str]]:
    """Every potion and wand of the Loot lists, weakest list first: magic code, kind, name, the rules' colour."""
    found = []
    for letter in rules.LETTERS:
        for row in rules.tables()[rules.loot(letter)].rows:
            if row.get("magic"):
                found.append({"magic": row["magic"], "kind": row["kind"], "name": row.result,
                              "rules_colour": row["rules_colour"]})
    return found


def pool(kind: str) -> list[str]:
    return [item["name"] for item in rules.data_list("colours").items if item["kind"] == kind]


def deal(rng: Rng) -> dict[str, Any]:
    """magic code -> colour, every colour of a kind used at most once."""
    dealt: dict[str, str] = {}
    for kind in KINDS:
        colours = pool(kind)
        rng.shuffle(colours)
        items = [item for item in magic_items() if item["kind"] == kind]
        for item, colour in zip(items, colours, strict=False):
            dealt[item["magic"]] = colour
    return dealt
