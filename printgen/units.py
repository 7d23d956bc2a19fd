"""Physical units and paper sizes. Everything is laid out in PDF points.

All figures come from exact millimetre or inch definitions (1 in = 72 pt =
25.4 mm), never from rounded point values.
"""

from dataclasses import dataclass

from .errors import PrintgenError

POINTS_PER_INCH = 72.0
MM_PER_INCH = 25.4
MIN_TEXT_PT = 6.0  # pt: no printed word a reader needs is smaller than this (labels, notes, footers, cards)


def inch(value: float) -> float:
    return value * POINTS_PER_INCH


def mm(value: float) -> float:
    return value * POINTS_PER_INCH / MM_PER_INCH


def to_mm(points: float) -> float:
    return points * MM_PER_INCH / POINTS_PER_INCH


@dataclass(frozen=True)
class Paper:
    name: str
    width: float  # points
    height: float  # points
    label: str

    @property
    def size(self) -> tuple[float, float]:
        return (self.width, self.height)


PAPERS = {
    "letter": Paper("letter", inch(8.5), inch(11), "US Letter, 8.5 × 11 in"),
    "a4": Paper("a4", mm(210), mm(297), "A4, 210 × 297 mm"),
}


def paper(name: str) -> Paper:
    try:
        return PAPERS[name.lower()]
    except KeyError:
        raise PrintgenError(
            f"unknown paper {name!r}; choose one of: {', '.join(PAPERS)}"
        ) from None
