"""What every generated level must satisfy; the generator's tests and the build run the same checks."""

from __future__ import annotations

from .model import Dungeon, Level
from .shapes import faces, opposite


def check_level(level: Level) -> list[str]:
    problems: list[str] = []
    owner: dict[tuple[int, int], int] = {}
    for area in level.areas:
        for cell in area.room.cells:
            if not (0 <= cell[0] < level.width and 0 <= cell[1] < level.height):
                problems.append(f"level {level.number} room {area.number}: square {cell} is off the level")
            if cell in owner:
                problems.append(f"level {level.number}: rooms {owner[cell]} and {area.number} overlap at {cell}")
            owner[cell] = area.number
    for area in level.areas:
        for exit_ in area.exits:
            if exit_.leads == "area" and exit_.walls:
                target = level.area(exit_.to).room
                back = opposite(exit_.heading)
                if not any(w.cell in exit_.far_cells and back in faces(w.side) for w in target.walls):
                    problems.append(f"level {level.number} room {area.number}: its {exit_.kind} does not meet "
                                    f"a wall of room {exit_.to}")
        if area.entered_from is not None and area.entered_by == "exit":
            parent = level.area(area.entered_from)
            if not any(e.to == area.number or area.number in e.also for e in parent.exits):
                problems.append(f"level {level.number} room {area.number}: no exit of room {parent.number} leads in")
    if level.kind != "treasure" and not any(e.kind == "stair" for a in level.areas for e in a.exits):
        problems.append(f"level {level.number} has no Stair")
    problems += _unreachable(level)
    return problems


def _unreachable(level: Level) -> list[str]:
    """Every room can be reached from the first by exits, teleporters and murder holes (to look in)."""
    if not level.areas:
        return []
    seen, frontier = {1}, [1]
    while frontier:
        area = level.area(frontier.pop())
        near = [e.to for e in area.exits if e.to is not None] + [n for e in area.exits for n in e.also]
        near += [link["area"] for link in area.links if link["kind"] == "murder-hole"]
        for number in near:
            if number not in seen:
                seen.add(number)
                frontier.append(number)
    return [f"level {level.number}: room {a.number} cannot be reached" for a in level.areas if a.number not in seen]


def check(dungeon: Dungeon) -> list[str]:
    return [problem for level in dungeon.levels for problem in check_level(level)]
