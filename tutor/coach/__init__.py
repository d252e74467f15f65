"""The coach of a practice hand: every sentence a checked claim.

The coach asks the engine and puts its answers into words; it never judges a play
itself.  Each sentence it shows is a ``Said``: a message with the claims it states
(``engine.claims``), shown only when every claim holds for the learner's view.
Pure Python (no pygame), so the table scene, the review and the tests share it.

By job:

- ``naming``: cards, suits and seats in words;
- ``said``: the sentence type, checking and the plural forms;
- ``claims``: the coach's reading of a position (what it can say about a play);
- ``hintline``: the line above the hand, from the engine's follow ladder;
- ``refusals``: why a play or a card is refused;
- ``reasons``: one entry per AI reason code, with its principle;
- ``ladder``: the hint ladder (principle → focus → suggestion → answer);
- ``narration``: one sentence the first time each thing happens;
- ``review``: notes on the plays that cost something;
- ``declaring``: declaring advice and the hint line while cards are dealt;
- ``advice``: burying advice, tips;
- ``transcript``: ``python -m tutor.coach transcript`` for reviewers and tests.
"""

from .advice import (
    ACE_TIP,
    FEED_TIP,
    PAIR_TIP,
    THROW_TIP,
    TRUMP_PAIR_TIP,
    TRUMPS_TIP,
    bury_advice,
    bury_line,
    bury_suggestion,
    goes_against,
    play_tips,
    tip,
)
from .claims import position
from .declaring import declare_advice, declare_line
from .hintline import hint_line, hint_sentences
from .ladder import ANSWER, FOCUS, PRINCIPLE, SUGGESTION, Advisor, HintLadder, HintStep
from .naming import cards_label, lesson_label, seat_label, seat_name, suit_label, then, trick_line
from .narration import Narrator
from .reasons import PRINCIPLES, REASONS, principle, why
from .refusals import FULL, Refusal, blocked, blocked_sentences, refusal, refusal_sentences
from .review import LearnerPlay, ReviewNote, review
from .said import Said, checked, joined, keep

__all__ = [
    "ANSWER", "FOCUS", "PRINCIPLE", "SUGGESTION", "Advisor", "HintLadder", "HintStep",
    "FULL", "Refusal", "blocked", "blocked_sentences", "refusal", "refusal_sentences",
    "LearnerPlay", "ReviewNote", "review", "Narrator", "PRINCIPLES", "REASONS", "principle",
    "why", "Said", "checked", "joined", "keep", "bury_advice", "bury_line", "bury_suggestion",
    "declare_advice", "declare_line", "play_tips", "tip", "goes_against", "ACE_TIP", "FEED_TIP",
    "PAIR_TIP", "THROW_TIP", "TRUMP_PAIR_TIP", "TRUMPS_TIP", "position", "hint_line", "hint_sentences",
    "cards_label", "lesson_label", "seat_label", "seat_name", "suit_label", "then", "trick_line",
]
