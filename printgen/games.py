"""The games printgen serves, found by looking, never by name.

Each game is one package under ``printgen/systems/`` whose ``__init__`` holds
one declaration, ``GAME = Game(...)``: what it makes (sheets, decks, a
dungeon, a reference, a challenge), the options each product takes, and
where the code that makes it lives ("module:function" inside the game's
package). Products, the command line, ``printgen list`` and the README read
these declarations; nothing outside a game's folder names a game.

Declarations import nothing heavy: a product's code is imported only when
that product is made, so ``printgen --help`` and ``printgen list`` stay fast.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from .errors import PrintgenError
from .options import Option

SYSTEMS_PACKAGE = "printgen.systems"


@dataclass(frozen=True)
class Offer:
    """One product (or one deck) a game makes.

    ``entry`` is "module:attribute" relative to the game's package, e.g.
    "decks:creatures_deck" or "sheet" (a whole module).
    """

    summary: str
    entry: str
    options: tuple[Option, ...] = ()
    examples: tuple[tuple[str, str], ...] = ()  # (command line after "printgen", what it makes), for --help


@dataclass(frozen=True)
class Game:
    id: str  # the --system value and the seed code's system
    title: str  # the game's name as its rules spell it
    credit: str  # who made the game, for covers and the README
    summary: str = ""  # one line: what printgen makes for it
    sheets: Offer | None = None  # entry: a module with the sheet interface (see products/sheet.py)
    decks: dict[str, Offer] = field(default_factory=dict)  # entry: build(code, options) -> cards.model.Deck
    dungeon: Offer | None = None  # entry: a module with generate(request) and render(dungeon, request)
    reference: Offer | None = None  # entry: build(request) -> PDF bytes
    challenge: Offer | None = None  # entry: build(request) -> PDF bytes
    package: str = ""  # filled in by the registry

    def offer(self, product: str) -> Offer | None:
        return {"sheet": self.sheets, "dungeon": self.dungeon, "reference": self.reference,
                "challenge": self.challenge}.get(product)

    def load(self, offer: Offer) -> Any:
        """Import what ``offer`` names, on first use."""
        module_name, _, attribute = offer.entry.partition(":")
        module = importlib.import_module(f"{self.package}.{module_name}")
        return getattr(module, attribute) if attribute else module

    @property
    def folder(self) -> Path:
        return Path(importlib.import_module(self.package).__file__).resolve().parent

    @property
    def templates(self) -> Path:
        return self.folder / "templates"


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


def game(system: str) -> Game:
    try:
        return games()[system]
    except KeyError:
        raise PrintgenError(f"unknown system {system!r}; systems are: {', '.join(games())}") from None


def offering(product: str) -> dict[str, Game]:
    """The games that make ``product`` ("sheet", "dungeon", "reference", "challenge", "deck")."""
    if product == "deck":
        return {gid: g for gid, g in games().items() if g.decks}
    return {gid: g for gid, g in games().items() if g.offer(product) is not None}


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


def product_options(product: str) -> dict[str, list[tuple[Option, str]]]:
    """Every option any game declares for ``product``, each with the games that take it (for the CLI)."""
    merged: dict[str, list[tuple[Option, str]]] = {}
    for gid, g in offering(product).items():
        offers = list(g.decks.values()) if product == "deck" else [g.offer(product)]
        for offer in offers:
            for option in offer.options:
                variants = merged.setdefault(option.name, [])
                if all(taker != gid for _, taker in variants):
                    variants.append((option, gid))
    return merged
