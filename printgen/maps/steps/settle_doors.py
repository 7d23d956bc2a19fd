"""Give every door that still has no place a spot in its area's walls.

A door facing an area across the rule's gap opens into it (a loop); any
other goes where its doorway is clear, beside another door of its area only
when nothing else is left. A door with no clear spot keeps ``at`` None: the
game lists it in words instead of drawing it.
"""

from __future__ import annotations

from ...seed import Rng
from ..level import Grid, Level
from ..placement import door_spots, joinable


def settle_doors(level: Level, grid: Grid, rng: Rng) -> None:
    for area in level.areas:
        waiting = [e for e in area.exits if e.at is None]
        for exit_ in waiting:
            spots = door_spots(grid, area) or door_spots(grid, area, apart=False)
            if not spots:
                continue
            rng.shuffle(spots)
            target = None
            if exit_.leads == "unexplored":
                joins = ((spot, joinable(grid, *spot, area.number)) for spot in spots)
                spot, target = next(((s, t) for s, t in joins if t is not None), (spots[0], None))
            else:
                spot = spots[0]
            exit_.at, exit_.side = spot
            if target is not None:
                exit_.to, exit_.leads = target, "area"
            exit_.heading = exit_.side
            grid.open_doorway(exit_)
