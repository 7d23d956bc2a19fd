"""Give every door that still has no place a spot in its area's walls.

A door facing an area across the rule's gap opens into it (a loop); any
other goes where its doorway is clear, beside another door of its area only
when nothing else is left. A door with no clear spot keeps ``at`` None: the
game lists it in words instead of drawing it.
"""

from __future__ import annotations

from ...seed import Rng
from ..geometry import step
from ..level import Grid, Level
from ..placement import crowded_by_doors, door_spots, joinable, notched, spot_free


def settle_doors(level: Level, grid: Grid, rng: Rng) -> None:
    waiting = {area.number: [e for e in area.exits if e.at is None] for area in level.areas}
    free = {n: door_spots(grid, level.area(n)) for n, exits in waiting.items() if exits}
    # The areas with the least room in their walls go first, before their neighbours' doorways crowd them.
    for number in sorted(free, key=lambda n: (len(free[n]) - len(waiting[n]), n)):
        area, spots = level.area(number), free[number]
        crowded = crowded_by_doors(area)
        spots = [spot for spot in spots if spot_free(grid, area, *spot, crowded)]  # what other areas' doors left
        for exit_ in waiting[number]:
            choices = spots or door_spots(grid, area, apart=False)
            if not choices:
                continue
            rng.shuffle(choices)
            choices.sort(key=lambda spot: notched(grid, area, *spot))  # a doorway into a notch of its own last
            target = None
            if exit_.leads == "unexplored":
                joins = ((spot, joinable(grid, *spot, area.number)) for spot in choices)
                spot, target = next(((s, t) for s, t in joins if t is not None), (choices[0], None))
            else:
                spot = choices[0]
            exit_.at, exit_.side = spot
            if target is not None:
                exit_.to, exit_.leads = target, "area"
            exit_.heading = exit_.side
            grid.open_doorway(exit_)
            # A new doorway closes only the spots whose doorway is it or shares a side with it.
            x, y = step(*spot)
            spots = [s for s in spots if abs((beyond := step(*s))[0] - x) + abs(beyond[1] - y) > 1]
