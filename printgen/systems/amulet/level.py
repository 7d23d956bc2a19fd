"""Building one level room by room, as the Creation rules have the mapper do it.

The first room stands in the middle of the level. Every exit that opens onto
unmapped rock is explored in the order it was made (so rooms are numbered in
walking order): a room is rolled and turned to share the wall the exit is in,
shrinking until it fits. An exit whose far side is already mapped joins that
room; a new exit in a wall shared with a mapped room is secret. The level is
full when no exit is left to explore; its last room gets a Stair if none of
its rooms has one.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from ...seed import SeedCode
from . import room_rolls, shapes
from .model import Area, Exit, Level
from .rolls import Roller
from .shapes import DIRECTIONS, Cell, Footprint, Wall, opposite, step

ONE_UNIT = {"crumble", "secret", "door", "food"}
INSIDE = {"stair", "teleport"}  # stand inside the room, not in a wall
MIN_LENGTH = {"walldoor": 2}


class LevelBuilder:
    def __init__(self, code: SeedCode, number: int, size: int):
        self.code = code
        self.level = Level(number, "normal", size, size)
        self.owner: dict[Cell, int] = {}
        self.queue: deque[tuple[Area, Exit]] = deque()

    # -- the grid ------------------------------------------------------------------------

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.level.width and 0 <= cell[1] < self.level.height

    def fits(self, room: Footprint) -> bool:
        return all(self.inside(c) and c not in self.owner for c in room.cells)

    def fits_at(self, room: Footprint, dx: int, dy: int) -> bool:
        """``fits`` for the room moved by (dx, dy), without moving it."""
        return all(self.inside((x + dx, y + dy)) and (x + dx, y + dy) not in self.owner for x, y in room.cells)

    def has_wall(self, number: int, wall: Wall) -> bool:
        return wall in self.level.area(number).room.walls

    def opens_on(self, wall: Wall, direction: int) -> bool:
        """An exit may stand in ``wall``: unmapped rock lies beyond it, or a room whose own wall it shares."""
        far = step(wall.cell, direction)
        if not self.inside(far):
            return False
        return far not in self.owner or self.has_wall(self.owner[far], Wall(far, opposite(direction)))

    def roller(self, number: int) -> Roller:
        return Roller(self.code.stream("amulet-dungeon", "level", self.level.number, "room", number))

    # -- rooms ---------------------------------------------------------------------------

    def roll_room(self, roller: Roller, min_size: int = 1) -> tuple[int, str]:
        size = max(min_size, roller.row("room-size")["units"])
        return size, roller.row("room-shape").result

    def footprints(self, roller: Roller, shape: str, size: int) -> list[Footprint]:
        # Rectangle: short sides more than one unit and less than the size, where the size allows.
        short = 2 + roller.choose(size - 2) if size >= 3 else 1
        return shapes.orientations(shape, size, short)

    def add_area(self, room: Footprint, size_rolled: int, roller: Roller, **how: Any) -> Area:
        area = Area(len(self.level.areas) + 1, room, size_rolled, roller.rolls, **how)
        self.level.areas.append(area)
        for cell in room.cells:
            self.owner[cell] = area.number
        return area

    def first_room(self, roller: Roller, min_size: int = 1) -> Area:
        size_rolled, shape = self.roll_room(roller, min_size)
        for size in range(min(size_rolled, self.level.width), 0, -1):
            options = self.footprints(roller, shape, size)
            room = options[roller.choose(len(options))]
            room = room.moved((self.level.width - room.width) // 2, (self.level.height - room.height) // 2)
            if self.fits(room):
                return self.add_area(room, size_rolled, roller, entered_by="stair")
        raise AssertionError("an empty level always holds a one-unit room")

    def room_at(self, roller: Roller, cell: Cell) -> tuple[Footprint, int]:
        """The rolled room, shrunk until it fits somewhere over the free square ``cell``."""
        size_rolled, shape = self.roll_room(roller)
        for size in range(size_rolled, 0, -1):
            found = [room.moved(cell[0] - x, cell[1] - y)
                     for room in self.footprints(roller, shape, size) for x, y in sorted(room.cells)
                     if self.fits_at(room, cell[0] - x, cell[1] - y)]
            if found:
                return found[roller.choose(len(found))], size_rolled
        raise AssertionError("a free square always holds a one-unit room")

    def room_behind(self, roller: Roller, door: list[Cell], back: int, min_size: int = 1) -> tuple[Footprint, int]:
        """The rolled room, shrunk until it fits behind the wall units ``door`` (seen from side ``back``).

        It must take the first of them; of the placements that fit, those
        taking most of the others are preferred, the rest is the mapper's choice.
        """
        size_rolled, shape = self.roll_room(roller, min_size)
        for size in range(size_rolled, 0, -1):
            best: list[Footprint] = []
            best_score = 0
            for room in self.footprints(roller, shape, size):
                for wall in room.walls:
                    if wall.side != back:
                        continue
                    dx, dy = door[0][0] - wall.cell[0], door[0][1] - wall.cell[1]
                    if not self.fits_at(room, dx, dy):
                        continue
                    placed = room.moved(dx, dy)
                    score = sum(Wall(c, back) in placed.walls for c in door)
                    if score > best_score:
                        best, best_score = [placed], score
                    elif score == best_score:
                        best.append(placed)
            if best:
                return best[roller.choose(len(best))], size_rolled
        raise AssertionError("a free square always holds a one-unit room")

    # -- exits ---------------------------------------------------------------------------

    def connect(self, area: Area, exit_: Exit, target: int, walls: list[Wall]) -> None:
        """``exit_`` of ``area`` opens into room ``target``, which gets the same exit from its side."""
        if exit_.to is None:
            exit_.to, exit_.leads = target, "area"
        elif target != exit_.to and target not in exit_.also:
            exit_.also.append(target)
        other = self.level.area(target)
        for mirror in other.exits:
            if mirror.mirror and mirror.to == area.number and mirror.kind == exit_.kind \
                    and mirror.heading == opposite(exit_.heading):
                mirror.walls += [w for w in walls if w not in mirror.walls]
                return
        other.exits.append(Exit(exit_.kind, list(walls), opposite(exit_.heading), exit_.secret, "area",
                                area.number, mirror=True, why="entry"))

    def explore(self, area: Area, exit_: Exit) -> None:
        """Map whatever lies behind ``exit_``: rooms already there, or new rooms rolled to fill it."""
        if exit_.kind == "teleport":
            self.teleport(area, exit_)
            return
        if exit_.kind == "stair":  # a teleporter that a second impossible exit turned into a Stair
            return
        back = opposite(exit_.heading)
        far = exit_.far_cells
        for index, cell in enumerate(far):
            facing = [Wall(c, back) for c in far]
            if not self.inside(cell):
                continue
            if cell not in self.owner:
                roller = self.roller(len(self.level.areas) + 1)
                room, size_rolled = self.room_behind(roller, far[index:], back)
                new = self.add_area(room, size_rolled, roller, entered_from=area.number)
                self.connect(area, exit_, new.number, [w for w in facing if w in room.walls])
                self.fill(new, roller, entry=exit_)
            elif self.owner[cell] != area.number and self.has_wall(self.owner[cell], facing[index]):
                target = self.owner[cell]
                self.connect(area, exit_, target, [w for w in facing if w in self.level.area(target).room.walls])
        if exit_.to is None:
            exit_.leads = "blocked"

    def teleport(self, area: Area, exit_: Exit) -> None:
        """The mapper picks unmapped rock for the far teleporter (here, the seed does) and rolls a room there."""
        free = [(x, y) for y in range(self.level.height) for x in range(self.level.width) if (x, y) not in self.owner]
        if not free:
            exit_.leads = "blocked"
            return
        roller = self.roller(len(self.level.areas) + 1)
        room, size_rolled = self.room_at(roller, free[roller.choose(len(free))])
        new = self.add_area(room, size_rolled, roller, entered_from=area.number, entered_by="teleport")
        exit_.to, exit_.leads = new.number, "area"
        spots = sorted(room.cells)
        new.exits.append(Exit("teleport", [], exit_.heading, leads="area", to=area.number,
                              spot=spots[roller.choose(len(spots))], mirror=True, why="destination"))
        self.fill(new, roller, entry=exit_)

    def entries_into(self, room: Footprint) -> int:
        """Exits waiting to be explored whose far side is this room: each counts as one of its exits."""
        return sum(any(Wall(c, opposite(e.heading)) in room.walls for c in e.far_cells) for _, e in self.queue)

    def used_walls(self, area: Area) -> set[Wall]:
        return {w for e in area.exits for w in e.walls}

    def add_exits(self, area: Area, roller: Roller, count: int) -> None:
        impossible: list[Exit] = []
        for _ in range(count):
            direction = DIRECTIONS[roller.row("exit-location").result.lower()]
            kind = roller.row("exit-type").result.lower()
            exit_ = self.make_exit(area, roller, kind, direction)
            if exit_ is None:
                # Impossible here: a teleporter; a second impossible exit makes a Stair instead.
                if impossible:
                    first = impossible[0]
                    first.kind, first.leads, first.why = "stair", "level", "two-impossible"
                    impossible.clear()
                    continue
                exit_ = self.inside_exit(area, roller, "teleport", direction)
                exit_.rolled_as, exit_.why = kind, "impossible"
                impossible.append(exit_)
            area.exits.append(exit_)
            if exit_.kind == "teleport":
                self.queue.append((area, exit_))
            elif exit_.walls:
                beyond = [self.owner.get(c) for c in exit_.far_cells]
                if any(b is not None for b in beyond):
                    # A new exit in a wall this room shares with a mapped room is secret.
                    exit_.secret, exit_.rolled_as, exit_.why = True, exit_.rolled_as or kind, "shared-wall"
                    self.explore(area, exit_)
                else:
                    self.queue.append((area, exit_))

    def inside_exit(self, area: Area, roller: Roller, kind: str, direction: int) -> Exit:
        walls = area.room.walls_facing(direction) or list(area.room.walls)
        spot = walls[roller.choose(len(walls))].cell
        return Exit(kind, [], direction, leads="level" if kind == "stair" else "unexplored", spot=spot)

    def make_exit(self, area: Area, roller: Roller, kind: str, direction: int) -> Exit | None:
        if kind in INSIDE:
            return self.inside_exit(area, roller, kind, direction)
        used = self.used_walls(area)
        free = [w for w in area.room.walls_facing(direction) if w not in used and self.opens_on(w, direction)]
        shortest = MIN_LENGTH.get(kind, 1)
        runs = [r for r in shapes.runs(free) if len(r) >= shortest]
        if not runs:
            return None
        run = runs[roller.choose(len(runs))]
        if kind in ONE_UNIT:
            length = 1
        else:  # a walldoor, an opening or a treasure wall: as long as the mapper likes, up to the whole wall
            length = shortest + roller.choose(len(run) - shortest + 1)
        start = roller.choose(len(run) - length + 1)
        return Exit(kind, run[start:start + length], direction, secret=kind == "secret")

    # -- what a room holds ---------------------------------------------------------------

    def fill(self, area: Area, roller: Roller, entry: Exit | None) -> None:
        """A new room's exits, contents and encounters."""
        area.exits_rolled = int(roller.row("exit-number")["exits"])
        known = self.entries_into(area.room) + (entry is not None)
        self.add_exits(area, roller, max(0, area.exits_rolled - known))
        if area.exits_rolled == 1 and entry is not None and entry.secret:
            # Behind a secret door, a one-exit room holds as many treasures as its size, and nothing else.
            area.contents = [room_rolls.treasure(roller) for _ in range(area.size)]
            area.contents[0]["why"] = "secret-one-exit"
        else:
            area.contents = room_rolls.roll_contents(roller)
        area.encounters = room_rolls.roll_encounters(roller, area.size)
        for item in area.contents:
            if item["code"] == "murder-hole":
                self.murder_hole(area, roller, item)

    def murder_hole(self, area: Area, roller: Roller, item: dict[str, Any]) -> None:
        """Place the hole on the rolled side, facing unmapped rock, and map the room it looks into."""
        direction = DIRECTIONS[roller.row("exit-location").result.lower()]
        used = self.used_walls(area)
        free = [w for w in area.room.walls_facing(direction)
                if w not in used and self.inside(step(w.cell, direction)) and step(w.cell, direction) not in self.owner]
        item["direction"] = shapes.DIRECTION_CODES[direction]
        if not free:
            item["looks_into"] = None
            item["why"] = "no-free-wall"
            return
        wall = free[roller.choose(len(free))]
        item["wall"] = [wall.cell[0], wall.cell[1], wall.side]
        new_roller = self.roller(len(self.level.areas) + 1)
        room, size_rolled = self.room_behind(new_roller, [step(wall.cell, direction)], opposite(direction))
        behind = self.add_area(room, size_rolled, new_roller, entered_from=area.number, entered_by="murder-hole")
        item["looks_into"] = behind.number
        area.links.append({"kind": "murder-hole", "level": self.level.number, "area": behind.number})
        behind.links.append({"kind": "murder-hole", "level": self.level.number, "area": area.number})
        self.fill(behind, new_roller, entry=None)

    # -- the whole level -----------------------------------------------------------------

    def build(self) -> Level:
        roller = self.roller(1)
        self.fill(self.first_room(roller), roller, entry=None)
        self.explore_all()
        self.stair_in_last_room()
        return self.level

    def explore_all(self) -> None:
        while self.queue:
            area, exit_ = self.queue.popleft()
            self.explore(area, exit_)

    def stair_in_last_room(self) -> None:
        if any(e.kind == "stair" for a in self.level.areas for e in a.exits):
            return
        last = self.level.areas[-1]
        roller = Roller(self.code.stream("amulet-dungeon", "level", self.level.number, "last-stair"))
        direction = DIRECTIONS[roller.row("exit-location").result.lower()]
        for key, totals in roller.rolls.items():
            last.rolls.setdefault(key, []).extend(totals)
        exit_ = self.inside_exit(last, roller, "stair", direction)
        exit_.why, exit_.rolled = "last-room", False
        last.exits.append(exit_)


def build_level(code: SeedCode, number: int, size: int) -> Level:
    return LevelBuilder(code, number, size).build()
