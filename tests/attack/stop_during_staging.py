#!/usr/bin/env python3
"""SIGINT while `generate` stages a large set: how many files were staged
when the signal came, how long the run took to end after it, and what it
left (the old set or the new one, and any hidden staging). Not run by CI.

    cargo build --release
    python3 tests/attack/stop_during_staging.py --count 100000 --delay 1

Exits 1 when the run mixed the sets or did not end with 130 within
--bound seconds of the signal.
"""

import argparse
import hashlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def digest(folder):
    """Name -> hash of every file in `folder` (empty when missing)."""
    if not folder.is_dir():
        return {}
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.iterdir()}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=str(ROOT / "target" / "release" / "scramble"))
    parser.add_argument("--count", type=int, default=100000)
    parser.add_argument("--size", type=int, default=2)
    parser.add_argument("--delay", type=float, default=1.0, help="seconds after staging began")
    parser.add_argument("--bound", type=float, default=1.0, help="seconds from the signal to the exit")
    parser.add_argument("--dir", default=None, help="where to write (default: a temporary folder)")
    args = parser.parse_args()
    work = Path(args.dir or tempfile.mkdtemp(prefix="staging-stop-"))
    out = work / "out"
    shutil.rmtree(out, ignore_errors=True)
    common = ["generate", "--size", str(args.size), "--out", str(out)]
    subprocess.run([args.binary, *common, "--count", "3", "--seed", "1"], check=True, stdout=subprocess.DEVNULL)
    old = digest(out / "generated")
    run = subprocess.Popen(
        [args.binary, *common, "--count", str(args.count)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    started = time.monotonic()
    staging = []
    while not staging and run.poll() is None:
        staging = list(out.glob(".generated.staging-*"))
        time.sleep(0.001)
    began = time.monotonic()
    time.sleep(args.delay)
    staged = len(os.listdir(staging[0])) if staging and staging[0].is_dir() else None
    signalled = time.monotonic()
    run.send_signal(signal.SIGINT)
    stderr = run.communicate()[1].decode().strip()
    took = time.monotonic() - signalled
    after = digest(out / "generated")
    hidden = [p.name for p in out.iterdir() if p.name.startswith(".")]
    whole = "old" if after == old else ("new" if len(after) == args.count + 3 else "MIX")
    print(
        f"count {args.count}: staging began {began - started:.2f} s after the start; "
        f"SIGINT {args.delay} s later with {staged} files staged; exit {run.returncode} "
        f"{took:.3f} s after the signal; generated/ holds the {whole} set; "
        f"hidden entries left: {len(hidden)}; stderr: {stderr[:160]}"
    )
    if args.dir is None:
        shutil.rmtree(work, ignore_errors=True)
    sys.exit(0 if whole != "MIX" and run.returncode == 130 and took <= args.bound else 1)


if __name__ == "__main__":
    main()
