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

from dataclasses import dataclass, field
from functools import cache
from typing import Any

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
class _State:
    f: Fighter
    health: int
    poison: int = 0
    paralyzed: int = 0
    cooldown: int = 0
    potions: int = 0
    out: bool = False


@dataclass(slots=True)
class Outcome:
    won: bool
    fled: bool
    died: bool
    turns: int
    health_lost: int = 0


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


def _attack_roll(s: _State, rng: Rng) -> tuple[int, bool]:
    """The damage of one attack and whether the roll blocks the enemy's attack."""
    damage, blocked, s.cooldown = _attack(s.f, s.cooldown, rng)
    return damage, blocked


def _attack(f: Fighter, cooldown: int, rng: Rng) -> tuple[int, bool, int]:
    """The damage of one attack of ``f``, whether the roll blocks the enemy's attack, and his spell's cooldown
    after it (``cooldown`` before)."""
    roll = rng.die(6)
    blocked = roll in f.block_on
    if roll in f.miss_on:
        return 0, blocked, cooldown
    total = roll
    while roll in f.attack_again_on:
        roll = rng.die(6)
        total += roll
    total = max(total, f.min_attack)
    if f.double_roll or (f.spell_cooldown is not None and cooldown == 0):
        total *= 2
        if f.spell_cooldown is not None:
            cooldown = f.spell_cooldown + 1  # counted down at the start of each of his turns
    return total + f.attack, blocked, cooldown


def _flees(s: _State, foe: Foe, rng: Rng) -> bool:
    if foe.no_chase:
        return True
    roll = rng.die(6)
    return roll in (s.f.flee_only or s.f.flee_on)


def _start_of_turn(s: _State) -> None:
    if s.cooldown:
        s.cooldown -= 1
    if s.poison:
        s.poison -= 1
        if s.f.poison_heals:
            s.health = min(s.f.max_health, s.health + s.f.poison_heals)
        else:
            s.health -= 1


@cache
def _healing() -> int:
    """What a healing potion gives back: read once, not once a fight (a simulation fights some 150,000)."""
    return rules.potion_amounts()["healing"]


def fight(players: list[Fighter], enemy: dict | Foe, rng: Rng) -> Outcome:
    """One fight of ``players`` (the first is the one the enemy attacks) against ``enemy``."""
    foe = enemy if isinstance(enemy, Foe) else Foe.of(enemy)
    if len(players) == 1:
        return _fight_alone(players[0], foe, rng)
    states = [_State(p, p.max_health if p.health is None else p.health, potions=p.healing_potions)
              for p in players]
    enemy_health = foe.health
    healing = _healing()
    start_health = states[0].health
    for turn in range(1, MAX_TURNS + 1):
        for index, s in enumerate(states):
            if s.out:
                continue
            fighting = [t for t in states if not t.out]
            target = fighting[0] is s
            _start_of_turn(s)
            if s.health <= 0:
                s.out = True
                continue
            incoming = max(0, foe.attack - s.f.damage_taken)
            blocked = False
            if s.paralyzed:
                s.paralyzed -= 1
            else:
                hits_to_fear = 1 if len(fighting) > 1 else 2
                in_danger = target and s.health <= hits_to_fear * incoming and enemy_health > 3 + s.f.attack
                if in_danger and s.potions:
                    s.potions -= 1
                    s.health = min(s.f.max_health, s.health + healing)
                    in_danger = s.health <= hits_to_fear * incoming
                if in_danger:
                    if _flees(s, foe, rng):
                        s.out = True
                        if all(t.out for t in states):
                            return Outcome(False, True, False, turn, start_health - states[0].health)
                        continue
                else:
                    dodged = bool(foe.dodge_on) and rng.die(6) in foe.dodge_on
                    damage, blocked = _attack_roll(s, rng)
                    if not dodged and damage > 0:
                        enemy_health -= damage
                    if enemy_health <= 0:
                        return Outcome(True, False, False, turn, start_health - states[0].health)
                    if foe.single_turn:
                        enemy_health = foe.health
            if not target or blocked:
                continue
            # Steps 2 and 3: the enemy's ability roll, then its attack.
            roll = rng.die(6)
            if foe.poison and roll in foe.poison["on"]:
                s.poison = max(s.poison, foe.poison["turns"])
            if foe.paralyze and roll in foe.paralyze["on"]:
                s.paralyzed = max(s.paralyzed, foe.paralyze["turns"])
            s.health -= incoming
            enemy_health = min(foe.health, enemy_health + foe.heals)
            if s.health <= 0:
                s.out = True
                if index == 0 and len(states) == 1:
                    return Outcome(False, False, True, turn, start_health)
        if all(t.out for t in states):
            died = states[0].health <= 0
            return Outcome(False, not died, died, turn, start_health - max(states[0].health, 0))
    return Outcome(False, False, False, MAX_TURNS, start_health - states[0].health)


def _fight_alone(f: Fighter, foe: Foe, rng: Rng) -> Outcome:
    """``fight`` for one player (most fights, some 150,000 a simulation): the same turns and the same draws in
    the same order, kept in local variables. He is always the one the enemy attacks, with nobody beside him:
    he fears two hits, and his death or flight ends the fight."""
    die = rng.die
    health = f.max_health if f.health is None else f.health
    start_health, potions = health, f.healing_potions
    poison = paralyzed = cooldown = 0
    enemy_health = foe.health
    healing = _healing()
    incoming = max(0, foe.attack - f.damage_taken)
    for turn in range(1, MAX_TURNS + 1):
        if cooldown:
            cooldown -= 1
        if poison:
            poison -= 1
            health = min(f.max_health, health + f.poison_heals) if f.poison_heals else health - 1
        if health <= 0:
            return Outcome(False, False, True, turn, start_health)
        blocked = False
        if paralyzed:
            paralyzed -= 1
        else:
            in_danger = health <= 2 * incoming and enemy_health > 3 + f.attack
            if in_danger and potions:
                potions -= 1
                health = min(f.max_health, health + healing)
                in_danger = health <= 2 * incoming
            if in_danger:
                if foe.no_chase or die(6) in (f.flee_only or f.flee_on):
                    return Outcome(False, True, False, turn, start_health - health)
            else:
                dodged = bool(foe.dodge_on) and die(6) in foe.dodge_on
                damage, blocked, cooldown = _attack(f, cooldown, rng)
                if not dodged and damage > 0:
                    enemy_health -= damage
                if enemy_health <= 0:
                    return Outcome(True, False, False, turn, start_health - health)
                if foe.single_turn:
                    enemy_health = foe.health
        if blocked:
            continue
        roll = die(6)  # steps 2 and 3: the enemy's ability roll, then its attack
        if foe.poison and roll in foe.poison["on"]:
            poison = max(poison, foe.poison["turns"])
        if foe.paralyze and roll in foe.paralyze["on"]:
            paralyzed = max(paralyzed, foe.paralyze["turns"])
        health -= incoming
        enemy_health = min(foe.health, enemy_health + foe.heals)
        if health <= 0:
            return Outcome(False, False, True, turn, start_health)
    return Outcome(False, False, False, MAX_TURNS, start_health - health)


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
    foe = Foe.of(enemy)
    won = fled = died = 0
    won_turns = 0
    for _ in range(trials):
        outcome = fight(players, foe, rng)
        won += outcome.won
        fled += outcome.fled
        died += outcome.died
        won_turns += outcome.turns if outcome.won else 0
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
