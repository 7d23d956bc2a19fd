"""Custom decks as a designer meets them: the data file's traps, choosing rows, the deck card, card sizes,
drafts. Everything read back from what printgen writes: the file's pages and boxes, its text, its messages."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdfutil import run_cli

ROOT = Path(__file__).resolve().parent.parent


def refused(result, *words: str) -> None:
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    for word in words:
        assert word in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


def made(result) -> None:
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr


def deck(tmp_path: Path, *extra: str, data: str = "deck.csv", out: str = "out.pdf"):
    """The custom deck made in its folder, as a designer runs it there."""
    return run_cli("deck", "custom", "--data", data, "--seed", "s", "-o", out, *extra, cwd=tmp_path)


# YAML files ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, text, place", [
    ("deck.yaml", "cards:\n  - title: Goblin\n    body: [a sword\n", "line 4, column 1"),
    ("deck.yaml", "cards:\n  - title: Goblin\n   body: x\n", "line 3, column 4"),
    ("layout.yaml", "elements:\n  - type: text\n    text: \"{title}\n", "line 4, column 1"),
    ("layout.yaml", "elements:\n  - type: text\n    text: {title}}\n", "line 3, column 18"),
])
def test_a_yaml_mistake_names_the_file_line_and_column(tmp_path, name, text, place):
    (tmp_path / name).write_text(text)
    if name == "deck.yaml":
        result = deck(tmp_path, data=name)
    else:
        (tmp_path / "deck.csv").write_text("title\nGoblin\n")
        result = deck(tmp_path, "--card-layout", name)
    refused(result, f"{name}: {place}: not readable as YAML")
    assert not (tmp_path / "out.pdf").exists()
