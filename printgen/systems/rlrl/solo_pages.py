"""The pages around a Rogue Like Roguelike solo booklet's sections: the cover, How to play alone, the play
sheet, and last the colours to look up.

The cover and How to play alone are the game's template (rlrl/solo-book.html),
laid out by WeasyPrint: the rules a lone rogue looks up (rolling, fights,
levels and the special abilities, spells, what every item does), the changes
for one player (data/solo.toml), and the designer's notes, the odds of
simulated rogues (solo_play.py) on this very booklet and over many. The play
sheet is drawn: the rogue's sheet as ``printgen sheet`` prints it (blank, or
the seed's first rogue made by the rules), then one page to tick and track
(sheets/play.py), the other side of the same sheet of paper. After the
sections, a page gives what each of this campaign's colours is: a potion or
wand is identified by using it, and only then looked up.
"""

from __future__ import annotations

from typing import Any

from ...cards import cover_art
from ...contracts import Request
from ...gamebook.model import Book
from ...render.booklet import Pages, blank_page, page_count
from ...render.canvas import new_document
from ...render.html import render_pdf
from ...sheets import play
from ...sheets.draw import FormCollector, Style
from ...sheets.play import play_sheet
from ...units import Paper, mm
from ...words import Words, key_of
from . import GAME, key, rules, sheet, solo_play
from .dungeon import met
from .generate import Campaign
from .reference import colour_key, loot_row_text
from .solo_book import DEAD, SQUEAKY, VICTORY, WAY_IN, locked_doors, solo

HP_TRACK = 55  # hit points a track runs to: two rows (6, and 1d6 a level for nine levels, rarely more)
LEFT_ALIVE = 3  # lines for fights left half fought
SHEET_EDGE, SHEET_FOOT, TITLE_BAND = mm(12), mm(14), 22.0  # play.draw_pages' margins and its title band


def choices(phrasebooks: Words) -> list[dict[str, str]]:
    """The solo booklet's choices, each text followed by the reference's lines it names (worded once there)."""
    say = phrasebooks.say_for(__package__)
    return [{"topic": c["topic"], "text": " ".join([c["text"], *(say(f"silent.{key}") for key in c.get("silent", ()))])}
            for c in solo()["choice"]]


def character(request: Request) -> dict[str, Any] | None:
    """The play sheet's rogue: None for a blank sheet, else the seed's first, as printgen sheet makes it, with
    what a rogue alone carries in (data/solo.toml, "What you start with") in the inventory and lock picks."""
    say = request.words.say_for(__package__)
    if request.options["character"] != "rolled":
        return None
    rogue = sheet.roll(request.words, request.code.stream("sheet", 1), 1)
    start = solo()["start"]
    rogue["inventory"] = [say("solo.kit.dagger", damage=start["dagger_damage"]),
                          say("solo.kit.picks", count=start["lock_picks"])]
    rogue["lockpicks"] = start["lock_picks"]
    return rogue


def difficulty_table(phrasebooks: Words) -> str:
    say = phrasebooks.say_for(__package__)
    return ", ".join(say("sheet.difficulty-row", levels=row["levels"], difficulty=row["difficulty"])
                     for row in rules.character()["difficulty"])


def abilities(phrasebooks: Words) -> list[dict[str, Any]]:
    """Every special ability, its effect as the rules give it, and how it plays alone where that needs saying."""
    say = phrasebooks.say_for(__package__)
    alone = say.section("solo.ability")
    numbers = {"bonus": solo()["ability"]["bonus"], "roll": solo()["ability"]["roll"]}
    found = []
    for ability in rules.character()["ability"]:
        code = key_of(ability["name"])
        note = say(f"solo.ability.{code}", **numbers) if code in alone else ""
        found.append({"name": ability["name"], "effect": ability["effect"], "alone": note,
                      "added": ability.get("added", False)})
    return found


def spells(phrasebooks: Words) -> list[dict[str, Any]]:
    """Every spell with its level and what it does for a lone rogue."""
    say = phrasebooks.say_for(__package__)
    found = []
    for half in rules.tables()["spell"].rows:
        for row in rules.tables()[half["table"]].rows:
            found.append({"name": row.result, "level": row["level"], "added": row.get("added", False),
                          "effect": say(f"solo.spell.{key_of(row.result)}")})
    return sorted(found, key=lambda s: (s["level"], s["name"]))


def items(phrasebooks: Words) -> list[dict[str, Any]]:
    """Every find of the Loot lists, by letter, with what it does (a potion's or wand's on the colours page
    only: it is known by its colour until used)."""
    found = []
    for letter in rules.LETTERS:
        rows = [{"roll": row.roll_text, "name": row.result, "effect": loot_row_text(phrasebooks, row.fields)}
                for row in rules.tables()[rules.loot(letter)].rows if row["kind"] not in ("gold", "potion", "wand")]
        if rows:
            found.append({"letter": letter, "rows": rows})
    return found


def stock(phrasebooks: Words) -> list[dict[str, str]]:
    """What a shop may sell besides loot: each thing once, with what it does."""
    say = phrasebooks.say_for(__package__)
    found = []
    seen = set()
    for row in rules.tables()["shop-stock"].rows:
        code = row.get("item")
        if code is None or code in seen:
            continue
        seen.add(code)
        found.append({"name": row.result, "price": key.price_text(phrasebooks, row["price"], row.get("each", False)),
                      "effect": say(f"solo.stock.{code}", armor=row.get("armor", ""), bonus=row.get("bonus", ""),
                                    skill=row.get("skill", ""))})
    return found


def front_pages(campaign: Campaign, book: Book, numbers: dict[str, int], request: Request) -> bytes:
    """The cover and How to play alone, an even number of pages, so that the rogue's sheet after them
    stands on a right-hand page and the play sheet on its back: one sheet of paper."""
    say = request.words.say_for(__package__)
    pages = render_pdf(
        "rlrl/solo-book.html", request.code, say("solo.title"), request.paper, request.templates, listener=request.listener,
        game_title=request.game.title, levels=len(campaign.levels), sections=len(book.sections),
        areas=sum(len(built.level.areas) for built in campaign.levels), rooms=campaign.rooms,
        start=numbers[WAY_IN], won=numbers[VICTORY], dead=numbers[DEAD], rolled=character(request) is not None,
        difficulty=rules.character()["difficulty"], max_pool=rules.character()["max_pool"],
        food=rules.campaign()["food"], choices=choices(request.words), abilities=abilities(request.words),
        spells=spells(request.words), items=items(request.words),
        stock=stock(request.words), start_gear=solo()["start"], odds=notes(book, request),
        bare_hands=solo()["fight"]["bare_hands"],
        art=cover_art.for_game(request.words, GAME.templates, "@", *met(campaign)),
    phrasebooks=request.words,
    )
    if page_count(pages) % 2 == 0:
        return pages
    with Pages(blank_page(request.code, request.paper, say("booklet.blank-side"))) as gathered:
        gathered.add(pages)
        gathered.blank()
        return gathered.save()


def notes(book: Book, request: Request) -> dict[str, Any]:
    """The designer's notes' figures: this booklet played by each kind of simulated rogue, and the same players
    over many campaigns as benchmarks/solo.py last measured them (data/odds.toml)."""
    tallies = solo_play.simulate(book, request.code)
    this = [_odds_row(request.words, kind, tally.share("won"), tally.reached(2), tally.share("died"),
                      tally.mean_deepest())
            for kind, tally in tallies.items()]
    measured = GAME.data("odds")
    many = {"seeds": measured["seeds"], "plays": measured["plays"], "rooms": measured["rooms"],
            "rows": [_odds_row(request.words, row["player"], row["won"], row["out"], row["died"], row["deepest"])
                     for row in measured["row"]]}
    return {"plays": solo_play.NOTES_PLAYS, "players": solo_play.PLAYERS, "this": this, "many": many,
            "entrance": _percent(tallies["careful"].deadliest_first())}


def _odds_row(phrasebooks: Words, kind: str, won: float, out: float, died: float, deepest: float) -> dict[str, str]:
    say = phrasebooks.say_for(__package__)
    return {"player": say(f"solo.notes.name-{kind}"), "won": _percent(won), "out": _percent(out),
            "died": _percent(died), "deepest": f"{deepest:.1f}"}


def _percent(share: float) -> str:
    return f"{100 * share:.0f}%"


def sheet_pages(campaign: Campaign, book: Book, numbers: dict[str, int], request: Request) -> bytes:
    say = request.words.say_for(__package__)
    start = solo()["start"]
    note = say("solo.kit.note", damage=start["dagger_damage"], count=start["lock_picks"])

    def rogue(c, width: float, height: float) -> None:
        sheet.draw(request.words, c, width, height, "rogue", character(request), Style(), FormCollector(enabled=False),
                   request.code,
                   note=note, abilities=say("solo.kit.abilities"))

    return play_sheet(request.code, request.paper, say("solo.title"), rogue, say("solo.sheet.title"),
                      play_blocks(request.words, campaign, book, numbers, request.paper), listener=request.listener)


def play_blocks(phrasebooks: Words, campaign: Campaign, book: Book, numbers: dict[str, int], paper: Paper | None = None
                ) -> list[play.Block]:
    """The play sheet's page: one side of the paper, the rogue's sheet on the other. Where a long campaign's
    boxes would run onto a second page, the track of hit points goes first (the rogue's sheet has a box
    for them), then the standing orders (How to play alone has them)."""
    say = phrasebooks.say_for(__package__)
    marks = book.marks()
    ticked = tuple(sorted(numbers[m] for m in marks if m in book.sections))
    levels = range(1, len(campaign.levels) + 1)
    orders = play.Said(say("solo.sheet.rules"), (
        say("solo.sheet.start", to=numbers[WAY_IN]),
        say("solo.sheet.dead", to=numbers[DEAD]),
        say("solo.sheet.difficulty", table=difficulty_table(phrasebooks)),
    ))
    track = play.Numbers(say("solo.sheet.hp"), say("solo.sheet.hp-note"), tuple(range(HP_TRACK + 1)))
    kept: list[play.Block] = [
        play.Named(say("solo.sheet.keys"), say("solo.sheet.keys-note"),
                   tuple(say("solo.sheet.key", level=n) for n in levels)
                   + tuple(say("solo.sheet.hack", level=n) for n in levels)
                   + ((say("solo.sheet.squeaky"),) if SQUEAKY in marks else ())),
        play.Numbers(say("solo.sheet.ticks"), say("solo.sheet.ticks-note"), ticked),
    ]
    doors = len(locked_doors(campaign))
    if doors:
        kept.append(play.Numbers(say("solo.sheet.doors"), say("solo.sheet.doors-note"), tuple(range(1, doors + 1))))
    kept.append(play.Lines(say("solo.sheet.left"), say("solo.sheet.left-note"), LEFT_ALIVE))
    for blocks in ([orders, track, *kept], [orders, *kept], kept):
        if paper is None or fits(blocks, paper):
            return blocks
    return kept


def fits(blocks: list[play.Block], paper: Paper) -> bool:
    """Whether the blocks stand on one page of the play sheet (sheets/play.py's margins and title band)."""
    width = paper.width - 2 * SHEET_EDGE
    room = paper.height - SHEET_EDGE - SHEET_FOOT - TITLE_BAND
    return sum(play.height(block, width) + play.BLOCK_GAP for block in blocks) <= room


def back_pages(campaign: Campaign, book: Book, numbers: dict[str, int], request: Request) -> bytes:
    """What each colour of this campaign is, to look up once a potion or wand has been used."""
    say = request.words.say_for(__package__)
    paper = request.paper
    doc = new_document(request.code, say("solo.title"), paper.size)
    lines = tuple(say("solo.sheet.colour", colour=item["colour"], kind=item["kind"], name=item["name"],
                      effect=item["effect"]) for item in colour_key(request.words, campaign.colours))
    play.draw_pages(doc.canvas, paper.size, say("solo.sheet.colours"),
                    [play.Said(say("solo.sheet.colours-note"), lines)])
    return doc.finish(request.listener)
