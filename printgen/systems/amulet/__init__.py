"""Project: Amulet: a Gauntlet-style dungeon crawl for Modos RPG, playable without a GM."""

SYSTEM_ID = "amulet"
