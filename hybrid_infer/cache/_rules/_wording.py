"""The replaced and inserted rules: one content word replaced by an unrelated one, or words
inserted that change what is asked."""

from __future__ import annotations

import re
from itertools import pairwise

from hybrid_infer.cache._rules._compare import _abbreviates, _framed_compounds, _kids_are_students
from hybrid_infer.cache._rules._facts import TextFacts
from hybrid_infer.cache._rules._read_roles import _WH_WORDS
from hybrid_infer.cache._rules._vocabulary import _CANONICAL, _DETERMINERS, _GROUP_SIDES, _SYNONYMS, UNITS
from hybrid_infer.cache._rules._words import _PER_TIME, _is_content, _owner, _plain_plural, stem

_KIDS_OR_STUDENTS = frozenset({"kid", "kids", "child", "children", "student", "students"})

_OWNERS = _DETERMINERS - {"the", "its"}


def _owned(word: str, words: tuple[str, ...]) -> bool:
    """``word`` comes after 'my', 'our', …: 'help my kids with homework' is a parent."""
    return any(w == word and i and words[i - 1] in _OWNERS for i, w in enumerate(words))


def _words_inserted(a: TextFacts, b: TextFacts) -> bool:
    """``b`` is ``a`` with a run of words inserted after its start ('List every file in this
    directory' / '... and its subdirectories', 'Show all open pull requests' / 'Show all my
    open pull requests'): an added constraint asks something narrower. Words put before the
    whole question are a preamble ('hey quick one: why is the sky blue'), and politeness
    ('thanks') and manner ('well', 'quickly') add nothing."""
    short, long = a.framed, b.framed
    added = len(long) - len(short)
    if added <= 0 or not short:
        return False
    start = next((i for i, (x, y) in enumerate(zip(short, long, strict=False)) if x != y), len(short))
    if start == 0 and added <= 2 and long[added:] == short and any(w[0].isdigit() for w in long[:added]):
        return True  # a number put first is no preamble: 'usd to eur' / '1000 usd to eur'
    if start == 0 or long[start + added :] != short[start:]:
        return False
    pointing = _points(b.words, a.words)
    return any(
        _is_content(w)
        and w not in _POLITENESS
        and w not in _MANNER
        and w not in pointing
        and not (w.endswith("ly") and len(w) > 4)
        for w in long[start : start + added]
    )


def _points(long: tuple[str, ...], short: tuple[str, ...]) -> frozenset[str]:
    """Words of ``long`` that point at the text the prompt carries where ``short`` says 'this'
    ('classify the following ticket' / 'classify this ticket'); 'the following day' is a
    day later."""
    if not {"this", "these"} & set(short):
        return frozenset()
    return frozenset(w for x, w in pairwise(long) if x == "the" and w in _POINTING)


_POLITENESS = frozenset({"thanks", "thank", "thx", "ty", "cheers", "hi", "hello", "hey", "pls", "plz", "kindly"})
_MANNER = frozenset({"well", "fast", "even", "really", "still", "now", "again", "exactly", "properly", "quick"})
"""Words (with adverbs in -ly) that say how, not what: 'learn ML' / 'learn ML well' ask the same."""
_POINTING = frozenset({"following", "attached", "provided", "given"})
"""Words that point at the text a prompt carries, as 'this' does: 'classify this ticket' /
'classify the following ticket' ask the same."""


def _one_word_replaced(a: TextFacts, b: TextFacts) -> bool:
    """The same words but one, replaced by a word not known to mean the same: 'infants' /
    'toddlers', 'soft' / 'hard', 'why' / 'how'. A paraphrase rewords more than one word; a
    question that keeps every word but one almost always asks about something else.

    Known equivalents: word forms, abbreviations ('app' / 'application'), names of one thing,
    the same unit or number, words of one side of an opposing group ('brief' / 'short') and
    the synonym groups of the vocabulary. Function words ('can' / 'could', 'to' / 'into')
    and numbers (the number rule's) are left alone.
    """
    words_a, words_b = a.framed, b.framed  # 'the opposite' / 'a synonym'
    if len(words_a) != len(words_b):
        return _compound_replaced(a, b)
    replaced = [(x, y) for x, y in zip(words_a, words_b, strict=True) if x != y]
    if len(replaced) != 1:
        return len(replaced) == 2 and _hyphened_replaced(replaced) and _compound_replaced(a, b)
    x, y = replaced[0]
    if x in _WH_WORDS and y in _WH_WORDS:
        return {x, y} != {"what", "which"}
    if {g for w, g in a.aliases if w == x} & {g for w, g in b.aliases if w == y}:
        return False  # a word of one name in two words: 'laundry room' / 'utility room'
    if _name_against_number(x, y, a) or _name_against_number(y, x, b):
        return True  # 'Gundam SEED kits' / 'Gundam 00 kits': two series, one named, one numbered
    if {x, y} <= _KIDS_OR_STUDENTS and _kids_are_students(a, b) and not (_owned(x, a.words) or _owned(y, b.words)):
        return False  # 'get kids in my class to stop talking' / 'get students in ...' ('help my kids' is a parent)
    owned = _owner(x) != x or _owner(y) != y  # "from the empire's side" / "from the rebels' side"
    if owned:
        x, y = _owner(x), _owner(y)
    if not (_replaceable(x) and _replaceable(y)) or not (x.isalpha() and y.isalpha()):
        return False
    if _set_as_value(x, a.signature) or _set_as_value(y, b.signature):
        return stem(x) != stem(y)  # 'vertical-align: middle' / '… center': values, not words to reword
    if owned:
        return not _equivalent(x, y, frozenset({x, _plain_plural(x)}), frozenset({y, _plain_plural(y)}))
    return not _equivalent(x, y, a.forms[x][0], b.forms[y][0])


def _name_against_number(word: str, other: str, facts: TextFacts) -> bool:
    """``word`` is a name of its side where the other side has a bare number in its place."""
    return word in facts.entities and other.isdigit()


def _set_as_value(word: str, signature: str) -> bool:
    """``word`` is the value of a setting written ``name: value`` ('align-items: center')."""
    return re.search(rf"[\w-]+:\s*{re.escape(word)}\b", signature) is not None


def _hyphened_replaced(replaced: list[tuple[str, str]]) -> bool:
    """Two words in a row replaced, each pair hyphened into one word on its side: 'a
    cross-fingered C natural' / 'a half-holed C natural' (hold-out 478). Not a part kept
    ('long-term' / 'long-run') nor a unit's abbreviation ('in-lb' / 'inch-pounds')."""
    parts = [w for pair in replaced for w in pair]
    return len(set(parts)) == 4 and all(len(w) > 2 for w in parts)


def _compound_replaced(a: TextFacts, b: TextFacts) -> bool:
    """The same words but one, where a hyphenated word stands on one side or both: 'a usb-c to
    lightning cable' / 'a usb-c to usb-c cable'. Written apart, the words no longer line up.
    The same word with or without its hyphen is no replacement ('e-mail' / 'email')."""
    words_a, words_b = _framed_compounds(a), _framed_compounds(b)
    if len(words_a) != len(words_b) or (words_a == a.framed and words_b == b.framed):
        return False
    replaced = [(x, y) for x, y in zip(words_a, words_b, strict=True) if x != y]
    if len(replaced) != 1:
        return False
    x, y = replaced[0]
    if "-" not in x + y or not all(w.replace("-", "").isalpha() for w in (x, y)):
        return False
    if not all(_replaceable(w) for w in (x, y) if "-" not in w):
        return False
    return not _equivalent(x.replace("-", ""), y.replace("-", ""), frozenset({x}), frozenset({y}))


_INSTRUCTION_WORDS = frozenset({"explain", "describe", "tell", "give", "make", "help", "get", "use", "need", "want"})
"""Stopwords that still say what to do: 'fix the bug' / 'explain the bug' ask different things."""


def _replaceable(word: str) -> bool:
    return _is_content(word) or word in _INSTRUCTION_WORDS


def _equivalent(x: str, y: str, forms_x: frozenset[str], forms_y: frozenset[str]) -> bool:
    short, long = sorted((x, y), key=len)
    return bool(
        forms_x & forms_y
        or stem(x) == stem(y)
        or (len(short) >= 3 and long.startswith(short))
        or _abbreviates(short, long)
        or _CANONICAL.get(x, x) == _CANONICAL.get(y, y)
        or (x in UNITS and UNITS[x] == UNITS.get(y))
        or (x in _PER_TIME and _PER_TIME[x] == _PER_TIME.get(y))  # 'mcg/kg/hr' / 'mcg/kg/h'
        or _synonym_groups(forms_x | {x}) & _synonym_groups(forms_y | {y})
        or any({x, y} <= side for side in _GROUP_SIDES)
    )


def _synonym_groups(forms: frozenset[str]) -> frozenset[int]:
    """The synonym groups any of a word's forms belongs to ('repairing' is in 'fix' / 'repair')."""
    return frozenset().union(*(_SYNONYMS.get(form, frozenset()) for form in forms))
