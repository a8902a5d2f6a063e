"""A claim the cards say is wrong: what the verdict shows and what its keys do.

    verdict.key(e, k)        # e: the ui.showentry.ShowEntry in its VERDICT phase
    verdict.lines(e, whole)  # the display's lines (whole: the count's parts too)
    verdict.pegs(e), verdict.missed(e)

``#`` pegs what the rules say: an over-claim the true count; a short claim the claim under
muggins (an opponent's key takes the missed points, once), and with muggins off the claim
(the ACC: the points missed are lost) or the true count (the ``short_claim`` house rule,
docs/RULES.md). ``*`` takes the verdict back (and a muggins award with it while it is the
last entry). Loaded only when a claim is wrong, and dropped with the count (the board's
heap is small).
SPDX-License-Identifier: MIT
"""

from scorekeeper.events import MUGGINS
from view import SIG_OK, SIG_UNDO

from ui import Refused
from ui.keys import K_HASH, K_STAR, SIDES, letter

CLAIM = 1  # ui.showentry's phase for the claim (not imported: it imports this)


def key(e, k):
    s = letter(k)
    if k == K_HASH:
        return e._peg(pegs(e), "")
    if k == K_STAR:
        e.phase = CLAIM
        undone = e.awarded and e.keeper.revision == e.award
        e.awarded = False
        if undone:  # the muggins award goes with the verdict while it is the last entry
            e.keeper.undo()
            return (SIG_UNDO, "muggins undone")
        return None
    if s >= 0 and s != e._side():
        return _muggins(e, s)
    raise Refused("#: {} +{}".format(SIDES[e._side()], pegs(e)))


def missed(e):
    """The points a short claim missed (0 for an over-claim)."""
    return max(e.total - e.claim.value, 0)


def pegs(e):
    """What # pegs for a wrong claim (docs/RULES.md, "Muggins" and "A short claim")."""
    cfg = e.keeper.game.cfg
    if not missed(e) or (not cfg.muggins and cfg.short_claim):
        return e.total
    return e.claim.value


def _muggins(e, side):
    g = e.keeper.game
    if side >= g.sides:
        raise Refused("there is no side {} in this game".format(SIDES[side]))
    if not g.cfg.muggins:
        if e.keeper.settings.muggins:
            raise Refused("muggins is on from the next game, not in this one")
        raise Refused("muggins is off: the cards are in, # pegs +{}".format(pegs(e)))
    if not missed(e):
        raise Refused("nothing was missed: no muggins")
    if e.awarded:
        raise Refused("the missed points have been taken already")
    e.keeper.peg(side, missed(e), MUGGINS)
    e.awarded = True
    e.award = e.keeper.revision
    return (SIG_OK, "muggins: {} +{}".format(SIDES[side], missed(e)))


def lines(e, whole=False):
    """A wrong claim: the true count, what was missed or claimed too many, what the keys
    peg; whole (count verify, which has the room): the count's parts too."""
    rc = e._rc()
    short = missed(e)
    out = ["claim {}: is {}".format(e.claim.value, e.total),
           ("missed {}" if short else "{} over").format(
               short or e.claim.value - e.total)]  # fmt: skip
    if whole:
        out.append("15s {} pairs {}".format(rc.fifteens, rc.pairs))
        extra = "runs {}".format(rc.runs)
        if rc.flush:
            extra += " flush {}".format(rc.flush)
        if rc.nobs:
            extra += " nobs 1"
        out.append(extra)
    side = e._side()
    g = e.keeper.game
    if short and g.cfg.muggins and not e.awarded:
        opp = SIDES[1 - side] if g.sides == 2 else "A-" + SIDES[g.sides - 1]
        out.append("{}: +{} muggins".format(opp, short))
    out.append("#: {} +{}".format(SIDES[side], pegs(e)))
    return out
