"""Fonts of the computer's own, by family name (``font: DejaVu Sans`` in a layout), found by fontconfig.

``fc-match`` names the file of each face (regular, bold, italic, bold italic) of a family; a face the family
lacks is left out (fontconfig offers a near one of another family, or the same file again), so bold words in
a family of one face print in it, as with a font file of one's own. A family the computer does not have is
one line naming it and how to list those it has. The font's bytes are in the file printed, not in the seed
code: reproducing the deck elsewhere needs the same family installed.
"""

from __future__ import annotations

import shutil
import subprocess
from functools import lru_cache
from pathlib import Path

from ..errors import PrintgenError

STYLES = {"regular": "Regular", "bold": "Bold", "italic": "Italic", "bold-italic": "Bold Italic"}
MAX_FONT_BYTES = 32 * 1024 * 1024


def faces(family: str, where: str, own: tuple[str, ...] = ()) -> dict[str, tuple[Path, int]]:
    """The files (and index in a collection) of ``family``'s faces by style, the regular one always there."""
    found = _faces(family.strip())
    if found is None:
        raise PrintgenError(f"{where}: {family!r}: fontconfig (fc-match) is not installed, so no font is found by "
                            f"its family's name; give a .ttf file beside the data")
    if "regular" not in found:
        named = f" (this layout's: {', '.join(own)})" if own else ""
        raise PrintgenError(f"{where}: {family!r}: no font family of that name on this computer (fc-list : family "
                            f"lists those it has); give serif, mono, a family under fonts:{named} or a .ttf file "
                            f"beside the data")
    return found


@lru_cache(maxsize=64)
def _faces(family: str) -> dict[str, tuple[Path, int]] | None:
    if shutil.which("fc-match") is None:
        return None
    found: dict[str, tuple[Path, int]] = {}
    for style, name in STYLES.items():
        try:
            answer = subprocess.run(["fc-match", "-f", "%{family}\\n%{style}\\n%{file}\\n%{index}",
                                     f"{family}:style={name}"], capture_output=True, text=True, timeout=20,
                                    check=False).stdout.split("\n")
        except (OSError, subprocess.SubprocessError):
            return None
        if len(answer) < 4:
            continue
        families = {part.strip().lower() for part in answer[0].split(",")}
        styles = {part.strip().lower() for part in answer[1].split(",")}
        if family.lower() not in families:
            continue
        wanted = name.lower()
        if style != "regular" and wanted not in styles and not (
                wanted == "italic" and "oblique" in styles) and not (wanted == "bold italic" and "bold oblique" in
                                                                     styles):
            continue
        file = Path(answer[2])
        if file.suffix.lower() not in (".ttf", ".otf", ".ttc") or not file.is_file():
            continue
        if (file, int(answer[3] or 0)) in found.values():
            continue
        found[style] = (file, int(answer[3] or 0))
    return found
