"""Building one level room by room, as the Creation rules have the mapper do it, on the map engine.

The first room stands in the middle of the level. The engine explores every
exit that opens onto unmapped rock in the order it was made (so rooms are
numbered in walking order); these rules roll the room behind it, turned to
share the wall the exit is in and shrunk until it fits. An exit whose far
side is already mapped joins that room; a new exit in a wall shared with a
mapped room is secret. The level is full when no exit is left to explore;
its last room gets a Stair if none of its rooms has one.
"""

from __future__ import annotations

from typing import Any

from ...maps.adjacency import SHARED_WALL
from ...maps.geometry import HEADING_NAMES, step, turn
from ...maps.level import Area, Exit, Grid, Level, Link
from ...maps.shapes import Shape
from ...maps.steps.explore import Explorer
from ...maps.walls import facing
from ...seed import SeedCode
from . import room_forms, room_rolls
from .room_forms import DIRECTIONS
from .rolls import Roller

RULE = SHARED_WALL  # each new room shares a side with the room it was entered from
ONE_UNIT = {"crumble", "secret", "door", "food"}
INSIDE = {"stair", "teleport"}  # stand inside the room, not in a wall
MIN_LENGTH = {"walldoor": 2}
SHARES_A_WALL = ("exit", "murder-hole")  # how a room is entered when it is set against its parent's wall


def size_of(area: Area) -> int:
    return area.data["size"]


class LevelBuilder:
    def __init__(self, code: SeedCode, number: int, size: int, kind: str = "normal"):
        self.code = code
        self.level = Level(number, size, size, data={"kind": kind})
        self.explorer = Explorer(self.level, Grid(size, size, RULE), self)
        self.rollers: dict[int, Roller] = {}

    def roller(self, number: int) -> Roller:
        return Roller(self.code.stream("amulet-dungeon", "level", self.level.number, "room", number))

    def next_roller(self) -> Roller:
        return self.roller(len(self.level.areas) + 1)

    # -- rooms ---------------------------------------------------------------------------

    def roll_room(self, roller: Roller, min_size: int = 1) -> tuple[int, str]:
        size = max(min_size, roller.row("room-size")["units"])
        return size, roller.row("room-shape").result

    def forms(self, roller: Roller, shape: str, size: int) -> tuple[Shape, ...]:
        # Rectangle: short sides more than one unit and less than the size, where the size allows.
        short = 2 + roller.choose(size - 2) if size >= 3 else 1
        return room_forms.orientations(shape, size, short)

    def add_room(self, roller: Roller, word: str, shape: Shape, size: int, size_rolled: int,
                 entered_from: int | None, entered_by: str) -> Area:
        data: dict[str, Any] = {"size": size, "size_rolled": size_rolled, "shape": room_forms.shape_data(word, shape),
                                "entered_from": entered_from, "entered_by": entered_by, "exits_rolled": 0,
                                "contents": [], "encounters": []}
        parent = entered_from if entered_by in SHARES_A_WALL else None
        area = self.explorer.add_area(word, shape, parent, roller.rolls, data)
        self.rollers[area.number] = roller
        return area

    def first_room(self, roller: Roller, min_size: int = 1) -> Area:
        size_rolled, word = self.roll_room(roller, min_size)
        for size in range(min(size_rolled, self.level.width), 0, -1):
            options = self.forms(roller, word, size)
            room = options[roller.choose(len(options))]
            x0, y0, x1, y1 = room.box
            room = room.moved((self.level.width - (x1 - x0 + 1)) // 2, (self.level.height - (y1 - y0 + 1)) // 2)
            if self.explorer.fits(room):
                return self.add_room(roller, word, room, size, size_rolled, None, "stair")
        raise AssertionError("an empty level always holds a one-unit room")

    def room_behind(self, roller: Roller, cells: list, back: int, entered_from: int, entered_by: str,
                    min_size: int = 1) -> Area:
        """The rolled room, shrunk until it fits behind the wall units facing ``cells`` (seen from ``back``).

        It must take the first of them; of the placements that fit, those
        taking most of the others are preferred, the rest is the mapper's choice.
        """
        size_rolled, word = self.roll_room(roller, min_size)
        for size in range(size_rolled, 0, -1):
            found = self.explorer.placements_behind(self.forms(roller, word, size), cells, back)
            if found:
                shape = found[roller.choose(len(found))]
                return self.add_room(roller, word, shape, size, size_rolled, entered_from, entered_by)
        raise AssertionError("a free square always holds a one-unit room")

    def room_over(self, roller: Roller, cell, entered_from: int) -> Area:
        """The rolled room, shrunk until it fits somewhere over the free square ``cell``."""
        size_rolled, word = self.roll_room(roller)
        for size in range(size_rolled, 0, -1):
            found = self.explorer.placements_over(self.forms(roller, word, size), cell)
            if found:
                shape = found[roller.choose(len(found))]
                return self.add_room(roller, word, shape, size, size_rolled, entered_from, "teleport")
        raise AssertionError("a free square always holds a one-unit room")

    # -- the engine's questions ------------------------------------------------------------

    def behind(self, explorer: Explorer, area: Area, door: Exit, cells: list, back: int) -> Area:
        return self.room_behind(self.next_roller(), cells, back, area.number, "exit")

    def shared_wall(self, explorer: Explorer, area: Area, door: Exit) -> None:
        """A new exit in a wall this room shares with a mapped room is secret."""
        door.secret = True
        door.data.setdefault("rolled_as", door.kind)
        door.data["why"] = "shared-wall"

    def inside(self, explorer: Explorer, area: Area, door: Exit) -> None:
        """A teleporter's far end: the mapper picks unmapped rock (here, the seed does) and rolls a room there.
        A Stair (a teleporter a second impossible exit changed) leads down, not across the level."""
        if door.kind != "teleport":
            return
        free = explorer.free_cells()
        if not free:
            door.leads = "blocked"
            return
        roller = self.next_roller()
        new = self.room_over(roller, free[roller.choose(len(free))], area.number)
        door.to, door.leads = new.number, "area"
        spots = sorted(new.cells)
        new.exits.append(Exit("teleport", at=spots[roller.choose(len(spots))], heading=door.heading, to=area.number,
                              leads="area", inside=True, rolled=False, far_side=True,
                              data={"why": "destination"}))
        self.fill(explorer, new, door)

    # -- exits ---------------------------------------------------------------------------

    def entries_into(self, area: Area) -> int:
        """Exits waiting to be explored whose far side is this room: each counts as one of its exits."""
        walls = area.shape.wall_set
        return sum(any((c, turn(e.through, 4)) in walls for c in e.far_cells())
                   for _, e in self.explorer.queue if not e.inside)

    def make_exit(self, area: Area, roller: Roller, kind: str, direction: int) -> Exit | None:
        if kind in INSIDE:
            return self.explorer.door_inside(area, kind, direction, roller.choose,
                                             "level" if kind == "stair" else "unexplored")
        shortest = MIN_LENGTH.get(kind, 1)
        # A walldoor, an opening or a treasure wall: as long as the mapper likes, up to the whole wall.
        longest = 1 if kind in ONE_UNIT else None
        door = self.explorer.door_on_wall(area, kind, direction, shortest, longest, roller.choose)
        if door is not None:
            door.secret = kind == "secret"
        return door

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
                    first.kind, first.leads = "stair", "level"
                    first.data["why"] = "two-impossible"
                    impossible.clear()
                    continue
                exit_ = self.explorer.door_inside(area, "teleport", direction, roller.choose, "unexplored")
                exit_.data.update(rolled_as=kind, why="impossible")
                impossible.append(exit_)
            self.explorer.add_door(area, exit_)

    # -- what a room holds ---------------------------------------------------------------

    def fill(self, explorer: Explorer, area: Area, entry: Exit | None) -> None:
        """A new room's exits, contents and encounters."""
        roller = self.rollers[area.number]
        rolled = int(roller.row("exit-number")["exits"])
        area.data["exits_rolled"] = rolled
        known = self.entries_into(area) + (entry is not None)
        self.add_exits(area, roller, max(0, rolled - known))
        if rolled == 1 and entry is not None and entry.secret:
            # Behind a secret door, a one-exit room holds as many treasures as its size, and nothing else.
            contents = [room_rolls.treasure(roller) for _ in range(size_of(area))]
            contents[0]["why"] = "secret-one-exit"
        else:
            contents = room_rolls.roll_contents(roller)
        area.data["contents"] = contents
        area.data["encounters"] = room_rolls.roll_encounters(roller, size_of(area))
        for item in contents:
            if item["code"] == "murder-hole":
                self.murder_hole(area, roller, item)

    def murder_hole(self, area: Area, roller: Roller, item: dict[str, Any]) -> None:
        """Place the hole on the rolled side, facing unmapped rock, and map the room it looks into."""
        direction = DIRECTIONS[roller.row("exit-location").result.lower()]
        used = self.explorer.used_units(area)
        free = [(cell, side) for cell, side in facing(area.shape, direction) if (cell, side) not in used and self.explorer.on_map(step(cell, direction))
                and self.explorer.owner(step(cell, direction)) is None]
        item["direction"] = HEADING_NAMES[direction]
        if not free:
            item["looks_into"] = None
            item["why"] = "no-free-wall"
            return
        cell, side = free[roller.choose(len(free))]
        self.explorer.reserve((cell, side))  # a hole in the wall, not a door: no exit may stand there
        item["wall"] = [cell[0], cell[1], HEADING_NAMES[side]]
        behind = self.room_behind(self.next_roller(), [step(cell, direction)], turn(direction, 4), area.number,
                                  "murder-hole")
        item["looks_into"] = behind.number
        area.links.append(Link("murder-hole", self.level.number, behind.number))
        behind.links.append(Link("murder-hole", self.level.number, area.number))
        self.fill(self.explorer, behind, None)

    # -- the whole level -----------------------------------------------------------------

    def build(self) -> Level:
        roller = self.roller(1)
        self.fill(self.explorer, self.first_room(roller), None)
        self.explorer.run()
        self.stair_in_last_room()
        return self.level

    def stair_in_last_room(self) -> None:
        if any(e.kind == "stair" for a in self.level.areas for e in a.exits):
            return
        last = self.level.areas[-1]
        roller = Roller(self.code.stream("amulet-dungeon", "level", self.level.number, "last-stair"))
        direction = DIRECTIONS[roller.row("exit-location").result.lower()]
        for key, totals in roller.rolls.items():
            last.rolls.setdefault(key, []).extend(totals)
        exit_ = self.explorer.door_inside(last, "stair", direction, roller.choose, "level")
        exit_.rolled = False
        exit_.data["why"] = "last-room"
        last.exits.append(exit_)


def build_level(code: SeedCode, number: int, size: int) -> Level:
    return LevelBuilder(code, number, size).build()
