"""One level behind the doors, rolled as the Dungeon Master Guide says, placed with the map engine.

The starting room fills its corner and gets its 1d6-3 (minimum 1) doors in
walls that face into the sheet. Then, breadth first so areas are numbered in
walking order: a room's door opens on a corridor of 2d6 squares (turned away
from the stairs down while it can be) ending in a new door; that door opens
on a room of exactly 2d6 squares with its 1d6 exits (the first is the way in)
and its secret doors. Once the level has its rooms, the ways left lead on
towards the stairs down, until a room holds them. A door that can lead
nowhere (the paper's edge, no room) is a false door.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

from ...maps.adjacency import SHARED_WALL
from ...maps.checks import check_level
from ...maps.geometry import Cell, bounds, step
from ...maps.level import Area, Exit, Grid, Level, Link
from ...maps.placement import Placed, Plan, door_spots, place_through
from ...maps.shapes import Shape
from ...maps.steps.areas import add_area
from ...maps.steps.join import join_open_ends
from ...maps.steps.settle_doors import settle_doors
from ... import dice
from ...seed import Rng, SeedCode
from . import contents, forms, rules, sheet_corners, stairs_room, steering
from .sheet_corners import HEIGHT, WIDTH, Corners

RULE = SHARED_WALL  # a hand-drawn dungeon: a corridor shares a wall with the room its door is in
STARTING_ROOM, CORRIDOR, ROOM = "Starting room", "Corridor", "Room"
DOOR, LOCKED, FALSE = "door", "locked-door", "false-door"
MOST_STEPS_DOWN = 60  # areas rolled while heading for the stairs before the level gives up
MOST_ATTEMPTS = 20


class LevelError(RuntimeError):
    """A level the engine's checks refuse: a bug, never the user's doing."""


@dataclass
class Built:
    """A level and what only this game knows about it."""

    level: Level
    corners: Corners
    difficulty: int
    stairs_area: int | None = None

    def as_data(self) -> dict[str, Any]:
        return {**self.level.as_data(), "difficulty": self.difficulty, "corners": self.corners.as_data(),
                "stairs_down_area": self.stairs_area}


def door_kind(locked: bool) -> str:
    return LOCKED if locked else DOOR


class LevelBuilder:
    """One level as the guide builds it: the setup, then door by door; the steps are build_level's."""

    def __init__(self, code: SeedCode, number: int, rooms: int, last: bool, attempt: int = 0):
        self.code = code
        self.number = number
        self.attempt = attempt  # a level whose every way closed before the stairs is rolled again
        self.rooms_wanted = rooms
        self.last = last
        self.corners = sheet_corners.choose(self.stream("corners"))
        self.stairs = self.corners.stairs_cell
        self.level = Level(number, WIDTH, HEIGHT)
        self.grid = Grid(WIDTH, HEIGHT, RULE)
        self.place_rng = self.stream("place")
        self.rolled = 0  # plans rolled so far: each has its own stream
        self.rooms = 0
        self.a_monsters = 0  # A level monsters met on this level so far, for A level loot
        self.stairs_area: int | None = None
        self.boxed_in: set[int] = set()  # rooms whose added doors led nowhere
        self.queue: deque[tuple[Area, Exit]] = deque()
        self._reserve_marks()

    # --- the setup ----------------------------------------------------------------------------

    def _reserve_marks(self) -> None:
        """The terminal, the shop and the stairs down keep their squares (and the ring around) clear."""
        for cell in (self.corners.terminal_cell, self.corners.shop_cell, self.stairs):
            stairs_room.keep_clear(self.grid, cell)

    def stream(self, *names: object) -> Rng:
        again = ("again", self.attempt) if self.attempt else ()
        return self.code.stream("level", self.number, *names, *again)

    def _stream(self, what: str) -> Rng:
        self.rolled += 1
        return self.stream(what, self.rolled)

    def start_room(self) -> Area:
        rng = self.stream("start")
        setup = rules.campaign()["setup"]
        squares = contents.roll(setup["start_room_dice"], rng)
        doors = contents.roll(setup["start_doors_dice"], rng)
        shape = self._in_corner(forms.room_shapes(squares, rng))
        locks = [contents.roll_door(rng) for _ in range(doors)]
        plan = Plan(STARTING_ROOM, lambda heading: [shape],
                    rolls={"Starting room": squares, "Doors": doors, "Door": [lock["roll"] for lock in locks]},
                    data={"stairs": "up"})
        area = add_area(self.level, self.grid, plan, shape, None)
        area.links.append(Link("stairs-up", self.number - 1))  # level 0: out of the dungeon
        inward = [(cell, side) for cell, side in door_spots(self.grid, area) if self._inward(step(cell, side))]
        rng.shuffle(inward)
        for lock in locks:
            exit_ = Exit(door_kind(lock["locked"]))
            area.exits.append(exit_)
            spot = next((s for s in inward if self._spot_free(area, s)), None)
            if spot is not None:
                exit_.at, exit_.side = spot
                exit_.heading = exit_.side
            self.queue.append((area, exit_))
        return area

    def _in_corner(self, shapes: list) -> Any:
        """The first shape that, set into the starting corner, holds the corner square and fits."""
        corner = self.corners.start_cell
        right, bottom = sheet_corners.CORNERS[self.corners.start]
        for shape in shapes:
            x0, y0, x1, y1 = bounds(shape.cells)
            dx = corner[0] - (x1 if right else x0)
            dy = corner[1] - (y1 if bottom else y0)
            moved = shape.moved(dx, dy)
            if corner in moved.cells and self.grid.fits(shape, dx, dy, self.grid.within):
                return moved
        raise LevelError(f"level {self.number}: no starting room fits its corner")

    def _inward(self, cell: Cell) -> bool:
        x0, y0, x1, y1 = self.grid.within
        return x0 <= cell[0] <= x1 and y0 <= cell[1] <= y1

    def _spot_free(self, area: Area, spot: tuple[Cell, int]) -> bool:
        """Two squares clear of the area's doors already placed."""
        beyond = step(*spot)
        taken = [step(e.at, e.side) for e in area.exits if e.at is not None]
        return all(abs(beyond[0] - t[0]) >= 2 or abs(beyond[1] - t[1]) >= 2 for t in taken)

    # --- behind the doors ---------------------------------------------------------------------

    def explore(self) -> None:
        """Breadth first until the level has its rooms."""
        while self.queue and self.rooms < self.rooms_wanted:
            parent, exit_ = self.queue.popleft()
            if exit_.leads == "unexplored" and exit_.to is None:
                self._open(parent, exit_, toward=False)

    def head_down(self) -> None:
        """Lead on from the open door nearest the stairs down until a room holds them."""
        stairs = self.stairs
        for _ in range(MOST_STEPS_DOWN):
            if self.stairs_area is not None:
                return
            waiting = [(parent, e) for parent in self.level.areas for e in parent.exits
                       if e.leads == "unexplored" and e.to is None]
            if not waiting:
                waiting = self._reopen()
                if not waiting:
                    return
            parent, exit_ = min(waiting, key=lambda pe: self._distance(pe[0], pe[1], stairs))
            self._open(parent, exit_, toward=True)
            if not exit_.rolled and exit_.leads == "blocked":
                parent.exits.remove(exit_)  # an added way on that leads nowhere is not added
                parent.rolls["Door"].pop()
                self.boxed_in.add(parent.number)

    def _distance(self, area: Area, exit_: Exit, target: Cell) -> tuple[int, int]:
        cells = [exit_.at] if exit_.at is not None else sorted(area.cells)
        return min(abs(c[0] - target[0]) + abs(c[1] - target[1]) for c in cells), area.number

    def _reopen(self) -> list[tuple[Area, Exit]]:
        """One more door, in the room nearest the stairs with room in its walls; marked as not rolled."""
        stairs = self.stairs
        rooms = [a for a in self.level.areas
                 if a.type != CORRIDOR and a.number not in self.boxed_in and door_spots(self.grid, a)]
        if not rooms:
            return []
        area = min(rooms, key=lambda a: self._distance(a, Exit(DOOR), stairs))
        rng = self._stream("reopened")
        lock = contents.roll_door(rng)
        exit_ = Exit(door_kind(lock["locked"]), rolled=False)
        area.exits.append(exit_)
        area.rolls.setdefault("Door", []).append(lock["roll"])
        return [(area, exit_)]

    def _open(self, parent: Area, exit_: Exit, toward: bool) -> None:
        if parent.type == CORRIDOR:
            self._room_beyond(parent, exit_)
        else:
            self._corridor_beyond(parent, exit_, toward)
        join_open_ends(self.level, self.grid)

    def _corridor_beyond(self, parent: Area, exit_: Exit, toward: bool) -> None:
        rng = self._stream("corridor")
        explore = rules.campaign()["explore"]
        length = contents.roll(explore["corridor_dice"], rng)
        lock = contents.roll_door(rng)
        plan = Plan(CORRIDOR, lambda heading: forms.corridor_shapes(heading, length),
                    rolls={"Corridor": length, "Door": [lock["roll"]]}, open_kind=door_kind(lock["locked"]))
        best = steering.best_corridor(self.grid, parent, exit_, length, self.stairs, toward)
        self._add(parent, exit_, plan, best)

    def _room_beyond(self, parent: Area, exit_: Exit, squares: int | None = None) -> None:
        """``squares``: the room's area, when it was rolled already (the room around the stairs)."""
        rng = self._stream("room")
        rolled = contents.roll_room(rng, self.number, self.a_monsters)
        if squares is not None:
            rolled["squares"] = squares
        shapes = self._stairs_room(exit_, rolled["squares"]) or forms.room_shapes(rolled["squares"], rng)
        locks = [contents.roll_door(rng) for _ in range(rolled["exits"] - 1 + rolled["secret_doors"]["count"])]
        doors = [Exit(door_kind(lock["locked"]), secret=index >= rolled["exits"] - 1)
                 for index, lock in enumerate(locks)]
        rolls = {"Room": rolled["squares"], "Exits": rolled["exits"], "Secret Doors": rolled["secret_doors"]["roll"],
                 "Special Features": rolled["feature"]["roll"], "Encounters": [e["roll"] for e in rolled["encounters"]],
                 "Door": [lock["roll"] for lock in locks]}
        data = {"feature": rolled["feature"], "encounters": rolled["encounters"]}
        plan = Plan(ROOM, lambda heading: shapes, doors=doors, rolls=rolls, data=data)
        area = self._place(parent, exit_, plan)
        if self.stairs not in self.grid.owner:
            stairs_room.keep_clear(self.grid, self.stairs)
        if area is None:
            return
        self.rooms += 1
        self.a_monsters += sum(1 for e in rolled["encounters"] for m in e["monsters"] if m["letter"] == "A")
        if self.stairs in area.cells:
            self.stairs_area = area.number
            if self.last:
                area.data["corner"] = "amulet"  # where other levels have their stairs down (notes.toml)
            else:
                area.data["stairs"] = "down"
                area.links.append(Link("stairs-down", self.number + 1, 1))

    def _stairs_room(self, exit_: Exit, squares: int) -> list[Shape] | None:
        """A room of ``squares`` squares from the door to the stairs down, when the door is near enough."""
        if exit_.at is None or self.stairs_area is not None:
            return None
        entry = step(exit_.at, exit_.side)
        cells = stairs_room.room_cells(self.grid, self.stairs, entry, squares)
        if cells is None:
            return None
        stairs_room.open_for_room(self.grid, self.stairs)
        return [stairs_room.standing_room(cells, entry, exit_.side)]

    def door_to_stairs(self) -> None:
        """No corridor reached the stairs: the room around them opens off the nearest wall (notes.toml)."""
        if self.stairs_area is not None:
            return
        room_dice = dice.parse(rules.campaign()["explore"]["room_dice"])
        nearest: tuple[int, int, Area, tuple[Cell, int]] | None = None
        for area in self.level.areas:
            for order, (cell, side) in enumerate(door_spots(self.grid, area)):
                path = stairs_room.way_to(self.grid, self.stairs, step(cell, side), room_dice.high)
                if path is not None and (nearest is None or len(path) < nearest[0]):
                    nearest = (len(path), order, area, (cell, side))
        if nearest is None:
            return
        length, _, area, (cell, side) = nearest
        for _ in range(MOST_STEPS_DOWN):
            rng = self._stream("stairs-room")
            squares = room_dice.roll(rng)
            if squares < length:
                continue  # too small to reach the stairs: rolled again (notes.toml)
            lock = contents.roll_door(rng)
            exit_ = Exit(door_kind(lock["locked"]), at=cell, side=side, heading=side, rolled=False)
            area.exits.append(exit_)
            area.rolls.setdefault("Door", []).append(lock["roll"])
            self._room_beyond(area, exit_, squares)
            return

    def _place(self, parent: Area, exit_: Exit, plan: Plan) -> Area | None:
        number = len(self.level.areas) + 1
        return self._add(parent, exit_, plan,
                         place_through(self.grid, parent, exit_, plan, number, self.place_rng, beyond_map=False))

    def _add(self, parent: Area, exit_: Exit, plan: Plan, placed: Placed | None) -> Area | None:
        if placed is None:
            make_false(exit_)
            return None
        exit_.at, exit_.side = placed.spot
        exit_.heading = exit_.side
        area = add_area(self.level, self.grid, plan, placed.shape, parent.number)
        exit_.to, exit_.leads = area.number, "area"
        self.queue.extend((area, e) for e in area.exits if e.leads == "unexplored")
        return area

    # --- finishing ------------------------------------------------------------------------------

    def finish(self) -> Built:
        settle_doors(self.level, self.grid, self.place_rng)
        for area in self.level.areas:
            for exit_ in area.exits:
                if exit_.leads == "unexplored" and not self._leads_anywhere(area, exit_):
                    make_false(exit_)
        problems = check_level(self.level, RULE, self.last, lambda link: link.kind == "stairs-down")
        if problems:
            raise LevelError("; ".join(problems))
        return Built(self.level, self.corners, rules.difficulty(self.number), self.stairs_area)

    def _leads_anywhere(self, area: Area, exit_: Exit) -> bool:
        """A door still to be explored can lead on: a corridor of the fewest squares fits beyond it."""
        if exit_.at is None:
            return False
        shortest = forms.corridor_shapes(exit_.side, dice.parse(rules.campaign()["explore"]["corridor_dice"]).low)
        probe = Plan(CORRIDOR, lambda heading: shortest)
        return place_through(self.grid, area, exit_, probe, len(self.level.areas) + 1, self.place_rng,
                             beyond_map=False) is not None


def make_false(exit_: Exit) -> None:
    """A door onto the paper's edge or onto nothing: drawn, but it opens on rock."""
    exit_.kind, exit_.leads, exit_.to = FALSE, "blocked", None


def build_level(code: SeedCode, number: int, rooms: int, last: bool) -> Built:
    """The level, rolled again (from fresh streams) in the rare case that every way closed before the stairs."""
    for attempt in range(MOST_ATTEMPTS):
        builder = LevelBuilder(code, number, rooms, last, attempt)
        builder.start_room()
        builder.explore()
        builder.head_down()
        builder.door_to_stairs()
        if builder.stairs_area is not None:
            return builder.finish()
    raise LevelError(f"level {number}: no way to the stairs down in {MOST_ATTEMPTS} tries")
