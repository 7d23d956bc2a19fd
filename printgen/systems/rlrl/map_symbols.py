"""This game's marks on the map: its three kinds of door, the corners' marks, features and encounters."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from ...maps import glyphs
from ...maps.symbols import Symbols
from ...render import fonts
from .level import DOOR, FALSE, LOCKED

FEATURE_MARKS = {  # feature code -> (glyph, legend words); "empty" has no mark
    "monster-hq": (glyphs.ringed("H"), "Monster HQ"),
    "chasm": (glyphs.hole(0.15), "chasm"),
    "antimagic": (glyphs.ringed("Ø"), "antimagic field"),
    "cliff": (glyphs.warning("C"), "cliff"),
    "cookstove": (glyphs.ringed("K"), "cookstove"),
    "cells": (glyphs.ringed("J"), "cells with key"),
    "altar": (glyphs.ringed("A"), "altar"),
    "fountain": (glyphs.fountain, "fountain"),
}


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
        c.setLineWidth(0.8)
        c.setStrokeGray(0)
        c.setFillGray(1)
        c.rect(-s, -s * 0.8, 2 * s, 1.6 * s, stroke=1, fill=1)
        c.setFillGray(0)
        c.setFont(fonts.SERIF_BOLD, size * 0.55)
        c.drawCentredString(0, -s * 0.38, f"S{level}")
    return draw


def symbols(level: int) -> Symbols:
    found = (Symbols(blocked_label="rock behind a false door", secret_label="secret door")
             .door(DOOR, glyphs.door(1), "door")
             .door(LOCKED, glyphs.locked(glyphs.door(1)), "locked door (1d6: 5-6)", on_players_map=False)
             .door(FALSE, false_door, "false door", on_players_map=False)
             .mark("stairs-up", glyphs.stairs(False), "stairs up")
             .mark("stairs-down", glyphs.stairs(True), "stairs down")
             .mark("amulet", glyphs.chest(0.2, "Y"), "the Amulet of Yendor")
             .mark("terminal", glyphs.ringed("T"), "computer terminal")
             .mark("shop", shop(level), f"shop, level {level}"))
    for code, (glyph, label) in FEATURE_MARKS.items():
        found.mark(code, glyph, label)
    return (found.mark("monster", glyphs.ringed("M"), "monster")
            .mark("trap", glyphs.warning("!"), "trap")
            .mark("loot", glyphs.chest(1), "loot"))
