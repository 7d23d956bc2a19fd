"""Which sheet module draws each system's sheets."""

from __future__ import annotations

from types import ModuleType

from . import rlrl, roguelike

SHEETS: dict[str, ModuleType] = {
    "roguelike": roguelike,
    "rlrl": rlrl,
}
