"""A deck's files for the print shops with specifications of their own (see vendors.py, where each shop's
upload rule is stated beside the order it gives).

DriveThruCards gets one CMYK PDF/X-1a: if every card shares one back, that
back is page 1 and the fronts follow; if backs differ, each card's back comes
before its front, so the file still opens with the back of card 1. The Game
Crafter and MakePlayingCards get a zip of RGB PNGs at the pixel size they
publish, a face for each card named by its number and title
(``007-goblin-king.png``); The Game Crafter each distinct back once
(``back.png``, or ``back-1-treasure.png`` and on with ``manifest.csv`` saying
which back each face takes), MakePlayingCards ``back.png``, or each card's
own back after its face (``007-goblin-king-back.png``) where backs differ.
printgen's own print-shop PDF is each card's front, then its back.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from typing import BinaryIO

from ..render.canvas import new_document
from ..render.metadata import COMMENT_PREFIX
from ..render.pdfx import declare_pdfx, press_document
from ..render.raster import png_pages, zip_files
from ..seed import SeedCode
from ..words import Words
from .face_kinds import draw_face
from .imposition import PrintShopPage
from .model import Deck
from .progress import Progress
from .sides import VIEWER_DUPLEX, back_style, card_page, define_backs, index_text, numbered
from .sizes import CardSize
from .vendors import DPI, Vendor


def print_shop_file(phrasebooks: Words, deck: Deck, faces: list, size: CardSize, bleed: float, vendor: Vendor,
                    code: SeedCode,
                    title: str, progress: Progress, out: BinaryIO | None = None) -> bytes:
    """The file ``vendor`` takes: a press PDF, a zip of PNGs (written into ``out`` as they are made, where it is
    given), or printgen's own print-shop PDF."""
    if vendor.output == "pdfx":
        return press_pdf(phrasebooks, deck, faces, size, vendor, code, title, progress)
    if vendor.output == "png-zip":
        return png_zip(deck, faces, size, vendor, code, title, progress, out)
    return print_shop_pdf(deck, faces, size, bleed, code, title, progress)


def print_shop_pdf(deck: Deck, faces: list, size: CardSize, bleed: float, code: SeedCode, title: str,
                   progress: Progress) -> bytes:
    """Front, back, front, back...: each page one card with its bleed; the seed code is in the metadata only."""
    geometry = PrintShopPage(size.width, size.height, bleed)
    doc = new_document(code, title, geometry.page_size, duplex=VIEWER_DUPLEX["long"])
    c = doc.canvas
    backs = define_backs(c, deck, faces, size, bleed)
    for number, prepared in enumerate(faces, start=1):
        card_page(c, geometry, lambda: draw_face(c, prepared, deck, size, bleed, index_text(deck, number, len(faces))))
        card_page(c, geometry, lambda: c.doForm(backs[back_style(deck, prepared.card)]))
        progress.advance(0.5)
    return doc.finish(progress.listener)


def press_pdf(phrasebooks: Words, deck: Deck, faces: list, size: CardSize, vendor: Vendor, code: SeedCode, title: str,
              progress: Progress) -> bytes:
    # DriveThruCards' rule (vendors.py): one shared back is page 1 and every front follows it; backs that
    # differ go each before its own front, the back of card 1 first.
    geometry = PrintShopPage(size.width, size.height, vendor.bleed)
    doc = press_document(code, title, geometry.page_size)
    c = doc.canvas
    backs = define_backs(c, deck, faces, size, vendor.bleed)
    shared_back = len(backs) == 1
    if shared_back:
        card_page(c, geometry, lambda: c.doForm(next(iter(backs.values()))))
    for number, prepared in enumerate(faces, start=1):
        if not shared_back:
            card_page(c, geometry, lambda: c.doForm(backs[back_style(deck, prepared.card)]))
        card_page(c, geometry, lambda: draw_face(c, prepared, deck, size, vendor.bleed,
                                                 index_text(deck, number, len(faces))))
        progress.advance(0.25)
    pdf = declare_pdfx(phrasebooks, doc.finish(progress.listener))
    progress.advance(0.25 * len(faces))
    return pdf


def png_zip(deck: Deck, faces: list, size: CardSize, vendor: Vendor, code: SeedCode, title: str,
            progress: Progress, out: BinaryIO | None = None) -> bytes:
    """Every face (and back) drawn on a page of the shop's size, each page rasterised to a PNG as the zip is
    written (into ``out``, where given: a thousand painted cards come to half a gigabyte), in the order the
    shop's upload takes them (vendors.py)."""
    pixels = vendor.image_size(size)
    geometry = PrintShopPage(size.width, size.height, vendor.bleed)
    doc = new_document(code, title, geometry.page_size)
    c = doc.canvas
    backs = define_backs(c, deck, faces, size, vendor.bleed)
    digits = max(3, len(str(numbered(deck, 1, len(faces))[1])))
    fronts = [f"{numbered(deck, position, len(faces))[0]:0{digits}d}-{file_name(prepared.card.title)}"
              for position, prepared in enumerate(faces, 1)]
    back_files = {style: "back" for style in backs} if len(backs) == 1 else {
        style: f"back-{k}-{file_name(style.label)}" for k, style in enumerate(backs, 1)}
    names, manifest = [], []
    if vendor.shared_backs or len(backs) == 1:
        for style, form in backs.items():  # each distinct back once, before the faces that take it
            card_page(c, geometry, lambda: c.doForm(form))
            names.append(f"{back_files[style]}.png")
    for number, (prepared, front) in enumerate(zip(faces, fronts), start=1):
        card_page(c, geometry, lambda: draw_face(c, prepared, deck, size, vendor.bleed,
                                                 index_text(deck, number, len(faces))))
        names.append(f"{front}.png")
        style = back_style(deck, prepared.card)
        if vendor.shared_backs or len(backs) == 1:
            manifest.append((names[-1], f"{back_files[style]}.png"))
        else:  # this shop takes a back for each card, beside its face
            card_page(c, geometry, lambda: c.doForm(backs[style]))
            names.append(f"{front}-back.png")
    pdf = doc.finish(progress.listener)
    pngs = png_pages(pdf, [pixels] * len(names), DPI)

    def files():
        for name, png in zip(names, pngs):
            yield name, png
            progress.advance(0.5 * len(faces) / len(names))
        if len(backs) > 1 and vendor.shared_backs:
            yield "manifest.csv", _manifest(manifest)

    return zip_files(files(), comment=f"{COMMENT_PREFIX}{code}", out=out)


def file_name(title: str) -> str:
    """A card's title as a file name: ASCII letters and digits, lower case, words joined with -."""
    plain = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")[:60].rstrip("-") or "card"


def _manifest(rows: list[tuple[str, str]]) -> bytes:
    """Which back each face takes, for a shop that takes each back once: face,back a line, in the deck's order."""
    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["face", "back"])
    writer.writerows(rows)
    return out.getvalue().encode("utf-8")
