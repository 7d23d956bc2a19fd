"""The README and the guides in docs/ as a reader uses them.

The README opens with the two commands CI relies on and stays short; each of its recipes runs as written in
an empty folder; every guide is linked from it, every link leads to a file and a heading that exist, and a
long guide opens with its contents. A command of a README recipe that is also a --help example is left to
tests/test_cli.py, which runs every example in an empty folder, unless a later command of the recipe may read
what it wrote. The guides' commands run as a sweep, each block of commands a case, on its own.

What runs: every line of a ```sh block that starts with `printgen` (or `cd`). A file shown as `name`: above
a fenced block is written into the folder first. Synopses with placeholders go in ```text blocks.
"""

from __future__ import annotations

import os
import re
import shlex
from functools import cache
from pathlib import Path

import pytest
from help_examples import examples_in, help_texts

from printgen.cli import main

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
GUIDES = sorted(DOCS.glob("*.md"))
INSTALL = ("python3 -m venv .venv && . .venv/bin/activate && pip install -c constraints.txt . && "
           "printgen dungeon --system roguelike --seed moonpie")
TESTS = "python3 -m venv .venv && . .venv/bin/activate && pip install -c constraints.txt '.[test]' && pytest"
README_LINES = 210  # "at most about 200": what a reader takes in before choosing a guide
LONG_GUIDE = 100  # lines: a guide this long opens with its contents

SH_BLOCK = re.compile(r"^```sh\n(.*?)^```", re.MULTILINE | re.DOTALL)
FILE_BLOCK = re.compile(r"^`([\w./-]+)`:\n\n```\w*\n(.*?)^```", re.MULTILINE | re.DOTALL)
LINK = re.compile(r"\]\(([^)\s]+)\)")
FENCED = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)


def sections(text: str, marks: str) -> list[tuple[str, str]]:
    """The sections of ``text`` under headings of ``marks`` ("##", "###"), each with its title and body (a
    heading inside a fenced block is not one)."""
    found: list[tuple[str, list[str]]] = []
    fenced = False
    for line in text.splitlines(keepends=True):
        fenced ^= line.startswith("```")
        if not fenced and line.startswith(marks + " "):
            found.append((line[len(marks) + 1:].strip(), []))
        elif not fenced and re.match(rf"#{{1,{len(marks)}}} ", line):
            found.append(("", []))  # a heading above this level ends the section
        elif found:
            found[-1][1].append(line)
    return [(title, "".join(body)) for title, body in found if title]


def commands(text: str) -> list[list[str]]:
    """Each command of the ```sh blocks in ``text`` that runs here: printgen's, and cd."""
    found = []
    for block in SH_BLOCK.findall(text):
        for line in block.splitlines():
            words = shlex.split(line, comments=True)
            if words and words[0] in ("printgen", "cd"):
                found.append(words)
    return found


@cache
def help_examples() -> frozenset[tuple[str, ...]]:
    return frozenset(("printgen", *args) for text in help_texts().values() for args, _ in examples_in(text))


def recipes() -> dict[str, str]:
    readme = README.read_text(encoding="utf-8")
    [recipes] = [body for title, body in sections(readme, "##") if title == "Recipes"]
    return dict(sections(recipes, "###"))


def reads_files(words: list[str]) -> bool:
    """Whether a command may read what the commands before it wrote."""
    return words[0] == "cd" or words[1] == "reproduce" or bool({"--data", "--templates", "--card-layout"} & set(words))


def run_as_written(text: str, folder: Path, monkeypatch, capsys, leave_examples: bool) -> None:
    """Write the files ``text`` shows, then run its commands in order in ``folder``: each ends well, and a
    file reproduced from a code, a file or a photo is byte for byte the one that code made before it."""
    monkeypatch.chdir(folder)
    for name, content in FILE_BLOCK.findall(text):
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(content, encoding="utf-8")
    lines = commands(text)
    made: dict[str, bytes] = {}  # what each seed code made here
    for index, words in enumerate(lines):
        if words[0] == "cd":
            os.chdir(words[1])
            continue
        if words[1] == "serve":
            assert tuple(words) in help_examples(), (
                f"{shlex.join(words)}: a serve command runs until stopped; make it a --help example (which "
                "tests/test_cli.py starts and stops) or show it in a ```text block")
            continue
        if leave_examples and tuple(words) in help_examples() and not any(map(reads_files, lines[index + 1:])):
            continue  # tests/test_cli.py runs it
        if "photo.jpg" in words and not Path("photo.jpg").exists():
            _photograph(Path.cwd())
        code = main(words[1:])
        _, err = capsys.readouterr()
        assert code == 0, f"{shlex.join(words)} (in {os.getcwd()}): {err}"
        wrote = re.search(r"^wrote (.+?)(?: \(made the folder .*\))?$", err, re.MULTILINE)
        seed_code = re.search(r"^seed code: (\S+)$", err, re.MULTILINE)
        if wrote and seed_code and Path(wrote.group(1)).is_file():  # not a folder of pictures (deck --each)
            data = Path(wrote.group(1)).read_bytes()
            if words[1] == "reproduce" and seed_code.group(1) in made:  # what sharing promises
                assert data == made[seed_code.group(1)], f"{shlex.join(words)} made other bytes"
            made.setdefault(seed_code.group(1), data)


def _photograph(folder: Path) -> None:
    """photo.jpg: the first page of the newest PDF made here, as a phone's JPEG of it would show it."""
    import pypdfium2

    newest = max((folder / "output").glob("*.pdf"), key=lambda path: path.stat().st_mtime_ns)
    document = pypdfium2.PdfDocument(str(newest))
    try:
        picture = document[0].render(scale=150 / 72).to_pil().convert("RGB")
    finally:
        document.close()
    picture.save(folder / "photo.jpg", quality=80)


# The README --------------------------------------------------------------------------------------------

def test_the_readme_opens_with_the_two_commands_ci_runs_and_stays_short():
    readme = README.read_text(encoding="utf-8")
    indented = [line.strip() for line in readme.splitlines() if line.startswith("    ") and line.strip()]
    assert indented[:2] == [INSTALL, TESTS], "README's first two commands are the install and the test commands"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert TESTS in ci.splitlines(), ".ci/run runs README's test command as README writes it"
    assert len(readme.splitlines()) <= README_LINES, "README.md is the way in: move detail to a guide in docs/"


def test_the_readme_has_its_eight_recipes():
    assert len(recipes()) == 8, list(recipes())
    first = INSTALL.rsplit(" && ", 1)[1].split()
    assert first in commands(README.read_text(encoding="utf-8"))


@pytest.mark.parametrize("title", list(recipes()))
def test_every_readme_recipe_runs_as_written(title, tmp_path, monkeypatch, capsys):
    text = recipes()[title]
    assert commands(text), f"the recipe '{title}' shows no command"
    run_as_written(text, tmp_path, monkeypatch, capsys, leave_examples=True)


def test_the_readme_studio_command_is_an_example_that_runs():
    readme = README.read_text(encoding="utf-8")
    outside = [words for title, body in sections(readme, "##") if title != "Recipes" for words in commands(body)]
    assert outside and all(tuple(words) in help_examples() for words in outside), outside


# The guides --------------------------------------------------------------------------------------------

def test_every_guide_is_linked_from_the_readme():
    readme = README.read_text(encoding="utf-8")
    linked = {target.split("#")[0] for target in LINK.findall(readme)}
    assert {f"docs/{guide.name}" for guide in GUIDES} <= linked, "a guide no one can find"
    assert "CHANGELOG.md" in linked


def _anchors(path: Path) -> set[str]:
    """The anchors GitHub gives the headings of ``path``."""
    text = FENCED.sub("", path.read_text(encoding="utf-8"))
    return {_anchor(heading) for heading in re.findall(r"^#+ (.+)$", text, re.MULTILINE)}


def _anchor(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, marks and punctuation left out, spaces as hyphens."""
    plain = re.sub(r"[`*]|\[([^]]*)\]\([^)]*\)", r"\1", heading).strip().lower()
    return re.sub(r"[^\w\- ]", "", plain).replace(" ", "-")


@pytest.mark.parametrize("path", [README, ROOT / "CHANGELOG.md", *GUIDES], ids=lambda p: p.name)
def test_every_link_leads_to_a_file_and_a_heading_that_exist(path):
    text = FENCED.sub("", path.read_text(encoding="utf-8"))
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            continue  # https:, mailto:
        file, _, anchor = target.partition("#")
        linked = (path.parent / file).resolve() if file else path
        assert linked.exists(), f"{path.name} links to {target}, which is not there"
        if anchor:
            assert anchor in _anchors(linked), f"{path.name} links to {target}: no such heading"


@pytest.mark.parametrize("path", GUIDES, ids=lambda p: p.name)
def test_a_long_guide_opens_with_its_contents(path):
    text = path.read_text(encoding="utf-8")
    if len(text.splitlines()) < LONG_GUIDE or path.name == "ARCHITECTURE.md":
        return
    head = text.split("\n## ", 1)[0]
    listed = {target for target in LINK.findall(head) if target.startswith("#")}
    wanted = {"#" + _anchor(title) for title, _ in sections(text, "##")}
    assert wanted <= listed, f"{path.name}: its contents leave out {sorted(wanted - listed)}"


def guide_blocks() -> list[tuple[Path, int]]:
    """Each ```sh block of each guide that runs something: the guide and the block's place in it."""
    return [(path, index) for path in GUIDES
            for index, block in enumerate(SH_BLOCK.findall(path.read_text(encoding="utf-8")))
            if commands(f"```sh\n{block}```")]


@pytest.mark.sweep
@pytest.mark.parametrize("path, index", guide_blocks(), ids=lambda v: v.name if isinstance(v, Path) else str(v))
def test_every_guide_command_runs_as_written(path, index, tmp_path, monkeypatch, capsys):
    """Each block runs on its own, in an empty folder with the files the guide shows."""
    text = path.read_text(encoding="utf-8")
    block = SH_BLOCK.findall(text)[index]
    files = "".join(match.group(0) + "\n" for match in FILE_BLOCK.finditer(text))
    run_as_written(files + f"```sh\n{block}```\n", tmp_path, monkeypatch, capsys, leave_examples=True)
