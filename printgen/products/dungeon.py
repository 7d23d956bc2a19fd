"""The one-shot dungeon: levels rolled on a game's tables, printed as maps and a key.

The game's dungeon module provides ``generate(request)``, which rolls the
dungeon as plain data, and ``booklet(dungeon, request)``, the parts of its
booklet (printgen/contracts.py), which the product makes and composes
(booklets.py). ``--format json`` writes the data in the contract
every game's dungeon shares (docs/contracts.md; its JSON Schema is
``printgen schema dungeon``).

Off the page: a game whose dungeon module also offers ``level_views(dungeon,
request)`` (maps/offpage.py: each level's game master's and players' views,
what its doors are on a virtual tabletop, the feet a square stands for) gets
``--format uvtt`` (a zip of Universal VTT files, maps/vtt.py) and ``--scale
battle`` (each level at one inch to five feet over several sheets,
maps/battle.py) from the map engine; a game without it refuses both in one
line.
"""

from __future__ import annotations

import json

from ..contracts import DungeonModule
from ..errors import Flag, PrintgenError
from ..options import Option
from ..progress import count
from . import PAPER_OPTION, PICTURES, PPI_OPTION, TEMPLATES_OPTION, Part, Product, Request, formats, register
from .booklets import assemble

PRODUCT = "dungeon"
UVTT = "uvtt"
PAGE, BATTLE = "page", "battle"
FORMAT_OPTION = formats("pdf", "json", UVTT,
                        help="pdf: the booklet to print; json: the same content as data; uvtt: a zip of Universal "
                             "VTT files for virtual tabletops, a players' and a game master's for each level")
PPG_OPTION = Option("ppg", ("Pixels per grid square of ", Flag("format", UVTT), "'s pictures."), low=50, high=200,
                    default="100", when=("format", UVTT))
SCALE_OPTION = Option("scale", "page: the booklet, each map as large as its page holds it; battle: each level at "
                      "1 inch to 5 ft over as many Letter or A4 sheets as it takes, to tape together (pdf or png).",
                      choices=(PAGE, BATTLE), default=PAGE, value_alone=True)
COMMON = (PAPER_OPTION, FORMAT_OPTION, PPI_OPTION, PPG_OPTION, SCALE_OPTION, TEMPLATES_OPTION)


def build(request: Request) -> bytes:
    module = request.part()
    dungeon = module.generate(request)
    request.listener.tell(f"rolled {count(len(dungeon.levels), 'level')}")
    if request.format == "json":
        data = {"system": request.code.system, "seed_code": str(request.code), **dungeon.as_data()}
        return (json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8")
    if request.format == UVTT:
        return _uvtt(module.level_views(dungeon, request), request)
    if request.options["scale"] == BATTLE:
        from ..maps import battle

        views = module.level_views(dungeon, request)
        request.listener.pages_ahead(sum(1 + len(layout.printed) for layout in battle.layouts(views, request.paper)),
                                     "battle-scale maps")
        return battle.battle_pdf(request.words, views, request.code, request.paper, request.listener)
    return assemble(module.booklet(dungeon, request), request)


def _uvtt(views: list, request: Request) -> bytes:
    """A zip of each level's players' file and game master's file; the zip's comment and each picture name
    the seed code."""
    from ..maps import vtt
    from ..maps.offpage import COPIES
    from ..render import raster
    from ..render.metadata import COMMENT_PREFIX

    comment = COMMENT_PREFIX + str(request.code)
    ppg = request.options["ppg"]
    files = []
    for level in views:
        for which in reversed(COPIES):  # the players' file first, the game master's beside it
            files.append((vtt.file_name(level.level.number, which), vtt.dd2vtt(level, which, ppg, request.code, comment)))
        request.listener.tell(f"level {level.level.number}: two scenes")
    return raster.zip_files(files, comment)


def check(request: Request) -> None:
    """--scale battle prints pages; both it and --format uvtt need a game whose maps leave the page."""
    battle = request.options["scale"] == BATTLE
    if battle and request.format not in ("pdf", PICTURES):
        raise PrintgenError(Flag("scale", BATTLE), " prints sheets to tape together: it is for ", Flag("format", "pdf"),
                            f" or png, not {request.format}")
    if battle or request.format == UVTT:
        if not hasattr(request.part(), "level_views"):
            what = Flag("scale", BATTLE) if battle else Flag("format", UVTT)
            raise PrintgenError(f"the {request.code.system} dungeon offers no level views, so no ", what,
                                "; its maps print on the page only")


def suffix(request: Request) -> str:
    return "zip" if request.format == UVTT else request.format


register(Product(
    PRODUCT, "A one-shot dungeon: a cover, each level's full map and the players' copy, the key, a rules page.",
    build, own=COMMON, part=Part("dungeon", "dungeon", DungeonModule), rank=10, check=check, suffix=suffix,
    one_page=lambda request: False,  # a cover, maps and a key
))
