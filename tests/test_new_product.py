"""A new product is one module: tests/games/products/handout.py, never shipped, with nothing else in printgen
told about it, is found by the registry and gets everything a product has.

The module is put beside printgen's own products (printgen/products) and Mini Game's folder beside the real
games for these tests only; Mini Game offers the handout in its declaration and makes it in its handout.py.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from pdfutil import page_texts

import printgen.products
import printgen.systems
from printgen import games, products, words
from printgen.commands import product_command
from printgen.render import html
from printgen.seed import SeedCode

TESTS = Path(__file__).parent


@pytest.fixture
def with_the_handout(monkeypatch):
    def forget() -> None:
        for cached in (games.games, games._folder_of, products._module, products._load_all, words._home,
                       html.environment):
            cached.cache_clear()

    products.all_products()  # printgen's own, registered before the registry is copied
    monkeypatch.setattr(printgen.systems, "__path__", [*printgen.systems.__path__, str(TESTS / "games")])
    monkeypatch.setattr(printgen.products, "__path__", [*printgen.products.__path__, str(TESTS / "games" / "products")])
    monkeypatch.setattr(products, "PRODUCTS", dict(products.PRODUCTS))
    monkeypatch.delitem(sys.modules, "printgen.products.handout", raising=False)  # registered afresh
    forget()
    yield products.all_products()["handout"]
    monkeypatch.undo()
    sys.modules.pop("printgen.products.handout", None)
    forget()


def test_the_registry_finds_a_product_module_and_a_game_that_offers_it(with_the_handout):
    from product_cases import every_product

    handout = with_the_handout
    assert handout.systems() == ("minigame",)
    assert list(products.all_products())[-2:] == ["handout", "graph-paper"]  # by its rank
    assert products.file_plan()["handout"][0] == "handout"
    table = products.games_table().splitlines()
    assert table[0].endswith("| solo | handout |")
    assert [row for row in table if row.startswith("| `minigame`")][0].endswith("| yes |")
    assert ("handout", "minigame", {}) in every_product()
    [entry] = [p for p in products.catalogue() if p["name"] == "handout"]
    assert [s["id"] for s in entry["systems"]] == ["minigame"]
    assert {o["name"] for o in entry["systems"][0]["options"]} == {"paper", "format", "ppi"}


def test_its_command_line_and_its_file(with_the_handout, tmp_path):
    group = click.Group(commands=[product_command(with_the_handout)])
    out = tmp_path / "handout.pdf"
    result = CliRunner().invoke(group, ["handout", "--seed", "hand", "--paper", "a4", "-o", str(out)])
    assert result.exit_code == 0, result.output
    made = out.read_bytes()
    assert made == products.build(SeedCode.make("handout", "minigame", "hand", {"paper": "a4"}))
    assert "Doors: Every room has two doors." in " ".join(page_texts(made))
