"""Run plain ``test_*`` functions from host_tests modules under the MicroPython unix port.

Usage: micropython host_tests/upy_run.py test_cards test_show ...
The same files run under pytest; here every module-level test_* callable is called in name
order, failures are printed with their traceback, and the exit status is 1 if any failed.
"""

import sys

_HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
sys.path.insert(0, _HERE + "/..")  # the tools package (its board stand-in and test kit)
sys.path.insert(0, _HERE + "/../firmware")  # the firmware's modules, top-level as on the Pico
sys.path.insert(0, _HERE)  # the tests' helpers


def run_module(name):
    """Run one module's tests; return (passed, failed)."""
    module = __import__(name)
    passed = failed = 0
    for attr in sorted(dir(module)):
        if not attr.startswith("test_"):
            continue
        fn = getattr(module, attr)
        if not callable(fn):
            continue
        try:
            fn()
            passed += 1
        except Exception as e:  # report every failure and go on
            failed += 1
            print("FAIL {}.{}".format(name, attr))
            sys.print_exception(e)
    return passed, failed


def main(names):
    total_pass = total_fail = 0
    for name in names:
        name = name.rsplit("/", 1)[-1]
        if name.endswith(".py"):
            name = name[:-3]
        p, f = run_module(name)
        print("micropython {}: {} passed, {} failed".format(name, p, f))
        total_pass += p
        total_fail += f
    print("micropython total: {} passed, {} failed".format(total_pass, total_fail))
    sys.exit(1 if total_fail else 0)


main(sys.argv[1:])
