"""YAML as a deck file or a card layout is read: safe, without aliases or deep nesting, every mistake placed.

Both come from anyone, so the loader is PyYAML's SafeLoader (no Python objects)
without aliases (a few bytes of them can grow to gigabytes) and nested at most
``MAX_DEPTH`` deep. A file that is not YAML is refused in one line naming the
file, the line and the column where the reading stopped, as an editor counts
them (from 1).
"""

from __future__ import annotations

from typing import Any

import yaml

from ..errors import PrintgenError


class PlainLoader(yaml.SafeLoader):
    """Safe YAML without aliases and without deep nesting."""

    MAX_DEPTH = 8  # a deck is a mapping of a list of mappings; a layout a mapping of lists of mappings

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        if self.check_event(yaml.AliasEvent):
            raise PrintgenError(f"{self._here()}aliases (*name) are not allowed; write each value out")
        depth = getattr(self, "_depth", 0) + 1
        if depth > self.MAX_DEPTH:
            raise PrintgenError(f"{self._here()}nested more than {self.MAX_DEPTH} deep; give plain fields")
        self._depth = depth
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth = depth - 1

    def _here(self) -> str:
        return _place(self.peek_event().start_mark)  # type: ignore[no-untyped-call]


def load(text: str, shown: str) -> Any:
    """The document in ``text``; ``shown`` names the file in a refusal: "deck.yaml: line 4, column 7: ..."."""
    try:
        return yaml.load(text, Loader=PlainLoader)  # a SafeLoader, without aliases
    except PrintgenError as exc:
        raise PrintgenError(f"{shown}: {exc}") from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or exc.context or "not YAML"
        if exc.problem and exc.context and exc.context_mark is not None:  # where the unfinished part began
            begun = exc.context_mark
            problem += f"; {exc.context} begun at line {begun.line + 1}, column {begun.column + 1}"
        raise PrintgenError(f"{shown}: {_place(mark)}not readable as YAML ({problem})") from None
    except yaml.YAMLError as exc:
        raise PrintgenError(f"{shown}: not readable as YAML ({str(exc).splitlines()[0]})") from None


def _place(mark: yaml.Mark | None) -> str:
    return "" if mark is None else f"line {mark.line + 1}, column {mark.column + 1}: "
