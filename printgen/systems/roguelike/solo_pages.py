"""The pages before a Roguelike solo booklet's sections: the cover, How to play alone, and the play sheet.

The cover and How to play alone are the game's template
(roguelike/solo-book.html), laid out by WeasyPrint, with the solo choices of
data/solo.toml and the rules a lone player looks up (the fight, points and
levels, the special attacks); the play sheet is drawn: the Character Record
as ``printgen sheet`` prints it (blank, or the seed's first character rolled
by the rules), then a page to tick and track (sheets/play.py).
"""

from __future__ import annotations

from typing import Any

from ...contracts import Request
from ...gamebook.model import Book
from ...render.html import render_pdf
from ...sheets import play
from ...sheets.draw import FormCollector, Style
from ...sheets.play import play_sheet
from . import GAME, rules, sheet
from .generate import Dungeon
from .rules import say
from .solo_book import DEAD, VICTORY, WAY_IN, WIN_POINTS, locked_doors

HEALTH_TRACK = 40  # Health a track runs to: a Barbarian's 20, and levels' worth more


def choices() -> list[dict[str, str]]:
    """The solo choices (data/solo.toml), a rule the text names filled in from the phrasebook."""
    return [{"topic": c["topic"], "text": c["text"]} for c in GAME.data("solo")["choice"]]


def character(request: Request) -> dict[str, Any] | None:
    """The play sheet's character: None for a blank record, else the seed's first, as printgen sheet rolls it."""
    if request.options["character"] != "rolled":
        return None
    return sheet.roll(request.code.stream("sheet", 1), 1)


def front_pages(dungeon: Dungeon, book: Book, numbers: dict[str, int], request: Request) -> bytes:
    e = dungeon.entrance
    row = next(r for r in rules.tables()["entrance"].rows if r["kind"] == e["kind"])
    points = rules.data_list("points").items
    return render_pdf(
        "roguelike/solo-book.html", request.code, say("solo.title", name=dungeon.name), request.paper,
        request.templates, dungeon_name=dungeon.name, game_title=request.game.title, credit=request.game.credit,
        levels=len(dungeon.levels), sections=len(book.sections),
        areas=sum(len(level.areas) for level in dungeon.levels),
        entrance=e["type"], description=row["description"],
        start=numbers[WAY_IN], won=numbers[VICTORY], dead=numbers[DEAD], win_points=WIN_POINTS,
        rolled=character(request) is not None,
        living=[(i["name"], i["points"]) for i in points if i["who"] == "living" and i["code"] != "last-standing"],
        level_up=[i["name"] for i in rules.data_list("level-up").items],
        page={"specials": {special: rules.special_rule(special) for special in ("Poison", "Curse", "Paralyze")}},
        choices=choices(),
    )


def sheet_pages(dungeon: Dungeon, book: Book, numbers: dict[str, int], request: Request) -> bytes:
    def record(c, width: float, height: float) -> None:
        sheet.draw(c, width, height, "record", character(request), Style(), FormCollector(enabled=False), request.code)

    return play_sheet(request.code, request.paper, say("solo.title", name=dungeon.name), record, say("solo.sheet.title"),
                      play_blocks(dungeon, book, numbers))


def back_pages(dungeon: Dungeon, book: Book, numbers: dict[str, int], request: Request) -> None:
    """Nothing to look up after the sections: a Roguelike character knows what it finds."""
    return None


def play_blocks(dungeon: Dungeon, book: Book, numbers: dict[str, int]) -> list[play.Block]:
    marks = book.marks()
    ticked = tuple(sorted(numbers[m] for m in marks if m in book.sections))
    doors = len(locked_doors(dungeon))
    blocks: list[play.Block] = [
        play.Said(say("solo.sheet.rules"), (
            say("solo.sheet.start", to=numbers[WAY_IN]),
            say("solo.sheet.won", points=WIN_POINTS, to=numbers[VICTORY]),
            say("solo.sheet.dead", to=numbers[DEAD]),
        )),
        play.Numbers(say("solo.sheet.health"), say("solo.sheet.health-note"), tuple(range(HEALTH_TRACK + 1))),
        play.Numbers(say("solo.sheet.ticks"), say("solo.sheet.ticks-note"), ticked),
    ]
    if doors:
        names = tuple(say("solo.sheet.door", number=n) for n in range(1, doors + 1))
        blocks.append(play.Named(say("solo.sheet.doors"), say("solo.sheet.doors-note"), names))
    blocks.append(play.Lines(say("solo.sheet.ailments"), say("solo.sheet.ailments-note"), 2))
    return blocks

