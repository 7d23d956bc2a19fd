"""The designer's notes: the odds they print are the simulation's, reproduced here from the seed."""

from __future__ import annotations

import re

import pypdfium2
import pytest

from printgen.cli import main
from printgen.seed import SeedCode
from printgen.systems.card_rogue import rules, simulation, solo
from printgen.words import BUILT_IN

SEED = "moonpie"


@pytest.fixture(scope="module")
def report() -> simulation.Report:
    return simulation.simulate(SeedCode.make("reference", "card-rogue", SEED, {"paper": "letter"}))


@pytest.fixture(scope="module")
def notes_text(tmp_path_factory) -> str:
    out = tmp_path_factory.mktemp("notes") / "notes.pdf"
    assert main(["reference", "--system", "card-rogue", "--seed", SEED, "-o", str(out)]) == 0
    document = pypdfium2.PdfDocument(str(out))
    try:
        text = " ".join(document[i].get_textpage().get_text_range() for i in range(len(document)))
    finally:
        document.close()
    return re.sub(r"\s+", " ", text)


def _cells(odds: dict) -> str:
    return f"{odds['won']}% {odds['fled']}% {odds['died']}% {odds['turns'] or '—'}"


def test_each_enemy_line_in_the_notes_is_reproduced_from_the_seed(report, notes_text):
    for enemy in report.ordinary:
        line = f"{enemy['name']} {_cells(enemy['start'])} {_cells(enemy['geared'])}"
        assert line in notes_text, line


def test_character_and_boss_odds_in_the_notes_are_reproduced(report, notes_text):
    for row in report.characters:
        line = row["name"] + " " + " ".join(f"{won}%" for won in row["won"])
        assert line in notes_text, line
    for boss in report.bosses:
        keys = ("alone", "alone geared", "two geared", "three geared", "four geared")
        line = boss["name"] + " " + " ".join(f"{boss[k]['won']}%" for k in keys)
        assert line in notes_text, line


def test_the_whole_game_figures_are_reproduced_from_the_seed(notes_text):
    games = solo.simulate_games(SeedCode.make("reference", "card-rogue", SEED, {"paper": "letter"}))
    line = (f"{games['turns']} {games['died_once']}% {games['deaths']} {games['slain']} {games['gold']} "
            f"{games['bought_gear']}% {games['first_gear_at']} {games['basilisks']} {games['victory']}")
    assert line in notes_text, line
    assert games["bought_gear"] >= 50  # the shop is worth the walk
    assert games["slain"] >= 10


def test_the_numbers_play_as_the_rules_describe(report):
    """Early enemies fall to one starting player; bosses need gear or friends; gear is worth the shop."""
    ordinary = {e["id"]: e for e in report.ordinary}
    for early in ("cave-bat", "sewer-rat", "kobold", "goblin"):
        assert ordinary[early]["start"]["won"] >= 95
    assert ordinary["troll"]["start"]["won"] <= 5 and ordinary["troll"]["geared"]["won"] >= 60
    for enemy in report.ordinary:
        assert enemy["geared"]["won"] >= enemy["start"]["won"]
    bosses = {b["id"]: b for b in report.bosses}
    for boss in bosses.values():
        assert boss["alone"]["won"] == 0
        assert boss["four geared"]["won"] >= boss["two geared"]["won"] >= boss["alone geared"]["won"]
    assert bosses["golem"]["alone geared"]["won"] <= 5 and bosses["golem"]["three geared"]["won"] >= 90
    assert 20 <= bosses["basilisk"]["alone geared"]["won"] <= 80 and bosses["basilisk"]["two geared"]["won"] >= 90


def test_the_simulation_is_the_same_for_the_same_seed_and_differs_for_another(report):
    code = SeedCode.make("reference", "card-rogue", SEED, {"paper": "letter"})
    again = simulation.odds(code, "start", [simulation.plain()], rules.enemy("zombie"))
    assert again.as_data() == next(e["start"] for e in report.ordinary if e["id"] == "zombie")
    enemy = rules.enemy("zombie")
    fighters = [simulation.plain()]
    other = [simulation.odds(SeedCode.make("reference", "card-rogue", s, {}), "start", fighters, enemy, 300)
             for s in ("a", "b", "c")]
    assert len({(o.won, o.fled, o.died) for o in other}) > 1


def test_a_fight_follows_the_rules_numbers():
    """A plain player against a 1-health dummy always wins in one round; a Golem alone always wins."""
    dummy = {"id": "dummy", "attack": 1, "health": 1, "abilities": []}
    rng = SeedCode.make("reference", "card-rogue", "x", {}).stream("test")
    assert all(simulation.fight([simulation.plain()], dummy, rng).turns == 1 for _ in range(50))
    golem = rules.enemy("golem")
    assert not any(simulation.fight([simulation.plain()], golem, rng).won for _ in range(200))


def test_the_notes_say_when_the_simulated_player_flees(notes_text):
    """The simulation's player flees when two more blows would kill him (one beside friends), unless the enemy is
    about to fall; the notes say so, and that the lone player flees the bosses he will not fight."""
    assert "tries to flee when the enemy's next two blows would kill him, unless the enemy is about to fall" in notes_text
    assert "tries to flee when one more blow would kill him" in notes_text
    assert "from a boss he will not fight he flees at once" in notes_text
    assert "Fleeing takes the rules' roll (4, 5 or 6, or what his card adds)" in notes_text


def test_the_notes_end_a_challenge_where_its_map_ends():
    """The last level of a challenge map ends at the locked chest (challenge_map), past a basilisk on its only way
    in, and par counts the moves to the key and on to the chest: the notes say so (the maps are checked in
    test_card_rogue_challenge over seeds ch0 to ch199)."""
    story_mode = next(c["text"] for c in rules.choices(BUILT_IN) if c["topic"] == "Story mode")
    assert "the last level ends at the locked chest" in story_mode and "golem" not in story_mode
    assert "a basilisk beside it on its only way in" in story_mode
    assert "to the key and on to the chest, which opens only with it" in story_mode


def test_the_notes_list_every_choice_and_the_reference_rules(notes_text):
    for choice in rules.choices(BUILT_IN):
        assert choice["topic"] in notes_text
    assert "Flee: on 4, 5 or 6" in notes_text
    assert "A dodge is rolled in step 2, before the enemy attacks" in notes_text  # its line for the table
    assert "printgen reads" not in notes_text and "simulation plays" not in notes_text  # no word of the program


def test_the_notes_count_every_family_as_the_decks_print_it(notes_text):
    from printgen.systems.card_rogue import decks

    for name, build_cards in decks.FAMILIES.items():
        total = sum(card.count for card in build_cards(BUILT_IN))
        assert f"{decks.title(BUILT_IN, name)}, {total} cards:" in notes_text
        assert f"(deck {name})" not in notes_text  # the family, in the game's words: no command's name


def test_the_potion_re_roll_is_printed_where_colours_are_written_down(tmp_path):
    """The rule that a colour whose effect another colour has re-rolls is on the score sheet, beside the blanks for
    each potion's colour, in the words the reference card and the potion cards print."""
    out = tmp_path / "sheet.pdf"
    assert main(["sheet", "--system", "card-rogue", "--seed", SEED, "--blank", "--per-page", "4", "-o", str(out)]) == 0
    document = pypdfium2.PdfDocument(str(out))
    try:
        text = re.sub(r"\s+", " ", document[0].get_textpage().get_text_range())
    finally:
        document.close()
    assert text.count("roll a die on a colour's first use (re-roll an effect another colour has)") == 4
