"""What every generated level must satisfy: the map engine's checks, and the ones only Amulet's rules make.

The generator's tests and the build run the same checks.
"""

from __future__ import annotations

from ...maps.checks import check_level
from ...maps.level import Level
from .level import RULE
from .model import Dungeon


def amulet_checks(level: Level) -> list[str]:
    """A room entered through an exit has an exit of its parent leading in; a murder hole looks into the
    room it mapped, across its wall."""
    problems = []
    for area in level.areas:
        if area.data["entered_by"] == "exit":
            parent = level.area(area.data["entered_from"])
            if not any(e.to == area.number or area.number in e.also for e in parent.exits):
                problems.append(f"level {level.number} room {area.number}: no exit of room {parent.number} leads in")
        for item in area.data["contents"]:
            looks = item.get("looks_into")
            if looks is not None and not any(l.kind == "murder-hole" and l.area == looks for l in area.links):
                problems.append(f"level {level.number} room {area.number}: its murder hole has no room behind it")
    return problems


def check(dungeon: Dungeon) -> list[str]:
    problems = []
    for level in dungeon.levels:
        last = level.data["kind"] == "treasure"
        problems += check_level(level, RULE, last, lambda link: link.kind == "stair") + amulet_checks(level)
    return problems
