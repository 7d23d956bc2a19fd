"""printgen reference --system amulet: the rules page on its own."""

from __future__ import annotations

from ...render.compose import compose
from . import pages


def build(request) -> bytes:
    return compose([pages.reference_pdf(request)], request.code, f"{request.game.title}: reference")
