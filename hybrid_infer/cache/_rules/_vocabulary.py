"""The word lists the rules read, loaded from ``vocabulary.json`` (data, not code), and the
opposing word groups built from them."""

from __future__ import annotations

import json
import re
from importlib import resources
from types import MappingProxyType
from typing import Any

_WORD_MEMO = 1 << 16
"""How many distinct words the per-word helpers remember (stems, forms): a bounded memo."""


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
_PLAIN_NOTS = frozenset(
    {"not", "never", "cant", "cannot", "dont", "doesnt", "didnt", "isnt", "arent", "wasnt", "werent", "wont"}
    | {"shouldnt", "couldnt", "wouldnt", "mustnt", "hasnt", "havent", "hadnt"}
)
"""Words that only negate: not 'free' of 'gluten-free', not 'stop' of 'stop skipping'."""
_STOPPING = frozenset(
    {"stop", "stops", "stopped", "quit", "quits", "pause", "pauses", "paused", "cease", "ceases", "ceased"}
)
"""Verbs that negate the activity after them ('stop napping', 'quit smoking', 'pauses breathing')."""
_NEGATING_PHRASES = frozenset(
    {("rather", "than"), ("instead", "of"), ("alternative", "to"), ("alternatives", "to"), ("away", "from")}
    | {("other", "than"), ("minus", "the")}
    | {(w, "out") for w in ("leave", "leaves", "leaving")}
    | {(w, "to") for w in ("refuse", "refuses", "refused", "refusing")}
    | {(w, "for") for w in ("substitute", "substitutes", "replacement", "replacements")}
    | {(w, "to") for w in ("fail", "fails", "failed", "failing")}
)
"""Two-word phrases that negate what follows them ('use X instead of Y', 'fails to run')."""
_SWITCH_VERBS = frozenset(
    {"turn", "turns", "turned", "turning", "switch", "switched", "toggle", "log", "sign", "power"}
)
_CONTRACTED_VERBS = MappingProxyType({"d": "would", "m": "am", "re": "are", "ve": "have", "ll": "will"})
"""The verb a contraction's ending stands for ("I'd" -> would, "he'll" -> will)."""
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
    + r"|an?|one|first|(?<=the )(?:last|past|previous|next|coming)"  # 'the last hour', 'the first week': one
    + r"|(?<=\ba )(?:half|quarter))"  # 'a quarter acre', 'a half-acre lot': a fraction of one
    + r"(?:(?<=\d)\s*-?\s*|\s*-\s*|\s+)("  # a word is no count glued to a unit: 'an ALB'
    + "|".join(re.escape(u) for u in sorted((u for u in UNITS if UNITS[u] in _SCALES), key=len, reverse=True))
    + r")(?![\w])"
)
"""A number (or 'a', 'one', 'a half') followed by a unit that has a scale: '2 weeks', 'a week',
'5km', 'a quarter acre'."""
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
