"""A lone reader playing a gamebook through, as the pages tell them to: the book's own test.

The walker reads each section's steps in order and does what they say:
ticks marks, takes the ways that are taken, and, at a choice, asks its
``Chooser`` which of the options the reader may take it takes. What only the
game knows (a fight, a roll, a cost, whether the reader may take an option,
a standing rule such as death below zero Health) it asks of the game's
``Reader``, which keeps the character and throws the dice. A ``Player`` is
the two together with the stream it chooses by; each game's solo_play.py
makes its players by kind (``PLAYERS``: random, careful, map-knowing).

The walk keeps what a reader with a pencil would: the sections read, the
options taken, the section just left and the option that led here, and for
each place the way the reader came into it (``Came``), so an option that is
the way back for those who came in from a certain section (``came_from``)
is open to them alone: a fleeing reader runs back the way they came.

The default chooser (``RANDOM``) is a lone reader who maps as they go: at
random among the options they may take that lead to a section not yet read,
else among those not yet taken from that section, else among all of them. A
way out of the adventure (``Option.leaves``) is taken only when every other
option there has been taken and the reader has found nothing new for a
whole book's worth of sections: someone who has explored all they can.

A play ends when the pages end it (won, died, left); a section whose steps
send the reader nowhere is a dead end, and one that runs past ``most``
sections is stuck in a loop: the tests see that neither ever happens.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..seed import Rng
from .model import CHOOSE, END, GO, IF_NOT_TICKED, IF_TICKED, TEXT, TICK, Book, Section, Step, Way

DEAD_END, STUCK = "dead-end", "stuck"
MOST_TRIES = 200  # failed rolls at one choice before the reader counts as stuck there


class Reader(Protocol):
    """The game's side of a play: the character, the dice and the rules the pages refer to."""

    marks: set[str]

    def enter(self, section: Section) -> None:
        """Called as a section is turned to (a visit begins: a poison bites, a search may be made again)."""

    def act(self, step: Step, section: Section) -> str | None:
        """A game's step (a fight, a roll, an effect): the outcome whose way is taken, or None to read on."""

    def allows(self, asks: Mapping[str, Any]) -> bool:
        """Whether the reader may take an option that asks this (a Thief with a Pick left)."""

    def pay(self, cost: Mapping[str, Any]) -> None:
        """A way's cost, as it is taken."""

    def passes(self, test: Mapping[str, Any]) -> bool:
        """An option's roll."""

    def standing(self) -> str | None:
        """The outcome of a standing rule that now applies ("dead"), or None."""


class Chooser(Protocol):
    """How a reader chooses at a CHOOSE ``step`` of ``section``: one of ``open_options`` (the indices into
    ``step.options`` of those the reader may take now, ways out of the adventure among them), returned as is;
    any other number leaves the reader at a dead end. The ``walk`` gives the book, the reader, what has been
    read and taken, the way the reader came, and the dice to choose by."""

    def choose(self, walk: Walk, section: Section, step: Step, open_options: Sequence[int]) -> int: ...


@dataclass(frozen=True)
class Came:
    """The way into a section or a place: the section the reader turned from, and the index of the option
    chosen there (None: a way the pages took, not a choice)."""

    section: str | None
    option: int | None = None


@dataclass(frozen=True)
class Play:
    outcome: str  # won, died, left; or dead-end, stuck
    turns: int  # sections turned to
    seen: int  # different sections read
    at: str  # the section it ended in


class Random:
    """The lone reader who maps as they go, choosing at random (see the module's docstring)."""

    def choose(self, walk: Walk, section: Section, step: Step, open_options: Sequence[int]) -> int:
        staying = [i for i in open_options if not step.options[i].leaves]
        open_ = staying
        if walk.bored and all(walk.was_taken(section, step, i) for i in staying):
            open_ = staying + [i for i in open_options if step.options[i].leaves]
        if not open_:
            return -1
        unseen = [i for i in open_ if step.options[i].way.to not in walk.seen]
        fresh = [i for i in open_ if not walk.was_taken(section, step, i)]
        pool = unseen or fresh or open_
        return pool[walk.rng.randint(0, len(pool) - 1)]


RANDOM = Random()


@dataclass(frozen=True)
class Player:
    """A simulated lone player: the game's reader (its character and dice), how it chooses, and the stream
    it chooses by."""

    reader: Reader
    chooser: Chooser
    rng: Rng
    kind: str = "random"

    def play(self, book: Book, most: int = 100_000) -> Play:
        return play(book, self.reader, self.rng, most, self.chooser)


def play(book: Book, reader: Reader, rng: Rng, most: int = 100_000, chooser: Chooser = RANDOM) -> Play:
    """One play of ``book`` from its way in."""
    walk = Walk(book, reader, rng, chooser)
    key: str | None = book.start
    for turn in range(1, most + 1):
        section = book.sections[key]
        walk.turn_to(section)
        reader.enter(section)
        found = walk.read(section)
        if isinstance(found, _Ending):
            return Play(found.outcome, turn, len(walk.seen), section.key)
        key = found
    return Play(STUCK, most, len(walk.seen), key or "")


@dataclass(frozen=True)
class _Ending:
    outcome: str


class Walk:
    """One play under way: what the reader has read, taken, and where they came from."""

    def __init__(self, book: Book, reader: Reader, rng: Rng, chooser: Chooser = RANDOM):
        self.book, self.reader, self.rng, self.chooser = book, reader, rng, chooser
        self.seen: set[str] = set()
        self.taken: set[tuple[str, int, int]] = set()  # (section, step's place in it, option) chosen
        self.since_new = 0  # sections turned to since one was read for the first time
        self.at: Section | None = None  # the section being read
        self.came = Came(None)  # the way into the section being read
        self.came_into: dict[str, Came] = {}  # each place: the way the reader last came into it
        self._leaving: Came | None = None  # the way being taken, if by a choice (None: out of the section read)

    @property
    def bored(self) -> bool:
        """Whether the reader has found nothing new for a whole book's worth of sections."""
        return self.since_new >= len(self.book.sections)

    def was_taken(self, section: Section, step: Step, index: int) -> bool:
        return (section.key, _place_of(section, step), index) in self.taken

    def way_in(self, section: Section | None = None) -> Came:
        """The way the reader came into the place ``section`` is in (the section being read, by default)."""
        section = section if section is not None else self.at
        assert section is not None
        return self.came_into.get(section.where, Came(None))

    def turn_to(self, section: Section) -> None:
        if section.key in self.seen:
            self.since_new += 1
        else:
            self.seen.add(section.key)
            self.since_new = 0
        before, where = self.at, section.where
        if before is None:
            self.came = Came(None)
        else:
            self.came = self._leaving or Came(before.key)
        if before is None or before.where != where:
            self.came_into[where] = self.came
        self.at = section
        self._leaving = None

    def standing(self) -> str | _Ending | None:
        outcome = self.reader.standing()
        return None if outcome is None else self.book.standing[outcome]

    def read(self, section: Section) -> str | _Ending:
        """The section's steps in order: the key of the section it sends the reader to, or the ending."""
        marks = self.reader.marks
        for step in section.steps:
            if step.kind == TEXT:
                continue
            if step.kind == TICK:
                marks.update(step.marks)
            elif step.kind == IF_TICKED:
                if any(m in marks for m in step.marks):
                    return self.take(step.ways["then"])
            elif step.kind == IF_NOT_TICKED:
                if not any(m in marks for m in step.marks):
                    return self.take(step.ways["then"])
            elif step.kind == GO:
                return self.take(step.ways["go"])
            elif step.kind == END:
                return _Ending(step.data["outcome"])
            elif step.kind == CHOOSE:
                return self.choose(section, step)
            else:
                outcome = self.reader.act(step, section)
                if (stand := self.standing()) is not None:
                    return stand
                if outcome is not None:
                    return self.take(step.ways[outcome])
        return _Ending(DEAD_END)

    def take(self, way: Way) -> str | _Ending:
        self.reader.marks.update(way.ticks)
        if way.cost is not None:
            self.reader.pay(way.cost)
        if (stand := self.standing()) is not None:
            return stand
        return way.to if way.to is not None else _Ending(DEAD_END)

    def open_options(self, section: Section, step: Step) -> list[int]:
        """The options the reader may take now: the marks each needs and lacks, what it asks of the game, and the
        way the reader came into the place (found once, where an option asks it)."""
        reader = self.reader
        marks = reader.marks
        came: Came | None = None
        found = []
        for index, option in enumerate(step.options):
            if option.needs and marks.isdisjoint(option.needs) or option.lacks and not marks.isdisjoint(option.lacks):
                continue
            if option.came_from:
                if came is None:
                    came = self.way_in(section)
                if came.section not in option.came_from:
                    continue
            if option.asks is not None and not reader.allows(option.asks):
                continue
            found.append(index)
        return found

    def choose(self, section: Section, step: Step) -> str | _Ending:
        for _ in range(MOST_TRIES):
            open_ = self.open_options(section, step)
            if not open_:
                return _Ending(DEAD_END)
            index = self.chooser.choose(self, section, step, open_)
            if index not in open_:
                return _Ending(DEAD_END)
            self.taken.add((section.key, _place_of(section, step), index))
            self._leaving = Came(section.key, index)
            option = step.options[index]
            way = option.way
            if option.test is not None and not self.reader.passes(option.test):
                way = option.failed
            if way is None:
                continue
            if way.to is None:  # a failed try that costs something: pay it, and choose again
                self.reader.marks.update(way.ticks)
                if way.cost is not None:
                    self.reader.pay(way.cost)
                if (stand := self.standing()) is not None:
                    return stand
                continue
            return self.take(way)
        return _Ending(STUCK)


def _place_of(section: Section, step: Step) -> int:
    """The step's place in its section, by identity (two equal steps are still two)."""
    for place, each in enumerate(section.steps):
        if each is step:
            return place
    raise ValueError("the step is not in its section")
