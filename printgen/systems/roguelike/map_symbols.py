"""Roguelike's map symbols: its seven kinds of door, its marks, and which marks each area shows."""

from __future__ import annotations

from ...maps import glyphs
from ...maps.draw import Content
from ...maps.level import Area, Level
from ...maps.spots import area_spots
from ...maps.symbols import Symbols

WOOD, IRON = 1.0, 0.0  # a wooden door is drawn white, an iron one black

SYMBOLS = (
    Symbols(blocked_label="no room beyond", secret_label="secret way")
    .door("wooden", glyphs.door(WOOD), "wooden door")
    .door("locked-wooden", glyphs.locked(glyphs.door(WOOD)), "locked wooden door")
    .door("iron", glyphs.door(IRON), "iron door")
    .door("locked-iron", glyphs.locked(glyphs.door(IRON)), "locked iron door")
    .door("arch", glyphs.arch, "open arch")
    .door("portcullis", glyphs.portcullis, "portcullis")
    .door("locked-portcullis", glyphs.locked(glyphs.portcullis), "locked portcullis")
    .mark("way-in", glyphs.arrow_in, "the way in")
    .mark("stairs-down", glyphs.stairs(down=True), "stairs down")
    .mark("stairs-up", glyphs.stairs(down=False), "stairs up")
    .mark("trap", glyphs.warning("T"), "trap")
    .mark("chute", glyphs.ringed("↓"), "chute down (trap)")
    .mark("teleport", glyphs.ringed("T"), "teleport (trap)")
    .mark("teleport-end", glyphs.ringed("*"), "where a teleport lands")
    .mark("creatures", glyphs.letter("M"), "creatures")
    .mark("rival", glyphs.letter("@"), "rival @")
    .mark("chest", glyphs.chest(1.0), "loot")
    .mark("fountain", glyphs.fountain, "fountain")
    .mark("coffins", glyphs.coffins, "coffins, crypt")
    .mark("statue", glyphs.statue, "skull statue")
    .mark("pit", glyphs.hole(0.2), "pit")
    .mark("hole", glyphs.hole(0.2, 0.55), "hole")
    .mark("hoard", glyphs.chest(0.25, "$"), "the hoard")
)

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


def level_content(level: Level, entrance: dict | None) -> Content:
    """The marks of every area, and the way in: a door at the map's edge on level 1, stairs on the others."""
    content = Content(marks={area.number: area_marks(area, level) for area in level.areas})
    if level.number > 1:  # the players see the foot of the stairs they came down, where the referee's map has it
        arrival = level.area(level.arrival)
        spot = next(s for s in area_spots(arrival, content.marks[arrival.number]) if s.kind == "stairs-up")
        content.players.append(("stairs-up", spot.x, spot.y))
    if level.way_in is not None and entrance is not None:
        content.doors.append((level.way_in, True))
        x, y = level.way_in.at
        content.loose.append(("way-in", x + 0.5, y + 0.5, True))
        if entrance["kind"] in ("pit", "hole"):
            content.loose.append((entrance["kind"], x + 0.5, y + 1.5, True))
        if entrance["secret"]:
            content.loose.append(("statue", x + 1.6, y + 0.5, False))
    return content
