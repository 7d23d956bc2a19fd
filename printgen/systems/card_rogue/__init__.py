"""Card Rogue: a tile-laying print-and-play card game for one to four players."""

from ...games import Game, Offer

GAME = Game(
    id="card-rogue",
    title="Card Rogue",
    credit="",
    summary="the score sheet and the equipment card",
    sheets=Offer("the score sheet and the equipment card", "sheet"),
)
