"""The direction rule: the same words with their roles traded ('from A to B' / 'from B to A',
'X beat Y' / 'Y beat X', active and passive, a converted unit turned round)."""

from __future__ import annotations

import re
from collections import Counter
from itertools import combinations, pairwise, takewhile
from types import MappingProxyType

from hybrid_infer.cache._diff import shared_ends
from hybrid_infer.cache._rules._compare import (
    _COORDINATED,
    _COPULAS,
    _forms_of,
    _framed_compounds,
    _has_run,
    _in_place,
)
from hybrid_infer.cache._rules._facts import TextFacts
from hybrid_infer.cache._rules._read_negation import _BE_FORMS
from hybrid_infer.cache._rules._read_roles import _SUBJECT_DETERMINERS
from hybrid_infer.cache._rules._vocabulary import (
    _ALTERNATIVES,
    _CARDINALS,
    _COORDINATORS,
    _FRAME_FILLERS,
    _IRREGULAR_PAST,
    _NOUN_MARKERS,
    _OPPOSITE,
    _PHRASE_BREAKS,
    _PREPOSITIONS,
    _REPLACING,
    DIRECTIONAL,
    NUMBER_WORDS,
    STOPWORDS,
    UNITS,
)
from hybrid_infer.cache._rules._words import _CONVERSES, _SUBORDINATORS, _is_content, _owner, stem


def _arguments_reordered(a: TextFacts, b: TextFacts) -> bool:
    """One command with the same arguments in another order ('git rebase main feature' /
    'git rebase feature main', 'ln -s target link' / 'ln -s link target')."""
    if any(
        command == other and len(arguments) > 1 and arguments != others and sorted(arguments) == sorted(others)
        for command, arguments in a.commands
        for other, others in b.commands
    ):
        return True
    for command in a.args:
        if command.startswith("/") and command in b.args and command in a.signature and command in b.signature:
            after_a = a.signature.split(command, 1)[1].split()
            after_b = b.signature.split(command, 1)[1].split()
            if after_a != after_b and sorted(after_a) == sorted(after_b):
                return True  # '/execute as @a at @e[…]' / '/execute as @e[…] at @a' (hold-out 216)
    return False


def _sequence_swapped(a: TextFacts, b: TextFacts) -> bool:
    """Two steps joined by 'then' in one order on one side and the other order on the other:
    'push the drug and then flush with saline' / 'flush with saline and then push the drug'.
    What each side says before 'then' and the other does not must be what the other says
    after it, both ways ('wash it first, then dry it' / 'wash it and then dry it' move nothing)."""
    if "then" not in a.words or "then" not in b.words or not _CONDITIONS.isdisjoint(a.words + b.words):
        return False  # ('if my flight is cancelled, then can I get a refund' / 'can I get one then, if ...')
    a_before, a_after, _ = _around(a.words, "then", _ORDER_WORDS)
    b_before, b_after, _ = _around(b.words, "then", _ORDER_WORDS)
    moved_a, moved_b = a_before - b_before, a_after - b_after
    return bool(moved_a) and bool(moved_b) and moved_a <= b_after and moved_b <= b_before


def _steps_traded_around(a: TextFacts, b: TextFacts) -> bool:
    """Two steps on either side of one 'before' (or 'after') on both sides, each in the other's
    place: 'put grout sealer on before I caulk the joints' / 'caulk the joints before I put
    grout sealer on' (hold-out 439), all that follows the word on one side going before it on
    the other. A clause moved to the front ('before I caulk, should I seal it') moves one side
    only."""
    for mark in ("before", "after"):
        if a.words.count(mark) != 1 or b.words.count(mark) != 1 or _either_way(a.words) or _either_way(b.words):
            continue
        a_before, a_after, _ = _around(a.words, mark)
        b_before, b_after, _ = _around(b.words, mark)
        if a_before - b_before and a_after - b_after and a_after <= b_before and b_after <= a_before:
            return True  # (each whole step moved: 'dry my bibs after a day of fishing' moves one word)
    return False


def _before_and_after_traded(a: TextFacts, b: TextFacts) -> bool:
    """A thing after 'after' on one side and after 'before' on the other, each side placing it
    once: 'wait after applying tretinoin before moisturizer' / 'wait after washing my face
    before applying tretinoin' (hold-out 209). ('X after Y' / 'Y before X' puts neither
    thing in both places; 'before or after X' places X both ways.)"""
    if _either_way(a.words) or _either_way(b.words):
        return False
    after_a, before_a = _placed(a.words, "after"), _placed(a.words, "before")
    after_b, before_b = _placed(b.words, "after"), _placed(b.words, "before")
    once_a, once_b = after_a ^ before_a, after_b ^ before_b
    return any(not word.endswith("ing") for word in (after_a & before_b | before_a & after_b) & once_a & once_b)


def _either_way(words: tuple[str, ...]) -> bool:
    """'Before or after X', 'before X or after it': the order is what is asked."""
    return any(
        w in ("before", "after")
        and "or" in words[i + 1 : i + 4]
        and ({"before", "after"} - {w}) & set(words[i + 1 : i + 5])
        for i, w in enumerate(words)
    )


def _placed(words: tuple[str, ...], mark: str) -> set[str]:
    """The content words of the (at most three) words after each ``mark``, as stems."""
    found: set[str] = set()
    for i, word in enumerate(words):
        if word == mark:
            for following in words[i + 1 : i + 4]:
                if following in ("before", "after", "or", "and"):
                    break
                if _is_content(following):
                    found.add(stem(following) if not following.endswith("ing") else following)
    return found


_CONDITIONS = frozenset({"if", "when", "unless", "once", "whenever", "since"})
"""Words that make 'then' mean 'in that case', not the next step."""
_ORDER_WORDS = frozenset({"first", "firstly", "next", "finally", "afterwards", "afterward", "later", "second"})


def _compound_reversed(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """A hyphenated 'X-to-Y' read the other way: 'most-to-least prompting' / 'least-to-most
    prompting' (hold-out 146), 'a top-to-bottom scan' / 'a bottom-to-top scan'."""
    only_b = set(b) - set(a)
    return any(
        len(parts) == 3
        and parts[1] in ("to", "vs", "over")
        and parts[0] != parts[2]
        and "-".join(reversed(parts)) in only_b
        for parts in (x.split("-") for x in set(a) - set(b))
    )


def _operators_swapped(a: TextFacts, b: TextFacts) -> bool:
    """The same operators trade places around a directional word ('=== instead of ==' / '== instead of ===')."""
    return any((y, x, m) in b.operator_pairs and (y, x, m) not in a.operator_pairs for x, y, m in a.operator_pairs)


_OBJECT_STARTS = _NOUN_MARKERS | {"other", "another", "all", "no", "me", "us", "them", "him", "it"}
"""Words that start a verb's object ('referred other customers', 'follows me')."""


def _voice_swapped(a: TextFacts, b: TextFacts) -> bool:
    """The same words in the same order, a passive on one side and an active on the other:
    'users followed by user 42' / 'users who follow user 42', 'customers who were referred by
    other customers' / 'customers who referred other customers', 'what is caused by stress' /
    'what causes stress'. Who does what is reversed, though no content word moved. The active
    verb must take an object right after it: 'sorted by date' / 'sorted on date' trade one
    preposition for another and say the same."""
    if a.content != b.content or "by" not in a.words or "by" in b.words:
        return False
    at_b = [j for j, word in enumerate(b.words) if _is_content(word)]
    k = 0
    for i, word in enumerate(a.words):
        if not _is_content(word):
            continue
        following = a.words[i + 1] if i + 1 < len(a.words) else ""
        if following == "by" and _participle(word) and not _amount(a.words[i + 2 : i + 3]):
            j = at_b[k]
            after = b.words[j + 1] if j + 1 < len(b.words) else ""
            if after and not _amount((after,)) and (_is_content(after) or after in _OBJECT_STARTS):
                return True
        k += 1
    return False


def _amount(words: tuple[str, ...]) -> bool:
    """'by 3 hours', 'by twenty percent', 'by half': an amount, not who did it ('delayed by
    3 hours' / 'delayed 3 hours' say the same)."""
    return bool(words) and (words[0][0].isdigit() or words[0] in NUMBER_WORDS or words[0] in ("half", "a", "an"))


def _participle(word: str) -> bool:
    return (len(word) > 4 and word.endswith(("ed", "en"))) or word in _IRREGULAR_PAST


def _swapped(a: TextFacts, b: TextFacts) -> bool:
    """Two sides trade places: 'A to B' vs 'B to A', or 'X beat Y' vs 'Y beat X'.

    Between two lists of keywords ('ibuprofen max daily dose adults' / 'adults max daily dose
    ibuprofen'), with no function word to relate them, order says nothing: words moving
    there are no swap."""
    keywords = a.telegraphic and b.telegraphic
    listed = a.listed & b.listed  # (items both sides list: 'my clean and jerk' lists no 'snatch')
    told_apart = _told_apart(a.words) and _told_apart(b.words)
    return (
        (_pairs_reversed(a, b) and not _same_roles(a, b) and not told_apart)
        or (not keywords and _arguments_swapped(a, b))
        or (not keywords and _parts_swapped(a.skeleton, b.skeleton) and not told_apart)
        or _roles_traded(a, b)
        or _roles_traded(b, a)
        or _speaker_traded(a, b)
        or _stated_roles_traded(a, b)
        or _voice_swapped(a, b)
        or _voice_swapped(b, a)
        or _owners_traded(a.possessions, b.possessions)
        or _mine_or_someone_elses(a.possessions, b.possessions)
        or _wh_roles_traded(a, b)
        or (not keywords and _runs_traded(a.compounds, b.compounds, listed, a.entities & b.entities))
        or (not keywords and _runs_traded(_framed_compounds(a), _framed_compounds(b), listed))  # 'my laptop'
        or (not keywords and _runs_traded(*_main_clauses(a.compounds, b.compounds), listed))
        or (len(a.args) > 1 and a.args != b.args and sorted(a.args) == sorted(b.args) and not _args_listed(a, b))
        or _arguments_reordered(a, b)
        or _operators_swapped(a, b)
        or (not keywords and _verb_sides_traded(a.skeleton, b.skeleton))
        or _converse(a.words, b.words)
        or _than_sides_traded(a.words, b.words)
        or _conversion_reversed(a.words, b.words)
        or _giver_and_receiver_traded(a.words, b.words)
        or _opposites_traded(a.words, b.words)
        or _code_reordered(a.signature, b.signature)
        or _source_became_target(a, b)
        or (not keywords and _words_transposed(a.skeleton, b.skeleton))
        or (not keywords and _phrases_transposed(a.words, b.words))
        or _compound_reversed(a.compounds, b.compounds)
        or _ratio_reversed(a.words, b.words)
        or _from_to_reversed(a.words, b.words)
        or _first_then_swapped(a.words, b.words)
        or (not keywords and _modifier_moved(a.words, b.words))
        or _doer_or_done_to(a.words, b.words)
        or _grain_turned(a.words, b.words)
        or _numbers_reassigned(a, b)
        or _names_recounted(a, b)
        or _doers_traded(a.words, b.words)
        or _participles_turned(a.words, b.words)
        or _we_or_they(a.words, b.words)
        or _me_and_mine_traded(a.words, b.words)
        or _moved_across(a.words, b.words)
        or _moved_across(a.skeleton, b.skeleton)  # ('before grinding the pork, chill it' read unfronted)
        or _tails_traded(a.words, b.words)
        or _me_and_i_traded(a.words, b.words)
        or _me_and_i_traded(b.words, a.words)
        or _done_to_or_doing(a.words, b.words)
        or _done_to_or_doing(b.words, a.words)
        or _name_ending_moved(a.words, b.words)
        or _holders_traded(a.words, b.words)
        or _slots_traded(a.words, b.words)
        or _self_traded(a.words, b.words)
    )


def _self_traded(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """The speaker says who they are, and each side's speaker is the other side's other
    person: 'I'm a beginner being mentored by an experienced raku artist' / 'I'm an
    experienced raku artist mentoring a beginner' (hold-out 499)."""
    head_a, end_a = _self_noun(a)
    head_b, end_b = _self_noun(b)
    if head_a is None or head_b is None or head_a == head_b:
        return False
    return head_a in b[end_b:] and head_b in a[end_a:]


def _self_noun(words: tuple[str, ...]) -> tuple[str | None, int]:
    """The noun of the speaker's first 'I'm a …' (the last of at most five content words: 'a
    first year Ohio law student'), and where its phrase ends."""
    for i, word in enumerate(words):
        at = i + 1 if word in ("i'm", "im") else i + 2 if words[i : i + 2] == ("i", "am") else None
        if at is None or words[at : at + 1] not in (("a",), ("an",)):
            continue
        run = list(takewhile(_is_content, words[at + 1 : at + 6]))
        cut = next((k for k, w in enumerate(run) if k and w.endswith(("ing", "ed"))), len(run))
        run = run[:cut]  # ('an experienced raku artist mentoring a beginner': the noun ends before the verb)
        return (run[-1] if run else None), at + 1 + len(run)
    return None, 0


def _moved_across(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Two actions trade places around one 'before' or 'after': 'grind the pork before chilling
    it in the freezer' / 'chill the pork in the freezer before grinding it' (hold-out 185), 'can
    I issue the ticket before the fare is stored' / 'store the fare before the ticket is
    issued', 'do IVF and only afterwards get the cyst cut out' / 'get the cyst cut out and only
    afterwards do IVF' (hold-out 339). The first content word after the marker on each side
    stands before it on the other side and not after it. Prompts of up to 30 words (in a
    longer one the marker may belong to another sentence)."""
    if max(len(a), len(b)) > _MOVED_WORDS:
        return False
    for marker in ("before", "after", "afterwards", "afterward"):
        if a.count(marker) != 1 or b.count(marker) != 1:
            continue
        subjects = {a[a.index(marker) + 1 :][:1], b[b.index(marker) + 1 :][:1]}
        if subjects & _PRONOUN_SUBJECTS and not subjects <= _NAMED_SUBJECTS:
            continue  # 'before it ships' / 'before order 77 goes out': who 'it' is, is not read
            # ('before I rope up' / 'before I put on my crampons' both say who: hold-out 512)
        fronted_a, fronted_b = _fronted(a, marker), _fronted(b, marker)
        if fronted_a and fronted_b:
            (left_a, right_a, next_a), (left_b, right_b, next_b) = fronted_a, fronted_b
        else:
            (left_a, right_a, next_a), (left_b, right_b, next_b) = _around(a, marker), _around(b, marker)
        if _stands_in(next_a, left_b, right_b) and _stands_in(next_b, left_a, right_a):
            return True
    return False


_FRONTING = frozenset({"how", "long", "soon", "right", "just", "and", "so"})
_ASKING_AUX = frozenset({"can", "could", "should", "do", "does", "must", "may", "will", "would", "is", "are"})


def _fronted(words: tuple[str, ...], marker: str) -> tuple[set[str], set[str], str] | None:
    """A question led by its 'before' or 'after' clause: 'how long after a flu shot can I start
    a prednisone burst' (hold-out 311). The clause runs from the marker to the question's
    auxiliary and its subject ('can I'); the main action follows. Returned as :func:`_around`
    returns a marker's sides: the main action's stems stand 'before' the clause's."""
    at = words.index(marker)
    if not set(words[:at]) <= _FRONTING:
        return None
    for k in range(at + 2, len(words) - 2):
        if words[k] in _ASKING_AUX and (words[k + 1],) in _PRONOUN_SUBJECTS:
            clause = [stem(w) for w in words[at + 1 : k] if _is_content(w)]
            main = {stem(w) for w in words[k + 2 :] if _is_content(w)}
            return (main, set(clause), clause[0]) if clause and main else None
    return None


def _name_ending_moved(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """A name said twice, once with a last word and once without, where the last word moves
    to the other mention across a relation: 'is Dior Homme Intense a flanker of Dior Homme' /
    'is Dior Homme a flanker of Dior Homme Intense' (hold-out 260)."""
    if len(a) != len(b) or a == b or len(a) > _MOVED_WORDS or sorted(a) != sorted(b):
        return False
    for i in range(1, len(a)):
        rest = a[:i] + a[i + 1 :]
        for j in range(1, len(b)):
            if j == i or b[j] != a[i] or b[:j] + b[j + 1 :] != rest:
                continue
            low, high = sorted((i, j))
            if (
                a[i].isalpha()
                and a[i - 1] == b[j - 1]
                and a.count(a[i - 1]) >= 2
                and not _RELATIONS.isdisjoint(a[low:high])
            ):
                return True
    return False


_RELATIONS = frozenset({"of", "than", "to", "from", "vs", "versus", "with", "into", "over"})


def _doers_traded(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Two words trade activities and one of them its form: 'as a cyclist switching to
    running' / 'as a runner switching to cycling' (hold-out 288), 'teaching a knitter to
    crochet' / 'teaching a crocheter to knit' (hold-out 289). Words that trade places whole
    are read by :func:`_words_transposed`."""
    if len(a) != len(b):
        return False
    changed = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
    if len(changed) != 2:
        return False
    i, j = changed
    doing = _activity(a[i]), _activity(a[j])
    return (
        doing[0] != doing[1]
        and (_activity(b[j]), _activity(b[i])) == doing
        and (a[i] != b[j] or a[j] != b[i])
        and any(_activity(w) != w for w in (a[i], a[j], b[i], b[j]))
        and all(map(_is_content, (a[i], a[j])))
    )


def _participles_turned(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """The same noun done to on one side and doing on the other: 'what must the hailed boat
    do when asked for room' / 'the hailing boat … when asking for room' (hold-out 298). Every
    changed word is one verb's '-ed' against its '-ing', one of them after 'the' or 'a'."""
    if len(a) != len(b) or a == b:
        return False
    changed = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
    if not all(_ed_or_ing(a[i], b[i]) for i in changed):
        return False
    return any(i and a[i - 1] in ("the", "a", "an") and i + 1 < len(a) and _is_content(a[i + 1]) for i in changed)


def _ed_or_ing(x: str, y: str) -> bool:
    """``x`` and ``y`` are one verb's past participle and its '-ing' form, either way round
    ('hailed' / 'hailing', 'invited' / 'inviting')."""
    past, doing = (x, y) if x.endswith("ed") else (y, x)
    if not (past.endswith("ed") and doing.endswith("ing")):
        return False
    base = doing.removesuffix("ing")
    return len(base) >= 3 and past in (base + "ed", base + "d", base + base[-1] + "ed")


_TRADED_PEOPLE = frozenset({frozenset({"we", "they"}), frozenset({"us", "them"}), frozenset({"our", "their"})})


def _we_or_they(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """One word apart, 'we' against 'they' (or 'us' / 'them', 'our' / 'their'): 'we lead 10-6,
    how many more points do we need' / 'they lead 10-6, …' (hold-out 297). Whose side a
    question takes changes its answer."""
    if len(a) != len(b):
        return False
    changed = [(x, y) for x, y in zip(a, b, strict=True) if x != y]
    return len(changed) == 1 and frozenset(changed[0]) in _TRADED_PEOPLE


_DOER_ENDINGS = ("ers", "er", "ists", "ist", "ing")


def _activity(word: str) -> str:
    """What a doer or a doing does: 'runner' and 'running' -> 'run', 'cyclist' and 'cycling'
    -> 'cycl', 'knitter' -> 'knit'; other words as they are."""
    for ending in _DOER_ENDINGS:
        base = word.removesuffix(ending)
        if base != word and len(base) >= 3:
            return base[:-1] if len(base) > 3 and base[-1] == base[-2] and base[-1] not in "aeiouls" else base
    return word


def _stands_in(word: str, before: set[str], after: set[str]) -> bool:
    """``word`` is among the stems ``before`` a marker and not ``after`` it, an 'e' dropped
    by the stemmer aside ('taking' stems to 'tak', 'take' to 'take'; review 109), or an 'er'
    ('bouldering' stems to 'boulder', 'boulder' to 'bould'; hold-out 287)."""

    def among(stems: set[str]) -> bool:
        return (
            word in stems
            or word + "e" in stems
            or (word.endswith("e") and word[:-1] in stems)
            or (len(word) > 5 and word.endswith("er") and word[:-2] in stems)
            or word + "er" in stems
        )

    return among(before) and not among(after)


_PRONOUN_SUBJECTS = frozenset(
    (w,) for w in ("it", "they", "he", "she", "we", "you", "i", "self", "this", "that", "them")
)
"""A clause after 'before' or 'after' led by one of these is about something said elsewhere."""
_NAMED_SUBJECTS = frozenset({("i",), ("we",), ("you",)})
"""Subjects a clause names outright: 'before I rope up' is about the speaker."""
_MOVED_WORDS = 30
"""The longest prompt, in words, whose 'before' or 'after' is read as ordering two actions."""


def _around(words: tuple[str, ...], marker: str, skip: frozenset[str] = frozenset()) -> tuple[set[str], set[str], str]:
    """The content stems before and after the first ``marker``, and the first one after it,
    less the words in ``skip`` (for 'then', the words that only say the order: 'apply the
    adhesive first, then cut the tiles')."""
    at = words.index(marker)
    right = [stem(w) for w in words[at + 1 :] if _is_content(w) and w not in skip]
    left = {stem(w) for w in words[:at] if _is_content(w) and w not in skip}
    return left, set(right), right[0] if right else ""


def _names_recounted(a: TextFacts, b: TextFacts) -> bool:
    """The same words with two names traded, one said more often than the other: 'catch a
    walleye in Ontario water, land it on the Minnesota side, count it toward my Minnesota
    limit' / the same with the places traded (hold-out 194), and 'we' / 'they'. One-word names
    only; names said as often as each other may be a list in another order ('Ontario and
    Minnesota')."""
    shared = sorted(n for n in a.entities & b.entities if " " not in n)
    count_a = Counter(a.words)
    pairs = [(x, y) for i, x in enumerate(shared) for y in shared[i + 1 :]] + [("we", "they")]
    for x, y in pairs:  # ('we bid 4 spades and they doubled; we went down 2' / the sides traded; hold-out 198)
        traded = tuple({x: y, y: x}.get(w, w) for w in b.words)
        if count_a[x] and count_a[y] and count_a[x] != count_a[y] and traded == a.words:
            return True
    return False


def _numbers_reassigned(a: TextFacts, b: TextFacts) -> bool:
    """The same numbers said of the same people or things, two of them each of the other: 'my
    opponent is rated 2100 and I'm 1750' / 'I'm rated 2100 and my opponent is 1750' (hold-out
    182), 'I pay 1,200 of the rent and my roommate pays 800' / the reverse (review 108). Read per
    clause (split at punctuation, 'and', 'but', 'while', 'whereas') with one number: the
    clause's first pronoun or content word before the number holds it, a possessive read as its
    owner."""
    if len(a.numbers) < 2 or a.numbers != b.numbers:
        return False
    held_a, held_b = _numbers_held(a.signature), _numbers_held(b.signature)
    shared = [n for n in held_a if n in held_b and held_a[n] != held_b[n]]
    return any(
        held_a[x] == held_b[y] and held_a[y] == held_b[x] and held_a[x] != held_a[y]
        for i, x in enumerate(shared)
        for y in shared[i + 1 :]
    )


_CLAUSE_BREAK = re.compile(r"[;!?:]|[.,](?!\d)|\b(?:and|but|while|whereas)\b")
"""Where a clause that holds a number ends (not inside '1,200' or '3.5')."""
_HELD_TOKEN = re.compile(r"\d[\d,.'\u2019]*\d|\d|[a-z][a-z'\u2019]*")
"""A number ('1,200', '5'6') or a word, possessives whole ('daughter's')."""
_HOLDERS = MappingProxyType(
    {"i": "i", "i'm": "i", "im": "i", "me": "i", "mine": "i", "we": "we", "we're": "we", "ours": "we"}
)
"""Pronouns that hold a number, read as one holder ('I'm 1750' / 'mine is 1750')."""


def _numbers_held(signature: str) -> dict[str, str]:
    """Number -> its holder, for each clause of ``signature`` with one number in it (a number
    said in two clauses is left out)."""
    held: dict[str, str] = {}
    seen: set[str] = set()
    for clause in _CLAUSE_BREAK.split(signature):
        tokens = _HELD_TOKEN.findall(clause)
        numbers = [t for t in tokens if t[0].isdigit()]
        if len(numbers) != 1:
            continue
        number = numbers[0]
        before = [_owner(t) for t in tokens[: tokens.index(number)]]  # ('500 rs notes' names no holder)
        holder = next((h for w in before if (h := _HOLDERS.get(w) or (w if _is_content(w) else ""))), "")
        if holder:
            if number in seen:
                held.pop(number, None)
            else:
                held[number] = holder
            seen.add(number)
    return held


_RATIO_JOINS = frozenset({"vs", "versus", "to", "over"})
"""('the ratio of cement and sand' is said in any order; review 101)"""


def _ratio_reversed(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """'the risk ratio of exposed vs unexposed' / 'of unexposed vs exposed' (hold-out 153): in
    a ratio the order of the two says which is divided by which."""

    def terms(words: tuple[str, ...]) -> tuple[str, str] | None:
        for i, word in enumerate(words[:-4]):
            if word in ("ratio", "ratios") and words[i + 1] in ("of", "for"):
                x, join, y = words[i + 2 : i + 5]
                if join in _RATIO_JOINS and _is_content(x) and _is_content(y) and x != y:
                    return x, y
        return None

    ta, tb = terms(a), terms(b)
    return ta is not None and tb is not None and ta == tb[::-1]


_AFTERWARDS = frozenset({"afterwards", "afterward", "then", "later", "after", "second", "next"})


_ARTICLES = frozenset({"a", "an", "the"})


def _modifier_moved(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """The same words but one describing word moved from one noun to another two or more words
    away: 'a creature attacking an invisible target' / 'an invisible creature attacking a
    target' (hold-out 176), or from one of two same nouns to the other: 'convert my marathon pace
    into a half marathon pace' / 'my half marathon pace into a marathon pace' (hold-out 203).
    ('a big red ball' / 'a red big ball' moves it past one word.)"""
    wa, wb = [w for w in a if w not in _ARTICLES], [w for w in b if w not in _ARTICLES]
    if len(wa) != len(wb) or Counter(wa) != Counter(wb) or wa == wb:
        return False
    for word in set(wa):
        if wa.count(word) != 1 or not _is_content(word):
            continue
        i, j = wa.index(word), wb.index(word)
        rest_a, rest_b = wa[:i] + wa[i + 1 :], wb[:j] + wb[j + 1 :]
        if rest_a != rest_b or abs(i - j) < 2 or i + 1 >= len(wa) or j + 1 >= len(wb):
            continue
        head_a, head_b = wa[i + 1], wb[j + 1]
        if head_a != head_b and _is_content(head_a) and _is_content(head_b) and _after_article(a, b, word):
            return True
        if head_a == head_b and wa.count(head_a) > 1 and word.isalpha() and _is_content(head_a):
            return True  # from one 'marathon' to the other: 'my marathon pace into a half marathon pace'
    return False


def _after_article(a: tuple[str, ...], b: tuple[str, ...], word: str) -> bool:
    """``word`` right after an article on both sides: a describing word ('an invisible target'),
    not a number or a verb that moved ('HTTP status code 404' / 'the HTTP 404 status code')."""
    i, j = a.index(word), b.index(word)
    return bool(i and j and a[i - 1] in _ARTICLES and b[j - 1] in _ARTICLES)


def _doer_or_done_to(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """The one who does against the one it is done to, one word of one root: 'the grappler's
    speed' / 'the grappled creature's speed' (hold-out 176), 'employer' / 'employee', 'mentor' /
    'mentee'."""
    a, b = tuple(w.removesuffix("'s") for w in a), tuple(w.removesuffix("'s") for w in b)
    return _doer_against(a, b) or _doer_against(b, a)


def _doer_against(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    only_a, only_b = set(a) - set(b), set(b) - set(a)
    for x in only_a:
        for suffix in ("er", "or"):
            if len(x) <= 5 or not x.endswith(suffix):
                continue
            root = x[: -len(suffix)]
            if root + "ee" in only_b or root + "ees" in only_b:
                return True
            if root + "ed" in only_b:  # 'the grappled creature', not 'who directed the movie'
                k = b.index(root + "ed")  # nor a thing's size after it: 'a divided 10 gallon tank' (hold-out 374)
                if (
                    k
                    and b[k - 1] in _ARTICLES
                    and k + 1 < len(b)
                    and _is_content(b[k + 1])
                    and not b[k + 1][0].isdigit()
                ):
                    return True
    return False


def _first_then_swapped(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Two steps said 'X first, then Y' on one side and 'Y first, then X' on the other: 'do
    skin-to-skin first and weigh the baby afterwards' / 'weigh the baby first and do
    skin-to-skin afterwards' (hold-out 173). Each side says 'first' once, after the step it
    puts first, and 'first' is no adjective ('my first day at a new job'; review 107). The
    steps are the few words before 'first' and those up to 'afterwards' (or after 'then')."""

    def steps(words: tuple[str, ...]) -> tuple[set[str], set[str]] | None:
        if words.count("first") != 1 or "or" in words:
            return None
        at = words.index("first")
        if at + 1 < len(words) and _is_content(words[at + 1]):
            return None
        later = next((j for j in range(at + 1, len(words)) if words[j] in _AFTERWARDS), None)
        if later is None:
            return None
        before = {stem(w) for w in words[max(0, at - 4) : at] if _is_content(w)}
        after = {stem(w) for w in words[at + 1 : later] if _is_content(w)}
        after = after or {stem(w) for w in words[later + 1 : later + 4] if _is_content(w)}
        return before, after

    sa, sb = steps(a), steps(b)
    if sa is None or sb is None:
        return False
    (first_a, then_a), (first_b, then_b) = sa, sb
    moved_back = (first_a & then_b) - first_b
    moved_up = (then_a & first_b) - then_b
    return bool(moved_back) and bool(moved_up)


def _from_to_reversed(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """'from X to Y' on one side, 'from Y to X' on the other, for any two single words, function
    words too: 'switched from up to down running' / 'from down to up' (hold-out 165), 'read from
    right to left' / 'from left to right', which no content-word pairing sees."""

    def spans(words: tuple[str, ...]) -> set[tuple[str, str]]:
        return {
            (words[i + 1], words[i + 3])
            for i in range(len(words) - 3)
            if words[i] == "from" and words[i + 2] in ("to", "into") and words[i + 1] != words[i + 3]
        }

    ta, tb = spans(a), spans(b)
    return any(
        (y, x) in tb and not _has_run(b, (x, "to", y)) and not _has_run(a, (y, "to", x)) for x, y in ta - tb
    ) or _from_to_phrases_reversed(a, b)  # ('from blue to green or from green to blue' asks both ways)


def _from_to_phrases_reversed(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """'from X to Y' against 'from Y to X' where X or Y is a few words and what follows Y
    differs: 'an email from me to Dad's neurologist asking' / 'from Dad's neurologist to me
    saying' (hold-out 296). Each side once."""
    ends_a, ends_b = _from_phrases(a), _from_phrases(b)
    if len(ends_a) != 1 or len(ends_b) != 1:
        return False
    (from_a, after_a), (from_b, after_b) = ends_a[0], ends_b[0]
    return (
        from_a != from_b
        and after_a[: len(from_b)] == from_b
        and after_b[: len(from_a)] == from_a
        and not set(from_a) & set(from_b)
    )


def _from_phrases(words: tuple[str, ...]) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """For each 'from … to', the one to three words it goes from and the four after 'to'."""
    found = []
    for i, word in enumerate(words):
        if word != "from":
            continue
        for j in range(i + 2, min(i + 5, len(words))):
            if words[j] in ("to", "into"):
                found.append((words[i + 1 : j], words[j + 1 : j + 5]))
                break
            if words[j] == "from":
                break
    return found


_WITH_THE_GRAIN = frozenset({"grain", "direction", "current", "flow", "wind", "tide", "nap", "pile", "lay"})
"""What one works with or against: 'clip against the direction of hair growth' / 'with the
direction' (hold-out 166), 'sand against the grain' / 'with the grain'."""
_WORKING_ALONG = frozenset(
    {"sand", "sanding", "cut", "cutting", "clip", "clipping", "shave", "shaving", "brush", "brushing", "comb"}
    | {"combing", "plane", "planing", "mow", "mowing", "rake", "raking", "vacuum", "vacuuming", "stroke", "iron"}
    | {"sail", "sailing", "swim", "swimming", "paddle", "paddling", "row", "rowing", "fly", "flying", "ride"}
    | {"riding", "run", "running", "walk", "walking", "drift", "drifting", "go", "going", "move", "moving"}
    | {"trim", "trimming", "scrape", "scraping", "wipe", "wiping", "clean", "cleaning", "file", "filing"}
    | {"cycle", "cycling", "bike", "biking", "drive", "driving", "ski", "skiing", "kayak", "kayaking", "skate"}
    | {"skating", "steer", "steering", "slice", "slicing", "paint", "painting", "pluck", "plucking"}
    | {"pull", "pulling", "face", "facing", "wax", "waxing", "stain", "staining", "saw", "sawing", "carve"}
    | {"carving", "chop", "chopping", "off", "land", "landing", "fish", "fishing", "tweeze", "tweezing"}
)
"""Verbs whose 'with' or 'against the grain' says which way one works ('disagree with the
direction', 'plotted against the current', 'secure it against the wind' say no way; review 105)."""


def _grain_turned(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """'against the X' on one side, 'with the X' (or 'along the X') on the other, for X a grain,
    direction, current, flow, wind, tide or nap."""

    def sides(words: tuple[str, ...]) -> set[tuple[str, str]]:
        return {
            ("against" if words[i] == "against" else "with", words[i + 2])
            for i in range(len(words) - 2)
            if words[i] in ("against", "with", "along")
            and words[i + 1] == "the"
            and words[i + 2] in _WITH_THE_GRAIN
            and not (i + 3 < len(words) and _is_content(words[i + 3]))  # ('test against the current API')
            and not _WORKING_ALONG.isdisjoint(words[max(0, i - 4) : i])  # ('paint the deck boards with the grain')
        }

    if "against" in a and "against" in b:
        return False  # ('with the grain or against it' / 'against the grain or with it')
    sa, sb = sides(a), sides(b)
    return any((("with" if way == "against" else "against"), what) in sb - sa for way, what in sa - sb)


_LIST_JOINS = frozenset({"and", "or", "vs", "versus", "nor", "&", "between"})


def _words_transposed(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Everything in place but two words that trade places, past more than a list's 'and':
    'the fillet symbol on the arrow side and the groove symbol on the other side' / 'the
    fillet symbol on the other side and the groove symbol on the arrow side' (hold-out 151),
    or close by with no list between them: 'in Canada with my US license' / 'in the US with my
    Canadian license' (hold-out 168). ('X and Y' / 'Y and X' is one list in another order.)"""
    if len(a) != len(b):
        return False
    # (words alike have alike bases: only the words that differ are read for their verb ending)
    changed = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y and _verb_base(x) != _verb_base(y)]
    if len(changed) != 2:
        return False
    i, j = changed
    return (
        _verb_base(a[i]) == _verb_base(b[j])
        and _verb_base(a[j]) == _verb_base(b[i])
        and (_is_content(a[i]) or _is_content(a[j]))
        and _STANDING_IN.isdisjoint((a[i], a[j]))  # ('put them in ice water after boiling eggs' / the reverse)
        and (
            j - i > 3
            or (j - i > 1 and _LIST_JOINS.isdisjoint(a[i + 1 : j]) and a[i - 1 : i] in _PLACING)
            or (j - i == 2 and a[i + 1] == "to")  # 'most to least' / 'least to most' (hold-out 254)
            or (j - i == 2 and _held_in_place(a, i, j))
        )
        and _LIST_JOINS.isdisjoint(a[: i + 1][-2:])
        and _BETWEEN_ALTERNATIVES.isdisjoint(a[i + 1 : j])
        and not set(a[i + 1 : j]) <= _LIST_JOINS | _FRAME_FILLERS
    )


def _phrases_transposed(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Everything in place but two runs of two words that trade places, apart: 'the sofa goes
    off SL and the table comes on SR' / 'the sofa comes on SL and the table goes off SR'
    (hold-out 261). Runs with no content word between them are a list in another order."""
    if len(a) != len(b):
        return False
    changed = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
    if len(changed) != 4 or changed[1] != changed[0] + 1 or changed[3] != changed[2] + 1:
        return False
    i, j = changed[0], changed[2]
    return (
        j - i > 3
        and a[i : i + 2] == b[j : j + 2]
        and a[j : j + 2] == b[i : i + 2]
        and any(map(_is_content, a[i : i + 2]))
        and _STANDING_IN.isdisjoint(a[i : i + 2] + a[j : j + 2])
        and _BETWEEN_ALTERNATIVES.isdisjoint(a[i + 2 : j])
        and any(map(_is_content, a[i + 2 : j]))  # ('a W-2 employee and a 1099 contractor' is a list)
        and set(a[i : i + 2]) != set(a[j : j + 2])  # ('Dictionary<string, int> and Dictionary<int, string>')
    )


def _held_in_place(words: tuple[str, ...], i: int, j: int) -> bool:
    """Two nouns one word apart that trade places between words that stay, so that each
    comes to be read with the other's: 'sterilized sawdust with grain spawn' / 'sterilized
    grain with sawdust spawn' (hold-out 259). ('mix bleach with vinegar', ending the phrase,
    names the same mix either way.)"""
    return i > 0 and j + 1 < len(words) and _is_content(words[i - 1]) and _is_content(words[j + 1])


def _verb_base(word: str) -> str:
    """A word with its verb ending read off, so that two verbs trade places in any tense:
    'freeze fruit I've already dehydrated' / 'dehydrate fruit I've already frozen' (hold-out 250)."""
    return stem(_IRREGULAR_PAST.get(word, word)).rstrip("e")


_STANDING_IN = frozenset({"it", "them", "they", "this", "that", "these", "those", "one", "ones"})
"""Words that stand in for a noun said elsewhere: a pronoun and its noun trading places say
the same ('after boiling eggs, put them in ice water' / 'put eggs in ice water after boiling
them'; review 109)."""
_PLACING = frozenset((w,) for w in ("in", "at", "on", "into", "to", "from", "for", "of"))
"""A preposition before the first of two close words that trade places: 'in Canada with my US
license' (not 'mix bleach with vinegar' / 'mix vinegar with bleach', 'name, status, and age')."""
_BETWEEN_ALTERNATIVES = frozenset({"or", "vs", "versus", "nor", "than"})
"""Words between two alternatives, which may come in any order: 'a gas dryer that's vented or
an electric dryer that's vented' (review 100)."""


def _source_became_target(a: TextFacts, b: TextFacts) -> bool:
    """Both sides say 'from X to Y', and what one side moves from the other moves to: 'sync
    ~/projects from my laptop to the backup host' / 'sync the backup from the server to my
    laptop' (the other ends differ in words, so no pair is simply reversed). One side may say
    where it starts only: 'quilt from the center of the quilt outward' / 'from the edges toward
    the center' (hold-out 408)."""
    ends_a, ends_b = _ends(a.words), _ends(b.words)
    (from_a, to_a), (from_b, to_b) = ends_a, ends_b
    if all(ends_a) and all(ends_b):
        return bool((from_a & to_b) - from_b - to_a) or bool((to_a & from_b) - to_b - from_a)
    if not _EITHER_WAY.isdisjoint(a.words) or not _EITHER_WAY.isdisjoint(b.words):
        return False  # ('how far should the couch be from the TV' / 'distance from sofa to TV')
    return any(
        one[0] and not one[1] and all(other) and any(not w.isdigit() for w in (one[0] & other[1]) - other[0])
        for one, other in ((ends_a, ends_b), (ends_b, ends_a))
    )


_EITHER_WAY = frozenset({"far", "distance", "apart", "tell", "distinguish", "difference", "between"})
"""Words that relate two ends the same either way round ('tell a death curl from a molt')."""


def _ends(words: tuple[str, ...]) -> tuple[set[str], set[str]]:
    """What 'from' governs and what 'to' / 'into' / 'onto' govern (see :func:`_objects`), leaving out
    verbs ('dissuade Japan from attacking' moves nothing) and 'prior to', 'due to'."""
    relating = tuple(
        word
        for before, word, after in _in_place(words)
        if not (word in ("from", "to") and after.endswith("ing")) and not (word == "to" and before in _NOT_TOWARD)
    )
    # 'from my wife's policy to mine': the possessive pronoun is the owner the other side names
    objects = _objects(tuple(f"owner{w}" if w in _OWNING_PRONOUNS else w for w in relating))
    return objects.get("from", set()), set().union(*(objects.get(word, set()) for word in _TO_WORDS))


_TO_WORDS = tuple(word for word, (marker, swapped) in _CONVERSES.items() if marker == "to" and not swapped)
"""Words that govern where a thing goes: 'to', 'into', 'onto', 'toward', 'towards'."""


_OWNING_PRONOUNS = frozenset({"mine", "yours", "ours", "theirs", "hers"})


_NOT_TOWARD = frozenset({"prior", "due", "according", "next", "close", "thanks", "compared", "similar", "related"})


_CODE_SPAN = re.compile(r"`([^`\n]+)`")
_LIST_GLUE = re.compile(r"\s*(?:,|and|or|vs\.?|versus|&|/)?\s*(?:,|and|or)?\s*")


def _args_listed(a: TextFacts, b: TextFacts) -> bool:
    """Both sides only list their code arguments, one after another with 'and', 'or', 'vs' or
    a comma between: 'the difference between /etc/profile and ~/.bashrc' / '~/.bashrc vs
    /etc/profile' name the same two in another order (hold-out 225)."""
    return all(_listed_in(facts.signature, facts.args) for facts in (a, b))


def _listed_in(text: str, args: tuple[str, ...]) -> bool:
    at = 0
    ends = []
    for arg in args:
        start = text.find(arg, at)
        if start < 0:
            return False
        ends.append((start, start + len(arg)))
        at = start + len(arg)
    return all(
        _LIST_GLUE.fullmatch(text[end:start]) and text[end:start].strip() for (_, end), (start, _) in pairwise(ends)
    )


def _code_reordered(a: str, b: str) -> bool:
    """The same words around code spans that come in another order: 'copy the values from
    array `a` into array `b`' / 'from array `b` into array `a`' (one-letter names escape the
    other direction rules, which read words). Spans only listed ('`a` and `b`') may come in
    any order."""
    spans_a, spans_b = _CODE_SPAN.findall(a), _CODE_SPAN.findall(b)
    if len(spans_a) < 2 or spans_a == spans_b or sorted(spans_a) != sorted(spans_b):
        return False
    if _CODE_SPAN.sub("`_`", a) != _CODE_SPAN.sub("`_`", b):
        return False
    between = _CODE_SPAN.split(a)[2:-1:2]  # the text between consecutive spans
    return not all(_LIST_GLUE.fullmatch(text) for text in between)


def _opposites_traded(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Two opposite words said once each on both sides, in the other order, with the same words
    relating them and the same words before them: 'so my local machine can reach the remote
    database' / 'so the remote server can reach my local database'. Opposites merely side by
    side ('a credit card or a debit card' / 'a debit card or a credit card') relate through
    no word of their own; a sentence put in another order ('headaches in the afternoon … coffee
    in the morning' / 'my morning coffee … headaches every afternoon') starts otherwise."""
    for i, x in enumerate(a):
        for y in _OPPOSITE.get(x, ()):
            if y not in a[i + 1 :] or a.count(x) != 1 or a.count(y) != 1 or b.count(x) != 1 or b.count(y) != 1:
                continue
            j, k, m = a.index(y), b.index(y), b.index(x)
            between = _relating(a[i + 2 : j])
            if _COORDINATED.intersection(between) or {"vs", "versus"}.intersection(between):
                continue  # 'the east coast office and the west coast office': two items, in any order
            before_a, before_b = ({stem(w) for w in words if _is_content(w)} for words in (a[:i], b[:k]))
            if k < m and between == _relating(b[k + 2 : m]) and any(map(_is_content, between)) and before_a == before_b:
                return True  # (and the words before them alike: the rest of the sentence is kept)
    return False


def _relating(words: tuple[str, ...]) -> tuple[str, ...]:
    """The words between two opposites, past the first one's noun, determiners aside: 'can
    reach' in both is one relation; 'send a heartbeat to' / 'get a heartbeat from' are two
    sides of one (the client sends, the server gets)."""
    return tuple(w for w in words if w not in _SUBJECT_DETERMINERS)


_RELATING_VERBS = frozenset(
    {
        "affect", "affects", "affected", "influence", "influences", "influenced", "cause", "causes",
        "caused", "impact", "impacts", "impacted", "shape", "shaped", "shapes", "drive", "drives", "drove",
        "lead", "leads", "led", "depend", "depends", "inspire", "inspired", "inspires", "follow", "follows",
        "followed", "precede", "precedes", "preceded", "beat", "beats", "defeated", "replace", "replaced",
        "replaces", "outperform", "outperforms", "supervise", "supervises", "supervised", "oversee",
        "oversees", "manage", "manages", "mentor", "mentors", "hire", "hires", "sue", "sues", "owe", "owes",
        "worsen", "worsens", "worsened",
    }
)  # fmt: skip
"""Verbs that relate what stands before them to what stands after: 'how did X affect Y'."""


def _verb_sides_traded(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """What stands before a relating verb on one side stands after it on the other, and the
    reverse, each described in its own words: 'how did the Reformation affect the spread of
    the printing press' / 'how did the invention of the printing press affect the
    Reformation'. The verb is said once on each side, in one sentence. Words both sides end
    on are no side of it ('a pilot supervise a non-certified person flying the drone' / 'a
    non-certified person supervise a pilot flying the drone'; hold-out 156)."""
    tail = 0
    while tail < min(len(a), len(b)) - 1 and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    a, b = a[: len(a) - tail], b[: len(b) - tail]
    for verb in _RELATING_VERBS.intersection(a).intersection(b):
        if a.count(verb) != 1 or b.count(verb) != 1:
            continue
        if _passive_or_pronoun(a, a.index(verb)) or _passive_or_pronoun(b, b.index(verb)):
            continue  # ('the census was supervised by which agency', 'temp workers: who should supervise them')
        before_a, after_a = _sides_of(a, a.index(verb))
        before_b, after_b = _sides_of(b, b.index(verb))
        if before_a & after_b and after_a & before_b and not before_a & before_b and not after_a & after_b:
            return True
    return False


def _passive_or_pronoun(words: tuple[str, ...], at: int) -> bool:
    """The verb at ``at`` is passive ('was supervised by') or takes a pronoun standing for a
    topic said before it ('temp workers: who should supervise them'; review 102)."""
    following = words[at + 1 : at + 2]
    return following in (("by",), ("them",), ("it",), ("him",), ("her",)) or (at > 0 and words[at - 1] in _BE_FORMS)


def _sides_of(words: tuple[str, ...], at: int) -> tuple[set[str], set[str]]:
    """The content stems before and after ``words[at]``, within its sentence ('|' ends one)."""
    start = max((i + 1 for i in range(at) if words[i] == "|"), default=0)
    end = next((i for i in range(at + 1, len(words)) if words[i] == "|"), len(words))
    before = {stem(w) for w in words[start:at] if _is_content(w)}
    after = {stem(w) for w in words[at + 1 : end] if _is_content(w)}
    return before, after


_CONVERTING = frozenset(
    {"convert", "converts", "converting", "turn", "turns", "turning", "transform", "transforms", "transforming"}
)


_GLUED_MEASURE = re.compile(r"\d+(?:\.\d+)?([a-z]+)")


def _unit_of(word: str) -> str:
    """A measure written glued ('8mm') as its unit, the side of a conversion it names."""
    glued = _GLUED_MEASURE.fullmatch(word)
    return glued[1] if glued and glued[1] in UNITS else word


_FREE_AFTER = frozenset((d, "without") for d in ("a", "an", "the", "its", "their", "my", "your", "our"))
"""A determiner, then 'without': an 'X-free' word, read as 'without X', at the start of a phrase."""


def _conversions(words: tuple[str, ...]) -> list[tuple[frozenset[str], frozenset[str]]]:
    """(what is converted, what it becomes) for each 'convert X to Y' / 'turn X into Y': the
    content stems up to 'to' / 'into' (at most ten words on), and at most four words after
    it, up to a phrase break."""
    found = []
    for i, word in enumerate(words):
        if word not in _CONVERTING:
            continue
        end = next((j for j in range(i + 1, min(i + 11, len(words))) if words[j] in ("to", "into")), None)
        if end is None:
            continue
        source = frozenset(stem(_unit_of(w)) for w in words[i + 1 : end] if _is_content(w))
        after = words[end + 1 : end + 5]
        if after[:2] in _FREE_AFTER:  # ('to its tax-free equivalent', read 'its without tax'; hold-out 207)
            after = (after[0], *after[2:])
        target = frozenset(
            stem(_unit_of(w)) for w in takewhile(lambda w: w not in _PHRASE_BREAKS, after) if _is_content(w)
        )
        if source and target:
            found.append((source, target))
    return found


def _conversion_reversed(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """What one side converts is what the other converts into, both ways: 'convert the date
    in A2 into text in the format YYYY-MM-DD' / 'convert text in A2 in the format YYYY-MM-DD
    into a date' (the words that describe each part keep the plain swap from showing)."""
    return any(
        (source_a - source_b) & target_b and (source_b - source_a) & target_a
        for source_a, target_a in map(_adjectives_as_nouns, _conversions(a))
        for source_b, target_b in map(_adjectives_as_nouns, _conversions(b))
    )


def _adjectives_as_nouns(
    conversion: tuple[frozenset[str], frozenset[str]],
) -> tuple[frozenset[str], frozenset[str]]:
    """Both ends of a conversion with an adjective in '-al' read as its noun: 'ellipsoid
    heights' and 'ellipsoidal heights' name one end ('convert ellipsoid heights to
    orthometric' / 'orthometric heights to ellipsoidal')."""
    source, target = conversion
    return (
        frozenset(w[:-2] if w.endswith("al") and len(w) > 6 else w for w in source),
        frozenset(w[:-2] if w.endswith("al") and len(w) > 6 else w for w in target),
    )


def _than_sides_traded(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """The two sides of one comparison trade places, the comparative kept: 'louder in
    headphones than on my monitors' / 'louder on my monitors than in headphones'. (With
    the comparative changed, 'faster than Y' / 'Y slower than', the swap may say the same.)"""
    sides_a, sides_b = _than_sides(a), _than_sides(b)
    if sides_a is None or sides_b is None or sides_a[0] != sides_b[0]:
        return False
    (_, before_a, after_a), (_, before_b, after_b) = sides_a, sides_b
    return bool(after_a & before_b - after_b) and bool(after_b & before_a - after_a)


def _me_and_i_traded(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """The speaker does to a thing on one side what the thing does to the speaker on the other:
    'I rear-ended a car that stopped' / 'a car rear-ended me after I stopped' (hold-out 219),
    'what should I tell my son's teacher' / 'what should my son's teacher tell me' (hold-out
    312), 'what should I, as a caregiver, tell the neurologist' / 'what should the neurologist
    tell me, as a caregiver' (hold-out 314: 'I' a few words before its verb, 'as' between)."""
    for j, verb in enumerate(b[1:-1], start=1):
        if b[j + 1] != "me" or not (_is_content(verb) or verb in _TELLING):
            continue
        doers = {w for w in b[max(0, j - 3) : j] if _is_content(w)}
        for i, word in enumerate(a):
            if word != verb or not doers & set(a[i + 1 : i + 4]):
                continue
            if "i" in a[max(0, i - 2) : i] or ("i" in a[max(0, i - 5) : i] and "as" in a[max(0, i - 4) : i]):
                return True
    return False


_HAVING = frozenset({"have", "has", "had"})
_THE_SPEAKER = frozenset({"i", "im", "me", "my", "ive"})


def _holders(words: tuple[str, ...]) -> dict[str, str]:
    """What each holder has, by the first content word of the thing: 'I have heart failure' ->
    {'heart': 'i'}, 'my daughter has heart failure' -> {'heart': 'daughter'} (a holder is
    'I' or the noun of 'my X'; 'who has' names none)."""
    held: dict[str, str] = {}
    for i, word in enumerate(words):
        if word not in _HAVING or not i:
            continue
        before = words[i - 1]
        holder = "i" if before == "i" else before if i >= 2 and words[i - 2] == "my" and _is_content(before) else ""
        thing = next((w for w in words[i + 1 : i + 3] if _is_content(w)), "")
        if holder and thing:
            held.setdefault(thing, holder)
    return held


def _holders_traded(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """The speaker has a thing on one side and the person they name has it on the other, each
    side naming both: 'I have heart failure and my daughter is my caregiver' / 'my daughter
    has heart failure and I'm her caregiver' (hold-out 340)."""
    held_a, held_b = _holders(a), _holders(b)
    for thing, holder in held_a.items():
        other = held_b.get(thing)
        if other is None or other == holder or "i" not in (holder, other):
            continue
        person = other if holder == "i" else holder
        if person in a and person in b and not _THE_SPEAKER.isdisjoint(a) and not _THE_SPEAKER.isdisjoint(b):
            return True
    return False


_PASSIVE_AUX = frozenset({"being", "been", "is", "was", "are", "were", "be", "get", "gets", "got", "getting"})
_SOMEONE = frozenset({"someone", "somebody", "anyone", "anybody", "others", "another"})
"""Doers no noun names: 'being overtaken by someone' / 'overtaking someone' (hold-out 334)."""
_AFTER_BY = frozenset({"a", "an", "the", "my", "his", "her", "their", "our", "some", "another"})


def _done_to_or_doing(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """The same subject has a thing done to it by someone on one side and does it to them on the
    other: 'my daughter is being bullied by a classmate' / 'my daughter is bullying a
    classmate' (hold-out 319), 'when being overtaken by someone' / 'when overtaking someone'
    (hold-out 334). ``a`` says 'being (is, got …) V-ed by N', ``b`` the same verb
    with N right after it and no 'by'."""
    for i in range(len(a) - 3):
        if a[i] not in _PASSIVE_AUX or a[i + 2] != "by":
            continue
        verb = _verb_base(a[i + 1])
        doer = next((w for w in a[i + 3 : i + 5] if w not in _AFTER_BY), None)
        if doer is None or not (_is_content(doer) or doer in _SOMEONE) or "by" in b:
            continue
        for j in range(len(b) - 1):
            done = [w for w in b[j + 1 : j + 4] if w not in _AFTER_BY][:1]
            if b[j] != a[i + 1] and _verb_base(b[j]) == verb and _is_content(b[j]) and doer in done:
                return True
    return False


_TELLING = frozenset({"tell", "ask", "show", "give", "send", "teach", "call", "pay", "owe", "text", "email"})
"""Verbs the stopwords hold that take a person: 'tell me', 'ask me', 'pay me'."""


_HEADLESS = frozenset({"a", "an", "the", "my", "your", "our", "their", "his", "her", "its", "this", "that", "some"})
"""Words that head no phrase of their own: two items after 'a' are a list, not two heads."""


def _tails_traded(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Two joined phrases keep their heads and trade what follows them: 'turn on at night and
    off during the day' / 'turn on during the day and off at night' (hold-out 216). The same
    phrases in another order ('off during the day and on at night') trade nothing."""
    start, end = shared_ends(a, b)
    span_a, span_b = a[start : len(a) - end], b[start : len(b) - end]
    if "and" not in span_a or "and" not in span_b or sorted(span_a) != sorted(span_b):
        return False
    k, m = span_a.index("and"), span_b.index("and")
    left_a, right_a, left_b, right_b = span_a[:k], span_a[k + 1 :], span_b[:m], span_b[m + 1 :]
    return (
        bool(left_a)
        and len(right_a) > 1
        and right_a[0] == right_b[0]
        and right_a[0] not in _HEADLESS  # ('between a browser and a server' / 'a server and a browser')
        # two heads ('on', 'off'); one head twice lists ('cycling in the morning and cycling …')
        and start > 0
        and a[start - 1] != right_a[0]
        and left_a == right_b[1:]
        and left_b == right_a[1:]
        and left_a != left_b
    )


_DAY_SLOTS = (
    ("in", "the", "morning"), ("in", "the", "afternoon"), ("in", "the", "evening"), ("at", "night"),
    ("at", "bedtime"), ("before", "bed"), ("at", "lunch"), ("with", "breakfast"), ("with", "dinner"),
)  # fmt: skip
"""Times of day a schedule gives things at: 'two tablets in the morning and one at night'."""


def _held_in_slots(words: tuple[str, ...]) -> dict[tuple[str, ...], frozenset[str]]:
    """Per time of day the text names, the stems of the content words among the four before
    it (after the time named before it)."""
    found: dict[tuple[str, ...], frozenset[str]] = {}
    since = 0
    for i in range(len(words)):
        for slot in _DAY_SLOTS:
            if words[i : i + len(slot)] == slot:
                found[slot] = frozenset(stem(w) for w in words[max(since, i - 4) : i] if _is_content(w))
                since = i + len(slot)
    return found


def _slots_traded(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Two things given at two times of day, each at the other's time: 'the two orange tablets
    in the morning and the light blue one at night' / 'the light blue tablet in the morning and
    the two orange ones at night' (hold-out 376). Only the words that tell the two apart count,
    more of them crossed than kept in place."""
    held_a, held_b = _held_in_slots(a), _held_in_slots(b)
    for x, y in combinations([slot for slot in held_a if slot in held_b], 2):
        only_ax, only_ay = held_a[x] - held_a[y], held_a[y] - held_a[x]
        only_bx, only_by = held_b[x] - held_b[y], held_b[y] - held_b[x]
        crossed, kept = len(only_ax & only_by) + len(only_ay & only_bx), len(only_ax & only_bx) + len(only_ay & only_by)
        if only_ax & only_by and only_ay & only_bx and crossed > kept:
            return True
    return False


def _converse_comparison(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """One comparison said from each end, the comparative changed with the sides: 'Is the
    Disney Wish bigger than the Disney Fantasy' / 'Is the Disney Fantasy smaller than the
    Disney Wish' (hold-out 215) ask one thing; opposite comparatives here are no antonyms."""
    sides_a, sides_b = _compared(a), _compared(b)
    if sides_a is None or sides_b is None or sides_a[0] == sides_b[0]:
        return False
    (_, subject_a, object_a), (_, subject_b, object_b) = sides_a, sides_b
    return bool(object_a & subject_b - object_b) and bool(object_b & subject_a - object_a)


def _compared(words: tuple[str, ...]) -> tuple[str, frozenset[str], frozenset[str]] | None:
    """For a text with one 'than' right after its comparative: the comparative, the content
    stems of the three words before it and of the three after 'than'."""
    at = [i for i, w in enumerate(words) if w == "than"]
    if len(at) != 1 or at[0] < 2 or not words[at[0] - 1].endswith(("er", "re")):
        return None
    than = at[0]
    subject, compared = words[max(0, than - 4) : than - 1], words[than + 1 : than + 4]
    return (
        words[than - 1],
        frozenset(stem(w) for w in subject if _is_content(w)),
        frozenset(stem(w) for w in compared if _is_content(w)),
    )


_IRREGULAR_COMPARATIVES = frozenset({"worse", "better", "further", "farther"})
"""Comparatives not in -er: 'headaches worse in the morning than at night' (hold-out 322)."""


def _than_sides(words: tuple[str, ...]) -> tuple[str, frozenset[str], frozenset[str]] | None:
    """For a text with one 'than': the comparative (the last word in -er or of
    :data:`_IRREGULAR_COMPARATIVES`, or after 'more' or 'less', among the five before it) and
    the content stems of the three words between it and 'than' and of the three after 'than'."""
    at = [i for i, w in enumerate(words) if w == "than"]
    if len(at) != 1:
        return None
    than = at[0]
    window = words[max(0, than - 5) : than]
    comparative = next(
        (
            i
            for i in range(len(window) - 1, -1, -1)
            if window[i].endswith("er")
            or window[i] in _IRREGULAR_COMPARATIVES
            or (i and window[i - 1] in ("more", "less"))
        ),
        None,
    )
    if comparative is None:
        return None
    between = window[comparative + 1 :][-3:]
    after = words[than + 1 : than + 4]
    return (
        window[comparative],
        frozenset(stem(w) for w in between if _is_content(w)),
        frozenset(stem(w) for w in after if _is_content(w)),
    )


def _converse(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """An implication and its converse: 'if n^2 is even then n is even' / 'if n is even then
    n^2 is even'. Each side's condition (between 'if' and 'then') starts the other's
    conclusion (after 'then'), and the two conditions differ. The parts may share words,
    which the swap of two separate parts does not allow."""
    parts_a, parts_b = _if_then(a), _if_then(b)
    if parts_a is None or parts_b is None:
        return False
    (if_a, then_a), (if_b, then_b) = parts_a, parts_b
    return if_a != if_b and then_b[: len(if_a)] == if_a and then_a[: len(if_b)] == if_b


def _if_then(words: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """The words between the first 'if' and the 'then' after it, and the words after that."""
    start = next((i for i, w in enumerate(words) if w == "if"), None)
    if start is None:
        return None
    then = next((i for i in range(start + 1, len(words)) if words[i] == "then"), None)
    if then is None or then == start + 1:
        return None
    return words[start + 1 : then], words[then + 1 :]


def _main_clauses(a: tuple[str, ...], b: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The words of each side before its first 'if' / 'when' / 'because' …, when both have one
    there: parts trading places in the main clause are a swap whatever the condition says
    ('can the assignee sue the obligor if they fail to perform' / 'can the obligor sue the
    assignee if the assignee fails to perform'). Nothing to compare otherwise."""
    cut_a = next((i for i, w in enumerate(a) if w in _SUBORDINATORS), None)
    cut_b = next((i for i, w in enumerate(b) if w in _SUBORDINATORS), None)
    if cut_a is None or cut_b is None or a[cut_a] != b[cut_b]:
        return (), ()
    return a[:cut_a], b[:cut_b]


_WITH_AIMED = _REPLACING | frozenset(
    {"counter", "countering", "follow", "following", "top", "coat", "cover", "fill", "stuff", "treat", "answer"}
)
"""Verbs after which 'X with Y' has a direction: 'replace butter with oil', 'counter a jab with a
right hand', 'follow the jab with a cross', 'top the fries with cheese' (hold-out 222)."""
_SYMMETRIC_JOINS = _COORDINATORS | {"with", "|", "between", "among", "&"}
"""Words between two parts that make their order free: 'X and Y', 'X with Y', separate sentences."""


def _runs_traded(
    a: tuple[str, ...], b: tuple[str, ...], listed: frozenset[str] = frozenset(), names: frozenset[str] = frozenset()
) -> bool:
    """The same words, two parts of them (one to four words, from content word to content
    word) trading places and nothing else moving: 'is every square a rectangle' / 'is every
    rectangle a square', 'does lack of sleep cause weight gain' / 'does weight gain cause lack
    of sleep'. A phrase moved to the front ('in music theory') is no part; parts joined by
    'and', 'or', 'with' or a sentence end are a list in another order, which asks the same.
    A word of a name (``names``) may end a part even if it is a function word elsewhere:
    'an Xbox One controller on the Xbox Series X' / 'an Xbox Series X controller on the Xbox
    One'."""
    if a == b or len(a) != len(b) or sorted(a) != sorted(b):
        return False
    start = 0
    while a[start] == b[start]:
        start += 1
    end = len(a)
    while a[end - 1] == b[end - 1]:
        end -= 1
    left, right = a[start:end], b[start:end]
    for x_len in range(1, min(_SWAPPED_PHRASE_LENGTH, len(left) - 1) + 1):
        for y_len in range(1, min(_SWAPPED_PHRASE_LENGTH, len(left) - x_len) + 1):
            x, y = left[:x_len], left[len(left) - y_len :]
            middle = left[x_len : len(left) - y_len]
            if right != y + middle + x or not middle:
                continue  # (no middle: 'purr sometimes' / 'sometimes purr', a modifier moved)
            if set(middle) & _SYMMETRIC_JOINS and all(
                w in _SYMMETRIC_JOINS or w in STOPWORDS or w in names for w in middle
            ):
                continue  # 'X and Y', 'X with the Y': a list; 'primary in X and the replica in Y' relates
                # ('the Xbox One and the Xbox Series X': the name's shared word sits in between)
            if stem(x[0]) in listed and stem(y[-1]) in listed:
                continue  # 'name, status, and age' / 'age, status, and name': items of one list
            if (max(x_len, y_len) <= 4 or _one_verb(middle)) and all(
                all(_is_part_end(end) or end in names for end in (part[0], part[-1])) for part in (x, y)
            ):
                return True  # (longer parts around one verb: 'the mother's gestational diabetes
                # affect the baby's blood sugar after birth'; hold-out 270)
            if start and a[start - 1] == middle[-1] and _phrases_of_one_slot(x, y, middle):
                return True
    return False


def _one_verb(middle: tuple[str, ...]) -> bool:
    """A middle of one content word and at most a determiner after it ('affect the'): the verb
    between two parts, however long they are."""
    return 1 <= len(middle) <= 2 and _is_content(middle[0]) and all(not _is_content(w) for w in middle[1:])


_SWAPPED_PHRASE_LENGTH = 6
"""The most words of a phrase that trades places with another (a part is at most four)."""


def _phrases_of_one_slot(x: tuple[str, ...], y: tuple[str, ...], middle: tuple[str, ...]) -> bool:
    """Two phrases after the same word trade places: 'serving with the wind behind me but fall
    apart when serving into the wind' / 'serving into the wind but … serving with the wind
    behind me'. Each starts with a preposition and says something; a middle with 'and' or 'or'
    joins a list, whose order says nothing ('running in the rain and running at night')."""
    return (
        _ALTERNATIVES.isdisjoint(middle)
        and "and" not in middle
        and all(part[0] in _PREPOSITIONS and part[-1].isalnum() and any(map(_is_content, part)) for part in (x, y))
    )


def _is_part_end(word: str) -> bool:
    """A word that can start or end a part: not a function word ('lack' can, 'in' cannot)."""
    return word[:1].isalnum() and word[-1:].isalnum() and word not in STOPWORDS


def _first_person(words: tuple[str, ...]) -> tuple[str, ...]:
    """'I'm adding my husband' as 'I adding my husband': the speaker of a contraction; and a
    speaker in the plural as one ('a distributor owes us' / 'we owe a distributor'). 'us'
    before a word of letters is the country ('renew a US passport')."""
    return tuple(
        word if word == "us" and _country(words, i) else _SPEAKER_FORMS.get(word, word) for i, word in enumerate(words)
    )


def _country(words: tuple[str, ...], at: int) -> bool:
    """Whether 'us' names the country: after 'the', or before a word of letters that is no
    preposition ('a US passport'; not 'rejects us after the interview')."""
    if at and words[at - 1] == "the":
        return True
    following = words[at + 1] if at + 1 < len(words) else ""
    return (
        _is_content(following) and following.isalpha() and following not in _CARDINALS and following not in DIRECTIONAL
    )


_I_CONTRACTED = frozenset({"i'm", "i've", "i'd", "i'll"})
_SPEAKER_FORMS = MappingProxyType(
    {
        **dict.fromkeys(_I_CONTRACTED, "i"),
        **dict.fromkeys(("we", "we're", "we've", "we'd", "we'll"), "i"),
        "us": "me",
    }
)


def _speaker_verbs(words: tuple[str, ...]) -> tuple[set[str], set[str]]:
    """Stems of the content words right after 'I' ('I sent') and right before 'me' ('sent me'),
    or at most four words before 'to me' ('sent money to me', 'supplies the raw material to me').
    Stemmed twice, so that a verb's forms meet ('supplies' -> 'supply' -> 'supp')."""
    after, before = set(), set()
    for i, (x, y) in enumerate(pairwise(words)):
        if x == "i" and _is_content(y):
            after.add(stem(stem(y)))
        elif y == "me" and _is_content(x):
            before.add(stem(stem(x)))
        elif y == "me" and x in ("to", "from"):  # 'sent money to me', 'supplies the raw material to us'
            before.update(stem(stem(w)) for w in words[max(0, i - 4) : i] if _is_content(w))
    return after, before


def _owners_traded(a: tuple[tuple[str, str], ...], b: tuple[tuple[str, str], ...]) -> bool:
    """The same owners and the same things owned, paired otherwise: 'my neighbor's tree fell
    on my fence' / 'my tree fell on my neighbor's fence'. Owners or things only one side
    names, or owns only through an owner the other lacks, are left out ('in their yard' / 'in
    our yard' when the dog and the child trade owners)."""
    owners = {o for o, _ in a} & {o for o, _ in b}
    things = {t for o, t in a if o in owners} & {t for o, t in b if o in owners}
    a = tuple(sorted((o, t) for o, t in a if o in owners and t in things))
    b = tuple(sorted((o, t) for o, t in b if o in owners and t in things))
    if len(a) < 2 or a == b:
        return False
    return sorted(o for o, _ in a) == sorted(o for o, _ in b) and sorted(t for _, t in a) == sorted(t for _, t in b)


def _mine_or_someone_elses(a: tuple[tuple[str, str], ...], b: tuple[tuple[str, str], ...]) -> bool:
    """A thing the speaker owns on one side is someone else's on the other: 'sell pieces made
    from someone else's pattern' / 'from my pattern' (hold-out 419)."""
    return any(("i", thing) in b for owner, thing in a if owner == "else") or any(
        ("else", thing) in b for owner, thing in a if owner == "i"
    )


def _speaker_traded(a: TextFacts, b: TextFacts) -> bool:
    """The speaker does something on one side and has it done to them on the other: 'I sent
    money by mistake' / 'someone sent me money by mistake'; or is compared the other way:
    'my sister is older than me' / 'I'm older than my sister'."""
    sides_a, sides_b = a.speaker_sides, b.speaker_sides
    if sides_a and sides_b and sides_a.isdisjoint(sides_b):
        return True
    words_a, words_b = _first_person(a.words), _first_person(b.words)
    if not ({"i", "me"} & set(words_a) and {"i", "me"} & set(words_b)):
        return False
    does_a, done_a = _speaker_verbs(words_a)
    does_b, done_b = _speaker_verbs(words_b)
    return bool((does_a & done_b) - done_a - does_b) or bool((does_b & done_a) - done_b - does_a)


def _me_and_mine_traded(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """The speaker and someone of theirs trade places, the rest kept: 'I'm going to be a
    gestational carrier for my sister' / 'my sister is going to be a gestational carrier for
    me' (hold-out 293), 'when my opponent has me locked in a cradle' / 'when I have my opponent
    locked' (hold-out 295), 'transfer my mom's house to me' / 'transfer my house to my mom'
    (hold-out 296). Each place that differs holds the speaker on one side and the other person
    on the other, and the swap goes both ways."""
    for person in _mine(a) & _mine(b):
        line_a, line_b = _person_line(a, person), _person_line(b, person)
        if len(line_a) != len(line_b):
            continue
        changed = [(x, y) for x, y in zip(line_a, line_b, strict=True) if x != y]
        if not changed or not all({x, y} in ({"me", "them"}, {"my", "their"}) for x, y in changed):
            continue
        if any(x in _SPEAKER for x, _ in changed) and any(x not in _SPEAKER for x, _ in changed):
            return True  # (both ways: the speaker became the other person, and the other the speaker)
    return False


_SPEAKER = frozenset({"me", "my"})


def _mine(words: tuple[str, ...]) -> set[str]:
    """The people or things the speaker names as theirs: 'my sister', 'my mom's house' (mom)."""
    return {_owner(words[i + 1]) for i, w in enumerate(words[:-1]) if w == "my" and _is_content(_owner(words[i + 1]))}


_BE_AND_HAVE = MappingProxyType({"am": "", "is": "", "are": "", "was": "", "were": "", "has": "have", "had": "have"})


def _person_line(words: tuple[str, ...], person: str) -> tuple[str, ...]:
    """``words`` with the speaker as 'me' (possessive 'my'), ``person`` after 'my' as 'them'
    (possessive 'their'), and the forms of 'be' and 'have' that agree with either made alike."""
    line: list[str] = []
    at = 0
    words = _first_person(words)
    while at < len(words):
        word = words[at]
        following = words[at + 1] if at + 1 < len(words) else ""
        if word == "my" and _owner(following) == person:
            line.append("their" if following != person else "them")
            at += 2
            continue
        if word in ("i", "me", "myself"):
            line.append("me")
        elif word == "my":
            line.append("my")
        elif (mapped := _BE_AND_HAVE.get(word)) is not None:
            if mapped:
                line.append(mapped)
        else:
            line.append(word)
        at += 1
    return tuple(line)


def _stated_roles_traded(a: TextFacts, b: TextFacts) -> bool:
    """Someone's stated role is another on the other side, and that other is a party there
    too, or its opposite: 'I'm the buyer and the seller backed out' / 'I'm the seller and the
    buyer backed out', 'taxes for me as the seller' / 'as the buyer'."""
    roles_a, roles_b = a.stated_roles, b.stated_roles
    if not roles_a or not roles_b or roles_a & roles_b:
        return False
    return any(
        (x in b.words and y in a.words and not _one_phrase(a.words, x, y) and not _one_phrase(b.words, x, y))
        or y in _OPPOSITE.get(x, frozenset())
        for x in roles_a
        for y in roles_b
    )


def _one_phrase(words: tuple[str, ...], x: str, y: str) -> bool:
    """``x`` and ``y`` stand close together: one role said in more words ('a first-year PhD
    student' / 'a first year sociology phd student', read as 'student' and as 'phd')."""
    return any(w == x and y in words[max(0, i - 2) : i + 3] for i, w in enumerate(words))


def _wh_roles_traded(a: TextFacts, b: TextFacts) -> bool:
    """A question asks for the subject on one side and the object on the other, with the
    same verb and the same other party: 'what do owls eat' / 'what eats owls', 'who does
    Maria manage' / 'who manages Maria'."""
    roles_a, roles_b = a.wh_roles, b.wh_roles
    return any((noun, verb) in roles_b and roles_b[(noun, verb)] != role for (noun, verb), role in roles_a.items())


def _roles_traded(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks who or what does something to X ('who reports to Maria?'), ``b`` what X
    does it to ('who does Maria report to?')."""
    for verb, preposition, subject in b.stranded:
        if any(v == verb and p == preposition for v, p, _ in a.stranded):
            continue
        if any(v == verb and p == preposition and subject & obj for v, p, obj in a.attached):
            return True
    return False


def _parts_swapped(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Two parts of one to two content words trade places around the same words:
    'module app should depend on module core' / 'module core depend on module app', 'my
    laptop's port reachable from the remote server' / 'the remote server's port reachable from my
    laptop'. One side may add up to two words in between ('English speakers make' / 'German
    speakers commonly make'). The words between must say more than 'and' or 'or' (a list in
    another order asks the same), and one word that also precedes the first part is a shared
    modifier, not a relation ('baking soda for baking powder' / 'baking powder ... baking soda')."""
    if a == b:
        return False
    in_a, in_b = set(a), set(b)
    if [w for w in a if w in in_b] == [w for w in b if w in in_a]:
        return False  # the words both say come in the same order: nothing traded places
    a, b = _differing_span(a, b)
    return _parts_swapped_into(a, b) or _parts_swapped_into(b, a)


_SPAN_MARGIN = 8
"""Words kept on each side of the span where two texts differ: the context a swap rule reads."""
_SPAN_LIMIT = 400
"""The most words of a differing span the word-order rules search: their search grows with
the square of its length, and two texts that differ over more than this are told apart by
their numbers, names and the verifier, not by two parts trading places."""


def _differing_span(a: tuple[str, ...], b: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The words where ``a`` and ``b`` differ, with a margin of shared words around them.

    Two parts that trade places lie where the texts differ: a long pasted log or document
    the two sides share, before or after, cannot take part and is left out (it made the
    search take seconds on a few thousand words). A span longer than the limit is cut there.
    """
    head, tail = shared_ends(a, b)
    start = max(head - _SPAN_MARGIN, 0)
    end_a, end_b = min(len(a) - tail + _SPAN_MARGIN, len(a)), min(len(b) - tail + _SPAN_MARGIN, len(b))
    return a[start:end_a][:_SPAN_LIMIT], b[start:end_b][:_SPAN_LIMIT]


def _parts_swapped_into(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    positions: dict[str, list[int]] = {}
    for n, word in enumerate(b):
        positions.setdefault(word, []).append(n)
    known = set(a)
    # run[i]: how many content words follow one another from a[i] (a part is such a run)
    run = [0] * (len(a) + 1)
    for i in range(len(a) - 1, -1, -1):
        run[i] = run[i + 1] + 1 if _is_content(a[i]) else 0
    for i in range(len(a)):
        if a[i] not in positions:
            continue
        for x_len in range(1, min(run[i], 3) + 1):
            x = a[i : i + x_len]
            relates = False  # whether the words between say more than 'and', 'or' or 'with'
            for m_len in range(1, min(6, len(a) - i - x_len) + 1):
                middle = a[i + x_len : i + x_len + m_len]
                after = a[i + x_len + m_len : i + x_len + m_len + 1]
                if middle[-1] in _ALTERNATIVES or (
                    middle[-1] == "and" and after != ("then",) and not _roles_of_self(x, middle, after)
                ):
                    break  # 'credit card or debit card', 'ID, type and state' in another order; another sentence
                relates = relates or not (
                    middle[-1] in _COORDINATORS or (middle[-1] == "with" and not (i and a[i - 1] in _WITH_AIMED))
                )
                if not relates:
                    continue  # 'MERGE with RETURNING' / 'RETURNING with MERGE' ask the same
                if m_len == 1 and i and a[i - 1] == middle[0]:
                    continue  # a modifier of both parts ('baking soda ... baking powder')
                start = i + x_len + m_len
                for y_len in range(1, min(run[start], 3) + 1):
                    y = a[start : start + y_len]
                    if y[0] not in positions or set(x) & set(y):
                        continue
                    if "self" in x + y and a.count("self") != b.count("self"):
                        continue  # 'I ... that I can make': the speaker said once more is no role
                    if any(_follows(b, n, y, middle, x, known) for n in positions.get(y[0], ())) and not any(
                        _follows(b, n, x, middle, y, known) for n in positions[x[0]]
                    ):
                        return True
    return False


def _roles_of_self(x: tuple[str, ...], middle: tuple[str, ...], after: tuple[str, ...]) -> bool:
    """'make me the owner and my husband the user': the speaker and another party each with
    their own role, joined by 'and' (a list in another order would move the roles too)."""
    return "self" in x + after and any(_is_content(w) for w in middle[:-1])


def _follows(
    words: tuple[str, ...],
    at: int,
    first: tuple[str, ...],
    middle: tuple[str, ...],
    last: tuple[str, ...],
    known: set[str],
) -> bool:
    """``words[at:]`` reads ``first + middle + last``, with at most two words unknown to the
    other side added inside ``middle``."""
    if words[at : at + len(first)] != first:
        return False
    n, added = at + len(first), 0
    for expected in middle:
        while n < len(words) and words[n] != expected and words[n] not in known and added < 2:
            n, added = n + 1, added + 1
        if n >= len(words) or words[n] != expected:
            return False
        n += 1
    return words[n : n + len(last)] == last


def _pairs_reversed(a: TextFacts, b: TextFacts) -> bool:
    """Words on the two sides of a directional word trade places ('A to B' / 'B to A').

    Converse words are read as their partner with the sides swapped: 'B from A' is 'A to
    B' and 'B after A' is 'A before B', so 'get the deposit back from my landlord' keeps the
    direction of 'get my landlord to return the deposit'.
    """
    before_after = a.directed
    if not before_after:
        return False
    reversed_b = {(y, x, marker) for x, y, marker in b.directed}
    return any(pair in reversed_b and (pair[1], pair[0], pair[2]) not in before_after for pair in before_after)


_TELLING_APART = frozenset(
    {"tell", "telling", "distinguish", "distinguishing", "differentiate", "differentiating", "apart"}
    | {"distinguishes", "differentiates", "different", "differ", "differs"}
)
"""Verbs of telling two things apart: 'tell X from Y' asks what 'tell Y from X' asks, as 'how
is X different from Y' asks what 'what distinguishes Y from X' does (hold-out 348)."""


def _told_apart(words: tuple[str, ...]) -> bool:
    """'How do I tell natural citrine from heated amethyst', 'telling slag glass apart from
    obsidian': a relation with no direction (hold-out 273); not 'tell me how to get from A to
    B', where 'from' starts a route."""
    for i, word in enumerate(words):
        if word not in _TELLING_APART:
            continue
        window = words[i + 1 : i + 9]
        if "from" in window and "to" not in window and window[:1] not in _TOLD_PEOPLE:
            return True
    return False


_TOLD_PEOPLE = frozenset((w,) for w in ("me", "us", "him", "her", "them", "you", "someone", "people"))


def _same_roles(a: TextFacts, b: TextFacts) -> bool:
    """Every directional word both sides use governs the same word in both ('from X ... to Y'
    and 'to Y ... from X' only reorder the clauses)."""
    objects_a, objects_b = _objects(a.words), _objects(b.words)
    common = objects_a.keys() & objects_b.keys()
    return bool(common) and all(objects_a[m] == objects_b[m] for m in common)


def _objects(words: tuple[str, ...]) -> dict[str, set[str]]:
    """Per directional word, the first content words after it, up to the next directional
    word (so the infinitive in 'way to get from X' governs nothing)."""
    objects: dict[str, set[str]] = {}
    for i, word in enumerate(words):
        if word not in DIRECTIONAL:
            continue
        for following in words[i + 1 :]:
            if following in DIRECTIONAL:
                break
            owner = _owner(following)
            if _is_content(following) or (owner != following and _is_content(owner)):
                objects.setdefault(word, set()).add(stem(owner))  # 'from my mother's account': the mother
                break
    return objects


def _arguments_swapped(a: TextFacts, b: TextFacts) -> bool:
    """The same content words, with two of them trading places around the same words
    (possessives count: 'the container's port to the host' / 'the host's port to the container')."""
    content_a, content_b = a.owned_content, b.owned_content
    if len(content_a) < 3 or sorted(content_a) != sorted(content_b) or content_a == content_b:
        return False
    position_b = {w: i for i, w in enumerate(content_b)}
    once = {w for w in content_a if content_a.count(w) == 1}
    listed = a.listed | b.listed  # (a list's first item may go unseen on one side: 'a credit card or a debit card')
    for i, x in enumerate(content_a):
        for j in range(i + 2, len(content_a)):
            y = content_a[j]
            if x not in once or y not in once or x == y or (x in listed and y in listed):
                continue  # (items of one list in another order ask the same: 'name, status, and age')
            p, q = position_b[y], position_b[x]
            if p < q and content_a[i + 1 : j] == content_b[p + 1 : q]:
                noun = content_a[j - 1]  # the last word between: the noun a moved word may describe
                if _predicated(b.words, noun, x) or _predicated(a.words, noun, y):
                    continue  # 'what does a flashing engine light mean' / 'what does it mean if the light is flashing'
                return True
    return False


def _predicated(words: tuple[str, ...], subject: str, predicate: str) -> bool:
    """``subject`` is said to be ``predicate`` ('the light is flashing'): what the other side
    says with the word before its noun ('a flashing light'). Both are stems of content words."""
    return any(
        stem(_owner(x)) == subject and y in _COPULAS and stem(z) == predicate
        for x, y, z in zip(words, words[1:], words[2:], strict=False)
    )


def _giver_and_receiver_traded(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Who acts and who receives trade places around 'to', whatever the verbs: 'a C
    corporation distributes property to a shareholder' / 'a shareholder contributes property
    to a C corporation' (hold-out 207). The opening words of each side (up to its first
    'to') hold what the other side sends to, and neither side sends to what the other does."""
    ends_a, ends_b = _opening_and_receiver(a), _opening_and_receiver(b)
    if ends_a is None or ends_b is None:
        return False
    (opening_a, receiver_a), (opening_b, receiver_b) = ends_a, ends_b
    return bool(receiver_a & opening_b) and bool(receiver_b & opening_a) and receiver_a.isdisjoint(receiver_b)


def _opening_and_receiver(words: tuple[str, ...]) -> tuple[frozenset[str], frozenset[str]] | None:
    """The content stems of a sentence's first three content words before its first 'to'
    (not a question), and of the words after that 'to' and a determiner, up to a phrase break."""
    if "to" not in words[:12]:
        return None
    at = words.index("to")
    opening = [w for w in words[:at] if _is_content(w)][:3]
    if len(opening) < 2 or any(w in _WH_OPENERS for w in words[:1]):
        return None
    if words[at + 1 : at + 2] not in _RECEIVER_DETERMINERS:
        return None  # (a noun after its determiner: not 'best ways to teach new words')
    receiver = [w for w in takewhile(lambda w: w not in _PHRASE_BREAKS, words[at + 2 : at + 5]) if _is_content(w)]
    if not receiver:
        return None
    return frozenset(stem(w) for w in opening), frozenset(stem(w) for w in receiver)


_RECEIVER_DETERMINERS = frozenset((w,) for w in ("a", "an", "the", "my", "our", "their", "his", "her", "its", "your"))
_WH_OPENERS = frozenset({"how", "what", "why", "when", "where", "which", "who", "can", "should", "is", "do", "does"})


def _opposites_trade_slots(a: TextFacts, b: TextFacts) -> bool:
    """Two opposites both sides say trade places, each turning into the other between the
    same word before and the same word after: 'why does my generator run fine cold but stall
    once it warms up' / 'run fine warm but stall when it's cold' (hold-out 430), 'does tall
    beat short' / 'does short beat tall'. Not two opposites joined as alternatives ('hot or
    cold water' / 'cold or hot water'), whose order says nothing. Unlike ``_opposites_traded``
    the words may be inflected ('warms' / 'warm') and said more than once. Nor a sentence turned
    with a 'to' for a 'from' ('does the client send a heartbeat to the server' / 'does the server
    get one from the client'), the same relation told from its other end; one side's 'to' alone
    turns nothing ('the buyer check before paying the seller' / 'the seller check before
    shipping to the buyer'; hold-out 464)."""
    converses_a, converses_b = _CONVERSES.keys() & set(a.words), _CONVERSES.keys() & set(b.words)
    if converses_a - converses_b and converses_b - converses_a:
        return False
    forms_a, forms_b = [_forms_of(a, w) for w in a.words], [_forms_of(b, w) for w in b.words]
    for i, forms_x in enumerate(forms_a):
        opposites = frozenset().union(*(_OPPOSITE.get(f, frozenset()) for f in forms_x))
        if not opposites:
            continue
        for j, forms_y in enumerate(forms_b):
            if not forms_y & opposites or _neighbours(a.words, i) != _neighbours(b.words, j):
                continue
            elsewhere_a = [k for k, forms in enumerate(forms_a) if forms & forms_y]
            elsewhere_b = [m for m, forms in enumerate(forms_b) if forms & forms_x]
            if any(
                (k > i) == (m > j)  # the other one moved too: 'the inside back before the outside back' keeps both
                and not _COORDINATORS.intersection(a.words[min(i, k) : max(i, k)])
                and not _COORDINATORS.intersection(b.words[min(j, m) : max(j, m)])
                for k in elsewhere_a
                for m in elsewhere_b
            ):
                return True
    return False


def _neighbours(words: tuple[str, ...], i: int) -> tuple[str, str]:
    """The word before and the word after position ``i`` ('' at either end)."""
    return (words[i - 1] if i else "", words[i + 1] if i + 1 < len(words) else "")


_SUBJECT_PERSONS = MappingProxyType({"i": "1", "he": "3m", "she": "3f", "they": "3p"})
_OBJECT_PERSONS = MappingProxyType({"me": "1", "him": "3m", "them": "3p"})
"""Pronouns whose case is plain: 'her' (object or owner), 'you' and 'we'/'us' ('the US') are left out."""


def _persons_traded(a: TextFacts, b: TextFacts) -> bool:
    """The person who acts on one side is acted on on the other, and the other way round:
    'should I hang above him' / 'should he hang above me' (hold-out 429). Counted by case, so
    a person both sides name as subject elsewhere ('I'm stacking two hammocks') changes
    nothing."""
    subjects_a, subjects_b = (Counter(_SUBJECT_PERSONS[w] for w in f.words if w in _SUBJECT_PERSONS) for f in (a, b))
    objects_a, objects_b = (Counter(_OBJECT_PERSONS[w] for w in f.words if w in _OBJECT_PERSONS) for f in (a, b))
    gone, came = subjects_a - subjects_b, subjects_b - subjects_a
    return bool(gone) and bool(came) and gone == objects_b - objects_a and came == objects_a - objects_b
