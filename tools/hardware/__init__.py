"""The hardware's generators: one source of truth in hardware/*.csv (pins, holes).

    pinmap          reads hardware/pins.csv
    gen_pins        firmware/pins.py, ledmap.py and the docs' pin tables (`make pins`)
    gen_wiring      hardware/wiring.svg            gen_keymap   docs/img/keymap.svg
    gen_kicad       the KiCad project (`make kicad`; kicadgen/ builds it)
    build_hardware  ERC, DRC and the board house files (`make hardware`)

SPDX-License-Identifier: MIT
"""
