"""Every printed word lives in a phrasebook or a template, each rule is worded once, every phrase is used.

A sentence in Python is one the user cannot change with ``--templates`` and
one the next page will word differently, so the Python source may hold no
string of six words or more, except docstrings, error and warning messages,
and the help texts of the declarations (options, products, the command line).
"""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest

import printgen
from printgen import games, words
from printgen.errors import PrintgenError
from printgen.resources import templates_dir

PACKAGE = Path(printgen.__file__).resolve().parent
GAMES = games.games()
# A word: a whitespace-separated run holding a lower-case letter beside another letter (so PDF operators
# such as "BT", codes such as "grid=5mm,pages=1" and placeholders do not count as words).
WORD = re.compile(r"(?<!\S)[^\s]*(?:[a-z][A-Za-z]|[A-Za-z][a-z])[^\s]*")
LONGEST_ALLOWED = 5

# Calls whose text is not printed on a page: messages to the user, declarations' help, patterns.
DECLARATIONS = {"Option", "Offer", "Game", "Product", "register", "formats",
                "option", "command", "group", "argument", "version_option",
                "compile", "fullmatch", "match", "search", "sub"}


def _callee(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def _is_message(call: ast.Call) -> bool:
    """An error, a warning, a line on stderr, or a problem a check reports."""
    name = _callee(call)
    if name.endswith(("Error", "Exception", "Warning")) or name.startswith("warn") or "stderr" in name:
        return True
    receiver = ast.unparse(call.func.value) if isinstance(call.func, ast.Attribute) else ""
    if name == "append" and receiver.endswith("problems"):
        return True
    return name in ("echo", "write") and (any(k.arg == "err" for k in call.keywords) or "stderr" in receiver)


def _exempt_nodes(tree: ast.AST) -> set[int]:
    exempt: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                exempt.add(id(body[0].value))
        covered = None
        if isinstance(node, (ast.Raise, ast.Assert)):
            covered = node
        elif isinstance(node, ast.Call) and (_is_message(node) or _callee(node) in DECLARATIONS):
            covered = node
        elif isinstance(node, ast.FunctionDef) and node.decorator_list:
            for decorator in node.decorator_list:  # click's decorators: help texts and examples
                exempt.update(id(n) for n in ast.walk(decorator))
        if covered is not None:
            exempt.update(id(n) for n in ast.walk(covered))
    return exempt


def sentences_in(path: Path) -> list[str]:
    """The strings of ``path`` of six words or more that are printed, with their line."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    exempt = _exempt_nodes(tree)
    inside_fstrings = {id(v) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for v in n.values}
    found = []
    for node in ast.walk(tree):
        if id(node) in exempt or id(node) in inside_fstrings:
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        elif isinstance(node, ast.JoinedStr):
            text = " ".join(v.value for v in node.values if isinstance(v, ast.Constant))
        else:
            continue
        if text.lstrip().startswith("<"):  # markup (an SVG drawn in code): its words are attributes, not prose
            continue
        if len(WORD.findall(text)) > LONGEST_ALLOWED:
            found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: {text[:80]!r}")
    return found


def python_files() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


@pytest.mark.parametrize("path", python_files(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_printed_sentence_is_written_in_python(path):
    found = sentences_in(path)
    assert not found, "printed words belong in the game's words.toml or its templates:\n" + "\n".join(found)


# -- every phrase is used, every rule worded once ----------------------------------------------

def phrasebooks() -> dict[str, tuple[Path, list[Path]]]:
    """Each phrasebook, with the files that may use it: its game's Python and templates (the shared
    one: everything outside the games)."""
    books = {}
    game_folders = [g.folder for g in GAMES.values()]
    for game in GAMES.values():
        users = [p for p in game.folder.rglob("*") if p.suffix in (".py", ".html")]
        books[game.id] = (words.builtin_file(game.folder), users)
    shared_users = [p for p in python_files() if not any(p.is_relative_to(f) for f in game_folders)
                    and p.name != "words.py"]  # words.py shows how phrases are asked for, in its docstring
    shared_users += [p for p in templates_dir().rglob("*.html")]
    books["shared"] = (words.builtin_file(templates_dir()), shared_users)
    return books


# say("key"), say('key'), say(f"door.{kind}"), say.section("door"), and Jinja's say('door.' ~ kind)
USE = re.compile(r"""say(?:\.section)?\(\s*f?(["'])([a-z0-9_.\-]+)""")


def used_keys(files: list[Path]) -> tuple[set[str], set[str]]:
    """(keys used whole, prefixes used with a value filled in after them)."""
    whole, prefixes = set(), set()
    for path in files:
        text = path.read_text(encoding="utf-8")
        for match in USE.finditer(text):
            key = match.group(2)
            after = text[match.end():match.end() + 3]
            if key.endswith(".") or after.startswith("{") or ".section(" in match.group(0):
                prefixes.add(key.rstrip(".") + ".")
            else:
                whole.add(key)
    return whole, prefixes


@pytest.mark.parametrize("name", sorted(phrasebooks()))
def test_every_phrase_is_used_and_every_use_is_a_phrase(name):
    path, users = phrasebooks()[name]
    if not path.is_file():
        pytest.skip(f"{name} has no phrasebook")
    entries = words._flatten(tomllib.loads(path.read_text(encoding="utf-8")), path)
    whole, prefixes = used_keys(users)
    unused = sorted(k for k in entries if k not in whole and not any(k.startswith(p) for p in prefixes))
    assert not unused, f"{path} holds phrases nothing prints: {unused}"
    missing = sorted(k for k in whole if k not in entries)
    assert not missing, f"{name}'s code asks for phrases {path.name} does not have: {missing}"


def _sentences(text: str) -> set[str]:
    """Runs of eight words or more, lower-cased: what would show a rule worded twice."""
    found = set()
    for clause in re.split(r"[.;:!?()\[\]{}<>\"“”]|\n", text):
        tokens = WORD.findall(clause.lower())
        if len(tokens) >= 8:
            found.add(" ".join(tokens))
    return found


@pytest.mark.parametrize("game", GAMES.values(), ids=lambda g: g.id)
def test_each_rule_is_worded_once_in_the_game(game):
    """No clause of eight words or more stands in two of the game's printed sources."""
    sources = [words.builtin_file(game.folder)] if words.builtin_file(game.folder).is_file() else []
    sources += sorted(game.templates.glob("*.html")) if game.templates.is_dir() else []
    sources += sorted((game.folder / "data").rglob("*.toml"))
    seen: dict[str, str] = {}
    twice = []
    for path in sources:
        values = _texts(path)
        for value in values:
            for sentence in _sentences(value):
                where = f"{path.relative_to(game.folder)}"
                if sentence in seen and seen[sentence] != where:
                    twice.append(f"{sentence!r} in {seen[sentence]} and {where}")
                seen.setdefault(sentence, where)
    assert not twice, "a rule is worded in two places; word it once and refer to it by key:\n" + "\n".join(twice)


def _texts(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    if path.suffix != ".toml":
        text = re.sub(r"\{#.*?#\}|<!--.*?-->|/\*.*?\*/", " | ", text, flags=re.S)  # comments are not printed
        return [re.sub(r"\{[{%].*?[}%]\}", " | ", text, flags=re.S)]  # Jinja tags break a sentence
    out: list[str] = []

    def walk(value):
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk(tomllib.loads(text))
    return out


# -- the user's phrasebook ---------------------------------------------------------------------

@pytest.mark.parametrize("game", [words.SHARED, *GAMES], ids=lambda g: g or "shared")
def test_a_user_phrasebook_changes_a_phrase_and_is_checked(game, tmp_path):
    folder = templates_dir() if game == words.SHARED else GAMES[game].folder
    if not words.builtin_file(folder).is_file():
        pytest.skip(f"{game} has no phrasebook")
    builtin = words.BUILT_IN.phrasebook(game, folder)
    key = next(iter(builtin))
    user_folder = tmp_path / "mine"
    user_file = user_folder / game / words.FILE_NAME
    user_file.parent.mkdir(parents=True)
    *tables, leaf = key.split(".")
    header = "[" + ".".join(f'"{part}"' for part in tables) + "]\n" if tables else ""
    user_file.write_text(header + f'"{leaf}" = "Mine"\n', encoding="utf-8")
    assert words.Words(user_folder).phrasebook(game, folder)(key) == "Mine"
    assert words.Words().phrasebook(game, folder)(key) == builtin(key)
    user_file.write_text('"no-such-phrase" = "x"\n', encoding="utf-8")
    with pytest.raises(PrintgenError, match="is not a"):
        words.Words(user_folder).phrasebook(game, folder)
    user_file.write_text(header + f'"{leaf}" = "{{x:>999999999}}"\n', encoding="utf-8")
    with pytest.raises(PrintgenError, match="plain"):
        words.Words(user_folder).phrasebook(game, folder)


# -- the words come with the request ---------------------------------------------------------------

@pytest.mark.parametrize("product_name, given, game, key", [
    ("graph-paper", {}, words.SHARED, "graph-paper.check-rulers"),  # ReportLab: the shared phrasebook
    ("reference", {"system": "roguelike"}, "roguelike", "damage.weapon"),  # a template's say: the game's
], ids=["graph-paper", "roguelike-reference"])
def test_two_builds_at_once_each_print_their_own_words(product_name, given, game, key, tmp_path):
    """Two builds of the same product at once, in two threads, one with a template folder whose phrasebook
    changes a phrase the product prints, one without: each file prints its own words. A third, the product's
    make handed the request in a thread that never entered ``build``, prints the folder's words too: the words
    travel on the request (``Request.words``), not in state a build sets around the pieces."""
    from concurrent.futures import ThreadPoolExecutor

    from pdfutil import page_texts

    from printgen import products
    from printgen.products.typed import code_from

    folder = tmp_path / "mine"
    path = folder / game / words.FILE_NAME if game else folder / words.FILE_NAME
    path.parent.mkdir(parents=True)
    *tables, leaf = key.split(".")
    path.write_text(f"[{'.'.join(tables)}]\n{leaf} = \"Our table's own words\"\n", encoding="utf-8")
    product = products.named(product_name)
    assert product is not None
    mine = products.request(*code_from(product, {**given, "templates": str(folder)}, "same"))
    plain = products.request(*code_from(product, given, "same"))
    assert mine.words.user == folder and plain.words.user is None
    builtin = words.BUILT_IN.phrasebook(game, games.game(game).folder if game else templates_dir())(key)

    with ThreadPoolExecutor(max_workers=2) as pool:
        made = [pool.submit(products.build, mine), pool.submit(products.build, plain),
                pool.submit(lambda: mine.product.make(mine))]
        theirs, ours, handed = (" ".join(" ".join(page_texts(future.result())).split()) for future in made)
    assert "Our table's own words" in theirs and builtin not in theirs
    assert builtin in ours and "Our table's own words" not in ours
    assert "Our table's own words" in handed
