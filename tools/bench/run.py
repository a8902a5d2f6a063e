"""Run every benchmark: each tools/bench/bench_*.py module's run(), in name order (`make bench`).

Benchmarks print their figures beside a reference and a goal; nothing here asserts a time.
`make bench` runs this with .venv-bench's Python (which also holds the reference packages
from requirements-bench.txt) and MICROPYTHON pointing at the unix port in .venv. A module's
run() returns its figures; a module with a summary(results) function is called once all have
run, with every module's figures by name (bench_pico: the measured-versus-estimated table).

SPDX-License-Identifier: MIT
"""

import importlib
import os
import sys
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))


def bench_modules():
    """Names of the bench_*.py modules beside this file, sorted."""
    return sorted(n[:-3] for n in os.listdir(HERE) if n.startswith("bench_") and n.endswith(".py"))


def main():
    failed = []
    results = {}
    for name in bench_modules():
        print("== {} ==".format(name), flush=True)
        try:
            results[name] = importlib.import_module("tools.bench." + name).run()
        except Exception:  # report it and go on to the next benchmark
            traceback.print_exc()
            failed.append(name)
        print()
    for name in bench_modules():  # a failed module's summary too: what the others measured
        try:
            summary = getattr(importlib.import_module("tools.bench." + name), "summary", None)
        except Exception:  # its import failed: reported above
            continue
        if summary is not None:
            print("== summary ({}) ==".format(name))
            try:
                summary(results)
            except Exception:
                traceback.print_exc()
                failed.append(name + ".summary")
    if failed:
        print("failed: {}".format(", ".join(failed)))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
