"""The product registry: every product turns a SeedCode into file bytes.

The CLI builds a SeedCode from its options and calls ``build``; `reproduce`
parses a SeedCode from a PDF or a string and calls the very same ``build``.
That shared path is what makes a seed code reproduce its file exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from .. import games, words
from ..errors import PrintgenError
from ..games import Offer
from ..options import Option, parse_options
from ..render import user_templates
from ..render.determinism import pinned
from ..seed import SeedCode
from ..units import PAPERS, Paper, paper as paper_named


@dataclass(frozen=True)
class Product:
    name: str
    summary: str
    systems: Callable[[], tuple[str, ...]]  # asked when needed: the games declare what they make
    build: Callable[[SeedCode], bytes]
    check: Callable[[SeedCode], object]  # refuses bad options at once, before any work
    suffix: Callable[[SeedCode], str] | None = None  # the file it writes, when not simply its format


PRODUCTS: dict[str, Product] = {}


def register(name: str, summary: str, systems: Callable[[], tuple[str, ...]],
             check: Callable[[SeedCode], object], suffix: Callable[[SeedCode], str] | None = None):
    def decorator(build: Callable[[SeedCode], bytes]) -> Callable[[SeedCode], bytes]:
        PRODUCTS[name] = Product(name, summary, systems, build, check, suffix)
        return build

    return decorator


def made_by(product: str) -> Callable[[], tuple[str, ...]]:
    """The systems whose declarations offer ``product``."""
    return lambda: tuple(games.offering(product))


@dataclass(frozen=True)
class Request:
    """What a game's product code is handed: the seed code and its options, checked."""

    code: SeedCode
    game: games.Game
    paper: Paper
    format: str
    options: dict[str, object]  # every declared option of the product, parsed, defaults filled in
    templates: Path | None = None  # the user's template folder, when the seed code names one


PAPER_OPTION = Option("paper", "Paper size.", choices=tuple(PAPERS), default="letter")
TEMPLATES_OPTION = Option("templates", "the fingerprint of the user's template folder (16 hex digits)",
                          pattern="[0-9a-f]{%d}" % user_templates.DIGEST_LENGTH)
PDF_OR_JSON = Option("format", "pdf: the file to print; json: the same content as data.", choices=("pdf", "json"),
                     default="pdf")


def game_request(product: str, code: SeedCode, common: tuple[Option, ...]) -> tuple[Request, Offer]:
    """Check a seed code against the product's common options and the game's own, in one place."""
    game, offer = games.offer_for(product, code.system)
    values = parse_options(code.option_map, common + offer.options, f"the {game.id} {product}")
    paper = paper_named(str(values.get("paper", "letter")))
    templates = user_templates.folder_for(values.get("templates"))
    return Request(code, game, paper, str(values.get("format", "pdf")), values, templates), offer


def register_made_whole(product: str, summary: str, common: tuple[Option, ...]) -> None:
    """A product a game makes whole: its declared entry is ``build(request) -> bytes``."""
    def build(code: SeedCode) -> bytes:
        request, offer = game_request(product, code, common)
        return request.game.module(product).build(request)

    register(product, summary, made_by(product), lambda code: game_request(product, code, common))(build)


def output_suffix(code: SeedCode) -> str:
    """The file suffix a seed code's product writes; the format option is checked like any other."""
    product = PRODUCTS.get(code.product)
    if product is not None and product.suffix is not None:
        return product.suffix(code)
    return PDF_OR_JSON.parse(code.option_map.get("format", "pdf"))


def build(code: SeedCode) -> bytes:
    product = _product(code)
    # A seed code made with the user's templates prints their phrasebooks too (checked against the code).
    user_folder = user_templates.folder_for(code.option_map.get("templates"))
    with pinned(), words.user_words(user_folder):
        return product.build(code)


def check(code: SeedCode) -> None:
    """Refuse a seed code whose product, system or options are wrong, without making anything."""
    _product(code).check(code)


def _product(code: SeedCode) -> Product:
    _load_all()
    product = PRODUCTS.get(code.product)
    if product is None:
        raise PrintgenError(f"unknown product {code.product!r}; products are: {', '.join(sorted(PRODUCTS))}")
    if code.system not in product.systems():
        raise PrintgenError(
            f"{code.product} is not made for system {code.system!r}; it is made for: {', '.join(product.systems())}"
        )
    return product


def all_products() -> dict[str, Product]:
    _load_all()
    return PRODUCTS


def _load_all() -> None:
    """Import every product module so its @register runs."""
    from . import graph_paper  # noqa: F401
    from . import dungeon  # noqa: F401
    from . import deck  # noqa: F401
    from . import sheet  # noqa: F401
    from . import reference  # noqa: F401
    from . import challenge  # noqa: F401
