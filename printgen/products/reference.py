"""A game's rules reference: the tables and procedures a table looks up, in print."""

from ..contracts import BuildModule
from . import PAPER_OPTION, PDF_ONLY, PPI_OPTION, TEMPLATES_OPTION, Part, Product, register

register(Product(
    "reference", "A game's rules reference: tables, odds and procedures at a glance.",
    lambda request: request.part().build(request),
    own=(PAPER_OPTION, PDF_ONLY, PPI_OPTION, TEMPLATES_OPTION),
    part=Part("reference", "reference", BuildModule), rank=40,
))
