"""The guarantees every printed level keeps, checked by the generators and by the tests alike.

Each check returns a list of problems in words (empty when the level is
sound); ``check_level`` runs them all.
"""

from __future__ import annotations

from collections.abc import Callable

from .adjacency import Adjacency
from .geometry import SIDES, Cell, step
from .level import LEADS, Floor, Level, Link


def no_overlap(level: Level) -> list[str]:
    """No square is two areas', but for a square two areas share along its diagonal, each holding the
    half on its side of their 45° wall."""
    seen: dict[Cell, tuple[int, int | None]] = {}  # square → (area, the corner its half has not)
    problems = []
    for area in level.areas:
        cuts = area.shape.cut_map
        for cell in sorted(area.cells):
            cut = cuts.get(cell)
            if cell in seen:
                other, other_cut = seen[cell]
                if cut is None or other_cut is None or (cut + 4) % 8 != other_cut:
                    problems.append(f"level {level.number}: areas {other} and {area.number} overlap at {cell}")
                seen[cell] = (area.number, None)  # both halves taken
            else:
                seen[cell] = (area.number, cut)
    return problems


def keeps_adjacency(level: Level, rule: Adjacency) -> list[str]:
    """No two areas nearer than the rule's gap; with shared walls, each area touches the one it came from."""
    owner = {cell: area.number for area in level.areas for cell in area.cells}
    problems = []
    # Each pair of squares is looked at once: from the one above, or to the left on the same row.
    ahead = [(dx, dy) for dx in range(-rule.gap, rule.gap + 1) for dy in range(rule.gap + 1) if dy > 0 or dx > 0]
    touching = set()
    for (x, y), number in owner.items():
        for dx, dy in ahead:
            other = owner.get((x + dx, y + dy))
            if other is not None and other != number:
                touching.add((min(number, other), max(number, other), min((x, y), (x + dx, y + dy))))
    for first, second, cell in sorted(touching):
        problems.append(f"level {level.number}: areas {first} and {second} touch at {cell}")
    for area in level.areas:
        if rule.must_touch_parent and area.entered_from is not None:
            parent = level.area(area.entered_from).cells
            if not (area.cells & parent or any(step(c, s) in parent for c in area.cells for s in SIDES)):
                problems.append(f"level {level.number}: area {area.number} shares no wall with area {area.entered_from}")
    return problems


def doors_in_walls(level: Level, rule: Adjacency) -> list[str]:
    """Every placed door stands in its own area's wall (every unit of a long one, no unit taken by two
    doors; a door inside an area in one of its squares), and a door to an area faces it across the gap,
    or across their shared wall (a long one, each area it opens onto)."""
    problems = []
    floor = Floor(level.areas)
    for area in level.areas:
        walls = None
        taken: set = set()
        for exit_ in area.exits:
            if exit_.leads not in LEADS:
                problems.append(f"level {level.number}: area {area.number} has an exit leading {exit_.leads!r}")
            if exit_.at is None:
                continue
            if exit_.inside:
                if exit_.at not in area.cells:
                    problems.append(f"level {level.number}: a door of area {area.number} is not in it at {exit_.at}")
                continue
            walls = set(area.shape.walls) if walls is None else walls
            if any(unit not in walls for unit in exit_.units):
                problems.append(f"level {level.number}: a door of area {area.number} is not in its wall at {exit_.at}")
                continue
            if taken & set(exit_.units):
                problems.append(f"level {level.number}: two doors of area {area.number} share its wall at {exit_.at}")
            taken.update(exit_.units)
            if rule.gap:  # across the doorway of rock
                reached = {floor.owner.get(step(cell, side, rule.gap + 1)) for cell, side in exit_.units}
            else:  # beyond the wall, or across a 45° one in the other half of its square
                reached = {floor.at(*unit) for unit in exit_.far_units()}
            for to in ([exit_.to] if exit_.to is not None else []) + exit_.also:
                if to not in reached:
                    problems.append(f"level {level.number}: the door of area {area.number} at {exit_.at} does not reach area {to}")
    return problems


def all_reachable(level: Level) -> list[str]:
    unreached = sorted({a.number for a in level.areas} - set(level.distances()))
    problems = []
    if unreached:
        problems.append(f"level {level.number}: areas {unreached} cannot be reached from area {level.arrival}")
    return problems


def has_way_down(level: Level, is_way_down: Callable[[Link], bool]) -> list[str]:
    if any(is_way_down(link) for area in level.areas for link in area.links):
        return []
    return [f"level {level.number}: no way down"]


def fits_map(level: Level) -> list[str]:
    problems = []
    for area in level.areas:
        outside = [c for c in area.cells if not (0 <= c[0] < level.width and 0 <= c[1] < level.height)]
        if outside:
            problems.append(f"level {level.number}: area {area.number} leaves the map at {min(outside)}")
    return problems


def check_level(level: Level, rule: Adjacency, last: bool, is_way_down: Callable[[Link], bool]) -> list[str]:
    if not level.areas:
        return [] if last else has_way_down(level, is_way_down)
    problems = no_overlap(level) + keeps_adjacency(level, rule) + doors_in_walls(level, rule)
    problems += all_reachable(level) + fits_map(level)
    if not last:
        problems += has_way_down(level, is_way_down)
    return problems

