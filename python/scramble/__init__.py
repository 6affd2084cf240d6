"""Scramble Squares puzzles with graph theory (Mason & Zhang), from Python.

The functions here are thin bindings over the Rust library behind the
``scramble`` command line, and agree with it: ``Puzzle.count()`` is
``scramble solve``'s count, ``Puzzle.recording_graph()`` the node-link
export of ``scramble graph``, ``census()`` the totals of ``scramble verify
--json``. Pieces are numbered from 1, as in every export; turns are
clockwise quarter turns from 0 to 3. Long calls release the interpreter
lock and stop on Ctrl-C with ``KeyboardInterrupt``.
"""

from __future__ import annotations

import os
from typing import Union

from . import _scramble
from ._scramble import JSON_SCHEMA, EdgePuzzle, Puzzle, ScrambleError, census

__all__ = ["JSON_SCHEMA", "EdgePuzzle", "Puzzle", "ScrambleError", "census", "parse", "read"]


def read(path_or_text: Union[str, "os.PathLike[str]"]) -> Union[Puzzle, EdgePuzzle]:
    """Reads a puzzle from a file, or from the text of a puzzle file.

    A path (``os.PathLike``) or a one-line string is a file's path: a file
    that cannot be opened raises Python's own ``OSError`` for it
    (``FileNotFoundError``, ``PermissionError``, ...). A string of several
    lines is the puzzle's text itself, read as :func:`parse` reads it. A
    bad puzzle raises ``ScrambleError`` with ``file``, ``line`` and
    ``column``. An edge-matching file (a grey frame, numbered colours:
    Eternity II, Brendan Owen's boards) gives an :class:`EdgePuzzle`.
    """
    if isinstance(path_or_text, os.PathLike):
        return _scramble.read_file(os.fspath(path_or_text))
    if "\n" in path_or_text:
        return parse(path_or_text)
    return _scramble.read_file(path_or_text)


def parse(text: str, name: str = "text") -> Puzzle:
    """Reads a puzzle from its text (any format ``scramble`` reads), named
    ``name`` in errors and as the puzzle's name."""
    return _scramble.read_text(text, name)
