"""A file too large to hold in memory (a print shop's zip of a thousand painted cards is half a gigabyte) is
written into its file as it is made, the same bytes as made whole; a failure on the way leaves no file."""

import io
import zipfile

import pytest
from pdfutil import run_cli, seed_code

from printgen.errors import PrintgenError
from printgen.products import build, build_into
from printgen.render.output import write_atomic


class Recorder(io.BytesIO):
    """A file that counts the writes it is given."""

    writes = 0

    def write(self, data):
        self.writes += 1
        return super().write(data)


@pytest.mark.parametrize("options", [
    {"deck": "armor", "vendor": "thegamecrafter"}, {"deck": "armor", "vendor": "makeplayingcards"},
    {"deck": "armor", "vendor": "drivethrucards"}, {"deck": "armor"}, {"deck": "armor", "format": "json"},
])
def test_a_deck_written_as_it_is_made_is_the_deck_made_whole(options):
    code = seed_code("deck", "roguelike", "streamed", **options)
    written = Recorder()
    build_into(code, written)
    assert written.getvalue() == build(code)
    if options.get("vendor") in ("thegamecrafter", "makeplayingcards"):
        pictures = len(zipfile.ZipFile(io.BytesIO(written.getvalue())).namelist())
        assert written.writes > pictures  # picture by picture, not one block at the end


def test_the_command_line_writes_a_print_shops_zip_as_it_is_made_and_the_same_bytes(tmp_path):
    result = run_cli("deck", "armor", "--vendor", "thegamecrafter", "--seed", "streamed", "-o", "cards.zip",
                     cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "cards.zip").read_bytes() == build(seed_code("deck", "roguelike", "streamed", deck="armor",
                                                                    vendor="thegamecrafter"))


def test_a_file_that_fails_while_it_is_written_leaves_nothing(tmp_path):
    target = tmp_path / "out.zip"

    def fails_half_way(handle):
        handle.write(b"PK half a zip")
        raise PrintgenError("a card cannot be drawn")

    with pytest.raises(PrintgenError):
        write_atomic(target, fails_half_way, force=False)
    assert list(tmp_path.iterdir()) == []
