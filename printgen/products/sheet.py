"""Character sheets for the five games: blank, pre-rolled, several to a page, fillable.

The product reads everything from the seed code: the system, and the options
count (absent for blank sheets), per-page, fillable, ink-saver, format, paper,
and those the game declares for its sheets (a genre). Character N is rolled
from its own stream, ``stream("sheet", N)``, so it is the same character
whatever the count.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import games
from ..contracts import SheetModule
from ..errors import Flag, PrintgenError
from ..options import Option
from ..progress import Listener, count
from ..seed import SeedCode
from ..sheets.page import cells, foot_strip, split_y
from ..sources import Sources
from ..units import Paper, mm
from ..words import Words
from . import (
    INK_SAVER_OPTION,
    PAPER_OPTION,
    PDF_OR_JSON,
    PPI_OPTION,
    TEMPLATES_OPTION,
    Part,
    Product,
    Request,
    game_module,
    register,
)

if TYPE_CHECKING:  # ReportLab and pikepdf load only when sheets are drawn
    from reportlab.pdfgen.canvas import Canvas

PRODUCT = "sheet"
MAX_COUNT = 1000
PER_PAGE_CHOICES = (1, 2, 4)
# Type scale by sheets per page: a half page is a little smaller, a quarter smaller still.
TYPE_SCALE = {1: 1.0, 2: 0.8, 4: 0.72}
PROGRESS_FROM = 100  # counts at least this large report progress on stderr


@dataclass(frozen=True)
class SheetSpec:
    system: str
    paper: Paper
    count: int | None  # None: blank sheets
    per_page: int
    fillable: bool
    ink_saver: bool
    genre: str | None
    format: str


OPTIONS = (
    PAPER_OPTION,
    PDF_OR_JSON,
    PPI_OPTION,
    Option("count", "N pre-rolled characters, each from its own stream of the seed.", low=1, high=MAX_COUNT),
    Option("per-page", "Sheets to a page, where the game's sheet is small enough.",
           choices=tuple(str(n) for n in PER_PAGE_CHOICES), default="1"),
    Option("fillable", "Make the blanks PDF form fields a player can type into.", flag=True, default="no"),
    INK_SAVER_OPTION,
    TEMPLATES_OPTION,
)


def spec_of(request: Request) -> SheetSpec:
    values = request.options
    genre = values.get("genre")
    return SheetSpec(request.code.system, request.paper, values["count"], int(values["per-page"]),
                     values["fillable"], values["ink-saver"], genre, request.format)


def check(request: Request) -> None:
    """What single options cannot say: counts only for games with characters to roll, sizes that fit."""
    spec = spec_of(request)
    module = sheet_module(spec.system)
    if spec.count is not None and not module.PRE_ROLLED:
        raise PrintgenError(f"{spec.system} has no characters to roll (players choose character cards)",
                            option="count", right=("leave out ", Flag("count"),
                                                   " for its blank score sheet and equipment card"))
    if spec.per_page not in module.SIZES:
        fits = " or ".join(str(n) for n in module.SIZES)
        raise PrintgenError(f"{spec.system} sheets are too big for {spec.per_page} to a page",
                            right=("use ", Flag("per-page", fits)))
    if spec.fillable and spec.format != "pdf":
        raise PrintgenError(Flag("fillable"), " makes a PDF form", right=("leave it out with ",
                                                                         Flag("format", spec.format)))


def from_command_line(system: str, given: dict[str, Any], sources: Sources) -> tuple[dict[str, Any], Sources]:
    """--blank is the command line's word for no --count."""
    if given.pop("blank", False) and given.get("count") is not None:
        raise PrintgenError(Flag("blank"), " and ", Flag("count"), " contradict each other",
                            right="give one (blank is the default)")
    return given, sources


def roll_characters(phrasebooks: Words, code: SeedCode, spec: SheetSpec, listener: Listener | None = None,
                    counted: bool = False
                    ) -> list[dict[str, Any]]:
    """Characters 1..count, each from its own stream; ``listener`` (the request's) hears the step, and with
    ``counted`` how far the rolling has come, every 50."""
    module = sheet_module(spec.system)
    characters = []
    for number in range(1, (spec.count or 0) + 1):
        characters.append(module.roll(phrasebooks, code.stream(PRODUCT, number), number, spec.genre))
        if listener is not None and counted and (number % 50 == 0 or number == spec.count):
            listener.now(f"rolled {number:,} of {count(spec.count, 'character')}")
    if listener is not None and characters:
        listener.tell(f"rolled {count(len(characters), 'character')}")
    return characters


def sheet_items(spec: SheetSpec, characters: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any] | None]]:
    """What goes on the pages, in order: (sheet kind, character or None for a blank)."""
    module = sheet_module(spec.system)
    if spec.count is not None:
        return [(kind_of(module, char, spec.genre), char) for char in characters]
    blanks = [(kind, None) for kind in module.blank_kinds(spec.genre)]
    shared = [item for item in blanks if item[0] not in whole_page_kinds(module)]
    if len(shared) >= spec.per_page and len(shared) % spec.per_page == 0:
        return blanks
    # A page of the same blank sheet, ready to cut up and hand round.
    return [item for item in blanks for _ in range(1 if item[0] in whole_page_kinds(module) else spec.per_page)]


def whole_page_kinds(module) -> tuple[str, ...]:
    """Kinds a game prints one to a page whatever --per-page says (its module's WHOLE_PAGE_KINDS): none where it
    names none."""
    return getattr(module, "WHOLE_PAGE_KINDS", ())


def kind_of(module, character: dict[str, Any], genre: str | None) -> str:
    """The kind of sheet ``character`` is drawn on (its module's ``kind_of``): where the game has no say, the
    first of its blank kinds."""
    if hasattr(module, "kind_of"):
        return module.kind_of(character)
    return module.blank_kinds(genre)[0]


def page_plan(spec: SheetSpec, items: list[tuple[str, dict[str, Any] | None]], foot: float
              ) -> list[tuple[list[tuple[float, float, float, float, bool]], list[tuple[str, dict[str, Any] | None]]]]:
    """The pages in order, each as (where its sheets go, its items): whole-page kinds stand alone. ``foot``:
    the strip every page keeps along its foot (foot_strip)."""
    whole = whole_page_kinds(sheet_module(spec.system))
    pages: list[list[tuple[str, dict[str, Any] | None]]] = []
    for item in items:
        if pages and item[0] not in whole and pages[-1][0][0] not in whole and len(pages[-1]) < spec.per_page:
            pages[-1].append(item)
        else:
            pages.append([item])
    if not pages:
        return [(cells(spec.paper, spec.per_page, foot=foot), [])]
    return [(cells(spec.paper, 1, whole=True, foot=foot) if page[0][0] in whole
             else cells(spec.paper, spec.per_page, foot=foot), page) for page in pages]


def sheet_module(system: str):
    """The game's sheet module, as its contract describes it (printgen/contracts.py: SheetModule)."""
    return game_module(games.game(system), PRODUCT)


def build(request: Request) -> bytes:
    code, spec = request.code, spec_of(request)
    heard = request.listener.stream  # a terminal counts up from fewer characters
    counted = spec.count is not None and (spec.count >= PROGRESS_FROM or
                                          (heard is not None and heard.isatty() and spec.count >= 20))
    characters = roll_characters(request.words, code, spec, request.listener, counted and spec.format == "json")
    if spec.format == "json":
        return to_json(request.words, code, spec, characters)
    return render(request.words, code, spec, sheet_items(spec, characters), request.listener, counted)


def to_json(phrasebooks: Words, code: SeedCode, spec: SheetSpec, characters: list[dict[str, Any]]) -> bytes:
    module = sheet_module(spec.system)
    data = {
        "seed_code": str(code),
        "system": spec.system,
        "game": games.game(spec.system).title,
        "blank": spec.count is None,
        "sheets": [kind for kind, _ in sheet_items(spec, characters)],
        "characters": characters,
        "choices": list(module.choices(phrasebooks)),
    }
    if spec.genre:
        data["genre"] = spec.genre
    return (json.dumps(data, sort_keys=True, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def render(phrasebooks: Words, code: SeedCode, spec: SheetSpec, items: list[tuple[str, dict[str, Any] | None]],
           listener: Listener,
           counted: bool = False) -> bytes:
    """The sheets' file; ``listener`` (the request's) hears its steps, and with ``counted`` how far the drawing
    has come, every 50 sheets."""
    from ..render.canvas import new_document
    from ..render.compose import compose
    from ..sheets import forms
    from ..sheets.draw import FormCollector, Style, credit_line

    module = sheet_module(spec.system)
    game = games.game(spec.system)
    title = f"{game.title}: character sheets"
    doc = new_document(code, title, spec.paper.size)
    c = doc.canvas
    # Furniture drawn once and placed on every sheet, where there is more than one to place it on.
    form = FormCollector(enabled=spec.fillable, reuse=len(items) > 1)
    foot = foot_strip(code, spec.paper)
    drawn = 0
    plan = page_plan(spec, items, foot)
    listener.pages_ahead(len(plan), "character sheets")
    for page_index, (places, page_items) in enumerate(plan):
        form.page = page_index
        per_page = len(places)
        style = Style(ink_saver=spec.ink_saver, scale=TYPE_SCALE[per_page])
        credit_line(phrasebooks, c, code, spec.paper.size, game, first=page_index == 0)
        if per_page > 1:
            _cut_lines(c, spec.paper, per_page, foot)
        for slot, (kind, char) in enumerate(page_items):
            x, y, w, h, rotated = places[slot]
            form.prefix = f"p{page_index + 1}s{slot + 1}." if per_page > 1 else f"p{page_index + 1}."
            c.saveState()
            if rotated:
                c.translate(x + h, y)
                c.rotate(90)
            else:
                c.translate(x, y)
            module.draw(phrasebooks, c, w, h, kind, char, style, form, code)
            c.restoreState()
            drawn += 1
            if counted and (drawn % 50 == 0 or drawn == len(items)):
                listener.now(f"drew {drawn:,} of {count(len(items), 'sheet')}")
        c.showPage()
    pages = doc.finish(listener)
    del doc, c  # the canvas holds every page drawn: let it go before the pages are joined and the form added
    data = compose([pages, *companion_pages(phrasebooks, code, spec, listener)], code, title, listener=listener)
    del pages
    if form.fields:
        data = forms.add_fields(data, form.fields)
    return data


def companion_pages(phrasebooks: Words, code: SeedCode, spec: SheetSpec, listener: Listener) -> list[bytes]:
    """Pages a game prints after its blank sheets, at any number to a page (its module's ``companion_pages``):
    none where it has none."""
    module = sheet_module(spec.system)
    if spec.count is not None or not hasattr(module, "companion_pages"):
        return []
    return module.companion_pages(phrasebooks, code, spec.paper, None, listener)


def _cut_lines(c: Canvas, paper: Paper, per_page: int, foot: float) -> None:
    """Faint dashed lines to cut along between the sheets, above the foot strip."""
    W, H = paper.size
    c.saveState()
    c.setStrokeGray(0.7)
    c.setLineWidth(0.4)
    c.setDash(3, 3)
    cut = split_y(paper, foot)
    c.line(mm(4), cut, W - mm(4), cut)
    if per_page == 4:
        c.line(W / 2, foot - mm(2), W / 2, H - mm(4))
    c.restoreState()


register(Product(
    PRODUCT, "Character sheets: blank, or pre-rolled by the rules, 1, 2 or 4 to a page, fillable.", build,
    own=OPTIONS, part=Part("sheets", "sheet", SheetModule), rank=30, check=check, from_command_line=from_command_line,
    rolls=lambda request: request.options.get("count") is not None,  # blank sheets are the same for every seed
    command_flags=(("blank", "Blank sheets to fill in at the table (the default)."),),
))
