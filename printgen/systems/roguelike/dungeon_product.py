"""The dungeon product's entry: roll the dungeon for the paper's map size, then print it."""

from __future__ import annotations

from ...products import Request
from . import dungeon, dungeon_pdf


def generate(request: Request) -> dungeon.Dungeon:
    o = request.options
    return dungeon.generate(request.code, o["levels"], o["rooms"], dungeon_pdf.map_squares(request.paper))


def render(built: dungeon.Dungeon, request: Request) -> bytes:
    return dungeon_pdf.render(built, request)
