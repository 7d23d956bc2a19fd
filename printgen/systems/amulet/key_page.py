"""A Project: Amulet level's key as the page facing the mapper's copy (render/key_columns.py draws it).

Under the title, how the rooms are numbered, what each bracketed reason
means, and every monster the level holds with its numbers; then every room
in the order it was rolled: its number, shape and size and how the heroes
come to it, its exits, its contents and its encounters. A treasure level,
which has no map, closes the key of the level before it. The words are
key.py's (the phrasebook's).
"""

from __future__ import annotations

from typing import Any

from ...render import fonts
from ...render.key_columns import Block, Key, Look, Type, block
from ...units import mm
from ...words import Words

# Labels in small bold capitals of the mono face, a little smaller than the words after them.
LOOK = Look(usual=Type(body=7.0, heading=7.4, small=7.2, leading=1.17, label=6.6, head=7.4),
            tight=Type(body=6.2, heading=6.6, small=6.2, leading=1.13, label=6.0, head=6.2),
            hairline=0.6)
ASIDE_SIZE = 8.5
HEAD_LEADING = 1.28
SMALL_GRAY = 0.2
ENCOUNTER_INDENT = mm(2.5)
ROOM, THEN = "room", "then"


def key(phrasebooks: Words, level_key: dict[str, Any], treasure_actions: int) -> Key:
    """A level's key (key.dungeon_key's) as the page draws it; a treasure level after it closes it."""
    say = phrasebooks.say_for(__package__)
    number = level_key["number"]
    if level_key["kind"] == "mini-boss":
        title = say("key.title-mini-boss", number=number)
    else:
        title = say("key.title", number=number)
    entries = [(ROOM, number, room) for room in level_key["rooms"]]
    if level_key["then"]:
        entries.append((THEN, treasure_actions, level_key["then"]))
    return Key(level=number, title=(title, fonts.MONO_BOLD), aside=(say("key.aside"), fonts.SERIF_ITALIC),
               aside_size=ASIDE_SIZE, head=lambda width, kind: head(phrasebooks, level_key, width, kind),
               entries=entries, entry=lambda entry, width, kind: entry_blocks(phrasebooks, entry, width, kind))


def _label(phrasebooks: Words, word_key: str) -> tuple[str, str]:
    say = phrasebooks.say_for(__package__)
    return say(f"key.label.{word_key}").upper(), fonts.MONO_BOLD


def head(phrasebooks: Words, level_key: dict[str, Any], width: float, kind: Type) -> list[Block]:
    """How the rooms are numbered (and what a mini-boss level holds), what each reason in brackets means, and
    the monsters the level holds."""
    say = phrasebooks.say_for(__package__)
    numbering = say("key.numbering")
    if level_key["kind"] == "mini-boss":
        numbering = f"{numbering} {say('key.mini-boss-level')}"
    small = kind.small

    def said(words: str) -> Block:
        return block([(words, fonts.SERIF)], small, width, HEAD_LEADING, gray=SMALL_GRAY, after=mm(0.6))

    blocks = [said(numbering)]
    if level_key["why"]:
        blocks.append(said(say("key.whys", whys="; ".join(level_key["why"]))))
    if level_key["monsters"]:
        runs = [_label(phrasebooks, "monsters")]
        for index, monster in enumerate(level_key["monsters"]):
            runs += [("; " if index else " ", fonts.SERIF), (monster["name"], fonts.SERIF_BOLD),
                     (f" {monster['stats']}", fonts.SERIF)]
        blocks.append(block(runs, kind.head, width, HEAD_LEADING, after=mm(0.8),
                            sizes=((fonts.MONO_BOLD, kind.label),)))
    return blocks


def entry_blocks(phrasebooks: Words, entry: tuple[str, int, dict[str, Any]], width: float, kind: Type) -> list[Block]:
    what, number, data = entry
    return room_blocks(phrasebooks, number, data, width, kind) if what == ROOM else treasure_blocks(phrasebooks,
                                                                                                    number, data,
                                                                                                    width, kind)


def room_blocks(phrasebooks: Words, level: int, room: dict[str, Any], width: float, kind: Type) -> list[Block]:
    """A room's entry: its heading, exits, contents and encounters, set for a column ``width`` wide."""
    say = phrasebooks.say_for(__package__)
    lead, labels = kind.leading, ((fonts.MONO_BOLD, kind.label),)
    heading = [(f"{level}.{room['number']}", fonts.SERIF_BOLD), (" ", fonts.SERIF),
               (f"{room['shape']}.", fonts.SERIF_ITALIC), (f" {room['reached']}", fonts.SERIF)]
    exits = "; ".join(room["exits"]) or say("key.none")
    contents = [_label(phrasebooks, "contents"), (" " + "; ".join(room["contents"]), fonts.SERIF)]
    if not room["encounters"]:
        contents += [(" ", fonts.SERIF), _label(phrasebooks, "encounter"), (f" {say('key.none')}", fonts.SERIF)]
    blocks = [block(heading, kind.heading, width, lead, after=mm(0.2)),
              block([_label(phrasebooks, "exits"), (f" {exits}", fonts.SERIF)], kind.body, width, lead, sizes=labels),
              block(contents, kind.body, width, lead, sizes=labels)]
    for encounter in room["encounters"]:
        runs = [(encounter["title"], fonts.SERIF_BOLD)]
        if encounter["stats"]:
            runs.append((f": {encounter['stats']}", fonts.SERIF))
        blocks.append(block(runs, kind.body, width, lead, ENCOUNTER_INDENT))
    return blocks


def treasure_blocks(phrasebooks: Words, actions: int, level_key: dict[str, Any], width: float,
                    kind: Type) -> list[Block]:
    """The treasure level after a mini-boss's: it has no map, so its lines close the key before it."""
    say = phrasebooks.say_for(__package__)
    return [block([(say("key.treasure-level", number=level_key["number"]), fonts.SERIF_BOLD)], kind.heading, width,
                  kind.leading, after=mm(0.2)),
            block([(say("key.treasure-level-note", actions=actions, after=level_key["after"]), fonts.SERIF)],
                  kind.body, width, kind.leading)]
