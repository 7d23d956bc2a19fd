"""Rogue Like Roguelike: a hand-drawn roguelike for a rogue and a Dungeon Master."""

from ...games import Game, Offer
from ...maps.draw_style import MAP_STYLE_OPTION
from ...options import Option

ROOMS = Option("rooms", "Rooms on each level before its doors lead on to the stairs down.", low=2, high=14,
               default="8")
CHARACTER = Option("character", "The play sheet's rogue: blank, to make by the rules, or made already (the seed's "
                   "first rogue, the same one its sheet of one rogue shows).", choices=("blank", "rolled"), default="blank")

GAME = Game(
    id="rlrl",
    title="Rogue Like Roguelike",
    credit="",
    summary="the ten-level campaign (the Dungeon Master's maps and key, the rogue's copies), the same campaign as a "
            "solo gamebook, the encounter deck, the rogue's sheet",
    sheets=Offer("the rogue's sheet",
                 examples=(("sheet --system rlrl --count 5 --format json", "five rogues as data"),)),
    reference=Offer("the Dungeon Master's reference: every list and table, the seed's colour key, printgen's choices",
                    examples=(("reference --system rlrl --seed moonpie",
                               "the lists and tables, with the colours of the moonpie campaign"),)),
    dungeon=Offer(
        "the ten-level campaign: the Dungeon Master's maps and keys, the rogue's copies and sheet, a reference",
        (
            ROOMS,
            Option("copies", "Whose pages to print: both parts, the Dungeon Master's, or the rogue's.",
                   choices=("both", "dm", "rogue"), default="both"),
            MAP_STYLE_OPTION,
        ),
        examples=(
            ("dungeon --system rlrl --seed moonpie", "the whole campaign: the Dungeon Master's pages, then the rogue's"),
            ("dungeon --system rlrl --seed moonpie --copies rogue -o rogue.pdf", "only the rogue's sheet and level copies"),
            ("dungeon --system rlrl --seed moonpie --format json", "the campaign as data"),
        ),
    ),
    decks={
        "encounters": Offer("every monster and trap of the E to A lists, with the mimic and the shopkeeper",
                            examples=(
                                ("deck encounters --system rlrl", "a card per monster and trap, by level letter"),
                            )),
    },
    solo=Offer(
        "the ten levels as a gamebook for one rogue: numbered sections, a play sheet, graph paper to map on",
        (ROOMS, CHARACTER),
        examples=(("solo --system rlrl --seed moonpie", "the moonpie campaign to play alone"),
                  ("solo --system rlrl --seed campfire --rooms 2 --character rolled",
                   "a shorter one, with a rogue made for you")),
    ),
)
