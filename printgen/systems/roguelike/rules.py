"""The Roguelike rule set as data: its tables, lists and printgen's choices, read through the game's one loader."""

from __future__ import annotations

from ...games import Game, game_of_package
from ...tables import DataList, TableSet


def game() -> Game:
    """This game's declaration, as the registry holds it (the registry gives it the folder its data is in)."""
    return game_of_package(__package__)


def tables() -> TableSet:
    return game().tables()


def data_list(list_id: str) -> DataList:
    return game().data_list(list_id)


def choices() -> tuple[dict[str, str], ...]:
    """printgen's documented resolutions of the rules' gaps (data/notes.toml)."""
    return game().choices()


def creature_lists() -> list[str]:
    """The table ids of the fourteen creature lists of Appendix A, in the rules' order."""
    return sorted(t for t in tables().tables if t.startswith("creatures-"))


def gold_loot(gold: int) -> dict:
    """The loot table's row for ``gold`` gold pieces, as a piece of loot found without a roll."""
    row = next(r for r in tables()["loot"].rows if r["kind"] == "gold" and r["gold"] == gold)
    return {"roll": None, "result": row.result, "points": row["points"]}
