"""What two long prompts that share most of their text say differently.

A prompt that pastes a document, a log or a module and then asks something embeds almost
entirely as the shared text: mean pooling over 200 shared words leaves the question a
sliver of the vector, and the embedder reads only its first 256 word pieces anyway. Two
different questions about one contract then score 0.97 to 1.0. When shared text dominates a
pair, the cache judges the parts that differ instead (:func:`differing_parts`), each with a
few shared words on either side for context.
"""

from __future__ import annotations

from collections.abc import Sequence
from difflib import SequenceMatcher

SHARED_WORDS = 20
"""A pair is dominated by shared text from this many words in common ..."""
SHARED_SHARE = 0.5
"""... making up at least this share of the longer prompt."""
CONTEXT_WORDS = 4
"""Shared words kept on each side of a differing part, so it reads as a phrase."""
MATCHED_WORDS = 1000
"""The most words between a pair's shared start and shared end that are compared part by part."""


def differing_parts(a: str, b: str) -> tuple[str, str] | None:
    """The parts of ``a`` and ``b`` that differ, with a little shared context around each;
    ``None`` when the two do not share enough text for that to matter (short or reworded
    prompts are judged whole)."""
    words_a, words_b = a.split(), b.split()
    longer = max(len(words_a), len(words_b))
    if longer < SHARED_WORDS:
        return None
    keys_a = [w.lower().strip(".,;:!?\"'()") for w in words_a]
    keys_b = [w.lower().strip(".,;:!?\"'()") for w in words_b]
    # The shared start and end are matched directly; only the words between them go to
    # SequenceMatcher, whose time grows with the square of its input (a 4,000-line pasted
    # log took seconds), and not more than MATCHED_WORDS of them.
    head, tail = shared_ends(keys_a, keys_b)
    middle_a, middle_b = keys_a[head : len(keys_a) - tail], keys_b[head : len(keys_b) - tail]
    if max(len(middle_a), len(middle_b)) > MATCHED_WORDS:
        return None  # too much differs to compare part by part: judged whole
    matcher = SequenceMatcher(None, middle_a, middle_b, autojunk=False)
    shared = head + tail + sum(block.size for block in matcher.get_matching_blocks())
    if shared < SHARED_WORDS or shared < SHARED_SHARE * longer:
        return None
    spans_a: list[tuple[int, int]] = []
    spans_b: list[tuple[int, int]] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        i1, i2, j1, j2 = i1 + head, i2 + head, j1 + head, j2 + head
        spans_a.append((max(0, i1 - CONTEXT_WORDS), min(len(words_a), i2 + CONTEXT_WORDS)))
        spans_b.append((max(0, j1 - CONTEXT_WORDS), min(len(words_b), j2 + CONTEXT_WORDS)))
    return _joined(words_a, spans_a), _joined(words_b, spans_b)


def shared_ends(a: Sequence[str], b: Sequence[str]) -> tuple[int, int]:
    """How many first and how many last items ``a`` and ``b`` share (not overlapping)."""
    shortest = min(len(a), len(b))
    head = 0
    while head < shortest and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < shortest - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    return head, tail


def _joined(words: list[str], spans: list[tuple[int, int]]) -> str:
    """The words of ``spans`` (merged where they overlap), parts separated by ' … '."""
    merged: list[list[int]] = []
    for start, end in spans:
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return " … ".join(" ".join(words[start:end]) for start, end in merged)
