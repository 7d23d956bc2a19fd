"""A game's rules reference: the tables and procedures a table looks up, in print."""

from __future__ import annotations

from ..seed import SeedCode
from . import TEMPLATES_OPTION, PAPER_OPTION, game_request, made_by, register

PRODUCT = "reference"
COMMON = (PAPER_OPTION, TEMPLATES_OPTION)


@register(PRODUCT, "a rules reference: tables, odds and procedures at a glance", made_by(PRODUCT),
          lambda code: game_request(PRODUCT, code, COMMON))
def build(code: SeedCode) -> bytes:
    request, offer = game_request(PRODUCT, code, COMMON)
    return request.game.load(offer)(request)
