"""The club's one SQLite file: its schema, and every write in a transaction.

    db = open_db("club.db")          # created on first use; WAL journal, synchronous FULL
    with write(db):                  # BEGIN IMMEDIATE ... COMMIT (ROLLBACK on an error)
        db.execute("INSERT ...")
    db.execute("SELECT ...").fetchall()

Durability: the write-ahead log with synchronous=FULL syncs the log at every commit, so a
committed result survives a power cut or a `kill -9` at any moment, and a transaction cut
short is rolled back when the file is next opened (SQLite's own recovery). BEGIN IMMEDIATE
takes the write lock at once, so the hub and a `tools/club.py` command writing the same file
wait for each other (busy_timeout) rather than fail halfway.
SPDX-License-Identifier: MIT
"""

import sqlite3
from contextlib import contextmanager

SCHEMA_VERSION = 2
BUSY_MS = 10000

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS players (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE);
CREATE TABLE IF NOT EXISTS nights (
    id INTEGER PRIMARY KEY,
    opened TEXT NOT NULL,
    closed TEXT,
    settings TEXT NOT NULL,
    seed TEXT NOT NULL,
    rotation TEXT,              -- JSON: the rotation's order (player ids, null the bye seat)
    rounds INTEGER);            -- the night's rounds, fixed at its first draw
CREATE TABLE IF NOT EXISTS entrants (
    night INTEGER NOT NULL REFERENCES nights(id),
    player INTEGER NOT NULL REFERENCES players(id),
    present INTEGER NOT NULL DEFAULT 1,     -- 0: gone home (drawn no more)
    PRIMARY KEY (night, player));
CREATE TABLE IF NOT EXISTS seats (
    night INTEGER NOT NULL REFERENCES nights(id),
    round INTEGER NOT NULL,
    number INTEGER NOT NULL,                -- the table (a bye: the number after the last)
    player_a INTEGER NOT NULL REFERENCES players(id),
    player_b INTEGER REFERENCES players(id),    -- NULL: a bye
    PRIMARY KEY (night, round, number));
CREATE TABLE IF NOT EXISTS results (
    night INTEGER NOT NULL,
    round INTEGER NOT NULL,
    number INTEGER NOT NULL,
    score_a INTEGER NOT NULL,
    score_b INTEGER NOT NULL,
    source TEXT NOT NULL,                   -- "board NAME", "director", "phones", "script"
    game_key TEXT UNIQUE,                   -- a board's game: applied once, however often sent
    at TEXT NOT NULL,
    PRIMARY KEY (night, round, number),
    FOREIGN KEY (night, round, number) REFERENCES seats(night, round, number));
CREATE TABLE IF NOT EXISTS corrections (
    id INTEGER PRIMARY KEY,
    night INTEGER NOT NULL,
    round INTEGER NOT NULL,
    number INTEGER NOT NULL,
    old_a INTEGER, old_b INTEGER, new_a INTEGER NOT NULL, new_b INTEGER NOT NULL,
    reason TEXT NOT NULL,
    at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS hands (
    id INTEGER PRIMARY KEY,
    night INTEGER NOT NULL,
    round INTEGER NOT NULL,
    player INTEGER NOT NULL REFERENCES players(id),
    points INTEGER NOT NULL,
    kind TEXT NOT NULL,                     -- "hand" or "crib"
    cards TEXT NOT NULL DEFAULT '',
    source TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS claims (         -- a result typed on a player's phone
    night INTEGER NOT NULL,
    round INTEGER NOT NULL,
    number INTEGER NOT NULL,
    player INTEGER NOT NULL,
    score_a INTEGER NOT NULL,
    score_b INTEGER NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (night, round, number, player));
CREATE TABLE IF NOT EXISTS phones (token TEXT PRIMARY KEY, night INTEGER NOT NULL,
    player INTEGER NOT NULL, UNIQUE (night, player));
CREATE TABLE IF NOT EXISTS sessions (token TEXT PRIMARY KEY, at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS boards (
    id INTEGER PRIMARY KEY,
    url TEXT NOT NULL UNIQUE,               -- http://ADDRESS/ of its page
    name TEXT NOT NULL,
    table_number INTEGER,                   -- the table it sits on tonight (NULL: none)
    token TEXT,                             -- its pairing (the cookie the board gave)
    seen TEXT);
"""
# Version 2: the boards' entries (their numbers, one awaiting its answer) and the games the
# hub started on them.
SCHEMA_2 = """
ALTER TABLE boards ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;
ALTER TABLE boards ADD COLUMN pending TEXT;
CREATE TABLE IF NOT EXISTS board_games (
    board INTEGER NOT NULL REFERENCES boards(id),
    night INTEGER NOT NULL,
    round INTEGER NOT NULL,
    number INTEGER NOT NULL,
    start INTEGER,                          -- the board's game's start (its records'), once read
    PRIMARY KEY (board, night, round, number));
"""
STEPS = {1: SCHEMA, 2: SCHEMA_2}  # what each version adds: an older file gets the rest


def open_db(path):
    """The club file at path (created with its schema if new), ready for write()."""
    db = sqlite3.connect(
        str(path), isolation_level=None, timeout=BUSY_MS / 1000, check_same_thread=False
    )
    db.row_factory = sqlite3.Row
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("PRAGMA foreign_keys=ON")
    db.execute(f"PRAGMA busy_timeout={BUSY_MS}")
    _create(db)
    return db


def _create(db):
    row = None
    try:
        row = db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
    except sqlite3.OperationalError:
        pass  # a new file: no meta table yet
    have = int(row[0]) if row is not None else 0
    if have > SCHEMA_VERSION:
        raise sqlite3.DatabaseError(
            f"this club file is from a newer PicoPeg (schema {have}): update PicoPeg"
        )
    if have == SCHEMA_VERSION:
        return
    with write(db):  # a new file, or an older one brought up to date: all of it or nothing
        for version in range(have + 1, SCHEMA_VERSION + 1):
            for statement in STEPS[version].split(";"):
                if statement.strip():
                    db.execute(statement)
        db.execute("INSERT OR REPLACE INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))


@contextmanager
def write(db):
    """One transaction: BEGIN IMMEDIATE, COMMIT at the end, ROLLBACK if anything raised."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def meta(db, key, default=None):
    row = db.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
    return row[0] if row is not None else default


def set_meta(db, key, value):
    """(inside a write)"""
    db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))
