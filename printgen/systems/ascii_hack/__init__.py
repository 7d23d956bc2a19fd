"""ASCII @HACK, by David Carle Artman: a GM-less roguelike of token bids and die ranks."""

from ...games import Game, Offer

GAME = Game(
    id="ascii-hack",
    title="ASCII @HACK",
    credit="David Carle Artman",
    summary="the Adventurer and Opposition sheets",
    sheets=Offer("the Adventurer sheet (blank or pre-rolled by genre) and the Opposition sheet", "sheet",
                 examples=(("sheet --system ascii-hack --count 3 --genre western", "three pre-rolled adventurers"),)),
)
