"""A refusal is a value, not a sentence: what is wrong, the option it is about and what would be right, which
the command line and the studio each word for their reader (no front end rewrites another's text)."""

import pickle

import pytest

from printgen.errors import Flag, PrintgenError, label
from printgen.options import OptionError
from printgen.products import request
from printgen.seed import SeedCode


def test_an_error_carries_its_parts_and_each_reader_gets_its_words():
    error = PrintgenError(Flag("vendor", "thegamecrafter"), " makes a print-shop file",
                          right=("leave out ", Flag("layout", "sheet")))
    assert error.option == "vendor"
    assert str(error) == "--vendor thegamecrafter makes a print-shop file; leave out --layout sheet"
    assert error.words(label) == "Vendor thegamecrafter makes a print-shop file; leave out Layout sheet"


def test_an_error_crosses_a_process_whole():
    """A studio worker sends its refusal to the server, which words it for the page."""
    error = OptionError("card-size", "must be one of poker, bridge", right=("give ", Flag("card-size", "poker")))
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is OptionError and again.option == "card-size"
    assert (str(again), again.words(label)) == (str(error), error.words(label))


@pytest.mark.parametrize("options, option", [({"calibration": "yes", "duplex": "none"}, "calibration"),
                                             ({"vendor": "thegamecrafter", "layout": "sheet"}, "vendor")])
def test_a_products_refusal_names_its_option(options, option):
    with pytest.raises(PrintgenError) as refused:
        request(SeedCode.make("deck", "roguelike", "x", {"deck": "weapons", **options}))
    assert refused.value.option == option and "--" not in refused.value.words(label)
