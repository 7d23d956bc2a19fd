"""ASCII @HACK, by David Carle Artman: a GM-less roguelike of token bids and die ranks."""

SYSTEM_ID = "ascii-hack"
