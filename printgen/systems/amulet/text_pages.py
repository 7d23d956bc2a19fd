"""The text pages of Amulet: the cover, drawn; the treasure level, the reference and the tactics through the
game's templates; what the dice gave each room, for dice_page to draw.

The dungeon's pages of text are the cover and the dice behind each room,
both drawn (render/drawn_cover.py, dice_page.py), and one document laid out
by WeasyPrint: the treasure level, then the rules at hand with how the
monsters fight, each part opening with one top-level heading, going on from
the dice. It names no dungeon (only whether it scales), so it is the same in
every booklet on the same paper: WeasyPrint lays it out once and the user's
cache keeps it (render/html.py); on a cold cache it is laid out beside the
maps, in the booklet's other process. Compose embeds each font once.
"""

from __future__ import annotations

from typing import Any

from ...cards import cover_art
from ...render import drawn_cover, house
from ...render.canvas import printed_code
from ...render.html import kept_pdf, render_pdf
from ...words import Words
from . import GAME, rules, swarms
from .key import dungeon_key
from .model import UNIT_FEET, Dungeon

PERCENTS = (25, 50, 75, 100)
ROOM_SIZES = (1, 2, 3, 4, 5)


def swarm_table(phrasebooks: Words) -> list[dict[str, Any]]:
    """Swarm health for each size of swarm in each size of room."""
    return [{"label": f"{p}%", "health": [swarms.swarm_health(s, p) for s in ROOM_SIZES],
             "reach": swarms.reach_words(phrasebooks, swarms.PCS_SWARMED[p])} for p in PERCENTS]


def reference_context(request) -> dict[str, Any]:
    return {"game_title": request.game.title, "reference": rules.reference(),
            "choices": list(rules.in_brief(request.words)),
            "swarm_sizes": list(ROOM_SIZES), "swarm_table": swarm_table(request.words),
            "health_changes": rules.health_changes(request.words)}


def reference_pdf(request) -> bytes:
    say = request.words.say_for(__package__)
    title = say("document.reference", game=request.game.title)
    return render_pdf("amulet/reference.html", request.code, title, request.paper, request.templates,
                      listener=request.listener, **reference_context(request), phrasebooks=request.words,
                      seed_free=True)


def rules_pdf(request, scaling: bool, only_kept: bool = False) -> bytes | None:
    """The booklet's last pages: the treasure level (as the rules give it, with ``scaling`` or without), then the
    rules at hand, ending with how the monsters fight. They name no dungeon, so they are the same in every
    booklet on the same paper (and kept; ``only_kept``: only where they are kept, else None); they go on from
    the booklet's other pages, so their first page keeps the running header."""
    say = request.words.say_for(__package__)
    tactics = [{"code": code, "name": m["name"], "designed": m.get("designed", False),
                "tactics": rules.tactics(request.words, code)}
               for code, m in rules.monsters().items()]
    return (kept_pdf if only_kept else render_pdf)(
        "amulet/booklet.html", request.code, say("document.dungeon", game=request.game.title), request.paper,
        request.templates, listener=request.listener, opens_file=False, heads_first_page=True, tactics=tactics,
        scaling=scaling, treasure=rules.reference()["treasure"], **reference_context(request),
        phrasebooks=request.words, seed_free=True)


def cover_pdf(dungeon: Dungeon, request) -> bytes:
    """The cover, drawn (render/drawn_cover.py): what the dungeon is, what the booklet holds, the facts, round the
    game's art; its words are the phrasebook's (``cover.``)."""
    say = request.words.say_for(__package__)
    levels = dungeon.levels
    rooms = " · ".join(say("cover.rooms-treasure", number=level.number) if level.data["kind"] == "treasure"
                       else say("cover.rooms-level", number=level.number, rooms=len(level.areas))
                       for level in levels)
    count = say("cover.levels-scaling", levels=len(levels)) if dungeon.scaling else str(len(levels))
    cover = drawn_cover.Cover(
        kicker=request.game.title,
        title=say("cover.title", levels=len(levels)) if len(levels) != 1 else say("cover.title-one"),
        sub=say("cover.sub"), lede=say("cover.lede"),
        inside=[(say(f"cover.{part}-lead"), say(f"cover.{part}"))
                for part in ("maps", "dice", "treasure", "rules", "players")],
        facts=[(say("cover.levels"), count, False),
               (say("cover.level-size"), say("cover.level-size-is", size=dungeon.level_size, feet=UNIT_FEET), False),
               (say("cover.rooms"), rooms, False), (say("cover.seed-code"), printed_code(request.code), True)],
        art=cover_art.for_game(request.words, GAME.templates, "gem-pendant", *met(dungeon)),
        credit=say("cover.credit", game=request.game.title, credit=request.game.credit))
    return drawn_cover.cover_pdf(request.words, cover, request.code, request.paper,
                                 say("document.dungeon", game=request.game.title), house.look(GAME.templates),
                                 request.listener)


def met(dungeon: Dungeon) -> tuple[list[str], list[str]]:
    """The pictures of what the dungeon holds, room by room: its monsters in the order it meets them (a
    generator, then what it makes; a swarm's monster; a wraith, a mimic, a mini-boss), then its rooms' contents."""
    pictures = GAME.data("pictures")
    monsters, contents = [], []
    for level in dungeon.levels:
        for area in level.areas:
            for encounter in area.data.get("encounters", ()):
                monsters += [pictures["monster"][code] for code in (encounter["code"], encounter.get("monster"))
                             if code in pictures["monster"]]
            contents += [pictures["contents"][c["code"]] for c in area.data.get("contents", ())
                         if c["code"] in pictures["contents"]]
    return monsters, contents


def dice(phrasebooks: Words, dungeon: Dungeon) -> dict[str, Any]:
    """The dice behind each room as one table: a column for each table a room was rolled on (in the
    phrasebook's order), and level by level a row for each room with the totals it rolled there."""
    say = phrasebooks.say_for(__package__)
    levels = mapped(dungeon)
    used = [t for t in say.section("key.roll") if any(t in area.rolls for level in levels for area in level.areas)]
    return {"columns": [say(f"key.roll.{t}") for t in used],
            "levels": [{"number": level.number,
                        "rows": [{"room": f"{level.number}.{area.number}",
                                  "cells": [", ".join(str(total) for total in area.rolls.get(t, ())) for t in used]}
                                 for area in level.areas]} for level in levels]}


def mapped(dungeon: Dungeon) -> list:
    """The levels with a map (and a key of their own): all but the treasure levels."""
    return [level for level in dungeon.levels if level.data["kind"] != "treasure"]


def mapped_keys(phrasebooks: Words, dungeon: Dungeon) -> list[dict[str, Any]]:
    """The keys of the levels with a map, in order (a treasure level's words close the key before it)."""
    return [level for level in dungeon_key(phrasebooks, dungeon) if level["kind"] != "treasure"]
