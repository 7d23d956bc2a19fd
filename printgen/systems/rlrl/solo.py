"""The Rogue Like Roguelike campaign as a gamebook for one rogue (printgen solo; contracts.py:
SoloModule).

The sections are solo_book.py's; the cover, How to play alone and the play
sheet solo_pages.py's; the simulated lone rogue, which plays the book through
in the tests and the benchmark, solo_play.py's.
"""

from __future__ import annotations

from .generate import Campaign
from .solo_book import book, say
from .solo_pages import back_pages, choices, front_pages, sheet_pages

__all__ = ["back_pages", "book", "choices", "front_pages", "sheet_pages", "title"]


def title(campaign: Campaign) -> str:
    return say("solo.title")
