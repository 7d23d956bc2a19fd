"""Default file names: what makes a file different is in its name, the same request always gets the same name,
and two different requests never share one."""

from __future__ import annotations

import re

import pytest

from printgen import products
from printgen.cli import main
from printgen.errors import PrintgenError
from printgen.products import file_names
from printgen.seed import SeedCode

NAME = re.compile(r"[A-Za-z0-9._-]+")


def variants(product: products.Product, system: str) -> list[SeedCode]:
    """A code for each option of ``product`` at each value it can take apart from its default (whole numbers
    at both ends of their range), one option at a time, and the code at every default."""
    base = {"deck": next(iter(products.deck.system_decks(system)), "custom")} if product.argument else {}
    found = [SeedCode.make(product.name, system, "names", base)]
    for option in product.options(system, base):
        if not option.typed or option.name in base:
            continue
        if option.flag:
            values = ["yes"]
        elif option.choices:
            values = list(option.choices)
        elif option.pair:
            values = ["1x-1"]
        elif option.number:
            values = [str(option.high).rstrip("0").rstrip(".")]
        elif option.low is not None:
            values = [str(option.low), str(option.high)]
        else:
            continue
        for value in values:
            given = {**base, option.name: value}
            if option.when is not None:
                given[option.when[0]] = option.when[1]
            found.append(SeedCode.make(product.name, system, "names", given))
    return found


def named(code: SeedCode) -> tuple[SeedCode, str] | None:
    try:
        request = products.request(code)
    except PrintgenError:
        return None  # options that contradict: no file, no name
    return request.code, f"{request.product.file_stem(request)}.{products.suffix(request)}"


@pytest.mark.parametrize("product", sorted(products.all_products()))
def test_every_option_away_from_its_default_makes_another_name(product):
    made = products.all_products()[product]
    names: dict[str, SeedCode] = {}
    for system in made.systems():
        if product == "deck" and system == "generic":
            continue  # custom decks need a file: below
        for code in variants(made, system):
            result = named(code)
            if result is None:
                continue
            canonical, name = result
            assert NAME.fullmatch(name) and len(name) <= file_names.MAX_STEM + 6, name
            assert named(canonical)[1] == name  # the same request, the same name
            assert names.setdefault(name, canonical) == canonical, f"{canonical} and {names[name]} share {name}"


@pytest.mark.parametrize("args, name", [
    (["sheet", "--system", "amulet", "--seed", "sh1"], "sheet-amulet-sh1.pdf"),
    (["sheet", "--system", "amulet", "--seed", "sh1", "--blank"], "sheet-amulet-sh1.pdf"),
    (["sheet", "--system", "amulet", "--seed", "sh1", "--count", "3"], "sheet-amulet-sh1-count3.pdf"),
    (["sheet", "--system", "amulet", "--seed", "sh1", "--fillable"], "sheet-amulet-sh1-fillable.pdf"),
    (["sheet", "--system", "amulet", "--seed", "sh1", "--count", "3", "--fillable"],
     "sheet-amulet-sh1-count3-fillable.pdf"),
    (["sheet", "--system", "amulet", "--seed", "sh1", "--paper", "a4"], "sheet-amulet-sh1-a4.pdf"),
    (["deck", "weapons", "--seed", "s", "--card-size", "tarot"], "deck-weapons-roguelike-s-tarot.pdf"),
    (["deck", "weapons", "--seed", "s", "--vendor", "generic"], "deck-weapons-roguelike-s-print-shop.pdf"),
    (["deck", "loot", "--seed", "s", "--duplex", "none"], "deck-loot-roguelike-s-duplex-none.pdf"),
    (["dungeon", "--system", "roguelike", "--seed", "moonpie"], "dungeon-roguelike-moonpie.pdf"),
    (["dungeon", "--system", "roguelike", "--seed", "m", "--levels", "1", "--map-style", "hatched"],
     "dungeon-roguelike-m-levels1-map-style-hatched.pdf"),
    (["dungeon", "--system", "roguelike", "--seed", "m", "--levels", "1", "--format", "uvtt"],
     "dungeon-roguelike-m-levels1-uvtt.zip"),
    (["graph-paper"], "graph-paper.pdf"),
    (["graph-paper", "--paper", "a4", "--grid", "hex"], "graph-paper-a4-hex.pdf"),
    (["graph-paper", "--seed", "moonpie"], "graph-paper-generic-moonpie.pdf"),
])
def test_a_default_name_says_what_differs(tmp_path, monkeypatch, capsys, args, name):
    monkeypatch.chdir(tmp_path)
    assert main(args) == 0, capsys.readouterr().err
    assert [path.name for path in (tmp_path / "output").iterdir()] == [name]


def test_a_data_file_is_named_and_its_content_told_by_a_hash(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    deck = tmp_path / "my-cards.csv"
    deck.write_text("title,body\nA,one\n", encoding="utf-8")
    assert main(["deck", "custom", "--data", str(deck), "--seed", "s"]) == 0
    deck.write_text("title,body\nA,two\n", encoding="utf-8")
    assert main(["deck", "custom", "--data", str(deck), "--seed", "s"]) == 0  # another file: no --force needed
    written = sorted(path.name for path in (tmp_path / "output").iterdir())
    assert len(written) == 2 and all(re.fullmatch(r"deck-custom-generic-s-my-cards-[0-9a-f]{8}\.pdf", n) for n in written)


def test_a_long_set_of_options_ends_in_a_hash_of_the_code():
    code = SeedCode.make("deck", "roguelike", "a-rather-long-seed-" * 3, {
        "deck": "traps", "card-size": "bridge", "duplex": "short", "crop-marks": "full", "back-offset": "2.5x-3.25",
        "gutter": "2.5", "bleed": "1.5", "calibration": "yes", "ink-saver": "yes", "paper": "a4"})
    request = products.request(code)
    name = request.product.file_stem(request)
    assert len(name) <= file_names.MAX_STEM and re.search(r"-[0-9a-f]{8}$", name), name
    assert name.startswith("deck-traps-roguelike-a-rather-long-seed-")


def test_graph_paper_needs_no_seed_the_same_request_gives_the_same_name_and_bytes(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["graph-paper", "--paper", "a4"]) == 0
    first = (tmp_path / "output" / "graph-paper-a4.pdf").read_bytes()
    err = capsys.readouterr().err
    assert "seed:" not in err and "seed code: pg4:graph-paper:generic:plain:paper=a4" in err
    assert main(["graph-paper", "--paper", "a4", "-o", "again.pdf"]) == 0
    assert (tmp_path / "again.pdf").read_bytes() == first
