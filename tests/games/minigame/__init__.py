"""Mini Game: a game that exists only in printgen's tests, to show that a new game is one folder.

It makes every product a game can make (a dungeon on the shared map engine, a sheet, a deck, a reference)
through the contracts in printgen/contracts.py, and prints every word from its words.toml.
"""

from printgen.games import Game, Offer
from printgen.options import Option

GAME = Game(
    id="minigame",
    title="Mini Game",
    credit="printgen's tests",
    summary="a dungeon, a sheet, a deck and a reference, each as small as a test can make it",
    sheets=Offer("the hero's sheet"),
    decks={"foes": Offer("every foe of the foe table", (Option("copies", "Copies of each foe.", low=1, high=3,
                                                               default="1"),))},
    dungeon=Offer("a dungeon of rectangular rooms", (Option("levels", "Number of levels.", low=1, high=3,
                                                            default="1"),)),
    reference=Offer("the foe table and the game's one choice"),
    makes={"handout": Offer("the game's one choice, for every player")},  # tests/games/products/handout.py
)
