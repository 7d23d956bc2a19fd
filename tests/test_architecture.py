"""The structure docs/ARCHITECTURE.md states, checked: its layers and no circles (the import contracts in
pyproject.toml, run by import-linter), and no private name used outside the module that defines it."""

from __future__ import annotations

import ast
import contextlib
import io
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


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def private_uses(path: Path, source: str | None = None) -> list[str]:
    """Where ``path`` (or ``source`` given as its text) takes a private name from another printgen module:
    `from m import _x` or `m._x`."""
    importer = module_name(path)
    tree = ast.parse(source if source is not None else path.read_text(), str(path))
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
