"""Project: Amulet as data: the 2d8 generation tables, the monsters and printgen's choices."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from ...tables import Row, TableSet

DATA = Path(__file__).resolve().parent / "data"


@cache
def tables() -> TableSet:
    return TableSet.load(DATA / "tables")


@cache
def _toml(name: str) -> dict[str, Any]:
    return tomllib.loads((DATA / f"{name}.toml").read_text(encoding="utf-8"))


def monsters() -> dict[str, dict[str, Any]]:
    """Every monster by code: the six of the rules, then printgen's designs."""
    return {m["code"]: m for m in _toml("monsters")["monster"]}


def choices() -> tuple[dict[str, str], ...]:
    """printgen's documented resolutions of the rules' gaps, in the order they are printed."""
    return tuple(_toml("notes")["choice"])


def reference() -> dict[str, Any]:
    return _toml("reference")


def code_of(row: Row) -> str:
    """A table result as a code for the JSON: "Murder Hole" -> "murder-hole", "25%" -> "25"."""
    return row.get("code") or row.result.lower().replace(" ", "-").replace("%", "")
