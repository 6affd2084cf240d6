"""Sizes from the caller are capped before any work, and reading a puzzle
releases the interpreter lock and hears Ctrl-C."""

import os
import signal
import threading
import time

import pytest

import scramble
from conftest import ROOT


def test_a_list_beyond_the_cap_is_a_value_error_before_any_search():
    puzzle = scramble.read(str(ROOT / "fixtures" / "cards3x3.txt"))
    for limit in (0, 100_001, 10**9):
        with pytest.raises(ValueError, match="expected 1 to 100000"):
            puzzle.solutions(limit)
    assert len(puzzle.solutions(100_000)) >= 1


def test_identical_cards_without_a_solution_count_zero():
    assert scramble.read("1+ 1+ 1+ 1+\n" * 36).count() == 0


def test_reading_a_fifo_lets_other_threads_run_and_hears_ctrl_c(tmp_path):
    fifo = tmp_path / "puzzle.fifo"
    os.mkfifo(fifo)
    ticks = []

    def tick():
        for _ in range(20):
            ticks.append(time.monotonic())
            time.sleep(0.01)

    def feed():
        with open(fifo, "w") as writer:
            writer.write("1+ 1+ 1- 1-\n" * 4)

    other = threading.Thread(target=tick)
    interrupt = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
    # A read that never hears Ctrl-C ends when the FIFO gets its writer, so
    # that the test fails instead of waiting forever.
    watchdog = threading.Timer(10, feed)
    # Python's own Ctrl-C, even where the test runs with SIGINT ignored (a
    # job started in the background by a non-interactive shell).
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    other.start()
    interrupt.start()
    watchdog.start()
    started = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            scramble.read(fifo)
    finally:
        signal.signal(signal.SIGINT, previous)
    assert time.monotonic() - started < 3
    other.join()
    assert len(ticks) == 20, "the other thread ran while the read waited"
    # Give the abandoned reader its writer, so that its thread ends.
    watchdog.cancel()
    feed()


def test_a_time_limit_that_is_not_a_positive_number_is_a_value_error():
    typo = scramble.read(str(ROOT / "fixtures" / "own" / "wizards_typo.txt"))
    for bad in (0.0, -1.0, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="expected a positive number of seconds"):
            typo.diagnosis(time_limit=bad)
        with pytest.raises(ValueError, match="expected a positive number of seconds"):
            typo.alternatives(time_limit=bad)
    assert typo.diagnosis(time_limit=None)["edits"]["complete"]


def test_a_short_time_limit_ends_the_search_for_changes_and_says_so():
    # A real 4x4 puzzle with 24 solutions: 960 changes to judge, each by
    # listing up to 10,000 solutions.
    puzzle = scramble.read(ROOT / "fixtures" / "legespiel" / "Kaleidoscope.config.xml")
    started = time.monotonic()
    found = puzzle.alternatives(time_limit=0.001)
    assert time.monotonic() - started < 5
    assert found["complete"] is False
