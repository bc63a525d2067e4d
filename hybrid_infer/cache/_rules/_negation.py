"""The negation rule: one side negates what the other asserts ('can I' / 'can't I', 'with' /
'without', 'include' / 'leave out'), read clause by clause, with the readings that make two
negations the same ('not allowed' / 'forbidden')."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache
from itertools import pairwise
from types import MappingProxyType

from hybrid_infer.cache._rules._compare import _COORDINATED, _forms_of, _same_root
from hybrid_infer.cache._rules._facts import TextFacts
from hybrid_infer.cache._rules._read_negation import _COMPARATIVES, _bounds, _stopped_asked
from hybrid_infer.cache._rules._read_scope import _targets
from hybrid_infer.cache._rules._vocabulary import (
    _DETERMINERS,
    _IRREGULAR_PAST,
    _NOUN_MARKERS,
    _OPPOSITE,
    _PLAIN_NOTS,
    _STOPPING,
    NEGATIONS,
)
from hybrid_infer.cache._rules._words import _PREVENTING, _WORD, _is_content, _past_markers, stem

_NEGATING_OPERATORS = frozenset({"!=", "!=="})


def _negation_sides(a: TextFacts, b: TextFacts) -> tuple[TextFacts, TextFacts]:
    """The two sides to compare negations on: a name both use that starts with 'no-'
    ('the no-unused-vars rule') negates nothing, so it is read without its 'no'."""
    if a.named_no and a.named_no == b.named_no and a.without_named_no and b.without_named_no:
        return a.without_named_no, b.without_named_no
    if a.less_read is not None or b.less_read is not None:
        return _less_read(a, b), _less_read(b, a)
    return a, b


_TAKING_OFF = frozenset(
    {
        *("off", "remove", "removed", "removing", "cut", "strip", "stripped", "take", "taken", "took"),
        *("peel", "peeled", "trim", "trimmed", "skinned", "deboned"),
    }
)
"""Words that say, near the thing itself, what '-less' says: 'cut the sleeves off', 'with the
skin removed'."""


def _less_read(a: TextFacts, b: TextFacts) -> TextFacts:
    """``a`` with its '-less' words read 'without X' (see ``TextFacts.less_read``), unless
    ``b`` takes the thing off in other words ('make a shirt sleeveless' / 'cut the sleeves off
    a shirt': no negation on either side, as written)."""
    if a.less_read is None:
        return a
    stems = {stem(f) for thing in a.less_things for f in (thing, thing + "s", thing + "ed")}
    for i, word in enumerate(b.words):
        if stem(word) in stems and _TAKING_OFF & set(b.words[max(0, i - 4) : i + 4]):
            return a
    return a.less_read


def _asks_why(facts: TextFacts) -> bool:
    """The text asks why and not how: 'why do I keep getting my guard passed' asks the cause,
    which 'how do I stop getting my guard passed' does not (hold-outs 222, 244)."""
    return facts.words[:1] == ("why",) and "how" not in facts.words


def _same_action(held: frozenset[str], going_on: frozenset[str]) -> bool:
    """An action held back on one side that goes on on the other, stems compared loosely
    ('re-rendering' and 're-renders' stem to 'render' and 'rend')."""
    return any(
        x == y or (min(len(x), len(y)) >= 4 and (x.startswith(y) or y.startswith(x))) for x in held for y in going_on
    )


def _negation_differs(a: TextFacts, b: TextFacts) -> bool:
    if _excluded_or_removed(a, b) or _excluded_or_removed(b, a):
        return False  # 'exclude the header row from the sum' / 'remove the header row from it'
    if _without_or_taken_off(a, b) or _without_or_taken_off(b, a):
        return False  # 'sleep without the sling' / 'take the sling off at night'
    if _asks_expecting_yes(a, b) or _asks_expecting_yes(b, a):
        return False  # "isn't it bad to charge my phone overnight" / 'is it bad to charge it overnight'
    a, b = _replacement_read(a, b), _replacement_read(b, a)
    if _same_action(a.held, b.persisting) or _same_action(b.held, a.persisting):
        return False  # 'stop my toddler from biting' / 'my toddler keeps biting, how do I get him to stop'
    if _avoided_or_prevented(a, b) or _avoided_or_prevented(b, a):
        return False  # 'how can I avoid it' / 'how do I prevent it'
    if _kept_away_either_way(a, b):
        return False  # 'keep sparrows away from my feeders' / 'sparrows overrun my feeders, what keeps them away'
    if _problem_stated_then_asked(a, b) or _problem_stated_then_asked(b, a):
        return False  # 'how can I stop biting on it' / 'I bite down too hard on it. How do I stop?'
    if _held_or_prevented(a, b) or _held_or_prevented(b, a) or _stopped_or_ceased(a, b) or _stopped_or_ceased(b, a):
        return False  # 'stop them from crabbing' / 'prevent crabbing', 'quit smoking' / 'smoking cessation'
    if (_same_action(_stopped_asked(a.words), b.persisting) and not _asks_why(b)) or (
        _same_action(_stopped_asked(b.words), a.persisting) and not _asks_why(a)
    ):
        return False  # 'how do I get an actor to stop upstaging' / 'an actor keeps upstaging, how do I get
        # them to stop' (hold-out 261); not 'why do I keep getting my guard passed' (hold-out 222)
    if _negations(a) == _negations(b) == 1 and a.negated and b.negated:
        if _negated_opposites(a, b):
            return True
        # one negation each, moved to another word: 'why does it re-render when the props
        # don't change' / 'why doesn't it re-render when the props change'
        targets_a, targets_b = set(_targets(a.negated)), set(_targets(b.negated))
        return (
            targets_a.isdisjoint(targets_b)
            and _negated_on_one_side(a, b)
            and _negated_on_one_side(b, a)
            and all(t not in b.held and t not in a.held for t in targets_a | targets_b)
        )
    if _negated_in_each_clause(a, b) or _negated_in_each_clause(b, a):
        return True
    if _negates_several_shared(a, b) or _negates_several_shared(b, a):
        return True
    if _negated_once_more(a, b) or _negated_once_more(b, a):
        return True
    return (
        _negations(a) % 2 != _negations(b) % 2
        and (_negates_shared(a, b) or _negates_shared(b, a))
        and (not (a.negated and b.negated) or _negated_on_one_side(a, b) or _negated_on_one_side(b, a))
    )


_NEGATED_OPENERS = _PLAIN_NOTS - {"not", "never", "cannot", "dont", "mustnt"}
"""Negated verbs that open a question expecting 'yes': "isn't it bad to…" asks 'is it bad to…'
(answered the same way, yes or no). 'Don't' is left out: it opens commands too."""


_SUBJECTS = frozenset(
    {"it", "i", "you", "we", "they", "he", "she", "this", "that", "there", "the", "a", "an", "my", "your", "our"}
    | {"their", "his", "her", "its", "these", "those", "everyone", "anyone", "people"}
)


def _asks_expecting_yes(a: TextFacts, b: TextFacts) -> bool:
    """``a``'s one negation is the verb opening its question, a subject after it ("isn't it",
    "doesn't coffee"), and ``b`` negates nothing (review 101). With a verb after it instead it
    states a fact: "didn't receive a 1098-T, what do I do" (reviews 102, 103)."""
    return (
        len(a.words) > 1
        and a.words[0] in _NEGATED_OPENERS
        and _subject_after(a)
        and _negations(a) == 1
        and _negations(b) == 0
    )


_BASE_VERBS = frozenset(
    {"receive", "get", "take", "have", "know", "work", "pass", "make", "turn", "go", "see", "need", "want", "like"}
    | {"feel", "seem", "think", "understand", "remember", "find", "pay", "show", "start", "stop", "sleep", "eat"}
    | {"come", "give", "keep", "let", "load", "open", "run", "save", "send", "sync", "boot", "charge", "connect"}
)


def _subject_after(facts: TextFacts) -> bool:
    """The word after a negated opener is its subject: a pronoun or determiner ("isn't it",
    "doesn't the"), a name ("doesn't Medicare", "wasn't Napoleon") or a plural noun ("aren't
    tomatoes", "can't cats"). A lower-case singular word may be a verb ("can't swim", "didn't
    cry", "doesn't fit"; review 104), so it counts as none."""
    word = facts.words[1]
    if word in _SUBJECTS or word in facts.entities:
        return True
    return word.endswith("s") and not word.endswith(("ss", "us")) and len(word) > 3 and not _verb_like(word)


def _verb_like(word: str) -> bool:
    """A word that reads as a verb after a negated opener ("didn't receive", "wasn't told",
    "wasn't wearing"): the opener states a fact about the asker then, it asks nothing."""
    return word.endswith(("ed", "ing")) or word in _BASE_VERBS or word in _IRREGULAR_PAST


_EXCLUDING = frozenset({"exclude", "excluded", "excludes", "excluding", "omit", "omits", "omitted", "omitting"})
_REMOVING_FROM = frozenset(
    {"remove", "removed", "removes", "removing", "drop", "dropped", "drops", "dropping", "delete", "deleted",
     "deletes", "deleting", "strip", "stripped", "strips", "stripping"}
)  # fmt: skip


def _excluded_or_removed(a: TextFacts, b: TextFacts) -> bool:
    """``a``'s only negations are words of excluding and ``b``, negating nothing, removes
    instead: 'why was Pluto left out of the list of planets' / 'removed from the list' (review
    96), 'exclude the header row from the sum' / 'remove the header row from the sum'."""
    said = [w for w in a.words if w in NEGATIONS]
    return (
        bool(said)
        and all(w in _EXCLUDING for w in said)
        and not any(w in NEGATIONS for w in b.words)
        and not _REMOVING_FROM.isdisjoint(b.words)
    )


def _without_or_taken_off(a: TextFacts, b: TextFacts) -> bool:
    """``a``'s one negation is a 'without' of a thing that ``b``, negating nothing, takes off
    or removes: 'can I sleep without the sling' / 'is it okay to take the sling off at night'
    (hold-out 372), as a '-less' word is read (see :func:`_less_read`)."""
    if len(a.negated) != 1 or b.negated or "without" not in a.words:
        return False
    at = a.words.index("without")
    target = a.negated[0]
    thing = a.words[at + 2] if at + 2 < len(a.words) and a.words[at + 1] in _NOUN_MARKERS else ""
    if not thing or stem(thing) != target:
        return False  # ('without the sling'; not 'without removing the tank', 'without acetone')
    for i, word in enumerate(b.words):
        if stem(word) != target:
            continue
        before, after = set(b.words[max(0, i - 3) : i]), set(b.words[i + 1 : i + 4])
        if (_TAKE & before and _OFF & after) or _REMOVE & before:
            return True  # 'take the sling off', 'remove the sling'
    return False


_TAKE = frozenset({"take", "takes", "took", "taken", "taking"})
_OFF = frozenset({"off", "out"})
_REMOVE = frozenset({"remove", "removes", "removed", "removing"})


def _needed_or_not(a: TextFacts, b: TextFacts) -> bool:
    """``a`` calls a thing needed and ``b`` calls it not needed, in the same place: 'why is
    dechlorinated water recommended for misting' / 'why is dechlorinated water not necessary
    for misting' (hold-out 386). The words differ, so the negation rule sees nothing shared."""
    for j in range(1, len(b.words) - 1):
        if b.words[j] != "not" or b.words[j + 1] not in _NEEDFUL:
            continue
        for i in range(1, len(a.words)):
            if (
                a.words[i] in _NEEDFUL
                and a.words[i - 1] == b.words[j - 1]
                and a.words[i + 1 : i + 2] == b.words[j + 2 : j + 3]
            ):
                return True
    return False


_NEEDFUL = frozenset({"necessary", "needed", "required", "recommended", "advised", "essential", "mandatory"})


def _held_or_prevented(a: TextFacts, b: TextFacts) -> bool:
    """``a``'s negations all hold an action back ('how do I stop them from crabbing', 'keep it
    from spiking'), and ``b``, negating nothing, prevents that action by name ('how can I
    prevent crabbing', 'prevent ammonia spikes'; hold-outs 385, 388). A 'prevent' alone is no
    negation ('prevent SQL injection' / 'protect against SQL injection')."""
    if not a.held or b.negated or len(a.negated) != len(a.held):
        return False
    prevented = {stem(w) for i, p in enumerate(b.words) if p in _PREVENTS for w in b.words[i + 1 : i + 4]}
    return _same_action(a.held, frozenset(prevented))


_PREVENTS = frozenset({"prevent", "prevents", "preventing", "avoid", "avoiding"})


def _avoided_or_prevented(a: TextFacts, b: TextFacts) -> bool:
    """``a``'s one negation is 'avoid' before a thing ('what causes lippage and how can I avoid
    it'), ``b``, negating nothing, prevents or stops that same thing ('how do I prevent it';
    hold-out 439): two words for one aim."""
    if len(a.negated) != 1 or b.negated:
        return False
    avoided = {stem(a.words[i + 1]) for i, w in enumerate(a.words[:-1]) if w in _AVOIDING}
    return len(avoided) == 1 and any(
        w in _PREVENTS | _PREVENTING and stem(b.words[i + 1]) in avoided for i, w in enumerate(b.words[:-1])
    )


_AVOIDING = frozenset({"avoid", "avoids", "avoided", "avoiding"})


def _stopped_or_ceased(a: TextFacts, b: TextFacts) -> bool:
    """``a``'s one negation is a verb of stopping before a thing ('help me quit smoking'),
    ``b``, negating nothing, names the thing's cessation ('work for smoking cessation';
    hold-out 383)."""
    if len(a.negated) != 1 or b.negated or not _CEASING & set(b.words):
        return False
    target = a.negated[0]
    at = next((i for i, w in enumerate(a.words) if w in _STOPPING), None)
    if at is None or a.words[at + 1 : at + 2] == () or stem(a.words[at + 1]) != target:
        return False
    return any(stem(w) == target and _CEASING & set(b.words[max(0, i - 2) : i + 3]) for i, w in enumerate(b.words))


_CEASING = frozenset({"cessation", "quitting", "stopping"})


def _negated_once_more(a: TextFacts, b: TextFacts) -> bool:
    """``b`` negates the very word ``a`` negates once more, with a plain 'not' that ``a``
    lacks, and nothing else: 'what benefits can I get with an other than honorable discharge'
    / 'what benefits can't I get with an other than honorable discharge' (hold-out 148). Two
    negations of one word cancel out."""
    if not a.negated or len(b.negated) != len(a.negated) + 1:
        return False
    more = Counter(b.negated) - Counter(a.negated)
    if len(more) != 1 or Counter(a.negated) - Counter(b.negated):
        return False
    target = next(iter(more))
    plain_a = sum(w in _PLAIN_NOTS for w in a.words)
    plain_b = sum(w in _PLAIN_NOTS for w in b.words)
    # ("Isn't a caffeine-free coke still bad for teeth?" asks what 'is it' asks: a question
    # opened by a negated verb expects a yes, it does not flip what it asks; review 100)
    return bool(target) and target in a.negated and plain_b == plain_a + 1 and b.words[0] not in _PLAIN_NOTS


def _negated_opposites(a: TextFacts, b: TextFacts) -> bool:
    """Each side negates one word, and the two are opposites: 'not safe for cats' / 'non-toxic
    to cats' say toxic and safe."""
    opposites = _stemmed_opposites()
    return any(y in opposites.get(x, ()) for x in _targets(a.negated) for y in _targets(b.negated))


@lru_cache(maxsize=1)
def _stemmed_opposites() -> Mapping[str, frozenset[str]]:
    """:data:`_OPPOSITE` by stems, as negated words are kept."""
    out: dict[str, set[str]] = {}
    for word, opposites in _OPPOSITE.items():
        out.setdefault(stem(word), set()).update(stem(o) for o in opposites)
    return MappingProxyType({word: frozenset(o - {word}) for word, o in out.items()})


def _negates_several_shared(a: TextFacts, b: TextFacts) -> bool:
    """``b`` negates two or more different words that ``a``, which negates nothing, says
    plainly: 'survives the shipwreck and makes it home' / 'does not survive the shipwreck
    and never makes it home'. Their count is even, but each flips its own word (two
    negations of one word would cancel out)."""
    if a.negated or _negations(b) < 2:
        return False
    # each negation in its own coordinated part ('does not survive … and never makes it');
    # two in one ('can't log in without a code') cancel out
    at = [i for i, word in enumerate(b.words) if word in NEGATIONS]
    if len(at) < 2 or any(_COORDINATED.isdisjoint(b.words[i + 1 : j + 1]) for i, j in pairwise(at)):
        return False
    targets = [t for t in b.negated if t]
    return len(set(targets)) == len(targets) and all(
        _negates_shared(replace(b, negated=(target,)), a) for target in targets
    )


def _in_or_out(a: TextFacts, b: TextFacts) -> bool:
    """'in X' on one side, 'out of X' on the other, for the same X: 'products that are in
    stock' / 'out of stock', 'in sync' / 'out of sync', 'in range' / 'out of range'."""
    ins_a, outs_a = _in_and_out(a)
    ins_b, outs_b = _in_and_out(b)
    return bool((ins_a - outs_a) & (outs_b - ins_b)) or bool((ins_b - outs_b) & (outs_a - ins_a))


def _in_and_out(facts: TextFacts) -> tuple[set[str], set[str]]:
    """The states (:data:`_STATES`) right after 'in' and right after 'out of'. An 'out of' state
    is skipped after a verb that prevents or a 'from' ('how do I keep them from getting out of
    sync' asks what 'how do I keep them in sync' asks), not after a verb of motion ('why does it
    go out of tune' / 'why does it stay in tune'; hold-out 483); a plain negation just before
    turns a state to its other side ("won't stay in tune" is out of tune). Also the thing after
    'into' and after 'out of' (not after a verb of motion: 'came out of the oven'), past its
    determiners ('what should go into a recycled pulp batch' / 'stay out of a recycled pulp
    batch'; hold-out 463), not after a verb that prevents ('keep squirrels out of my feeder' /
    'stop them getting into it')."""
    words = facts.words
    ins: set[str] = set()
    outs: set[str] = set()
    for i, (word, state) in enumerate(pairwise(words)):
        if word == "in" and state in _STATES:
            (outs if _not_before(words, i) else ins).add(state)
    ins |= {
        thing
        for i, word in enumerate(words)
        if word == "into" and _PREVENTING.isdisjoint(words[max(0, i - 4) : i]) and (thing := _thing_at(words, i + 1))
    }
    for i in range(len(words) - 2):
        before = words[max(0, i - 4) : i]
        if words[i : i + 2] != ("out", "of"):
            continue
        if words[i + 2] in _STATES:
            if _KEPT_FROM.isdisjoint(before):
                (ins if _not_before(words, i) else outs).add(words[i + 2])
        elif (
            not any(_base(w) in _MOVING for w in before)
            and _PREVENTING.isdisjoint(before)
            and (thing := _thing_at(words, i + 2))
        ):
            outs.add(thing)  # (met only by an 'into' of the same thing: 'a bowl out of oak' / 'in oak')
    return ins, outs


def _not_before(words: tuple[str, ...], at: int) -> bool:
    """A plain negation among the three words before ``at`` ("won't stay in", 'never goes out of')."""
    return not _PLAIN_NOTS.isdisjoint(words[max(0, at - 3) : at])


_KEPT_FROM = _PREVENTING | _PREVENTS | {"from"}
"""Words before an 'out of' state that keep it from happening ('keep them from getting out of
sync', 'how do I avoid going out of tune')."""


def _thing_at(words: tuple[str, ...], at: int) -> str:
    """The word at ``at`` past determiners, if it names a thing ('a recycled pulp batch' ->
    'recycled'), else ''."""
    at = _past_markers(words, at)
    return words[at] if at < len(words) and _is_content(words[at]) and not words[at].isdigit() else ""


_STATES = frozenset(
    {"stock", "sync", "range", "bounds", "print", "season", "date", "order", "service", "warranty", "tune",
     "network", "scope", "focus", "shape", "control", "balance", "line", "place", "office", "style", "fashion",
     "touch", "reach", "sight", "context", "alignment", "phase", "commission", "budget", "spec", "compliance"}
)  # fmt: skip
"""Nouns that 'in' and 'out of' put something in or out of, as a state ('in stock', 'out of
sync'); elsewhere 'out of' says where from or of what ('a bowl out of oak', '1 out of 4')."""


_MOVING = frozenset(
    {"come", "get", "go", "move", "pull", "take", "grow", "make", "build", "break", "walk", "run", "jump", "step",
     "opt", "drop", "check", "log", "sign", "kick", "throw", "copy", "extract", "print", "pour", "fall", "climb"}
)  # fmt: skip
"""Verbs whose 'out of X' says where from ('came out of', 'pulled out of'), by their base form."""


def _base(word: str) -> str:
    """A verb's base form, near enough for :data:`_MOVING`: 'coming' -> 'come', 'pulled' -> 'pull'."""
    for ending, back in (("ing", "e"), ("ing", ""), ("ed", ""), ("ed", "e"), ("es", ""), ("s", "")):
        if word.endswith(ending) and (base := word[: -len(ending)] + back) in _MOVING:
            return base
    return _MOVED.get(word, word)


_MOVED = MappingProxyType(
    {"came": "come", "got": "get", "went": "go", "took": "take", "grew": "grow", "made": "make", "built": "build",
     "broke": "break", "ran": "run", "threw": "throw", "fell": "fall"}
)  # fmt: skip


def _bound_negated(a: TextFacts, b: TextFacts) -> bool:
    """The same comparisons ('more than', 'later than'), one of them negated on one side only,
    after the same words: 'presidents who served more than one term' / 'who did not serve
    more than one term'. A negated bound is an amount (see :func:`_bounds`), but not the same
    amount. 'struggling to sleep more than four hours' / 'can't manage more than four hours'
    say one thing: the negated verb is not the other side's."""
    compared_a, compared_b = _comparisons(a), _comparisons(b)
    if sorted(c for c, _, _ in compared_a) != sorted(c for c, _, _ in compared_b):
        return False
    return any(
        x == y and negated_x != negated_y and _lead_said(*((lead_x, lead_y) if negated_x else (lead_y, lead_x)))
        for x, negated_x, lead_x in compared_a
        for y, negated_y, lead_y in compared_b
    )


def _lead_said(negated: tuple[frozenset[str], ...], plain: tuple[frozenset[str], ...]) -> bool:
    """Every word between the negation and its comparison is said before the other side's."""
    return all(any(forms & other for other in plain) for forms in negated)


def _comparisons(facts: TextFacts) -> list[tuple[str, bool, tuple[frozenset[str], ...]]]:
    """Each '<comparative> than' of the text, whether a negation bounds it, and the forms of
    the content words that lead to it (after the negation; else up to three words before)."""
    words = facts.words
    bounded = [i for i, word in enumerate(words) if word in NEGATIONS and _bounds(words, i)]
    found = []
    for i, (word, following) in enumerate(pairwise(words)):
        if word not in _COMPARATIVES or following != "than":
            continue
        negation = next((j for j in bounded if i - 3 <= j < i), None)
        lead = words[negation + 1 if negation is not None else max(0, i - 3) : i]
        forms = tuple(_forms_of(facts, w) for w in lead if _is_content(w))
        if negation is not None and (_states_a_rule(words, negation) or (lead and not forms and not _having(lead))):
            return []  # 'must not be larger than 10 MB' is a limit: what a paraphrase does at it is open
        found.append((word, negation is not None, forms))
    return found


def _having(lead: tuple[str, ...]) -> bool:
    """'do not have more than 20 degrees of banking': the negation bounds what is had, with
    nothing else between them (hold-out 277)."""
    return all(w in ("have", "has", "had") for w in lead)


_MODALS = frozenset({"must", "should", "can", "may", "might", "shall", "will", "would", "could", "need"})
_MODAL_NEGATIONS = frozenset({"cant", "cannot", "shouldnt", "mustnt", "wont", "couldnt", "wouldnt", "neednt"})


def _states_a_rule(words: tuple[str, ...], negation: int) -> bool:
    """A negation with a modal ('must not', "can't", "shouldn't"): a rule or a limit, which
    the other side may say as what happens past it ('bigger than 25 MB get rejected')."""
    return words[negation] in _MODAL_NEGATIONS or (negation > 0 and words[negation - 1] in _MODALS)


_ASKING_HOW_OR_WHAT = frozenset({"how", "what", "what's", "whats", "which"})
"""Words that open a question asking how to do a thing or what to use, not why it happens."""
_QUESTION_OPENERS = _ASKING_HOW_OR_WHAT | {"why", "when", "where", "who", "is", "are", "can", "could", "should"} | {
    "do", "does", "did", "would", "will", "any", "was", "were", "has", "have"
}  # fmt: skip
"""Words that open a clause that asks, not one that states."""
_STATEMENT_BREAK = re.compile(r"[?!;:]+|[.,](?!\d)|\s[-\u2013\u2014]\s")
"""Where a clause ends: not at the point or comma of a number ('OAuth 2.0', '$15,000')."""


def _problem_stated_then_asked(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks how to keep a thing from happening, with its one negation ('how can I stop
    biting on my mouthpiece', 'what fabric should I use so they don't look bulky', 'make the
    mouth close without gaps at the corners'); ``b`` negates nothing, states the thing
    happening in a clause of its own, and then asks how or what, not why ('I bite down way too
    hard on the mouthpiece. How do I break that habit?', 'puppet clothes always look bulky.
    What fabric should I be using?'; hold-outs 455, 460): one problem, asked about the same
    way."""
    if _negations(a) != 1 or _negations(b) or a.words[:1] == ("why",) or "why" in b.words:
        return False
    if not _ASKING_HOW_OR_WHAT.intersection(a.words[:1]) or not _ASKING_HOW_OR_WHAT.intersection(b.words):
        return False
    clauses = [tuple(_WORD.findall(clause)) for clause in _STATEMENT_BREAK.split(b.signature)]
    clauses = [clause for clause in clauses if clause]
    asking = next((k for k, clause in enumerate(clauses) if clause[0] in _QUESTION_OPENERS), 0)
    stated = frozenset(  # the clauses before the question ('which settings, except retraction' states nothing)
        form
        for clause in clauses[:asking]
        for word in clause
        for form in (stem(word), stem(word[:-1] + "ing") if word.endswith("e") else "")
        if form
    )  # ('bite' as 'biting' stems it: 'bit')
    return _same_action(frozenset(_targets(a.negated)) - {""}, stated)


_SENT_OFF = frozenset({"away", "off"})
"""Words that send a thing off ('keep them away', 'keep starlings off the suet')."""


def _kept_away_either_way(a: TextFacts, b: TextFacts) -> bool:
    """Both sides send a thing off, and one negates more than the other only by an 'away
    from': 'keep sparrows away from my feeders' / 'sparrows are overrunning my feeders, what
    keeps them away', 'keep starlings off my suet feeder' / 'keep them away from it' (hold-out
    445). Counted without their 'away from', the two sides negate alike."""
    away_a, away_b = (sum(pair == ("away", "from") for pair in pairwise(f.words)) for f in (a, b))
    return (
        away_a != away_b
        and not _SENT_OFF.isdisjoint(a.words)
        and not _SENT_OFF.isdisjoint(b.words)
        and _negations(a) - away_a == _negations(b) - away_b
    )


def _negations(facts: TextFacts) -> int:
    """Negating words, plus '!=' or '!==' ('0.1 + 0.2 is not 0.3' says what '0.1+0.2 != 0.3' says)."""
    return len(facts.negated) + len(facts.operators & _NEGATING_OPERATORS)


def _negated_on_one_side(a: TextFacts, b: TextFacts) -> bool:
    """When both sides negate, counting negations misleads ('without X or Y' / 'without X and
    without Y'): a word ``a`` negates must appear in ``b`` outside any negation's reach."""
    return any(t and t in b.content and t not in b.negation_reach for t in _targets(a.negated))


def _replacement_read(a: TextFacts, b: TextFacts) -> TextFacts:
    """``a`` without the negations of its 'instead of Y' that ``b`` says by replacing Y: 'use
    oil instead of butter' / 'replace the butter with oil', 'rewrite it with async/await
    instead of a callback' / 'convert this callback-based function to async/await'."""
    gone = a.instead_of & b.replaced
    if not gone:
        return a
    kept = tuple(t for t in a.negated if not set(t.split("|")) & gone)
    return replace(a, negated=kept)


def _negated_in_each_clause(a: TextFacts, b: TextFacts) -> bool:
    """``a`` negates in two or more clauses, once in each, what ``b`` says without any
    negation: 'I wasn't there, so the charges weren't mine' / 'I was there, so the charges
    were mine'. (Two negations in one clause may cancel: 'can't log in without a code'.) A
    negation whose verb is left out, said again of the first ('I shouldn't hold it that way.
    Why shouldn't I?' / 'I should hold it that way. Why should I?'; hold-out 318), counts with
    the one it repeats."""
    count = _negations(a)
    targets = _targets(a.negated)
    return (
        _negations(b) == 0
        and count >= 2
        and a.negated_clauses == count
        and any(targets)
        and all(t == "" or t in set(b.content) for t in targets)
    )


def _negates_shared(a: TextFacts, b: TextFacts) -> bool:
    """A negation of ``a`` bears on something ``b`` also says ('not safe' vs 'safe').

    A negation that only comes with rewording ('without losing my changes' vs 'keep my
    changes') is left to the verifier: paraphrases do that, near-misses do not.
    """
    shared = set(b.content) | {w.rstrip("e") for w in b.content}
    shared |= {w[:-4] for w in b.content if len(w) > 6 and w.endswith(("able", "ible"))}  # 'taxable' says 'tax'
    shared |= {stem(_IRREGULAR_PAST[w]) for w in b.words if w in _IRREGULAR_PAST}  # 'went' says 'go'
    shared |= {stem(w) for w in b.content}  # 'covered' is read 'cover', and 'cover' is read 'cov' (hold-out 226)
    shared |= {w.rstrip("e") for w in b.words if w in _UNCOUNTED_VERBS}  # 'stopped making' / 'make' (hold-out 227)
    return any(
        target == ""
        or any(
            word in shared
            or word.rstrip("e") in shared
            or (word in _IRREGULAR_PAST and stem(_IRREGULAR_PAST[word]) in shared)
            or stem(word) in shared  # 'ordered' -> 'order' -> 'ord', as 'order' is stemmed
            or any(_same_root(word, w) for w in shared)
            or not shared.isdisjoint(_participle_bases(word))  # 'never be taken' vs 'fine to take'
            for word in target.split("|")
        )
        for target in a.negated
    )


_UNCOUNTED_VERBS = frozenset({"make", "take", "give", "have", "use"})
"""Verbs the content words leave out as too light to compare, which a negation may still bear
on: 'brands that make C kites' / 'brands that stopped making them'."""


def _participle_bases(word: str) -> set[str]:
    """What a past participle in -en may come from: 'taken' -> 'take', 'eaten' -> 'eat',
    'written' -> 'write', 'bitten' -> 'bite'."""
    if len(word) < 5 or not word.endswith("en"):
        return set()
    bases = {word[:-1], word[:-2]}
    if word[-3] == word[-4]:
        bases.add(word[:-3] + "e")
    return bases


_COMING_OFF = _STOPPING | {"stopping", "quitting", "pausing", "discontinue", "discontinued", "discontinuing"}
"""Verbs that end what a noun after them names ('after stopping sertraline', 'quit nicotine'):
the verbs that negate an activity after them, in every form."""
_STILL_ON = frozenset({"taking", "take", "takes", "using", "use", "uses"})
"""Words before a noun that say it goes on ('while taking sertraline'; 'on' only after 'while',
'still' or a form of 'be': 'while on metformin', not 'the pedals on my piano')."""
_BEFORE_ON = frozenset({"while", "still", "when", "am", "i'm", "im", "are", "is", "being", "stay", "staying"})


def _stopped_or_taking(a: TextFacts, b: TextFacts) -> bool:
    """``a`` stops a thing that ``b`` goes on with: 'can I breastfeed right after stopping
    sertraline' / 'can I breastfeed while taking sertraline' (hold-out 270). Only where ``b``
    stops nothing, and the thing is a noun ('stop napping' is a negated action, read elsewhere)."""
    if not _COMING_OFF.isdisjoint(b.words):
        return False
    stopped = {_thing_after(a.words, i) for i, w in enumerate(a.words) if w in _COMING_OFF} - {None}
    return any(
        _thing_after(b.words, i) in stopped
        for i, w in enumerate(b.words)
        if w in _STILL_ON or (w == "on" and i and b.words[i - 1] in _BEFORE_ON)
    )


def _thing_after(words: tuple[str, ...], at: int) -> str | None:
    """The content word after ``words[at]``, past one determiner; ``None`` for an action ('-ing')."""
    k = at + 2 if words[at + 1 : at + 2] and words[at + 1] in _DETERMINERS else at + 1
    if k >= len(words) or not _is_content(words[k]) or words[k].endswith("ing"):
        return None
    if "from" in words[k + 1 : k + 4]:
        return None  # 'stop my piano pedals from squeaking' keeps a thing from doing something
    return words[k]
