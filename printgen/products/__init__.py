"""The product registry: every product turns a seed code into file bytes, through one path.

A product is one module of this package, which declares it once (``register(Product(...))``): its own
options, what it asks of a game (``Part``: the declaration it reads from the game and the module of the
game's folder that makes it, with that module's contract), how its file is made, named and shown. The
registry finds every module here by looking (``all_products``), so a new product is a module here and
what its games declare; the command line's commands, ``printgen list`` and the games table, the studio's
form and catalogue, the file plan and the tests' lists of products all come from it.

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

import importlib
import pkgutil
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any, BinaryIO, TextIO

from .. import contracts, games
from ..errors import Flag, PrintgenError, typed
from ..games import Game, Offer
from ..options import Option, canonical_options, current_names, not_one_of, parse_options
from ..progress import Listener
from ..render import user_templates
from ..render.metadata import COMMENT_PREFIX
from ..seed import SeedCode
from ..sources import Sources
from ..units import PAPERS, Paper
from ..units import paper as paper_named
from ..words import Words
from . import file_names


@dataclass(frozen=True)
class Request:
    """Everything a file is made from, read once (``request``) and carried from the front end to the file: the
    canonical seed code, the product, every option checked, where the request's own files are (``sources``),
    and how it may be made (``spare_core``: whether half a booklet may be made on a second core at once); and,
    once ``build`` makes it, where its steps are told (``listener``: nowhere until then), handed down from here
    to every piece that tells one."""

    code: SeedCode  # canonical: what the file prints and stores
    product: Product
    game: Game | None  # None for products of no game (graph paper, a custom deck of its own)
    options: dict[str, Any]  # every declared option, parsed, defaults filled in
    templates: Path | None = None  # the user's template folder, when the seed code names one, checked
    sources: Sources = field(default_factory=Sources)
    spare_core: bool = field(default=True, compare=False)  # the studio's workers say; the same bytes either way
    listener: Listener = field(default_factory=Listener, compare=False)  # build's, for that build; never the bytes

    @property
    def paper(self) -> Paper:
        return paper_named(self.options.get("paper") or "letter")

    @property
    def format(self) -> str:
        return self.options.get("format") or "pdf"

    @property
    def words(self) -> Words:
        """The phrasebooks the file prints from: the built-in ones, the user's first where the request names a
        template folder; handed down to every piece that prints words."""
        return Words(self.templates)

    def part(self, product: str | None = None) -> Any:
        """The module of the request's game that makes its product (or ``product``: a solo booklet asks for
        the dungeon's), checked against its contract."""
        assert self.game is not None, f"{self.product.name} of {self.code.system} belongs to no game"
        return game_module(self.game, product or self.product.name)


@dataclass(frozen=True)
class Part:
    """What a game hands a product: the declaration the product reads from the game (``declared``: a field of
    games.Game, such as ``sheets`` or ``decks``, or the product's key in ``Game.makes``), and the module of the
    game's folder that makes it (``module``, e.g. ``dungeon``: systems/<id>/dungeon.py), checked against its
    ``contract`` (contracts.py) when it first loads; ``check`` checks more than the contract's members (a
    deck's builders against its declared decks)."""

    declared: str
    module: str
    contract: type
    check: Callable[[Any, Mapping[str, Offer], str], None] | None = None  # (module, the game's offers, where)


@dataclass(frozen=True)
class Product:
    """One thing printgen makes (a dungeon, a deck, a sheet...), declared once, in its own module: its options,
    what it asks of a game (``part``), how a request is checked and made into file bytes, what the file is
    named, and what the command line, ``printgen list`` and the studio show of it. Every caller reaches it
    through ``request`` and ``build``, so a seed code gives the same file wherever it comes from."""

    name: str
    summary: str
    make: Callable[[Request], bytes]
    own: tuple[Option, ...] = ()  # its own options; a game adds what it declares for the product after them
    part: Part | None = None  # None: it belongs to no game (graph paper)
    rank: int = 100  # where it stands among the products: the studio's menu, printgen list
    also: tuple[str, ...] = ()  # systems besides the games that declare it (a custom deck's, graph paper's)
    # Refusals beyond single options (options that contradict, a data file that will not load): run
    # before any work, for the command line and seed codes alike.
    check: Callable[[Request], None] = lambda request: None
    suffix: Callable[[Request], str] = lambda request: request.format
    file_stem: Callable[[Request], str] = lambda request: file_names.stem(request, UNSEEDED)
    # The command line's own words for what a code records otherwise (a deck's data file): given the system,
    # the options as typed and the sources, the options as the code takes them and the sources with the files
    # named.
    from_command_line: Callable[[str, dict[str, Any], Sources], tuple[dict[str, Any], Sources]] = \
        lambda system, given, sources: (given, sources)
    command_flags: tuple[tuple[str, str], ...] = ()  # (name, help): flags of the command line alone, read above
    examples: tuple[tuple[str, str], ...] = ()  # (command line after "printgen", what it makes), for --help
    argument: str | None = None  # an option taken as the command's argument: it names one of a game's offers
    system_from: Callable[[dict[str, Any]], str] | None = None  # the system when --system is not given
    seeded: bool = True  # False: it never rolls (the studio shows no seed for it)
    # Whether a request's pages depend on its seed (blank sheets, a deck in its printed order do not): one that
    # does not, given no seed, takes UNSEEDED, so every run writes the same file under one name.
    rolls: Callable[[Request], bool] = lambda request: request.product.seeded
    # Whether the file is one page, known before it is made (True, False), or not known until then (None):
    # pages as pictures are one .png or a .zip, and a wrong name is refused before any work where this knows.
    one_page: Callable[[Request], bool | None] = lambda request: None
    # A file too large to hold in memory (a print shop's zip of a thousand cards) is written into the handle
    # as it is made, the same bytes as ``make``'s; None: ``make``'s bytes are written.
    make_into: Callable[[Request, BinaryIO], None] | None = None
    listed: Callable[[], list[str]] = lambda: []  # its own lines in `printgen list` (its grids, its decks)
    # What of a seed code's options the studio refuses (a file on the maker's computer); None: none.
    refused_by_studio: Callable[[Mapping[str, str]], PrintgenError | None] = lambda options: None
    # The files a request reads (a custom deck's data and layout): never the output, even with --force.
    own_files: Callable[[Request], tuple[Path, ...]] = lambda request: ()
    # Pictures of its own for --format png (a deck's cards one by one, a hand of them); None from it, or no
    # such function: the PDF's pages as pictures.
    pictures: Callable[[Request], bytes | None] | None = None
    # Whether its pictures are files a person wants one by one (a deck's cards): written into a folder, and as
    # a zip only where -o names a .zip (or standard output); its ``pictures`` then makes that zip.
    in_folder: Callable[[Request], bool] = lambda request: False
    # The names of those files, known before a picture is drawn (so a folder that holds one already is refused
    # at once); None: known once they are made.
    picture_names: Callable[[Request], list[str]] | None = None

    def systems(self) -> tuple[str, ...]:
        """The systems it is made for: the games that declare it, then those of no game."""
        made = tuple(gid for gid, game in games.games().items() if self.offers(game)) if self.part else ()
        return made + self.also

    def offers(self, game: Game) -> dict[str, Offer]:
        """What ``game`` declares for the product: its one offer (under ""), or its named ones (a deck each);
        {} when it declares none."""
        if self.part is None:
            return {}
        declared = game.part(self.part.declared)
        if isinstance(declared, Mapping):
            return dict(declared)
        return {} if declared is None else {"": declared}

    def offer(self, system: str, given: Mapping[str, str]) -> Offer | None:
        """The offer a request takes: the game's one offer, or the one its argument names (a deck)."""
        game = games.games().get(system)
        if game is None:
            return None
        return self.offers(game).get(given.get(self.argument, "") if self.argument else "")

    def options(self, system: str, given: Mapping[str, str]) -> tuple[Option, ...]:
        """Its options for ``system`` and the code's option texts ``given``: its own, then the game's."""
        offer = self.offer(system, given)
        return self.own + (offer.options if offer is not None else ())

    def all_options(self) -> dict[str, list[tuple[Option, str]]]:
        """Every option of the product for any system, each with the systems that take it (for the CLI)."""
        merged: dict[str, list[tuple[Option, str]]] = {}
        for system in self.systems():
            game = games.games().get(system)
            offers = self.offers(game).values() if game is not None else ()
            for option in self.own + tuple(option for offer in offers for option in offer.options):
                variants = merged.setdefault(option.name, [])
                if all(taker != system for _, taker in variants):
                    variants.append((option, system))
        return merged

    def all_examples(self) -> list[tuple[str, str]]:
        """Its own examples for --help, then those the games give."""
        return [*self.examples, *(example for game in games.games().values()
                                  for offer in self.offers(game).values() for example in offer.examples)]

    def option_takers(self, name: str) -> list[str]:
        """Who takes the option ``name``: games, or for named offers "the <game> <name> <product>"."""
        takers = []
        for gid, game in games.games().items():
            named = [key for key, offer in self.offers(game).items() if any(o.name == name for o in offer.options)]
            if named == [""]:
                takers.append(gid)
            elif named:
                takers.append(f"the {gid} {', '.join(named)} {self.name}{'s' if len(named) > 1 else ''}")
        return takers


PRODUCTS: dict[str, Product] = {}
UNSEEDED = "plain"  # the seed of a product that rolls nothing, given none: its code and bytes never change


def register(product: Product) -> Product:
    PRODUCTS[product.name] = product
    return product


def game_module(game: Game, product: str) -> Any:
    """The module of ``game``'s folder that makes ``product`` (its Part), checked against the contract."""
    return _module(game.id, product)


@cache
def _module(system: str, product: str) -> Any:
    game, made = games.game(system), named(product)
    assert made is not None, f"no product {product}"
    if made.part is None or not made.offers(game):
        raise PrintgenError(f"printgen makes no {product} for {system}; systems with a {product}: "
                            f"{', '.join(made.systems()) or 'none yet'}")
    part = made.part
    module = importlib.import_module(f"{game.package}.{part.module}")
    where = f"printgen/systems/{game.package.rsplit('.', 1)[-1]}/{part.module}.py"
    contracts.check(module, part.contract, where)
    if part.check is not None:
        part.check(module, made.offers(game), where)
    return module


def file_plan() -> dict[str, tuple[str, type]]:
    """Each product a game makes: the module of the game's folder that makes it, and that module's contract."""
    return {name: (product.part.module, product.part.contract)
            for name, product in all_products().items() if product.part is not None}


PAPER_OPTION = Option("paper", "Paper size.", choices=tuple(PAPERS), default="letter", value_alone=True)
INK_SAVER_OPTION = Option("ink-saver", "Light lines and tints, no solid fills.", flag=True, default="no")
TEMPLATES_OPTION = Option("templates", "Your own templates and phrasebooks first, the built-in ones behind them "
                          "(also: PRINTGEN_TEMPLATES; start from 'printgen templates export DIR'; the seed code "
                          "keeps the folder's fingerprint).",
                          pattern=f"[0-9a-f]{{{user_templates.DIGEST_LENGTH}}}", typed=False)
PICTURES = "png"


def formats(*choices: str, help: str) -> Option:
    """A product's --format: its own formats, and png, the pages as pictures (a zip when there are several)."""
    return Option("format", (f"{help}; png: the PDF's pages as pictures at ", Flag("ppi"), " (one page: a .png, "
                  "more: a zip of page-01.png, …)."), choices=(*choices, PICTURES), default=choices[0],
                  value_alone=True)


PDF_OR_JSON = formats("pdf", "json", help="pdf: the file to print; json: the same content as data")
PDF_ONLY = formats("pdf", help="pdf: the file to print")
PPI_OPTION = Option("ppi", ("Pixels per inch of ", Flag("format", PICTURES), "'s pictures."), low=50, high=600,
                    default="150", when=("format", PICTURES), former="dpi")


def request(code: SeedCode, sources: Sources = Sources(), spare_core: bool = True) -> Request:
    """Read a seed code against its product's declared options, in one place; refuse anything wrong. The files
    it names are found where ``sources`` says (by default: none of the user's templates, files in the working
    folder)."""
    product = _product(code)
    declared = product.options(code.system, code.option_map)
    what = f"the {code.system} {code.product}" if code.system in games.games() else code.product.replace("-", " ")
    given = current_names(code.option_map, declared)
    values = parse_options(given, declared, what)
    canonical = SeedCode(code.product, code.system, code.seed,
                         tuple(sorted(canonical_options(given, declared, what).items())))
    templates = user_templates.checked(sources.templates, values.get("templates"), sources.templates_digest)
    game = games.games().get(code.system)
    checked = Request(canonical, product, game, values, templates, sources, spare_core)
    product.check(checked)
    return checked


def canonical(code: SeedCode) -> SeedCode:
    """The short form of ``code``: the one printgen prints and stores."""
    return request(code).code


Told = Callable[[int], None]


def build(checked: Request | SeedCode, listener: TextIO | None = None, pages_told: Told | None = None) -> bytes:
    """The file of a request (a seed code alone is read first, with no sources of its own). ``listener``: where
    the steps of a long build are told (the command line's stderr; None: nowhere). ``pages_told``: for
    pictures, told how many pages there are before any is drawn (a one-page name for many pages refuses them
    there)."""
    if isinstance(checked, SeedCode):
        checked = request(checked)
    with _making(checked, listener) as checked:
        if checked.format == PICTURES:
            own = checked.product.pictures(checked) if checked.product.pictures is not None else None
            if own is not None:
                if pages_told is not None:
                    pages_told(2 if own[:2] == b"PK" else 1)
                return own
            return pictures(checked, pages_told)
        return checked.product.make(checked)


def build_into(checked: Request | SeedCode, handle: BinaryIO, listener: TextIO | None = None,
               pages_told: Told | None = None) -> None:
    """``build``'s bytes, written into ``handle`` (a seekable file) as the product makes them where it can."""
    if isinstance(checked, SeedCode):
        checked = request(checked)
    make_into = checked.product.make_into
    if checked.format == PICTURES or make_into is None:
        handle.write(build(checked, listener, pages_told))
        return
    with _making(checked, listener) as checked:
        make_into(checked, handle)


@contextmanager
def _making(checked: Request, listener: TextIO | None) -> Iterator[Request]:
    """A build of ``checked``: the request that carries a listener telling its steps to ``listener`` (from now,
    to every piece that tells one: ``request.listener``). Its words come from ``checked.words``, handed down."""
    told = Listener.of(listener)
    yield replace(checked, listener=told)
    told.end()


def pictures(checked: Request, pages_told: Told | None = None) -> bytes:
    """The product's PDF pages as PNGs at the chosen DPI: one page a .png, more a zip; each shows the same
    footer and QR as the PDF, of this very code, so a picture reproduces itself."""
    from ..render import raster

    printed = replace(checked, options={**checked.options, "format": "pdf"})
    pdf = checked.product.make(printed)
    ppi = checked.options["ppi"]
    sizes = raster.page_pixel_sizes(pdf, ppi)
    if pages_told is not None:
        pages_told(len(sizes))
    raster.check_pixels(sizes, ppi, "pages")
    comment = COMMENT_PREFIX + str(checked.code)
    pngs = list(raster.png_pages(pdf, sizes, ppi, comment=comment))
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
    product = named(code.product)
    if product is None:
        raise not_one_of("product", code.product, sorted(all_products()), subject="the product")
    if code.system not in product.systems():
        raise not_one_of("system", code.system, product.systems(), subject=f"the system of {code.product}")
    return product


def named(name: str) -> Product | None:
    """The product called ``name``, or None: its module alone is imported where it is named for the product
    (graph-paper: graph_paper.py), so making one product reads no other product's module (nor what those
    import); a product declared in a module of another name is still found, by importing them all."""
    if name not in PRODUCTS:
        module = name.replace("-", "_")
        if module.isidentifier() and module in _module_names():
            importlib.import_module(f"{__name__}.{module}")
        if name not in PRODUCTS:
            _load_all()
    return PRODUCTS.get(name)


@cache
def _module_names() -> frozenset[str]:
    return frozenset(info.name for info in pkgutil.iter_modules(__path__))


def all_products() -> dict[str, Product]:
    """Every product, in the order a person meets them (rank, then name)."""
    _load_all()
    return dict(sorted(PRODUCTS.items(), key=lambda item: (item[1].rank, item[0])))


@cache
def _load_all() -> None:
    """Import every module of this package, so each product's module registers it: a new product is a module
    here and nothing else."""
    for info in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{info.name}")


def catalogue(flag: Callable[[Flag], str] = typed) -> list[dict[str, Any]]:
    """Every product, its systems and options as data, in the registry's order: /api/products, and the studio's
    form (``flag``: how its page names an option in a help text)."""
    out = []
    for product in all_products().values():
        systems = []
        for system in product.systems():
            game = games.games().get(system)
            entry: dict[str, Any] = {"id": system, "title": game.title if game else "printgen",
                                     "options": [o.describe(flag) for o in _game_first(product, system) if o.typed]}
            if product.argument is not None and product.part is not None:  # its offers by name: a deck each
                offers = product.offers(game) if game is not None else {}
                entry[product.part.declared] = [{"name": name, "summary": offer.summary,
                                                 "options": [o.describe(flag) for o in offer.options]}
                                                for name, offer in offers.items()]
            systems.append(entry)
        out.append({"name": product.name, "summary": product.summary, "seeded": product.seeded, "systems": systems})
    return out


def _game_first(product: Product, system: str) -> list[Option]:
    """A product's options in the order a person decides them: what the game asks first (levels, rooms, a
    genre), then how the product is printed."""
    declared = product.options(system, {})
    offer = product.offer(system, {})
    own = {option.name for option in offer.options} if offer is not None else set()
    return [o for o in declared if o.name in own] + [o for o in declared if o.name not in own]


def games_table() -> str:
    """What printgen makes for each game, as the README shows it (a test keeps the two the same): a column for
    each product a game declares, in the order games.Game lists the parts."""
    made = [(product, product.part) for product in all_products().values() if product.part is not None]
    made.sort(key=lambda pair: games.part_order(pair[1].declared))
    columns = ["system", "game", *(part.declared for _, part in made)]
    rows = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    for game in games.games().values():
        cells = [f"`{game.id}`", f"*{game.title}*" + (f" ({game.credit})" if game.credit else "")]
        for product, _ in made:
            offers = product.offers(game)
            cells.append(", ".join(f"`{name}`" for name in offers) if product.argument else "yes" if offers else "")
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows)
