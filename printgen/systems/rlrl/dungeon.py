"""The ten-level campaign, rolled, then printed as one PDF: the Dungeon Master's part, then the rogue's,
each printable on its own.

The Dungeon Master's part: a cover with the page ranges, the reference (with
this seed's colour key), and each level's map on a left-hand page with its
key facing it, so a print on both sides of the sheet lays them open side by
side; the rogue's part starts on a fresh sheet. The rogue's
part: the rogue's sheet with this campaign's colours, and each level's copy
with only the setup drawn, each on a sheet of its own with a blank back, as
every game's players' maps. ``--copies dm`` or ``rogue`` prints one part.
"""

from __future__ import annotations

from ...cards import cover_art
from ...contracts import Request
from ...maps.draw_style import MapStyle
from ...render import drawn_cover, house
from ...render.booklet import Pages, Parts, blank_page, page_count
from ...render.canvas import new_document, printed_code
from ...sheets.draw import FormCollector, Style, credit_line
from ...sheets.page import foot_strip
from . import GAME, key, map_page, reference, sheet
from . import generate as generator
from .generate import Campaign

SHEET_EDGE = 28.0  # pt around the rogue's sheet
SHEET_FOOT = 34.0


def generate(request: Request) -> Campaign:
    return generator.generate(request.code, request.options["rooms"])


COPIES = {"both": ("gm", "players"), "dm": ("gm",), "rogue": ("players",)}  # --copies: a battle map's copies


def level_views(built: Campaign, request: Request) -> list:
    """Each level for a virtual tabletop and a battle map (maps/offpage.py)."""
    copies = COPIES[request.options["copies"]]
    return [map_page.level_views(request.words, level, MapStyle.chosen(request), copies) for level in built.levels]


def booklet(built: Campaign, request: Request) -> Parts:
    say = request.words.say_for(__package__)
    copies = request.options["copies"]
    with_dm, with_rogue = copies in ("both", "dm"), copies in ("both", "rogue")

    def arrange(reference_pages: bytes | None, drawn, _seed_free: None) -> list[bytes | Pages]:
        levels, rogue = drawn
        if not with_dm:
            return rogue
        dm, dm_pages = _dm_part(reference_pages, *levels, fresh_sheet_after=with_rogue)
        return [_cover(built, request, COVER_PAGES + dm_pages, sum(page_count(part) for part in rogue)), dm, *rogue]

    # The reference is laid out while a forked child draws every vector page (the product makes both at once;
    # the rogue's part alone has no text). The rogue's sheet keeps the corner for the seed code's QR when it is
    # the file's first page.
    return Parts(say("title.campaign"), (lambda: reference.pages(request, built.colours)) if with_dm else None,
                 lambda: (_dm_levels(built, request) if with_dm else None,
                          _rogue_part(built, request, first=not with_dm) if with_rogue else []),
                 arrange)


COVER_PAGES = 1


def _dm_part(reference_pages: bytes, maps: bytes, keys: bytes, key_pages: list[int], blank: bytes,
             fresh_sheet_after: bool) -> tuple[Pages, int]:
    """The Dungeon Master's pages after the cover: the reference, then each level's map on a left-hand page
    with its key facing it (a longer key goes on over the page, beside the map again); with
    ``fresh_sheet_after``, a blank side last if the rogue's part would start on the back of a page. Returns
    the pages and how many there are."""
    pages = Pages(blank, before=COVER_PAGES)  # handed over open: the product composes it, then closes it
    pages.add(reference_pages)
    first = 0
    for index, count in enumerate(key_pages):
        pages.facing((maps, index, index + 1), (keys, first, first + count))
        first += count
    if fresh_sheet_after:
        pages.to_right()
    return pages, pages.count


def _dm_levels(built: Campaign, request: Request) -> tuple[bytes, bytes, list[int], bytes]:
    """Each level's map (a page each), each level's key (the pages of each), and the blank side."""
    say = request.words.say_for(__package__)
    maps = new_document(request.code, say("title.campaign"), request.paper.size, compressed=False)
    keys = new_document(request.code, say("title.campaign"), request.paper.size, compressed=False)
    key_pages = []
    for level, shop in zip(built.levels, built.shops):
        map_page.dm_pages(request.words, maps.canvas, request.paper, level, MapStyle.chosen(request))
        maps.canvas.showPage()
        key_pages.append(key.draw_pages(request.words, keys.canvas, request.paper, level, shop, built.colours))
    return (maps.finish(request.listener), keys.finish(request.listener), key_pages,
            blank_page(request.code, request.paper, say("booklet.blank-side")))


def _rogue_part(built: Campaign, request: Request, first: bool) -> list[bytes]:
    """The rogue's pages; when the sheet is the ``first`` page, its foot keeps the corner for the seed code's
    QR, as every first page of sheets does (products/sheet.py foot_strip)."""
    say = request.words.say_for(__package__)
    doc = new_document(request.code, say("title.campaign"), request.paper.size)
    c = doc.canvas
    width, height = request.paper.size
    foot = foot_strip(request.code, request.paper) if first else SHEET_FOOT
    c.saveState()
    c.translate(SHEET_EDGE, foot)
    sheet.draw(request.words, c, width - 2 * SHEET_EDGE, height - SHEET_EDGE - foot, "rogue", None, Style(),
               FormCollector(enabled=False), request.code)
    c.restoreState()
    if first:
        credit_line(request.words, c, request.code, request.paper.size, request.game, first=True)
    c.showPage()
    for level in built.levels:
        map_page.rogue_page(request.words, c, request.paper, level, MapStyle.chosen(request))
        c.showPage()
    drawn = doc.finish(request.listener)
    with Pages(blank_page(request.code, request.paper, say("booklet.blank-side"))) as pages:
        for page in range(page_count(drawn)):  # one to a sheet with nothing on the back, as every players' map
            pages.add(drawn, page, page + 1)
            pages.blank()
        return [pages.save()]


def _cover(built: Campaign, request: Request, dm_pages: int, rogue_pages: int) -> bytes:
    """The cover, drawn (render/drawn_cover.py): what the campaign is, which pages are whose, the facts, round the
    game's art, and under them the levels' table and where the Amulet is; its words are the phrasebook's
    (``cover.``)."""
    say = request.words.say_for(__package__)
    levels = [(b.level.number, b.difficulty, sum(1 for a in b.level.areas if a.type != "Corridor"), len(b.level.areas))
              for b in built.levels]
    difficulties = [difficulty for _, difficulty, _, _ in levels]
    amulet = built.amulet
    inside = [(say("cover.dm-lead", last=dm_pages), say("cover.dm"))]
    if rogue_pages:
        inside += [(say("cover.rogue-lead", first=dm_pages + 1, last=dm_pages + rogue_pages), say("cover.rogue")),
                   ("", say("cover.apart"))]
    found = {"level": amulet["level"], "area": amulet["area"]}
    where = say("cover.amulet-corner", **found) if amulet["how"] == "corner" else say("cover.amulet-loot", **found)
    rows = [[say("cover.level")] + [str(number) for number, _, _, _ in levels],
            [say("cover.difficulty")] + [str(difficulty) for difficulty in difficulties],
            [say("cover.level-rooms")] + [str(rooms) for _, _, rooms, _ in levels],
            [say("cover.areas")] + [str(areas) for _, _, _, areas in levels]]
    cover = drawn_cover.Cover(
        kicker=request.game.title, title=say("cover.title"), sub=say("cover.sub"), lede=say("cover.lede"),
        inside=inside,
        facts=[(say("cover.levels"), say("cover.levels-are", count=len(levels), least=min(difficulties),
                                         most=max(difficulties)), False),
               (say("cover.rooms"), say("cover.rooms-are", rooms=built.rooms), False),
               (say("cover.amulet"), say("cover.amulet-is", level=amulet["level"], area=amulet["area"]), False),
               (say("cover.seed-code"), printed_code(request.code), True)],
        art=cover_art.for_game(request.words, GAME.templates, "@", *met(built)),
        credit=say("cover.credit", game=request.game.title),
        closing=drawn_cover.Closing(say("cover.levels-head"), rows,
                                    [f"{say('cover.explored', rooms=built.rooms)} {where}"]))
    return drawn_cover.cover_pdf(request.words, cover, request.code, request.paper, say("title.campaign"),
                                 house.look(GAME.templates), request.listener)


def met(built: Campaign) -> tuple[list[str], list[str]]:
    """The pictures of what the campaign holds, level by level: its monsters in the order met, then its traps."""
    pictures = GAME.data("pictures")
    encounters = [e for b in built.levels for area in b.level.areas for e in area.data.get("encounters", ())]
    return ([pictures["monster"][m["name"]] for e in encounters for m in e["monsters"] if m["name"] in pictures["monster"]],
            [pictures["trap"][t["name"]] for e in encounters for t in e["traps"] if t["name"] in pictures["trap"]])
