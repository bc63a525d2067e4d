"""Rule checks for near-miss prompts: details that change the answer but barely move a vector.

:func:`text_facts` extracts what the rules compare (numbers, units, measures converted to a
base unit, superlative ranks, negations and what they negate, entities with their aliases,
spelled-out acronyms and demonyms, code identifiers, flags and CLI subcommands, quoted strings,
category members such as languages or tones, word forms for antonyms and opposing word
groups, directional word order) and :func:`rule_flags` says which rules a pair breaks.
The rules are general, with their word lists as data (``vocabulary.json``) and no list of
known bad pairs; they know nothing of embeddings or thresholds.

The package reads in two layers, each module importing only from the layers below it:

- the vocabulary (``_vocabulary``) and word helpers (``_words``);
- reading one text: ``_normalise`` rewrites it, the ``_read_*`` modules read its numbers,
  negations, names, roles, scope and word forms, and ``_facts`` gathers them as
  :class:`TextFacts`;
- comparing two texts: one module per rule family (``_numbers``, ``_times``, ``_negation``,
  ``_names``, ``_opposites``, ``_audience``, ``_tasks``, ``_direction``, ``_scope``,
  ``_wording``), the
  comparisons they share (``_compare``), and ``_flags``, which runs them all.
"""

from hybrid_infer.cache._rules._facts import TextFacts, text_facts
from hybrid_infer.cache._rules._flags import RULES, added_details, rule_flags, same_but_hyphens, same_but_layout
from hybrid_infer.cache._rules._vocabulary import (
    CATEGORIES,
    DIRECTIONAL,
    NEGATIONS,
    NUMBER_WORDS,
    QUALIFIERS,
    STOPWORDS,
    UNITS,
)
from hybrid_infer.cache._rules._words import stem

__all__ = [
    "CATEGORIES",
    "DIRECTIONAL",
    "NEGATIONS",
    "NUMBER_WORDS",
    "QUALIFIERS",
    "RULES",
    "STOPWORDS",
    "UNITS",
    "TextFacts",
    "added_details",
    "rule_flags",
    "same_but_hyphens",
    "same_but_layout",
    "stem",
    "text_facts",
]
