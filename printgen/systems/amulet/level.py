"""Building one level room by room, as the Creation rules have the mapper do it, on the map engine.

The first room stands in the middle of the level. The engine explores the
exits that open onto unmapped rock in the order they were made (so rooms
are numbered in walking order), but an exit with too little rock behind it
for a middling room waits until the others are explored; these rules roll
the room behind each. As the rules have the mapper do, a room's size, shape
and exits are all rolled before it is drawn: of every way the room may lie
against the wall its exit is in (every form, every turn, every position
along that wall: room_forms), one that can take the most of its rolled
exits (then of its walldoors) is drawn, where the walls those exits face leave
the rooms behind them most room (so they shrink less), then snug against
the rooms already there; it shrinks only when no way of lying at its size
fits, and behind a 45° wall where none fits at all (only a Triangle fits
the half square there) the exit opens onto solid rock. Its walldoors find
their wall first; each door then goes where the exits after it, and the
room's murder holes, still have room, and where the room behind it has
most; and it is as short as its type lets it be (a walldoor two units, an
opening or a treasure wall one: the rules leave the length to the mapper),
so the room behind keeps its wall for its own exits. An exit whose far side
is already mapped joins that room; a new exit in a wall shared with a mapped
room is secret.

printgen rolls rooms until they cover three tenths of the level and one of
them has a Stair; the exits still open are left for the mapper to roll in
play, on the level's free squares. A level that closes first (no exit left on
unmapped rock) gets a Stair in its last room if none of its rooms has one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ...maps.adjacency import SHARED_WALL
from ...maps.geometry import HEADING_NAMES, across, components
from ...maps.level import Area, Exit, Grid, Level, Link
from ...maps.shapes import Shape
from ...maps.steps.explore import Explorer
from ...maps.walls import Unit, facing, runs
from ...seed import SeedCode
from . import room_forms, room_rolls
from .rolls import Roller
from .room_forms import DIRECTIONS

RULE = SHARED_WALL  # each new room shares a side with the room it was entered from
INSIDE = {"stair", "teleport"}  # stand inside the room, not in a wall
MIN_LENGTH = {"walldoor": 2}
SHARES_A_WALL = ("exit", "murder-hole")  # how a room is entered when it is set against its parent's wall
MAPPED = Fraction(3, 10)  # rooms are rolled until they cover this much of the level (and it has a Stair)
PLACES_LOOKED_AT = 24  # where a teleporter's far room may go, the mapper weighs this many places
LARGEST_ROOM = 5  # the Room Size column's largest
ROOMY = 3  # a door with room behind it for a Square this size is explored first


def size_of(area: Area) -> int:
    return area.data["size"]


@dataclass(frozen=True)
class Planned:
    """One rolled exit before it has a place: the side the Exit Location column gave, and its type."""

    direction: int
    kind: str

    @property
    def shortest(self) -> int:
        """The fewest units of wall it takes, and so the units it takes (door_for)."""
        return MIN_LENGTH.get(self.kind, 1)


@dataclass
class RoomPlan:
    """Everything rolled for a room before the mapper draws it."""

    roller: Roller
    word: str
    size_rolled: int
    exits_rolled: int = 0
    exits: list[Planned] = field(default_factory=list)


def exits_that_fit(open_runs: dict[int, list[tuple[Unit, ...]]], exits: Iterable[Planned]) -> int:
    """How many of ``exits`` the walls can take at once: ``open_runs`` gives, for each side, the straight
    stretches of wall where a door may stand (a 45° stretch serves both sides it faces). Longest first,
    each into the stretch serving fewest sides and with most room left."""
    left: dict[tuple[Unit, ...], int] = {}
    serves: dict[tuple[Unit, ...], int] = {}
    for stretches in open_runs.values():
        for stretch in stretches:
            left[stretch] = len(stretch)
            serves[stretch] = serves.get(stretch, 0) + 1
    placed = 0
    for planned in sorted((p for p in exits if p.kind not in INSIDE), key=lambda p: -p.shortest):
        room = [s for s in open_runs.get(planned.direction, ()) if left[s] >= planned.shortest]
        if room:
            best = min(room, key=lambda s: (serves[s], -left[s]))
            left[best] -= planned.shortest
            placed += 1
    return placed + sum(p.kind in INSIDE for p in exits)


class LevelBuilder:
    def __init__(self, code: SeedCode, number: int, size: int, kind: str = "normal"):
        self.code = code
        self.level = Level(number, size, size, data={"kind": kind})
        self.explorer = Explorer(self.level, Grid(size, size, RULE), self)
        self.rollers: dict[int, Roller] = {}
        self.plans: dict[int, RoomPlan] = {}
        self.room_known: tuple[int, dict[Unit, int], list[list[int]]] = (-1, {}, [])  # see room_beyond

    def roller(self, number: int) -> Roller:
        return Roller(self.code.stream("amulet-dungeon", "level", self.level.number, "room", number))

    def next_roller(self) -> Roller:
        return self.roller(len(self.level.areas) + 1)

    # -- rolling a room ----------------------------------------------------------------------

    def plan_room(self, roller: Roller, min_size: int = 1, entered: bool = True, exits: bool = True) -> RoomPlan:
        """Size and shape; then, unless the room's exits are the rules' own (a mini-boss level's), the
        number of exits and each one's side and type. The way in is the first exit, so a room entered by
        an exit or a teleporter rolls side and type for one fewer."""
        size = max(min_size, roller.row("room-size")["units"])
        plan = RoomPlan(roller, roller.row("room-shape").result, size)
        if exits:
            plan.exits_rolled = int(roller.row("exit-number")["exits"])
            for _ in range(plan.exits_rolled - entered):
                direction = DIRECTIONS[roller.row("exit-location").result.lower()]
                plan.exits.append(Planned(direction, roller.row("exit-type").result.lower()))
        return plan

    # -- where a room may lie ----------------------------------------------------------------

    def open_runs(self, shape: Shape, taken: set[Unit]) -> dict[int, list[tuple[Unit, ...]]]:
        """For each side, the stretches of ``shape``'s wall (placed or not) where a new door may stand (a
        45° unit stands in the stretches of both sides it faces)."""
        found: dict[int, list[Unit]] = {direction: [] for direction in DIRECTIONS.values()}
        for unit in shape.walls:
            if unit not in taken and self.explorer.opens_on(unit):
                for direction in components(unit[1]):
                    found[direction].append(unit)
        return {direction: [tuple(r) for r in runs(units)] for direction, units in found.items()}

    def waiting_units(self) -> dict[Unit, int]:
        """Exits of mapped rooms still to be explored, by the unit of wall facing each of their squares
        beyond (where a room set there would meet them): unit -> which exit."""
        found = {}
        for index, (_, e) in enumerate(self.explorer.queue):
            if not e.inside:
                for unit in e.far_units():
                    found[unit] = index
        return found

    def contact(self, shape: Shape) -> int:
        """Units of ``shape``'s wall against a mapped room (the snugger, the more room is left in one
        piece for the rooms still to come)."""
        floor = self.explorer.grid.floor
        return sum(floor.at(*across(*unit)) is not None for unit in shape.walls)

    def free_wall(self, shape: Shape, entry: Iterable[Unit], waiting: dict[Unit, int]
                  ) -> tuple[dict[Unit, int], dict[int, list[tuple[Unit, ...]]]]:
        """Where ``shape`` would meet exits other rooms have waiting (its units there -> which exit), and
        the stretches of its wall left for its own exits (``open_runs``), its way in and those units taken."""
        met = {u: waiting[u] for u in shape.walls if u in waiting}
        return met, self.open_runs(shape, set(met) | set(entry))

    def exits_kept(self, plan: RoomPlan, met: dict[Unit, int], open_runs: dict[int, list[tuple[Unit, ...]]]
                   ) -> tuple[int, int]:
        """How many of the plan's exits a room could take in the stretches of its free wall (``open_runs``),
        every exit another room has waiting on its wall (``met``) being one of them (the rules locate one of
        the new room's exits there), and how many of its walldoors (the exits that need most wall)."""
        walldoors = [p for p in plan.exits if p.kind == "walldoor"]
        return (min(exits_that_fit(open_runs, plan.exits), len(plan.exits) - len(set(met.values()))),
                exits_that_fit(open_runs, walldoors) if walldoors else 0)

    def room_ahead(self, plan: RoomPlan, open_runs: dict[int, list[tuple[Unit, ...]]]) -> int:
        """The room a plan's exits in walls would leave for the rooms behind them: for each, the most that
        a unit of free wall (``open_runs``) on its side leaves (``room_beyond``; against a mapped room's
        wall the most, an exit there leading into that room). Rooms rolled behind them shrink less."""
        sides = [planned.direction for planned in plan.exits if planned.kind not in INSIDE]
        most = {side: self.most_room(open_runs[side]) for side in set(sides)}
        return sum(most[side] for side in sides)

    def most_room(self, stretches: list[tuple[Unit, ...]]) -> int:
        """The most room a door in any unit of ``stretches`` leaves behind it (straight walls first: they
        are quickest to weigh, and the largest room ends the search)."""
        best = 0
        for unit in sorted((u for stretch in stretches for u in stretch), key=lambda u: u[1] % 2):
            best = max(best, self.room_beyond(unit) if self.explorer.unmapped_beyond(unit) else LARGEST_ROOM)
            if best == LARGEST_ROOM:
                break
        return best

    def choose(self, plan: RoomPlan | None, roller: Roller, found: list[tuple[Shape, tuple, tuple]]) -> Shape:
        """Of the placements that fit (each with its own keys, and the units of its wall its way in takes),
        one that keeps the most rolled exits (then walldoors), then is best by its own keys, then leaves
        its exits most room behind them, then is the snuggest; the mapper's last choice is the seed's.
        Each measure is taken only of the placements still tied (the later ones cost more)."""
        exits = plan if plan is not None and plan.exits else None  # the plan, when it has exits to keep
        waiting = self.waiting_units() if exits else {}
        walls: dict[int, tuple] = {}  # each placement's free_wall, worked out once

        def wall_of(shape: Shape, entry: tuple) -> tuple:
            if id(shape) not in walls:
                walls[id(shape)] = self.free_wall(shape, entry, waiting)
            return walls[id(shape)]

        measures = (lambda shape, key, entry: (self.exits_kept(exits, *wall_of(shape, entry)) if exits else ()) + key,
                    lambda shape, key, entry: self.room_ahead(exits, wall_of(shape, entry)[1]) if exits else 0,
                    lambda shape, key, entry: self.contact(shape))
        tied = found
        for measure in measures:
            if len(tied) == 1:
                break
            scored = [(measure(*placement), placement) for placement in tied]
            best = max(score for score, _ in scored)
            tied = [placement for score, placement in scored if score == best]
        return tied[roller.choose(len(tied))][0]

    def behind_wall(self, forms: Iterable[Shape], cells: list, back: int) -> list[tuple[Shape, tuple, tuple]]:
        """Every placement of ``forms`` that fits with a unit of wall facing ``back`` on the first of
        ``cells``, each with how many of ``cells`` it takes (a long opening wants as few rooms as may be)
        and the units of its wall the opening takes."""
        return [(form.moved(dx, dy), (len(entry),), entry)
                for form, dx, dy, entry in self.explorer.wall_placements(forms, cells, back)]

    def anywhere(self, forms: Iterable[Shape]) -> list[tuple[Shape, int, int]]:
        """Every placement of ``forms`` that fits on unmapped rock: the form and how far it is moved. (A
        form whose box lies on unmapped rock fits: counted at once, the squares taken in each box.)"""
        taken = self.taken_before()
        found = []
        for form in forms:
            x0, y0, x1, y1 = form.box
            for dy in range(-y0, self.level.height - y1):
                top, bottom = taken[y0 + dy], taken[y1 + dy + 1]
                for dx in range(-x0, self.level.width - x1):
                    left, right = x0 + dx, x1 + dx + 1
                    if bottom[right] - bottom[left] - top[right] + top[left] == 0 or self.explorer.fits(form, dx, dy):
                        found.append((form, dx, dy))
        return found

    def taken_before(self) -> list[list[int]]:
        """How many taken squares lie above and to the left of each corner of the level's squares."""
        blocked, width = self.explorer.grid.blocked, self.level.width
        taken = [[0] * (width + 1)]
        for y in range(self.level.height):
            row, above, count = [0], taken[-1], 0
            for x in range(width):
                count += (x, y) in blocked
                row.append(above[x + 1] + count)
            taken.append(row)
        return taken

    # -- rooms ---------------------------------------------------------------------------

    def add_room(self, plan: RoomPlan, shape: Shape, size: int, entered_from: int | None, entered_by: str) -> Area:
        data: dict[str, Any] = {"size": size, "size_rolled": plan.size_rolled,
                                "shape": room_forms.shape_data(plan.word, shape), "entered_from": entered_from,
                                "entered_by": entered_by, "exits_rolled": plan.exits_rolled,
                                "contents": [], "encounters": []}
        parent = entered_from if entered_by in SHARES_A_WALL else None
        area = self.explorer.add_area(plan.word, shape, parent, plan.roller.rolls, data)
        self.rollers[area.number] = plan.roller
        self.plans[area.number] = plan
        return area

    def first_room(self, roller: Roller, min_size: int = 1, exits: bool = True, straight: bool = False) -> Area:
        """In the middle of the level, turned to take the most of its rolled exits (``straight``: with a
        straight wall, for a door any room may stand behind)."""
        plan = self.plan_room(roller, min_size, entered=False, exits=exits)
        for size in range(min(plan.size_rolled, self.level.width), 0, -1):
            found = []
            for form in room_forms.forms(plan.word, size):
                if straight and all(side % 2 for _, side in form.walls):
                    continue
                x0, y0, x1, y1 = form.box
                room = form.moved((self.level.width - (x1 - x0 + 1)) // 2 - x0,
                                  (self.level.height - (y1 - y0 + 1)) // 2 - y0)
                if self.explorer.fits(room):
                    found.append((room, (), ()))
            if found:
                return self.add_room(plan, self.choose(plan, roller, found), size, None, "stair")
        raise AssertionError("an empty level always holds a one-unit room")

    def room_behind(self, roller: Roller, cells: list, back: int, entered_from: int, entered_by: str,
                    min_size: int = 1, exits: bool = True) -> Area | None:
        """The rolled room whose wall ``back`` stands on ``cells``, taking the first of them: every form,
        turn and position along that wall is tried at the rolled size before it shrinks by a unit. None
        when it fits at no size (behind a 45° wall, the half square there may hold no room of its shape:
        a Square, say, needs a square turned 45° there)."""
        plan = self.plan_room(roller, min_size, entered=entered_by == "exit", exits=exits)
        for size in range(plan.size_rolled, 0, -1):
            found = self.behind_wall(room_forms.forms(plan.word, size), cells, back)
            if found:
                shape = self.choose(plan if exits else None, roller, found)
                return self.add_room(plan, shape, size, entered_from, entered_by)
        return None

    def room_anywhere(self, roller: Roller, entered_from: int) -> Area:
        """The far end of a teleporter: the rules let its user pick any unmapped rock, so the rolled room
        goes wherever it fits whole; the mapper weighs a few dozen such places (chosen by the seed) and
        takes the one keeping the most of its exits. Only if it fits nowhere does it shrink."""
        plan = self.plan_room(roller)
        for size in range(plan.size_rolled, 0, -1):
            found = self.anywhere(room_forms.forms(plan.word, size))
            if found:
                if len(found) > PLACES_LOOKED_AT:
                    roller.rng.shuffle(found)
                    found = found[:PLACES_LOOKED_AT]
                shape = self.choose(plan, roller, [(form.moved(dx, dy), (), ()) for form, dx, dy in found])
                return self.add_room(plan, shape, size, entered_from, "teleport")
        raise AssertionError("a free square always holds a one-unit room")

    # -- the engine's questions ------------------------------------------------------------

    def behind(self, explorer: Explorer, area: Area, door: Exit, cells: list, back: int) -> Area | None:
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
        if len(explorer.grid.owner) == self.level.width * self.level.height:
            door.leads = "blocked"
            return
        roller = self.next_roller()
        new = self.room_anywhere(roller, area.number)
        door.to, door.leads = new.number, "area"
        spots = sorted(new.cells)
        new.exits.append(Exit("teleport", at=spots[roller.choose(len(spots))], heading=door.heading, to=area.number,
                              leads="area", inside=True, rolled=False, far_side=True,
                              data={"why": "destination"}))
        self.fill(explorer, new, door)

    # -- exits ---------------------------------------------------------------------------

    def entries_into(self, area: Area) -> list[tuple[Area, Exit]]:
        """Exits waiting to be explored whose far side is this room's wall."""
        walls = area.shape.wall_set
        return [(a, e) for a, e in self.explorer.queue if not e.inside and any(u in walls for u in e.far_units())]

    def kept_if(self, area: Area, exits: list[Planned], without: Iterable[Unit] = ()) -> int:
        """How many of ``exits`` ``area``'s wall could still take, were ``without`` taken too."""
        return exits_that_fit(self.open_runs(area.shape, self.explorer.used_units(area) | set(without)), exits)

    def join_waiting(self, area: Area, exits: list[Planned]) -> list[dict[str, Any]]:
        """Each exit another room has waiting on this room's wall is one of this room's exits: the rules
        locate one of its rolled exits there. The one taken is one in a wall (a Stair or a teleporter
        stands inside), with no room on its own wall if there is such; else not a walldoor (the hardest
        exit to find room for), one whose side is that wall's, else the last rolled."""
        joined = []
        for other, waiting in self.entries_into(area):
            in_walls = [index for index, planned in enumerate(exits) if planned.kind not in INSIDE]
            if not in_walls:
                break
            waiting_here = [u for u in waiting.far_units() if u in area.shape.wall_set]
            planned = exits.pop(max(in_walls, key=lambda index: self.join_merit(area, exits, index, waiting_here)))
            joined.append({"direction": HEADING_NAMES[planned.direction], "kind": planned.kind,
                           "room": other.number})
        return joined

    def join_merit(self, area: Area, exits: list[Planned], index: int, waiting: list[Unit]) -> tuple:
        """How well the rolled exit ``index`` stands where another room's exit waits on ``area``'s wall (on
        its units ``waiting``): the others keeping most room, then not a walldoor, then facing its side."""
        rest = exits[:index] + exits[index + 1:]
        return (self.kept_if(area, rest, waiting), exits[index].kind != "walldoor",
                exits[index].direction in components(waiting[0][1]), index)

    def hole_spots(self, area: Area, side: int, without: Iterable[Unit] = ()) -> list[Unit]:
        """Units of ``area``'s wall facing ``side`` where a murder hole may be: no door or hole there yet,
        and unmapped rock beyond (the rules: it may not share a wall with a room already found)."""
        used = self.explorer.used_units(area) | set(without)
        return [unit for unit in facing(area.shape, side) if unit not in used and self.explorer.unmapped_beyond(unit)]

    def square_behind(self, unit: Unit, size: int) -> bool:
        """A Square of ``size`` (turned 45° behind a 45° wall) fits on unmapped rock with its wall on the
        far side of a door in ``unit``."""
        far, back = across(*unit)
        return bool(self.explorer.wall_placements([room_forms.square(size, back % 2 == 1)], [far], back))

    def room_beyond(self, unit: Unit) -> int:
        """The room a door in ``unit`` leaves for the room behind it: the largest Square (up to the
        largest Room Size) that fits there (``square_behind``), 0 if none does. A Square that fits holds
        every smaller one along the same wall, so the sizes are halved down to it. (Asked again and again
        of the same walls while the mapper weighs placements: kept until a room is added.)"""
        if self.room_known[0] != len(self.level.areas):
            self.room_known = (len(self.level.areas), {}, self.free_squares())
        known = self.room_known[1]
        if unit not in known:
            fits = self.square_behind if unit[1] % 2 else self.straight_square_behind
            low, high = 0, LARGEST_ROOM  # a Square of ``low`` fits (0: none needed), one past ``high`` does not
            while low < high:
                size = (low + high + 1) // 2
                low, high = (size, high) if fits(unit, size) else (low, size - 1)
            known[unit] = low
        return known[unit]

    def free_squares(self) -> list[list[int]]:
        """For each square of the level (by row, then column), the largest Square along the grid (up to
        the largest Room Size) on unmapped rock with its north-west corner there."""
        blocked, width, height = self.explorer.grid.blocked, self.level.width, self.level.height
        largest = [[0] * (width + 1) for _ in range(height + 1)]  # a row and a column of rock beyond the map
        for y in range(height - 1, -1, -1):
            row, below = largest[y], largest[y + 1]
            for x in range(width - 1, -1, -1):
                if (x, y) not in blocked:
                    row[x] = min(LARGEST_ROOM, 1 + min(row[x + 1], below[x], below[x + 1]))
        return largest

    def straight_square_behind(self, unit: Unit, size: int) -> bool:
        """``square_behind`` for a unit of straight wall, read off ``free_squares``: a Square of ``size``
        with its wall on the square beyond, in any position along it."""
        (x, y), back = across(*unit)
        if back in (0, 4):
            top = y if back == 0 else y - size + 1
            corners = [(left, top) for left in range(x - size + 1, x + 1)]
        else:
            left = x if back == 6 else x - size + 1
            corners = [(left, top) for top in range(y - size + 1, y + 1)]
        largest = self.room_known[2]
        return any(0 <= left < self.level.width and 0 <= top < self.level.height and largest[top][left] >= size
                   for left, top in corners)

    def holes_open(self, area: Area, sides: list[int], without: Iterable[Unit]) -> int:
        """How many of the rolled murder holes' sides would still face unmapped rock somewhere."""
        return sum(bool(self.hole_spots(area, side, without)) for side in sides)

    def door_for(self, area: Area, roller: Roller, planned: Planned, later: list[Planned],
                 holes: list[int]) -> Exit | None:
        """A door of the planned kind in the wall facing its side, as short as it may be (a longer one takes
        more wall and leaves no more room for anything: the room behind keeps most of its wall for its own
        exits), placed (stretch, position, each the mapper's choice, made by the seed) so that the exits
        rolled after it still have room, then the room's murder holes (on the sides in ``holes``), then the
        room behind it has most room."""
        kind, direction = planned.kind, planned.direction
        length = planned.shortest
        stretches = [r for r in runs(self.explorer.open_units(area, direction)) if len(r) >= length]
        if not stretches:
            return None
        options: list[tuple[int, int]] = []  # (stretch, start)
        best: tuple[int, ...] | None = None
        for index, stretch in enumerate(stretches):
            for start in range(len(stretch) - length + 1):
                taken = stretch[start:start + length]
                kept = (self.kept_if(area, later, taken), self.holes_open(area, holes, taken),
                        self.room_beyond(taken[0]))
                if best is None or kept > best:
                    options, best = [], kept
                if kept == best:
                    options.append((index, start))
        chosen = sorted({index for index, _ in options})
        index = chosen[roller.choose(len(chosen))]
        roller.choose(1)  # the draw a door's length once took, of one choice now: every seed's map stays as it was
        starts = [start for i, start in options if i == index]
        start = starts[roller.choose(len(starts))]
        units = tuple(stretches[index][start:start + length])
        door = Exit(kind, at=units[0][0], side=units[0][1], heading=direction, wall=units if length > 1 else ())
        door.secret = kind == "secret"
        return door

    def add_exits(self, area: Area, roller: Roller, exits: list[Planned], holes: list[int]) -> None:
        impossible: list[Exit] = []
        exits = sorted(exits, key=lambda planned: -planned.shortest)  # a walldoor's wall is found first
        for index, planned in enumerate(exits):
            kind, direction = planned.kind, planned.direction
            if kind in INSIDE:
                exit_ = self.explorer.door_inside(area, kind, direction, roller.choose,
                                                  "level" if kind == "stair" else "unexplored")
            else:
                exit_ = self.door_for(area, roller, planned, exits[index + 1:], holes)
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
        """A new room's contents and encounters, the sides of its murder holes, then its exits drawn in
        (the mapper places the doors knowing all of it), then the rooms its murder holes look into."""
        plan = self.plans[area.number]
        roller = plan.roller
        exits = list(plan.exits)
        joined = self.join_waiting(area, exits)
        if joined:
            area.data["exits_joined"] = joined
        if plan.exits_rolled == 1 and entry is not None and entry.secret:
            # Behind a secret door, a one-exit room holds as many treasures as its size, and nothing else.
            contents = [room_rolls.treasure(roller) for _ in range(size_of(area))]
            contents[0]["why"] = "secret-one-exit"
        else:
            contents = room_rolls.roll_contents(roller)
        area.data["contents"] = contents
        area.data["encounters"] = room_rolls.roll_encounters(roller, size_of(area))
        holes = [item for item in contents if item["code"] == "murder-hole"]
        sides = [DIRECTIONS[roller.row("exit-location").result.lower()] for _ in holes]
        self.add_exits(area, roller, exits, sides)
        for item, side in zip(holes, sides):
            self.murder_hole(area, roller, item, side)

    def murder_hole(self, area: Area, roller: Roller, item: dict[str, Any], side: int) -> None:
        """Place the hole on its rolled side, facing unmapped rock where the room behind it has most room,
        and map the room it looks into."""
        free = self.hole_spots(area, side)
        item["direction"] = HEADING_NAMES[side]
        if not free:
            item["looks_into"] = None
            item["why"] = "no-free-wall"
            return
        room = {unit: self.room_beyond(unit) for unit in free}
        free = [unit for unit in free if room[unit] == max(room.values())]
        cell, wall = free[roller.choose(len(free))]
        self.explorer.reserve((cell, wall))  # a hole in the wall, not a door: no exit may stand there
        item["wall"] = [cell[0], cell[1], HEADING_NAMES[wall]]
        far, back = across(cell, wall)
        behind = self.room_behind(self.next_roller(), [far], back, area.number, "murder-hole")
        if behind is None:
            item["looks_into"] = None
            item["why"] = "no-room-behind"
            return
        item["looks_into"] = behind.number
        area.links.append(Link("murder-hole", self.level.number, behind.number))
        behind.links.append(Link("murder-hole", self.level.number, area.number))
        self.fill(self.explorer, behind, None)

    # -- the whole level -----------------------------------------------------------------

    def build(self) -> Level:
        roller = self.roller(1)
        self.fill(self.explorer, self.first_room(roller), None)
        explorer, enough = self.explorer, self.level.width * self.level.height * MAPPED
        while explorer.queue and (len(explorer.grid.owner) < enough or not self.has_stair()):
            explorer.explore(*self.next_waiting())
        explorer.join_waiting()
        self.stair_in_last_room()
        return self.level

    def next_waiting(self) -> tuple[Area, Exit]:
        """The waiting exit the mapper explores next: the first made, but one opening on too little rock
        for a middling room (a Square of ``ROOMY`` units, turned 45° behind a 45° wall) waits until the
        others are explored (the rooms rolled there would only shrink; they may be rolled in play)."""
        queue = self.explorer.queue
        index = next((i for i, (_, e) in enumerate(queue) if e.inside or self.room_beyond(e.units[0]) >= ROOMY), 0)
        found = queue[index]
        del queue[index]
        return found

    def has_stair(self) -> bool:
        return any(e.kind == "stair" for a in self.level.areas for e in a.exits)

    def stair_in_last_room(self) -> None:
        if self.has_stair():
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
