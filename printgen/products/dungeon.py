"""The one-shot dungeon: levels rolled on a game's tables, printed as maps and a key."""

from __future__ import annotations

import json

from ..errors import PrintgenError
from ..seed import SeedCode
from ..systems.roguelike import dungeon as roguelike_dungeon
from ..systems.roguelike import dungeon_pdf as roguelike_pdf
from ..units import paper as paper_named
from . import register, whole_number_option

SYSTEMS = ("roguelike",)
FORMATS = ("pdf", "json")


def options_for(levels: int, rooms: int, paper: str, output_format: str) -> dict[str, object]:
    return {"levels": levels, "rooms": rooms, "paper": paper, "format": output_format}


@register("dungeon", "a one-shot dungeon: GM and player maps, full key, rules reference", SYSTEMS)
def build(code: SeedCode) -> bytes:
    options = code.option_map
    levels = whole_number_option(options, "levels", roguelike_dungeon.DEFAULT_LEVELS, 1, roguelike_dungeon.MAX_LEVELS)
    rooms = whole_number_option(options, "rooms", roguelike_dungeon.DEFAULT_AREAS, roguelike_dungeon.MIN_AREAS, roguelike_dungeon.MAX_AREAS)
    output_format = options.get("format", "pdf")
    if output_format not in FORMATS:
        raise PrintgenError(f"format must be one of {', '.join(FORMATS)}, not {output_format!r}")
    paper = paper_named(options.get("paper", "letter"))
    dungeon = roguelike_dungeon.generate(code, levels, rooms)
    if output_format == "json":
        return (json.dumps(dungeon.as_data(), indent=1, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8")
    return roguelike_pdf.render(dungeon, code, paper)
