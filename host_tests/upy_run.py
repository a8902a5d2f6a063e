"""Run plain ``test_*`` functions from host_tests modules under the MicroPython unix port.

Usage: micropython host_tests/upy_run.py engine/test_cards.py keeper/test_history.py ...
(a path relative to host_tests/, or a bare module name on the board, where make device-test
copies the tests and their helpers into one folder). The same files run under pytest; here
every module-level test_* callable is called in name order, failures are printed with their
traceback, and the exit status is 1 if any failed. A test that calls support.skip_unless()
with a false condition is counted as skipped.

The unix port has no installed project (CPython's venv has: pyproject.toml), so this file,
which runs only on MicroPython, puts on its path what the install puts on CPython's.
"""

import sys

_HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
sys.path.insert(0, _HERE + "/..")  # the tools package (its board stand-in and test kit)
sys.path.insert(0, _HERE + "/../firmware")  # the firmware's modules, top-level as on the Pico
sys.path.insert(0, _HERE + "/../tools/web/py")  # the web board's, top-level as in the browser
sys.path.insert(0, _HERE)  # the tests' helpers
sys.path.append(_HERE + "/../build/upy-lib")  # microdot, pinned (make upy-lib: the live server)


def run_module(name):
    """Run one module's tests; return (passed, failed, skipped)."""
    module = __import__(name)
    passed = failed = skipped = 0
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
            if type(e).__name__ == "Skipped":  # support.skip_unless: not run here
                skipped += 1
                print("SKIP {}.{}: {}".format(name, attr, e))
                continue
            failed += 1
            print("FAIL {}.{}".format(name, attr))
            sys.print_exception(e)
    return passed, failed, skipped


def _counts(passed, failed, skipped):
    text = "{} passed, {} failed".format(passed, failed)
    return text + ", {} skipped".format(skipped) if skipped else text


def _module(arg):
    """The module name of a test path (engine/test_cards.py), its folder put on the path."""
    if "/" in arg:
        folder, arg = arg.rsplit("/", 1)
        folder = _HERE + "/" + folder
        if folder not in sys.path:
            sys.path.append(folder)
    return arg[:-3] if arg.endswith(".py") else arg


def main(args):
    total = [0, 0, 0]
    for name in [_module(a) for a in args]:
        counts = run_module(name)
        print("micropython {}: {}".format(name, _counts(*counts)))
        for i in range(3):
            total[i] += counts[i]
    print("micropython total: {}".format(_counts(*total)))
    sys.exit(1 if total[1] else 0)


main(sys.argv[1:])
