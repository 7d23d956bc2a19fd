"""A lone reader playing a gamebook through, as the pages tell them to: the book's own test.

The walker reads each section's steps in order and does what they say:
ticks marks, takes the ways that are taken, chooses. What only the game
knows (a fight, a roll, a cost, whether the reader may take an option, a
standing rule such as death below zero Health) it asks of the game's
``Reader``, which keeps the character and throws the dice.

How a lone reader chooses, as one who maps as they go: at random among the
options they may take that lead to a section not yet read, else among those
not yet taken from that section, else among all of them. A way
out of the adventure (``Option.leaves``) is taken only when every other
option there has been taken and the reader has found nothing new for a
whole book's worth of sections: someone who has explored all they can.

A play ends when the pages end it (won, died, left); a section whose steps
send the reader nowhere is a dead end, and one that runs past ``most``
sections is stuck in a loop: the tests see that neither ever happens.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from ..seed import Rng
from .model import CHOOSE, END, GO, IF_NOT_TICKED, IF_TICKED, TEXT, TICK, Book, Option, Section, Step, Way

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


@dataclass(frozen=True)
class Play:
    outcome: str  # won, died, left; or dead-end, stuck
    turns: int  # sections turned to
    seen: int  # different sections read
    at: str  # the section it ended in


def play(book: Book, reader: Reader, rng: Rng, most: int = 100_000) -> Play:
    """One play of ``book`` from its way in."""
    walk = _Walk(book, reader, rng)
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


class _Walk:
    def __init__(self, book: Book, reader: Reader, rng: Rng):
        self.book, self.reader, self.rng = book, reader, rng
        self.seen: set[str] = set()
        self.taken: set[tuple[str, int]] = set()
        self.since_new = 0  # sections turned to since one was read for the first time

    def turn_to(self, section: Section) -> None:
        if section.key in self.seen:
            self.since_new += 1
        else:
            self.seen.add(section.key)
            self.since_new = 0

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

    def may_take(self, option: Option, index: int, section: Section, step: Step) -> bool:
        marks = self.reader.marks
        if option.needs and not any(m in marks for m in option.needs):
            return False
        if any(m in marks for m in option.lacks):
            return False
        if option.asks is not None and not self.reader.allows(option.asks):
            return False
        return True

    def choose(self, section: Section, step: Step) -> str | _Ending:
        for _ in range(MOST_TRIES):
            open_ = [i for i, o in enumerate(step.options) if not o.leaves and self.may_take(o, i, section, step)]
            bored = self.since_new >= len(self.book.sections)
            if bored and all((section.key, id(step), i) in self.taken for i in open_):
                open_ += [i for i, o in enumerate(step.options) if o.leaves and self.may_take(o, i, section, step)]
            if not open_:
                return _Ending(DEAD_END)
            unseen = [i for i in open_ if step.options[i].way.to not in self.seen]
            fresh = [i for i in open_ if (section.key, id(step), i) not in self.taken]
            pool = unseen or fresh or open_
            index = pool[self.rng.randint(0, len(pool) - 1)]
            self.taken.add((section.key, id(step), index))
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
