"""The bundled fonts, registered once for ReportLab and described for WeasyPrint.

Two families: a readable serif for text (Charis SIL) and a monospace for the
@-and-ASCII flavour and for seed codes (JetBrains Mono). Both are TrueType, so
ReportLab can subset and embed them; nothing depends on the fonts a machine has.

Charis SIL and JetBrains Mono have no ★ or ☠; a deck file may well. Such a
character is drawn (and measured) in "PG Symbols" (DejaVu Sans cut to its
symbol blocks, fonts/LICENSE-PGSymbols.txt) at the same size: ``faces`` cuts a
text where it changes between its font and that fallback. Measuring, wrapping
and drawing text is render/text.py's.

ReportLab reads a whole TrueType file in Python to learn its characters and
widths (a tenth of a second for the six faces); what it learns is kept in the
user's cache folder (render/cache.py), by the file's bytes and ReportLab's
release, and read back in a few milliseconds: the face is the one ReportLab
would have made.
"""

import hashlib
import io
import pickle
from collections.abc import Callable
from fnmatch import fnmatch
from functools import cache, lru_cache
from pathlib import Path
from weakref import WeakKeyDictionary

import reportlab
from reportlab import rl_config
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTEncoding, TTFNameBytes, TTFont, TTFontFace

from ..resources import fonts_dir
from . import cache as user_cache

SERIF = "PG-Serif"
SERIF_BOLD = "PG-Serif-Bold"
SERIF_ITALIC = "PG-Serif-Italic"
SERIF_BOLD_ITALIC = "PG-Serif-BoldItalic"
MONO = "PG-Mono"
MONO_BOLD = "PG-Mono-Bold"
SYMBOLS = "PG-Symbols"  # the fallback for characters the text faces lack

FONT_FILES = {
    SERIF: "CharisSIL-Regular.ttf",
    SERIF_BOLD: "CharisSIL-Bold.ttf",
    SERIF_ITALIC: "CharisSIL-Italic.ttf",
    SERIF_BOLD_ITALIC: "CharisSIL-BoldItalic.ttf",
    MONO: "JetBrainsMono-Regular.ttf",
    MONO_BOLD: "JetBrainsMono-Bold.ttf",
}
SYMBOLS_FILE = "PGSymbols-Regular.ttf"


@cache
def register_reportlab_fonts() -> None:
    """Register every bundled font with ReportLab (idempotent)."""
    folder = fonts_dir()
    for name, filename in FONT_FILES.items():
        pdfmetrics.registerFont(tt_font(name, folder / filename))
    # Let <b> and <i> in ReportLab paragraphs pick the right faces.
    addMapping(SERIF, 0, 0, SERIF)
    addMapping(SERIF, 1, 0, SERIF_BOLD)
    addMapping(SERIF, 0, 1, SERIF_ITALIC)
    addMapping(SERIF, 1, 1, SERIF_BOLD_ITALIC)
    addMapping(MONO, 0, 0, MONO)
    addMapping(MONO, 1, 0, MONO_BOLD)
    addMapping(MONO, 0, 1, MONO)
    addMapping(MONO, 1, 1, MONO_BOLD)


@cache
def register_symbols() -> None:
    """Register the symbol fallback too (only a text with a character its face lacks needs it)."""
    register_reportlab_fonts()
    pdfmetrics.registerFont(tt_font(SYMBOLS, fonts_dir() / SYMBOLS_FILE))


FACES = "reportlab-faces"  # the kind of the cache's entries that are faces as ReportLab reads them
_NOT_KEPT = ("_ttf_data", "_pdfScale")  # the file's bytes (read again) and a function (made again)


def tt_font(name: str, path: Path) -> TTFont:
    """``TTFont(name, path)``, its face read back from the cache where ReportLab read it before."""
    data = path.read_bytes()
    entry = user_cache.key(FACES, reportlab.Version, hashlib.sha256(data).digest(), str(path))
    kept = user_cache.get(FACES, entry)
    if kept is not None:
        try:
            return _from_state(name, data, _Reader(io.BytesIO(kept)).load())
        except Exception:  # an entry of another shape: read the file as ReportLab does
            pass
    font = TTFont(name, str(path))
    state = {key: value for key, value in vars(font.face).items() if key not in _NOT_KEPT}
    user_cache.put(FACES, entry, pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
    return font


class _Reader(pickle.Unpickler):
    """Reads back a face's state: plain values and ReportLab's name strings, never any other class (an entry
    is only data, whoever could write to the folder)."""

    def find_class(self, module: str, name: str) -> type:
        if (module, name) == (TTFNameBytes.__module__, TTFNameBytes.__name__):
            return TTFNameBytes
        raise pickle.UnpicklingError(f"{module}.{name} is not kept in a face's entry")


def _scale(units: int) -> Callable[[float], float]:
    """ReportLab's own scale from a face's units to a thousandth of its size."""
    if units == 1000:
        return lambda x: x
    factor = 1000 / units
    return lambda x: x * factor


def _from_state(name: str, data: bytes, state: dict) -> TTFont:
    """The TTFont ReportLab's own __init__ would make, from what it read of the file before."""
    face = TTFontFace.__new__(TTFontFace)
    face.__dict__.update(state, _ttf_data=data, _pdfScale=_scale(state["unitsPerEm"]))
    font = TTFont.__new__(TTFont)
    font.__dict__.update(fontName=name, face=face, encoding=TTEncoding(), state=WeakKeyDictionary(),
                         _asciiReadable=rl_config.ttfAsciiReadable)
    font.shapable = not any(fnmatch(name, glob) for glob in rl_config.unShapedFontGlob or ())
    return font


@cache
def _characters(font: str) -> frozenset[int] | None:
    """The characters ``font`` has; None for a font that does not say (ReportLab's built-in ones)."""
    if font == SYMBOLS:
        register_symbols()
    else:
        register_reportlab_fonts()
    cmap = getattr(pdfmetrics.getFont(font).face, "charToGlyph", None)
    return None if cmap is None else frozenset(cmap)


def has(font: str, character: str) -> bool:
    """Whether ``font`` draws ``character`` (white space counts as drawn by every font)."""
    if character.isspace():
        return True
    found = _characters(font)
    return found is None or ord(character) in found


@cache
def _letters(font: str) -> frozenset[str] | None:
    """``_characters(font)`` as one-letter strings, to compare a whole text with at once."""
    found = _characters(font)
    return None if found is None else frozenset(map(chr, found))


def has_all(text: str, font: str) -> bool:
    """Whether ``font`` draws every character of ``text``: ``has`` for each, most texts in one set comparison."""
    letters = _letters(font)
    return letters is None or all(has(font, character) for character in set(text).difference(letters))


@lru_cache(maxsize=65536)
def faces(text: str, font: str) -> tuple[tuple[str, str], ...]:
    """``text`` as (text, font) runs, cut where it changes between ``font`` and the symbol fallback.

    A character in neither stays in ``font`` (cards.glyphs.check refuses it on a card).
    """
    register_reportlab_fonts()
    if has_all(text, font):  # the usual text, all in its own font: one run
        return ((text, font),) if text else ()
    result: list[tuple[str, str]] = []
    for character in text:
        chosen = font if has(font, character) or not has(SYMBOLS, character) else SYMBOLS
        if result and result[-1][1] == chosen:
            result[-1] = (result[-1][0] + character, chosen)
        else:
            result.append((character, chosen))
    return tuple(result)

