"""Any card size: ``--card-size 63x88mm``, ``2.5x3.5in``, ``88x63mm`` (landscape), beside the named sizes.

A size is its width by its height, in mm or in (one unit for both), each side from 20 mm to 300 mm. The
seed code writes it as typed but plainly (``63x88mm``: no spaces, no trailing zeros, x between), and a size
that is one of the named sizes is written by its name (``63.5x88.9mm`` and ``2.5x3.5in`` are ``poker``), so
one size has one code. A print shop that makes cards only in sizes of its own (a zip of PNGs at its pixel
sizes) takes a size equal to one of them, upright or turned (a landscape card is the upright one on its side),
and refuses any other in one line naming the nearest it makes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..errors import Flag, PrintgenError
from ..options import OptionError, did_you_mean, number_text
from .sizes import CARD_SIZES, CardSize
from .sizes import card_size as named_size

MIN_SIDE_MM = 20.0
MAX_SIDE_MM = 300.0
SAME_MM = 0.05  # sides closer than this are the same size (2.5 in is 63.5 mm)
UNITS = {"mm": 1.0, "in": 25.4}
CANONICAL = r"(0|[1-9][0-9]*)(\.[0-9]*[1-9])?x(0|[1-9][0-9]*)(\.[0-9]*[1-9])?(mm|in)"  # as canonical() writes it
_TYPED = re.compile(r"\s*([0-9]+(?:\.[0-9]*)?|\.[0-9]+)\s*[x×X*]\s*([0-9]+(?:\.[0-9]*)?|\.[0-9]+)\s*(mm|in)\s*\Z",
                    re.IGNORECASE)
EXAMPLES = "63x88mm, 2.5x3.5in or 88x63mm"


def canonical(typed: str) -> str:
    """A size as a person typed it (``POKER``, ``63 x 88 mm``) as the seed code writes it, or one line saying
    what would be right."""
    text = str(typed).strip()
    if text.lower() in CARD_SIZES:
        return text.lower()
    match = _TYPED.match(text)
    if not match:
        raise OptionError("card-size", f"{text!r} is neither a named size ({', '.join(CARD_SIZES)}) nor a width by a "
                                       f"height in mm or in, e.g. {EXAMPLES}{did_you_mean(text, tuple(CARD_SIZES))}")
    unit = match[3].lower()
    written = f"{number_text(float(match[1]))}x{number_text(float(match[2]))}{unit}"
    size = card_size(written, check=False)
    same = _named(size)
    return same.name if same is not None else written


def card_size(text: str, check: bool = True) -> CardSize:
    """The size a seed code names: a named size, or a width by a height (``63x88mm``)."""
    if text in CARD_SIZES or not re.fullmatch(CANONICAL, text):
        return named_size(text)
    width, height = (float(side) for side in text[:-2].split("x"))
    scale = UNITS[text[-2:]]
    size = CardSize(text, width * scale, height * scale, label(width, height, text[-2:]))
    if check:
        for side, value in (("width", size.width_mm), ("height", size.height_mm)):
            if not MIN_SIDE_MM <= value <= MAX_SIDE_MM:
                raise PrintgenError(Flag("card-size", text), f": a {side} of {value:g} mm",
                                    right=f"give each side from {MIN_SIDE_MM:g} to {MAX_SIDE_MM:g} mm")
        same = _named(size)
        if same is not None:
            raise PrintgenError(Flag("card-size", text), f" is the {same.name} size, which printgen writes "
                                f"{same.name}; this seed code was not made by printgen")
    return size


def label(width: float, height: float, unit: str) -> str:
    """A size as the deck's title and a print shop's messages show it: "63 × 88 mm", "2.5 × 3.5 in (...)"."""
    shown = f"{number_text(width)} × {number_text(height)} {unit}"
    if unit == "in":
        shown += f" ({number_text(round(width * 25.4, 2))} × {number_text(round(height * 25.4, 2))} mm)"
    return shown


def _named(size: CardSize) -> CardSize | None:
    for named in CARD_SIZES.values():
        if abs(named.width_mm - size.width_mm) < SAME_MM and abs(named.height_mm - size.height_mm) < SAME_MM:
            return named
    return None


def matching(size: CardSize, names: Iterable[str]) -> tuple[str, bool] | None:
    """The named size among ``names`` that ``size`` is, upright or turned (then True), or None."""
    for name in names:
        named = CARD_SIZES[name]
        for turned, (width, height) in ((False, (named.width_mm, named.height_mm)),
                                        (True, (named.height_mm, named.width_mm))):
            if abs(width - size.width_mm) < SAME_MM and abs(height - size.height_mm) < SAME_MM:
                return name, turned
    return None


def nearest(size: CardSize, names: Iterable[str]) -> tuple[CardSize, bool]:
    """The named size among ``names`` nearest to ``size`` (its sides' differences added), and whether it is
    nearest turned on its side."""
    def distance(candidate: tuple[CardSize, bool]) -> float:
        named, turned = candidate
        width, height = (named.height_mm, named.width_mm) if turned else (named.width_mm, named.height_mm)
        return abs(width - size.width_mm) + abs(height - size.height_mm)

    return min(((CARD_SIZES[name], turned) for name in names for turned in (False, True)), key=distance)


def refuse(shop: str, size: CardSize, names: Iterable[str]) -> PrintgenError:
    """One line: the shop does not make ``size``, and the nearest size it makes."""
    names = list(names)
    named, turned = nearest(size, names)
    width, height = (named.height_mm, named.width_mm) if turned else (named.width_mm, named.height_mm)
    choice = named.name if not turned else f"{number_text(width)}x{number_text(height)}mm"
    return PrintgenError(f"{shop} does not make {size.label} cards; the nearest it makes is {named.name}"
                         f"{' on its side' if turned else ''}, {number_text(width)} × {number_text(height)} mm "
                         "(", Flag("card-size", choice), f"); it makes {', '.join(names)}")
