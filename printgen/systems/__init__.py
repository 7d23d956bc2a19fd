"""One package per game. Each keeps its tables as data under data/."""

SYSTEMS = {
    "roguelike": "Roguelike: A RPG of Commercial At Heroes (J. D. Hargrove)",
    "amulet": "Project: Amulet",
    "card-rogue": "Card Rogue",
    "ascii-hack": "ASCII @HACK",
    "rlrl": "Rogue Like Roguelike",
}
