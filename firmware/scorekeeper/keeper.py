"""Keeper: the scorekeeper the board app and the PC simulator use.

    k = Keeper("/state", FileOps(), clock=time.time)   # loads settings, replays the log
    k.notice                      # "" or what start-up had to repair, for the display
    k.peg(0, 2)                   # A pegs 2 for a play; True = accepted but out of order
    k.peg(1, 12, events.HAND)     # B's hand: 12
    k.pass_deal(); k.undo(); k.new_game()
    k.game.front[0], k.game.back[0], k.game.dealer, k.game.winner   # what the LEDs show

Every change is written to flash (one appended record, or a whole new file renamed into
place) before the in-memory state changes, so what the board shows is always on flash.
The clock returns whole seconds from any epoch; only differences are used (play time).
SPDX-License-Identifier: MIT
"""

from scorekeeper import events
from scorekeeper.atomic import write_atomic
from scorekeeper.errors import NothingToUndo
from scorekeeper.events import PLAY, REC_GAME
from scorekeeper.fileops import FileOps, join
from scorekeeper.game import Game
from scorekeeper.load import load_log, load_settings
from scorekeeper.log import Log
from scorekeeper.match import REC_MATCH, Match
from scorekeeper.stats import REC_STATS, Stats

LOG_NAME = "game.log"
SETTINGS_NAME = "settings.txt"


def _no_clock():
    return 0


class Keeper:
    """Games, match, statistics and settings, persisted in one folder."""

    def __init__(self, folder, fs=None, clock=None):
        self.fs = fs if fs is not None else FileOps()
        self.clock = clock if clock is not None else _no_clock
        self.fs.mkdir(folder)
        self._notes = []
        self._settings_path = join(folder, SETTINGS_NAME)
        self._log = Log(self.fs, join(folder, LOG_NAME))
        self._dirty = False  # an append failed part-way: the next write rewrites the file
        self.settings = load_settings(self.fs, self._settings_path, self._notes)
        self._load_log()
        self._then = self._now()
        self.notice = "; ".join(self._notes)

    # -- what the board shows --------------------------------------------------------

    @property
    def match(self):
        """Games won and game points per side, this game included once it is over."""
        m = self._match.copy()
        m.add_game(self.game)
        return m

    @property
    def stats(self):
        """Statistics across games and power cycles, this game's counts included."""
        s = self._stats.copy()
        s.add_game(self.game)
        return s

    @property
    def settings_pending(self):
        """True when saved settings wait for the next game (a game is under way)."""
        return self.settings.game_key() != self.game.cfg.game_key()

    def history(self):
        """The events of this game still standing, as text."""
        return [events.format_event(ev) for ev in self.game.events]

    def snapshot(self):
        """Everything the board derives, as one comparable tuple (tests)."""
        g = self.game
        return (g.snapshot(), g.first_dealer, g.cfg.game_key(), self._match.snapshot(),
                self._stats.snapshot(), self.settings.encode())  # fmt: skip

    # -- what the players do ---------------------------------------------------------

    def peg(self, side, points, reason=PLAY):
        """Peg points for side; refused with a ScorekeeperError; True if out of order."""
        return self._commit(events.peg(side, points, reason, self._dt()))

    def pass_deal(self):
        """The deal passes to the left (after a win with finish_hand: ends the game)."""
        g = self.game
        return self._commit(events.deal((g.dealer + 1) % g.sides, self._dt()))

    def undo(self):
        """Take back the last event of this game (repeatable); return the event undone."""
        if not self.game.events:
            raise NothingToUndo("nothing to undo: this game has just started")
        if self._dirty:
            self._rewrite(self.game.events[:-1])
        else:
            self._append(events.REC_UNDO, b"")
        self._then = self._now()
        return self.game.pop()

    def new_game(self, dealer=-1):
        """Start a new game under the saved settings; the loser of a won game deals first.

        With dealer -1: the loser (lowest score) of a finished game, else this game's first
        dealer. The finished (or abandoned) game joins the match and the statistics.
        """
        g = self.game
        if dealer < 0:
            dealer = g.loser() if g.winner >= 0 else g.first_dealer
        self._start(dealer, self.match, self.stats)

    def reset_match(self):
        """Start a new match: games won and game points back to 0."""
        self._rewrite(self.game.events, match=Match())

    def reset_stats(self):
        """Clear the statistics (this game's counts so far will still be added)."""
        self._rewrite(self.game.events, stats=Stats())

    def set_settings(self, settings):
        """Save settings (atomically). Return True if the game follows them now.

        Rules settings change a game only before anything is pegged; otherwise they wait
        for the next game (see settings_pending). App keys take effect at once.
        """
        settings.check()
        write_atomic(self.fs, self._settings_path, settings.encode())
        self.settings = settings.copy()
        if not self.settings_pending:
            return True
        if self.game.pegs:
            return False
        self._start(self.game.dealer)
        return True

    def set_setting(self, name, value):
        """Change and save one setting; see set_settings."""
        s = self.settings.copy()
        s.set(name, value)
        return self.set_settings(s)

    # -- writing ---------------------------------------------------------------------

    def _now(self):
        return int(self.clock())

    def _dt(self):
        return events.clamp_dt(self._now() - self._then)

    def _commit(self, ev):
        flagged = self.game.check(ev)  # refuse before anything is written
        if self._dirty:
            self._rewrite(self.game.events + [ev])
        else:
            self._append(*events.pack(ev))
        self.game.apply(ev)
        self._then = self._now()
        return flagged

    def _append(self, rtype, payload):
        try:
            self._log.append(rtype, payload)
        except OSError:
            self._dirty = True  # part of a record may be on flash: never append after it
            raise

    def _rewrite(self, evs, match=None, stats=None, game=None):
        """Write the whole log (totals, a game's start, evs); then adopt what was given.

        Memory changes only after the write, so a failed write leaves the board as it was.
        """
        match = self._match if match is None else match
        stats = self._stats if stats is None else stats
        g = self.game if game is None else game
        records = [
            (REC_MATCH, match.pack()),
            (REC_STATS, stats.pack()),
            (REC_GAME, events.pack_game(g.cfg, g.first_dealer, g.start)),
        ]
        for ev in evs:
            records.append(events.pack(ev))
        self._log.rewrite(records)
        self._dirty = False
        self._match, self._stats, self.game = match, stats, g

    def _start(self, dealer, match=None, stats=None):
        """A new game under the saved settings, with these totals (default: unchanged)."""
        cfg = self.settings.copy()
        if not 0 <= dealer < cfg.sides:
            dealer = 0
        self._rewrite((), match, stats, Game(cfg, dealer, self._now()))
        self._then = self._now()

    # -- loading ---------------------------------------------------------------------

    def _load_log(self):
        """Replay the log; start fresh, or rewrite a repaired log, when load says so."""
        found = load_log(self.fs, self._log.path, self._notes)
        if found is None:
            self.game = None
            self._start(0, Match(), Stats())
            return
        self._match, self._stats, self.game, records, size = found
        if records < 0:
            self._rewrite(self.game.events)  # never append after damaged bytes
        else:
            self._log.seq = records & 0xFFFF
            self._log.size = size
