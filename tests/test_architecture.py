"""The structure docs/ARCHITECTURE.md states, checked: its layers and no circles (the import contracts in
pyproject.toml, run by import-linter), the same layers for what is imported by name at run time, and no
private name used outside the module that defines it."""

from __future__ import annotations

import ast
import contextlib
import functools
import io
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
PACKAGE = ROOT / "printgen"


def test_the_import_contracts_are_kept():
    from importlinter.cli import lint_imports

    shown = io.StringIO()
    with contextlib.redirect_stdout(shown), contextlib.chdir(ROOT):
        status = lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True)
    report = shown.getvalue()
    assert status == 0, report[report.find("Broken contracts"):] or report


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def resolve(importer: str, is_package: bool, level: int, name: str | None) -> str:
    """The absolute module a (possibly relative) import names."""
    if level == 0:
        return name or ""
    base = importer.split(".") if is_package else importer.split(".")[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join(base + ([name] if name else []))


def tree_of(path: Path, source: str | None = None) -> ast.Module:
    """The syntax tree of ``path`` (or of ``source`` given as its text): read once a process for the checks that
    walk every module (none changes a tree)."""
    return ast.parse(source, str(path)) if source is not None else _tree_of_file(path)


@functools.cache
def _tree_of_file(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def private_uses(path: Path, source: str | None = None) -> list[str]:
    """Where ``path`` (or ``source`` given as its text) takes a private name from another printgen module:
    `from m import _x` or `m._x`."""
    importer = module_name(path)
    tree = tree_of(path, source)
    found, aliases = [], {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            source = resolve(importer, path.name == "__init__.py", node.level, node.module)
            for alias in node.names:
                target = f"{source}.{alias.name}"
                if (PACKAGE / Path(*target.split(".")[1:])).with_suffix(".py").exists() or \
                        (PACKAGE / Path(*target.split(".")[1:]) / "__init__.py").exists():
                    aliases[alias.asname or alias.name] = target  # a module imported by name
                elif source.startswith("printgen") and source != importer and private(alias.name):
                    found.append(f"{importer}:{node.lineno} takes {alias.name} from {source}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("printgen"):
                    aliases[alias.asname or alias.name] = alias.name
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and private(node.attr):
            module = aliases.get(node.value.id)
            if module and module != importer:
                found.append(f"{importer}:{node.lineno} uses {module}.{node.attr}")
    return found


def test_no_private_name_is_used_outside_its_module():
    uses = [use for path in sorted(PACKAGE.rglob("*.py")) for use in private_uses(path)]
    assert not uses, "\n".join(uses)


@pytest.mark.parametrize("source, expected", [
    ("from .draw import _round_nook\n", "takes _round_nook from printgen.maps.draw"),
    ("from . import spots\nspots._Floor\n", "uses printgen.maps.spots._Floor"),
])
def test_the_private_name_check_finds_a_planted_use(source, expected):
    assert any(expected in use for use in private_uses(PACKAGE / "maps" / "planted.py", source))


# -- imports by name, at run time -------------------------------------------------------------------------

def layers_contract() -> tuple[list[list[str]], list[str]]:
    """pyproject's layers, top first, each the modules in it, and the imports the contract lets through."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contract = next(c for c in config["tool"]["importlinter"]["contracts"] if c["type"] == "layers")
    return [[name.strip() for name in re.split(r"[|:]", layer)] for layer in contract["layers"]], \
        contract.get("ignore_imports", [])


def layer_of(module: str, layers: list[list[str]]) -> tuple[int, str]:
    for index, names in enumerate(layers):
        for name in names:
            if module == name or module.startswith(name + "."):
                return index, name
    raise AssertionError(f"{module} is in no layer of pyproject.toml")


def let_through(importer: str, target: str, ignored: list[str]) -> bool:
    """Whether the contract names this import among those it lets through (``*``: one module's name)."""
    for rule in ignored:
        source, _, destination = (part.strip() for part in rule.partition("->"))
        pattern = [re.escape(part).replace(r"\*", r"[^.]+") for part in (source, destination)]
        if re.fullmatch(pattern[0], importer) and re.fullmatch(pattern[1], target):
            return True
    return False


def by_name_calls() -> dict[str, list[int]]:
    """Every place printgen imports a module by name (importlib.import_module, __import__), by module."""
    found: dict[str, list[int]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(tree_of(path)):
            if isinstance(node, ast.Call):
                name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
                if name in ("import_module", "__import__"):
                    found.setdefault(module_name(path), []).append(node.lineno)
    return found


def test_every_import_by_name_keeps_the_layers(monkeypatch):
    """What the registries import by name (every game's declaration, every product module, every game's module
    for each product it makes) goes down the layers as a written import must, or is one the contract names;
    and every place that imports by name is seen doing it."""
    import importlib
    import sys

    from printgen import games, products

    made: set[tuple[str, str]] = set()
    own = importlib.import_module

    def recording(name, package=None):
        module = own(name, package)
        made.add((sys._getframe(1).f_globals["__name__"], module.__name__))
        return module

    monkeypatch.setattr(importlib, "import_module", recording)
    for cached in (games.games, games._folder_of, products._module, products._load_all):
        cached.cache_clear()
    for product in products.all_products().values():
        for game in games.games().values():
            assert game.folder.is_dir()
            if product.offers(game):
                products.game_module(game, product.name)
    layers, ignored = layers_contract()
    wrong = []
    for importer, target in sorted(made):
        (above, importer_layer), (below, target_layer) = layer_of(importer, layers), layer_of(target, layers)
        if not (above < below or importer_layer == target_layer or let_through(importer, target, ignored)):
            wrong.append(f"{importer} imports {target} by name, up the layers")
    assert not wrong, "\n".join(wrong)
    assert {"printgen.products.deck", "printgen.systems.roguelike"} <= {target for _, target in made}
    unseen = set(by_name_calls()) - {importer for importer, _ in made}
    assert not unseen, f"imports by name no test run makes, so none is checked: {sorted(unseen)}"


def test_the_layer_check_refuses_an_import_up_the_layers():
    layers, ignored = layers_contract()
    assert layer_of("printgen.games", layers)[0] > layer_of("printgen.systems.roguelike.solo_pages", layers)[0]
    assert let_through("printgen.games", "printgen.systems.roguelike", ignored)
    assert not let_through("printgen.games", "printgen.systems.roguelike.solo_pages", ignored)


# -- no hidden state --------------------------------------------------------------------------------------

# What a request still reaches without being handed it (docs/ARCHITECTURE.md, "One request"): nothing. A
# module was struck off here when its state came to be passed explicitly (progress.py: the listener travels on
# the request; words.py: the phrasebooks too, handed down as ``Request.words``).
HIDDEN_STATE_LEFT: set[str] = set()


def hidden_state(path: Path, source: str | None = None) -> list[str]:
    """Where ``path`` (or ``source`` given as its text) carries state past its callers: a context variable, a
    change of working folder, a write to the process's environment."""
    tree = tree_of(path, source)
    where = module_name(path)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            names = [alias.name for alias in node.names] + ([node.module] if isinstance(node, ast.ImportFrom) else [])
            if "contextvars" in names or "ContextVar" in names:
                found.append(f"{where}:{node.lineno} imports contextvars")
        elif isinstance(node, ast.Attribute) and node.attr in ("chdir", "putenv", "unsetenv", "ContextVar"):
            found.append(f"{where}:{node.lineno} uses {node.attr}")
        elif isinstance(node, ast.Attribute) and node.attr == "environ" and isinstance(node.ctx, ast.Load):
            parent = next((p for p in ast.walk(tree) for child in ast.iter_child_nodes(p) if child is node), None)
            if isinstance(parent, ast.Subscript) and isinstance(parent.ctx, ast.Store | ast.Del) or \
                    isinstance(parent, ast.Attribute) and parent.attr in ("setdefault", "update", "pop", "clear"):
                found.append(f"{where}:{node.lineno} writes os.environ")
    return found


def test_no_request_passes_through_hidden_state():
    found = [place for path in sorted(PACKAGE.rglob("*.py")) for place in hidden_state(path)]
    assert not [place for place in found if place.split(":")[0] not in HIDDEN_STATE_LEFT], "\n".join(found)
    assert {place.split(":")[0] for place in found} == HIDDEN_STATE_LEFT  # strike off a module set free


def module_words(path: Path, source: str | None = None) -> list[str]:
    """Where ``path`` (or ``source``) speaks from phrasebooks no request handed it: a module-level ``say`` (made
    at import, or imported from another module), or a phrasebook read at module level, outside any function."""
    tree = tree_of(path, source)
    where = module_name(path)
    found = []
    for node in tree.body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            found += [f"{where}:{node.lineno} imports {a.name}" for a in node.names
                      if (a.asname or a.name) == "say" or a.name in ("say_for", "user_words", "phrasebook")]
        elif not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Name) and inner.id == "say":
                    found.append(f"{where}:{node.lineno} has a module-level say")
                elif isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute | ast.Name) and \
                        getattr(inner.func, "attr", getattr(inner.func, "id", None)) in ("say_for", "phrasebook",
                                                                                         "shared"):
                    found.append(f"{where}:{node.lineno} reads a phrasebook at import")
    return found


def test_every_piece_is_handed_its_words():
    """A phrase is printed from the phrasebooks the request carries (``Request.words``), handed down to the
    piece that prints it: no module keeps a ``say`` of its own, made when it is imported."""
    found = [place for path in sorted(PACKAGE.rglob("*.py")) for place in module_words(path)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("source, expected", [
    ("from ..words import say_for\nsay = say_for(__package__)\n", "imports say_for"),
    ("from .rules import say\n", "imports say"),
    ("from . import key\nsay = key.say\n", "module-level say"),
    ("from .. import words\nBOOK = words.BUILT_IN.phrasebook('x', None)\n", "reads a phrasebook at import"),
    ("def f(phrasebooks):\n    say = phrasebooks.say_for(__package__)\n    return say('k')\n", None),
])
def test_module_words_finds_a_say_kept_by_a_module(source, expected):
    found = module_words(PACKAGE / "x.py", source)
    assert (expected is None and not found) or (expected is not None and any(expected in f for f in found)), found


@pytest.mark.parametrize("source, expected", [
    ("from contextvars import ContextVar\n", "imports contextvars"),
    ("import contextvars\nx = contextvars.ContextVar('x')\n", "uses ContextVar"),
    ("import os\nos.chdir('/')\n", "uses chdir"),
    ("import contextlib\nwith contextlib.chdir('/'):\n    pass\n", "uses chdir"),
    ("import os\nos.environ['SOURCE_DATE_EPOCH'] = '0'\n", "writes os.environ"),
    ("import os\nos.environ.setdefault('TZ', 'UTC')\n", "writes os.environ"),
])
def test_the_hidden_state_check_finds_a_planted_one(source, expected):
    assert any(expected in place for place in hidden_state(PACKAGE / "maps" / "planted.py", source))
    assert not hidden_state(PACKAGE / "maps" / "planted.py", "import os\nfolder = os.environ.get('HOME')\n")
