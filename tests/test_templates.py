"""Templates a user can change: export, override one block, reproduce only with the same folder."""

import pytest
from pdfutil import open_pdf, page_texts, subject

from printgen.cli import main
from printgen.seed import SeedCode

SYSTEM = "roguelike"  # any game with a reference made from templates


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def exported(tmp_path, capsys):
    folder = tmp_path / "mine"
    code, out, err = run(capsys, "templates", "export", str(folder))
    assert code == 0, err
    assert (folder / "base.html").is_file() and (folder / SYSTEM / "reference.html").is_file()
    return folder


def test_export_refuses_a_folder_with_files(tmp_path, capsys, exported):
    code, _, err = run(capsys, "templates", "export", str(exported))
    assert code == 2 and "not an empty folder" in err and err.count("\n") == 1


def test_a_changed_heading_shows_and_reproduce_checks_the_folder(tmp_path, capsys, exported):
    override = exported / SYSTEM / "reference.html"
    override.write_text('{% extends "builtin:' + SYSTEM + '/reference.html" %}'
                        '{% block body %}<h1>Our table\'s own reference</h1>{{ super() }}{% endblock %}')
    out = tmp_path / "ref.pdf"
    code, stdout, err = run(capsys, "reference", "--system", SYSTEM, "--seed", "t", "--templates", str(exported),
                            "-o", str(out))
    assert code == 0, err
    assert "Our table's own reference" in " ".join(page_texts(out))
    seed_code = SeedCode.parse(subject(open_pdf(out)))
    assert len(seed_code.option_map["templates"]) == 16

    again = tmp_path / "again.pdf"
    code, _, err = run(capsys, "reproduce", str(out), "-o", str(again))
    assert code == 2 and "--templates DIR" in err and not again.exists()
    code, _, err = run(capsys, "reproduce", str(out), "--templates", str(exported), "-o", str(again))
    assert code == 0, err
    assert again.read_bytes() == out.read_bytes()

    override.write_text(override.read_text() + "\n")
    again.unlink()
    code, _, err = run(capsys, "reproduce", str(out), "--templates", str(exported), "-o", str(again))
    assert code == 2 and "not the ones this seed code was made with" in err and not again.exists()


@pytest.mark.parametrize("body, words", [
    ('<img src="file:///etc/passwd">', "may not load"),
    ('<link rel="stylesheet" href="http://example.invalid/x.css">', "may not load"),
    ("{{ ''.__class__.__mro__[1].__subclasses__() }}", "may not do"),
    ("{% include '/etc/passwd' %}", "not found"),
])
def test_a_template_that_reaches_out_is_one_clear_error(tmp_path, capsys, exported, body, words):
    (exported / SYSTEM / "reference.html").write_text('{% extends "base.html" %}{% block body %}' + body +
                                                     "{% endblock %}")
    out = tmp_path / "ref.pdf"
    code, _, err = run(capsys, "reference", "--system", SYSTEM, "--seed", "t", "--templates", str(exported),
                       "-o", str(out))
    assert code == 2 and words in err and err.count("\n") == 1, err
    assert not out.exists()


def test_the_environment_variable_names_the_folder(tmp_path, capsys, exported, monkeypatch):
    (exported / SYSTEM / "reference.html").write_text(
        '{% extends "builtin:' + SYSTEM + '/reference.html" %}{% block style %}{{ super() }} h1 { color: #800; }'
        "{% endblock %}")
    monkeypatch.setenv("PRINTGEN_TEMPLATES", str(exported))
    out = tmp_path / "ref.pdf"
    code, _, err = run(capsys, "reference", "--system", SYSTEM, "--seed", "t", "-o", str(out))
    assert code == 0, err
    assert "templates" in SeedCode.parse(subject(open_pdf(out))).option_map


def test_a_missing_folder_is_one_clear_line(tmp_path, capsys):
    code, _, err = run(capsys, "reference", "--system", SYSTEM, "--templates", str(tmp_path / "nowhere"),
                       "-o", str(tmp_path / "x.pdf"))
    assert code == 2 and "no such folder" in err and err.count("\n") == 1


def test_a_template_that_fails_while_rendering_is_one_clear_line(tmp_path, capsys, exported):
    (exported / SYSTEM / "reference.html").write_text('{% extends "base.html" %}{% block body %}'
                                                     "{% for x in 5 %}{{ x }}{% endfor %}{% endblock %}")
    code, _, err = run(capsys, "reference", "--system", SYSTEM, "--seed", "t", "--templates", str(exported),
                       "-o", str(tmp_path / "x.pdf"))
    assert code == 2 and "failed" in err and err.count("\n") == 1 and "Traceback" not in err
