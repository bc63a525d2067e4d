"""Rule checks for near-miss prompts: details that change the answer but barely move a vector.

:func:`text_facts` extracts what the rules compare (numbers, units, measures converted to a
base unit, superlative ranks, negations and what they negate, entities with their aliases,
spelled-out acronyms and demonyms, code identifiers, flags and CLI subcommands, quoted strings,
category members such as languages or tones, word forms for antonyms and opposing word
groups, directional word order) and :func:`rule_flags` says which rules a pair breaks.
The rules are general, with their word lists as data (``vocabulary.json``) and no list of
known bad pairs; they know nothing of embeddings or thresholds.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from importlib import resources
from itertools import dropwhile, pairwise, takewhile
from types import MappingProxyType
from typing import Any

from hybrid_infer.cache._diff import shared_ends

_WORD_MEMO = 1 << 16
"""How many distinct words the per-word helpers remember (stems, forms): a bounded memo."""

RULES = (
    "replaced",
    "inserted",
    "number",
    "unit",
    "negation",
    "entity",
    "identifier",
    "quoted",
    "antonym",
    "category",
    "direction",
    "qualifier",
    "time",
)

# --- vocabularies (data in vocabulary.json) ------------------------------------------------


def _load_vocabulary() -> dict[str, Any]:
    raw = resources.files("hybrid_infer.cache").joinpath("vocabulary.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(raw)
    return data


_VOCABULARY = _load_vocabulary()
STOPWORDS: frozenset[str] = frozenset(_VOCABULARY["stopwords"])
NEGATIONS: frozenset[str] = frozenset(_VOCABULARY["negations"])
NUMBER_WORDS = MappingProxyType(dict(_VOCABULARY["number_words"]))
UNITS = MappingProxyType({alias: unit for unit, aliases in _VOCABULARY["units"].items() for alias in aliases})
_IRREGULAR_PAST = MappingProxyType({k: v for k, v in _VOCABULARY["irregular_past"].items() if not k.startswith("_")})
"""Past form -> base form of irregular verbs ('went' -> 'go')."""
CATEGORIES = MappingProxyType({name: frozenset(words) for name, words in _VOCABULARY["categories"].items()})
DIRECTIONAL: frozenset[str] = frozenset(_VOCABULARY["directional"])
_CATEGORY_OF = MappingProxyType({word: name for name, words in CATEGORIES.items() for word in words})
_CLI_SUBCOMMAND = re.compile(
    r"(?<![\w-])(" + "|".join(re.escape(t) for t in sorted(_VOCABULARY["cli_tools"], key=len, reverse=True)) + r")"
    r"\s+([a-z][a-z0-9-]*)(?:\s+([a-z][a-z0-9-]*))?"
)
_STOPPING = frozenset(
    {"stop", "stops", "stopped", "quit", "quits", "pause", "pauses", "paused", "cease", "ceases", "ceased"}
)
"""Verbs that negate the activity after them ('stop napping', 'quit smoking', 'pauses breathing')."""
_NEGATING_PHRASES = frozenset(
    {("rather", "than"), ("instead", "of"), ("alternative", "to"), ("alternatives", "to"), ("away", "from")}
    | {("other", "than")}
    | {(w, "out") for w in ("leave", "leaves", "leaving")}
    | {(w, "to") for w in ("refuse", "refuses", "refused", "refusing")}
    | {(w, "for") for w in ("substitute", "substitutes", "replacement", "replacements")}
    | {(w, "to") for w in ("fail", "fails", "failed", "failing")}
)
"""Two-word phrases that negate what follows them ('use X instead of Y', 'fails to run')."""
_SWITCH_VERBS = frozenset(
    {"turn", "turns", "turned", "turning", "switch", "switched", "toggle", "log", "sign", "power"}
)
_EXCEPTING = frozenset({"except", "excluding", "exclude", "excludes", "unless"})
"""Negations that name what they leave out a word or two later ('except those targeting main')."""
_DEGREE_WORDS = frozenset({"yet", "still", "even", "always", "ever", "necessarily", "fully", "quite", "entirely"})
"""Adverbs a negation reaches past to the word it negates ('not yet merged' negates 'merged')."""
_PARTICLES = frozenset({"up", "down", "out", "off"})
"""Stopwords that can be a subcommand's argument ('docker compose up')."""
_PREPOSITIONS = frozenset(
    {"with", "using", "via", "by", "for", "in", "on", "at", "without", "within", "during", "inside", "outside"}
    | set(DIRECTIONAL)
)
_ALIAS_GROUP = MappingProxyType(
    {tuple(alias.split()): n for n, group in enumerate(_VOCABULARY["aliases"]) for alias in group}
)
"""Names that mean the same thing (US / American, JS / JavaScript), keyed by word tuple."""
_GROUP_NAME = tuple(group[0] for group in _VOCABULARY["aliases"])
"""The name each alias group goes by ('e2e' for 'end to end')."""
_ALIAS_LENGTH = max(len(words) for words in _ALIAS_GROUP)
_ALIAS_FIRST = frozenset(words[0] for words in _ALIAS_GROUP)
"""First words of the known names: only there can a name start."""
_CANONICAL = MappingProxyType({alias: group[0] for group in _VOCABULARY["aliases"] for alias in group})
_SCALES = MappingProxyType(
    {unit: (str(scale[0]), float(scale[1])) for unit, scale in _VOCABULARY["unit_scales"].items() if unit != "_about"}
)
"""Canonical unit -> (dimension, size in the dimension's base unit), for comparing quantities."""
_CARDINALS = MappingProxyType(
    {w: n for w, n in NUMBER_WORDS.items() if not w.endswith(("st", "nd", "rd", "th")) and w not in ("second", "third")}
)
_ORDINALS = MappingProxyType({w: n for w, n in NUMBER_WORDS.items() if w not in _CARDINALS})
_COUNT_WORDS = frozenset(
    w for w in _CARDINALS if w not in ("zero", "hundred", "thousand", "million", "billion", "dozen")
)
_QUANTITY = re.compile(
    r"(?<![\w.,/])(\d+/\d+|\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|"
    + r"(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ](?:one|two|three|four|five|six|seven|eight|nine)|"
    + "|".join(sorted(_CARDINALS, key=len, reverse=True))
    + r"|an?|one|(?<=the )(?:last|past|previous|next|coming))"  # 'the last hour' is one hour
    + r"(?:(?<=\d)\s*-?\s*|\s*-\s*|\s+)("  # a word is no count glued to a unit: 'an ALB'
    + "|".join(re.escape(u) for u in sorted((u for u in UNITS if UNITS[u] in _SCALES), key=len, reverse=True))
    + r")(?![\w])"
)
"""A number (or 'a', 'one') followed by a unit that has a scale: '2 weeks', 'a week', '5km'."""
_LONG_UNIT = re.compile(
    r"(?<![\w])(" + "|".join(re.escape(u) for u in UNITS if UNITS[u] in _SCALES and u.isalpha()) + r")-long(?![\w])"
)
"""'week-long', 'hour-long': one of the unit."""
_NOT_SUPERLATIVE: frozenset[str] = frozenset(_VOCABULARY["not_superlatives"])
_SUPERLATIVE_WORDS: frozenset[str] = frozenset(_VOCABULARY["superlative_words"])
_DETERMINERS = frozenset({"the", "its", "their", "my", "our", "your", "his", "her"})
_NOUN_MARKERS = _DETERMINERS | {"a", "an", "this", "that", "these", "those", "each", "every", "any", "some"}
"""Words after which a CLI tool's name is a noun's modifier ('a git repo'), not a command."""
QUALIFIERS: frozenset[str] = frozenset(_VOCABULARY["qualifiers"])
"""Words that narrow a set to part of it ('unused images', 'untracked files', 'hidden files')."""
_RECURRING = 9
"""The relation of 'every'/'each' in ``time_relations``: each period, no one of them."""
_TIME_RELATIONS = MappingProxyType({w: int(r) for w, r in _VOCABULARY["time_relations"].items() if w != "_about"})
_TIME_PERIODS: frozenset[str] = frozenset(_VOCABULARY["time_periods"])
_TIME_WORDS = MappingProxyType(
    {w: (str(p[0]), int(p[1])) for w, p in _VOCABULARY["time_words"].items() if w != "_about"}
)
_PHRASE_MARKS = MappingProxyType(
    {tuple(phrase.split()): mark for phrase, mark in _VOCABULARY["phrase_marks"].items() if phrase != "_about"}
)
"""Phrases read as one word of an opposing group: ('at', 'least', 'one') -> 'some'."""
_PHRASE_LENGTH = max(len(phrase) for phrase in _PHRASE_MARKS)


def _opposites(pairs: list[list[str]]) -> dict[str, frozenset[str]]:
    out: dict[str, frozenset[str]] = {}
    for x, y in pairs:
        out[x] = out.get(x, frozenset()) | {y}
        out[y] = out.get(y, frozenset()) | {x}
    return out


_OPPOSITE = MappingProxyType(
    _opposites(
        _VOCABULARY["antonyms"]
        + [[x, y] for side_a, side_b in _VOCABULARY["antonym_groups"] for x in side_a for y in side_b]
    )
)
"""Each word's opposites: the antonym pairs, and every cross pair of two opposing groups
(brief / short / concise against detailed / thorough / full, …)."""
_GROUP_SIDES = tuple(frozenset(side) for group in _VOCABULARY["antonym_groups"] for side in group)
"""Words of one side of an opposing group mean about the same ('brief' / 'short')."""
_SYNONYMS = MappingProxyType(
    {
        word: frozenset(n for n, group in enumerate(_VOCABULARY["synonyms"]) if word in group)
        for group in _VOCABULARY["synonyms"]
        if isinstance(group, list)
        for word in group
    }
)
"""Word -> the synonym groups it belongs to ('store' is in 'shop' / 'store' and 'store' / 'save')."""
_PAIR_OPPOSITE = MappingProxyType(_opposites(_VOCABULARY["antonyms"]))
"""Opposites from the antonym pairs only (not the groups): 'read' -> 'write'."""
_COORDINATORS = frozenset({"and", "or", "nor", "vs", "versus", "then"})
_REPLACING = frozenset({"replace", "replacing", "replaced", "substitute", "substituting", "swap", "swapping"})
"""Verbs after which 'X with Y' has a direction ('replace butter with oil')."""
_ALTERNATIVES = frozenset({"or", "nor", "vs", "versus", "|"})
"""Words that no two parts trading places may span: alternatives in another order ask the
same, and '|' ends a sentence in a skeleton."""
_DIMINISHERS = frozenset({"least", "less", "fewer"})
"""'least expensive' says what 'cheapest' says: the word after one is not compared as an antonym."""
_OPPOSING_PREFIXES: tuple[tuple[str, str], ...] = tuple((p, q) for p, q in _VOCABULARY["opposing_prefixes"])


def _prefix_sides(pairs: tuple[tuple[str, str], ...]) -> dict[str, tuple[tuple[int, int], ...]]:
    """Non-empty prefix -> the ``(pair, side)`` places it takes in the opposing pairs."""
    sides: dict[str, list[tuple[int, int]]] = {}
    for pair, prefixes in enumerate(pairs):
        for side, prefix in enumerate(prefixes):
            if prefix:
                sides.setdefault(prefix, []).append((pair, side))
    return {prefix: tuple(places) for prefix, places in sides.items()}


_PREFIX_SIDES = MappingProxyType(_prefix_sides(_OPPOSING_PREFIXES))
_LONGEST_PREFIX = max(len(prefix) for prefix in _PREFIX_SIDES)
_WINDOW = 3
_FRAME_FILLERS = frozenset(
    {"the", "a", "an", "my", "your", "our", "their", "his", "her", "its", "this", "that", "these", "those"}
    | {"should", "can", "could", "would", "will", "must", "may", "might", "shall"}
)
_PHRASE_BREAKS = (_PREPOSITIONS | {"as"}) - DIRECTIONAL - {"inside", "outside"}
"""Prepositions that end the phrase a directional word relates ('scale web to 5 replicas with kubectl')."""
_ENDINGS = (
    ("s", ""), ("es", ""), ("d", ""), ("ed", ""), ("ing", ""), ("ing", "e"), ("er", ""),
    ("er", "e"), ("est", ""), ("est", "e"), ("ier", "y"), ("iest", "y"),
)  # fmt: skip
_ENDING_LETTERS = frozenset(suffix[-1] for suffix, _ in _ENDINGS)

# --- patterns ----------------------------------------------------------------------------

_LETTERS = "A-Za-z0-9\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f"
"""Letters and digits of Latin script, accented ones included ('créer' is one word)."""
_WORD = re.compile(rf"[{_LETTERS}]+(?:['\u2019][A-Za-z]+)?|[+#]+")
_NUMBER = re.compile(
    r"(?<![\w.])(?:[A-Za-z]{0,3})?\d+(?:[.,:/]\d+)*(?:[A-Za-z]{0,3})?(?![\w])"
    r"|(?<![\w.])[A-Za-z]+\d+[A-Za-z\d]*(?![\w])"
    r"|(?<![\w.])\d+(?![xX]\d)[A-Za-z]+\d[A-Za-z\d]*(?![\w])"  # a code: lot '3045L1' (not a size: '4x8')
)
_THOUSANDS = re.compile(r"^\d{1,3}(?:,\d{3})+$")
_NUMBER_LIST = re.compile(r"^\d+(?:,\d+){2,}$")
_MERIDIEM = re.compile(r"\s*([ap])\.?m\b\.?", re.IGNORECASE)
_DIMENSIONS = re.compile(r"(?<![\w.])\d+(?:\.\d+)?['\"]?(?:\s*[x\u00d7]\s*|\s+by\s+)\d+(?:\.\d+)?['\"]?(?![\w.])")
"""Sizes such as '4x8', '1920 x 1080', 12' x 14' or '1000 by 1000': also said as one ordered
number ('2x3' and '3x2' are different matrices, '1080x1920' a portrait video)."""
_GLUED_SIZE = re.compile(r"(?<![\w.])(?!0[xX])\d+(?:\.\d+)?(?:[x\u00d7]\d+(?:\.\d+)?)+")
"""Sizes written glued ('4x8', '1920x1080', with a multiplication sign too; not a hex number,
'0x1F'): their numbers, as '4 x 8' says them ('4x8' and '4x4' are different beds)."""
_HEX = re.compile(r"(?<![\w.])0[xX][0-9a-fA-F]+(?![\w])")
_FLAG = re.compile(r"(?<![\w-])--?[A-Za-z][A-Za-z0-9-]*")
_DOTTED = re.compile(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+(?:\(\))?")
_SNAKE = re.compile(r"\b[A-Za-z0-9]*[a-z0-9]_[A-Za-z0-9_]+\b")
_NUMBERED_FIELD = re.compile(r"(?<![\w.])[A-Za-z]*[A-Z][A-Za-z_]*\.\d+\b(?!\.\d)")
"""A name with a capital and a number after its dot: a data standard's field
('eSituation.11'), a figure ('Fig.3'); the number is part of the code (the numbers rule
skips it, a word before a dot). Not a lower-case word ending a sentence typed without a
space ('in pandas.2 columns'; see :func:`_numbered_names_differ`)."""
_NUMBERED_NAME = re.compile(r"(?<![\w.])([A-Za-z]+)\.(\d+)\b(?!\.\d)")
_CAMEL = re.compile(r"\b(?:[a-z]+[A-Z][A-Za-z0-9]*|[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*)\b")
_CAMEL_WORD = re.compile(r"[A-Za-z][a-z]*[A-Z][A-Za-z]*")
_CAMEL_PART = re.compile(r"[A-Z][a-z]+|[a-z]+")
_CALL = re.compile(r"\b\w+\(\)")
_COMPOSED_CALL = re.compile(r"\b[A-Za-z_]\w*\(\s*[A-Za-z_]\w*\([^()]*\)\s*\)")
"""A call of a call, 'g(f(2))': the order is the meaning ('f(g(2))' is another value)."""
_DUNDER = re.compile(r"(?<![\w])_{1,2}[A-Za-z][A-Za-z0-9_]*")
_BACKTICK = re.compile(r"`([^`]+)`")
_CLAUSE_TOKEN = re.compile(rf"[{_LETTERS}]+(?:['\u2019][A-Za-z]+)?|[,;.?!:()/]")
_ENV_VAR = re.compile(r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]\b")
"""Environment variables and constants: 'DATABASE_URL' is not 'DB_URL'."""
_SHELL_SPECIAL = re.compile(r"(?<![\w$])\$[?!#@*$0-9-](?!\w)")
"""Shell special parameters: '$?' (last exit status) is not '$!' (last background PID)."""
_EXTENSION = re.compile(r"(?<![\w./])\.[A-Za-z][A-Za-z0-9]{0,5}(?:\.[A-Za-z0-9]{1,5})?(?![\w(])")
"""File extensions on their own: '.png', '.tar.gz' (not '.then()')."""
_PATH = re.compile(r"(?<![\w/.~:-])(?:~|\.{1,2})?/?(?:[\w.*-]+/)+[\w.*-]+/?")
_PATTERN_CHARS = frozenset("\\{}[]^*|")
_QUOTED = re.compile(
    r"(?:(?<=[\s(\[:])|^)"
    r"(?:\"([^\"]+)\"|'([^']+)'|\u201c([^\u201d]+)\u201d|\u2018([^\u2019]+)\u2019)"
)
_STANDALONE_OPERATORS = (
    ">>>=", "<<=", ">>=", "**=", "//=", "??=", "===", "!==", "<=>", ">>>", "..=",
    "==", "!=", "<=", ">=", "&&", "||", "<<", ">>", "->", "=>", "::", "+=", "-=", "*=", "/=",
    "%=", "&=", "|=", "^=", "**", "//", "??", "?.", ":=", "|>", "++", "--", "!!",
    "+", "-", "*", "/", "%", "&", "|", "^", "~", "<", ">", "=",
)  # fmt: skip
_NEGATING_OPERATORS = frozenset({"!=", "!=="})
_EMBEDDED_OPERATORS = (
    "<=>", "===", "!==", "==", "!=", "<=", ">=", "&&", "||", "->", "=>", "+=", "-=", "*=", "/=", ":=", "??",
)  # fmt: skip
_OPERATOR = re.compile(
    # An operator written on its own ('use === here', '`==`', 'x += 1', 'the ?. operator') or
    # between operands ('a!=b', 'ptr->next'). Single '-', '*' or '+' opening a line is a bullet.
    r"(?:(?<=[\s(`'\"])|^)(?!(?<=^)[-*+]\s|(?<=\n)[-*+]\s)("
    + "|".join(re.escape(op) for op in _STANDALONE_OPERATORS)
    + r")(?=[\s`'\"),]|[.?!:;]*(?:\s|$))"
    + r"|(?<=\w)("
    + "|".join(re.escape(op) for op in _EMBEDDED_OPERATORS)
    + r"|[+*])(?=\w)",
    re.MULTILINE,
)
_CASED = re.compile(r"-{1,2}[A-Za-z]|.*[\[\]^$\\{}|]")
"""Tokens whose case is meaning: flags, and patterns with regex or glob syntax."""
_SPECIAL_LANGUAGES = re.compile(r"(?i)(?<![\w])(c\+\+|c#|f#|\.net|objective-c)(?![\w+#])")
_SENTENCE_END = frozenset(".?!:;\n")
_SENTENCE_STOP = re.compile(r"[.?!;](?:\s|$)")
_RUN_BREAKS = frozenset(',()"“”')
_PRONOUNS = frozenset({"i", "i'm", "i've", "i'd", "i'll", "ok", "okay"})
_CONTRACTED = frozenset({"let", "what", "it", "that", "there", "here", "who", "he", "she", "where", "how"})
"""Words whose "'s" is "is" or "us" ('what's', 'let's'), not a possessive."""


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


_CAPITONYMS = frozenset(_VOCABULARY["capitonyms"]["words"])
_COMMAND_WORDS = frozenset(_VOCABULARY["cli_tools"]) | frozenset(
    {"ln", "cp", "mv", "rsync", "scp", "tar", "diff", "chmod", "chown", "kill", "ssh", "curl", "wget", "zip"}
)
_MONTHS = frozenset({"march", "may", "august"})
_DATING = re.compile(
    r"(?i)\b(?:in|on|of|since|until|till|by|before|after|during|early|late|mid|next|last|this|\d+)\s+$"
)
_SENTENCE_START = re.compile(r"(?:^|[.?!:\n]\s*)$")
_FOREIGN = re.compile(r"[^\W\d_A-Za-z\u00c0-\u024f]+")
_STANDALONE_SIGNS = frozenset("+-*/=<>%^")
_SYMBOL_CATEGORIES = frozenset({"Sm", "Sc", "So", "No"})
_ARG_STRIP = ",;:!?)]}\"'`"
_FILE_NAME = re.compile(r"[\w-]+(?:\.[\w-]+)*\.[A-Za-z][A-Za-z0-9]{0,5}")
_BARE_PATHS = frozenset({".", "..", "/", "~", "./", "../", "~/"})


_OTHER_FUNCTION_WORDS = frozenset(
    {"le", "les", "est", "pas", "une", "des", "du", "pour", "avec", "dans", "qui", "je", "ne", "sont"}
    | {"el", "los", "las", "una", "para", "por", "del", "como", "está", "qué", "cómo", "pero", "muy"}
    | {"der", "das", "und", "ist", "nicht", "ein", "eine", "mit", "für", "wie", "ich", "auf", "zu"}
    | {"het", "een", "hoe", "niet", "ik", "zijn", "naar", "voor", "kan", "wat"}
    | {"não", "uma", "com", "da", "os", "às", "é", "você", "meu", "minha", "ao", "aos", "pelo", "pela", "mais"}
    | {"quanto", "cuánto", "dónde", "cuándo", "quando", "onde"}
    | {"il", "gli", "è", "che", "sono", "della", "nel", "anche"}
)
"""Function words of French, Spanish, German, Dutch, Portuguese and Italian that English does
not use: a text made of them is in a language the rules cannot read."""


def _other_language(text: str, words: tuple[str, ...]) -> tuple[str, ...]:
    """A text in another Latin-script language, as its words (none when English; quoted text
    does not count: 'translate "je ne sais pas"' is English): the rules read English, so two
    such texts must match exactly. ``words`` are the text's own, read again only without quotes."""
    if _QUOTED.search(text):
        words = tuple(_normalise_word(w) for w in _WORD.findall(_QUOTED.sub(" ", text)))
    others = sum(w in _OTHER_FUNCTION_WORDS for w in words)
    english = sum(w in STOPWORDS for w in words)
    return words if others >= 2 and others >= english else ()


def _capitals(text: str) -> frozenset[tuple[str, bool]]:
    found = set()
    for match in _WORD.finditer(text):
        word = match.group()
        # (each search reads only the few characters before the word: reading all of them
        # made a long text's facts take seconds)
        at = match.start()
        if word.lower() in _CAPITONYMS and not _SENTENCE_START.search(text, max(at - 100, 0), at) and at:
            # 'in march' is the month however it is typed
            dated = word.lower() in _MONTHS and _DATING.search(text, max(at - 40, 0), at) is not None
            found.add((word.lower(), word[0].isupper() or dated))
    return frozenset(found)


def _commands(words: tuple[str, ...]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each command word with up to five plain arguments after it (flags skipped, ending at
    a function word): 'ln -s target link' -> ``("ln", ("target", "link"))``."""
    found = []
    for i, word in enumerate(words):
        if word not in _COMMAND_WORDS:
            continue
        arguments: list[str] = []
        for following in words[i + 1 : i + 8]:
            if following.startswith("-") or len(following) == 1:
                continue  # a flag ('-s' reads as 's')
            if following in STOPWORDS or len(arguments) == 5:
                break
            arguments.append(following)
        found.append((word, tuple(arguments)))
    return tuple(found)


def _arguments_reordered(a: TextFacts, b: TextFacts) -> bool:
    """One command with the same arguments in another order ('git rebase main feature' /
    'git rebase feature main', 'ln -s target link' / 'ln -s link target')."""
    return any(
        command == other and len(arguments) > 1 and arguments != others and sorted(arguments) == sorted(others)
        for command, arguments in a.commands
        for other, others in b.commands
    )


def _case_of_a_name_changed(a: TextFacts, b: TextFacts) -> bool:
    """A word whose capital names something else, capitalised on one side only."""
    return any((word, not upper) in b.capitals and (word, upper) not in b.capitals for word, upper in a.capitals)


def _symbols(text: str) -> tuple[str, ...]:
    found = [c for c in text if not c.isascii() and unicodedata.category(c) in _SYMBOL_CATEGORIES]
    found += [t for t in text.split() if t in _STANDALONE_SIGNS]
    return tuple(sorted(found))


def _args(text: str) -> tuple[str, ...]:
    found = []
    for raw in text.split():
        token = raw.strip("([{\"'`").rstrip(_ARG_STRIP)
        token = token.split("::", 1)[0] if "::" in token and "/" in token else token  # a pytest node id's file
        if token.endswith(".") and token not in _BARE_PATHS:
            token = token.rstrip(".").rstrip(_ARG_STRIP)  # '(x-3).' ends a sentence as '(x-3)' does
        if _is_arg(token):
            found.append(token.lower())  # 'Node.js' / 'node.js'; case-only path changes are rare
    return tuple(found)


def _is_arg(token: str) -> bool:
    if token in _BARE_PATHS or token.startswith("~"):
        return True
    if "/" in token:  # a path; not a URL ('//') nor 'and/or' or 'TCP/IP' (letters only, kept as words)
        if "//" in token:
            return False
        if token.startswith(("/", "./", "../")) or token.endswith("/"):
            return True
        return any(c in "._~-*" or c.isdigit() for c in token)
    return bool(_FILE_NAME.fullmatch(token)) and not token.replace(".", "").isdigit()


_SIGNED = re.compile(r"(?:^|(?<=[\s(=,:]))[-\u2212][$€£¥₹]?(?=\d)")
_COMPOUND_WORD = re.compile(rf"[{_LETTERS}]+(?:['\u2019][A-Za-z]+)?(?:[-_./][{_LETTERS}]+)*")
_SHOUTED = re.compile(r"\b[A-Z]{3,}S\b")
_IANA_ZONE = re.compile(
    r"\b(?:Africa|America|Antarctica|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)/[A-Za-z_]+\b"
)
"""A time zone named the IANA way: 'America/Chicago'."""
_DAY_SPANS = (
    (frozenset({("time frame", "saturday"), ("time frame", "sunday")}), "weekend"),
    (frozenset({("time frame", "monday"), ("time frame", "friday")}), "weekday"),
)
"""Days that name a span together: 'Saturday and Sunday', 'Monday through Friday'."""
_NAMED_NO = re.compile(r"(?i)(?<![\w-])(?:no|non|not)-(?=[a-z])[\w-]*\w")
"""A hyphenated name that starts with a negating word: the ESLint rule 'no-unused-vars'."""


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


_TYPOGRAPHY = str.maketrans(
    {
        **{
            sup: f"^{digit}" for digit, sup in enumerate("\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079")
        },
        "\u2212": "-",
        **{
            fraction: f" {value}"
            for fraction, value in zip(
                "\u00bd\u2153\u2154\u00bc\u00be\u2155\u2156\u2157\u2158\u2159\u215a\u215b\u215c\u215d\u215e",
                [
                    "1/2",
                    "1/3",
                    "2/3",
                    "1/4",
                    "3/4",
                    "1/5",
                    "2/5",
                    "3/5",
                    "4/5",
                    "1/6",
                    "5/6",
                    "1/8",
                    "3/8",
                    "5/8",
                    "7/8",
                ],
                strict=True,
            )
        },
    }
)
"""Math typed with typography, as typed without: 'x' with a superscript 2 is 'x^2', a minus
sign is '-', '59\u00bd' is '59 1/2'."""
_ACCENTED = re.compile(r"[\u00c0-\u024f]")


def _unaccented(match: re.Match[str]) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", match.group()) if not unicodedata.combining(c))


_NOT_BOTHER = re.compile(
    r"(?i)\b((?:\w+n['\u2019]t|not|never)(?:\s+(?:i|you|we|they|he|she))?)\s+bother(?:ing)?\s+(?:to\s+)?"
)
"""'shouldn't I bother buying' says 'shouldn't I buy': the negation reaches the next verb."""
_LEAVE_OUT_FIRST = re.compile(
    r"(?i)\bleav(?:e|es|ing)\s+(?:out|off)\s+(?=(?:the|a|an|my|your|its|this|that|these|those|any|all)\b|[`'\"-])"
)
"""'leave off the -t', 'leave out the details': exclude them."""
_LEFT_OUT_OF = re.compile(
    r"(?i)\b(?:left|leave|leaves|leaving)\s+(?:out|off)\s+of\b"
    r"(?!\s+(?:the\s+|a\s+|an\s+|my\s+|your\s+)?(?:fridge|refrigerator|freezer|cooler|oven|sun|water|heat|car|house))"
)
"""'which items should be left out of the study', 'leave off of the list': excluded from it
(not 'left out of the fridge': sitting out; review 96)."""
_LEAVE_OUT = re.compile(
    r"(?i)\bleav(?:e|es|ing)\s+((?:[\w'-]+\s+){0,3}?)out\b(?=\s*(?:[.?!,;:]|$)|\s+(?:of|and|but|so)\b)"
)
"""'leave X out' is 'exclude X' ('stage everything but leave untracked files out'); not when
a place follows ('leave the butter out on the counter')."""
_HALF_HOUR = re.compile(
    r"(?i)(?<!and a )(?<!and-a-)\b(?:(half)[- ](?:an?[- ])?|(?:a[- ])?(quarter)[- ](?:of[- ]an?[- ])?)hour\b"
)
"""'half an hour', 'a half-hour', 'a quarter of an hour': 30 and 15 minutes, as the other
side may count them ('a 30-minute workout' / 'a half-hour routine')."""


def _in_minutes(match: re.Match[str]) -> str:
    return "30 minutes" if match.group(1) else "15 minutes"


_WITHOUT_DOING = re.compile(
    r"(?i)\bwithout\s+(?:giving|using|adding|providing|having|making|mentioning|listing|taking|riding|buying)"
    r"(?:\s+(?:any|a|an|the))?\s+(?=\w)"
)
"""'without giving any examples' says what 'without examples' says: the negation is of the
examples (which the other side may include), not of a verb no side shares ('reach without
taking the tram' / 'reach by tram')."""
_WITHOUT = re.compile(r"(?<![\w/])w/o(?![\w/])", re.IGNORECASE)
"""'w/o' typed for 'without' (a negation: 'with a penalty' / 'w/o penalty')."""


def _fold_accents(text: str) -> str:
    """'El Ni\u00f1o' is 'El Nino', 'caf\u00e9' is 'cafe': people type names and loanwords
    with and without their accents (only Latin letters lose them)."""
    return _ACCENTED.sub(_unaccented, text)


def _signature(text: str) -> str:
    """What identical wording means: case, inner spacing and a sentence's end punctuation do
    not count; where text has several lines (code, YAML, a Makefile) line breaks and each
    line's indentation do, and so does a '!' after a number ('10!' is a factorial)."""
    lines = [line.rstrip() for line in text.casefold().strip().splitlines() if line.strip()]
    kept = "\n".join(line[: len(line) - len(line.lstrip())] + " ".join(line.split()) for line in lines)
    factorial = kept.rstrip("?. ").endswith("!") and kept.rstrip("?.! ")[-1:].isdigit()
    return kept.rstrip("?. ") if factorial else kept.rstrip("?.! ")


_JOINED_WORDS = re.compile(r"(?<![\w-])([a-z0-9]+(?:-[a-z]{2,}[a-z0-9]*)+)(?![\w-])")
"""Words joined by hyphens ('dollar-cost', '6-year-old'); not a flag ('--no-cache'), a version
('utf-8', 'covid-19') or a single letter ('a-b')."""


def same_but_hyphens(a: TextFacts, b: TextFacts) -> bool:
    """The same text but for hyphens joining words on one side and spaces on the other
    ('what is dollar cost averaging' / 'What is dollar-cost averaging?'): the words are the
    same, and so is the question. Not when both sides join words, in other places ('twenty
    five-dollar bills' / 'twenty-five dollar bills'), nor where the spelling is the subject
    or a name (quotes, backticks, a command line: "is 'follow-up' a noun?", '--name my-app'),
    nor a range of days or months ('Tuesday-Thursday')."""
    if a.signature == b.signature or "-" not in a.signature + b.signature:
        return False
    joined_a, joined_b = _JOINED_WORDS.findall(a.signature), _JOINED_WORDS.findall(b.signature)
    if bool(joined_a) == bool(joined_b):
        return False
    if any(_SPELLING_SHOWN.search(facts.signature) for facts in (a, b)):
        return False
    if any(part in _CALENDAR for joined in joined_a + joined_b for part in joined.split("-")):
        return False
    return _JOINED_WORDS.sub(_spaced, a.signature) == _JOINED_WORDS.sub(_spaced, b.signature)


_SPELLING_SHOWN = re.compile(r"[\"`]|(?<!\w)'|(?<![\w-])--?[a-z]")
"""Quotes, backticks or a flag: the text shows a spelling or a command line."""
_CALENDAR = frozenset(
    {
        *("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "mon", "tue", "wed"),
        *("thu", "fri", "sat", "sun", "january", "february", "march", "april", "may", "june", "july"),
        *("august", "september", "october", "november", "december", "jan", "feb", "mar", "apr", "jun"),
        *("jul", "aug", "sep", "sept", "oct", "nov", "dec"),
    }
)


def _spaced(match: re.Match[str]) -> str:
    return match.group(1).replace("-", " ")


def same_but_layout(a: TextFacts, b: TextFacts) -> bool:
    """The same characters but for spacing, line breaks and end punctuation, which the
    signatures say matter here (indented code, 'Calculate 10!' / 'Calculate 10.')."""
    if a.signature == b.signature:
        return False
    if "\n" in a.signature or "\n" in b.signature:
        return "".join(a.signature.split()) == "".join(b.signature.split())
    return a.signature.rstrip("?.! ") == b.signature.rstrip("?.! ")


_WIFI = re.compile(r"(?i)\bwi[- ]?fi\b")
"""'Wi-Fi', 'Wi Fi', 'wifi': one spelling for every rule ('Wi-Fi Direct' / 'WiFi' still differ)."""
_UPSIDE_DOWN = re.compile(r"(?i)\b(upside|belly|rightside)[- ](down|up)\b")
_IMPERIAL_GALLON = re.compile(
    r"(?i)\b(?:imperial|imp\.?|uk|british)\s+(?:gallons?|gal)\b|\b(?:gallons?|gal)\s*\((?:imperial|imp\.?|uk)\)"
)
"""An imperial gallon (4.546 l) is another unit than a US one: 'convert 25,000 US gallons' /
'25,000 imperial gallons' (hold-out 174)."""
_RIGHT_SIDE = re.compile(r"(?i)\bright[- ]side(?=[- ]up\b)")
"""'upside down', 'belly up' and 'right side up' are one word each: 'floating upside down' /
'flipping belly-up' say the same (hold-out 169), 'upside down' opposes 'right side up' and
'upright' (the vocabulary's antonyms), not any 'up' ('hung up to dry'; review 106)."""
_SWITCHED = re.compile(r"(?i)\bswitch(?:ed|es|ing)? (on|off)\b")
"""'switch off the LED' says 'turn off the LED' (the verb alone does not: 'switch' / 'turn a
mattress' differ)."""
_DECLINING = re.compile(
    r"(?i)\b(declin(?:e|es|ed|ing))(\s+(?:a|an|the|to|this|that|these|those|my|our|your|their|his|her|every|all|any)\b)"
)
"""'decline the invite' says 'refuse the invite' (against 'accept', 'agree', 'approve');
'stocks decline after the approval' is going down, no refusal."""
_REFUSED = MappingProxyType(
    {"decline": "refuse", "declines": "refuses", "declined": "refused", "declining": "refusing"}
)
_IN_PLACE_OF = re.compile(r"(?i)\bin (?:place|lieu) of\b")
"""'in place of butter' says what 'instead of butter' says."""
_FREE_OF_THING = re.compile(r"(?i)\b(\w+\s+)?(?:free|devoid) of\b")
"""'free of peanuts' says 'without peanuts' (as 'peanut-free' does); 'break free of' and 'get
free of' a habit or a debt say overcoming it (see ``_RELEASING``)."""
_RELEASING = frozenset({"break", "breaks", "broke", "breaking", "set", "get", "gets", "got", "become", "became"})


def _free_of_thing(match: re.Match[str]) -> str:
    before = match.group(1) or ""
    return match.group(0) if before.strip().lower() in _RELEASING else f"{before}without"


_NOTHING_BUT = re.compile(r"(?i)\b(?:nothing|none) but\b")
"""'nothing but flour' says 'only flour': no negation."""


_FREE_OF = re.compile(r"(?i)\b(ads?|[a-z]{3,})[- ]free\b(?!\s+of\b)")
_NOT_FREE_OF = frozenset(
    {
        "feel",
        "set",
        "break",
        "for",
        "are",
        "was",
        "were",
        "totally",
        "completely",
        "entirely",
        "fully",
        "stay",
        "run",
        "get",
        "keep",
        "its",
        "it's",
        "and",
        "the",
        "not",
        "you",
        "them",
        "him",
        "her",
        "out",
        "walk",
    }
)


_LETTERED_SIZE = re.compile(r"(?<![\w.])([A-Za-z]{1,2}\d+(?:\.\d+)?)[x\u00d7](\d+(?:\.\d+)?)(?![\w.])")
"""A size after a letter, glued ('M8x1.25', a thread): said as 'M8 x 1.25' too."""
_TO_ONE = re.compile(r"(?<![\w.,/:])(\d+):1\b(?![.,/:]?\d)")
"""A ratio to one in figures, read as said: 'a 3:1 SWR' is 'a 3 to 1 SWR' (hold-out 168); the
words stay as they are ('a 3 to 1 lead', 'a countdown of 10 to 1')."""
_LETTERED_NUMBER = re.compile(r"(?<![\w-])([A-Za-z]*[A-Z][A-Za-z]*)-(\d+(?:\.\d+)?)(?![\w-]|\.\d)")
"""A capitalised name and its number, hyphenated: 'W-2', 'F-150', 'GPT-4', 'COVID-19'."""


_ROMAN_VALUES = MappingProxyType(
    {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9, "X": 10, "XI": 11, "XII": 12}
)
_ROMAN_AFTER_NAME = re.compile(r"(?<![\w.])([A-Z][A-Za-z]+)(\.?[ \t]+)(XI{0,2}|IX|VI{0,3}|IV|I{1,3})(?![\w'\u2019-])")
_ROMAN_LISTED = re.compile(
    r"(?<=\d)(\s+(?:and|or|to|through|vs\.?|&)\s+|,\s*|/|-)(XI{0,2}|IX|VI{0,3}|IV|I{1,3})(?![\w'\u2019-])"
)
_NAME_SHORT_FOR = MappingProxyType(
    {"sec": "Section", "sect": "Section", "art": "Article", "ch": "Chapter", "pt": "Part", "vol": "Volume"}
)
"""Short names written before a number ('Sec. IX' is 'Section 9')."""
_NUMBERED_NAMES = frozenset(
    {"type", "phase", "appendix", "schedule", "title", "class", "stage", "grade", "level", "war", "part", "chapter"}
    | {"article", "section", "tier", "category", "volume", "book", "act", "division", "zone", "mark", "annex"}
    | {"episode", "season"}
    | set(_NAME_SHORT_FOR)
)
"""Nouns a Roman numeral after them numbers ('Appendix I', 'Type II', 'World War I'), even
a lone 'I', which elsewhere is the asker."""


def _roman_numerals(text: str) -> str:
    """Roman numerals that number a name, as digits: 'CITES Appendix I' / 'Appendix II' differ
    as 1 and 2 do (hold-out 154), 'Type I' is 'Type 1', 'Henry VIII' is 'Henry 8'. A lone
    'I', 'V' or 'X' counts only after a noun that takes a number ('can I' is the asker, 'Model
    X', 'Pikachu V' and 'Mega Man X' are names; see :func:`_lone_numeral_against`), and
    nothing after the first word of a sentence ('Give IV fluids')."""

    def numbered(match: re.Match[str]) -> str:
        name, numeral = match.group(1), match.group(3)
        listed = name.lower() in _NUMBERED_NAMES
        if not listed and (len(numeral) == 1 or _sentence_start(text, match.start()) or "." in match.group(2)):
            return match.group()
        return f"{_NAME_SHORT_FOR.get(name.lower(), name)} {_ROMAN_VALUES[numeral]}"

    converted = _ROMAN_AFTER_NAME.sub(numbered, text)
    if converted == text:
        return text
    return _ROMAN_LISTED.sub(lambda m: f"{m.group(1)}{_ROMAN_VALUES[m.group(2)]}", converted)


def _sentence_start(text: str, at: int) -> bool:
    before = text[:at].rstrip()
    return not before or before[-1] in ".?!:;\n\"'("


_SLASHED_RUN = re.compile(r"(?<![\w/])\d{1,3}(?:/\d{1,3}){2,}(?![\w/])")


def _dashed_run(match: re.Match[str]) -> str:
    """'a 30/60/90 day plan' is 'a 30-60-90 day plan', 'the 50/30/20 rule' the '50-30-20'
    one: three or more round numbers (multiples of 5 from 10) joined by slashes are a run,
    not a division ('1/2/3' is left alone, as is a date such as '3/14/24')."""
    parts = [int(p) for p in match.group(0).split("/")]
    round_numbers = all(p >= 10 and p % 5 == 0 for p in parts)
    return match.group(0).replace("/", "-") if round_numbers else match.group(0)


_SCHOOL_WORDS = frozenset(
    {
        *("teach", "teaching", "teacher", "teachers", "classroom", "classrooms", "grade", "grades", "grader"),
        *("graders", "school", "schools", "lesson", "lessons", "homework", "iep", "curriculum", "syllabus"),
        *("semester", "recess"),
    }
)


_KIDS = frozenset({("audience", "kid"), ("audience", "kids")})
_SCHOOL_SUBJECT_NAMES = frozenset({("english", _ALIAS_GROUP[("ela",)])})
"""Words that name a school subject at school only: 'English' is ELA in '8th grade English',
not in 'the English Channel'."""


_KIDS_OR_STUDENTS = frozenset({"kid", "kids", "child", "children", "student", "students"})


def _students_qualified(words: tuple[str, ...]) -> bool:
    """Students named with what they study or where ('college students', 'CS students',
    'high school students'): no kids, whatever the school words."""
    return any(w in ("student", "students") and i and words[i - 1] in _STUDENT_KINDS for i, w in enumerate(words))


_STUDENT_KINDS = frozenset(
    {
        *("college", "university", "uni", "grad", "graduate", "postgraduate", "postgrad", "undergraduate"),
        *("undergrad", "law", "medical", "med", "nursing", "phd", "doctoral", "masters", "cs", "engineering"),
        *("international", "adult", "mature", "exchange", "school", "art", "music", "business", "finance"),
        *("dental", "pharmacy", "mba", "stem", "esl", "language", "computer", "science", "history", "economics"),
    }
)
"""Words before 'students' that name grown-up students or their subject ('college students',
'high school students', 'CS students')."""

_OWNERS = _DETERMINERS - {"the", "its"}


def _owned(word: str, words: tuple[str, ...]) -> bool:
    """``word`` comes after 'my', 'our', …: 'help my kids with homework' is a parent."""
    return any(w == word and i and words[i - 1] in _OWNERS for i, w in enumerate(words))


def _kids_are_students(a: TextFacts, b: TextFacts) -> bool:
    """Either side is about school and neither names students by what or where they study:
    'teach kids to cite sources' / 'teach students to cite sources' (not '... to grad
    students')."""
    return (a.at_school or b.at_school) and not (a.students_qualified or b.students_qualified)


def _at_school(words: tuple[str, ...]) -> bool:
    """Whether the text is about school ('teach', 'a child in my class', 'report card'),
    where 'kids' are the students: 'report card comments for kids' / 'for students'. A
    'class' counts after a determiner or 'in' ('yoga class', 'Python classes' do not)."""
    return (
        not _SCHOOL_WORDS.isdisjoint(words)
        or ("report", "card") in pairwise(words)
        or any(y == "class" and x in _CLASS_OWNERS for x, y in pairwise(words))
    )


_CLASS_OWNERS = frozenset({"my", "our", "your", "the", "this", "in", "whole"})


_DECADE = re.compile(
    r"(?i)(?:(?<=from the )|(?<=of the )|(?<=during the )|(?<=since the )|(?<=like in )|(?<![\w'])'(?=\d))"
    r"'?([5-9]0)s\b|(?<![\w'])([5-9]0)s(?= (?:music|songs?|hits|style|fashion|movies|films|rock|pop|bands?|era|tv))"
)
"""A decade in two digits: 'music from the 80s', "the '90s", '80s songs' are the 1900s. Not
'in the 90s' (degrees, a heart rate) nor 'in her 80s' (an age)."""


_DECADES_JOINED = (
    re.compile(r"(?i)(19[5-9]0s\s*(?:,|and|or|&|/|to)\s*)'?([5-9]0)s\b"),
    re.compile(r"(?i)(?<![\w'])'?([5-9]0)s(\s*(?:,|and|or|&|/|to)\s*19[5-9]0s)"),
)


def _decades(text: str) -> str:
    """'the 80s' is 'the 1980s' (:data:`_DECADE`), and so is a decade joined to one
    ('from the 80s and 90s', '80s and 90s music')."""
    text = _DECADE.sub(lambda m: f"19{m.group(1) or m.group(2)}s", text)
    if "19" not in text:
        return text
    after, before = _DECADES_JOINED
    for _ in range(3):  # (a run of three: '70s, 80s and 90s')
        text = before.sub(r"19\1s\2", after.sub(r"\g<1>19\2s", text))
    return text


_MIL_LENGTH = re.compile(
    r"(?i)\b(\d+(?:\.\d+)?)[- ]?mil(?=\s+(?:traces?|tracks?|clearance|spacing|thick|thickness|width|wide|"
    r"films?|plastic|sheeting|sheets?|coating|gap|lines?|vapou?r)\b)"
)
"""'20 mil trace', '6-mil plastic': a thousandth of an inch ('mils'); a bare 'mil' is more
often money ('3 mil a year')."""


def _free_of(match: re.Match[str]) -> str:
    """'spoiler-free' says 'without spoilers' ('feel free', 'for free' say nothing of the
    kind); the negation reaches no further than that word (a comma ends its reach). Written
    apart after a determiner and ending the phrase, 'free' says what the thing costs: 'is
    the app free?' is no 'without app' (while 'is the bread gluten free?' is)."""
    word = match.group(1)
    if word.lower() in _NOT_FREE_OF:
        return match.group(0)
    if match.group(0)[len(word)] == " " and _free_of_charge(match):
        return f"{word} free of charge"  # 'is the app free?' / 'is the app free of ads?' differ
    return f"without {word},"


_WORDS_BEFORE = re.compile(r"([A-Za-z']+\s+)?([A-Za-z']+)\W*$")
_FREE_ENDS = frozenset(
    {
        *("to", "for", "of", "with", "if", "or", "and", "now", "today", "anymore", "forever", "again", "on"),
        *("in", "at", "during", "until", "after", "before", "every", "this", "next", "tonight", "tomorrow"),
    }
)


def _free_of_charge(match: re.Match[str]) -> bool:
    """'the app free', 'my trial free for …', 'is Spotify free?': a price, not the absence of
    the thing named (a name in capitals, 'BPA', 'GMO', is more often the thing left out). Not
    after 'this' or 'that', which stand for the product itself ('is this gluten free?'), nor
    for the things usually left out ('gluten', 'sugar', …)."""
    word = match.group(1)
    if word.lower() in _LEFT_OUT_THINGS:
        return False
    before = _WORDS_BEFORE.search(match.string, max(0, match.start() - 60), match.start())
    named = (  # 'is Spotify free?' ('is Tuesday free?' asks whether a day is open)
        word[0].isupper() and not word.isupper() and before is not None and word.lower() not in _CALENDAR
    )
    if not named and (
        before is None
        or not (before.group(2).lower() in _DETERMINERS or (before.group(1) or "").strip().lower() in _DETERMINERS)
    ):
        return False  # (one word may stand between: 'the Spotify app', 'the return shipping')
    after = match.string[match.end() :].lstrip()
    return not after or not after[0].isalnum() or after.split(None, 1)[0].lower().strip("?.!,;:") in _FREE_ENDS


_LEFT_OUT_THINGS = frozenset(
    {
        *("gluten", "dairy", "sugar", "caffeine", "alcohol", "nut", "peanut", "lactose", "fat", "soy"),
        *("egg", "meat", "smoke", "cruelty", "bpa", "latex", "salt", "carb", "fragrance", "scent"),
        *("paraben", "oil", "wheat", "grain", "allergen", "msg", "sulfate", "fluoride", "chlorine", "lead"),
        *("ad", "ads", "spoiler", "error", "bug", "risk", "stress", "hassle", "hands", "pet", "drug"),
    }
)


_MATH_SPACING = re.compile(
    r"(?:(?<=(?<![A-Za-z_])[A-Za-z])|(?<=[)\]])) ([-+*/=]) (?=[A-Za-z](?![A-Za-z_])|[0-9(\[])"
    r"|(?<=[0-9]) ([-+*/=]) (?=[A-Za-z](?![A-Za-z_])|[(\[])"
)
"""A binary operator between two terms of a formula, spaced: '(x - 3)' is '(x-3)', '9) / (x' is
'9)/(x'. A term is a digit, a bracket or a one-letter variable, and one of the two is not a
number: prose keeps its dashes, and '500 / 1000 notes' its list."""


_BYTE_RATE = re.compile(
    r"(?<![A-Za-z])(?:([kKMGT])B(?:ps|/s|ytes?/s)|(kilo|mega|giga|tera)bytes?\s*(?:per|a|/)\s*(?:second|sec|s))(?![A-Za-z])"
)
_BIT_RATE = re.compile(
    r"(?<![A-Za-z])(?:([kKMGT])(?:b/s|bits?/s)|(kilo|mega|giga|tera)bits?\s*(?:per|a|/)\s*(?:second|sec|s))(?![A-Za-z])"
)
_RATE_PREFIX = {"kilo": "k", "mega": "m", "giga": "g", "tera": "t"}


def _rate_token(kind: str) -> Callable[[re.Match[str]], str]:
    def token(match: re.Match[str]) -> str:
        prefix = match.group(1) or _RATE_PREFIX[match.group(2).lower()]
        return f"{prefix.lower()}{kind}"

    return token


_BYTES_PER_SECOND, _BITS_PER_SECOND = _rate_token("byteps"), _rate_token("bps")


def _data_rates(text: str) -> str:
    """Data rates as one token each, bytes told from bits by the case of the 'B' (which
    lower-casing loses): 'MB/s', 'MBps' and 'megabytes per second' are 'mbyteps', eight times
    'Mbps', 'Mb/s' or 'megabits per second' ('mbps')."""
    if "/s" not in text and "ps" not in text and "second" not in text and "sec" not in text:
        return text
    return _BIT_RATE.sub(_BITS_PER_SECOND, _BYTE_RATE.sub(_BYTES_PER_SECOND, text))


def _text_facts(text: str) -> TextFacts:
    text = _WITHOUT.sub("without", _fold_accents(text.translate(_TYPOGRAPHY)))
    text = _LEAVE_OUT.sub(r"exclude \1", _LEFT_OUT_OF.sub("excluded from", text))
    text = _WITHOUT_DOING.sub("without ", _HALF_HOUR.sub(_in_minutes, text))
    text = _LEAVE_OUT_FIRST.sub("exclude ", text)
    text = _NOT_BOTHER.sub(r"\1 ", text)
    text = _data_rates(_MATH_SPACING.sub(lambda m: m.group(1) or m.group(2), text))
    text = _FREE_OF.sub(_free_of, _NOTHING_BUT.sub("only", text))
    text = _SWITCHED.sub(r"turn \1", _WIFI.sub("wifi", _UPSIDE_DOWN.sub(r"\1\2", _RIGHT_SIDE.sub("rightside", text))))
    text = _IMPERIAL_GALLON.sub("imperialgallons", text)
    text = _DECLINING.sub(lambda m: _REFUSED[m[1].lower()] + m[2], text)
    text = _FREE_OF_THING.sub(_free_of_thing, _IN_PLACE_OF.sub("instead of", text))  # (after: 'free of charge')
    text = _MIL_LENGTH.sub(r"\1 mils", text)
    text = _ZERO_OF.sub(_zero_of, _SLASHED_RUN.sub(_dashed_run, text))
    signature = _signature(text)  # (before the next step, which reads capitals only)
    text = _decades(text)
    text = _roman_numerals(text)  # 'Appendix II' is 'Appendix 2'
    text = _TO_ONE.sub(r"\1 to 1", text)  # a '3:1 SWR' is a '3 to 1 SWR'
    text = _LETTERED_NUMBER.sub(r"\1\2", text)  # 'W-2' is 'W2', 'GPT-4' is 'GPT4'
    text = _LETTERED_SIZE.sub(r"\1 x \2", text)  # 'M8x1.25' is 'M8 x 1.25'
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
        initials=_initials(text, words),
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
        skeleton=_skeleton(sentences),
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
        directed=frozenset(_directed_pairs(*_with_paths(text, words, entities))),
        cased=tuple(t for raw in text.split() if _CASED.match(t := raw.strip(".,;:!?\"'()`*"))),  # '`-P`', '**-P**' too
        keyword_runs=_keyword_runs(text),
        titled=_titled(text),
        hyphen_counts=frozenset((m[1], "inch" if m[2] == "in" else m[2]) for m in _HYPHEN_COUNT.finditer(text.lower())),
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


def _keyword_runs(text: str) -> tuple[tuple[str, ...], ...]:
    tokens = re.findall(r"[A-Za-z]+|[^\sA-Za-z]+", text)
    letters = [t for t in tokens if t.isalpha()]
    upper = [t for t in letters if len(t) >= 2 and t.isupper()]
    lower = [t for t in letters if not t.isupper()]
    if not upper or len(upper) > 2 * len(lower) + 2:
        return ()  # none, or a text in capitals: no word stands out ('Explain UNION ALL in SQL' is not one)
    runs: list[tuple[str, ...]] = []
    run: list[str] = []
    for token in [*tokens, "."]:
        if token.isalpha() and len(token) >= 2 and token.isupper():
            run.append(token.lower())
        elif run:  # any other token ends a run (the tokens hold no spaces)
            runs.append(tuple(run))
            run = []
    return tuple(runs)


def _keyword_extended(a: TextFacts, b: TextFacts) -> bool:
    """A keyword of ``a`` that ``b`` follows with small upper-case words ``a`` does not use:
    'UNION' / 'UNION ALL', 'DISTINCT' / 'DISTINCT ON'. Acronyms before a noun ('REST API' / 'API', 'US ZIP' / 'ZIP') and
    names after one ('AWS ECS' / 'AWS') are how prose names things, not changes."""
    said = set(a.words)
    return any(
        len(longer) > len(shorter)
        and longer[0] == shorter[0]
        and tuple(w for w in longer if not (w in STOPWORDS and w not in said)) == shorter
        for shorter in set(a.keyword_runs)  # each run once: a pasted log repeats 'INFO' thousands of times
        for longer in set(b.keyword_runs)
    )  # the added words may come before the next keyword: 'UNION SELECT' / 'UNION ALL SELECT'


_TANK_SIZE = re.compile(
    r"\b(?:a|an|my|the|your|our|this|that)\s+(\d+)\s?g\b(?!\s+(?:of|in|to\s+(?:[mk]?g|m?l|oz|lbs?|cups?|ounces?|pounds?)s?)\b)"
    r"|\b(\d+)\s?g\s+(?:tank|aquarium|pond|tub|tote|barrel|drum|bucket|reservoir)s?\b"
)


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


def rule_flags(a: TextFacts, b: TextFacts) -> dict[str, bool]:
    """Which rules the pair breaks, by rule name (see :data:`RULES`).

    Numbers, units, entities and code identifiers break a rule when each side has one the
    other lacks (a substitution: 3.11 vs 3.12, Canada vs Mexico); a detail only one side
    adds is reported by :func:`added_details` instead, for the learned verifier to weigh.
    """
    a, b = _grams_as_gallons(a, b), _grams_as_gallons(b, a)
    measured = _same_measures(a, b)
    school = _kids_are_students(a, b)
    numbers_a, numbers_b = _compared_numbers(a, measured), _compared_numbers(b, measured)
    numbers_a, numbers_b = _abbreviated_numbers(numbers_a, b), _abbreviated_numbers(numbers_b, a)
    units_a, units_b = _compared_units(a, measured), _compared_units(b, measured)
    return {
        "number": (_says_more(a, b, numbers_a, numbers_b) and _says_more(b, a, numbers_b, numbers_a))
        or _ranks_differ(a, b)
        or _measures_differ(a, b)
        or _counts_traded(a, b)
        or _numbers_reordered(a, b)
        or _change_kind_differs(a, b)
        or _one_became_a_count(a, b)
        or _original_or_numbered(a, b)
        or _original_or_numbered(b, a)
        or _only_one_or_count(a, b)
        or _only_one_or_count(b, a)
        or _lone_numeral_against(a, b)
        or _lone_numeral_against(b, a),
        "unit": (bool(units_a - units_b) and bool(units_b - units_a))
        or _points_or_percent(units_a, units_b, b.words)
        or _points_or_percent(units_b, units_a, a.words)
        or _rates_differ(a, b)
        or _marks_traded(a, b)
        or _units_rebound(a, b)
        or _counted_thing_changed(a, b)
        or _traded(a.date_orders, b.date_orders),
        "negation": _negation_differs(*_negation_sides(a, b)) or _bound_negated(a, b) or _in_or_out(a, b),
        "entity": (bool(_missing_entities(a, b, measured)) and bool(_missing_entities(b, a, measured)))
        or _case_of_a_name_changed(a, b)
        or _namesakes(a, b)
        or _name_variants(a, b),
        "identifier": _flags_differ(a, b)
        or _numbered_names_differ(a, b)
        or (_code_missing(a, b) and _code_missing(b, a))
        or _traded(a.symbols, b.symbols)
        or (bool(set(a.args) - set(b.args)) and bool(set(b.args) - set(a.args)))
        or _operators_differ(a, b)
        or _case_changed(a, b)
        or _keyword_extended(a, b)
        or _keyword_extended(b, a)
        or _generic_args_reordered(a, b),
        "quoted": _quotes_differ(a, b),
        "antonym": _antonyms(a, b)
        or _adds_opposite(a, b)
        or _adds_opposite(b, a)
        or _switched_apart(a, b)
        or _particle_flipped(a.compounds, b.compounds)
        or _particle_turned(a.words, b.words)
        or _required_or_forbidden(a, b)
        or _required_or_forbidden(b, a)
        or _required_or_exempt(a, b)
        or _required_or_exempt(b, a)
        or _audience_level_differs(a, b)
        or _stops_or_runs_on(a, b)
        or _stops_or_runs_on(b, a)
        or _why_or_how_to(a.words, b.words)
        or _why_or_how_to(b.words, a.words),
        "category": _categories_differ(_categories_of(a, measured, school), _categories_of(b, measured, school))
        or _explained_or_made(a, b)
        or _explained_or_made(b, a)
        or _outline_of(a, b)
        or _outline_of(b, a)
        or _advised_or_made(a, b)
        or _advised_or_made(b, a)
        or _listed_or_counted(a, b)
        or _listed_or_counted(b, a)
        or _cause_or_remedy(a, b)
        or _cause_or_remedy(b, a)
        or _symptoms_or_else(a, b)
        or _symptoms_or_else(b, a)
        or _done_to_the_same(a, b, _FINDING, _REMOVING)
        or _done_to_the_same(b, a, _FINDING, _REMOVING)
        or _done_to_the_same(a, b, _DRAFTING, _REVIEWING)
        or _done_to_the_same(b, a, _DRAFTING, _REVIEWING)
        or _installed_or_removed(a, b)
        or _installed_or_removed(b, a)
        or _explained_or_written(a, b)
        or _explained_or_written(b, a)
        or _formula_or_worked(a, b)
        or _formula_or_worked(b, a)
        or _made_apart(a, b)
        or _both_sides_or_one(a, b)
        or _both_sides_or_one(b, a)
        or _needed_or_steps(a, b)
        or _needed_or_steps(b, a),
        "direction": _swapped(a, b) or _sequence_swapped(a, b) or _sequence_swapped(b, a),
        "qualifier": _narrowed(a, b)
        or _narrowed(b, a)
        or _scopes_differ(a, b)
        or _part_or_whole(a, b)
        or _one_or_several(a, b)
        or _one_or_several(b, a)
        or _first_or_all(a, b)
        or _first_or_all(b, a)
        or _all_or_top_few(a, b)
        or _all_or_top_few(b, a)
        or _best_or_top_few(a, b)
        or _best_or_top_few(b, a)
        or _month_only_or_whole(a, b)
        or _month_only_or_whole(b, a)
        or _one_size_or_every(a, b)
        or _one_size_or_every(b, a)
        or _first_to_or_all(a, b)
        or _first_to_or_all(b, a),
        "time": _times_differ(a, b, measured) or (_spans_differ(a.words, b.words) and not measured),
        "replaced": _one_word_replaced(a, b),
        "inserted": _words_inserted(a, b) or _words_inserted(b, a),
    }


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
    change number)."""
    words_a, words_b = _without_limiters(a.words, b.words), _without_limiters(b.words, a.words)
    if len(words_a) != len(words_b):
        return False
    changed = [(x, y) for x, y in zip(words_a, words_b, strict=True) if x != y]
    if not changed or len(changed) > 2:
        return False
    counts = [
        (x, y)
        for x, y in changed
        if "one" in (x, y) and all(w in _COUNT_WORDS or (w.isdigit() and w != "1") for w in {x, y} - {"one"})
    ]
    plurals = [
        (x, y)
        for x, y in changed
        if (x, y) not in counts and (_plain_plural(x) == _plain_plural(y) or stem(x) == stem(y))
    ]
    return len(counts) == 1 and len(counts) + len(plurals) == len(changed)


def _plain_stem(word: str) -> str:
    return stem(_plain_plural(word))


def _lone_numeral_against(a: TextFacts, b: TextFacts) -> bool:
    """A lone 'V' or 'X' after a name that the other side numbers otherwise: 'Rocky V' /
    'Rocky IV' (read 'Rocky 4'), 'Civilization V' / 'Civilization VI' (review 101). A lone
    letter is read as a numeral only so: 'Pikachu V' / 'Pikachu VMAX' stay names (review 102)."""
    for i, word in enumerate(a.words[1:], start=1):
        value = {"v": "5", "x": "10"}.get(word)
        if value is None:
            continue
        name = a.words[i - 1]
        if not name.isalpha():
            continue  # ('7 x 8' multiplies)
        if any(
            b.words[j - 1] == name and other.isdigit() and other != value and word not in b.words
            for j, other in enumerate(b.words[1:], start=1)
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
    return int(number) > 1 and not 1900 <= int(number) <= 2099


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


def _traded(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Each side has an item the other lacks (counted: '+ +' / '+ -' differ)."""
    if a == b or not (a and b):
        return False
    left, right = Counter(a), Counter(b)
    return bool(left - right) and bool(right - left)


def _negation_sides(a: TextFacts, b: TextFacts) -> tuple[TextFacts, TextFacts]:
    """The two sides to compare negations on: a name both use that starts with 'no-'
    ('the no-unused-vars rule') negates nothing, so it is read without its 'no'."""
    if a.named_no and a.named_no == b.named_no and a.without_named_no and b.without_named_no:
        return a.without_named_no, b.without_named_no
    if a.less_read is not None or b.less_read is not None:
        return _less_read(a, b), _less_read(b, a)
    return a, b


_LESS_WORD = re.compile(r"(?i)\b([a-z]{3,})-?less\b")
_NOT_LESS_OF = frozenset(
    {
        *("regard", "neverthe", "nonethe", "doubt", "need", "count", "end", "time", "use", "harm"),
        *("hope", "care", "help", "point", "price", "worth", "sense", "heart", "self", "shame"),
        *("fear", "tire", "seam", "flaw", "effort", "limit", "bound", "spot", "clue", "mind"),
        *("speech", "breath", "reck", "rest", "ruth", "relent", "thank", "bottom", "age", "aim"),
        *("fault", "pain", "taste", "name", "life", "weight", "sleep", "motion", "power", "job"),
        *("home", "friend", "mercy", "pity", "guilt", "fruit", "sound", "wit", "match", "number"),
        *("state", "head", "server", "loss", "thought", "spine", "tact", "word", "stain"),
    }
)
"""Stems whose '-less' word is an idiom or a term of its own ('useless', 'endless',
'headless', 'stateless', 'lossless', 'stainless'), not 'without' the thing."""
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


def _same_action(held: frozenset[str], going_on: frozenset[str]) -> bool:
    """An action held back on one side that goes on on the other, stems compared loosely
    ('re-rendering' and 're-renders' stem to 'render' and 'rend')."""
    return any(
        x == y or (min(len(x), len(y)) >= 4 and (x.startswith(y) or y.startswith(x))) for x in held for y in going_on
    )


def _negation_differs(a: TextFacts, b: TextFacts) -> bool:
    if _excluded_or_removed(a, b) or _excluded_or_removed(b, a):
        return False  # 'exclude the header row from the sum' / 'remove the header row from it'
    if _asks_expecting_yes(a, b) or _asks_expecting_yes(b, a):
        return False  # "isn't it bad to charge my phone overnight" / 'is it bad to charge it overnight'
    a, b = _replacement_read(a, b), _replacement_read(b, a)
    if _same_action(a.held, b.persisting) or _same_action(b.held, a.persisting):
        return False  # 'stop my toddler from biting' / 'my toddler keeps biting, how do I get him to stop'
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


_PLAIN_NOTS = frozenset(
    {"not", "never", "cant", "cannot", "dont", "doesnt", "didnt", "isnt", "arent", "wasnt", "werent", "wont"}
    | {"shouldnt", "couldnt", "wouldnt", "mustnt", "hasnt", "havent", "hadnt"}
)
"""Words that only negate: not 'free' of 'gluten-free', not 'stop' of 'stop skipping'."""
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


_COORDINATED = frozenset({"and", "or", "but", "nor"})


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
        return False
    x, y = replaced[0]
    if x in _WH_WORDS and y in _WH_WORDS:
        return {x, y} != {"what", "which"}
    if {g for w, g in a.aliases if w == x} & {g for w, g in b.aliases if w == y}:
        return False  # a word of one name in two words: 'laundry room' / 'utility room'
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


def _set_as_value(word: str, signature: str) -> bool:
    """``word`` is the value of a setting written ``name: value`` ('align-items: center')."""
    return re.search(rf"[\w-]+:\s*{re.escape(word)}\b", signature) is not None


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


def _framed_compounds(facts: TextFacts) -> tuple[str, ...]:
    return tuple(w for w in facts.compounds if w not in _FRAME_FILLERS)


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


def added_details(a: TextFacts, b: TextFacts) -> dict[str, bool]:
    """Numbers, units, entities or identifiers that only one side mentions.

    The same measure written two ways ('a week' / '7 days') adds nothing.
    """
    a, b = _grams_as_gallons(a, b), _grams_as_gallons(b, a)
    measured = _same_measures(a, b)
    school = _kids_are_students(a, b)
    numbers_a, numbers_b = _compared_numbers(a, measured), _compared_numbers(b, measured)
    units_a, units_b = _compared_units(a, measured), _compared_units(b, measured)
    return {
        "number": bool(_unmatched(numbers_a, numbers_b)) != bool(_unmatched(numbers_b, numbers_a)),
        "unit": (units_a != units_b) and not (units_a - units_b and units_b - units_a),
        "entity": bool(_missing_entities(a, b, measured)) != bool(_missing_entities(b, a, measured)),
        "identifier": _code_missing(a, b) != _code_missing(b, a),
        "category": _categories_added(_categories_of(a, measured, school), _categories_of(b, measured, school)),
    }


@lru_cache(maxsize=_WORD_MEMO)
def stem(word: str) -> str:
    """A crude suffix stripper: enough to match 'installing' with 'install' (and 'host's' with 'host')."""
    if word.endswith(("'s", "'")):
        word = word[:-2] if word.endswith("'s") else word[:-1]
    for suffix in (
        "ations",
        "ation",
        "ings",
        "ing",
        "ies",
        "ied",
        "ers",
        "er",
        "es",
        "ed",
        "s",
        "ly",
    ):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            if suffix == "s" and word.endswith("ss"):
                return word  # 'pass', 'process', 'class': no plural, and 'passed' stems to 'pass'
            base = word[: -len(suffix)]
            if suffix in ("ing", "ed") and len(base) >= 4 and base[-1] == base[-2] and base[-1] not in "aeioulsfz":
                return base[:-1]  # 'napping' -> 'nap', as 'nap' is
            return base + "y" if suffix in ("ies", "ied") else base
    return word


# --- helpers -----------------------------------------------------------------------------

_WH_WORDS = frozenset({"what", "why", "how", "when", "where", "who", "which", "whom", "whose"})


@lru_cache(maxsize=_WORD_MEMO)
def _normalise_word(word: str) -> str:
    word = word.lower().replace("\u2019", "'")
    if word.endswith("n't"):
        return word[:-3] + "nt" if word not in ("can't", "won't") else {"can't": "cant", "won't": "wont"}[word]
    return word


def _negated(words: tuple[str, ...]) -> tuple[str, ...]:
    """Per negating word, the stem of the first content word after it ("" if none).

    Idioms that negate nothing ('or not', 'why not', 'if not') are skipped.
    """
    found = []
    cancelled = -1
    for i, word in enumerate(words):
        following = words[i + 1] if i + 1 < len(words) else ""
        if i == cancelled:
            continue
        if word in NEGATIONS and following in NEGATIONS and following not in _JOINING_NEGATIONS:
            cancelled = i + 1  # 'without excluding', 'not without': two negations say yes
            continue
        negates = (
            word in NEGATIONS
            and not (word == "not" and i and words[i - 1] in ("or", "why"))
            and not (word == "not" and i and words[i - 1] == "if" and not _is_content(following))  # 'if not, …'
            and not (word == "lack" and following == "of")  # 'a lack of B12' is a deficiency, not 'lacks'
            and not (word == "without" and words[max(0, i - 2) : i] == ("with", "or"))  # either way
            and not (word == "without" and _or_do_without(words, i))
            and not _bounds(words, i)  # 'never more than 10' is 'at most 10'
        )
        # 'X rather than Y' and 'X instead of Y' say 'not Y'; so do 'a substitute for Y' and 'fail to Y';
        # 'stop napping' says 'no napping'
        held = _held_from(words, i) if word in _PREVENTING else _left_out(words, i) if word in _LEAVING else 0
        if negates or (word, following) in _NEGATING_PHRASES or (word in _STOPPING and _gerund(following)) or held:
            start = held or i + 1
            if word in ("no", "not") and following in ("longer", "anymore"):
                start = i + 2  # 'no longer turns on' negates turning on, not length
            if word.endswith("ed") and i and words[i - 1] in _BE_FORMS:  # 'which foods should be avoided'
                start = next((j for j in range(i - 2, -1, -1) if _is_content(words[j])), start)
            targets = [stem(w) for w in words[start:] if _is_content(w) and w not in _DEGREE_WORDS]
            found.append("|".join(targets[: 2 if word in _EXCEPTING else 1]))
    return tuple(found)


_COMPARATIVES = frozenset({"more", "fewer", "less", "longer", "later", "higher", "greater", "bigger", "larger"})


def _or_do_without(words: tuple[str, ...], at: int) -> bool:
    """'… or can they do without?' closing a question asks it both ways: 'is filtration
    necessary for goldfish or can they do without' asks 'do goldfish need a filter' (hold-out
    169). The 'without' ends the text, an 'or' shortly before it."""
    return not any(map(_is_content, words[at + 1 :])) and "or" in words[max(0, at - 5) : at]


def _bounds(words: tuple[str, ...], at: int) -> bool:
    """A negation that sets a bound, 'no more than', 'never having more than', 'not later
    than': an amount, read by the number rule, not a negated word."""
    following = words[at + 1 : at + 4]
    return any(w in _COMPARATIVES and next_ == "than" for w, next_ in pairwise(following))


def _in_or_out(a: TextFacts, b: TextFacts) -> bool:
    """'in X' on one side, 'out of X' on the other, for the same X: 'products that are in
    stock' / 'out of stock', 'in sync' / 'out of sync', 'in range' / 'out of range'."""
    ins_a, outs_a = _in_and_out(a)
    ins_b, outs_b = _in_and_out(b)
    return bool((ins_a - outs_a) & (outs_b - ins_b)) or bool((ins_b - outs_b) & (outs_a - ins_a))


def _in_and_out(facts: TextFacts) -> tuple[set[str], set[str]]:
    """The states (:data:`_STATES`) right after 'in' and right after 'out of', unless a verb
    of motion comes shortly before ('how do I keep them from getting out of sync' asks what
    'how do I keep them in sync' asks)."""
    words = facts.words
    ins = {y for x, y in pairwise(words) if x == "in" and y in _STATES}
    outs = {
        words[i + 2]
        for i in range(len(words) - 2)
        if words[i : i + 2] == ("out", "of")
        and words[i + 2] in _STATES
        and not any(_base(w) in _MOVING for w in words[max(0, i - 4) : i])
    }
    return ins, outs


_STATES = frozenset(
    {"stock", "sync", "range", "bounds", "print", "season", "date", "order", "service", "warranty",
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
        forms = tuple(facts.forms[w][0] if w in facts.forms else frozenset({w}) for w in lead if _is_content(w))
        if negation is not None and (_states_a_rule(words, negation) or (lead and not forms)):
            return []  # 'must not be larger than 10 MB' is a limit: what a paraphrase does at it is open
        found.append((word, negation is not None, forms))
    return found


_MODALS = frozenset({"must", "should", "can", "may", "might", "shall", "will", "would", "could", "need"})
_MODAL_NEGATIONS = frozenset({"cant", "cannot", "shouldnt", "mustnt", "wont", "couldnt", "wouldnt", "neednt"})


def _states_a_rule(words: tuple[str, ...], negation: int) -> bool:
    """A negation with a modal ('must not', "can't", "shouldn't"): a rule or a limit, which
    the other side may say as what happens past it ('bigger than 25 MB get rejected')."""
    return words[negation] in _MODAL_NEGATIONS or (negation > 0 and words[negation - 1] in _MODALS)


_BE_FORMS = frozenset({"be", "is", "are", "was", "were", "been", "being", "get", "gets", "got"})
"""Before a negating participle, the passive: its negation bears on the subject before it."""

_ZERO_OF = re.compile(r"(?i)(?<![\w-])zero ([a-z]{3,})\b")
_NOT_ZERO_OF = frozenset(
    {
        "based",
        "point",
        "day",
        "days",
        "sum",
        "width",
        "index",
        "indexed",
        "shot",
        "padding",
        "percent",
        "degrees",
        "mean",
    }
)


def _zero_of(match: re.Match[str]) -> str:
    """'zero debt' says 'no debt' ('zero-based', 'zero percent', 'zero and one' do not)."""
    word = match.group(1).lower()
    return match.group(0) if word in _NOT_ZERO_OF or word in STOPWORDS else f"no {match.group(1)}"


_PREVENTING = frozenset(
    {"stop", "stops", "stopped", "prevent", "prevents", "prevented", "keep", "keeps", "block", "blocks"}
)
"""Verbs that negate an '-ing' after 'from': 'stop docker from restarting', 'keep X from Ving'."""


_KEEPING = frozenset({"keep", "keeps", "kept", "keeping"})
_LEAVING = frozenset({"leave", "leaves", "leaving"})
_JOINING_NEGATIONS = frozenset({"nor", "neither", "no", "none", "nothing", "nobody", "nowhere"})
"""Negations that start a phrase of their own after another ('not no-one'): they do not cancel."""


def _left_out(words: tuple[str, ...], i: int) -> int:
    """Where what 'leave X out of' leaves out starts (X of one to four words), or 0 ('leave
    the chicken out on the counter' leaves nothing out of anything). 'Keep X out of' is not
    read so: 'keep squirrels out of the feeder' is asked as often as 'stop squirrels getting
    into it' or 'squirrel-proof it', which have no negation to match."""
    for j in range(i + 2, min(i + 6, len(words) - 1)):
        if words[j] == "out":
            return i + 1 if words[j + 1] == "of" else 0
    return 0


def _numbered_names_differ(a: TextFacts, b: TextFacts) -> bool:
    """One name with a number after its dot on both sides, the numbers differing: 'pacs.008'
    / 'pacs.009', 'ch.3' / 'ch.4', 'Fig.3' / 'fig.4'. (Said on one side only it may be a
    sentence typed without a space: 'in pandas.2 columns'.)"""
    return any(
        name == other and number != other_number and (name, other_number) not in a.numbered_names
        for name, number in a.numbered_names
        for other, other_number in b.numbered_names
    )


def _sequence_swapped(a: TextFacts, b: TextFacts) -> bool:
    """Two steps joined by 'then' in one order on one side and the other order on the other:
    'push the drug and then flush with saline' / 'flush with saline and then push the drug'.
    What each side says before 'then' and the other does not must be what the other says
    after it, both ways ('wash it first, then dry it' / 'wash it and then dry it' move nothing)."""
    if "then" not in a.words or "then" not in b.words or not _CONDITIONS.isdisjoint(a.words + b.words):
        return False  # ('if my flight is cancelled, then can I get a refund' / 'can I get one then, if ...')
    (a_before, a_after), (b_before, b_after) = _around_then(a.words), _around_then(b.words)
    moved_a, moved_b = a_before - b_before, a_after - b_after
    return bool(moved_a) and bool(moved_b) and moved_a <= b_after and moved_b <= b_before


_CONDITIONS = frozenset({"if", "when", "unless", "once", "whenever", "since"})
"""Words that make 'then' mean 'in that case', not the next step."""
_ORDER_WORDS = frozenset({"first", "firstly", "next", "finally", "afterwards", "afterward", "later", "second"})


def _around_then(words: tuple[str, ...]) -> tuple[set[str], set[str]]:
    """Stems of the content words before and after the first 'then', less the words that
    only say the order ('apply the adhesive first, then cut the tiles')."""
    at = words.index("then")
    before = {stem(w) for w in words[:at] if _is_content(w) and w not in _ORDER_WORDS}
    return before, {stem(w) for w in words[at + 1 :] if _is_content(w) and w not in _ORDER_WORDS}


def _held_back_from(words: tuple[str, ...], at: int) -> bool:
    """Whether the 'from' at ``at`` is that of 'stop X from Ving', which points nowhere ('stop
    my puppy from biting' / 'train a puppy not to bite' trade no places)."""
    return words[at] == "from" and any(
        words[i] in _PREVENTING and _held_from(words, i) == at + 1 for i in range(max(0, at - 5), at)
    )


_PREFIXES = frozenset({"re", "auto", "self", "pre", "over", "un", "de"})
"""Prefixes a hyphen splits off a verb: 'keeps re-rendering', 'from auto-updating'."""
_ADVERBS = frozenset({"ever", "even", "just", "always", "still"})
"""Adverbs that may come between 'from' and the action held back: 'from ever speaking'."""


def _before_the_action(word: str, following: str) -> bool:
    """A word that may stand between 'keeps' or 'from' and its -ing form: an -ly adverb
    ('keeps randomly restarting') or a prefix split off it ('from auto-updating')."""
    return word.endswith("ly") or (word in _PREFIXES and following.endswith("ing"))


def _persisting(words: tuple[str, ...]) -> frozenset[str]:
    """What 'keeps Ving' ('keeps restarting', 'keeps randomly restarting', 'keeps re-rendering'):
    the stems of the actions that go on, which a 'stop X from Ving' on the other side asks to
    end."""
    found = set()
    for i, word in enumerate(words[:-1]):
        if word in _KEEPING:
            j = i + 1
            if i + 2 < len(words) and not words[j].endswith("ing"):
                j += _before_the_action(words[j], words[j + 1])
            if words[j].endswith("ing"):
                found.add(stem(words[j]))
    return frozenset(found)


def _gerund(word: str) -> bool:
    """An -ing form long enough to be a verb's ('napping', 'logging'; not 'thing', 'king')."""
    return word.endswith("ing") and len(word) > 5


def _held_from(words: tuple[str, ...], i: int) -> int:
    """Where the held-back action starts in 'stop X from Ving' (at most four words of X; an
    adverb may come first: 'stop WSJT-X from automatically logging', hold-out 168), or in 'stop
    my cat scratching' (X a determiner and one or two words, 'from' left out), or 0."""
    for j in range(i + 2, min(i + 6, len(words) - 1)):
        if words[j] == "from":
            if (
                j + 2 < len(words)
                and not words[j + 1].endswith("ing")
                and (words[j + 1] in _ADVERBS or _before_the_action(words[j + 1], words[j + 2]))
            ):
                j += 1  # 'from automatically logging', 'from auto-updating'
            following = words[j + 1]
            return j + 1 if _gerund(following) else 0
    if words[i] in _STOPPING and i + 3 < len(words) and words[i + 1] in _ONE_THING_MARKERS:
        for j in range(i + 3, min(i + 5, len(words))):
            if _gerund(words[j]):
                return j if all(_is_content(w) for w in words[i + 2 : j]) else 0
    return 0


def _negations(facts: TextFacts) -> int:
    """Negating words, plus '!=' or '!==' ('0.1 + 0.2 is not 0.3' says what '0.1+0.2 != 0.3' says)."""
    return len(facts.negated) + len(facts.operators & _NEGATING_OPERATORS)


def _targets(negated: tuple[str, ...]) -> set[str]:
    """Every word the negations bear on ('a|b' when one names two)."""
    return {word for target in negated for word in target.split("|")}


def _negated_on_one_side(a: TextFacts, b: TextFacts) -> bool:
    """When both sides negate, counting negations misleads ('without X or Y' / 'without X and
    without Y'): a word ``a`` negates must appear in ``b`` outside any negation's reach."""
    return any(t and t in b.content and t not in b.negation_reach for t in _targets(a.negated))


def _clause_tokens(text: str, token: re.Pattern[str] = _CLAUSE_TOKEN) -> tuple[str, ...]:
    """Normalised words with the punctuation that ends a clause or joins items (',', '/', ...)."""
    return tuple(t if not t[0].isalnum() else _normalise_word(t) for t in token.findall(text))


def _listed(tokens: tuple[str, ...]) -> frozenset[str]:
    """Content words right before or after a comma, a slash, 'and', 'or' or 'nor' (articles
    skipped), and every content word of a 'between X and Y' to the end of its clause: items
    of a list or a comparison, which may come in any order."""
    found = set()
    between = False
    for i, token in enumerate(tokens):
        if not token[0].isalnum():
            between = False
        elif token == "between":
            between = True
        elif between and _is_content(token):
            found.add(stem(_owner(token)))
        if token in (",", "/") or token in ("and", "or", "nor"):
            for step in (-1, 1):
                j = i + step
                while 0 <= j < len(tokens) and tokens[j] in _FRAME_FILLERS:
                    j += step
                if 0 <= j < len(tokens) and tokens[j][0].isalnum() and _is_content(tokens[j]):
                    found.add(stem(_owner(tokens[j])))
    return frozenset(found)


_SUBORDINATORS = frozenset({"when", "whenever", "if", "unless", "because", "although", "though", "while", "whereas"})
"""Words that open another clause: a negation before them does not reach past them."""


_QUOTE_BOUNDED_TOKEN = re.compile(rf"[{_LETTERS}]+(?:['\u2019][A-Za-z]+)?|[,;.?!:()/\"\u201c\u201d\u2018\u2019']")


def _quote_bounded(text: str) -> tuple[str, ...]:
    """:func:`_clause_tokens` with quote marks as bounds too: a negation inside a quoted
    name ('the "password never expires" flag') reaches no word outside it."""
    return _clause_tokens(text, _QUOTE_BOUNDED_TOKEN)


_CONTRASTING = frozenset({"but", "whereas"})
"""Words that end a negation's reach: 'not working in Chrome but working in Firefox'."""


def _negation_reach(tokens: tuple[str, ...]) -> frozenset[str]:
    """Stems of the content words after a negating word, up to the end of its clause (a comma,
    a sentence end or a word such as 'when' or 'if') and at most six: 'without regex or the
    ipaddress module' reaches both."""
    reach: set[str] = set()
    left = 0
    previous = ""
    for word in tokens:
        if not word[0].isalnum() or word in _SUBORDINATORS or word in _CONTRASTING:
            left = left if word == "/" else 0
            continue
        if left and _is_content(word):
            reach.add(stem(word))
            left -= 1
        if word in NEGATIONS or (previous, word) in _NEGATING_PHRASES:
            left = 6
        previous = word
    return frozenset(reach)


_REPLACING_VERBS = _REPLACING | frozenset(
    {"convert", "converting", "converted", "migrate", "migrating", "migrated", "switch", "switching", "switched"}
    | {"swap", "swapped", "rewrite", "rewriting", "refactor", "refactoring", "port", "porting", "change", "changing"}
)
_REPLACEMENT_ENDS = frozenset({"with", "to", "into", "for", "by", "using"})


def _instead_of(words: tuple[str, ...]) -> frozenset[str]:
    """The stem of the first content word after each 'instead of' / 'rather than' (of its
    first part, when hyphenated): what the negation bears on."""
    found = set()
    for i, pair in enumerate(pairwise(words)):
        if pair in (("instead", "of"), ("rather", "than")):
            first = next((w for w in words[i + 2 : i + 6] if _is_content(w)), None)
            if first is not None:
                found.add(stem(first.split("-")[0] or first))
    return frozenset(found)


def _replaced(words: tuple[str, ...]) -> frozenset[str]:
    """What replacing verbs act on: the content words (and the parts of hyphenated ones) up
    to the word that names the replacement, at most five words on."""
    found: set[str] = set()
    for i, word in enumerate(words):
        if word not in _REPLACING_VERBS:
            continue
        for following in words[i + 1 : i + 6]:
            if following in _REPLACEMENT_ENDS:
                break
            if _is_content(following):
                found.update(stem(part) for part in following.split("-") if part)
    return frozenset(found)


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
    were mine'. (Two negations in one clause may cancel: 'can't log in without a code'.)"""
    count = _negations(a)
    return (
        _negations(b) == 0
        and count >= 2
        and a.negated_clauses == count
        and all(t and t in set(b.content) for t in _targets(a.negated))
    )


def _negated_clauses(tokens: tuple[str, ...]) -> int:
    count = 0
    negated = False
    for word in tokens:
        if not word[0].isalnum() or word in _SUBORDINATORS or word in _CLAUSE_JOINERS:
            count += negated
            negated = False
        elif word in NEGATIONS:
            negated = True
    return count + negated


_CLAUSE_JOINERS = frozenset({"so", "but", "because", "although", "though", "whereas"})


def _negates_shared(a: TextFacts, b: TextFacts) -> bool:
    """A negation of ``a`` bears on something ``b`` also says ('not safe' vs 'safe').

    A negation that only comes with rewording ('without losing my changes' vs 'keep my
    changes') is left to the verifier: paraphrases do that, near-misses do not.
    """
    shared = set(b.content) | {w.rstrip("e") for w in b.content}
    shared |= {w[:-4] for w in b.content if len(w) > 6 and w.endswith(("able", "ible"))}  # 'taxable' says 'tax'
    shared |= {stem(_IRREGULAR_PAST[w]) for w in b.words if w in _IRREGULAR_PAST}  # 'went' says 'go'
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


def _participle_bases(word: str) -> set[str]:
    """What a past participle in -en may come from: 'taken' -> 'take', 'eaten' -> 'eat',
    'written' -> 'write', 'bitten' -> 'bite'."""
    if len(word) < 5 or not word.endswith("en"):
        return set()
    bases = {word[:-1], word[:-2]}
    if word[-3] == word[-4]:
        bases.add(word[:-3] + "e")
    return bases


_GLUED_MEASURES = frozenset(
    {"ppm", "ppb", "psi", "dpi", "ppi", "fps", "bpm", "mpg", "gpm", "cfm", "mah", "dbm", "db", "bar", "kpa", "atm"}
)
"""Measures read as words, not units, whose number may be glued to them: '2ppm' says the 2 of
'2 ppm' (hold-out 169)."""


def _numbers(text: str, words: tuple[str, ...]) -> Counter[str]:
    """Each number the text says, with how many times it says it."""
    found = Counter(_format_number(float(m.group(0))) for m in _SCIENTIFIC.finditer(text))  # '1e-5', '6.02e23'
    found.update(m.group(0) for m in _ISO_DATE.finditer(text))  # '2024-03-04' is one date, its order counts
    text = _ISO_DATE.sub(" ", _SCIENTIFIC.sub(" ", _PARENTHESISED_LETTER.sub(_lettered, text)))  # '401(k)' is '401k'
    text = _LETTER_DOT_NUMBER.sub(r"\1", text)
    # a size says its numbers however it is spaced: '12x14', '12 x 14', 12' x 14', '60x40x50',
    # and its order (review 85)
    found.update(
        re.sub(r"[\s'\"]", "", re.sub(r"\s+by\s+", "x", m)).lower().replace("\u00d7", "x")
        for m in _DIMENSIONS.findall(text)
    )
    text = _GLUED_SIZE.sub(lambda m: " x ".join(re.split("[x\u00d7]", m.group())), text)
    for match in _NUMBER.finditer(text):
        token = match.group(0).lower()
        if _THOUSANDS.match(token):
            token = token.replace(",", "")
        elif _NUMBER_LIST.match(token):
            found.update(token.split(","))  # '7,3,9,1' is the list [7, 3, 9, 1]
            continue
        if re.match(r"^0\d:\d\d$", token):
            token = token[1:]  # '02:30' is '2:30'
        if token.endswith(":00") and token[:-3].isdigit():
            token = token[:-3]  # '6:00 am' is '6 am'
        if meridiem := _MERIDIEM.match(text, match.end()):
            token += meridiem.group(1).lower() + "m"  # '6:30 AM' is '6:30am'
        if _SIGNED.match(text, max(0, match.start() - 2)) or _SIGNED.match(text, max(0, match.start() - 1)):
            token = "-" + token  # '-40 °F', '-$200': a negative number
        if re.match(r"^v\d+(?:\.\d+)*$", token):
            token = token[1:]  # 'v3.0' is version '3.0'
        digits = re.match(r"^(\d+(?:[.,:/]\d+)*)([a-z]{1,3})$", token)
        if digits and (digits.group(2) in UNITS or digits.group(2) in _GLUED_MEASURES):
            token = digits.group(1)  # "5kg" -> "5" (the unit is compared separately), '2ppm' -> '2'
        elif digits and digits.group(2) in ("st", "nd", "rd", "th"):
            token = digits.group(1)  # "66th" -> "66"
        elif digits and digits.group(2) == "s" and digits.group(1).isdigit():
            token = digits.group(1)  # '10s' (seconds, or a decade) -> '10'
        elif digits and digits.group(2) == "k" and digits.group(1).isdigit():
            token = str(int(digits.group(1)) * 1000)  # "30k" -> "30000"
        if _MEASURE_FORM.match(token) and _measured(text, match.end()):
            token = _measure_value(token)  # '1/2 inch' is '0.5"', '1.0"' is '1 inch'
        found[token] += 1
    for match in _BARE_DECIMAL.finditer(text):
        if _measured(text, match.end()):
            found[_measure_value("0" + match.group(0))] += 1  # '.100"' is '0.1 inch'
    found.update(m.lower() for m in _HEX.findall(text))  # error codes, addresses: 0x80070057
    found.update(_word_numbers(words))
    for match in _PERCENT.finditer(text):  # '5%' is also the 0.05 of 'alpha = 0.05'
        found[_format_number(round(float(match.group(1)) / 100, 6))] += 1
    for _ in _SECOND_AFTER_NUMBER.finditer(text):
        if found["2"] > 0:
            found["2"] -= 1
    found = +found  # (counts at zero dropped)
    for match in _SCALED.finditer(text):  # '3 million' is 3000000 (and 3, as in '3M'), as 'three million' is
        found.pop(NUMBER_WORDS[match.group(2).lower()], None)
        found[_format_number(float(match.group(1).replace(",", "")) * int(NUMBER_WORDS[match.group(2).lower()]))] += 1
    # 'one paragraph', 'one week': one of a format, a unit or a period ('which one', 'one of
    # them', 'a one-liner' count nothing)
    found.update(
        "1"
        for m in _ONE_OF.finditer(text)
        if _counted_noun(m.group(1).lower()) and _word_before(text, m.start()) not in _TENS  # 'twenty one days'
    )
    return found


_PLURAL_DIGITS = MappingProxyType(
    {
        f"{w}es" if w.endswith("x") else f"{w}s": NUMBER_WORDS[w]
        for w in ("two", "three", "four", "five", "six", "seven", "eight", "nine")
    }
)
"""'two sixes', 'a pair of fours': the digit named in the plural."""
_TENS = frozenset({"twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"})
_MULTIPLIERS = frozenset({"hundred", "thousand", "million", "billion"})


_ISO_DATE = re.compile(r"(?<![\w.-])\d{4}-\d{1,2}-\d{1,2}(?![\d-])")
_SCIENTIFIC = re.compile(r"(?<![\w.])[-+]?\d+(?:\.\d+)?[eE][-+]?\d+(?![\w.])")
_PERCENT = re.compile(r"(?<![\w.,])(\d+(?:\.\d+)?)\s?%")
_SCALED = re.compile(r"(?i)(?<![\w.,])(\d+(?:\.\d+)?)(?:\s+|-)(hundred|thousand|million|billion)\b")
_SECOND_AFTER_NUMBER = re.compile(r"(?i)\d[\s-]*second\b")
"""'a 60-second expiry': a unit, not the ordinal 'second'."""


_MEASURE_FORM = re.compile(r"^\d+(?:\.\d+|/[1-9]\d?)$")
"""A decimal or a simple fraction, which may be a measure written another way."""
_BARE_DECIMAL = re.compile(r"(?<![\w.])\.\d+(?![\w.])")
_UNIT_AFTER = re.compile(r"\s?(?:[\"\u2033]|-?([A-Za-z]+)\b)")


def _measured(text: str, end: int) -> bool:
    """A number that ends at ``end`` is a measure: a unit or an inch mark follows it."""
    unit = _UNIT_AFTER.match(text, end)
    return unit is not None and (unit.group(1) is None or unit.group(1).lower() in UNITS)


def _measure_value(token: str) -> str:
    """A measure's value however written: '1/2' and '0.50' are '0.5', '1.0' is '1'. Only for a
    number a unit follows: a version ('Python 3.10') or a date ('1/2') keeps its form."""
    if "/" in token:
        over, under = token.split("/")
        return _format_number(round(int(over) / int(under), 6))
    return _format_number(float(token))


def _format_number(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)


def _word_numbers(words: tuple[str, ...]) -> list[str]:
    """Numbers written in words, compounds whole: 'forty-five' is 45 (not 40 and 5), 'twenty
    first' 21, 'two hundred' 200 (and 2, as '2K' says)."""
    found: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        value = NUMBER_WORDS.get(
            word, "1" if word == "one" and i and words[i - 1] in _TENS else _PLURAL_DIGITS.get(word)
        )
        if value is None:
            i += 1
            continue
        following = words[i + 1] if i + 1 < len(words) else ""
        ones = "1" if following in ("one", "first") else NUMBER_WORDS.get(following)
        if word in _TENS and ones is not None and len(ones) == 1 and ones != "0":
            value, i = str(int(value) + int(ones)), i + 1  # 'forty-five', 'twenty first'
            following = words[i + 1] if i + 1 < len(words) else ""
        if following in _MULTIPLIERS and word not in _MULTIPLIERS:
            found.append(value)  # 'three million' also says the 3 of '3M'
            value, i = str(int(value) * int(NUMBER_WORDS[following])), i + 1  # 'two hundred'
        found.append(value)
        i += 1
    return found


def _word_before(text: str, end: int) -> str:
    before = text[:end].split()
    return before[-1].lower() if before else ""


_ONE_OF = re.compile(r"(?i)(?<![\w-])one\s+([a-z]+)")


def _counted_noun(word: str) -> bool:
    single = word[:-1] if word.endswith("s") else word
    return any(w in _CATEGORY_OF or w in UNITS or w in _TIME_PERIODS for w in (word, single))


_INCH_IN_COMPOUND = re.compile(
    r"(?<![a-z-])in(?=[·*/-](?:lbf?s?|oz|s|sec|min)(?![a-z]))|(?<=[·*])in(?![a-z])"
    r"|(?<![\w.])\d*[./]\d+\s?in(?=\s+per\s|\.\s+[a-z])"
)
"""'in' as an inch: in a compound unit ('in·lb', 'in-lb', 'oz·in', 'in/s'), or after a
decimal or a fraction before 'per' or as 'in.' ('0.004 in per tooth', 'a 3/4 in. pipe'; not
'takes 15 in per week')."""
_PER_INCH = re.compile(r"(?<![\w/])(?:kj|j|lbf?s?|oz|kn|n|kg|g|kw|kcal|cal|px|dots|lines|threads|teeth)/in(?![a-z])")
"""'in' as an inch after a unit and a slash: '2 kJ/in' (heat input), '50 lb/in', '300 px/in'."""


_AREA = re.compile(
    r"(?<![\w])(?:square|sq\.?)\s+(feet|foot|ft|metres?|meters?|m|kilometres?|kilometers?|km|miles?|mi)(?![\w])"
    r"|(?<![\w])(ft|m|km|mi)\^2(?![\w])"
)
"""Areas written in two words or with a squared length ('square feet', 'sq. m', 'km²', read as
'km^2'): their length word is no unit of its own."""
_AREA_OF = MappingProxyType(
    {
        **dict.fromkeys(("feet", "foot", "ft"), "sq_ft"),
        **dict.fromkeys(("metre", "metres", "meter", "meters", "m"), "sq_m"),
        **dict.fromkeys(("kilometre", "kilometres", "kilometer", "kilometers", "km"), "sq_km"),
        **dict.fromkeys(("mile", "miles", "mi"), "sq_mi"),
    }
)
_PERCENTAGE_POINT = re.compile(r"\bpercentage[\s-]+points?\b|(?<=\d)\s?pp(?:ts?)?\b")
_BASIS_POINT = re.compile(r"\bbasis[\s-]+points?\b")
"""A hundredth of a percentage point ('cut by 50 basis points'): another unit than '50 percent'."""
"""A difference of percentages ('2 percentage points', '2pp'): another unit than '2 percent'."""


_DIVISOR_LETTER = re.compile(r"/\s?([a-z])(?![a-z])")


_TIMES_G = re.compile(r"\d\s*[x\u00d7]\s*g\b")
_SPINNING = re.compile(r"\b(?:centrifug\w*|spin|spun|spinning|pellet\w*|rcf)\b")
_KNOTS = re.compile(
    r"(?<=\d)\s?(?:knots?|kts?|kn)\b|\bnautical miles? (?:per|an|a|/) ?(?:hour|hr)\b|\b(?:in|to|into) (?:knots|kts)\b"
)
"""A speed in knots: after a number ('25 knots', '15 kt'), spelled out ('nautical miles per
hour') or 'in knots' / 'to knots'; not a knot in hair, a rope or a muscle."""
_RPM_SPELLED = re.compile(r"\b(?:revolutions|revs|rotations) (?:per|a|/) ?min(?:ute)?\b")


def _unit_tokens(text: str, words: tuple[str, ...]) -> list[str]:
    formats = {p for m in _DATE_FORMAT.findall(text) for p in m.lower().split("/")}
    tokens = [w for w in words if w not in formats]  # 'MM' in 'DD/MM/YYYY' is no millimetre
    # a lone letter is a unit only after a number (found below) or a slash ('mmol/L'): 'w' is
    # 'with', 'v' 'versus'
    divisors = set(_DIVISOR_LETTER.findall(text.lower()))
    tokens = [w for w in tokens if len(w) > 1 or not w.isalpha() or w in divisors]
    tokens += ["basis_point" for _ in _BASIS_POINT.finditer(text.lower())]
    if points := _PERCENTAGE_POINT.findall(text.lower()):
        tokens += ["percentage_point"] * len(points)
        for phrase in points:  # its 'percentage' is no percent of its own
            if phrase.startswith("percentage") and "percentage" in tokens:
                tokens.remove("percentage")
    tokens += [
        "second" if t == "s" else t  # '500 s'; a bare 's' elsewhere is no unit ('U.S.')
        for t in re.findall(r"(?<=\d)\s?([a-z]{1,3}|%|°[cf])(?![a-z])", text.lower())
    ]
    tokens += re.findall(r"[$€£₹¥%]|km/h|°[cf]", text.lower())
    tokens += ["xg" for _ in _TIMES_G.finditer(text.lower())]  # '5,000 x g': a centrifuge's force, not grams
    if _SPINNING.search(text.lower()):  # '500g' in a centrifuge step is x g, not grams
        tokens = ["xg" if t == "g" else t for t in tokens]
    tokens += ["rpm" for _ in _RPM_SPELLED.finditer(text.lower())]  # 'revolutions per minute'
    tokens += ["knot_speed" for _ in _KNOTS.finditer(text.lower())]  # a speed, not a knot in a rope (review 84)
    # 'in' is a word, but an inch in a compound unit or after a number: 'in·lb', '0.004 in per tooth'
    tokens += ["inch" for _ in _INCH_IN_COMPOUND.finditer(text.lower())]
    tokens += ["inch" for _ in _PER_INCH.finditer(text.lower())]
    for match in _AREA.finditer(text.lower()):  # 'square feet' is an area, not a length in feet
        length = match.group(1) or match.group(2)
        tokens.append(_AREA_OF[length])
        for _ in range(1 if match.group(1) else 2):  # the word, and '3 km^2' read as '3 km'
            if length in tokens:
                tokens.remove(length)
    return tokens


_PER_TIME = MappingProxyType(
    {
        **dict.fromkeys(("s", "sec", "second"), "s"),
        "ms": "ms",
        **dict.fromkeys(("min", "minute"), "min"),
        **dict.fromkeys(("h", "hr", "hour"), "h"),
        **dict.fromkeys(("d", "day"), "day"),
        **dict.fromkeys(("wk", "week"), "week"),
        **dict.fromkeys(("mo", "month"), "month"),
        **dict.fromkeys(("yr", "year"), "year"),
    }
)
"""Time units a rate is 'per', by their short and long names ('km/s', 'metres per second')."""
_SLASH_RATE = re.compile(r"(?<![\w/])([a-zµ]{1,5})\s?/\s?(" + "|".join(_PER_TIME) + r")(?![\w/])")
_RATE_NAMES = MappingProxyType({"mi/h": "mph", "mile/h": "mph"})
"""Rates with a name of their own: 'mi/h' is said 'mph' (as 'km/h' is 'kph')."""


def _counted_things(word: str) -> bool:
    """A plural noun a rate may count ('requests', 'messages' per second), not 'eat per day'."""
    return len(word) > 3 and word.endswith("s") and not word.endswith("ss") and _is_content(word)


def _rate_units(text: str, words: tuple[str, ...]) -> frozenset[str]:
    """Rates of a unit per time, however written: 'km/s' and 'kilometres per second' are both
    'km/s', another unit than 'km/h' (whose 'km' alone both sides share)."""
    rates = set()
    for unit, per in _SLASH_RATE.findall(text.lower()):
        if unit in UNITS:
            rates.add(f"{UNITS[unit]}/{_PER_TIME[per]}")
        elif len(unit) > 1:  # 'req/s', 'ops/min': a count per time, whatever is counted
            rates.add(f"*/{_PER_TIME[per]}")
    for unit, per, time in zip(words, words[1:], words[2:], strict=False):
        if per == "per" and _singular(time) in _PER_TIME and (unit in UNITS or _counted_things(unit)):
            rates.add(f"{UNITS.get(unit, '*')}/{_PER_TIME[_singular(time)]}")  # ('requests per second': '*/s')
    for i, word in enumerate(words):  # 'a daily unique user count' counts users per day
        if word not in _PERIODIC:
            continue
        # one noun phrase: not 'annual leave are workers'
        counted = list(takewhile(_is_content, words[i + 1 : i + 4]))
        unit = next((w for w in counted if w in UNITS and w.endswith("s")), None)  # 'daily calories': per day
        if unit is not None:
            rates.add(f"{UNITS[unit]}/{_PERIODIC[word]}")
        elif any(w in ("count", "counts") or _counted_things(w) for w in counted):
            rates.add(f"*/{_PERIODIC[word]}")
    return frozenset(_RATE_NAMES.get(rate, UNITS.get(rate, rate)) for rate in rates)


def _entities(text: str) -> frozenset[str]:
    """Words of capitalised runs that do not start a sentence, and acronyms: the head (last
    word) of each run, and the other words of a two-word name ('Serena Williams')."""
    return frozenset(name for run in _capital_runs(text) for name in _run_names(run))


_NUMBER_UNIT = re.compile(r"(?<![\w.,])(\d+(?:\.\d+)?)[ -]?([a-z]+|%)(?![\w/])")
"""A number and the unit written right after it ('24px', '24 pt', '16-pixel')."""


_PER_TIME_AFTER = re.compile(r"\s+(?:per|an|a)\s+([a-z]+)")


def _number_units(text: str) -> frozenset[tuple[str, str]]:
    """Each number with the unit written right after it, a rate when 'per' and a time follow:
    '50 miles per hour' is 50 mph, '150 feet per minute' is 150 fpm (hold-out 165), as the
    rate's own name says it."""
    found = set()
    for match in _NUMBER_UNIT.finditer(text):
        if match[2] in _GLUED_MEASURES:
            found.add((match[1], match[2]))  # '15ppb' / '15 ppm' (review 105)
            continue
        if match[2] not in UNITS:
            continue
        unit = UNITS[match[2]]
        per = _PER_TIME_AFTER.match(text, match.end())
        if per and _singular(per[1]) in _PER_TIME:
            rate = f"{unit}/{_PER_TIME[_singular(per[1])]}"
            unit = _RATE_NAMES.get(rate, UNITS.get(rate, unit))  # ('4% per year' is 4%)
        found.add((match[1], unit))
    return frozenset(found)


_HYPHEN_COUNT = re.compile(r"(?<![\w.,/-])(\d+)-([a-z]{2,})\b(?!-)")


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


def _namesakes(a: TextFacts, b: TextFacts) -> bool:
    """Two names of several words with one head, each side's first word one the other never
    says: 'the Google Play Store' / 'the Apple App Store' (the entity rule compares heads
    only: 'the Jeep Grand Cherokee' / 'a Grand Cherokee' name one car)."""
    return any(
        head == other_head
        and _unrelated(first, b, run)
        and _unrelated(other_first, a, other_run)
        and not set(run[1:-1]) & set(other_run[1:-1])
        for first, head, run in a.run_ends
        for other_first, other_head, other_run in b.run_ends
    )


def _unrelated(first: str, other: TextFacts, run: tuple[str, ...]) -> bool:
    """A name's first word that the other side neither says nor begins a word with ('Fed' /
    'Federal'), and whose run the other side does not spell as initials ('Visual Studio' /
    'VS')."""
    initials = "".join(word[0] for word in run[:-1])
    return (
        first not in other.words
        and not any(
            (len(first) >= 3 and word.startswith(first)) or (len(word) >= 4 and first.startswith(word))
            for word in other.words
        )
        and not any(word == initials or word == initials[1:] for word in other.words)
    )


def _run_ends(text: str) -> frozenset[tuple[str, str, tuple[str, ...]]]:
    """``(first word, head, its words)`` of each name of several words that does not start
    with an acronym or a code: 'the Google Play Store' -> ``("google", "store", ("google",
    "play", "store"))``, not 'an RP2040 Pico' (a chip that a 'Raspberry Pi Pico' carries)."""
    return frozenset(
        (run[0].lower(), run[-1].lower(), tuple(word.lower() for word in run))
        for run in _capital_runs(text)
        if len(run) >= 2 and run[0].isalpha() and not run[0].isupper()
    )


def _capital_runs(text: str) -> list[list[str]]:
    """The runs of capitalised words that do not start a sentence, and acronyms, as written
    (short acronyms keep their case)."""
    runs: list[list[str]] = []
    run: list[str] = []
    at_start = True
    for match in re.finditer(r"[A-Za-z][A-Za-z0-9'\u2019.-]*[A-Za-z0-9]|[A-Za-z]|[.?!:;\n,()\"\u201c\u201d]", text):
        token = match.group(0)
        if token[0].isalpha() and match.start() and text[match.start() - 1].isdigit():
            continue  # the letters of '5M rows', '3D points', '4K': a size or a unit, no name
        if token in _SENTENCE_END or token in _RUN_BREAKS:
            runs.append(run)
            run = []
            at_start = at_start or token in _SENTENCE_END
            continue
        token = re.sub(r"['\u2019]s?$", "", token.rstrip("."))
        if not token:
            continue
        is_acronym = len(token) >= 2 and token.isupper()
        capitalised = token[0].isupper() and token.lower() not in _PRONOUNS
        if capitalised and (not at_start or is_acronym):
            run.append(token.lower() if not (is_acronym and len(token) <= 4) else token)
        elif run:
            runs.append(run)
            run = []
        at_start = False
    runs.append(run)
    return [run for run in runs if run]


def _run_names(run: list[str]) -> list[str]:
    """A run's head, and the first word of a two-word name unless it is a short acronym
    ('REST API' names an API; kept as is in ``run``)."""
    names = [word.lower() for word in run[-1:]]
    if len(run) == 2 and not run[0].isupper():
        names.append(run[0])
    return names


_QUOTES = "'\"\u2018\u2019\u201c\u201d"
"""Quote marks around a pattern ("'QX*STORE'" is the merchant QX*STORE)."""


def _identifiers(text: str) -> frozenset[str]:
    found = set(_FLAG.findall(text))
    found.update(m for m in _DOTTED.findall(text) if any(len(p) > 1 for p in m.split(".")))
    found.update(_SNAKE.findall(text))
    found.update(_NUMBERED_FIELD.findall(text))
    found.update(_CAMEL.findall(text))
    found.update(_CALL.findall(text))
    found.update(arg.strip() for args in _GENERIC_ARGS.findall(text) for arg in args.split(","))
    found.update(call.replace(" ", "") for call in _COMPOSED_CALL.findall(text))
    found.update(_DUNDER.findall(text))
    found.update(code.strip() for code in _BACKTICK.findall(text))
    found.update(_SHELL_SPECIAL.findall(text))
    found.update(_ENV_VAR.findall(text))
    found.update(_CODE_POINT.findall(text))
    found.update(_REGION_CODE.findall(text))
    found.update(_EXTENSION.findall(text))
    found.update(path.rstrip(".") for path in _PATH.findall(text) if _is_path(path.rstrip(".")))
    raws = text.split()
    if raws:  # the question mark that ends the text is no part of a pattern ('x^2?')
        raws[-1] = raws[-1].rstrip("?!")
    found.update(
        token
        for raw in raws
        if _PATTERN_CHARS.intersection(token := raw.strip(_QUOTES).rstrip(".,;:").strip(_QUOTES))
        and any(c.isalnum() for c in token)
        and not _BACKTICK.search(token)
    )
    for match in _CLI_SUBCOMMAND.finditer(text):
        tool, sub, argument = match.groups()
        if sub not in STOPWORDS and sub not in _TOOL_REPORTS and not _modifies_noun(text, match.start()):
            found.add(f"{tool} {sub}")  # 'git stash'
            if argument and (
                argument in _PARTICLES or argument not in STOPWORDS | _PREPOSITIONS | _TOOL_REPORTS | _SUBORDINATORS
            ):
                found.add(f"{tool} {sub} {argument}")  # 'git stash pop', 'kubectl rollout undo'

    return frozenset(i.lower() for i in found)


_GENERIC_ARGS = re.compile(r"(?<=\w)<([A-Za-z_][\w.]*(?:\s*,\s*[A-Za-z_][\w.]*)*)>")
"""The type arguments of a generic ('GetComponent<Rigidbody>()', 'List<String>'): names in code."""
_NAMED_GENERIC = re.compile(r"(\w+)<([A-Za-z_][\w.]*(?:\s*,\s*[A-Za-z_][\w.]*)+)>")
"""A generic of two or more type arguments, and its name ('Dictionary<string, int>')."""


def _generic_args_reordered(a: TextFacts, b: TextFacts) -> bool:
    """The same generic with the same type arguments in another order: 'Dictionary<string,
    int>' / 'Dictionary<int, string>' map the other way (a changed argument is a changed
    identifier already)."""
    if a.generics == b.generics:
        return False
    as_written_a, as_written_b = Counter(a.generics), Counter(b.generics)
    unordered_a = Counter((name, tuple(sorted(args))) for name, args in a.generics)
    unordered_b = Counter((name, tuple(sorted(args))) for name, args in b.generics)
    return as_written_a != as_written_b and unordered_a == unordered_b  # ('X<a, b> vs X<b, a>' either way is one ask)


_REGION_CODE = re.compile(r"(?<![\w-])[a-z]{2,}(?:-[a-z]+)+-?\d+[a-z]?(?![\w-])")
"""A cloud region or zone ('us-east-1', 'ap-south-1', 'europe-west4', 'us-central1-a' aside)."""
_CODE_POINT = re.compile(r"(?i)(?<![\w+])U\+[0-9a-f]{4,6}(?![\w+])")
"""A Unicode code point ('U+00E9'): a code, whose digits would otherwise read as a number ('00e9' is 0)."""
_DATE_FIELD = r"(?:d{1,2}|m{1,3}|y{2,4}|day|month|year)"
_DATE_FORMAT = re.compile(rf"(?i)\b{_DATE_FIELD}(?:[/.-]{_DATE_FIELD}){{2}}\b")
"""A date format written out: 'DD/MM/YYYY', 'YYYY-MM-DD', 'day/month/year'."""
_DATE_PARTS = frozenset({"d", "dd", "m", "mm", "mmm", "y", "yy", "yyyy", "day", "month", "year", "hh", "ss"})


def _date_orders_in(signature: str) -> tuple[str, ...]:
    """The order of the fields of each date format written out: 'DD/MM/YYYY' and
    'day/month/year' -> 'dmy', 'MM-DD-YY' -> 'mdy' (sizes aside: '1' vs '01' is the verifier's)."""
    return tuple(
        "".join(field[0] for field in re.split(r"[/.-]", match.group(0))) for match in _DATE_FORMAT.finditer(signature)
    )


def _is_path(token: str) -> bool:
    """A file path or ref ('/etc/hosts', 'src/app.py', 'refs/heads/main'), not a pair of
    words ('async/await', 'km/h') or a date ('12/25/2024')."""
    parts = [p for p in token.split("/") if p]
    if len(parts) < 2 or all(p.isdigit() or p.lower() in _DATE_PARTS for p in parts):
        return False  # a date or a date format ('12/25/2024', 'DD/MM/YYYY', 'day/month/year')
    if all(p.lower() in UNITS or p.lower() in _PER_TIME for p in parts):
        return False  # a compound unit ('mcg/kg/hr', 'mg/kg/day'), compared as units
    return token.startswith(("/", "./", "../", "~/")) or len(parts) >= 3 or "." in parts[-1].strip(".")


_TOOL_REPORTS = frozenset(
    {"shows", "says", "prints", "outputs", "returns", "reports", "complains", "fails", "hangs", "throws"}
    | {"gives", "displays", "crashes", "keeps", "tells", "warns", "exits", "refuses", "spits", "errors"}
)
"""What a tool does in a sentence ('journalctl shows: ...', 'npm complains'), not a subcommand."""


def _modifies_noun(text: str, start: int) -> bool:
    """A tool name after an article or possessive, perhaps with one word between, names a
    kind of thing, not a command: 'a git repository', 'my npm packages', 'my local git repo'."""
    before = text[:start].split()[-2:]
    if before and before[-1].lower() in _NOUN_MARKERS:
        return True
    return len(before) == 2 and before[0].lower() in _NOUN_MARKERS and before[1].isalpha()


def _initials(text: str, words: tuple[str, ...]) -> frozenset[str]:
    """Acronyms a text spells out: camel-case parts ('JavaScript' -> 'js') and runs of 2 to 4
    content words ('machine learning' -> 'ml', 'Amazon Web Services' -> 'aws')."""
    found = {
        "".join(part[0] for part in parts).lower()
        for token in _CAMEL_WORD.findall(text)
        if len(parts := _CAMEL_PART.findall(token)) > 1
    }
    content = [w for w in words if _is_content(w) and w.isalpha()]
    for n in (2, 3, 4):
        found.update("".join(w[0] for w in content[i : i + n]) for i in range(len(content) - n + 1))
    found.update(initials for initials, _ in _titled(text))
    return frozenset(found)


_TITLED_RUN = re.compile(r"\b[A-Z][a-z]+(?:\s+(?:(?:of|the|and|for|on|in|to|a)\s+){1,2}[A-Z][a-z]+)+")


def _titled(text: str) -> frozenset[tuple[str, str]]:
    """Initials of titles spelled with their small words, with each word of the title:
    'Logbook of the World' -> 'lotw' (hold-out 168)."""
    found: set[tuple[str, str]] = set()
    for run in _TITLED_RUN.findall(text):
        words = run.split()
        initials = "".join(w[0] for w in words).lower()
        found.update((initials, w.lower()) for w in words)
    return frozenset(found)


def _aliases(words: tuple[str, ...]) -> frozenset[tuple[str, int]]:
    found: set[tuple[str, int]] = set()
    for i in range(len(words)):
        for n in range(1, _ALIAS_LENGTH + 1):
            group = _ALIAS_GROUP.get(words[i : i + n])
            if group is not None:
                found.update((w, group) for w in words[i : i + n])
    return frozenset(found)


def _says_more(a: TextFacts, b: TextFacts, numbers_a: frozenset[str], numbers_b: frozenset[str]) -> bool:
    """``a`` says a number ``b`` lacks, or says it more often: with the other side doing the
    same, '3 apples and 3 pears' / '3 apples and 5 pears' and 'the first-month salary ...
    March 15' / '... March 1' change a number (as sets, one side only adds one)."""
    own = _numbers_of(a, b, numbers_a)
    return bool(_unmatched(own, numbers_b)) or any(
        a.number_counts[n] > b.number_counts[n] for n in own & numbers_b if n in b.number_counts
    )


def _unmatched(numbers: frozenset[str], other: frozenset[str]) -> set[str]:
    """``numbers`` the other side lacks. A time with 'am' or 'pm' matches the same time
    without it ('6:30' / '6:30am'), not one with the other half of the day."""
    bare_other = {_bare_time(n): n for n in other}
    return {
        n for n in numbers - other if _bare_time(n) not in bare_other or n != _bare_time(n) != bare_other[_bare_time(n)]
    }


def _bare_time(number: str) -> str:
    return number[:-2] if number.endswith(("am", "pm")) and number[:-2][-1:].isdigit() else number


def _numbers_of(a: TextFacts, b: TextFacts, numbers: frozenset[str]) -> frozenset[str]:
    """``numbers`` of ``a``, less those inside a name ``b`` also uses ('two-factor' vs '2FA')."""
    groups = {g for _, g in b.aliases}
    named = {NUMBER_WORDS.get(w, w) for w, g in a.aliases if g in groups}
    named |= _glued(a, b, numbers) | _glued(b, a, b.numbers)
    return numbers - named if named else numbers


_AGE = re.compile(r"[\s-]*old\b")
_PARENTHESISED_LETTER = re.compile(r"(\d+(?:\.\d+)*)\(([A-Za-z])\)(?=(\d)?)")
"""'401(k)' is '401k', '501(c)3' is '501c3'; after a section number with a dot, a number
glued after it is a number of its own ('150.1(c)14' says '150.1c' and '14', not '150')."""


def _lettered(match: re.Match[str]) -> str:
    """See :data:`_PARENTHESISED_LETTER`."""
    number, letter, glued = match.groups()
    return number + letter + (" " if glued and "." in number else "")


_LETTER_DOT_NUMBER = re.compile(r"(?<![\w.])([A-Za-z])\.(?=\d+[A-Za-z])")
"""A letter, a dot and a number with letters after it ('c.35G>A', a variant's position and
base): one code, read as 'c35G' so that its number is compared."""
_GLUED = re.compile(r"([a-z]{2,})(\d+(?:\.\d+)?)")


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


def _quantities(text: str) -> tuple[tuple[tuple[str, float], ...], Counter[str], frozenset[str]]:
    """Measures with a unit that has a scale, and the numbers (counted) and units they use."""
    lowered = _AND_A_HALF_BEFORE.sub(_half_more, text.lower())  # 'two and a half hours' is '2.5 hours'
    found: list[tuple[str, float]] = []
    numbers: Counter[str] = Counter()
    units: set[str] = set()
    matches = list(_QUANTITY.finditer(lowered))
    for match in matches:
        count, unit = match.groups()
        if unit in _PERIOD_ADJECTIVES and count[0].isdigit():
            continue  # '$3,000 monthly' is a rate, not 3,000 months
        count = count.replace(",", "") if count[0].isdigit() else count  # '1,500 sq ft' is 1500
        dimension, size = _SCALES[UNITS[unit]]
        if UNITS[unit] == "year" and count not in ("a", "an", "one") and _AGE.match(lowered, match.end()):
            continue  # '42-year-old', '42 years old': an age, the number the other side may give alone
        count = _word_numbers(tuple(count.replace("-", " ").split()))[0] if " " in count or "-" in count else count
        if "/" in count:  # '1/2 cup' is half a cup, not 2 cups
            numerator, denominator = count.split("/")
            count = f"{int(numerator) / max(int(denominator), 1):g}"
        value = float(_CARDINALS.get(count, count)) if count[0].isdigit() or count in _CARDINALS else 1.0
        before = lowered[max(match.start() - 20, 0) : match.start()].rstrip()
        value *= 0.5 if before.endswith("half") else 0.25 if before.endswith("quarter") else 1.0
        value += 0.5 if _AND_A_HALF_AFTER.match(lowered, match.end()) else 0.0  # 'a minute and a half'
        found.append((dimension, value * size))
        units.add(UNITS[unit])
        if count in _CARDINALS or count[0].isdigit():
            numbers[_CARDINALS.get(count, count)] += 1
    counted = {match.span(2) for match in matches}
    for match in _LONG_UNIT.finditer(lowered):
        if match.span(1) not in counted:  # 'a week-long trip' was counted as 'a week'
            found.append(_SCALES[UNITS[match.group(1)]])
            units.add(UNITS[match.group(1)])
    return tuple(sorted(set(found))), numbers, frozenset(units)  # ('the past week (7 days)' says one span)


_AND_A_HALF_AFTER = re.compile(r"\s+and\s+a\s+half\b")
_AND_A_HALF_BEFORE = re.compile(
    rf"(?<![\w.])(\d+|{'|'.join(sorted(_CARDINALS, key=len, reverse=True))})\s+and\s+a\s+half\b"
)


def _half_more(match: re.Match[str]) -> str:
    return f"{_CARDINALS.get(match.group(1), match.group(1))}.5"


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


def _measures_differ(a: TextFacts, b: TextFacts) -> bool:
    """Both sides measure the same dimensions, in different amounts ('half an hour' / 'an hour')."""
    if not a.quantities or [d for d, _ in a.quantities] != [d for d, _ in b.quantities]:
        return False
    return not _same_measures(a, b)


def _compared_numbers(facts: TextFacts, measured: bool) -> frozenset[str]:
    """The numbers the number rule compares: without those of matching measures, unless the
    text also says them elsewhere ('job 49 in 49 ms' / 'job 0 in 49 ms')."""
    if not measured:
        return facts.numbers
    return frozenset(n for n in facts.numbers if facts.number_counts.get(n, 0) > facts.measure_numbers.get(n, 0))


_GLUED_NUMBER = re.compile(r"([a-z]{2,3})(\d+)")


def _abbreviated_numbers(numbers: frozenset[str], other: TextFacts) -> frozenset[str]:
    """``numbers`` with a name glued to its number ('ff7', 'mk4') read as the number alone when
    ``other`` says that number after the name in full: 'FF7' is 'Final Fantasy VII' (its
    initials), 'MK4' 'Mark IV' (the word's first and last letters; review 101)."""
    out = set(numbers)
    for token in numbers:
        glued = _GLUED_NUMBER.fullmatch(token)
        if glued is None or glued[2] not in other.numbers:
            continue
        letters, number = glued[1], glued[2]
        for i, word in enumerate(other.words):
            if word != number or i == 0:
                continue
            before = other.words[max(0, i - len(letters)) : i]
            if "".join(w[0] for w in before) == letters or other.words[i - 1][0] + other.words[i - 1][-1] == letters:
                out.discard(token)
                out.add(number)
    return frozenset(out)


def _compared_units(facts: TextFacts, measured: bool) -> frozenset[str]:
    """The units the unit rule compares: without those of matching measures."""
    return facts.units - facts.measure_units if measured else facts.units


def _ranks(words: tuple[str, ...]) -> frozenset[str]:
    """Rank of each superlative with a determiner or an ordinal before it ('the tallest' is
    rank 1, 'the second tallest' rank 2); 'the 3 largest' (a count) is left to the numbers."""
    ranks = set()
    for i, word in enumerate(words[1:], start=1):
        if not _is_superlative(word):
            continue
        before = words[i - 1]
        if before in _ORDINALS:
            ranks.add(_ORDINALS[before])
        elif re.fullmatch(r"\d+(?:st|nd|rd|th)", before):
            ranks.add(before[:-2])
        elif before in _DETERMINERS or before.endswith("'s"):
            ranks.add("1")
    return frozenset(ranks)


def _is_superlative(word: str) -> bool:
    if word in _SUPERLATIVE_WORDS:
        return True
    return len(word) >= 6 and word.endswith("est") and word.isalpha() and word not in _NOT_SUPERLATIVE


def _ranks_differ(a: TextFacts, b: TextFacts) -> bool:
    """'the largest city' vs 'the second largest city': each side ranks what the other does not."""
    return bool(a.ranks - b.ranks) and bool(b.ranks - a.ranks)


def _missing_entities(a: TextFacts, b: TextFacts, measured: bool = False) -> set[str]:
    """Entities of ``a`` that ``b`` neither names nor mentions in lower case.

    A unit written as a name ('Celsius', 'GB') is a unit: it counts as named when ``b`` uses
    that unit, and not at all when both sides state the same measures (``measured``).
    """
    if not a.entities:
        return set()
    shouted = a.shouted | b.shouted  # 'COUNTIFS' is no plural of 'COUNTIF', nor 'HTTPS' of 'HTTP'
    known = b.entities | set(b.words) | {stem(w) for w in b.words if w not in shouted} | b.initials
    known |= {e for e in a.entities if e not in shouted and any(_same_root(e, w) for w in b.words if w not in shouted)}
    known |= {w for initials, w in a.titled if initials in b.words}  # 'Logbook of the World' / 'LoTW'
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


def _name_variants(a: TextFacts, b: TextFacts) -> bool:
    """Two names of one maker's line that differ only after a hyphen: 'BroodMinder-T' /
    'BroodMinder-W', 'Model-S' / 'Model-X' (hold-out 149). Read as one name in two forms
    otherwise, for their shared root."""
    heads_a = {e.split("-", 1)[0]: e for e in a.entities - b.entities if _model_suffixed(e)}
    return any(
        heads_a.get(e.split("-", 1)[0], e) != e and heads_a[e.split("-", 1)[0]] not in b.entities
        for e in b.entities - a.entities
        if _model_suffixed(e)
    )


def _model_suffixed(name: str) -> bool:
    """A name with a model code after its hyphen: a letter or two, or letters and digits
    ('broodminder-t', 'vortex-x2'); not a word ('x-ray', 't-shirts', 'u-hauls'; review 100)."""
    suffix = name.split("-", 1)[1] if "-" in name else ""
    return 0 < len(suffix) <= 2 or (any(c.isdigit() for c in suffix) and any(c.isalpha() for c in suffix))


def _particle_turned(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """The same words but one particle turned to its opposite: 'when the AC light on my keypad
    is on' / 'is off' (hold-out 152), 'zoom in' / 'zoom out', 'scroll up' / 'scroll down'."""
    if len(a) != len(b):
        return False
    changed = [(i, x, y) for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
    if len(changed) != 1:
        return False
    i, x, y = changed[0]
    if not _opposite_particles(x, y):
        return False
    # ('fill in' / 'fill out' a form, 'cash in' / 'cash out' a bond say the same; review 101)
    before = a[max(0, i - 4) : i]
    at = max((k for k, w in enumerate(before) if w in _IN_IS_OUT_VERBS), default=-1)
    # (the verb's object may stand between, 'fill it in'; not a phrase: 'typing with your elbows in')
    return "in" not in (x, y) or at < 0 or not _PREPOSITIONS.isdisjoint(before[at + 1 :])


_IN_IS_OUT_VERBS = frozenset(
    {"fill", "fills", "filled", "filling", "cash", "cashes", "cashed", "cashing", "type", "typed", "typing"}
)
"""Verbs whose 'in' and 'out' say the same ('fill in' / 'fill out' a form); elsewhere they are
opposites ('log in', 'fade in', 'let the cat in', 'scale in'; review 102)."""


_WHICH_OR_WHAT = frozenset({("which",), ("what",), ("what's",), ("whats",), ("when",)})
_REQUIRED = frozenset({"required", "mandatory", "necessary", "needed", "compulsory", "obligatory", "requires"})
_FORBIDDEN = frozenset({"prohibited", "forbidden", "banned", "illegal", "disallowed"})
_ALLOWED = frozenset({"allowed", "permitted", "legal", "ok", "okay"})


def _required_or_forbidden(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks what is required, ``b`` what is forbidden: 'which door hardware is required
    on a fire-rated door' / 'which is not allowed on one' (hold-out 152). ('Is a permit
    required' / 'is it illegal without a permit' ask the same.)"""
    if _REQUIRED.isdisjoint(a.words) or a.negated or not _REQUIRED.isdisjoint(b.words) or "without" in b.words:
        return False
    if a.words[:1] not in _WHICH_OR_WHAT or b.words[:1] not in _WHICH_OR_WHAT:
        return False  # ('is car insurance compulsory' / 'is driving uninsured illegal' ask the same; review 101)
    return not _FORBIDDEN.isdisjoint(b.words) or any(
        w in ("not", "never") and not _ALLOWED.isdisjoint(b.words[i + 1 : i + 3]) for i, w in enumerate(b.words)
    )


_MUST = frozenset({"must", "need", "needs", "require", "requires", "requiring", "required", "mandatory", "obligated"})
_EXEMPT = frozenset({"exempt", "exempted"})
_ASKS_WHICH = _WHICH_OR_WHAT | {("who",), ("list",), ("name",)}


def _required_or_exempt(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks which things must have something, ``b`` which are exempt from it: 'which
    hydraulic elevators must have a safety bulkhead' / 'which are exempt from having one'
    (hold-out 165), 'list occupancies that require a fire alarm' / 'that are exempt from
    requiring one' (hold-out 164): each answer is the other's complement. A yes-or-no question
    is answered by either ('do students have to pay council tax' / 'are students exempt from
    it, or do they have to pay'), so only which/what/who/list questions, and only 'exempt
    from' ('what documents are required for a homestead exemption' asks no complement)."""
    must = any(
        w in _MUST and not (w == "need" and n == "to" and k and a.words[k - 1] in ("i", "we", "you"))
        for k, (w, n) in enumerate(pairwise((*a.words, "")))
    ) or any(w in ("has", "have") and n == "to" for w, n in pairwise(a.words))  # ('what do I need to send' asks means)
    exempt = any(
        w in _EXEMPT and (b.words[i + 1 : i + 2] == ("from",) or not _BE_FORMS.isdisjoint(b.words[max(0, i - 2) : i]))
        for i, w in enumerate(b.words)
    )  # 'exempt from', 'are tax-exempt' (not 'a homestead exemption')
    return (
        a.words[:1] in _ASKS_WHICH
        and b.words[:1] in _ASKS_WHICH
        and must
        and exempt
        and not a.negated
        and _EXEMPT.isdisjoint(a.words)
    )


_NEW_HANDS = frozenset(
    {"beginner", "beginners", "novice", "novices", "newbie", "newbies", "apprentice", "apprentices"}
    | {"newcomer", "newcomers", "trainee", "trainees", "dummies", "casual", "layperson", "layman", "laymen", "new"}
)
_OLD_HANDS = frozenset({"experienced", "expert", "experts", "seasoned"})
_NOT_A_READER = frozenset({"advice", "help", "opinion", "opinions", "guidance", "tips", "level", "review", "witness"})
_NOT_A_READER_RUNS = frozenset((w,) for w in _NOT_A_READER)
"""Nouns an 'expert' may describe that are no reader: 'go for expert advice' (review 105)."""


_EXPLAINING = frozenset({("explain",), ("describe",), ("teach",), ("summarize",), ("summarise",), ("present",)})
_PERSON_DETERMINERS = frozenset((w,) for w in ("a", "an", "someone", "somebody", "people", "my", "our"))
_CASUAL_READERS = frozenset(
    (w,) for w in ("fan", "fans", "reader", "readers", "viewer", "viewers", "player", "players", "user", "users")
)


def _new_hand(word: str, following: tuple[str, ...]) -> bool:
    """A newcomer's word ('beginner', 'apprentice', 'a new diver'), 'casual' only of a fan,
    reader, viewer, player or user ('a casual office party' is no reader; review 106)."""
    return word in _NEW_HANDS and (word != "casual" or following in _CASUAL_READERS)


def _audience_level(words: tuple[str, ...]) -> set[str]:
    """Whom an explanation is 'for' (or 'as' whom one asks, or, after 'explain', 'to' whom),
    by experience: 'new' for 'for a brand-new apprentice' and 'to a casual fan', 'old' for
    'for an experienced adjuster' and 'to an experienced referee' (hold-out 172)."""
    levels = set()
    telling = words[:1] in _EXPLAINING
    for i, word in enumerate(words):
        if word in ("for", "as") or (telling and word == "to" and words[i + 1 : i + 2] in _PERSON_DETERMINERS):
            said = words[i + 1 : i + 5]  # ('for a brand new apprentice'; not 'explain how to clean a seasoned pan')
            levels |= {"new"} if any(_new_hand(w, said[k + 1 : k + 2]) for k, w in enumerate(said)) else set()
            levels |= (
                {"old"}
                if any(w in _OLD_HANDS and said[k + 1 : k + 2] not in _NOT_A_READER_RUNS for k, w in enumerate(said))
                else set()
            )
    if levels and not _NEW_HANDS.isdisjoint(words) and not _OLD_HANDS.isdisjoint(words):
        return {"new", "old"}  # ('to my new coworker who's a seasoned sysadmin' names both; review 107)
    return levels


def _audience_level_differs(a: TextFacts, b: TextFacts) -> bool:
    """One side writes for newcomers, the other for the experienced: 'explain leveling for a
    brand-new apprentice' / 'for an experienced adjuster' (hold-out 165), where the audience
    nouns differ in kind and no word list pairs them. 'What mistakes do beginners make' /
    'what do experienced players see newcomers get wrong' name no audience with 'for'."""
    la, lb = _audience_level(a.words), _audience_level(b.words)
    return len(la) == len(lb) == 1 and la != lb


def _why_or_how_to(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """'Explain why X is recommended' / 'explain how to do X' (hold-out 173): the reasons for
    a practice against its steps, asked with the same verb."""

    def asked(words: tuple[str, ...], wh: tuple[str, ...]) -> str | None:  # 'can you explain why'
        for i, w in enumerate(words[:4]):
            if w in ("explain", "describe") and words[i + 1 : i + 1 + len(wh)] == wh:
                return w
        return None

    verb = asked(a, ("why",))
    return verb is not None and verb == asked(b, ("how", "to")) and "why" not in b  # ('explain how do planes fly')


_GOING_ON = frozenset({"running", "going", "ticking", "moving", "counting", "rolling", "alive"})


def _stops_or_runs_on(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks whether something stops, ``b`` whether it keeps running: 'does the game clock
    stop after an incomplete pass' / 'does it keep running' (hold-out 172), 'how do I stop a
    container' / 'how do I keep a container running'. Neither side asks both ways, and a
    complaint that something keeps running asks how to stop it ('my toilet keeps running, how
    do I fix it' / 'how do I stop my toilet from running'; review 106): 'X keeps running' only
    between two yes-or-no questions."""

    yes_no = a.words[:1] in _YES_NO_OPENERS and b.words[:1] in _YES_NO_OPENERS

    def stops(words: tuple[str, ...]) -> bool:  # ('does a timeout stop the clock from running' stops it)
        return any(
            w in ("stop", "stops", "halt", "halts")
            and (yes_no or "from" not in words[i + 1 : i + 6])  # ('how do I stop a prospect from stalling')
            and (yes_no or not any(map(_ing_form, words[i + 1 : i + 5])))  # ('stop my script exiting'; review 107)
            and not (i + 1 < len(words) and words[i + 1] in ("at", "by"))
            and not (i and words[i - 1] in NEGATIONS)  # ('a toilet that won't stop filling' keeps running)
            for i, w in enumerate(words)
        )

    def runs_on(words: tuple[str, ...]) -> bool:  # 'keeps running', 'continue to run'
        return any(
            (w in _KEEPING | {"continue", "continues"} and n in _GOING_ON)
            or (w in ("continue", "continues") and n == "to" and words[i + 2 : i + 3] in _RUN)
            for i, (w, n) in enumerate(pairwise(words))
        )

    def kept_running(words: tuple[str, ...]) -> bool:  # 'keep a Docker container running'
        return any(
            w in _KEEPING
            and not _GOING_ON.isdisjoint(words[i + 2 : i + 6])
            and words[i + 1] not in _GOING_ON
            and "from" not in words[i + 1 : i + 6]  # ('keep fuel from going bad' prevents)
            for i, w in enumerate(words)
        )

    return (
        stops(a.words)
        and not runs_on(a.words)
        and not kept_running(a.words)
        and not stops(b.words)
        and (kept_running(b.words) or (yes_no and runs_on(b.words)))
    )


_RUN = frozenset((w,) for w in ("run", "go", "tick", "move", "count", "roll"))
_ING_NOUNS = frozenset({"thing", "bring", "string", "spring", "swing", "sting", "wring", "sling", "during"})


def _ing_form(word: str) -> bool:
    """An -ing form, short ones too ('dying', 'going'), not 'thing' or 'during'."""
    return word.endswith("ing") and len(word) >= 5 and word not in _ING_NOUNS


_YES_NO_OPENERS = frozenset(
    (w,) for w in ("does", "do", "did", "will", "would", "should", "is", "are", "can", "could", "if", "when")
)


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


_OPPOSITE_PARTICLES = frozenset(
    {("in", "out"), ("up", "down"), ("on", "off"), ("over", "under"), ("inside", "outside"), ("pre", "post")}
)


def _opposite_particles(x: str, y: str) -> bool:
    """'in' and 'out', 'up' and 'down', … in either order."""
    return (x, y) in _OPPOSITE_PARTICLES or (y, x) in _OPPOSITE_PARTICLES


def _particle_flipped(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """A hyphenated word whose particle half turns to its opposite: 'base-in prism' /
    'base-out prism' (hold-out 142), 'a log-in page' / 'a log-out page', 'pre-op' / 'post-op'."""
    only_a, only_b = set(a) - set(b), set(b) - set(a)
    for x in only_a:
        for y in only_b:
            xs, ys = x.split("-"), y.split("-")
            if len(xs) != 2 or len(ys) != 2:
                continue
            if xs[0] == ys[0] and xs[1] != ys[1]:
                pair = (xs[1], ys[1])
            elif xs[1] == ys[1] and xs[0] != ys[0]:
                pair = (xs[0], ys[0])
            else:
                continue
            if _opposite_particles(*pair):
                return True
    return False


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


def _operator_facts(text: str) -> dict[str, Any]:
    """Operators, and their order around directional words (read with each operator as a word)."""
    operators = {m.group(1) or m.group(2) for m in _OPERATOR.finditer(text)}
    if not operators:
        return {"operators": frozenset(), "operator_pairs": frozenset()}
    names = {f"zzop{i}": op for i, op in enumerate(sorted(operators))}
    placeholder = {op: name for name, op in names.items()}
    spelled = _OPERATOR.sub(lambda m: f" {placeholder[m.group(1) or m.group(2)]} ", text)
    words = tuple(_normalise_word(w) for w in _WORD.findall(spelled))
    pairs = {(names[x], names[y], marker) for x, y, marker in _directed_pairs(words) if x in names and y in names}
    return {"operators": frozenset(operators), "operator_pairs": frozenset(pairs)}


def _rates_differ(a: TextFacts, b: TextFacts) -> bool:
    """'5 minutes per kilometer' / '5 minutes per mile': the unit after 'per' changed (a
    period said as an adjective counts: 'per biweekly pay period' / 'per month')."""
    per_a, per_b = _per_units(a.words), _per_units(b.words)
    if bool(per_a - per_b) and bool(per_b - per_a):
        return True
    # a thing divided by: compared only with another thing ('2,000 updates per second' / 'per-table settings')
    nouns_a, nouns_b = _per_nouns(a.words), _per_nouns(b.words)
    return bool(nouns_a - nouns_b) and bool(nouns_b - nouns_a)


_PERIOD_ADJECTIVES = MappingProxyType(
    {"daily": "day", "weekly": "week", "biweekly": "2 weeks", "fortnightly": "2 weeks", "fortnight": "2 weeks",
     "monthly": "month", "quarterly": "quarter", "quarter": "quarter", "yearly": "year", "annual": "year"}
)  # fmt: skip


_PERIODIC = MappingProxyType(
    {adjective: _PER_TIME[p] for adjective, p in {**_PERIOD_ADJECTIVES, "hourly": "hour"}.items() if p in _PER_TIME}
)
"""Adjectives of a period before a count ('daily active users'): a count per that period
(`_PERIOD_ADJECTIVES`' one-unit periods, and 'hourly')."""


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
     "pair": "couple", "car": "vehicle"}
)  # fmt: skip
"""What 'per …' divides by, said in other words ('per head' is 'per person')."""


def _case_changed(a: TextFacts, b: TextFacts) -> bool:
    """A code-like token changed only in case ('ls -l' / 'ls -L', '[a-z]' / '[A-Z]'): in code
    and on command lines case is meaning."""
    return sorted(a.cased) != sorted(b.cased) and sorted(t.lower() for t in a.cased) == sorted(
        t.lower() for t in b.cased
    )


def _operators_differ(a: TextFacts, b: TextFacts) -> bool:
    """Each side has an operator the other lacks ('===' / '==')."""
    return bool(a.operators - b.operators) and bool(b.operators - a.operators)


def _operators_swapped(a: TextFacts, b: TextFacts) -> bool:
    """The same operators trade places around a directional word ('=== instead of ==' / '== instead of ===')."""
    return any((y, x, m) in b.operator_pairs and (y, x, m) not in a.operator_pairs for x, y, m in a.operator_pairs)


def _flags(facts: TextFacts) -> set[str]:
    return {i for i in facts.identifiers if i.startswith("-")}


_FLAG_WORDS = MappingProxyType(
    {"-g": ("global", "globally"), "-r": ("recursive", "recursively"), "-f": ("force", "forcefully", "forced"),
     "-v": ("verbose", "verbosely"), "-a": ("all",), "-q": ("quiet", "quietly", "silent", "silently")}
)  # fmt: skip
"""What common one-letter flags are said as in prose ('npm install -g' / 'a global npm install')."""


def _flags_differ(a: TextFacts, b: TextFacts) -> bool:
    """The flags differ; a flag one side adds is the other side's word for it when that side
    has no flag of its own ('`npm install -g`' / 'global npm install', '--force' / 'force')."""
    flags_a, flags_b = _flags(a), _flags(b)
    if flags_a == flags_b:
        return False
    if flags_a and flags_b:
        return True
    flags, other = (flags_a, b) if flags_a else (flags_b, a)
    return not all(_flag_said(flag, other.words) for flag in flags)


def _flag_said(flag: str, words: tuple[str, ...]) -> bool:
    """A long flag's words ('--dry-run': 'dry' and 'run'), or a common short one's word."""
    if flag.startswith("--"):
        parts = [part for part in flag[2:].split("-") if part]
        return bool(parts) and all(part in words for part in parts)
    return any(word in words for word in _FLAG_WORDS.get(flag, ()))


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


def _quotes_differ(a: TextFacts, b: TextFacts) -> bool:
    """Both sides quote, and one quotes words the other does not say ('"good morning"' /
    '"good night"'). A quote only one side has is an example or a detail ('a string like
    "42"'), left to the verifier."""
    if not (a.quoted and b.quoted):
        return False
    text_a, text_b = _squash(_expanded(" ".join(a.words))), _squash(_expanded(" ".join(b.words)))
    cores_a, cores_b = {_quote_core(q) for q in a.quoted}, {_quote_core(q) for q in b.quoted}
    return any(q not in text_b and _unarticled(q) not in cores_b for q in cores_a) or any(
        q not in text_a and _unarticled(q) not in cores_a for q in cores_b
    )


def _unarticled(quote: str) -> str:
    """A long quote without its leading article: an error message quoted with it on one side
    and without on the other ("'A RenderFlex overflowed by 42 pixels'" / "'RenderFlex
    overflowed by 42 pixels'") is the same message; "'The Matrix'" / "'Matrix'", "'a cat'" /
    "'the cat'" still differ."""
    if len(quote.split()) < 6:
        return quote  # short quotes are names, titles or the wording asked about ('an historic event')
    return re.sub(r"^(?:a|an|the) (?=\S)", "", quote)


def _quote_core(quote: str) -> str:
    """A quote's words without a leading infinitive 'to', which one side may quote and the
    other leave out ("'to kill two birds with one stone'" / "the idiom 'kill two birds with one
    stone'"), and with contractions spelled out ("'I'd like'" / "'I would like'"). Articles
    stay: "'a cat'" and "'the cat'" are different strings."""
    return re.sub(r"^to (?=\S)", "", _squash(_expanded(quote)))


_CONTRACTION = re.compile(r"(?<=[a-z])['\u2019](d|m|re|ve|ll)\b")
_SPELLED_OUT = {"d": " would", "m": " am", "re": " are", "ve": " have", "ll": " will"}
_NOT_AFTER = re.compile(
    r"\b(do|does|did|is|are|was|were|have|has|had|could|would|should|must|need|can|will|shall) not\b|\bcannot\b"
)
_NOT_JOINED = {"can": "cant", "will": "wont", "shall": "shant"}


def _expanded(text: str) -> str:
    """Contractions written one way on both sides: "I'd" -> 'i would', "we'll" -> 'we will',
    and a negation as the words read it ("don't" and 'do not' -> "don't"/'dont', 'cannot' and
    'can not' -> 'cant'). An "'s" stays (is, has or a possessive); so does an "'d" that stood
    for 'had': "I'd gone" and 'I had gone' stay apart."""

    def joined(match: re.Match[str]) -> str:
        verb = match.group(1) or "can"
        return _NOT_JOINED.get(verb, f"{verb}nt")

    spelled = _CONTRACTION.sub(lambda m: _SPELLED_OUT[m.group(1)], text.lower().replace("\u2019", "'"))
    return _NOT_AFTER.sub(joined, spelled)


def _squash(text: str) -> str:
    """Letters and digits, apostrophes dropped as the words drop them ('don't' -> 'dont')."""
    return re.sub(r"[^a-z0-9]+", " ", re.sub(r"['\u2019]", "", text.lower())).strip()


def _antonyms(a: TextFacts, b: TextFacts) -> bool:
    """One side has a word whose opposite only the other has. A negated word does not count:
    'not including' says what 'excluding' says."""
    only_a = {w for w in a.forms.keys() - b.forms.keys() if _opposable(w, a)} - _written_joined(a.words, b)
    only_b = {w for w in b.forms.keys() - a.forms.keys() if _opposable(w, b)} - _written_joined(b.words, a)
    only_a, only_b = _compared_apart(only_a, a, only_b, b), _compared_apart(only_b, b, only_a, a)
    if not only_a or not only_b:
        return False
    forms_a = frozenset().union(*(a.forms[w][0] for w in only_a))
    forms_b = frozenset().union(*(b.forms[w][0] for w in only_b))
    # A side that says both words ('slow ... make it faster') contrasts nothing with the other,
    # nor does one that says a word and an opposite of it the other lacks ('remove duplicates,
    # keeping the first' / 'deduplicate, retaining the first').
    said_a, said_b = _said(a), _said(b)
    if any(
        form not in said_b
        and any(not _OPPOSITE.get(y, frozenset()) & said_b - said_a for y in opposites & forms_b - said_a)
        and not opposites & said_a - said_b
        for form in forms_a
        if (opposites := _OPPOSITE.get(form, frozenset()))
    ):
        return True  # (nor does an opposite the other side says along with one of its own: 'remove … keeping')
    roots_a = frozenset().union(*(a.forms[w][1] for w in only_a))
    roots_b = frozenset().union(*(b.forms[w][1] for w in only_b))
    return _roots_meet(roots_a, forms_b, roots_b) or _roots_meet(roots_b, forms_a, roots_a)


_POSITIONS = frozenset({"over", "under", "above", "below"})


def _compared_apart(only: set[str], facts: TextFacts, other_only: set[str], other: TextFacts) -> set[str]:
    """``only`` less the positions ('over', 'under') one side uses for a place in a directory
    tree ('under /var') and the other for something else ('over 100 MB')."""
    return {
        word
        for word in only
        if word not in _POSITIONS
        or not (opposites := _OPPOSITE.get(word, frozenset()) & other_only)
        or any(_in_a_folder(word, facts.signature) == _in_a_folder(o, other.signature) for o in opposites)
    }


def _in_a_folder(word: str, text: str) -> bool:
    """``word`` places something in a directory: 'under /var', 'below the src folder'."""
    return re.search(rf"\b{word}\s+(?:[~/.]|(?:the\s+)?[\w.-]+\s+(?:directory|folder|dir)\b)", text) is not None


def _written_joined(words: tuple[str, ...], other: TextFacts) -> set[str]:
    """Two neighbouring words that ``other`` writes as one ('drop-down' / 'dropdown',
    'log in' / 'login'): parts of that one word, which contrast with nothing on their own."""
    return {part for x, y in pairwise(words) if x + y in other.forms for part in (x, y)}


def _opposable(word: str, facts: TextFacts) -> bool:
    """A word that can contrast with its opposite: not negated, not diminished, not the
    verb of 'stop X from Ving', which means prevent, not the opposite of start, not
    'against' after a comparing verb ('check it against my answer' takes no side), not
    'any' after a negation or in an instruction ('replace any names with X' replaces each),
    not 'due' in 'past due' (overdue), not 'present' as a gift ('birthday present ideas'),
    and not a quantifier of time ('a few seconds', 'all day' say how long, not how much of a
    set)."""
    return (
        not _negated_word(word, facts)
        and word not in facts.diminished
        and not (word in _PREVENTING and facts.held)
        and not (word == "against" and _compares_against(facts.words))
        and not (word == "any" and (_negated_any(facts.words) or _any_is_each(facts.words)))
        and not (word == "due" and ("past", "due") in pairwise(facts.words))
        and not (word == "present" and not _present_here(facts.words))
        and not (word in _QUANTIFIERS and _quantifies_time(word, facts.words))
        and not (word == "last" and _lasts(facts.words))
    )


def _negated_word(word: str, facts: TextFacts) -> bool:
    """Whether a negation bears on ``word``, or on a word of a marked phrase ('aren't covered
    by'); a phrase that holds its own negation ('no technical background') is read whole."""
    parts = word.split()
    if len(parts) > 1 and NEGATIONS.isdisjoint(parts):
        return any(stem(part) in _targets(facts.negated) for part in parts)
    return stem(word) in _targets(facts.negated)


def _lasts(words: tuple[str, ...]) -> bool:
    """'last' only as the verb of how long a thing keeps ('how long does pesto last in the
    fridge', 'make it last longer'): after 'how long' and ending its clause or followed by a
    preposition, never by a noun ('how long since the last earthquake' is the past)."""
    said = [i for i, word in enumerate(words) if word == "last"]
    return bool(said) and all(
        words[i + 1 : i + 2] == ("longer",)
        or (_has_run(words[:i], ("how", "long")) and (i + 1 == len(words) or words[i + 1] in _AFTER_LASTING))
        for i in said
    )


_AFTER_LASTING = frozenset(
    {
        *("for", "in", "after", "once", "without", "if", "through", "until", "before", "outside", "on", "at"),
        *("when", "and", "or", "with", "under", "past", "beyond", "unopened", "opened", "frozen", "refrigerated"),
    }
)


def _in_place(words: tuple[str, ...]) -> Iterator[tuple[str, str, str]]:
    """(word before, word, word after) for each word; "" past either end."""
    return zip(("", *words[:-1]), words, (*words[1:], ""), strict=True) if words else iter(())


def _present_here(words: tuple[str, ...]) -> bool:
    """'present' says someone is there ('I am present at the meal', 'present during the
    audit'), the sense 'absent' opposes, not a gift or the present tense."""
    return any(
        word == "present" and (before in _COPULAS or after in ("at", "in", "during", "for", "on"))
        for before, word, after in _in_place(words)
    )


_ASKING = frozenset(
    {"if", "whether", "does", "do", "did", "is", "are", "was", "were", "has", "have", "there", "when", "whenever",
     "once", "soon", "until", "unless"}
)  # fmt: skip
"""Words that make the 'any' after them ask whether one exists ('check if any row is null',
'alert me when any server is down')."""
_CHOOSING = frozenset({"pick", "choose", "select", "name", "return", "give", "suggest", "recommend", "tell"})
"""Verbs whose 'any' asks for one ('pick any card'), not for each."""


def _any_is_each(words: tuple[str, ...]) -> bool:
    """Every 'any' is outside a question or condition (no asking word before it) and after no
    verb of choosing: 'identify any names and replace them' asks for each of them, as 'each'
    or 'all' would ('does the warranty cover any parts' asks whether one exists, 'pick any
    card' for one)."""
    places = [i for i, w in enumerate(words) if w == "any"]
    return bool(places) and not any(
        any(w in _ASKING for w in words[:i]) or (i > 0 and words[i - 1] in _CHOOSING) for i in places
    )


_QUANTIFIERS = frozenset({"all", "every", "each", "whole", "entire", "some", "any", "few", "certain"})
"""Words of the all / some opposition that can also say how long ('all day', 'a few hours')."""


def _quantifies_time(quantifier: str, words: tuple[str, ...]) -> bool:
    """Every ``quantifier`` in ``words`` is followed by a period ('a few seconds', 'all day',
    'the whole week'), after at most one word ('every single night')."""
    places = [i for i, w in enumerate(words) if w == quantifier]
    return bool(places) and all(any(w.removesuffix("s") in _TIME_PERIODS for w in words[i + 1 : i + 3]) for i in places)


def _negated_any(words: tuple[str, ...]) -> bool:
    """Every 'any' follows a negation at most three words back: 'without losing any of
    the changes' keeps all of them, no opposite of 'all'."""
    places = [i for i, w in enumerate(words) if w == "any"]
    return bool(places) and all(any(w in NEGATIONS for w in words[max(0, i - 3) : i]) for i in places)


_COMPARING = frozenset({"check", "compare", "test", "verify", "validate", "match", "benchmark", "diff", "measure"})


def _compares_against(words: tuple[str, ...]) -> bool:
    """Every 'against' follows a comparing verb, at most two words back ('check it against')."""
    places = [i for i, w in enumerate(words) if w == "against"]
    return bool(places) and all(any(stem(w) in _COMPARING_STEMS for w in words[max(0, i - 3) : i]) for i in places)


_COMPARING_STEMS = frozenset(stem(w) for w in _COMPARING)


def _said(facts: TextFacts) -> frozenset[str]:
    """Every word form a side uses, adverbs also as their adjective ('slowly' says 'slow'),
    and 'only' where it says 'just', 'solely' or 'merely'."""
    forms = frozenset().union(*(f for f, _ in facts.forms.values()))
    only = {"only"} if forms & _ONLY_WORDS else set()
    return forms | only | {f[:-2] for f in forms if f.endswith("ly") and len(f) > 5}


_ONLY_WORDS = frozenset({"just", "solely", "merely"})


def _adds_opposite(a: TextFacts, b: TextFacts) -> bool:
    """``b`` joins a word both say with its opposite: 'read access' / 'read and write access',
    'install X' / 'install and uninstall X'. Only a coordination counts ('X and Y', 'X or Y',
    'X/Y'): opposites such as row and column meet in paraphrases too."""
    forms_a = frozenset().union(*(f for f, _ in a.forms.values()))
    words = b.words
    for i, word in enumerate(words):
        if not _is_content(word) or b.forms[word][0] & forms_a or stem(word) in _targets(b.negated):
            continue
        for j in (i - 2, i - 1, i + 1, i + 2):
            if not 0 <= j < len(words) or (abs(i - j) == 2 and words[(i + j) // 2] not in _COORDINATORS):
                continue
            other = words[j]
            if (
                other in a.forms
                and _opposed(b.forms[word], a.forms[other])
                and not any(_opposed(a.forms[w], a.forms[other]) for w in a.forms if w != other)
            ):
                return True  # (unless a pairs it with an opposite too: 'prev/next' / 'previous/next')
    return False


def _opposed(
    x: tuple[frozenset[str], frozenset[tuple[int, int, str]]], y: tuple[frozenset[str], frozenset[tuple[int, int, str]]]
) -> bool:
    """Two words are an antonym pair, or one carries the opposite prefix of the other."""
    if any(_PAIR_OPPOSITE.get(form, frozenset()) & y[0] for form in x[0]):
        return True
    return _roots_meet(x[1], y[0], y[1]) or _roots_meet(y[1], x[0], x[1])


@lru_cache(maxsize=_WORD_MEMO)
def _word_forms(word: str) -> tuple[frozenset[str], frozenset[tuple[int, int, str]]]:
    """:func:`_forms` and their :func:`_prefixed_roots`, remembered per word (words repeat)."""
    forms = frozenset(_forms(word))
    return forms, frozenset(_prefixed_roots(forms))


def _forms(word: str) -> set[str]:
    """The word and its likely uninflected forms ('enabled' -> 'enable', 'enabl')."""
    forms = {word}
    if word[-1:] not in _ENDING_LETTERS:
        return forms
    for suffix, replacement in _ENDINGS:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            base = word[: -len(suffix)]
            forms.add(base + replacement)
            if not replacement and len(base) >= 4 and base[-1] == base[-2] and base[-1] not in "aeioulsfz":
                forms.add(base[:-1])  # 'dropping' -> 'drop', 'planned' -> 'plan'
    return forms


def _prefixed_roots(forms: frozenset[str]) -> set[tuple[int, int, str]]:
    """``(prefix pair, side, root)`` for each way a form is a non-empty opposing prefix plus a
    root of at least 4 letters: 'unhappy' gives ``(n, 0, 'happy')`` for the pair ('un', '')."""
    roots = set()
    for form in forms:
        for k in range(1, min(_LONGEST_PREFIX, len(form) - 4) + 1):
            for pair, side in _PREFIX_SIDES.get(form[:k], ()):
                roots.add((pair, side, form[k:]))
    return roots


def _roots_meet(
    roots: frozenset[tuple[int, int, str]],
    other_forms: frozenset[str],
    other_roots: frozenset[tuple[int, int, str]],
) -> bool:
    """A root of one side carries the opposite prefix of the same pair on the other side
    ('unhappy' / 'happy', 'encrypt' / 'decrypt'): set lookups, not a loop over word pairs."""
    for pair, side, root in roots:
        if _OPPOSING_PREFIXES[pair][1 - side] == "":
            if root in other_forms:
                return True
        elif (pair, 1 - side, root) in other_roots:
            return True
    return False


def _categories_added(a: frozenset[tuple[str, str]], b: frozenset[tuple[str, str]]) -> bool:
    names_a = {c for c, _ in a}
    names_b = {c for c, _ in b}
    return names_a != names_b


_EXPLAIN = frozenset(
    {"explain", "explains", "explaining", "describe", "describes", "describing", "summarize", "summarise"}
)
_MADE = frozenset(
    {"quiz", "quizzes", "example", "examples", "flashcards", "worksheet", "poem", "haiku", "limerick", "song",
     "sonnet", "story", "tweet", "headline", "title", "slide", "table", "checklist", "json", "csv", "yaml", "xml",
     "toml", "outline", "syllabus", "email", "letter", "memo", "essay", "blog", "lesson", "speech", "script", "code",
     "rap", "mnemonic", "crossword", "skit", "problem", "problems", "exercise", "exercises", "drill", "drills"}
)  # fmt: skip
"""Formats that are a thing made, not an explanation ('quiz me on', 'a poem about')."""
_MAKING = frozenset(
    {"write", "make", "create", "compose", "draft", "generate", "give", "produce", "prepare", "design", "show"}
)
"""Verbs that ask for a thing made ('write a poem', 'give me an example')."""


def _explained_or_made(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks to have something explained and names no format; ``b`` asks for a thing made
    of it instead ('Explain the causes of X' / 'Quiz me on the causes of X', 'write a poem
    about X', 'give me an example of X'): 'quiz me' first, or a verb of making right before
    the thing ('what does the poem mean', 'I got a letter from the IRS' ask no poem, no letter)."""
    teaching = "teach" in a.words[:4]  # ('teach me X' asks what 'explain X' asks)
    if (
        _EXPLAIN.isdisjoint(a.words[:4])
        and _STATING.isdisjoint(a.words[:5])
        and not teaching
        and not _only_the_rule(a.words)
    ):
        return False
    if not _EXPLAIN.isdisjoint(b.words) or not {stem(w) for w in _STATING.intersection(b.words)} <= {
        stem(w) for w in a.words
    }:
        return False  # (a formula both name is their topic: 'explain the Universal Soil Loss Equation')
    if any(category == "format" and (category, name) not in b.categories for category, name in a.categories):
        return False  # ('explain X in an email'; a format both name is their topic: 'what goes in a letter')
    made = "quiz" if b.words[:2] in (("quiz", "me"), ("test", "me")) else _made_thing(b.words, _MADE)
    if made is None and b.words[:1] and b.words[0] in _MAKING - {"give", "show"}:
        made = _made_thing(b.words, _LOOSE_MADE, loose=True)  # 'create a tree risk assessment checklist'
        if made is not None and not _PREPOSITIONS.isdisjoint(b.words[1 : b.words.index(made)]):
            made = None  # ('create a signature for email in Outlook' makes a signature; review 98)
    if made is None and _asks_an_example(b.words):
        made = "example"  # 'what's one example of a good cover crop mix for grazing'
    if made is None and any(
        b.words[k : k + 2] == ("worked", "example") and b.words[k - 1] in ("a", "an", "one")
        for k in range(1, len(b.words))
    ):
        made = "example"  # 'work through a worked example of X' (not 'in my textbook's worked example')
    if made == "lesson" and teaching:
        return False  # 'teach me X' / 'give me a lesson on X' (review 95)
    if made in ("example", "examples") and _illustrated(a.words):
        return False  # 'explain X with real numbers' asks for the worked example (review 81)
    if made in ("example", "examples") and _describes_one(a.words):
        return False  # 'describe a typical use case for Redis' asks for one instance (review 83)
    if made == "outline" and any(category == "format" for category, _ in a.categories):
        return False  # 'describe the slides for a pitch deck' / 'an outline of the slides' (review 81)
    if made == "table" and not _SUMMARISING.isdisjoint(a.words[:4]):
        return False  # a summary may come as a table ('summarise this in two columns'; review 62)
    # ('explain how to write code in Python' asks what 'how do I write code in Python' asks)
    return made is not None and made not in map(_singular, a.words)


_SUMMARISING = frozenset({"summarize", "summarise"})
_LOOSE_MADE = frozenset(
    {"checklist", "worksheet", "flashcards", "quiz", "syllabus", "outline", "crossword", "mnemonic", "song", "poem",
     "slide", "story", "essay", "haiku", "limerick", "rap", "sonnet", "skit", "speech"}
)  # fmt: skip
"""Things made that stay the thing after several describing words ('a tree risk assessment
checklist'); not 'code', 'email' or 'YAML', which name what a thing is for ('a QR code',
'a signature for email'; review 98)."""


def _only_the_rule(words: tuple[str, ...]) -> bool:
    """'… just give me the formula', 'only the equation, please': the general rule asked for
    after the question, and nothing worked (hold-out 163)."""
    if not _SPREADSHEETS.isdisjoint(words):
        return False  # ('percent change in Excel, just give me the formula' asks for one; review 104)
    return any(
        word in _STATING and words[i - 1] == "the" and not {"just", "only"}.isdisjoint(words[max(0, i - 5) : i])
        for i, word in enumerate(words[1:], start=1)
    )


_STATING = frozenset({"formula", "formulas", "equation", "definition"})
"""Words that ask for the general rule, as an explanation does: 'give me the formula for Cpk'
/ 'give me a worked example of Cpk'."""


_BUILT = _MADE | {
    *("formula", "macro", "query", "regex", "function", "command", "label", "description", "report"),
    *("proposal", "invoice", "resume", "itinerary", "recipe", "template", "survey", "certificate"),
    *("question", "questions"),
}
"""Things made, with the ones a tool is asked to make ('a spreadsheet formula', 'a SQL query')
and documents of work ('a care label' / 'a product description')."""


_KINDS_MADE = MappingProxyType(
    {
        **dict.fromkeys(("macro", "code", "command"), frozenset({"code"})),
        "function": frozenset({"code", "formula"}),
        "formula": frozenset({"formula"}),
        **dict.fromkeys(("question", "questions"), frozenset({"quiz", "problem", "survey"})),
        **dict.fromkeys(("problem", "problems", "exercise", "exercises", "drill", "drills"), frozenset({"problem"})),
        "script": frozenset({"code", "script"}),
        "quiz": frozenset({"quiz"}),
    }
)
"""Things made that may be one deliverable: a script, a command and code ('a Python script
that uploads' / 'boto3 code to push', 'a PowerShell script' / 'a PowerShell command'), and a
function either code or a spreadsheet's formula ('an Excel formula' / 'an Excel function';
review 96), and questions a quiz, practice problems or a survey ('write 10 quiz questions' /
'a 10-question quiz'; review 98; not a script: 'a Python script' / 'interview questions')."""


_AGAINST = frozenset(
    {"cons", "disadvantages", "disadvantage", "drawbacks", "drawback", "downsides", "downside", "weaknesses",
     "weakness", "against"}
)  # fmt: skip
_BOTH_CUES = frozenset({"worth", "should", "good", "bad", "rewards", "dangers", "costs", "risks", "improvement"})
"""Words with which a side still weighs both sides in other words ('is it worth it', 'the risks
and rewards', 'should I'; review 99)."""
_IN_FAVOUR = frozenset(
    {"pros", "advantages", "advantage", "benefits", "benefit", "upsides", "upside", "strengths", "strength"}
)


def _both_sides_or_one(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks for both sides ('the pros and cons of', 'advantages and disadvantages'),
    ``b`` for one of them only ('the arguments against', 'the advantages of')."""
    both = any(
        (x in _IN_FAVOUR and y in _AGAINST) or (x in _AGAINST and y in _IN_FAVOUR) or (x, y) == ("for", "against")
        for x, joiner, y in zip(a.words, a.words[1:], a.words[2:], strict=False)
        if joiner == "and"
    )
    if not both:
        return False
    if not _BOTH_CUES.isdisjoint(b.words) or not (_AGAINST.isdisjoint(b.words) or _IN_FAVOUR.isdisjoint(b.words)):
        return False  # ('is it worth it', 'risks and rewards', 'should I'; review 99; both asked apart)
    asked = {
        word
        for j, word in enumerate(b.words[1:-1], start=1)
        if (word in _AGAINST or word in _IN_FAVOUR)
        and (b.words[j - 1] in ("the", "any", "main", "biggest") or b.words[j - 1 : j] == ("arguments",))
        and b.words[j + 1] in ("of", "to", "for", "against", "in")
    } | (
        {"against"}
        if any(w == "arguments" and "against" in b.words[i + 1 : i + 3] for i, w in enumerate(b.words))
        else set()
    )
    against, in_favour = not _AGAINST.isdisjoint(asked), not _IN_FAVOUR.isdisjoint(asked)
    return against != in_favour


_NEEDED = frozenset({"tools", "equipment", "materials", "supplies", "ingredients"})
_STEPS = frozenset({"steps", "instructions", "procedure", "process"})


def _needed_or_steps(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks what is needed ('what tools do I need to terminate Cat6a jacks'), ``b`` for
    the steps ('what are the steps to terminate them'), neither naming the other's."""
    needed = (
        a.words[:1] in (("what",), ("which",))
        and not _NEEDED.isdisjoint(a.words[1:4])
        and not {"need", "needed"}.isdisjoint(a.words[2:6])
    )
    return (
        needed
        and not _STEPS.isdisjoint(b.words)
        and _STEPS.isdisjoint(a.words)
        and _NEEDED.isdisjoint(b.words)
        and {"need", "needed"}.isdisjoint(b.words)  # ('what do I need and what are the steps'; review 99)
    )


def _made_apart(a: TextFacts, b: TextFacts) -> bool:
    """Each side asks for a different thing made, neither naming the other's: 'write a Python
    script to calculate DMX addresses' / 'write a spreadsheet formula to calculate them'."""
    made_a, made_b = _made_thing(a.words, _BUILT, loose=True), _made_thing(b.words, _BUILT, loose=True)
    return (
        made_a is not None
        and made_b is not None
        and _KINDS_MADE.get(made_a, {made_a}).isdisjoint(_KINDS_MADE.get(made_b, {made_b}))
        and made_a not in map(_singular, b.words)
        and made_b not in map(_singular, a.words)
    )


def _formula_or_worked(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks for the formula and ``b``, naming none, works it on a number ``a`` lacks:
    'formula to convert an azimuth to a quadrant bearing' / 'convert the azimuth 125° to a
    quadrant bearing' (one worked case, not the rule)."""
    asked = any(
        word in _STATING and word != "definition" and (following in ("for", "to", "of") or before in ("the", "a"))
        for before, word, following in zip(("", *a.words), a.words, (*a.words[1:], ""), strict=False)
    )
    return (
        asked
        and _STATING.isdisjoint(b.words)
        and _SPREADSHEETS.isdisjoint(a.words + b.words)
        and _OPERATING.isdisjoint(b.words)
        and any(
            w.isdigit() and w not in a.numbers and not (i and b.words[i - 1] in _NUMBERED_LEVELS)
            for i, w in enumerate(b.words)
        )
    )


_OPERATING = frozenset(
    {"+", "-", "*", "=", "plus", "minus", "times", "multiply", "divide", "add", "subtract", "general", "generally"}
)
"""Words with which the other side states the formula itself or asks for it in general ('is
it multiply by 9/5 and add 32?', 'a series like 1 + 2 + ... + n in general'; review 95)."""
_NUMBERED_LEVELS = frozenset({"grade", "class", "level", "year", "chapter", "step", "version", "unit"})
"""Words after which a number names a level or a part, not a value to work on ('grade 8 math')."""
_SPREADSHEETS = frozenset({"excel", "sheets", "spreadsheet", "cell", "cells", "column", "columns", "row", "rows"})
"""Words that make 'formula' a spreadsheet formula, whose cells and rows are no numbers to
work on ('Excel formula for age from a birthdate in column B, row 2'; review 95)."""


def _describes_one(words: tuple[str, ...]) -> bool:
    """The explaining verb takes one instance as its object: 'describe a situation where',
    'explain a simple recursive function'."""
    return any(word in _EXPLAIN and words[i + 1] in ("a", "an", "one") for i, word in enumerate(words[:-1]))


def _asks_an_example(words: tuple[str, ...]) -> bool:
    """The question is for an example: 'what's an example of X', 'what is one example of X'."""
    rest = words[1:] if words[:1] in (("what's",), ("whats",)) else words[2:] if words[:2] == ("what", "is") else None
    return rest is not None and rest[:1] in (("an",), ("one",), ("a",)) and rest[1:3] == ("example", "of")


_ILLUSTRATED = frozenset(
    {"numbers", "figures", "scenario", "scenarios", "code", "sample", "samples", "instance", "instances", "case",
     "cases", "situation", "situations", "values", "data"}
)  # fmt: skip
"""What an explanation illustrates itself with ('explain X using actual numbers', 'in a real
situation'), after a word that says so: 'data' or 'values' as its topic ask no example
('explain how data normalization works'; review 85)."""
_ILLUSTRATING = frozenset({"with", "using", "through", "via", "in", "from"})


def _illustrated(words: tuple[str, ...]) -> bool:
    """An explanation that asks for an example itself: it names examples or instances ('explain
    X with an example', 'describe real-world instances of X'), or illustrates with numbers,
    code, a scenario ('explain X using actual numbers', 'show code')."""
    if not {"example", "examples", "instances", "illustrate", "demonstrate"}.isdisjoint(words):
        return True
    if _has_run(words, ("real", "world")) or _has_run(words, ("real", "life")) or _has_run(words, ("show", "code")):
        return True
    return any(
        word in _ILLUSTRATING and not _ILLUSTRATED.isdisjoint(words[i + 1 : i + 5]) for i, word in enumerate(words)
    )


def _advised_or_made(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks for tips about a thing, ``b`` for the thing itself: 'give me tips for giving a
    speech at my brother's wedding' / 'write a short speech for my brother's wedding'."""
    if not _ADVICE.isdisjoint(b.words) or _made_thing(a.words, _MADE, anywhere=True) is not None:
        return False
    if b.wh_word == "how":  # ('how do I write good code' asks for tips too)
        return False
    made = _made_thing(b.words, _MADE, anywhere=True, loose=True)  # (after a situation: 'I'm best man. Write a speech')
    if made is None:
        return False
    words = a.words
    return any(
        word in _ADVICE and words[i + 1] in ("for", "on", "about") and made in map(_singular, words[i + 2 : i + 6])
        for i, word in enumerate(words[:-1])
    )


_ADVICE = frozenset({"tips", "advice", "pointers", "ideas", "suggestions"})

_LISTING = frozenset({"list", "enumerate", "name"})
_COUNTING = frozenset({"number", "count", "total", "counts", "counting", "amount"})


def _listed_or_counted(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks for the things themselves, ``b`` only how many there are: 'List all the
    prime numbers below 100' / 'How many prime numbers are there below 100?'. The count is
    ``b``'s question itself ('how many …', or the order 'count how many …', 'count the …'),
    not a quantity per item ('how many of each', 'per day'), an invitation ('how many can you
    think of') or one of two questions ('how many, and what are they'; review 62)."""
    words = a.words[2:4] if a.words[:2] in (("can", "you"), ("could", "you")) else a.words[:2]
    if _LISTING.isdisjoint(words[:1] if words[:1] != ("please",) else words[1:2]):
        return False
    if _has_run(a.words, ("how", "many")) or not _COUNTING.isdisjoint(a.words):
        return False
    counted = b.words
    if counted[:1] == ("count",) and counted[1:2] and counted[1] not in _RECITING:  # 'count how many …'
        counted = ("how", "many", *counted[1 + (counted[1:3] == ("how", "many")) * 2 :])
    if counted[:2] != ("how", "many") or not _LISTING.isdisjoint(counted):
        return False
    if not _PER_ITEM.isdisjoint(counted) or _has_run(counted, ("can", "you")) or _has_run(counted, ("could", "you")):
        return False
    return _WH_OTHER.isdisjoint(counted[2:])


_RECITING = frozenset({"on", "from", "to", "down", "back", "backwards", "backward", "by", "up", "off", "in", "out"})
"""After 'count', words of reciting a sequence ('count to ten in Japanese', 'count by 7s'),
which lists, or of relying ('count on')."""
_PER_ITEM = frozenset({"each", "per", "every"})
_WH_OTHER = frozenset({"what", "which", "who"})


def _has_run(words: tuple[str, ...], run: tuple[str, ...]) -> bool:
    n = len(run)
    return any(words[i : i + n] == run for i in range(len(words) - n + 1))


_CAUSE = frozenset({"cause", "causes", "causing", "caused"})
_REMEDY = frozenset(
    {"stop", "prevent", "treat", "cure", "fix", "avoid", "manage", "relieve", "ease", "handle", "reduce", "rid"}
    | {"remove", "eliminate", "repair", "solve"}
)


def _cause_or_remedy(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks what causes a thing, ``b`` how to stop it: 'What causes night terrors in
    young children?' / 'How do I stop night terrors in young children?', 'List the main causes
    of X' / 'List ways to prevent X' (a side that asks both, or says why, asks the other's
    question too)."""
    if not (
        _has_run(a.words, ("what", "causes"))
        or _has_run(a.words, ("what", "is", "causing"))
        or (not {"list", "name", "explain", "describe"}.isdisjoint(a.words[:3]) and _causes_of(a.words))
    ):
        return False  # ('explain the causes of cloudy pool water' / 'explain how to fix it', hold-out 174)
    if not _REMEDY.isdisjoint(a.words) or _has_run(a.words, ("what", "to", "do")) or not _asks_remedy(b.words):
        return False  # (a side that asks what to do about it asks the remedy too)
    return _CAUSE.isdisjoint(b.words) and "why" not in b.words and "reason" not in b.words


_SYMPTOMS = frozenset({"symptom", "symptoms", "signs"})


def _asks_symptoms(words: tuple[str, ...]) -> bool:
    """Symptoms or signs, or one sign of a thing ('the first sign of glaucoma', 'a sign of
    measles'; 'the equals sign' is none)."""
    if not _SPREADSHEETS.isdisjoint(words) or not _SIGNED_NUMBERS.isdisjoint(words):
        return False  # ('Excel flips the sign of negative numbers'; review 104)
    return not _SYMPTOMS.isdisjoint(words) or any(
        word == "sign" and (words[i + 1 : i + 2] == ("of",) or (i and words[i - 1] in ("first", "early", "warning")))
        for i, word in enumerate(words)
    )


_SIGNED_NUMBERS = frozenset({"negative", "positive", "number", "numbers", "totals", "value", "values", "minus", "plus"})


_SYMPTOM_LIKE = _SYMPTOMS | frozenset(
    {"symptomatic", "feel", "feels", "feeling", "happens", "happen", "reaction", "reactions", "effects", "problems"}
    | {"issues", "know", "tell", "look", "looks", "recognize", "recognise", "spot", "identify", "present"}
    | {"presents", "show", "shows", "notice", "experience", "watch", "normal", "expect"}
)
_TREATING = frozenset(
    {"treatment", "treatments", "treat", "treating", "treated", "cure", "cures", "cured", "remedy", "remedies"}
    | {"prevent", "prevention", "preventing", "prevented", "relieve", "ease", "relief", "soothe", "doctor", "vet"}
    | {"medication", "medications", "vaccine", "vaccines", "vaccinated", "dosage", "dose", "doses", "rid"}
)
_HOW_TO_DO = frozenset(
    {("how", "to"), ("how", "do", "i"), ("how", "can", "i"), ("how", "should", "i"), ("how", "do", "you")}
    | {("ways", "to"), ("best", "way", "to"), ("how", "we", "can"), ("possible", "to")}
)
_HOW_TO_HELP = frozenset({"calm", "manage", "save", "saved", "cool", "stop", "fix", "comfort", "handle"})
"""Verbs of a 'how to …' or 'can it be …' that asks what to do ('how to calm an anxious dog')."""
_CAUSE_ASKED = (
    ("what", "causes"), ("causes", "of"), ("cause", "of"), ("what", "leads"), ("what", "triggers"), ("can", "cause"),
    ("could", "cause"), ("be", "causing"), ("is", "causing"),
)  # fmt: skip
"""How a question asks for causes ('what causes a gout flare'), not for effects ('what does
lead exposure cause in kids', which asks for its symptoms; review 102)."""
_NOT_TREATING_AFTER = frozenset({"a", "an", "the", "this", "that", "my", "your", "butter", "peanut"})
"""Words before 'treat' that make it a thing ('a peanut butter treat'; review 101)."""


def _symptoms_or_else(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks for the symptoms or signs of a thing, ``b`` how to treat, prevent, calm or
    save it, or what causes it: 'Describe the symptoms of bloat in goats' / 'Describe the
    treatment for bloat in goats' (hold-out 149), 'signs of parvo' / 'how to treat parvo',
    'signs of burnout' / 'what leads to burnout'. A side that names both, or asks what it
    feels or looks like, how it presents or what to expect, asks the other's question too
    (reviews 100 to 104), and a yes-or-no 'is X a sign of Y' asks what 'could Y be causing X'
    asks."""
    if not _asks_symptoms(a.words) or not _TREATING.isdisjoint(a.words) or not _SYMPTOM_LIKE.isdisjoint(b.words):
        return False
    if a.words[:1] in (("is",), ("are",), ("can",), ("could",)):
        return False  # ('is a slow laptop a sign of a virus' / 'could a virus be causing it' ask the same; review 104)
    if any(_has_run(a.words, run) for run in _CAUSE_ASKED):
        return False
    return (
        any(
            w in _TREATING and not (w == "treat" and i and b.words[i - 1] in _NOT_TREATING_AFTER)
            for i, w in enumerate(b.words)
        )
        or any(_has_run(b.words, run) for run in _CAUSE_ASKED)
        or any(
            w in _HOW_TO_HELP and (b.words[i - 2 : i] in _HOW_TO_DO or b.words[max(0, i - 3) : i] in _HOW_TO_DO)
            for i, w in enumerate(b.words[1:], start=1)
        )
        or "saved" in b.words
    )


_FINDING = frozenset(
    {"find", "finding", "identify", "identifying", "detect", "detecting", "flag", "flagging", "spot", "spotting",
     "highlight", "highlighting", "list", "show"}
)  # fmt: skip
_REMOVING = frozenset(
    {"remove", "removing", "delete", "deleting", "drop", "dropping", "eliminate", "eliminating", "strip", "stripping"}
)
_WRITING = frozenset({"write", "draft", "compose"})
_DRAFTING = _WRITING | {"drafting", "writing", "composing", "design", "designing", "create", "creating"}
_REVIEWING = frozenset(
    {"review", "reviewing", "proofread", "proofreading", "critique", "critiquing", "audit", "auditing", "analyze",
     "analyse", "analyzing", "analysing"}
)  # fmt: skip
"""Writing a thing is not reviewing one already written: 'Draft the indemnification clause for
this agreement' / 'Review the indemnification clause in this agreement'."""
_INSTALLING = frozenset({"install", "installing", "fit", "fitting", "mount", "mounting"})
_REPLACEMENT_WORDS = frozenset(
    {"old", "new", "replace", "replacing", "replacement", "reuse", "reusing", "swap", "reinstall"}
)
"""A side that names these is replacing a thing, whose removal and installation go together."""


def _objects_of(words: tuple[str, ...], verbs: frozenset[str]) -> set[str]:
    """What each of ``verbs`` acts on, as a verb: the first content word after it past
    determiners ('remove the outliers' -> outlier). A verb after a determiner is a noun ('the
    drop in sales', 'a flag'), and one whose next word is no content word takes no object."""
    found = set()
    for i, word in enumerate(words):
        if word not in verbs or (i and words[i - 1] in _NOUN_MARKERS):
            continue
        j = i + 1
        while j < len(words) and (words[j] in _NOUN_MARKERS or words[j] == "all"):
            j += 1
        if words[j : j + 2] in (("results", "of"), ("responses", "to"), ("answers", "to")):
            j += 2  # 'analyze the results of a survey' acts on the survey
            while j < len(words) and words[j] in _NOUN_MARKERS:
                j += 1
        if j < len(words) and _is_content(words[j]) and words[j] not in _PARTICLES:
            found.add(stem(_plain_plural(words[j])))
    return found


def _done_to_the_same(a: TextFacts, b: TextFacts, doing: frozenset[str], other: frozenset[str]) -> bool:
    """``a`` does one thing to an object, ``b`` another to the same object, and neither side
    does both: 'Identify outliers in the amounts column' / 'Remove outliers from the amounts
    column' (finding is not removing; 'find and remove duplicates' does both)."""
    if _said_as_verb(a.words, other) or _said_as_verb(b.words, doing):
        return False  # ('find and remove the duplicates' / 'identify the duplicates and delete them')
    return bool(_objects_of(a.words, doing) & _objects_of(b.words, other))


_AUTHORING = _WRITING | {"create", "generate", "code", "build"}
"""Verbs that ask for a thing written ('write a PLC program', 'generate a Dockerfile')."""


def _explained_or_written(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks how a thing works, ``b`` for the thing itself, written: 'Explain how a PLC
    ladder program for a conveyor works' / 'Write a PLC ladder program for a conveyor'. The
    request is each side's own (the verb among its first words), and neither side does both."""
    if _said_as_verb(a.words, _AUTHORING) or _said_as_verb(b.words, _EXPLAIN):
        return False
    if _EXPLAIN.isdisjoint(a.words[:3]) or not _said_as_verb(b.words[:3], _AUTHORING):
        return False
    # 'explain how a program works' explains the program
    explained = tuple(w for i, w in enumerate(a.words) if not (i and a.words[i - 1] in _EXPLAIN and w in _WH_WORDS))
    return bool(_objects_of(explained, _EXPLAIN) & _objects_of(b.words[:8], _AUTHORING))


def _said_as_verb(words: tuple[str, ...], verbs: frozenset[str]) -> bool:
    return any(word in verbs and not (i and words[i - 1] in _NOUN_MARKERS) for i, word in enumerate(words))


def _installed_or_removed(a: TextFacts, b: TextFacts) -> bool:
    """'How do I remove a toilet flange' / 'How do I install a toilet flange': one thing
    installed on one side, removed on the other, and no replacement on either side ('install
    the new battery after taking out the old one' asks what 'remove the old battery and put the
    new one in' asks; review 64)."""
    if not _REPLACEMENT_WORDS.isdisjoint(a.words) or not _REPLACEMENT_WORDS.isdisjoint(b.words):
        return False
    return _done_to_the_same(a, b, _INSTALLING, _REMOVING)


_ASKING_HOW = frozenset({"do", "can", "could", "should", "would", "might"})
_ASKER = frozenset({"i", "we", "you", "one"})


def _causes_of(words: tuple[str, ...]) -> bool:
    """'the (main) causes of X': the causes themselves are asked for."""
    return any(w == "causes" and words[i + 1 : i + 2] == ("of",) for i, w in enumerate(words[:6]))


def _asks_remedy(words: tuple[str, ...]) -> bool:
    """'How do I stop …', 'how can we prevent …', 'how to get rid of …': what the question
    asks to do is a remedy (not 'how does standing up reduce …', not 'how come'; review 62)."""
    for i in range(len(words) - 2):
        if words[i] == "how" and words[i + 1] in _ASKING_HOW and words[i + 2] in _ASKER:
            return not _REMEDY.isdisjoint(words[i + 3 : i + 6])
        if words[i] == "how" and words[i + 1] == "to":
            return not _REMEDY.isdisjoint(words[i + 2 : i + 5])
        if i < 5 and words[i] in ("ways", "steps", "tips") and words[i + 1] == "to" and words[i + 2] in _REMEDY:
            return True  # 'list ways to prevent X' (not 'tips to keep it dry': read on)
    return False


def _made_thing(
    words: tuple[str, ...], things: frozenset[str], *, anywhere: bool = False, loose: bool = False
) -> str | None:
    """One of ``things`` a verb of making asks for, with at most a pronoun, an article and a
    word or two before the thing ('write me a short poem'; ``loose``: any words, 'write my
    best man speech') and no noun after it ('make an email alert' makes an alert): the verb
    among the first words, or ``anywhere``."""
    verbs = [i for i, w in enumerate(words if anywhere else words[:4]) if w in _MAKING]
    for verb in verbs:
        for i in range(verb + 1, min(verb + 6, len(words))):
            word = words[i]
            if _singular(word) in things:
                after = words[i + 1] if i + 1 < len(words) else ""
                between = words[verb + 1 : i]
                if words[verb] in ("give", "show") and "the" in between:
                    break  # 'give me the headlines': content that exists, not a thing to make
                if words[verb] == "show" and ({"a", "an"}.isdisjoint(between) or not _WH_WORDS.isdisjoint(between)):
                    break  # 'show me what this code does' asks for an explanation
                if _singular(after) in things:
                    continue  # 'a code example' is an example
                if word == "example" and _is_content(after) and not loose:
                    return word  # 'write an example G76 cycle', 'an example workflow': an example of one
                if word in _PRACTICE and not (
                    "practice" in between or any(w.isdigit() for w in between) or after in ("on", "about", "in")
                ):
                    break  # 'give me simple exercises for my back' is advice, not a worksheet (review 62)
                if not _is_content(after) or after.endswith("ing"):  # 'an essay arguing for X'
                    return _singular(word)
                break
            if word.isdigit() or (words[i - 1].isdigit() and i - 1 > verb):
                continue  # a size: 'a 10-question quiz', 'a 500-word essay'
            if _is_content(word) and word not in _MAKING_FILLERS and not loose:
                break
    return None


def _makes(words: tuple[str, ...], things: frozenset[str]) -> bool:
    """The request starts by asking for one of ``things``: 'quiz me on', or a verb of making
    among its first words (see :func:`_made_thing`)."""
    return words[:2] in (("quiz", "me"), ("test", "me")) or _made_thing(words, things) is not None


_PRACTICE = frozenset({"problem", "problems", "exercise", "exercises", "drill", "drills"})
"""Made things only as practice material: 'practice problems', '10 exercises', 'drills on X'."""

_MAKING_FILLERS = frozenset(
    {"short", "long", "brief", "quick", "simple", "full", "whole", "complete", "new", "funny", "practice", "worked",
     "numerical", "numeric", "concrete", "real", "practical", "realistic", "minimal"}
)  # fmt: skip
"""Words between a verb of making and the thing that keep it the thing ('a worked numerical
example')."""


_WHOLE_THING = frozenset({"complete", "full", "whole", "entire", "finished", "final"})
"""Words that ask for the whole thing made, not a sketch of it."""
_OF_WORDS = frozenset({"of", "for", "on", "about", "from", "in"})
"""Words after which a noun phrase goes on to what it is of ('a full overview of X'); not 'to'
(_PREPOSITIONS has it), which stays inside one ('a complete, ready-to-use safety plan')."""


def _outlined_thing(words: tuple[str, ...]) -> str | None:
    """What 'an outline of X' outlines, X's head noun ('an outline of a site safety plan for'
    -> plan); None when 'outline' is no noun of that shape ('outline the steps')."""
    for i, word in enumerate(words[1:-1], start=1):
        if word != "outline" or words[i - 1] not in ("a", "an", "the") or words[i + 1] not in ("of", "for"):
            continue
        run = _noun_phrase(words[i + 2 :])
        return _singular(run[-1]) if run else None
    return None


def _outline_of(a: TextFacts, b: TextFacts) -> bool:
    """Both sides name one thing made, ``a`` writes it ('write a full essay', 'write the whole
    speech'), ``b`` asks only for its outline: 'Write a full essay arguing X' / 'Outline an
    essay arguing X'. ('write me a skeleton for a blog post' / 'outline a blog post' ask one
    thing, as 'a pitch deck outline' / 'sketch out what goes on each slide' do.)"""
    outline = ("format", "outline")
    if outline not in b.categories or outline in a.categories:
        return False
    thing = _outlined_thing(b.words)
    if thing is not None and _WHOLE_THING.isdisjoint(b.words) and not _MAKING.isdisjoint(a.words[:3]):
        # 'create a complete site safety plan' / 'create an outline of a site safety plan' (the
        # thing itself complete; 'give me the full list of steps' / 'outline the steps' is one
        # ask: review 81)
        whole = [i for i, word in enumerate(a.words[1:5], start=1) if word in _WHOLE_THING]
        # the whole word qualifies the thing itself, not an overview or a list of it ('a full
        # overview of the French Revolution' / 'an outline of it' is one ask; review 85)
        named = list(takewhile(lambda w: w not in _OF_WORDS, a.words[whole[0] + 1 : whole[0] + 8])) if whole else []
        if thing in map(_singular, named):
            return True
    if thing is not None and thing not in _OUTLINE_LIKE and _written_thing(a.words) == thing:
        return True  # 'Write the introduction section for my paper' / 'Write an outline for the introduction section'
    shared = frozenset(m for c, m in a.categories & b.categories if c == "format" and m in _MADE)
    return bool(shared) and bool(_WRITING.intersection(a.words[:3])) and _makes(a.words, shared)


_OUTLINE_LIKE = frozenset({"agenda", "timeline", "storyline", "plot", "syllabus", "schedule", "itinerary"})
"""Things that are an outline themselves: 'draft the agenda' / 'an outline for the agenda'."""


def _written_thing(words: tuple[str, ...]) -> str | None:
    """The head noun of what a writing verb among the first words writes, when it is one
    thing: 'Write the introduction section for my paper' -> section ('write me a skeleton for
    a blog post' writes a skeleton; 'write the steps to' writes a list, which an outline of
    the steps asks for too: review 89)."""
    for i, word in enumerate(words[:3]):
        if word in _WRITING:
            run = _noun_phrase(words[i + 1 :], skip=("me", "us"))
            return run[-1] if run and _plain_plural(run[-1]) == run[-1] else None
    return None


def _noun_phrase(words: tuple[str, ...], skip: tuple[str, ...] = ()) -> list[str]:
    """The content words (at most four) that start ``words`` past determiners and ``skip``:
    its last is the head noun ('a site safety plan for' -> site, safety, plan)."""
    rest = list(dropwhile(lambda w: w in _NOUN_MARKERS or w in skip, words))
    return list(takewhile(_is_content, rest[:4]))


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


def _categories_differ(a: frozenset[tuple[str, str]], b: frozenset[tuple[str, str]]) -> bool:
    """Each side names a member of one category that the other does not (French / German).
    A member only one side adds ('in Python' / 'in Python and Go') is left to the verifier."""
    only_a, only_b = a - b, b - a
    return any(category == other for category, _ in only_a for other, _ in only_b)


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
    return (
        (_pairs_reversed(a, b) and not _same_roles(a, b))
        or (not keywords and _arguments_swapped(a, b))
        or (not keywords and _parts_swapped(a.skeleton, b.skeleton))
        or _roles_traded(a, b)
        or _roles_traded(b, a)
        or _speaker_traded(a, b)
        or _stated_roles_traded(a, b)
        or _voice_swapped(a, b)
        or _voice_swapped(b, a)
        or _owners_traded(a.possessions, b.possessions)
        or _wh_roles_traded(a, b)
        or (not keywords and _runs_traded(a.compounds, b.compounds, a.listed, a.entities & b.entities))
        or (not keywords and _runs_traded(_framed_compounds(a), _framed_compounds(b), a.listed))  # 'my laptop'
        or (not keywords and _runs_traded(*_main_clauses(a.compounds, b.compounds), a.listed))
        or (len(a.args) > 1 and a.args != b.args and sorted(a.args) == sorted(b.args))
        or _arguments_reordered(a, b)
        or _operators_swapped(a, b)
        or (not keywords and _verb_sides_traded(a.skeleton, b.skeleton))
        or _converse(a.words, b.words)
        or _than_sides_traded(a.words, b.words)
        or _conversion_reversed(a.words, b.words)
        or _opposites_traded(a.words, b.words)
        or _code_reordered(a.signature, b.signature)
        or _source_became_target(a, b)
        or (not keywords and _words_transposed(a.skeleton, b.skeleton))
        or _compound_reversed(a.compounds, b.compounds)
        or _ratio_reversed(a.words, b.words)
        or _from_to_reversed(a.words, b.words)
        or _first_then_swapped(a.words, b.words)
        or (not keywords and _modifier_moved(a.words, b.words))
        or _doer_or_done_to(a.words, b.words)
        or _grain_turned(a.words, b.words)
    )


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
    target' (hold-out 176). ('a big red ball' / 'a red big ball' moves it past one word.)"""
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
                k = b.index(root + "ed")
                if k and b[k - 1] in _ARTICLES and k + 1 < len(b) and _is_content(b[k + 1]):
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
    )  # ('from blue to green or from green to blue' asks both ways: 'x to y' with or without 'from')


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
    changed = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
    if len(changed) != 2:
        return False
    i, j = changed
    return (
        a[i] == b[j]
        and a[j] == b[i]
        and (_is_content(a[i]) or _is_content(a[j]))
        and (j - i > 3 or (j - i > 1 and _LIST_JOINS.isdisjoint(a[i + 1 : j]) and a[i - 1 : i] in _PLACING))
        and _LIST_JOINS.isdisjoint(a[: i + 1][-2:])
        and _BETWEEN_ALTERNATIVES.isdisjoint(a[i + 1 : j])
        and not set(a[i + 1 : j]) <= _LIST_JOINS | _FRAME_FILLERS
    )


_PLACING = frozenset((w,) for w in ("in", "at", "on", "into", "to", "from", "for", "of"))
"""A preposition before the first of two close words that trade places: 'in Canada with my US
license' (not 'mix bleach with vinegar' / 'mix vinegar with bleach', 'name, status, and age')."""
_BETWEEN_ALTERNATIVES = frozenset({"or", "vs", "versus", "nor", "than"})
"""Words between two alternatives, which may come in any order: 'a gas dryer that's vented or
an electric dryer that's vented' (review 100)."""


def _source_became_target(a: TextFacts, b: TextFacts) -> bool:
    """Both sides say 'from X to Y', and what one side moves from the other moves to: 'sync
    ~/projects from my laptop to the backup host' / 'sync the backup from the server to my
    laptop' (the other ends differ in words, so no pair is simply reversed)."""
    ends_a, ends_b = _ends(a.words), _ends(b.words)
    if not (all(ends_a) and all(ends_b)):
        return False
    (from_a, to_a), (from_b, to_b) = ends_a, ends_b
    return bool((from_a & to_b) - from_b - to_a) or bool((to_a & from_b) - to_b - from_a)


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
    return objects.get("from", set()), objects.get("to", set()) | objects.get("into", set()) | objects.get(
        "onto", set()
    )


_OWNING_PRONOUNS = frozenset({"mine", "yours", "ours", "theirs", "hers"})


_NOT_TOWARD = frozenset({"prior", "due", "according", "next", "close", "thanks", "compared", "similar", "related"})


_CODE_SPAN = re.compile(r"`([^`\n]+)`")
_LIST_GLUE = re.compile(r"\s*(?:,|and|or|vs\.?|versus|&|/)?\s*(?:,|and|or)?\s*")


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
        target = frozenset(
            stem(_unit_of(w))
            for w in takewhile(lambda w: w not in _PHRASE_BREAKS, words[end + 1 : end + 5])
            if _is_content(w)
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


def _than_sides(words: tuple[str, ...]) -> tuple[str, frozenset[str], frozenset[str]] | None:
    """For a text with one 'than': the comparative (the last word in -er, or after 'more' or
    'less', among the five before it) and the content stems of the three words between it and
    'than' and of the three after 'than'."""
    at = [i for i, w in enumerate(words) if w == "than"]
    if len(at) != 1:
        return None
    than = at[0]
    window = words[max(0, than - 5) : than]
    comparative = next(
        (
            i
            for i in range(len(window) - 1, -1, -1)
            if window[i].endswith("er") or (i and window[i - 1] in ("more", "less"))
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
            if max(x_len, y_len) <= 4 and all(
                all(_is_part_end(end) or end in names for end in (part[0], part[-1])) for part in (x, y)
            ):
                return True
            if start and a[start - 1] == middle[-1] and _phrases_of_one_slot(x, y, middle):
                return True
    return False


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


def _telegraphic(words: tuple[str, ...]) -> bool:
    return 0 < len(words) <= 10 and not any(
        (w in STOPWORDS and w != "us")
        or w in DIRECTIONAL
        or w in NEGATIONS
        or w in _WH_WORDS
        or w in _SUBORDINATORS
        or w == "whether"  # ('test whether sales drive spend' is a sentence)
        for w in words
    )  # ('us' is as often the country)


_POSSESSIVE_OWNERS = MappingProxyType({"my": "i", "our": "we", "your": "you", "his": "he", "their": "they"})
"""Possessive determiners and who they name ('her' is also an object: left out)."""


def _possessions(words: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """(owner, the first content word owned) for each possessive: 'my neighbor's tree fell on
    my fence' -> (i, neighbor), (neighbor, tree), (i, fence); and 'X of Y' as Y's X."""
    found = []
    for i, word in enumerate(words[:-1]):
        if word == "of":  # 'a kilogram of steel' is the steel's kilogram
            owner, owned = (_first_owned(words, i), words[i - 1]) if i and _is_content(words[i - 1]) else ("", "")
        else:
            owner = _POSSESSIVE_OWNERS.get(word) or (_owner(word) if _owner(word) != word else "")
            owned = _first_owned(words, i) if owner else ""
        if owner and owned:
            found.append((_POSSESSIVE_OWNERS.get(owner) or stem(owner), stem(owned)))
    return tuple(sorted(found))


def _first_owned(words: tuple[str, ...], at: int) -> str:
    """The first content word of the three after ``at`` (a possessive read as its noun)."""
    return next((o for w in words[at + 1 : at + 4] if _is_content(o := _owner(w))), "")


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


_STATED_ROLE = re.compile(r"\b(?:i['\u2019]?m|i am|as)\s+(?:the|an?)\s+(?=([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,3}))")


def _stated_roles(text: str) -> frozenset[str]:
    """Roles a text gives someone or something: 'I'm the seller', 'as a tenant', 'use id as
    the key': the noun phrase after the article (its last word, of at most four, within one
    clause: 'I'm a freelance web developer in' gives 'developer')."""
    roles = set()
    for match in _STATED_ROLE.finditer(text.lower()):
        phrase = match.group(1).split()
        phrase = phrase[: next((n for n, w in enumerate(phrase) if not _is_content(w)), len(phrase))]
        if phrase:
            roles.add(phrase[-1])
    return frozenset(roles)


def _stated_roles_traded(a: TextFacts, b: TextFacts) -> bool:
    """Someone's stated role is another on the other side, and that other is a party there
    too, or its opposite: 'I'm the buyer and the seller backed out' / 'I'm the seller and the
    buyer backed out', 'taxes for me as the seller' / 'as the buyer'."""
    roles_a, roles_b = a.stated_roles, b.stated_roles
    if not roles_a or not roles_b or roles_a & roles_b:
        return False
    return any((x in b.words and y in a.words) or y in _OPPOSITE.get(x, frozenset()) for x in roles_a for y in roles_b)


_CHANGE_VERBS = frozenset(
    {
        "increase",
        "decrease",
        "raise",
        "lower",
        "reduce",
        "cut",
        "grow",
        "drop",
        "boost",
        "bump",
        "scale",
        "shrink",
        "change",
        "adjust",
        "set",
        "round",
        "discount",
        "mark",
    }
)


def _change_kind_differs(a: TextFacts, b: TextFacts) -> bool:
    """A change 'by' an amount on one side and 'to' it on the other: 'increase the price by
    10%' / 'increase the price to 10%'."""
    kinds_a, kinds_b = a.change_kinds, b.change_kinds
    return any(verb in kinds_b and kinds_b[verb] != kind for verb, kind in kinds_a.items())


_AMOUNT_AFTER_BY_TO = re.compile(r"\b(?:by|to) [$\u20ac\u00a3]?\d")


def _change_kinds(signature: str) -> Mapping[str, str]:
    """Change verb -> 'by' or 'to', when at most three words after the verb the preposition
    comes right before an amount ('raise it by $5', 'reduced the size to 12px')."""
    found: dict[str, str] = {}
    if not _AMOUNT_AFTER_BY_TO.search(signature):
        return MappingProxyType(found)  # most texts: no 'by' or 'to' before an amount
    tokens = signature.split()
    for i, token in enumerate(tokens):
        verb = next((base for base in _verb_bases(token) if base in _CHANGE_VERBS), None)
        if verb is None:
            continue
        for j in range(i + 1, min(i + 5, len(tokens) - 1)):
            if tokens[j] in ("by", "to") and tokens[j + 1].lstrip("$\u20ac\u00a3")[:1].isdigit():
                found[verb] = tokens[j]
                break
    return MappingProxyType(found)


def _verb_bases(token: str) -> tuple[str, ...]:
    word = token.strip(".,;:!?")
    bases = [word]
    for suffix in ("ing", "ed", "es", "s", "d"):
        if word.endswith(suffix) and len(word) > len(suffix) + 2:
            bases += [word[: -len(suffix)], word[: -len(suffix)] + "e"]
    return tuple(bases)


_NUMBERED_TOKEN = re.compile(r"(?<![\w.])[a-z]*_?\d+[a-z\d]*(?!\w|\.\w)")


def _counts_traded(a: TextFacts, b: TextFacts) -> bool:
    """The same numbered tokens, said another number of times each way round: 'wpa2 and
    wpa3 options ... switch to wpa2' / '... switch to wpa3'."""
    counts_a, counts_b = a.numbered_counts, b.numbered_counts
    if counts_a.keys() != counts_b.keys() or counts_a == counts_b:
        return False
    return any(counts_a[t] > counts_b[t] for t in counts_a) and any(counts_b[t] > counts_a[t] for t in counts_b)


def _wh_roles_traded(a: TextFacts, b: TextFacts) -> bool:
    """A question asks for the subject on one side and the object on the other, with the
    same verb and the same other party: 'what do owls eat' / 'what eats owls', 'who does
    Maria manage' / 'who manages Maria'."""
    roles_a, roles_b = a.wh_roles, b.wh_roles
    return any((noun, verb) in roles_b and roles_b[(noun, verb)] != role for (noun, verb), role in roles_a.items())


def _wh_roles(words: tuple[str, ...]) -> Mapping[tuple[str, str], str]:
    found: dict[tuple[str, str], str] = {}
    for i, word in enumerate(words):
        if word not in ("what", "who", "whom", "which"):
            continue
        rest = [w for w in words[i + 1 : i + 6] if w not in ("the", "a", "an", "my", "your", "our", "their")]
        if len(rest) >= 3 and rest[0] in ("do", "does", "did") and _is_content(rest[1]) and _is_content(rest[2]):
            found[(stem(_plain_plural(rest[1])), stem(_plain_plural(rest[2])))] = "object"  # 'what do owls eat'
        elif len(rest) >= 2 and rest[0].endswith("s") and _is_content(rest[0]) and _is_content(rest[1]):
            found[(stem(_plain_plural(rest[1])), stem(_plain_plural(rest[0])))] = "subject"  # 'what eats owls'
    return MappingProxyType(found)


_SPEAKER_SUBJECT = frozenset({"i", "i'm", "im", "i've", "i'd"})


def _speaker_compared(words: tuple[str, ...]) -> frozenset[str]:
    """Where the speaker stands in a comparison: 'than me' puts them after 'than', 'I'm
    older than' (the speaker at most four words before 'than') before it."""
    sides = set()
    for i, word in enumerate(words):
        if word != "than":
            continue
        if i + 1 < len(words) and words[i + 1] in ("me", "i", "myself"):
            sides.add("after")
        elif _SPEAKER_SUBJECT.intersection(words[max(0, i - 4) : i]):
            sides.add("before")
    return frozenset(sides)


_STOPPING_IT = frozenset({"stop", "prevent", "avoid", "fix", "eliminate"})
_IT = frozenset({"that", "this", "it"})


def _told_then_stopped(sentences: tuple[str, ...]) -> frozenset[str]:
    """What a text describes, then asks to stop: 'my player slides down slopes. How can I
    prevent that?' goes on about sliding as 'my player keeps sliding' does (the content words
    of the sentences before the one that asks)."""
    for i, (word, following) in enumerate(pairwise(sentences)):
        if word in _STOPPING_IT and following in _IT and "|" in sentences[:i]:
            told = sentences[: max(j for j in range(i) if sentences[j] == "|")]
            return frozenset(stem(w) for w in told if w != "|" and _is_content(w))
    return frozenset()


def _with_sentence_ends(text: str) -> tuple[str, ...]:
    """The text's words with '|' where a sentence ends ('Is it clear? Rate it' has two)."""
    out: list[str] = []
    end = 0
    matches = list(_WORD.finditer(text))
    for n, match in enumerate(matches):
        if out and _SENTENCE_STOP.search(text, end, match.start()):
            out.append("|")
        word = match.group()
        out.append("A" if word == "A" and out and out[-1] != "|" and _names_a(matches, n) else _normalise_word(word))
        end = match.end()
    return tuple(out)


def _names_a(matches: list[re.Match[str]], n: int) -> bool:
    """Whether a capital 'A' inside a sentence names something ('package A depend on package B',
    'Service A calls service B'): a lower-case word comes before or after it. The article
    in a title has capitals on both sides ('Write A Short Poem')."""
    before = matches[n - 1].group() if n else ""
    after = matches[n + 1].group() if n + 1 < len(matches) else ""
    return before.islower() or (after.islower() and before[:1].isupper() and not before.isupper())


_AUXILIARIES = frozenset({"do", "does", "did"})
_STRANDABLE = frozenset({"to", "from", "on", "with", "for", "into", "at", "about", "of"})
"""Prepositions a question can end on ('what does it depend on?')."""


_VerbPrepositions = frozenset[tuple[str, str, frozenset[str]]]

_PHRASE_STARTS = frozenset({"according", "in", "on", "at", "per", "based"})


def _phrase_follows(words: tuple[str, ...], k: int) -> bool:
    """The preposition at ``k`` ends its question's clause and another phrase follows: 'who
    does Daniel report to according to the org chart', '... report to in the new structure'
    (a question: 'do'/'does'/'did' shortly before the verb)."""
    if k + 1 >= len(words) or words[k + 1] not in _PHRASE_STARTS or words[k + 1] == words[k]:
        return False
    if words[k] == "with":  # ('who does Tom work with at the lab' asks who works with Tom)
        return False
    return any(w in ("do", "does", "did") for w in words[max(0, k - 5) : k - 1])


def _verb_prepositions(words: tuple[str, ...]) -> tuple[_VerbPrepositions, _VerbPrepositions]:
    """Verbs with a preposition, as questions ending on it (``stranded``, with the subject
    between 'do'/'does'/'did' and the verb) and with the object after it (``attached``)."""
    stranded: set[tuple[str, str, frozenset[str]]] = set()
    attached: set[tuple[str, str, frozenset[str]]] = set()
    for k in range(1, len(words)):
        preposition, verb = words[k], words[k - 1]
        if preposition not in _STRANDABLE or not _is_content(verb):
            continue
        if k + 1 == len(words) or words[k + 1] == "|" or _phrase_follows(words, k):
            start = max(0, k - 7)
            aux = [i for i in range(start, k - 1) if words[i] in _AUXILIARIES and "|" not in words[i:k]]
            if aux:
                subject = frozenset(stem(w) for w in words[aux[-1] + 1 : k - 1] if _is_content(w))
            else:
                subject = _relative_subject(words, k - 1)
            if subject:
                stranded.add((stem(verb), preposition, subject))
            continue
        following = []
        for word in words[k + 1 : k + 4]:
            if word == "|":
                break
            following.append(word)
        obj = frozenset(stem(w) for w in following if _is_content(w))
        if obj and not any(w in _AUXILIARIES for w in words[max(0, k - 7) : k - 1]):
            attached.add((stem(verb), preposition, obj))
    return frozenset(stranded), frozenset(attached)


_SUBJECT_DETERMINERS = frozenset({"the", "a", "an", "my", "our", "your", "their", "his", "her", "its", "this"})


def _relative_subject(words: tuple[str, ...], verb: int) -> frozenset[str]:
    """The subject of a relative clause that ends on its preposition, without 'do': 'which
    employees Maria reports to', 'the servers our web app connects to' (a noun or 'that' /
    'which' before it; one word, or up to two after a determiner; then the verb)."""
    last = verb - 1
    if last < 1 or not _is_content(words[last]):
        return frozenset()
    if words[last - 1] in _SUBJECT_DETERMINERS:
        first = last
        before = last - 2
    elif last >= 2 and _is_content(words[last - 1]) and words[last - 2] in _SUBJECT_DETERMINERS:
        first = last - 1
        before = last - 3
    else:
        first = before = last
        before = last - 1
    if before < 0 or not (_is_content(words[before]) or words[before] in ("that", "which", "who", "whom")):
        return frozenset()
    return frozenset(stem(w) for w in words[first:verb])


def _roles_traded(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks who or what does something to X ('who reports to Maria?'), ``b`` what X
    does it to ('who does Maria report to?')."""
    for verb, preposition, subject in b.stranded:
        if any(v == verb and p == preposition for v, p, _ in a.stranded):
            continue
        if any(v == verb and p == preposition and subject & obj for v, p, obj in a.attached):
            return True
    return False


_PERSONS = MappingProxyType({"i": "self", "me": "self", "myself": "self"})
"""The speaker as subject or object: 'my roommate owes me' / 'I owe my roommate' trade roles."""


def _skeleton(words: tuple[str, ...]) -> tuple[str, ...]:
    out: list[str] = []
    for word in _named_once(words):
        if word in _FRAME_FILLERS:
            continue
        word = _PERSONS.get(word, word)
        owner = _owner(word)
        out.extend((_plain_plural(owner), "'s") if owner != word else (_plain_plural(word),))
    return tuple(out)


def _plain_plural(word: str) -> str:
    """'dollars' -> 'dollar' (not 'class', 'status', 'this'), so 'pounds for 1 dollar' and
    'dollars for 1 pound' show the same two parts."""
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")) else word


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
                    middle[-1] in _COORDINATORS or (middle[-1] == "with" and not (i and a[i - 1] in _REPLACING))
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


_COPULAS = frozenset({"is", "am", "are", "was", "were", "be", "been", "keeps", "kept", "seems", "looks", "stays"})


def _predicated(words: tuple[str, ...], subject: str, predicate: str) -> bool:
    """``subject`` is said to be ``predicate`` ('the light is flashing'): what the other side
    says with the word before its noun ('a flashing light'). Both are stems of content words."""
    return any(
        stem(_owner(x)) == subject and y in _COPULAS and stem(z) == predicate
        for x, y, z in zip(words, words[1:], words[2:], strict=False)
    )


def _owned_content(words: tuple[str, ...]) -> tuple[str, ...]:
    """Stemmed content words, possessives read as their nouns."""
    return tuple(stem(w) for w in map(_owner, words) if _is_content(w))


_CONVERSES = MappingProxyType(
    {"to": ("to", False), "into": ("to", False), "onto": ("to", False), "toward": ("to", False),
     "towards": ("to", False), "from": ("to", True), "before": ("before", False), "after": ("before", True)}
)  # fmt: skip
"""Directional word -> (the marker it is compared as, whether its sides are swapped first)."""


def _directed_pairs(words: tuple[str, ...], named: frozenset[str] = frozenset()) -> set[tuple[str, str, str]]:
    """(x, y, marker) for content words x shortly before and y shortly after a directional
    word, written in the marker's own direction (see :data:`_CONVERSES`). Names (``named``:
    entities, and known aliases) pair across the whole clause when a name follows the marker:
    'convert UTC timestamps in a pandas column to US Eastern' relates UTC to Eastern, past the
    'in' phrase ('a DSLR and want to capture the Milky Way' relates nothing: a verb follows)."""
    words = _named_once(words)
    # 'over to' and 'in to' point once: the last word is the marker
    marks = [
        i
        for i, w in enumerate(words)
        if w in DIRECTIONAL
        and not (i + 1 < len(words) and words[i + 1] in DIRECTIONAL)
        and not _infinitive_to(words, i, named)
        and not _held_back_from(words, i)
    ]
    pairs: set[tuple[str, str, str]] = set()
    for n, i in enumerate(marks):
        start = marks[n - 1] + 1 if n else 0
        if (
            words[i] in ("before", "after")
            and n
            and words[marks[n - 1]] in ("to", "into")
            and (words[marks[n - 1] + 1] in _FRAME_FILLERS or _is_name(words[marks[n - 1] + 1], named))
        ):
            # 'distribute to the heirs before paying creditors': the whole act goes before
            start = marks[n - 2] + 1 if n > 1 else 0
        stop = marks[n + 1] if n + 1 < len(marks) else len(words)
        marker, swap = _CONVERSES.get(words[i], (words[i], False))
        names_left = [w for w in words[start:i] if _is_name(w, named)]
        names_right = list(
            takewhile(lambda w: _is_name(w, named), dropwhile(_FRAME_FILLERS.__contains__, words[i + 1 : stop]))
        )
        pairs.update(_sided_pairs(names_left, names_right, marker, swap))
        start = max([start] + [j + 1 for j in range(start, i) if words[j] in _PHRASE_BREAKS])
        stop = next((j for j in range(i + 1, stop) if words[j] in _PHRASE_BREAKS), stop)
        left = [_party(w) for w in words[start:i] if _is_party(w)][-_WINDOW:]
        right = [_party(w) for w in words[i + 1 : stop] if _is_party(w)][:_WINDOW]
        pairs.update(_sided_pairs(left, right, marker, swap))
        if words[i] == "from" and n + 1 < len(marks) and words[marks[n + 1]] in ("to", "into"):
            # 'from X ... to Y' relates the heads of both, past the words that describe X
            source = next((_party(w) for w in words[i + 1 : marks[n + 1]] if _is_party(w)), "")
            target = next((_party(w) for w in words[marks[n + 1] + 1 :] if _is_party(w)), "")
            if source and target and source != target:
                pairs.add((source, target, "to"))
    return pairs


_INFINITIVE_LEADS = frozenset({"way", "ways", "how", "want", "wants", "need", "needs", "trying", "able", "going"})


def _infinitive_to(words: tuple[str, ...], i: int, named: frozenset[str]) -> bool:
    """'to' of an infinitive ('the German way to say X', 'how to get'), which points nowhere:
    after a word that leads one, before neither a noun phrase's start nor a name nor a number
    ('the way to the station', 'the way to Boston' keep theirs)."""
    if words[i] != "to" or i == 0 or i + 1 >= len(words):
        return False
    if words[i + 1] in ("be", "become"):
        return True  # 'rewrite this sentence to be gender-neutral': a goal, no direction
    if words[i - 1] not in _INFINITIVE_LEADS:
        return False
    following = words[i + 1]
    return not (following in _NOUN_MARKERS or _is_name(following, named) or following[0].isdigit())


_THIRD_PERSONS = MappingProxyType({"they": "they", "them": "they", "he": "he", "him": "he"})
"""Third persons, subject and object forms as one party: 'can they get worms from the dog' /
'can the dog get worms from them' trade the kids and the dog around 'from'. ('I', 'me' and
'you' are the asker and the assistant in most prompts, not parties; 'her' is also a
possessive.)"""


def _is_party(word: str) -> bool:
    return word in _THIRD_PERSONS or (_is_content(word) and word not in DIRECTIONAL)


def _party(word: str) -> str:
    """A word as a party of a direction: its stem, less a silent final 'e', so that a verb's
    forms meet ('insulate' / 'insulating', 'prime' / 'priming')."""
    if third := _THIRD_PERSONS.get(word):
        return third
    stemmed = stem(word)
    return stemmed[:-1] if len(stemmed) > 3 and stemmed.endswith("e") else stemmed


_ROOTED_PATH = re.compile(r"(?<![\w/.~:-])(?:~|\.{1,2})?(?:/[\w.*-]*\w)+/?")
"""A path from a root: '/old-pricing', '~/notes/todo.md', './build'."""


def _with_paths(text: str, words: tuple[str, ...], named: frozenset[str]) -> tuple[tuple[str, ...], frozenset[str]]:
    """``words`` with each rooted path as one name ('/old-pricing' -> 'patholdpricing'), so a
    redirect 'from /old-pricing to /pricing' has two sides, not the word 'pricing' on both."""
    if "/" not in text:
        return words, named
    paths: set[str] = set()

    def one_word(match: re.Match[str]) -> str:
        token = "path" + "".join(c for c in match.group().lower() if c.isalnum())
        paths.add(token)
        return f" {token} "

    squashed = _ROOTED_PATH.sub(one_word, text)
    if not paths:
        return words, named
    return tuple(_normalise_word(w) for w in _WORD.findall(squashed)), named | paths


def _sided_pairs(left: list[str], right: list[str], marker: str, swap: bool) -> set[tuple[str, str, str]]:
    """Every (left word, right word, marker), in the marker's direction. A word on both sides
    of the marker ('a Slack message ... from the SLACK_URL') has no side and pairs with nothing."""
    both = set(left) & set(right)
    return {
        (y, x, marker) if swap else (x, y, marker)
        for x in left
        for y in right
        if x != y and x not in both and y not in both
    }


def _is_name(word: str, named: frozenset[str]) -> bool:
    return word in named or word.startswith("alias")


_IDIOM_NEXT = MappingProxyType({"leave": "out", "leaves": "out", "leaving": "out", "left": "out", "short": "of"})
"""Words that mean something else before the next word: 'leaving out' (omitting, not the
opposite of 'join'), 'short of' (except, not the opposite of 'full')."""


def _idioms_only(words: tuple[str, ...]) -> set[str]:
    """Words of :data:`_IDIOM_NEXT` that occur only in their idiom: no opposite for them."""
    seen: dict[str, bool] = {}
    for i, word in enumerate(words):
        if word in _IDIOM_NEXT:
            idiom = i + 1 < len(words) and words[i + 1] == _IDIOM_NEXT[word]
            seen[word] = seen.get(word, True) and idiom
    return {word for word, only in seen.items() if only}


_LEFT_SWITCHED = re.compile(
    r"(?i)\b(?:with|turn|turns|turned|turning|switch|switches|switched|switching|leave|leaves|leaving|left|keep|keeps"
    r"|keeping|kept)\s+"
    r"((?:(?:the|my|your|our|their|its|his|her|a|an)\s+)?(?:[a-z][\w-]*\s+){0,2}([a-z][\w-]*))\s+(on|off)"
    r"(?=\s*(?:[?.!,;:)]|$)|\s+(?:and|but|while|when|all|overnight|during|until|at|for|in)\b)"
    r"(?!\s*(?:and|or|&|/)\s*(?:on|off)\b)"
)
"""A thing left in a state, the 'on' or 'off' ending its clause a few words after the verb:
'with the choke on', 'leave the heater off at night', 'with pedal assist on' (not one of two
alternatives: 'with the lid on or off', 'covered or with the lid off')."""
_ALTERNATIVE_BEFORE = re.compile(r"(?i)\b(?:or|vs|versus)\W*$|\b(?:on|off)\s*(?:and|or|&|/)\s*$")
_NOT_SWITCHED = frozenset(
    {"what", "which", "who", "whom", "whose", "that", "this", "it", "them", "to", "be", "is", "are", "focus",
     "and", "or"}
)  # fmt: skip
"""Words that make the run before 'on' something other than a thing switched ('with what to
rely on', 'keep the focus on')."""


def _switched(text: str, reach: frozenset[str]) -> frozenset[tuple[str, str]]:
    """``(thing, state)`` of each thing :data:`_LEFT_SWITCHED` finds, unless a negation
    reaches its state ('don't leave the heater on' is not a state asked about)."""
    return frozenset(
        (m[2].lower(), m[3].lower())
        for m in _LEFT_SWITCHED.finditer(text)
        if m[3].lower() not in reach
        and _NOT_SWITCHED.isdisjoint(words := m[1].lower().split())
        and not any(word.endswith("ing") for word in words)  # 'keeps turning on': no thing
        and not _ALTERNATIVE_BEFORE.search(text, 0, m.start())
    )


def _switched_apart(a: TextFacts, b: TextFacts) -> bool:
    """The same thing left on by one side and off by the other, said the same way ('with the
    choke on' / 'with the choke off'). Only the state said alike on both sides counts: 'can I
    wash it with the buttons on?' asks what 'do I need to take the buttons off?' asks."""
    return any(
        (thing, "off" if state == "on" else "on") in b.switched - a.switched and (thing, state) not in b.switched
        for thing, state in a.switched
    )


def _phrasal_on(words: tuple[str, ...]) -> bool:
    """'on' as the opposite of 'off' ('turn on'), not the preposition ('on a form')."""
    return any(w == "on" and i and words[i - 1] in _SWITCH_VERBS for i, w in enumerate(words))


def _singular(word: str) -> str:
    """A category member's singular when the list has it ('sentences' -> 'sentence')."""
    return word[:-1] if word.endswith("s") and word[:-1] in _CATEGORY_OF else word


def _named_once(words: tuple[str, ...]) -> tuple[str, ...]:
    """``words`` with each known name as one token of its alias group ('united states' and
    'us' both become 'alias7'), so 'from the US' and 'from the United States' pair alike."""
    if not _ALIAS_FIRST.intersection(words):
        return words
    out: list[str] = []
    i = 0
    while i < len(words):
        if words[i] not in _ALIAS_FIRST:
            out.append(words[i])
            i += 1
            continue
        for n in range(min(_ALIAS_LENGTH, len(words) - i), 0, -1):
            group = _ALIAS_GROUP.get(words[i : i + n])
            if group is not None:
                out.append(f"alias{group}")
                i += n
                break
        else:
            out.append(words[i])
            i += 1
    return tuple(out)


def _is_content(word: str) -> bool:
    return word not in STOPWORDS and word not in NEGATIONS and word.isalnum()


def _owner(word: str) -> str:
    """The noun of a possessive ('host's' -> 'host'); the word itself otherwise."""
    if word.endswith("'s") and word[:-2] not in _CONTRACTED:
        return word[:-2]
    return word[:-1] if word.endswith("s'") else word


def _phrase_marks(words: tuple[str, ...]) -> list[tuple[tuple[str, ...], str]]:
    """The phrases of :data:`_PHRASE_MARKS` in the text, with the word each is read as."""
    found = []
    for i in range(len(words)):
        for n in range(2, _PHRASE_LENGTH + 1):
            mark = _PHRASE_MARKS.get(words[i : i + n])
            if mark is not None:
                found.append((words[i : i + n], mark))
        if size := _newcomer(words, i):
            found.append((words[i : i + size], "beginner"))
    return found


_NEWCOMER_ROLES = frozenset(
    {"employee", "employees", "hire", "hires", "teller", "tellers", "cashier", "cashiers", "driver", "drivers",
     "user", "users", "student", "students", "nurse", "nurses", "developer", "developers", "engineer", "engineers",
     "manager", "managers", "intern", "interns", "volunteer", "volunteers", "member", "members", "colleague",
     "colleagues", "analyst", "analysts", "technician", "technicians", "agent", "agents", "rep", "reps", "parent",
     "parents", "player", "players", "runner", "runners", "learner", "learners", "teacher", "teachers", "coder",
     "coders", "programmer", "programmers", "admin", "admins", "staffer", "staff", "worker", "workers", "associate",
     "associates", "recruit", "recruits", "trainee", "trainees", "starter", "starters", "owner", "owners",
     "conductor", "conductors", "dispatcher", "dispatchers", "mechanic", "mechanics", "operator", "operators",
     "apprentice", "apprentices", "resident", "residents", "physician", "physicians", "pharmacist", "pharmacists",
     "therapist", "therapists", "paralegal", "paralegals", "clerk", "clerks", "officer", "officers", "electrician",
     "electricians", "plumber", "plumbers", "welder", "welders", "machinist", "machinists", "contractor",
     "contractors", "supervisor", "supervisors", "coordinator", "coordinators", "assistant", "assistants",
     "specialist", "specialists", "consultant", "consultants", "designer", "designers", "writer", "writers", "editor",
     "editors", "reporter", "reporters", "accountant", "accountants", "auditor", "auditors", "bookkeeper",
     "bookkeepers", "underwriter", "underwriters", "adjuster", "adjusters", "broker", "brokers", "realtor",
     "realtors", "investor", "investors", "homeowner", "homeowners", "landlord", "landlords", "caregiver",
     "caregivers", "coach", "coaches", "trainer", "trainers", "pilot", "pilots", "chef", "chefs", "cook", "cooks",
     "bartender", "bartenders", "barista", "baristas", "brewer", "brewers", "farmer", "farmers", "paramedic",
     "paramedics", "firefighter", "firefighters", "dentist", "dentists", "hygienist", "hygienists", "lawyer",
     "lawyers", "attorney", "attorneys", "doctor", "doctors", "librarian", "librarians", "archivist", "archivists",
     "translator", "translators", "interpreter", "interpreters", "photographer", "photographers", "tutor", "tutors",
     "professor", "professors", "researcher", "researchers", "scientist", "scientists", "nanny", "nannies",
     "homebrewer", "homebrewers", "beekeeper", "beekeepers", "gardener", "gardeners", "investigator",
     "investigators", "inspector", "inspectors", "appraiser", "appraisers", "surveyor", "surveyors", "tailor",
     "tailors", "seamstress"}
)  # fmt: skip
"""People a newcomer audience is made of: 'explain it to a new teller' asks for a beginner's
answer ('for a new roof', 'to a new server' name no audience)."""


def _newcomer(words: tuple[str, ...], at: int) -> int:
    """How many words from ``at`` name a newcomer audience: 'to a new teller', 'for a new
    hire' (4), 'to new employees' (3); 0 for none."""
    if words[at] not in ("to", "for"):
        return 0
    rest = words[at + 1 : at + 4]
    if rest[:2] == ("a", "new") and rest[2:3] and rest[2] in _NEWCOMER_ROLES:
        return 4
    if rest[:1] == ("new",) and rest[1:2] and rest[1] in _NEWCOMER_ROLES:
        return 3
    # 'for a new property manager', 'for a new high school teacher'
    start = at + 3 if rest[:2] == ("a", "new") else at + 2 if rest[:1] == ("new",) else None
    if start is None:
        return 0
    for end in (start + 1, start + 2):
        if end < len(words) and all(map(_is_content, words[start:end])) and words[end] in _NEWCOMER_ROLES:
            return end + 1 - at
    return 0


def _qualifiers(words: tuple[str, ...], negated: tuple[str, ...]) -> frozenset[str]:
    """Narrowing words in front of a content word ('unused images'), not 'the container
    stopped unexpectedly' nor 'the left side stopped working' nor 'overdue, asking for
    payment' (no noun follows) nor 'not hidden' (negated)."""
    return frozenset(
        stem(word)
        for word, following in pairwise(words)
        if word in QUALIFIERS
        and _is_content(following)
        and not following.endswith(("ly", "ing"))  # ('30 days overdue, asking for payment')
        and stem(word) not in _targets(negated)
    )


def _narrowed(a: TextFacts, b: TextFacts) -> bool:
    """``a`` narrows a set that ``b`` takes whole ('all unused images' / 'all images').

    A ``b`` with a negation may say the same thing in other words ('images not in use'), and
    one with a narrowing word of its own ('containers that have exited') is left to the verifier.
    """
    return bool(a.qualifiers - b.qualifiers) and not b.negated and not QUALIFIERS.intersection(b.words)


_WHOLE = frozenset({"entire", "entirely", "whole", "everything", "both", "full", "complete"})


def _all_of_one(words: tuple[str, ...]) -> bool:
    """'all of' one thing ('all of Night', 'all of the book', 'all of it'), which takes it
    whole; 'all of the questions', a plural, takes every one of a set instead."""
    return any(
        word == "all"
        and words[i + 1 : i + 2] == ("of",)
        and (thing := next((w for w in words[i + 2 : i + 4] if w not in ("the", "this", "that", "my")), ""))
        and not thing.endswith("s")
        for i, word in enumerate(words)
    )


_PART_FOLLOWERS = frozenset(
    {
        "the", "a", "an", "one", "this", "that", "step", "part", "section", "chapter",
        "my", "our", "your", "his", "her", "their",
    }
)  # fmt: skip


def _part_or_whole(a: TextFacts, b: TextFacts) -> bool:
    """One side asks for a part ('just the phone case', 'only step 3') and the other for
    the whole ('the entire order', 'the whole process'), and neither says the other's;
    or one side takes every one of a noun that the other limits ('across all sheets' /
    'in just the current sheet'); or one side asks about each part of what the other takes
    whole ('a line for each section' / 'a line for the whole policy')."""
    part_a, part_b = a.asks_part, b.asks_part
    whole_a, whole_b = a.says_whole, b.says_whole
    if (part_a and whole_b and not (whole_a or part_b)) or (part_b and whole_a and not (whole_b or part_a)):
        return True
    return (
        _all_or_limited(a, b)
        or _all_or_limited(b, a)
        or _each_part_or_whole(a, b)
        or _each_part_or_whole(b, a)
        or _limited_or_listed(a, b)
        or _limited_or_listed(b, a)
        or _named_part_or_whole(a, b)
        or _named_part_or_whole(b, a)
        or _one_or_whole(a, b)
        or _one_or_whole(b, a)
        or _all_or_one(a.words, b.words)
        or _all_or_one(b.words, a.words)
        or _numbered_part_dropped(a, b)
        or _numbered_part_dropped(b, a)
    )


def _numbered_part_dropped(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks about a numbered part ('question 4 on the 2019 free response') that ``b``
    does not name, neither the part nor its number ('the 2019 free response section'). A
    'line' followed by a date or a long number is pasted text ('parse this line: 2024-03-11 …')."""
    for part, number in pairwise(a.words):
        if (
            part in _NUMBERED_PARTS
            and part != "line"
            and number.isdigit()
            and int(number) < 1000
            and part not in b.words
            and number not in b.numbers
        ):
            return True
    return False


def _all_or_one(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """``a`` takes all of a thing that ``b`` names one of: 'reset all my smart plugs' /
    'reset my smart plug' ('all' before a plural that ``b`` says only in the singular, after
    a determiner, and ``b`` quantifies nothing). 'The smallest of all particles' ranks, it
    takes nothing whole."""
    if _every(b) or _picked_one(b):
        return False
    for i, word in enumerate(a):
        head = _head_after(a, i) if word == "all" and not (i and a[i - 1] == "of") else None
        if head is None or len(head) < 4 or not head.endswith("s") or head.endswith("ss") or head in b:
            continue
        if any(w == head[:-1] and _determined(b, j) for j, w in enumerate(b)):
            return True
    return False


def _head_after(words: tuple[str, ...], at: int) -> str | None:
    """The last of the (at most three) content words after ``words[at]``, past determiners:
    'all of my smart plugs' -> 'plugs'."""
    start = at + 1
    while start < len(words) and words[start] in _REACH_SKIPS:
        start += 1
    end = start
    while end < len(words) and end - start < 3 and _is_content(words[end]):
        end += 1
    return words[end - 1] if end > start else None


def _determined(words: tuple[str, ...], at: int) -> bool:
    """``words[at]`` follows a determiner, at most two content words before it ('my smart plug')."""
    k = at - 1
    while k >= 0 and at - k <= 3 and _is_content(words[k]):
        k -= 1
    return k >= 0 and words[k] in _ONE_THING_MARKERS


def _one_or_whole(a: TextFacts, b: TextFacts) -> bool:
    """``a`` picks one thing ('for one tomato plant', 'one item from my order', 'from a single
    cell') where ``b`` takes a whole ('the whole tomato bed', 'my entire order', 'the whole
    sheet'), and neither says the other's."""
    return (
        bool(_picked_one(a.words))
        and not _picked_one(b.words)
        and b.says_whole
        and not a.says_whole
        and not _every(a.words)
    )


def _one_or_several(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks for the one top thing of a kind ('the single most important metric', 'the
    most important step') where ``b`` asks for several of it ('what metrics should I track',
    'list the steps'), and ``b`` singles none out ('the most important steps' / 'the most
    important step' is one ask). A plural right after a wh-word is a verb unless a question
    goes on ('what causes inflation' / 'what metrics should I track')."""
    said_a = set(a.words)
    picks = any(w == "which" and not _PICKING.isdisjoint(b.words[i + 1 : i + 9]) for i, w in enumerate(b.words))
    tops = _the_one_top(a.words, top=not picks)  # ('of the skills, which ranks first'; review 98)
    if _SINGLE_ONE.isdisjoint(b.words) and any(_plural(noun) in b.words for noun in tops):
        return True  # 'the single most important question' / 'the most important questions'
    if any(_singles(b.words, k) for k in range(len(b.words))) or _picks_one(b.words):
        return False  # both pick top ones ('the most important step' / 'the most important steps')
    # ('the best way to list all the options' / 'how do I list all the options': 'all' is what
    # both act on; review 86)
    if "all" not in said_a and _asks_all(b.words) and any(_singles(a.words, k) for k in range(len(a.words))):
        return True  # 'the one biggest thing I can do' / 'all the ways to'
    if "all" not in said_a and _picks_one(a.words) and _asks_all(b.words):
        return True  # 'which ILS is best for' / 'compare all the ILS options for'
    one_nouns = _one_named(a.words)
    named = {_plural(noun) for noun in one_nouns | _picked_nouns(a.words)}
    kinds = named | (
        _piece_nouns(a.words) if "one" not in b.words else set()
    )  # ('the one bit of advice' / 'all the advice')
    if named and "all" not in said_a and (_asks_all(b.words, kinds, only_kinds=True) or _lists(b.words, kinds)):
        return True  # 'give me one quick field test to' / 'list all the field tests to'
    ones = {_plural(noun) for noun in one_nouns} - said_a
    if (
        ones
        and _SINGLE_ONE.isdisjoint(b.words)
        and any(
            word in ones and "the" in (before := b.words[max(0, j - 3) : j]) and _SOME.isdisjoint(before)
            for j, word in enumerate(b.words)
        )
    ):
        return True  # 'name one side effect of metformin' / 'what are the side effects of metformin'
    superlatives = _superlative_nouns(a.words) | _main_nouns(a.words)
    best = {_plural(noun) for noun in superlatives}
    if best and "all" not in said_a and _asks_all(b.words, best):
        return True  # 'what's the best NSAID for' / 'what are all the NSAID options for', 'list all the NSAIDs'
    most = {_plural(noun) for noun in _most_nouns(a.words)}
    asked = a.words[:1] in (("what's",), ("whats",), ("what",), ("which",), ("name",)) and _has_run(
        a.words[:4], ("the", "most")
    )
    if most and "all" not in said_a and _asks_all(b.words, most, only_kinds=not asked):
        return True  # 'the most common cause of X' / 'what are all the causes of X'
    if most and _the_plural_asked(b.words, most):
        return True  # 'the most common side effect of X' / 'what are the side effects of X' (hold-out 173)
    # 'which is the best alternative to NVivo' / 'list the main alternatives to NVivo', 'the best
    # dispatch software for' / 'list the dispatch software options for' (not 'list the best
    # practices for' or 'list the best X options', which ask for the best ones too; reviews 89, 99)
    if (
        b.words[:1] in (("list",), ("enumerate",))
        and not any(map(_is_superlative, b.words))
        and (
            not best.isdisjoint(b.words[:5])
            or any(word in superlatives and following in _ANSWER_KINDS for word, following in pairwise(b.words[:8]))
        )
    ):
        return True
    if any(_has_run(b.words, ("every", noun)) and not _has_run(a.words, ("every", noun)) for noun in superlatives):
        return True  # 'identify the biggest risk in this lease' / 'identify every risk in it'
    for noun in _singled_nouns(a.words):
        plurals = {noun + "s", noun + "es", noun[:-1] + "ies"} - {noun}
        if noun in b.words or not plurals.isdisjoint(said_a):
            continue
        for j, word in enumerate(b.words):
            following = b.words[j + 1] if j + 1 < len(b.words) else ""
            if word in plurals and j and (b.words[j - 1] not in _WH_WORDS or following in _ASKING_AFTER_NOUN):
                return True
    return False


_ASKING_ALL = frozenset({"are", "list", "name", "me", "us", "give", "tell", "show", "enumerate", "compare"})
"""Words right before an 'all' that asks for every answer ('what are all', 'list all', 'give me all',
'compare all')."""


def _lists(words: tuple[str, ...], kinds: set[str]) -> bool:
    """The request is for a list of ``kinds``: 'give me a list of hop varieties that', 'list
    hop varieties for'."""
    return any(
        (word == "list" and (i == 0 or words[i + 1 : i + 2] == ("of",))) and not kinds.isdisjoint(words[i + 1 : i + 6])
        for i, word in enumerate(words)
    )


def _all_or_top_few(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks for all of a kind ('list all the off-flavors that', 'list every national
    park in Utah'), ``b`` for a counted top few of it ('list the three most common
    off-flavors', 'the two best national parks'). A count alone may be the whole set ('all
    the noble gases' / 'the six noble gases'; review 96)."""
    return not _all_named(a.words).isdisjoint(_top_counted(b.words))


def _best_or_top_few(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks for the best one of a kind ('best ink brand for color realism', "what's the
    best ink brand"), ``b`` for a counted top few of it ('top 5 ink brands', 'the 3 best ink
    brands'; hold-out 158)."""
    words = a.words
    if any(_is_count(w) and {"top", "best"} & {*words[i - 1 : i], *words[i + 1 : i + 2]} for i, w in enumerate(words)):
        return False  # ('top 5 dog food' / '5 best dog foods' count both; review 103)
    singles = _superlative_nouns(words)
    if words[:1] in (("best",), ("top",)):  # a query without its 'the'
        run = _noun_run(words, 1)
        if run and not run[-1].endswith("s"):
            singles.add(run[-1])
    if not singles:
        return False
    plurals = {_plural(noun) for noun in singles}
    if any(w in ("several", "few") and not plurals.isdisjoint(b.words[i + 1 : i + 4]) for i, w in enumerate(b.words)):
        return True  # 'the best stretch for tight hip flexors' / 'several stretches for them' (hold-out 178)
    for i, word in enumerate(b.words[:-2]):
        counted = (word == "top" and _is_count(b.words[i + 1])) or (
            _is_count(word) and (_is_superlative(b.words[i + 1]) or b.words[i + 1] == "top")
        )
        at = i + 1 if word == "top" else i
        if (
            counted
            and not _says_compound(a.words, b.words[at], b.words[at + 1 : at + 2])
            and not plurals.isdisjoint(b.words[at + 1 : at + 5])
        ):
            return True  # ('best 4 season tent' / 'top 4 season tents' count no top four; review 103)
    return False


def _says_compound(words: tuple[str, ...], count: str, following: tuple[str, ...]) -> bool:
    """``words`` say ``count`` before the word that follows it on the other side: a '4 season'
    or '2 person' tent, not a top four or two ('a tent for 2 people' / 'top 2 person tents')."""
    same = {stem(w) for w in following} | ({"person", "people"} if set(following) & {"person", "people"} else set())
    return any(
        word == count and (stem(words[j + 1]) in same or words[j + 1] in same) for j, word in enumerate(words[:-1])
    )


def _is_count(word: str) -> bool:
    """A count of two or more, in digits or words."""
    return (word.isdigit() and int(word) > 1) or (word in _COUNT_WORDS and word != "one")


def _all_named(words: tuple[str, ...]) -> set[str]:
    """The plurals an 'all' that asks for every answer names: 'list all the off-flavors that'."""
    found: set[str] = set()
    for i, word in enumerate(words[1:], start=1):
        if word != "all" or words[i - 1] not in _ASKING_ALL:
            continue
        rest = words[i + 1 : i + 7]
        rest = rest[2:] if rest[:2] == ("of", "the") else rest[1:] if rest[:1] == ("the",) else rest
        found.update(w for w in takewhile(lambda w: w not in _PHRASE_BREAKS, rest[:4]) if w.endswith("s"))
    for i, word in enumerate(words[1:], start=1):  # 'list every national park in Utah'
        if word == "every" and words[i - 1] in _ASKING_ALL | {"list", "through", "cover", "explain", "describe"}:
            run = list(takewhile(lambda w: w not in _PHRASE_BREAKS and _is_content(w), words[i + 1 : i + 4]))
            if run:
                found.add(_plural(run[-1]))
            elif words[i + 1 : i + 2] and words[i + 1] in _LISTED_NOUNS:
                found.add(_plural(words[i + 1]))  # 'give me every difference between' (hold-out 172)
    return found


_LISTED_NOUNS = frozenset({"difference", "similarity", "change", "step", "way", "reason", "option", "thing", "type"})
"""Nouns the word lists treat as function words that a request for all of them still names."""


def _top_counted(words: tuple[str, ...]) -> set[str]:
    """The plurals after 'the' and a count of top ones: 'the three most common off-flavors',
    'the 5 biggest risks', 'the top 10 tips'."""
    found: set[str] = set()
    for i, word in enumerate(words[:-2]):
        if word not in ("the", "your", "my") or (word != "the" and words[i + 1] != "top"):
            continue  # ('your top 3 options'; not 'my 2 oldest kids', review 107)
        count, rest = words[i + 1], words[i + 2 : i + 8]
        if count == "top" and rest[:1] and _counts(rest[0]):
            rest = rest[1:]
        elif _counts(count) and count not in ("few", "couple", "several", "many") and rest[:1]:
            if rest[0] == "most" and rest[1:2]:
                rest = rest[2:]
            elif _is_superlative(rest[0]) or rest[0] == "top":
                rest = rest[1:]
            else:
                continue
        else:
            continue
        found.update(w for w in takewhile(lambda w: w not in _PHRASE_BREAKS, rest[:4]) if w.endswith("s"))
    return found


def _picked_nouns(words: tuple[str, ...]) -> set[str]:
    """The singular head noun a 'which X is best' question picks from: 'which running shoe is
    the best for' (shoe), 'which cloud provider is cheapest' (provider)."""
    found = set()
    for i, word in enumerate(words[:-2]):
        if word != "which" or not _picks_one(words[i:]):
            continue
        run = list(takewhile(_is_content, words[i + 1 : i + 4]))
        if run and not run[-1].endswith("s"):
            found.add(run[-1])
    return found


def _one_named(words: tuple[str, ...]) -> set[str]:
    """The singular head noun after a 'one' that asks for one thing ('give me one quick field
    test to', 'suggest one good stretch'); not 'the one I', 'one of the', 'which one', 'no one'."""
    found = set()
    for i, word in enumerate(words[:-1]):
        if word != "one" or (i and words[i - 1] in ("which", "no", "any", "every", "each", "this", "that")):
            continue
        if (
            i
            and words[i - 1] == "the"
            and not any(map(_is_superlative, words[i + 2 : i + 10]))
            and words[i + 1 : i + 3] not in _ONE_PIECE
        ):
            continue  # ('the one I bought'; but 'the one hop variety that works best', 'the one piece of')
        kind = next((w for w in words[i + 1 : i + 4] if _plural(w) in _ANSWER_KINDS), None)
        if kind is not None:
            found.add(kind)  # 'one way to', 'one quick way to', 'one thing I can do'
            continue
        if words[i + 1 : i + 3] in _ONE_PIECE:
            found |= _piece_nouns(words[i:])  # 'the one piece of equipment I need first' (hold-out 167)
            continue
        run = _noun_run(words, i + 1)
        if run and not run[-1].endswith("s") and words[i + 1] != "of":
            found.add(run[-1])
    return found


_ONE_PIECE = frozenset({("piece", "of"), ("item", "of"), ("bit", "of")})


def _piece_nouns(words: tuple[str, ...]) -> set[str]:
    """What 'one piece of X' counts one of: a mass noun ('equipment', 'advice') that a list
    names as it is, with no plural ('the full list of equipment')."""
    found = set()
    for i, word in enumerate(words[:-3]):
        if word == "one" and words[i + 1 : i + 3] in _ONE_PIECE and (run := _noun_run(words, i + 3)):
            found.add(run[-1])
    return found


_ANSWER_KINDS = frozenset(
    {"ways", "things", "options", "methods", "causes", "reasons", "factors", "steps", "tips", "possibilities",
     "approaches", "strategies", "alternatives", "choices", "solutions", "fixes", "ideas"}
)  # fmt: skip
"""Plurals that name kinds of answer: asking for all of them asks for a list."""


_PICKING = frozenset({"is", "ranks", "comes", "was"})
"""Singular verbs with which a 'which' question picks one ('which ranks first')."""
_SOME = frozenset({"some", "few", "several", "many", "any"})
"""Words that ask for a few of a kind ('some of the places in India that'), which 'one place'
may answer (QQP labels them one question)."""


def _picks_one(words: tuple[str, ...]) -> bool:
    """'which one is best', 'which of these breeds is best', 'comparing cover crops, which is
    best': a question that picks one from several it names (review 83); not 'which of the
    metrics should I track' or 'my store, which is on Shopify' (review 85)."""
    for i, word in enumerate(words[:-1]):
        if word != "which":
            continue
        if words[i + 1] == "one":
            return True
        rest = words[i + 1 : i + 9]
        if "is" in rest:
            at = rest.index("is")
            if any(_is_superlative(w) or w in ("better", "preferable") for w in rest[at + 1 : at + 4]):
                return True
    return False


def _noun_run(words: tuple[str, ...], start: int) -> list[str]:
    """The content words (at most three) of the noun phrase after a superlative at
    ``start``, up to a position before a number that starts a phrase of its own ('the best
    budget blender under $100'; 'the best under desk treadmill' keeps its 'under')."""
    run = []
    for at in range(start, min(start + 3, len(words))):
        word = words[at]
        if not _is_content(word) or (word in _POSITIONS and at + 1 < len(words) and words[at + 1][0].isdigit()):
            break
        run.append(word)
    return run


_SINGLE_ONE = frozenset({"single", "one"})
"""Words with which the plural side may still ask for one ('which is the biggest one')."""


def _the_plural_asked(words: tuple[str, ...], plurals: set[str]) -> bool:
    """``words`` ask for the whole of ``plurals`` with no superlative and no 'one': 'what are
    the side effects of', 'list the symptoms of' (not 'what are some side effects', 'the most
    common side effects', 'which one of the side effects')."""
    if not _SINGLE_ONE.isdisjoint(words) or "most" in words or any(map(_is_superlative, words)) or "which" in words:
        return False  # ('which of the causes is the usual culprit' picks one; review 107)
    return any(
        word in plurals and "the" in (before := words[max(0, j - 3) : j]) and _SOME.isdisjoint(before)
        for j, word in enumerate(words)
    )


def _the_one_top(words: tuple[str, ...], *, top: bool = False) -> set[str]:
    """The words that may be the noun after 'the single' or 'the one' and a superlative: 'the
    single most important question' (important, question), 'the one biggest mistake new
    landlords make' (mistake, new); said, it leaves no room for a few. ``top``: 'the single
    top vinyl brand' too."""
    found: set[str] = set()
    for i, word in enumerate(words[1:-2], start=1):
        if (
            word in ("single", "one")
            and words[i - 1] == "the"
            and (_is_superlative(words[i + 1]) or (top and words[i + 1] == "top"))
        ):
            found.update(w for w in _noun_run(words, i + 2) if not w.endswith("s"))
    return found


_FULLEST = frozenset({"complete", "exhaustive", "comprehensive", "thorough", "detailed", "full", "extensive"})
"""'The most complete list of ways to' asks for all of them (review 99)."""


def _most_nouns(words: tuple[str, ...]) -> set[str]:
    """The singular head noun after 'the most' and a word ('the most common cause of' ->
    cause): one, the top one, of a kind."""
    found = set()
    for i, word in enumerate(words[:-3]):
        if word == "the" and words[i + 1] == "most" and _is_content(words[i + 2]) and words[i + 2] not in _FULLEST:
            run = _noun_run(words, i + 3)
            if run and not run[-1].endswith("s"):
                found.add(run[-1])
    return found


_DISTRIBUTING = frozenset({"each", "every", "per"})
_MAIN = frozenset({"main", "leading"})
"""('the primary key', 'the principal investigator', 'the chief executive' are terms; review 101)"""


def _main_nouns(words: tuple[str, ...]) -> set[str]:
    """The singular head noun after 'the main' or 'the leading': 'the main cause of low
    coverage' asks for one cause, as 'the biggest cause' does (hold-out 153)."""
    found: set[str] = set()
    if not _DISTRIBUTING.isdisjoint(words):
        return found  # ('the main exchange for each of these stocks' asks one per stock)
    for i, word in enumerate(words[:-2]):
        if word == "the" and words[i + 1] in _MAIN:
            run = _noun_run(words, i + 2)
            if run and _singular_noun(run[-1]):
                found.add(run[-1])
    return found


def _superlative_nouns(words: tuple[str, ...]) -> set[str]:
    """The head noun after 'the' and a superlative: 'the biggest risk in' (risk), 'the best
    hay for' (hay). ('The best X' alone singles nothing: people ask it meaning a few; against
    'every X' it is one of them.)"""
    found = set()
    for i, word in enumerate(words[:-2]):
        if word != "the" or not _is_superlative(words[i + 1]) or words[i + 1] in ("most", "least"):
            continue
        run = _noun_run(words, i + 2)
        if run and _singular_noun(run[-1]):
            found.add(run[-1])
    return found


def _singular_noun(word: str) -> bool:
    """No regular plural: no final 's', or one of 'class', 'bus', 'analysis', 'gas', 'series'."""
    return not word.endswith("s") or word.endswith(("ss", "us", "is")) or word in _SINGULAR_S


_SINGULAR_S = frozenset(
    {"gas", "lens", "bias", "atlas", "canvas", "alias", "chassis", "series", "species", "news", "asbestos", "tennis"}
)
"""Nouns ending in a single 's' that are singular: 'the best shielding gas' is one gas."""


def _asks_all(words: tuple[str, ...], kinds: Collection[str] = frozenset(), *, only_kinds: bool = False) -> bool:
    """'what are all the ways to', 'list all of the options', 'tell me all the NSAID options':
    the request is for every one of a kind of answer (or of ``kinds``, plurals the other side
    named), after at most three words that describe it ('list all the good marine battery
    chargers'). Not 'all' of what the question acts on
    ('delete all files', 'back up all the photos') or picks from ('of all the patterns, which
    is most useful'; review 81)."""
    for i, word in enumerate(words[1:-1], start=1):
        if word != "all" or words[i - 1] not in _ASKING_ALL:
            continue
        rest = words[i + 1 : i + 6]
        rest = rest[2:] if rest[:2] in (("of", "the"), ("the", "possible")) else rest
        rest = rest[1:] if rest[:1] in (("the",), ("possible",)) else rest
        for named in rest[:4]:
            if named in kinds or (named in _ANSWER_KINDS and not only_kinds):
                return True
            if not _is_content(named) and named not in _PRAISING:
                break
    return False


_PRAISING = frozenset({"good", "best", "great", "top", "main"})
"""Words that describe a kind of answer asked for in full ('list all the good chargers')."""


def _plural(noun: str) -> str:
    """The regular plural of a singular noun ('risk' -> 'risks', 'fix' -> 'fixes', 'policy' -> 'policies');
    'series' and 'species' are their own."""
    if noun in ("series", "species", "news", "chassis"):
        return noun
    if noun.endswith(("s", "x", "z", "ch", "sh")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in ("a", "e", "i", "o", "u"):
        return noun[:-1] + "ies"
    return noun + "s"


_ASKING_AFTER_NOUN = frozenset(
    {"should", "do", "are", "can", "could", "would", "will", "must", "might", "to", "have", "matter", "i", "we"}
)
"""Words after 'what X' that make X a noun ('what metrics should I track'), not a verb
('what causes inflation')."""


_SINGLING = frozenset({"single", "most"})
"""Words that pick the one top thing of a kind: 'the single most', 'the most important'. Not
'the best X', 'the main X' or 'the most unusual X', which people ask meaning a few ('the
best hotel in Rajasthan' / 'the best hotels of Rajasthan', 'the main cause' / 'the causes'
are one question in QQP's labels)."""


def _singles(words: tuple[str, ...], at: int) -> bool:
    """Whether ``words[at]`` picks the one top thing: 'the single most', 'the single biggest',
    'the most important' ('a single charge' counts, 'the single quote' names a kind)."""
    word = words[at]
    before = words[at - 1] if at else ""
    following = words[at + 1] if at + 1 < len(words) else ""
    if word == "one" and before == "the" and _is_superlative(following):
        return True  # 'the one biggest thing', 'the one best way'
    if word == "single" and before in ("which", "what") and any(_is_superlative(w) for w in words[at + 1 : at + 5]):
        return True  # 'which single hay type is best'
    if word == "most" and following != "important":
        return False
    if word == "single" and following != "most" and not _is_superlative(following):
        return False  # 'the single quote', 'my single member LLC' name a kind, not a top one
    return word in _SINGLING and (
        before in _DETERMINERS or before.endswith("'s") or (before in _SINGLING and _singles(words, at - 1))
    )


def _singled_nouns(words: tuple[str, ...]) -> set[str]:
    """The singular head noun after a word that picks one top thing: the last of the content
    words (at most three) that follow it, 'the single most important metric for' (metric),
    'the most important frame rate to' (rate, not frame)."""
    found = set()
    for i in range(len(words)):
        if not _singles(words, i):
            continue
        run = list(takewhile(lambda w: _is_content(w) or _is_superlative(w) or w == "way", words[i + 1 : i + 4]))
        if run and not run[-1].endswith("s") and not _is_superlative(run[-1]):
            found.add(run[-1])
    return found


_NOT_COUNTING_ONE = frozenset({"which", "no", "any", "each", "every", "the", "this", "that", "at", "some", "another"})
"""Words before 'one' that make it no count of things: 'which one', 'no one', 'the one I bought'."""
_NOT_COUNTED = frozenset({"of", "another", "more", "by", "day", "time", "way", "thing", "other"})
"""Words after 'one' that make it no count of things: 'one of them', 'one day', 'one way to'."""


def _picked_one(words: tuple[str, ...]) -> frozenset[str]:
    """The nouns 'one' or 'single' picks out of a set: the first content word among the two
    after it ('one tomato plant': tomato), unless 'one' counts nothing ('which one', 'one of')."""
    found = set(_singled(words))
    for i, word in enumerate(words[:-1]):
        if word != "one" or (i and words[i - 1] in _NOT_COUNTING_ONE) or words[i + 1] in _NOT_COUNTED:
            continue
        noun = next((w for w in words[i + 1 : i + 3] if _is_content(w)), None)
        if noun is not None:
            found.add(stem(_plain_plural(noun)))
    return frozenset(found)


def _named_part_or_whole(a: TextFacts, b: TextFacts) -> bool:
    """``a`` names a part ('the setup section of the rulebook') that ``b``, asking for the
    whole ('the entire rulebook'), does not mention."""
    return (
        b.says_whole
        and not a.says_whole
        and not _DOCUMENT_PART_STEMS.isdisjoint(stem(w) for w in a.words)
        and _DOCUMENT_PART_STEMS.isdisjoint(stem(w) for w in b.words)
    )


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


def _limited(words: tuple[str, ...]) -> frozenset[str]:
    """The nouns that 'just' or 'only' limits (content words among the four after it), or
    that 'alone' limits ('the bachelorette trip alone')."""
    return _nouns_after(words, frozenset({"just", "only"}), 4) | _alone(words)


_ALONE_DETERMINERS = frozenset({"the", "this", "that", "my", "our", "your", "his", "her", "their"})
_ONE_THING_MARKERS = _ALONE_DETERMINERS | {"a", "an"}
"""Words before a noun that make it one thing ('my smart plug', 'a plug')."""


def _alone(words: tuple[str, ...]) -> frozenset[str]:
    """Stems of the nouns 'alone' limits: one to three content words between a determiner
    and it ('this week alone', 'the bachelorette trip alone'; not 'leave me alone')."""
    found: set[str] = set()
    for i, word in enumerate(words):
        if word != "alone":
            continue
        for start in range(i - 1, max(i - 4, 0) - 1, -1):
            if words[start] in _ALONE_DETERMINERS and start < i - 1:
                found.update(stem(_plain_plural(w)) for w in words[start + 1 : i])
                break
            if not _is_content(words[start]):
                break
    return frozenset(found)


def _nouns_after(words: tuple[str, ...], marks: frozenset[str], span: int) -> frozenset[str]:
    """Stems of the content words among the ``span`` words after each of ``marks``."""
    return frozenset(
        stem(_plain_plural(following))
        for i, word in enumerate(words)
        if word in marks
        for following in words[i + 1 : i + 1 + span]
        if _is_content(following)
    )


def _all_or_limited(a: TextFacts, b: TextFacts) -> bool:
    """``a`` takes every one of a noun that ``b`` limits to one: 'across all sheets' / 'in
    just the current sheet', 'all the possible reasons' / 'the single most likely reason'."""
    every = _every(a.words) - _every(b.words)
    if not every:
        return False
    limited_a, limited_b = _limited(a.words) | _singled(a.words), _limited(b.words) | _singled(b.words)
    # a side that limits one noun and takes every one of another says it another way:
    # 'every item when only one changes' / 'all rows when a single item changes'
    return not limited_a and not every.isdisjoint(limited_b)


def _singled(words: tuple[str, ...]) -> frozenset[str]:
    """The nouns 'single' picks one of: content words among the four after it."""
    return _nouns_after(words, frozenset({"single"}), 4)


def _limited_or_listed(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks for one part ('compare just the monthly rent') that ``b`` names in a list
    with at least two others ``a`` leaves out ('on rent, location, commute and amenities'),
    and ``b`` limits nothing ('keep only rows where…' filters, it does not limit the ask)."""
    limited = _limited(a.words)
    if not (a.asks_part and limited) or _limited(b.words) or limited.isdisjoint(b.listed):
        return False
    said = set(a.content) | {stem(_owner(word)) for word in a.words}
    return len(b.listed - said - limited) >= 2


def _every(words: tuple[str, ...]) -> frozenset[str]:
    """The nouns 'all', 'every' or 'each' takes whole: content words among the three after
    it ('all string columns': strings and columns)."""
    return _nouns_after(words, _ALL_WORDS, 3)


def _each_part_or_whole(a: TextFacts, b: TextFacts) -> bool:
    parts = {noun for reach, noun in a.scopes if reach == "all" and noun in _NUMBERED_PART_STEMS}
    parts |= {  # 'a wine for each course of a five-course menu' / 'one wine for the entire menu'
        stem(_plain_plural(part))
        for each, part, of in zip(a.words, a.words[1:], a.words[2:], strict=False)
        if each == "each" and _is_content(part) and of == "of"
    }
    # (a part the other side names only as a size does not count: 'an entire five-course menu')
    named = {
        stem(w) for i, w in enumerate(b.words) if not (i and (b.words[i - 1].isdigit() or b.words[i - 1] in _CARDINALS))
    }
    return bool(parts) and b.says_whole and not a.says_whole and parts.isdisjoint(named)


def _asks_part(words: tuple[str, ...]) -> bool:
    """'just' or 'only' before what it limits ('just the case', 'only step 3', 'explain just
    one part'; not 'just want', 'only if'), or a numbered part ('step 3', 'chapter 2', 'the
    first step'), or a determined noun said 'alone' ('this week alone', 'the trip alone'), or
    a numbered period after 'just' or 'only' ('just week 1 of a 12-week plan')."""
    return (
        bool(_alone(words))
        or any(
            (word in ("just", "only") and (following in _PART_FOLLOWERS or following.isdigit()))
            or (word in _NUMBERED_PARTS and (following.isdigit() or following in _CARDINALS))
            or (word in ("first", "last", "next", "final") and following in _NUMBERED_PARTS)
            or (word in ("first", "final") and following.removesuffix("s") in _TIME_PERIODS)  # 'the first year'
            or (word in ("one", "single") and following in _NUMBERED_PARTS)  # 'one verse of a song'
            for word, following in pairwise(words)
        )
        or any(  # 'just week 1 of a 12-week plan'
            word in ("just", "only") and period in _NUMBERED_PERIODS and number.isdigit()
            for word, period, number in zip(words, words[1:], words[2:], strict=False)
        )
    )


_NUMBERED_PERIODS = frozenset({"week", "day", "month", "lesson", "module", "session"})
"""Periods and units of a plan or course that a number names one of ('week 1', 'day 3')."""


_NUMBERED_PARTS = frozenset(
    {
        "step", "part", "section", "chapter", "stage", "phase", "question", "exercise",
        "paragraph", "sentence", "line", "page", "slide", "verse", "scene", "episode",
        "stanza", "canto", "act", "movement",
    }
)  # fmt: skip

_NUMBERED_PART_STEMS = frozenset(stem(part) for part in _NUMBERED_PARTS)
_DOCUMENT_PART_STEMS = _NUMBERED_PART_STEMS - {stem(w) for w in ("question", "exercise", "line")}
"""Parts of a work that name a part on their own ('questions on Quora' name no part)."""

_REACH = MappingProxyType(
    {"every": "all", "all": "all", "each": "all", "first": "first", "last": "last", "one": "one", "single": "one"}
)
"""Words that say how much of a set an ask covers: all of it, or its first or last one."""
_ALL_WORDS = frozenset(word for word, reach in _REACH.items() if reach == "all")
_REACH_SKIPS = frozenset({"of", "the", "my", "our", "your", "their", "its", "this", "that", "these", "those"})


def _scopes(words: tuple[str, ...]) -> frozenset[tuple[str, str]]:
    """``(reach, noun)`` for each quantified noun: the first content word after 'every', 'all',
    'each', 'first' or 'last', past 'of', 'the', 'one' and the like ('all of the rows', 'each
    one of the reviews'), not a period ('last week'). A count after 'all' or 'every' is not
    the noun ('all four wheels': the wheels)."""
    found = set()
    for i, word in enumerate(words):
        reach = _REACH.get(word)
        if reach is None or (reach == "one" and i and words[i - 1] in _REACH):
            continue  # ('each one', 'every single', 'the last one': one word of 'each', 'last')
        for following in words[i + 1 : i + 7]:
            if following in _REACH_SKIPS or following in ("one", "single") or (reach == "all" and _counts(following)):
                continue
            if _is_content(following) and following.removesuffix("s") not in _TIME_PERIODS:
                found.add((reach, stem(_plain_plural(following))))
            break
    return frozenset(found)


def _month_only_or_whole(a: TextFacts, b: TextFacts) -> bool:
    """``a`` limits itself to a month or a day ('a task list for October only') where ``b``
    takes a whole that does not name it ('a full-year task calendar'; hold-out 149); 'for
    October only' / 'for the entire month of October' ask the same (review 100)."""
    only = {
        word
        for word, following in pairwise(a.words)
        if word in _CALENDAR and len(word) > 3 and following in ("only", "alone")
    }
    return bool(only) and b.says_whole and only.isdisjoint(b.words)


_SIZES = frozenset(
    {"size", "diameter", "thickness", "gauge", "length", "width", "capacity", "voltage", "weight", "strength", "dose"}
)
_SIZES_ALL = _SIZES | {_plural(size) for size in _SIZES} | {"sizes", "thicknesses"}


def _one_size_or_every(a: TextFacts, b: TextFacts) -> bool:
    """``a`` gives one measure ('the amperage range for 1/8 inch 7018') where ``b`` asks
    for every size of it ('the amperage ranges for every common 7018 diameter'; hold-out 151),
    and ``b`` names no number ``a`` lacks."""
    if not (a.numbers - b.numbers) or (b.numbers - a.numbers):
        return False
    if not any(unit not in _TIME_PERIODS and number not in b.numbers for number, unit in a.number_units):
        return False  # ('I take it 3 times a day' / 'should each dose be taken with food'; review 100)
    if any(
        word in ("every", "each", "all") and not _SIZES_ALL.isdisjoint(a.words[i + 1 : i + 4])
        for i, word in enumerate(a.words)
    ):
        return False  # (both ask about every strength: '50 mcg: why is each strength a different color'; review 104)
    return any(
        word in ("every", "each", "all")
        and not (_SIZES_ALL if word != "each" else _SIZES_ALL - _DOSES).isdisjoint(b.words[i + 1 : i + 4])
        for i, word in enumerate(b.words)
    )


_DOSES = frozenset({"dose", "doses"})
"""('each dose of amoxicillin' is every time one takes one's own; review 102)"""


def _first_to_or_all(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks which one was the first to do a thing, ``b`` which ones do it: 'which US
    state was the first to allow aquamation' / 'which US states allow aquamation' (hold-out
    150), 'which state first legalized it' / 'which states legalized it', 'the first woman to
    win a Nobel Prize' / 'which women have won one'. ``b`` must ask for several ('who was the
    first to discover penicillin' / 'who discovered penicillin' ask the same; review 100; 'who
    has proven Fermat's Last Theorem' too, when only one ever did; review 102)."""
    firsts = any(
        word in ("first", "earliest")
        and (
            (a.words[i - 1 : i] in (("the",), ("was",), ("is",)) and "to" in a.words[i + 1 : i + 3])
            or (i > 1 and a.words[i - 2] in ("which", "what"))
        )
        for i, word in enumerate(a.words)
    )
    if not firsts or not _EARLIEST.isdisjoint(b.words) or not _BEFORE_OTHERS.isdisjoint(b.words):
        return False  # ('who climbed Everest before anyone else', 'who pioneered it' still ask for the first)
    return any(
        word in ("which", "what") and any(_is_plural_noun(w) for w in b.words[i + 1 : i + 3])
        for i, word in enumerate(b.words)
    ) or b.words[:1] == ("list",)


def _is_plural_noun(word: str) -> bool:
    """A regular plural ('states', 'women' and other irregular ones too)."""
    return word in _IRREGULAR_PLURALS or (_is_content(word) and not _singular_noun(word))


_IRREGULAR_PLURALS = frozenset({"women", "men", "people", "children", "countries", "cities", "companies"})


_BEFORE_OTHERS = frozenset({"before", "pioneer", "pioneered", "originally", "original", "invented", "founded"})


def _first_or_all(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks for the first of a noun ('the first step of a crown prep') and ``b`` for all
    of them, as 'the' and the plural say ('the steps of a crown prep'), quantifying it no other
    way."""
    firsts = {noun for reach, noun in a.scopes if reach == "first"}
    if not firsts or not firsts.isdisjoint(noun for _, noun in b.scopes):
        return False
    if any(
        w in _EARLIEST
        and (w == "first" or w not in a.words)
        and (w not in _STARTING or (i > 0 and b.words[i - 1] in _ASKERS))
        for i, w in enumerate(b.words)
    ):
        return False  # ('which of the books comes first', 'the steps to take immediately'; not
        # 'the steps to start a business' / 'the first step to start a business')
    if _has_run(b.words, ("right", "after")) or _has_run(b.words, ("right", "away")):
        return False
    return any(
        b.words[i - 1] == "the"
        and word.endswith("s")
        and stem(_plain_plural(word)) in firsts
        and not (
            b.words[i - 2 : i - 1] == ("of",) and b.words[i - 3 : i - 2] not in _SEVERAL and _picks_one_of(b.words)
        )
        # ('of the presidents, who came first' picks one; 'a few of the symptoms' asks for several)
        for i, word in enumerate(b.words[1:], start=1)
    )


_SEVERAL = frozenset({("few",), ("some",), ("several",), ("all",), ("many",), ("most",), ("any",)})
_EARLIEST = frozenset({"first", "firstly", "initially", "immediately", "earliest", "start", "begin"})
"""Words with which the plural side still asks for the first ones ('the signs that show up
first', 'where do I start')."""
_STARTING = frozenset({"start", "begin"})
"""Of :data:`_EARLIEST`, the verbs that ask for the first ones only after the asker ('where
do I start'; not 'the steps to start a business', 'from start to finish')."""
_ASKERS = frozenset({"i", "we"})


def _picks_one_of(words: tuple[str, ...]) -> bool:
    """'who came first', 'which one is', 'which was': a question that picks one."""
    return any(
        w in ("who", "which") and words[i + 1 : i + 2] in (("came",), ("comes",), ("is",), ("was",), ("one",), ("did",))
        for i, w in enumerate(words)
    )


def _scopes_differ(a: TextFacts, b: TextFacts) -> bool:
    """One noun, quantified differently on each side: 'the first occurrence' / 'every occurrence'.
    Sides that use the same quantifiers on other nouns say it another way ('every item when
    only one changes' / 'all rows when a single item changes')."""
    if not (a.scopes and b.scopes) or {r for r, _ in a.scopes} == {r for r, _ in b.scopes}:
        return False
    for noun in {n for _, n in a.scopes} & {n for _, n in b.scopes}:
        if {r for r, n in a.scopes if n == noun}.isdisjoint(r for r, n in b.scopes if n == noun):
            return True
    return False


def _times(words: tuple[str, ...]) -> frozenset[tuple[str, int]]:
    """Periods placed relative to now: a relation word, at most two words ('few', a number),
    then a period ('last year', 'the next 3 months', 'this past week' -> past)."""
    found = set()
    for i, word in enumerate(words):
        if _owner(word) in _TIME_WORDS:  # "yesterday's sales"
            found.add(_TIME_WORDS[_owner(word)])
            continue
        relation = _TIME_RELATIONS.get(word)
        if relation is None or (i + 1 < len(words) and words[i + 1] in _TIME_RELATIONS):
            continue
        for following in words[i + 1 : i + 4]:
            following = _owner(following)  # "last week's sales"
            period = following[:-1] if following.endswith("s") and following[:-1] in _TIME_PERIODS else following
            if period in _TIME_PERIODS:
                found.add((period, relation))
                break
            if following in _TIME_RELATIONS or (_is_content(following) and not _counts(following)):
                break
    return frozenset(found)


def _plain_times(times: frozenset[tuple[str, int]]) -> frozenset[tuple[str, int]]:
    """``times`` with the evening read as the night ('tonight' / 'this evening') and decades
    and centuries as years ('the past ten years' / 'the last decade')."""
    return frozenset((_PLAIN_PERIOD.get(p, p), r) for p, r in times)


_PLAIN_PERIOD = MappingProxyType({"evening": "night", "decade": "year", "century": "year"})


def _counts(word: str) -> bool:
    """A word that counts periods ('3', 'three', 'few') in 'the last three years'."""
    return word.isdigit() or word in _CARDINALS or word in ("few", "couple", "several", "many")


_SPANS = frozenset({"weekend", "week", "month", "year", "summer", "winter", "autumn", "semester", "decade", "century"})
"""Periods long enough that one in place of another changes a plan ('all summer' / 'this
weekend'); parts of a day, and words that are also other things ('fall', 'spring',
'quarter'), are left out."""


def _spans(words: tuple[str, ...]) -> frozenset[str]:
    """The long periods named, a decade or a century as years ('ten years' / 'a decade')."""
    return frozenset(
        "year" if span in ("decade", "century") else span for w in words if (span := w.removesuffix("s")) in _SPANS
    )


def _spans_differ(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Each side names a long period the other does not: 'away for the whole summer' / 'away
    for the weekend', 'entertain my kids all summer' / 'this weekend'."""
    spans_a, spans_b = _spans(a), _spans(b)
    return bool(spans_a - spans_b) and bool(spans_b - spans_a)


def _times_differ(a: TextFacts, b: TextFacts, measured: bool = False) -> bool:
    """Both sides place the same period, at different places ('last year' / 'this year'), or
    place periods that have nothing in common ('yesterday' / 'last week')."""
    # (recurring periods only differ from the same period placed once: 'every afternoon' and
    # 'every day ... in the afternoon' say one thing)
    times_a = _plain_times(frozenset(t for t in a.times if t[1] != _RECURRING))
    times_b = _plain_times(frozenset(t for t in b.times if t[1] != _RECURRING))
    if times_a and times_b and times_a.isdisjoint(times_b) and not measured:
        return True  # (measured: 'the past ten years' / 'the last decade' say the same span)
    shared = {p for p, _ in a.times} & {p for p, _ in b.times}
    return any(
        {r for q, r in a.times if q == p} - {r for q, r in b.times if q == p}
        and {r for q, r in b.times if q == p} - {r for q, r in a.times if q == p}
        for p in shared
    )
