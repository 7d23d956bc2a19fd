"""Project: Amulet: a Gauntlet-style dungeon crawl for Modos RPG, playable without a GM."""

from ...games import Game, Offer

GAME = Game(
    id="amulet",
    title="Project: Amulet",
    credit="",
    summary="class sheets with the 100-health countdown",
    sheets=Offer("the class sheets: abilities, the countdown, twelve slots", "sheet",
                 examples=(("sheet --system amulet --fillable", "the four class sheets, as a PDF form"),)),
)
