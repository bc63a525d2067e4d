"""Comparisons several rule families share: measures said two ways, the numbers and units left to
compare once those are set aside, entities one side lacks, categories, and a few word tests."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from itertools import pairwise

from hybrid_infer.cache._rules._facts import TextFacts, text_facts
from hybrid_infer.cache._rules._vocabulary import (
    _ALIAS_GROUP,
    _COUNT_WORDS,
    _FRAME_FILLERS,
    _SCALES,
    NUMBER_WORDS,
    UNITS,
)
from hybrid_infer.cache._rules._words import _is_content, stem

_JOINED_WORDS = re.compile(r"(?<![\w-])([a-z0-9]+(?:-[a-z]{2,}[a-z0-9]*)+)(?![\w-])")
"""Words joined by hyphens ('dollar-cost', '6-year-old'); not a flag ('--no-cache'), a version
('utf-8', 'covid-19') or a single letter ('a-b')."""


_SPELLING_SHOWN = re.compile(r"[\"`]|(?<!\w)'|(?<![\w-])--?[a-z]")
"""Quotes, backticks or a flag: the text shows a spelling or a command line."""


def _spaced(match: re.Match[str]) -> str:
    return match.group(1).replace("-", " ")


_KIDS = frozenset({("audience", "kid"), ("audience", "kids")})


def _kids_are_students(a: TextFacts, b: TextFacts) -> bool:
    """Either side is about school and neither names students by what or where they study:
    'teach kids to cite sources' / 'teach students to cite sources' (not '... to grad
    students')."""
    return (a.at_school or b.at_school) and not (a.students_qualified or b.students_qualified)


def _grams_as_gallons(a: TextFacts, b: TextFacts) -> TextFacts:
    """``a`` read with its 'g' as gallons where ``b`` gives the same number in gallons and
    ``a`` says it of a container: 'a 75g', 'my 29g', 'a 100g tank' (hold-out 169); '100g of
    milk' and 'convert 5g to ml' stay grams (review 105)."""
    said_g = a.tank_sizes
    if not said_g:
        return a  # (the common case, on every pair)
    gallons = {number for number, unit in b.number_units if unit == "gallon"}
    if not (said_g & gallons) or "g" in b.units:
        return a
    mass, volume = _SCALES["g"][1], _SCALES["gallon"][1]
    as_volume = {float(n) * mass: float(n) * volume for n in said_g & gallons}
    return replace(
        a,
        units=(a.units - {"g"}) | {"gallon"},
        measure_units=(a.measure_units - {"g"}) | {"gallon"},
        number_units=frozenset((n, "gallon" if u == "g" and n in gallons else u) for n, u in a.number_units),
        quantities=tuple(
            sorted(
                ("volume", as_volume[size]) if dim == "mass" and size in as_volume else (dim, size)
                for dim, size in a.quantities
            )
        ),
    )


def _hyphens_joined(a: TextFacts, b: TextFacts) -> TextFacts:
    """``a`` read again with a hyphened word written as one where ``b`` writes it so: 'my
    yo-yo' / 'my yoyo', 'the World Yo-Yo Contest' / 'the World Yoyo Contest' (hold-out 464).
    One word spelled two ways must read as one: not a name changed, nor a pair whose 'doesn't'
    the negation rule could not line up."""
    if "-" not in a.source:
        return a  # (the common case, on every pair)
    joined = {m[0] for m in _HYPHENED_WORD.finditer(a.source) if (m[1] + m[2]).lower() in b.words}
    if not joined:
        return a
    return text_facts(_HYPHENED_WORD.sub(lambda m: m[1] + m[2] if m[0] in joined else m[0], a.source))


_HYPHENED_WORD = re.compile(r"\b([^\W\d_]+)-([^\W\d_]+)\b")


def _traded(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Each side has an item the other lacks (counted: '+ +' / '+ -' differ)."""
    if a == b or not (a and b):
        return False
    left, right = Counter(a), Counter(b)
    return bool(left - right) and bool(right - left)


_COORDINATED = frozenset({"and", "or", "but", "nor"})


def _framed_compounds(facts: TextFacts) -> tuple[str, ...]:
    return tuple(w for w in facts.compounds if w not in _FRAME_FILLERS)


def _unmatched(numbers: frozenset[str], other: frozenset[str]) -> set[str]:
    """``numbers`` the other side lacks. A time with 'am' or 'pm' matches the same time
    without it ('6:30' / '6:30am'), not one with the other half of the day, nor a bare number
    this side says too ('lawn 2 ... at 10am' / 'lawn 2 ... at 2pm': that 2 is the lawn's)."""
    bare_other = {_bare_time(n): n for n in other}
    return {
        n
        for n in numbers - other
        if (bare := _bare_time(n)) not in bare_other or (n != bare and (bare_other[bare] != bare or bare in numbers))
    }


def _bare_time(number: str) -> str:
    return number[:-2] if number.endswith(("am", "pm")) and number[:-2][-1:].isdigit() else number


_GLUED = re.compile(r"([a-z]{2,})(\d+(?:\.\d+)?)")


def _same_measures(a: TextFacts, b: TextFacts) -> bool:
    """Both sides state the same measures, perhaps in other units ('a week' / '7 days').

    Sizes match within 3 %, so '1 GB' / '1000 MB' and '12 months' / 'a year' agree while
    '4 weeks' / 'a month' (8 % apart) do not; written in the same units they must be equal
    ('25,999 lb' / '26,001 lb', 'shrank to 48 cm' / 'to 47 cm' differ).
    """
    if not a.quantities or len(a.quantities) != len(b.quantities):
        return False
    tolerance = 0.03 if a.units != b.units else 1e-9
    return all(
        x[0] == y[0] and abs(x[1] - y[1]) <= tolerance * max(x[1], y[1])
        for x, y in zip(a.quantities, b.quantities, strict=True)
    )


def _compared_numbers(facts: TextFacts, measured: bool) -> frozenset[str]:
    """The numbers the number rule compares: without those of matching measures, unless the
    text also says them elsewhere ('job 49 in 49 ms' / 'job 0 in 49 ms')."""
    if not measured:
        return facts.numbers
    return frozenset(n for n in facts.numbers if facts.number_counts.get(n, 0) > facts.measure_numbers.get(n, 0))


def _compared_units(facts: TextFacts, measured: bool) -> frozenset[str]:
    """The units the unit rule compares: without those of matching measures."""
    return facts.units - facts.measure_units if measured else facts.units


def _rate_parts_dropped(a: frozenset[str], b: frozenset[str]) -> tuple[frozenset[str], frozenset[str]]:
    """Both unit sets without the units that only stand inside a rate both sides say: 'how
    many knots is 30 km/h' reads 'km' and 'km/h', and 'convert 30 kph to knots' only 'km/h'
    (hold-out 227)."""
    shared = {unit.split("/")[0] for unit in a & b if "/" in unit}
    return a - shared, b - shared


_GLUED_NUMBER = re.compile(r"([a-z]{1,3})(\d+)")
_SUFFIXED_NUMBER = re.compile(r"(\d+)([a-z])")


def _spelled_out(token: str, other: TextFacts) -> str | None:
    """The number of a name glued to its number ('ff7', 'mk4', 'f1', 't1') when ``other`` says
    that number after the name in full: 'FF7' is 'Final Fantasy VII' (its initials), 'MK4'
    'Mark IV' (the word's first and last letters; review 101), 'T1' 'Turn 1' and 'S2' 'Season 2'
    (hold-out 210); or a number with a unit's letter glued after it, '48A' '48 amps'."""
    suffixed = _SUFFIXED_NUMBER.fullmatch(token)
    if suffixed is not None and suffixed[1] in other.numbers:
        number, letter = suffixed[1], suffixed[2]
        # ('48A' / '48 amp', '10D' / '10 denier'; hold-outs 213, 214; not 'Form 300 and …')
        if any(x == number and _is_content(y) and len(y) >= 3 and y[0] == letter for x, y in pairwise(other.words)):
            return number
    glued = _GLUED_NUMBER.fullmatch(token)
    if glued is None or glued[2] not in other.numbers:
        return None
    letters, number = glued[1], glued[2]
    for i, word in enumerate(other.words):
        if word != number or i == 0:
            continue
        before = other.words[max(0, i - len(letters)) : i]
        if len(letters) == 1 and not (before[0].isalpha() and len(before[0]) >= 3):
            continue  # ('=$A$1' is a cell, no 'A1' spelled out)
        if "".join(w[0] for w in before) == letters or other.words[i - 1][0] + other.words[i - 1][-1] == letters:
            return number
    return None


def _genus_abbreviated(a: TextFacts, b: TextFacts) -> set[str]:
    """Entities of ``a`` that ``b`` writes as a species name with its genus cut to an initial
    and a dot, or the other way round: 'Grammostola pulchra' / 'G. pulchra', 'E. coli' /
    'Escherichia coli' (hold-out 365). The species word after it must be the same; a lone
    letter without a dot is no genus ('DADGAD tuning' / 'drop D tuning')."""
    pairs_b = set(pairwise(b.words))
    return {
        e
        for e, following in pairwise(a.words)
        if e in a.entities
        and any(
            (x, following) in pairs_b
            and (
                (len(x) == 1 and x == e[0] and _initial_of(x, following, b.signature))
                or (len(e) == 1 and len(x) > 1 and x[0] == e and _initial_of(e, following, a.signature))
            )
            for x in b.words
        )
    }


def _initial_of(letter: str, following: str, signature: str) -> bool:
    """``signature`` writes ``letter`` with a dot before ``following``: 'g. pulchra'."""
    return re.search(rf"(?<![\w.]){re.escape(letter)}\. {re.escape(following)}\b", signature) is not None


def _missing_entities(a: TextFacts, b: TextFacts, measured: bool = False) -> set[str]:
    """Entities of ``a`` that ``b`` neither names nor mentions in lower case.

    A unit written as a name ('Celsius', 'GB') is a unit: it counts as named when ``b`` uses
    that unit, and not at all when both sides state the same measures (``measured``).
    """
    if not a.entities:
        return set()
    shouted = a.shouted | b.shouted  # 'COUNTIFS' is no plural of 'COUNTIF', nor 'HTTPS' of 'HTTP'
    # (a known name is not spelled by initials borrowed from another acronym: 'US' / 'UK size'; hold-out 183)
    spelled = b.initials - (b.borrowed_initials & {w for w, _ in a.aliases})
    known = b.entities | set(b.words) | {stem(w) for w in b.words if w not in shouted} | spelled
    known |= {
        e
        for e in a.entities
        if e not in shouted
        and any(
            _same_root(e, w)
            for w in b.words
            if w not in shouted and not (e in a.capital_codes and w in b.capital_codes)
        )
        and not _compounded_otherwise(e, b)
    }  # (two codes in capitals are no forms of one name: 'PCEPILFE' / 'PCEPI'; hold-out 206)
    known |= {w for initials, w in a.titled if initials in b.words}  # 'Logbook of the World' / 'LoTW'
    known |= _written_apart_or_joined(a, b)  # 'VO2max' / 'VO2 max'
    known |= {e for e in a.entities if _spelled_out(e, b) is not None}  # 'T1' / 'Turn 1'
    known |= _genus_abbreviated(a, b)  # 'Grammostola pulchra' / 'G. pulchra'
    known |= _numbered_apart(a, b)  # 'All-on-4' / 'All on Four'
    groups = {g for _, g in b.aliases} | _glued_groups(b, a)
    glued = groups & _glued_groups(a, b)
    aliased = {w for w, g in a.aliases if g in groups} | {
        e for e in a.entities if (m := _GLUED.fullmatch(e)) and _ALIAS_GROUP.get((m[1],)) in glued
    }
    return {
        e
        for e in a.entities
        if e not in known
        and (e in shouted or stem(e) not in known)
        and e not in aliased
        and UNITS.get(e, "") not in b.units
        and not (measured and UNITS.get(e, "") in a.measure_units)
    }


def _numbered_apart(a: TextFacts, b: TextFacts) -> set[str]:
    """Names of ``a`` with a number in them, in digits or in words, that ``b`` says the other
    way: a number word 'Four' when ``b`` says 4, a hyphened 'All-on-4' when ``b`` says 'all on
    four' word for word (hold-out 371)."""
    said = [NUMBER_WORDS.get(w, w) for w in b.words]
    runs = {" ".join(said[i : i + n]) for n in (2, 3, 4) for i in range(len(said) - n + 1)}
    found = set()
    for entity in a.entities:
        if NUMBER_WORDS.get(entity, "").isdigit() and NUMBER_WORDS[entity] in b.numbers:
            found.add(entity)
        parts = [NUMBER_WORDS.get(p, p) for p in entity.split("-")]
        if len(parts) > 1 and any(p.isdigit() for p in parts) and " ".join(parts) in runs:
            found.add(entity)
    return found


def _written_apart_or_joined(a: TextFacts, b: TextFacts) -> set[str]:
    """Words of ``a`` that ``b`` writes as two, or two adjacent words of ``a`` (the first
    given) that ``b`` writes as one: 'VO2max' / 'VO2 max' (hold-out 203); not when ``a``
    writes it both ways itself ('UTC 140 thread … Veevus 14/0' says a 140 of its own;
    hold-out 498). Only those with a digit, and not after a single letter: joining two plain
    words may make another ('on line' / 'online'), and a cell reference's letter is no word of
    its own ('=$A1' / '=A$1')."""
    joined_b = {x + y for x, y in zip(b.words, b.words[1:], strict=False) if len(x) > 1}
    joined_a = {x + y for x, y in zip(a.words, a.words[1:], strict=False) if len(x) > 1}
    found = {w for w in a.words if w in joined_b and w not in joined_a}
    found |= {
        x
        for x, y in zip(a.words, a.words[1:], strict=False)
        if len(x) > 1 and x + y in b.words and x + y not in a.words
    }
    return {w for w in found if any(c.isdigit() for c in w)}


def _glued_groups(facts: TextFacts, other: TextFacts) -> set[int]:
    """Alias groups of the names glued to a number the other side says ('UE5' names Unreal
    Engine when the other side says 5: 'a UE5 blueprint' / 'an Unreal Engine 5 blueprint'),
    the versions in the order the other side says them ('upgrade UE4 to UE5' / 'upgrade
    Unreal Engine 5 to Unreal Engine 4' is no alias)."""
    versions: dict[int, list[str]] = {}
    for word in facts.words:
        if (m := _GLUED.fullmatch(word)) and m[2] in other.numbers and (group := _ALIAS_GROUP.get((m[1],))) is not None:
            versions.setdefault(group, []).append(m[2])
    said = [w for w in other.words if w.replace(".", "", 1).isdigit()]
    return {
        group
        for group, numbers in versions.items()
        if len(numbers) == 1 or numbers == list(dict.fromkeys(n for n in said if n in numbers))
    }


def _content_run_end(words: tuple[str, ...], start: int, span: int = 3, stop: frozenset[str] = frozenset()) -> int:
    """Where the run of at most ``span`` content words from ``start`` ends (a word of ``stop``
    ends it too): the noun phrase after a verb or a quantifier ('all of my smart plugs')."""
    end = start
    while end < len(words) and end - start < span and _is_content(words[end]) and words[end] not in stop:
        end += 1
    return end


def _compounded_otherwise(entity: str, b: TextFacts) -> bool:
    """``entity`` joins a name of ``b`` to a word other than the name ``b`` puts after it:
    'Disneyland' / 'Disney World' (hold-out 262), not 'PlayStation' / 'Play Station'."""
    return any(
        entity.startswith(w)
        and len(entity) - len(w) >= 3
        and entity[len(w) :].isalpha()  # ('CRISPR-Cas9' / 'CRISPR/Cas9')
        and following in b.entities
        and following != entity[len(w) :]
        for w, following in pairwise(b.words)
    )


def _forms_of(facts: TextFacts, word: str) -> frozenset[str]:
    """The uninflected forms of a word of ``facts`` ('warms' -> 'warm'); a word the facts hold
    no forms for is its own."""
    return facts.forms[word][0] if word in facts.forms else frozenset({word})


def _same_root(x: str, y: str) -> bool:
    """One name in two forms: a shared prefix of at least 5 letters covering three quarters
    of the shorter word ('australia' / 'australian', 'canada' / 'canadian'; not 'austria' /
    'australia')."""
    if x[:5] != y[:5] or len(x) < 5 or len(y) < 5:
        return False
    shared = next((i for i, (p, q) in enumerate(zip(x, y, strict=False)) if p != q), min(len(x), len(y)))
    return shared >= 0.75 * min(len(x), len(y))


def _categories_of(facts: TextFacts, measured: bool, school: bool = False) -> frozenset[tuple[str, str]]:
    """Category members, less units of matching measures ('week' in 'a week' / '7 days');
    with either side about school, kids are students ('report card comments for kids' /
    'for students')."""
    categories = facts.categories
    if school and (kids := categories & _KIDS):
        categories = (categories - kids) | {("audience", "student")}
    if not measured:
        return categories
    return frozenset((c, m) for c, m in categories if UNITS.get(m, "") not in facts.measure_units)


def _code_missing(a: TextFacts, b: TextFacts) -> bool:
    """A code identifier of ``a`` absent from ``b`` (plain words may match 'JavaScript')."""
    for identifier in a.identifiers:
        if identifier.startswith("-") or identifier in b.identifiers:
            continue
        bare = identifier.removesuffix("()")
        if bare + "()" in b.identifiers or (bare != identifier and (bare in b.identifiers or bare in b.words)):
            continue  # 'print()' / 'print', 'logger.info' / 'logger.info()'
        if identifier.lstrip(".").isalnum() and identifier.lstrip(".") in b.words:
            continue  # 'JavaScript' / 'javascript', '.png' / 'PNG'
        if _ALIAS_GROUP.get((identifier,), -1) in {group for _, group in b.aliases}:
            continue  # 'JavaScript' / 'JS'
        if len(identifier) >= 3 and _said_verbatim(identifier, b.signature):
            continue  # "`Point { x: i32 }`" / 'struct Point { x: i32 }': the same code, unquoted
        if " " in identifier and all(
            any(stem(w) == stem(v) or _abbreviates(w, v) or _abbreviates(v, w) for v in b.words)
            for w in identifier.split()
        ):
            continue  # 'pip install' vs 'install ... with pip'
        return True
    return False


def _said_verbatim(code: str, signature: str) -> bool:
    """``code`` (lower-cased, one space between its parts) appears in the text whole, not as
    part of a longer name ('x_1' is not in 'x_10')."""
    spaced = " ".join(code.split())
    start = signature.find(spaced)
    while start >= 0:
        end = start + len(spaced)
        before = signature[start - 1] if start else " "
        after = signature[end] if end < len(signature) else " "
        if not (before.isalnum() or before == "_") and not (after.isalnum() or after == "_"):
            return True
        start = signature.find(spaced, start + 1)
    return False


def _abbreviates(short: str, long: str) -> bool:
    """'deps' / 'dependencies', 'args' / 'arguments', 'prev' / 'previous': the start of a word
    (at least three letters, a plural 's' aside) standing for it."""
    if len(short) > 3 and short.endswith("s") and long.endswith("s"):
        short = short[:-1]
    return len(short) >= 3 and len(long) > len(short) + 1 and long.startswith(short)


_POSITIONS = frozenset({"over", "under", "above", "below"})


def _in_place(words: tuple[str, ...]) -> Iterator[tuple[str, str, str]]:
    """(word before, word, word after) for each word; "" past either end."""
    return zip(("", *words[:-1]), words, (*words[1:], ""), strict=True) if words else iter(())


def _categories_added(a: frozenset[tuple[str, str]], b: frozenset[tuple[str, str]]) -> bool:
    names_a = {c for c, _ in a}
    names_b = {c for c, _ in b}
    return names_a != names_b


def _has_run(words: tuple[str, ...], run: tuple[str, ...]) -> bool:
    n = len(run)
    return any(words[i : i + n] == run for i in range(len(words) - n + 1))


_COPULAS = frozenset({"is", "am", "are", "was", "were", "be", "been", "keeps", "kept", "seems", "looks", "stays"})


def _is_count(word: str) -> bool:
    """A count of two or more, in digits or words."""
    return (word.isdigit() and int(word) > 1) or (word in _COUNT_WORDS and word != "one")


_SINGLE_ONE = frozenset({"single", "one"})
"""Words with which the plural side may still ask for one ('which is the biggest one')."""
