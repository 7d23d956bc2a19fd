"""Every package printgen imports is declared, so a fresh `pip install .` has what it needs."""

import ast
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PACKAGE = REPO / "printgen"  # the source, whichever copy the tests import
PYPROJECT = REPO / "pyproject.toml"


def imported_top_level_modules() -> set[str]:
    found = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module.split(".")[0])
    return found - set(sys.stdlib_module_names) - {"printgen"}


def declared_distributions() -> set[str]:
    dependencies = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]["dependencies"]
    return {re.split(r"[<>=!~ \[;]", dep, maxsplit=1)[0].lower().replace("_", "-") for dep in dependencies}


def test_every_imported_package_is_a_declared_dependency():
    declared = declared_distributions()
    owners = packages_distributions()
    missing = {}
    for module in sorted(imported_top_level_modules()):
        distributions = {d.lower().replace("_", "-") for d in owners.get(module, [module])}
        if not distributions & declared:
            missing[module] = sorted(distributions)
    assert not missing, f"imported but not declared in pyproject.toml: {missing}"


def test_reportlab_runs_with_its_accelerators():
    """Without them ReportLab writes some numbers differently: the bytes would depend on the install."""
    from reportlab.lib import rl_accel

    assert type(rl_accel.fp_str).__name__ == "builtin_function_or_method"  # the C one, not the Python fallback


def test_the_json_schemas_ship_inside_the_package():
    """The wheel takes every file under printgen/ (pyproject: no exclude), so `printgen schema dungeon` reads
    its file from the installed package, not from the repository."""
    from printgen import schemas

    wheel = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["hatch"]["build"]["targets"]["wheel"]
    assert wheel["packages"] == ["printgen"] and "exclude" not in wheel
    assert (PACKAGE / "schemas" / "dungeon.schema.json").is_file()
    assert schemas.HERE.resolve() == (Path(schemas.__file__).parent).resolve()
    assert schemas.load("dungeon")["title"] == "printgen dungeon"
