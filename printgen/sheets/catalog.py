"""Which sheet module draws each system's sheets."""

from __future__ import annotations

from types import ModuleType

from . import amulet, ascii_hack, card_rogue, rlrl, roguelike

SHEETS: dict[str, ModuleType] = {
    "roguelike": roguelike,
    "amulet": amulet,
    "card-rogue": card_rogue,
    "ascii-hack": ascii_hack,
    "rlrl": rlrl,
}
