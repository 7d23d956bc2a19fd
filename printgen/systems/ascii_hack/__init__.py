"""ASCII @HACK, by David Carle Artman: a GM-less roguelike of token bids and die ranks."""

from ...games import Game, Offer
from ...options import Option

GAME = Game(
    id="ascii-hack",
    title="ASCII @HACK",
    credit="David Carle Artman",
    summary="the Adventurer and Opposition sheets, a zone log and bid slips, a reference with exact odds",
    sheets=Offer("the Adventurer sheet (blank or pre-rolled by genre) and the Opposition sheet", "sheet"),
    reference=Offer(
        "costs, exact chances of dice and pools, power levels, bids and the combat round",
        "reference:build",
        (Option("size", "page: one page; card: nine poker-size cards on one sheet, to cut out.",
                choices=("page", "card"), default="page"),),
    ),
)
