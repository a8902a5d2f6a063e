"""The case's solids and exported files, built once for every test of the case (about 2 min).

SPDX-License-Identifier: MIT
"""

import pytest

from tools.hardware import board_geometry, case_build


@pytest.fixture(scope="session")
def case():
    """The printed parts as assembled, from the board file."""
    return case_build.build(board_geometry.read())


@pytest.fixture(scope="session")
def pieces(case):
    """The base and plate each in two, for a 220 x 220 mm bed."""
    return case_build.pieces(case)


@pytest.fixture(scope="session")
def exported(case, tmp_path_factory):
    """The folder case_build writes: every STL in its print orientation, the STEP files."""
    return case_build.export(tmp_path_factory.mktemp("case"), case)
