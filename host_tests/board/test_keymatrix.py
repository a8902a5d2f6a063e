# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""The matrix scan (keymatrix.scan) over fake pins wired like the keypad.

The fake is electrical, not a table: a key joins its row wire to its column wire, a column
reads 0 when some chain of held keys joins it to the row being driven low, else 1 (its
pull-up). The expected bits come from the keypad's printed layout, row by row from the top:
1 2 3 A / 4 5 6 B / 7 8 9 C / * 0 # D, key (row, col) at bit row * 4 + col."""

from keymatrix import scan
from support import micropython_only

LAYOUT = ("123A", "456B", "789C", "*0#D")  # the keypad as printed, top row first


def position(legend):
    for r in range(4):
        c = LAYOUT[r].find(legend)
        if c >= 0:
            return r, c
    raise ValueError(legend)


class Keypad:
    """Four row and four column wires; `held` is the set of (row, col) keys down."""

    def __init__(self, *legends):
        self.held = [position(k) for k in legends]
        self.level = [1, 1, 1, 1]  # what each row's pin is set to (1: let go)
        self.log = []  # ("row", r, level), ("read", c), ("settle",) in order
        self.rows = [self._row_pin(r) for r in range(4)]
        self.cols = [self._col_pin(c) for c in range(4)]

    def _row_pin(self, r):
        def pin(level):
            self.level[r] = level
            self.log.append(("row", r, level))

        return pin

    def _col_pin(self, c):
        def pin():
            self.log.append(("read", c))
            return 0 if self._joined_to_low_row(c) else 1

        return pin

    def settle(self):
        self.log.append(("settle",))

    def _joined_to_low_row(self, col):
        # Spread from the column over held keys: column -> its keys' rows -> their columns...
        cols, rows = {col}, set()
        grew = True
        while grew:
            grew = False
            for r, c in self.held:
                if c in cols and r not in rows:
                    rows.add(r)
                    grew = True
                if r in rows and c not in cols:
                    cols.add(c)
                    grew = True
        return any(self.level[r] == 0 for r in rows)


def bits(*legends):
    mask = 0
    for k in legends:
        r, c = position(k)
        mask |= 1 << (r * 4 + c)
    return mask


def test_no_key_reads_nothing():
    pad = Keypad()
    assert scan(pad.rows, pad.cols, pad.settle) == 0


def test_each_key_alone_reads_its_own_bit():
    for legend in "123A456B789C*0#D":
        pad = Keypad(legend)
        assert scan(pad.rows, pad.cols, pad.settle) == bits(legend), legend


def test_layout_corners_by_hand():
    # '1' top left is bit 0, 'A' top right bit 3, '*' bottom left bit 12, 'D' bit 15.
    pads = (Keypad("1"), Keypad("A"), Keypad("*"), Keypad("D"))
    assert [scan(p.rows, p.cols) for p in pads] == [1, 8, 4096, 32768]


def test_keys_in_one_row_and_one_column_read_together():
    pad = Keypad("4", "6", "B")  # one row
    assert scan(pad.rows, pad.cols) == bits("4", "6", "B")
    pad = Keypad("2", "8", "0")  # one column
    assert scan(pad.rows, pad.cols) == bits("2", "8", "0")


def test_three_corners_of_a_rectangle_ghost_the_fourth():
    # 1, 2 and 4 held: row 1 driven low reaches column 1 through 4-1-2, so 5 reads down too;
    # keypad.is_ghost is what then ignores the scan.
    pad = Keypad("1", "2", "4")
    assert scan(pad.rows, pad.cols) == bits("1", "2", "4", "5")


def test_one_row_is_driven_at_a_time_and_every_row_is_let_go():
    pad = Keypad("5")
    scan(pad.rows, pad.cols, pad.settle)
    assert pad.level == [1, 1, 1, 1]
    low = []
    for entry in pad.log:
        if entry[0] == "row":
            if entry[2] == 0:
                low.append(entry[1])
            else:
                low.remove(entry[1])
        elif entry[0] == "read":
            assert len(low) == 1, pad.log  # never zero or two rows low while reading
    rows_driven = [e[1] for e in pad.log if e[0] == "row" and e[2] == 0]
    assert rows_driven == [0, 1, 2, 3]


def test_settle_comes_between_driving_a_row_and_reading_it():
    pad = Keypad()
    scan(pad.rows, pad.cols, pad.settle)
    kinds = [e[0] for e in pad.log]
    assert kinds == ["row", "settle", "read", "read", "read", "read", "row"] * 4


def test_scan_allocates_nothing_on_micropython():
    micropython_only("allocation is measured on MicroPython: the point is the device")
    import gc

    level = [1]

    def row(v):
        level[0] = v

    def col():
        return level[0]

    rows = [row, row, row, row]
    cols = [col, col, col, col]
    scan(rows, cols)
    gc.collect()
    before = gc.mem_alloc()
    for _ in range(200):
        scan(rows, cols)
    assert gc.mem_alloc() == before
