"""Parts made side by side in a forked child are the bytes made one after the other, and failures surface the same."""

import os
import threading

import pytest
from pdfutil import run_cli

from printgen.render import parallel


def cores(monkeypatch, count: int, busy: int) -> None:
    """This machine as one of ``count`` cores, ``busy`` processes wanting one (this one among them)."""
    monkeypatch.setattr(parallel.os, "cpu_count", lambda: count)
    monkeypatch.setattr(parallel, "busy_cores", lambda: busy)


@pytest.fixture
def two_cores(monkeypatch):
    """Forking as on a machine with a second core to spare, whatever this one has (the suite keeps every core
    busy): the bytes must not care."""
    cores(monkeypatch, 2, 1)
    if not parallel.can_fork():
        pytest.skip("this test process runs other threads, and printgen forks only from a single-threaded one")


def test_the_booklet_is_the_same_made_on_one_core_or_two(tmp_path, monkeypatch, two_cores):
    args = ["dungeon", "--system", "roguelike", "--seed", "side-by-side", "--levels", "2"]
    assert run_cli(*args, "-o", str(tmp_path / "two.pdf")).returncode == 0
    monkeypatch.setattr(parallel, "can_fork", lambda: False)
    assert run_cli(*args, "-o", str(tmp_path / "one.pdf")).returncode == 0
    assert (tmp_path / "two.pdf").read_bytes() == (tmp_path / "one.pdf").read_bytes()


def test_the_child_makes_the_second_part_in_another_process(two_cores):
    here = os.getpid()
    first, second = parallel.both(os.getpid, os.getpid)
    assert first == here and second != here


def test_a_part_that_fails_in_the_child_fails_here_with_its_own_error(two_cores):
    calls = []

    def second():
        calls.append(os.getpid())
        raise ValueError("no room for this map")

    with pytest.raises(ValueError, match="no room for this map"):
        parallel.both(lambda: b"text", second)
    assert calls == [os.getpid()]  # the parent's own try, after the child's failed one


def test_a_failing_first_part_leaves_no_child_behind(two_cores, monkeypatch):
    forked = []
    fork = os.fork

    def recording_fork():
        pid = fork()
        forked.append(pid)
        return pid

    monkeypatch.setattr(os, "fork", recording_fork)
    with pytest.raises(RuntimeError):
        parallel.both(lambda: (_ for _ in ()).throw(RuntimeError("layout")), lambda: b"x" * 1_000_000)
    [child] = forked
    with pytest.raises(ChildProcessError):
        os.waitpid(child, os.WNOHANG)  # already reaped: nothing of it is left (other children of this process,
        # such as a studio test's workers, are none of this test's business)


def test_a_process_with_other_threads_makes_both_parts_itself():
    release = threading.Event()
    waiting = threading.Thread(target=release.wait)
    waiting.start()
    try:
        assert not parallel.can_fork()
        assert parallel.both(os.getpid, os.getpid) == (os.getpid(), os.getpid())
    finally:
        release.set()
        waiting.join()


@pytest.mark.parametrize(("count", "busy", "forks"), [(2, 1, True), (2, 2, False), (1, 1, False), (8, 7, True),
                                                    (8, 9, False)])
def test_a_booklet_forks_only_while_a_core_is_spare(count, busy, forks, monkeypatch):
    """Where every core is busy (two booklets printed at once, a build machine), the child's half would wait for
    a core all the same: the booklet is made in one process, with the same bytes."""
    cores(monkeypatch, count, busy)
    if threading.active_count() > 1:
        pytest.skip("this test process runs other threads, and printgen forks only from a single-threaded one")
    assert parallel.can_fork() is forks
    here = os.getpid()
    first, second = parallel.both(os.getpid, os.getpid)
    assert first == here and (second != here) is forks


def test_the_processes_wanting_a_core_are_this_one_at_least(monkeypatch):
    assert parallel.busy_cores() >= 1

    def missing(*_, **__):
        raise OSError("not kept on this system")

    monkeypatch.setattr(parallel, "open", missing, raising=False)  # no /proc: the last minute's average
    monkeypatch.setattr(parallel.os, "getloadavg", lambda: (1.6, 0.2, 0.1))
    assert parallel.busy_cores() == 3
    monkeypatch.setattr(parallel.os, "getloadavg", missing)  # nor that: this process alone
    assert parallel.busy_cores() == 1


def test_with_no_spare_core_both_parts_are_made_here_and_the_next_call_forks_again(two_cores):
    """The studio's workers say when every core is busy (on the request): a render then forks no child of its
    own, and nothing of that is left in the process for the next render."""
    here = os.getpid()
    assert parallel.both(os.getpid, os.getpid, spare_core=False) == (here, here)
    first, second = parallel.both(os.getpid, os.getpid)
    assert first == here and second != here


def test_a_request_with_no_spare_core_makes_its_booklet_in_one_process(two_cores, monkeypatch):
    from printgen import products
    from printgen.seed import SeedCode

    forked = []
    fork = os.fork
    monkeypatch.setattr(os, "fork", lambda: forked.append(1) or fork())
    code = SeedCode.make("dungeon", "rlrl", "spare", {"copies": "dm", "rooms": "3"})
    alone = products.build(products.request(code, spare_core=False))
    assert forked == []
    assert products.build(products.request(code)) == alone and forked == [1]


@pytest.mark.parametrize(("args", "own"), [
    (["dungeon", "--system", "amulet", "--seed", "side-by-side", "--levels", "1"], 0),
    (["solo", "--system", "roguelike", "--seed", "side-by-side", "--levels", "1"], 1),
], ids=["amulet", "solo-roguelike"])
def test_a_cold_booklet_lays_its_seed_free_pages_out_in_the_child_and_is_the_same(args, own, tmp_path, monkeypatch,
                                                                                   two_cores):
    """On a cold cache the child lays out the pages the same for every seed (Amulet's treasure level and rules at
    hand; a Roguelike solo booklet's How to play alone and lists) after its drawing, WeasyPrint loaded once before
    the fork, while this process lays out only the seed's ``own`` documents (none of Amulet's: its cover and dice
    are drawn; a solo booklet's cover and designer's notes): the same bytes as one process makes."""
    from printgen.render import cache, html

    weasyprint = html._weasyprint()
    laid_out_here = []
    write_pdf = weasyprint.HTML.write_pdf
    monkeypatch.setattr(weasyprint.HTML, "write_pdf", lambda *a, **k: laid_out_here.append(1) or write_pdf(*a, **k))
    monkeypatch.setattr(html, "_laid_out", html._LaidOut(0))  # nothing kept in memory between the two builds

    monkeypatch.setenv(cache.ENV, str(tmp_path / "cold"))
    assert run_cli(*args, "-o", str(tmp_path / "two.pdf")).returncode == 0
    in_the_parent = len(laid_out_here)
    del laid_out_here[:]
    monkeypatch.setenv(cache.ENV, "off")
    monkeypatch.setattr(parallel, "can_fork", lambda: False)
    assert run_cli(*args, "-o", str(tmp_path / "one.pdf")).returncode == 0
    assert (tmp_path / "two.pdf").read_bytes() == (tmp_path / "one.pdf").read_bytes()
    assert in_the_parent == own and len(laid_out_here) == own + 1, "the kept pages were laid out in the child"


def test_a_child_that_lays_a_page_out_leaves_no_folder_of_fonts(tmp_path, two_cores):
    """A forked child runs no exit handler: the font configuration it made for itself is removed as it leaves."""
    import tempfile

    from printgen.render import html
    from printgen.resources import fonts_dir

    html.load()

    face = next((fonts_dir() / "text").glob("*.ttf")).as_uri()
    page = f"<style>@font-face {{ font-family: Child; src: url({face}) }}</style><p style='font-family: Child'>x</p>"

    def laid_out_in_the_child() -> tuple[int, int]:
        tempfile.tempdir = str(tmp_path)  # where WeasyPrint's folder of fonts goes, in the child alone
        html._font_config.cache_clear()  # its own configuration, as a child that loaded WeasyPrint itself has
        html.html_to_pdf(page)
        return os.getpid(), len(list(tmp_path.glob("weasyprint-*")))

    _, (child, made) = parallel.both(lambda: None, laid_out_in_the_child)
    assert child != os.getpid() and made == 1, "the child made a folder of fonts of its own"
    assert list(tmp_path.glob("weasyprint-*")) == [], "and removed it as it left"


def test_a_cold_booklet_leaves_no_folder_of_fonts(tmp_path, monkeypatch, two_cores):
    """On a cold cache the child lays a page out with the font configuration made before the fork: the folder
    of fonts it makes is its own, and goes as it leaves (the parent's goes as the parent exits)."""
    import subprocess
    import sys

    env = {**os.environ, "TMPDIR": str(tmp_path / "tmp"), "PRINTGEN_CACHE": str(tmp_path / "cold")}
    (tmp_path / "tmp").mkdir()
    forced = ("import os, sys; os.cpu_count = lambda: 2; from printgen.render import parallel; "
              "parallel.busy_cores = lambda: 1; from printgen.cli import main; sys.exit(main(sys.argv[1:]))")
    done = subprocess.run([sys.executable, "-c", forced, "dungeon", "--system", "amulet", "--seed", "folders",
                           "--levels", "1", "-q", "-o", str(tmp_path / "a.pdf")], env=env, capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stderr
    assert list((tmp_path / "tmp").glob("weasyprint-*")) == []
