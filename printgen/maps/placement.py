"""Finding a place for an area the dice made: which wall its door is in, which way it turns, where along.

A Plan is an area before it has a place. Placing it tries every spot of
the parent's walls that can take a door (or the one spot a passage's end
fixes), every form the game allows, and every square of the form's rim that
can face that door, in a seeded order; first within the map the game hopes
to keep to, then, only if nothing fits there, as far as the grid's limit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from ..seed import Rng
from .geometry import Cell, step
from .level import Area, Exit, Grid
from .shapes import Shape


@dataclass
class Plan:
    """An area the dice made, waiting for a place."""

    type: str
    forms: Callable[[int], Sequence[Shape]]  # the shapes it may take when entered going this straight heading
    doors: list[Exit] = field(default_factory=list)  # the doors the dice gave it; placed as they are needed
    rolls: dict[str, Any] = field(default_factory=dict)
    data: dict[str, Any] = field(default_factory=dict)
    open_kind: str = "open"  # the kind of exit at a passage's own ends


@dataclass
class Placed:
    shape: Shape
    spot: tuple[Cell, int] | None  # where the parent's door went: (square, side)


def door_spots(grid: Grid, area: Area) -> list[tuple[Cell, int]]:
    """Squares of an area's rim where one more door can stand, two squares clear of its other doors."""
    taken = [step(e.at, e.side) for e in area.exits if e.at is not None]
    spots = []
    for cell, side in area.shape.rim:
        beyond = step(cell, side)
        if any(abs(beyond[0] - t[0]) < 2 and abs(beyond[1] - t[1]) < 2 for t in taken):
            continue
        if grid.rule.gap and (beyond in grid.doorways or not grid.doorway_free(cell, side, (area.number,))):
            continue
        if beyond in grid.owner:
            continue
        spots.append((cell, side))
    return spots


def joinable(grid: Grid, cell: Cell, side: int, owner: int) -> int | None:
    """The area a door on ``side`` of ``cell`` would open straight into, if the rule lets it."""
    beyond = step(cell, side, grid.rule.gap + 1)
    target = grid.owner.get(beyond)
    if target is None or target == owner:
        return None
    if grid.rule.gap and not grid.doorway_free(cell, side, (owner, target)):
        return None
    return target


def _ends_can_open(grid: Grid, shape: Shape, number: int) -> bool:
    """Each of a passage's own ends opens straight into an area, or has a clear doorway and two clear squares beyond."""
    if not grid.rule.gap:
        return True
    for opening in shape.openings:
        doorway = step(opening.cell, opening.side)
        if doorway in shape.cells:
            return False
        ahead = [step(opening.cell, opening.side, k) for k in (2, 3)]
        if grid.doorway_free(opening.cell, opening.side, (number,)) and not any(
                c in grid.blocked or c in shape.cells for c in ahead):
            continue
        if joinable(grid, opening.cell, opening.side, number) is None:
            return False
    return True


def place_through(grid: Grid, parent: Area | None, exit_: Exit, plan: Plan, number: int, rng: Rng,
                  beyond_map: bool = True) -> Placed | None:
    """Where ``plan`` can stand beyond ``exit_`` (whose spot is chosen here if it has none yet).

    ``beyond_map``: when nothing fits within the map, try as far as the grid's limit.
    """
    if exit_.at is not None:
        spots = [(exit_.at, exit_.side)]
    else:
        spots = door_spots(grid, parent)
        rng.shuffle(spots)
    forms: dict[int, list[Shape]] = {}
    for box in (grid.within, grid.limit) if beyond_map else (grid.within,):
        for cell, side in spots:
            target = step(cell, side, grid.rule.gap + 1)
            if side not in forms:
                forms[side] = list(plan.forms(side))
            for form in forms[side]:
                entries = list(form.entries_going(side))
                rng.shuffle(entries)
                for entry in entries:
                    dx, dy = target[0] - entry[0], target[1] - entry[1]
                    if grid.fits(form, dx, dy, box):
                        moved = form.moved(dx, dy)
                        if _ends_can_open(grid, moved, number):
                            return Placed(moved, (cell, side))
        if grid.limit == grid.within:
            break
    return None


def place_apart(grid: Grid, plan: Plan, number: int, rng: Rng, tries: int = 400) -> Shape | None:
    """A place for an area reached by no door (a level's first area, a teleport's end)."""
    x0, y0, x1, y1 = grid.within
    for box in (grid.within, grid.limit):
        for _ in range(tries):
            side = rng.choice((0, 2, 4, 6))
            form = rng.choice(list(plan.forms(side)))
            target = (rng.randint(x0, x1), rng.randint(y0, y1))
            entry = form.entries[0][0]
            dx, dy = target[0] - entry[0], target[1] - entry[1]
            if grid.fits(form, dx, dy, box):
                moved = form.moved(dx, dy)
                if _ends_can_open(grid, moved, number):
                    return moved
        if grid.limit == grid.within:
            break
    return None
