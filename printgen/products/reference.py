"""A game's rules reference: the tables and procedures a table looks up, in print."""

from . import DPI_OPTION, PAPER_OPTION, PDF_ONLY, TEMPLATES_OPTION, Product, game_options, made_by, register

PRODUCT = "reference"

register(Product(
    PRODUCT, "A game's rules reference: tables, odds and procedures at a glance.", made_by(PRODUCT),
    game_options(PRODUCT, (PAPER_OPTION, PDF_ONLY, DPI_OPTION, TEMPLATES_OPTION)), lambda request: request.game.module(PRODUCT).build(request),
))
