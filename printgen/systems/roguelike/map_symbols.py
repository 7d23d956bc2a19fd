"""Roguelike's map symbols: its seven kinds of door, its marks, and which marks each area shows."""

from __future__ import annotations

from ...maps import glyphs
from ...maps.draw import Content
from ...maps.level import Area, Level
from ...maps.offpage import GAP, PORTAL
from ...maps.symbols import Symbols
from ...words import Words

WOOD, IRON = 1.0, 0.0  # a wooden door is drawn white, an iron one black

DOORS = {
    "wooden": glyphs.door(WOOD),
    "locked-wooden": glyphs.locked(glyphs.door(WOOD)),
    "iron": glyphs.door(IRON),
    "locked-iron": glyphs.locked(glyphs.door(IRON)),
    "arch": glyphs.arch,
    "portcullis": glyphs.portcullis,
    "locked-portcullis": glyphs.locked(glyphs.portcullis),
}
MARKS = {
    "way-in": glyphs.arrow_in,
    "stairs-down": glyphs.stairs(down=True),
    "stairs-up": glyphs.stairs(down=False),
    "trap": glyphs.warning("T"),
    "chute": glyphs.ringed("↓"),
    "teleport": glyphs.ringed("T"),
    "teleport-end": glyphs.ringed("*"),
    "creatures": glyphs.letter("M"),
    "rival": glyphs.letter("@"),
    "chest": glyphs.chest(1.0),
    "fountain": glyphs.fountain,
    "coffins": glyphs.coffins,
    "statue": glyphs.statue,
    "pit": glyphs.hole(0.2),
    "hole": glyphs.hole(0.2, 0.55),
    "hoard": glyphs.chest(0.25, "$"),
}


# What each door is in a virtual tabletop's scene: every door and portcullis opens and closes; an arch
# (and a passage running on) is a gap in the walls.
VTT_KINDS = {**{kind: PORTAL for kind in DOORS}, "arch": GAP, "open": GAP}
STAIRS = ("stairs-up", "stairs-down")


def symbols(phrasebooks: Words) -> Symbols:
    """The doors and marks, each with its legend's words: the door's name (words.toml [door]), the mark's
    meaning ([legend])."""
    say = phrasebooks.say_for(__package__)
    legend = say.section("legend")
    found = Symbols(blocked_label=legend["blocked"], secret_label=legend["secret"])
    for kind, glyph in DOORS.items():
        found.door(kind, glyph, say(f"door.{kind}"))
    for kind, glyph in MARKS.items():
        found.mark(kind, glyph, legend[kind], anchored=kind in ANCHORED)
    return found


# Marks that stand where their thing is: never beside an area's number in a callout.
ANCHORED = frozenset({"stairs-down", "stairs-up", "trap", "chute", "teleport", "teleport-end", "pit", "hole"})


TRAP_MARKS = {"chute": "chute", "razor-chute": "chute", "teleport": "teleport"}


def area_marks(area: Area, level: Level) -> list[str]:
    """What the referee's map shows in an area, most important first."""
    contents = area.data["contents"]
    kind = contents["kind"]
    marks = []
    if area.number == level.arrival and level.number > 1:
        marks.append("stairs-up")
    if kind == "stairs-down" or "stairs-down" in area.data.get("added", []):
        marks.append("stairs-down")
    if kind == "stairs-up-trap":
        marks.append("stairs-up")
    if "trap" in contents:
        marks.append(TRAP_MARKS.get(contents["trap"]["kind"], "trap"))
    if kind == "crypt":
        marks.append("coffins")
    if "creatures" in contents:
        marks.append("rival" if contents["creatures"].get("rivals") else "creatures")
    if kind in ("loot", "loot-chest"):
        marks.append("chest")
    if kind == "fountain":
        marks.append("fountain")
    if "hoard" in area.data:
        marks.append("hoard")
    if any(link.kind == "teleport" and link.area == area.number for a in level.areas for link in a.links):
        marks.append("teleport-end")
    return marks


def level_content(level: Level, entrance: dict | None, cave_seed: str = "") -> Content:
    """The marks of every area, and the way in: a door at the map's edge on level 1, stairs on the others;
    natural chambers and caverns drawn with rough cave walls, seeded by ``cave_seed``."""
    content = Content(marks={area.number: area_marks(area, level) for area in level.areas},
                      caves=tuple(area.number for area in level.areas if area.data["natural"]), cave_seed=cave_seed)
    if level.number > 1:  # the players see the foot of the stairs they came down, where the referee's map has it
        content.copied = ((level.arrival, "stairs-up"),)
    if level.way_in is not None and entrance is not None:
        content.doors.append((level.way_in, True))
        x, y = level.way_in.at
        content.loose.append(("way-in", x + 0.5, y + 0.5, True))
        if entrance["kind"] in ("pit", "hole"):
            content.loose.append((entrance["kind"], x + 0.5, y + 1.5, True))
        if entrance["secret"]:
            content.loose.append(("statue", x + 1.6, y + 0.5, False))
    return content


def players_content(level: Level, entrance: dict | None, cave_seed: str = "") -> Content:
    """What the players' own picture of a level shows beside walls and doors: the way in, and every
    staircase where the Referee's map has it."""
    content = level_content(level, entrance, cave_seed)
    content.copied = tuple((area, mark) for area, marks in content.marks.items() for mark in marks if mark in STAIRS)
    return content
