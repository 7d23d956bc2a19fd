"""The studio's form as seed codes, and seed codes back as the form.

The form sends what a person chose: the game (system), the product, the
seed and each option as typed. Those go through the command line's own
path (``products.typed.code_from``: each value read by its option, checked by
the same function), so the studio builds exactly the code ``printgen <product>
--system ... --seed ...`` would. Only options a person types are taken: a
request naming a file (a custom deck's ``--data``, a template folder) is
refused; the server's own ``--templates DIR`` is added when the form asks
for it.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .. import products
from ..errors import PrintgenError
from ..options import Option, OptionError, not_one_of
from ..products.typed import code_from, system_of
from ..seed import SeedCode
from ..sources import Sources

FILLED_IN = ("format", "templates")  # options the studio fills in itself: the download buttons, the server's folder
SUFFIX_LABELS = {"pdf": "PDF", "zip": "ZIP of images", "json": "JSON data"}
FORMAT_LABELS = {"png": "Pictures (PNG)", "uvtt": "Universal VTT (ZIP)"}


def product_named(name: object) -> products.Product:
    found = products.all_products().get(str(name))
    if found is None:
        raise not_one_of("product", str(name), sorted(products.all_products()), subject="the product")
    return found


def declared(product: products.Product, system: str, option_texts: Mapping[str, str]) -> tuple[Option, ...]:
    return product.options(system, option_texts)


def code_for(form: Mapping[str, Any], templates: Path | None) -> SeedCode:
    """The seed code of the studio's form: ``product``, ``system``, ``seed``, ``options`` (name: text) and
    ``templates`` (true: print with the server's template folder, ``templates``)."""
    product = product_named(form.get("product"))
    system = str(form.get("system") or "")
    seed = str(form.get("seed") or "").strip()
    system = system_of(product, system or None, {})
    typed = {str(k): str(v).strip() for k, v in dict(form.get("options") or {}).items()
             if v is not None and str(v).strip() != ""}
    texts = dict(typed)
    if product.argument is not None:
        texts[product.argument] = typed.get(product.argument, "")
    options = declared(product, system, texts)
    by_name = {option.name: option for option in options}
    for name in typed:
        option = by_name.get(name)
        if option is not None and not option.typed and name != product.argument:
            raise OptionError(name, "names a file on your computer, which the studio does not read; printgen on "
                                    "the command line does")
    refused = product.refused_by_studio(texts)
    if refused is not None:
        raise refused
    given: dict[str, Any] = {"system": system, **_shown_only(options, typed)}
    if form.get("templates") and templates is not None and "templates" in by_name:
        given["templates"] = str(templates)
    code, _ = code_from(product, given, seed or products.UNSEEDED)
    # No seed is the one seed for pages that roll nothing (the same choices, the same file), and a question
    # for the rest.
    if not seed and product.rolls(products.request(code, Sources(templates=templates))):
        raise OptionError("seed", "is empty; give any text, e.g. moonpie, or press New seed")
    return code


def _shown_only(options: tuple[Option, ...], typed: dict[str, str]) -> dict[str, str]:
    """The options the form shows: one that applies only with another option's value (``when``) is left
    out while that value is not chosen, as its field is hidden then."""
    kept = dict(typed)
    values: dict[str, Any] = {}
    for option in options:
        text = kept.get(option.name)
        if option.when is not None and text is not None:
            other, needed = option.when
            if values.get(other) != needed:
                del kept[option.name]
                text = None
        if text is None:
            text = option.default_for(values)
        try:
            values[option.name] = None if text is None else option.parse(option.read(text))
        except PrintgenError:
            values[option.name] = None  # the real check, below, says what is wrong
    return kept


def values_of(request: products.Request) -> dict[str, str | None]:
    """Every option of a checked request as the form shows it: its text, defaults filled in."""
    code = request.code
    options = declared(request.product, code.system, code.option_map)
    given = code.option_map
    texts: dict[str, str | None] = {}
    values: dict[str, Any] = {}
    for option in options:
        text = given.get(option.name, option.default_for(values))
        texts[option.name] = text
        values[option.name] = None if text is None else option.parse(text)
    return texts


def state_of(request: products.Request) -> dict[str, Any]:
    """What the form shows for a code (a share link): game, product, seed and each option typed."""
    code = request.code
    shown = {name: text for name, text in code.option_map.items() if name not in FILLED_IN}
    unseeded = not request.product.rolls(request) and code.seed == products.UNSEEDED  # shown as no seed at all
    return {"system": code.system, "product": code.product, "seed": "" if unseeded else code.seed, "options": shown,
            "templates": "templates" in code.option_map}


def variant(request: products.Request, **options: str | None) -> SeedCode:
    """The same code with some options set (None: left at its default)."""
    texts = request.code.option_map
    for name, value in options.items():
        if value is None:
            texts.pop(name, None)
        else:
            texts[name] = value
    return SeedCode(request.code.product, request.code.system, request.code.seed, tuple(sorted(texts.items())))


def downloads(request: products.Request, check) -> list[dict[str, str]]:
    """One download a format the product offers for these options (a vendor's zip, PDF, JSON)."""
    options = {option.name: option for option in declared(request.product, request.code.system,
                                                             request.code.option_map)}
    formats = options["format"].choices if "format" in options else (None,)
    found = []
    for choice in formats:
        try:
            checked = check(variant(request, format=choice))
        except PrintgenError:
            continue  # e.g. a print shop's file has no JSON
        suffix = products.suffix(checked)  # pictures: a zip until made (a one-page product's is a .png)
        label = FORMAT_LABELS.get(checked.format) or SUFFIX_LABELS.get(suffix, suffix.upper())
        found.append({"code": str(checked.code), "suffix": suffix, "label": label})
    return found
