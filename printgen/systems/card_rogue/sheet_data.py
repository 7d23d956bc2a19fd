"""The facts the Card Rogue score sheet and equipment card print."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data"


@cache
def rules() -> dict[str, Any]:
    return tomllib.loads((DATA / "score-sheet.toml").read_text(encoding="utf-8"))


def choices() -> tuple[dict[str, str], ...]:
    return tuple(rules()["choice"])
