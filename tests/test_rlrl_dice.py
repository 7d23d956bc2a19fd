"""Rogue Like Roguelike keeps every roll: rooms, corridors and the stairs-down room drawn at their 2d6 sizes,
false doors only where nothing of the rolled size fits, the starting room's doors facing into the sheet.

These read the placed map (the squares each area takes, the doors in its walls), not only the recorded
rolls; the figures over 1,000 campaigns come from ``python benchmarks/rlrl.py --measure``.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from fairness import assert_fair

from printgen import dice
from printgen.maps.geometry import EAST, NORTH, SOUTH, WEST, Cell, dilate, step
from printgen.maps.level import Area, Grid
from printgen.maps.placement import door_spots
from printgen.seed import SeedCode
from printgen.systems.rlrl import generate as campaign
from printgen.systems.rlrl import rules, sheet_corners, stairs_room
from printgen.systems.rlrl.free_forms import corridor_path, reach
from printgen.systems.rlrl.generate import Built
from printgen.systems.rlrl.level import CORRIDOR, FALSE, ROOM, RULE, STARTING_ROOM

SEEDS = [f"dice{i}" for i in range(20)]
TWO_D6 = dice.parse("2d6").distribution()
SHORTEST = dice.parse(rules.campaign()["explore"]["corridor_dice"]).low


@cache
def levels() -> tuple[Built, ...]:
    return tuple(built for seed in SEEDS
                 for built in campaign.generate(SeedCode("dungeon", "rlrl", seed, (("rooms", "8"),)), 8).levels)


def areas(kind: str):
    for built in levels():
        for area in built.level.areas:
            if area.type == kind:
                yield built, area


def stairs_room_of(built: Built) -> Area:
    return built.level.area(built.stairs_area)


def test_placed_rooms_corridors_and_stairs_rooms_follow_2d6():
    """The squares each area takes on the map, against 2d6: rooms, the room around the stairs, the starting
    room and corridors each on their own."""
    rooms = Counter(len(a.cells) for b, a in areas(ROOM) if a.number != b.stairs_area)
    stairs = Counter(len(stairs_room_of(b).cells) for b in levels())
    starting = Counter(len(a.cells) for _, a in areas(STARTING_ROOM))
    corridors = Counter(len(a.cells) for _, a in areas(CORRIDOR))
    assert sum(stairs.values()) == len(levels())
    for counts in (rooms, stairs, starting, corridors):
        assert_fair(counts, TWO_D6)


def test_every_rolled_room_and_corridor_is_drawn_or_kept_on_its_false_door():
    """A room or corridor the dice gave that could not be drawn is kept with its rolls on the door it was
    behind; there are few of them, and every drawn one has exactly its rolled squares."""
    unplaced = Counter()
    drawn = Counter()
    for built in levels():
        for area in built.level.areas:
            rolled = {STARTING_ROOM: "Starting room", ROOM: "Room", CORRIDOR: "Corridor"}[area.type]
            assert len(area.cells) == area.rolls[rolled]
            drawn[area.type] += 1
            for exit_ in area.exits:
                if "unplaced" in exit_.data:
                    assert exit_.kind == FALSE and exit_.leads == "blocked"
                    unplaced["Room" if "Room" in exit_.data["unplaced"] else "Corridor"] += 1
    assert unplaced["Room"] <= 0.05 * drawn[ROOM]
    assert unplaced["Corridor"] <= 0.12 * (drawn[CORRIDOR] + unplaced["Corridor"])


def _grid(built: Built) -> Grid:
    """The level's grid as the finished map leaves it: every area's squares taken, the marks' squares kept."""
    grid = Grid(sheet_corners.WIDTH, sheet_corners.HEIGHT, RULE)
    for area in built.level.areas:
        grid.take(area)
    corners = built.corners
    grid.blocked |= dilate({corners.terminal_cell}, 1) | dilate({corners.shop_cell}, 1)
    grid.blocked |= stairs_room.zone(corners.stairs_cell)
    return grid


def _free(grid: Grid):
    x0, y0, x1, y1 = grid.within

    def free(cell: Cell) -> bool:
        return x0 <= cell[0] <= x1 and y0 <= cell[1] <= y1 and cell not in grid.blocked

    return free


def _corridor_fits(grid: Grid, spot: tuple[Cell, int], squares: int) -> bool:
    """A one-square-wide corridor of ``squares`` squares beyond the door at ``spot`` whose far door opens on
    a free square or an area."""
    free = _free(grid)
    start = step(*spot)
    if len(reach(free, start, squares)) < squares:
        return False

    def door_ok(cell: Cell, side: int, path: frozenset[Cell]) -> bool:
        return free(step(cell, side)) or step(cell, side) in grid.owner

    return corridor_path(free, start, spot[1], squares, door_ok, budget=200_000) is not None


def test_a_door_is_false_only_where_nothing_of_its_rolled_size_fits():
    """Checked on the finished map, which has only less room than the map the door was opened on."""
    reasons = Counter()
    for built in levels():
        grid = _grid(built)
        free = _free(grid)
        for area in built.level.areas:
            for exit_ in area.exits:
                if exit_.kind != FALSE:
                    continue
                behind = exit_.data.get("unplaced", {})
                if "Room" in behind:  # a corridor's far door: fewer free squares beyond it than the room's
                    reasons["room"] += 1
                    assert len(reach(free, step(exit_.at, exit_.side), behind["Room"])) < behind["Room"]
                elif "Corridor" in behind:  # a room's door: its corridor fits from no spot of the room's walls
                    reasons["corridor"] += 1
                    spots = door_spots(grid, area, apart=False) + ([(exit_.at, exit_.side)] if exit_.at else [])
                    assert not any(_corridor_fits(grid, spot, behind["Corridor"]) for spot in spots), (
                        built.level.number, area.number, behind)
                elif exit_.at is None:  # no wall left for it
                    reasons["no wall"] += 1
                    assert not door_spots(grid, area, apart=False)
                else:  # left for the table: not even the shortest corridor leads on from it
                    reasons["shut in"] += 1
                    assert not _corridor_fits(grid, (exit_.at, exit_.side), SHORTEST)
    assert reasons["room"] and reasons["corridor"]


def test_the_starting_rooms_doors_face_into_the_sheet_and_one_leads_on():
    for built, area in areas(STARTING_ROOM):
        right, bottom = sheet_corners.CORNERS[built.corners.start]
        inward = {WEST if right else EAST, NORTH if bottom else SOUTH}  # away from the corner's two edges
        rolled = [e for e in area.exits if e.rolled]
        assert len(rolled) == area.rolls["Doors"] and len(area.exits) == len(rolled)  # none added
        for exit_ in rolled:
            assert exit_.at is not None and exit_.side in inward
            x, y = step(exit_.at, exit_.side)
            assert 1 <= x <= sheet_corners.WIDTH - 2 and 1 <= y <= sheet_corners.HEIGHT - 2  # not the paper's edge
        assert any(e.kind != FALSE and e.leads == "area" for e in rolled)


def test_the_stairs_room_is_entered_beside_the_stairs_at_its_own_rolled_size():
    for built in levels():
        room = stairs_room_of(built)
        stairs = built.corners.stairs_cell
        assert room.type == ROOM and stairs in room.cells and len(room.cells) == room.rolls["Room"]
        corridor = built.level.area(room.entered_from)
        assert corridor.type == CORRIDOR
        door = next(e for e in corridor.exits if e.to == room.number and e.fixed)
        entry = step(door.at, door.side)
        assert door.rolled and entry in room.cells
        assert abs(entry[0] - stairs[0]) + abs(entry[1] - stairs[1]) <= 1
        others = [a for a in built.level.areas if a.number != room.number]
        assert not any(stairs in a.cells for a in others)


def test_exits_lead_where_they_should():
    """No exit is left with a place facing the paper's edge unless it is false."""
    for built in levels():
        for area in built.level.areas:
            for exit_ in area.exits:
                if exit_.at is None or exit_.kind == FALSE:
                    continue
                x, y = step(exit_.at, exit_.side)
                assert 1 <= x <= sheet_corners.WIDTH - 2 and 1 <= y <= sheet_corners.HEIGHT - 2, (
                    built.level.number, area.number, exit_)
