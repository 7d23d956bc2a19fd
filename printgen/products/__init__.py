"""The product registry: every product turns a seed code into file bytes, through one path.

A product declares its options (the options module), and the games add their
own (their declarations). ``request`` reads a seed code against them, once,
for every caller: the command line builds a code from its options and asks
for it, ``reproduce`` parses a code from a PDF or a string, the studio from a
URL. ``build`` makes the file from the request. That shared path is what makes
a seed code reproduce its file exactly, whichever form of it was given: the
file always carries the canonical, short form (options at their defaults left
out).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, BinaryIO

from .. import games, words
from ..errors import PrintgenError
from ..games import Game
from ..options import Option, canonical_options, not_one_of, parse_options
from ..render import user_templates
from ..render.determinism import pinned
from ..render.metadata import COMMENT_PREFIX
from ..seed import SeedCode
from ..units import PAPERS, Paper
from ..units import paper as paper_named
from . import file_names


@dataclass(frozen=True)
class Request:
    """What a product's code is handed: the canonical seed code and every option, checked."""

    code: SeedCode  # canonical: what the file prints and stores
    product: Product
    game: Game | None  # None for products of no game (graph paper, a custom deck of its own)
    options: dict[str, Any]  # every declared option, parsed, defaults filled in
    templates: Path | None = None  # the user's template folder, when the seed code names one

    @property
    def paper(self) -> Paper:
        return paper_named(self.options.get("paper") or "letter")

    @property
    def format(self) -> str:
        return self.options.get("format") or "pdf"


@dataclass(frozen=True)
class Product:
    """One thing printgen makes (a dungeon, a deck, a sheet...), declared once: its options, how a request is
    checked and made into file bytes, what the file is named, and what the command line and the studio show of
    it. Every caller reaches it through ``request`` and ``build``, so a seed code gives the same file wherever
    it comes from."""

    name: str
    summary: str
    systems: Callable[[], tuple[str, ...]]  # asked when needed: the games declare what they make
    options: Callable[[str, Mapping[str, str]], tuple[Option, ...]]  # (system, the code's option texts)
    make: Callable[[Request], bytes]
    # Refusals beyond single options (options that contradict, a data file that will not load): run
    # before any work, for the command line and seed codes alike.
    check: Callable[[Request], None] = lambda request: None
    suffix: Callable[[Request], str] = lambda request: request.format
    file_stem: Callable[[Request], str] = lambda request: file_names.stem(request, UNSEEDED)
    # The command line's own words for what a code records otherwise (a deck's data file): given the
    # system and the options as typed, the options as the code takes them.
    from_command_line: Callable[[str, dict[str, Any]], dict[str, Any]] = lambda system, given: given
    examples: tuple[tuple[str, str], ...] = ()  # (command line after "printgen", what it makes), for --help
    argument: str | None = None  # an option taken as the command's argument (a deck's name)
    system_from: Callable[[dict[str, Any]], str] | None = None  # the system when --system is not given
    seeded: bool = True  # False: it rolls nothing, and given no seed takes UNSEEDED (the same file every time)
    # A file too large to hold in memory (a print shop's zip of a thousand cards) is written into the handle
    # as it is made, the same bytes as ``make``'s; None: ``make``'s bytes are written.
    make_into: Callable[[Request, BinaryIO], None] | None = None

    def all_options(self) -> dict[str, list[tuple[Option, str]]]:
        """Every option of the product for any system, each with the systems that take it (for the CLI)."""
        merged: dict[str, list[tuple[Option, str]]] = {}
        for system in self.systems():
            for option in self.options(system, {}) + tuple(_game_extras(self, system)):
                variants = merged.setdefault(option.name, [])
                if all(taker != system for _, taker in variants):
                    variants.append((option, system))
        return merged


PRODUCTS: dict[str, Product] = {}
UNSEEDED = "plain"  # the seed of a product that rolls nothing, given none: its code and bytes never change


def register(product: Product) -> Product:
    PRODUCTS[product.name] = product
    return product


def made_by(product: str) -> Callable[[], tuple[str, ...]]:
    """The systems whose declarations offer ``product``."""
    return lambda: tuple(games.offering(product))


PAPER_OPTION = Option("paper", "Paper size.", choices=tuple(PAPERS), default="letter", value_alone=True)
INK_SAVER_OPTION = Option("ink-saver", "Light lines and tints, no solid fills.", flag=True, default="no")
TEMPLATES_OPTION = Option("templates", "Your own templates and phrasebooks first, the built-in ones behind them "
                          "(also: PRINTGEN_TEMPLATES; start from 'printgen templates export DIR'; the seed code "
                          "keeps the folder's fingerprint).",
                          pattern=f"[0-9a-f]{{{user_templates.DIGEST_LENGTH}}}", typed=False)
PICTURES = "png"


def formats(*choices: str, help: str) -> Option:
    """A product's --format: its own formats, and png, the pages as pictures (a zip when there are several)."""
    return Option("format", f"{help}; png: the PDF's pages as pictures at --dpi (one page: a .png, more: "
                  f"a zip of page-01.png, …).", choices=(*choices, PICTURES), default=choices[0], value_alone=True)


PDF_OR_JSON = formats("pdf", "json", help="pdf: the file to print; json: the same content as data")
PDF_ONLY = formats("pdf", help="pdf: the file to print")
DPI_OPTION = Option("dpi", "Pixels per inch of --format png's pictures.", low=50, high=600, default="150",
                    when=("format", PICTURES))


def game_options(product: str, common: tuple[Option, ...]) -> Callable[[str, Mapping[str, str]], tuple[Option, ...]]:
    """A game product's options: the product's own, then what the game declares for it."""
    def options(system: str, given: Mapping[str, str]) -> tuple[Option, ...]:
        _, offer = games.offer_for(product, system)
        return common + offer.options

    return options


def _game_extras(product: Product, system: str) -> list[Option]:
    """Options a game declares for parts of a product (a deck's own options), for the command line's list."""
    if product.name != "deck" or system not in games.games():
        return []
    return [option for offer in games.game(system).decks.values() for option in offer.options]


def request(code: SeedCode) -> Request:
    """Read a seed code against its product's declared options, in one place; refuse anything wrong."""
    product = _product(code)
    declared = product.options(code.system, code.option_map)
    what = f"the {code.system} {code.product}" if code.system in games.games() else code.product.replace("-", " ")
    values = parse_options(code.option_map, declared, what)
    canonical = SeedCode(code.product, code.system, code.seed,
                         tuple(sorted(canonical_options(code.option_map, declared, what).items())))
    templates = user_templates.folder_for(values.get("templates"))
    game = games.games().get(code.system)
    checked = Request(canonical, product, game, values, templates)
    product.check(checked)
    return checked


def canonical(code: SeedCode) -> SeedCode:
    """The short form of ``code``: the one printgen prints and stores."""
    return request(code).code


def build(code: SeedCode, pages_told: Callable[[int], None] | None = None) -> bytes:
    """The file of ``code``. ``pages_told``: for pictures, told how many pages there are before any is drawn
    (a one-page name for many pages refuses them there)."""
    checked = request(code)
    # A seed code made with the user's templates prints their phrasebooks too (checked against the code).
    with pinned(), words.user_words(checked.templates):
        if checked.format == PICTURES:
            return pictures(checked, pages_told)
        return checked.product.make(checked)


def build_into(code: SeedCode, handle: BinaryIO, pages_told: Callable[[int], None] | None = None) -> None:
    """``build``'s bytes, written into ``handle`` (a seekable file) as the product makes them where it can."""
    checked = request(code)
    if checked.format == PICTURES or checked.product.make_into is None:
        handle.write(build(code, pages_told))
        return
    with pinned(), words.user_words(checked.templates):
        checked.product.make_into(checked, handle)


MAX_PICTURE_PIXELS = 2_000_000_000  # all pages together: some hundred pages at 300 dpi, not a disk's worth


def pictures(checked: Request, pages_told: Callable[[int], None] | None = None) -> bytes:
    """The product's PDF pages as PNGs at the chosen DPI: one page a .png, more a zip; each shows the same
    footer and QR as the PDF, of this very code, so a picture reproduces itself."""
    from ..render import raster

    printed = replace(checked, options={**checked.options, "format": "pdf"})
    pdf = checked.product.make(printed)
    dpi = checked.options["dpi"]
    sizes = raster.page_pixel_sizes(pdf, dpi)
    if pages_told is not None:
        pages_told(len(sizes))
    if sum(w * h for w, h in sizes) > MAX_PICTURE_PIXELS:
        raise PrintgenError(f"{len(sizes)} pages at {dpi} dpi are more pixels than printgen writes at once; "
                            f"choose a lower --dpi or fewer pages")
    comment = COMMENT_PREFIX + str(checked.code)
    pngs = list(raster.png_pages(pdf, sizes, dpi, comment=comment))
    if len(pngs) == 1:
        return pngs[0]
    width = max(2, len(str(len(pngs))))
    return raster.zip_files([(f"page-{n:0{width}d}.png", png) for n, png in enumerate(pngs, 1)], comment)


def suffix(checked: Request, data: bytes | None = None) -> str:
    """The file suffix of a request: a picture or a zip of pictures (known once made), else the product's."""
    if checked.format == PICTURES:
        return "zip" if data is None or data[:2] == b"PK" else "png"
    return checked.product.suffix(checked)


def check(code: SeedCode) -> None:
    """Refuse a seed code whose product, system or options are wrong, without making anything."""
    request(code)


def _product(code: SeedCode) -> Product:
    product = all_products().get(code.product)
    if product is None:
        raise not_one_of("product", code.product, sorted(PRODUCTS), subject="the product")
    if code.system not in product.systems():
        raise not_one_of("system", code.system, product.systems(), subject=f"the system of {code.product}")
    return product


def all_products() -> dict[str, Product]:
    _load_all()
    return PRODUCTS


def _load_all() -> None:
    """Import every product module so its registration runs."""
    from . import (
        challenge,  # noqa: F401
        deck,  # noqa: F401
        dungeon,  # noqa: F401
        graph_paper,  # noqa: F401
        reference,  # noqa: F401
        sheet,  # noqa: F401
        solo,  # noqa: F401
    )


def catalogue() -> list[dict[str, Any]]:
    """Every product, its systems and options as data: the studio's form and /api/products."""
    out = []
    for product in sorted(all_products().values(), key=lambda p: p.name):
        systems = []
        for system in product.systems():
            game = games.games().get(system)
            entry = {"id": system, "title": game.title if game else "printgen",
                     "options": [o.describe() for o in _game_first(product, system) if o.typed]}
            if product.name == "deck":
                entry["decks"] = _deck_catalogue(system)
            systems.append(entry)
        out.append({"name": product.name, "summary": product.summary, "seeded": product.seeded, "systems": systems})
    return out


def _game_first(product: Product, system: str) -> list[Option]:
    """A product's options in the order a person decides them: what the game asks first (levels, rooms, a
    genre), then how the product is printed."""
    declared = product.options(system, {})
    game = games.games().get(system)
    offer = game.offer(product.name) if game is not None else None
    own = {option.name for option in offer.options} if offer is not None else set()
    return [o for o in declared if o.name in own] + [o for o in declared if o.name not in own]


def _deck_catalogue(system: str) -> list[dict[str, Any]]:
    from . import deck

    return [{"name": name, "summary": offer.summary, "options": [o.describe() for o in offer.options]}
            for name, offer in deck.system_decks(system).items()]
