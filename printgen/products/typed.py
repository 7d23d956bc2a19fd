"""A seed code from what a person typed: the command line's options, or the studio's form.

Both go through ``code_from``: each value read by its option into its canonical text, for the system
chosen, so the command line and the studio build exactly the same code for the same choices.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..errors import Flag, PrintgenError
from ..options import OptionError, not_one_of
from ..render import user_templates
from ..seed import SeedCode
from ..sources import Sources
from . import Product


def code_from(product: Product, given: dict[str, Any], seed: str, sources: Sources = Sources()
              ) -> tuple[SeedCode, Sources]:
    """The seed code of typed values, each read by its option for the system chosen, and the sources a request
    of it reads its files from: ``sources`` and the files the values name (a template folder, a deck's data
    file and layout, each read once, here, for its fingerprint)."""
    given = {name.replace("_", "-"): value for name, value in given.items()
             if value is not None and value is not False and value != ""}
    if product.argument is not None and product.argument in given:  # a name, as every choice: case aside
        given[product.argument] = str(given[product.argument]).strip().lower()
    system = system_of(product, given.pop("system", None), given)
    given, sources = product.from_command_line(system, given, sources)
    if "templates" in given:
        folder = sources.base / str(given["templates"])
        given["templates"] = user_templates.digest(folder)
        sources = replace(sources, templates=folder, templates_digest=given["templates"])
    declared = {option.name: option for option in product.options(system, {k: str(v) for k, v in given.items()})}
    texts = {}
    for name, value in given.items():
        if name not in declared:
            takers = product.option_takers(name) or [s for _, s in product.all_options().get(name, [])]
            named = given.get(product.argument) if product.argument else None
            what = f"the {system} {named} {product.name}" if named else system
            raise PrintgenError(Flag(name), f" is for {', '.join(takers) or 'no system'}, not {what}")
        texts[name] = declared[name].read(value) if declared[name].typed else str(value)
    return SeedCode.make(product.name, system, seed, texts), sources


def system_of(product: Product, typed: object, given: dict[str, Any]) -> str:
    """The system typed (case aside), or the one a product made for one game (or one deck) implies."""
    systems = product.systems()
    if typed is None:
        if len(systems) == 1:
            return systems[0]
        if product.system_from is not None:
            return product.system_from(given)
        raise OptionError("system", f"is needed: {product.name} is made for {', '.join(systems)}")
    text = str(typed).strip().lower()
    if text not in systems:
        raise not_one_of("system", str(typed), systems)
    return text
