"""Paired devices' entries waiting for the board's loop, and the answers to them.

    inbox = Inbox(app, phones)
    got = inbox.submit(phone, doc, now)  # (status, body) at once, or None: it waits, and
                                         # phone.answer holds its answer once taken
    inbox.apply(now)                     # App.tick, through the hub: the first entry waiting
    inbox.on_answer = wake               # called after each answer (the server's wake-up)

An entry (live.entries) carries its device's number ``seq``, increasing: the board takes each
at most once. A number already answered gets the same answer again (a retry after a lost
answer), one older than that is "old"; across a power cut the numbers applied are on flash
(live.phones). An entry waits here (one a device, at most MAX_WAITING) until the board's loop
takes it: the keypad idle (no key down or settling on the board), so the phone's keys never
interleave with the keypad's; what is typed on the keypad is kept aside meanwhile and given
back after (live.entries' ``take``), so neither entry loses or gains a digit. An
entry that waits longer than WAIT_MS (a key held on the board) is answered 503, untaken.

Answers: 200 applied, with the board's note; 409 refused with the board's reason, asked (the
board wants a confirmation: ``"confirm": true``) or old; 400 malformed (nothing kept: the
number stays free); 503 busy (send it again: the same number).
SPDX-License-Identifier: MIT
"""

from json import dumps

from compat import const, ticks_diff

from live.entries import APPLIED, ASKED, blocked, build, take
from live.phones import MAX_SEQ, fingerprint

MAX_WAITING = const(8)
WAIT_MS = const(4000)  # a key held on the board: the 3 s hold of # and its release


def answer(status, seq, applied, text="", asked=False):
    """An answer's (status, JSON body)."""
    word = "note" if applied else "error"
    extra = ',"confirm":true' if asked else ""
    body = '{{"seq":{},"applied":{},"{}":{}{}}}'.format(
        seq, "true" if applied else "false", word, dumps(text), extra)  # fmt: skip
    return status, body


class Inbox:
    """The line of entries and their answers; see the module docstring."""

    def __init__(self, app, phones):
        self.app = app
        self.phones = phones
        self.line = []  # the phones with an entry waiting (phone.entry), oldest first
        self.on_answer = None
        self.decoder = None  # the entries' own keypad decoder, at first use
        self.taken = 0  # entries applied (the tests' and the benchmark's count)
        self._end = None  # (phone, seq, applied): the entry taken, to mark done on flash

    def submit(self, phone, doc, now):
        """A paired device's entry: (status, body) at once, or None while it waits (its
        answer, once taken, is phone.answer: (seq, status, body))."""
        seq = doc.get("seq")
        if not isinstance(seq, int) or isinstance(seq, bool) or not 0 < seq <= MAX_SEQ:
            return 400, '{"error":"\\"seq\\" is a whole number 1-2147483647"}'
        last = phone.answer
        if last is not None and last[0] == seq and last[1] != 503:
            return last[1], last[2]  # a retry: the first answer again
        w = phone.entry
        if w is not None:
            if w[0] == seq:
                return None  # the same entry sent again while it waits: wait for it too
            return 503, '{"error":"one entry at a time: the last is still waiting"}'
        if seq <= phone.seen:
            if seq == phone.applied:  # applied before the board restarted
                return answer(200, seq, True)
            return answer(409, seq, False, "an older entry than this phone's last: not taken")
        try:
            got = build(doc)
        except ValueError as e:
            return 400, '{{"seq":{},"error":{}}}'.format(seq, dumps(str(e)))
        if len(self.line) >= MAX_WAITING:
            return 503, '{"error":"entries waiting: send it again"}'
        phone.entry = (seq, got, now, phone.seen)  # (seen: given back if
        phone.seen = seq  # it is never taken)
        phone.answer = None  # (a 503 to this number before: not its answer)
        self.line.append(phone)
        return None

    def forget(self):
        """Every device forgotten: the entries waiting are dropped (answered 403)."""
        for p in self.line:
            p.answer = (p.entry[0], 403, '{"error":"pair first"}')
            p.entry = None
        self.line = []
        self._told()

    def apply(self, now):
        """Take the first entry waiting, if the board's keypad is idle; 1 if one was taken."""
        if not self.line:
            return 0
        p = self.line[0]
        seq, got, since, prev = p.entry
        if not self.app.decoder.idle:  # a key down on the board: the entry waits for it
            if ticks_diff(now, since) < WAIT_MS:
                return 0
            p.seen = prev  # untaken: the same number may come again
            got = (503, '{"error":"a key is held on the board: send it again"}')
        else:
            got = self._take(p, seq, got, now)
        self.line.pop(0)
        p.entry = None
        p.answer = (seq, got[0], got[1])
        self._told()
        return 1 if got[0] != 503 else 0

    def _take(self, phone, seq, entry, now):
        app = self.app
        why = blocked(app, entry)
        if why:
            return answer(409, seq, False, why)
        phones = self.phones
        try:
            phones.begin(phone, seq, fingerprint(app.keeper.game))
        except OSError as e:  # nothing on flash says it is coming: it must not come
            return answer(409, seq, False, "the board could not save ({}): not taken".format(e))
        if self.decoder is None:  # one like the board's (its timings, its repeat keys)
            from keypad import KeyDecoder

            self.decoder = KeyDecoder(repeat_mask=app.decoder.repeat_mask)
        result, text = take(app, self.decoder, entry, now)
        self._end = (phone, seq, result == APPLIED)  # on flash after the frame (finish)
        if result == APPLIED:
            self.taken += 1
            return answer(200, seq, True, text)
        return answer(409, seq, False, text, result == ASKED)

    def finish(self):
        """After the turn's frame (the hub's tick): the entry taken is marked done on flash
        (its number applied, or free again), so its frame is not kept waiting for that."""
        end = self._end
        if end is not None:
            self._end = None
            self.phones.end(*end)

    def _told(self):
        if self.on_answer is not None:
            self.on_answer()
