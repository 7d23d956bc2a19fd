"""A build's steps are told to the listener its request carries, and to no other: none, where nobody listens."""

import io
import os

import pytest

from printgen import products, progress
from printgen.render import parallel
from printgen.seed import SeedCode


@pytest.fixture
def every_step(monkeypatch):
    """Every step told at once, as in a run that has taken longer than SPEAK_AFTER."""
    monkeypatch.setattr(progress, "SPEAK_AFTER", 0.0)


def test_a_build_tells_the_stream_its_caller_gives_and_nobody_else(every_step, capsys):
    request = products.request(SeedCode.make("graph-paper", "generic", "told", {}))
    heard = io.StringIO()
    told = products.build(request, heard)
    assert heard.getvalue().startswith("printgen: drew 1 page: Graph paper")
    assert products.build(request) == told  # nobody listens: the same file, not a word said
    assert capsys.readouterr() == ("", "")
    assert request.listener.stream is None and not request.listener.held  # the caller's request is left as it was


def test_a_listener_with_no_stream_keeps_nothing_even_in_a_forked_child():
    silent = progress.Listener()
    silent.keep()
    silent.tell("drew 1 page")
    silent.warn("text shrank")
    assert silent.kept is None and not silent.held


def test_a_forked_childs_steps_are_told_after_this_processs_own(every_step, monkeypatch):
    monkeypatch.setattr(parallel.os, "cpu_count", lambda: 2)
    monkeypatch.setattr(parallel, "busy_cores", lambda: 1)  # a core to spare, however busy
    if not parallel.can_fork():
        pytest.skip("this test process runs other threads, and printgen forks only from a single-threaded one")
    heard = io.StringIO()
    listener = progress.Listener.of(heard)

    def first():
        listener.tell("laid out the text")
        return os.getpid()

    def second():
        listener.tell("drew the maps")
        listener.warn("a map ran off its page")
        return os.getpid()

    here, there = parallel.both(first, second, listener=listener)
    assert there != here  # the maps were drawn in the child, and told here
    assert heard.getvalue().splitlines() == ["printgen: laid out the text", "printgen: drew the maps",
                                             "printgen: warning: a map ran off its page"]
