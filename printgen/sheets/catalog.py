"""Which sheet module draws each system's sheets."""

from __future__ import annotations

from types import ModuleType

from . import amulet, rlrl, roguelike

SHEETS: dict[str, ModuleType] = {
    "roguelike": roguelike,
    "amulet": amulet,
    "rlrl": rlrl,
}
