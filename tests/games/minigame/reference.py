"""The reference: the foe table and the game's one choice, laid out from the game's template."""

from printgen.render.compose import compose
from printgen.render.html import render_pdf

from . import GAME


def build(request) -> bytes:
    table = GAME.tables()["foes"]
    pdf = render_pdf("minigame/reference.html", request.code, GAME.title, request.paper, request.templates,
                     request.listener, rows=[(row.roll_text, row.result, row["health"]) for row in table.rows],
                     choices=list(GAME.choices()), phrasebooks=request.words)
    return compose([pdf], request.code, GAME.title, listener=request.listener)
