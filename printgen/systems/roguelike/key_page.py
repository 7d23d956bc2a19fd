"""A Roguelike level's key as the page facing its map (render/key_columns.py draws it).

Under the title, how the party arrives; then every area in walking order: its
number, kind and size, a line for each thing in it (a bold label, then the
words), and its creatures. The words are key.py's (the phrasebook's).
"""

from __future__ import annotations

from typing import Any

from ...render import fonts
from ...render.key_columns import Block, Key, Look, Type, block
from ...units import mm
from ...words import Words

LOOK = Look(usual=Type(body=8.0, heading=8.8, small=7.0, leading=1.2),
            tight=Type(body=7.0, heading=7.8, small=6.3, leading=1.17),
            hairline=0.667)
NAME_SIZE, ARRIVAL_SIZE = 9.0, 7.4
CHAIN_GRAY = 0.2
CREATURE_INDENT = mm(2.5)


def key(phrasebooks: Words, level_key: dict[str, Any], dungeon_name: str, order: list[int] | None = None,
        breaks: tuple[int, ...] = ()) -> Key:
    """A level's key (key.dungeon_key) as the page draws it: its areas in walking order, or in ``order``
    (the areas each sheet of a map over several shows first), a fresh page at each of ``breaks``."""
    say = phrasebooks.say_for(__package__)
    areas = level_key["areas"]
    if order is not None:
        by_number = {area["number"]: area for area in areas}
        areas = [by_number[n] for n in order]
    return Key(level=level_key["number"], title=(say("key.title", level=level_key["number"]), fonts.SERIF_BOLD),
               aside=(dungeon_name, fonts.SERIF_ITALIC), aside_size=NAME_SIZE,
               head=lambda width, kind: [_arrival(phrasebooks, level_key, width)],
               entries=areas, entry=area_blocks, breaks=breaks)


def _arrival(phrasebooks: Words, level_key: dict[str, Any], width: float) -> Block:
    """How the party arrives on the level, with the note on unexplored ways."""
    say = phrasebooks.say_for(__package__)
    runs = [(f"{level_key['arrival']} ", fonts.SERIF), (say("key.unexplored-note"), fonts.SERIF_ITALIC)]
    return block(runs, ARRIVAL_SIZE, width, 1.28)


def area_blocks(area: dict[str, Any], width: float, kind: Type) -> list[Block]:
    """An area's entry as paragraphs set for a column ``width`` wide."""
    lead = kind.leading
    # The heading's size after the name is in the body's smaller italics.
    heading = [(f"{area['number']} · {area['title']}", fonts.SERIF_BOLD), (f" {area['size']}", fonts.SERIF_ITALIC)]
    blocks = [block(heading, kind.heading, width, lead, after=mm(0.2), sizes=((fonts.SERIF_ITALIC, kind.body),))]
    blocks += [block([(f"{label}:", fonts.SERIF_BOLD), (f" {words}", fonts.SERIF)], kind.body, width, lead)
               for label, words in area["lines"]]
    creatures = area["creatures"]
    if creatures:
        if creatures["shared"]:
            blocks.append(block([(creatures["shared"], fonts.SERIF_BOLD)], kind.body, width, lead))
            blocks.append(block([("; ".join(creatures["rows"]), fonts.SERIF)], kind.body, width, lead,
                                CREATURE_INDENT))
        else:
            blocks += [block([(row, fonts.SERIF)], kind.body, width, lead, CREATURE_INDENT)
                       for row in creatures["rows"]]
        blocks += [block([(note, fonts.SERIF)], kind.small, width, lead) for note in creatures["notes"]]
        blocks.append(block([(creatures["chain"], fonts.SERIF_ITALIC)], kind.small, width, lead, gray=CHAIN_GRAY))
    return blocks
