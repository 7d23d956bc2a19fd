"""Every --help printgen prints, and the examples each gives: tests/test_cli.py runs the examples, and
tests/test_docs.py leaves to it the commands of the README and docs/ that are examples too."""

from __future__ import annotations

import contextlib
import io
import shlex

from printgen.cli import main


def help_texts() -> dict[str, str]:
    """Every --help printgen prints, by the command line that prints it."""
    from printgen.cli import cli

    commands = [[]] + [[name] for name in cli.commands] + [["templates", "export"]]
    texts = {}
    for words in commands:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert main([*words, "--help"]) == 0
        texts[" ".join(words) or "printgen"] = out.getvalue()
    return texts


def examples_in(text: str) -> list[tuple[list[str], str]]:
    """Each example of a --help: its command line after "printgen", and its comment."""
    lines = text.split("Examples:", 1)[1].splitlines() if "Examples:" in text else []
    found = []
    for line in lines:
        line = line.strip()
        if line.startswith("printgen "):
            command, _, comment = line.partition("  ")
            found.append((shlex.split(command)[1:], comment.strip()))
    return found
