"""PicoPeg's hand counter for the PC: count a show, check a claim, score a pegging play.

    python tools/count.py 5H 5C 5D JS 5S            # the 4 kept cards, then the starter
    python tools/count.py --five-card 2H 6H 9H KS   # the five-card game: 3 kept, starter
    python tools/count.py --crib 2H 4H 6H 8H KH     # count it as the crib
    python tools/count.py --claim 28 --muggins 5H 5C 5D JS 5S
    python tools/count.py --say 4C 5S 6D 7C 5H      # the count as players say it
    python tools/count.py --play 5H TD 5S           # what the last card pegs, and the count
    python tools/count.py --jsonl < deals.jsonl     # one JSON object per line in and out
    python tools/count.py --demo                    # a short tour of famous hands

Cards are written like 5H, TD or 10D, js, 1S or A♠. A bad argument prints one line and
exits with status 2. With --claim the exit status is the verdict, so a script need not read
the text: 0 correct, 1 under (the claim is short), 3 over (it claims too many).

With --jsonl each line is answered by one line, in order: {"hand": [...], "starter": "5H",
"crib": false, "claim": 12, "muggins": true} or {"pile": [...]}; a bad or blank line gets
{"error": "..."} and the rest go on (the exit status stays 0); "muggins" goes with a
"claim", as --muggins with --claim. A JSON hand of 3 cards is the five-card game's: the
starter is named, so nothing is guessed.

SPDX-License-Identifier: MIT
"""

import argparse
import json
import sys

from cribbage import (
    CribbageError,
    check_count,
    format_card,
    parse_cards,
    peg_breakdown,
    pile_count,
    say_count,
    score_show,
)

KINDS = ("fifteen", "pair", "run", "flush", "nobs")
CATEGORIES = ("fifteens", "pairs", "runs", "flush", "nobs")
SHOW_KEYS = ("hand", "starter", "crib", "claim", "muggins")
# --claim's exit status per verdict (2 is a bad argument, as argparse has it).
EXIT_STATUS = {"correct": 0, "under": 1, "over": 3}


class UsageError(Exception):
    """A bad argument: reported as one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    """argparse, but every error is one line (no usage block) and exit status 2."""

    def error(self, message):
        raise UsageError(message)


def build_parser():
    p = Parser(
        prog="count.py",
        description=__doc__.splitlines()[0],
        epilog="exit status: 0 done (with --claim: correct), 1 under (the claim is short), "
        "3 over (it claims too many), 2 a bad argument",
    )
    p.add_argument("cards", nargs="*", help="the 4 kept cards then the starter (or the pile)")
    p.add_argument("--crib", action="store_true", help="count the cards as the crib")
    p.add_argument(
        "--five-card",
        action="store_true",
        help="the five-card game's hand: 3 kept cards then the starter (its crib has 4)",
    )
    p.add_argument("--claim", type=int, metavar="N", help="check a claimed count of N")
    p.add_argument("--muggins", action="store_true", help="with --claim: muggins is on")
    p.add_argument("--say", action="store_true", help="print the count as players say it")
    p.add_argument("--play", action="store_true", help="the cards are a pegging pile")
    p.add_argument("--jsonl", action="store_true", help="read JSON lines on stdin")
    p.add_argument("--demo", action="store_true", help="a short tour of famous hands")
    return p


def wants_symbols(stream):
    """Suit symbols only where the stream is UTF-8."""
    encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
    return encoding == "utf8"


def cards_text(cards, symbols):
    return " ".join(format_card(c, symbols) for c in cards)


# --- the show ----------------------------------------------------------------------------


def split_deal(cards, five_card=False, crib=False):
    """(kept cards, starter) from a list whose last card is the starter.

    Four cards alone are refused: a 4-card hand missing its starter and the five-card game's
    3-card hand with one look the same, so --five-card has to say which is meant.
    """
    kept = 3 if five_card and not crib else 4
    if len(cards) == kept + 1:
        return cards[:-1], cards[-1]
    got = "got {} card{}".format(len(cards), "" if len(cards) == 1 else "s")
    if kept == 3:
        raise UsageError("with --five-card give the 3 kept cards, then the starter: " + got)
    if len(cards) == 4 and not crib:
        got += "; for the five-card game's 3-card hand and its starter, add --five-card"
    what = "the crib's 4 cards" if crib else "the 4 kept cards"
    raise UsageError("give {}, then the starter: {}".format(what, got))


def show_lines(score, symbols):
    """The itemized count: one line per combination, the category totals, the total."""
    lines = [
        "{} {}, starter {}".format(
            "crib" if score.crib else "hand",
            cards_text(score.hand, symbols),
            format_card(score.starter, symbols),
        )
    ]
    for kind in KINDS:
        for k, cards, points in score.items:
            if k == kind:
                lines.append("  {:<8} {:<20} {:>2}".format(k, cards_text(cards, symbols), points))
    lines.append(
        "  " + ", ".join("{} {}".format(name, getattr(score, name)) for name in CATEGORIES)
    )
    lines.append("total {}".format(score.total))
    return lines


def count_show(args, symbols):
    """The lines to print and the exit status (the verdict's, with --claim; else 0)."""
    kept, starter = split_deal(parse_cards(" ".join(args.cards)), args.five_card, args.crib)
    score = score_show(kept, starter, args.crib)
    lines = show_lines(score, symbols)
    if args.say:
        lines.append(say_count(score))
    if args.claim is None:
        return lines, 0
    verdict = check_count(args.claim, kept, starter, args.crib, args.muggins)
    lines.append(verdict.message())
    return lines, EXIT_STATUS[verdict.status]


# --- pegging -----------------------------------------------------------------------------


def describe_peg(items):
    """'fifteen for 2, pair for 2' from peg_breakdown's (what, points) list."""
    parts = []
    for what, points in items:
        name = "run of {}".format(points) if what == "run" else what
        parts.append("{} for {}".format(name, points))
    return ", ".join(parts)


def play_lines(pile, symbols):
    items = peg_breakdown(pile)
    points = sum(p for _, p in items)
    last = format_card(pile[-1], symbols)
    if items:
        said = "{} scores {}: {}".format(last, points, describe_peg(items))
    else:
        said = "{} scores nothing".format(last)
    return ["pile {}: count {}".format(cards_text(pile, symbols), pile_count(pile)), said]


# --- JSON lines --------------------------------------------------------------------------


def answer(obj):
    """The JSON answer (a dict in output key order) for one request object."""
    if not isinstance(obj, dict):
        raise UsageError("each line must be a JSON object")
    if "pile" in obj:
        if len(obj) != 1:
            raise UsageError("a pile line has only the key 'pile'")
        pile = parse_cards(_card_list(obj["pile"], "pile"), "pile")
        return {"points": sum(p for _, p in peg_breakdown(pile)), "count": pile_count(pile)}
    unknown = sorted(k for k in obj if k not in SHOW_KEYS)
    if unknown:
        raise UsageError("unknown key '{}'".format(unknown[0]))
    if "hand" not in obj or "starter" not in obj:
        raise UsageError("a line needs 'hand' and 'starter', or 'pile'")
    crib = _flag(obj, "crib")
    muggins = _flag(obj, "muggins")
    if "muggins" in obj and "claim" not in obj:
        raise UsageError("'muggins' goes with a 'claim'")
    score = score_show(_card_list(obj["hand"], "hand"), _card_text(obj["starter"]), crib)
    out = {"total": score.total}
    for name in CATEGORIES:
        out[name] = getattr(score, name)
    if "claim" in obj:
        verdict = check_count(obj["claim"], score.hand, score.starter, crib, muggins)
        out["status"] = verdict.status
        out["difference"] = verdict.difference
        out["muggins_points"] = verdict.muggins_points
        out["message"] = verdict.message()
    return out


def _card_list(value, what):
    if not isinstance(value, list):
        raise UsageError('\'{}\' must be a list of cards like ["5H", "JS"]'.format(what))
    return [_card_text(v) for v in value]


def _card_text(value):
    if not isinstance(value, str):
        raise UsageError('cards are text like "5H", not {}'.format(json.dumps(value)))
    return value


def _flag(obj, key):
    value = obj.get(key, False)
    if not isinstance(value, bool):
        raise UsageError("'{}' must be true or false".format(key))
    return value


def run_jsonl(stdin, stdout):
    """Answer each line of stdin (bytes) with one line of JSON on stdout."""
    for raw in stdin:
        try:
            line = raw.decode("utf-8").strip()
            if not line:  # answered too, so the Nth answer is always the Nth line's
                raise UsageError("a blank line: each line must be a JSON object")
            out = answer(json.loads(line))
        except UnicodeDecodeError:
            out = {"error": "the line is not UTF-8 text"}
        except json.JSONDecodeError as e:
            out = {"error": "not JSON: {}".format(e.msg)}
        except (UsageError, CribbageError) as e:
            out = {"error": str(e)}
        stdout.write(json.dumps(out) + "\n")
        stdout.flush()


# --- the demo ----------------------------------------------------------------------------

DEMO = (
    ("The perfect 29: three fives and the right jack, and the fourth five turned up.",
     "5H 5C 5D JS", "5S", False),
    ("The rulebook's good hand: a double run of four with the starter's five.",
     "4C 5S 6D 7C", "5H", False),
    ("A double-double run: 4-4-5-6-6 with fifteens, one of the nine 24s.",
     "4C 4D 6H 6S", "5C", False),
    ("A crib flush needs the starter too: four hearts alone score nothing in the crib.",
     "2H 4H 9H QH", "KS", True),
    ("Q-K-A-2 is not a run (the ace is low): a nineteen hand, nothing to count.",
     "QH KD AS 8C", "2S", False),
    ("A jack turned up is his heels (2 to the dealer at the cut), never nobs in a show.",
     "5H 5C 9D 2S", "JH", False),
)  # fmt: skip


def demo(symbols):
    lines = ["PicoPeg hand counter: a short tour (make sim runs the board itself).", ""]
    for i, (title, hand, starter, crib) in enumerate(DEMO, 1):
        score = score_show(hand, starter, crib)
        lines.append("{}. {}".format(i, title))
        lines.extend("   " + line for line in show_lines(score, symbols))
        lines.append('   said aloud: "{}"'.format(say_count(score)))
        lines.append("")
    claim = check_count(12, "4C 5S 6D 7C", "5H", muggins=True)
    lines.append("{}. Claiming 12 for the 14 hand with muggins on:".format(len(DEMO) + 1))
    lines.append("   " + claim.message())
    lines.append("")
    pile = parse_cards("5H 5C 5D JS 6C", "pile")
    lines.append("{}. Pegging 5, 5, 5, J, 6, card by card:".format(len(DEMO) + 2))
    for n in range(1, len(pile) + 1):
        lines.extend("   " + line for line in play_lines(pile[:n], symbols)[1:])
    lines.append("")
    lines.append("Try: python tools/count.py 5H 5C 5D JS 5S   (or --help)")
    return lines


# --- main --------------------------------------------------------------------------------


def check_options(args):
    """The mode ('show', 'play', 'jsonl' or 'demo') once the options are known to fit."""
    modes = [name for name in ("play", "jsonl", "demo") if getattr(args, name)]
    if len(modes) > 1:
        raise UsageError("use only one of --{}".format(", --".join(modes)))
    mode = modes[0] if modes else "show"
    show_only = [f for f in ("crib", "five_card", "say", "muggins") if getattr(args, f)]
    if args.claim is not None:
        show_only.append("claim")
    if mode != "show" and show_only:
        flag = show_only[0].replace("_", "-")
        raise UsageError("--{} goes with a hand to count, not --{}".format(flag, mode))
    if args.muggins and args.claim is None:
        raise UsageError("--muggins goes with --claim N")
    if mode in ("jsonl", "demo") and args.cards:
        raise UsageError("--{} takes no cards on the command line".format(mode))
    if mode == "play" and not args.cards:
        raise UsageError("--play needs the cards played so far, in order, like --play 5H TD 5S")
    if mode == "show" and not args.cards:
        raise UsageError("give the cards: the 4 kept cards then the starter, like 5H 5C 5D JS 5S")
    return mode


def main(argv=None):
    try:
        args = build_parser().parse_args(argv)
        mode = check_options(args)
        symbols = wants_symbols(sys.stdout)
        status = 0
        if mode == "jsonl":
            run_jsonl(sys.stdin.buffer, sys.stdout)
            return 0
        if mode == "demo":
            lines = demo(symbols)
        elif mode == "play":
            lines = play_lines(parse_cards(" ".join(args.cards), "pile"), symbols)
        else:
            lines, status = count_show(args, symbols)
    except (UsageError, CribbageError) as e:
        sys.stderr.write("count.py: error: {}\n".format(e))
        return 2
    for line in lines:
        print(line)
    return status


if __name__ == "__main__":
    sys.exit(main())
