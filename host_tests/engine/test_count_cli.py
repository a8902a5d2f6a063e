"""tools/count.py run as a program: every feature and every error path (CPython only)."""

import json
import os
import subprocess
import sys

import pytest

COUNT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools", "count.py")


def run(*args, stdin=None, encoding="utf-8"):
    env = dict(os.environ, PYTHONIOENCODING=encoding)
    return subprocess.run(
        [sys.executable, COUNT, *args],
        input=stdin.encode("utf-8") if stdin is not None else None,
        capture_output=True,
        env=env,
        timeout=60,
        check=False,
    )


def ok(*args, **kwargs):
    p = run(*args, **kwargs)
    assert p.returncode == 0, p.stderr.decode()
    assert p.stderr == b""
    return p.stdout.decode(kwargs.get("encoding", "utf-8")).splitlines()


def test_counts_the_29_hand_itemized_with_suit_symbols():
    lines = ok("5H", "5C", "5D", "JS", "5S")
    assert lines[0] == "hand 5♥ 5♣ 5♦ J♠, starter 5♠"
    items = [line.split() for line in lines[1:-2]]
    assert [i[0] for i in items] == ["fifteen"] * 8 + ["pair"] * 6 + ["nobs"]
    assert ["5♥", "5♣", "5♦", "2"] == items[0][1:]  # three fives, 2 points
    assert ["J♠", "1"] == items[-1][1:]
    assert lines[-2].split() == "fifteens 16, pairs 12, runs 0, flush 0, nobs 1".split()
    assert lines[-1] == "total 29"


def test_letters_when_stdout_is_not_utf8():
    lines = ok("5H", "5C", "5D", "JS", "5S", encoding="ascii")
    assert lines[0] == "hand 5H 5C 5D JS, starter 5S"
    assert lines[-1] == "total 29"


def test_cards_in_any_spelling():
    lines = ok("4c", "5♠", "6D", "7C", "5h")
    assert lines[-1] == "total 14"
    assert ok("10D", "TC", "JH", "QS", "KD")[-1] == ok("TD", "10C", "JH", "QS", "KD")[-1]


def test_three_card_hand_of_the_five_card_game_needs_five_card():
    lines = ok("--five-card", "2H", "6H", "9H", "KS")
    assert lines[0] == "hand 2♥ 6♥ 9♥, starter K♠"
    assert lines[-1] == "total 5"  # 6+9 and a three-card flush
    # Its crib is 4 cards and the starter, as in the six-card game: K♥ makes a 5-card flush.
    lines = ok("--five-card", "--crib", "2H", "4H", "6H", "8H", "KH")
    assert lines[0].startswith("crib ") and lines[-1] == "total 5"
    claim = ok("--five-card", "--claim", "5", "2H", "6H", "9H", "KS")[-1]
    assert claim == "Correct: the hand scores 5."


def test_four_cards_without_five_card_are_a_missing_starter():
    # 5H 5C 5D JS could be a 4-card hand with its starter forgotten, or a 3-card hand and
    # the jack turned up: it is refused and the message says how to ask for the second.
    p = run("5H", "5C", "5D", "JS")
    err = p.stderr.decode()
    assert p.returncode == 2 and p.stdout == b""
    assert "got 4 cards" in err and "add --five-card" in err


def test_crib_flush_needs_the_starter():
    assert ok("2H", "4H", "6H", "8H", "KS")[-1] == "total 4"
    assert ok("--crib", "2H", "4H", "6H", "8H", "KS")[-1] == "total 0"
    lines = ok("--crib", "2H", "4H", "6H", "8H", "KH")
    assert lines[0].startswith("crib ") and lines[-1] == "total 5"


def verdict(status, *args):
    """The printed lines of a --claim run, whose exit status must be the verdict's (issue
    20: 0 correct, 1 under, 3 over; 2 stays a bad argument)."""
    p = run(*args)
    assert p.returncode == status, (p.returncode, p.stderr.decode())
    assert p.stderr == b""
    return p.stdout.decode().splitlines()


def test_claim_verdicts():
    assert verdict(0, "--claim", "14", "4C", "5S", "6D", "7C", "5H")[-1] == (
        "Correct: the hand scores 14."
    )
    assert verdict(1, "--claim", "12", "4C", "5S", "6D", "7C", "5H")[-1] == (
        "Under by 2 points: the hand scores 14, not 12."
    )
    assert verdict(1, "--claim", "12", "--muggins", "4C", "5S", "6D", "7C", "5H")[-1] == (
        "Under by 2 points: the hand scores 14, not 12. "
        "Muggins: your opponent may take the 2 points missed."
    )
    assert verdict(3, "--claim", "19", "4C", "5S", "6D", "7C", "5H")[-1] == (
        "Over by 5 points: the hand scores 14, not 19. (No hand scores 19.)"
    )
    assert verdict(3, "--claim", "15", "4C", "5S", "6D", "7C", "5H")[-1].startswith("Over by 1")


def test_the_exit_statuses_are_the_ones_the_help_documents():
    doc = ok("--help")
    text = " ".join(" ".join(doc).split())
    assert "1 under" in text and "3 over" in text and "2 a bad argument" in text


def test_say():
    lines = ok("--say", "4C", "5S", "6D", "7C", "5H")
    assert lines[-2:] == ["total 14", "fifteen two, fifteen four, and a double run of four is 14"]


def test_play():
    assert ok("--play", "8C", "6D", "7H") == [
        "pile 8♣ 6♦ 7♥: count 21",
        "7♥ scores 3: run of 3 for 3",
    ]
    assert ok("--play", "5H", "TD") == ["pile 5♥ 10♦: count 15", "10♦ scores 2: fifteen for 2"]
    assert ok("--play", "5H", "TD", "5S")[-1] == "5♠ scores nothing"  # the 10 is between
    assert ok("--play", "KH", "KD", "KS", "AC")[-1] == "A♣ scores 2: thirty-one for 2"


def test_demo_runs_in_utf8_and_ascii():
    text = "\n".join(ok("--demo"))
    assert "total 29" in text and "and one for his nobs is 29" in text
    assert "nineteen: nothing to count" in text
    assert "pair royal for 6" in text
    ascii_text = "\n".join(ok("--demo", encoding="ascii"))
    assert "hand 5H 5C 5D JS, starter 5S" in ascii_text


def test_help():
    assert any("--jsonl" in line for line in ok("--help"))


def jsonl(*objects_or_lines):
    text = "\n".join(o if isinstance(o, str) else json.dumps(o) for o in objects_or_lines) + "\n"
    return ok("--jsonl", stdin=text)


def test_jsonl_show_and_pile():
    out = jsonl(
        {"hand": ["5S", "5C", "5D", "JH"], "starter": "5H", "crib": False},
        {"pile": ["8C", "6D", "7H"]},
    )
    assert out == [
        '{"total": 29, "fifteens": 16, "pairs": 12, "runs": 0, "flush": 0, "nobs": 1}',
        '{"points": 3, "count": 21}',
    ]


def test_jsonl_crib_claim_and_symbols():
    out = jsonl(
        {"hand": ["2♥", "4♥", "6♥", "8♥"], "starter": "K♠", "crib": True},
        {"hand": ["4C", "5S", "6D", "7C"], "starter": "5H", "claim": 12, "muggins": True},
        {"hand": ["4C", "5S", "6D", "7C"], "starter": "5H", "claim": 16},
    )
    assert json.loads(out[0])["total"] == 0
    claim = json.loads(out[1])
    assert list(claim) == [
        "total", "fifteens", "pairs", "runs", "flush", "nobs",
        "status", "difference", "muggins_points", "message",
    ]  # fmt: skip
    assert (claim["status"], claim["difference"], claim["muggins_points"]) == ("under", 2, 2)
    over = json.loads(out[2])
    assert (over["status"], over["difference"], over["muggins_points"]) == ("over", 2, 0)


@pytest.mark.parametrize(
    ("line", "error_part"),
    [
        ("nonsense", "not JSON"),
        ("[1, 2]", "JSON object"),
        ('{"hand": ["5S", "5C", "5D", "JH"], "starter": "5S"}', "5S is given twice"),
        ('{"hand": ["5S", "5X", "5D", "JH"], "starter": "5H"}', "'5X' is not a card"),
        ('{"hand": ["5S", "5C"], "starter": "5H"}', "not 2"),
        ('{"hand": ["5S", "5C", "5D"], "starter": "5H", "crib": true}', "crib has 4 cards"),
        ('{"hand": "5S 5C", "starter": "5H"}', "must be a list"),
        ('{"hand": ["5S", "5C", "5D", "JH"], "starter": 5}', "cards are text"),
        ('{"hand": ["5S", "5C", "5D", "JH"]}', "needs 'hand' and 'starter'"),
        ('{"hand": ["5S", "5C", "5D", "JH"], "starter": "5H", "crib": 1}', "true or false"),
        ('{"hand": ["5S", "5C", "5D", "JH"], "starter": "5H", "claim": -2}', "negative"),
        ('{"hand": ["5S", "5C", "5D", "JH"], "starter": "5H", "claim": "9"}', "whole number"),
        ('{"hand": ["5S", "5C", "5D", "JH"], "starter": "5H", "clam": 9}', "unknown key"),
        ('{"hand": ["5S", "5C", "5D", "JH"], "starter": "5H", "muggins": true}', "a 'claim'"),
        ('{"hand": ["5S", "5C", "5D", "JH"], "starter": "5H", "muggins": false}', "a 'claim'"),
        ('{"pile": ["KC", "KD", "KS", "5H"]}', "past 31"),
        ('{"pile": ["KC"], "crib": true}', "only the key 'pile'"),
        ('{"pile": []}', "no cards"),
    ],
)
def test_jsonl_bad_line_gives_an_error_and_the_rest_go_on(line, error_part):
    good = {"pile": ["5H", "TD"]}
    out = jsonl(good, line, good)
    assert len(out) == 3
    assert out[0] == out[2] == '{"points": 2, "count": 15}'
    error = json.loads(out[1])
    assert list(error) == ["error"] and error_part in error["error"], error


def test_jsonl_answers_blank_lines_so_answers_pair_with_lines():
    out = jsonl({"pile": ["5H"]}, "", "   ", {"pile": ["5H", "TD"]})
    assert len(out) == 4
    assert json.loads(out[0]) == {"points": 0, "count": 5}
    assert (
        json.loads(out[1])
        == json.loads(out[2])
        == {"error": "a blank line: each line must be a JSON object"}
    )
    assert json.loads(out[3]) == {"points": 2, "count": 15}
    p = run("--jsonl", stdin="\n\n")  # two lines in, two out
    assert p.returncode == 0 and len(p.stdout.decode().splitlines()) == 2


def test_jsonl_survives_bad_utf8():
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    p = subprocess.run(
        [sys.executable, COUNT, "--jsonl"],
        input=b'\xff\xfe\n{"pile": ["5H"]}\n',
        capture_output=True,
        env=env,
        timeout=60,
        check=False,
    )
    lines = p.stdout.decode().splitlines()
    assert p.returncode == 0 and json.loads(lines[0]) == {"error": "the line is not UTF-8 text"}
    assert json.loads(lines[1]) == {"points": 0, "count": 5}


@pytest.mark.parametrize(
    ("args", "error_part"),
    [
        ((), "give the cards"),
        (("5H", "5C"), "got 2 cards"),
        (("5H", "5C", "5D", "JS", "5S", "KD"), "got 6 cards"),
        (("5H", "5X", "5D", "JS", "5S"), "'5X' is not a card"),
        (("5H", "5C", "5D", "JS", "5h"), "5H is given twice"),
        (("--crib", "5H", "5C", "5D", "5S"), "the crib's 4 cards, then the starter: got 4"),
        (("--claim", "x", "5H", "5C", "5D", "JS", "5S"), "invalid int value"),
        (("--claim", "-3", "5H", "5C", "5D", "JS", "5S"), "negative"),
        (("--muggins", "5H", "5C", "5D", "JS", "5S"), "--muggins goes with --claim"),
        (("--play", "KH", "KD", "KS", "5C"), "past 31"),
        (("--play", "--say", "5H"), "--say goes with a hand"),
        (("--play", "--crib", "5H"), "--crib goes with a hand"),
        (("--play",), "--play needs the cards played so far, in order"),
        (("--five-card", "5H", "5C", "5D", "JS", "5S"), "3 kept cards, then the starter: got 5"),
        (("--five-card", "5H", "5C", "5D"), "3 kept cards, then the starter: got 3"),
        (("--play", "--five-card", "5H"), "--five-card goes with a hand"),
        (("--jsonl", "5H"), "takes no cards"),
        (("--jsonl", "--claim", "3"), "--claim goes with a hand"),
        (("--demo", "--play", "5H"), "only one of"),
        (("--demo", "5H"), "takes no cards"),
        (("--bogus",), "unrecognized arguments"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(args, error_part):
    p = run(*args, stdin="")
    assert p.returncode == 2
    assert p.stdout == b""
    err = p.stderr.decode()
    assert err.count("\n") == 1 and err.startswith("count.py: error: "), err
    assert error_part in err and "Traceback" not in err


def test_a_bad_card_message_lists_every_rank_spelling_that_is_accepted():
    # Every one- and two-character rank the engine takes (tried with each printable ASCII
    # character), and "10": each must be named in the message for a card it refuses.
    from cribbage import InvalidCardError, parse_card

    p = run("5H", "5X", "5D", "JS", "5S")
    err = p.stderr.decode()
    hint = err.split("is not a card: ", 1)[1]
    named = set(hint.replace(",", " ").replace("(", " ").replace(")", " ").split())
    accepted = set()
    chars = [chr(c) for c in range(33, 127)]
    for rank in chars + [a + b for a in "1T" for b in chars]:
        try:
            parse_card(rank + "H")
        except InvalidCardError:
            continue
        accepted.add(rank.upper())
    assert accepted == set("A123456789TJQK") | {"10"}
    for rank in sorted(accepted):
        assert rank in named or (rank in "23456789" and "2-9" in named), rank
    assert ok("1H", "2H", "3H", "4H", "5C")[0] == "hand A♥ 2♥ 3♥ 4♥, starter 5♣"  # 1: ace
