"""Count verify knows "another hand" by the keeper's revisions (keeper.game_rev, the game's
deals), not by holding the Game: a game that is replaced is not kept alive by the mode."""

import gc
import weakref

from modes.verify import Mode

from tools.board.memfs import MemFS
from tools.board.testkit import keeper


def test_the_game_revision_moves_with_a_new_game_not_with_its_entries():
    k = keeper(MemFS())
    first = k.game_rev
    k.peg(0, 2)
    k.undo()
    assert k.game_rev == first  # the same game: its entries do not make it another
    k.new_game()
    assert k.game_rev > first


def test_count_verify_keys_its_hand_on_revisions_and_lets_the_old_game_go():
    k = keeper(MemFS())
    mode = Mode(k)
    mode.enter(0)
    old = weakref.ref(k.game)
    assert mode.cards.deal == (k.game_rev, k.game.deals)
    mode.cards.claim.push(1)  # a claim typed in the old game ...
    k.new_game()
    gc.collect()
    assert old() is None  # nothing holds the replaced game, the mode included
    mode.enter(0)
    assert mode.cards.deal == (k.game_rev, k.game.deals)  # another hand ...
    assert mode.cards.claim.digits == 0  # ... and nothing typed for it
