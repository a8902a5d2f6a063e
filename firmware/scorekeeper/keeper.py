"""Keeper: the scorekeeper the board app and the PC simulator use.

    k = Keeper("/state", FileOps(), clock=time.time)   # loads settings, replays the log
    k.notice, k.notice_lines      # "" / [] or what start-up had to repair (whole, and short)
    k.peg(0, 2)                   # A pegs 2 for a play; True = accepted but out of order
    k.peg(1, 12, events.HAND)     # B's hand: 12
    k.card(4, 0, 2, events.PLAY)  # the pegging helper: the 5 of clubs, A pegs 2 with it
    k.begin_show()                # the play is over: the show begins (an event, undone by undo)
    k.pass_deal(); k.undo(); k.undo_to(3); k.new_game(); k.restore_game()
    k.choose_dealer(1)            # before anything is pegged: B deals first (the cut)
    k.keep_time()                 # note the play time so far (at most once a minute)
    k.fold_pending, k.fold_due    # records wait in the journal; it is half full
    k.fold()                      # move them to the log (the board: when idle)
    k.game.front[0], k.game.back[0], k.game.dealer, k.game.winner   # what the LEDs show
    k.revision                    # bumped by every change of the game's events (a cache key)

A file operation that fails raises StorageError (nothing changed: a refusal the board shows);
every change is written to flash (one record appended to the journal, or a whole new file
renamed into place) before the in-memory state changes, so what the board shows is always on
flash. The journal (game.jnl) is small, so littlefs appends to it without erasing a block;
``fold`` moves its records into game.log when the board is idle (log.py, FORMAT.md).
The clock returns whole seconds from any epoch; only differences are used (play time).
A new game keeps the game it replaces in ``game.prev`` until the next new game, so a new
game started by mistake is one ``restore_game`` from undone.
SPDX-License-Identifier: MIT
"""

from compat import const, forget

from scorekeeper import events
from scorekeeper.atomic import write_atomic
from scorekeeper.errors import NothingToUndo, ScoreRefused, StorageError
from scorekeeper.events import EV_KIND, PLAY, REC_GAME, REC_MATCH, REC_STATS, REC_TIME, REC_UNDO
from scorekeeper.fileops import FileOps, join
from scorekeeper.game import Game
from scorekeeper.log import FRAME, JOURNAL_MAX, Log
from scorekeeper.rules import check_entry

RULE_TABLE = "scorekeeper.ruletable"  # imported where needed, not kept (settings._rules)

LOG_NAME = "game.log"
JOURNAL_NAME = "game.jnl"  # the appended records, until fold moves them to game.log
PREV_NAME = "game.prev"  # the game the last new game replaced (restore_game)
ARCHIVE_NAME = "games.arc"  # the results of the last won games (archive.py)
CHECKPOINT_NAME = "game.ckp"  # the game's state at a point of its log (checkpoint.py)
# A new checkpoint at a fold once this many records have come into the log since the last:
# boot replays at most these and the journal's; one costs about what a fold does (a block).
CHECKPOINT_EVERY = 32
SETTINGS_NAME = "settings.txt"
_TIME_STEP = const(60)  # keep_time writes the play time at most this often (seconds)


def _no_clock():
    return 0


def _checkpoint_due(ckseq, log, game):
    """True when CHECKPOINT_EVERY records have come into the log since the checkpoint
    (ckseq: the number after its last record; -1: none, so count the game's events)."""
    n = (log.seq - ckseq) & 0xFFFF if ckseq >= 0 else len(game.events)
    return n >= CHECKPOINT_EVERY


def _has_cards(game):
    for ev in game.events:
        if ev[EV_KIND] == events.CARD:
            return True
    return False


class Keeper:
    """Games, match, statistics and settings, persisted in one folder."""

    game: Game  # the game in play (set by _load_log; for mypy: a bare annotation is nothing)

    def __init__(self, folder, fs=None, clock=None, write_new=True):
        """write_new=False: with no game on flash, the new one is held in memory, unsaved
        (the next write or fold() writes it, making the folder if it has to), so that a board
        can show it first (app.py: on a blank flash the folder alone is ~130 ms)."""
        self.fs = fs if fs is not None else FileOps()
        self.clock = clock if clock is not None else _no_clock
        self._folder = folder if not write_new else None  # made at the first write
        if write_new:
            self.fs.mkdir(folder)
        self._notes = []  # type: list[tuple[str, str]]
        self._totals = None  # the log's match and stats, packed (see _match), or False
        self._m = self._s = None  # and unpacked
        self._settings_path = join(folder, SETTINGS_NAME)
        self._prev_path = join(folder, PREV_NAME)
        self._archive_path = join(folder, ARCHIVE_NAME)
        self._log = Log(self.fs, join(folder, LOG_NAME), join(folder, JOURNAL_NAME))
        self._ck_path = join(folder, CHECKPOINT_NAME)
        self._ck_seq = -1  # the number after the checkpoint's last record; -1: none in use
        self._dirty = False  # an append failed part-way: the next write rewrites the file
        # Bumped by each commit, undo and rewrite: what a mode derives from the game's events
        # (the pegging helper's engine, count verify's muggins award) is keyed on it.
        self.revision = 0
        # The revision at which the current game (its Game object) came in: a new game, a game
        # brought back or replayed. What belongs to one game is keyed on it (modes.verify), not
        # on the Game, which would then be held after it is replaced.
        self.game_rev = 0
        from scorekeeper.load import load_settings  # start-up only: see _load_log

        self.settings = load_settings(self.fs, self._settings_path, self._notes)
        self._load_log(write_new)
        self._then = self._now()
        self.notice = "; ".join([n[0] for n in self._notes])
        self.notice_lines = [n[1] for n in self._notes]  # the short forms, for the display
        forget(RULE_TABLE)  # loaded: the rules' table leaves the heap (settings._rules)

    # -- the totals (the match and the statistics) --------------------------------------
    # Loaded packed, as the log holds them, and unpacked at their first use (the modes, or
    # the first write): match.py and stats.py are then read after the board's first frame,
    # ~40 ms sooner on the make flash Pico, where every module is read from littlefs.

    @property
    def _match(self):
        return self.totals()[0]

    @property
    def _stats(self):
        return self.totals()[1]

    def totals(self):
        """(match, stats) as the log holds them, this game not included: unpacked from
        _totals (load.Loaded.totals; None: a new board's, zero) at the first call (the
        board's app calls it after its first frame, so that no key waits for it)."""
        t = self._totals
        if t is not False:
            from scorekeeper.match import Match
            from scorekeeper.stats import Stats

            self._totals = False  # unpacked
            self._m, self._s = Match(), Stats()
            if t is not None:
                self._m.unpack(t[0], 0)
                self._s.unpack(t[1], 0, t[2])
        return self._m, self._s

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

    def archive(self):
        """The finished games kept on the board, oldest first (archive.Entry; read now)."""
        from scorekeeper import archive

        try:
            return archive.load(self.fs, self._archive_path)
        except OSError as e:
            raise StorageError(e) from None

    def history(self):
        """The events of this game still standing, as text."""
        from scorekeeper.eventtext import format_event

        return [format_event(ev) for ev in self.game.events]

    def snapshot(self):
        """Everything the board derives, as one comparable tuple (tests)."""
        g = self.game
        return (g.snapshot(), g.first_dealer, g.cfg.game_key(), self._match.snapshot(),
                self._stats.snapshot(), self.settings.encode())  # fmt: skip

    # -- what the players do ---------------------------------------------------------

    def peg(self, side, points, reason=PLAY):
        """Peg points for side; refused with a ScorekeeperError; True if out of order."""
        return self._commit(events.peg(side, points, reason, self._dt()))

    def count(self, side, points, reason, cards):
        """Peg a hand's or crib's count (reason HAND or CRIB) with the cards count verify
        checked (0-51, the starter last): one record, so undo takes back both."""
        from scorekeeper.countcards import count  # (loaded only when count verify pegs)

        return self._commit(count(side, points, reason, cards, self._dt()))

    def card(self, code, side=0, points=0, reason=PLAY):
        """The pegging helper: a card (0-51) or a go (events.GO_CODE), and what it pegged for
        side (0 points: nothing). One record: the card and its points are never apart."""
        return self._commit(events.card(code, side, points, reason, self._dt()))

    def begin_show(self):
        """The hand's play is over: its show begins (``#``); undo takes it back."""
        return self._commit(events.show(self._dt()))

    def pass_deal(self):
        """The deal passes to the left (after a win with finish_hand: ends the game)."""
        g = self.game
        return self._commit(events.deal((g.dealer + 1) % g.sides, self._dt()))

    def undo(self):
        """Take back the last event of this game (repeatable); return the event undone."""
        if not self.game.events:
            raise NothingToUndo("nothing to undo: this game has just started")
        ev = self.game.last
        if self._dirty:
            self._rewrite(self.game.events[:-1], kept=self.game.kept)
        else:
            self._append(REC_UNDO, b"")
            self.game.pop()
            self.revision += 1
        self._then = self._now()
        return ev

    def undo_to(self, n):
        """Take back every event after the first n (one whole-file write); return how many."""
        g = self.game
        undone = len(g.events) - n
        if undone <= 0:
            return 0
        self._rewrite(g.events[:n], kept=g.kept)
        self._then = self._now()
        return undone

    def new_game(self, dealer=-1, names=None):
        """Start a new game under the saved settings; the loser of a won game deals first.
        Its sides keep their names, or get names (4, checked: scorekeeper.names.new_game) in
        the same write.

        With dealer -1: the loser (lowest score) of a finished game, else this game's first
        dealer. The finished (or abandoned) game joins the match and the statistics, and is
        kept as game.prev (if anything was pegged in it) for ``restore_game``.
        """
        g = self.game
        if dealer < 0:
            dealer = g.loser() if g.winner >= 0 else g.first_dealer
        keep = g.events and not self._dirty  # a file with a torn tail is no game to restore
        if g.winner >= 0:
            # The result joins the archive first: a cut before the new game's write leaves
            # the won game in play and its entry archived; the next new game replaces that
            # entry (the same game), so a result is never lost nor counted twice.
            from scorekeeper import archive

            try:
                archive.add(self.fs, self._archive_path, g, self._now())
            except OSError as e:
                raise StorageError(e) from None
        self._start(dealer, self.match, self.stats, self._prev_path if keep else None, names)

    @property
    def can_restore(self):
        """True when nothing is pegged yet and the game a new game replaced is kept."""
        return not self.game.events and self.fs.exists(self._prev_path)

    def restore_game(self):
        """Bring back the game the last new game replaced (nothing pegged since)."""
        if self.game.events:
            raise ScoreRefused("take back this game's entries first")
        from scorekeeper.load import is_log

        try:
            data = self.fs.read(self._prev_path)
            if data is None or not is_log(data):
                if data is not None:
                    self.fs.remove(self._prev_path)
                raise NothingToUndo("nothing to undo: this game has just started")
            # No journal may outlive the log it carries on: the restored file numbers its
            # records from its own (older) base, so first move the journal into this log.
            self.fold()
            write_atomic(self.fs, self._log.path, data)
            self.fs.remove(self._prev_path)  # a cut before this: prev is a copy, harmless
        except OSError as e:
            raise StorageError(e) from None
        self._load_log()
        self._then = self._now()
        if self.game.winner >= 0:
            # Back in play: its result leaves the archive (a cut before this leaves it there,
            # and the next new game of the same result replaces it).
            from scorekeeper import archive

            try:
                archive.drop(self.fs, self._archive_path, self.game)
            except OSError:  # the game is back: the next new game replaces its entry
                pass

    def choose_dealer(self, dealer):
        """The cut for deal: dealer deals the first hand (only before anything is pegged)."""
        g = self.game
        if g.events:
            raise ScoreRefused("the first dealer is cut for before anything is pegged")
        if not 0 <= dealer < g.sides:
            raise ScoreRefused("there is no side {} in a {}-side game".format(
                events.side_name(dealer), g.sides))  # fmt: skip
        self._start(dealer)

    def keep_time(self):
        """Write the play time since the last write, at most once every _TIME_STEP seconds,
        so a power cut loses less than that. Return True if it wrote."""
        dt = self._dt()
        if dt < _TIME_STEP or self._dirty or self.game.over:
            return False
        self._append(REC_TIME, events.pack_time(dt))
        self.game.add_time(dt)
        self._then = self._now()
        return True

    @property
    def unsaved(self):
        """True while the log on flash is not this game (a new game not yet written, or a
        write that failed part-way): the next write, or fold(), rewrites the whole log."""
        return self._dirty

    @property
    def fold_pending(self):
        """True when records wait in the journal (or a failed write wants the log rewritten)."""
        return self._log.pending or self._dirty

    @property
    def fold_due(self):
        """True when the journal is half full (or a failed write wants the log rewritten)."""
        return self._dirty or self._log.jsize * 2 >= JOURNAL_MAX

    def fold(self):
        """Move the journal's records into the log (the board does it when idle: it costs
        the log's block copy, ~50 ms on the Pico, that an append to the journal does not)."""
        if self._dirty:
            self._rewrite(self.game.events)
            return
        try:
            self._log.fold()
        except OSError as e:
            self._dirty = True  # part of the records may be on the log: rewrite it next
            raise StorageError(e) from None
        if _checkpoint_due(self._ck_seq, self._log, self.game):
            from scorekeeper.checkpoint import write  # (rarely: the board then forgets it)

            self._ck_seq = write(self.fs, self._ck_path, self.game, self._log)

    def reset_match(self):
        """Start a new match: games won and game points back to 0."""
        from scorekeeper.match import Match

        self._rewrite(self.game.events, match=Match())

    def reset_stats(self, side=-1):
        """Clear the statistics, or only side's (0-3); this game's counts so far will still
        be added. The board's play time and games finished go only with the whole reset."""
        from scorekeeper.stats import Stats

        stats = Stats() if side < 0 else self._stats.without(side)
        self._rewrite(self.game.events, stats=stats)

    def set_settings(self, settings):
        """Save settings (atomically). Return True if the game follows them now.

        Rules settings change a game only before anything is pegged; otherwise they wait
        for the next game (see settings_pending). App keys take effect at once.
        """
        settings.check()
        try:
            self._make_folder()
            write_atomic(self.fs, self._settings_path, settings.encode())
        except OSError as e:
            raise StorageError(e) from None
        self.settings = settings.copy()
        if not self.settings_pending:
            return True
        if self.game.pegs or _has_cards(self.game):
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
        g = self.game
        flagged = check_entry(g, ev)  # refuse before anything is written; the one check
        if self._dirty:
            self._rewrite(g.events + [ev])
        else:
            self._append(*events.pack(ev))
        g.add(ev, flagged)
        self.revision += 1
        self._then = self._now()
        return flagged

    def _make_folder(self):
        """The state folder, before the first write of a Keeper(write_new=False)."""
        if self._folder is not None:
            self.fs.mkdir(self._folder)
            self._folder = None

    def _append(self, rtype, payload):
        log = self._log
        if log.jsize and log.jsize + FRAME + len(payload) > JOURNAL_MAX:
            self.fold()  # a full journal: fold it here, so that a checkpoint follows if due
        try:
            self._make_folder()
            log.append(rtype, payload)
        except OSError as e:
            self._dirty = True  # part of a record may be on flash: never append after it
            raise StorageError(e) from None

    def _records(self, evs, match=None, stats=None, game=None, *, kept=-1, names=None):
        """The log's records: totals, a game's start (with names, if given, as its sides'),
        its kept play time, then evs."""
        match = self._match if match is None else match
        stats = self._stats if stats is None else stats
        g = self.game if game is None else game
        names = g.names if names is None else names
        records = [
            (REC_MATCH, match.pack()),
            (REC_STATS, stats.pack()),
            (REC_GAME, events.pack_game(g.cfg, g.first_dealer, g.start, names)),
        ]
        forget(RULE_TABLE)  # (packed: the rules' table leaves the heap; a rewrite is rare)
        kept = g.kept if kept < 0 else kept
        while kept > 0:  # TIME records of at most 65535 s each
            records.append((REC_TIME, events.pack_time(kept)))
            kept -= min(kept, 0xFFFF)
        for ev in evs:
            records.append(events.pack(ev))
        return records

    def _rewrite(self, evs, match=None, stats=None, game=None, *, kept=-1, keep=None, names=None):
        """Write the whole log (totals, a game's start, evs); then adopt what was given.

        Memory changes only after the write, so a failed write leaves the board as it was.
        With ``kept`` (play time outside evs) the game is replayed from evs afresh; with
        ``names``, the game's record gets them as its sides' names.
        """
        g = self.game if game is None else game
        if kept >= 0 and game is None:
            g = Game(g.cfg, g.first_dealer, g.start, g.names)
            g.add_time(kept)
            for ev in evs:
                g.apply(ev)
        records = self._records(evs, match, stats, g, names=names)  # (no file operation yet)
        try:
            self._make_folder()
            self._log.rewrite(records, keep)
        except OSError as e:
            self._dirty = True  # a fold or the journal's removal may have stopped part-way
            raise StorageError(e) from None
        self._dirty = False
        self._ck_seq = -1  # the checkpoint was of the file replaced: none is in use
        self.revision += 1
        if match is not None or stats is not None:
            m, st = self.totals()
            self._m = m if match is None else match
            self._s = st if stats is None else stats
        if names is not None:
            g.names[:] = names  # in place: the view holds the list
        if g is not self.game:
            self.game_rev = self.revision
        self.game = g

    def _start(self, dealer, match=None, stats=None, keep=None, names=None):
        """A new game under the saved settings, with these totals (default: unchanged); the
        old file is renamed to ``keep`` if given. The sides keep their names (the same
        players, another game) unless names are given."""
        cfg = self.settings.copy()
        if not 0 <= dealer < cfg.sides:
            dealer = 0
        if names is None and self.game is not None:
            names = self.game.names
        game = Game(cfg, dealer, self._now(), names)
        self._rewrite((), match, stats, game, keep=keep)
        self._then = self._now()

    # -- loading ---------------------------------------------------------------------

    def _load_log(self, write_new=True):
        """Replay the log; start fresh, or rewrite a repaired (or version 1) log.
        write_new=False: a fresh start is held unsaved (Keeper's docstring); nothing is lost
        if the power goes first: no game is on flash, so the next boot starts fresh again.

        The loader is imported here, not at the top, so that the board can drop it from its
        heap once it has booted (app.py): it is needed again only to bring a game back."""
        from scorekeeper.load import load_log

        log = self._log
        found = load_log(self.fs, log.path, self._notes, log.jpath, self._ck_path)
        self.revision += 1
        if found is None:
            log.jfile = False
            self.game = None  # type: ignore[assignment]  # until _start's write below
            self._totals = None  # zero: unpacked as fresh ones at their first use
            log.seq = 0
            if write_new:
                self._start(0)
            else:
                self.game = Game(self.settings.copy(), 0, self._now())
                self.game_rev = self.revision
                self._dirty = True
            return
        # A journal file is there if load_log used it (it sets aside one it cannot use).
        log.jfile = found.jfile
        self._totals, self.game = found.totals, found.game
        self.game_rev = self.revision
        log.seq, log.jsize = found.seq, found.jsize
        self._ck_seq = found.ckseq
        if found.size < 0:
            self._rewrite(self.game.events)  # never append after damaged bytes
        else:
            log.size = found.size
