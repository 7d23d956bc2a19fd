"""A font's widths and characters as WeasyPrint writes them into a PDF, read once and kept.

A page laid out from the built-in templates embeds its faces whole, and for each face WeasyPrint writes the
width of every glyph and the character of every glyph into the PDF, reading them with fontTools from the
whole font file for every document (every glyph's outline set up to learn its width: about a twentieth of a
second for each text face, four in a booklet page). The answers are the same for the same file: ``install``
gives WeasyPrint's font module a TTFont that answers those three questions (the glyph set's widths, the
best character map, a glyph's number), when WeasyPrint's font dictionary asks them, from what was read
before in this process or kept in the user's cache folder (render/cache.py, by the file's bytes and number
and the fontTools and WeasyPrint releases). Asked anything else, or by anything else, it is fontTools' own
TTFont, and what it answers is what fontTools answers, so the PDF's bytes are the same.
"""

from __future__ import annotations

import hashlib
import io
import json
import sys
from types import ModuleType, SimpleNamespace
from typing import Any

from . import cache as user_cache

KIND = "font-widths"  # the kind of the cache's entries that are a face's widths and characters
_read: dict[str, dict[str, Any]] = {}  # this process's: by the entry's key


def install(weasyprint: ModuleType) -> None:
    """Give WeasyPrint's font module the TTFont that remembers (once a process)."""
    from weasyprint.pdf import fonts as module

    if getattr(module, "_printgen_widths", False):
        return
    from fontTools import version as fonttools_version  # type: ignore[import-untyped]
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

    asker = module.build_fonts_dictionary.__code__
    engine = (fonttools_version, weasyprint.__version__)

    class Remembering(TTFont):
        def __init__(self, file: Any = None, *args: Any, **kwargs: Any):
            super().__init__(file, *args, **kwargs)
            self._printgen_key = None
            if isinstance(file, io.BytesIO) and not args and set(kwargs) <= {"fontNumber"}:
                self._printgen_key = user_cache.key(KIND, *engine, str(kwargs.get("fontNumber", -1)),
                                                    hashlib.sha256(file.getvalue()).digest())

        def _printgen_known(self) -> dict[str, Any] | None:
            """What the font dictionary asks, when it is the one asking (the frame above the caller's)."""
            if self._printgen_key is None or sys._getframe(2).f_code is not asker:
                return None
            known = _read.get(self._printgen_key)
            if known is None:
                known = _kept(self._printgen_key)
            if known is None:
                glyphs = super().getGlyphSet()
                cmap = super().getBestCmap()
                known = {"widths": [glyph.width for glyph in glyphs.values()],
                         "cmap": [[code, glyph] for code, glyph in cmap.items()],
                         "ids": {glyph: super(Remembering, self).getGlyphID(glyph) for glyph in cmap.values()}}
                user_cache.put(KIND, self._printgen_key, json.dumps(known).encode())
            _read[self._printgen_key] = known
            return known

        def getGlyphSet(self, *args: Any, **kwargs: Any) -> Any:
            known = None if args or kwargs else self._printgen_known()
            if known is None:
                return super().getGlyphSet(*args, **kwargs)
            return {k: SimpleNamespace(width=width) for k, width in enumerate(known["widths"])}

        def getBestCmap(self, *args: Any, **kwargs: Any) -> Any:
            known = None if args or kwargs else self._printgen_known()
            if known is None:
                return super().getBestCmap(*args, **kwargs)
            return {code: glyph for code, glyph in known["cmap"]}

        def getGlyphID(self, glyph: str) -> int:
            known = self._printgen_known()
            if known is None or glyph not in known["ids"]:
                return super().getGlyphID(glyph)
            return known["ids"][glyph]

    module.TTFont = Remembering
    module._printgen_widths = True


def _kept(key: str) -> dict[str, Any] | None:
    """The entry kept under ``key``, when it is whole and of the shape written."""
    data = user_cache.get(KIND, key)
    if data is None:
        return None
    try:
        known = json.loads(data)
        if (isinstance(known, dict) and all(isinstance(w, (int, float)) for w in known["widths"])
                and all(isinstance(c, int) and isinstance(g, str) for c, g in known["cmap"])
                and all(isinstance(i, int) for i in known["ids"].values())):
            return known
    except (ValueError, KeyError, TypeError):
        pass
    return None
