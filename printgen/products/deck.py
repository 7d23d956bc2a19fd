"""Card decks: a system's decks by name, or your own from a CSV or YAML file.

Every option that shapes the file is in the seed code. A custom deck's file
cannot travel inside a code, so the code records its path and the start of
its SHA-256; reproducing refuses a file that is missing or has changed.
"""

from __future__ import annotations

import json
import math
import sys
from dataclasses import dataclass
from pathlib import Path

from typing import TYPE_CHECKING

from ..cards.layout import CROP_MARK_STYLES, DUPLEX_MODES, LAYOUTS, MAX_GUTTER_MM
from ..cards.vendors import GENERIC as GENERIC_SHOP, VENDORS, vendor as vendor_named
from ..cards.model import Deck
from ..cards.sizes import CARD_SIZES, DEFAULT_CARD_SIZE, card_size
from ..errors import PrintgenError
from ..render.output import default_path
from ..seed import SeedCode
from .. import games
from ..options import Option, parse_options
from ..units import mm, paper as paper_named, to_mm
from . import PAPER_OPTION, PDF_OR_JSON, register

if TYPE_CHECKING:  # the renderer (ReportLab) loads only when cards are drawn
    from ..cards.render import PrintOptions

CUSTOM = "custom"
GENERIC = "generic"  # the system of a custom deck that belongs to no game
MAX_BLEED_MM = 6.0
MAX_OFFSET_MM = 10.0


@dataclass(frozen=True)
class DeckRequest:
    deck: str
    data: Path | None
    data_digest: str | None
    options: PrintOptions
    deck_options: dict[str, object]  # the options the game declares for this deck, parsed
    format: str


_NUMBER = r"-?(0|[1-9][0-9]*)(\.[0-9]*[1-9])?"  # as _number_text writes it
# The options every deck takes; a game may declare more for its own decks.
PRINT_OPTIONS = (
    Option("deck", "the deck's name", pattern="[a-z0-9-]+"),
    Option("card-size", "the card size", choices=tuple(CARD_SIZES), default=DEFAULT_CARD_SIZE),
    Option("bleed", "the bleed in mm", pattern=_NUMBER, default="3"),
    Option("layout", "sheet or print-shop", choices=LAYOUTS, default="sheet"),
    PAPER_OPTION,
    Option("duplex", "how backs are mirrored", choices=DUPLEX_MODES, default="long"),
    Option("crop-marks", "the crop marks", choices=CROP_MARK_STYLES, default="short"),
    Option("back-offset", "the back pages' shift in mm, XxY", pattern=f"{_NUMBER}x{_NUMBER}", default="0x0"),
    Option("calibration", "a calibration sheet first", flag=True, default="no"),
    Option("gutter", "the space between cards on a sheet in mm", pattern=_NUMBER, default="0"),
    Option("vendor", "the print shop a print-shop file is made for", choices=tuple(VENDORS), default=GENERIC_SHOP),
    PDF_OR_JSON,
    Option("data", "the custom deck's file", pattern=r"[^\x00]+"),
    Option("data-sha256", "the custom deck file's fingerprint (16 hex digits)", pattern="[0-9a-f]{16}"),
)


def deck_systems() -> tuple[str, ...]:
    """Every system with decks of its own, and generic for custom decks."""
    return (*games.offering("deck"), GENERIC)


def system_decks(system: str) -> dict[str, games.Offer]:
    return {} if system == GENERIC else games.game(system).decks


def system_for(deck: str) -> str:
    """The system a deck name belongs to when --system is not given: the one game that has it."""
    if deck == CUSTOM:
        return GENERIC
    makers = games.deck_makers(deck)
    if len(makers) == 1:
        return makers[0]
    if makers:
        raise PrintgenError(f"{', '.join(makers)} each have a deck called {deck!r}; add --system to choose one")
    known = sorted({name for g in games.games().values() for name in g.decks})
    raise PrintgenError(f"no game has a deck called {deck!r}; decks are: {', '.join(known)}, custom")


def deck_names(system: str) -> list[str]:
    return [*system_decks(system), CUSTOM]


def options_for(
    system: str, deck: str, card_size_name: str, paper: str, duplex: str, bleed_mm: float | None, crop_marks: str,
    layout: str | None, back_offset: str, calibration: bool, data: Path | None, output_format: str = "pdf",
    deck_options: dict[str, str] | None = None, gutter_mm: float = 0.0, vendor: str = GENERIC_SHOP,
) -> dict[str, object]:
    """The seed-code options of a deck run, checked; defaults that change nothing are left out.

    A print shop (``vendor``) implies the print-shop layout and sets the bleed
    it asks for; the default shop is printgen's own print-shop file.
    """
    _check_deck(system, deck, data)
    size = card_size(card_size_name)
    shop = vendor_named(vendor)
    layout = layout or ("print-shop" if shop.name != GENERIC_SHOP else "sheet")
    if shop.name != GENERIC_SHOP:
        if layout != "print-shop":
            raise PrintgenError(f"--vendor {shop.name} makes a print-shop file; leave out --layout {layout}")
        if output_format != "pdf":
            raise PrintgenError(f"--vendor makes files to print; --format {output_format} writes the deck as data "
                                "(leave out one of them)")
        shop_bleed = to_mm(shop.bleed)
        if bleed_mm is not None and abs(bleed_mm - shop_bleed) > 1e-9:
            raise PrintgenError(f"{shop.label} asks for {shop_bleed:g} mm of bleed, which --vendor sets; "
                                f"leave out --bleed {bleed_mm:g}")
        bleed_mm = shop_bleed
        shop.check_size(size)
    bleed_mm = 3.0 if bleed_mm is None else bleed_mm
    options: dict[str, object] = {
        "deck": deck, "card-size": card_size_name.lower(), "bleed": _number_text(bleed_mm), "layout": layout,
    }
    dx, dy = parse_offset(back_offset)
    gutter = parse_gutter(gutter_mm)
    if layout == "print-shop":
        # One card per page: paper, marks, duplex mirroring, gutters and offsets do not apply.
        if calibration:
            raise PrintgenError("--calibration is for sheets printed at home; a print-shop file has none")
        if gutter:
            raise PrintgenError("--gutter spaces cards on a sheet; a print-shop file has one card a page")
        if shop.name != GENERIC_SHOP:
            options["vendor"] = shop.name
    else:
        if calibration and duplex == "none":
            raise PrintgenError("--calibration measures where backs land; it needs --duplex long or short")
        options.update({"paper": paper.lower(), "duplex": duplex, "crop-marks": crop_marks})
        if dx or dy:
            options["back-offset"] = f"{_number_text(dx)}x{_number_text(dy)}"
        if calibration:
            options["calibration"] = True
        if gutter:
            options["gutter"] = _number_text(gutter)
    if output_format != "pdf":
        options["format"] = output_format
    options.update(deck_options or {})
    if deck == CUSTOM:
        options["data"] = str(data)
        from ..cards import custom

        options["data-sha256"] = custom.file_digest(data)
    return options


def parse_gutter(value: float) -> float:
    if not (math.isfinite(value) and 0 <= value <= MAX_GUTTER_MM):
        raise PrintgenError(f"gutter must be a number of mm from 0 to {MAX_GUTTER_MM:g}, not {value:g}")
    return value


def output_suffix(code: SeedCode) -> str:
    """The file a deck's seed code makes: a zip of images for some print shops, else its format."""
    if code.option_map.get("vendor") in VENDORS:
        return VENDORS[code.option_map["vendor"]].suffix
    return PDF_OR_JSON.parse(code.option_map.get("format", "pdf"))


def parse_offset(text: str) -> tuple[float, float]:
    """"X,Y" in mm (a seed code writes it "XxY")."""
    parts = text.split("," if "," in text else "x")
    try:
        if len(parts) != 2:
            raise ValueError
        dx, dy = float(parts[0]), float(parts[1])
        if not (math.isfinite(dx) and math.isfinite(dy)):
            raise ValueError
    except ValueError:
        raise PrintgenError(f"back offset {text!r} is not two numbers; give X,Y in mm, e.g. --back-offset 0.5,-1") from None
    if abs(dx) > MAX_OFFSET_MM or abs(dy) > MAX_OFFSET_MM:
        raise PrintgenError(f"back offset {text!r} is more than {MAX_OFFSET_MM:g} mm; measure again with --calibration")
    return dx, dy


def request_from_code(code: SeedCode) -> DeckRequest:
    o = code.option_map
    deck = o.get("deck", "")
    data = Path(o["data"]) if "data" in o else None
    _check_deck(code.system, deck, data)
    declared = () if deck == CUSTOM else system_decks(code.system)[deck].options
    values = parse_options(o, PRINT_OPTIONS + declared, f"the {deck} deck")
    bleed = float(values["bleed"])
    if not 0 <= bleed <= MAX_BLEED_MM:
        raise PrintgenError(f"bleed must be a number of mm from 0 to {MAX_BLEED_MM:g}, not {o['bleed']!r}")
    dx, dy = parse_offset(values["back-offset"])
    gutter = parse_gutter(float(values["gutter"]))
    shop = vendor_named(values["vendor"])
    size = card_size(values["card-size"])
    if shop.name != GENERIC_SHOP:
        if values["layout"] != "print-shop" or values["format"] != "pdf":
            raise PrintgenError(f"this seed code names {shop.label} but not a print-shop PDF; it was not made by printgen")
        if abs(bleed - to_mm(shop.bleed)) > 1e-9:
            raise PrintgenError(f"this seed code's bleed is {bleed:g} mm; {shop.label} takes {to_mm(shop.bleed):g} mm")
        shop.check_size(size)
    from ..cards.render import PrintOptions

    options = PrintOptions(
        size=size, paper=paper_named(values["paper"]), bleed=mm(bleed),
        crop_marks=values["crop-marks"], duplex=values["duplex"], layout=values["layout"],
        back_offset=(mm(dx), mm(dy)), calibration=values["calibration"], gutter=mm(gutter), vendor=shop.name,
    )
    deck_options = {option.name: values[option.name] for option in declared}
    return DeckRequest(deck, data, values["data-sha256"], options, deck_options, values["format"])


def load(code: SeedCode, request: DeckRequest) -> Deck:
    if request.deck == CUSTOM:
        if request.data_digest is None:
            raise PrintgenError("this seed code names a custom deck but no data-sha256; it was not made by printgen")
        from ..cards import custom

        deck = custom.load_deck(request.data, request.data_digest)
    else:
        deck = games.game(code.system).module("deck").DECKS[request.deck](code, request.deck_options)
    if not deck.printed_cards():
        raise PrintgenError(f"the {deck.title} deck has no cards to print (every count is 0)")
    return deck


def check(code: SeedCode) -> None:
    """Refuse bad options, and a custom deck file that will not load, before any seed is chosen."""
    request = request_from_code(code)
    if request.deck == CUSTOM:
        load(code, request)


@register("deck", "card decks for cutting out, on sheets or for a print shop", deck_systems, check, output_suffix)
def build(code: SeedCode) -> bytes:
    request = request_from_code(code)
    deck = load(code, request)
    if request.format == "json":
        # The deck as data: the cards in print order, for other tools.
        data = {"seed_code": str(code), **deck.as_data()}
        return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    from ..cards.progress import Progress
    from ..cards.render import LEGIBLE, render_deck

    progress = Progress(sys.stderr, live=sys.stderr.isatty(), legible=LEGIBLE)
    return render_deck(deck, request.options, code, progress)


def _check_deck(system: str, deck: str, data: Path | None) -> None:
    if system not in deck_systems():
        raise PrintgenError(f"no decks for system {system!r}; systems with decks: {', '.join(deck_systems())}")
    names = deck_names(system)
    if deck not in names:
        raise PrintgenError(f"unknown deck {deck!r} for {system}; decks are: {', '.join(names)}")
    if deck == CUSTOM and data is None:
        raise PrintgenError("the custom deck needs its cards: give --data FILE.csv (or .yaml)")
    if deck != CUSTOM and data is not None:
        raise PrintgenError(f"--data is for the custom deck; the {deck} deck is built in (try: deck custom --data FILE)")


def _number_text(value: float) -> str:
    return f"{value:g}"


def default_out(deck: str, system: str, seed: str, suffix: str = "pdf") -> Path:
    """output/deck-<deck>-<system>-<seed>.pdf: one file per deck, so decks of one seed do not collide."""
    stem = SeedCode("deck", system, seed).file_stem.replace("deck-", f"deck-{deck}-", 1)
    return default_path(stem, suffix)
