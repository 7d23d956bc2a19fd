"""The whole campaign from one seed: ten levels, a shop on each, the colours, the Amulet of Yendor.

Each level is rolled from its own streams, so level 7 is the same whatever
is done to level 6's code; the shops and the colours have streams of their
own too. The stairs up of each level lead to the room around the stairs
down of the level above; level 1's lead out of the dungeon.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...maps.level import Area
from ...seed import SeedCode
from . import colours, rules, shops
from .level import Built, build_level


@dataclass
class Campaign:
    levels: list[Built]
    shops: list[dict[str, Any]]
    colours: dict[str, str]  # magic code -> colour
    amulet: dict[str, Any]  # where the real Amulet of Yendor is
    rooms: int

    def as_data(self) -> dict[str, Any]:
        levels = [{**built.as_data(), "shop": shop} for built, shop in zip(self.levels, self.shops)]
        return {"levels": levels, "colours": self.colours, "amulet": self.amulet, "rooms": self.rooms,
                "rules_choices": list(rules.choices())}


def generate(code: SeedCode, rooms: int) -> Campaign:
    count = rules.campaign()["levels"]
    levels = [build_level(code, number, rooms, number == count) for number in range(1, count + 1)]
    for above, built in zip(levels, levels[1:]):
        for link in built.level.area(1).links:
            if link.kind == "stairs-up":
                link.level, link.area = above.level.number, above.stairs_area
    shop_list = [shops.roll_shop(code.stream("shop", built.level.number), built.level.number) for built in levels]
    return Campaign(levels, shop_list, colours.for_seed(code), place_amulet(levels[-1]), rooms)


def place_amulet(last: Built) -> dict[str, Any]:
    """The first room of the last level whose A level loot shows the Amulet holds it; else the far corner.

    Any later Amulet rolled on that level is a fake (notes.toml).
    """
    holder: Area | None = None
    for area in last.level.areas:
        for encounter in area.data.get("encounters", []):
            loot = encounter["loot"]
            if loot is not None and loot["kind"] == "amulet":
                loot["real"] = holder is None
                holder = holder or area
    how = "rolled" if holder is not None else "corner"
    holder = holder or last.level.area(last.stairs_area)
    holder.data["amulet"] = True
    return {"level": last.level.number, "area": holder.number, "how": how}
