"""tools/check_types.py reads mypy's findings or fails: output it cannot read never passes, and never empties
the record of known errors."""

import importlib.util
import json
from pathlib import Path

import pytest

TOOL = Path(__file__).parent.parent / "tools" / "check_types.py"
spec = importlib.util.spec_from_file_location("check_types", TOOL)
check_types = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check_types)


def finding(file="printgen/x.py", severity="error", code="arg-type", message="Argument 1 is wrong"):
    return json.dumps({"file": file, "line": 3, "column": 1, "message": message, "hint": None, "code": code,
                       "severity": severity})


def test_findings_are_read_by_file_and_notes_left_out():
    errors = check_types.read_findings("\n".join([finding(), finding(), finding(severity="note"),
                                                  finding(file="printgen/y.py", code=None)]), 1)
    assert errors == {"printgen/x.py": {"arg-type | Argument 1 is wrong": 2}, "printgen/y.py": {"- | Argument 1 is wrong": 1}}


@pytest.mark.parametrize("stdout, status", [
    ("printgen/x.py:3:1: error: Argument 1 is wrong  [arg-type]", 1),  # the text form, columns shown
    ("printgen/x.py:3: error: Argument 1 is wrong  [arg-type]\nFound 1 error in 1 file", 1),
    ("", 1),  # mypy failed and said nothing readable
    ("", 2),
    (finding(), 0),  # errors, yet mypy said all was well
])
def test_output_it_cannot_read_fails(stdout, status):
    with pytest.raises(check_types.Unreadable):
        check_types.read_findings(stdout, status)


def test_unreadable_output_fails_the_check_and_update_writes_nothing(monkeypatch, tmp_path, capsys):
    known = tmp_path / "known.txt"
    known.write_text("1 printgen/x.py | arg-type | Argument 1 is wrong\n")
    monkeypatch.setattr(check_types, "KNOWN", known)
    monkeypatch.setattr(check_types.api, "run", lambda args: ("printgen/x.py:3:1: error: Argument 1 is wrong", "", 1))
    monkeypatch.setattr("sys.argv", ["check_types.py", "--update"])
    assert check_types.main() == 2
    assert known.read_text() == "1 printgen/x.py | arg-type | Argument 1 is wrong\n"
    assert "cannot read" in capsys.readouterr().out


def test_a_file_may_not_trade_a_fixed_error_for_a_new_one():
    known = {"printgen/x.py": check_types.Counter({"arg-type | A": 1})}
    found = {"printgen/x.py": check_types.Counter({"union-attr | B": 1})}
    assert check_types.new_errors(found, known) == ["printgen/x.py | union-attr | B"]
    assert check_types.new_errors({}, known) == []
