"""Benchmark: the club night hub (tools/club/bench.py, run in .venv: the hub needs microdot
and the screen's figure Chromium through selenium, which .venv-bench does not hold): the draw
and the standings of a 300-player night, a result reaching the standings screen, and the
hub's memory with boards connected. Printed only.
SPDX-License-Identifier: MIT
"""

import os
import subprocess

from tools.bench.benchutil import ROOT

PY = os.path.join(ROOT, ".venv", "bin", "python")


def run():
    done = subprocess.run(
        [PY, "-m", "tools.club.bench"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    print(done.stdout.rstrip())
    if done.returncode:
        raise RuntimeError(done.stderr.strip().splitlines()[-1] if done.stderr else "failed")
