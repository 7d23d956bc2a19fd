"""The deck product: Roguelike decks, custom decks, seed codes and the command line."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from pdfutil import fonts, open_pdf, page_texts, run_cli, seed_code, subject

from printgen import products
from printgen.cards import custom
from printgen.cards.model import Card, Deck, Paragraph
from printgen.cards.sizes import CARD_SIZES
from printgen.errors import PrintgenError
from printgen.games import game
from printgen.products import build
from printgen.seed import SeedCode
from printgen.systems.roguelike import decks, rules
from printgen.words import BUILT_IN

ROOT = Path(__file__).resolve().parent.parent


ROGUELIKE = game("roguelike")


def code_for(deck: str, seed: str = "moonpie", **extra: object) -> SeedCode:
    options = {"deck": deck, "card-size": "poker", "paper": "letter", "duplex": "long", "bleed": "3",
               "crop-marks": "short", "layout": "sheet", **extra}
    return SeedCode.make("deck", "roguelike", seed, options)


def indexes(texts: list[str], title: str) -> Counter:
    return Counter(int(n) for t in texts for n in re.findall(rf"{title} (\d+)/\d+", t))


@pytest.fixture(scope="module")
def creatures_pdf() -> bytes:
    return build(code_for("creatures"))


def test_creature_deck_holds_every_creature_once(creatures_pdf):
    texts = page_texts(creatures_pdf)
    fronts = "\n".join(texts[0::2])
    assert indexes(texts, "Creatures") == Counter(range(1, 86))  # the 84 creatures and the notes card
    names = [row.result for t in rules.creature_lists() for row in rules.tables()[t].rows]
    assert len(names) == 84
    for name in names:
        assert name in fronts, name
    assert "Creatures" in texts[1] and "Creatures 1/85" not in texts[1]  # page 2 is backs only


def test_creature_cards_carry_the_rules_numbers():
    deck = decks.creatures_deck(BUILT_IN, code_for("creatures"), {})
    by_name = {card.title: card for card in deck.cards}
    vampire = by_name["Vampire"]
    assert [(s.label, s.value) for s in vampire.stats] == [
        ("Health", "3d6"), ("Damage", "3d6"), ("Speed", "8"), ("Attack", "5"), ("Defense", "8")]
    # Vampire poison deals no Health damage: no 3-a-round Poison badge, and the card says so.
    assert vampire.tags == ()
    assert "no Health damage" in " ".join(p.text for p in vampire.body)
    assert by_name["Green Jelly"].tags == ("Poison",)
    for name, gold in (("Metal Elemental", 50), ("Fused Elemental", 20)):
        text = " ".join(p.text for p in by_name[name].body)
        assert f"{gold} gold pieces in place of a Loot card" in text and "draw a Loot card (or roll" not in text
    assert by_name["Jelly Bear"].tags == ("Paralyze",) and by_name["Black Jelly"].tags == ("Curse",)
    assert "Undead" in vampire.kicker and "Types 1 & 3" in vampire.kicker
    rival = by_name["Commercial At Character"]
    body = " ".join(p.lead + " " + p.text for p in rival.body)
    assert "Priest" in body and "Hairfoot" in body and "Rusty Dagger" in body


@pytest.mark.sweep
@pytest.mark.parametrize("size", ("poker", "bridge", "tarot", "mini", "square"))
@pytest.mark.parametrize("name", ROGUELIKE.decks)
def test_every_roguelike_deck_fits_every_card_size(name, size):
    pdf = open_pdf(build(code_for(name, **{"card-size": size})))
    assert all(fonts(pdf).values())


@pytest.mark.parametrize("name", ["loot", "traps"])
def test_dice_decks_hold_each_result_as_often_as_2d6_rolls_it(name):
    deck = products.game_module(ROGUELIKE, "deck").DECKS[name](BUILT_IN, code_for(name), {})
    table = rules.tables()[name]
    *drawn, notes = deck.cards
    assert [card.count for card in drawn] == [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
    assert len(deck.printed_cards()) == 36 + 1 and notes.reference  # the 36 falls, and the notes card
    assert len(drawn) == len(table.rows)
    texts = page_texts(build(code_for(name)))
    assert indexes(texts, deck.title) == Counter(range(1, 38))
    fronts = " ".join(" ".join(texts[0::2]).split())
    for row, card in zip(table.rows, drawn):
        # The chance, in words a card number ("Loot 2/37") cannot be taken for.
        chances = "1 chance" if card.count == 1 else f"{card.count} chances"
        assert fronts.count(f"· {row.roll_text} on {table.die_text} · {chances} in 36") == card.count
    assert " of 36" not in fronts


def test_encounter_deck_replaces_the_dice_and_is_shuffled_by_the_seed():
    first = decks.encounters_deck(BUILT_IN, code_for("encounters", seed="a"), {})
    again = decks.encounters_deck(BUILT_IN, code_for("encounters", seed="a"), {})
    other = decks.encounters_deck(BUILT_IN, code_for("encounters", seed="b"), {})
    assert first.cards[-1].reference  # the notes card comes last, after the 36 shuffled cards
    first, again, other = (replace(deck, cards=deck.cards[:-1]) for deck in (first, again, other))
    totals = Counter(int(card.stats[0].value) for card in first.cards)
    assert totals == Counter({t: 6 - abs(7 - t) for t in range(2, 13)})
    assert first == again
    assert [c.kicker for c in first.cards] != [c.kicker for c in other.cards]
    rooms, corridors = rules.tables()["room-features"], rules.tables()["corridor-features"]
    seven = next(card for card in first.cards if card.stats[0].value == "7")
    assert rooms.lookup(7)["contents_kind"] == "stairs-down" and "staircase down" in seven.body[0].text.lower()
    assert corridors.lookup(7)["contents_kind"] == "trap" and "Trap card" in seven.body[1].text


def test_a_seed_code_reproduces_the_file(creatures_pdf):
    assert build(code_for("creatures")) == creatures_pdf
    assert subject(open_pdf(creatures_pdf)) == str(products.canonical(code_for("creatures")))
    assert build(code_for("encounters", seed="x")) != build(code_for("encounters", seed="y"))


CSV = """title,body,count,back,Power,Cost
Fire Bolt,"Deal 3 damage. <b>not bold</b> {{ not_a_template }}",2,,3,1
Shield,Block the next hit.,1,Spells,,2
"""


def test_custom_csv_deck(tmp_path):
    path = tmp_path / "my-deck.csv"
    path.write_text(CSV, encoding="utf-8")
    code = products.canonical(seed_code("deck", "roguelike", "s", deck="custom", paper="a4", data=str(path),
                                        data_sha256=custom.file_digest(path)))
    data = build(code)
    texts = page_texts(data)
    assert indexes(texts, "My Deck") == Counter({1: 1, 2: 1, 3: 1})
    words = " ".join(texts[0].split())
    assert "<b>not bold</b>" in words and "{{ not_a_template }}" in words
    assert "POWER" in texts[0] and "COST" in texts[0]
    assert "Spells" in texts[1]  # the Shield's own back
    # The seed code pins the file: a changed or missing file is refused.
    path.write_text(CSV.replace("3 damage", "4 damage"), encoding="utf-8")
    with pytest.raises(PrintgenError, match="changed"):
        build(code)
    path.unlink()
    with pytest.raises(PrintgenError, match=r"made from its own files: .*my-deck.csv \(sha256 [0-9a-f]{16}…\); "
                                            r".*my-deck.csv is not in "):
        build(code)


def test_custom_yaml_deck(tmp_path):
    path = tmp_path / "quests.yaml"
    path.write_text("title: Quests\nback: Quest\ncards:\n  - {title: Find the ring, body: It is somewhere., count: 3, Reward: 5}\n",
                    encoding="utf-8")
    deck = custom.load_deck(path)
    assert deck.title == "Quests" and len(deck.printed_cards()) == 3
    assert deck.cards[0].back == "Quest" and deck.cards[0].stats[0].value == "5"


@pytest.mark.parametrize(
    "content, message",
    [
        ("title,count\nA,1\n", "no 'text' (or 'body') column"),
        ("title,body,count\nA,text,three\n", "row 2: count 'three' is not a whole number"),
        ("title,body,count\nA,text,²\n", "row 2: count '²' is not a whole number"),
        ("title,body,count\nA,text,٣\n", "row 2: count '٣' is not a whole number"),
        ("title,body\nA,\"" + "far too many words " * 600 + "\"\n", "row 2 (A): the text does not fit"),
        ("title,body\n,text\n", "row 2: the title is empty"),
    ],
)
def test_bad_custom_data_is_one_line_and_writes_nothing(tmp_path, content, message):
    path = tmp_path / "bad.csv"
    path.write_text(content, encoding="utf-8")
    out = tmp_path / "out.pdf"
    result = run_cli("deck", "custom", "--data", str(path), "--seed", "s", "-o", str(out), cwd=ROOT)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0] and "bad.csv" in lines[0]
    assert not out.exists()


def test_command_line_errors(tmp_path):
    out = tmp_path / "x.pdf"
    for args, message in [
        (["deck", "dragons"], "the deck must be one of all, armor,"),
        (["deck", "wepons"], "not 'wepons'; did you mean weapons?"),
        (["deck", "dragons", "--system", "roguelike"], "the roguelike deck must be one of creatures, weapons"),
        (["deck", "creatures", "--card-size", "huge"], "--card-size"),
        (["deck", "custom", "--data", str(tmp_path / "missing.csv")], "no such file"),
        (["deck", "custom"], "needs its cards"),
        (["deck", "loot", "--back-offset", "1;2"], "not two numbers"),
    ]:
        result = run_cli(*args, "-o", str(out), cwd=ROOT)
        assert result.returncode == 2, args
        assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert not out.exists()


def test_command_line_writes_and_reproduces(tmp_path):
    out = tmp_path / "enc.pdf"
    result = run_cli("deck", "encounters", "--system", "roguelike", "--seed", "moonpie", "--paper", "a4", "-o", str(out),
                     cwd=ROOT)
    assert result.returncode == 0, result.stderr
    again = tmp_path / "again.pdf"
    result = run_cli("reproduce", str(out), "-o", str(again), cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert again.read_bytes() == out.read_bytes()


def test_json_format_gives_the_deck_as_data():
    import json

    data = json.loads(build(code_for("loot", format="json")))
    assert data["seed_code"].startswith("pg4:deck:roguelike:moonpie:")
    assert data["printed"] == 37 and len(data["cards"]) == 12
    assert data["cards"][0]["stats"] == [{"label": "Points", "value": "1", "note": ""}]


@pytest.mark.parametrize(
    "name, content, message",
    [
        ("binary.csv", b"\xff\xfe\x00\x81title", "not UTF-8"),
        ("broken.yaml", b"cards: [title: x\n", "not readable as YAML"),
        ("notes.txt", b"title,body\nA,b\n", "give a .csv, .xlsx, .yaml or .yml file"),
        ("cards.yaml", b"- {title: A}\n", "card 1 has no text"),
    ],
)
def test_unreadable_custom_files_are_named(tmp_path, name, content, message):
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(PrintgenError, match=message) as caught:
        custom.load_deck(path)
    assert name in str(caught.value) and "\n" not in str(caught.value)


def test_list_names_the_decks_and_card_sizes():
    result = run_cli("list", cwd=ROOT)
    assert result.returncode == 0
    assert "creatures, weapons, armor, spells, miracles, traps, loot, encounters, custom" in result.stdout
    assert "poker, 63.5 × 88.9 mm" in result.stdout and "square" in result.stdout


# -- characters, shrinking text, progress -----------------------------------------

def write_csv(tmp_path: Path, rows: str, name: str = "deck.csv") -> Path:
    path = tmp_path / name
    path.write_text("title,body,count,Power\n" + rows, encoding="utf-8")
    return path


def test_symbols_the_text_faces_lack_print_from_the_symbol_face(tmp_path):
    path = write_csv(tmp_path, '"★ Star","A skull ☠ and a star ★.",1,★3\n')
    out = tmp_path / "out.pdf"
    result = run_cli("deck", "custom", "--data", str(path), "--seed", "s", "-o", str(out), cwd=ROOT)
    assert result.returncode == 0, result.stderr
    found = fonts(open_pdf(out))
    assert any("PGSymbols" in name for name in found) and all(found.values())
    text = page_texts(out)[0]
    assert "★ Star" in text and "☠" in text and "★3" in text


def test_a_character_in_no_font_is_refused_naming_it_and_its_card(tmp_path):
    path = write_csv(tmp_path, "Star,A star ★.,1,1\nDragon,The 龍 sleeps.,1,2\n")
    out = tmp_path / "out.pdf"
    result = run_cli("deck", "custom", "--data", str(path), "--seed", "s", "-o", str(out), cwd=ROOT)
    assert result.returncode == 2
    [line] = result.stderr.strip().splitlines()
    assert "'龍' (U+9F8D)" in line and "row 3" in line
    assert not out.exists()


SHRUNK_BODY = "many words " * 125  # fits a poker card only at 5.5 pt: legible, but smaller than 6


def test_cards_whose_text_shrank_below_6_pt_are_named_in_one_warning(tmp_path):
    from printgen.cards.text_face import prepare

    deck = Deck("t", "T", ())
    assert 5 <= prepare(BUILT_IN, Card("Long", body=(Paragraph(SHRUNK_BODY),)), deck, CARD_SIZES["poker"]).body.size < 6
    path = write_csv(tmp_path, f'Short,A few words.,1,1\nWordy,"{SHRUNK_BODY}",1,2\nAlso wordy,"{SHRUNK_BODY}",2,3\n')
    out = tmp_path / "out.pdf"
    result = run_cli("deck", "custom", "--data", str(path), "--seed", "s", "-o", str(out), cwd=ROOT)
    assert result.returncode == 0 and out.exists()
    warnings = [line for line in result.stderr.splitlines() if "warning" in line]
    assert len(warnings) == 1
    assert "2 cards" in warnings[0] and "row 3" in warnings[0] and "row 4" in warnings[0]
    assert "row 2" not in warnings[0]
    quiet = run_cli("deck", "custom", "--data", str(write_csv(tmp_path, "Short,A few words.,1,1\n", "ok.csv")),
                    "--seed", "s", "-o", str(tmp_path / "ok.pdf"), cwd=ROOT)
    assert "warning" not in quiet.stderr


@pytest.mark.parametrize("size", ["poker", "mini"])
def test_stat_labels_are_at_least_6_pt_and_every_stat_has_its_box(size):
    from printgen.cards.face_kinds import prepare_face

    deck = decks.creatures_deck(BUILT_IN, code_for("creatures"), {})
    for card in deck.cards:
        face = prepare_face(BUILT_IN, card, deck, CARD_SIZES[size])
        assert all(box.label_size >= 6 for box in face.stats), card.title
        assert [box.label for box in face.stats] == [stat.label for stat in card.stats], card.title


def test_a_large_deck_says_it_is_laying_out_and_prints_the_same_bytes(tmp_path):
    from printgen.cards.progress import LARGE_DECK

    path = write_csv(tmp_path, f"Goblin,A goblin.,{LARGE_DECK},1\n")
    out = tmp_path / "out.pdf"
    result = run_cli("deck", "custom", "--data", str(path), "--seed", "s", "--duplex", "none", "-o", str(out), cwd=ROOT)
    assert result.returncode == 0
    assert f"laying out {LARGE_DECK:,} cards" in result.stderr
    code = SeedCode.parse(result.stderr.split("seed code: ")[1].strip())
    from printgen.products import request
    from printgen.sources import Sources

    # Named by its name alone, found as reproduce --data-dir finds it.
    assert build(request(code, Sources(search=(tmp_path,)))) == out.read_bytes()


def test_progress_on_a_terminal_counts_up_in_place():
    import io

    from printgen.cards.progress import Progress

    stream = io.StringIO()
    progress = Progress(stream, live=True)
    progress.start(1000)
    for _ in range(1000):
        progress.advance(1)
    shown = stream.getvalue()
    assert shown.count("\r") == 101 and shown.endswith("100 %\n") and "  1 %" in shown


def test_no_roguelike_card_says_a_thing_twice():
    """A card states each rule once: no run of five words comes twice in its text (the Boa Constrictor's
    squeeze was said by its Constrict rule and again by its note). An encounter card is two cards in one,
    a room's contents and a corridor's, and may well say the same of both."""
    for name, build_deck in products.game_module(ROGUELIKE, "deck").DECKS.items():
        if name == "encounters":
            continue
        for card in build_deck(BUILT_IN, code_for(name), {}).cards:
            words = re.findall(r"[a-z0-9]+", " ".join(p.lead + " " + p.text for p in card.body).lower())
            runs = Counter(tuple(words[i:i + 5]) for i in range(len(words) - 4))
            assert not [run for run, n in runs.items() if n > 1], (name, card.title, card.body)


HEAVY = ("pikepdf", "yaml", "tinycss2", "weasyprint", "urllib.request", "fontTools")  # a deck on sheets needs none


def imported_by_a_deck(folder: Path, cache: Path) -> list[str]:
    """Which of HEAVY a fresh process imports to make a built-in deck on sheets, its cache folder ``cache``."""
    import os
    import subprocess
    import sys

    script = ("import sys; from printgen.cli import main; "
              "assert main(['deck', 'exploration', '--system', 'card-rogue', '--seed', 'bi', '-q', '-o', sys.argv[1], "
              "'--force']) == 0; "
              f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", script, str(folder / "deck.pdf")], capture_output=True, text=True,
                            check=True, env={**os.environ, "PRINTGEN_CACHE": str(cache)})
    return eval(result.stdout.strip().splitlines()[-1])


def test_a_deck_on_sheets_imports_no_composer_and_no_layout_reader(tmp_path):
    """A built-in deck drawn on sheets imports neither pikepdf (a print shop's press file is composed with it)
    nor the readers of a layout of one's own (YAML, CSS), nor WeasyPrint, nor urllib.request (segno's writers
    import it: render/qr.py takes its encoder alone): about a sixth of the run's time; nor fontTools, whether
    its icons' outlines are read afresh (cards/svg_path.py) or back from the cache folder."""
    assert imported_by_a_deck(tmp_path, tmp_path / "cache") == []  # cold
    assert imported_by_a_deck(tmp_path, tmp_path / "cache") == []  # warm
