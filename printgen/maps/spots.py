"""Where an area's number and marks go: each in a square of its own, never over a wall or each other.

An area with fewer squares than things to show splits its squares into
quarters and shows everything at half size.
"""

from __future__ import annotations

from dataclasses import dataclass

from .geometry import Cell
from .level import Area


@dataclass(frozen=True)
class Spot:
    kind: str  # "label" or a mark kind
    x: float  # centre, in squares
    y: float
    scale: float  # 1: a whole square; 0.5: a quarter


def area_spots(area: Area, marks: list[str]) -> list[Spot]:
    """The label first, then each mark, at the centres of distinct squares (or quarters)."""
    cells = sorted(area.cells)
    door_cells = {e.at for e in area.exits if e.at is not None}
    cx = sum(c[0] for c in cells) / len(cells) + 0.5
    cy = sum(c[1] for c in cells) / len(cells) + 0.5

    def closeness(cell: Cell) -> tuple[bool, float, Cell]:
        return (cell in door_cells, (cell[0] + 0.5 - cx) ** 2 + (cell[1] + 0.5 - cy) ** 2, cell)

    ordered = sorted(cells, key=closeness)
    wanted = ["label"] + list(marks)
    if len(ordered) >= len(wanted):
        chosen = _spread(ordered, len(wanted))
        return [Spot(kind, x + 0.5, y + 0.5, 1.0) for kind, (x, y) in zip(wanted, chosen)]
    quarters = [(x + qx, y + qy) for x, y in ordered for qx, qy in ((0.25, 0.25), (0.75, 0.75), (0.75, 0.25), (0.25, 0.75))]
    return [Spot(kind, x, y, 0.5) for kind, (x, y) in zip(wanted, quarters)]


def _spread(ordered: list[Cell], count: int) -> list[Cell]:
    """``count`` squares, nearest the middle first, skipping squares beside one already taken while others remain."""
    chosen: list[Cell] = []
    for cell in ordered:
        if len(chosen) == count:
            break
        if all(max(abs(cell[0] - c[0]), abs(cell[1] - c[1])) > 1 for c in chosen):
            chosen.append(cell)
    for cell in ordered:
        if len(chosen) == count:
            break
        if cell not in chosen:
            chosen.append(cell)
    return chosen
