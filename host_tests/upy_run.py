"""Run plain ``test_*`` functions from host_tests modules under the MicroPython unix port.

Usage: micropython host_tests/upy_run.py test_cards test_show ...
The same files run under pytest; here every module-level test_* callable is called in name
order, failures are printed with their traceback, and the exit status is 1 if any failed. A
test that calls support.skip_unless() with a false condition is counted as skipped.
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


def main(names):
    total = [0, 0, 0]
    for name in names:
        name = name.rsplit("/", 1)[-1]
        if name.endswith(".py"):
            name = name[:-3]
        counts = run_module(name)
        print("micropython {}: {}".format(name, _counts(*counts)))
        for i in range(3):
            total[i] += counts[i]
    print("micropython total: {}".format(_counts(*total)))
    sys.exit(1 if total[1] else 0)


main(sys.argv[1:])
