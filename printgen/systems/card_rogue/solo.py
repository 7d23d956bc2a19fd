"""A whole game for one player, simulated: does the set give a lone explorer a fair run?

The board's geometry is left out: each turn the player reveals the next card
of the shuffled exploration deck and deals with it as the rules say (fights
through ``simulation.fights``, traps, the fountain, potions rolled the first
time a colour is drunk, artifacts, the key and the chest). Once a shop has
turned up he walks back to it (a few turns) whenever his gold buys the next
piece of gear on his list, and last the shopkeeper's debt. He dies as the
rules say: he keeps one card, loses the rest, and starts again at full
health. Bosses are fought only when the odds are with him; the golem needs
friends, so a lone player leaves it be. A game ends when the deck is
explored.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ...seed import Rng, SeedCode
from . import rules, simulation

GAMES = 500
WALK_BACK = 3  # turns to walk back to a shop, a fountain or the chest already found
DRINK_BELOW = 4  # an unknown potion is worth the risk at this health or less
SHOPPING = ("sword", "chestplate", "helm", "shield")  # what a lone player buys, in this order
BOSS_NERVE = ("sword", "chestplate")  # gear a lone player wants before he faces a basilisk


def exploration_cards() -> list[str]:
    """The exploration deck as codes, each as often as its count: a fresh list, to shuffle."""
    return list(_exploration_cards())


@cache
def _exploration_cards() -> tuple[str, ...]:
    """The deck's codes in their order, put together once for all the games."""
    e = rules.exploration()
    cards = ["tile"] * sum(s["exploration"] for s in rules.tile_shapes())
    cards += [f"enemy:{x['id']}" for x in rules.enemies() for _ in range(x["count"])]
    cards += [f"trap:{t['id']}" for t in e["trap"] for _ in range(t["count"])]
    cards += ["fountain"] * e["fountain"]["count"] + ["shop"] * e["shop"]["count"]
    cards += ["chest"] * e["chest"]["count"] + ["key"] * e["key"]["count"]
    cards += [f"potion:{c['name']}" for c in rules.potion_colours() for _ in range(rules.potions_per_colour())]
    cards += [f"artifact:{a['id']}" for a in rules.artifacts()]
    return tuple(cards)


@dataclass
class Player:
    health: int
    gear: list[str] = field(default_factory=list)
    artifacts: list[str] = field(default_factory=list)
    potions: list[str] = field(default_factory=list)  # colours held
    strength: int = 0  # from potions of strength and weakness
    gold: int = 0
    key: bool = False

    def effects(self) -> list[dict[str, Any]]:
        return _effects(tuple(self.gear), tuple(self.artifacts), self.strength)

    def max_health(self) -> int:
        return _fighter(tuple(self.gear), tuple(self.artifacts), self.strength).max_health


def _effects(gear: tuple[str, ...], artifacts: tuple[str, ...], strength: int) -> list[dict[str, Any]]:
    found = [e for item in gear for e in rules.item(item)["effects"]]
    found += [e for a in artifacts for e in rules.artifact(a)["effects"]]
    return found + [{"code": "attack", "amount": strength}]


@cache
def _foe(enemy_id: str) -> simulation.Foe:
    """An enemy's numbers, looked up once for every fight with it."""
    return simulation.Foe.of(rules.enemy(enemy_id))


@cache
def _fight(gear: tuple[str, ...], artifacts: tuple[str, ...], strength: int, enemy_id: str) -> simulation.FightOnce:
    """A fight of a player with this gear, these artifacts and this strength against this enemy, set up once for
    every such fight of every game, each given the health he comes in with."""
    return simulation.fights([_fighter(gear, artifacts, strength)], _foe(enemy_id))


@cache
def _fighter(gear: tuple[str, ...], artifacts: tuple[str, ...], strength: int) -> simulation.Fighter:
    """A player with this gear, these artifacts and this strength, at full health: made once for each, as the
    same gear comes round in every game (never changed: a fight is given his health)."""
    return simulation.fighter("player", _effects(gear, artifacts, strength))


@dataclass
class Game:
    turns: int = 0
    deaths: int = 0
    victory: int = 0
    gold_earned: int = 0
    first_gear_at: int = 0  # the card revealed when the first gear was bought; 0: never
    slain: int = 0
    basilisks: int = 0


@cache
def _next_purchase(gear: tuple[str, ...]) -> tuple[str | None, int]:
    """What a player with this gear buys next (None: the shopkeeper's debt) and its price: worked out once for
    each gear, as he asks at every card once a shop has turned up."""
    wanted = next((i for i in SHOPPING if i not in gear and not _slot_taken(gear, i)), None)
    price = rules.data("combat")["buy_factor"] * (rules.item(wanted)["gold"] if wanted else rules.debt()["gold"])
    return wanted, price


def _slot_taken(gear: tuple[str, ...], item_id: str) -> bool:
    slot = rules.item(item_id)["slot"]
    return any(rules.item(g)["slot"] == slot for g in gear)


class SoloRun:
    def __init__(self, rng: Rng):
        self.rng = rng
        self.player = Player(rules.base_health())
        self.game = Game()
        self.identified: dict[str, str] = {}
        self.shop = self.fountain = self.chest = False
        self.chest_opened = False
        self.revealed = 0

    # -- the deck, card by card ---------------------------------------------------

    def play(self) -> Game:
        deck = exploration_cards()
        self.rng.shuffle(deck)
        for card in deck:
            self.revealed += 1
            self.game.turns += 1
            self.reveal(card)
            self.between_cards()
        return self.game

    def reveal(self, card: str) -> None:
        kind, _, which = card.partition(":")
        p = self.player
        if kind == "enemy":
            self.meet(rules.enemy(which))
        elif kind == "trap":
            trap = rules.trap(which)
            if which == "spikes":
                self.hurt(trap["damage"])
            elif which == "poison":
                self.hurt(trap["turns"])
            else:
                self.game.turns += 1
        elif kind == "fountain":
            self.fountain = True
            self.rest_at_fountain()
        elif kind == "shop":
            self.shop = True
        elif kind == "key":
            p.key = True
        elif kind == "chest":
            self.chest = True
        elif kind == "potion":
            p.potions.append(which)
        elif kind == "artifact":
            before = p.max_health()
            p.artifacts.append(which)
            p.health = min(p.health + max(0, p.max_health() - before), p.max_health())

    def meet(self, enemy: dict) -> None:
        p = self.player
        if enemy.get("boss") == "golem" or (enemy.get("boss") and not set(BOSS_NERVE) <= set(p.gear)):
            if self.rng.die(6) not in rules.data("combat")["flee_on"]:
                self.hurt(enemy["attack"])  # a failed flight costs one blow before he gets away
            return
        won, _, died, turns, health_lost = _fight(tuple(p.gear), tuple(p.artifacts), p.strength, enemy["id"])(
            self.rng, p.health)
        self.game.turns += turns
        if died:
            self.die()
            return
        p.health -= health_lost
        if won:
            self.game.slain += 1
            if enemy.get("boss"):
                self.game.basilisks += 1
                self.game.victory += enemy["victory"]
            else:
                p.gold += enemy["gold"]
                self.game.gold_earned += enemy["gold"]

    def hurt(self, damage: int) -> None:
        self.player.health -= damage
        if self.player.health <= 0:
            self.die()

    def die(self) -> None:
        """He keeps his best card (the key if he has it), drops the rest, and starts again."""
        p = self.player
        self.game.deaths += 1
        keep_gear = [] if p.key or not p.gear else [max(p.gear, key=lambda i: rules.item(i)["gold"])]
        self.player = Player(rules.base_health(), gear=keep_gear, key=p.key)
        self.game.turns += 1

    # -- between cards: drink, shop, rest, open the chest ---------------------

    def between_cards(self) -> None:
        p = self.player
        if p.health <= DRINK_BELOW and p.potions:
            self.drink(p.potions.pop())
        if self.shop:
            self.go_shopping()
        if self.fountain and p.health <= p.max_health() // 2:
            self.game.turns += WALK_BACK
            self.rest_at_fountain()
        if self.chest and p.key and not self.chest_opened:
            self.game.turns += WALK_BACK
            self.chest_opened = True
            p.key = False
            self.game.victory += rules.exploration()["chest"]["victory"]

    def drink(self, colour: str) -> None:
        p = self.player
        if colour not in self.identified:
            taken = set(self.identified.values())
            rows = rules.potion_table().rows
            while True:
                effect = rows[self.rng.die(6) - 1]["code"]
                if effect not in taken:
                    break
            self.identified[colour] = effect
        amounts = rules.potion_amounts()
        effect = self.identified[colour]
        if effect == "healing":
            p.health = min(p.max_health(), p.health + amounts["healing"])
        elif effect == "poison":
            self.hurt(amounts["poison_turns"])
        elif effect == "strength":
            p.strength += amounts["strength"]
        elif effect == "weakness":
            p.strength -= amounts["weakness"]
        elif effect == "paralysis":
            self.game.turns += amounts["paralysis_turns"]

    def go_shopping(self) -> None:
        p = self.player
        wanted, price = _next_purchase(tuple(p.gear))
        if p.gold < price:
            return
        self.game.turns += WALK_BACK
        p.gold -= price
        if wanted:
            p.gear.append(wanted)
            self.game.first_gear_at = self.game.first_gear_at or self.revealed
        else:
            self.game.victory += rules.debt()["effects"][0]["amount"]
            self.shop = False  # nothing left he wants

    def rest_at_fountain(self) -> None:
        p = self.player
        fountain = rules.exploration()["fountain"]
        drained_on, heal = fountain["drained_on"], fountain["heal"]
        most = p.max_health()  # his gear does not change while he rests
        while self.fountain and p.health < most:
            self.game.turns += 1
            if self.rng.die(6) == drained_on:
                self.fountain = False
            else:
                p.health = min(most, p.health + heal)


def simulate_games(code: SeedCode, games: int = GAMES) -> dict[str, float]:
    """Averages over ``games`` solo games, each from its own stream of the seed."""
    played = [SoloRun(code.stream("card-rogue solo game", n)).play() for n in range(games)]
    bought = [g.first_gear_at for g in played if g.first_gear_at]
    return {
        "games": games,
        "turns": round(sum(g.turns for g in played) / games, 1),
        "died_once": round(100 * sum(g.deaths > 0 for g in played) / games),
        "deaths": round(sum(g.deaths for g in played) / games, 1),
        "gold": round(sum(g.gold_earned for g in played) / games, 1),
        "bought_gear": round(100 * len(bought) / games),
        "first_gear_at": round(sum(bought) / len(bought)) if bought else 0,
        "slain": round(sum(g.slain for g in played) / games, 1),
        "basilisks": round(sum(g.basilisks for g in played) / games, 2),
        "victory": round(sum(g.victory for g in played) / games, 1),
    }
