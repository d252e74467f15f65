"""Teach before you test: the teaching-order check.

Lessons are read in the index's order, each step in turn, with two ledgers:

- **rule ideas** (``IDEAS``): a step's ``teaches`` adds to what has been taught; a
  task needs the ideas its rule finds in its position (``rules.task_needs``: a pair
  led needs ``follow_pair``, a ruff needs ``ruff``, equal cards need
  ``equal_first`` ...), the ideas its author lists in ``needs``, and ``star`` when its
  cards are drawn with the trump mark.  An idea needed before any earlier screen (or
  the same one) taught it is a problem.  Drills and quizzes are checked on a few of
  the positions they deal.
- **terms** (the glossary of ``reference.yaml``): a term's words (English and Chinese)
  may appear in a step's text only from the step that ``defines`` it on.

``problems()`` returns both kinds as ``Problem``s; the goal, checked by the tests and
by ``python -m tutor.lessons check``, is none.  The Chinese wording rule is checked
here too: 副 is said only of side suits (副牌) and of decks (两副扑克), never of a deal.
"""

from __future__ import annotations

import re
from typing import Iterable, Iterator

from engine import Rules

from .. import seats
from .drills import generate
from .feedback import tr
from .ideas import shows_trumps
from .model import Lesson, Problem, context_for
from .reference import Reference
from .rules import task_needs
from .session import header
from .steps import Drill, Narration, Quiz, Step, Task, board_cards, button_words

IDEAS: dict[str, str] = {
    "teams": "partners sit opposite each other",
    "turn": "play goes counter-clockwise; your 下家 plays after you",
    "deck": "two decks, 108 cards, 25 each, 8 in the kitty",
    "trick": "a trick: the leader plays, each other player plays as many cards",
    "follow_suit": "while you hold the suit led, you must play it",
    "highest_wins": "the highest card of the suit led wins; the winner leads next",
    "levels": "each team has a level; the hand is played at the dealers' level",
    "points": "5s are worth 5, 10s and kings 10; 200 in all",
    "dealers": "dealers and attackers; only the attackers score",
    "take_over": "80 points: the attackers take over; from 120 they climb",
    "level_card": "every card of the level rank is a level card",
    "trumps": "trumps: jokers, level cards, the trump suit; any trump beats any other card",
    "star": "trumps carry a ★ and sit at the left of the hand",
    "trump_order": "big joker > little joker > trump level card > other level cards > trump suit",
    "equal_first": "of equal cards the one played first wins",
    "level_card_suit": "a level card is a trump, not a card of its printed suit",
    "follow_trump": "when trumps are led, follow with trumps (level cards and jokers too)",
    "no_trump": "no-trump: only jokers and level cards are trumps",
    "side_order": "side suits run A to 2 skipping the level rank",
    "constant_twos": "the constant-twos option",
    "declare": "showing a level card during the deal names trumps",
    "override": "a stronger declaration overrides (pair > single, joker pair > level pair)",
    "reinforce": "adding the identical second card to your own single",
    "joker_declare": "a joker pair declares no-trump",
    "first_dealer": "in the first hand the last declarer deals",
    "pair": "a pair is two identical cards",
    "follow_pair": "a pair led: answer with a pair of that suit if you hold one",
    "pair_beats": "only a pair beats a pair",
    "leading": "what to lead: cards that win, or that set up your partner",
    "top_cards": "remember which top cards are out",
    "tractor": "a tractor: adjacent pairs of one suit",
    "level_skip": "the level rank is skipped: its neighbours become adjacent",
    "trump_tractor": "tractors among the trumps",
    "follow_tractor": "a tractor led: a tractor if you hold one, else pairs, then singles",
    "tractor_beats": "only a tractor of the same length beats a tractor",
    "void": "out of the suit led: play anything",
    "ruff": "a trump play on a side-suit lead beats it",
    "ruff_shape": "a ruff must match the lead's shape (pairs, tractors)",
    "overruff": "a higher ruff beats a ruff",
    "discard": "cards that neither follow nor ruff cannot win",
    "feeding": "give points to a trick your side wins",
    "saving": "keep points from a trick the opponents win",
    "throw": "a throw: several parts of one suit led together; it stands if no part can be beaten",
    "throw_fail": "a failed throw plays its lowest beaten part",
    "throw_penalty": "the throw-penalty option: a failed throw costs points",
    "follow_throw": "following a throw part by part",
    "kitty": "the dealer takes the kitty and buries 8 cards",
    "bury": "bury no points and no trumps",
    "kitty_multiplier": "attackers winning the last trick multiply the kitty's points",
    "kitty_options": "the kitty-multiplier options: by pairs, powers of 2",
    "counting": "count the attackers' points as tricks fall",
    "level_table": "the full level table",
    "next_dealer": "who deals next",
    "match": "the first team past the ace wins the match",
    "must_defend_a": "the must-defend-A option: levels stop at A; holding there wins",
    "self_override": "the override-yourself option",
    "no_bid": "the option for a first hand nobody declares in: deal again or flip the kitty",
    "one_deck": "one deck (40 分): 54 cards, 12 each, 6 in the kitty, 100 points; singles only",
    "three_decks": "three decks (泰坦尼克): 162 cards, 39 each, 6 in the kitty, 300 points",
    "four_decks": "four decks: 216 cards, 54 each, no kitty, 400 points",
    "bands": "the result bands scale with the points in the deck (steps of 20, 60, 80)",
    "triple": "a triple (三同张): three identical cards; only a triple beats a triple",
    "quad": "a quad (四张): four identical cards",
    "titanic": "泰坦尼克: two or more adjacent triples of one suit",
    "quad_tractor": "a tractor of quads",
    "follow_triple": "a triple led: a triple, else a pair and a single, else singles",
    "follow_titanic": "a 泰坦尼克 led: 泰坦尼克, else a tractor of pairs, else two triples, ...",
    "wide_beats": "four decks: a tractor of wider sets with as many cards wins; a quad takes two adjacent pairs",
    "grab_declare": "three decks (抢亮): single < pair < two jokers < three level cards < three jokers",
    "hidden_call": "four decks (暗叫): trumps are called face down; one more card overrides; no joker calls",
    "power_multiplier": "three decks: the last trick multiplies by 2 to the cards of its largest part",
    "kou_di": "four decks: the last trick's 扣底 (no kitty)",
}
"""Every rule idea a lesson can teach or need, with what it means."""

SAMPLES = 4
"""Positions dealt per drill or quiz generator when checking what they need."""


def needs(step: Step, rules: Rules) -> set[str]:
    """The ideas a step needs: its rule's, its author's, and the ★ when it draws one."""
    found = set(step.needs)
    ctx = context_for(step, rules)
    if getattr(step, "position", None) is not None and step.sort != "printed" and shows_trumps(board_cards(step), ctx):
        found.add("star")
    if isinstance(step, Task):
        found |= task_needs(step, ctx)
    return found


def _positions(step: Step, rules: Rules) -> Iterator[Step]:
    """The step itself, or positions a drill or quiz deals."""
    if isinstance(step, Drill):
        yield from (generate(step.generator, seed, rules) for seed in range(SAMPLES))
    elif isinstance(step, Quiz):
        yield from (generate(name, seed, rules) for name in step.pool for seed in range(SAMPLES))
    else:
        yield step


SEAT_FIELDS = ("table", "trick", "tricks", "others", "shown", "declarations")
"""A step with any of these draws seat labels (对家, 上家, 下家 in Chinese) beside cards."""


def _texts(step: Step, position: Step, trumps_known: bool, rules: Rules) -> Iterable[str]:
    """What a step shows in words: its texts, its caption, the seat labels it draws,
    the header over the position (``position``: the step, or a position a drill deals),
    its texts, and the words on its buttons."""
    yield from step.texts()
    if position is not step:
        yield from position.texts()
    if isinstance(step, Narration) and step.caption:
        yield step.caption
    if any(getattr(position, name, None) for name in SEAT_FIELDS):
        yield from seats.LABELS
    line = header(position, trumps_known)
    if line is not None:
        yield line
    yield from button_words(position, rules)


PRINTED_TASKS = ("all_trumps", "is_trump")
"""Tasks that ask which cards are trumps: their cards are shown by printed suit, no ★."""


def star_problem(step: Step) -> str | None:
    """From the screen that teaches ★ on, cards with a position are drawn with ★ and
    sorted trumps first, unless finding the trumps is the task."""
    if step.sort != "printed" or getattr(step, "position", None) is None or not board_cards(step):
        return None
    if getattr(step, "answer", None) in PRINTED_TASKS:
        return None
    return "shows cards by printed suit, without ★, after the screen that says trumps carry ★"


def _uses(text: str, word: str) -> bool:
    if re.search("[\u4e00-\u9fff★]", word):
        return word in text
    return re.search(r"\b" + re.escape(word), text, re.IGNORECASE) is not None


DECKS = re.compile("[两一三四]副扑克")
NOT_SIDE = re.compile("[这本那上下每首该此一二三四几整第]副|两副(?!花色)|副(?!牌|级牌|花色)")
"""副 as a measure word (下一副, 这副牌, 两副牌) or alone: a deal or a deck, never a side suit
(副牌, 副花色: 两门副花色 is two side suits)."""


def wording_problems(text: str) -> list[str]:
    """Chinese wording rules: 副 only for side suits (副牌, 副级牌, 副花色) and decks (两副扑克).

    Checked on every lesson screen here and on the whole catalog by the tests."""
    rest = DECKS.sub("", text)
    return ["“副” is said only of side suits (副牌) and decks (两副扑克); a deal is 一局"] if NOT_SIDE.search(rest) else []


def problems(lessons: Iterable[Lesson], reference: Reference | None, rules: Rules | None = None) -> list[Problem]:
    """Ideas needed before they are taught, and terms used before they are defined."""
    from tutor import i18n

    rules = rules or Rules()
    zh = i18n.load_translations("zh_CN")
    english = i18n.load_translations("en")
    taught: set[str] = set()
    defined: set[str] = set()
    terms = reference.glossary if reference is not None else ()
    found: list[Problem] = []
    for lesson in lessons:
        for step in lesson.steps_for(rules):
            where = f"steps[{lesson.steps.index(step)}]"

            def report(message: str) -> None:
                found.append(Problem(lesson.path, step.line, where, message))

            if isinstance(lesson, Lesson) and isinstance(step, Narration) and not step.heading:
                report("a narration needs a heading: the screen's title line")
            for idea in (*step.teaches, *step.needs):
                if idea not in IDEAS:
                    report(f"unknown rule idea {idea!r}")
            taught |= set(step.teaches)
            defined |= set(step.defines)
            for term_id in step.defines:
                if reference is not None and reference.term(term_id) is None:
                    report(f"defines {term_id!r}, which the glossary does not list")
            wanted: set[str] = set()
            shown: list[str] = []
            for position in _positions(step, rules):
                wanted |= needs(position, rules)
                shown.extend(t for t in _texts(step, position, "trumps" in taught, rules) if t not in shown)
                if "star" in taught and "star" not in step.teaches and (problem := star_problem(position)):
                    if problem not in [p.message for p in found if p.line == step.line]:
                        report(problem)
            for idea in sorted(wanted - taught):
                if idea in IDEAS:
                    report(f"needs the rule “{IDEAS[idea]}” ({idea}) before any screen teaches it")
            for text in shown:
                chinese = tr(text, zh)
                text = tr(text, english)
                for problem in wording_problems(chinese):
                    report(problem)
                for term in terms:
                    if term.id in defined:
                        continue
                    used = [w for w in term.words("en") if _uses(text, w)] + \
                        [w for w in term.words("zh_CN") if _uses(chinese, w)]
                    if used:
                        report(f"uses {used[0]!r} before the glossary term {term.id!r} is defined")
    return found
