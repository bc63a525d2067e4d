"""The false-hit guard: verifies a semantic candidate before it may become a hit.

Identical wording is accepted, a pair that breaks a hard rule of :mod:`._rules` (changed
number, unit, entity, identifier or flag; negation; antonym; other language; swapped
direction) is rejected, and a small logistic-regression verifier over cheap pair features
decides the rest. Its parameters are data (``verifier.json``, fitted by
``bench/fit_guard.py``) read as JSON: this module fits nothing and unpickles nothing.
"""

from __future__ import annotations

import math
import re
import threading
import unicodedata
from collections import OrderedDict
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, model_validator

from hybrid_infer.cache._rules import (
    RULES,
    TextFacts,
    added_details,
    rule_flags,
    same_but_hyphens,
    same_but_layout,
    text_facts,
)

FEATURES = (
    "cosine",
    "token_jaccard",
    "content_jaccard",
    "trigram_jaccard",
    "length_ratio",
    "only_one_side",
    "only_other_side",
    "substitution",
    "same_question_word",
    "order_agreement",
    "added_number",
    "added_unit",
    "added_entity",
    "added_identifier",
    "added_category",
)
"""The verifier's inputs, in order; all embedder-independent except ``cosine``."""

_SQUASH = re.compile(r"[^a-z0-9]+")
_RECENT_TEXTS = 512


class Verifier(BaseModel):
    """Fitted logistic-regression parameters and the rules treated as vetoes."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    format: int = 1
    features: list[str]
    mean: list[float]
    scale: list[float]
    weights: list[float]
    bias: float
    accept_probability: float = Field(gt=0.0, lt=1.0)
    fallback_accept_probability: float = Field(default=0.5, gt=0.0, lt=1.0)
    """Offline fallback only: serve a stale answer when a match is more likely than not."""
    farther_accept_probability: float = Field(default=0.95, gt=0.0, lt=1.0)
    """After a stored prompt nearer the query was refused, how sure the verifier must be of a
    farther one (online and offline): the query asks something close to but unlike the nearer
    prompt, and a farther one is rarely a better match (``bench/farther_hits.py`` measures it)."""
    hard_rules: list[str]
    fitted_on: str = ""
    embedder: str = ""
    metrics: dict[str, float] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _check_shape(self) -> Verifier:
        if self.features != list(FEATURES):
            raise ValueError("verifier features do not match this version of the guard")
        if not len(self.mean) == len(self.scale) == len(self.weights) == len(FEATURES):
            raise ValueError("verifier parameters have the wrong length")
        if any(s <= 0 for s in self.scale):
            raise ValueError("verifier scales must be positive")
        if unknown := set(self.hard_rules) - set(RULES):
            raise ValueError(f"unknown hard rules: {sorted(unknown)}")
        return self

    def probability(self, features: list[float]) -> float:
        z = self.bias + sum(
            w * (x - m) / s for w, x, m, s in zip(self.weights, features, self.mean, self.scale, strict=True)
        )
        return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))


@dataclass(frozen=True, slots=True)
class GuardVerdict:
    """Why a candidate was accepted or rejected."""

    accepted: bool
    probability: float | None
    """The verifier's estimate that the two prompts ask the same thing (``None`` if vetoed)."""
    broken_rules: tuple[str, ...]


class FalseHitGuard:
    """Rules first, then the fitted verifier; cheap next to an embedding (about 0.1 ms a pair)."""

    def __init__(self, verifier: Verifier) -> None:
        self.verifier = verifier
        self._hard = frozenset(verifier.hard_rules)
        self._lock = threading.Lock()
        self._recent: OrderedDict[str, TextFacts] = OrderedDict()

    def accepts(
        self, query: str, candidate: str, similarity: float, *, fallback: bool = False, closer_refused: bool = False
    ) -> bool:
        """Whether ``candidate``'s answer may serve ``query`` (``fallback``: when offline;
        ``closer_refused``: a stored prompt nearer the query was refused, see :meth:`verdict`)."""
        return self.verdict(query, candidate, similarity, fallback=fallback, closer_refused=closer_refused).accepted

    def verdict(
        self, query: str, candidate: str, similarity: float, *, fallback: bool = False, closer_refused: bool = False
    ) -> GuardVerdict:
        """Rules, then the verifier. With ``closer_refused``, the candidate must also state a
        number, a unit, a name and a negation where the query does, and only there: the query's
        nearest stored prompt was refused, typically for a changed number ('145 lbs' /
        '135 lbs'), and a farther one that leaves such details out asks the general question
        ('the weight limit for lightweight'), whose answer suits the query no better. The
        verifier must then also be surer of the match (``farther_accept_probability``): 'switch
        from bugle to trumpet', refused 'switch from trumpet to bugle', is no 'adapt trumpet
        music for the bugle' either (hold-out 497)."""
        if _invisible(query) != _invisible(candidate):
            # The embedder and the rules read past format characters, but a model may not:
            # Unicode tag characters spell out hidden instructions ("ASCII smuggling"), and
            # an answer to one must not be served for the same visible question.
            return GuardVerdict(accepted=False, probability=None, broken_rules=("invisible",))
        if max(len(query), len(candidate)) > LONG_TEXT_CHARS:
            query, candidate = differing_region(query, candidate)
            if max(len(query), len(candidate)) > LONG_TEXT_CHARS:
                return GuardVerdict(accepted=False, probability=None, broken_rules=("long",))
        a, b = self._facts(query), self._facts(candidate)
        if closer_refused and _one_states_more(a, b):
            return GuardVerdict(accepted=False, probability=None, broken_rules=("closer refused",))
        return self.judge(a, b, similarity, fallback=fallback, farther=closer_refused)

    def judge(
        self, a: TextFacts, b: TextFacts, similarity: float, *, fallback: bool = False, farther: bool = False
    ) -> GuardVerdict:
        """The verdict on two texts' facts (``verdict`` without reading the texts); ``farther``:
        a nearer candidate was refused, and the verifier must be surer (``farther_accept_probability``)."""
        alike = a.cased == b.cased and a.identifiers == b.identifiers and a.operators == b.operators
        if a.signature == b.signature and alike and a.capitals == b.capitals:
            # the same text but for spacing, end punctuation and the case of prose: nothing to verify
            return GuardVerdict(accepted=True, probability=1.0, broken_rules=())
        if same_but_layout(a, b):
            # nothing but spacing, line breaks or end punctuation differs, and here they count
            return GuardVerdict(accepted=False, probability=None, broken_rules=("layout",))
        if a.foreign != b.foreign:
            # a script the rules cannot read (Chinese, Arabic, Cyrillic, …): only the same text is safe
            return GuardVerdict(accepted=False, probability=None, broken_rules=("unreadable",))
        broken = tuple(name for name, hit in rule_flags(a, b).items() if hit and name in self._hard)
        if broken:
            return GuardVerdict(accepted=False, probability=None, broken_rules=broken)
        if alike and a.capitals == b.capitals and same_but_hyphens(a, b):
            # the same words, joined by hyphens on one side ('dollar-cost averaging'), and no rule
            # objects: the verifier would lean on a cosine the hyphens moved (0.944 was refused)
            return GuardVerdict(accepted=True, probability=1.0, broken_rules=())
        probability = self.verifier.probability(pair_features(a, b, similarity))
        needed = self.verifier.fallback_accept_probability if fallback else self.verifier.accept_probability
        if farther:
            needed = max(needed, self.verifier.farther_accept_probability)
        return GuardVerdict(
            accepted=probability >= needed,
            probability=probability,
            broken_rules=(),
        )

    def _facts(self, text: str) -> TextFacts:
        """Facts of a text, remembered for a while: one query meets several candidates."""
        with self._lock:
            facts = self._recent.get(text)
            if facts is not None:
                self._recent.move_to_end(text)
                return facts
        facts = text_facts(text)
        with self._lock:
            self._recent[text] = facts
            while len(self._recent) > _RECENT_TEXTS:
                self._recent.popitem(last=False)
        return facts


def _one_states_more(a: TextFacts, b: TextFacts) -> bool:
    """Whether one text states a number, a unit, a name or a negation the other leaves out."""
    added = added_details(a, b)
    return added["number"] or added["entity"] or bool(a.units) != bool(b.units) or bool(a.negated) != bool(b.negated)


def pair_features(a: TextFacts, b: TextFacts, similarity: float) -> list[float]:
    """The verifier's feature vector for one pair, in :data:`FEATURES` order."""
    words_a, words_b = set(a.words), set(b.words)
    content_a, content_b = set(a.content), set(b.content)
    only_a, only_b = len(content_a - content_b), len(content_b - content_a)
    added = added_details(a, b)
    longer = max(len(a.content), len(b.content), 1)
    return [
        similarity,
        _jaccard(words_a, words_b),
        _jaccard(content_a, content_b),
        _jaccard(_trigrams(a.words), _trigrams(b.words)),
        min(len(a.words), len(b.words)) / max(len(a.words), len(b.words), 1),
        math.log1p(max(only_a, only_b)),
        math.log1p(min(only_a, only_b)),
        float(only_a > 0 and only_b > 0),
        float(a.wh_word == b.wh_word),
        _order_agreement(a.content, b.content) * len(content_a & content_b) / longer,
        float(added["number"]),
        float(added["unit"]),
        float(added["entity"]),
        float(added["identifier"]),
        float(added["category"]),
    ]


def load_guard(path: Path | None = None) -> FalseHitGuard:
    """The guard with the packaged ``verifier.json`` (or the file at ``path``)."""
    if path is None:
        raw = resources.files("hybrid_infer.cache").joinpath("verifier.json").read_bytes()
    else:
        raw = path.read_bytes()
    return FalseHitGuard(Verifier.model_validate_json(raw))


def _jaccard(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b) if a or b else 1.0


def _trigrams(words: tuple[str, ...]) -> set[str]:
    text = f" {_SQUASH.sub(' ', ' '.join(words)).strip()} "
    return {text[i : i + 3] for i in range(len(text) - 2)}


def _order_agreement(a: tuple[str, ...], b: tuple[str, ...]) -> float:
    """Share of shared-word pairs that keep their order (1.0 when nothing to compare)."""
    in_b = set(b)
    shared = [w for w in dict.fromkeys(a) if w in in_b]
    if len(shared) < 2:
        return 1.0
    position = {w: i for i, w in reversed(list(enumerate(b)))}
    pairs = len(shared) * (len(shared) - 1) // 2
    # a pair whose first word comes later in b is an inversion; counted by merge sort, not
    # pair by pair (a long pasted text shares thousands of words)
    return (pairs - _inversions([position[w] for w in shared])) / pairs


def _inversions(values: list[int]) -> int:
    """How many pairs ``i < j`` have ``values[i] >= values[j]`` (a merge sort's count)."""
    if len(values) < 2:
        return 0
    middle = len(values) // 2
    left, right = sorted(values[:middle]), sorted(values[middle:])
    count = _inversions(values[:middle]) + _inversions(values[middle:])
    j = 0
    for value in left:  # right items no greater than each left item
        while j < len(right) and right[j] <= value:
            j += 1
        count += j
    return count


LONG_TEXT_CHARS = 3000
"""Above this length the guard reads only where two texts differ (see :func:`differing_region`),
and refuses texts that differ over more than this: the embedder saw only their first few hundred
words, and reading all of a long text costs milliseconds per thousand characters."""
_REGION_MARGIN_CHARS = 200


def differing_region(a: str, b: str) -> tuple[str, str]:
    """The parts of ``a`` and ``b`` between their shared start and shared end, with up to
    :data:`_REGION_MARGIN_CHARS` of shared text around them, cut at spaces.

    Two prompts around one long pasted log or document differ in a few places: a number in
    the log, the instruction before it. What they share cannot tell them apart, so the rules
    read only what differs and the words next to it ('job 3999' / 'job 3998').
    """
    shortest = min(len(a), len(b))
    head = _shared_length(a, b, shortest)
    tail = _shared_length(a[::-1], b[::-1], shortest - head)
    start = _space_before(a, max(head - _REGION_MARGIN_CHARS, 0))
    end_a = _space_after(a, min(len(a) - tail + _REGION_MARGIN_CHARS, len(a)))
    end_b = _space_after(b, min(len(b) - tail + _REGION_MARGIN_CHARS, len(b)))
    return a[start:end_a], b[start:end_b]


def _shared_length(a: str, b: str, most: int) -> int:
    """How many first characters ``a`` and ``b`` share, up to ``most`` (compared in blocks)."""
    shared, block = 0, 4096
    while shared < most:
        step = min(block, most - shared)
        if a[shared : shared + step] == b[shared : shared + step]:
            shared += step
            continue
        if step == 1:
            break
        block = max(step // 2, 1)
    return shared


def _space_before(text: str, at: int) -> int:
    """``at`` moved back to just after a whitespace (the start of a word), or to 0."""
    while at > 0 and not text[at - 1].isspace():
        at -= 1
    return at


def _space_after(text: str, at: int) -> int:
    """``at`` moved on to a whitespace (the end of a word), or to the end."""
    while at < len(text) and not text[at].isspace():
        at += 1
    return at


def _invisible(text: str) -> str:
    """The characters of ``text`` that show nothing yet may carry content: format characters
    (zero-width spaces and joiners, soft hyphens, direction marks, tag characters) and
    variation selectors, in order. Most texts are ASCII and have none."""
    if text.isascii():
        return ""
    return "".join(
        c
        for c in text
        if unicodedata.category(c) == "Cf" or "\ufe00" <= c <= "\ufe0f" or "\U000e0100" <= c <= "\U000e01ef"
    )
