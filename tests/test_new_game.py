"""A new game is one folder: tests/games/minigame, never shipped, makes every product through the contracts.

The folder is put beside the real games (printgen/systems) for these tests only; nothing else in printgen
is told about it. Its dungeon stands on the shared map engine, its words come from its words.toml, its
data through the one loader, and each product module is checked against its written contract.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pdfutil import open_pdf, page_texts, subject

import printgen.systems
from printgen import games, products, words
from printgen.errors import PrintgenError
from printgen.render import html
from printgen.seed import SeedCode

GAMES_FOLDER = Path(__file__).parent / "games"


def _forget() -> None:
    """Every cache that learnt which games there are."""
    for cached in (games.games, products._module, games._folder_of, words._home, html.environment):
        cached.cache_clear()


@pytest.fixture
def with_games(monkeypatch):
    def use(folder: Path) -> None:
        monkeypatch.setattr(printgen.systems, "__path__", [*printgen.systems.__path__, str(folder)])
        _forget()

    yield use
    monkeypatch.undo()
    _forget()


def test_a_game_folder_is_found_and_makes_every_product(with_games):
    with_games(GAMES_FOLDER)
    assert "minigame" in games.games()
    for product, options in [("dungeon", {"levels": "2"}), ("sheet", {"count": "2"}), ("sheet", {}),
                             ("deck", {"deck": "foes", "copies": "2"}), ("reference", {})]:
        code = SeedCode.make(product, "minigame", "one-folder", options)
        assert "minigame" in products.all_products()[product].systems()
        pdf = products.build(code)
        texts = " ".join(" ".join(page_texts(pdf)).split())
        assert subject(open_pdf(pdf)) == str(products.canonical(code))
        assert products.build(code) == pdf  # a pure function of its code
        if product == "reference":
            assert "Foes, and the one choice" in texts and "Every room has two doors." in texts
        if product == "deck":
            assert "Ogre" in texts and "Fight it on a roll of 4 or more." in texts
    dungeon = products.build(SeedCode.make("dungeon", "minigame", "one-folder", {"format": "json"}))
    assert b'"levels"' in dungeon
    assert any(entry["name"] == "deck" and any(s["id"] == "minigame" for s in entry["systems"])
               for entry in products.catalogue())


def test_a_game_that_breaks_a_contract_is_named_with_what_it_lacks(with_games, tmp_path):
    broken = tmp_path / "games" / "brokengame"
    shutil.copytree(GAMES_FOLDER / "minigame", broken, ignore=shutil.ignore_patterns("__pycache__"))
    init = broken / "__init__.py"
    init.write_text(init.read_text().replace('id="minigame"', 'id="brokengame"'))
    sheet = broken / "sheet.py"
    sheet.write_text(sheet.read_text().replace("def blank_kinds(", "def blank_kinds_of_hero("))
    decks = broken / "decks.py"
    decks.write_text(decks.read_text().replace('DECKS = {"foes": foes_deck}', 'DECKS = {"foes": foes_deck, "x": foes_deck}'))
    with_games(tmp_path / "games")
    with pytest.raises(PrintgenError, match="brokengame/sheet.py lacks blank_kinds"):
        products.build(SeedCode.make("sheet", "brokengame", "s", {}))
    with pytest.raises(PrintgenError, match="undeclared: x"):
        products.build(SeedCode.make("deck", "brokengame", "s", {"deck": "foes"}))


def test_a_member_a_game_may_leave_out_is_checked_where_it_is_there(with_games, tmp_path):
    """minigame's sheet leaves out kind_of, WHOLE_PAGE_KINDS and companion_pages (its rolled heroes are drawn on
    its one blank kind, and nothing follows its blank sheets); one it gives must still take its arguments."""
    spare = tmp_path / "games" / "sparegame"
    shutil.copytree(GAMES_FOLDER / "minigame", spare, ignore=shutil.ignore_patterns("__pycache__"))
    init = spare / "__init__.py"
    init.write_text(init.read_text().replace('id="minigame"', 'id="sparegame"'))
    sheet = spare / "sheet.py"
    sheet.write_text(sheet.read_text() + "\n\ndef kind_of() -> str:\n    return 'hero'\n")
    with_games(tmp_path / "games")
    with pytest.raises(PrintgenError, match="sparegame/sheet.py.kind_of must take 1 arguments"):
        products.build(SeedCode.make("sheet", "sparegame", "s", {"count": "1"}))
