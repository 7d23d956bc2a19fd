"""The one-shot dungeon: levels rolled on a game's tables, printed as maps and a key.

The game's dungeon module provides ``generate(request)``, which rolls the
dungeon as plain data, and ``render(dungeon, request)``, which prints it
(products/contracts.py). ``--format json`` writes the data in the contract
every game's dungeon shares (see the README).
"""

from __future__ import annotations

import json

from .. import progress
from . import DPI_OPTION, PAPER_OPTION, PDF_OR_JSON, TEMPLATES_OPTION, Product, Request, game_options, made_by, register

PRODUCT = "dungeon"
COMMON = (PAPER_OPTION, PDF_OR_JSON, DPI_OPTION, TEMPLATES_OPTION)


def build(request: Request) -> bytes:
    module = request.game.module(PRODUCT)
    dungeon = module.generate(request)
    progress.tell(f"rolled {len(dungeon.levels)} levels")
    if request.format == "json":
        data = {"system": request.code.system, "seed_code": str(request.code), **dungeon.as_data()}
        return (json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8")
    return module.render(dungeon, request)


register(Product(
    PRODUCT, "A one-shot dungeon: a cover, each level's full map and the players' copy, the key, a rules page.",
    made_by(PRODUCT), game_options(PRODUCT, COMMON), build,
))
