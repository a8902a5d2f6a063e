"""The board's STEP model (tools/hardware/board_step.py): written, and every part in it.

kicad-cli runs with $KICAD9_3DMODEL_DIR pointing at an empty folder, as on a machine without
Debian's kicad-packages3d: the models must come from the project library.
"""

import os

import pytest

from tools.hardware import board_step
from tools.hardware.kicadgen import layout, parts


@pytest.fixture(scope="module")
def step(tmp_path_factory):
    empty = tmp_path_factory.mktemp("no-3d-models")
    env = dict(os.environ, KICAD9_3DMODEL_DIR=str(empty))
    return board_step.export(tmp_path_factory.mktemp("step"), env=env)


def test_every_part_with_a_model_is_in_the_step(step):
    in_step = board_step.step_parts(step)
    # Every part of the circuit but the test points, mounting holes and fiducials (no model)
    # and J3 (the display module's own header goes there: layout.NO_MODEL) is there.
    expected = {
        p["ref"]
        for p in parts.all_parts()
        if p["ref"].rstrip("0123456789") not in ("TP", "H", "FID")
        and p["ref"] not in layout.NO_MODEL
    }
    assert len(expected) > 250
    assert board_step.parts_with_models() == expected
    assert in_step >= expected
    assert board_step.missing_parts(step) == []


def test_the_step_is_a_whole_board(step):
    text = step.read_text(errors="replace")
    assert text.startswith("ISO-10303-21;")
    assert text.rstrip().endswith("END-ISO-10303-21;")
    # The Pico's model alone is about 1.5 MB of STEP text: a board without it is far smaller.
    assert step.stat().st_size > 2_500_000
    assert "RaspberryPi_Pico" in text
