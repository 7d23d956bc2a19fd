"""A deck as pictures rather than pages: one PNG for each card (``--format png --each``), or a fanned hand of
cards on a transparent background (``--format png --hand N``), for a playtest post or a store page.

Each card's face is drawn alone on a page of its trimmed size (no bleed, no marks) and rasterised by PDFium
at ``--ppi``, as a print shop's PNGs are, each carrying the seed code. ``--each`` makes one file of each (a zip
the command line unpacks into a folder unless a .zip is asked for), each named by a template of the card's columns (``{@number}-{title}.png``: its number in the whole deck, padded to the same width, and its
title); ``--hand`` draws the first N cards with rounded corners, each turned a few degrees more than the one
before about a point below them, as a hand of cards is held.
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Iterator

from ..errors import Flag, PrintgenError
from ..render.canvas import new_document
from ..render.raster import check_pixels, png_pages, zip_files
from ..seed import SeedCode
from ..words import Words
from .face_kinds import draw_face, prepare_face
from .model import Deck
from .sides import index_text, numbered
from .sizes import CardSize

DEFAULT_NAMES = "{@number}-{title}.png"
FAN_STEP = 7.0  # degrees between two cards of a hand
FAN_SPAN = 60.0  # the most degrees a whole hand spans
FAN_RADIUS = 2.4  # the point the cards turn about, in card heights below their centres
CORNER = 3.0 / 25.4  # inches: a poker card's rounded corner
EDGE_GREY = (120, 112, 100, 255)  # a thin line round each card of a hand, so a pale card stands out
MAX_NAME = 120
_UNSAFE = re.compile(r'[\x00-\x1f\x7f/\\:*?"<>|]+')
_FIELD = re.compile(r"\{([^{}]*)\}")


def _fronts(deck: Deck, faces: list, size: CardSize, code: SeedCode, title: str, printed: int,
            dpi: float, comment: str = "") -> Iterator[bytes]:
    """The faces (the first of the ``printed`` cards), each alone on a page of its trimmed size, as PNGs at
    ``dpi`` (each with ``comment``, the seed code, where given)."""
    doc = new_document(code, title, (size.width, size.height))
    c = doc.canvas
    for position, prepared in enumerate(faces, start=1):
        draw_face(c, prepared, deck, size, 0.0, index_text(deck, position, printed))
        c.showPage()
    pdf = doc.finish()  # they are told as the pictures they become, not as pages
    return png_pages(pdf, [_pixels(size, dpi)] * len(faces), dpi, comment=comment)  # each made as the zip takes it


def _pixels(size: CardSize, dpi: float) -> tuple[int, int]:
    """A card's face in pixels at ``dpi``."""
    return round(size.width * dpi / 72), round(size.height * dpi / 72)


def names(template: str, deck: Deck, cards: list | None = None) -> list[str]:
    """Each printed card's file name (of ``cards``: by default the deck's printed ones) from ``template``:
    {@number} its number in the whole deck (padded), {@count} the deck's, {title} and any column of a deck of
    one's own; one line for a template that names two cards alike."""
    cards = deck.printed_cards() if cards is None else cards
    found, numbers = [], []
    for position, card in enumerate(cards, start=1):
        number, total = numbered(deck, position, len(cards))
        fields = {"@number": f"{number:0{max(2, len(str(total)))}d}", "@count": str(total), "@total": str(total),
                  "title": card.title, **{key.lower(): value for key, value in getattr(card, "fields", ())}}
        numbers.append(number)

        def value(match: re.Match) -> str:
            key = match[1].strip().lower()
            if key not in fields:
                raise PrintgenError(f"--names {template!r}: no column {{{match[1]}}}; give {{@number}}, {{title}} "
                                    f"or a column of the deck, e.g. {DEFAULT_NAMES}")
            return fields[key]

        name = _UNSAFE.sub("-", _FIELD.sub(value, template)).strip().lstrip(".")[:MAX_NAME]
        if not name.lower().endswith(".png"):
            raise PrintgenError(f"--names {template!r}: a picture's name ends in .png, e.g. {DEFAULT_NAMES}")
        found.append(name)
    seen: dict[str, tuple[int, str]] = {}
    for name, number in zip(found, numbers):
        key = name.casefold()  # one file on a computer whose file names ignore case
        if key in seen:
            first, other = seen[key]
            alike = repr(name) if other == name else f"{other!r} and {name!r}"
            raise PrintgenError(f"--names {template!r} names cards {first} and {number} both {alike}",
                                right=("put {@number} in ", Flag("names"), f", e.g. {DEFAULT_NAMES}"))
        seen[key] = (number, name)
    return found


def each_card(deck: Deck, faces: list, size: CardSize, code: SeedCode, title: str, dpi: float, template: str,
              comment: str) -> bytes:
    """A zip of one PNG for each printed card, named by ``template``."""
    files = names(template, deck, [prepared.card for prepared in faces])
    return zip_files(zip(files, _fronts(deck, faces, size, code, title, len(faces), dpi, comment)), comment)


def hand(deck: Deck, faces: list, size: CardSize, code: SeedCode, title: str, dpi: float, count: int,
         comment: str) -> bytes:
    """The first ``count`` cards fanned as a hand, on a transparent background, as one PNG."""
    from PIL import Image, ImageDraw
    from PIL.PngImagePlugin import PngInfo

    if count > len(faces):
        raise PrintgenError(f"a hand of {count} cards, but the deck prints {len(faces)}",
                            right=("give ", Flag("hand"), f" {len(faces)} or fewer"))
    cards = [Image.open(io.BytesIO(png)).convert("RGBA") for png in _fronts(deck, faces[:count], size, code, title,
                                                                           len(faces), dpi)]
    width, height = cards[0].size
    radius = max(1, round(CORNER * dpi))
    shape = Image.new("L", (width, height), 0)
    ImageDraw.Draw(shape).rounded_rectangle((0, 0, width - 1, height - 1), radius, fill=255)
    step = min(FAN_STEP, FAN_SPAN / max(1, len(cards) - 1))
    pivot = FAN_RADIUS * height
    turned = []
    for number, card in enumerate(cards):
        ImageDraw.Draw(card).rounded_rectangle((0, 0, width - 1, height - 1), radius, outline=EDGE_GREY,
                                               width=max(1, round(dpi / 150)))
        card.putalpha(shape)
        angle = (number - (len(cards) - 1) / 2) * step  # clockwise, the leftmost card first
        picture = card.rotate(-angle, resample=Image.Resampling.BICUBIC, expand=True)
        centre = (pivot * math.sin(math.radians(angle)), pivot - pivot * math.cos(math.radians(angle)))
        turned.append((picture, centre))
    left = min(cx - picture.width / 2 for picture, (cx, _) in turned)
    top = min(cy - picture.height / 2 for picture, (_, cy) in turned)
    right = max(cx + picture.width / 2 for picture, (cx, _) in turned)
    bottom = max(cy + picture.height / 2 for picture, (_, cy) in turned)
    canvas = Image.new("RGBA", (math.ceil(right - left), math.ceil(bottom - top)), (0, 0, 0, 0))
    for picture, (cx, cy) in turned:
        canvas.alpha_composite(picture, (round(cx - picture.width / 2 - left), round(cy - picture.height / 2 - top)))
    out = io.BytesIO()
    text = PngInfo()
    text.add_itxt("Comment", comment)
    canvas.save(out, "PNG", compress_level=6, pnginfo=text, dpi=(round(dpi), round(dpi)))
    return out.getvalue()


def deck_pictures(phrasebooks: Words, deck: Deck, size: CardSize, code: SeedCode, dpi: float, comment: str,
                  template: str | None,
                  count: int | None) -> bytes:
    """The deck's pictures: a zip of a PNG for each card (``template`` names them), or a hand of ``count``."""
    cards = deck.printed_cards()
    check_pixels([_pixels(size, dpi)] * (len(cards) if count is None else min(count, len(cards))), dpi, "cards")
    prepared = {id(card): prepare_face(phrasebooks, card, deck, size) for card in deck.cards}
    faces = [prepared[id(card)] for card in cards]
    title = f"{deck.title} deck, {size.label}"
    if count is not None:
        return hand(deck, faces, size, code, title, dpi, count, comment)
    return each_card(deck, faces, size, code, title, dpi, template or DEFAULT_NAMES, comment)
