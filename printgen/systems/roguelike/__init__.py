"""Roguelike: A RPG of Commercial At Heroes, by James D. Hargrove."""

from ...games import Game, Offer
from ...maps.draw_style import MAP_STYLE_OPTION
from ...options import Option

LEVELS = Option("levels", "Number of levels.", low=1, high=20, default="3")
ROOMS = Option("rooms", "Areas (rooms and passages) on each level.", low=4, high=40, default="16")
CHARACTER = Option("character", "The play sheet's character: blank, to roll by the rules, or rolled already (the "
                   "seed's first character, the same one its Character Record of one shows).", choices=("blank", "rolled"),
                   default="blank")

GAME = Game(
    id="roguelike",
    title="Roguelike: A RPG of Commercial At Heroes",
    credit="James D. Hargrove",
    summary="one-shot dungeons, the same dungeons as solo gamebooks, creature/gear/magic/trap/loot/encounter decks, "
            "the Character Record, a rules reference",
    sheets=Offer("the Character Record: blank with a page of spells and gear, or pre-rolled", examples=(
        ("sheet --system roguelike", "a blank Character Record"),
        ("sheet --system roguelike --count 8 --per-page 2", "eight pre-rolled, two to a page"),
    )),
    decks={
        "creatures": Offer("every creature and NPC of Appendix A: 84 cards and a notes card", examples=(
            ("deck creatures --seed moonpie", "84 creature cards and a notes card, 3 × 3 on Letter, backs for long-edge duplex"),
        )),
        "weapons": Offer("the weapons with their damage ratings"),
        "armor": Offer("the armor with its armor ratings"),
        "spells": Offer("the spells: rating and effect"),
        "miracles": Offer("the miracles: rating and effect"),
        "traps": Offer("the traps: damage and saving roll; 36 cards, draw in place of 2d6"),
        "loot": Offer("the loot of Appendix B; 36 cards, draw in place of 2d6"),
        "encounters": Offer("an area's contents, rooms and corridors; 36 cards shuffled by the seed", shuffled=True, examples=(
                                ("deck encounters --system roguelike --seed moonpie",
                                 "36 cards shuffled by the seed: draw one instead of rolling 2d6"),
                            )),
    },
    reference=Offer("occupations, races, spells, miracles, weapons and armor on one page, with the damage rule", examples=(("reference --system roguelike", "the reference page"),)),
    dungeon=Offer(
        "a one-shot dungeon: each level's Referee's map beside its key, a rules page, the players' maps",
        (
            LEVELS,
            ROOMS,
            Option("players-map", "The players' maps. blank: graph paper with the way in; layout: walls and doors, no secrets.",
                   choices=("blank", "layout"), default="blank"),
            MAP_STYLE_OPTION,
        ),
        examples=(("dungeon --system roguelike --seed moonpie", "3 levels, Letter"),
                  ("dungeon --system roguelike --rooms 30 --players-map layout", "bigger levels; players see the walls"),
                  ("dungeon --system roguelike --seed moonpie --format json", "the same dungeon as data")),
    ),
    solo=Offer(
        "the dungeon as a gamebook for one player: numbered sections, a play sheet, graph paper to map on",
        (LEVELS, ROOMS, CHARACTER),
        examples=(("solo --system roguelike --seed moonpie", "the moonpie dungeon to play alone, 3 levels"),
                  ("solo --system roguelike --seed campfire --character rolled", "another, with a character rolled for you"),
                  ("solo --system roguelike --seed moonpie --format json", "its sections as data")),
    ),
)
