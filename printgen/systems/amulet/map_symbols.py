"""The rules' own map marks, registered with the map engine, which draws them.

Crumble: a wavy wall. Secret: an S across the wall (mapper's copy only).
Walldoor and Door: a C across the opening (a walldoor's opening is the wall
itself, dashed). Open: an O. Food ward: two ticks. Treasure wall: a tick in
each unit. Teleporter: a small square in the room. Stair: a box of treads.
Murder hole: a small diamond in the wall.
"""

from __future__ import annotations

from ...maps import glyphs
from ...maps.symbols import Symbols

MURDER_HOLE = "murder-hole"


def symbols() -> Symbols:
    return (Symbols(secret_label="Secret door: S across the wall")
            .wall_door("crumble", glyphs.wavy(), "Crumble: wavy wall, one unit")
            .wall_door("walldoor", glyphs.opening("C", dashed=True), "Walldoor: C over a long opening")
            .wall_door("door", glyphs.opening("C"), "Door: C in a one-unit gap")
            .wall_door("open", glyphs.opening("O"), "Open: O in the gap")
            .wall_door("food", glyphs.ticked(2), "Food ward: two ticks")
            .wall_door("treasure", glyphs.ticked(), "Treasure wall: a tick a unit")
            .wall_door("secret", glyphs.on_wall(glyphs.secret), "")
            .door("teleport", glyphs.pad, "Teleporter: small square")
            .door("stair", glyphs.treads, "Stair down")
            .wall_mark(MURDER_HOLE, glyphs.on_wall(glyphs.diamond, 0.2), "Murder hole in the wall"))
