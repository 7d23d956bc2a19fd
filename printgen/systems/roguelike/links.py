"""Stairs, chutes, teleports and the hoard: how a Roguelike dungeon's levels and areas lead to each other.

Choices (data/notes.toml): stairs and chutes land in the arrival area of the
level below; a level the dice gave no way down gets a staircase in its
farthest area; on the last level every way down leads to the hoard, which
lies in the farthest area that has no way down of its own; a teleport trap
leads to a new area made for it (grow's ``apart``).
"""

from __future__ import annotations

from ...maps.level import Area, Level, Link
from ...maps.steps.link_levels import link_levels
from ...maps.steps.way_down import ensure_way_down
from ...seed import SeedCode
from .rolls import roll_loot
from .rules import gold_loot

DOWN = ("stairs-down", "chute")
HOARD_GOLD = 50  # notes.toml: the hoard is three loot rolls and 50 gold pieces


def is_way_down(link: Link) -> bool:
    return link.kind in DOWN


def apart_links(area: Area) -> list[str]:
    """A teleport trap sends its victims to a new area of their own, as the Traps matrix says."""
    trap = area.data["contents"].get("trap")
    return ["teleport"] if trap and trap["teleports"] else []


def link_dungeon(levels: list[Level], code: SeedCode) -> None:
    for level in levels:
        for area in level.areas:
            contents = area.data["contents"]
            if contents["kind"] == "stairs-down":
                area.links.append(Link("stairs-down"))
            trap = contents.get("trap")
            if trap and trap["drops_to_next_level"]:
                area.links.append(Link("chute"))
        if level is not levels[-1]:
            ensure_way_down(level, is_way_down, _add_stairs)
    hoard = place_hoard(levels[-1], code)
    link_levels(levels, is_way_down, lambda level, source: hoard if source != hoard else level.arrival)
    for above, level in zip(levels, levels[1:]):
        first_down = next(area.number for area in above.areas if any(is_way_down(l) for l in area.links))
        level.area(level.arrival).links.append(Link("stairs-up", above.number, first_down))
    for level in levels:
        for area in level.areas:
            if area.data["contents"]["kind"] == "stairs-up-trap":
                up = levels[level.number - 2] if level.number > 1 else None
                target = next((a.number for a in up.areas if any(is_way_down(l) for l in a.links)), None) if up else None
                area.links.append(Link("stairs-up", level.number - 1, target))


def _add_stairs(area: Area) -> None:
    area.links.append(Link("stairs-down"))
    area.data.setdefault("added", []).append("stairs-down")


def place_hoard(level: Level, code: SeedCode) -> int:
    """The hoard goes in the farthest area with no way down of its own; returns its area number."""
    distance = level.distances()
    without = [n for n in distance if not any(is_way_down(l) for l in level.area(n).links)]
    number = max(without or distance, key=lambda n: (distance[n], n))
    rng = code.stream("level", level.number, "hoard")
    loot = [roll_loot(rng) for _ in range(3)]
    loot.append(gold_loot(HOARD_GOLD))
    level.area(number).data["hoard"] = {"loot": loot}
    return number
