"""The games printgen serves, found by looking, never by name.

Each game is one package under ``printgen/systems/`` whose ``__init__`` holds
one declaration, ``GAME = Game(...)``: what it offers each product (sheets,
decks, a dungeon, a reference, a challenge, a solo booklet, or a product
declared elsewhere, in ``makes``) and the options each offer takes. Which
declaration a product reads, and which module of the game's folder makes it
(``dungeon.py``, ``sheet.py``, ``decks.py``...), the product says
(``products.Part``); the module is checked against its written contract
(contracts.py) when it first loads. Products, the command line, ``printgen
list`` and the README's games table read these declarations; nothing outside a game's
folder names a game.

Finding the games is the one import that goes up a layer: the registry reads
each game's declaration (``printgen.systems.<id>``, its ``__init__`` alone),
which imports only declarations (pyproject.toml's layer contract names this
import; tests/test_architecture.py checks every dynamic import). A game's
other modules are imported by the products that use them, above the games.
Declarations import nothing heavy, so ``printgen --help`` and ``printgen
list`` stay fast.
"""

from __future__ import annotations

import importlib
import pkgutil
import tomllib
from dataclasses import dataclass, field, fields
from functools import cache
from pathlib import Path
from typing import Any

from .options import Option, not_one_of

SYSTEMS_PACKAGE = "printgen.systems"


@dataclass(frozen=True)
class Offer:
    """One product (or one deck) a game makes: what it is, and the options it takes besides the product's own."""

    summary: str
    options: tuple[Option, ...] = ()
    shuffled: bool = False  # a deck whose order the seed decides (its cards are the same for every seed)
    examples: tuple[tuple[str, str], ...] = ()  # (command line after "printgen", what it makes), for --help


@dataclass(frozen=True)
class Game:
    """A game printgen serves, as its folder under systems/ declares it: who made it, and what it offers each
    product (a deck each for decks) with the options each takes. Its modules are loaded only when a product
    is made."""

    id: str  # the --system value and the seed code's system
    title: str  # the game's name as its rules spell it
    credit: str  # who made the game, for covers and the credits (README, printgen list)
    summary: str = ""  # one line: what printgen makes for it
    # What it offers each product, in the order the games table shows them.
    sheets: Offer | None = None
    decks: dict[str, Offer] = field(default_factory=dict)  # a deck each, by name
    dungeon: Offer | None = None
    reference: Offer | None = None
    challenge: Offer | None = None
    solo: Offer | None = None  # a solo booklet of the dungeon
    makes: dict[str, Offer | dict[str, Offer]] = field(default_factory=dict)  # offers to products declared elsewhere
    package: str = ""  # filled in by the registry

    def part(self, name: str) -> Offer | dict[str, Offer] | None:
        """What the game declares under ``name``: one of the offers above, or the entry of ``makes`` for a
        product declared elsewhere; None (or {}) where it declares nothing."""
        if name in _OWN or name == "makes":
            raise LookupError(f"{name} is not a part a game declares")
        return getattr(self, name) if name in _PARTS else self.makes.get(name)

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


_OWN = ("id", "title", "credit", "summary", "package")
_PARTS = tuple(f.name for f in fields(Game) if f.name not in _OWN and f.name != "makes")


def part_order(name: str) -> tuple[int, str]:
    """Where a part stands among a game's parts: the fields of Game in order, then any other by name."""
    return (_PARTS.index(name), "") if name in _PARTS else (len(_PARTS), name)
