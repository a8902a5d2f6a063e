# upy: run  (this file also runs under the MicroPython unix port: plain asserts, no pytest)
"""Card parsing, formatting, rank and value."""

from cribbage import (
    DuplicateCardError,
    InvalidCardError,
    card_name,
    format_card,
    make_card,
    parse_card,
    parse_cards,
    rank,
    suit,
    value,
)
from support import raises


def test_parse_every_spelling_of_ten_of_diamonds():
    expected = make_card(10, 1)
    for text in ("TD", "10D", "td", "10d", "T♦", "10♦", " 10D "):
        assert parse_card(text) == expected, text


def test_parse_faces_aces_and_symbols():
    assert rank(parse_card("JS")) == 11 and suit(parse_card("JS")) == 3
    assert rank(parse_card("qh")) == 12 and suit(parse_card("qh")) == 2
    assert rank(parse_card("K♣")) == 13 and suit(parse_card("K♣")) == 0
    assert rank(parse_card("A♥")) == 1 and suit(parse_card("A♥")) == 2
    assert parse_card("1H") == parse_card("AH")


def test_values_for_fifteens_and_ranks_for_runs():
    # A=1, face value, J/Q/K=10 for counting; rank keeps J, Q, K apart.
    assert [value(parse_card(t)) for t in ("AC", "5C", "9C", "TC", "JC", "QC", "KC")] == [
        1, 5, 9, 10, 10, 10, 10,
    ]  # fmt: skip
    assert [rank(parse_card(t)) for t in ("TC", "JC", "QC", "KC")] == [10, 11, 12, 13]


def test_round_trip_all_52():
    seen = set()
    for c in range(52):
        text = format_card(c)
        assert parse_card(text) == c
        assert parse_card(format_card(c, symbols=True)) == c
        seen.add(text)
    assert len(seen) == 52
    assert format_card(parse_card("TD")) == "10D"
    assert format_card(parse_card("5h"), symbols=True) == "5♥"
    assert card_name("QS") == "queen of spades"


def test_malformed_cards_are_errors_naming_the_card():
    for bad in ("", "5", "5X", "ZH", "11H", "0S", "HH", "5HH", "KK", "14C"):
        e = raises(InvalidCardError, parse_card, bad)
        assert "'{}'".format(bad) in str(e), str(e)
    raises(InvalidCardError, parse_card, 52)
    raises(InvalidCardError, parse_card, -1)
    raises(InvalidCardError, parse_card, None)
    raises(InvalidCardError, make_card, 14, 0)
    raises(InvalidCardError, make_card, 1, 4)


def test_duplicate_card_is_an_error_naming_it():
    e = raises(DuplicateCardError, parse_cards, ["5H", "5C", "5h"])
    assert "5H" in str(e)
    assert e.card == "5H"
    # Errors are ValueErrors, so callers that only know Python's errors still catch them.
    assert isinstance(e, ValueError)


def test_parse_cards_accepts_a_string():
    assert parse_cards("5H 5C, JS") == [parse_card("5H"), parse_card("5C"), parse_card("JS")]


def test_a_text_parsed_again_gives_the_same_card():
    # Texts are remembered once parsed (cards.py); the second look must agree, spaces or not.
    for text, card in (("5H", 30), ("5h", 30), ("10D", 22), ("td", 22), ("A♠", 39), (" 5H ", 30)):
        assert parse_card(text) == card and parse_card(text) == card, text
    for _ in range(2):
        raises(InvalidCardError, parse_card, "5X")
        raises(InvalidCardError, parse_card, "")
    assert parse_cards(["5H", "JD"]) == parse_cards("5h jd") == [30, 23]
    raises(DuplicateCardError, parse_cards, ["5H", "5h"])
