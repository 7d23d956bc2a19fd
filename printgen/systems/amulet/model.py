"""An Amulet dungeon as plain data: levels, rooms, exits, what they hold and the rolls behind it.

``as_data`` gives the dungeon contract every game shares (levels, areas with
cells, rolls, exits and links) plus Amulet's own fields, all codes and numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .shapes import DIRECTION_CODES, Cell, Footprint, Wall, step

SIDE_NAMES = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west")



@dataclass
class Exit:
    kind: str  # stair, crumble, secret, walldoor, door, open, food, treasure, teleport
    walls: list[Wall] = field(default_factory=list)  # the units of wall it takes; none for a stair or teleporter
    heading: int = 0  # the compass direction it was rolled in (a long wall faces two)
    secret: bool = False
    leads: str = "unexplored"
    to: int | None = None
    also: list[int] = field(default_factory=list)  # further rooms behind a long opening
    spot: Cell | None = None  # the square a stair or teleporter stands in
    rolled_as: str = ""  # the table's type, where a rule changed it
    why: str = ""  # the rule that made or changed it
    rolled: bool = True  # False: added by a rule, not by the dice
    mirror: bool = False  # the far side of another room's exit, drawn once from there

    @property
    def far_cells(self) -> list[Cell]:
        return [step(w.cell, self.heading) for w in self.walls]

    def as_data(self) -> dict[str, Any]:
        first = self.walls[0] if self.walls else None
        data: dict[str, Any] = {"kind": self.kind, "secret": self.secret, "to": self.to, "leads": self.leads,
                                "rolled": self.rolled and not self.mirror,
                                "at": list(first.cell if first else self.spot),
                                "side": SIDE_NAMES[first.side] if first else None,
                                "direction": DIRECTION_CODES[self.heading], "length": len(self.walls),
                                "wall": [[w.cell[0], w.cell[1], w.side] for w in self.walls]}
        for key in ("also", "spot", "rolled_as", "why"):
            value = getattr(self, key)
            if value:
                data[key] = list(value) if isinstance(value, tuple) else value
        if self.mirror:
            data["mirror"] = True
        return data


@dataclass
class Area:
    number: int
    room: Footprint
    size_rolled: int
    rolls: dict[str, list[int]]
    entered_from: int | None = None
    entered_by: str = "exit"  # exit, murder-hole, stair (the first room of a level)
    exits: list[Exit] = field(default_factory=list)
    links: list[dict[str, Any]] = field(default_factory=list)
    contents: list[dict[str, Any]] = field(default_factory=list)
    encounters: list[dict[str, Any]] = field(default_factory=list)
    exits_rolled: int = 0

    @property
    def size(self) -> int:
        return self.room.size

    def as_data(self) -> dict[str, Any]:
        room = self.room
        shape: dict[str, Any] = {"width": room.width, "height": room.height}
        if room.shape == "Triangle":
            shape.update(legs=room.width, facing=SIDE_NAMES[room.facing])
        elif room.facing >= 0:  # a Hallway at 45°
            shape.update(diagonal=room.width, runs="north-west" if room.facing == 3 else "north-east")
        return {
            "number": self.number, "type": room.shape, "size": room.size, "size_rolled": self.size_rolled,
            "shape": shape, "cells": [list(c) for c in sorted(room.cells)],
            "outline": [list(p) for p in room.corners], "origin": list(room.origin),
            "rolls": self.rolls, "entered_from": self.entered_from, "entered_by": self.entered_by,
            "exits_rolled": self.exits_rolled, "exits": [e.as_data() for e in self.exits], "links": self.links,
            "contents": self.contents, "encounters": self.encounters,
        }


@dataclass
class Level:
    number: int
    kind: str  # normal, mini-boss, treasure
    width: int
    height: int
    areas: list[Area] = field(default_factory=list)

    def area(self, number: int) -> Area:
        return self.areas[number - 1]

    def as_data(self) -> dict[str, Any]:
        return {"number": self.number, "kind": self.kind, "width": self.width, "height": self.height,
                "areas": [a.as_data() for a in self.areas]}


@dataclass
class Dungeon:
    levels: list[Level]
    level_size: int
    scaling: bool
    choices: tuple[dict[str, str], ...]

    def as_data(self) -> dict[str, Any]:
        return {"level_size": self.level_size, "unit_feet": 10, "scaling": self.scaling,
                "levels": [level.as_data() for level in self.levels],
                "choices": [dict(c) for c in self.choices]}
