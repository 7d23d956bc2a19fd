"""Explore a level door by door, as a mapper draws it: each area behind the wall its door is in.

Unlike ``grow`` (areas placed away from their parent, doors wherever they
fit), here the game dictates each door's wall and direction, and the area
rolled for it is set against that very wall (shared-wall levels). Doors are
explored in the order they were made, so areas are numbered in walking
order, until no door opens on unmapped squares. A long door whose far
squares fall in two areas opens onto both (``Exit.also``). A door in a 45°
wall opens into the other half of its own squares, where the area behind has
its own 45° wall (two areas share those squares along their diagonals). A door
inside an area (a stair, a teleporter) is left to the game.

The game brings the rules through a ``Rules`` object:
    behind(explorer, area, door, cells, back) -> Area | None   roll an area and place it with its wall
                                                         ``back`` on the first of ``cells`` (the door's
                                                         far squares; ``wall_placements`` finds where
                                                         it fits); None: it fits nowhere
    fill(explorer, area, door)                           its doors (``door_on_wall``, ``add_door``), contents
    shared_wall(explorer, area, door)                    a new door opens onto a mapped area (make it secret?)
    inside(explorer, area, door)                         a door inside an area is explored
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from typing import Any, Protocol

from ..geometry import Cell, across
from ..level import Area, Exit, Grid, Level
from ..shapes import Shape
from ..walls import Unit, facing, runs

Choose = Callable[[int], int]  # count -> an index below it, from the game's dice


class Rules(Protocol):
    def behind(self, explorer: Explorer, area: Area, door: Exit, cells: list[Cell], back: int) -> Area | None: ...
    def fill(self, explorer: Explorer, area: Area, door: Exit | None) -> None: ...
    def shared_wall(self, explorer: Explorer, area: Area, door: Exit) -> None: ...
    def inside(self, explorer: Explorer, area: Area, door: Exit) -> None: ...


class Explorer:
    def __init__(self, level: Level, grid: Grid, rules: Rules):
        self.level = level
        self.grid = grid
        self.rules = rules
        self.box = (0, 0, level.width - 1, level.height - 1)  # areas keep to the map, edge to edge
        self.queue: deque[tuple[Area, Exit]] = deque()
        self.reserved: set[Unit] = set()  # units of wall the game put something else in (no door goes there)

    # -- the map ---------------------------------------------------------------------------

    def on_map(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.level.width and 0 <= cell[1] < self.level.height

    def owner(self, cell: Cell) -> int | None:
        return self.grid.owner.get(cell)

    def free_cells(self) -> list[Cell]:
        """Unmapped squares of the map, row by row."""
        return [(x, y) for y in range(self.level.height) for x in range(self.level.width)
                if (x, y) not in self.grid.owner]

    def has_wall(self, number: int, cell: Cell, side: int) -> bool:
        return (cell, side) in self.level.area(number).shape.wall_set

    def unmapped_beyond(self, unit: Unit) -> bool:
        """Nothing is mapped beyond ``unit``: past a straight wall a whole square of unmapped rock on the
        map, past a 45° one the free other half of its square."""
        far, back = across(*unit)
        if not self.on_map(far):
            return False
        return self.grid.floor.at(far, back) is None if unit[1] % 2 else far not in self.grid.owner

    def opens_on(self, unit: Unit) -> bool:
        """A door may stand in ``unit``: unmapped rock lies beyond it (``unmapped_beyond``), or an area
        whose own wall is there, where that area has no door already."""
        if self.unmapped_beyond(unit):
            return True
        far, back = across(*unit)
        number = self.grid.floor.at(far, back) if self.on_map(far) else None
        if number is None:
            return False
        return self.has_wall(number, far, back) and (far, back) not in self.used_units(self.level.area(number))

    # -- areas -----------------------------------------------------------------------------

    def add_area(self, type_: str, shape: Shape, entered_from: int | None, rolls: dict[str, Any],
                 data: dict[str, Any]) -> Area:
        area = Area(len(self.level.areas) + 1, type_, shape, entered_from=entered_from, rolls=rolls, data=data)
        self.level.areas.append(area)
        self.grid.take(area)
        self.open_onto(area)
        return area

    def open_onto(self, area: Area) -> None:
        """Doors already explored that the new ``area``'s wall now stands behind (a long door with no room
        of the game's behind part of it) open onto it too; doors still waiting are explored in turn."""
        waiting = {id(door) for _, door in self.queue}
        walls = area.shape.wall_set
        for other in self.level.areas[:-1]:
            for door in other.exits:
                if door.inside or door.far_side or id(door) in waiting or door.at is None:
                    continue
                if area.number not in (door.to, *door.also) and any(u in walls for u in door.far_units()):
                    self.connect(other, door, area.number)

    def fits(self, shape: Shape, dx: int = 0, dy: int = 0) -> bool:
        return self.grid.fits(shape, dx, dy, self.box)

    def placements_behind(self, forms: Iterable[Shape], cells: list[Cell], back: int) -> list[Shape]:
        """Where a shape of ``forms`` fits with a wall facing ``back`` on the first of ``cells``; of those,
        the ones whose wall takes most of the others."""
        found = self.wall_placements(forms, cells, back)
        most = max((len(entry) for *_, entry in found), default=0)
        return [shape.moved(dx, dy) for shape, dx, dy, entry in found if len(entry) == most]

    def wall_placements(self, forms: Iterable[Shape], cells: list[Cell], back: int
                        ) -> list[tuple[Shape, int, int, tuple[Unit, ...]]]:
        """Every placement of ``forms`` that fits with a unit of wall facing ``back`` on the first of
        ``cells``: the form, how far it moves (``form.moved(dx, dy)``) and the units of its wall over
        ``cells`` (the opening it takes)."""
        found = []
        for shape in forms:
            walls = shape.wall_set
            for cell, side in shape.walls:
                if side != back:
                    continue
                dx, dy = cells[0][0] - cell[0], cells[0][1] - cell[1]
                if not self.fits(shape, dx, dy):
                    continue
                entry = tuple(((x, y), back) for x, y in cells if ((x - dx, y - dy), back) in walls)
                found.append((shape, dx, dy, entry))
        return found

    def placements_over(self, forms: Iterable[Shape], cell: Cell) -> list[Shape]:
        """Where a shape of ``forms`` fits over the free square ``cell``."""
        return [shape.moved(cell[0] - x, cell[1] - y) for shape in forms for x, y in sorted(shape.cells)
                if self.fits(shape, cell[0] - x, cell[1] - y)]

    # -- doors -----------------------------------------------------------------------------

    def reserve(self, unit: Unit) -> None:
        """Keep a unit of wall free of doors, on both its faces (the game has put something else there)."""
        self.reserved.add(unit)

    def used_units(self, area: Area) -> set[Unit]:
        """Units of ``area``'s wall that hold a door, or that the game has reserved."""
        return {unit for e in area.exits for unit in e.units} | {u for u in self.reserved if u[0] in area.cells}

    def open_units(self, area: Area, direction: int) -> list[Unit]:
        """Units of ``area``'s wall facing ``direction`` with no door yet, where a door may open."""
        used = self.used_units(area)
        return [u for u in facing(area.shape, direction) if u not in used and self.opens_on(u)]

    def door_on_wall(self, area: Area, kind: str, direction: int, shortest: int, longest: int | None,
                     choose: Choose, straight: bool = False) -> Exit | None:
        """A door of ``kind`` in ``area``'s wall facing ``direction``, ``shortest`` to ``longest`` units
        (None: as long as its stretch of wall), on a stretch the game's dice choose (``straight``: not a
        45° one); None if no stretch of wall facing that way can take it."""
        units = [u for u in self.open_units(area, direction) if not (straight and u[1] % 2)]
        stretches = [r for r in runs(units) if len(r) >= shortest]
        if not stretches:
            return None
        stretch = stretches[choose(len(stretches))]
        most = len(stretch) if longest is None else min(longest, len(stretch))
        length = shortest if most == shortest else shortest + choose(most - shortest + 1)
        start = choose(len(stretch) - length + 1)
        units = tuple(stretch[start:start + length])
        return Exit(kind, at=units[0][0], side=units[0][1], heading=direction, wall=units if length > 1 else ())

    def door_inside(self, area: Area, kind: str, direction: int, choose: Choose, leads: str) -> Exit:
        """A door standing in a square of ``area`` by its wall facing ``direction`` (any wall if none does)."""
        units = facing(area.shape, direction) or list(area.shape.walls)
        return Exit(kind, at=units[choose(len(units))][0], heading=direction, inside=True, leads=leads)

    def add_door(self, area: Area, door: Exit) -> None:
        """Give ``area`` a new door: one onto mapped squares is the game's to judge and explored at once;
        one onto unmapped squares waits its turn."""
        area.exits.append(door)
        if door.inside:
            if door.leads == "unexplored":
                self.queue.append((area, door))
            return
        if any(self.grid.floor.at(*unit) is not None for unit in door.far_units()):
            self.rules.shared_wall(self, area, door)
            self.explore(area, door)
        else:
            self.queue.append((area, door))

    def connect(self, area: Area, door: Exit, target: int) -> None:
        """``door`` of ``area`` opens into ``target``, which gets the door's far side on its own wall."""
        if door.to is None:
            door.to, door.leads = target, "area"
        elif target != door.to and target not in door.also:
            door.also.append(target)
        other = self.level.area(target)
        far = door.far_units()
        back = far[0][1]
        units = [unit for unit in far if unit in other.shape.wall_set]
        for twin in other.exits:  # this door reached ``target`` before, through another of its units
            if twin.far_side and twin.to == area.number and twin.side == back and twin.units[0] in far:
                merged = tuple(twin.units) + tuple(u for u in units if u not in twin.units)
                twin.wall = merged if len(merged) > 1 else ()
                return
        heading = back if door.heading is None else (door.heading + 4) % 8  # the way back through it
        other.exits.append(Exit(door.kind, door.secret, at=units[0][0], side=back, heading=heading, to=area.number,
                                leads="area", rolled=False, wall=tuple(units) if len(units) > 1 else (),
                                far_side=True))

    # -- exploring -------------------------------------------------------------------------

    def explore(self, area: Area, door: Exit) -> None:
        """Map whatever lies behind ``door``: areas already there, or new ones the game rolls to fill it."""
        if door.inside:
            self.rules.inside(self, area, door)
            return
        far = door.far_units()
        for index, (cell, back) in enumerate(far):
            if not self.on_map(cell):
                continue
            number = self.grid.floor.at(cell, back)
            if number is None:
                new = self.rules.behind(self, area, door, [c for c, _ in far[index:]], back)
                if new is not None:
                    self.connect(area, door, new.number)
                    self.rules.fill(self, new, door)
            elif number != area.number and self.has_wall(number, cell, back):
                self.connect(area, door, number)
        if door.to is None:
            door.leads = "blocked"

    def run(self) -> None:
        """Explore every waiting door, first made first, until none is left."""
        while self.queue:
            self.explore(*self.queue.popleft())

    def join_waiting(self) -> None:
        """When a level stops with doors still waiting: a door whose squares were mapped since it was made
        opens into the area there (it is no longer unexplored); the others wait for the table."""
        for area, door in self.queue:
            if door.inside:
                continue
            for cell, back in door.far_units():
                number = self.grid.floor.at(cell, back)
                if number is not None and number != area.number and self.has_wall(number, cell, back):
                    self.connect(area, door, number)
