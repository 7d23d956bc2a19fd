"""Project: Amulet: a Gauntlet-style dungeon crawl for Modos RPG, playable without a GM."""

from ...games import Game, Offer
from ...maps.draw_style import MAP_STYLE_OPTION
from ...options import Option

GAME = Game(
    id="amulet",
    title="Project: Amulet",
    credit="GMMichael",
    summary="dungeons rolled on the 2d8 tables, monster and swarm decks, class sheets with the 100-health countdown, "
            "a rules reference",
    sheets=Offer("the class sheets: abilities, the countdown, twelve slots"),
    decks={
        "monsters": Offer("the six monsters, and printgen's wraith, mimic, generator and mini-boss",
                          examples=(("deck monsters --system amulet", "ten monster cards with stat lines"),)),
        "swarms": Offer("a card per monster and swarm size: health by room size, scatter threshold, attacks",
                        examples=(("deck swarms --system amulet", "24 swarm cards: every monster at every size"),)),
    },
    dungeon=Offer(
        "a dungeon: mapper's and players' maps with the rules' marks, the key, a treasure level, the rules at hand",
        (
            Option("levels", "Number of levels.", low=1, high=30, default="3"),
            Option("level-size", "Every level's width and height, in units of 10 feet.", low=4, high=24,
                   default="16"),
            Option("scaling", "Scaling rules: a mini-boss level every ten levels, then a treasure level.",
                   flag=True, default="no"),
            MAP_STYLE_OPTION,
        ),
        examples=(("dungeon --system amulet --seed moonpie", "3 levels of 16 × 16 units, Letter"),
                  ("dungeon --system amulet --levels 12 --level-size 10 --scaling", "a mini-boss on level 10, then a "
                   "treasure level"),
                  ("dungeon --system amulet --seed moonpie --format json", "the same dungeon as data")),
    ),
    reference=Offer("the countdown, potions and keys, the calls, combat, swarm numbers, printgen's choices",
                    examples=(("reference --system amulet", "the rules at hand, two pages"),)),
)
