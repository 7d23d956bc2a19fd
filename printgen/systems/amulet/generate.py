"""A whole Amulet dungeon: normal levels, and with Scaling the mini-boss and treasure levels.

Every level is the same size in units. Stairs lead to the first room of the
next level; the stairs of the deepest printed level lead to a level rolled
in play.
"""

from __future__ import annotations

from ...maps.level import Level, Link
from ...seed import SeedCode
from . import checks, room_rolls, rules
from .level import LevelBuilder, build_level
from .model import Dungeon
from .room_forms import DIRECTIONS

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
            level = Level(number, level_size, level_size, data={"kind": "treasure"})
        else:
            level = build_level(code, number, level_size)
        built.append(level)
    link_levels(built)
    made = Dungeon(built, level_size, scaling, rules.choices())
    problems = checks.check(made)  # the map engine's guarantees and Amulet's own, as the tests check them
    if problems:
        raise AssertionError("; ".join(problems))
    return made


def mini_boss_level(code: SeedCode, number: int, size: int) -> Level:
    """Two rooms: the mini-boss's (size 2 or more, nothing else in it), a Door, and a room with the Stair."""
    builder = LevelBuilder(code, number, size, "mini-boss")
    explorer = builder.explorer
    roller = builder.roller(1)
    boss_room = builder.first_room(roller, MINI_BOSS_MIN_SIZE, exits=False, straight=True)
    boss_room.data["encounters"] = [room_rolls.mini_boss(number)]
    direction = DIRECTIONS[roller.row("exit-location").result.lower()]
    door = None
    for tried in range(4):  # in a straight wall: a room of any shape, down to one unit, has room behind it
        door = explorer.door_on_wall(boss_room, "door", (direction + 2 * tried) % 8, 1, 1, roller.choose,
                                     straight=True)
        if door is not None:
            break
    door.rolled = False
    door.data["why"] = "mini-boss-level"
    boss_room.exits.append(door)
    far = door.far_units()
    stair_room = builder.room_behind(builder.roller(2), [cell for cell, _ in far], far[0][1], 1, "exit", exits=False)
    assert stair_room is not None, "a door onto a free square always has a room of one unit behind it"
    explorer.connect(boss_room, door, stair_room.number)
    stair = explorer.door_inside(stair_room, "stair", far[0][1], builder.rollers[2].choose, "level")
    stair.rolled = False
    stair.data["why"] = "mini-boss-level"
    stair_room.exits.append(stair)
    return builder.level


def link_levels(levels: list[Level]) -> None:
    """Stairs lead to the next level's first room, or to the treasure level, which has no map."""
    for index, level in enumerate(levels):
        below = levels[index + 1] if index + 1 < len(levels) else None
        target_area = 1 if below is not None and below.areas else None
        for area in level.areas:
            if any(e.kind == "stair" for e in area.exits):
                area.links.append(Link("stair", level.number + 1, target_area))
                if target_area is not None:
                    below.area(1).links.append(Link("arrival", level.number, area.number))
