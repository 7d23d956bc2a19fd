"""A seeded Monte Carlo of Card Rogue's combat, to check the designed numbers.

The players and enemies are built from the same data the cards print, so a
changed number changes the odds the designer's notes state. Each scenario
draws from its own named stream of the seed, so the notes' figures are
reproduced exactly from the seed code.

How a fight is played (the rules' combat turn sequence, with printgen's
readings where they are silent, see notes.toml):
- a turn starts with poison (or healing poison) and paralysis;
- step 1: the player attacks, a die plus modifiers; a careful player first
  drinks his healing potion, or else flees, when two more hits would kill
  him (one, when friends fight on beside him) and the enemy is not about
  to fall;
- steps 2 and 3: the enemy rolls for its ability, then hits for its attack,
  less the player's damage reduction, unless the player's roll blocked it.
With several players only the first to enter combat is hit, and only on his
own turn; he flees when low and the enemy turns on the next.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any, NamedTuple, Protocol

from ...seed import Rng, SeedCode
from . import rules

TRIALS = 2000
MAX_TURNS = 60  # a fight still running after this many rounds counts as lost: nobody would keep at it


@dataclass(slots=True)
class Fighter:
    """A player in a fight: health and everything his character and gear add up to."""

    name: str
    max_health: int
    attack: int = 0
    damage_taken: int = 0
    flee_on: frozenset[int] = frozenset()
    flee_only: frozenset[int] = frozenset()
    block_on: frozenset[int] = frozenset()
    miss_on: frozenset[int] = frozenset()
    attack_again_on: frozenset[int] = frozenset()
    min_attack: int = 0
    double_roll: bool = False
    spell_cooldown: int | None = None  # a double roll that rests this many turns (the Mage)
    poison_heals: int = 0
    healing_potions: int = 0
    health: int | None = None  # the health he comes into the fight with; None: his maximum


def fighter(name: str, effects: list[dict[str, Any]], healing_potions: int = 0) -> Fighter:
    """A player with the given effects (character traits, equipment, artifacts) on top of the base."""
    combat = rules.data("combat")
    f = Fighter(name, rules.base_health(), flee_on=frozenset(combat["flee_on"]), healing_potions=healing_potions)
    for effect in effects:
        code, on = effect["code"], frozenset(effect.get("on", ()))
        amount = effect.get("amount", 0)
        if code == "max-health":
            f.max_health += amount
        elif code == "attack":
            f.attack += amount
        elif code == "damage-taken":
            f.damage_taken += amount
        elif code == "flee":
            f.flee_on |= on
        elif code == "flee-only":
            f.flee_only = on
        elif code == "block":
            f.block_on |= on
        elif code == "miss":
            f.miss_on |= on
        elif code == "attack-again":
            f.attack_again_on |= on
        elif code == "min-attack":
            f.min_attack = max(f.min_attack, amount)
        elif code == "double-roll":
            if effect.get("cooldown"):
                f.spell_cooldown = effect["cooldown"]
            else:
                f.double_roll = True
        elif code == "poison-heals":
            f.poison_heals = max(f.poison_heals, amount)
    return f


def character(character_id: str, items: tuple[str, ...] = (), healing_potions: int = 0) -> Fighter:
    entry = next(c for c in rules.characters() if c["id"] == character_id)
    effects = entry["positive"] + entry["negative"] + [e for i in items for e in rules.item(i)["effects"]]
    return fighter(entry["name"], effects, healing_potions)


def plain(items: tuple[str, ...] = (), healing_potions: int = 0) -> Fighter:
    """A player with no character traits: 10 health, no modifiers, and the given gear."""
    return fighter("player", [e for i in items for e in rules.item(i)["effects"]], healing_potions)


GEAR = ("sword", "chestplate")  # "geared": what two good shop visits buy, and a potion of healing


@dataclass(slots=True)
class Outcome:
    won: bool
    fled: bool
    died: bool
    turns: int
    health_lost: int = 0


Result = tuple[bool, bool, bool, int, int]  # an Outcome's fields in their order, without building one


class FightOnce(Protocol):
    """A fight that ``fights`` set up, to be played again and again: from the stream ``rng``, the first player
    coming in with ``coming_in`` health (None: as his Fighter says)."""

    def __call__(self, rng: Rng, coming_in: int | None = None) -> Result: ...


@dataclass(frozen=True)
class Foe:
    """An enemy card's numbers and abilities, looked up once for many fights."""

    health: int
    attack: int
    heals: int = 0
    poison: dict | None = None
    paralyze: dict | None = None
    dodge_on: frozenset[int] = frozenset()
    single_turn: bool = False
    no_chase: bool = False

    @classmethod
    def of(cls, enemy: dict) -> Foe:
        abilities = {a["code"]: a for a in enemy["abilities"]}
        return cls(enemy["health"], enemy["attack"], abilities.get("heals", {}).get("amount", 0),
                   abilities.get("poison"), abilities.get("paralyze"),
                   frozenset(abilities.get("dodge", {}).get("on", ())), "single-turn" in abilities,
                   "no-chase" in abilities)


def _damage(f: Fighter, roll: int, cooldown: int, random: Callable[[], float] | None) -> tuple[int, int]:
    """The damage of an attack of ``f`` whose die shows ``roll``, and his spell's cooldown after it (``cooldown``
    before). A die rolled again is ``Rng.die(6)`` worked out from the stream's ``random()``."""
    if roll in f.miss_on:
        return 0, cooldown
    total = roll
    while roll in f.attack_again_on:
        assert random is not None, "only a face that rolls no more is worked out without the stream"
        roll = 1 + int(random() * 6)
        total += roll
    total = max(total, f.min_attack)
    if f.double_roll or (f.spell_cooldown is not None and cooldown == 0):
        total *= 2
        if f.spell_cooldown is not None:
            cooldown = f.spell_cooldown + 1  # counted down at the start of each of his turns
    return total + f.attack, cooldown


def _fixed_damage(f: Fighter) -> tuple[int | None, ...]:
    """The damage of each face of his attack die (index 0 unused) where nothing else decides it, by ``_damage``
    itself; None where it rolls again or his spell may double it: ``_damage`` then works it out."""
    return tuple(None if face not in f.miss_on and (face in f.attack_again_on or f.spell_cooldown is not None)
                 else _damage(f, face, 0, None)[0] for face in range(7))


class _Player(NamedTuple):
    """A player's numbers against one enemy, worked out once for all the fights of a scenario."""

    fighter: Fighter
    damage_by_face: tuple[int | None, ...]  # _fixed_damage
    block_on: frozenset[int]
    health: int  # what he comes into the fight with
    max_health: int
    potions: int
    incoming: int  # what each of the enemy's blows takes from him
    presses_on: int  # at this enemy health or less he fights on however low he is: the enemy is about to fall
    flee_on: frozenset[int]
    poison_heals: int

    @classmethod
    def of(cls, f: Fighter, foe: Foe) -> _Player:
        return cls(f, _fixed_damage(f), f.block_on, f.max_health if f.health is None else f.health, f.max_health,
                   f.healing_potions, max(0, foe.attack - f.damage_taken), 3 + f.attack, f.flee_only or f.flee_on,
                   f.poison_heals)


@dataclass(slots=True, eq=False)
class _Beside:
    """A player fighting beside the one the enemy attacks: never hit, so never poisoned nor paralyzed; he attacks,
    and his spell rests between his turns."""

    player: _Player
    cooldown: int = 0


def fights(players: list[Fighter], foe: Foe) -> FightOnce:
    """A fight of ``players`` against ``foe``, set up to be played many times: what all their fights share is
    worked out here once, and each fight keeps its state in local variables (a simulation fights some 150,000
    times). It returns an Outcome's fields. Each die is ``Rng.die(6)`` written out, ``1 + int(random() * 6)``:
    the same draws, without a call each.

    The enemy attacks the first player still fighting; the others only attack beside him. When he is out, dead
    or fled, the next takes his place and plays his turn in the same round; the fight ends when the enemy falls
    or nobody is left. The outcome's health is the first player's."""
    first, rest = _Player.of(players[0], foe), [_Player.of(p, foe) for p in players[1:]]
    enemy_max, heals, single_turn, no_chase = foe.health, foe.heals, foe.single_turn, foe.no_chase
    dodge_on, dodges = foe.dodge_on, bool(foe.dodge_on)  # no dodge: no roll for it
    poison_on, poison_turns = (frozenset(foe.poison["on"]), foe.poison["turns"]) if foe.poison else (frozenset(), 0)
    paralyze_on, paralyze_turns = ((frozenset(foe.paralyze["on"]), foe.paralyze["turns"]) if foe.paralyze
                                   else (frozenset(), 0))
    healing = _healing()

    def fight_once(rng: Rng, coming_in: int | None = None) -> Result:
        random = rng.random
        (f, damage_by_face, block_on, health, max_health, potions, incoming, presses_on, flee_on,
         poison_heals) = first
        if coming_in is not None:
            health = coming_in
        start_health, first_health = health, None  # first_health: his, once he is out of the fight
        beside = [_Beside(p) for p in rest] if rest else None
        fear = (1 if beside else 2) * incoming  # he fears the enemy's next two blows; beside friends, its next one
        poison = paralyzed = cooldown = 0
        enemy_health = enemy_max
        first_round = 1  # of the player the enemy attacks
        while True:  # the player the enemy attacks: the first, then each who takes the place of one who is out
            for turn in range(first_round, MAX_TURNS + 1):
                if cooldown:
                    cooldown -= 1
                if poison:
                    poison -= 1
                    health = min(max_health, health + poison_heals) if poison_heals else health - 1
                if health <= 0:
                    break
                blocked = False
                if paralyzed:
                    paralyzed -= 1
                else:
                    in_danger = health <= fear and enemy_health > presses_on
                    if in_danger and potions:
                        potions -= 1
                        health = min(max_health, health + healing)
                        in_danger = health <= fear
                    if in_danger:
                        if no_chase or 1 + int(random() * 6) in flee_on:
                            break
                    else:
                        dodged = dodges and 1 + int(random() * 6) in dodge_on
                        roll = 1 + int(random() * 6)
                        blocked = roll in block_on
                        damage = damage_by_face[roll]
                        if damage is None:
                            damage, cooldown = _damage(f, roll, cooldown, random)
                        if not dodged and damage > 0:
                            enemy_health -= damage
                        if enemy_health <= 0:
                            return True, False, False, turn, start_health - (
                                health if first_health is None else first_health)
                        if single_turn:
                            enemy_health = enemy_max
                if not blocked:
                    roll = 1 + int(random() * 6)  # steps 2 and 3: the enemy's ability roll, then its attack
                    if roll in poison_on:
                        poison = max(poison, poison_turns)
                    if roll in paralyze_on:
                        paralyzed = max(paralyzed, paralyze_turns)
                    health -= incoming
                    if heals:  # never above its health: without healing it stays as it is
                        enemy_health = min(enemy_max, enemy_health + heals)
                    if health <= 0:
                        break
                if not beside:
                    continue
                for other in tuple(beside):  # the others' turns: each only attacks, as above
                    if other.cooldown:
                        other.cooldown -= 1
                    if other.player.health <= 0:  # he came in with none: never hit, he has no more now
                        beside.remove(other)
                        fear = (1 if beside else 2) * incoming
                        continue
                    dodged = dodges and 1 + int(random() * 6) in dodge_on
                    roll = 1 + int(random() * 6)
                    damage = other.player.damage_by_face[roll]
                    if damage is None:
                        damage, other.cooldown = _damage(other.player.fighter, roll, other.cooldown, random)
                    if not dodged and damage > 0:
                        enemy_health -= damage
                    if enemy_health <= 0:
                        return True, False, False, turn, start_health - (
                            health if first_health is None else first_health)
                    if single_turn:
                        enemy_health = enemy_max
            else:
                return False, False, False, MAX_TURNS, start_health - (
                    health if first_health is None else first_health)
            # He is out, fled with health left or dead: the next one, if any, takes his place in this round.
            if first_health is None:
                first_health = health
            if not beside:
                if health > 0:
                    return False, True, False, turn, start_health - first_health
                died = first_health <= 0  # the first player's: the others died after he fled
                return False, not died, died, turn, start_health if died else start_health - first_health
            taking_over = beside.pop(0)
            (f, damage_by_face, block_on, health, max_health, potions, incoming, presses_on, flee_on,
             poison_heals) = taking_over.player
            cooldown, poison, paralyzed = taking_over.cooldown, 0, 0
            fear = (1 if beside else 2) * incoming
            first_round = turn  # his turn comes next, in this same round

    return fight_once


@cache
def _healing() -> int:
    """What a healing potion gives back: read once, not once a fight."""
    return rules.potion_amounts()["healing"]


def fight(players: list[Fighter], enemy: dict | Foe, rng: Rng) -> Outcome:
    """One fight of ``players`` (the first is the one the enemy attacks) against ``enemy``."""
    return Outcome(*fights(players, enemy if isinstance(enemy, Foe) else Foe.of(enemy))(rng))


@dataclass(frozen=True)
class Odds:
    """How often a scenario ends each way, in whole per cent of TRIALS fights."""

    won: int
    fled: int
    died: int
    turns: float  # average rounds of a won fight

    def as_data(self) -> dict[str, float]:
        return {"won": self.won, "fled": self.fled, "died": self.died, "turns": self.turns}


def odds(code: SeedCode, scenario: str, players: list[Fighter], enemy: dict, trials: int = TRIALS) -> Odds:
    rng = code.stream("card-rogue simulation", scenario, enemy["id"])
    fight_once = fights(players, Foe.of(enemy))
    won = fled = died = 0
    won_turns = 0
    for _ in range(trials):
        was_won, was_fled, was_died, turns, _ = fight_once(rng)
        won += was_won
        fled += was_fled
        died += was_died
        won_turns += turns if was_won else 0
    return Odds(round(100 * won / trials), round(100 * fled / trials), round(100 * died / trials),
                round(won_turns / won, 1) if won else 0.0)


@dataclass
class Report:
    """Every figure the designer's notes print."""

    ordinary: list[dict[str, Any]] = field(default_factory=list)  # per enemy: start and geared odds
    characters: list[dict[str, Any]] = field(default_factory=list)  # per character: win % per enemy
    bosses: list[dict[str, Any]] = field(default_factory=list)  # per boss: alone, geared, together

    def as_data(self) -> dict[str, Any]:
        return {"trials": TRIALS, "gear": list(GEAR), "ordinary": self.ordinary, "characters": self.characters,
                "bosses": self.bosses}


def simulate(code: SeedCode) -> Report:
    report = Report()
    geared = plain(GEAR, healing_potions=1)
    ordinary = [e for e in rules.enemies() if not e.get("boss")]
    for enemy in ordinary:
        report.ordinary.append({"id": enemy["id"], "name": enemy["name"],
                                "start": odds(code, "start", [plain()], enemy).as_data(),
                                "geared": odds(code, "geared", [geared], enemy).as_data()})
    for entry in rules.characters():
        row = {"id": entry["id"], "name": entry["name"], "won": []}
        for enemy in ordinary:
            row["won"].append(odds(code, f"character {entry['id']}", [character(entry["id"])], enemy).won)
        report.characters.append(row)
    for boss in (e for e in rules.enemies() if e.get("boss")):
        report.bosses.append({
            "id": boss["id"], "name": boss["name"],
            "alone": odds(code, "boss alone", [plain()], boss).as_data(),
            "alone geared": odds(code, "boss alone geared", [geared], boss).as_data(),
            "two geared": odds(code, "boss two geared", [geared, geared], boss).as_data(),
            "three geared": odds(code, "boss three geared", [geared, geared, geared], boss).as_data(),
            "four geared": odds(code, "boss four geared", [geared] * 4, boss).as_data(),
        })
    return report
