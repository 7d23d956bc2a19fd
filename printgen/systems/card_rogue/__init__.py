"""Card Rogue: a tile-laying print-and-play card game for one to four players."""

from ...games import Game, Offer

GAME = Game(
    id="card-rogue",
    title="Card Rogue",
    credit="",
    summary="the score sheet and the equipment card",
    sheets=Offer("the score sheet and the equipment card", "sheet",
                 examples=(("sheet --system card-rogue --per-page 4", "score sheets and equipment cards"),)),
)
