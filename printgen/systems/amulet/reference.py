"""printgen reference --system amulet: the rules page on its own."""

from __future__ import annotations

from ...render.compose import compose
from . import text_pages


def build(request) -> bytes:
    return compose([text_pages.reference_pdf(request)], request.code, f"{request.game.title}: reference")
