"""What every gamebook printgen prints keeps: checked when it is made, and by the tests.

- the numbers are 1..N, each once, and the way in is 1;
- every way names a section, and every number a sentence names is a way of that step (and the reverse),
  so the page says exactly where the reader may go;
- every section ends in a step that sends the reader on or ends the adventure: no dead end;
- every section can be reached from the way in, and from every one an ending can be reached: no loop a
  reader cannot leave.
"""

from __future__ import annotations

from collections import deque

from .model import END, Book, marks_in, refs_in


def problems(book: Book, numbers: dict[str, int]) -> list[str]:
    found_problems: list[str] = []
    if sorted(numbers.values()) != list(range(1, len(book.sections) + 1)) or set(numbers) != set(book.sections):
        found_problems.append("the sections are not numbered 1..N once each")
    if numbers.get(book.start) != 1:
        found_problems.append("the way in is not section 1")
    for key, section in book.sections.items():
        for step in section.steps:
            for target in step.targets():
                if target not in book.sections:
                    found_problems.append(f"{key}: a way leads to {target!r}, which is no section")
            named = {r for words, _ in step.printed() for r in refs_in(words)}
            if named != set(step.targets()):
                found_problems.append(f"{key}: a {step.kind} step names {sorted(named)} but leads to {sorted(step.targets())}")
            for words, _ in step.printed():
                for marked in marks_in(words):
                    if marked not in book.sections:
                        found_problems.append(f"{key}: it marks {marked!r}, which is no section")
        if not section.steps or not section.steps[-1].final:
            found_problems.append(f"{key}: a dead end (its last step sends the reader nowhere)")
        for step in section.steps[:-1]:
            if step.final:
                found_problems.append(f"{key}: a {step.kind} step stands before others that are never read")
    for outcome, key in book.standing.items():
        if key not in book.sections:
            found_problems.append(f"the standing rule '{outcome}' leads to {key!r}, which is no section")
    if found_problems:
        return found_problems
    unreached = set(book.sections) - reachable(book)
    if unreached:
        found_problems.append(f"{len(unreached)} sections cannot be reached from the way in: {sorted(unreached)[:5]}")
    stuck = set(book.sections) - can_end(book)
    if stuck:
        found_problems.append(f"{len(stuck)} sections reach no ending: {sorted(stuck)[:5]}")
    return found_problems


def edges(book: Book) -> dict[str, set[str]]:
    """Section to the sections its words send a reader to. A standing rule ("below zero Health, turn to
    …") is not counted: a section must be reached, and left, by what the pages say."""
    return {key: set(section.targets()) for key, section in book.sections.items()}


def reachable(book: Book) -> set[str]:
    return _flooded(edges(book), [book.start])


def can_end(book: Book) -> set[str]:
    """The sections from which some ending is reached."""
    back: dict[str, set[str]] = {key: set() for key in book.sections}
    for key, targets in edges(book).items():
        for target in targets:
            back[target].add(key)
    ends = [key for key, section in book.sections.items() if any(step.kind == END for step in section.steps)]
    return _flooded(back, ends)


def _flooded(graph, starts: list[str]) -> set[str]:
    """Every section ``graph``'s links reach from ``starts`` (the starts too)."""
    seen = set(starts)
    queue = deque(starts)
    while queue:
        for near in graph[queue.popleft()]:
            if near not in seen:
                seen.add(near)
                queue.append(near)
    return seen
