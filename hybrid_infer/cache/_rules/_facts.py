""":class:`TextFacts`, what the rules compare about one text, and :func:`text_facts`, which
normalises a text and reads them (about 0.3 ms; callers remember them per text)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from itertools import pairwise
from types import MappingProxyType
from typing import Any

from hybrid_infer.cache._rules._normalise import (
    _LESS_WORD,
    _NAMED_NO,
    _NOT_LESS_OF,
    normalised,
)
from hybrid_infer.cache._rules._read_forms import _IDIOM_NEXT, _idioms_only, _phrasal_on, _phrase_marks, _word_forms
from hybrid_infer.cache._rules._read_names import (
    _CAPITAL_CODE,
    _CASED,
    _FOREIGN,
    _IANA_ZONE,
    _NAMED_GENERIC,
    _QUOTED,
    _SCHOOL_SUBJECT_NAMES,
    _SHOUTED,
    _SPECIAL_LANGUAGES,
    _aliases,
    _args,
    _at_school,
    _capitals,
    _commands,
    _entities,
    _identifiers,
    _initials,
    _keyword_runs,
    _other_language,
    _run_ends,
    _symbols,
    _titled,
)
from hybrid_infer.cache._rules._read_negation import (
    _clause_tokens,
    _held_from,
    _instead_of,
    _listed,
    _negated,
    _negated_clauses,
    _negation_reach,
    _persisting,
    _quote_bounded,
    _replaced,
    _switched,
    _told_then_stopped,
)
from hybrid_infer.cache._rules._read_numbers import (
    _HYPHEN_COUNT,
    _NUMBERED_NAME,
    _NUMBERED_TOKEN,
    _TANK_SIZE,
    _change_kinds,
    _date_orders_in,
    _number_units,
    _numbers,
    _operator_facts,
    _quantities,
    _ranks,
    _rate_units,
    _times,
    _unit_tokens,
)
from hybrid_infer.cache._rules._read_roles import (
    _SENTENCE_GAP,
    _WH_WORDS,
    _directed_pairs,
    _owned_content,
    _possessions,
    _skeleton,
    _speaker_compared,
    _stated_roles,
    _telegraphic,
    _unfronted,
    _verb_prepositions,
    _wh_roles,
    _with_paths,
    _with_sentence_ends,
)
from hybrid_infer.cache._rules._read_scope import (
    _WHOLE,
    _all_of_one,
    _asks_part,
    _qualifiers,
    _scopes,
    _students_qualified,
)
from hybrid_infer.cache._rules._vocabulary import (
    _CANONICAL,
    _CARDINALS,
    _CATEGORY_OF,
    _DIMINISHERS,
    _FRAME_FILLERS,
    _GROUP_NAME,
    UNITS,
)
from hybrid_infer.cache._rules._words import (
    _LETTERS,
    _PREVENTING,
    _WORD,
    _is_content,
    _normalise_word,
    _owner,
    _singular,
    stem,
)


def _empty_mapping() -> Mapping[Any, Any]:
    return MappingProxyType({})


@dataclass(frozen=True, slots=True)
class TextFacts:
    """What the rules and the learned verifier look at in one text."""

    words: tuple[str, ...]
    """Lower-cased word tokens, in order."""
    content: tuple[str, ...]
    """Stemmed content words (no stopwords or negations), in order."""
    owned_content: tuple[str, ...]
    """``content`` with possessives read as their nouns ('host's' -> 'host')."""
    numbers: frozenset[str]
    number_counts: Mapping[str, int]
    """How many times the text says each of ``numbers``."""
    units: frozenset[str]
    entities: frozenset[str]
    identifiers: frozenset[str]
    quoted: frozenset[str]
    categories: frozenset[tuple[str, str]]
    """``(category, member)`` pairs such as ``("natural language", "french")``."""
    wh_word: str
    negated: tuple[str, ...]
    """Per negation, the stem of the content word it negates ("" when none follows)."""
    initials: frozenset[str]
    """What acronyms the text spells out: 'JavaScript' -> 'js', 'machine learning' -> 'ml'."""
    borrowed_initials: frozenset[str]
    """The part of ``initials`` only runs through an acronym spell ('UK size' -> 'us')."""
    aliases: frozenset[tuple[str, int]]
    """``(word, alias group)`` for each word of a known alias ('united states' -> group of 'us')."""
    forms: Mapping[str, tuple[frozenset[str], frozenset[tuple[int, int, str]]]]
    """Per distinct word: its likely uninflected forms and their prefixed roots (antonym rule)."""
    quantities: tuple[tuple[str, float], ...]
    """Measures as ``(dimension, size in base units)``, sorted: '2 weeks' -> ``(("time", 1209600.0),)``."""
    measure_numbers: Mapping[str, int]
    """The numbers said in those measures ('2' in '2 weeks'), with how many times: compared as
    quantities, not as numbers."""
    measure_units: frozenset[str]
    """The units that belong to those measures."""
    ranks: frozenset[str]
    """Rank of each superlative: 'the tallest' -> '1', 'the second tallest' -> '2'."""
    diminished: frozenset[str]
    """Words right after 'least', 'less' or 'fewer' ('expensive' in 'least expensive')."""
    qualifiers: frozenset[str]
    """Stems of the narrowing words used before a noun and not negated ('unused' in 'unused images')."""
    times: frozenset[tuple[str, int]]
    """Periods placed relative to now: 'last year' -> ``("year", -1)``, 'today' -> ``("day", 0)``."""
    cased: tuple[str, ...]
    """Flags and patterns as written, case kept: '-L', '^[A-Z]+$' (case is meaning there)."""
    skeleton: tuple[str, ...]
    """``words`` without determiners or modal verbs, possessives split off ('laptop's' ->
    'laptop', "'s"): the frame in which two parts can trade places."""
    directed: frozenset[tuple[str, str, str]]
    """Word pairs around directional words (see :func:`_directed_pairs`)."""
    operators: frozenset[str]
    """Code operators written as such: '===' in 'use === here', '!=' in 'a!=b'."""
    operator_pairs: frozenset[tuple[str, str, str]]
    """Operators on the two sides of a directional word: 'use === instead of ==' ->
    ``{("===", "==", "instead")}``."""
    framed: tuple[str, ...]
    """``words`` without articles, possessive determiners and modal verbs."""
    listed: frozenset[str]
    """Stems of words next to a comma, 'and', 'or' or '/': items of a list, in any order."""
    negation_reach: frozenset[str]
    negated_clauses: int
    """How many clauses (split at punctuation and words such as 'so', 'if', 'when') hold a
    negating word."""
    """Stems of the words a negation reaches to the end of its clause (see :func:`_negation_reach`)."""
    stranded: frozenset[tuple[str, str, frozenset[str]]]
    """``(verb, preposition, subject)`` of questions that end on the preposition: 'who does
    Maria report to?' -> ``("report", "to", {"maria"})``."""
    attached: frozenset[tuple[str, str, frozenset[str]]]
    """``(verb, preposition, object)`` where the object follows: 'who reports to Maria' ->
    ``("report", "to", {"maria"})``."""
    scopes: frozenset[tuple[str, str]] = frozenset()
    """``(reach, noun stem)`` of quantified nouns: 'the first occurrence' -> ``("first",
    "occurr")``, 'every occurrence' and 'all occurrences' -> ``("all", "occurr")``."""
    signature: str = ""
    """The text case folded, spaces collapsed and end punctuation after a word dropped: every
    other character counts, and so does the indentation of text on several lines."""
    foreign: tuple[str, ...] = ()
    """Runs of letters in scripts other than Latin (Chinese, Arabic, Cyrillic, …), which the
    rules cannot read: two texts whose runs differ cannot be verified."""
    symbols: tuple[str, ...] = ()
    """Signs and symbols in order ('€', '½', '≤', '👍', a standalone '-' or '+'): the words
    leave them out, and they can change the question."""
    args: tuple[str, ...] = ()
    """Paths and files, lower-cased, in order ('.', '/', '~/tmp', 'src/', 'config.yaml')."""
    capitals: frozenset[tuple[str, bool]] = frozenset()
    """``(word, capitalised)`` for words whose capital names something else ('Polish' /
    'polish', 'Turkey' / 'turkey'), as written inside a sentence."""
    commands: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Shell and CLI commands with their plain arguments in order ('ln', ('target', 'link'))."""
    compounds: tuple[str, ...] = ()
    """Lower-cased words with hyphenated and dotted names kept whole ('us-east-1', 'read-only')."""
    shouted: frozenset[str] = frozenset()
    """Capitalised words of four or more letters ending in S ('COUNTIFS', 'HTTPS'), lower-cased:
    their S is part of the name, not a plural."""
    capital_codes: frozenset[str] = frozenset()
    """Words of four characters or more written in capitals ('PCEPILFE', 'DGS10'), lower-cased:
    codes, where one that starts as another does names another thing."""
    held: frozenset[str] = frozenset()
    """Stems of what 'stop X from Ving' holds back ('bit' in 'stop my toddler from biting')."""
    persisting: frozenset[str] = frozenset()
    """Stems of what 'keeps Ving' says goes on ('bit' in 'my toddler keeps biting')."""
    instead_of: frozenset[str] = frozenset()
    """Stems of what 'instead of' / 'rather than' negates ('butter' in 'oil instead of butter')."""
    replaced: frozenset[str] = frozenset()
    """Stems of what a replacing verb acts on ('butter' in 'replace the butter with oil',
    'callback' in 'convert this callback-based function to async')."""
    named_no: frozenset[str] = frozenset()
    """Names that start with a negating word ('no-unused-vars', 'non-root'), lower-cased."""
    without_named_no: TextFacts | None = None
    """The facts of the text with those names' negating word left out, when it has any."""
    less_things: frozenset[str] = frozenset()
    """Things a '-less' word says are absent ('sleeve' in 'sleeveless'; not idioms, see
    ``_NOT_LESS_OF``)."""
    less_read: TextFacts | None = None
    """The facts of the text with each such word read 'without X', when it has any: for the
    negation rule only ('without sleeves' / 'sleeveless' agree, 'with sleeves' does not); the
    other rules read the word as written ('strapless' / 'halter' is one word replaced)."""
    date_orders: tuple[str, ...] = ()
    """Field order of each date format written out ('DD/MM/YYYY' -> 'dmy')."""
    change_kinds: Mapping[str, str] = field(default_factory=_empty_mapping)
    """Change verb -> 'by' or 'to' before an amount ('increase the price by 10%')."""
    numbered_counts: Mapping[str, int] = field(default_factory=_empty_mapping)
    """How often each token with digits occurs ('wpa2' twice)."""
    wh_roles: Mapping[tuple[str, str], str] = field(default_factory=_empty_mapping)
    """(other party, verb) -> whether the question asks for the subject or the object."""
    telegraphic: bool = False
    """A list of keywords: a few words, none of them a function word ('js array remove duplicates')."""
    possessions: tuple[tuple[str, str], ...] = ()
    """(owner, owned) of each possessive, sorted (see :func:`_possessions`)."""
    speaker_sides: frozenset[str] = frozenset()
    """Where the speaker stands in a comparison: 'before' or 'after' 'than'."""
    stated_roles: frozenset[str] = frozenset()
    """Roles given to someone or something: 'I'm the seller', 'as the key' (see :func:`_stated_roles`)."""
    asks_part: bool = False
    """'just the …', 'only step 3', 'the first step': a part of something asked for."""
    switched: frozenset[tuple[str, str]] = frozenset()
    """``(thing, 'on' or 'off')`` of things left in a state: 'with the choke on' -> ``("choke",
    "on")`` (see :data:`_LEFT_SWITCHED`)."""
    number_units: frozenset[tuple[str, str]] = frozenset()
    """``(number, unit)`` of each number written with a unit right after it: '24px' ->
    ``("24", "px")`` (see :func:`_units_rebound`)."""
    numbered_names: frozenset[tuple[str, str]] = frozenset()
    """``(name, number)`` of names with a number after their dot, lower-cased: 'pacs.008' ->
    ``("pacs", "008")``."""
    run_ends: frozenset[tuple[str, str, tuple[str, ...]]] = frozenset()
    """``(first word, head, words)`` of names of several words (see :func:`_run_ends`)."""
    says_whole: bool = False
    """'entire', 'whole', 'everything': the whole of something asked for."""
    at_school: bool = False
    """The text is about school (:func:`_at_school`): its 'kids' are the students."""
    students_qualified: bool = False
    """The text names students by what or where they study ('college students')."""
    generics: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Each generic with its type arguments in order ('Dictionary<string, int>':
    ``("dictionary", ("string", "int"))``), lower-cased."""
    keyword_runs: tuple[tuple[str, ...], ...] = ()
    """Upper-case words in a text that is not all shouting, as runs of adjacent ones
    ('UNION ALL', 'GROUP BY', 'HTTP'), lower-cased: keywords whose added word changes them."""
    tank_sizes: frozenset[str] = frozenset()
    """Numbers said with a 'g' of a container ('a 75g', 'a 100g tank'): gallons, where the other
    side says gallons."""
    hyphen_counts: frozenset[tuple[str, str]] = frozenset()
    """``(number, word)`` of a number hyphenated to the word it counts: '5-minute' ->
    ``("5", "minute")``, '5-game' -> ``("5", "game")``."""
    titled: frozenset[tuple[str, str]] = frozenset()
    """``(initials, word)`` for each word of a title spelled with its small words: 'Logbook of
    the World' -> ``("lotw", "logbook")``, ``("lotw", "world")``: the other side may say 'LoTW'."""
    source: str = field(default="", compare=False, repr=False)
    """The text as given, for reading it again with a spelling the other side uses (see
    :func:`~hybrid_infer.cache._rules._compare._hyphens_joined`)."""


_COMPOUND_WORD = re.compile(rf"[{_LETTERS}]+(?:['\u2019][A-Za-z]+)?(?:[-_./][{_LETTERS}]+)*")
_DAY_SPANS = (
    (frozenset({("time frame", "saturday"), ("time frame", "sunday")}), "weekend"),
    (frozenset({("time frame", "monday"), ("time frame", "friday")}), "weekday"),
)
"""Days that name a span together: 'Saturday and Sunday', 'Monday through Friday'."""


def text_facts(text: str) -> TextFacts:
    """Extract the facts of one text (about 0.3 ms; callers remember them per text)."""
    named_no = frozenset(m.group().lower() for m in _NAMED_NO.finditer(text))
    if named_no:
        plain = _NAMED_NO.sub(lambda m: m.group().partition("-")[2], text)
        facts = replace(_text_facts(text), named_no=named_no, without_named_no=_text_facts(plain))
    else:
        facts = _text_facts(text)
    things = frozenset(m[1].lower() for m in _LESS_WORD.finditer(text) if m[1].lower() not in _NOT_LESS_OF)
    if things:
        read = _LESS_WORD.sub(lambda m: m[0] if m[1].lower() in _NOT_LESS_OF else f"without {m[1]},", text)
        facts = replace(facts, less_things=things, less_read=_text_facts(read))
    return facts


_EXPLAINING_VERBS = frozenset(
    {
        *("explain", "explains", "explaining", "describe", "describes", "describing", "define", "defining"),
        *("simplify", "simplifies", "simplifying", "summarize", "summarise", "summarizing", "summarising"),
        *("teach", "teaches", "teaching"),
    }
)


def _explained_to_ages(words: tuple[str, ...]) -> set[str]:
    """Whom an explanation is for when an age says it: 'explain how vaccines work to a
    7-year-old' (a kid: up to 12), 'for a 15 year old' (a teen: up to 19), against 'to a
    medical student' (hold-outs 13, 17, 250). Only after a verb of explaining and at the end
    of its phrase: 'a 15-year-old can work', 'my 2-year-old' or 'a 4-year-old with' name a
    person, not the audience, and 'a toddler' or 'a student' may be that person."""
    if _EXPLAINING_VERBS.isdisjoint(words[:8]):
        return set()
    found = set()
    for i, word in enumerate(words[3:], start=3):
        following = words[i + 1] if i + 1 < len(words) else ""
        if word not in ("old", "olds") or words[i - 1] != "year" or _is_content(following) or following == "with":
            continue
        number = _CARDINALS.get(words[i - 2], words[i - 2])
        start = i - 3 - (words[i - 3] in ("a", "an"))
        if number.isdigit() and start >= 0 and words[start] in ("to", "for"):
            age = int(number)
            found.add("kid" if age <= 12 else "teen" if age <= 19 else "adult")
    return found


def _lower_a(sentences: tuple[str, ...]) -> tuple[str, ...]:
    """The words with their sentence ends, a capital 'A' read as the article again."""
    return tuple("a" if word == "A" else word for word in sentences)


def _text_facts(text: str) -> TextFacts:
    source = text
    text, signature = normalised(text)
    words = tuple(_normalise_word(w) for w in _WORD.findall(text))
    negated = _negated(words)
    number_counts = _numbers(text, words)
    numbers = frozenset(number_counts)
    units = frozenset(UNITS[w] for w in _unit_tokens(text, words) if w in UNITS) | _rate_units(text, words)
    content = tuple(stem(w) for w in words if _is_content(w))
    aliases, at_school = _aliases(words), _at_school(words)
    categories = {
        (_CATEGORY_OF[w], _singular(_CANONICAL.get(w) or _CANONICAL.get(_singular(w), _singular(w))))
        for w in words  # 'kids' / 'a child': one member, said in the plural or not
        if w in _CATEGORY_OF
    }
    categories |= {  # 'a goat's hooves' names a goat ('a kid's eval' is no audience)
        ("animal", _CANONICAL.get(w) or _CANONICAL.get(_singular(w), _singular(w)))
        for w in map(_owner, words)
        if _CATEGORY_OF.get(w) == "animal"
    }
    categories |= {("programming language", m.lower()) for m in _SPECIAL_LANGUAGES.findall(text)}
    categories |= {("time zone", m.lower()) for m in _IANA_ZONE.findall(text)}  # 'America/Chicago'
    categories |= {(_CATEGORY_OF[name], name) for _, group in aliases if (name := _GROUP_NAME[group]) in _CATEGORY_OF}
    if ages := _explained_to_ages(words):  # ('5 year olds' read as kids, not as 'olds')
        categories = (categories - {("audience", "olds")}) | {("audience", group) for group in ages}
    for days, name in _DAY_SPANS:
        if days <= categories:  # 'Saturday and Sunday' is the weekend
            categories = (categories - days) | {("time frame", name)}
    quantities, measure_numbers, measure_units = _quantities(text)
    entities = _entities(text)
    sentences = _with_sentence_ends(text)
    clauses = _clause_tokens(text)
    stranded, attached = _verb_prepositions(sentences)
    return TextFacts(
        words=words,
        content=content,
        owned_content=_owned_content(words),
        numbers=numbers,
        number_counts=MappingProxyType(number_counts),
        units=units,
        entities=entities,
        identifiers=_identifiers(text),
        quoted=frozenset(next(g for g in m.groups() if g).strip().lower() for m in _QUOTED.finditer(text)),
        categories=frozenset(categories),
        wh_word=next((w for w in words if w in _WH_WORDS), ""),
        negated=negated,
        initials=(initials := _initials(text, words)),
        borrowed_initials=initials - _initials(text, words, past_acronyms=False),
        aliases=aliases if at_school else aliases - _SCHOOL_SUBJECT_NAMES,
        forms=MappingProxyType(
            {w: _word_forms(_owner(w)) for w in set(words) if w != "on" or _phrasal_on(words)}
            | {w: (frozenset({f"{w} {_IDIOM_NEXT[w]}"}), frozenset()) for w in _idioms_only(words)}
            | {" ".join(phrase): (frozenset({mark}), frozenset()) for phrase, mark in _phrase_marks(words)}
        ),
        quantities=quantities,
        measure_numbers=measure_numbers,
        measure_units=measure_units,
        ranks=_ranks(words),
        diminished=frozenset(w for before, w in pairwise(words) if before in _DIMINISHERS),
        qualifiers=_qualifiers(words, negated),
        times=_times(words),
        skeleton=_skeleton(sentences if (unfronted := _unfronted(text)) == text else _with_sentence_ends(unfronted)),
        stranded=stranded,
        attached=attached,
        negation_reach=(reach := _negation_reach(_quote_bounded(text))),
        switched=_switched(text, reach),
        run_ends=_run_ends(text),
        numbered_names=frozenset((m[1].lower(), m[2]) for m in _NUMBERED_NAME.finditer(text)),
        number_units=_number_units(text.lower()),
        negated_clauses=_negated_clauses(clauses),
        listed=_listed(clauses),
        scopes=_scopes(words),
        shouted=frozenset(w.lower() for w in _SHOUTED.findall(text)),
        capital_codes=frozenset(w.lower() for w in _CAPITAL_CODE.findall(text)),
        compounds=(compounds := tuple(_normalise_word(w) for w in _COMPOUND_WORD.findall(text))),
        commands=_commands(compounds),
        signature=signature,
        capitals=_capitals(text),
        foreign=tuple(_FOREIGN.findall(text)) or _other_language(text, words),
        symbols=_symbols(text),
        args=_args(text),
        held=frozenset(stem(words[j]) for i, w in enumerate(words) if w in _PREVENTING and (j := _held_from(words, i))),
        persisting=_persisting(words) | _told_then_stopped(sentences),
        instead_of=_instead_of(words),
        replaced=_replaced(words),
        framed=tuple(w for w in words if w not in _FRAME_FILLERS),
        directed=frozenset(
            _directed_pairs(*_with_paths(text, _lower_a(_with_sentence_ends(text, _SENTENCE_GAP)), entities))
        ),
        cased=tuple(t for raw in text.split() if _CASED.match(t := raw.strip(".,;:!?\"'()`*"))),  # '`-P`', '**-P**' too
        keyword_runs=_keyword_runs(text),
        titled=_titled(text),
        hyphen_counts=frozenset((m[1], "inch" if m[2] == "in" else m[2]) for m in _HYPHEN_COUNT.finditer(text.lower())),
        source=source,
        tank_sizes=frozenset(m[1] or m[2] for m in _TANK_SIZE.finditer(text.lower())),
        date_orders=_date_orders_in(signature),
        change_kinds=_change_kinds(signature),
        numbered_counts=MappingProxyType(Counter(_NUMBERED_TOKEN.findall(signature))),
        wh_roles=_wh_roles(words),
        possessions=_possessions(words),
        telegraphic=_telegraphic(words),
        speaker_sides=_speaker_compared(words),
        stated_roles=_stated_roles(text),
        asks_part=_asks_part(words),
        says_whole=not _WHOLE.isdisjoint(words) or _all_of_one(words),
        at_school=at_school,
        students_qualified=_students_qualified(words),
        generics=tuple(
            (name.lower(), tuple(arg.strip().lower() for arg in args.split(",")))
            for name, args in _NAMED_GENERIC.findall(text)
        ),
        **_operator_facts(text),
    )
