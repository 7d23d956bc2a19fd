"""The handout (tests/games/products/handout.py): the game's one choice, for every player."""

from . import GAME


def title(request) -> str:
    return GAME.title


def lines(request) -> list[str]:
    return [f"{choice['topic']}: {choice['text']}" for choice in GAME.choices()]
