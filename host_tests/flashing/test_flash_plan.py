"""The flash plan: from the image's hashes and the board's, what to copy, delete and keep."""

import hashlib

from tools.flashing.device import DeviceFile
from tools.flashing.plan import is_protected, make_plan, mismatches


def sha(data):
    return hashlib.sha256(data).hexdigest()


IMAGE = {
    "/main.py": sha(b"main"),
    "/app.mpy": sha(b"app"),
    "/cribbage/__init__.mpy": sha(b"init"),
    "/cribbage/show.mpy": sha(b"show v2"),
}
IMAGE_DIRS = {"/cribbage"}


def test_a_blank_board_gets_every_file_with_main_py_last_and_its_folders():
    plan = make_plan(IMAGE, IMAGE_DIRS, {}, set())
    assert plan.copy[-1] == "/main.py"
    assert sorted(plan.copy) == sorted(IMAGE)
    assert plan.mkdirs == ["/cribbage"]
    assert plan.delete == plan.keep == plan.foreign == plan.rmdirs == []
    assert not plan.up_to_date


def test_only_files_whose_hash_differs_are_copied():
    files = {
        "/main.py": DeviceFile(4, sha(b"main")),
        "/app.mpy": DeviceFile(3, sha(b"app")),
        "/cribbage/__init__.mpy": DeviceFile(4, sha(b"init")),
        "/cribbage/show.mpy": DeviceFile(7, sha(b"show v1")),  # same size, other content
    }
    plan = make_plan(IMAGE, IMAGE_DIRS, files, {"/cribbage"})
    assert plan.copy == ["/cribbage/show.mpy"]
    assert plan.same == ["/app.mpy", "/cribbage/__init__.mpy", "/main.py"]
    assert plan.mkdirs == []


def test_a_board_equal_to_the_image_is_up_to_date():
    files = {path: DeviceFile(1, digest) for path, digest in IMAGE.items()}
    files["/state/game.log"] = DeviceFile(100, None)  # listed unhashed: a protected folder
    plan = make_plan(IMAGE, IMAGE_DIRS, files, {"/cribbage", "/state"})
    assert plan.up_to_date
    assert plan.copy == plan.delete == []
    assert plan.keep == ["/state/game.log"]


def test_stale_code_goes_and_the_games_the_log_the_drivers_and_other_files_stay():
    files = {path: DeviceFile(1, digest) for path, digest in IMAGE.items()}
    extra = {
        "/old_module.mpy": "delete",  # removed from the firmware
        "/app.py": "delete",  # a source copy would shadow app.mpy (.py is imported first)
        "/cribbage/gone.mpy": "delete",
        "/cribbage/show.mpy.part": "delete",  # a copy cut short
        "/ui/score.mpy": "delete",  # a whole package gone
        "/state/game.log": "keep",
        "/state/settings.txt": "keep",
        "/state/old/x.py": "keep",  # even code, inside /state
        "/errors.log": "keep",
        "/lib/ssd1306.mpy": "keep",
        "/boot.py": "keep",
        "/notes.txt": "foreign",
        "/ui/readme.txt": "foreign",
    }
    for path in extra:
        files[path] = DeviceFile(5, sha(path.encode()))
    dirs = {"/cribbage", "/state", "/state/old", "/lib", "/ui", "/empty", "/old_pkg"}
    plan = make_plan(IMAGE, IMAGE_DIRS, files, dirs)
    assert plan.delete == sorted(p for p, what in extra.items() if what == "delete")
    assert plan.keep == sorted(p for p, what in extra.items() if what == "keep")
    assert plan.foreign == ["/notes.txt", "/ui/readme.txt"]
    # /ui keeps a file that is not firmware, so it stays; emptied folders go.
    assert plan.rmdirs == ["/empty", "/old_pkg"]
    assert plan.copy == []
    assert not plan.up_to_date


def test_protected_paths():
    for path in ("/state", "/state/game.log", "/state/a/b", "/errors.log", "/lib/ssd1306.mpy",
                 "/boot.py"):  # fmt: skip
        assert is_protected(path), path
    for path in ("/statefile.mpy", "/errors.log.mpy", "/library.mpy", "/main.py", "/app.mpy"):
        assert not is_protected(path), path


def test_nested_emptied_folders_are_removed_deepest_first():
    files = {"/a/b/c/x.mpy": DeviceFile(1, sha(b"x")), "/a/y.py": DeviceFile(1, sha(b"y"))}
    plan = make_plan({}, set(), files, {"/a", "/a/b", "/a/b/c"})
    assert plan.delete == ["/a/b/c/x.mpy", "/a/y.py"]
    assert plan.rmdirs == ["/a/b/c", "/a/b", "/a"]


def test_a_file_where_the_image_needs_a_folder_is_cleared_and_a_folder_in_the_way_reported():
    files = {"/cribbage": DeviceFile(3, sha(b"odd"))}
    plan = make_plan(IMAGE, IMAGE_DIRS, files, {"/app.mpy"})
    assert plan.blockers == ["/cribbage"]
    assert plan.conflicts == ["/app.mpy"]


def test_mismatches_name_missing_and_different_files():
    files = {
        "/main.py": DeviceFile(4, sha(b"main")),
        "/app.mpy": DeviceFile(3, sha(b"app (truncated)")),
        "/cribbage/__init__.mpy": DeviceFile(4, None),
    }
    assert mismatches(IMAGE, files) == ["/app.mpy", "/cribbage/__init__.mpy", "/cribbage/show.mpy"]


def test_a_half_copy_is_deleted_unless_the_same_file_is_copied_again():
    files = {path: DeviceFile(1, digest) for path, digest in IMAGE.items() if path != "/app.mpy"}
    files["/app.mpy.part"] = DeviceFile(2, sha(b"ap"))  # app.mpy is copied: it reuses the name
    files["/main.py.part"] = DeviceFile(2, sha(b"ma"))  # main.py is already right: delete
    plan = make_plan(IMAGE, IMAGE_DIRS, files, {"/cribbage"})
    assert plan.copy == ["/app.mpy"]
    assert plan.delete == ["/main.py.part"]
