"""Card Rogue: a tile-laying print-and-play card game for one to four players."""

SYSTEM_ID = "card-rogue"
