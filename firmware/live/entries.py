"""A paired device's entries: the table of their kinds, and how the board takes one whole.

An entry is one thing a player says to the board, composed on the phone: "2 for A", "a go for
B", "his heels", "B's hand counts 12", "undo". It comes as one JSON object, e.g.
``{"seq": 7, "kind": "peg", "side": "A", "points": 2}`` (docs/WIFI.md, Entries). The board turns
it into the keys its own keypad takes for it (``2`` then ``A``) and feeds them, in one turn of
its loop, through a keypad decoder of the entry's own into the controller: the same key
events, modes, checks and refusals as the keypad's. The rules have one path.

    entry = build(doc)              # (steps, mode, phase, changed, again, act); ValueError
    why = blocked(app, entry)       # "" or why the board cannot take it now (nothing applied)
    result, text = run(app, decoder, entry, now)  # APPLIED, REFUSED or ASKED, and the words
    result, text = take(app, decoder, entry, now)  # run, what the keypad holds kept aside

``run`` stops at the first key that changes the game (an entry makes one change), or at a
refusal: then nothing was applied (each kind's keys change the game only at their last key)
and the text is the mode's reason. ``"confirm": true`` adds the last key again, the answer
the board asks for ("# again", "A again"): without it such an entry is ASKED, not applied.
The board's own keypad is never mixed in: the caller (live.inbox; the web board's picker,
tools/web/py/webentry.py) waits until no key is down on it, and ``take`` keeps aside what is
typed there (``typed``) and gives it back after (``retype``).

Adding a kind is one row in KINDS (below): the mode it needs, the part of the hand, and its
keys, as a pattern of legends and fields or as a function of the entry's JSON object.
SPDX-License-Identifier: MIT
"""

from compat import const
from keypad import KEYS
from modes import MODE_SCORE
from modes import name as mode_name

TAP = const(0)  # ui.TAP, keypad.LONG, keypad.HOLD: how a key is used (not imported: the
LONG = const(3)  # table must not load the modes' package before the board has)
HOLD = const(4)
ANY = const(0)
PLAY = const(1)
SHOW = const(2)
APPLIED = const(0)
REFUSED = const(1)
ASKED = const(2)  # the board asks for a confirmation (the entry's "confirm") first
_MAX = const(999)  # the keypad's three digits
_SCAN_MS = const(20)  # the board's keypad scan period (bootkeys.KEY_MS)


def side(doc):
    """The side key's index of doc["side"] ("A"-"D")."""
    s = doc.get("side")
    if not isinstance(s, str) or len(s) != 1 or s not in "ABCD":
        raise ValueError('"side" is one of "A", "B", "C", "D"')
    return KEYS.find(s)


def points(doc, low):
    """doc["points"], a whole number low..999 (-999..999 and not 0 for low < 0)."""
    p = doc.get("points")
    zero = low < 0 and p == 0  # (a correction of 0 changes nothing)
    if not isinstance(p, int) or isinstance(p, bool) or not low <= p <= _MAX or zero:
        raise ValueError('"points" is a whole number {}-{}{}'.format(
            low, _MAX, ", not 0" if low < 0 else ""))  # fmt: skip
    return p


def keys(pattern, doc):
    """The steps of a kind's pattern: a keypad legend is tapped, "~" makes the next one a long
    press; "p" is the points' digits (1-999), "n" (0-999), "c" a correction's (long *, twice
    for a negative one, then the digits of -999..999), "s" the side key."""
    out = []
    how = TAP
    for c in pattern:
        if c == "~":
            how = LONG
            continue
        if c in "pnc":
            n = points(doc, 1 if c == "p" else (0 if c == "n" else -_MAX))
            if c == "c":
                out += [(12, LONG)] * (1 if n > 0 else 2)  # 12: the * key
            for d in str(abs(n)):
                out.append((KEYS.find(d), TAP))
        else:
            out.append((side(doc) if c == "s" else KEYS.find(c), how))
        how = TAP
    return out


def _count(doc):  # a side's count (N side: in the show only; in the play N side pegs N), or
    if "side" in doc:  # whoever counts next (N #; in the play the board asks "# again")
        phase, steps = SHOW, keys("ns", doc)
    else:
        phase, steps = ANY, keys("n#", doc)
    if doc.get("confirm") is True:
        steps.append(steps[-1])  # the board's "again"

    def typed_count(app):  # a show typed as cards takes the digits as ranks: not a count
        g = app.keeper.game
        if g.in_show and g.cfg.show:
            raise ValueError("this show is typed as cards (Settings, show): send its cards")
        return steps

    return phase, typed_count


def _pegged(app):  # a count of the show is pegged (or the game won on the way): a cards entry
    g = app.keeper.game  # with muggins makes two changes, the award first
    return (g.counted, g.deals, g.over, app.keeper.game_rev)


def _cards(doc):  # a count of the show as its cards: keys worked out when the board takes
    from live.cardentry import card_entry  # it (live.cardentry; loaded for the first one)

    return SHOW, card_entry(doc)


# name: (the mode it needs, or -1 for any; the part of the hand: ANY, PLAY or SHOW; the keys:
# a pattern (keys) or a function doc -> (part of the hand, steps), where steps may be a
# function app -> steps, worked out when the board takes it; optionally what "applied"
# changes: a function app -> a value, by default the game's events (the keeper's revision)).
KINDS: dict = {
    "peg": (MODE_SCORE, PLAY, "ps"),  # the play's points: 2 A
    "go": (MODE_SCORE, PLAY, "s"),  # a side key alone
    "heels": (MODE_SCORE, PLAY, "~A"),  # a long press of A, nothing typed: 2 for the dealer
    "count": (MODE_SCORE, ANY, _count),
    "correction": (MODE_SCORE, ANY, "cs"),  # long *, the points, the side
    "undo": (MODE_SCORE, ANY, "*"),  # * with nothing typed
    "next": (MODE_SCORE, ANY, "#"),  # # alone: the show starts, or the deal passes
    "cut": (MODE_SCORE, PLAY, "0s"),  # 0 and a side before anything is pegged: it deals
    "cards": (MODE_SCORE, SHOW, _cards, _pegged),  # the cards of the count due: its keys
}


def build(doc):
    """(steps, mode, phase, changed, again, act) of an entry's JSON object; ValueError says
    what is malformed. again: its last step repeats the one before, the board's confirmation.
    act: for a kind that is no keys (live.actions: names, a new game), what does it (steps
    None)."""
    name = doc.get("kind")
    row = KINDS.get(name) if isinstance(name, str) else None
    if row is None and isinstance(name, str):
        from live.actions import ACTS  # (loaded at the first such entry: a club's boards)

        if name in ACTS:
            again = doc.get("confirm", False)
            if not isinstance(again, bool):
                raise ValueError('"confirm" is true or false')
            mode, phase, check = ACTS[name]
            return None, mode, phase, None, again, check(doc)
    if row is None:
        raise ValueError('"kind" is one of ' + ", ".join(sorted(KINDS) + ["game", "names"]))
    phase = row[1]
    how = row[2]
    if isinstance(how, str):
        steps = keys(how, doc)
    else:
        phase, steps = how(doc)
    again = doc.get("confirm", False)
    if not isinstance(again, bool):
        raise ValueError('"confirm" is true or false')
    if again and isinstance(steps, list):  # (a function adds its own confirmation)
        steps.append(steps[-1])  # the board's "again": the last key once more
    return steps, row[0], phase, row[3] if len(row) > 3 else None, again, None


def blocked(app, entry):
    """Why the board cannot take an entry (build's) now ("" if it can): its mode or the part
    of the hand. Said to the phone; nothing is applied."""
    mode = entry[1]
    phase = entry[2]
    m = app.ctl.mode_id
    if mode >= 0 and m != mode:
        return "the board is in {}: hold D on it for the {}".format(mode_name(m),
                                                                    mode_name(mode))  # fmt: skip
    show = app.keeper.game.in_show
    if phase == PLAY and show:
        return "the play is over: this hand is in its show"
    if phase == SHOW and not show:
        return "the show has not begun: # starts it"
    return ""


def typed(app):
    """What is typed on the board's keypad and not yet entered (the scoreboard's digits and
    a correction's sign, and whether the board refused them), or None. The board's questions
    ("# again", a side key again) are not kept: they were about the game as it was before the
    entry. (Here, not in the mode: a plain Pico's heap carries none of it. A kind for another
    mode adds what that mode's keypad holds, here and in retype.)"""
    mode = app.ctl.mode
    if app.ctl.mode_id != MODE_SCORE or not (mode.entry.digits or mode.sign):
        return None
    e = mode.entry
    return (e.value, e.digits, mode.sign, mode.stale)


def retype(app, kept):
    """Give back what typed took (after the mode's reset)."""
    mode = app.ctl.mode
    e = mode.entry
    e.value, e.digits, mode.sign, mode.stale = kept


def take(app, decoder, entry, now):
    """An entry (build's, not blocked) into app at tick now, with the board's keypad idle:
    what is typed there is kept aside and given back after; (result, text) as run's."""
    ctl = app.ctl
    kept = typed(app)  # the keypad's half-typed entry, aside while this one goes in
    ctl.mode.reset()
    result, text = run(app, decoder, entry, now)
    ctl.mode.reset()  # nothing of the entry stays typed on the board
    if kept is not None:
        retype(app, kept)
    ctl.refresh(now)
    app._text_dirty = True
    return result, text


def run(app, decoder, entry, now):
    """Feed an entry's (build's) keys through decoder into app (app.on_key: the keypad's path)
    at tick now; (APPLIED, the board's note), (REFUSED, its reason) or (ASKED, its question)."""
    steps, _, _, changed, again, act = entry
    if act is not None:
        return _act(app, act, again, now)
    if not isinstance(steps, list):
        try:
            steps = steps(app)
        except ValueError as e:
            return REFUSED, str(e)
    ctl = app.ctl
    keeper = app.keeper
    said = []
    refuse = ctl.refuse  # the controller's own; listened to while the entry's keys go in

    def heard(err, when):
        said.append(str(err.args[0]) if err.args else type(err).__name__)  # (refuse's words)
        refuse(err, when)

    ctl.refuse = heard
    try:
        before = changed(app) if changed else keeper.revision
        last = len(steps) - 1
        for i in range(last + 1):
            del said[:]
            _press(app, decoder, steps[i], now)
            if (changed(app) if changed else keeper.revision) != before:
                return APPLIED, " ".join(ctl.note)
            if said and not (again and i == last - 1):
                return REFUSED, said[0]  # (before an "again": the board's question)
        text = " ".join(ctl.note)
        cards = getattr(ctl.mode, "cards", None)
        if not text and cards is not None:  # the question is the show's: a wrong claim's
            text = " ".join(cards.lines())  # verdict
        return ASKED, text
    finally:
        del ctl.refuse  # the class's method again


def _act(app, act, again, now):
    """A kind that is no keys: APPLIED and its note, or the refusal (ASKED: a question)."""
    from ui import REFUSALS

    from live.actions import Ask

    try:
        return APPLIED, act(app, now, again)
    except Ask as e:
        return ASKED, e.args[0]
    except REFUSALS as e:
        return REFUSED, e.args[0] if e.args else type(e).__name__


def _press(app, decoder, step, now):
    """A key down for its time and up again, as the keypad's scans would read it, on the
    decoder's own clock (0 at each key); each event to app.on_key at the board's tick now."""
    k, how = step
    bit = 1 << k
    held = 100 if how == TAP else (1000 if how == LONG else 3200)  # past 0.8 s, past 3 s
    decoder.reset()
    t = 0
    while t <= held + 8 * _SCAN_MS:  # down, then up: a release is taken after two scans
        n = decoder.update(bit if t <= held else 0, t)
        for i in range(n):
            app.on_key(decoder.events[i], now)
        if t > held and decoder.idle:
            break
        t += _SCAN_MS
