"""A seeded challenge: a fixed setup every player with the same seed code plays alike."""

from ..contracts import BuildModule
from . import PAPER_OPTION, PDF_OR_JSON, PPI_OPTION, TEMPLATES_OPTION, Part, Product, register

register(Product(
    "challenge", "A seeded challenge: the same setup for everyone who plays its seed code.",
    lambda request: request.part().build(request),
    own=(PAPER_OPTION, PDF_OR_JSON, PPI_OPTION, TEMPLATES_OPTION),
    part=Part("challenge", "challenge", BuildModule), rank=50,
))
