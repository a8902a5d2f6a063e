"""The case's screws and the holes made for them: a standard tapping screw a maker can buy.

One ISO 7049 ST2.9 x 13 pan-head tapping screw (form C, cross recess; DIN 7981 is the same
screw) per mounting hole: through the plate's boss (clearance CLEAR_D), the board's 3.2 mm
hole, into a pilot hole PILOT_D in the base's post. The thread (ISO 1478, ST2.9): crest
diameter d1 2.79-2.90 mm, root d2 2.03-2.18 mm, pitch 1.1 mm; head 5.6 mm across, 2.4 mm
high. host_tests/hw/test_screws.py checks the holes against these figures.
SPDX-License-Identifier: MIT
"""

SCREW = "ISO 7049 ST2.9 x 13 pan-head tapping screw, cross recess (DIN 7981 C)"
LENGTH = 13.0
HEAD_D = 5.6
# The pilot sits between the thread's root and crest: the thread cuts into the plastic (0.3
# to 0.36 mm a side, about 85 % of its depth) while the screw's core does not wedge the post
# apart. Printed holes come out about 0.1 mm small, which the thread takes.
PILOT_D = 2.3
PILOT_DEPTH = 10.0  # from the post's top: the 8.4 mm the screw reaches, and room for chips
CLEAR_D = 3.4  # in the plate and its boss: the screw passes freely
BOARD_HOLE_D = 3.2  # the board's mounting holes (MountingHole_3.2mm_M3)
