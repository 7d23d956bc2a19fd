"""The studio's own words: what the command line calls ``--card-size`` its page calls Card size.

Refusals and help are written once, for the command line (``--rooms must be a whole number from 4 to 40, not
'99'``); on the studio's page every ``--name`` is said as the label of its field (``Rooms must be …``), and a
refusal names the field to mark: the option an OptionError refuses, else the first the message names.
The HTTP contract's own answers (``/file/``, ``/preview/``) keep the command line's words.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from ..options import OptionError

FLAG = re.compile(r"(?<![\w-])--([a-z][a-z0-9-]*)")


def label(name: str) -> str:
    """An option's field label: card-size is Card size."""
    return name[:1].upper() + name[1:].replace("-", " ")


def plain(message: str) -> str:
    """``message`` in the page's words: each --name as its field's label (a file name it begins with keeps its
    case, so nothing else is capitalised)."""
    return FLAG.sub(lambda found: label(found.group(1)), message)


def field_of(error: Exception) -> str | None:
    """The field a refusal is about: the option refused, else the first option it names."""
    if isinstance(error, OptionError):
        return error.option
    found = FLAG.search(str(error))
    return found.group(1) if found else None


def page_catalogue(catalogue: dict[str, Any]) -> dict[str, Any]:
    """The catalogue as the page shows it: every help in the page's words."""
    shown = copy.deepcopy(catalogue)
    for product in shown["products"]:
        product["summary"] = plain(product["summary"])
        for system in product["systems"]:
            for option in system["options"] + [o for deck in system.get("decks", []) for o in deck["options"]]:
                option["help"] = plain(option["help"])
            for deck in system.get("decks", []):
                deck["summary"] = plain(deck["summary"])
    return shown
