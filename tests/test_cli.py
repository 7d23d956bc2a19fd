"""The command line as a user meets it: output files, seeds, reproduce, errors."""

import re

import pytest
from help_examples import examples_in, help_texts
from pdfutil import open_pdf, run_cli, subject

from printgen.cli import main


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_default_output_path_and_seed_code(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "graph-paper", "--seed", "moonpie")
    assert code == 0
    assert (tmp_path / "output" / "graph-paper-generic-moonpie.pdf").is_file()
    assert "seed code: pg4:graph-paper:generic:moonpie\n" in err and out == ""


def test_no_seed_picks_and_prints_one(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "challenge")
    assert code == 0
    seed = err.split("seed: ")[1].split()[0]
    assert (tmp_path / "output" / f"challenge-card-rogue-{seed}.pdf").is_file()


def test_never_overwrites_without_force(tmp_path, capsys):
    target = tmp_path / "paper.pdf"
    target.write_bytes(b"precious")
    code, out, err = run(capsys, "graph-paper", "--seed", "x", "-o", str(target))
    assert code == 2
    assert err.count("\n") == 1 and "already exists" in err and "--force" in err
    assert target.read_bytes() == b"precious"
    code, _, _ = run(capsys, "graph-paper", "--seed", "x", "-o", str(target), "--force")
    assert code == 0 and target.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize(
    "args, words",
    [
        (["graph-paper", "--paper", "legal"], "--paper must be one of letter, a4, not 'legal'"),
        (["graph-paper", "--grid", "7mm"], "--grid must be one of quarter-inch, 5mm, inch, hex, not '7mm'"),
        (["graph-paper", "--pages", "0"], "--pages must be a whole number from 1 to 500, not '0'"),
        (["graph-paper", "--pages", "many"], "--pages must be a whole number from 1 to 500, not 'many'"),
        (["graph-paper", "--pages", "²"], "--pages must be a whole number from 1 to 500, not '²'"),
        (["graph-paper", "--seed", "  "], "--seed is empty"),
        (["graph-paper", "--bogus"], "No such option '--bogus'"),
        (["bogus-command"], "No such command 'bogus-command'"),
        (["reproduce", "not-a-code"], "is not a seed code"),
        (["reproduce", "missing.pdf"], "no such file"),
        (["reproduce", "pg7:graph-paper:generic:x:"], "format version 7"),
        (["reproduce", "pg2:graph-paper:generic:x:pages=1"], "made by format version 2"),  # before the footer and font changes
        (["reproduce", "pg4:graph-paper:amulet:x:"], "the system of graph-paper must be one of generic, not 'amulet'"),
        (["reproduce", "pg4:nothing:generic:x:"], "the product must be one of challenge, deck, dungeon, graph-paper"),
        (["reproduce", "pg4:dungeon:rogulike:x:"], "not 'rogulike'; did you mean roguelike?"),
        (["reproduce", "pg4:graph-paper:generic:x:pages=lots"], "pages must be a whole number"),
    ],
)
def test_bad_input_is_one_line_and_exit_code_two(tmp_path, monkeypatch, capsys, args, words):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *args)
    assert code == 2
    assert err.startswith("printgen: error: ") and err.count("\n") == 1, err
    assert words in err
    assert not (tmp_path / "output").exists() or not any((tmp_path / "output").iterdir())


def test_reproduce_from_a_pdf_and_from_a_code_gives_identical_bytes(tmp_path, capsys):
    first = tmp_path / "first.pdf"
    assert main(["graph-paper", "--paper", "a4", "--grid", "hex", "--pages", "2", "--seed", "share me", "-o", str(first)]) == 0
    code_text = subject(open_pdf(first))
    from_pdf, from_code = tmp_path / "from-pdf.pdf", tmp_path / "from-code.pdf"
    assert main(["reproduce", str(first), "-o", str(from_pdf)]) == 0
    assert main(["reproduce", code_text, "-o", str(from_code)]) == 0
    assert first.read_bytes() == from_pdf.read_bytes() == from_code.read_bytes()


def test_a_pdf_that_is_not_printgens_is_refused(tmp_path, capsys):
    stranger = tmp_path / "stranger.pdf"
    stranger.write_bytes(b"not a pdf at all")
    code, _, err = run(capsys, "reproduce", str(stranger))
    assert code == 2 and "is not a PDF, zip or picture" in err


def test_help_shows_examples():
    for args in (["--help"], ["graph-paper", "--help"], ["reproduce", "--help"]):
        result = run_cli(*args)
        assert result.returncode == 0 and "Examples:" in result.stdout


def test_bad_option_from_a_real_process_has_no_traceback(tmp_path):
    result = run_cli("graph-paper", "--paper", "legal", cwd=tmp_path)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1


def test_list_names_products_papers_and_grids(capsys):
    code, out, _ = run(capsys, "list")
    assert code == 0
    for word in ("graph-paper", "letter", "a4", "quarter-inch", "hex"):
        assert word in out


HELP = help_texts()


@pytest.mark.parametrize("command", sorted(HELP))
def test_every_help_example_runs_as_written_and_makes_what_its_numbers_say(command, tmp_path, monkeypatch, capsys):
    """Each example runs in an empty folder, in order; every number of its comment is a count of what it made
    (tests/example_facts.py)."""
    from example_facts import facts, numbers_in

    from printgen.seed import SeedCode

    examples = examples_in(HELP[command])
    assert examples or command in ("list", "templates"), f"{command} --help gives no examples"
    monkeypatch.chdir(tmp_path)
    for args, comment in examples:
        if args[0] == "serve":
            _serves(args, tmp_path)
            continue
        code = main(args)
        _, err = capsys.readouterr()
        example = f"printgen {' '.join(args)} (in {command} --help)"
        assert code == 0, f"{example}: {err}"
        said = numbers_in(comment)
        if not said:
            continue
        written = re.search(r"^wrote (.+?)(?: \(made the folder.*\))?$", err, re.MULTILINE)
        made = facts(SeedCode.parse(err.split("seed code: ")[1].split()[0]), tmp_path / written.group(1))
        assert set(said) <= made, f"{example} says {said} in '{comment}'; what it made counts {sorted(made)}"


def _serves(args: list[str], folder) -> None:
    """A serve example runs until stopped: it must be serving, then stop cleanly on Ctrl-C."""
    import os
    import signal
    import subprocess
    import sys

    # Any free port where the example leaves the default (8000 may be taken on a test machine); no browser.
    env = {**os.environ, "PRINTGEN_PORT": "0", "BROWSER": "true"}
    # Ctrl-C as a terminal sends it, even where the tests run in the background (a shell's background jobs
    # ignore SIGINT, and so would the server).
    server = subprocess.Popen([sys.executable, "-m", "printgen", *args], cwd=folder, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, env=env,
                              preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        line = server.stdout.readline()
        assert "printgen studio: http://127.0.0.1:" in line, line
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=30)


def progress_lines(capsys, monkeypatch, *args, fork=True):
    """The progress lines of a run as if it took longer than SPEAK_AFTER (so every step is told)."""
    from printgen import progress
    from printgen.render import parallel

    monkeypatch.setattr(progress, "SPEAK_AFTER", 0.0)
    if fork:  # as on a machine with a core to spare, however busy this one is
        monkeypatch.setattr(parallel.os, "cpu_count", lambda: 2)
        monkeypatch.setattr(parallel, "busy_cores", lambda: 1)
    else:
        monkeypatch.setattr(parallel, "can_fork", lambda: False)
    code, out, err = run(capsys, *args)
    assert code == 0 and out == "", err
    return [line for line in err.splitlines() if line.startswith("printgen: ")]


def test_a_long_run_tells_every_step_in_one_order_forked_or_not(tmp_path, monkeypatch, capsys):
    args = ("dungeon", "--system", "roguelike", "--levels", "2", "--seed", "far", "-o", str(tmp_path / "d.pdf"),
            "--force")
    forked = progress_lines(capsys, monkeypatch, *args)
    assert forked == progress_lines(capsys, monkeypatch, *args)
    assert forked == progress_lines(capsys, monkeypatch, *args, fork=False)
    assert forked[0] == "printgen: rolled 2 levels" and forked[-1].startswith("printgen: joined")
    assert sum(line.startswith("printgen: drew 1 page: ") for line in forked) == 4  # each level's two maps


@pytest.mark.parametrize("args", [
    ("graph-paper",), ("deck", "monsters", "--system", "amulet"), ("deck", "weapons", "--vendor", "drivethrucards"),
    ("sheet", "--system", "amulet"), ("sheet", "--system", "rlrl", "--count", "3", "--format", "json"),
    ("reference", "--system", "card-rogue"), ("challenge",), ("dungeon", "--system", "amulet", "--levels", "1"),
    ("dungeon", "--system", "rlrl", "--format", "json"),
])
def test_every_product_tells_its_steps_in_right_numbers(tmp_path, monkeypatch, capsys, args):
    suffix = "json" if "json" in args else "pdf"
    lines = progress_lines(capsys, monkeypatch, *args, "--seed", "steps", "-o", str(tmp_path / f"out.{suffix}"))
    assert lines, f"printgen {' '.join(args)} tells no step"
    for line in lines:
        assert not re.search(r"(?<![0-9,.])1 [a-z]+s\b|(?<![0-9,.])0 [a-z]", line), line


def test_quiet_silences_every_line_and_the_file_is_the_same(tmp_path, monkeypatch, capsys):
    from printgen import progress

    monkeypatch.setattr(progress, "SPEAK_AFTER", 0.0)
    code, out, err = run(capsys, "graph-paper", "--pages", "60", "-o", str(tmp_path / "q.pdf"), "--quiet")
    assert code == 0 and out == "" and err == ""
    code, out, err = run(capsys, "graph-paper", "--pages", "60", "-o", str(tmp_path / "l.pdf"))
    assert err.splitlines()[0] == "printgen: writing 60 pages of graph paper…"
    assert (tmp_path / "q.pdf").read_bytes() == (tmp_path / "l.pdf").read_bytes()


def test_a_long_product_says_how_many_pages_before_it_starts_however_quick(tmp_path, capsys):
    code, _, err = run(capsys, "sheet", "--system", "rlrl", "--count", "60", "--seed", "many",
                       "-o", str(tmp_path / "s.pdf"))
    lines = err.splitlines()
    assert code == 0 and lines[:2] == ["printgen: rolled 60 characters", "printgen: writing 60 pages of character "
                                                                        "sheets…"], err


def test_folders_made_for_o_are_said(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "graph-paper", "-o", "nodir/sub/paper.pdf")
    assert code == 0 and err.splitlines()[0] == "wrote nodir/sub/paper.pdf (made the folders nodir, nodir/sub)"
    code, _, err = run(capsys, "graph-paper", "-o", "nodir/sub/again.pdf")
    assert err.splitlines()[0] == "wrote nodir/sub/again.pdf"


def test_a_quick_run_says_only_what_it_wrote(tmp_path, capsys):
    code, out, err = run(capsys, "graph-paper", "--seed", "quick", "-o", str(tmp_path / "g.pdf"))
    assert code == 0 and out == ""
    assert [line.split(" ")[0] for line in err.splitlines()] == ["wrote", "seed"]


def test_dash_o_writes_the_file_to_standard_output(tmp_path):
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "printgen", "graph-paper", "--seed", "piped", "-o", "-"],
                          capture_output=True, cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.startswith(b"%PDF")
    assert b"seed code: pg4:graph-paper:generic:piped" in done.stderr
    assert not list(tmp_path.iterdir())  # no file called '-'
    quiet = subprocess.run([sys.executable, "-m", "printgen", "graph-paper", "--seed", "piped", "-o", "-", "-q"],
                           capture_output=True, cwd=tmp_path)
    assert quiet.stdout == done.stdout and quiet.stderr == b""


@pytest.mark.parametrize("args, words", [
    (["sheet", "--system", "rogulike"], "--system must be one of amulet, ascii-hack, card-rogue, rlrl, roguelike, "
                                        "not 'rogulike'; did you mean roguelike?"),
    (["deck", "wepons"], "the deck must be one of "),
    (["deck", "wepons"], "not 'wepons'; did you mean weapons?"),
    (["deck", "weapons", "--card-size", "huge"], "--card-size 'huge' is neither a named size (poker, bridge, tarot, "
                                                 "mini, square) nor a width by a height in mm or in, e.g. 63x88mm"),
    (["deck", "weapons", "--card-size", "tarrot"], "or 88x63mm; did you mean tarot?"),
    (["deck", "weapons", "--vendor", "drivethru"], "--vendor must be one of "),
    (["deck", "weapons", "--vendor", "drivethrucard"], "did you mean drivethrucards?"),
    (["dungeon", "--system", "roguelike", "--map-style", "hached"], "did you mean hatched?"),
    (["graph-paper", "--grid", "hexx"], "--grid must be one of quarter-inch, 5mm, inch, hex, not 'hexx'; "
                                        "did you mean hex?"),
    (["graph-paper", "--paper", "A5"], "--paper must be one of letter, a4, not 'A5'; did you mean a4?"),
    (["sheet"], "--system is needed: sheet is made for amulet, ascii-hack, card-rogue, rlrl, roguelike"),
])
def test_every_choice_refused_in_one_phrasing_with_the_nearest(tmp_path, monkeypatch, capsys, args, words):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *args, "--seed", "x")
    assert code == 2 and err.startswith("printgen: error: ") and err.count("\n") == 1, err
    assert words in err, err
    assert not (tmp_path / "output").exists()


@pytest.mark.parametrize("args, code", [
    (["sheet", "--system", "Roguelike"], "pg4:sheet:roguelike:x"),
    (["deck", "Weapons", "--card-size", "Tarot"], "pg4:deck:roguelike:x:card-size=tarot,deck=weapons"),
    (["graph-paper", "--paper", "A4", "--grid", "HEX"], "pg4:graph-paper:generic:x:grid=hex,paper=a4"),
    (["Dungeon", "--System", "AMULET", "--levels", "1", "--format", "JSON"], "pg4:dungeon:amulet:x:format=json,levels=1"),
])
def test_choices_are_taken_whatever_their_case(tmp_path, capsys, args, code):
    out = tmp_path / ("out.json" if "JSON" in args else "out.pdf")  # the dungeon as data: its booklet takes seconds
    done, _, err = run(capsys, *args, "--seed", "x", "-o", str(out))
    assert done == 0, err
    assert f"seed code: {code}\n" in err


def test_a_product_made_for_one_game_needs_no_system(tmp_path, capsys):
    code, _, err = run(capsys, "challenge", "--seed", "x", "-o", str(tmp_path / "c.pdf"))
    assert code == 0, err
    assert "seed code: pg4:challenge:card-rogue:x" in err


def test_a_schema_name_is_a_choice_like_any_other(capsys):
    code, out, err = run(capsys, "schema", "dungon")
    assert code == 2 and "the schema NAME must be one of dungeon, solo, not 'dungon'; did you mean dungeon?" in err
    code, out, err = run(capsys, "schema", "Dungeon")
    assert code == 0 and '"$schema"' in out


@pytest.mark.parametrize("args, kind", [
    (["graph-paper", "-o", "paper.png"], b"\x89PNG"),
    (["graph-paper", "-o", "paper.PDF"], b"%PDF"),
    (["sheet", "--system", "roguelike", "-o", "sheet.zip"], b"PK"),
    (["dungeon", "--system", "roguelike", "--levels", "1", "-o", "dungeon.json"], b"{"),
    (["deck", "armor", "--vendor", "thegamecrafter", "-o", "faces.zip"], b"PK"),
])
def test_the_format_follows_the_extension_of_o(tmp_path, monkeypatch, capsys, args, kind):
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, *args, "--seed", "x")
    assert code == 0, err
    assert (tmp_path / args[-1]).read_bytes().startswith(kind)


@pytest.mark.parametrize("args, words", [
    (["graph-paper", "--format", "png", "-o", "paper2.pdf"], "--format png makes one .png, not .pdf; give -o paper2.png"),
    (["sheet", "--system", "roguelike", "--format", "png", "-o", "sheet.png"],
     "2 pages are written as a zip of pictures, not one .png; give -o sheet.zip"),
    (["sheet", "--system", "roguelike", "-o", "sheet.png"], "give -o sheet.zip"),
    (["graph-paper", "-o", "one.zip"], "one page is written as a .png, not a zip; give -o one.png"),
    (["dungeon", "--system", "roguelike", "--format", "uvtt", "-o", "name"], "-o name has no extension; give -o name.zip"),
    (["dungeon", "--system", "roguelike", "-o", "d.zip"], "-o d.zip could be --format uvtt or --format png"),
    (["graph-paper", "-o", "p.json"], "graph-paper is written as .pdf, .png, .zip, not .json; give -o p.pdf"),
    (["deck", "armor", "--vendor", "thegamecrafter", "--format", "pdf", "-o", "x.pdf"], "give -o x.zip"),
    (["reproduce", "pg4:graph-paper:generic:x", "-o", "r.png"], "this seed code makes a .pdf, not .png; give -o r.pdf"),
])
def test_an_extension_that_contradicts_the_format_is_refused_and_nothing_written(tmp_path, monkeypatch, capsys, args,
                                                                                  words):
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, *args, *(["--seed", "x"] if args[0] != "reproduce" else []))
    # A run that took over a second (a cold worker) tells its steps first; the refusal is one line, the last.
    errors = [line for line in err.splitlines() if not line.startswith("printgen: ") or line.startswith("printgen: error: ")]
    assert code == 2 and errors == [err.splitlines()[-1]] and words in errors[0], err
    assert not list(tmp_path.iterdir())


def test_a_built_in_deck_too_full_for_a_size_names_the_sizes_it_fits(tmp_path, capsys):
    code, _, err = run(capsys, "deck", "references", "--system", "card-rogue", "--card-size", "mini", "--seed", "x",
                       "-o", str(tmp_path / "r.pdf"))
    assert code == 2 and err.count("\n") == 1 and "shorten" not in err, err
    named = re.search(r"fits on (.+) cards: give --card-size (.+)$", err.strip())
    assert named and named.group(1) == named.group(2) == "poker, bridge or tarot", err
    for size in ("poker", "bridge", "tarot"):  # each size named does print the deck
        assert main(["deck", "references", "--system", "card-rogue", "--card-size", size, "--seed", "x", "-q",
                     "-o", str(tmp_path / f"{size}.pdf")]) == 0
    assert not (tmp_path / "r.pdf").exists()


def test_help_says_each_thing_once_and_right():
    """The slips a newcomer met: a sheet's ink saver spoke of a deck's backs, --sheet had no NAME, serve wrote
    ranges its own way, the list of commands cut summaries mid-sentence."""
    sheet_ink = HELP["sheet"].split("--ink-saver", 1)[1].split("\n  --", 1)[0]
    assert "deck" not in sheet_ink and "back" not in sheet_ink
    assert re.search(r"^  --sheet NAME ", HELP["deck"], re.MULTILINE)
    assert "<=" not in HELP["serve"] and "--port 0..65535" in HELP["serve"] and "--workers 1..32" in HELP["serve"]
    for text in HELP.values():
        assert not re.search(r"\[[^\]]*<=x", text)  # every range is written 1..200
    assert "..." not in HELP["printgen"].split("Commands:")[1].split("Examples:")[0]


def test_a_missing_data_file_names_every_kind_of_file_a_deck_is_read_from(tmp_path, capsys):
    for args in (["deck", "custom"], ["deck", "custom", "--data", str(tmp_path / "missing.csv")]):
        code, _, err = run(capsys, *args, "--seed", "x", "-o", str(tmp_path / "d.pdf"))
        assert code == 2 and "xlsx" in err.lower(), err


def test_one_run_reads_its_seed_code_once_and_its_template_folder_once(tmp_path, monkeypatch, capsys):
    """A command line's code is made and read once (it was made and read three times), and a --templates
    folder is fingerprinted once (it was each time), however far the file travels."""
    from printgen import products
    from printgen.render import user_templates

    folder = tmp_path / "mine"
    user_templates.export(folder)
    requests, digests = [], []
    request, digest = products.request, user_templates.digest
    monkeypatch.setattr(products, "request", lambda *a, **k: requests.append(1) or request(*a, **k))
    monkeypatch.setattr(user_templates, "digest", lambda *a: digests.append(1) or digest(*a))
    code, _, err = run(capsys, "graph-paper", "--seed", "once", "--templates", str(folder), "-o",
                       str(tmp_path / "paper.pdf"))
    assert code == 0, err
    assert (len(requests), len(digests)) == (1, 1)
