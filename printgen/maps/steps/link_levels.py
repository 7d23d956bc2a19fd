"""Link levels: every way down not yet pointed anywhere lands in the next level's arrival area."""

from __future__ import annotations

from collections.abc import Callable

from ..level import Level, Link


def link_levels(levels: list[Level], is_way_down: Callable[[Link], bool],
                last_target: Callable[[Level, int], int]) -> None:
    """Ways down on the last level go where ``last_target(level, from_area)`` says, on that same level."""
    for index, level in enumerate(levels):
        below = levels[index + 1] if index + 1 < len(levels) else None
        for area in level.areas:
            for link in area.links:
                if not is_way_down(link) or link.level is not None:
                    continue
                if below is not None:
                    link.level, link.area = below.number, below.arrival
                else:
                    link.level, link.area = level.number, last_target(level, area.number)
