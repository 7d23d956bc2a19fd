"""A lone Roguelike player, simulated: the solo booklet's own test, and the odds of winning it.

The walker (gamebook/walk.py) turns the pages and chooses the ways; this
reader keeps the character and throws the dice, as the rules and the How to
play alone page say:

- a character rolled by the rules (occupation, race, ratings, abilities,
  spells and miracles chosen at random, the rusty dagger), no armor;
- points: 4 for leaving an area the first time, 3 for a trap disarmed, 5 for
  each creature killed, each piece of loot its points as it is taken; every
  20 points a level, taken as 1d6 more Health; 100 points win;
- a fight: each side rolls 1d6 + Speed (theirs: the fastest), then turns go
  round; the character attacks with the best weapon carried (2d6 ≥ Attack,
  (WDR + Power) − AR), or with an attack spell while one is left (SDR +
  Intellect, no roll), heals with Heal, healing spells and miracles when
  down to a third of Health, goes berserk against three or more, dodges a
  round that would take half its Health, and runs away (2d6 + Speed reaching
  the fastest foe's Speed) when a round of every foe hitting for its average
  would kill it; a Thief sneaks past such a group; every creature attacks on its turn
  (2d6 ≥ its Attack, its damage less the character's AR); poison, curse and
  paralysis as the rules give them, the other special attacks left out;
- a sprung trap deals its damage (no armor helps), a poison arrow volley
  poisons, a cursed rune curses; out of a fight a poison bites at every area
  entered; exactly 0 Health out of a fight is coming to with 1;
- loot: every weapon of choice is the best the list holds that the character
  lacks, every armor piece the next best piece for an empty place (body,
  shield, head, arms); a good fountain heals 1d6, a poisoned one poisons;
- a locked door: a Thief spends a Pick, anyone else breaks it down (2d6 ≤
  Power, 1 Health a failed try).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ... import dice
from ...gamebook.model import Section, Step
from ...seed import Rng, SeedCode
from . import characters, rules

ARMOR_PLACES = ("body", "shield", "head", "arms")
POISON_PER_ROUND = 3  # the rules' Poison: 3 Health a round until cured
MOST_ROUNDS = 200


def _d6(rng: Rng, count: int = 1) -> int:
    return sum(rng.die(6) for _ in range(count))


@dataclass
class Foe:
    name: str
    health: int
    speed: int
    attack: int
    damage: str
    specials: tuple[str, ...] = ()
    harmless_poison: bool = False


@dataclass
class Lone:
    """The character, and what the reader ticks and notes on the play sheet."""

    rng: Rng
    character: dict[str, Any]
    marks: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        r = self.character["ratings"]
        self.rating = {k: r[k] for k in ("health", "speed", "power", "intellect", "attack", "defense")}
        self.health = r["health"]
        self.points, self.level_points = 0, 0
        self.weapon = "1"  # the rusty dagger
        self.armor: dict[str, int] = {}
        self.uses = {a["name"]: a["count"] for a in self.character["abilities"]}
        self.spells = [s for s in self.character["spells"]] + [m for m in self.character["miracles"]]
        self.poison = 0  # Health a round while poisoned
        self.cursed = False
        self.paralysed = 0
        self.remaining: dict[str, list[int]] = {}  # a fight run away from: who is left, by the fight's section
        self.thief = self.character["occupation"]["name"] == "Thief"

    # --- the reader's side of the walk ---------------------------------------------------------------

    def enter(self, section: Section) -> None:
        if section.kind == "area" and self.poison:
            self.hurt(self.poison, fighting=False)

    def standing(self) -> str | None:
        if self.health < 0:
            return "dead"
        return "won" if self.points >= 100 else None

    def allows(self, asks: Mapping[str, Any]) -> bool:
        if "ability" in asks:
            return self.thief and self.uses.get(asks["ability"], 0) > 0
        return True

    def pay(self, cost: Mapping[str, Any]) -> None:
        if "spend" in cost:
            self.uses[cost["spend"]] -= 1
        if "health" in cost:
            self.hurt(cost["health"], fighting=False)

    def passes(self, test: Mapping[str, Any]) -> bool:
        if test.get("force"):
            return _d6(self.rng, 2) <= self.rating["power"]
        raise ValueError(f"no such roll: {test}")

    def act(self, step: Step, section: Section) -> str | None:
        data = step.data
        if step.kind == "thief-trap":
            return "disarmed" if self.thief and _d6(self.rng, 2) <= data["save"] else "sprung"
        if step.kind == "hurt":
            self.hurt(dice.roll(data["dice"], self.rng), fighting=False)
            return "dead" if self.health < 0 else None
        if step.kind == "poison":
            self.poison = max(self.poison, dice.roll(data["dice"], self.rng))
        elif step.kind == "curse":
            self.curse()
        elif step.kind == "score":
            self.score(data["points"])
        elif step.kind == "leave":
            if data["mark"] not in self.marks:
                self.marks.add(data["mark"])
                self.score(data["points"])
        elif step.kind == "loot":
            for item in data["items"]:
                self.take(item)
        elif step.kind == "drink":
            if data["good"]:
                self.heal(_d6(self.rng))
            else:
                self.poison = max(self.poison, POISON_PER_ROUND)
        elif step.kind == "check-win":
            return "won" if self.points >= 100 else None
        elif step.kind == "fight":
            return self.fight(section.key, data["foes"])
        else:
            raise ValueError(f"the lone reader knows no step {step.kind!r}")
        return None

    # --- the character ------------------------------------------------------------------------------------

    def score(self, points: int) -> None:
        self.points += points
        self.level_points += points
        while self.level_points >= 20:  # a level: the first choice, 1d6 more Health
            self.level_points -= 20
            gain = _d6(self.rng)
            self.rating["health"] += gain
            self.health += gain

    def hurt(self, damage: int, fighting: bool) -> None:
        self.health -= max(0, damage)
        if self.health == 0 and not fighting:
            self.health = 1  # out cold, and coming to: nothing is there to finish the job

    def heal(self, amount: int) -> None:
        self.health = min(self.rating["health"], self.health + amount)

    def curse(self) -> None:
        if self.cursed:
            return
        self.cursed = True
        for rating in ("speed", "power", "intellect", "health"):
            self.rating[rating] -= 3
        self.health = min(self.health, self.rating["health"])

    def take(self, item: dict[str, Any]) -> None:
        self.score(item["points"])
        row = rules.tables()["loot"].lookup(item["roll"]) if item["roll"] is not None else None
        if row is not None and row["kind"] == "weapon":
            best = max(rules.data_list("weapons").items, key=lambda w: dice.parse(w["wdr_dice"]).mean())
            self.weapon = best["wdr_dice"]
        elif row is not None and row["kind"] == "armor":
            for place in ARMOR_PLACES:
                if place not in self.armor:
                    pieces = [a for a in rules.data_list("armor").items if a["slot"] == place]
                    if pieces:
                        self.armor[place] = max(a["ar"] for a in pieces)
                        break

    @property
    def ar(self) -> int:
        return sum(self.armor.values())

    def use(self, ability: str) -> bool:
        if self.uses.get(ability, 0) > 0:
            self.uses[ability] -= 1
            return True
        return False

    def healing(self) -> int:
        """Spend the best healing there is: Heal 4d6, then a spell or miracle; 0 if none is left."""
        if self.use("Heal"):
            return _d6(self.rng, 4)
        for name, count in (("Major Heal", 4), ("Healing Touch", 3), ("Minor Heal", 2)):
            spell = next((s for s in self.spells if s["name"] == name), None)
            if spell is not None:
                self.spells.remove(spell)
                return _d6(self.rng, count)
        return 0

    def cure(self) -> None:
        for name, cures in (("Detox", "poison"), ("Remove Curse", "curse")):
            spell = next((s for s in self.spells if s["name"] == name), None)
            if spell is not None and (self.poison if cures == "poison" else self.cursed):
                self.spells.remove(spell)
                if cures == "poison":
                    self.poison = 0
                else:
                    self.cursed = False
                    for rating in ("speed", "power", "intellect", "health"):
                        self.rating[rating] += 3

    # --- a fight -----------------------------------------------------------------------------------------

    def fight(self, key: str, foes: list[dict[str, Any]]) -> str:
        group = [Foe(f["name"], health, f["speed"], f["attack"], f["damage"], tuple(f["specials"]),
                     f.get("harmless_poison", False))
                 for f in foes for health in f["health"]]
        if key in self.remaining:
            group = [foe for foe, left in zip(group, self.remaining[key]) if left] or group
        worst = sum(float(dice.parse(_damage(f.damage)).mean()) for f in group) - self.ar
        if self.thief and worst >= self.health and self.use("Sneak"):
            return "sneak"
        self.cure()
        speed = max(f.speed for f in group)
        mine, theirs = _initiative(self.rng, self.rating["speed"], speed)
        berserk = 3 if len(group) >= 3 and self.use("Berserk") else 0
        my_turn = mine > theirs
        for _ in range(MOST_ROUNDS):
            if my_turn:
                if self.paralysed:
                    self.paralysed -= 1
                else:
                    outcome = self.my_turn(group, berserk)
                    berserk = max(0, berserk - 1)
                    if outcome == "fled":
                        self.remaining[key] = [1 if f.health > 0 else 0 for f in group]
                        return "fled"
                    group = [f for f in group if f.health > 0]
                    if not group:
                        self.remaining.pop(key, None)
                        return "won"
            else:
                self.their_turn(group)
                if self.health <= 0:  # out cold in a fight is dead
                    self.health = min(self.health, -1)
                    return "dead"
            my_turn = not my_turn
        return "fled"

    def my_turn(self, group: list[Foe], berserk: int) -> str | None:
        if self.health * 3 <= self.rating["health"]:
            amount = self.healing()
            if amount:
                self.heal(amount)
                return None
        threat = sum(float(dice.parse(_damage(f.damage)).mean()) for f in group) - self.ar
        if threat >= self.health and group:  # Run away: 2d6 + Speed, at least the fastest foe's Speed
            return "fled" if _d6(self.rng, 2) + self.rating["speed"] >= max(f.speed for f in group) else None
        target = group[0]
        spell = next((s for s in self.spells if s.get("sdr") not in (None, "NA") and s["name"] != "Magic WMD"), None)
        if spell is not None:
            self.spells.remove(spell)
            target.health -= dice.roll(spell["sdr"], self.rng) + self.rating["intellect"]
        elif _d6(self.rng, 2) >= self.rating["attack"]:
            damage = dice.roll(self.weapon, self.rng) + self.rating["power"]
            target.health -= damage * (2 if berserk else 1)
        if target.health <= 0:
            self.score(5)
        return None

    def their_turn(self, group: list[Foe]) -> None:
        dodge = False
        for foe in group:
            if _d6(self.rng, 2) < foe.attack:
                continue
            damage = max(0, dice.roll(_damage(foe.damage), self.rng) - self.ar) if _damage(foe.damage) else 0
            if not dodge and damage * 2 >= self.health and self.use("Dodge"):
                dodge = True
            self.health -= damage // 2 if dodge else damage
            if "Poison" in foe.specials and not foe.harmless_poison:
                self.poison = max(self.poison, POISON_PER_ROUND)
            if "Paralyze" in foe.specials:
                self.paralysed = max(self.paralysed, _d6(self.rng))
            if "Curse" in foe.specials:
                self.curse()
        if self.poison:
            self.health -= self.poison


def _damage(text: str) -> str:
    """A creature's damage dice ("Curse + Poison" has none: "0")."""
    try:
        dice.parse(text)
        return text
    except Exception:
        return "0"


def _initiative(rng: Rng, mine: int, theirs: int) -> tuple[int, int]:
    """1d6 + Speed each, rolled again on a tie."""
    while True:
        a, b = _d6(rng) + mine, _d6(rng) + theirs
        if a != b:
            return a, b


def character(rng: Rng, number: int = 1) -> dict[str, Any]:
    """A character rolled by the rules, as ``printgen sheet`` rolls character ``number``."""
    return characters.roll_character(rng, number)


def reader(code: SeedCode, number: int) -> Lone:
    """Lone reader ``number`` of a booklet: its own character rolled by the rules, its own dice."""
    return Lone(code.stream("solo", "play", number, "dice"), character(code.stream("solo", "play", number, "character")))


def ways(code: SeedCode, number: int) -> Rng:
    """The stream lone reader ``number`` chooses its ways by."""
    return code.stream("solo", "play", number, "ways")
