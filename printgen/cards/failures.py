"""Every card of a custom deck that cannot be made, named at once, not only the first.

A designer fixes a deck in as few runs as there are mistakes to fix: a run that stops names, in its one
line, each card that cannot be made (by its place in the file and its title) and what is wrong with it;
``--draft`` makes them all anyway and marks them (cards/design_face.py).
"""

from __future__ import annotations

from ..errors import Flag, PrintgenError

SHOWN_FAILURES = 10  # cards named in one refusal; the rest are counted


def cards_failed(messages: list[str], draft: bool = True) -> PrintgenError:
    """One line naming every card that cannot be made (the first few in full, the rest counted); ``draft``:
    say that --draft would make them all."""
    if len(messages) == 1:
        return PrintgenError(messages[0])
    more = f" | and {len(messages) - SHOWN_FAILURES} more" if len(messages) > SHOWN_FAILURES else ""
    return PrintgenError(f"{len(messages)} cards cannot be made",
                         *((" (", Flag("draft"), " makes every card and marks these on it)") if draft else ()),
                         ": " + " | ".join(messages[:SHOWN_FAILURES]) + more)


def named(message: str, where: str, title: str) -> str:
    """A card's message with its title beside its place in the file: "deck.csv: row 4 (Goblin King): ..."."""
    if title and message.startswith(where):
        return f"{where} ({title}){message[len(where):]}"
    return message
