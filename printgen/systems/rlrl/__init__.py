"""Rogue Like Roguelike: a hand-drawn roguelike for a rogue and a Dungeon Master."""

SYSTEM_ID = "rlrl"
