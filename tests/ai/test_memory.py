"""Card memory: what the table has shown, and nothing else."""

from engine.ai.memory import CardMemory
from engine.cards import Card


def test_unseen_is_two_decks_less_hand_played_and_own_kitty(make_view, record):
    view = make_view(
        "SA SK",
        dealer=0,
        kitty="C3 C4 C6 C7 C8 C9 D3 D4",
        tricks=[record(0, (0, "HA"), (1, "H3"), (2, "H4"), (3, "H5"))],
        cards_left=(2, 2, 2, 2),
    )
    memory = CardMemory.from_view(view)
    assert sum(memory.unseen.values()) == 108 - 2 - 4 - 8
    assert memory.unseen[Card("HA")] == 1
    assert memory.unseen[Card("SA")] == 1
    assert memory.unseen[Card("C3")] == 1


def test_not_following_suit_reveals_a_void(make_view, record):
    view = make_view("D3", tricks=[record(2, (1, "HA"), (2, "S3"), (3, "H4"), (0, "H5"))])
    memory = CardMemory.from_view(view)
    assert memory.void[2] == {"H"}
    assert memory.void[3] == set() and memory.void[1] == set()


def test_following_a_pair_with_two_singles_reveals_no_pair(make_view, record):
    view = make_view("D3", tricks=[record(1, (1, "D9 D9"), (2, "D3 D4"), (3, "DK DK"), (0, "D5 D6"))])
    memory = CardMemory.from_view(view)
    assert "D" in memory.no_pair[2]
    assert "D" not in memory.no_pair[3]
    assert memory.void[2] == set()


def test_a_failed_throw_shows_the_cards_taken_back(make_view, record):
    view = make_view(
        "D3",
        tricks=[record(2, (1, "HK"), (2, "HA"), (3, "H4"), (0, "H5"), attempted="HK HQ HQ")],
    )
    memory = CardMemory.from_view(view)
    assert memory.known[1] == {Card("HQ"): 2}


def test_cards_known_are_forgotten_once_played(make_view, record):
    view = make_view(
        "D3",
        tricks=[
            record(2, (1, "HK"), (2, "HA"), (3, "H4"), (0, "H5"), attempted="HK HQ HQ"),
            record(1, (1, "HQ HQ"), (2, "H3 H6"), (3, "H7 H8"), (0, "D4 D5")),
        ],
    )
    memory = CardMemory.from_view(view)
    assert not memory.known[1]
    assert "H" in memory.void[0]


def test_void_probability_is_exact_when_known(make_view, record):
    view = make_view(
        "D3", tricks=[record(2, (1, "HA"), (2, "S3"), (3, "H4"), (0, "H5"))], cards_left=(20, 20, 20, 20)
    )
    memory = CardMemory.from_view(view)
    assert memory.p_void(2, "H") == 1.0
    assert 0.0 < memory.p_void(3, "H") < 0.1
