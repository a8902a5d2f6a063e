"""The benchmarks (`make bench`: run.py runs each bench_*.py module's run()).

Each prints its figures beside a reference and a goal; benchutil holds what they share.
SPDX-License-Identifier: MIT
"""
