"""Size a level's map to its areas: the map the game asked for, grown only where areas reach past it."""

from __future__ import annotations

from ..geometry import bounds
from ..level import Level


def fit_map(level: Level, margin: int = 1) -> tuple[int, int]:
    """Shift every area so none lies within ``margin`` of the map's top or left edge, and widen the map
    so none lies within ``margin`` of its other edges. Returns the shift (dx, dy) applied."""
    cells = [c for area in level.areas for c in area.cells]
    x0, y0, x1, y1 = bounds(cells)
    dx, dy = max(0, margin - x0), max(0, margin - y0)
    if dx or dy:
        for area in level.areas:
            area.shape = area.shape.moved(dx, dy)
            for exit_ in area.exits:
                if exit_.at is not None:
                    exit_.at = (exit_.at[0] + dx, exit_.at[1] + dy)
        if level.way_in is not None:
            level.way_in.at = (level.way_in.at[0] + dx, level.way_in.at[1] + dy)
    level.width = max(level.width + dx, x1 + dx + 1 + margin)
    level.height = max(level.height + dy, y1 + dy + 1 + margin)
    return dx, dy
