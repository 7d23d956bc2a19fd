"""Rogue Like Roguelike: a hand-drawn roguelike for a rogue and a Dungeon Master."""

from ...games import Game, Offer

GAME = Game(
    id="rlrl",
    title="Rogue Like Roguelike",
    credit="",
    summary="the rogue's sheet",
    sheets=Offer("the rogue's sheet", "sheet",
                 examples=(("sheet --system rlrl --count 5 --format json", "five rogues as data"),)),
)
