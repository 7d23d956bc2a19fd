"""A solo booklet played many times over: how each kind of simulated player fares, for its designer's notes.

Each game's solo_play.py makes its players (``player(kind, code, number,
book)``); ``simulate`` plays each kind ``plays`` times on one book and
tallies how the plays end, the deepest level each reached, and the first
choice of ways each made (a choice with two or more ways on, a way out not
counted) with how many it killed before they made another: the notes'
"no single choice at the start is a death trap". Player ``number`` is the
same character with the same dice whatever its kind, from the seed's own
streams, so the same seed code gives the same figures.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..seed import SeedCode
from .model import Book, Section, Step
from .walk import Chooser, Player, Walk

Make = Callable[[str, SeedCode, int, Book], Player]  # a game's solo_play.player


@dataclass
class Tally:
    """How one kind of player fared: outcomes, the deepest level each reached, and for the first choice of
    ways each made, how many took it and how many it killed (died before a second choice)."""

    plays: int = 0
    outcomes: dict[str, int] = field(default_factory=dict)
    deepest: dict[int, int] = field(default_factory=dict)
    first: dict[tuple[str, int], list[int]] = field(default_factory=dict)

    def add(self, other: Tally) -> None:
        """Another book's plays counted in this one (the same players over many books); its first choices are
        its own book's, and are not added."""
        self.plays += other.plays
        for outcome, count in other.outcomes.items():
            self.outcomes[outcome] = self.outcomes.get(outcome, 0) + count
        for level, count in other.deepest.items():
            self.deepest[level] = self.deepest.get(level, 0) + count

    def share(self, outcome: str) -> float:
        return self.outcomes.get(outcome, 0) / self.plays if self.plays else 0.0

    def reached(self, level: int) -> float:
        return sum(n for deepest, n in self.deepest.items() if deepest >= level) / self.plays if self.plays else 0.0

    def mean_deepest(self) -> float:
        return sum(level * n for level, n in self.deepest.items()) / self.plays if self.plays else 0.0

    def deadliest_first(self) -> float:
        """The share of all plays killed by the one first choice that killed most."""
        return max((killed for _, killed in self.first.values()), default=0) / self.plays if self.plays else 0.0


class _Noting:
    """A chooser noting the first choice of two or more ways on (a way out not counted), and whether another
    came after it; otherwise the player's own."""

    def __init__(self, chooser: Chooser):
        self.chooser = chooser
        self.first: tuple[str, int] | None = None
        self.second = False

    def choose(self, walk: Walk, section: Section, step: Step, open_options: Sequence[int]) -> int:
        index = self.chooser.choose(walk, section, step, open_options)
        if not self.second and len([i for i in open_options if not step.options[i].leaves]) >= 2:  # both noted: done
            if self.first is None:
                self.first = (section.key, index)
            else:
                self.second = True
        return index


class _Levels:
    """A reader that notes the deepest level it is on, and is otherwise the game's."""

    def __init__(self, reader: Any):
        self.reader, self.deepest = reader, 0
        # what the walk asks at every step, bound once (the rest, its marks too, found on the reader when asked)
        self.act, self.allows, self.pay, self.passes, self.standing = (
            reader.act, reader.allows, reader.pay, reader.passes, reader.standing)

    @property
    def marks(self) -> set[str]:
        """The reader's marks, which the walk reads at every section (a property: not the slower fallback below)."""
        return self.reader.marks

    @marks.setter
    def marks(self, marks: set[str]) -> None:
        self.reader.marks = marks

    def __getattr__(self, name: str) -> Any:
        return getattr(self.reader, name)

    def enter(self, section: Section) -> None:
        self.deepest = max(self.deepest, section.level or 0)
        self.reader.enter(section)


def simulate(book: Book, code: SeedCode, player: Make, plays: int, kinds: Sequence[str]) -> dict[str, Tally]:
    """Each kind of player, ``plays`` times, on this book."""
    found = {}
    for kind in kinds:
        tally = Tally()
        for number in range(plays):
            one = player(kind, code, number, book)
            noting, levels = _Noting(one.chooser), _Levels(one.reader)
            result = Player(levels, noting, one.rng, kind).play(book)
            tally.plays += 1
            tally.outcomes[result.outcome] = tally.outcomes.get(result.outcome, 0) + 1
            tally.deepest[levels.deepest] = tally.deepest.get(levels.deepest, 0) + 1
            if noting.first is not None:
                counts = tally.first.setdefault(noting.first, [0, 0])
                counts[0] += 1
                counts[1] += result.outcome == "died" and not noting.second
        found[kind] = tally
    return found
