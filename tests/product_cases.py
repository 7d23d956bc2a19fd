"""Every product printgen makes, as the registry says: tests that read every product take their cases here, so
a new product, game or deck is in each of them without a word changed."""

from __future__ import annotations

from printgen import games, products


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
