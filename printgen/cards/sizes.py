"""Card sizes, from their exact millimetre (or inch) definitions."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import PrintgenError
from ..units import mm


@dataclass(frozen=True)
class CardSize:
    name: str
    width_mm: float
    height_mm: float
    label: str

    @property
    def width(self) -> float:
        return mm(self.width_mm)

    @property
    def height(self) -> float:
        return mm(self.height_mm)


CARD_SIZES = {
    size.name: size
    for size in (
        CardSize("poker", 63.5, 88.9, "poker, 63.5 × 88.9 mm (2.5 × 3.5 in)"),
        CardSize("bridge", 57.15, 88.9, "bridge, 57.15 × 88.9 mm (2.25 × 3.5 in)"),
        CardSize("tarot", 69.85, 120.65, "tarot, 69.85 × 120.65 mm (2.75 × 4.75 in)"),
        CardSize("mini", 44.45, 63.5, "mini, 44.45 × 63.5 mm (1.75 × 2.5 in)"),
        CardSize("square", 63.5, 63.5, "square, 63.5 × 63.5 mm (2.5 × 2.5 in)"),
    )
}
DEFAULT_CARD_SIZE = "poker"


def card_size(name: str) -> CardSize:
    try:
        return CARD_SIZES[name.lower()]
    except KeyError:
        raise PrintgenError(f"unknown card size {name!r}; choose one of: {', '.join(CARD_SIZES)}") from None
