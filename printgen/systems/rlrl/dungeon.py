"""The ten-level campaign, rolled, then printed as one PDF: the Dungeon Master's part, then the rogue's,
each printable on its own.

The Dungeon Master's part: a cover with the page ranges, the reference (with
this seed's colour key), and each level's map with its key. The rogue's
part: the rogue's sheet with this campaign's colours, and each level's copy
with only the setup drawn. ``--copies dm`` or ``rogue`` prints one part.
"""

from __future__ import annotations

import io
from typing import Any

import pikepdf

from ...products import Request
from ...render import html, parallel, qr
from ...render.canvas import new_document
from ...render.compose import compose
from ...render.html import render_pdf
from ...sheets.draw import FormCollector, QrRoom, Style
from ...words import say_for
from . import generate as generator, map_page, reference, sheet
from .generate import Campaign

say = say_for(__package__)
SHEET_EDGE = 28.0  # pt around the rogue's sheet
SHEET_FOOT = 34.0


def generate(request: Request) -> Campaign:
    return generator.generate(request.code, request.options["rooms"])


def render(built: Campaign, request: Request) -> bytes:
    copies = request.options["copies"]
    with_dm, with_rogue = copies in ("both", "dm"), copies in ("both", "rogue")
    if with_dm:
        html.load()  # once, before the fork, so the child has it too (the rogue's part is vector pages only)
    # The reference is laid out here while a forked child draws every vector page (parallel.both). The rogue's
    # sheet keeps room for the seed code's QR when it is the file's first page.
    reference_pages, (dm_maps, (rogue, rogue_qr)) = parallel.both(
        lambda: reference.pages(request, built.colours) if with_dm else None,
        lambda: (_dm_maps(built, request) if with_dm else None,
                 _rogue_part(built, request, first=not with_dm) if with_rogue else ([], None)),
    )
    dm = [reference_pages, dm_maps] if with_dm else []
    parts = []
    if dm:
        counts = [_pages(part) for part in dm]
        rogue_pages = sum(_pages(part) for part in rogue)
        parts.append(_cover(built, request, 1 + sum(counts), rogue_pages))
    return compose(parts + dm + rogue, request.code, say("title.campaign"), qr_place=rogue_qr)


def _pages(pdf: bytes) -> int:
    with pikepdf.open(io.BytesIO(pdf)) as document:
        return len(document.pages)


def _dm_maps(built: Campaign, request: Request) -> bytes:
    doc = new_document(request.code, say("title.campaign"), request.paper.size)
    for level, shop in zip(built.levels, built.shops):
        map_page.dm_pages(doc.canvas, request.paper, level, shop, built.colours)
        doc.canvas.showPage()
    return doc.finish()


def _rogue_part(built: Campaign, request: Request, first: bool) -> tuple[list[bytes], qr.Place | None]:
    """The rogue's pages, and where the seed code's QR goes on the sheet when it is the ``first`` page."""
    doc = new_document(request.code, say("title.campaign"), request.paper.size)
    c = doc.canvas
    width, height = request.paper.size
    room = QrRoom.of(str(request.code)) if first else None
    c.saveState()
    c.translate(SHEET_EDGE, SHEET_FOOT)
    sheet.draw(c, width - 2 * SHEET_EDGE, height - SHEET_EDGE - SHEET_FOOT, "rogue", None, Style(qr=room),
               FormCollector(enabled=False), request.code)
    c.restoreState()
    c.showPage()
    for level in built.levels:
        map_page.rogue_page(c, request.paper, level)
        c.showPage()
    return [doc.finish()], room and room.spot


def _cover(built: Campaign, request: Request, dm_pages: int, rogue_pages: int) -> bytes:
    return render_pdf("rlrl/campaign.html", request.code, say("title.campaign"), request.paper, request.templates,
                      **cover_context(built, dm_pages, rogue_pages))


def cover_context(built: Campaign, dm_pages: int, rogue_pages: int) -> dict[str, Any]:
    levels = [{"number": b.level.number, "difficulty": b.difficulty, "areas": len(b.level.areas),
               "rooms": sum(1 for a in b.level.areas if a.type != "Corridor")} for b in built.levels]
    return {"levels": levels, "dm_pages": dm_pages, "rogue_first": dm_pages + 1 if rogue_pages else 0,
            "rogue_last": dm_pages + rogue_pages, "rooms": built.rooms, "amulet": built.amulet}
