"""Roguelike: A RPG of Commercial At Heroes, by James D. Hargrove."""

from ...games import Game, Offer
from ...options import Option

GAME = Game(
    id="roguelike",
    title="Roguelike: A RPG of Commercial At Heroes",
    credit="James D. Hargrove",
    summary="one-shot dungeons, creature/gear/magic/trap/loot/encounter decks, the Character Record, a rules reference",
    sheets=Offer("the Character Record: blank with a page of spells and gear, or pre-rolled", "sheet", examples=(
        ("sheet --system roguelike", "a blank Character Record"),
        ("sheet --system roguelike --count 8 --per-page 4", "eight pre-rolled, four to a page"),
    )),
    decks={
        "creatures": Offer("every creature and NPC of Appendix A, 84 cards", "decks:creatures_deck", examples=(
            ("deck creatures --seed moonpie", "84 creature cards, 3 × 3 on Letter, backs for long-edge duplex"),
        )),
        "weapons": Offer("the weapons with their damage ratings", "decks:weapons_deck"),
        "armor": Offer("the armor with its armor ratings", "decks:armor_deck"),
        "spells": Offer("the spells: rating and effect", "decks:spells_deck"),
        "miracles": Offer("the miracles: rating and effect", "decks:miracles_deck"),
        "traps": Offer("the traps: damage and saving roll; 36 cards, draw in place of 2d6", "decks:traps_deck"),
        "loot": Offer("the loot of Appendix B; 36 cards, draw in place of 2d6", "decks:loot_deck"),
        "encounters": Offer("an area's contents, rooms and corridors; 36 cards shuffled by the seed",
                            "decks:encounters_deck", examples=(
                                ("deck encounters --system roguelike --seed moonpie",
                                 "36 cards shuffled by the seed: draw one instead of rolling 2d6"),
                            )),
    },
    dungeon=Offer(
        "a one-shot dungeon: GM and players' maps, the full key, a rules page",
        "dungeon_product",
        (
            Option("levels", "Number of levels.", low=1, high=20, default="3"),
            Option("rooms", "Areas (rooms and passages) on each level.", low=4, high=40, default="16"),
        ),
        examples=(
            ("dungeon --system roguelike --seed moonpie", "3 levels, Letter"),
            ("dungeon --system roguelike --levels 10 --paper a4", "a deep one on A4"),
            ("dungeon --system roguelike --seed moonpie --format json", "the same dungeon as data"),
        ),
    ),
)
