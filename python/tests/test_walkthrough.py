"""Runs every ```python block of docs/python.md, in order, in one namespace,
from the repository's root: the page's walk-through is tested as written."""

import os
import re

from conftest import ROOT


def test_the_walkthrough_runs_as_written():
    page = (ROOT / "docs" / "python.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", page, re.S)
    assert len(blocks) >= 6
    namespace = {}
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        for block in blocks:
            exec(compile(block, "docs/python.md", "exec"), namespace)
    finally:
        os.chdir(here)
