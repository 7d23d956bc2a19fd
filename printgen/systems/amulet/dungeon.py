"""A whole Amulet dungeon: normal levels, and with Scaling the mini-boss and treasure levels.

Every level is the same size in units. Stairs lead to the first room of the
next level; the stairs of the deepest printed level lead to a level rolled
in play.
"""

from __future__ import annotations

from ...seed import SeedCode
from . import room_rolls, rules
from .level import LevelBuilder, build_level
from .model import Dungeon, Level
from .shapes import DIRECTIONS, opposite

MINI_BOSS_EVERY = 10
MINI_BOSS_MIN_SIZE = 2


def level_kind(number: int, scaling: bool) -> str:
    if scaling and number % MINI_BOSS_EVERY == 0:
        return "mini-boss"
    if scaling and number > MINI_BOSS_EVERY and number % MINI_BOSS_EVERY == 1:
        return "treasure"
    return "normal"


def generate(code: SeedCode, levels: int, level_size: int, scaling: bool) -> Dungeon:
    built = []
    for number in range(1, levels + 1):
        kind = level_kind(number, scaling)
        if kind == "mini-boss":
            level = mini_boss_level(code, number, level_size)
        elif kind == "treasure":
            level = Level(number, "treasure", level_size, level_size)
        else:
            level = build_level(code, number, level_size)
        built.append(level)
    link_levels(built)
    return Dungeon(built, level_size, scaling, rules.choices())


def mini_boss_level(code: SeedCode, number: int, size: int) -> Level:
    """Two rooms: the mini-boss's (size 2 or more, nothing else in it), a Door, and a room with the Stair."""
    builder = LevelBuilder(code, number, size)
    builder.level.kind = "mini-boss"
    roller = builder.roller(1)
    boss_room = builder.first_room(roller, MINI_BOSS_MIN_SIZE)
    boss_room.encounters = [room_rolls.mini_boss(number)]
    direction = DIRECTIONS[roller.row("exit-location").result.lower()]
    door = None
    for tried in range(4):
        door = builder.make_exit(boss_room, roller, "door", (direction + 2 * tried) % 8)
        if door is not None:
            break
    door.rolled, door.why = False, "mini-boss-level"
    boss_room.exits.append(door)
    stair_roller = builder.roller(2)
    room, size_rolled = builder.room_behind(stair_roller, door.far_cells, opposite(door.heading))
    stair_room = builder.add_area(room, size_rolled, stair_roller, entered_from=1)
    builder.connect(boss_room, door, stair_room.number, [w for w in stair_room.room.walls
                                                         if w.side == opposite(door.heading)
                                                         and w.cell in door.far_cells])
    stair = builder.inside_exit(stair_room, stair_roller, "stair", opposite(door.heading))
    stair.why, stair.rolled = "mini-boss-level", False
    stair_room.exits.append(stair)
    return builder.level


def link_levels(levels: list[Level]) -> None:
    """Stairs lead to the next level's first room, or to the treasure level, which has no map."""
    for index, level in enumerate(levels):
        below = levels[index + 1] if index + 1 < len(levels) else None
        target_level = level.number + 1
        target_area = 1 if below is not None and below.areas else None
        for area in level.areas:
            if any(e.kind == "stair" for e in area.exits):
                area.links.append({"kind": "stair", "level": target_level, "area": target_area})
                if below is not None and below.areas:
                    below.area(1).links.append({"kind": "arrival", "level": level.number, "area": area.number})
