"""The dungeon product's entry: roll the dungeon, then print it."""

from __future__ import annotations

from ...products import Request
from . import dungeon, dungeon_pdf


def generate(request: Request) -> dungeon.Dungeon:
    return dungeon.generate(request.code, request.options["levels"], request.options["rooms"])


def render(built: dungeon.Dungeon, request: Request) -> bytes:
    return dungeon_pdf.render(built, request.code, request.paper)
