"""printgen reference --system amulet: the rules page on its own."""

from __future__ import annotations

from ...render.compose import compose
from ...words import say_for
from . import text_pages

say = say_for(__package__)


def build(request) -> bytes:
    title = say("document.reference", game=request.game.title)
    return compose([text_pages.reference_pdf(request)], request.code, title, listener=request.listener)
