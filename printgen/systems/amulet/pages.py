"""The text pages of Amulet (cover, key, treasure level, reference) through the game's templates."""

from __future__ import annotations

from typing import Any

from ...render.html import render_pdf
from . import rules, swarms
from .key_text import dungeon_key
from .model import Dungeon

PERCENTS = (25, 50, 75, 100)
ROOM_SIZES = (1, 2, 3, 4, 5)


def _title(request) -> str:
    return request.game.title


def swarm_table() -> list[dict[str, Any]]:
    """Swarm health for each size of swarm in each size of room."""
    return [{"label": f"{p}%", "health": [swarms.swarm_health(s, p) for s in ROOM_SIZES],
             "reach": "every hero" if swarms.PCS_SWARMED[p] == "all" else f"{swarms.PCS_SWARMED[p]} hero"
             + ("es" if swarms.PCS_SWARMED[p] > 1 else "")} for p in PERCENTS]


def reference_context(request) -> dict[str, Any]:
    return {"game_title": _title(request), "reference": rules.reference(), "choices": list(rules.choices()),
            "swarm_sizes": list(ROOM_SIZES), "swarm_table": swarm_table()}


def reference_pdf(request) -> bytes:
    return render_pdf("amulet/reference.html", request.code, f"{_title(request)}: reference", request.paper,
                      request.templates, **reference_context(request))


def cover_pdf(dungeon: Dungeon, request, key: list[dict[str, Any]]) -> bytes:
    return render_pdf("amulet/cover.html", request.code, f"{_title(request)}: a dungeon", request.paper,
                      request.templates, game_title=_title(request), credit=request.game.credit, levels=key,
                      level_size=dungeon.level_size, unit_feet=10, scaling=dungeon.scaling)


def key_pdf(request, key: list[dict[str, Any]]) -> bytes:
    return render_pdf("amulet/key.html", request.code, f"{_title(request)}: the key", request.paper,
                      request.templates, levels=key)


def treasure_pdf(dungeon: Dungeon, request) -> bytes:
    return render_pdf("amulet/treasure-level.html", request.code, f"{_title(request)}: a treasure level",
                      request.paper, request.templates, treasure=rules.reference()["treasure"],
                      scaling=dungeon.scaling)


def text_parts(dungeon: Dungeon, request) -> tuple[bytes, list[bytes]]:
    """The cover, and the pages after the maps: key, treasure level, reference."""
    key = dungeon_key(dungeon)
    return cover_pdf(dungeon, request, key), [key_pdf(request, key), treasure_pdf(dungeon, request),
                                              reference_pdf(request)]
