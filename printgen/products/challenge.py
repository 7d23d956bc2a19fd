"""A seeded challenge: a fixed setup every player with the same seed code plays alike."""

from . import DPI_OPTION, PAPER_OPTION, PDF_OR_JSON, TEMPLATES_OPTION, Product, game_options, made_by, register

PRODUCT = "challenge"

register(Product(
    PRODUCT, "A seeded challenge: the same setup for everyone who plays its seed code.", made_by(PRODUCT),
    game_options(PRODUCT, (PAPER_OPTION, PDF_OR_JSON, DPI_OPTION, TEMPLATES_OPTION)),
    lambda request: request.game.module(PRODUCT).build(request),
))
