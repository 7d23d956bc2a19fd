"""The rules' own map marks, registered with the map engine, which draws them; and the marks written in rooms.

Crumble: a wavy wall. Secret: an S across the wall (mapper's copy only).
Walldoor and Door: a C across the opening, over a dashed line (the wall
itself opens) or a solid one (a door's leaf). Open: an O over a dotted
threshold, parting the two rooms. Food ward: two ticks. Treasure wall: a tick in
each unit. Teleporter: a small square in the room. Stair: a box of treads.
Murder hole: a small diamond in the wall. In each room of the mapper's copy,
its contents and encounter in a few letters (words.toml's [mark] tables).
"""

from __future__ import annotations

from typing import Any

from ...maps import glyphs
from ...maps.symbols import Symbols
from ...words import Words
from . import rules

MURDER_HOLE = "murder-hole"


def legend(phrasebooks: Words, kind: str) -> str:
    """The legend's words for an exit kind's mark, under the exit's own name."""
    say = phrasebooks.say_for(__package__)
    return say(f"map.legend.{kind}", name=say(f"exit.{kind}"))


def symbols(phrasebooks: Words) -> Symbols:
    say = phrasebooks.say_for(__package__)
    return (Symbols(secret_label=legend(phrasebooks, "secret"))
            .wall_door("crumble", glyphs.wavy(), legend(phrasebooks, "crumble"))
            .wall_door("walldoor", glyphs.opening("C", glyphs.DASHED), legend(phrasebooks, "walldoor"))
            .wall_door("door", glyphs.opening("C", glyphs.SOLID), legend(phrasebooks, "door"))
            .wall_door("open", glyphs.opening("O", glyphs.DOTTED), legend(phrasebooks, "open"))
            .wall_door("food", glyphs.ticked(2), legend(phrasebooks, "food"))
            .wall_door("treasure", glyphs.ticked(), legend(phrasebooks, "treasure"))
            .wall_door("secret", glyphs.on_wall(glyphs.secret), "")
            .door("teleport", glyphs.pad, legend(phrasebooks, "teleport"))
            .door("stair", glyphs.treads, legend(phrasebooks, "stair"))
            .mark("start", glyphs.star, say("map.legend.start"))
            .wall_mark(MURDER_HOLE, glyphs.on_wall(glyphs.diamond, 0.2),
                       say("map.legend.murder-hole", name=rules.content_name(MURDER_HOLE))))


def encounter_mark(phrasebooks: Words, item: dict[str, Any]) -> str:
    """A room's encounter as a few letters on the map: 'Hob 75%', 'Gen Dem', 'Wr', 'Mim'."""
    say = phrasebooks.say_for(__package__)
    code = item["code"]
    monster = say(f"mark.monster.{item['monster']}") if "monster" in item else ""
    if code == "swarm":
        if item["lone"]:
            return say("mark.encounter.lone", monster=monster)
        return say("mark.encounter.swarm", monster=monster, percent=item["percent"])
    if code == "generator":
        return f"{say('mark.encounter.generator')} {monster}"
    return "" if code == "none" else say(f"mark.encounter.{code}")


def grouped(phrasebooks: Words, marks: list[str]) -> list[str]:
    """Marks in order of first appearance, a repeated one written once with its count: 'Tz×3', 'Ke'."""
    say = phrasebooks.say_for(__package__)
    counts: dict[str, int] = {}
    for mark in marks:
        counts[mark] = counts.get(mark, 0) + 1
    return [mark if n == 1 else say("mark.repeated", mark=mark, count=n) for mark, n in counts.items()]


def room_marks(phrasebooks: Words, area) -> tuple[list[str], list[str]]:
    say = phrasebooks.say_for(__package__)
    contents = grouped(phrasebooks,
                       [say(f"mark.contents.{c['code']}") for c in area.data["contents"] if c["code"] != "none"])
    encounters = grouped(phrasebooks,
                         [m for m in (encounter_mark(phrasebooks, e) for e in area.data["encounters"]) if m])
    return contents, encounters
