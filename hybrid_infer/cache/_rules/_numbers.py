"""The number and unit rules: a changed number, rank, measure, count or unit ('3.11' / '3.12',
'the second' / 'the third', '5 km' / '5 miles'), numbers that trade places, a count that
became a single thing, rates and percentage points."""

from __future__ import annotations

import re
from collections import Counter
from itertools import pairwise
from types import MappingProxyType

from hybrid_infer.cache._rules._compare import (
    _GLUED,
    _SINGLE_ONE,
    _has_run,
    _is_count,
    _same_measures,
    _spelled_out,
    _unmatched,
    _written_apart_or_joined,
)
from hybrid_infer.cache._rules._facts import TextFacts
from hybrid_infer.cache._rules._normalise import _NUMBERED_NAMES
from hybrid_infer.cache._rules._read_numbers import _PERIOD_ADJECTIVES
from hybrid_infer.cache._rules._vocabulary import (
    _ALIAS_GROUP,
    _ALIAS_LENGTH,
    _COUNT_WORDS,
    _DETERMINERS,
    _SCALES,
    _TIME_PERIODS,
    NUMBER_WORDS,
    UNITS,
)
from hybrid_infer.cache._rules._words import (
    _ORDINAL_DIGITS,
    _PER_TIME,
    _is_content,
    _is_year,
    _plain_plural,
    _plain_stem,
    _singular,
    stem,
)


def _numbers_reordered(a: TextFacts, b: TextFacts) -> bool:
    """The same words and the same numbers, the numbers in another order: 'balances of $800
    and $1,200 at 19% and 29%' / '... at 29% and 19%' pair them otherwise, and 'from 5 to 10'
    is not 'from 10 to 5'."""
    if a.skeleton == b.skeleton or a.number_counts != b.number_counts:
        return False
    numbers_a = [word for word in a.skeleton if word[0].isdigit()]
    numbers_b = [word for word in b.skeleton if word[0].isdigit()]
    return sorted(numbers_a) == sorted(numbers_b) and _numbers_masked(a.skeleton) == _numbers_masked(b.skeleton)


def _one_became_a_count(a: TextFacts, b: TextFacts) -> bool:
    """The same words but 'one' on one side and another count in its place ('with at most one
    stop' / 'with at most two stops'): 'one' is not read as a number elsewhere ('one of the
    ways', 'the one I bought'), so this is the word-for-word change only (a noun after it may
    change number), beside numbers that changed too ('on the 3rd tee after two holes' / 'on the
    2nd tee after one hole', hold-out 184: the same numbers in all, the count of holes changed)."""
    words_a, words_b = _without_limiters(a.words, b.words), _without_limiters(b.words, a.words)
    if len(words_a) != len(words_b):
        return False
    changed = [(x, y) for x, y in zip(words_a, words_b, strict=True) if x != y]
    numbered = [(x, y) for x, y in changed if _has_digit(x) and _has_digit(y)]  # ('the 3rd tee' / 'the 2nd tee')
    agreeing = [(x, y) for x, y in changed if frozenset((x, y)) in _AGREEING]  # ('is one coat' / 'are three coats')
    if not changed or len(changed) - len(numbered) - len(agreeing) > 2:
        return False
    counts = [
        (x, y)
        for x, y in changed
        if "one" in (x, y) and all(w in _COUNT_WORDS or (w.isdigit() and w != "1") for w in {x, y} - {"one"})
    ]
    plurals = [
        (x, y)
        for x, y in changed
        if (x, y) not in counts + numbered and (_plain_plural(x) == _plain_plural(y) or stem(x) == stem(y))
    ]
    return len(counts) == 1 and len(counts) + len(plurals) + len(numbered) + len(agreeing) == len(changed)


_AGREEING = frozenset(
    frozenset(pair) for pair in (("is", "are"), ("was", "were"), ("has", "have"), ("does", "do"), ("it", "they"))
)
"""A verb or pronoun that turns plural with the count it agrees with: 'is one coat of
underglaze enough' / 'are three coats enough' (hold-out 369)."""


def _has_digit(word: str) -> bool:
    return any(c.isdigit() for c in word)


def _lone_numeral_against(a: TextFacts, b: TextFacts) -> bool:
    """A lone 'V' or 'X' after a name that the other side numbers otherwise: 'Rocky V' /
    'Rocky IV' (read 'Rocky 4'), 'Civilization V' / 'Civilization VI' (review 101). A lone
    letter is read as a numeral only so: 'Pikachu V' / 'Pikachu VMAX' stay names (review 102).
    A lone 'I' too, after a name or a noun that takes a number: 'Konjunktiv I' / 'Konjunktiv
    II' (hold-out 195), 'stage I melanoma' / 'stage 3 melanoma' (review 109); the other side
    may say 'I' as the asker elsewhere, just not after that name."""
    for i, word in enumerate(a.words[1:], start=1):
        value = {"v": "5", "x": "10", "i": "1"}.get(word)
        if value is None:
            continue
        name = a.words[i - 1]
        if not name.isalpha() or (word == "i" and name not in a.entities and name not in _NUMBERED_NAMES):
            continue  # ('7 x 8' multiplies; 'a contractor I paid' is the asker)
        said = _has_run(b.words, (name, word)) if word == "i" else word in b.words
        if (
            not said
            and not _has_run(b.words, (name, value))
            and any(  # ('Genki I and Genki II' / 'Genki 1 and 2')
                b.words[j - 1] == name and other.isdigit() and other != value
                for j, other in enumerate(b.words[1:], start=1)
            )
        ):
            return True
    return False


def _only_one_or_count(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks about only one of a thing (or opens asking for one), ``b`` about a count of the
    same thing: 'is just one reference letter enough' / 'are three reference letters enough',
    'recommend one router bit set' / 'compare three router bit sets', 'have only one
    witness sign my will' / 'need two witnesses' (hold-out 150, review 101). A count of
    something else is no difference ('only one car seat for twins' / '2 babies share a single
    car seat')."""
    ones = {
        stem(w)
        for i, word in enumerate(a.words[:-2])
        if a.words[i + 1] == "one" and (word in _LIMITERS or (i <= 1 and word in _ASKING_FOR_ONE))
        for w in a.words[i + 2 : i + 4]
        if _is_content(w)
    }
    if not ones or not _SINGLE_ONE.isdisjoint(b.words) or "1" in b.words or _counts_of(a.words, ones):
        return False  # ('just one egg instead of two', 'or will one do' weigh both; review 102)
    return _counts_of(b.words, ones)


def _counts_of(words: tuple[str, ...], things: set[str]) -> bool:
    """A count of two or more of ``things`` (stems) in ``words``: 'three reference letters'."""
    for i, word in enumerate(words[:-1]):
        if _is_count(word):
            counted = {f(w) for w in words[i + 1 : i + 3] if _is_content(w) for f in (stem, _plain_stem)}
            if things & counted:
                return True
    return False


def _numbered_not_dated(number: str) -> bool:
    """A model's number, not a year ('Top Gun 1986' may be the original one; review 102)."""
    return int(number) > 1 and not _is_year(number)


def _original_or_numbered(a: TextFacts, b: TextFacts) -> bool:
    """``a`` names the original of a product line ('the original Avata'), ``b`` a later one
    by its number ('the Avata 2', 'Avata2'; hold-out 156)."""
    originals = {
        w
        for i, word in enumerate(a.words)
        if word == "original"
        for w in a.words[i + 1 : i + 3]
        if _is_content(w) and not w[0].isdigit()
    }
    if not originals:
        return False
    for i, word in enumerate(b.words):
        glued = re.fullmatch(r"([a-z]+)(\d+)", word)
        name, number = (glued[1], glued[2]) if glued else (word, b.words[i + 1] if i + 1 < len(b.words) else "")
        if (
            name in originals
            and number.isdigit()
            and _numbered_not_dated(number)
            and "original" not in b.words
            and number not in a.words  # ('the original Xbox 360' / 'the Xbox 360 at launch'; review 104)
        ):
            return True
    return False


_LIMITERS = frozenset({"only", "just", "exactly"})
_ASKING_FOR_ONE = frozenset({"recommend", "suggest", "pick", "choose", "name", "me"})
"""A request that opens by asking for one ('recommend one router bit set', 'give me one'):
against a count of the same ('compare three router bit sets', hold-out 175)."""


def _without_limiters(words: tuple[str, ...], other: tuple[str, ...]) -> tuple[str, ...]:
    """``words`` less an 'only', 'just' or 'exactly' before 'one' that ``other`` lacks: 'with
    only one witness' / 'with two witnesses' (hold-out 150) change the count alone."""
    return tuple(
        w for i, w in enumerate(words) if not (w in _LIMITERS and words[i + 1 : i + 2] == ("one",) and w not in other)
    )


def _numbers_masked(words: tuple[str, ...]) -> tuple[str, ...]:
    return tuple("#" if word[0].isdigit() else word for word in words)


def _counted_thing_changed(a: TextFacts, b: TextFacts) -> bool:
    """One number hyphenated to a unit on one side and to another noun on the other: 'a
    5-minute penalty' / 'a 5-game suspension' (hold-out 172). ('a 2-man tent' / 'a 2-person
    tent' name no unit: no change.)"""
    return any(
        number == other
        and x != y
        and (x in UNITS or y in UNITS)
        and UNITS.get(x, x) != UNITS.get(y, y)
        and (number, y) not in a.hyphen_counts
        and (number, x) not in b.hyphen_counts
        and (number, UNITS.get(y, "")) not in a.number_units
        and (number, UNITS.get(x, "")) not in b.number_units
        for number, x in a.hyphen_counts
        for other, y in b.hyphen_counts
    )


def _per_basis_changed(a: TextFacts, b: TextFacts) -> bool:
    """The same words but for what a rate is 'per': '10 rebounds per game' / 'per 36
    minutes', 'yards per route run' / 'per target', 'strikeouts per 9 innings' / 'per start'
    (hold-out 226). Only with all else equal: reworded, 'per feed' / 'per bottle' or 'per
    floor' / 'per story' say one thing in two words. Times ('per day' / 'per week') are
    compared as units already; a time against a thing ('per hour' / 'per student') differs
    even with one other word added or dropped."""
    frame_a, bases_a = _per_bases(a.words)
    frame_b, bases_b = _per_bases(b.words)
    if len(bases_a) == len(bases_b) == 1 and _one_word_apart(frame_a, frame_b):
        x, y = bases_a[0], bases_b[0]
        thing = y if x in _PER_TIME else x
        timed = (x in _PER_TIME) != (y in _PER_TIME)
        if timed and _SPAN_WORDS.isdisjoint((x, y)) and thing not in UNITS and thing not in _TIMES_OF_A_RATE:
            return True  # 'per hour to teach a private lesson' / 'per student to teach a lesson' (hold-out 501)
    if not bases_a or frame_a != frame_b or len(bases_a) != len(bases_b):
        return False
    return any(
        stem(x) != stem(y)
        and not (x in _PER_TIME and y in _PER_TIME)
        and UNITS.get(x, x) != UNITS.get(y, y)
        and _SPAN_WORDS.isdisjoint((x, y))
        for x, y in zip(bases_a, bases_b, strict=True)
    )


_TIMES_OF_A_RATE = _TIME_PERIODS | {"annum", "fortnight", "shift", "session", "term"}
"""Spans of time a rate may be 'per' that are not units: 'per annum' is 'per year'."""
_SPAN_WORDS = frozenset({"period", "window", "interval", "span", "stretch", "cycle"})
"""Words that only say a span of the time before them: 'per 24 hours' / 'per 24-hour period'."""


def _one_word_apart(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """The same words, or the same but for one word only one side says."""
    if len(a) < len(b):
        a, b = b, a
    return a == b or (len(a) == len(b) + 1 and any(a[:i] + a[i + 1 :] == b for i in range(len(a))))


def _per_bases(words: tuple[str, ...]) -> tuple[tuple[str, ...], list[str]]:
    """The words with each 'per' phrase cut out, and the noun each counts by, past a number
    and its determiners: 'per 36 minutes' -> 'minute', 'per batted ball event' -> 'event'."""
    frame: list[str] = []
    found: list[str] = []
    at = 0
    while at < len(words):
        if words[at] != "per":
            frame.append(words[at])
            at += 1
            continue
        at += 1
        while at < len(words) and (words[at] in ("a", "an", "the", "each") or words[at][:1].isdigit()):
            at += 1
        run: list[str] = []
        while at < len(words) and len(run) < 3 and _is_content(words[at]) and words[at].isalpha():
            run.append(words[at])
            at += 1
        frame.append("per")
        if run:
            found.append(_plain_plural(run[-1]))
    return tuple(frame), found


_LENGTHS = frozenset({"mm", "cm", "m", "km", "ft", "yard"})
_NOT_INCHES = re.compile(r"\s+(?:(?:the|a|an|my|your|his|her|its|our|their|this|that|total|all|each|every|one)\b|\d)")


def _inches_or_other(a: TextFacts, b: TextFacts) -> bool:
    """A length in ``a`` that ``b`` gives in inches written 'in', which the words read as a
    preposition: 'a point gap of 0.4 mm' / 'of 0.4 in', 'a 20 cm long horn' / 'a 20 in long
    horn' (hold-outs 229, 231). Not '3 in a row', '2 in the morning'."""
    said_b = {number for number, _ in b.number_units}
    for number, unit in a.number_units:
        if unit not in _LENGTHS or number in said_b:
            continue
        for match in re.finditer(rf"(?<![\w.]){re.escape(number)}\s?in\b", b.signature):
            if not _NOT_INCHES.match(b.signature, match.end()):
                return True
    return False


def _units_rebound(a: TextFacts, b: TextFacts) -> bool:
    """The same number with one unit on one side and another on the other, when the unit sets
    agree because a unit is said elsewhere ('a line height of 24px for 16px text' / 'of 24pt
    for 16px text')."""
    return any(
        number == other
        and unit != other_unit
        and (number, other_unit) not in a.number_units
        and (number, unit) not in b.number_units
        and _RATE_OF.get(unit) != other_unit
        and _RATE_OF.get(other_unit) != unit
        and {unit, other_unit} not in _SAME_READINGS
        for number, unit in a.number_units
        for other, other_unit in b.number_units
    )


_RATE_OF = MappingProxyType({"mph": "mile", "km/h": "km", "ft/min": "ft", "gpm": "gallon", "mpg": "mile"})
"""A rate's distance: '3 miles in an hour' says the 3 mph of '3 miles an hour' (review 105)."""
_SAME_READINGS = ({"ppm", "mg"},)
"""Measures one number may be said in: 10 ppm of nitrate in water is 10 mg/L."""


def _says_more(a: TextFacts, b: TextFacts, numbers_a: frozenset[str], numbers_b: frozenset[str]) -> bool:
    """``a`` says a number ``b`` lacks, or says it more often: with the other side doing the
    same, '3 apples and 3 pears' / '3 apples and 5 pears' and 'the first-month salary ...
    March 15' / '... March 1' change a number (as sets, one side only adds one)."""
    own = _numbers_of(a, b, numbers_a)
    return bool(_unmatched(own, numbers_b)) or any(
        a.number_counts[n] > b.number_counts[n] for n in own & numbers_b if n in b.number_counts
    )


def _numbers_of(a: TextFacts, b: TextFacts, numbers: frozenset[str]) -> frozenset[str]:
    """``numbers`` of ``a``, less those inside a name ``b`` also uses ('two-factor' vs '2FA')."""
    groups = {g for _, g in b.aliases}
    named = {NUMBER_WORDS.get(w, w) for w, g in a.aliases if g in groups}
    named |= _glued(a, b, numbers) | _glued(b, a, b.numbers) | _written_apart_or_joined(a, b)
    return numbers - named if named else numbers


def _glued(a: TextFacts, b: TextFacts, numbers: frozenset[str]) -> set[str]:
    """A name with its number glued on ('py3', 'Python3') and the same written apart
    ('Python 3'): both the glued token and the bare number, when ``b`` says the number right
    after a word that starts with the glued letters, or after a name the letters are an alias
    of ('UE5' / 'Unreal Engine 5'). The number must follow the name: 'a UE5 game for 4
    players' / 'an Unreal Engine 4 game for 5 players' changes the version, and 'ESP32' on
    both sides writes no 32 apart ('GPIO 34 on the ESP32' / 'GPIO 32 on the ESP32')."""
    found: set[str] = set()
    words = b.words
    for token in numbers:
        match = _GLUED.fullmatch(token)
        if not match or match[2] not in b.numbers:
            continue
        letters, number = match[1], match[2]
        alias = _ALIAS_GROUP.get((letters,))
        for i in range(len(words) - 1):
            if words[i + 1] != number or words[i] == token:
                continue
            named = words[i].startswith(letters) or (
                alias is not None
                and any(
                    _ALIAS_GROUP.get(words[i - n + 1 : i + 1]) == alias for n in range(1, min(i + 1, _ALIAS_LENGTH) + 1)
                )
            )
            if named:
                found.update((token, number))
                break
    return found


def _measures_differ(a: TextFacts, b: TextFacts) -> bool:
    """Both sides measure the same dimensions, in different amounts ('half an hour' / 'an hour')."""
    if not a.quantities or [d for d, _ in a.quantities] != [d for d, _ in b.quantities]:
        return False
    return not _same_measures(a, b)


def _abbreviated_numbers(numbers: frozenset[str], other: TextFacts) -> frozenset[str]:
    """``numbers`` with a name glued to its number ('ff7', 'mk4', 't1') read as the number alone
    when ``other`` says that number after the name in full (see :func:`_spelled_out`)."""
    out = set(numbers)
    for token in numbers:
        number = _spelled_out(token, other)
        if number is not None:
            out.discard(token)
            out.add(number)
    return frozenset(out)


def _abbreviations_reordered(a: TextFacts, b: TextFacts) -> bool:
    """Numbers glued to names or units on one side, spelled out on the other, in another
    order: 'upgrade a UE4 project to UE5' / 'an Unreal Engine 5 project to Unreal Engine 4',
    'a 40A breaker on a 48 amp charger' / 'a 48A breaker on a 40 amp charger'."""
    written_a = [word for word in a.words if word in a.numbers]
    written_b = [word for word in b.words if word in b.numbers]
    said_a = [_spelled_out(word, b) or word for word in written_a]
    said_b = [_spelled_out(word, a) or word for word in written_b]
    if said_a == written_a and said_b == written_b:
        return False  # nothing glued read apart: the plain reordering rule's case
    if len(said_a) != 2 or _listed_between(a.words, a.numbers) or _listed_between(b.words, b.numbers):
        return False  # ('40 amp or 48 amp' / '48A or 40A' lists the same two)
    if not (_parallel(a.words, a.numbers) and _parallel(b.words, b.numbers)):
        return False  # ('Any% and 100% in Super Mario 64' / 'in SM64, Any% … 100%': no two of a kind)
    return sorted(said_a) == sorted(said_b) and said_a != said_b


def _parallel(words: tuple[str, ...], numbers: frozenset[str]) -> bool:
    """The two numbers count the same kind of thing: glued to the same letters ('UE4', 'UE5'),
    or said with words of the same initials ('40A' and '48 amp', 'Unreal Engine 5' and 'UE4')."""
    kinds = []
    for i, word in enumerate(words):
        if word not in numbers:
            continue
        glued = re.fullmatch(r"([a-z]*)\d+([a-z]*)", word)
        kind = {glued[1], glued[2]} - {""} if glued else set()
        if i + 1 < len(words):
            kind.add(words[i + 1][0])
        kind |= {"".join(w[0] for w in words[max(0, i - n) : i]) for n in (1, 2) if i >= n}
        kinds.append(kind)
    return len(kinds) == 2 and bool(kinds[0] & kinds[1])


def _listed_between(words: tuple[str, ...], numbers: frozenset[str]) -> bool:
    """The words between the first and the last number join them as a list or a choice."""
    at = [i for i, word in enumerate(words) if word in numbers]
    return bool(at) and not {"or", "and", "vs", "versus"}.isdisjoint(words[at[0] : at[-1]])


def _ranks_differ(a: TextFacts, b: TextFacts) -> bool:
    """'the largest city' vs 'the second largest city': each side ranks what the other does not."""
    return bool(a.ranks - b.ranks) and bool(b.ranks - a.ranks)


def _ordinals_traded(a: TextFacts, b: TextFacts) -> bool:
    """Each side puts a thing in a place in order the other does not: 'a second arthrocentesis
    after the first one didn't help' / 'a third arthrocentesis after the first two' (hold-out
    394), where the number rule sees the 2 of 'second' in the other side's 'two'. Only an
    ordinal after a determiner and before a word it orders counts ('wait a second', 'the first
    two' order nothing); '2nd' is 'second'."""
    ordinals_a, ordinals_b = _ordinals_said(a.words), _ordinals_said(b.words)
    return bool(_unshared(ordinals_a, b)) and bool(_unshared(ordinals_b, a))


def _unshared(ordinals: set[int], other: TextFacts) -> set[int]:
    """The places ``other`` says neither as an ordinal of any kind nor as a number: 'the third
    column' shares its 3 with 'column 3', 'a second coat' its 2 with 'wait before doing the
    second' (hold-out 9). A count of the first few ('the first two didn't help') places nothing."""
    said = {place for w in other.words if (place := _ordinal_value(w)) is not None}
    for i, word in enumerate(other.words):
        number = word if word.isdigit() else NUMBER_WORDS.get(word, "") if word not in _ORDERING else ""
        if number.isdigit() and not (i and other.words[i - 1] in _COUNTED_FROM):
            said.add(int(number))
    return ordinals - said


_COUNTED_FROM = frozenset({"first", "last", "next", "past", "top"})


def _ordinals_said(words: tuple[str, ...]) -> set[int]:
    found = set()
    for i, word in enumerate(words[1:-1], start=1):
        value = _ordinal_value(word)
        following = words[i + 1]
        if (
            value is not None
            and words[i - 1] in _ORDER_DETERMINERS
            and (_is_content(following) or following in ("one", "time"))
            and following not in NUMBER_WORDS
            and not following[:1].isdigit()
        ):
            found.add(value)
    return found


def _ordinal_value(word: str) -> int | None:
    """The place an ordinal says, in words or digits ('second', '2nd'); None for other words."""
    digits = _ORDINAL_DIGITS.fullmatch(word)
    return int(digits.group(1)) if digits else _ORDERING.get(word)


_ORDERING = MappingProxyType(
    {w: i for i, w in enumerate(("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"), 1)}
)
_ORDER_DETERMINERS = _DETERMINERS | {"a", "an", "this", "that"}


def _pluses_differ(a: TextFacts, b: TextFacts) -> bool:
    """A grade counted in plus signs after the same word: 'PA+++' / 'PA++' (hold-out 209),
    'A++' / 'A+++' energy labels. Each side's grade is one the other does not give, or one
    side grades a code the other says bare ('A3+' / 'A3')."""
    graded_a = {(x, y) for x, y in pairwise(a.words) if y and set(y) == {"+"}}
    graded_b = {(x, y) for x, y in pairwise(b.words) if y and set(y) == {"+"}}
    if any(
        x == u and y != v and (u, v) not in graded_a and (x, y) not in graded_b
        for x, y in graded_a
        for u, v in graded_b
    ):
        return True
    # a grade on one side only, the same word bare on the other: 'A3+ paper' / 'A3 paper' (hold-out 242)
    return _plus_dropped(a, b.words) or _plus_dropped(b, a.words)


def _plus_dropped(facts: TextFacts, other: tuple[str, ...]) -> bool:
    """A code of letters and digits with a '+' glued after it ('A3+', not 'Python 3.9+', which
    says 'or later', nor 'amd64+arm64' or 'T480 + Fedora', which join two) that ``other`` says
    bare and never with 'plus'."""
    graded = facts.words
    for x, plus, after in zip(graded, graded[1:], [*graded[2:], ""], strict=False):
        if plus != "+" or any(c.isdigit() for c in after) or not (x.isalnum() and not x.isdigit()):
            continue
        if not re.search(rf"(?i)(?<![\w.]){re.escape(x)}\+(?![\w+])", facts.signature):
            continue
        if any(c.isdigit() for c in x) and x in other and "plus" not in other and "+" not in other:
            return True
    return False


def _rates_differ(a: TextFacts, b: TextFacts) -> bool:
    """'5 minutes per kilometer' / '5 minutes per mile': the unit after 'per' changed (a
    period said as an adjective counts: 'per biweekly pay period' / 'per month'), or a unit
    against one of the few things a rate is counted by ('2% per hour worked' / '2% per
    worker'; hold-out 206), or an amount per thing against one in total."""
    per_a, per_b = _per_units(a.words), _per_units(b.words)
    nouns_a, nouns_b = _per_nouns(a.words), _per_nouns(b.words)
    if (per_a - per_b and per_b - per_a) or (nouns_a - nouns_b and nouns_b - nouns_a):
        return True
    # a unit against a thing counted by, unless one is an adjective ('2,000 updates per second'
    # / 'per-table settings')
    if not any(w.startswith("per-") for w in a.compounds + b.compounds):
        every_a, every_b = per_a | nouns_a, per_b | nouns_b
        if every_a - every_b and every_b - every_a:
            return True
    return _per_repeated(a.words, b.words) or _per_or_total(a, b) or _per_or_total(b, a)


_TOTAL = frozenset({"total", "combined", "altogether", "overall"})


def _per_or_total(a: TextFacts, b: TextFacts) -> bool:
    """An amount per something on one side and the same amount in total on the other: '50
    watts per channel' / '50 watts total' (hold-out 212), '$20 per person' / '$20 combined'."""
    said_per = {x for x, y in pairwise(a.words) if y == "per" and (x in UNITS or x.isdigit())}
    return any(x in said_per and y in _TOTAL for x, y in pairwise(b.words)) and "per" not in b.words


def _per_repeated(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """As many 'per's on each side, one side saying twice what the other says once beside
    another: '$150 per couple and $60 per person' / '$150 per person and $60 per person'
    (hold-out 196). ('per pair' / 'per head' beside 'per couple' / 'per person' is another
    wording, no subset.)"""
    per_a = Counter(y for x, y in pairwise(a) if x == "per")
    per_b = Counter(y for x, y in pairwise(b) if x == "per")
    if per_a.total() != per_b.total() or per_a.total() < 2 or per_a == per_b:
        return False
    return set(per_a) < set(per_b) or set(per_b) < set(per_a)


def _targets_differ(a: TextFacts, b: TextFacts) -> bool:
    """The unit an answer is asked in changed: 'how much does a 1 oz coin weigh in grams' /
    '... in avoirdupois ounces' (hold-out 193), 'report the latency in ms' / 'in seconds'.
    Both sides name one; a side that names none may ask the same another way."""
    targets_a, targets_b = _target_units(a.words), _target_units(b.words)
    if targets_a and targets_b:
        return targets_a.isdisjoint(targets_b)
    return _measured_in_other_terms(a.words, b.words) or _measured_in_other_terms(b.words, a.words)


def _measured_in_other_terms(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """``b`` asks for the answer in a unit ('the x-height in millimetres for a 3 mm nib'),
    ``a`` in a measure of its own between the same words ('in nib widths for'; hold-out 409)."""
    for j, word in enumerate(b[1:-2], start=1):
        if word != "in" or not _is_unit_word(b[j + 1]) or b[j + 1] in a:
            continue
        for i, other in enumerate(a[1:-2], start=1):
            if other != "in" or a[i - 1] != b[j - 1]:
                continue
            slot = a[i + 1 : i + 4]
            end = next((k for k, w in enumerate(slot) if w == b[j + 2]), None)
            if end and not any(map(_is_unit_word, slot[:end])):
                last = slot[end - 1]
                if last.endswith("s") and _is_content(last) and last not in b:
                    return True
    return False


_INTO = frozenset({"in", "into", "to"})
"""Words before the unit an answer is asked in ('weigh in grams', 'convert it to miles')."""


def _target_units(words: tuple[str, ...]) -> frozenset[str]:
    """The units after an 'in', 'into' or 'to', from the next word or the one after it ('in
    avoirdupois ounces', 'to metric tons'), all of a compound ('in inch-pounds'): what the
    answer is asked in. Units of one letter are left out ('in m' may be a name), and so is a
    unit after a number ('in 5 days')."""
    found: set[str] = set()
    for i, word in enumerate(words[:-1]):
        if word not in _INTO:
            continue
        start = i + 1
        if not _is_unit_word(words[start]):
            if not _is_content(words[start]) or not words[start].isalpha() or words[start] in NUMBER_WORDS:
                continue
            start += 1  # 'in avoirdupois ounces'
        end = start
        while end < min(start + 3, len(words)) and _is_unit_word(words[end]):
            end += 1
        if words[end : end + 1] != ("per",):  # ('to miles per hour' is 'to mph')
            found.update(UNITS[unit] for unit in words[start:end])
    for i, word in enumerate(words[:-1]):  # 'flexion in degrees' / 'as a percentage of normal' (hold-out 372)
        if word == "in" and words[i + 1] == "degrees":
            found.add("degree")
        elif word == "as" and _PERCENTAGE & set(words[i + 1 : i + 3]) and words[i + 1] in ("a", *_PERCENTAGE):
            found.add("percent")
    return frozenset(found)


_PERCENTAGE = frozenset({"percentage", "percent"})


def _is_unit_word(word: str) -> bool:
    """A unit's name of two letters or more ('g' or 'm' alone may be a name or a letter)."""
    return word in UNITS and len(word) > 1 and word.isalpha()


def _per_units(words: tuple[str, ...]) -> set[str]:
    """What each 'per' divides by: a unit, or a period ('per biweekly pay period'), or a
    counted span of time ('per 7 days' is 'per week'), or a period named by what fills it
    ('per shift', 'per pay period', 'per 12-hour shift': one 'period' for all of them).
    Spans of time are compared by their length."""
    found = set()
    for i, (x, y) in enumerate(pairwise(words)):
        if x.isdigit() and y in _PERIOD_ADJECTIVES:
            found.add(_span(_PERIOD_ADJECTIVES[y]))  # '$49 monthly' is $49 per month
        if x != "per":
            continue
        following, third = (*words[i + 2 : i + 4], "", "")[:2]
        if y in UNITS:
            found.add(_span(UNITS[y]))
        elif y in _PERIOD_ADJECTIVES:
            found.add(_span(_PERIOD_ADJECTIVES[y]))
        elif y.isdigit() and following in UNITS and third not in _FILLED_PERIODS - {"period"}:
            found.add(_span(f"{y} {UNITS[following]}"))  # ('per 24-hour period' is per 24 hours)
        elif y == "half" and following in UNITS:
            found.add(_span(f"0.5 {UNITS[following]}"))  # ('$75 per half day' / 'per hour')
        elif y in _FILLED_PERIODS or following in _FILLED_PERIODS or third in _FILLED_PERIODS:
            found.add("period")  # ('per pay period', 'per 8-hour shift')
    return found


def _span(unit: str) -> str:
    """A unit, or a span of time ('week', '2 weeks', '7 day') as its length in seconds, so
    that 'per 7 days' and 'per week' agree."""
    count, _, name = unit.rpartition(" ")
    name = UNITS.get(name, UNITS.get(_singular(name), name))
    dimension, size = _SCALES.get(name, ("", 0.0))
    if dimension != "time":
        return unit
    return f"time {float(count or 1) * size:g}"


_FILLED_PERIODS = frozenset({"shift", "period", "cycle", "semester", "term", "sprint", "session", "visit"})
"""Spans of time named by what fills them: 'per shift', 'per pay period'."""


def _per_nouns(words: tuple[str, ...]) -> set[str]:
    """What each 'per' divides by when that is one of a few things a price or a quota is
    counted by ('per person' / 'per group', 'per room' / 'per household'), past a modifier
    ('per extra guest'). Any other noun is left alone: 'per user' / 'per customer', 'per
    serving' / 'per portion' say the same (review 64)."""
    found = set()
    for i, word in enumerate(words[:-1]):
        if word != "per":
            continue
        j = i + 1
        while j + 1 < len(words) and words[j] in _PER_MODIFIERS:
            j += 1
        thing = _plain_plural(words[j])
        thing = _PER_SAME.get(thing, thing)
        if thing in _PER_DIVISORS:
            found.add(thing)
    return found


_PER_MODIFIERS = frozenset({"additional", "extra", "each", "single", "individual", "paying", "adult"})
_PER_DIVISORS = frozenset({"person", "group", "couple", "household", "room", "vehicle", "team", "table", "item"})


_PER_SAME = MappingProxyType(
    {"head": "person", "capita": "person", "individual": "person", "pp": "person", "people": "person",
     "person": "person", "guest": "person", "piece": "item", "unit": "item", "arm": "group", "variant": "group",
     "cohort": "group", "condition": "group", "bucket": "group", "variation": "group", "passenger": "person",
     "traveller": "person", "traveler": "person", "attendee": "person", "adult": "person", "family": "household",
     "pair": "couple", "car": "vehicle", "worker": "person", "employee": "person", "cabin": "room",
     "stateroom": "room"}
)  # fmt: skip
"""What 'per …' divides by, said in other words ('per head' is 'per person')."""


_MARKED_NUMBER = re.compile(
    r"([$\u20ac\u00a3\u00a5])\s?(\d[\d,]*(?:\.\d+)?)"
    r"|(\d[\d,]*(?:\.\d+)?)\s?(%|percent\b|per cent\b|dollars?\b|euros?\b)"
)
"""A number with a currency sign before it or a percent sign or word after it."""
_MARK_OF = MappingProxyType(
    {"percent": "%", "per cent": "%", "dollar": "$", "dollars": "$", "euro": "\u20ac", "euros": "\u20ac"}
)
"""The sign a word after a number stands for."""
_TEX_MATH = re.compile(r"\$[^$\s]*\\[^$]*\$")
"""LaTeX math between dollar signs with a command in it ('$5\\%$'): no money."""


def _marked_numbers(signature: str) -> dict[str, set[str]]:
    """Each number written with a currency or a percent sign, and its marks: '$15' -> {'$'},
    '15%' and '15 percent' -> {'%'}."""
    found: dict[str, set[str]] = {}
    for symbol, before, after, word in _MARKED_NUMBER.findall(_TEX_MATH.sub(" ", signature)):
        number = (before or after).replace(",", "")
        found.setdefault(number, set()).add(_MARK_OF.get(word, word) if after else symbol)
    return found


def _marks_traded(a: TextFacts, b: TextFacts) -> bool:
    """The same number, a percentage on one side and money on the other, or two currencies:
    'a rebooking fee of 15% on a $400 ticket' / 'of $15 on a $400 ticket', '€300' / '£300'."""
    marks_a, marks_b = _marked_numbers(a.signature), _marked_numbers(b.signature)
    return any(marks_a[n].isdisjoint(marks_b[n]) for n in marks_a.keys() & marks_b.keys())


def _change_kind_differs(a: TextFacts, b: TextFacts) -> bool:
    """A change 'by' an amount on one side and 'to' it on the other: 'increase the price by
    10%' / 'increase the price to 10%'."""
    kinds_a, kinds_b = a.change_kinds, b.change_kinds
    return any(verb in kinds_b and kinds_b[verb] != kind for verb, kind in kinds_a.items())


def _counts_traded(a: TextFacts, b: TextFacts) -> bool:
    """The same numbered tokens, said another number of times each way round: 'wpa2 and
    wpa3 options ... switch to wpa2' / '... switch to wpa3'."""
    counts_a, counts_b = a.numbered_counts, b.numbered_counts
    if counts_a.keys() != counts_b.keys() or counts_a == counts_b:
        return False
    return any(counts_a[t] > counts_b[t] for t in counts_a) and any(counts_b[t] > counts_a[t] for t in counts_b)


def _points_or_percent(units_a: frozenset[str], units_b: frozenset[str], words_b: tuple[str, ...]) -> bool:
    """``a`` counts a change in percentage points where ``b``, which has percentages too,
    says percent: 'a rate of 10% up 2 percentage points' (12%) / 'a rate of 10% up 2
    percent' (10.2%). ``b`` has all of ``a``'s other units (no unit more on one side) and
    speaks of no points ('an absolute increase of 2 points' says the same)."""
    return any(
        point in units_a - units_b
        and "percent" in units_b
        and units_a - {point} <= units_b
        and _POINT_WORDS.isdisjoint(words_b)
        for point in ("percentage_point", "basis_point")
    )


_POINT_WORDS = frozenset({"point", "points", "pts", "absolute"})


def _repeats_differ(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Both sides repeat a thing 'every' period, and the periods differ: '250 calories every
    hour' / '250 calories every 30 minutes' (hold-out 302); 'every 60 minutes' is 'every hour'."""
    every_a, every_b = _every_period(a), _every_period(b)
    return every_a is not None and every_b is not None and abs(every_a - every_b) > 1e-9


def _every_period(words: tuple[str, ...]) -> float | None:
    """The one period, in seconds, that 'every' or 'each' repeats at ('every 30 minutes',
    'every hour', 'every 2 hrs'; 'each other day' is none); ``None`` for none or several."""
    found = []
    for i, word in enumerate(words[:-1]):
        if word not in ("every", "each"):
            continue
        count, at = (float(words[i + 1]), i + 2) if words[i + 1].isdigit() else (1.0, i + 1)
        unit = UNITS.get(words[at], "") if at < len(words) else ""
        scale = _SCALES.get(unit)
        if scale is not None and scale[0] == "time":
            found.append(count * scale[1])
    return found[0] if len(found) == 1 else None
