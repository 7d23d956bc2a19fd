"""Where the bundled templates and fonts live.

In an installed wheel they sit inside the package (printgen/templates,
printgen/fonts); in a source checkout they are the top-level folders.
"""

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@cache
def resource_dir(name: str) -> Path:
    for candidate in (_PACKAGE / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"printgen is missing its {name}/ folder; reinstall it")


def templates_dir() -> Path:
    return resource_dir("templates")


def fonts_dir() -> Path:
    return resource_dir("fonts")
