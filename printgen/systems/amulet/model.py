"""An Amulet dungeon as plain data: its levels (map-engine levels) and what holds for all of them.

``as_data`` gives the dungeon contract every game shares (levels, areas with
cells, rolls, exits and links, printgen.maps.level) plus Amulet's own
fields, all codes and numbers: on a level its ``kind``; on a room its
``size``, ``size_rolled``, ``shape``, ``entered_from``, ``entered_by``,
``exits_rolled``, ``contents`` and ``encounters``; on an exit the rule that
made or changed it (``why``, ``rolled_as``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...maps.level import Level

UNIT_FEET = 10  # the rules' unit of length: a grid square of the map


@dataclass
class Dungeon:
    levels: list[Level]
    level_size: int
    scaling: bool
    choices: tuple[dict[str, str], ...]

    def as_data(self) -> dict[str, Any]:
        return {"level_size": self.level_size, "unit_feet": UNIT_FEET, "scaling": self.scaling,
                "levels": [level.as_data() for level in self.levels],
                "choices": [dict(c) for c in self.choices]}
