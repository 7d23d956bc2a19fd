from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from fairness import assert_fair

from printgen.seed import stream
from printgen.systems.roguelike import rules
from printgen.tables import TableError, TableSet, load_table


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_every_roguelike_table_loads_and_covers_its_die():
    tables = rules.tables()
    assert len(tables.tables) == 28
    for table in tables.tables.values():
        totals = [v for row in table.rows for v in range(row.low, row.high + 1)]
        assert sorted(totals) == sorted(table.die.distribution())


def test_eighty_four_creatures_in_fourteen_lists():
    lists = rules.creature_lists()
    assert len(lists) == 14
    creatures = [row for table_id in lists for row in rules.tables()[table_id].rows]
    assert len(creatures) == 84
    assert rules.tables()["creatures-dragons"].lookup(1).result == "Fire Red Dragon"
    assert rules.tables()["creatures-humans"].lookup(4)["rival"] is True


def test_gap_in_coverage_names_file_and_total(tmp_path):
    path = write(tmp_path, "gappy", 'name = "Gappy"\ndie = "1d6"\n[[row]]\nroll = "1-4"\nresult = "a"\n[[row]]\nroll = "6"\nresult = "b"\n')
    with pytest.raises(TableError, match=r"gappy.toml.*\[5\]"):
        load_table(path)


def test_overlap_names_the_row(tmp_path):
    path = write(tmp_path, "overlap", 'name = "O"\ndie = "1d6"\n[[row]]\nroll = "1-4"\nresult = "a"\n[[row]]\nroll = "4-6"\nresult = "b"\n')
    with pytest.raises(TableError, match="overlap.toml: row 2 repeats the total 4 of row 1"):
        load_table(path)


@pytest.mark.parametrize(
    "body, message",
    [
        ('die = "2x6"\n[[row]]\nroll = "1"\nresult = "a"', "die: '2x6' is not dice notation"),
        ('die = "1d2"\n[[row]]\nroll = "one"\nresult = "a"', "row 1: roll = 'one'"),
        ('die = "1d2"\n[[row]]\nroll = "1-2"', "row 1: a row needs 'roll' and 'result'"),
        ('die = "1d2"\n[[row]]\nroll = "1-2"\nresult = "a"\nthen = "roll thrice"', "row 1: then = 'roll thrice'"),
        ('die = "1d2"\n[[row]]\nroll = "1-2"\nresult = "a"\nhealth_dice = "3x"', "row 1: health_dice"),
    ],
)
def test_malformed_rows_name_file_and_row(tmp_path, body, message):
    path = write(tmp_path, "bad", f'name = "Bad"\n{body}\n')
    with pytest.raises(TableError) as info:
        load_table(path)
    assert str(path) in str(info.value) and message in str(info.value)


def test_roll_again_roll_twice_and_references(tmp_path):
    write(tmp_path, "main", 'name = "Main"\ndie = "1d4"\n[[row]]\nroll = "1"\nresult = "twice"\nthen = "roll twice"\n'
          '[[row]]\nroll = "2-4"\nresult = "see other"\ntable = "other"\n')
    write(tmp_path, "other", 'name = "Other"\ndie = "1d2"\n[[row]]\nroll = "1-2"\nresult = "leaf"\n')
    tables = TableSet.load(tmp_path)
    for seed in range(200):
        result = tables.roll("main", stream(str(seed), "t"))
        if result.row.result == "twice":
            assert len(result.followups) == 2
        else:
            assert [f.row.result for f in result.followups] == ["leaf"]


def test_reference_to_a_missing_table_is_an_error(tmp_path):
    write(tmp_path, "main", 'name = "Main"\ndie = "1d2"\n[[row]]\nroll = "1-2"\nresult = "x"\ntable = "nowhere"\n')
    with pytest.raises(TableError, match="'nowhere' names no table"):
        TableSet.load(tmp_path)


def test_secret_entrance_rolls_again_until_it_names_a_real_entrance():
    tables = rules.tables()
    for seed in range(300):
        result = tables.roll("entrance", stream(str(seed), "entrance"))
        while result.row.result == "Secret Entrance":
            assert len(result.followups) == 1
            result = result.followups[0]
        assert result.row["kind"] != "secret"


@pytest.mark.parametrize("table_id", ["room-type", "room-features", "traps", "loot", "race", "creature-type"])
def test_results_follow_the_dice(table_id):
    table = rules.tables()[table_id]
    rng = stream("distribution", table_id)
    n = 12_000
    counts = Counter(table.roll(rng)[1].roll_text for _ in range(n))
    assert_fair(counts, {row.roll_text: table.row_probability(row) for row in table.rows}, table_id)


def test_room_type_probabilities_are_the_rules():
    table = rules.tables()["room-type"]
    by_name = {row.result: table.row_probability(row) for row in table.rows}
    assert by_name == {"Corridor": Fraction(1, 6), "Room": Fraction(2, 6), "Cavern": Fraction(1, 6), "Chamber": Fraction(2, 6)}


def test_ability_counts_read_alike_on_the_reference_and_the_record():
    """The occupation and race tables' abilities print one way, counted grammatically (5 Miracles, 1 Spell),
    on the reference page and on the record's roll tables alike."""
    import re

    from pdfutil import page_texts

    from printgen.products import build
    from printgen.seed import SeedCode

    reference = SeedCode.make("reference", "roguelike", "counts", {"paper": "letter"})
    record = SeedCode.make("sheet", "roguelike", "counts", {"paper": "letter", "per-page": "1", "format": "pdf",
                                                            "fillable": "no", "ink-saver": "no"})
    names = {a["name"] for t in ("occupation", "race") for row in rules.tables()[t].rows for a in row["abilities"]}
    pattern = re.compile(rf"\b(\d+) ({'|'.join(sorted(names))})(s?)\b")
    for code in (reference, record):
        text = " ".join(" ".join(page_texts(build(code))).split())
        found = pattern.findall(text)
        assert ("5", "Miracle", "s") in found and ("1", "Spell", "") in found, found
        assert all((count == "1") == (plural == "") for count, _, plural in found), found
