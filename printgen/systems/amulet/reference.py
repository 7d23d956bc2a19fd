"""printgen reference --system amulet: the rules page on its own."""

from __future__ import annotations

from ...render.compose import compose
from . import text_pages


def build(request) -> bytes:
    say = request.words.say_for(__package__)
    title = say("document.reference", game=request.game.title)
    return compose([text_pages.reference_pdf(request)], request.code, title, listener=request.listener)
