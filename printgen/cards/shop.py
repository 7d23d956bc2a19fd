"""A deck's files for the print shops with specifications of their own (see vendors.py).

DriveThruCards gets one CMYK PDF/X-1a: if every card shares one back, that
back is page 1 and the fronts follow; if backs differ, each card's back comes
before its front, so the file still opens with the back of card 1. The Game
Crafter and MakePlayingCards get a zip of RGB PNGs, one a face, at the pixel
size they publish: ``<deck>-017-front.png`` for card 17, and ``back.png`` when
the deck has one back (else ``<deck>-017-back.png`` beside each front).
"""

from __future__ import annotations

import re

from ..render.canvas import new_document
from ..render.metadata import COMMENT_PREFIX
from ..render.pdfx import declare_pdfx, press_document
from ..render.raster import png_pages, zip_files
from ..seed import SeedCode
from .faces import draw_face
from .layout import PrintShopPage
from .model import Deck
from .progress import Progress
from .sides import VIEWER_DUPLEX, back_style, card_page, define_backs, index_text
from .sizes import CardSize
from .vendors import DPI, Vendor


def print_shop_file(deck: Deck, faces: list, size: CardSize, bleed: float, vendor: Vendor, code: SeedCode,
                    title: str, progress: Progress) -> bytes:
    """The file ``vendor`` takes: a press PDF, a zip of PNGs, or printgen's own print-shop PDF."""
    if vendor.output == "pdfx":
        return press_pdf(deck, faces, size, vendor, code, title, progress)
    if vendor.output == "png-zip":
        return png_zip(deck, faces, size, vendor, code, title, progress)
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
    return doc.finish()


def press_pdf(deck: Deck, faces: list, size: CardSize, vendor: Vendor, code: SeedCode, title: str,
              progress: Progress) -> bytes:
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
    pdf = declare_pdfx(doc.finish())
    progress.advance(0.25 * len(faces))
    return pdf


def png_zip(deck: Deck, faces: list, size: CardSize, vendor: Vendor, code: SeedCode, title: str,
            progress: Progress) -> bytes:
    """Every face drawn on a page of the shop's size, each page rasterised to a PNG, all in one zip."""
    pixels = vendor.image_size(size)
    geometry = PrintShopPage(size.width, size.height, vendor.bleed)
    doc = new_document(code, title, geometry.page_size)
    c = doc.canvas
    backs = define_backs(c, deck, faces, size, vendor.bleed)
    stem = re.sub(r"[^a-z0-9]+", "-", deck.name.lower()).strip("-") or "card"
    digits = max(3, len(str(len(faces))))
    names = []
    for number, prepared in enumerate(faces, start=1):
        card_page(c, geometry, lambda: draw_face(c, prepared, deck, size, vendor.bleed,
                                                 index_text(deck, number, len(faces))))
        names.append(f"{stem}-{number:0{digits}d}-front.png")
        if len(backs) > 1:
            card_page(c, geometry, lambda: c.doForm(backs[back_style(deck, prepared.card)]))
            names.append(f"{stem}-{number:0{digits}d}-back.png")
    if len(backs) == 1:
        card_page(c, geometry, lambda: c.doForm(next(iter(backs.values()))))
        names.append("back.png")
    pdf = doc.finish()
    files = []
    for name, png in zip(names, png_pages(pdf, [pixels] * len(names), DPI)):
        files.append((name, png))
        progress.advance(0.5 * len(faces) / len(names))
    return zip_files(sorted(files), comment=f"{COMMENT_PREFIX}{code}")
