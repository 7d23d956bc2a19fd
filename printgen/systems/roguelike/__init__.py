"""Roguelike: A RPG of Commercial At Heroes, by James D. Hargrove."""

SYSTEM_ID = "roguelike"
