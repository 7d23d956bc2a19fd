"""A game's map symbols: its door kinds and marks, how each is drawn, and the words of its legend.

The engine draws whatever a game registers here; it has no door kinds or
marks of its own beyond "open" (a passage running on) and the rubble of a
blocked way. A door kind is drawn either as one glyph in its doorway
(``door``) or along the whole of its wall, however many units long
(``wall_door``: the wall there is the glyph's to draw, a wavy line or an
opening between posts); marks stand in an area (``mark``) or on a unit of
its wall (``wall_mark``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import glyphs
from .glyphs import Glyph, Segment


@dataclass(frozen=True)
class Symbol:
    kind: str
    glyph: Glyph
    label: str  # the legend's words; "" keeps it out of the legend
    on_players_map: bool = True  # a door kind shown on the players' layout map (secret doors are not)
    segment: Segment | None = None  # drawn along its wall instead (then ``glyph`` is unused)

    @property
    def bare(self) -> bool:
        """Nothing is drawn for it: an opening, parted from the area beyond by a threshold line."""
        return self.segment is None and self.glyph is glyphs.open_way


@dataclass
class Symbols:
    doors: dict[str, Symbol] = field(default_factory=dict)
    marks: dict[str, Symbol] = field(default_factory=dict)
    blocked_label: str = ""  # legend words for rubble; "" leaves it out
    secret_label: str = ""  # legend words for the S of a secret door; "" leaves it out
    on_walls: dict[str, Symbol] = field(default_factory=dict)  # marks drawn on a unit of an area's wall
    anchored: set[str] = field(default_factory=set)  # marks that stand where their thing is, never in a callout

    def __post_init__(self) -> None:
        self.door("open", glyphs.open_way, "")

    def door(self, kind: str, glyph: Glyph, label: str, on_players_map: bool = True) -> Symbols:
        self.doors[kind] = Symbol(kind, glyph, label, on_players_map)
        return self

    def wall_door(self, kind: str, segment: Segment, label: str, on_players_map: bool = True) -> Symbols:
        """A door kind drawn along its whole wall; a secret one is wall with an S across it."""
        self.doors[kind] = Symbol(kind, glyphs.open_way, label, on_players_map, segment)
        return self

    def mark(self, kind: str, glyph: Glyph, label: str, anchored: bool = False) -> Symbols:
        """A mark in an area; ``anchored``: it stands where its thing is (stairs, a trap, where a teleport
        lands), so it keeps its place in the area when the area is too small for all its marks."""
        self.marks[kind] = Symbol(kind, glyph, label)
        if anchored:
            self.anchored.add(kind)
        return self

    def wall_mark(self, kind: str, segment: Segment, label: str) -> Symbols:
        self.on_walls[kind] = Symbol(kind, glyphs.open_way, label, segment=segment)
        return self

    def secret_symbol(self, kind: str) -> Symbol:
        """How a secret door of ``kind`` is drawn on the referee's map."""
        if self.doors[kind].segment is not None:
            return Symbol("secret", glyphs.secret, self.secret_label, segment=glyphs.on_wall(glyphs.secret))
        return Symbol("secret", glyphs.secret, self.secret_label)

    def legend(self, doors: set[str], marks: set[str], blocked: bool, secret: bool = False) -> list[tuple[str, Symbol]]:
        """The legend entries for what a map shows, in the order the game registered them."""
        entries = [("door", s) for k, s in self.doors.items() if k in doors and s.label]
        if secret and self.secret_label:
            along = any(s.segment is not None for k, s in self.doors.items() if k in doors)
            entries.append(("door", Symbol("secret", glyphs.secret, self.secret_label,
                                           segment=glyphs.on_wall(glyphs.secret) if along else None)))
        if blocked and self.blocked_label:
            entries.append(("rubble", Symbol("rubble", glyphs.rubble, self.blocked_label)))
        entries += [("mark", s) for k, s in self.marks.items() if k in marks and s.label]
        entries += [("mark", s) for k, s in self.on_walls.items() if k in marks and s.label]
        return entries
