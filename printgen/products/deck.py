"""Card decks: a system's decks by name, or your own from a CSV, XLSX or YAML file.

Every option that shapes the file is in the seed code. A custom deck's file
cannot travel inside a code, so the code records its path relative to where
the command ran (its name alone if it lay elsewhere: never an absolute path)
and the start of its SHA-256; reproducing finds it by both (in the folder it
runs in, the PDF's own folder, --data-dir) and refuses a file that is missing
or has changed. A layout of your own (``--card-layout``) is recorded the same
way from the data file's folder, and so are the pictures and fonts it reads,
together (``pictures-sha256``).

The card modules that draw (cards.render, face_kinds, card_design, custom and
the rest behind them) are imported inside the functions that make a deck, not
here: they load ReportLab's drawing and the icon set, about 150 ms that every
other command (and ``printgen --help``) would otherwise wait for at start.
"""

from __future__ import annotations

import io
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from .. import games
from ..cards import any_size
from ..cards.any_size import card_size
from ..cards.failures import cards_failed, named
from ..cards.imposition import CROP_MARK_STYLES, DUPLEX_MODES, IMPOSITIONS, MAX_GUTTER_MM, sheet_for
from ..cards.model import Deck
from ..cards.reading import CANONICAL as ROWS
from ..cards.reading import Reading
from ..cards.reading import canonical as canonical_rows
from ..cards.sizes import CARD_SIZES, DEFAULT_CARD_SIZE
from ..cards.vendors import GENERIC as GENERIC_SHOP
from ..cards.vendors import VENDORS
from ..cards.vendors import vendor as vendor_named
from ..contracts import DecksModule, check_decks
from ..errors import Flag, PrintgenError
from ..options import Option, not_one_of, number_text
from ..sources import Sources
from ..units import mm, to_mm
from ..words import Words
from . import INK_SAVER_OPTION, PAPER_OPTION, PPI_OPTION, TEMPLATES_OPTION, Part, Product, Request, formats, register
from . import PICTURES as PICTURES

if TYPE_CHECKING:  # the renderer (ReportLab) loads only when cards are drawn
    from ..cards.render import PrintOptions

CUSTOM = "custom"
PICTURE = "picture"  # a deck file's column of pictures: without a layout of its own, drawn by PICTURED
PICTURED = "builtin:illustrated-deck"
GENERIC = "generic"  # the system of a custom deck that belongs to no game
MAX_BLEED_MM = 6.0
MAX_OFFSET_MM = 10.0
DEFAULT_BLEED_MM = "3"
DECK_CARD_PLACES = ("first", "last", "none")  # the deck card before every card, after them, or none at all


@dataclass(frozen=True)
class DeckRequest:
    deck: str
    data: Path | None
    data_digest: str | None
    options: PrintOptions
    deck_options: dict[str, object]  # the options the game declares for this deck, parsed
    format: str
    reading: Reading = Reading()  # the workbook's sheet of an XLSX data file, the deck's title, the rows made
    card_layout: Path | None = None  # the user's own layout
    layout_digest: str | None = None
    pictures_digest: str | None = None  # every picture and font the layout reads, together
    ink_saver: bool = False
    draft: bool = False  # every card made, what is wrong marked on it


def _vendor_bleed(values) -> str:
    shop = VENDORS[values["vendor"] or GENERIC_SHOP]
    return number_text(to_mm(shop.bleed)) if shop.bleed is not None else DEFAULT_BLEED_MM


MAX_HAND = 20  # cards in a fanned hand
DEFAULT_NAMES = "{@number}-{title}.png"  # --each's pictures' names (cards/pictures_out.py)
ON_SHEETS = ("layout", "sheet")  # options of sheets printed at home, not of a print-shop file
PRINT_SHOP = "print-shop"
# The options every deck takes, in the order they are read (a default may follow from one before it) and
# the studio shows them: the card's size first, then where it is printed; a game may declare more for its
# own decks.
PRINT_OPTIONS = (
    Option("deck", "the deck's name", pattern="[a-z0-9-]+", typed=False),
    Option("card-size", f"Card size: a named size, or any width by height in mm or in ({any_size.EXAMPLES}; "
           "88x63mm lies on its side).", choices=tuple(CARD_SIZES), pattern=any_size.CANONICAL,
           default=DEFAULT_CARD_SIZE, value_alone=True),
    Option("vendor", "The print shop the file is for, one card a page with its bleed: generic (printgen's own "
           "print-shop PDF, the print-shop layout), drivethrucards (a CMYK PDF/X-1a), thegamecrafter or "
           "makeplayingcards (a zip of PNGs). Each file orders the cards as its shop's upload guide asks "
           "(cards/vendors.py states each rule): generic: each card's front, then its back; drivethrucards: the "
           "deck's one back first, then every front; where backs differ, each card's back, then its front; "
           "thegamecrafter: a PNG for each card, 001-name.png in the deck's order, and each distinct back once "
           "(back.png; with several backs, back-1-name.png and on, and manifest.csv pairing each card with its "
           "back); makeplayingcards: a PNG for each card, 001-name.png in the deck's order, and back.png; where "
           "backs differ, each card's back after it (001-name-back.png).", choices=tuple(VENDORS),
           absent="none: sheets to print at home", value_alone=True),
    Option("layout", "sheet (the default): many cards to a page, to print at home; print-shop (the default with "
           "a print shop): one card per page with TrimBox and BleedBox, in the order the print shop takes "
           "(without one: each card's front, then its back).",
           choices=IMPOSITIONS, default=lambda values: "sheet" if values["vendor"] is None else PRINT_SHOP,
           value_alone=True),
    Option("bleed", ("Bleed in mm: card art runs this far past the cut. Default: 3, or what the ", Flag("vendor"),
                     " asks for."),
           low=0.0, high=MAX_BLEED_MM, number=True, default=_vendor_bleed),
    replace(PAPER_OPTION, when=ON_SHEETS),
    Option("duplex", "Backs after each sheet, mirrored for flipping on the long or short edge; none: fronts only.",
           choices=DUPLEX_MODES, default="long", when=ON_SHEETS),
    Option("crop-marks", "Crop marks: short, or full to the paper's edge.", choices=CROP_MARK_STYLES,
           default="short", when=ON_SHEETS),
    Option("back-offset", ("Shift back pages X mm right and Y mm up, as measured with ", Flag("calibration"), "."),
           low=-MAX_OFFSET_MM, high=MAX_OFFSET_MM, pair=True, default="0x0", when=ON_SHEETS),
    Option("calibration", "Begin with a two-page sheet for measuring the back offset of a duplex printer.",
           flag=True, default="no", when=ON_SHEETS),
    Option("deck-card", "Where the deck card (the deck's name, how many cards, its seed code as a QR) stands on "
           "the sheets: first, last, or none (the seed code is still in the file's footer and metadata).",
           choices=DECK_CARD_PLACES, default="first", when=ON_SHEETS),
    Option("gutter", "Space in mm between cards on a sheet, for cutting each card out by hand.",
           low=0.0, high=MAX_GUTTER_MM, number=True, default="0", when=ON_SHEETS),
    Option(INK_SAVER_OPTION.name, "Light lines and tints, no solid fills: pale backs and title bands too.",
           flag=True, default=INK_SAVER_OPTION.default),
    formats("pdf", "json", help="pdf: the cards to print; json: the deck as data"),
    PPI_OPTION,
    Option("each", ("With ", Flag("format", PICTURES), ": a PNG of each card's face, trimmed, at ", Flag("ppi"),
                    ", each named by ", Flag("names"), ", into a folder (-o DIR; by default one in output/), or into "
                    "a zip where -o names a .zip or is -."), flag=True, default="no",
           when=("format", PICTURES)),
    Option("names", ("The names of ", Flag("each"), "'s pictures: a card's columns in braces, {@number} its number "
                     "in the deck and {title} its title; ending in .png."), pattern=r"[^\x00-\x1f\x7f]{1,120}",
           default=DEFAULT_NAMES, when=("format", PICTURES), placeholder="TEMPLATE"),
    Option("hand", ("With ", Flag("format", PICTURES), ": the first N cards (of ", Flag("rows"), ", where given) "
                    "fanned as a hand, on a transparent background, as one PNG, for a playtest post or a store "
                    "page."), low=2, high=MAX_HAND, when=("format", PICTURES)),
    Option("data", "The custom deck's cards: a .csv, .xlsx or .yaml file.", pattern=r"[^\x00]+", typed=False),
    Option("data-sha256", "the custom deck file's fingerprint (16 hex digits)", pattern="[0-9a-f]{16}", typed=False),
    Option("sheet", ("The sheet of an .xlsx ", Flag("data"), " file to read (default: its first sheet)."),
           pattern=r"[^\x00-\x1f\[\]:*?/\\]{1,31}", when=("deck", CUSTOM), placeholder="NAME"),
    Option("title", ("The custom deck's title, on its cards and backs (default: the ", Flag("data"),
                     " file's name, or a YAML file's title:)."), pattern=r"[^\x00-\x1f\x7f]{1,60}", when=("deck", CUSTOM),
           placeholder="TEXT"),
    Option("rows", ("Make only these rows of the ", Flag("data"), " file, numbered as printgen's messages number "
                    "them (a spreadsheet's own row numbers; a YAML file's cards from 1), e.g. 2-10,15."), pattern=ROWS,
           when=("deck", CUSTOM), placeholder="ROWS"),
    Option("card-layout", "Your own card layout: a YAML file of text, pictures and shapes ('printgen templates "
           "export DIR' writes the built-in ones to DIR/cards/layouts/, and a deck with pictures to DIR/cards/example/"
           "); pictures and fonts come from the data file's folder, and the seed code keeps the layout's path "
           "from that folder.",
           pattern=r"[^\x00]+", typed=False, when=("deck", CUSTOM)),
    Option("card-layout-sha256", "the card layout's fingerprint (16 hex digits)", pattern="[0-9a-f]{16}",
           typed=False),
    Option("draft", "Make every card of a deck in a layout even where something is wrong: a text too long is set "
           "at its smallest size, cut off at its box and outlined in red, an element that cannot be drawn (a "
           "missing picture) is crossed in red, and every problem is listed once the file is written.",
           flag=True, default="no", when=("deck", CUSTOM)),
    Option("pictures-sha256", "the fingerprint of every picture, font and extended layout the card layout reads (16 hex digits)",
           pattern="[0-9a-f]{16}", typed=False),
    TEMPLATES_OPTION,
)


def deck_systems() -> tuple[str, ...]:
    """Every system with decks of its own, and generic for custom decks."""
    return PRODUCT.systems()


def system_decks(system: str) -> dict[str, games.Offer]:
    return {} if system == GENERIC else PRODUCT.offers(games.game(system))


def system_for(given: dict[str, object]) -> str:
    """The system of a deck named on the command line without --system: the one game that has it."""
    deck = str(given.get("deck", ""))
    if deck == CUSTOM:
        return GENERIC
    makers = [gid for gid, game in games.games().items() if deck in PRODUCT.offers(game)]
    if len(makers) == 1:
        return makers[0]
    if makers:
        raise PrintgenError(f"{', '.join(makers)} each have a deck called {deck!r}",
                            right=("add ", Flag("system"), " to choose one"))
    known = sorted({name for game in games.games().values() for name in PRODUCT.offers(game)})
    raise not_one_of("deck", deck, [*known, CUSTOM], subject="the deck")


def deck_names(system: str) -> list[str]:
    return [*system_decks(system), CUSTOM]


def check(request: Request) -> None:
    """Options that contradict each other, and a custom deck file that will not load, before any work."""
    values = request.options
    _check_deck(request.code.system, values["deck"] or "", values["data"])
    size = card_size(values["card-size"])  # a size of the designer's: within bounds, written one way
    if values["layout"] == "sheet":
        sheet_for(request.paper.size, size, mm(values["bleed"]), mm(values["gutter"]))  # fits the paper
    if values["vendor"] == GENERIC_SHOP:
        raise PrintgenError(f"this seed code says vendor={GENERIC_SHOP}, which printgen writes layout={PRINT_SHOP}; "
                            "it was not made by printgen")
    if values["names"] != DEFAULT_NAMES and not values["each"]:
        raise PrintgenError(Flag("names"), " names the pictures of ", Flag("each"), right=("give ", Flag("each"),
                                                                                         " too, or leave it out"))
    if values["each"] and values["hand"] is not None:
        raise PrintgenError(Flag("each"), " makes a picture of each card and ", Flag("hand"), " one of a hand",
                            right="leave out one of them")
    if values["vendor"] is not None:
        shop = vendor_named(values["vendor"])
        if values["layout"] != PRINT_SHOP:
            raise PrintgenError(Flag("vendor", shop.name), " makes a print-shop file",
                                right=("leave out ", Flag("layout", values["layout"])))
        if values["format"] != "pdf":
            raise PrintgenError(Flag("vendor"), " makes files to print; ", Flag("format", values["format"]),
                                " writes the deck as data", right="leave out one of them")
        shop_bleed = to_mm(shop.bleed)
        if abs(values["bleed"] - shop_bleed) > 1e-9:
            raise PrintgenError(f"{shop.label} asks for {shop_bleed:g} mm of bleed, which ", Flag("vendor"), " sets",
                                option="bleed", right=("leave out ", Flag("bleed", f"{values['bleed']:g}")))
        shop.check_size(size)
    if values["calibration"] and values["duplex"] == "none":
        raise PrintgenError(Flag("calibration"), " measures where backs land",
                            right=("it needs ", Flag("duplex", "long"), " or short"))
    if values["deck"] != CUSTOM:
        for name in ("sheet", "card-layout", "title", "rows"):
            if values[name] is not None:
                raise PrintgenError(Flag(name), f" is for the custom deck; the {values['deck']} deck is built in")
    if values["draft"] and values["card-layout"] is None:
        raise PrintgenError(Flag("draft"), " marks what is wrong on a deck drawn by a layout",
                            right=("add ", Flag("card-layout", "builtin:printgen"),
                                   " (printgen's own look as a layout) or a layout of yours"))
    if values["card-layout"] is None and values["card-layout-sha256"]:
        raise PrintgenError("this seed code has a layout's fingerprint but no card-layout; it was not made by printgen")
    if values["deck"] == CUSTOM:
        wanted = deck_request(request)
        if values["data-sha256"] is not None and not all(
                path.is_file() for path in (wanted.data, wanted.card_layout) if path is not None):
            raise _missing_files(wanted, values, request.sources)
        deck = load(request, wanted)
        if values["card-layout"] is None:
            _check_cards(request.words, deck, size)


def _check_cards(phrasebooks: Words, deck: Deck, size) -> None:
    """Every card of printgen's own look fitted once: each that cannot be is named, in one line."""
    from ..cards.face_kinds import prepare_face

    failed = []
    for card in deck.cards:
        try:
            prepare_face(phrasebooks, card, deck, size)
        except PrintgenError as exc:
            failed.append(named(str(exc), card.source, card.title))
    if failed:
        raise cards_failed(failed, draft=False)


def from_command_line(system: str, given: dict[str, object], sources: Sources) -> tuple[dict[str, object], Sources]:
    """--vendor generic is printgen's own print-shop file, which a seed code writes layout=print-shop; --data
    FILE: the code records the file relative to where the command runs (the sources' base; by its name alone if
    it lies elsewhere) and the start of its SHA-256; --card-layout FILE the same, from the data file's folder,
    and the fingerprint of every picture and font the layout reads; --rows and --card-size as the code writes
    them. No absolute path goes in a code. The files given are the sources' too: the very files read."""
    if str(given.get("vendor", "")).strip().lower() == GENERIC_SHOP:
        layout = str(given.get("layout", PRINT_SHOP)).strip().lower()
        if layout != PRINT_SHOP:
            raise PrintgenError(Flag("vendor", GENERIC_SHOP), " makes a print-shop file",
                                right=("leave out ", Flag("layout", layout)))
        del given["vendor"]
        given["layout"] = PRINT_SHOP
    if given.get("rows") is not None:
        given["rows"] = canonical_rows(str(given["rows"]))
    if given.get("card-size") is not None:
        given["card-size"] = any_size.canonical(str(given["card-size"]))
    data = given.get("data")
    if data is not None and given.get("deck") == CUSTOM:
        from ..cards import custom, user_files

        data_path = sources.base / str(data)
        given["data-sha256"] = custom.file_digest(data_path)
        given["data"] = user_files.recorded_name(data_path, sources.base)
        sources = sources.giving(str(given["data"]), str(given["data-sha256"]), data_path)
        layout = given.get("card-layout")
        if layout is None and PICTURE in custom.load_table(data_path, reading=_typed_reading(given),
                                                           required=())[3]:
            layout = given["card-layout"] = PICTURED  # a picture column draws pictures, not a stat
        if layout is None and b"{icon:" in data_path.read_bytes():  # picture files its words show, by fingerprint
            shown = custom.load_deck(data_path, str(given["data-sha256"]), _typed_reading(given)).pictures_digest()
            if shown is not None:
                given["pictures-sha256"] = shown
        if layout is not None:
            from ..cards import card_design

            if str(layout).startswith(card_design.BUILTIN):
                layout_path = card_design.located(str(layout), sources.base)
                given["card-layout-sha256"] = card_design.file_digest(layout_path)
            else:
                layout_path = sources.base / str(layout)
                given["card-layout-sha256"] = card_design.file_digest(layout_path)
                given["card-layout"] = user_files.recorded_name(layout_path, data_path.parent)
                sources = sources.giving(str(given["card-layout"]), str(given["card-layout-sha256"]), layout_path)
            size = card_size(str(given.get("card-size") or DEFAULT_CARD_SIZE))
            _, digest = _checked_layout_deck(data_path, given["data-sha256"], layout_path,
                                             given["card-layout-sha256"], _typed_reading(given), size,
                                             bool(given.get("draft")))
            if digest is not None:
                given["pictures-sha256"] = digest
    return given, sources


def _typed_reading(given: dict[str, object]) -> Reading:
    """How the command line asks for the data file to be read, as its options will read it."""
    def text(name: str) -> str | None:
        value = given.get(name)
        return None if value is None else str(value).strip()

    return Reading(text("sheet"), text("title"), text("rows"))


def own_files(request: Request) -> tuple[Path, ...]:
    """A custom deck's data file and layout, where they were found (none for a built-in deck)."""
    if request.options.get("deck") != CUSTOM or request.options.get("data") is None:
        return ()
    wanted = deck_request(request)
    return tuple(path for path in (wanted.data, wanted.card_layout) if path is not None)


def _data_file(values, sources: Sources) -> Path:
    """The data file a code names, found by its name and fingerprint where the sources say
    (cards/user_files.py: ``locate``)."""
    from ..cards import custom, user_files

    return user_files.locate(values["data"], values["data-sha256"], sources.base, custom.file_digest, sources)


def _layout_file(values, data: Path, sources: Sources) -> Path:
    """The layout a code names: one of printgen's own, or the designer's, found as the data file is."""
    from ..cards import card_design, user_files

    if values["card-layout"].startswith(card_design.BUILTIN):
        return card_design.located(values["card-layout"], data.parent)
    return user_files.locate(values["card-layout"], values["card-layout-sha256"], data.parent,
                             card_design.file_digest, sources)


def _missing_files(wanted: DeckRequest, values, sources: Sources) -> PrintgenError:
    """One line for a deck whose own files are not where a code made again looks: what it needs, and where
    it looked."""
    from ..cards import user_files

    needed = [f"{values['data']} (sha256 {values['data-sha256']}…)"]
    if values["card-layout"] is not None:
        needed.append(f"its layout {values['card-layout']} (sha256 {values['card-layout-sha256']}…)")
        if values["pictures-sha256"]:
            needed.append("its pictures and fonts")
    missing = wanted.data if not wanted.data.is_file() else wanted.card_layout
    name = values["data"] if missing is wanted.data else values["card-layout"]
    first = sources.base if missing is wanted.data else wanted.data.parent
    folders = [str(folder) + "/" if str(folder) != "." else "the current folder"
               for folder in user_files.places_looked(name, first, sources)]
    looked = " or ".join([", ".join(folders[:-1]), folders[-1]] if len(folders) > 1 else folders)
    return PrintgenError(f"this custom deck is made from its own files: {', '.join(needed)}; {name} is not in "
                         f"{looked}", option="data",
                         right=("put the files beside the PDF (or give reproduce ", Flag("data-dir", "DIR"),
                                ", the folder that holds them)"))


def deck_request(request: Request) -> DeckRequest:
    values = request.options
    declared = PRODUCT.options(request.code.system, request.code.option_map)[len(PRINT_OPTIONS):]
    from ..cards.render import PrintOptions

    dx, dy = values["back-offset"]
    print_options = PrintOptions(
        size=card_size(values["card-size"]), paper=request.paper, bleed=mm(values["bleed"]),
        crop_marks=values["crop-marks"], duplex=values["duplex"], imposition=values["layout"],
        back_offset=(mm(dx), mm(dy)), calibration=values["calibration"], gutter=mm(values["gutter"]),
        vendor=values["vendor"] or GENERIC_SHOP, deck_card=values["deck-card"],
    )
    data = _data_file(values, request.sources) if values["data"] is not None else None
    deck_options = {option.name: values[option.name] for option in declared}
    layout = _layout_file(values, data, request.sources) if values["card-layout"] is not None and data else None
    return DeckRequest(values["deck"], data, values["data-sha256"], print_options, deck_options, values["format"],
                       Reading(values["sheet"], values["title"], values["rows"]), layout,
                       values["card-layout-sha256"], values["pictures-sha256"],
                       values["ink-saver"], values["draft"])


def load(request: Request, deck_request_: DeckRequest) -> Deck:
    if deck_request_.deck == CUSTOM:
        if deck_request_.data_digest is None:
            raise PrintgenError("this seed code names a custom deck but no data-sha256; it was not made by printgen")
        from ..cards import custom

        if deck_request_.card_layout is not None:
            deck = _layout_deck(deck_request_)
        else:
            assert deck_request_.data is not None  # a custom deck has its file
            plain = custom.load_deck(deck_request_.data, deck_request_.data_digest, deck_request_.reading)
            deck = plain
            pictures = plain.pictures_digest()
            if pictures != deck_request_.pictures_digest:
                raise PrintgenError(f"the pictures the words of {deck_request_.data.name} show beside it are not the "
                                    f"ones this seed code was made with (theirs {pictures or 'none'}, the code's "
                                    f"{deck_request_.pictures_digest or 'none'}); use the original files to "
                                    f"reproduce the deck")
    else:
        builder = request.part().DECKS[deck_request_.deck]
        deck = builder(request.words, request.code, deck_request_.deck_options)
    if not deck.printed_cards():
        raise PrintgenError(f"the {deck.title} deck has no cards to print (every count is 0)")
    return deck


def _layout_deck(wanted: DeckRequest) -> Deck:
    """A custom deck drawn by the user's layout, its layout, pictures and fonts checked against the code."""
    from ..cards import card_design

    if wanted.layout_digest is None:
        raise PrintgenError("this seed code names a card layout but no card-layout-sha256; it was not made by printgen")
    path = wanted.card_layout
    found = card_design.file_digest(path)
    if found != wanted.layout_digest:
        raise PrintgenError(f"{path}: the layout has changed since this seed code was made (its sha256 no longer "
                            f"starts {wanted.layout_digest}); use the original layout to reproduce the deck")
    deck, pictures = _checked_layout_deck(wanted.data, wanted.data_digest, path, found, wanted.reading,
                                          wanted.options.size, wanted.draft)
    if pictures != wanted.pictures_digest:
        raise PrintgenError(f"the pictures and fonts {path.name} reads beside {Path(str(wanted.data)).name} are not the ones "
                            f"this seed code was made with (theirs {pictures or 'none'}, the code's "
                            f"{wanted.pictures_digest or 'none'}); use the original files to reproduce the deck")
    return deck


_CHECKED: dict[tuple, tuple[Deck, str | None]] = {}  # the last layout decks read, with their files' fingerprint


def _checked_layout_deck(data: Path, data_digest: str, layout: Path, layout_digest: str, reading: Reading,
                         size, draft: bool = False) -> tuple[Deck, str | None]:
    """A layout deck with every card prepared once (every picture and font read and checked), and the
    fingerprint of those files. A command line asks for the same deck several times (its code, the check,
    the file): it is read once, and used again while the files it read are unchanged."""
    from ..cards import card_design, custom, design_face
    from ..cards.user_files import Folder

    key = (os.path.abspath(data), data_digest, os.path.abspath(layout), layout_digest, reading, size.name, draft)
    if key in _CHECKED:
        deck, digest = _CHECKED[key]
        if (custom.file_digest(data) == data_digest and card_design.file_digest(layout) == layout_digest
                and all(folder.unchanged() for folder in deck.design.folders())):
            return deck, digest
    folder = Folder(data.parent)  # the layout's own bases, its pictures and fonts: one fingerprint
    deck = custom.load_layout_deck(data, data_digest, card_design.load(layout, folder), reading, folder)
    deck.design.draft = draft
    digest = design_face.check_files(deck, size)
    _CHECKED.clear()
    _CHECKED[key] = (deck, digest)
    return deck, digest


def build(request: Request, out: BinaryIO | None = None) -> bytes:
    """The deck's file; with ``out``, a print shop's zip of images is written into it as its images are made
    (and b"" returned)."""
    wanted = deck_request(request)
    deck = load(request, wanted)
    if wanted.format == "json":
        # The deck as data: the cards in print order, for other tools.
        data = {"seed_code": str(request.code), **deck.as_data()}
        return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    from ..cards.face_parts import CardTooFull
    from ..cards.progress import Progress
    from ..cards.render import render_deck

    if wanted.ink_saver:
        deck = deck.with_ink_saver()
    try:
        made = render_deck(request.words, deck, wanted.options, request.code, Progress.of(request.listener), out)
    except CardTooFull as exc:
        if wanted.deck == CUSTOM:
            raise  # the person's own words: they can shorten them
        fitting = _sizes_fitting(request.words, deck, request.options["vendor"])
        if not fitting:
            raise
        sizes = _either(fitting)
        raise PrintgenError(f"{exc.problem}; the {deck.title} deck fits on {sizes} cards: give ",
                            Flag("card-size", sizes)) from None
    design = getattr(deck, "design", None)  # a layout of the designer's: what they should know about it
    for note in design.notes if design is not None else ():
        request.listener.warn(note)
    problems = list(design.problems) if design is not None else []
    if problems:
        request.listener.warn(f"draft: {len(problems)} problem{'s' if len(problems) != 1 else ''}, each marked in "
                              f"red on its card:")
        for problem in problems:
            request.listener.warn(problem)
    return made


def _sizes_fitting(phrasebooks: Words, deck: Deck, vendor: str | None) -> list[str]:
    """The card sizes on which every face of a built-in ``deck`` fits (and its print shop makes)."""
    from ..cards.face_kinds import prepare_face
    from ..cards.face_parts import CardTooFull

    fitting = []
    for name, size in CARD_SIZES.items():
        try:
            if vendor is not None:
                vendor_named(vendor).check_size(size)
            for card in deck.cards:
                prepare_face(phrasebooks, card, deck, size)
        except (CardTooFull, PrintgenError):
            continue
        fitting.append(name)
    return fitting


def _either(names: list[str]) -> str:
    """"a", "a or b", "a, b or c"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def pictures(request: Request) -> bytes | None:
    """--format png with --each (a PNG of each card: a zip the command line writes into a folder unless -o names a .zip) or --hand N (a fanned hand); None otherwise (the
    pages as pictures)."""
    values = request.options
    if not values["each"] and values["hand"] is None:
        return None
    from ..cards.pictures_out import deck_pictures
    from ..render.metadata import COMMENT_PREFIX

    wanted = deck_request(request)
    deck = load(request, wanted)
    if wanted.ink_saver:
        deck = deck.with_ink_saver()
    made = deck_pictures(request.words, deck, wanted.options.size, request.code, values["ppi"],
                         COMMENT_PREFIX + str(request.code),
                         values["names"], values["hand"])
    design = getattr(deck, "design", None)
    for note in design.notes if design is not None else ():
        request.listener.warn(note)
    return made


def picture_names(request: Request) -> list[str]:
    """The names of --each's pictures, one a printed card, read from the deck before any is drawn."""
    from ..cards.pictures_out import names

    return names(request.options["names"], load(request, deck_request(request)))


def build_into(request: Request, out: BinaryIO) -> None:
    """The deck's file written into ``out``: a print shop's zip as its images are made, else as a whole."""
    out.write(build(request, out))


def suffix(request: Request) -> str:
    """A zip of images for some print shops, else the format."""
    return VENDORS[request.options["vendor"] or GENERIC_SHOP].suffix if request.format == "pdf" else request.format


def _check_deck(system: str, deck: str, data: str | None) -> None:
    if system not in deck_systems():
        raise not_one_of("system", system, deck_systems())
    names = deck_names(system)
    if deck not in names:
        raise not_one_of("deck", deck, names, subject=f"the {system} deck")
    if deck == CUSTOM and data is None:
        raise PrintgenError("the custom deck needs its cards", option="data",
                            right=("give ", Flag("data", "FILE"), " (a .csv, .xlsx, .yaml or .yml file)"))
    if deck != CUSTOM and data is not None:
        raise PrintgenError(Flag("data"), f" is for the custom deck; the {deck} deck is built in",
                            right=("try: deck custom ", Flag("data", "FILE")))


def refused_by_studio(options: Mapping[str, str]) -> PrintgenError | None:
    """The studio reads no file on the maker's computer: a custom deck's cards are one."""
    if "data" in options or "data-sha256" in options or options.get("deck") == CUSTOM:
        return PrintgenError("a deck of your own cards is made from files on your computer, which this page does "
                             "not read: open them on the studio's Your deck page (/deck), or make it with printgen "
                             "on the command line (printgen deck custom, or printgen reproduce CODE)")
    return None


def rolls(request: Request) -> bool:
    """A deck's cards are the same for every seed; a game may shuffle one by the seed (a custom deck keeps its
    file's order)."""
    if request.game is None:
        return False
    offer = PRODUCT.offers(request.game).get(str(request.options["deck"]))
    return offer is not None and offer.shuffled


def listed() -> list[str]:
    """`printgen list`'s lines of decks: each system's, and the card sizes."""
    return [*(f"Decks ({system}): " + ", ".join(deck_names(system)) for system in deck_systems()),
            "Card sizes: " + "; ".join(size.label for size in CARD_SIZES.values())]


PRODUCT = register(Product(
    "deck", "A deck of cards to cut out: one of a game's decks, or your own cards from a CSV, XLSX or YAML file.",
    build, own=PRINT_OPTIONS, part=Part("decks", "decks", DecksModule, check_decks),
    rank=20, also=(GENERIC,), check=check, suffix=suffix, from_command_line=from_command_line, argument="deck",
    system_from=system_for, make_into=build_into, listed=listed, refused_by_studio=refused_by_studio,
    own_files=own_files, rolls=rolls, pictures=pictures,
    one_page=lambda request: request.options["hand"] is not None,  # fronts and backs; a hand is one picture
    in_folder=lambda request: request.format == PICTURES and bool(request.options["each"]), picture_names=picture_names,
    examples=(("templates export my-templates", "an example deck to start yours from, and the templates"),
              ("deck custom --data my-templates/cards/example-deck.csv", "your own cards: title, body, count, "
               "back, any stats"),
              ("deck weapons --gutter 4", "4 mm between cards, for cutting with scissors"),
              ("deck spells --layout print-shop", "one card per page with bleed, for a print shop"),
              ("deck armor --vendor drivethrucards", "a CMYK PDF/X-1a as DriveThruCards asks"),
              ("deck loot --vendor thegamecrafter", "a zip of 825 × 1125 px PNGs for The Game Crafter"),
              ("deck miracles --calibration", "a calibration sheet first; then --back-offset X,Y")),
))


def draft_cards(sources: Sources, data: str, layout: str, options: Mapping[str, str], wanted: list[int],
                width: int) -> dict[str, object]:
    """Some cards of a custom deck in a layout as drafts, each alone on a page of its size and as a PNG
    ``width`` pixels wide, with what is wrong with each and the deck's notes: the studio's deck page, as the
    designer edits (the cards ``wanted`` by their places among the deck's distinct cards, at most
    DRAFTS_AT_ONCE). The files are read from the sources' base folder, as the command line reads them from the
    folder it runs in; that folder's name is left out of every word said."""
    from reportlab.pdfgen.canvas import Canvas

    from ..cards import card_design, custom
    from ..cards.render import index_text
    from ..cards.user_files import Folder
    from ..render import fonts, raster

    def said(text: str) -> str:
        return text.replace(f"{sources.base}{os.sep}", "").replace(str(sources.base), "the deck's folder")

    data_path = sources.base / data
    folder = Folder(data_path.parent)
    design = card_design.load(card_design.located(layout, sources.base), folder)  # its path in the deck's folder
    rows = options.get("rows") or None
    reading = Reading(None, options.get("title") or None, canonical_rows(rows) if rows else None)
    deck: Any = custom.load_layout_deck(data_path, None, design, reading, folder)
    if options.get("ink-saver") == "yes":
        deck = deck.with_ink_saver()
    size = card_size(any_size.canonical(options.get("card-size") or DEFAULT_CARD_SIZE))
    deck.design.draft = True
    total = len(deck.printed_cards())
    first = []  # each distinct card's number in the printed deck (its first copy's)
    number = 1
    for card in deck.cards:
        first.append(number)
        number += card.count
    shown = [index for index in wanted if 0 <= index < len(deck.cards)][:DRAFTS_AT_ONCE]
    fonts.register_reportlab_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(size.width, size.height), invariant=1,
                    initialFontName=fonts.SERIF)  # type: ignore[arg-type]  # (the stubs take a size for it)
    prepared, problems = {}, {}
    for index in shown:
        before = set(deck.design.problems)
        prepared[index] = deck.design.prepare(deck.cards[index], deck, size)
        problems[index] = [said(problem) for problem in deck.design.problems if problem not in before]
    for index in shown:
        deck.design.draw(canvas, prepared[index], deck, 0.0, index_text(deck, first[index], total))
        canvas.showPage()
    found: list[dict[str, object]] = [
        {"index": index, "title": deck.cards[index].title, "count": deck.cards[index].count,
         "source": said(deck.cards[index].source).replace(f"{data}: ", ""), "problems": problems[index]}
        for index in shown]
    if shown:
        canvas.save()
        height = max(1, round(width * size.height / size.width))
        pages = raster.png_pages(buffer.getvalue(), [(width, height)] * len(shown), None, level=DRAFT_PNG_LEVEL)
        for entry, png in zip(found, pages):
            entry["png"] = png
    return {"total": len(deck.cards), "printed": total, "title": deck.title, "size": size.label,
            "cards": found, "notes": [said(note) for note in deck.design.notes]}


DRAFTS_AT_ONCE = 60  # cards drawn in one call: a page asks for what it shows, a few dozen at a time
DRAFT_PNG_LEVEL = 1  # zlib level of the drafts' PNGs: sent once, at once
