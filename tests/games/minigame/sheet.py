"""The hero's sheet: a name and hit points, blank or rolled."""

from typing import Any

from printgen.sheets.draw import field, title_band
from printgen.words import Words

SIZES = (1, 2)
PRE_ROLLED = True


def roll(phrasebooks: Words, rng, number: int, genre: str | None) -> dict[str, Any]:
    return {"number": number, "name": rng.choice(["Ada", "Bo", "Cy"]), "hp": rng.randint(4, 9)}


def blank_kinds(genre: str | None) -> list[str]:
    return ["hero"]


def choices(phrasebooks: Words):
    return ()


def draw(phrasebooks: Words, c, w: float, h: float, kind: str, character, style, form, code=None) -> None:
    say = phrasebooks.say_for(__package__)
    top = title_band(c, w, h, say("sheet.title"), style) - 10
    field(c, form, "name", 0, top - 40, w * 0.7, 40, say("sheet.name"), style, character and character["name"])
    field(c, form, "hp", w * 0.75, top - 40, w * 0.25, 40, say("sheet.hp"), style,
          character and str(character["hp"]))
