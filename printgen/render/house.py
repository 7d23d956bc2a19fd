"""printgen's house style for pages of text: one grid and one type scale for every game, defined here once.

Every text page of every game stands on the same grid: 14 mm margins at the
top and the sides and 16 mm at the foot, where compose stamps the footer; a
running header in the top margin (the document on the left, the page's first
section on the right); text in two columns 5 mm apart; and on a file's first
page a strip along the foot that holds the credit line on the left and the
seed code's QR in the bottom right corner (render/qr.py), the same corner on
every first page of text and of sheets (products/sheet.py keeps such a strip on
every page of sheets), so the QR never stands between tables or in a box meant
for writing. A game keeps its own face for headings and its own accent
colour (``systems/<id>/templates/look.css``); the sizes are the house's.

WeasyPrint pages read these figures as CSS variables (``templates/base.html``
writes them, ``templates/house.css`` uses them); pages drawn with ReportLab
(a dungeon's keys, a challenge's pages) read them here, so both engines set
text by the one scale.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ..units import mm, to_mm
from . import fonts

# The grid, in points.
TOP = mm(14)  # above the text: the running header stands in it
SIDE = mm(14)
INSET = 6.0  # the page's body stands this far inside the margins (a browser's 8 px), and so do the keys' columns
FOOT = mm(16)  # below the text: compose's footer stands in it
COLUMN_GAP = mm(5)  # between the two columns of a page of text

# The type scale, in points. Body text is never under BODY_LEAST on a page of rules.
TITLE = 26.0  # a cover's title
H1 = 16.0  # a page's title
H2 = 10.0  # a section's head
H3 = 9.0  # a head inside a section
BODY = 9.0  # running text
BODY_LEAST = 8.5  # the smallest body a page of rules may set (a long list may tighten to it)
TABLE = 8.0  # the cells of a table, and a reference's look-up lists
SMALL = 7.6  # notes, captions, a table's head row, the credit line
HEADER = 7.5  # the running header
LEADING = 1.3  # the distance between baselines, in sizes


def css_values() -> dict[str, str]:
    """The grid and the scale as CSS lengths, by the names base.html gives its variables."""
    return {
        "top": f"{to_mm(TOP):.1f}mm", "side": f"{to_mm(SIDE):.1f}mm", "foot": f"{to_mm(FOOT):.1f}mm",
        "inset": f"{INSET}pt",
        "column-gap": f"{to_mm(COLUMN_GAP):.1f}mm",
        "title": f"{TITLE}pt", "h1": f"{H1}pt", "h2": f"{H2}pt", "h3": f"{H3}pt", "body": f"{BODY}pt",
        "body-least": f"{BODY_LEAST}pt", "table": f"{TABLE}pt", "small": f"{SMALL}pt", "header": f"{HEADER}pt",
        "leading": f"{LEADING}",
    }


@dataclass(frozen=True)
class Look:
    """A game's face for heads and its accent colour, for a page drawn with ReportLab."""

    head_font: str  # a ReportLab font name (render/fonts.py)
    accent: tuple[float, float, float]  # RGB, 0 to 1
    head_capitals: bool = False  # --head-case: uppercase, for the heads of sections
    head_spacing: float = 0.0  # --head-spacing, in em: between the letters of those heads


LOOK_FILE = "look.css"
_PROPERTY = re.compile(r"--([a-z-]+)\s*:\s*([^;]+);")


@cache
def look(templates: Path) -> Look:
    """The look a game's ``templates/look.css`` gives its pages of text (its --head-face, --head-case,
    --head-spacing and --accent), read for its pages drawn with ReportLab, so each game's face and colour are
    set in one place; the house's own (templates/look.css) where the game has none."""
    from ..resources import templates_dir

    path = templates / LOOK_FILE if (templates / LOOK_FILE).is_file() else templates_dir() / LOOK_FILE
    values = dict(_PROPERTY.findall(path.read_text(encoding="utf-8")))
    accent = values["accent"].strip().lstrip("#")
    mono = "Mono" in values["head-face"]
    red, green, blue = (int(accent[i:i + 2], 16) / 255 for i in (0, 2, 4))
    spacing = values.get("head-spacing", "0").strip()
    return Look(fonts.MONO_BOLD if mono else fonts.SERIF_BOLD, (red, green, blue),
                values.get("head-case", "none").strip() == "uppercase",
                float(spacing.removesuffix("em")) if spacing.endswith("em") else 0.0)
