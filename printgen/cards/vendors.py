"""What each print shop asks of a deck's files, as they publish it.

generic is printgen's own print-shop PDF (one card a page with its bleed,
front then back). The others follow a shop's published card specification:

- DriveThruCards: one PDF/X-1a:2003 file in CMYK, ⅛ in (3.175 mm) of bleed on
  every side (a poker card's page is 2.75 × 3.75 in), the back of the deck
  first.
- The Game Crafter: an RGB PNG for each face at 300 dpi with ⅛ in of bleed:
  825 × 1125 px for poker cards, 750 × 1125 bridge, 600 × 825 mini,
  900 × 1500 tarot, 825 × 825 small square.
- MakePlayingCards: the same at 36 px (0.12 in) of bleed: 822 × 1122 px for
  poker cards, 747 × 1122 bridge, 897 × 1497 tarot. Its mini and square
  cards are not printgen's sizes, so they are refused.

A card size a shop does not make the same is refused by name, never scaled.

How each file orders a deck's fronts and backs follows the shop's upload
guide: the rule of the guide stands beside each shop here (in printgen's
words: the guides themselves are the shops' pages named there), and the
--vendor option's help (products/deck.py) says the order each file takes.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import PrintgenError
from ..units import inch
from . import any_size
from .sizes import CardSize

GENERIC = "generic"
DPI = 300


@dataclass(frozen=True)
class Vendor:
    name: str
    label: str
    output: str  # "pdf": one print-shop PDF; "pdfx": a CMYK PDF/X-1a; "png-zip": a zip of PNG faces
    bleed: float | None  # points; None: the --bleed the user gives
    pixels: dict[str, tuple[int, int]]  # card size -> image size with bleed, for png-zip
    shared_backs: bool = True  # png-zip: each distinct back one file, with a manifest pairing faces and backs

    @property
    def suffix(self) -> str:
        return "zip" if self.output == "png-zip" else "pdf"

    def check_size(self, size: CardSize) -> None:
        """Refuse a size the shop does not make, naming the nearest it does (cards/any_size.py)."""
        if self.output == "png-zip" and any_size.matching(size, self.pixels) is None:
            raise any_size.refuse(self.label, size, self.pixels)

    def image_size(self, size: CardSize) -> tuple[int, int]:
        """The pixel size of one face: the card and the shop's bleed at 300 dpi (turned, for a card on its side)."""
        self.check_size(size)
        name, turned = any_size.matching(size, self.pixels) or (size.name, False)
        width, height = self.pixels[name]
        return (height, width) if turned else (width, height)


VENDORS = {
    vendor.name: vendor
    for vendor in (
        # printgen's own: a card's front, then its back, card after card, as a duplex press prints a stack.
        Vendor(GENERIC, "a print shop", "pdf", None, {}),
        # DriveThruCards' card file guide ("Preparing your cards", OneBookShelf's publisher help): one PDF, one
        # card side a page with its bleed; a deck whose cards share one back gives that back once, as the
        # file's first page, and every front after it; a deck whose backs differ gives each card's back, then
        # its front, so the file still opens with the back of card 1.
        Vendor("drivethrucards", "DriveThruCards", "pdfx", inch(1 / 8), {}),
        # The Game Crafter's deck uploads (its poker deck and the other card products' pages): an image for each
        # card's face, and a back image set once for the cards that share it; faces that take another back
        # are uploaded against that back. So each distinct back is one file, and manifest.csv says which back
        # each face takes where there are several.
        Vendor("thegamecrafter", "The Game Crafter", "png-zip", inch(1 / 8),
               {"poker": (825, 1125), "bridge": (750, 1125), "mini": (600, 825), "tarot": (900, 1500),
                "square": (825, 825)}),
        # MakePlayingCards' uploader: "same image for all card backs" takes one back for the whole deck;
        # "different images for each card back" takes a back for each card, beside its front, card by card.
        Vendor("makeplayingcards", "MakePlayingCards", "png-zip", inch(0.12),
               {"poker": (822, 1122), "bridge": (747, 1122), "tarot": (897, 1497)},
               shared_backs=False),
    )
}


def vendor(name: str) -> Vendor:
    try:
        return VENDORS[name]
    except KeyError:
        raise PrintgenError(f"unknown print shop {name!r}; choose one of: {', '.join(VENDORS)}") from None
