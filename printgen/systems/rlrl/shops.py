"""A level's shop: 1d items on the 3d table, 1d3 Identify scrolls, mimics and fake Amulets.

Stock is regular and uncursed, so loot rolled for the shelves has no status.
A leveled loot roll that shows gold puts a mimic on the shelf instead, and an
A level roll that shows the Amulet of Yendor puts a fake there.
"""

from __future__ import annotations

from typing import Any

from ...seed import Rng
from . import rules
from .contents import roll, roll_loot, roll_spell


def roll_shop(rng: Rng, level: int) -> dict[str, Any]:
    shop = rules.campaign()["shop"]
    count = roll(shop["stock_dice"], rng)
    stock = [roll_stock(rng) for _ in range(count)]
    return {
        "level": level,
        "stock_roll": count,
        "stock": stock,
        "identify_scrolls": roll(shop["identify_dice"], rng),
        "identify_price": shop["identify_price"],
    }


def roll_stock(rng: Rng) -> dict[str, Any]:
    total, row = rules.tables()["shop-stock"].roll(rng)
    item: dict[str, Any] = {"roll": total, "name": row.result, "price": row["price"], "each": row.get("each", False)}
    if row.get("loot"):
        letter = row["loot"].removeprefix("loot-").upper()
        loot = roll_loot(rng, letter, with_status=False)
        item["loot"] = loot
        item["item"] = {"gold": "mimic", "amulet": "fake-amulet"}.get(loot["kind"], "loot")
    else:
        item["item"] = row["item"]
    if row.get("spell"):
        item["spell"] = roll_spell(rng)
    if row.get("count_dice"):
        item["count"] = roll(row["count_dice"], rng)
    return item
