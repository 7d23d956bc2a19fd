"""What a newcomer types first, answered as they would expect: the command that works named before any work,
seeds of any script read, typed and scanned back, the same pages under one name, nothing left behind."""

from __future__ import annotations

import click
import pikepdf
import pytest
from pdfutil import page_texts

from printgen.cli import cli, main
from printgen.seed import SeedCode


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys, tmp_path, *args) -> str:
    """The one line a mistake gets, checked: exit 2, nothing else said (no work was begun), no file."""
    code, out, err = run(capsys, *args)
    assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith("printgen: error: "), err
    assert not list(tmp_path.iterdir()), list(tmp_path.iterdir())
    return err.removeprefix("printgen: error: ").strip()


@pytest.mark.parametrize("args, says", [
    (["dungeon", "--system", "roguelike", "--format", "png", "-o", "d.pdf"], "give -o d.zip"),
    (["dungeon", "--system", "roguelike", "--format", "png", "-o", "d.png"],
     "a dungeon has many pages, written as a zip of pictures, not one .png; give -o d.zip"),
    (["deck", "weapons", "--system", "roguelike", "-o", "w.png"], "give -o w.zip"),
    (["graph-paper", "--format", "png", "-o", "g.pdf"], "makes one .png, not .pdf; give -o g.png"),
])
def test_a_pictures_name_is_refused_before_any_work_naming_the_one_that_works(tmp_path, monkeypatch, capsys, args,
                                                                               says):
    monkeypatch.chdir(tmp_path)
    assert says in refused(capsys, tmp_path, *args, "--seed", "x")


def test_the_name_a_refusal_gives_is_the_name_that_works(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    said = refused(capsys, tmp_path, "graph-paper", "--pages", "2", "--format", "png", "-o", "g.pdf", "--seed", "x")
    name = said.rsplit("give -o ", 1)[1]
    assert run(capsys, "graph-paper", "--pages", "2", "--format", "png", "-o", name, "--seed", "x")[0] == 0
    assert (tmp_path / name).read_bytes()[:2] == b"PK"


@pytest.mark.parametrize("args, says", [
    (["dungeon", "roguelike"], "the game is given as --system roguelike, not as a word of its own: "
                               "printgen dungeon --system roguelike"),
    (["dungeon", "--system", "roguelike", "moonpie"], "a seed is given as --seed: printgen dungeon --seed moonpie"),
    (["deck", "--data", "my cards.csv"], "your own cards are the deck called custom: "
                                         "printgen deck custom --data 'my cards.csv'"),
    (["deck", "--system", "roguelike"], "name the deck: printgen deck NAME, NAME one of "),
    (["schema"], "name the schema: printgen schema NAME, NAME one of dungeon"),
    (["deck", "custom", "--title"], "--title takes a value: --title TEXT"),
    (["deck", "custom", "--data", "x.csv", "--rows"], "--rows takes a value: --rows ROWS"),
    (["graph-paper", "--pages"], "--pages takes a value: --pages 1..500"),
])
def test_first_guesses_are_answered_with_the_command_that_works(tmp_path, monkeypatch, capsys, args, says):
    monkeypatch.chdir(tmp_path)
    assert says in refused(capsys, tmp_path, *args)


def test_every_option_that_takes_a_value_shows_its_shape_in_help():
    for name, command in cli.commands.items():
        for param in command.params:
            if isinstance(param, click.Option) and not param.is_flag and not param.hidden:
                shape = param.make_metavar(click.Context(command))
                assert shape and shape != param.name.upper() or param.metavar, f"{name} {param.opts[0]}"


def test_pages_that_roll_nothing_take_one_seed_and_one_name(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    for _ in range(2):
        code, _, err = run(capsys, "sheet", "--system", "roguelike", "--force")
        assert code == 0 and "seed: " not in err.replace("seed code: ", "")
        code, _, err = run(capsys, "deck", "weapons", "--system", "roguelike", "--force")
        assert code == 0
    assert sorted(p.name for p in (tmp_path / "output").iterdir()) == ["deck-weapons-roguelike.pdf",
                                                                       "sheet-roguelike.pdf"]
    code, _, err = run(capsys, "deck", "encounters", "--system", "roguelike")  # shuffled by the seed
    assert code == 0 and "\nseed: " in "\n" + err


SEED = "Drachen höhle 🐉"


def test_a_seed_of_any_script_reads_types_and_scans_back(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "graph-paper", "--seed", SEED)
    assert code == 0
    made = tmp_path / "output" / "graph-paper-generic-Drachen_höhle.pdf"
    assert made.is_file()
    canonical = "pg4:graph-paper:generic:Drachen%20h%C3%B6hle%20%F0%9F%90%89"
    assert f"seed code: {canonical} (the seed {SEED!r})" in err
    with pikepdf.open(made) as pdf:
        assert str(pdf.docinfo["/Subject"]) == canonical
    footer = "pg4:graph-paper:generic:Drachen höhle %F0%9F%90%89"  # the footer's face has no dragon
    assert footer in page_texts(made)[0]
    for typed in (footer, canonical, f"pg4:graph-paper:generic:{SEED}", f"PG4:Graph-Paper:GENERIC:{SEED}"):
        assert str(SeedCode.parse(typed)) == canonical
        out = tmp_path / "again.pdf"
        assert run(capsys, "reproduce", typed, "-o", str(out), "--force")[0] == 0
        assert out.read_bytes() == made.read_bytes()



@pytest.mark.parametrize("args, says", [
    (["deck", "weapons", "--system", "roguelike", "--back-offset", ""], "--back-offset is empty; give it a value (X,Y)"),
    (["dungeon", "--system", "roguelike", "--rooms", " "], "--rooms is empty"),
    (["graph-paper", "--templates", ""], "--templates is empty"),
    (["dungeon", "--count", "2"], "printgen dungeon takes no --count; it is an option of printgen deck and printgen sheet"),
    (["graph-paper", "-o", "~nobody-here/maps/x.pdf"], "starts with '~', which the shell expands only unquoted"),
    (["deck", "custom", "--data", "-"], "--data reads a file, not standard input"),
])
def test_slips_get_one_line_naming_what_is_right(tmp_path, monkeypatch, capsys, args, says):
    monkeypatch.chdir(tmp_path)
    assert says in refused(capsys, tmp_path, *args)


def test_a_folder_given_as_o_is_answered_with_the_products_own_name(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pdfs").mkdir()
    code, _, err = run(capsys, "graph-paper", "-o", "pdfs")
    assert code == 2 and "give -o a file name, e.g. pdfs/graph-paper.pdf" in err


@pytest.mark.parametrize("name, content, says", [
    ("cards.csv", b"title,body\nA,b\n", "cards.csv is not a PDF, zip or picture; reproduce takes a printgen PDF"),
    ("empty.pdf", b"", "empty.pdf is empty"),
    ("cut.pdf", b"%PDF-1.7\n1 0 obj\n<<", "cut.pdf is a damaged or cut-short PDF"),
])
def test_reproduce_says_what_a_file_is_not_in_plain_words(tmp_path, monkeypatch, capsys, name, content, says):
    monkeypatch.chdir(tmp_path)
    (tmp_path / name).write_bytes(content)
    code, _, err = run(capsys, "reproduce", name)
    assert code == 2 and err.count("\n") == 1 and says in err and "trailer" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]


def test_the_seed_code_line_printgen_printed_is_read_whole(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "graph-paper", "--seed", "a b", "-o", "one.pdf")
    line = next(line for line in err.splitlines() if line.startswith("seed code: "))
    assert run(capsys, "reproduce", line, "-o", "two.pdf")[0] == 0
    assert (tmp_path / "one.pdf").read_bytes() == (tmp_path / "two.pdf").read_bytes()


class Terminal:
    """Standard output as a terminal: -o - must not pour a PDF onto it."""

    def isatty(self):
        return True


def test_o_dash_at_a_terminal_is_refused_before_any_work(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdout", Terminal())
    code = main(["dungeon", "--system", "roguelike", "--seed", "x", "-o", "-"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "which is this terminal; give -o dungeon-roguelike-x.pdf" in err
    monkeypatch.setattr("sys.stdout", None)
    assert main(["graph-paper", "-o", "-"]) == 2
    assert "standard output is closed; give -o graph-paper.pdf" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_a_run_that_fails_while_writing_leaves_no_folder_it_made(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("printgen.products.build_into", interrupted)
    assert main(["graph-paper", "-o", "new/deeper/paper.pdf"]) == 130
    assert not list(tmp_path.iterdir())


def test_a_semicolon_csv_reads_as_the_spreadsheet_wrote_it(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "semi.csv").write_text('title;body;count\nGoblin;"Hits hard; runs";2\nOrc;Big;1\n', encoding="utf-8")
    code, _, err = run(capsys, "deck", "custom", "--data", "semi.csv", "--format", "json", "-o", "d.json")
    assert code == 0, err
    import json

    cards = json.loads((tmp_path / "d.json").read_text(encoding="utf-8"))["cards"]
    assert [(c["title"], c["count"]) for c in cards] == [("Goblin", 2), ("Orc", 1)]


@pytest.mark.parametrize("variable, value, args, says", [
    ("PRINTGEN_TEMPLATES", "nope", ["graph-paper"], "PRINTGEN_TEMPLATES=nope (from the environment): no such folder"),
    ("PRINTGEN_TEMPLATES", "note.txt", ["reproduce", "pg4:graph-paper:generic:x"],
     "PRINTGEN_TEMPLATES=note.txt (from the environment): a file, not a folder"),
    ("PRINTGEN_PORT", "eighty", ["serve"], "PRINTGEN_PORT=eighty (from the environment) is read as --port"),
])
def test_a_bad_environment_variable_is_named_as_one(tmp_path, monkeypatch, capsys, variable, value, args, says):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "note.txt").write_text("x", encoding="utf-8")
    monkeypatch.setenv(variable, value)
    code, out, err = run(capsys, *args)
    assert code == 2 and err.count("\n") == 1 and says in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["note.txt"]


@pytest.mark.parametrize("rows, says", [
    ("1", "no card of ok.csv stands in those rows (its first card is in row 2, under the header)"),
    ("5-2", "'5-2' runs backwards (a range goes from its first row to its last); give --rows 2-5"),
])
def test_rows_say_what_would_be_right(tmp_path, monkeypatch, capsys, rows, says):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ok.csv").write_text("title,body\nA,b\nC,d\n", encoding="utf-8")
    code, _, err = run(capsys, "deck", "custom", "--data", "ok.csv", "--rows", rows, "-o", "x.pdf")
    assert code == 2 and says in err and not (tmp_path / "x.pdf").exists()


def test_files_named_as_another_kind_are_read_as_what_they_are(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert run(capsys, "graph-paper", "-o", "paper.pdf")[0] == 0
    (tmp_path / "scan.jpg").write_bytes((tmp_path / "paper.pdf").read_bytes())
    assert run(capsys, "reproduce", "scan.jpg", "-o", "again.pdf")[0] == 0
    assert (tmp_path / "again.pdf").read_bytes() == (tmp_path / "paper.pdf").read_bytes()
    (tmp_path / "cards.xlsx").write_text("title,body\nA,b\n", encoding="utf-8")
    code, _, err = run(capsys, "deck", "custom", "--data", "cards.xlsx")
    assert code == 2 and "a CSV named .xlsx? name it .csv" in err
