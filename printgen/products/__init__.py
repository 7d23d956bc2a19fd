"""The product registry: every product turns a SeedCode into file bytes.

The CLI builds a SeedCode from its options and calls ``build``; `reproduce`
parses a SeedCode from a PDF or a string and calls the very same ``build``.
That shared path is what makes a seed code reproduce its file exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..errors import PrintgenError
from ..seed import SeedCode


@dataclass(frozen=True)
class Product:
    name: str
    summary: str
    systems: tuple[str, ...]
    build: Callable[[SeedCode], bytes]


PRODUCTS: dict[str, Product] = {}


def register(name: str, summary: str, systems: tuple[str, ...]):
    def decorator(build: Callable[[SeedCode], bytes]) -> Callable[[SeedCode], bytes]:
        PRODUCTS[name] = Product(name, summary, systems, build)
        return build

    return decorator


def whole_number_option(options: dict[str, str], key: str, default: int, low: int, high: int) -> int:
    """A seed-code option that must be a whole number in [low, high]."""
    text = options.get(key, str(default))
    if not text.isdigit() or not low <= int(text) <= high:
        raise PrintgenError(f"{key} must be a whole number from {low} to {high}, not {text!r}")
    return int(text)


def output_suffix(code: SeedCode) -> str:
    return code.option_map.get("format", "pdf")


def build(code: SeedCode) -> bytes:
    _load_all()
    product = PRODUCTS.get(code.product)
    if product is None:
        raise PrintgenError(f"unknown product {code.product!r}; products are: {', '.join(sorted(PRODUCTS))}")
    if code.system not in product.systems:
        raise PrintgenError(
            f"{code.product} is not made for system {code.system!r}; it is made for: {', '.join(product.systems)}"
        )
    return product.build(code)


def all_products() -> dict[str, Product]:
    _load_all()
    return PRODUCTS


def _load_all() -> None:
    """Import every product module so its @register runs."""
    from . import graph_paper  # noqa: F401
    from . import dungeon  # noqa: F401
    from . import deck  # noqa: F401
    from . import sheet  # noqa: F401
