"""The Dungeon Master's key to a level, in words: one entry per area, in walking order.

Everything comes from the level's data (codes and numbers); the phrasing is
chosen here, where the page is made.
"""

from __future__ import annotations

from typing import Any

from ...maps.level import Area, Exit
from . import rules, words
from .level import CORRIDOR, FALSE, LOCKED, STARTING_ROOM, Built

LEADS_WORDS = {"unexplored": "unexplored", "blocked": "false", "dead-end": "dead end"}


def door_text(exit_: Exit) -> str:
    """"→ 5", "→ 5 locked", "secret → 7", "false", "unexplored, locked"."""
    parts = []
    if exit_.secret:
        parts.append("secret")
    if exit_.kind == FALSE:
        parts.append("false")
    elif exit_.to is not None:
        parts.append(f"→ {exit_.to}")
    else:
        parts.append(LEADS_WORDS[exit_.leads])
    if exit_.kind == LOCKED:
        parts.append("locked")
    if not exit_.rolled:
        parts.append("(added)")
    return " ".join(parts)


def doors_text(area: Area) -> str:
    shown = [door_text(e) for e in area.exits]
    unplaced = sum(1 for e in area.exits if e.at is None)
    text = "; ".join(shown)
    if unplaced:
        text += f" ({unplaced} with no room on the walls, not drawn)"
    return text


def monster_text(monster: dict[str, Any]) -> str:
    line = words.monster_line(monster["name"], monster["letter"])
    fire = f" {line['fire']} fire" if line["fire"] else ""
    extra = f", {', '.join(line['traits'])}" if line["traits"] else ""
    return f"{monster['name']} ({monster['letter']}): damage {line['damage']}{fire}, {line['hp']} HP{extra}"


def encounter_text(encounter: dict[str, Any], colours: dict[str, str]) -> str:
    parts = [monster_text(m) for m in encounter["monsters"]]
    parts += [f"{t['name']} ({t['letter']} trap): {words.trap_text(words.trap_line(t['name'], t['letter']))}"
              for t in encounter["traps"]]
    loot = encounter["loot"]
    if loot is not None:
        text = words.loot_text(loot, colours)
        if loot["kind"] == "amulet":
            text = "the Amulet of Yendor, the real one" if loot.get("real") else "a fake Amulet of Yendor"
        bonus = f", +{loot['bonus']} for A level monsters" if loot["bonus"] else ""
        parts.append(f"loot ({loot['letter']}, rolled {loot['roll']}{bonus}): {text}")
    return f"{encounter['name']} ({encounter['roll']}). " + ("; ".join(parts) + "." if parts else "")


def area_entry(area: Area, colours: dict[str, str]) -> tuple[str, str]:
    """(lead, text) for one area of the key."""
    if area.type == CORRIDOR:
        return f"{area.number}", f"corridor, {area.rolls['Corridor']} squares. Door: {doors_text(area)}."
    size = len(area.cells)
    sentences = []
    if area.type == STARTING_ROOM:
        sentences.append(f"starting room, {size} squares, stairs up")
    else:
        sentences.append(f"room, {size} squares")
    if area.data.get("stairs") == "down":
        sentences[-1] += ", stairs down"
    if area.data.get("corner") == "amulet" and area.data.get("amulet"):
        sentences[-1] += ", the Amulet of Yendor lies here"
    feature = area.data.get("feature")
    if feature and feature["code"] != "empty":
        meaning = words.FEATURES[feature["code"]]
        sentences.append(f"{feature['name']} ({feature['roll']}): {meaning}")
    for encounter in area.data.get("encounters", []):
        sentences.append(encounter_text(encounter, colours).rstrip("."))
    if area.exits:
        sentences.append(f"Doors: {doors_text(area)}")
    return f"{area.number}", ". ".join(s[0].upper() + s[1:] for s in sentences) + "."


def shop_entry(shop: dict[str, Any], colours: dict[str, str]) -> tuple[str, str]:
    items = []
    for item in shop["stock"]:
        name = item["item"]
        if name == "loot":
            text = words.loot_text(item["loot"], colours)
        elif name == "mimic":
            text = words.SHOP_ITEMS["mimic"]
        elif name in ("scroll", "spellbook"):
            spell = item["spell"]
            text = words.SHOP_ITEMS[name].format(spell=f"{spell['name']} (level {spell['level']})")
        else:
            text = words.SHOP_ITEMS[name].format(count=item.get("count", ""))
        price = f"{item['price']} gp" + (" each" if item["each"] else "")
        items.append(f"{text}, {price}")
    items.append(f"{shop['identify_scrolls']} Identify scroll{'s' if shop['identify_scrolls'] > 1 else ''}, "
                 f"{shop['identify_price']} gp each")
    keeper = rules.campaign()["shopkeeper"]
    return f"S{shop['level']}", (f"shop ({shop['stock_roll']} rolled): " + "; ".join(items) + ". The shopkeeper, "
                                 f"if attacked: attack {keeper['attack_dice']}, damage {keeper['damage_dice']}, "
                                 f"{keeper['hp']} HP.")


def level_key(built: Built, shop: dict[str, Any], colours: dict[str, str]) -> list[tuple[str, str]]:
    entries = [shop_entry(shop, colours)]
    entries += [area_entry(area, colours) for area in built.level.areas]
    return entries
