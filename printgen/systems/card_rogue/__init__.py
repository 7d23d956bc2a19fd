"""Card Rogue: a tile-laying print-and-play card game for one to four players."""

from ...games import Game, Offer
from ...options import Option

GAME = Game(
    id="card-rogue",
    title="Card Rogue",
    credit="",
    summary="the whole card set (tiles, enemies, characters, shop, gold, effects), score sheet, equipment card, "
            "designer's notes with simulated odds, story-mode challenge maps",
    sheets=Offer("the score sheet and the equipment card",
                 examples=(("sheet --system card-rogue --per-page 4",
                            "four score sheets to a page; the equipment card keeps a page of its own"),)),
    decks={
        "all": Offer("the whole set in one file, every family with its own back", examples=(
            ("deck all --system card-rogue", "every card of the set, fronts and family backs for duplex"),
        )),
        "exploration": Offer("the exploration cards: pathing tiles, enemies, bosses, traps, fountain, shops, "
                             "chest, key, potions, artifacts"),
        "pathing": Offer("the pathing-tile stack"),
        "starting": Offer("the starting tiles, one per player, and the descending ladder"),
        "characters": Offer("the six character cards"),
        "shop": Offer("weapons, armor, scrolls and the shopkeeper's debt"),
        "gold": Offer("the gold cards"),
        "effects": Offer("poison, skip-turn and cooldown effect cards"),
        "references": Offer("a reference card and a card of the symbols per player"),
        "spares": Offer("the 20 SPARE cards on several family backs"),
    },
    reference=Offer("the designer's notes: counts, simulated odds, choices, the reference card",
                    examples=(("reference --system card-rogue", "the designer's notes with the simulated odds"),)),
    challenge=Offer("a story-mode challenge map: the exploration cards in a fixed order, a diagram, a story", (
                        Option("levels", "Levels of the challenge.", low=1, high=5, default="3"),
                    ), examples=(("challenge --system card-rogue --seed moonpie",
                                  "a challenge map friends race on with the same seed code"),)),
)
