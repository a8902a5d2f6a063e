"""The board on a PC, for the simulator, the benchmarks and the tests (CPython and MicroPython).

    pcboard    PCBoard (hal.Board's interface on a PC) and Harness (plays it by script)
    fullgame   a whole game by script, every mode (test_fullgame, make heap, the Pico's heap)
    memfs      MemFS: the keeper's file operations over a dict
    testkit    what tests and benchmarks share: a file system that loses power at any byte,
               a fake clock, a recorded game, a RAM block device for the unix port's littlefs

Tools never import host_tests; the tests import this room.
SPDX-License-Identifier: MIT
"""
