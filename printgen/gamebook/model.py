"""A gamebook as plain data: sections, the steps a reader takes in each, and the ways between them.

A section is known by a key until the book is numbered (numbering.py); its
printed text names other sections by ``ref(key)`` and marks to tick by
``mark(key)``, which become numbers when it is set. Every step is both what
is printed and what a reader does, so the page and the simulated reader
(walk.py) can never disagree:

- ``TEXT``: read it;
- ``TICK``: tick the marks (a mark is a section's number, or a game's codeword);
- ``IF_TICKED`` / ``IF_NOT_TICKED``: if any (none) of the marks is ticked, take the way ``then``;
- ``GO``: take the way ``go``;
- ``CHOOSE``: take one of the options the reader may take;
- ``END``: the adventure is over (``data["outcome"]``: won, died, left);
- any other kind is the game's own (a fight, a roll): its reader names the outcome, and the way of that
  outcome is taken (none: read on).

A way may tick marks and carry a game's cost as it is taken (spend a Pick). An
option may need a mark ticked or untouched, ask the game something of the
reader (a Thief with a Pick left), or be decided by a roll: passed, its way;
failed, its ``failed`` way (a way to nowhere: the reader chooses again). An
option may also be the way back for a reader who came into the place from
certain sections (``came_from``): a fight's "run back the way you came".

A section is a place (an area) or an event that happens in one (``place``:
the area's key, so a fight, a trap or a chest is still in its area); the
walker keeps, for each place, the section and option the reader came in by.
A game's own step speaks the common vocabulary of data.py (fight, test,
damage, heal, points, loot, shop) or a kind of its own, documented in the
schema (printgen/schemas/solo.schema.json).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

TEXT, TICK, IF_TICKED, IF_NOT_TICKED, GO, CHOOSE, END = (
    "text", "tick", "if-ticked", "if-not-ticked", "go", "choose", "end")
GENERIC = (TEXT, TICK, IF_TICKED, IF_NOT_TICKED, GO, CHOOSE, END)
WON, DIED, LEFT = "won", "died", "left"  # how an adventure ends

# A section named in printed text, and a mark to tick: private-use characters around the key, replaced by
# numbers when the book is set. Two kinds, so a mark is never taken for a way to go.
_REF = ("\ue000", "\ue001")
_MARK = ("\ue002", "\ue003")
_REFS = re.compile("\ue000([^\ue001]*)\ue001")
_MARKS = re.compile("\ue002([^\ue003]*)\ue003")


def ref(key: str) -> str:
    """``key``'s number in a sentence that sends the reader there ("turn to 37")."""
    return f"{_REF[0]}{key}{_REF[1]}"


def mark(key: str) -> str:
    """``key``'s number in a sentence about a mark ("tick 37", "if 37 is ticked")."""
    return f"{_MARK[0]}{key}{_MARK[1]}"


def key_of(value: str) -> str:
    """The key a whole ``ref(key)`` or ``mark(key)`` stands for (as a game's step data names one)."""
    found = re.fullmatch("[\ue000\ue002]([^\ue001\ue003]*)[\ue001\ue003]", value)
    if found is None:
        raise ValueError(f"{value!r} is neither a ref nor a mark")
    return found.group(1)


def refs_in(text: str) -> list[str]:
    return _REFS.findall(text)


def marks_in(text: str) -> list[str]:
    return _MARKS.findall(text)


def filled(text: str, number: Mapping[str, int], turn: str = "{n}", tick: str = "{n}") -> str:
    """``text`` with every ref and mark replaced by its section's number, each set by its pattern (e.g.
    ``**{n}**`` to print the numbers a reader turns to in bold)."""
    text = _REFS.sub(lambda m: turn.format(n=number[m.group(1)]), text)
    return _MARKS.sub(lambda m: tick.format(n=number[m.group(1)]), text)


@dataclass(frozen=True)
class Way:
    """Where a reader goes (``to``: a section's key; None: nowhere, choose again), ticking ``ticks`` and paying
    the game's ``cost`` on the way."""

    to: str | None
    ticks: tuple[str, ...] = ()
    cost: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class Option:
    """One choice of a CHOOSE step, printed as its own paragraph (an empty text: worded by an earlier one)."""

    text: str
    way: Way
    needs: tuple[str, ...] = ()  # taken only if one of these marks is ticked
    lacks: tuple[str, ...] = ()  # taken only if none of these marks is ticked
    asks: Mapping[str, Any] | None = None  # what the game asks of the reader to take it
    test: Mapping[str, Any] | None = None  # a roll: passed, ``way``; failed, ``failed``
    failed: Way | None = None
    leaves: bool = False  # a way out of the adventure (a lone reader takes it when nothing is left to explore)
    came_from: tuple[str, ...] = ()  # taken only by a reader who came into this place from one of these sections
    warns: tuple[str, ...] = ()  # what its words warn of beyond it (the game's: a trap, creatures)

    @property
    def ways(self) -> tuple[Way, ...]:
        return (self.way,) + ((self.failed,) if self.failed is not None else ())


@dataclass(frozen=True)
class Step:
    kind: str
    text: str = ""
    style: str = "text"  # how it is set: text, stats, choice, note
    ways: Mapping[str, Way] = field(default_factory=dict)  # by outcome: "go", "then", or the game's ("won")
    marks: tuple[str, ...] = ()  # TICK, IF_TICKED, IF_NOT_TICKED
    options: tuple[Option, ...] = ()
    data: Mapping[str, Any] = field(default_factory=dict)  # what the game's reader needs (dice, creatures)
    ends: bool = False  # a game's step whose every outcome has a way: nothing after it is read

    @property
    def final(self) -> bool:
        """Whether the reader never reads past it: it always sends them on, or ends the adventure."""
        return self.kind in (GO, CHOOSE, END) or self.ends

    def targets(self) -> list[str]:
        """Every section it may send a reader to, in order, once each."""
        found = [w.to for w in self.ways.values()] + [w.to for o in self.options for w in o.ways]
        return list(dict.fromkeys(t for t in found if t is not None))

    def printed(self) -> list[tuple[str, str]]:
        """Its paragraphs as (text, style): its own text, then each option's."""
        found = [(self.text, self.style)] if self.text else []
        return found + [(o.text, "choice") for o in self.options if o.text]


def go(text: str, to: str, **way: Any) -> Step:
    return Step(GO, text, "choice", {"go": Way(to, **way)})


def text(words: str, style: str = "text") -> Step:
    return Step(TEXT, words, style)


def tick(words: str, *marks: str) -> Step:
    return Step(TICK, words, marks=marks)


def if_not_ticked(words: str, marks: tuple[str, ...], to: str) -> Step:
    return Step(IF_NOT_TICKED, words, "choice", {"then": Way(to)}, marks)


def end(words: str, outcome: str) -> Step:
    return Step(END, words, data={"outcome": outcome})


@dataclass
class Section:
    key: str
    kind: str  # what it is, for the JSON and the tests: the game's word (area, trap, fight, stairs, end…)
    steps: list[Step]
    level: int | None = None
    area: int | None = None  # the dungeon's area it describes; None for an event
    data: dict[str, Any] = field(default_factory=dict)  # the game's own fields in the JSON (doorways)
    place: str | None = None  # the place (a section's key) this event happens in; None: the section is its own

    @property
    def where(self) -> str:
        """The place the reader is in while reading it."""
        return self.place if self.place is not None else self.key

    def targets(self) -> list[str]:
        return list(dict.fromkeys(t for step in self.steps for t in step.targets()))


@dataclass
class Book:
    """The sections in the order they were made; ``start`` is the way in (section 1); ``standing`` the
    sections a standing rule sends a reader to, by its outcome ("dead": Health below zero)."""

    sections: dict[str, Section]
    start: str
    standing: dict[str, str] = field(default_factory=dict)

    def add(self, section: Section) -> Section:
        if section.key in self.sections:
            raise ValueError(f"two sections have the key {section.key!r}")
        self.sections[section.key] = section
        return section

    def __getitem__(self, key: str) -> Section:
        return self.sections[key]

    def marks(self) -> set[str]:
        """Every mark a reader may be told to tick or asked about: those the steps act on, and those their
        words name (a game's own step that ticks one says so)."""
        found: set[str] = set()
        for section in self.sections.values():
            for step in section.steps:
                found.update(step.marks)
                found.update(m for words, _ in step.printed() for m in marks_in(words))
                for way in step.ways.values():
                    found.update(way.ticks)
                for option in step.options:
                    found.update(option.needs + option.lacks)
                    found.update(t for way in option.ways for t in way.ticks)
        return found
