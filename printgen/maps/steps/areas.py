"""Turn a placed plan into an area of the level: number it, take its squares, give it its exits."""

from __future__ import annotations

from ..level import Area, Exit, Grid, Level
from ..placement import Plan
from ..shapes import Shape


def add_area(level: Level, grid: Grid, plan: Plan, shape: Shape, entered_from: int | None) -> Area:
    area = Area(len(level.areas) + 1, plan.type, shape, entered_from=entered_from, rolls=plan.rolls, data=plan.data)
    for opening in shape.openings:
        area.exits.append(Exit(plan.open_kind, at=opening.cell, side=opening.side, heading=opening.heading, fixed=True))
    for closed in shape.closed_ends:
        area.exits.append(Exit("dead-end", at=closed.cell, side=closed.side, heading=closed.heading,
                               leads="dead-end", fixed=True))
    area.exits += plan.doors
    level.areas.append(area)
    grid.take(area)
    for exit_ in area.exits:
        if exit_.fixed and exit_.leads == "unexplored":
            grid.open_doorway(exit_)  # a passage's end keeps its doorway clear for what lies beyond
    return area
