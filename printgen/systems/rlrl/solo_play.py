"""Lone rogues, simulated: the Rogue Like Roguelike solo booklet's own test, and the odds of winning it.

Three players (``PLAYERS``), each a ``Rogue`` that keeps the character and
throws the dice as the rules and How to play alone say, and a chooser that
picks the ways:

- ``random``: a careless rogue. His two 2d6 skills and every level's dice
  fall where they may, and so do his choices: any way at random (as
  gamebook/walk.py's lone mapper), a fight fought until it ends unless a coin
  says run, a potion drunk when a coin says so;
- ``careful``: knows the rules but not the map. He makes his rogue for the
  dungeon (Stab and Stealth at 2d6, each level's dice where the next level's
  Difficulty will need them), heads for the far corner where the stairs
  down stand, never tries a roll his pool cannot pass, sneaks past or runs
  from (back the way he came) a fight he is likely to lose, drinks and eats
  when hurt, searches each room once, and leaves a room he ran from alone
  while another way is open;
- ``map-knowing``: the careful rogue with the map in his head: he walks the
  way to the stairs down (on level 10, to the Amulet) that costs him least,
  counting the fights, traps, locks and falls along each.

What a rogue does (every player alike, unless said):

- a roll: the skill's dice (and the bonus dice of his gear, abilities, the
  fountain), every 5 or 6 a success, the Difficulty's successes to pass; the
  Luck ability throws a failed roll again once a level;
- a fight: he acts first each round (a blow with his best weapon, a wand of
  magic missile or fireball if he carries one, a potion when hurt, or a
  run), then each monster rolls the Difficulty's dice (a mimic or the
  shopkeeper its own) needing as many successes, for its damage (and fire)
  less his armor; an Elevenking strikes twice, a Medusa's hit is death, a
  Werewolf's a disease, an Imp's takes an item and the Imp away; a ranged
  monster strikes once more at a runner; monsters left alive are kept;
- loot: gold, weapons (the best is used), armor (it adds up), gear, potions
  (known once drunk: healing ones kept for need), wands, rations, torches;
- the shop: lock picks, leather armor, rations, known healing potions, as
  the gold allows; the terminal once a level, if his Hack can pass;
- a new level: +1d6 HP (most and now), two dice of skills, an ability.
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ... import dice
from ...gamebook import odds
from ...gamebook.model import CHOOSE, Book, Option, Section, Step
from ...gamebook.walk import RANDOM, Player
from ...seed import Rng, SeedCode
from . import GAME, characters, rules
from .solo_book import FAR, NEAR, SQUEAKY, VISIT_MARKS

PLAYERS = ("random", "careful", "map-knowing")
MOST_ROUNDS = 1000  # a fight still going after this many rounds: the rogue walks away (runs) or falls
HEALING = {"healing": 1, "major-healing": 2}  # dice of HP a potion restores (full-healing: all)
POISON = {"poison": "1d", "greater-poison": "3d"}
ATTACK_WANDS = ("magic-missile", "fireball")


@cache
def parsed(text: str) -> dice.Dice:
    return dice.parse(text)


@cache  # a fight's odds are weighed at every choice: the mean of each dice text, worked out once
def mean(text: str | None) -> float:
    return float(parsed(text).mean()) if text else 0.0


@cache  # a monster's or a trap's attack is rolled, and weighed, at every blow
def dice_count(text: str) -> int:
    """The dice of an attack's roll ("3d": 3)."""
    return int(text.rstrip("d"))


def roll(text: str | None, rng: Rng, shift: int = 0) -> int:
    """A damage or healing roll ("1d-3", "2d+6"), ``shift`` dice more or fewer; at 0 or less, none."""
    if not text:
        return 0
    found = parsed(text)
    die, sides = rng.die, found.sides
    total = found.modifier
    for _ in range(found.count + shift):
        total += die(sides)
    return max(0, total)


def p_pass(pool: int, need: int) -> float:
    """The chance ``pool`` dice show ``need`` or more 5s and 6s."""
    if need <= 0:
        return 1.0
    if pool < need:
        return 0.0
    return _p_pass(pool, need)


@cache
def _p_pass(pool: int, need: int) -> float:
    from math import comb

    return sum(comb(pool, k) * (1 / 3) ** k * (2 / 3) ** (pool - k) for k in range(need, pool + 1))


def solo() -> dict[str, Any]:
    return GAME.data("solo")


@cache  # asked at every choice
def bare_hands() -> str:
    return str(solo()["fight"]["bare_hands"])


def _key(value: str) -> str:
    """The section key a ``ref(key)`` or ``mark(key)`` in a step's data stands for."""
    return value[1:-1] if value[:1] in ("\ue000", "\ue002") else value


@cache  # asked of every way weighed
def place_of(key: str) -> str:
    """The place a section is in: an area for its events (``3.7/fight``: ``3.7``), the shop for its mimics and
    shopkeeper, else the section itself."""
    head = key.split("/")[0]
    if "." in head:
        return head
    if "/mimic" in key or "/keeper" in key or key.endswith("/shop/steal"):
        return f"{head}/shop"
    return key


# --- the rogue ------------------------------------------------------------------------------------


@dataclass
class Rogue:
    """A lone rogue: his sheet, his gear, and how he plays (``careful``: the careful player's tactics)."""

    rng: Rng
    character: dict[str, Any]
    careful: bool = False
    marks: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.skills = {s["name"]: s["dice"] for s in self.character["skills"]}
        if self.careful:  # the rules let a player choose his two skills at 2d6: he makes his rogue for the dungeon
            made = characters.rules()
            self.skills = {skill: made["favoured_pool"] if skill in FAVOURED else made["base_pool"]
                           for skill in self.skills}
        self.hp = self.most = self.character["hit_points"]
        start = solo()["start"]
        self.picks = start["lock_picks"]
        self.weapon = start["dagger_damage"]
        self.armor = 0
        self.gold = 0
        self.gear: dict[str, int] = {}  # skill -> bonus dice from boots, cloaks, rope
        self.potions: list[dict[str, Any]] = []  # loot dicts of unknown or kept potions
        self.wands: list[dict[str, Any]] = []
        self.known: set[str | None] = set()  # magic codes identified by use
        self.rations = 0
        self.torches = 0
        self.diseased = False
        self.level = 1
        self.deepest = 1
        self.left_level_1 = False
        self.fountain = 0  # the level whose fountain gives +1d to every action
        self.abilities: list[str] = []
        self.lucky_on = 0  # the level whose reroll is spent
        self.grown = 0
        self.place: str | None = None  # the place the rogue is in
        self.came_place: str | None = None  # the place he came into it from
        self.side = NEAR
        self.searched: set[str] = set()  # rooms searched on this visit
        self.remaining: dict[str, list[dict[str, Any]]] = {}  # fights left half fought
        self.dangerous: set[str] = set()  # rooms he ran from or slipped past
        self.shopped: set[int] = set()
        self.first: str | None = None  # the place his first choice led to
        self.visits: dict[str, int] = {}  # times he came into each place
        self.stale = 0  # the places he has come into more than STALE times (their count only grows)
        self.died_in: str | None = None
        self.last = ""  # the last section read before an ending
        self.cause = ""  # what last hurt him
        self.giving_up = False  # he has found nothing new for a long while: he climbs out
        self.desperate = False  # giving up, he found no way up: he goes on, whatever it costs
        self.bold_on = 0  # the level where, no other way open, he braves the rooms he backed out of
        self.meant: str | None = None  # a place he chose to go into knowing its monsters: no backing out
        self.killed: list[dict[str, Any]] = []  # the bodies of the fight just won
        self.beyond: dict[str, set[str]] = {}  # each room's far_of, as he first comes into it (he reads one book)
        self.pools: dict[str, int] = {}  # his dice by skill, as counted since they last changed (Rogue.pool)

    # --- dice -----------------------------------------------------------------------------------------

    def successes(self, count: int) -> int:
        die = self.rng.die
        rolled = 0
        for _ in range(count):
            if die(6) >= 5:
                rolled += 1
        self.rolled = rolled
        return rolled

    rolled = 0  # the successes of the last roll

    def pool(self, skill: str) -> int:
        """His dice for ``skill``: the skill's own, his gear's, the fountain's, his abilities'. Asked at every
        choice, and kept (``pools``) until one of those changes (``recount``)."""
        found = self.pools.get(skill)
        if found is None:
            found = self.skills.get(skill, 1) + self.gear.get(skill, 0)
            if self.fountain == self.level:
                found += 1
            for ability in SKILL_ABILITIES.get(skill, ()):
                if ability in self.abilities:
                    found += 2
            self.pools[skill] = found
        return found

    def recount(self) -> None:
        """His skills, gear, abilities, level or fountain have changed: his pools are counted again."""
        self.pools.clear()

    def chance(self, skill: str, need: int) -> float:
        return p_pass(self.pool(skill), need)

    def passes_with(self, skill: str, need: int, important: bool = True) -> bool:
        pool = self.pool(skill)
        if self.successes(pool) >= need:
            return True
        if important and "Luck" in self.abilities and self.lucky_on != self.level and pool >= need:
            self.lucky_on = self.level
            return self.successes(pool) >= need
        return False

    # --- the reader's side of the walk -----------------------------------------------------------------

    def enter(self, section: Section) -> None:
        if section.kind != "end":
            self.last = section.key
        level = section.level
        if level is not None:
            if level != self.level:
                self.level = level
                self.recount()
                if level > self.deepest:
                    self.deepest = level
                if level > 1:
                    self.left_level_1 = True
        place = section.where
        if place != self.place:
            self.marks.difference_update(VISIT_MARKS)
            self.came_place, self.place = self.place, place
            visits = self.visits[place] = self.visits.get(place, 0) + 1
            if visits == STALE + 1:
                self.stale += 1
            self.searched.clear()
            if section.kind == "area":
                beyond = self.beyond.get(place)
                if beyond is None:
                    beyond = self.beyond[place] = far_of(section)
                self.side = FAR if self.came_place in beyond else NEAR
                if self.diseased and self.rng.die(6) == 1:
                    self.hp -= solo_food()["disease_loss"]
                    self.cause = "disease"
            if self.first is None and self.came_place == "1.1":
                self.first = place

    def standing(self) -> str | None:
        return "dead" if self.hp <= 0 else None

    def allows(self, asks: Mapping[str, Any]) -> bool:
        if "gold" in asks and self.gold < asks["gold"]:
            return False
        if "search" in asks and _key(asks["search"]) in self.searched:
            return False
        if "picks" in asks and (self.picks > 0) != asks["picks"]:
            return False
        if "side" in asks and asks["side"] != self.side:
            return False
        if "found" in asks and not any(_key(m) in self.marks for m in asks["found"]):
            return False
        if "blade" in asks and self.weapon == bare_hands():
            return False
        return True

    def pay(self, cost: Mapping[str, Any]) -> None:
        if "searched" in cost:
            self.searched.add(_key(cost["searched"]))
        if cost.get("cross"):
            self.side = NEAR if self.side == FAR else FAR
        if "fall" in cost:
            self.hp -= roll(cost["fall"], self.rng)
            self.cause = "fall"
        if cost.get("break") == "pick":
            if "Lockpick Mastery" not in self.abilities or self.rng.die(6) == 1:
                self.picks -= 1
        if "slip" in cost and self.rolled == 0:  # the blade slips only when no die showed a success
            self.hp -= cost["slip"]
            self.cause = "lock"
        if cost.get("steal"):
            self.gold += 10  # what a theft takes, as a price: one thing off the shelf

    def passes(self, test: Mapping[str, Any]) -> bool:
        return self.passes_with(test["skill"], test["successes"])

    def act(self, step: Step, section: Section) -> str | None:
        data = step.data
        kind = step.kind
        if kind == "test":
            passed = self.passes_with(data["skill"], data["successes"])
            failed = step.ways.get("failed")
            return "passed" if passed else ("failed" if failed is not None and failed.to is not None else None)
        if kind == "damage":
            self.cause = "trap:" + data["dice"]
            attack = data.get("attack")
            if attack is None or self.successes(dice_count(attack["dice"])) >= attack["successes"]:
                self.hp -= max(0, roll(data["dice"], self.rng) - self.armor)
            return "dead" if self.hp <= 0 else None
        if kind == "trap-effect":
            attack = data.get("attack")
            hit = attack is None or self.successes(dice_count(attack["dice"])) >= attack["successes"]
            if hit and data["effect"] == "rust-metal":
                self.rust()
            elif data["effect"] == "level-up-next-monster":
                self.marks.add(SQUEAKY)
        elif kind == "roll":
            return str(roll(data["dice"], self.rng))
        elif kind == "fight":
            self.cause = "fight:" + "+".join(c["name"] for c in data["creatures"])
            outcome = self.fight(section.key, data)
            if outcome == "dead":
                self.died_in = section.key
            return outcome
        elif kind == "heal":
            self.eat(data)
        elif kind == "loot":
            for item in data["items"]:
                self.take(item)
        elif kind == "fountain":
            self.fountain = data["level"]
            self.recount()
        elif kind == "shop":
            self.shop(data)
        elif kind == "level-up":
            if _key(data["mark"]) not in self.marks:
                self.marks.add(_key(data["mark"]))
                self.level_up(data["level"])
        elif kind != "altar":
            raise ValueError(f"the lone rogue knows no step {kind!r}")
        return None

    # --- the rogue's gear and growth ----------------------------------------------------------------------

    def rust(self) -> None:
        self.weapon = solo()["fight"]["bare_hands"]
        self.armor = max(0, self.armor - self.metal_armor)
        self.metal_armor = 0
        self.picks = 0

    metal_armor = 0

    def level_up(self, level: int) -> None:
        gain = self.rng.die(6)
        self.most += gain
        self.hp += gain
        need = rules.difficulty(min(level + 1, rules.campaign()["levels"]))
        most = rules.character()["max_pool"]
        for _ in range(2):
            if self.careful:
                def short(skill: str) -> int:
                    extra = GROWTH[skill]
                    target = (extra if level < 4 else 0) if skill == "Disable Trap" else need + extra
                    return min(target, most) - self.skills[skill]
                skill = max(GROWTH, key=lambda s: (short(s), -list(GROWTH).index(s)))
            else:
                skill = self.rng.choice([s for s in self.skills if self.skills[s] < most] or list(self.skills))
            if self.skills[skill] < most:
                self.skills[skill] += 1
        names = [a["name"] for a in rules.character()["ability"] if a["name"] not in self.abilities]
        if self.careful:
            wanted = [a for a in ABILITY_ORDER if a not in self.abilities]
            if wanted:
                self.abilities.append(wanted[0])
        elif names:
            self.abilities.append(self.rng.choice(names))
        self.recount()

    def heal(self, amount: int) -> None:
        self.hp = min(self.most, self.hp + amount)

    def drink(self, potion: dict[str, Any]) -> None:
        self.potions.remove(potion)
        magic = potion.get("magic")
        self.known.add(magic)
        shift = STATUS_SHIFT.get(potion.get("status", {}).get("code", "uncursed"), 0)
        if magic in HEALING:
            self.heal(roll(f"{HEALING[magic]}d", self.rng, shift))
        elif magic == "full-healing":
            self.hp = self.most
        elif magic in POISON:
            self.hp -= roll(POISON[magic], self.rng, shift)
        elif magic == "cureall":
            self.diseased = False

    def healing_potion(self) -> dict[str, Any] | None:
        """The best known healing potion carried, or None."""
        known = [p for p in self.potions if p.get("magic") in self.known and p.get("magic") in (*HEALING, "full-healing")]
        if known:
            return max(known, key=lambda p: HEALING.get(p["magic"], 9))
        return None

    def unknown_potion(self) -> dict[str, Any] | None:
        """A potion not yet known; the careful rogue knows the lists: the E list's only potion heals."""
        unknown = [p for p in self.potions if p.get("magic") not in self.known]
        if self.careful:
            unknown.sort(key=lambda p: p.get("letter") != "E")
        return unknown[0] if unknown else None

    def heal_up(self, in_fight: bool) -> bool:
        """Drink or eat when hurt, as the player does: whether he did."""
        if self.careful:
            low = self.hp * 2 <= self.most or self.hp <= 3
            if not low:
                return False
            potion = self.healing_potion()
            if potion is None:  # a stranger potion: one of the E list heals; others only when a 1d poison is safe
                stranger = self.unknown_potion()
                if stranger is not None and (stranger.get("letter") == "E" or self.hp > 6):
                    potion = stranger
            if potion is not None:
                self.drink(potion)
                return True
            if not in_fight and self.rations:
                self.rations -= 1
                cooked = self.torches > 0
                self.torches -= 1 if cooked else 0
                self.heal(solo_food()["cooked_hp" if cooked else "edible_hp"])
                return True
            return False
        if self.potions and self.hp < self.most and self.rng.die(3) == 1:
            self.drink(self.potions[0])
            return True
        return False

    def eat(self, data: Mapping[str, Any]) -> None:
        food = solo_food()
        for body in self.killed:
            edible = body["edible"] or ("Cannibal" in self.abilities and body["humanoid"])
            if not edible:
                continue
            if self.hp >= self.most:
                return
            sick = body["diseased"] and "Iron Stomach" not in self.abilities
            if sick and self.careful:
                continue
            cooked = data["stove"] > 0 or self.torches > 0
            if cooked and not data["stove"]:
                if not self.careful or self.hp * 2 > self.most:
                    cooked = False
                else:
                    self.torches -= 1
            gain = (food["cooked_hp"] if cooked else food["edible_hp"]) + data["stove"]
            gain += 1 if cooked and "Camp Cook" in self.abilities else 0
            self.heal(gain)
            self.diseased = self.diseased or sick


    def take(self, item: Mapping[str, Any]) -> None:
        if "loot" in item:  # a shop's stock, taken off the shelf
            item = item["loot"]
        kind = item.get("kind")
        shift = STATUS_SHIFT.get(item.get("status", {}).get("code", "uncursed"), 0)
        if kind == "gold":
            self.gold += item["gold"]
        elif kind == "potion":
            self.potions.append(dict(item))
        elif kind == "wand" and item.get("magic") in ATTACK_WANDS:
            self.wands.append({**item, "charges": item.get("charges", 1)})
        elif kind == "weapon":
            row = _row(item)
            damage = _shifted(row["damage_dice"], shift)
            if not row.get("arrows_dice") and mean(damage) > mean(self.weapon):
                self.weapon = damage
        elif kind == "armor":
            armor = max(0, _row(item)["armor"] + shift)
            self.armor += armor
            self.metal_armor += armor
        elif kind == "gear" and _row(item).get("skill"):
            self.gear[_row(item)["skill"]] = max(0, 1 + shift)
            self.recount()
        elif kind == "bag":
            for pulled in item["bag"]:
                self.take(pulled)

    def shop(self, data: Mapping[str, Any]) -> None:
        if self.level in self.shopped:
            return
        self.shopped.add(self.level)
        for item in data["items"]:
            price = item["price"]
            code = item["item"]
            if code == "lockpicks" and self.picks < 3 and self.gold >= price:
                bought = min(item.get("count", 1), self.gold // price, 4 - self.picks)
                self.picks += bought
                self.gold -= bought * price
            elif code == "leather-armor" and self.gold >= price and self.careful:
                self.gold -= price
                self.armor += rules.tables()["shop-stock"].lookup(item["roll"])["armor"]
            elif code == "rations" and self.gold >= price:
                bought = min(item.get("count", 1), self.gold // price)
                self.rations += bought
                self.gold -= bought * price
            elif code == "torches" and self.gold >= price:
                self.torches += item.get("count", 1)
                self.gold -= price
            elif code == "loot" and self.gold >= price and self.careful:
                loot = item["loot"]
                if loot.get("magic") in self.known and loot["magic"] in (*HEALING, "full-healing"):
                    self.gold -= price
                    self.take(loot)
                elif loot["kind"] in ("weapon", "armor") and loot.get("name") != "Bow and 1d6 arrows":
                    self.gold -= price
                    self.take(loot)
            elif code == "rope" and self.gold >= price and self.careful:
                self.gold -= price
                self.gear["Climb"] = 1
                self.recount()

    # --- a fight ----------------------------------------------------------------------------------------

    def fight(self, key: str, data: Mapping[str, Any]) -> str:
        need = data["attack"]["successes"]
        noticed = data["sneak"] is None or _key(data["sneak"]["unless"]) in self.marks
        if key in self.remaining:
            foes = [dict(f) for f in self.remaining.pop(key)]
        else:
            found = data["creatures"]
            if data.get("tougher") and SQUEAKY in self.marks:
                self.marks.discard(SQUEAKY)
                found = data["tougher"]["creatures"]
            foes = [{**c, "now": c["hp"]} for c in found for _ in range(c["count"])]
        runnable = data["run"] is not None
        sneak_attack = False
        self.killed = []
        if not any(f["now"] > 0 for f in foes):
            return "won"
        if not noticed and data.get("back") and self.careful and not self.desperate and self.meant != place_of(key) \
                and self.expected_loss(foes, need) >= self.hp * SNEAK_AT:  # backs out unseen, as the booklet lets him
            self.dangerous.add(place_of(key))
            return "fled"
        if not noticed and self.wants_to_sneak(foes, need, runnable):
            if self.passes_with("Stealth", need):
                if "Sneak Attack" in self.abilities and self.careful and self.expected_loss(foes, need) * 2 < self.hp:
                    sneak_attack = True
                else:
                    self.dangerous.add(place_of(key))
                    return "sneak"
        for _ in range(MOST_ROUNDS):
            if all(f["now"] <= 0 for f in foes):
                self.killed = [f for f in foes if not f.get("gone")]
                return "won"
            if self.heal_up(in_fight=True):
                pass
            elif runnable and self.wants_to_run(foes, need):
                if self.passes_with("Run", need):  # short of the successes, the round goes on
                    for foe in foes:  # a ranged monster strikes once more at a runner
                        if foe["now"] > 0 and any(t.startswith("ranged") for t in foe["traits"]):
                            self.strike(foe, need)
                    if self.hp <= 0:
                        return "dead"
                    self.remaining[key] = [f for f in foes if f["now"] > 0]
                    self.dangerous.add(place_of(key))
                    return "fled"
            else:
                self.blow(foes, need, data.get("antimagic", False), sneak_attack)
                sneak_attack = False
                if all(f["now"] <= 0 for f in foes):
                    self.killed = [f for f in foes if not f.get("gone")]
                    return "won"
            self.monsters_strike(foes, need)
            if self.hp <= 0:
                return "dead"
        if runnable:
            self.remaining[key] = [f for f in foes if f["now"] > 0]
            return "fled"
        self.hp = 0
        return "dead"

    def blow(self, foes: list[dict[str, Any]], need: int, antimagic: bool, sneak_attack: bool) -> None:
        alive = [f for f in foes if f["now"] > 0]
        target = min(alive, key=lambda f: f["now"]) if self.careful else alive[0]
        wand = next((w for w in self.wands if w["charges"] > 0), None) if not antimagic else None
        if wand is not None and self.careful:
            magic = self.pool("Magic") + (2 if "Magic Item Affinity" in self.abilities else 0)
            zap = p_pass(magic, need) * mean(wand_damage(wand["magic"]))
            if zap <= p_pass(self.pool("Stab"), need) * mean(self.weapon):
                wand = None
        if wand is not None and (self.careful or self.rng.die(2) == 1):
            wand["charges"] -= 1
            pool = self.pool("Magic") + (2 if "Magic Item Affinity" in self.abilities else 0)
            if self.successes(pool) >= need:
                target["now"] -= roll(wand_damage(wand["magic"]), self.rng)
            return
        if self.successes(self.pool("Stab")) >= need:
            damage = roll(self.weapon, self.rng)
            if sneak_attack:
                damage += roll("2d6", self.rng)
            if target["humanoid"] and "Hamstring" in self.abilities:
                damage += roll("2d6", self.rng)
            target["now"] -= damage

    def monsters_strike(self, foes: list[dict[str, Any]], need: int) -> None:
        for foe in foes:
            if foe["now"] <= 0:
                continue
            for _ in range(2 if "two-magic-items" in foe["traits"] else 1):
                self.strike(foe, need)
                if foe["now"] <= 0:  # an Imp gone with its loot
                    break

    def strike(self, foe: dict[str, Any], need: int) -> None:
        attack = foe["attack"]
        if self.successes(dice_count(attack["dice"])) < attack["successes"]:
            return
        if "petrify" in foe["traits"]:
            self.hp = 0
            return
        self.hp -= max(0, roll(foe["damage"], self.rng) + roll(foe.get("fire"), self.rng) - self.armor)
        if "bite-disease" in foe["traits"]:
            self.diseased = True
        if "kleptomaniac" in foe["traits"]:
            if self.potions:
                self.potions.pop()
            elif self.gold:
                self.gold = 0
            foe["now"] = 0
            foe["gone"] = True

    def expected_loss(self, foes: list[dict[str, Any]], need: int) -> float:
        """The HP a fight to the end would cost, roughly: the foes' blows over the rounds it takes to kill them."""
        alive = [f for f in foes if f["now"] > 0]
        if not alive:
            return 0.0
        hit = max(0.05, p_pass(self.pool("Stab"), need)) * max(1.0, mean(self.weapon))
        rounds = sum(f["now"] for f in alive) / hit
        per_round = 0.0
        for f in alive:
            attack = f["attack"]
            p = p_pass(dice_count(attack["dice"]), attack["successes"])
            blows = 2 if "two-magic-items" in f["traits"] else 1
            harm = 99.0 if "petrify" in f["traits"] else max(0.0, mean(f["damage"]) + mean(f.get("fire")) - self.armor)
            per_round += p * blows * harm
        return per_round * rounds

    def wants_to_sneak(self, foes: list[dict[str, Any]], need: int, runnable: bool) -> bool:
        if not self.careful:
            return self.rng.die(3) == 1
        if self.chance("Stealth", need) == 0:
            return False
        return self.expected_loss(foes, need) >= self.hp * SNEAK_AT

    def wants_to_run(self, foes: list[dict[str, Any]], need: int) -> bool:
        if not self.careful:
            return self.rng.die(4) == 1
        if self.chance("Run", need) == 0:
            return False
        return self.expected_loss(foes, need) >= self.hp * RUN_AT


UP, DOWN = "stairs/up", "stairs/down"  # the kinds of the ways his map tells apart (Careful.doors)
UNSEEN_DRAW = ("area", "stairs", UP, DOWN, "loot", "fountain")  # a way not yet taken to one of these draws him
OPEN_ASKS = ("picks", "blade", "found", "gold")  # what a way asks that he knows before he stands there
_Lock = tuple[str, int]  # a way's roll, as the careful players weigh it: its skill and successes
# A way on from an area, as his map reads it: to, needs, lacks, asks, its roll (skill, successes), kind, warns, the
# place it leads to
_Door = tuple[str, tuple[str, ...], tuple[str, ...], dict[str, Any], _Lock | None, str, bool, str]
_Drawn = tuple[dict[str, set[str]], set[str], dict[str, str]]  # his map of a level (Careful.drawn)
# An area's ways on that he could take (Careful.open_doors): whether the stairs down are among them, the stairs up,
# and the others: to, whether it is an area, whether it warns, the place it leads to
_OpenDoors = tuple[bool, str | None, list[tuple[str, bool, bool, str]]]
_Reads = tuple[frozenset[str], tuple[str, ...], frozenset[str]]  # what it reads (Atlas.reads)
# An area's fight (Atlas.perils): the mark of its winning, the successes its monsters need, whether a rogue may
# sneak past, its monsters fresh (as Rogue.fight makes them)
_Fight = tuple[str, int, bool, list[dict[str, Any]]]
_TrapHarm = tuple[float, int, float, int]  # a sprung trap's damage (Atlas._trap_harm)
_Perils = tuple[_Fight | None, tuple[tuple[str, _TrapHarm | None], ...]]  # an area's fight and traps
# A level by number, for the map-knowing player's reckoning (Atlas.ways_back): its areas, the ways into each (from
# which area, by which lock), its locks, the areas by the goal, each area's perils
_WaysBack = tuple[list[str], list[tuple[list[int], list[tuple[int, int]]]], tuple[_Lock, ...], list[int],
                  list[_Perils | None]]
INFINITY = float("inf")
LOST = 3  # this many books' worth of sections read with nothing new, he takes any way at all
STALE = 6  # a room he has come into this often no longer draws him for the ways he has not taken from it
DANGER = 35.0  # what a place he backed out of or ran from costs in the careful rogue's choice of ways
FAVOURED = ("Stab", "Lockpick")
SNEAK_AT, RUN_AT = 0.3, 0.8  # the careful rogue sneaks past a fight likely to cost this share of his HP, runs at that
STATUS_SHIFT = {"cursed": -1, "uncursed": 0, "blessed": 1}
# Where a careful rogue puts each level's two dice: the pools he wants, above the next level's Difficulty.
GROWTH = {"Stab": 2, "Lockpick": 2, "Stealth": 1, "Search": 1, "Disable Trap": 2, "Run": 0}
ABILITY_ORDER = ("Lockpick Mastery", "Sneak", "Luck", "Trap Sense", "Daredevil", "Sneak Attack", "Iron Stomach",
                 "Camp Cook", "Hamstring", "Magic Item Affinity", "Cannibal", "Quick Fingers", "Bullseye",
                 "Hackmaster", "Master Barterer", "Animal Friendship")
ABILITY_DICE = {"Sneak": ("Stealth",), "Trap Sense": ("Disable Trap",), "Daredevil": ("Jump", "Climb"),
                "Quick Fingers": ("Steal",)}
SKILL_ABILITIES = {skill: tuple(a for a, skills in ABILITY_DICE.items() if skill in skills)
                   for skills in ABILITY_DICE.values() for skill in skills}  # ABILITY_DICE by skill


@cache  # weighed at every blow of a rogue with a wand
def wand_damage(magic: str) -> str | None:
    """The damage dice of the wand whose magic code is ``magic``."""
    return rules.magic_row(magic)["damage_dice"]


@cache
def solo_food() -> dict[str, Any]:
    return rules.campaign()["food"]


def _row(item: Mapping[str, Any]) -> Mapping[str, Any]:
    return rules.tables()[rules.loot(item["letter"])].lookup(min(item["roll"] + item.get("bonus", 0), 6)).fields


def _shifted(damage: str, shift: int) -> str:
    found = parsed(damage)
    count = max(1, found.count + shift)
    return f"{count}d{found.modifier:+d}" if found.modifier else f"{count}d"


def _rogue(reader: Any) -> Rogue:
    """The rogue a reader is, under any wrapper that watches it (a benchmark's, the notes'): the chooser sets
    his plans on the rogue himself."""
    while not isinstance(reader, Rogue):
        reader = vars(reader).get("_reader") or vars(reader)["reader"]
    return reader


def _distances(back: Mapping[str, set[str]], targets: set[str]) -> dict[str, int]:
    """Each room's count of doors to the nearest of ``targets`` (``back``: the rooms each room is reached from)."""
    distance = {key: 0 for key in targets}
    queue = deque(targets)
    while queue:
        at = queue.popleft()
        for before in back.get(at, ()):
            if before not in distance:
                distance[before] = distance[at] + 1
                queue.append(before)
    return distance


def far_of(section: Section) -> set[str]:
    """The places beyond a room's chasm or cliff, as its choice names them."""
    found: set[str] = set()
    for step in section.steps:
        if step.kind == CHOOSE:
            for option in step.options:
                if option.asks and option.asks.get("side") == FAR and option.way.to is not None:
                    found.add(place_of(option.way.to))
    return found


# --- choosing the ways ---------------------------------------------------------------------------------


class Atlas:
    """What a careful player reads of a book before he plays, the same for every play of it (worked out once a
    level, as it is first asked for): each area's ways on, what his map of a level reads of him, the stairs'
    corners, and for the map-knowing player the rooms by the goal and the ways into each room."""

    def __init__(self, book: Book):
        self.book = book
        self.corner = {s.level: s.data["stairs_corner"] for s in book.sections.values() if "stairs_corner" in s.data}
        self._doors: dict[int, list[tuple[str, list[_Door]]]] = {}
        self._reads: dict[int, _Reads] = {}
        self._rooms: dict[int, list[tuple[str, list[_Door], frozenset[str] | None]]] = {}
        self._goal: dict[int, set[str]] | None = None
        self._backward: dict[int, dict[str, list[tuple[str, _Lock | None]]]] = {}
        self._perils: dict[str, _Perils] = {}
        self._danger_reads: dict[int, tuple[frozenset[str], tuple[str, ...], tuple[_Lock, ...]]] = {}
        self._ways_back: dict[int, _WaysBack] = {}
        # the map-knowing player's costs of a level (MapKnowing.distances), by all they read of the rogue; and a
        # fight's expected loss, by the rogue's Stab, weapon and armor: the same for every player of the book
        self.costs: dict[tuple[Any, ...], dict[str, float]] = {}
        self.fight_losses: dict[tuple[str, int, str, int], float] = {}
        # each area's ways on he could take, by the area and what they read (Careful.opened)
        self.open_doors: dict[tuple[Any, ...], _OpenDoors] = {}
        self._sides: dict[str, dict[str, Any]] = {}
        self._sides_of: dict[int, list[tuple[str, str | None]]] = {}

    def sides(self, section: Section) -> dict[str, Any]:
        """The side of a room each of its doorways stands on, by the section it leads to (the first, for two)."""
        found = self._sides.get(section.key)
        if found is None:
            found = self._sides[section.key] = {}
            for doorway in section.data.get("doorways", ()):
                if doorway.get("turn_to"):
                    found.setdefault(_key(doorway["turn_to"]), doorway["side"])
        return found

    def sides_of(self, step: Step) -> list[tuple[str, str | None]]:
        """The ways of a choice that stand on one side of a chasm or cliff (and lead somewhere or tick a mark):
        each one's side and the area it leads to (None: not an area). Kept by the step (the book it is in is
        kept too, so no other step takes its id)."""
        found = self._sides_of.get(id(step))
        if found is None:
            found = []
            for option in step.options:
                side = (option.asks or {}).get("side")
                to = option.way.to
                if side is None or to is None and not option.way.ticks:
                    continue
                found.append((side, to if to is not None and self.book[to].kind == "area" else None))
            self._sides_of[id(step)] = found
        return found

    def doors(self, level: int) -> list[tuple[str, list[_Door]]]:
        """Each area of the level, in the book's order, with its ways on: what his map reads of each (the marks it
        needs and lacks, what it asks that he can know ahead, its roll, the kind of section it leads to with the
        stairs up and down told apart, whether it warns, the place it leads to)."""
        found = self._doors.get(level)
        if found is not None:
            return found
        found = []
        for here in self.book.sections.values():
            if here.kind != "area" or here.level != level:
                continue
            doors: list[_Door] = []
            for step in here.steps:
                for option in step.options:
                    to = option.way.to
                    if to is None:
                        continue
                    kind = self.book[to].kind
                    if kind == "stairs" and to.endswith("/up"):
                        kind = UP
                    elif kind == "stairs" and to.endswith("/down"):
                        kind = DOWN
                    asks = {k: v for k, v in (option.asks or {}).items() if k in OPEN_ASKS}
                    test = option.test
                    lock = None if test is None else (test["skill"], test["successes"])
                    doors.append((to, option.needs, option.lacks, asks, lock, kind, bool(option.warns), place_of(to)))
            found.append((here.key, doors))
        self._doors[level] = found
        return found

    def rooms(self, level: int) -> list[tuple[str, list[_Door], frozenset[str] | None]]:
        """Each area of the level, in the book's order, with its ways on (doors) and the marks they read (None:
        none)."""
        found = self._rooms.get(level)
        if found is None:
            found = []
            for key, doors in self.doors(level):
                marks: set[str] = set()
                for _, needs, lacks, ask, _, _, _, _ in doors:
                    marks.update(needs, lacks)
                    marks.update(_key(m) for m in ask.get("found", ()))
                found.append((key, doors, frozenset(marks) if marks else None))
            self._rooms[level] = found
        return found

    def reads(self, level: int) -> _Reads:
        """What his map of a level reads of the rogue, beside the sections read and the rooms: the marks its ways
        need, lack or ask for (Rogue.allows), the skills of their rolls, what else they ask (each once)."""
        found = self._reads.get(level)
        if found is None:
            marks: set[str] = set()
            skills: dict[str, None] = {}
            asks: set[str] = set()
            for _, doors in self.doors(level):
                for _, needs, lacks, ask, lock, _, _, _ in doors:
                    marks.update(needs, lacks)
                    marks.update(_key(m) for m in ask.get("found", ()))
                    if lock is not None:
                        skills[lock[0]] = None
                    asks.update(ask)
            found = self._reads[level] = (frozenset(marks), tuple(skills), frozenset(asks))
        return found

    def goal(self) -> dict[int, set[str]]:
        """Each level's rooms with a way to its goal: the stairs down, or on the last level the Amulet."""
        if self._goal is not None:
            return self._goal
        book = self.book
        goal: dict[int, set[str]] = {}
        for section in book.sections.values():
            if section.kind != "area":
                continue
            for step in section.steps:
                for option in step.options:
                    to = option.way.to
                    if to is None:
                        continue
                    if to.endswith("/down") or (book[to].kind == "loot" and any(
                            s.kind == "go" and "won" == (s.ways["go"].to or "") for s in book[to].steps)):
                        goal.setdefault(section.level or 0, set()).add(section.key)
        self._goal = goal
        return goal

    def backward(self, level: int) -> dict[str, list[tuple[str, _Lock | None]]]:
        """Each area of the level: the areas with a way into it, and that way's roll (its skill and successes)."""
        found = self._backward.get(level)
        if found is not None:
            return found
        found = {}
        for section in self.book.sections.values():
            if section.kind != "area" or section.level != level:
                continue
            for step in section.steps:
                for option in step.options:
                    to = option.way.to
                    if to is not None and to in self.book.sections and self.book[to].kind == "area":
                        test = option.test
                        lock = None if test is None else (test["skill"], test["successes"])
                        found.setdefault(to, []).append((section.key, lock))
        self._backward[level] = found
        return found

    def perils(self, area: str) -> _Perils:
        """What coming into an area may cost the map-knowing player (MapKnowing.danger): its fight, if any (the
        mark of its winning, the successes its monsters need, whether he may sneak past, the monsters fresh), and
        each trap's mark with what it does when sprung."""
        found = self._perils.get(area)
        if found is None:
            sections = self.book.sections
            fight: _Fight | None = None
            key = f"{area}/fight"
            if key in sections:
                step = next(s for s in sections[key].steps if s.kind == "fight")
                foes = [{**c, "now": c["hp"]} for c in step.data["creatures"] for _ in range(c["count"])]
                fight = (key, step.data["attack"]["successes"], step.data["sneak"] is not None, foes)
            traps: list[tuple[str, _TrapHarm | None]] = []
            number = 1
            while f"{area}/trap{number}" in sections:
                traps.append((f"{area}/trap{number}", self._trap_harm(f"{area}/sprung{number}")))
                number += 1
            found = self._perils[area] = (fight, tuple(traps))
        return found

    def _trap_harm(self, sprung: str) -> _TrapHarm | None:
        """A sprung trap's first damage: the chance its attack hits, the Disable Trap successes that would have
        made it safe, its mean and highest damage (None: a trap that does no damage)."""
        section = self.book[sprung]
        for step in section.steps:
            if step.kind == "damage":
                attack = step.data["attack"]
                hit = 1.0 if attack is None else p_pass(dice_count(attack["dice"]), attack["successes"])
                return hit, rules.difficulty(section.level or 1), mean(step.data["dice"]), parsed(step.data["dice"]).high
        return None

    def ways_back(self, level: int) -> _WaysBack:
        """The level for the map-knowing player's reckoning (MapKnowing._reckon), by number: its areas in the
        book's order; for each, the areas with a way into it (backward), those with no lock and those with one, by
        their numbers among the areas and the level's locks (danger_reads); the locks; the areas by the goal; each
        area's perils (None: neither fight nor trap)."""
        found = self._ways_back.get(level)
        if found is None:
            areas = [key for key, _ in self.doors(level)]
            number = {area: n for n, area in enumerate(areas)}
            locks = self.danger_reads(level)[2]
            lock_number = {lock: n for n, lock in enumerate(locks)}
            back = self.backward(level)
            ways_in = [([number[before] for before, lock in back.get(area, ()) if lock is None],
                        [(number[before], lock_number[lock]) for before, lock in back.get(area, ()) if lock is not None])
                       for area in areas]
            goals = sorted(number[area] for area in self.goal().get(level, ()))
            perils = [found if found[0] is not None or found[1] else None for found in map(self.perils, areas)]
            found = self._ways_back[level] = (areas, ways_in, locks, goals, perils)
        return found

    def danger_reads(self, level: int) -> tuple[frozenset[str], tuple[str, ...], tuple[_Lock, ...]]:
        """What the map-knowing player's costs of a level read of the rogue, beside his HP, armor and weapon: the
        marks of its fights won and traps passed, the skills of its locks; and its locks (each once)."""
        found = self._danger_reads.get(level)
        if found is None:
            marks: set[str] = set()
            for area, _ in self.doors(level):
                fight, traps = self.perils(area)
                if fight is not None:
                    marks.add(fight[0])
                marks.update(trap for trap, _ in traps)
            locks = {lock: None for ways in self.backward(level).values() for _, lock in ways if lock is not None}
            skills = {lock[0]: None for lock in locks}
            found = self._danger_reads[level] = (frozenset(marks), tuple(skills), tuple(locks))
        return found


class Careful:
    """The careful player's choices: what the rules and the pages tell him, and what he has seen (``atlas``:
    what he reads of the book ahead, shared by the players of one book)."""

    def __init__(self, book: Book, atlas: Atlas | None = None):
        self.book = book
        self.atlas = atlas if atlas is not None and atlas.book is book else Atlas(book)
        self.corner = self.atlas.corner
        self._walk: Any = None  # the walk whose maps are kept in _drawn, _near and _opens
        self._drawn: dict[tuple[Any, ...], _Drawn] = {}
        self._near: dict[int, dict[str, int]] = {}  # by its front (id), a kept map's distances to it
        self._opens: dict[tuple[Any, ...], bool] = {}  # by state, whether a map not drawn has a front (opens)

    _front: tuple[int, dict[str, int]] | None = None
    _playing: Any = None  # the walk whose rogue is _rogue
    _rogue: Rogue

    def choose(self, walk: Any, section: Section, step: Step, open_options: Sequence[int]) -> int:
        if walk is not self._playing:  # the rogue of this walk, found once
            self._playing, self._rogue = walk, _rogue(walk.reader)
        rogue = self._rogue
        self._front = None
        if walk.bored and not rogue.desperate:
            rogue.giving_up = True
        if section.kind == "area":  # his map of the level, worked out afresh (he may give up, or give up giving up)
            opens = self.survey(walk, rogue, section.level or 1)
            if rogue.desperate and not opens:  # nothing left he knows of: any way at all
                return RANDOM.choose(walk, section, step, open_options)
        if walk.since_new >= LOST * len(self.book.sections):  # lost for good: any way at all
            return RANDOM.choose(walk, section, step, open_options)
        if not open_options:
            return -1
        scores = [self.score(walk, rogue, section, step, i) for i in open_options]
        best = max(scores)
        pool = [i for score, i in zip(scores, open_options) if score == best]
        index = pool[walk.rng.randint(0, len(pool) - 1)]
        to = step.options[index].way.to
        place = None if to is None else place_of(to)
        rogue.meant = place if place in rogue.dangerous else None
        return index

    def score(self, walk: Any, rogue: Rogue, section: Section, step: Step, index: int) -> float:
        option = step.options[index]
        way = option.way
        to = way.to
        test = option.test
        if test is not None and rogue.chance(test["skill"], test["successes"]) == 0:
            return -100.0
        if way.cost and way.cost.get("cross"):
            return self.cross_score(walk, rogue, section, step, test)
        if way.cost and way.cost.get("steal"):
            return -80.0
        if to is None:  # the key on its hook
            return 90.0 if way.ticks else -50.0
        kind = self.book.sections[to].kind
        if kind != "area":  # most of his ways lead to an area: none of these
            need = rules.difficulty(section.level or 1)
            if kind == "loot":
                return 80.0 if test is None else (-60.0 if rogue.chance("Steal", need) < 0.6 else 70.0)
            if kind == "fountain":
                return 75.0
            if kind == "secret":
                return 60.0 if rogue.visits.get(section.key, 0) <= 3 else 15.0
            if kind == "stairs" and to.endswith("/down"):
                return -90.0 if rogue.giving_up else 100.0
            if kind == "stairs" and to.endswith("/up"):
                return 95.0 if rogue.giving_up and self.climbs(walk, rogue, to) else -80.0
            if kind == "shop":
                return 50.0 if rogue.level not in rogue.shopped and rogue.gold >= 2 else -70.0
            if kind == "terminal":
                return (40.0 if f"{section.level}/terminal" not in rogue.marks and rogue.chance("Hack", need) > 0.3
                        else -70.0)
            if kind == "fight":  # a mimic's chest
                return -100.0
            if kind == "false-door":
                return -45.0 if to in walk.seen else 5.0
        if section.kind == "shop":
            return 0.0
        if test is not None and "blade" in (option.asks or {}) and not (rogue.giving_up or rogue.desperate):
            # the blade's point: a slip costs 1 HP (worth it to one who has no other way)
            slip = (2 / 3) ** rogue.pool(test["skill"])
            if rogue.picks > 0 and slip > 0.15:
                return -85.0
            if rogue.hp <= 3 and slip > 0.05:
                return -85.0
        return self.door_score(walk, rogue, section, to, option, test)

    def door_score(self, walk: Any, rogue: Rogue, section: Section, to: str, option: Option,
                   test: Mapping[str, Any] | None) -> float:
        score = self.door_value(walk, rogue, section, to, test)
        # the doorway shows a trap or something moving, a place not yet seen, while he has other ways open: another
        # way first
        if option.warns and to not in walk.seen and not (rogue.giving_up or rogue.desperate
                                                         or rogue.bold_on == rogue.level):
            score -= DANGER
        return max(-40.0, min(40.0, score))

    def door_value(self, walk: Any, rogue: Rogue, section: Section, to: str, test: Mapping[str, Any] | None) -> float:
        """A door by the map he has drawn: a way not yet taken is worth most, then one toward the nearest room
        with a way not yet taken (fewer doors, more worth), a room he ran from least."""
        distance = self.frontier(walk, rogue, section.level or 1).get(to)
        unseen = to not in walk.seen
        if unseen:
            score = 0.0 if rogue.giving_up else 24.0
        else:
            score = -12.0 if distance is None else 18.0 - 3.0 * distance
        score -= 0.5 * rogue.visits.get(to, 0)
        if place_of(to) in rogue.dangerous and not ((rogue.giving_up or rogue.desperate or rogue.bold_on == rogue.level)
                                                    and distance is not None):
            score -= DANGER
        if unseen:
            side = self.atlas.sides(section).get(to)
            corner = self.corner.get(section.level)
            if side and corner and side in corner:
                score += 4.0
        if test is not None:  # a lock: the chance it opens, the pick (or, with the dagger's point, the HP) it may cost
            score -= 10.0 * (1 - rogue.chance(test["skill"], test["successes"]))
        return score

    def survey(self, walk: Any, rogue: Rogue, level: int) -> bool:
        """His map of the level, as he comes to choose in one of its rooms: whether a way is left open to him
        (frontier, with what follows when none is)."""
        return bool(self.frontier(walk, rogue, level))

    def frontier(self, walk: Any, rogue: Rogue, level: int) -> dict[str, int]:
        """Each room of the level he has seen: how many doors from it to the nearest room with a way he has not
        taken (one he may open), by the map he has drawn (giving up: to the stairs up, where they lead to a
        room he knows his way up from); worked out once a choice."""
        if self._front is not None and self._front[0] == level:
            return self._front[1]
        back, front, up = self.drawn(walk, rogue, level)
        if not front and not rogue.giving_up and not rogue.desperate and rogue.bold_on != level:
            # no other way open: he braves the rooms he backed out of or slipped past
            rogue.bold_on = level
            back, front, up = self.drawn(walk, rogue, level)
        if not front and not rogue.giving_up and not rogue.desperate:  # nothing left he can reach: any way on
            rogue.desperate = True
        if rogue.giving_up:
            front = {room for room, stairs in up.items() if self.climbs(walk, rogue, stairs)}
            distance = _distances(back, front)
        else:  # a map drawn before: its distances too (the map is kept, so its front is no other's)
            near = self._near.get(id(front))
            if near is None:
                near = self._near[id(front)] = _distances(back, front)
            distance = near
        if rogue.giving_up and walk.at is not None and walk.at.kind == "area" and walk.at.key not in distance:
            # no way up from here that he knows: he stops giving up and takes his chances, whatever they are
            rogue.giving_up, rogue.desperate = False, True
            return self.frontier(walk, rogue, level)
        self._front = (level, distance)
        return distance

    def state(self, walk: Any, rogue: Rogue, level: int) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
        """What his map of a level reads (Atlas.reads): the marks its ways read, the sections he has read, the
        rooms he has come into too often and those he ran from (all only grow, so their counts tell them apart),
        his plans; and beside their marks, what his ways on read (``gate``: the picks, blade and gold they ask, the
        pools of their rolls)."""
        if walk is not self._walk:
            self._walk, self._drawn, self._near, self._opens = walk, {}, {}, {}
        marks, tests, asks = self.atlas.reads(level)
        gate = (rogue.picks > 0 if "picks" in asks else None, rogue.weapon == bare_hands() if "blade" in asks else None,
                rogue.gold if "gold" in asks else None, tuple([rogue.pool(skill) for skill in tests]))
        state = (level, frozenset(rogue.marks & marks) if marks else None, gate, len(walk.seen),
                 None if rogue.desperate else rogue.stale, len(rogue.dangerous), rogue.giving_up, rogue.desperate,
                 rogue.bold_on == level)
        return state, gate

    def drawn(self, walk: Any, rogue: Rogue, level: int) -> _Drawn:
        """His map of a level: the rooms each room is reached from, the rooms with a way not yet taken, the
        rooms with the stairs up (and those stairs). Drawn once for each state of what it reads (state); the maps
        drawn are never changed by those who read them."""
        state, gate = self.state(walk, rogue, level)
        found = self._drawn.get(state)
        if found is None:
            found = self._drawn[state] = self._draw(walk, rogue, level, gate)
        return found

    def _draw(self, walk: Any, rogue: Rogue, level: int, gate: tuple[Any, ...]) -> _Drawn:
        back: dict[str, set[str]] = {}
        front: set[str] = set()
        up: dict[str, str] = {}
        seen = walk.seen
        visits = rogue.visits
        dangerous = rogue.dangerous
        desperate = rogue.desperate
        braving = rogue.giving_up or desperate or rogue.bold_on == level
        heeds_warnings = rogue.bold_on != level and not rogue.giving_up
        for key, (down, stairs_up, ways) in self.opened(rogue, level, gate, seen):
            if down:
                front.add(key)
            if stairs_up is not None:
                up[key] = stairs_up
            drawn_on = desperate or visits.get(key, 0) <= STALE
            for to, is_area, warns, place in ways:
                if to not in seen and drawn_on and not (warns and heeds_warnings):
                    front.add(key)
                elif is_area and (braving or place not in dangerous):
                    froms = back.get(to)
                    if froms is None:
                        back[to] = {key}
                    else:
                        froms.add(key)
        return back, front, up

    def opens(self, walk: Any, rogue: Rogue, level: int) -> bool:
        """Whether his map of a level has a room with a way not yet taken (drawn's front), found without drawing
        the rest of it where it is not drawn yet; once for each state."""
        state, gate = self.state(walk, rogue, level)
        drawn = self._drawn.get(state)
        if drawn is not None:
            return bool(drawn[1])
        found = self._opens.get(state)
        if found is None:
            found = self._opens[state] = self._opens_on(walk, rogue, level, gate)
        return found

    def _opens_on(self, walk: Any, rogue: Rogue, level: int, gate: tuple[Any, ...]) -> bool:
        seen = walk.seen
        visits = rogue.visits
        heeds_warnings = rogue.bold_on != level and not rogue.giving_up
        for key, (down, _, ways) in self.opened(rogue, level, gate, seen):
            if down:
                return True
            if rogue.desperate or visits.get(key, 0) <= STALE:
                for to, _, warns, _ in ways:
                    if to not in seen and not (warns and heeds_warnings):
                        return True
        return False

    def opened(self, rogue: Rogue, level: int, gate: tuple[Any, ...], seen: set[str]
               ) -> Iterator[tuple[str, _OpenDoors]]:
        """Each room of the level he has seen, in the book's order, with the ways on he could take when he stands
        there (open_doors): they read only the marks of the room's ways and the gate (state), and are kept for
        every player of the book."""
        marks = rogue.marks
        opened = self.atlas.open_doors
        for key, doors, reads in self.atlas.rooms(level):
            if key in seen:
                state = (key, reads & marks if reads else None, gate)
                found = opened.get(state)
                if found is None:
                    found = opened[state] = self.open_doors(rogue, doors)
                yield key, found

    @staticmethod
    def open_doors(rogue: Rogue, doors: list[_Door]) -> _OpenDoors:
        """A room's ways on that he could take when he stands there (their marks, his picks and blade, a roll he
        can pass; the side of a chasm he would stand on is not known ahead), for his map: whether the stairs down
        are among them, the stairs up (the last), and the others that may draw him or lead back."""
        marks = rogue.marks
        down = False
        stairs_up = None
        ways: list[tuple[str, bool, bool, str]] = []
        for to, needs, lacks, asks, lock, kind, warns, place in doors:
            if kind not in UNSEEN_DRAW:  # neither draws him nor leads back
                continue
            if needs and marks.isdisjoint(needs) or lacks and not marks.isdisjoint(lacks):
                continue
            if asks and not rogue.allows(asks):
                continue
            if lock is not None and not rogue.chance(*lock) > 0:
                continue
            if kind == DOWN:  # the way on: his map's front, whether he has seen beyond it or not
                down = True
                continue
            if kind == UP:
                stairs_up = to
            ways.append((to, kind == "area", warns, place))
        return down, stairs_up, ways

    def doors(self, level: int) -> list[tuple[str, list[_Door]]]:
        return self.atlas.doors(level)

    def climbs(self, walk: Any, rogue: Rogue, stairs: str) -> bool:
        """Whether the stairs up lead to a room he knows his way on up from (the level above's stairs up)."""
        landing = next((s.ways["go"].to for s in self.book[stairs].steps if s.kind == "go"), None)
        if landing is None or self.book[landing].kind != "area":
            return True  # out of the dungeon
        level = self.book[landing].level or 1
        back, _, up = self.drawn(walk, rogue, level)
        return landing in _distances(back, set(up))

    def cross_score(self, walk: Any, rogue: Rogue, section: Section, step: Step, test: Mapping[str, Any] | None
                    ) -> float:
        """Cross when the other side holds a way worth more than any on this side, and the fall is unlikely
        to kill."""
        assert test is not None
        here: list[float] = []
        there: list[float] = []
        for side, area in self.atlas.sides_of(step):  # a room seen already is worth nothing; any other way, 1
            value = 0.0 if area is not None and area in walk.seen else 1.0
            (here if side == rogue.side else there).append(value)
        if not there or max(there) <= max(here, default=-1):
            return -60.0
        if rogue.desperate:
            return 30.0
        p_fail = 1 - rogue.chance(test["skill"], test["successes"])
        fall = parsed(test["fall"])
        deadly = 1.0 if mean(test["fall"]) >= rogue.hp else 0.5 if fall.high >= rogue.hp else 0.0
        return 30.0 - 100.0 * p_fail * deadly


class MapKnowing(Careful):
    """The careful player with the map: toward the stairs down (level 10: the Amulet) by the cheapest way."""

    def __init__(self, book: Book, atlas: Atlas | None = None):
        super().__init__(book, atlas)
        self._known: dict[tuple[Any, ...], dict[str, float]] = {}

    def choose(self, walk: Any, section: Section, step: Step, open_options: Sequence[int]) -> int:
        self._costs = None
        return super().choose(walk, section, step, open_options)

    def survey(self, walk: Any, rogue: Rogue, level: int) -> bool:
        """Whether his map of the level has a way left open, and what follows when none is, as the careful
        player's frontier has it, but without its distances: he goes by his own (distances), and the careful
        player's are reckoned only when he falls back on them (door_value). Giving up, he surveys as the careful
        player."""
        if rogue.giving_up:
            return super().survey(walk, rogue, level)
        opens = self.opens(walk, rogue, level)
        if not opens and not rogue.desperate and rogue.bold_on != level:  # as in frontier
            rogue.bold_on = level
            opens = self.opens(walk, rogue, level)
        if not opens and not rogue.desperate:
            rogue.desperate = True
        return opens

    _costs: dict[str, float] | None = None

    def door_score(self, walk: Any, rogue: Rogue, section: Section, to: str, option: Option,
                   test: Mapping[str, Any] | None) -> float:
        if rogue.giving_up or rogue.desperate:  # the stairs down are out of his reach: as the careful player
            return super().door_score(walk, rogue, section, to, option, test)
        if self._costs is None:
            level = section.level or 1
            state = (level, len(rogue.marks), rogue.hp, rogue.picks, rogue.pool("Stab"), rogue.pool("Lockpick"))
            costs = self._known.get(state)
            if costs is None:
                costs = self._known[state] = self.distances(rogue, level)
            self._costs = costs
        distance = self._costs.get(place_of(to))
        if distance is None:
            return super().door_score(walk, rogue, section, to, option, test) - 10.0
        here = self._costs.get(section.key, distance + 1)
        return max(-40.0, 40.0 - min(70.0, distance) - (5.0 if distance >= here else 0.0) - 3.0 * rogue.visits.get(to, 0))

    def distances(self, rogue: Rogue, level: int) -> dict[str, float]:
        """Each area of the level: the cost of the cheapest way from it to the goal. It reads only the rogue's HP,
        armor, weapon, picks, pools and the marks of the level's fights and traps: worked out once for each of
        those, for every player of the book (never changed by those who read it)."""
        marks, lock_skills, _ = self.atlas.danger_reads(level)
        pools = (rogue.pool("Stab"), rogue.pool("Stealth"), rogue.pool("Disable Trap"),
                 *[rogue.pool(skill) for skill in lock_skills])
        state = (level, rogue.hp, rogue.armor, rogue.weapon, rogue.picks == 0, pools, frozenset(rogue.marks & marks))
        found = self.atlas.costs.get(state)
        if found is None:
            found = self.atlas.costs[state] = self._reckon(rogue, level)
        return found

    def _reckon(self, rogue: Rogue, level: int) -> dict[str, float]:
        areas, ways_in, locks, goals, perils = self.atlas.ways_back(level)
        # each room's danger (the rogue stands still): none where there is no fight or trap
        danger = [0.0 if found is None else self.danger(rogue, found) for found in perils]
        lock_cost = [self.lock_cost(rogue, lock) for lock in locks]
        cost = [INFINITY] * len(areas)
        queue = []
        for goal in goals:
            cost[goal] = danger[goal]
            queue.append((cost[goal], goal))
        heapq.heapify(queue)
        while queue:  # Dijkstra's, back from the goal: each area's cost is final when it is taken off the queue
            c, at = heapq.heappop(queue)
            if c > cost[at]:
                continue
            one_more = c + 1
            free, locked = ways_in[at]
            for before in free:  # no lock: its cost, 0.0, added would change nothing
                step_cost = one_more + danger[before]
                if step_cost < cost[before]:
                    cost[before] = step_cost
                    heapq.heappush(queue, (step_cost, before))
            for before, lock in locked:
                step_cost = one_more + danger[before] + lock_cost[lock]
                if step_cost < cost[before]:
                    cost[before] = step_cost
                    heapq.heappush(queue, (step_cost, before))
        return {area: c for area, c in zip(areas, cost) if c != INFINITY}

    @staticmethod
    def lock_cost(rogue: Rogue, lock: _Lock) -> float:
        chance = rogue.chance(*lock)
        if chance == 0 or rogue.picks == 0:
            return 500.0
        return 3.0 / chance

    def danger(self, rogue: Rogue, perils: _Perils) -> float:
        """What coming into an area is likely to cost, in shares of the rogue's HP (×20): its fight, unless
        won (less what sneaking past saves), and its traps, unless sprung or made safe (``perils``: Atlas.perils)."""
        hp = max(1, rogue.hp)
        fight, traps = perils
        total = 0.0
        if fight is not None and fight[0] not in rogue.marks:
            key, need, sneaks, foes = fight
            loss = min(float(hp), self.fight_loss(rogue, key, need, foes))
            if sneaks:
                loss *= 1 - rogue.chance("Stealth", need)
            total += 20.0 * loss / hp + (40.0 if loss >= hp * 0.7 else 0.0)
        for trap, harm in traps:
            if trap not in rogue.marks:
                total += 20.0 * self.trap_cost(rogue, harm) / hp
        return total

    def fight_loss(self, rogue: Rogue, key: str, need: int, foes: list[dict[str, Any]]) -> float:
        """Rogue.expected_loss of a fight's fresh monsters, worked out once for each Stab, weapon and armor."""
        state = (key, rogue.pool("Stab"), rogue.weapon, rogue.armor)
        found = self.atlas.fight_losses.get(state)
        if found is None:
            found = self.atlas.fight_losses[state] = rogue.expected_loss(foes, need)
        return found

    @staticmethod
    def trap_cost(rogue: Rogue, harm: _TrapHarm | None) -> float:
        """The HP a trap is likely to cost: its damage, if it hits, if the Disable Trap roll fails."""
        if harm is None:
            return 0.5
        hit, need, mean_damage, high = harm
        miss = 1 - rogue.chance("Disable Trap", need)
        damage = max(0.0, mean_damage - rogue.armor)
        return miss * hit * (damage + (rogue.hp if high >= rogue.hp else 0.0))


def character(rng: Rng, number: int = 1) -> dict[str, Any]:
    """A rogue made by the rules, as ``printgen sheet`` makes rogue ``number``."""
    return characters.roll_character(rng, number)


def reader(code: SeedCode, number: int, careful: bool = False) -> Rogue:
    """Lone reader ``number`` of a booklet: its own character rolled by the rules, its own dice (the same
    whatever kind of player he is: a careful one chooses his 2d6 skills himself)."""
    return Rogue(code.stream("solo", "play", number, "dice"), character(code.stream("solo", "play", number, "character")),
                 careful=careful)


def player(kind: str, code: SeedCode, number: int, book: Book, atlas: Atlas | None = None) -> Player:
    """Player ``number`` of kind ``kind`` (one of ``PLAYERS``): the same character and dice whatever its kind
    (``atlas``: what the careful players read of the book ahead, shared by the players of one book)."""
    if kind not in PLAYERS:
        raise ValueError(f"no such player: {kind!r} (one of {', '.join(PLAYERS)})")
    chooser = RANDOM if kind == "random" else Careful(book, atlas) if kind == "careful" else MapKnowing(book, atlas)
    return Player(reader(code, number, careful=kind != "random"), chooser, ways(code, number), kind)


def ways(code: SeedCode, number: int) -> Rng:
    """The stream lone reader ``number`` chooses its ways by."""
    return code.stream("solo", "play", number, "ways")


# --- the designer's notes: this very booklet, played --------------------------------------------------------


NOTES_PLAYS = 40  # plays of each kind of player on the booklet itself (a map-knowing play is a tenth of a second)


def simulate(book: Book, code: SeedCode, plays: int = NOTES_PLAYS, kinds: Sequence[str] = PLAYERS) -> dict[str, odds.Tally]:
    """Each kind of player, ``plays`` times, on this book (gamebook/odds.py), reading the book ahead once."""
    atlas = Atlas(book)

    def make(kind: str, code: SeedCode, number: int, played: Book) -> Player:
        return player(kind, code, number, played, atlas)

    return odds.simulate(book, code, make, plays, kinds)
