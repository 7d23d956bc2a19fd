"""The pages before a Roguelike solo booklet's sections: the cover, How to play alone, the lists, the
designer's notes, and the play sheet.

The cover and the designer's notes print what this seed rolled: one document
of the game's template (roguelike/solo-book.html), laid out by WeasyPrint for
each booklet; the notes are this very booklet played by the three simulated
players of solo_play.py. Between them
stand How to play alone and the lists (roguelike/solo-rules.html), which name
nothing of the seed, so they are laid out once and kept in the user's cache
(render/html.py), the booklet's running head drawn on them: the solo choices
of data/solo.toml and the rules a lone player looks up (the fight, points and
levels, the special attacks), then the reference page's lists (reference.py:
the occupation and race tables, the special abilities, the spells, miracles,
weapons and armor, from the game's data), so the booklet holds every list a
lone player rolls on or chooses from. The play sheet is drawn: the Character
Record as ``printgen sheet`` prints it (blank, or the seed's first character
rolled by the rules), its points table without what the rules say to ignore
alone, then a page to tick and track (sheets/play.py), the two one sheet.
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

from ...cards import cover_art
from ...contracts import Request
from ...gamebook.model import Book
from ...render import fonts, house, text
from ...render.booklet import Pages, page_count, stamped
from ...render.canvas import new_document
from ...render.html import kept_pdf, render_pdf
from ...sheets import play
from ...sheets.draw import FormCollector, Style
from ...sheets.play import play_sheet
from ...words import Words
from . import GAME, reference, rules, sheet, solo_play
from .generate import Dungeon
from .key import met
from .solo_book import DEAD, VICTORY, WAY_IN, WIN_POINTS, locked_doors

HEAD_BASELINE = 30.845  # the running head's baseline, down from the page's top, where WeasyPrint sets base.html's
HEALTH_TRACK = 40  # Health a track runs to: a Barbarian's 20, and levels' worth more
LEFT_LINES = 5  # lines for creatures left alive in a fight run from: a fight's number and each one's Health


def choices(phrasebooks: Words) -> list[dict[str, str]]:
    """The solo choices (data/solo.toml), a rule the text names filled in from the phrasebook."""
    return [{"topic": c["topic"], "text": c["text"]} for c in GAME.data("solo")["choice"]]


def character(request: Request) -> dict[str, Any] | None:
    """The play sheet's character: None for a blank record, else the seed's first, as printgen sheet rolls it."""
    if request.options["character"] != "rolled":
        return None
    return sheet.roll(request.words, request.code.stream("sheet", 1), 1)


def front_pages(dungeon: Dungeon, book: Book, numbers: dict[str, int], request: Request) -> bytes:
    """The cover and the designer's notes, which print what this seed rolled: one document, laid out for each
    booklet (How to play alone and the lists go between them: kept_front_pages, with_kept_front)."""
    e = dungeon.entrance
    row = next(r for r in rules.tables()["entrance"].rows if r["kind"] == e["kind"])
    game = request.game
    assert game is not None  # a solo booklet is always one game's
    return render_pdf(
        "roguelike/solo-book.html", request.code, _title(dungeon, request), request.paper,
        request.templates, listener=request.listener, dungeon_name=dungeon.name, game_title=game.title, credit=game.credit,
        levels=len(dungeon.levels), sections=len(book.sections),
        areas=sum(len(level.areas) for level in dungeon.levels),
        entrance=e["type"], description=row["description"], screen=screen(),
        art=cover_art.for_game(request.words, GAME.templates, "@",
                               *met([a for level in dungeon.levels for a in level.areas])),
        start=numbers[WAY_IN], **notes_context(book, request), phrasebooks=request.words,
    )


def kept_front_pages(numbers: dict[str, int], request: Request, only_kept: bool) -> bytes | None:
    """How to play alone and the lists. They name nothing of the seed (a section they send the reader to is the
    play sheet's standing orders'): one document the same in every booklet on the same paper, laid out once and
    kept in the user's cache (render/html.py; ``only_kept``: only where it is kept, else None)."""
    say = request.words.say_for(__package__)
    game = request.game
    assert game is not None
    return (kept_pdf if only_kept else render_pdf)(
        "roguelike/solo-rules.html", request.code, say("solo.rules-title"), request.paper, request.templates,
        listener=request.listener, opens_file=False, heads_first_page=True, game_title=game.title,
        credit=game.credit, start=numbers[WAY_IN], win_points=WIN_POINTS, rolled=character(request) is not None,
        living=alone_points(), page={"specials": {special: rules.special_rule(request.words, special)
                                                  for special in ("Poison", "Curse", "Paralyze")}},
        choices=choices(request.words), **reference.context(request.words), phrasebooks=request.words,
        seed_free=True,
    )


def with_kept_front(dungeon: Dungeon, front: bytes, kept: bytes, request: Request) -> bytes:
    """The front pages in their order: the cover, How to play alone and the lists (``kept``, with the booklet's
    running head drawn on them: running_head), the designer's notes."""
    title = _title(dungeon, request)
    with Pages() as pages:
        pages.add(front, 0, 1)  # the cover
        pages.add(stamped(kept, running_head(request, title, page_count(kept))))
        pages.add(front, 1)  # the designer's notes
        return pages.save()


def _title(dungeon: Dungeon, request: Request) -> str:
    return request.words.say_for(__package__)("solo.title", name=dungeon.name)


def running_head(request: Request, title: str, count: int) -> bytes:
    """``count`` pages bearing only the booklet's running head, drawn where base.html lays it out (the top margin's
    left box, its foot 2.4 mm above the text, the house's inset in) in the game's face and accent colour, for
    the kept pages, which lay none out."""
    paper = request.paper
    doc = new_document(request.code, title, paper.size)
    c = doc.canvas
    look = house.look(GAME.templates)
    face = fonts.MONO if look.head_font == fonts.MONO_BOLD else fonts.SERIF  # the head face, upright
    for _ in range(count):
        c.setFillColorRGB(*look.accent)
        text.draw_run(c, house.SIDE + house.INSET, paper.height - HEAD_BASELINE, title, face, house.HEADER)
        c.showPage()
    return doc.finish()


def alone_points() -> list[tuple[str, int]]:
    """The points a lone character earns: the rules' living ones, but the last @ on the screen's."""
    return [(i["name"], i["points"]) for i in rules.data_list("points").items
            if i["who"] == "living" and i["code"] != "last-standing"]


def screen() -> Markup:
    """The cover's picture (data/solo.toml), the @ and the creatures picked out."""
    cover = GAME.data("solo")["cover"]
    marked = []
    for char in cover["screen"].strip("\n"):
        if char == "@":
            marked.append(Markup("<b>@</b>"))
        elif char in cover["creatures"]:
            marked.append(Markup("<i>{}</i>").format(char))
        else:
            marked.append(escape(char))
    return Markup("").join(marked)


def notes_context(book: Book, request: Request) -> dict[str, Any]:
    """The designer's notes' figures: this booklet played by each kind of simulated player."""
    say = request.words.say_for(__package__)
    tallies = solo_play.simulate(book, request.code)
    levels = sorted({s.level for s in book.sections.values() if s.level is not None})[1:]
    rows = [{"name": say(f"solo.notes.{kind}"), "about": say(f"solo.notes.{kind}-about"),
             "won": _percent(t.share("won")), "died": _percent(t.share("died")), "left": _percent(t.share("left")),
             "reached": [_percent(t.reached(level)) for level in levels]}
            for kind, t in tallies.items()]
    return {"plays": solo_play.NOTES_PLAYS, "seed": request.code.seed, "seen_levels": levels, "rows": rows,
            "first_deaths": _percent(tallies["careful"].deadliest_first())}


def _percent(share: float) -> str:
    return f"{100 * share:.0f}"


def sheet_pages(dungeon: Dungeon, book: Book, numbers: dict[str, int], request: Request) -> bytes:
    say = request.words.say_for(__package__)
    def record(c, width: float, height: float) -> None:
        sheet.draw(request.words, c, width, height, "record", character(request), Style(),
                   FormCollector(enabled=False), request.code,
                   alone=True)

    return play_sheet(request.code, request.paper, say("solo.title", name=dungeon.name), record, say("solo.sheet.title"),
                      play_blocks(request.words, dungeon, book, numbers), listener=request.listener)


def back_pages(dungeon: Dungeon, book: Book, numbers: dict[str, int], request: Request) -> None:
    """Nothing to look up after the sections: a Roguelike character knows what it finds."""
    return None


def play_blocks(phrasebooks: Words, dungeon: Dungeon, book: Book, numbers: dict[str, int]) -> list[play.Block]:
    say = phrasebooks.say_for(__package__)
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
    blocks.append(play.Lines(say("solo.sheet.left"), say("solo.sheet.left-note"), LEFT_LINES))
    blocks.append(play.Lines(say("solo.sheet.ailments"), say("solo.sheet.ailments-note"), 2))
    return blocks

