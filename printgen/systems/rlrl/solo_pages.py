"""The pages around a Rogue Like Roguelike solo booklet's sections: the cover, How to play alone, the play
sheet, and last the colours to look up.

The cover and How to play alone are the game's template (rlrl/solo-book.html),
laid out by WeasyPrint, with the few changes for one player (data/solo.toml)
and the rules a lone rogue looks up; the play sheet is drawn: the rogue's
sheet as ``printgen sheet`` prints it (blank, or the seed's first rogue made
by the rules), then a page to tick and track (sheets/play.py). After the
sections, a page gives what each of this campaign's colours is: a potion or
wand is identified by using it, and only then looked up.
"""

from __future__ import annotations

from typing import Any

from ...contracts import Request
from ...gamebook.model import Book
from ...render.canvas import new_document
from ...render.html import render_pdf
from ...sheets import play
from ...sheets.draw import FormCollector, Style
from ...sheets.play import play_sheet
from . import GAME, rules, sheet
from .generate import Campaign
from .reference import colour_key
from .solo_book import DEAD, VICTORY, WAY_IN, locked_doors, say

HP_TRACK = 60  # hit points a track runs to: 6, and 1d6 a level for nine levels


def choices() -> list[dict[str, str]]:
    """The solo booklet's choices, each text followed by the reference's lines it names (worded once there)."""
    return [{"topic": c["topic"], "text": " ".join([c["text"], *(say(f"silent.{key}") for key in c.get("silent", ()))])}
            for c in GAME.data("solo")["choice"]]


def character(request: Request) -> dict[str, Any] | None:
    """The play sheet's rogue: None for a blank sheet, else the seed's first, as printgen sheet makes it, with
    what a rogue alone carries in (data/solo.toml, "What you start with") in the inventory."""
    if request.options["character"] != "rolled":
        return None
    rogue = sheet.roll(request.code.stream("sheet", 1), 1)
    start = GAME.data("solo")["start"]
    rogue["inventory"] = [say("solo.kit.dagger", damage=start["dagger_damage"]),
                          say("solo.kit.picks", count=start["lock_picks"])]
    return rogue


def difficulty_table() -> str:
    return ", ".join(say("sheet.difficulty-row", levels=row["levels"], difficulty=row["difficulty"])
                     for row in rules.character()["difficulty"])


def front_pages(campaign: Campaign, book: Book, numbers: dict[str, int], request: Request) -> bytes:
    return render_pdf(
        "rlrl/solo-book.html", request.code, say("solo.title"), request.paper, request.templates,
        game_title=request.game.title, levels=len(campaign.levels), sections=len(book.sections),
        areas=sum(len(built.level.areas) for built in campaign.levels), rooms=campaign.rooms,
        start=numbers[WAY_IN], won=numbers[VICTORY], dead=numbers[DEAD], rolled=character(request) is not None,
        difficulty=rules.character()["difficulty"], max_pool=rules.character()["max_pool"],
        food=rules.campaign()["food"], choices=choices(),
    )


def sheet_pages(campaign: Campaign, book: Book, numbers: dict[str, int], request: Request) -> bytes:
    def rogue(c, width: float, height: float) -> None:
        sheet.draw(c, width, height, "rogue", character(request), Style(), FormCollector(enabled=False), request.code)

    return play_sheet(request.code, request.paper, say("solo.title"), rogue, say("solo.sheet.title"), play_blocks(campaign, book, numbers))


def play_blocks(campaign: Campaign, book: Book, numbers: dict[str, int]) -> list[play.Block]:
    marks = book.marks()
    ticked = tuple(sorted(numbers[m] for m in marks if m in book.sections))
    levels = range(1, len(campaign.levels) + 1)
    blocks: list[play.Block] = [
        play.Said(say("solo.sheet.rules"), (
            say("solo.sheet.start", to=numbers[WAY_IN]),
            say("solo.sheet.dead", to=numbers[DEAD]),
            say("solo.sheet.difficulty", table=difficulty_table()),
        )),
        play.Numbers(say("solo.sheet.hp"), say("solo.sheet.hp-note"), tuple(range(HP_TRACK + 1))),
        play.Named(say("solo.sheet.keys"), say("solo.sheet.keys-note"),
                   tuple(say("solo.sheet.key", level=n) for n in levels)
                   + tuple(say("solo.sheet.hack", level=n) for n in levels)),
        play.Lines(say("solo.sheet.state"), say("solo.sheet.state-note"), 3),
        play.Numbers(say("solo.sheet.ticks"), say("solo.sheet.ticks-note"), ticked),
    ]
    doors = len(locked_doors(campaign))
    if doors:
        blocks.append(play.Named(say("solo.sheet.doors"), say("solo.sheet.doors-note"),
                                 tuple(say("solo.sheet.door", number=n) for n in range(1, doors + 1))))
    return blocks


def back_pages(campaign: Campaign, book: Book, numbers: dict[str, int], request: Request) -> bytes:
    """What each colour of this campaign is, to look up once a potion or wand has been used."""
    paper = request.paper
    doc = new_document(request.code, say("solo.title"), paper.size)
    lines = tuple(say("solo.sheet.colour", colour=item["colour"], kind=item["kind"], name=item["name"],
                      effect=item["effect"]) for item in colour_key(campaign.colours))
    play.draw_pages(doc.canvas, paper.size, say("solo.sheet.colours"),
                    [play.Said(say("solo.sheet.colours-note"), lines)])
    return doc.finish()
