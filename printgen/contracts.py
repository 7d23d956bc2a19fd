"""What a game's folder provides for each product it declares: the contracts, written down and checked.

A game is one package under ``printgen/systems/``. Its ``__init__`` declares
``GAME`` (what it makes and the options each product takes); the code that
makes each product sits in the module the product names (``products.Part``;
``products.file_plan()`` lists them all), checked against its contract here:

    product     module       provides (see the Protocol below)
    dungeon     dungeon.py   generate(request) -> dungeon data; booklet(data, request) -> the booklet's
                             Parts (render/booklet.py), which the product makes and composes
    sheet       sheet.py     SIZES, PRE_ROLLED, roll, blank_kinds, choices, draw; where it needs them,
                             WHOLE_PAGE_KINDS, kind_of, companion_pages (else the product's defaults)
    decks       decks.py     DECKS: {deck name: build(phrasebooks, code, options) -> cards.model.Deck}
    reference   reference.py build(request) -> PDF bytes
    challenge   challenge.py build(request) -> PDF or JSON bytes
    solo        solo.py      book(dungeon, request) -> gamebook.model.Book; title(phrasebooks, dungeon);
                             choices(phrasebooks); front_pages, sheet_pages and back_pages(dungeon, book,
                             numbers, request) -> PDF bytes (back: or None); where some front pages are
                             the same for every seed, kept_front_pages and with_kept_front

The rest of a game's folder follows one plan too: ``key.py`` (a dungeon key's
entries), ``map_page.py`` (a level's map pages), ``map_symbols.py`` (its marks
on the map engine), ``rules.py`` (its data, read once), ``words.toml`` (every
word it prints) and ``data/`` (its tables and lists, row for row).

A module is checked against its contract when a product first loads it, so a
missing member or one taking the wrong arguments is one clear line naming the
game, the module and the member, not an AttributeError deep inside a build. A
member the contract lets a game leave out (``MAY_LEAVE_OUT``) is checked when it
is there; where it is not, the product stands in for it with the default its
contract names.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from .errors import PrintgenError

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from .progress import Listener
    from .seed import Rng, SeedCode
    from .units import Paper
    from .words import Words

# This module stands beside the registry (games.py), below the products, cards and sheets that game modules
# use: what it names of those layers it names by shape (a Protocol) or by a comment, never by an import.


class Request(Protocol):
    """What a game's module is handed (``products.Request``): the canonical seed code and every option, checked,
    and the listener its steps are told to."""

    code: SeedCode
    game: Any  # games.Game: the game's declaration
    options: dict[str, Any]
    templates: Any  # pathlib.Path | None: the user's template folder, when the seed code names one
    listener: Listener  # where the build's steps are told: handed to what tells one (render_pdf, compose, finish)

    @property
    def paper(self) -> Paper: ...

    @property
    def format(self) -> str: ...

    @property
    def words(self) -> Words: ...  # the phrasebooks the file prints from, handed to every piece that prints words


Deck = Any  # cards.model.Deck: a deck's cards and looks
Style = Any  # sheets.draw.Style: how a sheet is drawn (ink saver, type scale, the QR's room)
FormCollector = Any  # sheets.draw.FormCollector: the form fields a fillable sheet gathers
Book = Any  # gamebook.model.Book: a solo booklet's numbered sections
Booklet = Any  # render.booklet.Parts: a booklet's text pages, drawn pages and their order


class DungeonData(Protocol):
    """What a dungeon's ``generate`` returns: its levels, and the contract's JSON (docs/contracts.md)."""

    levels: list

    def as_data(self) -> dict[str, Any]: ...


class DungeonModule(Protocol):
    """``systems/<id>/dungeon.py``: roll the levels as plain data, then hand the product the parts of their
    booklet."""

    def generate(self, request: Request) -> DungeonData: ...

    def booklet(self, dungeon: DungeonData, request: Request) -> Booklet: ...


class SheetModule(Protocol):
    """``systems/<id>/sheet.py``: the game's character sheets, blank or pre-rolled. It may leave out
    WHOLE_PAGE_KINDS (none), kind_of (a character is drawn on the first of the blank kinds) and
    companion_pages (none): products/sheet.py reads them with those defaults."""

    SIZES: tuple[int, ...]  # sheets to a page the game's sheet fits (1, 2, 4)
    PRE_ROLLED: bool  # whether --count rolls characters (else players choose cards)
    WHOLE_PAGE_KINDS: tuple[str, ...]  # kinds printed one to a page whatever --per-page says

    def roll(self, phrasebooks: Words, rng: Rng, number: int, genre: str | None) -> dict[str, Any]: ...

    def kind_of(self, character: dict[str, Any]) -> str: ...  # the kind of sheet a rolled character is drawn on

    def blank_kinds(self, genre: str | None) -> list[str]: ...

    def choices(self, phrasebooks: Words) -> Iterable[dict[str, str]]: ...

    def draw(self, phrasebooks: Words, c: Canvas, width: float, height: float, kind: str,
             character: dict[str, Any] | None,
             style: Style, form: FormCollector, code: SeedCode) -> None: ...

    def companion_pages(self, phrasebooks: Words, code: SeedCode, paper: Paper, templates: Any,
                        listener: Listener | None
                        ) -> list[bytes]: ...


DeckBuilder = Callable[["Words", "SeedCode", dict[str, Any]], "Deck"]


class DecksModule(Protocol):
    """``systems/<id>/decks.py``: a builder for every deck the game declares."""

    DECKS: Mapping[str, DeckBuilder]


class SoloModule(Protocol):
    """``systems/<id>/solo.py``: the dungeon that dungeon.py rolls, as a gamebook for a lone player: its
    sections, the pages that come before them and those a reader looks up only after the sections
    (products/solo.py sets the sections and the graph paper, and joins them)."""

    def book(self, dungeon: DungeonData, request: Request) -> Book: ...

    def title(self, phrasebooks: Words, dungeon: DungeonData) -> str: ...

    # where the rules leave a lone player's game open: topic, text
    def choices(self, phrasebooks: Words) -> list[dict[str, str]]: ...

    def front_pages(self, dungeon: DungeonData, book: Book, numbers: dict[str, int], request: Request) -> bytes: ...

    def sheet_pages(self, dungeon: DungeonData, book: Book, numbers: dict[str, int], request: Request) -> bytes: ...

    def back_pages(self, dungeon: DungeonData, book: Book, numbers: dict[str, int], request: Request
                   ) -> bytes | None: ...

    # Front pages the same for every seed, kept in the user's cache (``only_kept``: only where they are kept,
    # else None), laid out beside the drawn pages where they are not; and the front pages with them set in. A
    # game may leave both out: its front pages are then all front_pages'.
    def kept_front_pages(self, numbers: dict[str, int], request: Request, only_kept: bool) -> bytes | None: ...

    def with_kept_front(self, dungeon: DungeonData, front: bytes, kept: bytes, request: Request) -> bytes: ...


class BuildModule(Protocol):
    """``systems/<id>/reference.py`` and ``challenge.py``: the whole file from the checked request."""

    def build(self, request: Request) -> bytes: ...


# Members a game's module may leave out, for the product reading it stands in for them with a default (the
# contract's docstring names it).
MAY_LEAVE_OUT: dict[type, frozenset[str]] = {
    SheetModule: frozenset({"WHOLE_PAGE_KINDS", "kind_of", "companion_pages"}),
    SoloModule: frozenset({"kept_front_pages", "with_kept_front"}),
}


def check(module: Any, contract: type, where: str) -> None:
    """Refuse ``module`` unless it has every member of ``contract`` it may not leave out, each function it has
    taking its arguments."""
    for name in _members(contract):
        if not hasattr(module, name):
            if name in MAY_LEAVE_OUT.get(contract, ()):
                continue
            raise PrintgenError(f"{where} lacks {name}, which its contract ({contract.__name__}) requires")
        expected = getattr(contract, name, None)
        found = getattr(module, name)
        if inspect.isfunction(expected):
            if not callable(found):
                raise PrintgenError(f"{where}.{name} must be a function ({contract.__name__})")
            wanted = len(inspect.signature(expected).parameters) - 1  # less self
            if not _takes(found, wanted):
                raise PrintgenError(f"{where}.{name} must take {wanted} arguments ({contract.__name__})")


def check_decks(module: Any, declared: Iterable[str], where: str) -> None:
    """Every declared deck has its builder in DECKS, and DECKS builds nothing undeclared."""
    built, named = set(module.DECKS), set(declared)
    if built != named:
        missing, extra = sorted(named - built), sorted(built - named)
        raise PrintgenError(f"{where}.DECKS must build exactly the declared decks"
                            + (f"; missing: {', '.join(missing)}" if missing else "")
                            + (f"; undeclared: {', '.join(extra)}" if extra else ""))
    for name, build in module.DECKS.items():
        if not _takes(build, 3):
            raise PrintgenError(f"{where}.DECKS[{name!r}] must take (phrasebooks, code, options)")


def _members(contract: type) -> list[str]:
    names = [name for name in vars(contract) if not name.startswith("_")]
    return list(dict.fromkeys([*getattr(contract, "__annotations__", {}), *names]))


def _takes(function: Callable, count: int) -> bool:
    """Whether ``function`` can be called with ``count`` positional arguments."""
    try:
        inspect.signature(function).bind(*range(count))
    except TypeError:
        return False
    return True
