"""Finding a place for an area the dice made: which wall its door is in, which way it turns, where along.

A Plan is an area before it has a place. Placing it tries the spots of the
parent's walls that can take a door (up to SPOTS_TRIED of them, or the one
spot a passage's end fixes), every form the game allows, and every square of
the form's rim that can face that door, in a seeded order; first within the
map the game hopes to keep to, then, only if nothing fits there, as far as
the grid's limit.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ..seed import Rng
from .geometry import HEADINGS, Cell, step
from .level import Area, Exit, Grid
from .shapes import Shape

SPOTS_TRIED = 8  # open spots of a wall tried for one area before its exit waits for the others
BEYOND_WEIGHED = 6  # places weighed for an area past the map: the one that grows the level's map least wins


@dataclass
class Plan:
    """An area the dice made, waiting for a place."""

    type: str
    forms: Callable[[int], Iterable[Shape]]  # the shapes it may take when entered going this straight heading
    # (iterated again for each spot tried; a game may make them as they are first asked for)
    doors: list[Exit] = field(default_factory=list)  # the doors the dice gave it; placed as they are needed
    rolls: dict[str, Any] = field(default_factory=dict)
    data: dict[str, Any] = field(default_factory=dict)
    open_kind: str = "open"  # the kind of exit at a passage's own ends


@dataclass
class Placed:
    shape: Shape
    spot: tuple[Cell, int] | None  # where the parent's door went: (square, side)


def door_spots(grid: Grid, area: Area, apart: bool = True) -> list[tuple[Cell, int]]:
    """Squares of an area's rim where one more door can stand; ``apart``: its doorway shares no side
    with another door's of the same area (two doors side by side read as one wide opening)."""
    crowded = crowded_by_doors(area, apart)
    return [(cell, side) for cell, side in area.shape.rim if spot_free(grid, area, cell, side, crowded, apart)]


def crowded_by_doors(area: Area, apart: bool = True) -> set[Cell]:
    """Squares a new doorway of ``area`` may not take: its doors' doorways (and, ``apart``, their sides)."""
    around = ((0, 0), (0, 1), (1, 0), (0, -1), (-1, 0)) if apart else ((0, 0),)
    taken = [step(e.at, e.side) for e in area.exits if e.at is not None]
    return {(x + dx, y + dy) for x, y in taken for dx, dy in around}


def spot_free(grid: Grid, area: Area, cell: Cell, side: int, crowded: set[Cell], apart: bool = True) -> bool:
    """A door of ``area`` can stand on ``side`` of ``cell``: its doorway is clear (``crowded``: see
    crowded_by_doors)."""
    dx, dy = HEADINGS[side]
    beyond = (cell[0] + dx, cell[1] + dy)
    if beyond in crowded or beyond in grid.owner:
        return False
    return not grid.rule.gap or (beyond not in grid.doorways and grid.doorway_free(cell, side, (area.number,), apart))


def notched(grid: Grid, area: Area, cell: Cell, side: int) -> bool:
    """Whether a door on ``side`` of ``cell`` would open into a notch of ``area`` itself: where doorways are
    squares of their own, one its own area touches on another side, so the way on is walled by the area it
    leaves and a "?" for it has nowhere to stand."""
    if not grid.rule.gap:
        return False
    doorway = step(cell, side)
    return any(step(doorway, other) in area.cells for other in (0, 2, 4, 6) if other != (side + 4) % 8)


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
    """Each of a passage's own ends opens straight into an area, or has a clear doorway and a clear square beyond."""
    if not grid.rule.gap:
        return True
    for opening in shape.openings:
        doorway = step(opening.cell, opening.side)
        if doorway in shape.cells:
            return False
        ahead = [step(opening.cell, opening.side, 2)]
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
    crowded: set[Cell] | None = None
    if exit_.at is not None:
        spots = _InTurn([(exit_.at, exit_.side)], rng)
    else:  # any square of the parent's rim, checked only when its turn comes
        spots = _InTurn(list(parent.shape.rim), rng)
        crowded = crowded_by_doors(parent)
    fits = grid.fits
    forms: dict[int, list[Shape]] = {}
    entries: dict[tuple[int, int], _InTurn] = {}  # each form's entry squares going a heading, in a seeded order
    for box in (grid.within, grid.limit) if beyond_map else (grid.within,):
        # Each place found as its form, how far it is moved and the spot: only the one taken is moved (a
        # room tries many forms at a spot, and most fit somewhere).
        found: list[tuple[Shape, int, int, tuple[Cell, int]]] = []
        tried = 0
        beyond = box is not grid.within and box != grid.within
        weigh = max(grid.weigh, BEYOND_WEIGHED) if beyond else grid.weigh
        for cell, side in spots:
            if len(found) >= weigh or tried >= SPOTS_TRIED:
                break
            target = step(cell, side, grid.rule.gap + 1)
            if target in grid.blocked:
                continue  # every form would cover this square, which is taken or too near another area
            if crowded is not None and not spot_free(grid, parent, cell, side, crowded):
                continue
            tried += 1
            if side not in forms:
                forms[side] = plan.forms(side)
            for form in forms[side]:
                key = (id(form), side)
                if key not in entries:
                    entries[key] = _InTurn(form.entries_going(side), rng)
                tx, ty = target
                for ex, ey in entries[key]:
                    dx, dy = tx - ex, ty - ey
                    if fits(form, dx, dy, box) and (not form.openings
                                                    or _ends_can_open(grid, form.moved(dx, dy), number)):
                        found.append((form, dx, dy, (cell, side)))
                        break
        if found and beyond:  # past the map: where the level's map grows least
            extent = grid.extent()
            form, dx, dy, spot = min(found, key=lambda place: (_growth(extent, _moved_box(*place), grid.within),
                                                               _off_centre(_moved_box(*place), grid.within)))
            return Placed(form.moved(dx, dy), spot)
        if found:
            form, dx, dy, spot = min(found, key=lambda place: _off_centre(_moved_box(*place), grid.within))
            return Placed(form.moved(dx, dy), spot)
        if grid.limit == grid.within:
            break
    return None


class _InTurn:
    """Items in a seeded scrambled order: from a random start, a random stride that meets every item
    once (two draws however many items are tried), the same order when asked again."""

    def __init__(self, items: list, rng: Rng):
        self.items = items  # read, never changed
        count = len(items)
        strides = _strides(count)
        self.start = rng.randint(0, count - 1) if count > 1 else 0
        self.stride = strides[rng.randint(0, len(strides) - 1)] if len(strides) > 1 else strides[0]

    def __iter__(self):
        items, count, stride = self.items, len(self.items), self.stride
        index = self.start
        for _ in range(count):
            yield items[index]
            index += stride
            if index >= count:
                index -= count


@cache
def _strides(count: int) -> tuple[int, ...]:
    """Steps that visit each of ``count`` places once going round."""
    return tuple(k for k in range(1, count) if math.gcd(k, count) == 1) or (1,)


def _moved_box(form: Shape, dx: int, dy: int, spot: object = None) -> tuple[int, int, int, int]:
    """The box of ``form`` moved ``dx``, ``dy`` squares (what its moved shape's ``box`` would be)."""
    x0, y0, x1, y1 = form.box
    return x0 + dx, y0 + dy, x1 + dx, y1 + dy


def _off_centre(shape_box: tuple[int, int, int, int], box: tuple[int, int, int, int]) -> float:
    """How far a shape's middle (``shape_box``) lies from the middle of the map: nearer keeps the level on
    its page."""
    x0, y0, x1, y1 = shape_box
    return ((x0 + x1) - (box[0] + box[2])) ** 2 + ((y0 + y1) - (box[1] + box[3])) ** 2


def _growth(extent: tuple[int, int, int, int] | None, box: tuple[int, int, int, int],
            within: tuple[int, int, int, int]) -> tuple[int, int]:
    """How far past the map the level reaches with ``box`` added to what it holds (``extent``): the longer of
    its two reaches (columns or rows past the map), then their sum."""
    x0, y0, x1, y1 = extent or box
    x0, y0, x1, y1 = min(x0, box[0], within[0]), min(y0, box[1], within[1]), max(x1, box[2], within[2]), \
        max(y1, box[3], within[3])
    across, down = (x1 - x0) - (within[2] - within[0]), (y1 - y0) - (within[3] - within[1])
    return max(across, down), across + down


def place_apart(grid: Grid, plan: Plan, number: int, rng: Rng, tries: int = 400) -> Shape | None:
    """A place for an area reached by no door (a level's first area, a teleport's end)."""
    x0, y0, x1, y1 = grid.within
    for box in (grid.within, grid.limit):
        for _ in range(tries):
            side = rng.choice((0, 2, 4, 6))
            form = rng.choice(list(plan.forms(side)))  # every form, so the choice is fair
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
