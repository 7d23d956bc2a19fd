"""A game is one folder: the rest of printgen finds games by their declarations, never by name."""

import io
import re
import subprocess
import sys
import tokenize
from pathlib import Path

import pytest

import printgen
from printgen import games
from printgen import products as registry
from printgen.cli import games_table
from printgen.options import Option, parse_options

PACKAGE = Path(printgen.__file__).resolve().parent  # the copy under test: installed, or the source tree
ROOT = Path(__file__).resolve().parent.parent  # the repository: README.md, templates/
GAMES = games.games()


def game_words() -> re.Pattern:
    """Every way code could name a game: its id, its package, its title."""
    words = set()
    for game in GAMES.values():
        words |= {game.id, game.package.rsplit(".", 1)[1], game.title}
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    # "roguelike games" is the genre printgen serves, not the game of that name.
    return re.compile(rf"(?<![\w-])({alternatives})(?![\w-])(?! games?\b)", re.IGNORECASE)


def shared_files() -> list[Path]:
    game_folders = [g.folder for g in GAMES.values()]
    files = [p for p in PACKAGE.rglob("*.py") if not any(p.is_relative_to(f) for f in game_folders)]
    files += [p for p in (ROOT / "templates").rglob("*") if p.is_file() and p.suffix not in (".png", ".jpg")]
    return sorted(files)


def test_every_game_is_found_with_its_own_folder():
    assert len(GAMES) >= 5
    for game in GAMES.values():
        assert game.folder.parent == PACKAGE / "systems"
        assert game.sheets or game.decks or game.dungeon or game.reference or game.challenge


@pytest.mark.parametrize("path", shared_files(), ids=lambda p: p.name)
def test_no_shared_module_names_or_imports_a_game(path):
    pattern = game_words()
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        tokens = tokenize.generate_tokens(io.StringIO(text).readline)
        pieces = [t.string for t in tokens if t.type in (tokenize.NAME, tokenize.STRING, tokenize.COMMENT)]
    else:
        pieces = text.splitlines()
    named = sorted({m.group(0) for piece in pieces for m in pattern.finditer(piece)})
    assert not named, f"{path} names {named}: game-specific lines belong in systems/<id>/"


def test_the_pattern_catches_what_it_should():
    pattern = game_words()
    game = next(iter(GAMES.values()))
    assert pattern.search(f'from .systems.{game.package.rsplit(".", 1)[1]} import sheet')
    assert pattern.search(f'"--system {game.id}"')
    assert not pattern.search("seeded PDFs for tabletop roguelike games")


@pytest.mark.parametrize("game", GAMES.values(), ids=lambda g: g.id)
def test_every_declared_product_meets_its_contract_and_every_default_parses(game):
    offers = []
    for product in registry.all_products().values():
        if product.offers(game):
            assert registry.game_module(game, product.name) is not None  # checked against its contract as it loads
            offers += product.offers(game).values()
    assert offers
    for offer in offers:
        values = parse_options({}, offer.options, game.id)
        assert all(isinstance(option, Option) for option in offer.options)
        assert set(values) == {option.name for option in offer.options}


def test_the_readme_table_is_the_declarations():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert games_table() in readme, "README.md's table of games is out of date: paste 'printgen list --markdown'"


def test_help_and_list_import_no_pdf_library():
    script = ("import sys; from printgen.cli import main; main(['list']); main(['--help']); main(['dungeon', '--help']);"
              "print(sorted(m for m in ('reportlab', 'weasyprint', 'pikepdf', 'fontTools') if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert result.stdout.strip().splitlines()[-1] == "[]"


def test_a_product_made_on_the_command_line_imports_no_other_product(tmp_path):
    """`printgen graph-paper` reads its own product's module alone: no deck, booklet or sheet module, nothing of
    cards or gamebooks, and no WeasyPrint (it lays out no page with it)."""
    script = ("import sys; from printgen.cli import main; "
              f"assert main(['graph-paper', '-o', {str(tmp_path / 'g.pdf')!r}, '-q']) == 0; "
              "print(sorted(m for m in sys.modules if m.startswith(('printgen.products.', 'printgen.cards', "
              "'printgen.gamebook', 'weasyprint'))))")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    imported = eval(result.stdout.strip().splitlines()[-1])
    assert "printgen.products.graph_paper" in imported
    assert not [m for m in imported if m.startswith(("printgen.products.deck", "printgen.products.sheet",
                                                     "printgen.products.dungeon", "printgen.products.booklets",
                                                     "printgen.cards", "printgen.gamebook", "weasyprint"))], imported
    assert (tmp_path / "g.pdf").read_bytes()[:5] == b"%PDF-"


def test_the_registry_imports_nothing_above_it():
    """games.py and the contracts it checks a game's modules against stand below the products, cards, sheets,
    maps and renderers: neither imports any of them, at the top, inside a function or for type checking."""
    import ast

    above = {"products", "cards", "sheets", "render", "maps", "web", "cli", "commands", "systems"}
    for name in ("games.py", "contracts.py"):
        tree = ast.parse((ROOT / "printgen" / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                named = {node.module.split(".")[0]} if node.module else {alias.name for alias in node.names}
                assert not named & above, f"printgen/{name} imports {named & above} (line {node.lineno})"
