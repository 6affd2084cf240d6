"""Shared helpers: the repository root and the `scramble` binary the
Python package is compared with (``SCRAMBLE_BIN``, else the release or
debug build in ``target/``)."""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def binary() -> str:
    named = os.environ.get("SCRAMBLE_BIN")
    if named:
        return named
    for profile in ("release", "debug"):
        candidate = ROOT / "target" / profile / "scramble"
        if candidate.exists():
            return str(candidate)
    raise RuntimeError("no scramble binary: build it (cargo build --release) or set SCRAMBLE_BIN")


def run_json(*args: str) -> list:
    """The JSON documents `scramble ARGS` prints (JSON Lines or one)."""
    out = subprocess.run([binary(), *args], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode in (0, 1), out.stderr
    decoder = json.JSONDecoder()
    docs, text, at = [], out.stdout, 0
    while True:
        while at < len(text) and text[at].isspace():
            at += 1
        if at == len(text):
            return docs
        doc, at = decoder.raw_decode(text, at)
        docs.append(doc)


@pytest.fixture
def root() -> pathlib.Path:
    return ROOT
