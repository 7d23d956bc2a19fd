"""ASCII @HACK, by David Carle Artman: a GM-less roguelike of token bids and die ranks."""

from ...games import Game, Offer
from ...options import Option

GENRE = Option("genre", "The genre the prompts are written for.", choices=("fantasy", "scifi", "western"),
               default="fantasy")

GAME = Game(
    id="ascii-hack",
    title="ASCII @HACK",
    credit="David Carle Artman",
    summary="the Adventurer and Opposition sheets, a zone log and bid slips, prompt decks by genre, pre-rolled "
            "obstacles, a reference with exact odds",
    sheets=Offer("the Adventurer sheet (blank or pre-rolled by genre), the Opposition sheet, the zone log and "
                 "hidden-bid slips", (GENRE,),
                 examples=(("sheet --system ascii-hack --count 3 --genre western", "three pre-rolled adventurers"),
                           ("sheet --system ascii-hack --fillable", "the blank set, zone log and bid slips, as a form"))),
    decks={
        "zones": Offer("Zone prompts: a place, its exits, whether it needs light", (GENRE,)),
        "monsters": Offer("monster prompts with Talents and Gear at suggested dice, priced",
                          (GENRE,), examples=(("deck monsters --system ascii-hack --genre scifi",
                                               "32 monster prompts for the Opposition, priced in Tokens"),)),
        "traps": Offer("trap prompts: an effect die and triggers, priced", (GENRE,)),
        "environs": Offer("environ prompts: an effect die at the Talent price", (GENRE,)),
        "puzzles": Offer("simple puzzles with their tolls, and logic puzzles", (GENRE,)),
        "devices": Offer("Devices to find for 1 Token", (GENRE,)),
        "obstacles": Offer("pre-rolled obstacles, each built and priced by the rules",
                           (Option("count", "How many pre-rolled obstacles.", low=1, high=200, default="9"), GENRE),
                           examples=(("deck obstacles --system ascii-hack --count 18 --format json",
                                      "18 pre-rolled obstacles as data"),)),
    },
    reference=Offer(
        "costs, exact chances of dice and pools, power levels, bids and the combat round",
        (Option("size", "page: one page; card: the same on ten poker-size cards, on two sheets, to cut out.",
                choices=("page", "card"), default="page"),),
        examples=(("reference --system ascii-hack", "costs and exact odds on one page"),
                  ("reference --system ascii-hack --size card", "the same on poker-size cards, to cut out")),
    ),
)
