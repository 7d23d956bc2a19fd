"""The Roguelike dungeon as a gamebook for one player (printgen solo; contracts.py: SoloModule).

The sections are solo_book.py's; the cover, the How to play alone pages and
the play sheet solo_pages.py's; the simulated lone player, which plays the
book through in the tests and the benchmark, solo_play.py's.
"""

from __future__ import annotations

from ...words import Words
from .generate import Dungeon
from .solo_book import book
from .solo_pages import back_pages, choices, front_pages, kept_front_pages, sheet_pages, with_kept_front

__all__ = ["back_pages", "book", "choices", "front_pages", "kept_front_pages", "sheet_pages", "title",
           "with_kept_front"]


def title(phrasebooks: Words, dungeon: Dungeon) -> str:
    say = phrasebooks.say_for(__package__)
    return say("solo.title", name=dungeon.name)
