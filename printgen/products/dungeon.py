"""The one-shot dungeon: levels rolled on a game's tables, printed as maps and a key.

The game's dungeon module (its declaration's entry) provides
``generate(request)``, which rolls the dungeon as plain data, and
``render(dungeon, request)``, which prints it. ``--format json`` writes the
data in the contract every game's dungeon shares (see the README).
"""

from __future__ import annotations

import json

from ..seed import SeedCode
from . import TEMPLATES_OPTION, PAPER_OPTION, PDF_OR_JSON, game_request, made_by, register

PRODUCT = "dungeon"
COMMON = (PAPER_OPTION, PDF_OR_JSON, TEMPLATES_OPTION)


@register(PRODUCT, "a one-shot dungeon: full and players' maps, full key, rules reference", made_by(PRODUCT),
          lambda code: game_request(PRODUCT, code, COMMON))
def build(code: SeedCode) -> bytes:
    request, offer = game_request(PRODUCT, code, COMMON)
    module = request.game.module(PRODUCT)
    dungeon = module.generate(request)
    if request.format == "json":
        data = {"system": code.system, "seed_code": str(code), **dungeon.as_data()}
        return (json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8")
    return module.render(dungeon, request)
