"""A seeded challenge: a fixed setup every player with the same seed code plays alike."""

from __future__ import annotations

from ..seed import SeedCode
from . import TEMPLATES_OPTION, PAPER_OPTION, PDF_OR_JSON, game_request, made_by, register

PRODUCT = "challenge"
COMMON = (PAPER_OPTION, PDF_OR_JSON, TEMPLATES_OPTION)


@register(PRODUCT, "a seeded challenge map to race on, the same for everyone with its code", made_by(PRODUCT),
          lambda code: game_request(PRODUCT, code, COMMON))
def build(code: SeedCode) -> bytes:
    request, offer = game_request(PRODUCT, code, COMMON)
    return request.game.load(offer)(request)
