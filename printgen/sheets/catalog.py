"""Which sheet module draws each system's sheets."""

from __future__ import annotations

from types import ModuleType

from . import roguelike

SHEETS: dict[str, ModuleType] = {
    "roguelike": roguelike,
}
