"""One level behind the doors, rolled as the Dungeon Master Guide says, placed with the map engine.

The starting room fills its corner and gets its 1d6-3 (minimum 1) doors in
its walls that face into the sheet. Then, breadth first so areas are numbered
in walking order: a room's door opens on a corridor of 2d6 squares (turned
away from the stairs down while it can be) ending in a new door; that door
opens on a room of exactly 2d6 squares with its 1d6 exits (the first is the
way in) and its secret doors. Once the level has its rooms, the ways left
lead on towards the stairs down, until a corridor ends at a door onto the
stairs (or beside them) and the room behind it, rolled like any other, holds
them. Every rolled corridor and room is drawn at its rolled size: a regular
form where one fits, else one found in the free squares (free_forms.py). A
door is false only where nothing of its rolled size fits behind it (the
paper's edge, the drawn map).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

from ... import dice
from ...errors import PrintgenError
from ...maps.adjacency import SHARED_WALL
from ...maps.checks import check_level
from ...maps.geometry import EAST, NORTH, SOUTH, WEST, Cell, bounds, step
from ...maps.level import Area, Exit, Grid, Level, Link
from ...maps.placement import Placed, Plan, door_spots, place_through
from ...maps.steps.areas import add_area
from ...maps.steps.join import join_open_ends
from ...maps.steps.settle_doors import settle_doors
from ...seed import Rng, SeedCode
from . import contents, forms, rules, sheet_corners, stairs_room, steering
from .free_forms import corridor_path, corridor_shape, distances, grown_room, reach
from .sheet_corners import HEIGHT, WIDTH, Corners

RULE = SHARED_WALL  # a hand-drawn dungeon: a corridor shares a wall with the room its door is in
STARTING_ROOM, CORRIDOR, ROOM = "Starting room", "Corridor", "Room"
DOOR, LOCKED, FALSE = "door", "locked-door", "false-door"
MOST_STEPS_DOWN = 60  # areas rolled while heading for the stairs before the level gives up
MOST_ATTEMPTS = 20


class LevelError(PrintgenError):
    """A level the engine's checks refuse. Never the user's doing, but said as every refusal is: one line
    naming the level, never a traceback."""


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
        explore = rules.campaign()["explore"]
        self.shortest = dice.parse(explore["corridor_dice"]).low  # squares of the shortest corridor
        self.longest = dice.parse(explore["corridor_dice"]).high
        self.most = dice.parse(explore["room_dice"]).high  # squares of the largest room
        # the squares beyond the starting room's doors until they are opened: no corridor shuts them in
        self.doorways: set[Cell] = set()
        self.to_stairs: Exit | None = None  # the far door of the corridor that came for the stairs
        self.queue: deque[tuple[Area, Exit]] = deque()
        self._reserve_marks()

    # --- the setup ----------------------------------------------------------------------------

    def _reserve_marks(self) -> None:
        """The terminal, the shop and the stairs down keep their squares (and the ring around) clear."""
        for cell in (self.corners.terminal_cell, self.corners.shop_cell):
            stairs_room.keep_clear(self.grid, cell)
        stairs_room.keep_clear(self.grid, self.stairs, stairs_room.ZONE)

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
        shape = self._in_corner(forms.room_shapes(squares, rng), doors)
        locks = [contents.roll_door(rng) for _ in range(doors)]
        plan = Plan(STARTING_ROOM, lambda heading: [shape],
                    rolls={"Starting room": squares, "Doors": doors, "Door": [lock["roll"] for lock in locks]},
                    data={"stairs": "up"})
        area = add_area(self.level, self.grid, plan, shape, None)
        area.links.append(Link("stairs-up", self.number - 1))  # level 0: out of the dungeon
        inward = self._inward_spots(shape)
        rng.shuffle(inward)
        for lock in locks:
            exit_ = Exit(door_kind(lock["locked"]))
            taken = [(e.at, e.side) for e in area.exits if e.at is not None]
            # two squares clear of the doors already placed, or (a small room) beside one where it must
            spot = next((s for s in inward if _apart(s, taken)), None) or next(
                (s for s in inward if s not in taken), None)
            area.exits.append(exit_)
            if spot is not None:
                exit_.at, exit_.side = spot
                exit_.heading = exit_.side
                self.doorways.add(step(*spot))
            self.queue.append((area, exit_))
        return area

    def _in_corner(self, shapes: list, doors: int) -> Any:
        """The first shape that, set into the starting corner, holds the corner square and fits, and has room
        in its inward walls for ``doors`` doors two squares apart (if none has, the first that fits)."""
        corner = self.corners.start_cell
        right, bottom = sheet_corners.CORNERS[self.corners.start]
        fitting = []
        for shape in shapes:
            x0, y0, x1, y1 = bounds(shape.cells)
            dx = corner[0] - (x1 if right else x0)
            dy = corner[1] - (y1 if bottom else y0)
            moved = shape.moved(dx, dy)
            if corner in moved.cells and self.grid.fits(shape, dx, dy, self.grid.within):
                fitting.append(moved)
                taken: list[tuple[Cell, int]] = []
                for spot in self._inward_spots(moved):
                    if _apart(spot, taken):
                        taken.append(spot)
                if len(taken) >= doors:
                    return moved
        if fitting:
            return fitting[0]
        raise LevelError(f"level {self.number}: no starting room fits its corner")

    def _inward_spots(self, shape: Any) -> list[tuple[Cell, int]]:
        """The units of the starting room's walls that face into the sheet, away from the paper's edges of
        its corner, with room beyond for the longest corridor (not a notch of the room itself)."""
        right, bottom = sheet_corners.CORNERS[self.corners.start]
        inward = (WEST if right else EAST, NORTH if bottom else SOUTH)
        return [(cell, side) for cell, side in shape.rim if side in inward
                and steering.room_enough(self.grid, step(cell, side), self.longest, shape.cells) >= self.longest]

    def _free(self, cell: Cell) -> bool:
        """A square on the sheet that no area has and no mark keeps clear."""
        x0, y0, x1, y1 = self.grid.within
        return x0 <= cell[0] <= x1 and y0 <= cell[1] <= y1 and cell not in self.grid.blocked

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
        if exit_.at is not None:
            self.doorways.discard(step(exit_.at, exit_.side))
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
        spots = [(exit_.at, exit_.side)] if exit_.at is not None else door_spots(self.grid, parent)
        to_stairs = None
        if toward and self.stairs_area is None and self.to_stairs is None:
            to_stairs = self._corridor_to_stairs(spots, length)
        most = self.most
        keep = sorted(self.doorways)
        placed = (to_stairs
                  or steering.best_corridor(self.grid, parent, exit_, length, self.stairs, toward, most, keep=keep)
                  or self._free_corridor(spots, length, toward, most, keep))
        if placed is None and exit_.at is None:
            # no spot two squares clear of the room's other doors leads on: a door beside another will do
            spots = door_spots(self.grid, parent, apart=False)
            placed = (steering.best_corridor(self.grid, parent, exit_, length, self.stairs, toward, most, spots,
                                             keep)
                      or self._free_corridor(spots, length, toward, most, keep))
        area = self._add(parent, exit_, plan, placed)
        if area is not None and to_stairs is not None:
            self.to_stairs = next(e for e in area.exits if e.fixed)

    def _corridor_to_stairs(self, spots: list[tuple[Cell, int]], length: int) -> Placed | None:
        """A corridor of ``length`` squares from one of ``spots`` to a door onto the stairs (or beside them)
        that leaves the stairs room enough for any room the dice can give: first one that keeps out of the
        squares kept for the stairs but for its last, so their room has them nearly all."""
        stairs = self.stairs
        open_ = stairs_room.open_for_stairs(self.grid, stairs)
        kept = stairs_room.zone(stairs)
        most = self.most
        starts = [step(*spot) for spot in spots]
        ends = [(last, side) for last, side in stairs_room.targets(stairs, open_)
                if any(abs(a[0] - last[0]) + abs(a[1] - last[1]) <= length - 1 for a in starts)]
        for strict in (True, False):
            for last, side in ends:
                entry = step(last, side)

                def path_open(cell: Cell) -> bool:
                    return cell != stairs and open_(cell) and not (strict and cell in kept and cell != last)

                def door_ok(cell: Cell, door_side: int, path: frozenset[Cell]) -> bool:
                    return door_side == side and len(reach(open_, entry, most, without=path)) >= most

                near_target = distances(path_open, last, length)
                for spot in spots:
                    found = corridor_path(path_open, step(*spot), spot[1], length, door_ok, target=last,
                                          near_target=near_target)
                    if found is not None:
                        return Placed(corridor_shape(found[0], spot[1], found[1]), spot)
        return None

    def _free_corridor(self, spots: list[tuple[Cell, int]], length: int, toward: bool, most: int,
                       keep: list[Cell]) -> Placed | None:
        """A corridor of ``length`` squares along any free path from one of ``spots``, when no corridor of
        one or two turns fits: first one whose far door opens on room for any room (``most`` squares), then
        on any free square, else one that meets an area. It leaves each door beyond the squares ``keep``
        room to lead on."""
        grid, stairs = self.grid, self.stairs
        kept = set(keep)

        def open_(cell: Cell) -> bool:
            return cell not in kept and self._free(cell)

        sign = 1 if toward else -1

        def prefer(cell: Cell) -> int:
            return sign * (abs(cell[0] - stairs[0]) + abs(cell[1] - stairs[1]))

        def leaves_room(path: frozenset[Cell]) -> bool:
            return steering.leaves_room(grid, keep, path)

        def onto_room(cell: Cell, side: int, path: frozenset[Cell]) -> bool:
            return steering.room_enough(grid, step(cell, side), most, path) >= most and leaves_room(path)

        def onto_free(cell: Cell, side: int, path: frozenset[Cell]) -> bool:
            return open_(step(cell, side)) and leaves_room(path)

        def onto_area(cell: Cell, side: int, path: frozenset[Cell]) -> bool:
            return step(cell, side) in grid.owner and leaves_room(path)

        ordered = sorted(spots, key=lambda spot: prefer(step(*spot)))
        for door_ok in (onto_room, onto_free, onto_area):
            for spot in ordered:
                start = step(*spot)
                if len(reach(open_, start, length)) < length:
                    continue
                found = corridor_path(open_, start, spot[1], length, door_ok, prefer=prefer)
                if found is not None:
                    return Placed(corridor_shape(found[0], spot[1], found[1]), spot)
        return None

    def _room_beyond(self, parent: Area, exit_: Exit) -> None:
        rng = self._stream("room")
        rolled = contents.roll_room(rng, self.number, self.a_monsters)
        squares = rolled["squares"]
        shapes = forms.room_shapes(squares, rng)
        locks = [contents.roll_door(rng) for _ in range(rolled["exits"] - 1 + rolled["secret_doors"]["count"])]
        doors = [Exit(door_kind(lock["locked"]), secret=index >= rolled["exits"] - 1)
                 for index, lock in enumerate(locks)]
        rolls = {"Room": squares, "Exits": rolled["exits"], "Secret Doors": rolled["secret_doors"]["roll"],
                 "Special Features": rolled["feature"]["roll"], "Encounters": [e["roll"] for e in rolled["encounters"]],
                 "Door": [lock["roll"] for lock in locks]}
        data = {"feature": rolled["feature"], "encounters": rolled["encounters"]}
        plan = Plan(ROOM, lambda heading: shapes, doors=doors, rolls=rolls, data=data)
        placed = None
        if exit_ is self.to_stairs:
            placed = self._around_stairs(exit_, squares, shapes)
        if placed is None:
            number = len(self.level.areas) + 1
            placed = (place_through(self.grid, parent, exit_, plan, number, self.place_rng, beyond_map=False)
                      or self._grown(exit_, squares))
        if exit_ is self.to_stairs:
            self.to_stairs = None  # held or not, the next corridor heading down may come for the stairs again
        area = self._add(parent, exit_, plan, placed)
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

    def _around_stairs(self, exit_: Exit, squares: int, shapes: list) -> Placed | None:
        """The room of ``squares`` squares behind the door the corridor brought to the stairs, holding them."""
        open_ = stairs_room.open_for_stairs(self.grid, self.stairs)
        cells = stairs_room.room_cells(open_, self.stairs, step(exit_.at, exit_.side), squares, shapes)
        if cells is None:
            return None
        return Placed(forms.room_from_cells(cells), (exit_.at, exit_.side))

    def _grown(self, exit_: Exit, squares: int) -> Placed | None:
        """A room grown square by square from its door, when no regular form fits there; None only if the
        free squares behind the door number fewer than the room's."""
        entry = step(exit_.at, exit_.side)
        if len(reach(self._free, entry, squares)) < squares:
            return None
        cells = grown_room(self._free, {entry}, squares, entry)
        return None if cells is None else Placed(forms.room_from_cells(cells), (exit_.at, exit_.side))

    def _add(self, parent: Area, exit_: Exit, plan: Plan, placed: Placed | None) -> Area | None:
        if placed is None:
            make_false(exit_)
            exit_.data["unplaced"] = plan.rolls  # what the dice gave behind it, kept (notes.toml)
            return None
        exit_.at, exit_.side = placed.spot
        exit_.heading = exit_.side
        area = add_area(self.level, self.grid, plan, placed.shape, parent.number)
        exit_.to, exit_.leads = area.number, "area"
        self.queue.extend((area, e) for e in area.exits if e.leads == "unexplored")
        return area

    # --- finishing ------------------------------------------------------------------------------

    def finish(self) -> Built:
        self._place_waiting_doors()
        settle_doors(self.level, self.grid, self.place_rng)
        for area in self.level.areas:
            for exit_ in area.exits:
                if exit_.leads == "unexplored" and not self._leads_anywhere(exit_):
                    make_false(exit_)
        problems = check_level(self.level, RULE, self.last, lambda link: link.kind == "stairs-down")
        if problems:
            raise LevelError("; ".join(problems))
        return Built(self.level, self.corners, rules.difficulty(self.number), self.stairs_area)

    def _place_waiting_doors(self) -> None:
        """Rolled doors left unopened when the level had its rooms go where they can lead on, if any such
        spot is left in their room's walls (the rest settle where they can, as the engine places them)."""
        for area in self.level.areas:
            for exit_ in area.exits:
                if exit_.at is not None or exit_.leads != "unexplored":
                    continue
                for apart in (True, False):
                    spots = door_spots(self.grid, area, apart)
                    self.place_rng.shuffle(spots)
                    spot = next((s for s in spots if self._can_lead(s)), None)
                    if spot is not None:
                        exit_.at, exit_.side = spot
                        exit_.heading = exit_.side
                        break

    def _leads_anywhere(self, exit_: Exit) -> bool:
        """A door still to be explored can lead on: a corridor of the fewest squares fits beyond it."""
        return exit_.at is not None and self._can_lead((exit_.at, exit_.side))

    def _can_lead(self, spot: tuple[Cell, int]) -> bool:
        """The shortest corridor fits beyond a door at ``spot``, its far door onto a free square or an area."""
        shortest = self.shortest

        def door_ok(cell: Cell, side: int, path: frozenset[Cell]) -> bool:
            return self._free(step(cell, side)) or step(cell, side) in self.grid.owner

        return corridor_path(self._free, step(*spot), spot[1], shortest, door_ok) is not None


def _apart(spot: tuple[Cell, int], taken: list[tuple[Cell, int]]) -> bool:
    """A door's doorway two squares clear of those of the doors ``taken``."""
    beyond = step(*spot)
    return all(abs(beyond[0] - t[0]) >= 2 or abs(beyond[1] - t[1]) >= 2 for t in (step(*s) for s in taken))


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
        if builder.stairs_area is not None:
            return builder.finish()
    raise LevelError(f"level {number}: no way to the stairs down in {MOST_ATTEMPTS} tries")
