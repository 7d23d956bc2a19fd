"""The studio's modules stand on the products and never on the command line, and import one another in one
direction only (read from their source, imports inside functions and for type checking included)."""

from __future__ import annotations

import ast
from pathlib import Path

WEB = Path(__file__).resolve().parents[1] / "printgen" / "web"


def imports_of(path: Path) -> set[str]:
    """Every printgen module (dotted, from ``printgen``) and top-level library ``path`` imports."""
    package = ["printgen", "web"]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                found.add(node.module or "")
                continue
            base = package[:len(package) - node.level + 1]
            if node.module:
                found.add(".".join([*base, node.module]))
            else:
                found |= {".".join([*base, alias.name]) for alias in node.names}
    return found


def web_graph() -> dict[str, set[str]]:
    modules = {f"printgen.web.{path.stem}": path for path in WEB.glob("*.py") if path.stem != "__init__"}
    return {name: {i for i in imports_of(path) if i in modules} for name, path in modules.items()}


def test_the_studio_never_imports_the_command_line():
    for path in WEB.glob("*.py"):
        used = imports_of(path)
        assert not used & {"click", "printgen.cli", "printgen.commands"}, f"{path.name} imports {used}"


def test_the_studio_modules_import_one_another_without_a_circle():
    graph = web_graph()

    def visit(name: str, trail: tuple[str, ...]) -> None:
        assert name not in trail, "import circle: " + " -> ".join([*trail[trail.index(name):], name])
        for other in sorted(graph[name]):
            visit(other, (*trail, name))

    for name in sorted(graph):
        visit(name, ())
