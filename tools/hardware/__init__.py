"""The hardware's generators: one source of truth in hardware/*.csv (pins, holes).

    pinmap          reads hardware/pins.csv
    gen_pins        firmware/pins.py, ledmap.py and the docs' pin tables (`make pins`)
    gen_wiring      hardware/wiring.svg            gen_keymap   docs/img/keymap.svg
    gen_kicad       the KiCad project (`make kicad`; kicadgen/ builds it)
    build_hardware  ERC, DRC and the board house files (`make hardware`), in .venv-hw:
      fab, cost       the JLCPCB order files (KiKit) and what 5 boards cost; buy_list the rest
      board_step      the assembled board's STEP, checked part by part
      board_geometry, case_model, case_features, case_keypad, case_split, case_print,
      case_build, case_render   the case (build123d): openings, cradle, halves, print
                      poses, its pictures; screws (the screws and their holes)
      part_boxes      the board parts' boxes, for the case's fit test
      seats           what each player's seat sees (`make seats`)
    power_bank      hours of play on a power bank, from the firmware's frames

SPDX-License-Identifier: MIT
"""
