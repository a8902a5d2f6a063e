"""Benchmark: what a phone downloads on its first visit to a PicoPeg W's live view, and the
board's copy of the page (tools/web/livebench.py, run in .venv: it needs Chromium through
selenium and the served board's microdot, which .venv-bench does not hold). Printed only.
SPDX-License-Identifier: MIT
"""

import os
import subprocess

from tools.bench.benchutil import ROOT

PY = os.path.join(ROOT, ".venv", "bin", "python")


def run():
    done = subprocess.run([PY, "-m", "tools.web.livebench"], cwd=ROOT, capture_output=True,
                          text=True, check=False)  # fmt: skip
    print(done.stdout.rstrip())
    if done.returncode:
        raise RuntimeError(done.stderr.strip().splitlines()[-1] if done.stderr else "failed")
