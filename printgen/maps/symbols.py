"""A game's map symbols: its door kinds and marks, how each is drawn, and the words of its legend.

The engine draws whatever a game registers here; it has no door kinds or
marks of its own beyond "open" (a passage running on) and the rubble of a
blocked way.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import glyphs
from .glyphs import Glyph


@dataclass(frozen=True)
class Symbol:
    kind: str
    glyph: Glyph
    label: str  # the legend's words; "" keeps it out of the legend
    on_players_map: bool = True  # a door kind shown on the players' layout map (secret doors are not)


@dataclass
class Symbols:
    doors: dict[str, Symbol] = field(default_factory=dict)
    marks: dict[str, Symbol] = field(default_factory=dict)
    blocked_label: str = ""  # legend words for rubble; "" leaves it out
    secret_label: str = ""  # legend words for the S of a secret door; "" leaves it out

    def __post_init__(self) -> None:
        self.door("open", glyphs.open_way, "")

    def door(self, kind: str, glyph: Glyph, label: str, on_players_map: bool = True) -> "Symbols":
        self.doors[kind] = Symbol(kind, glyph, label, on_players_map)
        return self

    def mark(self, kind: str, glyph: Glyph, label: str) -> "Symbols":
        self.marks[kind] = Symbol(kind, glyph, label)
        return self

    def legend(self, doors: set[str], marks: set[str], blocked: bool, secret: bool = False) -> list[tuple[str, Symbol]]:
        """The legend entries for what a map shows, in the order the game registered them."""
        entries = [("door", s) for k, s in self.doors.items() if k in doors and s.label]
        if secret and self.secret_label:
            entries.append(("door", Symbol("secret", glyphs.secret, self.secret_label)))
        if blocked and self.blocked_label:
            entries.append(("rubble", Symbol("rubble", glyphs.rubble, self.blocked_label)))
        entries += [("mark", s) for k, s in self.marks.items() if k in marks and s.label]
        return entries
