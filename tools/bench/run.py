"""Run every benchmark: each tools/bench/bench_*.py module's run(), in name order (`make bench`).

Benchmarks print their figures beside a reference and a goal; nothing here asserts a time.
`make bench` runs this with .venv-bench's Python (which also holds the reference packages
from requirements-bench.txt) and MICROPYTHON pointing at the unix port in .venv.

SPDX-License-Identifier: MIT
"""

import importlib
import os
import sys
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "firmware"))  # the engine, top-level
sys.path.insert(0, os.path.join(HERE, "..", ".."))  # run as a file: the tools package


def bench_modules():
    """Names of the bench_*.py modules beside this file, sorted."""
    return sorted(n[:-3] for n in os.listdir(HERE) if n.startswith("bench_") and n.endswith(".py"))


def main():
    failed = []
    for name in bench_modules():
        print("== {} ==".format(name))
        try:
            importlib.import_module("tools.bench." + name).run()
        except Exception:  # report it and go on to the next benchmark
            traceback.print_exc()
            failed.append(name)
        print()
    if failed:
        print("failed: {}".format(", ".join(failed)))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
