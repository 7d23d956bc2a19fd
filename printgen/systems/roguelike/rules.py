"""The Roguelike rule set as data: its tables, lists and printgen's choices."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from ...tables import DataList, TableSet, load_list

DATA = Path(__file__).resolve().parent / "data"


@cache
def tables() -> TableSet:
    return TableSet.load(DATA / "tables")


@cache
def data_list(list_id: str) -> DataList:
    return load_list(DATA / "lists" / f"{list_id}.toml")


@cache
def choices() -> tuple[dict[str, str], ...]:
    """printgen's documented resolutions of the rules' gaps."""
    return tuple(tomllib.loads((DATA / "notes.toml").read_text(encoding="utf-8"))["choice"])


@cache
def stated() -> dict[str, dict[str, str]]:
    """Rules printed on several pages, worded once (data/rules.toml)."""
    return tomllib.loads((DATA / "rules.toml").read_text(encoding="utf-8"))


def creature_lists() -> list[str]:
    """The table ids of the fourteen creature lists of Appendix A, in the rules' order."""
    return sorted(t for t in tables().tables if t.startswith("creatures-"))
