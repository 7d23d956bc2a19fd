"""A deck of one's own names its columns one way everywhere: the words a card says are its ``text`` column,
which ``body`` (printgen's first name for it) names as well, in printgen's own look and in every layout alike.
A file with a body column and a layout that reads {text}, or the other way round, print the same cards."""

from __future__ import annotations

ALIASES = {"text": "body", "body": "text"}  # one column by two names


def with_aliases(fields: dict[str, str]) -> dict[str, str]:
    """A card's fields with its text under both its names, where it has one of them."""
    for name, alias in ALIASES.items():
        if name in fields and alias not in fields:
            return {**fields, alias: fields[name]}
    return fields


def missing(required: tuple[str, ...], names) -> list[str]:
    """The required columns ``names`` lacks, a column's other name (body for text) standing for it."""
    return [name for name in required if name not in names and ALIASES.get(name) not in names]


def read(columns) -> set[str]:
    """The columns a layout that reads ``columns`` shows: each under both its names."""
    return set(columns) | {ALIASES[name] for name in columns if name in ALIASES}
