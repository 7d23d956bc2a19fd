"""The games printgen serves, found by looking, never by name.

Each game is one package under ``printgen/systems/`` whose ``__init__`` holds
one declaration, ``GAME = Game(...)``: what it makes (sheets, decks, a
dungeon, a reference, a challenge) and the options each product takes. The
code that makes a product is the game's module the file plan names for it
(``dungeon.py``, ``sheet.py``, ``decks.py``, ``reference.py``,
``challenge.py``, ``solo.py``), checked against its written contract when it first loads
(contracts.py). Products, the command line, ``printgen list`` and
the README read these declarations; nothing outside a game's folder names a game.

Declarations import nothing heavy: a product's module is imported only when
that product is made, so ``printgen --help`` and ``printgen list`` stay fast.
"""

from __future__ import annotations

import importlib
import pkgutil
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from . import contracts
from .errors import PrintgenError
from .options import Option, not_one_of

SYSTEMS_PACKAGE = "printgen.systems"


@dataclass(frozen=True)
class Offer:
    """One product (or one deck) a game makes: what it is, and the options it takes besides the product's own."""

    summary: str
    options: tuple[Option, ...] = ()
    examples: tuple[tuple[str, str], ...] = ()  # (command line after "printgen", what it makes), for --help


@dataclass(frozen=True)
class Game:
    """A game printgen serves, as its folder under systems/ declares it: who made it, and the products (and
    decks) it makes with the options each takes. Its modules are loaded only when a product is made."""

    id: str  # the --system value and the seed code's system
    title: str  # the game's name as its rules spell it
    credit: str  # who made the game, for covers and the README
    summary: str = ""  # one line: what printgen makes for it
    sheets: Offer | None = None  # made by sheet.py
    decks: dict[str, Offer] = field(default_factory=dict)  # made by decks.py, one builder a deck
    dungeon: Offer | None = None  # made by dungeon.py
    reference: Offer | None = None  # made by reference.py
    challenge: Offer | None = None  # made by challenge.py
    solo: Offer | None = None  # made by solo.py, from the dungeon that dungeon.py rolls
    package: str = ""  # filled in by the registry

    def offer(self, product: str) -> Offer | None:
        return {"sheet": self.sheets, "dungeon": self.dungeon, "reference": self.reference,
                "challenge": self.challenge, "solo": self.solo}.get(product)

    def module(self, product: str) -> Any:
        """The game's module that makes ``product`` ("deck" for its decks), checked against its contract."""
        return _checked_module(self.id, product)

    @property
    def folder(self) -> Path:
        if not self.package:  # a game module imported on its own, before the registry looked
            games()
        return _folder_of(self.package)

    @property
    def templates(self) -> Path:
        return self.folder / "templates"

    # The one way a game reads its data folder: each file parsed once per process, and found again by the
    # game's folder and the file's name (a simulation asks some hundred thousand times; joining the path each
    # time took most of its second).

    def data(self, name: str) -> dict[str, Any]:
        """``data/<name>.toml`` parsed, e.g. data("notes") or data("lists/colours")."""
        return _read_data(self.folder, name)

    def choices(self) -> tuple[dict[str, str], ...]:
        """printgen's documented choices where the rules are silent: data/notes.toml's [[choice]] entries."""
        return tuple(self.data("notes")["choice"])

    def tables(self):
        """Every random table of data/tables/, by id (printgen.tables.TableSet)."""
        return _read_tables(self.folder)

    def data_list(self, name: str):
        """A list of data/lists/<name>.toml (printgen.tables.DataList)."""
        return _read_list(self.folder, name)


@cache
def games() -> dict[str, Game]:
    """Every game under printgen/systems/, by id, in the order of their ids."""
    systems = importlib.import_module(SYSTEMS_PACKAGE)
    found: dict[str, Game] = {}
    for info in pkgutil.iter_modules(systems.__path__):
        if not info.ispkg:
            continue
        package = f"{SYSTEMS_PACKAGE}.{info.name}"
        declared = getattr(importlib.import_module(package), "GAME", None)
        if not isinstance(declared, Game):
            continue
        object.__setattr__(declared, "package", package)
        found[declared.id] = declared
    return dict(sorted(found.items()))


@cache
def _folder_of(package: str) -> Path:
    return Path(importlib.import_module(package).__file__).resolve().parent


@cache
def _read_data(folder: Path, name: str) -> dict[str, Any]:
    return tomllib.loads((folder / "data" / f"{name}.toml").read_text(encoding="utf-8"))


@cache
def _read_tables(folder: Path):
    from .tables import TableSet

    return TableSet.load(folder / "data" / "tables")


@cache
def _read_list(folder: Path, name: str):
    from .tables import load_list

    return load_list(folder / "data" / "lists" / f"{name}.toml")


@cache
def _checked_module(system: str, product: str) -> Any:
    game = games()[system]
    name, contract = contracts.FILE_PLAN[product]
    module = importlib.import_module(f"{game.package}.{name}")
    where = f"printgen/systems/{game.package.rsplit('.', 1)[-1]}/{name}.py"
    if product == "deck":
        contracts.check_decks(module, game.decks, where)
    else:
        contracts.check(module, contract, where)
    return module


def game_of_package(package: str) -> Game:
    """The game whose package is ``package`` or holds it (a game module's ``__package__``)."""
    for found in games().values():
        if package == found.package or package.startswith(found.package + "."):
            return found
    raise LookupError(f"{package} is not inside a game's package")


def game(system: str) -> Game:
    try:
        return games()[system]
    except KeyError:
        raise not_one_of("system", system, list(games())) from None


def offering(product: str) -> dict[str, Game]:
    """The games that make ``product`` ("sheet", "dungeon", "reference", "challenge", "solo", "deck")."""
    if product == "deck":
        return {gid: g for gid, g in games().items() if g.decks}
    return {gid: g for gid, g in games().items() if g.offer(product) is not None}


def first_offering(product: str) -> str:
    """The id of the first game that makes ``product``: the one --help examples show."""
    return next(iter(offering(product)))


def offer_for(product: str, system: str) -> tuple[Game, Offer]:
    """The game and its offer for ``product``, or one clear line naming the games that make it."""
    g = game(system)
    offer = g.offer(product)
    if offer is None:
        makers = ", ".join(offering(product)) or "none yet"
        raise PrintgenError(f"printgen makes no {product} for {system}; systems with a {product}: {makers}")
    return g, offer


def examples(product: str) -> list[tuple[str, str]]:
    """The example command lines the games give for ``product``, for its --help."""
    found = []
    for g in games().values():
        offers = list(g.decks.values()) if product == "deck" else [g.offer(product)]
        found += [example for offer in offers if offer is not None for example in offer.examples]
    return found


def deck_makers(deck: str) -> list[str]:
    """The systems that have a deck called ``deck``."""
    return [gid for gid, g in games().items() if deck in g.decks]


def option_takers(product: str, name: str) -> list[str]:
    """Who takes the option ``name`` of ``product``: games, or for decks "the <game> <deck> deck"."""
    if product == "deck":
        takers = []
        for gid, g in games().items():
            decks = [deck for deck, offer in g.decks.items() if any(option.name == name for option in offer.options)]
            if decks:
                takers.append(f"the {gid} {', '.join(decks)} deck{'s' if len(decks) > 1 else ''}")
        return takers
    return [gid for gid, g in offering(product).items() if any(o.name == name for o in g.offer(product).options)]

