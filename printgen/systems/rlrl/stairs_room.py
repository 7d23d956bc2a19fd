"""The room around the stairs down: entered by a door that opens onto the stairs' square (or a square
beside it), so a room of any 2d6 squares holds them; its size is rolled like any room's, never again.

The stairs keep the squares within two of theirs clear of every other area
(on the sheet: 16 squares, more than the 12 a room can roll), so whatever a
corridor that comes for them leaves is room enough. The room takes a regular
form that holds its door's square and the stairs when one fits, else it grows
from its door.
"""

from __future__ import annotations

from ...maps.geometry import SIDES, Cell, dilate, step, turn
from ...maps.level import Grid
from ...maps.shapes import Shape
from .free_forms import Open, grown_room

ZONE = 2  # the stairs keep every square within two of theirs (king's moves) for their room
CLEAR = 3  # squares a stairs room keeps nearer its middle than the stairs, for its number and door squares


def keep_clear(grid: Grid, mark: Cell, reach: int = 1) -> None:
    """No area may take a mark's square or those within ``reach`` of it."""
    grid.blocked |= dilate({mark}, reach)


def zone(stairs: Cell) -> set[Cell]:
    return dilate({stairs}, ZONE)


def open_for_stairs(grid: Grid, stairs: Cell) -> Open:
    """Squares the corridor to the stairs and their room may take: on the sheet, not taken, and free or kept
    for the stairs (never the stairs' own square for the corridor: see ``targets``)."""
    x0, y0, x1, y1 = grid.within
    kept = zone(stairs)
    owner, blocked = grid.owner, grid.blocked

    def open_(cell: Cell) -> bool:
        return (x0 <= cell[0] <= x1 and y0 <= cell[1] <= y1 and cell not in owner
                and (cell not in blocked or cell in kept))

    return open_


def targets(stairs: Cell, open_: Open) -> list[tuple[Cell, int]]:
    """Where a corridor may end to lead into the stairs' room: (its last square, the side its door is on).

    A room of two squares reaches the stairs from a door onto a square beside
    them or onto their own square, so the room's size never decides whether it
    holds them. The squares beside come first (the door then stands clear of the
    stairs' mark), those above and to the left first (a room's number goes to
    the upper left of two squares, so it keeps off the stairs); the stairs'
    own square last.
    """
    found = []
    for entry in sorted(step(stairs, side) for side in SIDES) + [stairs]:
        if not open_(entry):
            continue
        for side in SIDES:
            last = step(entry, turn(side, 4))
            if last != stairs and open_(last):
                found.append((last, side))
    return found


def room_cells(open_: Open, stairs: Cell, entry: Cell, squares: int, shapes: list[Shape]) -> frozenset[Cell] | None:
    """Exactly ``squares`` open squares holding ``entry`` (the door's square) and the stairs.

    Of ``shapes`` (regular forms in a seeded order) laid over both, the first
    that leaves CLEAR squares nearer its middle than the stairs (the map sets
    a room's number in the square nearest its middle that holds no door), else
    the one that leaves the most; if none can be laid there, a room grown from
    the door to the stairs.
    """
    best: tuple[int, frozenset[Cell]] | None = None
    for shape in shapes:
        for anchor in sorted(shape.cells):
            dx, dy = entry[0] - anchor[0], entry[1] - anchor[1]
            cells = frozenset((x + dx, y + dy) for x, y in shape.cells)
            if stairs not in cells or not all(open_(c) for c in cells):
                continue
            nearer = _nearer_the_middle(cells, stairs)
            if nearer >= CLEAR:
                return cells
            if best is None or nearer > best[0]:
                best = (nearer, cells)
    if best is not None:
        return best[1]
    if abs(entry[0] - stairs[0]) + abs(entry[1] - stairs[1]) > 1:
        return None
    return grown_room(open_, {entry, stairs}, squares, entry)


def _nearer_the_middle(cells: frozenset[Cell], mark: Cell) -> int:
    """How many of ``cells`` the map would take for the room's number before ``mark`` (nearest the middle
    first, as maps.spots orders them)."""
    cx = sum(c[0] for c in cells) / len(cells)
    cy = sum(c[1] for c in cells) / len(cells)

    def closeness(c: Cell) -> tuple[float, Cell]:
        return ((c[0] - cx) ** 2 + (c[1] - cy) ** 2, c)

    return sum(1 for c in cells if closeness(c) < closeness(mark))
