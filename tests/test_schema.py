"""The dungeon contract as a JSON Schema: shipped in the package, printed by `printgen schema dungeon`, and
every game's `--format json` valid against it, over many seeds. The solo contract (`printgen schema solo`)
is printed the same way; the solo booklets are checked against it in test_solo.py."""

import json

import jsonschema
import pytest

from printgen import products, schemas
from printgen.cli import main
from printgen.seed import SeedCode

GAMES = {"roguelike": {}, "amulet": {}, "rlrl": {}}
SEEDS = [f"schema{n}" for n in range(5)]


@pytest.fixture(scope="module")
def validator():
    schema = schemas.load("dungeon")
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def dungeon_json(system: str, seed: str, **options) -> dict:
    return json.loads(products.build(SeedCode.make("dungeon", system, seed, {**options, "format": "json"})))


@pytest.mark.parametrize("system", sorted(GAMES))
def test_every_games_json_is_valid_against_the_shipped_schema(system, validator):
    for seed in SEEDS:
        data = dungeon_json(system, seed)
        problems = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(data)]
        assert not problems, (system, seed, problems[:5])


def test_amulets_scaling_levels_are_valid_too(validator):
    data = dungeon_json("amulet", "schema-scaling", scaling="yes", levels="11")
    assert not list(validator.iter_errors(data))


def test_rogue_like_roguelikes_first_stairs_up_leads_out_of_the_dungeon(validator):
    data = dungeon_json("rlrl", "moonpie")
    first = data["levels"][0]["areas"][0]
    assert {"kind": "stairs-up", "level": 0, "area": None} in first["links"]
    first["links"][0]["level"] = None  # as it was once written: a link to no level is not the contract
    assert not validator.is_valid(data)


def test_each_games_own_kinds_are_checked(validator):
    data = dungeon_json("roguelike", "moonpie")
    exit_ = next(e for level in data["levels"] for a in level["areas"] for e in a["exits"])
    exit_["kind"] = "walldoor"  # Amulet's, not Roguelike's
    assert not validator.is_valid(data)
    data = dungeon_json("rlrl", "moonpie")
    exit_ = next(e for level in data["levels"] for a in level["areas"] for e in a["exits"] if e["side"])
    exit_["side"] = "north-west"  # Rogue Like Roguelike's doors stand in straight walls only
    assert not validator.is_valid(data)


def test_the_schema_documents_each_games_kinds():
    schema = schemas.load("dungeon")
    text = json.dumps(schema)
    for word in ("stairs-up", "stairs-down", "stair", "arrival", "murder-hole", "north-west", "chute", "teleport"):
        assert f'"{word}"' in text
    assert [part["if"]["properties"]["system"]["const"] for part in schema["allOf"]] == ["roguelike", "amulet", "rlrl"]


@pytest.mark.parametrize("name", ["dungeon", "solo"])
def test_printgen_schema_prints_the_shipped_file(name, capsys):
    assert main(["schema", name]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out) == schemas.load(name) and out == schemas.text(name) and err == ""
    jsonschema.Draft202012Validator.check_schema(json.loads(out))


@pytest.mark.parametrize("args", [["schema", "bogus"], ["schema"], ["schema", "dungeon", "extra"]])
def test_a_bad_schema_name_is_refused_in_one_line(args, capsys):
    assert main(args) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("printgen: error:")
