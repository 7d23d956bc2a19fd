"""Make sure of a way down: a level with none gets one in the area farthest from its way in."""

from __future__ import annotations

from collections.abc import Callable

from ..level import Area, Level, Link


def ensure_way_down(level: Level, is_way_down: Callable[[Link], bool], add: Callable[[Area], None]) -> Area | None:
    """Call ``add`` on the farthest area (highest number among equals) if no link of the level goes down.

    Returns the area that got the way down, or None when the dice gave one.
    """
    if any(is_way_down(link) for area in level.areas for link in area.links):
        return None
    distance = level.distances()
    farthest = level.area(max(distance, key=lambda n: (distance[n], n)))
    add(farthest)
    return farthest
