"""The text pages of Amulet (cover, keys, tactics, treasure level, reference) through the game's templates.

The dungeon's text pages are laid out as one document (one WeasyPrint run,
the fonts embedded once), each part opening with one top-level heading, so
the booklet can take each level's key to lay it facing the level's map.
"""

from __future__ import annotations

from typing import Any

from ...render.html import render_pdf
from ...words import say_for
from . import rules, swarms
from .key import dungeon_key
from .model import Dungeon

say = say_for(__package__)

PERCENTS = (25, 50, 75, 100)
ROOM_SIZES = (1, 2, 3, 4, 5)
AFTER_THE_KEYS = 4  # the text's parts after the keys: how the monsters fight, the dice, the treasure level, the rules


def swarm_table() -> list[dict[str, Any]]:
    """Swarm health for each size of swarm in each size of room."""
    return [{"label": f"{p}%", "health": [swarms.swarm_health(s, p) for s in ROOM_SIZES],
             "reach": swarms.reach_words(swarms.PCS_SWARMED[p])} for p in PERCENTS]


def reference_context(request) -> dict[str, Any]:
    return {"game_title": request.game.title, "reference": rules.reference(), "choices": list(rules.choices()),
            "swarm_sizes": list(ROOM_SIZES), "swarm_table": swarm_table(), "health_changes": rules.health_changes()}


def reference_pdf(request) -> bytes:
    title = say("document.reference", game=request.game.title)
    return render_pdf("amulet/reference.html", request.code, title, request.paper, request.templates,
                      **reference_context(request))


def booklet_context(dungeon: Dungeon, request, keyed: list[int] | None = None, tight: bool = False
                    ) -> dict[str, Any]:
    """What booklet.html prints: with ``keyed`` (numbers of mapped levels), only those levels' keys, in
    tighter type with ``tight``."""
    levels = dungeon_key(dungeon)
    return {**reference_context(request), "credit": request.game.credit, "levels": levels,
            "keyed": [level for level in levels if level["kind"] != "treasure"
                      and (keyed is None or level["number"] in keyed)],
            "whole": keyed is None, "tight": tight,
            "level_size": dungeon.level_size, "unit_feet": 10, "scaling": dungeon.scaling,
            "tactics": [{"code": code, "name": m["name"], "designed": m.get("designed", False),
                         "tactics": rules.tactics(code)} for code, m in rules.monsters().items()],
            "treasure": rules.reference()["treasure"]}


def mapped(dungeon: Dungeon) -> list:
    """The levels with a map (and a key of their own): all but the treasure levels."""
    return [level for level in dungeon.levels if level.data["kind"] != "treasure"]


def text_pdf(dungeon: Dungeon, request, keyed: list[int] | None = None, tight: bool = False) -> bytes:
    """The cover, each mapped level's key, how the monsters fight, the dice behind each room, the treasure
    level and the rules at hand: ``parts(dungeon)`` parts, each opening with an h1. With ``keyed`` (numbers
    of mapped levels), only those levels' keys, in tighter type with ``tight``."""
    title = say("document.dungeon", game=request.game.title)
    return render_pdf("amulet/booklet.html", request.code, title, request.paper, request.templates,
                      **booklet_context(dungeon, request, keyed, tight))


def parts(dungeon: Dungeon) -> int:
    return 1 + len(mapped(dungeon)) + AFTER_THE_KEYS
