"""The reference card's words: the rules a table forgets most, with the numbers from the data."""

from __future__ import annotations

from ...cards.model import Paragraph
from . import rules, words


def reference_paragraphs() -> tuple[Paragraph, ...]:
    combat = rules.data("combat")
    potions = "; ".join(f"{row.roll_text} {row.result.removeprefix('Potion of ')}"
                        for row in rules.potion_table().rows)
    return (
        Paragraph("flip adjacent face-down cards; move one tile; extra moves; act (shop, trade, trip, steal). "
                  "Only moved? Go again from the move.", lead="Your turn:"),
        Paragraph("you attack (die + modifiers) or try to flee; the enemy rolls for its ability; it attacks.",
                  lead="Combat:"),
        Paragraph(f"on {words.faces(combat['flee_on'])}, step away; the enemy heals fully. "
                  "Not the one it attacks? Leave freely.", lead="Flee:"),
        Paragraph(f"trip on {words.faces(combat['trip_on'])}; steal a random card on "
                  f"{words.faces(combat['steal_on'])}; trade cards with the trade mark.", lead="Adjacent player:"),
        Paragraph(f"sell for the gold amount, buy for {combat['buy_factor']}\u00d7 it.", lead="Shop:"),
        Paragraph(f"first use of a colour, roll: {potions}.", lead="Potions:"),
        Paragraph("keep one card, leave one and every unsellable one on the tile; restart on a starting tile "
                  "with your attack and health reset.", lead="Dying:"),
        Paragraph("both in one hand: both are discarded.", lead="Basilisks:"),
        Paragraph(f"stuck? The mole swaps any tile for a crossing for {combat['mole_cost']} gold.", lead="Mole:"),
    )
