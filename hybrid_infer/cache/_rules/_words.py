"""Words and word helpers more than one reader shares: stems, a word's normal spelling, singular
and plural forms, content words, calendar names, and the small word groups several readings
test (prefixes, adverbs, subordinators, converse verbs)."""

from __future__ import annotations

import re
from functools import lru_cache
from types import MappingProxyType

from hybrid_infer.cache._rules._vocabulary import _CARDINALS, _CATEGORY_OF, _WORD_MEMO, NEGATIONS, STOPWORDS

_LETTERS = "A-Za-z0-9\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f"
"""Letters and digits of Latin script, accented ones included ('créer' is one word)."""
_WORD = re.compile(rf"[{_LETTERS}]+(?:['\u2019][A-Za-z]+)?|[+#]+")
_CONTRACTED = frozenset({"let", "what", "it", "that", "there", "here", "who", "he", "she", "where", "how"})
"""Words whose "'s" is "is" or "us" ('what's', 'let's'), not a possessive."""
_CALENDAR = frozenset(
    {
        *("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "mon", "tue", "wed"),
        *("thu", "fri", "sat", "sun", "january", "february", "march", "april", "may", "june", "july"),
        *("august", "september", "october", "november", "december", "jan", "feb", "mar", "apr", "jun"),
        *("jul", "aug", "sep", "sept", "oct", "nov", "dec"),
    }
)


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


@lru_cache(maxsize=_WORD_MEMO)
def _normalise_word(word: str) -> str:
    word = word.lower().replace("\u2019", "'")
    if word.endswith("n't"):
        return word[:-3] + "nt" if word not in ("can't", "won't") else {"can't": "cant", "won't": "wont"}[word]
    return word


_PREVENTING = frozenset(
    {"stop", "stops", "stopped", "prevent", "prevents", "prevented", "keep", "keeps", "block", "blocks"}
)
"""Verbs that negate an '-ing' after 'from': 'stop docker from restarting', 'keep X from Ving'."""


_PREFIXES = frozenset({"re", "auto", "self", "pre", "over", "un", "de"})
"""Prefixes a hyphen splits off a verb: 'keeps re-rendering', 'from auto-updating'."""
_ADVERBS = frozenset({"ever", "even", "just", "always", "still"})
"""Adverbs that may come between 'from' and the action held back: 'from ever speaking'."""


_SUBORDINATORS = frozenset({"when", "whenever", "if", "unless", "because", "although", "though", "while", "whereas"})
"""Words that open another clause: a negation before them does not reach past them."""


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


def _plain_plural(word: str) -> str:
    """'dollars' -> 'dollar' (not 'class', 'status', 'this'), so 'pounds for 1 dollar' and
    'dollars for 1 pound' show the same two parts."""
    if word in _NOT_PLURALS:
        return word
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")) else word


_NOT_PLURALS = frozenset({"does", "goes"})
"""Verbs ending like a plural: 'doe' would read 'does' as a noun of the question (hold-out 411)."""


_ORDINAL_DIGITS = re.compile(r"(\d{1,2})(?:st|nd|rd|th)")
"""An ordinal in digits, '2nd' or '15th', matched whole; the group is its number."""


def _plain_stem(word: str) -> str:
    """The stem of a word read in the singular: 'zones' and 'zone' meet."""
    return stem(_plain_plural(word))


_CONVERSES = MappingProxyType(
    {"to": ("to", False), "into": ("to", False), "onto": ("to", False), "toward": ("to", False),
     "towards": ("to", False), "from": ("to", True), "before": ("before", False), "after": ("before", True)}
)  # fmt: skip
"""Directional word -> (the marker it is compared as, whether its sides are swapped first)."""


_INFINITIVE_LEADS = frozenset({"way", "ways", "how", "want", "wants", "need", "needs", "trying", "able", "going"})


_THIRD_PERSONS = MappingProxyType({"they": "they", "them": "they", "he": "he", "him": "he"})
"""Third persons, subject and object forms as one party: 'can they get worms from the dog' /
'can the dog get worms from them' trade the kids and the dog around 'from'. ('I', 'me' and
'you' are the asker and the assistant in most prompts, not parties; 'her' is also a
possessive.)"""


def _singular(word: str) -> str:
    """A category member's singular when the list has it ('sentences' -> 'sentence')."""
    return word[:-1] if word.endswith("s") and word[:-1] in _CATEGORY_OF else word


def _is_year(number: str) -> bool:
    """A number that reads as a year of the last century or this one ('1986', '2024')."""
    return number.isdigit() and 1900 <= int(number) <= 2099


def _is_content(word: str) -> bool:
    return word not in STOPWORDS and word not in NEGATIONS and word.isalnum()


def _owner(word: str) -> str:
    """The noun of a possessive ('host's' -> 'host'); the word itself otherwise."""
    if word.endswith("'s") and word[:-2] not in _CONTRACTED:
        return word[:-2]
    return word[:-1] if word.endswith("s'") else word


_ALONE_DETERMINERS = frozenset({"the", "this", "that", "my", "our", "your", "his", "her", "their"})
_ONE_THING_MARKERS = _ALONE_DETERMINERS | {"a", "an"}
"""Words before a noun that make it one thing ('my smart plug', 'a plug')."""


def _past_markers(words: tuple[str, ...], at: int) -> int:
    """The first position from ``at`` past the words of :data:`_ONE_THING_MARKERS` ('a
    recycled pulp batch' -> 'recycled')."""
    while at < len(words) and words[at] in _ONE_THING_MARKERS:
        at += 1
    return at


def _counts(word: str) -> bool:
    """A word that counts periods ('3', 'three', 'few') in 'the last three years'."""
    return word.isdigit() or word in _CARDINALS or word in ("few", "couple", "several", "many")
