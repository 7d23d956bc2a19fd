"""A lone rogue, simulated: the Rogue Like Roguelike solo booklet's own test, and the odds of winning it.

The walker (gamebook/walk.py) turns the pages and chooses the ways; this
reader keeps the rogue and throws the dice, as the rules and the How to play
alone page say:

- a rogue made by the rules (two skills at 2d6, the rest at 1d6, 6 HP), with
  the solo start: a dagger (1d) and three lock picks;
- every action a pool of the skill's dice, a 5 or 6 a success, as many
  successes as the level's Difficulty needed (a fountain's +1d on its level);
  a monster rolls as many dice as the Difficulty and a trap its attack dice,
  one success hitting, for its damage less the rogue's armor;
- a fight: the rogue first, with Stab and the best weapon carried; a
  healing potion drunk at a third of most HP; running (Run) when a round of
  every foe hitting for its average would kill, unless a foe is relentless;
  sneaking past (Stealth), before the first blow, any group that could take
  a third of its HP in such a round; a chasm or cliff crossed once each time
  the rogue comes into its room (going back the way it came needs none); an edible body eaten after a fight when
  hurt, a diseased one only when desperate; a Medusa's hit petrifies;
- traps by Disable Trap; a rust trap ruins the weapon and armor (bare hands
  1d-2 after);
- a search once each time the rogue comes into a room, a hack at every
  terminal visit; locked doors by key, pick, or (no pick left) the dagger's
  point, its first failure each visit free and later ones 1 HP, as the page
  says;
- a rest in the cells whenever hurt, once each visit;
- the shop: lock picks while fewer than two, leather armor once, as the gold
  allows; gold, weapons, armor, healing potions from loot (a cursed one heals
  a die less, a blessed one a die more); other magic is left unused;
- a new level reached: +1d6 HP, and a die more in two skills in turn (Stab,
  Run, Stealth, Disable Trap, Search, Lockpick, Jump, Climb), never past 6d6.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ... import dice
from ...gamebook.model import Section, Step
from ...seed import Rng, SeedCode
from . import GAME, characters, rules

SUCCESS = (5, 6)
GROWTH = ("Stab", "Run", "Stealth", "Disable Trap", "Search", "Lockpick", "Jump", "Climb")
BARE_HANDS = "1d-2"
HEALING = {"healing": 1, "major-healing": 2}  # dice of HP a potion restores (full-healing: all)
MOST_ROUNDS = 200


def damage(text: str | None, rng: Rng) -> int:
    """A damage roll ("1d-3", "2d+6"); at 0 or less it does no harm."""
    return max(0, dice.roll(text, rng)) if text else 0


@dataclass
class Rogue:
    rng: Rng
    character: dict[str, Any]
    marks: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.skills = {s["name"]: s["dice"] for s in self.character["skills"]}
        self.hp = self.most = self.character["hit_points"]
        start = GAME.data("solo")["start"]  # what a rogue going in alone carries
        self.picks = start["lock_picks"]
        self.weapon = start["dagger_damage"]
        self.armor = 0
        self.gold = 0
        self.potions: list[int] = []  # dice each healing potion restores (0: all)
        self.diseased = False
        self.level = 1
        self.fountain = 0  # the level whose fountain gives +1d to every action
        self.grown = 0
        self.here: str | None = None  # the area section the rogue is in, for "once each time you come in"
        self.searched: set[str] = set()
        self.tried: set[str] = set()  # locked doors tried with the dagger's point on this visit
        self.rested: set[str] = set()  # the cells rested in on this visit
        self.crossed: str | None = None  # the area whose chasm or cliff was crossed on this visit
        self.came_from: str | None = None  # the area section before this one: going back needs no crossing
        self.remaining: dict[str, list[int]] = {}

    # --- dice ---------------------------------------------------------------------------------------

    def successes(self, count: int) -> int:
        return sum(1 for _ in range(max(0, count)) if self.rng.die(6) in SUCCESS)

    def passes_with(self, skill: str, level: int | None = None) -> bool:
        level = self.level if level is None else level
        bonus = 1 if self.fountain == self.level else 0
        return self.successes(self.skills[skill] + bonus) >= rules.difficulty(level)

    # --- the reader's side of the walk -----------------------------------------------------------------

    def enter(self, section: Section) -> None:
        if section.level is not None:
            self.level = section.level
        if self.here is not None and section.key != self.here and not section.key.startswith(self.here + "/"):
            self.came_from, self.here = self.here, None  # out of the area (to the next, a shop, the stairs)
        if section.kind == "area":
            if self.here is None:
                self.searched.discard(section.key)
                self.rested.discard(section.key)
                self.tried.clear()
                self.crossed = None
                if self.diseased:
                    self.hp -= 1
            self.here = section.key

    def standing(self) -> str | None:
        return "dead" if self.hp <= 0 else None

    def allows(self, asks: Mapping[str, Any]) -> bool:
        if "gold" in asks:
            return self.gold >= asks["gold"]
        if "rest" in asks:
            return self.hp < self.most and asks["rest"] not in self.rested
        if "search" in asks:
            return asks["search"] not in self.searched
        if "picks" in asks:
            return (self.picks > 0) == asks["picks"]
        return True

    def pay(self, cost: Mapping[str, Any]) -> None:
        if "cross" in cost and cost["to"] != self.came_from and self.crossed != self.here:
            self.crossed = self.here
            crossing = cost["cross"]
            if not self.passes_with(crossing["skill"], crossing["level"]):
                self.hp -= damage(crossing["dice"], self.rng)
        if "searched" in cost:
            self.searched.add(cost["searched"])
        if "tried" in cost:  # the dagger's point: the first failure each visit is free, later ones cost 1 HP
            if cost["tried"] in self.tried:
                self.hp -= 1
            self.tried.add(cost["tried"])
        if "rest" in cost:
            self.rested.add(cost["rest"])
            self.hp = self.most
        if cost.get("break") == "pick":
            self.picks -= 1
        if "hp" in cost:
            self.hp -= cost["hp"]

    def passes(self, test: Mapping[str, Any]) -> bool:
        return self.passes_with(test["skill"], test["level"])

    def act(self, step: Step, section: Section) -> str | None:
        data = step.data
        kind = step.kind
        if kind == "disable":
            return "disarmed" if self.passes_with("Disable Trap", data["level"]) else "sprung"
        if kind == "trap-hit":
            hit = not data.get("attack") or self.successes(dice.parse(data["attack"]).count) > 0
            if hit:
                self.hp -= max(0, damage(data.get("dice"), self.rng) - self.armor)
                if data.get("effect") == "rust-metal":
                    self.rust()
            return "dead" if self.hp <= 0 else None
        if kind == "trap-effect":
            if data["effect"] == "rust-metal":
                self.rust()
        elif kind == "levels-up":
            return str(dice.roll(data["dice"], self.rng))
        elif kind == "fight":
            return self.fight(section.key, data)
        elif kind == "eat":
            self.eat(data["foes"], data["cookstove"])
        elif kind == "loot":
            for item in data["items"]:
                self.take(item)
        elif kind == "fountain":
            self.fountain = data["level"]
        elif kind == "shop":
            self.shop(data["stock"])
        elif kind == "hack":
            return "hacked" if self.passes_with("Hack", data["level"]) else "failed"
        elif kind == "level-up":
            if data["mark"] not in self.marks:
                self.marks.add(data["mark"])
                self.level_up()
        elif kind != "altar":
            raise ValueError(f"the lone rogue knows no step {kind!r}")
        return None

    # --- the rogue ------------------------------------------------------------------------------------

    def rust(self) -> None:
        self.weapon, self.armor = BARE_HANDS, 0

    def level_up(self) -> None:
        gain = self.rng.die(6)
        self.most += gain
        self.hp += gain
        for _ in range(2):
            for _ in range(len(GROWTH)):
                skill = GROWTH[self.grown % len(GROWTH)]
                self.grown += 1
                if self.skills[skill] < rules.character()["max_pool"]:
                    self.skills[skill] += 1
                    break

    def heal_up(self) -> bool:
        """Drink the best healing potion carried, if any; whether one was drunk."""
        if not self.potions:
            return False
        dice_count = max(self.potions, key=lambda d: d or 99)
        self.potions.remove(dice_count)
        self.hp = self.most if dice_count == 0 else min(self.most, self.hp + sum(self.rng.die(6) for _ in range(dice_count)))
        return True

    def eat(self, foes: list[dict[str, Any]], cookstove: bool) -> None:
        if self.hp >= self.most:
            return
        clean = [f for f in foes if not f["diseased"]]
        if not clean and self.hp > 2:
            return
        self.hp = min(self.most, self.hp + (3 if cookstove else 1))
        if not clean:
            self.diseased = True

    def take(self, item: dict[str, Any]) -> None:
        kind = item["kind"]
        status = item.get("status", {}).get("code", "uncursed")
        shift = {"cursed": -1, "blessed": 1}.get(status, 0)
        if kind == "gold":
            self.gold += item["gold"]
        elif kind == "potion" and item.get("magic") in HEALING:
            self.potions.append(max(1, HEALING[item["magic"]] + shift))
        elif kind == "potion" and item.get("magic") == "full-healing":
            self.potions.append(0)
        elif kind == "potion" and item.get("magic") == "cureall":
            self.diseased = False
        elif kind == "weapon":
            row = rules.tables()[rules.loot(item["letter"])].lookup(item["roll"])
            if not row.get("arrows") and dice.parse(row["damage_dice"]).mean() > dice.parse(self.weapon).mean():
                self.weapon = row["damage_dice"]
        elif kind == "armor":
            self.armor += rules.tables()[rules.loot(item["letter"])].lookup(item["roll"])["armor"]

    def shop(self, stock: list[dict[str, Any]]) -> None:
        for item in stock:
            if item["item"] == "lockpicks" and self.picks < 2 and self.gold >= item["price"]:
                bought = min(item.get("count", 1), self.gold // item["price"])
                self.picks += bought
                self.gold -= bought * item["price"]
            elif item["item"] == "leather-armor" and self.armor == 0 and self.gold >= item["price"]:
                self.gold -= item["price"]
                self.armor = rules.tables()["shop-stock"].lookup(item["roll"])["armor"]

    # --- a fight --------------------------------------------------------------------------------------

    def fight(self, key: str, data: Mapping[str, Any]) -> str:
        level = data["level"]
        foes = [dict(f) for f in data["foes"]]
        if key in self.remaining:
            foes = [f for f, left in zip(foes, self.remaining[key]) if left] or foes
            for f, hp in zip(foes, [h for h in self.remaining[key] if h]):
                f["hp"] = hp
        need = rules.difficulty(level)
        pool = rules.difficulty(level)

        def threat() -> float:
            """What the next round does if every foe hits: the rogue runs when that would kill."""
            return sum(float(dice.parse(f["damage"]).mean()) + (float(dice.parse(f["fire"]).mean()) if f.get("fire")
                                                                else 0.0)
                       for f in foes if f["hp"] > 0) - self.armor

        if threat() * 3 >= self.hp and self.passes_with("Stealth", level):
            return "sneak"
        for _ in range(MOST_ROUNDS):
            if self.hp * 3 <= self.most and self.heal_up():
                pass
            elif threat() >= self.hp and not data["relentless"]:
                if self.passes_with("Run", level):
                    self.remaining[key] = [f["hp"] if f["hp"] > 0 else 0 for f in foes]
                    return "fled"
            else:
                target = next(f for f in foes if f["hp"] > 0)
                if self.successes(self.skills["Stab"] + (1 if self.fountain == level else 0)) >= need:
                    target["hp"] -= damage(self.weapon, self.rng)
                if all(f["hp"] <= 0 for f in foes):
                    self.remaining.pop(key, None)
                    return "won"
            for foe in foes:
                if foe["hp"] <= 0:
                    continue
                attack = dice.parse(foe["attack"]).count if foe.get("attack") else pool
                if self.successes(attack) == 0:
                    continue
                if "petrify" in foe["traits"]:
                    self.hp = 0
                else:
                    self.hp -= max(0, damage(foe["damage"], self.rng) + damage(foe.get("fire"), self.rng) - self.armor)
            if self.hp <= 0:
                return "dead"
        return "dead"


def character(rng: Rng, number: int = 1) -> dict[str, Any]:
    """A rogue made by the rules, as ``printgen sheet`` makes rogue ``number``."""
    return characters.roll_character(rng, number)


def reader(code: SeedCode, number: int) -> Rogue:
    """Lone reader ``number`` of a booklet: its own character rolled by the rules, its own dice."""
    return Rogue(code.stream("solo", "play", number, "dice"), character(code.stream("solo", "play", number, "character")))


def ways(code: SeedCode, number: int) -> Rng:
    """The stream lone reader ``number`` chooses its ways by."""
    return code.stream("solo", "play", number, "ways")
