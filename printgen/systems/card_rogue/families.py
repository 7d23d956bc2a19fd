"""How each family of cards looks from behind, and the colours of the faces.

A family's back has its own colour, mark and word, so a stray card finds its
pile at a glance: exploration "?", the pathing stack a crossing, starting
tiles a house, shop a gem, gold "$", effects a clock, characters "@".
"""

from __future__ import annotations

from ...cards.model import BackStyle, Color
from ...words import Words

FAMILY_COLOURS: dict[str, Color] = {
    "exploration": (0.13, 0.34, 0.3),
    "pathing": (0.42, 0.33, 0.24),
    "starting": (0.3, 0.32, 0.38),
    "shop": (0.55, 0.14, 0.14),
    "gold": (0.62, 0.47, 0.1),
    "effect": (0.38, 0.24, 0.52),
    "character": (0.16, 0.22, 0.45),
    "reference": (0.25, 0.3, 0.3),
}
FAMILY_MARKS = {"exploration": "?", "pathing": "\u256c", "starting": "\u2302", "shop": "\u25c6", "gold": "$",
                "effect": "\u25d4", "character": "@", "reference": "!"}

# Face colours of the kinds of cards within the families.
KIND_COLOURS: dict[str, Color] = {
    "enemy": (0.55, 0.12, 0.1),
    "boss": (0.3, 0.05, 0.12),
    "potion": (0.2, 0.3, 0.45),
    "artifact": (0.4, 0.22, 0.5),
    "key": (0.5, 0.38, 0.08),
    "weapon": (0.45, 0.15, 0.12),
    "armor": (0.22, 0.3, 0.42),
    "scroll": (0.45, 0.36, 0.18),
    "debt": (0.3, 0.3, 0.2),
    "gold": FAMILY_COLOURS["gold"],
    "effect": FAMILY_COLOURS["effect"],
    "reference": FAMILY_COLOURS["reference"],
    "spare": (0.4, 0.4, 0.42),
}


def back(phrasebooks: Words, family: str) -> BackStyle:
    say = phrasebooks.say_for(__package__)
    return BackStyle(say(f"back.{family}.name"), FAMILY_COLOURS[family], FAMILY_MARKS[family],
                     say(f"back.{family}.line"))
