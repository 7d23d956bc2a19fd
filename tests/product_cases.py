"""Every product printgen makes, as the registry says: tests that read every product take their cases here, so
a new product, game or deck is in each of them without a word changed."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from printgen import games, products
from printgen.seed import SeedCode


def every_product() -> list[tuple[str, str, dict[str, str]]]:
    """Every product for every system it is made for, each offer a game names (a deck each) among them, at its
    defaults but the fewest levels a product takes (to be quick)."""
    cases = []
    for product in products.all_products().values():
        for system in product.systems():
            game = games.games().get(system)
            if product.argument is not None:  # one case a named offer; none for a system of no game's offers
                offers = product.offers(game) if game is not None else {}
                cases += [(product.name, system, {product.argument: name}) for name in offers]
                continue
            fewest = {option.name: str(option.low) for option in product.options(system, {})
                      if option.name == "levels" and option.low is not None}
            cases.append((product.name, system, fewest))
    return cases


def case_id(case: tuple[str, str, dict[str, str]]) -> str:
    product, system, options = case
    return "-".join([product, system, *(f"{k}={v}" for k, v in options.items())])


SEED = "every"  # the seed of the files the tests that read every product share


def made(case: tuple[str, str, dict[str, str]]) -> bytes:
    """The file of ``case`` (its product, system and options) with SEED, made once a test run and read by every
    test that reads every product (fonts, type, voice): kept in this process, and in the run's folder that
    its processes share (conftest.py), written whole before it is named so a process reads all of it or none."""
    product, system, options = case
    code = SeedCode.make(product, system, SEED, {k.replace("_", "-"): v for k, v in options.items() if v is not None})
    key = hashlib.sha256(str(code).encode()).hexdigest()[:24]
    if key in _made:
        return _made[key]
    folder = os.environ.get("PRINTGEN_TEST_PRODUCTS")
    path = Path(folder) / f"{key}.pdf" if folder else None
    if path is not None and path.is_file():
        data = path.read_bytes()
    else:
        data = products.build(code)
        if path is not None:
            part = path.with_name(f"{key}.{os.getpid()}.part")
            part.write_bytes(data)
            os.replace(part, path)
    _made[key] = data
    return data


_made: dict[str, bytes] = {}
