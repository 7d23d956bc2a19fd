"""Each campaign deals the colours afresh to the potions and wands of the Loot lists.

The rules give every potion and wand a colour and tell the Dungeon Master to
swap them on each new playthrough; the pools hold the rules' colours and
more, and every item of a kind gets a different one.
"""

from __future__ import annotations

from typing import Any

from ...seed import Rng, SeedCode
from . import rules

KINDS = ("potion", "wand")
STREAM = "colours"  # the seed's stream the colours are dealt from, for the campaign, its reference and its sheet


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


def for_seed(code: SeedCode) -> dict[str, str]:
    """The colours the seed of ``code`` deals: the same for its campaign, its reference and its sheets."""
    return deal(code.stream(STREAM))


def listed(dealt: dict[str, str]) -> list[tuple[str, str]]:
    """(colour, kind) of every dealt colour as the rogue's sheet lists them: potions, then wands, each in
    alphabetical order, so that the list gives away nothing of which is which."""
    kinds = {item["magic"]: item["kind"] for item in magic_items()}
    return sorted(((colour, kinds[magic]) for magic, colour in dealt.items()),
                  key=lambda pair: (KINDS.index(pair[1]), pair[0]))


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
