"""This game's marks on the map: its three kinds of door, the corners' marks, features and encounters."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from ...maps import glyphs
from ...maps.symbols import Symbols
from ...words import Words
from . import rules
from .level import DOOR, FALSE, LOCKED

FEATURE_MARKS = {  # feature code -> glyph (its legend words: mark.<code>); "empty" has no mark
    "monster-hq": glyphs.ringed("H"),
    "chasm": glyphs.hole(0.15),
    "antimagic": glyphs.ringed("Ø"),
    "cliff": glyphs.warning("C"),
    "cookstove": glyphs.ringed("K"),
    "cells": glyphs.ringed("J"),
    "altar": glyphs.ringed("A"),
    "fountain": glyphs.fountain,
}


@glyphs.reaching(0.45, 0.19)
def false_door(c: Canvas, size: float) -> None:
    """A door leaf struck through: it opens on rock."""
    glyphs.door(0.75)(c, size)
    w, h = size * 0.45, size * 0.16
    c.setLineWidth(0.8)
    c.setStrokeGray(0)
    c.line(-w, -h, w, h)


def shop(level: int):
    def draw(c: Canvas, size: float) -> None:
        s = size / 2
        glyphs.pen(c, width=0.8)
        c.rect(-s, -s * 0.8, 2 * s, 1.6 * s, stroke=1, fill=1)
        glyphs.black_letter(c, f"S{level}", glyphs.text_size(size, 0.55), -s * 0.38)
    return draw


def locked_roll() -> dict[str, str]:
    """The door table's die and the totals that lock a door, as the table gives them ("1d6", "5-6")."""
    table = rules.tables()["door"]
    return {"die": table.die_text, "roll": ", ".join(row.roll_text for row in table.rows if row["locked"])}


def symbols(phrasebooks: Words, level: int, players: bool = False) -> Symbols:
    """The level's symbols; on the rogue's own picture (``players``) a locked or false door looks like any
    other until someone tries it."""
    say = phrasebooks.say_for(__package__)
    found = (Symbols(blocked_label=say("door.blocked"), secret_label=say("door.secret"))
             .door(DOOR, glyphs.door(1), say("door.door"))
             .door(LOCKED, glyphs.door(1) if players else glyphs.locked(glyphs.door(1)),
                   "" if players else say("door.locked-door", **locked_roll()), on_players_map=False)
             .door(FALSE, glyphs.door(1) if players else false_door, "" if players else say("door.false-door"),
                   on_players_map=False)
             .mark("stairs-up", glyphs.stairs(False), say("mark.stairs-up"), anchored=True)
             .mark("stairs-down", glyphs.stairs(True), say("mark.stairs-down"), anchored=True)
             .mark("amulet", glyphs.chest(0.2, "Y"), say("mark.amulet"))
             .mark("terminal", glyphs.ringed("T"), say("mark.terminal"))
             .mark("shop", shop(level), say("mark.shop", level=level)))
    for code, glyph in FEATURE_MARKS.items():
        found.mark(code, glyph, say(f"mark.{code}"))
    return (found.mark("monster", glyphs.ringed("M"), say("mark.monster"))
            .mark("trap", glyphs.warning("!"), say("mark.trap"), anchored=True)
            .mark("loot", glyphs.chest(1), say("mark.loot")))
