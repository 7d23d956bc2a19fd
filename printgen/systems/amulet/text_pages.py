"""The text pages of Amulet (cover, key, treasure level, reference) through the game's templates.

The dungeon's text pages are laid out as one document (one WeasyPrint run,
the fonts embedded once); its first page, the cover, is split off to go
before the maps.
"""

from __future__ import annotations

from typing import Any

from ...render.booklet import extract
from ...render.html import render_pdf
from ...words import say_for
from . import rules, swarms
from .key import dungeon_key
from .model import Dungeon

say = say_for(__package__)

PERCENTS = (25, 50, 75, 100)
ROOM_SIZES = (1, 2, 3, 4, 5)
COVER_PAGES = 1


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


def booklet_context(dungeon: Dungeon, request) -> dict[str, Any]:
    return {**reference_context(request), "credit": request.game.credit, "levels": dungeon_key(dungeon),
            "level_size": dungeon.level_size, "unit_feet": 10, "scaling": dungeon.scaling,
            "tactics": [{"code": code, "name": m["name"], "designed": m.get("designed", False),
                         "tactics": rules.tactics(code)} for code, m in rules.monsters().items()],
            "treasure": rules.reference()["treasure"]}


def text_parts(dungeon: Dungeon, request) -> tuple[bytes, bytes]:
    """The cover, and the pages after the maps: key, treasure level, reference."""
    title = say("document.dungeon", game=request.game.title)
    whole = render_pdf("amulet/booklet.html", request.code, title, request.paper, request.templates,
                       **booklet_context(dungeon, request))
    return extract(whole, 0, COVER_PAGES), extract(whole, COVER_PAGES)

