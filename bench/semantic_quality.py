"""Precision and hit rate of the semantic cache, measured through ``ResponseCache``.

Protocol (``/work/shared/data/README.md``): store every ``a`` of a set of pairs with an
answer of its own, query with every ``b``. A hit that returns the partner's answer on a
label-1 pair is correct; every other hit is false. precision = correct / hits, hit rate =
correct / label-1 queries. Runs per threshold, with and without the false-hit guard, on
QQP (the held-out half by default: ``bench/fit_guard.py`` fits on the other half) and on
``bench/near_miss_pairs.jsonl``; writes a table into ``docs/caching.md`` and a plot into
``docs/img/``. Embeddings are cached in ``bench/.cache/`` so re-runs take seconds.

    .venv/bin/python bench/semantic_quality.py [--pairs N] [--split heldout|fit|all]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hybrid_infer._request import build_request  # noqa: E402
from hybrid_infer._results import Result  # noqa: E402
from hybrid_infer.cache import CacheConfig, ResponseCache  # noqa: E402
from hybrid_infer.cache._config import DEFAULT_SIMILARITY_THRESHOLD  # noqa: E402
from hybrid_infer.errors import ConfigError  # noqa: E402

QQP = Path("/work/shared/data/qqp_dev.jsonl")
NEAR_MISS = ROOT / "bench" / "near_miss_pairs.jsonl"
NEAR_MISS_UNSEEN = ROOT / "bench" / "near_miss_unseen.jsonl"
"""Written by the guard's author after an earlier version of the guard was frozen."""
NEAR_MISS_INDEPENDENT = ROOT / "bench" / "near_miss_independent.jsonl"
"""Written by a separate session that never saw the rules; used to tune the rules and defaults."""
NEAR_MISS_INSTRUCTIONS = ROOT / "bench" / "near_miss_instructions.jsonl"
"""Instruction-style prompts, written like the independent file; used to tune the rules."""
NEAR_MISS_HOLDOUT = ROOT / "bench" / "near_miss_holdout.jsonl"
"""Written like the independent file; first scored after the first round of rule changes, never tuned on."""
NEAR_MISS_HOLDOUT_2 = ROOT / "bench" / "near_miss_holdout_2.jsonl"
"""Questions and instructions, written like the others; never used to tune anything."""
NEAR_MISS_REWORDED = ROOT / "bench" / "near_miss_reworded.jsonl"
"""Written like the others, with a third of the paraphrases heavily reworded; used to tune."""
NEAR_MISS_OTHER_KINDS = ROOT / "bench" / "near_miss_other_kinds.jsonl"
"""Changes of time, length, quantifier, rank, audience, tone, format and role, with paraphrases
that vary such words; used to develop rules, not held to the acceptance constraint."""
NEAR_MISS_HOLDOUT_3 = ROOT / "bench" / "near_miss_holdout_3.jsonl"
"""Prompts of agents and developer tools, written like the others; never used to tune anything."""
NEAR_MISS_HOLDOUT_4 = ROOT / "bench" / "near_miss_holdout_4.jsonl"
"""Ten near-miss kinds (the issue's, plus time, length or format, audience or tone) with heavier
rewording; first scored before the rules of its round were run on it, then looked at."""
NEAR_MISS_HOLDOUT_5 = ROOT / "bench" / "near_miss_holdout_5.jsonl"
"""The issue's near-miss kinds plus hard negatives (same words, another question) and light to
heavy paraphrases, written by a separate session; scored before its round's rules, then looked at."""
NEAR_MISS_HOLDOUT_6 = ROOT / "bench" / "near_miss_holdout_6.jsonl"
"""The issue's seven near-miss kinds, 15 each, and 75 paraphrases, written by a separate session;
scored before its round's rules, then looked at."""
NEAR_MISS_HOLDOUT_7 = ROOT / "bench" / "near_miss_holdout_7.jsonl"
"""The issue's seven kinds, 15 each, and 75 paraphrases (inline code, context first), written
by a separate session; scored before its round's rules, then looked at."""
NEAR_MISS_HOLDOUT_8 = ROOT / "bench" / "near_miss_holdout_8.jsonl"
"""The issue's seven kinds, 15 each, and 75 paraphrases (negations and number words on both
sides, passive voice), written by a separate session; scored before its round's rules, then looked at."""
NEAR_MISS_HOLDOUT_9 = ROOT / "bench" / "near_miss_holdout_9.jsonl"
"""The issue's seven kinds, 15 each, and 75 paraphrases in chat and formal styles, written by a
separate session after hold-out 8's round; scored before its own round's rules, then looked at."""
NEAR_MISS_HOLDOUT_10 = ROOT / "bench" / "near_miss_holdout_10.jsonl"
"""The issue's seven kinds, 15 each, and 75 paraphrases (Kubernetes, Terraform, OAuth, taxes,
gardening, ...), written by a separate session; scored before its round's rules, then looked at."""
NEAR_MISS_HOLDOUT_11 = ROOT / "bench" / "near_miss_holdout_11.jsonl"
"""The issue's seven kinds, 15 each, and 75 paraphrases (everyday life, health, finance, admin,
hobbies, code), written by a separate session; scored before its round's rules, then looked at."""
NEAR_MISS_HOLDOUT_12 = ROOT / "bench" / "near_miss_holdout_12.jsonl"
"""The issue's seven kinds, 15 each, and 75 paraphrases of prompts applications and agents send
(extraction, SQL, tool choice, log filters, support replies), written by a separate session;
scored before its round's rules, then looked at."""
NEAR_MISS_HOLDOUT_13 = ROOT / "bench" / "near_miss_holdout_13.jsonl"
"""The issue's seven kinds, 15 each, and 75 paraphrases, short and long, many domains, written by
a separate session; scored before its round's rules, then looked at."""
NEAR_MISS_HOLDOUT_14 = ROOT / "bench" / "near_miss_holdout_14.jsonl"
"""The issue's seven kinds, 15 each, and 75 paraphrases of long developer prompts with several
constraints, written by a separate session; scored before its round's rules, then looked at."""
NEAR_MISS_HOLDOUT_15 = ROOT / "bench" / "near_miss_holdout_15.jsonl"
"""The issue's seven kinds, 15 each, and 75 paraphrases, most reworded heavily (many below 0.80
cosine), everyday and technical, written by a separate session; scored before its round's rules."""
NEAR_MISS_HOLDOUT_16 = ROOT / "bench" / "near_miss_holdout_16.jsonl"
"""The issue's seven kinds, 15 each, and 75 paraphrases of agent-style prompts (extraction to
JSON, classification, tool calls, log questions), written by a separate session; scored before
its round's rules."""
NEAR_MISS_HOLDOUT_17 = ROOT / "bench" / "near_miss_holdout_17.jsonl"
NEAR_MISS_HOLDOUT_18 = ROOT / "bench" / "near_miss_holdout_18.jsonl"
NEAR_MISS_HOLDOUT_19 = ROOT / "bench" / "near_miss_holdout_19.jsonl"
NEAR_MISS_HOLDOUT_20 = ROOT / "bench" / "near_miss_holdout_20.jsonl"
NEAR_MISS_HOLDOUT_21 = ROOT / "bench" / "near_miss_holdout_21.jsonl"
NEAR_MISS_HOLDOUT_22 = ROOT / "bench" / "near_miss_holdout_22.jsonl"
NEAR_MISS_HOLDOUT_23 = ROOT / "bench" / "near_miss_holdout_23.jsonl"
NEAR_MISS_HOLDOUT_24 = ROOT / "bench" / "near_miss_holdout_24.jsonl"
NEAR_MISS_REVIEW_16 = ROOT / "bench" / "near_miss_review16.jsonl"
NEAR_MISS_HOLDOUT_25 = ROOT / "bench" / "near_miss_holdout_25.jsonl"
NEAR_MISS_REVIEW_17 = ROOT / "bench" / "near_miss_review17.jsonl"
NEAR_MISS_HOLDOUT_26 = ROOT / "bench" / "near_miss_holdout_26.jsonl"
NEAR_MISS_REVIEW_18 = ROOT / "bench" / "near_miss_review18.jsonl"
NEAR_MISS_HOLDOUT_27 = ROOT / "bench" / "near_miss_holdout_27.jsonl"
NEAR_MISS_HOLDOUT_28 = ROOT / "bench" / "near_miss_holdout_28.jsonl"
NEAR_MISS_REVIEW_19 = ROOT / "bench" / "near_miss_review19.jsonl"
NEAR_MISS_HOLDOUT_29 = ROOT / "bench" / "near_miss_holdout_29.jsonl"
NEAR_MISS_HOLDOUT_30 = ROOT / "bench" / "near_miss_holdout_30.jsonl"
NEAR_MISS_HOLDOUT_31 = ROOT / "bench" / "near_miss_holdout_31.jsonl"
NEAR_MISS_REVIEW_20 = ROOT / "bench" / "near_miss_review20.jsonl"
NEAR_MISS_HOLDOUT_32 = ROOT / "bench" / "near_miss_holdout_32.jsonl"
NEAR_MISS_HOLDOUT_33 = ROOT / "bench" / "near_miss_holdout_33.jsonl"
NEAR_MISS_HOLDOUT_34 = ROOT / "bench" / "near_miss_holdout_34.jsonl"
NEAR_MISS_HOLDOUT_35 = ROOT / "bench" / "near_miss_holdout_35.jsonl"
NEAR_MISS_HOLDOUT_36 = ROOT / "bench" / "near_miss_holdout_36.jsonl"
NEAR_MISS_HOLDOUT_37 = ROOT / "bench" / "near_miss_holdout_37.jsonl"
NEAR_MISS_HOLDOUT_38 = ROOT / "bench" / "near_miss_holdout_38.jsonl"
NEAR_MISS_HOLDOUT_39 = ROOT / "bench" / "near_miss_holdout_39.jsonl"
NEAR_MISS_HOLDOUT_40 = ROOT / "bench" / "near_miss_holdout_40.jsonl"
NEAR_MISS_HOLDOUT_41 = ROOT / "bench" / "near_miss_holdout_41.jsonl"
NEAR_MISS_HOLDOUT_42 = ROOT / "bench" / "near_miss_holdout_42.jsonl"
NEAR_MISS_HOLDOUT_43 = ROOT / "bench" / "near_miss_holdout_43.jsonl"
NEAR_MISS_HOLDOUT_44 = ROOT / "bench" / "near_miss_holdout_44.jsonl"
NEAR_MISS_HOLDOUT_45 = ROOT / "bench" / "near_miss_holdout_45.jsonl"
NEAR_MISS_HOLDOUT_46 = ROOT / "bench" / "near_miss_holdout_46.jsonl"
NEAR_MISS_HOLDOUT_47 = ROOT / "bench" / "near_miss_holdout_47.jsonl"
NEAR_MISS_HOLDOUT_48 = ROOT / "bench" / "near_miss_holdout_48.jsonl"
NEAR_MISS_HOLDOUT_49 = ROOT / "bench" / "near_miss_holdout_49.jsonl"
NEAR_MISS_HOLDOUT_50 = ROOT / "bench" / "near_miss_holdout_50.jsonl"
NEAR_MISS_HOLDOUT_51 = ROOT / "bench" / "near_miss_holdout_51.jsonl"
NEAR_MISS_HOLDOUT_52 = ROOT / "bench" / "near_miss_holdout_52.jsonl"
NEAR_MISS_HOLDOUT_53 = ROOT / "bench" / "near_miss_holdout_53.jsonl"
NEAR_MISS_HOLDOUT_54 = ROOT / "bench" / "near_miss_holdout_54.jsonl"
NEAR_MISS_HOLDOUT_55 = ROOT / "bench" / "near_miss_holdout_55.jsonl"
NEAR_MISS_HOLDOUT_56 = ROOT / "bench" / "near_miss_holdout_56.jsonl"
NEAR_MISS_HOLDOUT_57 = ROOT / "bench" / "near_miss_holdout_57.jsonl"
NEAR_MISS_HOLDOUT_58 = ROOT / "bench" / "near_miss_holdout_58.jsonl"
NEAR_MISS_HOLDOUT_59 = ROOT / "bench" / "near_miss_holdout_59.jsonl"
NEAR_MISS_HOLDOUT_60 = ROOT / "bench" / "near_miss_holdout_60.jsonl"
NEAR_MISS_HOLDOUT_61 = ROOT / "bench" / "near_miss_holdout_61.jsonl"
NEAR_MISS_HOLDOUT_62 = ROOT / "bench" / "near_miss_holdout_62.jsonl"
NEAR_MISS_HOLDOUT_63 = ROOT / "bench" / "near_miss_holdout_63.jsonl"
NEAR_MISS_HOLDOUT_64 = ROOT / "bench" / "near_miss_holdout_64.jsonl"
NEAR_MISS_HOLDOUT_65 = ROOT / "bench" / "near_miss_holdout_65.jsonl"
NEAR_MISS_HOLDOUT_66 = ROOT / "bench" / "near_miss_holdout_66.jsonl"
NEAR_MISS_HOLDOUT_67 = ROOT / "bench" / "near_miss_holdout_67.jsonl"
NEAR_MISS_HOLDOUT_68 = ROOT / "bench" / "near_miss_holdout_68.jsonl"
NEAR_MISS_HOLDOUT_69 = ROOT / "bench" / "near_miss_holdout_69.jsonl"
NEAR_MISS_HOLDOUT_70 = ROOT / "bench" / "near_miss_holdout_70.jsonl"
NEAR_MISS_HOLDOUT_71 = ROOT / "bench" / "near_miss_holdout_71.jsonl"
NEAR_MISS_HOLDOUT_72 = ROOT / "bench" / "near_miss_holdout_72.jsonl"
NEAR_MISS_HOLDOUT_73 = ROOT / "bench" / "near_miss_holdout_73.jsonl"
NEAR_MISS_HOLDOUT_74 = ROOT / "bench" / "near_miss_holdout_74.jsonl"
NEAR_MISS_HOLDOUT_75 = ROOT / "bench" / "near_miss_holdout_75.jsonl"
NEAR_MISS_HOLDOUT_76 = ROOT / "bench" / "near_miss_holdout_76.jsonl"
NEAR_MISS_HOLDOUT_77 = ROOT / "bench" / "near_miss_holdout_77.jsonl"
NEAR_MISS_HOLDOUT_78 = ROOT / "bench" / "near_miss_holdout_78.jsonl"
NEAR_MISS_HOLDOUT_79 = ROOT / "bench" / "near_miss_holdout_79.jsonl"
NEAR_MISS_HOLDOUT_80 = ROOT / "bench" / "near_miss_holdout_80.jsonl"
NEAR_MISS_HOLDOUT_81 = ROOT / "bench" / "near_miss_holdout_81.jsonl"
NEAR_MISS_HOLDOUT_82 = ROOT / "bench" / "near_miss_holdout_82.jsonl"
NEAR_MISS_HOLDOUT_83 = ROOT / "bench" / "near_miss_holdout_83.jsonl"
NEAR_MISS_HOLDOUT_84 = ROOT / "bench" / "near_miss_holdout_84.jsonl"
NEAR_MISS_HOLDOUT_85 = ROOT / "bench" / "near_miss_holdout_85.jsonl"
NEAR_MISS_HOLDOUT_86 = ROOT / "bench" / "near_miss_holdout_86.jsonl"
NEAR_MISS_HOLDOUT_87 = ROOT / "bench" / "near_miss_holdout_87.jsonl"
NEAR_MISS_HOLDOUT_88 = ROOT / "bench" / "near_miss_holdout_88.jsonl"
NEAR_MISS_HOLDOUT_89 = ROOT / "bench" / "near_miss_holdout_89.jsonl"
NEAR_MISS_HOLDOUT_90 = ROOT / "bench" / "near_miss_holdout_90.jsonl"
NEAR_MISS_HOLDOUT_91 = ROOT / "bench" / "near_miss_holdout_91.jsonl"
NEAR_MISS_HOLDOUT_92 = ROOT / "bench" / "near_miss_holdout_92.jsonl"
NEAR_MISS_HOLDOUT_93 = ROOT / "bench" / "near_miss_holdout_93.jsonl"
NEAR_MISS_HOLDOUT_94 = ROOT / "bench" / "near_miss_holdout_94.jsonl"
NEAR_MISS_HOLDOUT_95 = ROOT / "bench" / "near_miss_holdout_95.jsonl"
NEAR_MISS_HOLDOUT_96 = ROOT / "bench" / "near_miss_holdout_96.jsonl"
NEAR_MISS_HOLDOUT_97 = ROOT / "bench" / "near_miss_holdout_97.jsonl"
NEAR_MISS_HOLDOUT_98 = ROOT / "bench" / "near_miss_holdout_98.jsonl"
NEAR_MISS_HOLDOUT_99 = ROOT / "bench" / "near_miss_holdout_99.jsonl"
NEAR_MISS_HOLDOUT_100 = ROOT / "bench" / "near_miss_holdout_100.jsonl"
NEAR_MISS_HOLDOUT_101 = ROOT / "bench" / "near_miss_holdout_101.jsonl"
NEAR_MISS_HOLDOUT_102 = ROOT / "bench" / "near_miss_holdout_102.jsonl"
NEAR_MISS_HOLDOUT_103 = ROOT / "bench" / "near_miss_holdout_103.jsonl"
NEAR_MISS_HOLDOUT_104 = ROOT / "bench" / "near_miss_holdout_104.jsonl"
NEAR_MISS_HOLDOUT_105 = ROOT / "bench" / "near_miss_holdout_105.jsonl"
NEAR_MISS_HOLDOUT_106 = ROOT / "bench" / "near_miss_holdout_106.jsonl"
NEAR_MISS_HOLDOUT_107 = ROOT / "bench" / "near_miss_holdout_107.jsonl"
NEAR_MISS_HOLDOUT_108 = ROOT / "bench" / "near_miss_holdout_108.jsonl"
NEAR_MISS_HOLDOUT_109 = ROOT / "bench" / "near_miss_holdout_109.jsonl"
NEAR_MISS_HOLDOUT_110 = ROOT / "bench" / "near_miss_holdout_110.jsonl"
NEAR_MISS_HOLDOUT_111 = ROOT / "bench" / "near_miss_holdout_111.jsonl"
NEAR_MISS_HOLDOUT_112 = ROOT / "bench" / "near_miss_holdout_112.jsonl"
NEAR_MISS_HOLDOUT_113 = ROOT / "bench" / "near_miss_holdout_113.jsonl"
NEAR_MISS_HOLDOUT_114 = ROOT / "bench" / "near_miss_holdout_114.jsonl"
NEAR_MISS_HOLDOUT_115 = ROOT / "bench" / "near_miss_holdout_115.jsonl"
NEAR_MISS_HOLDOUT_116 = ROOT / "bench" / "near_miss_holdout_116.jsonl"
NEAR_MISS_HOLDOUT_117 = ROOT / "bench" / "near_miss_holdout_117.jsonl"
NEAR_MISS_HOLDOUT_118 = ROOT / "bench" / "near_miss_holdout_118.jsonl"
NEAR_MISS_HOLDOUT_119 = ROOT / "bench" / "near_miss_holdout_119.jsonl"
NEAR_MISS_HOLDOUT_120 = ROOT / "bench" / "near_miss_holdout_120.jsonl"
NEAR_MISS_HOLDOUT_121 = ROOT / "bench" / "near_miss_holdout_121.jsonl"
NEAR_MISS_HOLDOUT_122 = ROOT / "bench" / "near_miss_holdout_122.jsonl"
NEAR_MISS_HOLDOUT_123 = ROOT / "bench" / "near_miss_holdout_123.jsonl"
NEAR_MISS_HOLDOUT_124 = ROOT / "bench" / "near_miss_holdout_124.jsonl"
NEAR_MISS_HOLDOUT_125 = ROOT / "bench" / "near_miss_holdout_125.jsonl"
NEAR_MISS_HOLDOUT_126 = ROOT / "bench" / "near_miss_holdout_126.jsonl"
NEAR_MISS_HOLDOUT_127 = ROOT / "bench" / "near_miss_holdout_127.jsonl"
NEAR_MISS_HOLDOUT_128 = ROOT / "bench" / "near_miss_holdout_128.jsonl"
NEAR_MISS_HOLDOUT_129 = ROOT / "bench" / "near_miss_holdout_129.jsonl"
NEAR_MISS_HOLDOUT_130 = ROOT / "bench" / "near_miss_holdout_130.jsonl"
NEAR_MISS_HOLDOUT_131 = ROOT / "bench" / "near_miss_holdout_131.jsonl"
NEAR_MISS_HOLDOUT_132 = ROOT / "bench" / "near_miss_holdout_132.jsonl"
NEAR_MISS_HOLDOUT_133 = ROOT / "bench" / "near_miss_holdout_133.jsonl"
NEAR_MISS_HOLDOUT_134 = ROOT / "bench" / "near_miss_holdout_134.jsonl"
NEAR_MISS_HOLDOUT_135 = ROOT / "bench" / "near_miss_holdout_135.jsonl"
NEAR_MISS_HOLDOUT_136 = ROOT / "bench" / "near_miss_holdout_136.jsonl"
NEAR_MISS_HOLDOUT_137 = ROOT / "bench" / "near_miss_holdout_137.jsonl"
NEAR_MISS_HOLDOUT_138 = ROOT / "bench" / "near_miss_holdout_138.jsonl"
NEAR_MISS_HOLDOUT_139 = ROOT / "bench" / "near_miss_holdout_139.jsonl"
NEAR_MISS_HOLDOUT_140 = ROOT / "bench" / "near_miss_holdout_140.jsonl"
NEAR_MISS_HOLDOUT_141 = ROOT / "bench" / "near_miss_holdout_141.jsonl"
NEAR_MISS_HOLDOUT_142 = ROOT / "bench" / "near_miss_holdout_142.jsonl"
NEAR_MISS_HOLDOUT_143 = ROOT / "bench" / "near_miss_holdout_143.jsonl"
NEAR_MISS_HOLDOUT_144 = ROOT / "bench" / "near_miss_holdout_144.jsonl"
NEAR_MISS_HOLDOUT_145 = ROOT / "bench" / "near_miss_holdout_145.jsonl"
NEAR_MISS_HOLDOUT_146 = ROOT / "bench" / "near_miss_holdout_146.jsonl"
NEAR_MISS_HOLDOUT_147 = ROOT / "bench" / "near_miss_holdout_147.jsonl"
NEAR_MISS_HOLDOUT_148 = ROOT / "bench" / "near_miss_holdout_148.jsonl"
NEAR_MISS_HOLDOUT_149 = ROOT / "bench" / "near_miss_holdout_149.jsonl"
NEAR_MISS_HOLDOUT_150 = ROOT / "bench" / "near_miss_holdout_150.jsonl"
NEAR_MISS_HOLDOUT_151 = ROOT / "bench" / "near_miss_holdout_151.jsonl"
NEAR_MISS_HOLDOUT_152 = ROOT / "bench" / "near_miss_holdout_152.jsonl"
NEAR_MISS_HOLDOUT_153 = ROOT / "bench" / "near_miss_holdout_153.jsonl"
NEAR_MISS_HOLDOUT_154 = ROOT / "bench" / "near_miss_holdout_154.jsonl"
NEAR_MISS_HOLDOUT_155 = ROOT / "bench" / "near_miss_holdout_155.jsonl"
NEAR_MISS_HOLDOUT_156 = ROOT / "bench" / "near_miss_holdout_156.jsonl"
NEAR_MISS_HOLDOUT_157 = ROOT / "bench" / "near_miss_holdout_157.jsonl"
NEAR_MISS_HOLDOUT_158 = ROOT / "bench" / "near_miss_holdout_158.jsonl"
NEAR_MISS_HOLDOUT_159 = ROOT / "bench" / "near_miss_holdout_159.jsonl"
NEAR_MISS_HOLDOUT_160 = ROOT / "bench" / "near_miss_holdout_160.jsonl"
NEAR_MISS_HOLDOUT_161 = ROOT / "bench" / "near_miss_holdout_161.jsonl"
NEAR_MISS_HOLDOUT_162 = ROOT / "bench" / "near_miss_holdout_162.jsonl"
NEAR_MISS_HOLDOUT_163 = ROOT / "bench" / "near_miss_holdout_163.jsonl"
NEAR_MISS_HOLDOUT_164 = ROOT / "bench" / "near_miss_holdout_164.jsonl"
NEAR_MISS_HOLDOUT_165 = ROOT / "bench" / "near_miss_holdout_165.jsonl"
NEAR_MISS_HOLDOUT_166 = ROOT / "bench" / "near_miss_holdout_166.jsonl"
NEAR_MISS_HOLDOUT_167 = ROOT / "bench" / "near_miss_holdout_167.jsonl"
NEAR_MISS_HOLDOUT_168 = ROOT / "bench" / "near_miss_holdout_168.jsonl"
NEAR_MISS_HOLDOUT_169 = ROOT / "bench" / "near_miss_holdout_169.jsonl"
NEAR_MISS_HOLDOUT_170 = ROOT / "bench" / "near_miss_holdout_170.jsonl"
NEAR_MISS_HOLDOUT_171 = ROOT / "bench" / "near_miss_holdout_171.jsonl"
NEAR_MISS_HOLDOUT_172 = ROOT / "bench" / "near_miss_holdout_172.jsonl"
NEAR_MISS_HOLDOUT_173 = ROOT / "bench" / "near_miss_holdout_173.jsonl"
NEAR_MISS_HOLDOUT_174 = ROOT / "bench" / "near_miss_holdout_174.jsonl"
NEAR_MISS_HOLDOUT_175 = ROOT / "bench" / "near_miss_holdout_175.jsonl"
NEAR_MISS_HOLDOUT_176 = ROOT / "bench" / "near_miss_holdout_176.jsonl"
NEAR_MISS_HOLDOUT_177 = ROOT / "bench" / "near_miss_holdout_177.jsonl"
NEAR_MISS_HOLDOUT_178 = ROOT / "bench" / "near_miss_holdout_178.jsonl"
NEAR_MISS_HOLDOUT_179 = ROOT / "bench" / "near_miss_holdout_179.jsonl"
NEAR_MISS_HOLDOUT_180 = ROOT / "bench" / "near_miss_holdout_180.jsonl"
NEAR_MISS_HOLDOUT_181 = ROOT / "bench" / "near_miss_holdout_181.jsonl"
NEAR_MISS_HOLDOUT_182 = ROOT / "bench" / "near_miss_holdout_182.jsonl"
NEAR_MISS_HOLDOUT_183 = ROOT / "bench" / "near_miss_holdout_183.jsonl"
NEAR_MISS_HOLDOUT_184 = ROOT / "bench" / "near_miss_holdout_184.jsonl"
NEAR_MISS_HOLDOUT_185 = ROOT / "bench" / "near_miss_holdout_185.jsonl"
NEAR_MISS_HOLDOUT_186 = ROOT / "bench" / "near_miss_holdout_186.jsonl"
NEAR_MISS_HOLDOUT_187 = ROOT / "bench" / "near_miss_holdout_187.jsonl"
NEAR_MISS_HOLDOUT_188 = ROOT / "bench" / "near_miss_holdout_188.jsonl"
NEAR_MISS_HOLDOUT_189 = ROOT / "bench" / "near_miss_holdout_189.jsonl"
NEAR_MISS_HOLDOUT_190 = ROOT / "bench" / "near_miss_holdout_190.jsonl"
NEAR_MISS_HOLDOUT_191 = ROOT / "bench" / "near_miss_holdout_191.jsonl"
NEAR_MISS_HOLDOUT_192 = ROOT / "bench" / "near_miss_holdout_192.jsonl"
NEAR_MISS_HOLDOUT_193 = ROOT / "bench" / "near_miss_holdout_193.jsonl"
NEAR_MISS_HOLDOUT_194 = ROOT / "bench" / "near_miss_holdout_194.jsonl"
NEAR_MISS_HOLDOUT_195 = ROOT / "bench" / "near_miss_holdout_195.jsonl"
NEAR_MISS_HOLDOUT_196 = ROOT / "bench" / "near_miss_holdout_196.jsonl"
NEAR_MISS_HOLDOUT_197 = ROOT / "bench" / "near_miss_holdout_197.jsonl"
NEAR_MISS_HOLDOUT_198 = ROOT / "bench" / "near_miss_holdout_198.jsonl"
NEAR_MISS_HOLDOUT_199 = ROOT / "bench" / "near_miss_holdout_199.jsonl"
NEAR_MISS_HOLDOUT_200 = ROOT / "bench" / "near_miss_holdout_200.jsonl"
NEAR_MISS_HOLDOUT_201 = ROOT / "bench" / "near_miss_holdout_201.jsonl"
NEAR_MISS_HOLDOUT_202 = ROOT / "bench" / "near_miss_holdout_202.jsonl"
NEAR_MISS_HOLDOUT_203 = ROOT / "bench" / "near_miss_holdout_203.jsonl"
NEAR_MISS_HOLDOUT_204 = ROOT / "bench" / "near_miss_holdout_204.jsonl"
NEAR_MISS_HOLDOUT_205 = ROOT / "bench" / "near_miss_holdout_205.jsonl"
NEAR_MISS_HOLDOUT_206 = ROOT / "bench" / "near_miss_holdout_206.jsonl"
NEAR_MISS_HOLDOUT_207 = ROOT / "bench" / "near_miss_holdout_207.jsonl"
NEAR_MISS_HOLDOUT_208 = ROOT / "bench" / "near_miss_holdout_208.jsonl"
NEAR_MISS_HOLDOUT_209 = ROOT / "bench" / "near_miss_holdout_209.jsonl"
NEAR_MISS_HOLDOUT_210 = ROOT / "bench" / "near_miss_holdout_210.jsonl"
NEAR_MISS_HOLDOUT_211 = ROOT / "bench" / "near_miss_holdout_211.jsonl"
NEAR_MISS_HOLDOUT_212 = ROOT / "bench" / "near_miss_holdout_212.jsonl"
NEAR_MISS_HOLDOUT_213 = ROOT / "bench" / "near_miss_holdout_213.jsonl"
NEAR_MISS_HOLDOUT_214 = ROOT / "bench" / "near_miss_holdout_214.jsonl"
NEAR_MISS_HOLDOUT_215 = ROOT / "bench" / "near_miss_holdout_215.jsonl"
NEAR_MISS_HOLDOUT_216 = ROOT / "bench" / "near_miss_holdout_216.jsonl"
NEAR_MISS_HOLDOUT_217 = ROOT / "bench" / "near_miss_holdout_217.jsonl"
NEAR_MISS_HOLDOUT_218 = ROOT / "bench" / "near_miss_holdout_218.jsonl"
NEAR_MISS_HOLDOUT_219 = ROOT / "bench" / "near_miss_holdout_219.jsonl"
NEAR_MISS_HOLDOUT_220 = ROOT / "bench" / "near_miss_holdout_220.jsonl"
NEAR_MISS_HOLDOUT_221 = ROOT / "bench" / "near_miss_holdout_221.jsonl"
NEAR_MISS_HOLDOUT_222 = ROOT / "bench" / "near_miss_holdout_222.jsonl"
NEAR_MISS_HOLDOUT_223 = ROOT / "bench" / "near_miss_holdout_223.jsonl"
NEAR_MISS_HOLDOUT_224 = ROOT / "bench" / "near_miss_holdout_224.jsonl"
NEAR_MISS_HOLDOUT_225 = ROOT / "bench" / "near_miss_holdout_225.jsonl"
NEAR_MISS_HOLDOUT_226 = ROOT / "bench" / "near_miss_holdout_226.jsonl"
NEAR_MISS_HOLDOUT_227 = ROOT / "bench" / "near_miss_holdout_227.jsonl"
NEAR_MISS_HOLDOUT_228 = ROOT / "bench" / "near_miss_holdout_228.jsonl"
NEAR_MISS_HOLDOUT_229 = ROOT / "bench" / "near_miss_holdout_229.jsonl"
NEAR_MISS_HOLDOUT_230 = ROOT / "bench" / "near_miss_holdout_230.jsonl"
NEAR_MISS_HOLDOUT_231 = ROOT / "bench" / "near_miss_holdout_231.jsonl"
NEAR_MISS_HOLDOUT_232 = ROOT / "bench" / "near_miss_holdout_232.jsonl"
NEAR_MISS_HOLDOUT_233 = ROOT / "bench" / "near_miss_holdout_233.jsonl"
NEAR_MISS_HOLDOUT_234 = ROOT / "bench" / "near_miss_holdout_234.jsonl"
NEAR_MISS_HOLDOUT_235 = ROOT / "bench" / "near_miss_holdout_235.jsonl"
NEAR_MISS_HOLDOUT_236 = ROOT / "bench" / "near_miss_holdout_236.jsonl"
NEAR_MISS_HOLDOUT_237 = ROOT / "bench" / "near_miss_holdout_237.jsonl"
NEAR_MISS_HOLDOUT_238 = ROOT / "bench" / "near_miss_holdout_238.jsonl"
NEAR_MISS_HOLDOUT_239 = ROOT / "bench" / "near_miss_holdout_239.jsonl"
NEAR_MISS_HOLDOUT_240 = ROOT / "bench" / "near_miss_holdout_240.jsonl"
NEAR_MISS_HOLDOUT_241 = ROOT / "bench" / "near_miss_holdout_241.jsonl"
NEAR_MISS_HOLDOUT_242 = ROOT / "bench" / "near_miss_holdout_242.jsonl"
NEAR_MISS_HOLDOUT_243 = ROOT / "bench" / "near_miss_holdout_243.jsonl"
NEAR_MISS_HOLDOUT_244 = ROOT / "bench" / "near_miss_holdout_244.jsonl"
NEAR_MISS_HOLDOUT_245 = ROOT / "bench" / "near_miss_holdout_245.jsonl"
NEAR_MISS_HOLDOUT_246 = ROOT / "bench" / "near_miss_holdout_246.jsonl"
NEAR_MISS_HOLDOUT_247 = ROOT / "bench" / "near_miss_holdout_247.jsonl"
NEAR_MISS_HOLDOUT_248 = ROOT / "bench" / "near_miss_holdout_248.jsonl"
NEAR_MISS_HOLDOUT_249 = ROOT / "bench" / "near_miss_holdout_249.jsonl"
NEAR_MISS_HOLDOUT_250 = ROOT / "bench" / "near_miss_holdout_250.jsonl"
NEAR_MISS_HOLDOUT_251 = ROOT / "bench" / "near_miss_holdout_251.jsonl"
NEAR_MISS_HOLDOUT_252 = ROOT / "bench" / "near_miss_holdout_252.jsonl"
NEAR_MISS_HOLDOUT_253 = ROOT / "bench" / "near_miss_holdout_253.jsonl"
NEAR_MISS_HOLDOUT_254 = ROOT / "bench" / "near_miss_holdout_254.jsonl"
NEAR_MISS_HOLDOUT_255 = ROOT / "bench" / "near_miss_holdout_255.jsonl"
NEAR_MISS_HOLDOUT_256 = ROOT / "bench" / "near_miss_holdout_256.jsonl"
NEAR_MISS_HOLDOUT_257 = ROOT / "bench" / "near_miss_holdout_257.jsonl"
NEAR_MISS_HOLDOUT_258 = ROOT / "bench" / "near_miss_holdout_258.jsonl"
NEAR_MISS_HOLDOUT_259 = ROOT / "bench" / "near_miss_holdout_259.jsonl"
NEAR_MISS_HOLDOUT_260 = ROOT / "bench" / "near_miss_holdout_260.jsonl"
NEAR_MISS_HOLDOUT_261 = ROOT / "bench" / "near_miss_holdout_261.jsonl"
NEAR_MISS_HOLDOUT_262 = ROOT / "bench" / "near_miss_holdout_262.jsonl"
NEAR_MISS_HOLDOUT_263 = ROOT / "bench" / "near_miss_holdout_263.jsonl"
NEAR_MISS_HOLDOUT_264 = ROOT / "bench" / "near_miss_holdout_264.jsonl"
NEAR_MISS_HOLDOUT_265 = ROOT / "bench" / "near_miss_holdout_265.jsonl"
NEAR_MISS_HOLDOUT_266 = ROOT / "bench" / "near_miss_holdout_266.jsonl"
NEAR_MISS_HOLDOUT_267 = ROOT / "bench" / "near_miss_holdout_267.jsonl"
NEAR_MISS_HOLDOUT_268 = ROOT / "bench" / "near_miss_holdout_268.jsonl"
NEAR_MISS_HOLDOUT_269 = ROOT / "bench" / "near_miss_holdout_269.jsonl"
NEAR_MISS_HOLDOUT_270 = ROOT / "bench" / "near_miss_holdout_270.jsonl"
NEAR_MISS_HOLDOUT_271 = ROOT / "bench" / "near_miss_holdout_271.jsonl"
NEAR_MISS_HOLDOUT_272 = ROOT / "bench" / "near_miss_holdout_272.jsonl"
NEAR_MISS_HOLDOUT_273 = ROOT / "bench" / "near_miss_holdout_273.jsonl"
NEAR_MISS_HOLDOUT_274 = ROOT / "bench" / "near_miss_holdout_274.jsonl"
NEAR_MISS_HOLDOUT_275 = ROOT / "bench" / "near_miss_holdout_275.jsonl"
NEAR_MISS_HOLDOUT_276 = ROOT / "bench" / "near_miss_holdout_276.jsonl"
NEAR_MISS_HOLDOUT_277 = ROOT / "bench" / "near_miss_holdout_277.jsonl"
NEAR_MISS_HOLDOUT_278 = ROOT / "bench" / "near_miss_holdout_278.jsonl"
NEAR_MISS_HOLDOUT_279 = ROOT / "bench" / "near_miss_holdout_279.jsonl"
NEAR_MISS_HOLDOUT_280 = ROOT / "bench" / "near_miss_holdout_280.jsonl"
NEAR_MISS_HOLDOUT_281 = ROOT / "bench" / "near_miss_holdout_281.jsonl"
NEAR_MISS_HOLDOUT_282 = ROOT / "bench" / "near_miss_holdout_282.jsonl"
NEAR_MISS_HOLDOUT_283 = ROOT / "bench" / "near_miss_holdout_283.jsonl"
NEAR_MISS_HOLDOUT_284 = ROOT / "bench" / "near_miss_holdout_284.jsonl"
NEAR_MISS_HOLDOUT_285 = ROOT / "bench" / "near_miss_holdout_285.jsonl"
NEAR_MISS_HOLDOUT_286 = ROOT / "bench" / "near_miss_holdout_286.jsonl"
NEAR_MISS_HOLDOUT_287 = ROOT / "bench" / "near_miss_holdout_287.jsonl"
NEAR_MISS_HOLDOUT_288 = ROOT / "bench" / "near_miss_holdout_288.jsonl"
NEAR_MISS_HOLDOUT_289 = ROOT / "bench" / "near_miss_holdout_289.jsonl"
NEAR_MISS_HOLDOUT_290 = ROOT / "bench" / "near_miss_holdout_290.jsonl"
NEAR_MISS_HOLDOUT_291 = ROOT / "bench" / "near_miss_holdout_291.jsonl"
NEAR_MISS_HOLDOUT_292 = ROOT / "bench" / "near_miss_holdout_292.jsonl"
NEAR_MISS_HOLDOUT_293 = ROOT / "bench" / "near_miss_holdout_293.jsonl"
NEAR_MISS_HOLDOUT_294 = ROOT / "bench" / "near_miss_holdout_294.jsonl"
NEAR_MISS_HOLDOUT_295 = ROOT / "bench" / "near_miss_holdout_295.jsonl"
NEAR_MISS_HOLDOUT_296 = ROOT / "bench" / "near_miss_holdout_296.jsonl"
NEAR_MISS_HOLDOUT_297 = ROOT / "bench" / "near_miss_holdout_297.jsonl"
NEAR_MISS_HOLDOUT_298 = ROOT / "bench" / "near_miss_holdout_298.jsonl"
NEAR_MISS_HOLDOUT_299 = ROOT / "bench" / "near_miss_holdout_299.jsonl"
NEAR_MISS_HOLDOUT_300 = ROOT / "bench" / "near_miss_holdout_300.jsonl"
NEAR_MISS_HOLDOUT_301 = ROOT / "bench" / "near_miss_holdout_301.jsonl"
NEAR_MISS_HOLDOUT_302 = ROOT / "bench" / "near_miss_holdout_302.jsonl"
NEAR_MISS_HOLDOUT_303 = ROOT / "bench" / "near_miss_holdout_303.jsonl"
NEAR_MISS_HOLDOUT_304 = ROOT / "bench" / "near_miss_holdout_304.jsonl"
NEAR_MISS_HOLDOUT_305 = ROOT / "bench" / "near_miss_holdout_305.jsonl"
NEAR_MISS_HOLDOUT_306 = ROOT / "bench" / "near_miss_holdout_306.jsonl"
NEAR_MISS_HOLDOUT_307 = ROOT / "bench" / "near_miss_holdout_307.jsonl"
NEAR_MISS_HOLDOUT_308 = ROOT / "bench" / "near_miss_holdout_308.jsonl"
NEAR_MISS_HOLDOUT_309 = ROOT / "bench" / "near_miss_holdout_309.jsonl"
NEAR_MISS_HOLDOUT_310 = ROOT / "bench" / "near_miss_holdout_310.jsonl"
NEAR_MISS_HOLDOUT_311 = ROOT / "bench" / "near_miss_holdout_311.jsonl"
NEAR_MISS_HOLDOUT_312 = ROOT / "bench" / "near_miss_holdout_312.jsonl"
NEAR_MISS_HOLDOUT_313 = ROOT / "bench" / "near_miss_holdout_313.jsonl"
NEAR_MISS_HOLDOUT_314 = ROOT / "bench" / "near_miss_holdout_314.jsonl"
NEAR_MISS_HOLDOUT_315 = ROOT / "bench" / "near_miss_holdout_315.jsonl"
NEAR_MISS_HOLDOUT_316 = ROOT / "bench" / "near_miss_holdout_316.jsonl"
NEAR_MISS_HOLDOUT_317 = ROOT / "bench" / "near_miss_holdout_317.jsonl"
NEAR_MISS_HOLDOUT_318 = ROOT / "bench" / "near_miss_holdout_318.jsonl"
NEAR_MISS_HOLDOUT_319 = ROOT / "bench" / "near_miss_holdout_319.jsonl"
NEAR_MISS_HOLDOUT_320 = ROOT / "bench" / "near_miss_holdout_320.jsonl"
NEAR_MISS_HOLDOUT_321 = ROOT / "bench" / "near_miss_holdout_321.jsonl"
NEAR_MISS_HOLDOUT_322 = ROOT / "bench" / "near_miss_holdout_322.jsonl"
NEAR_MISS_HOLDOUT_323 = ROOT / "bench" / "near_miss_holdout_323.jsonl"
NEAR_MISS_HOLDOUT_324 = ROOT / "bench" / "near_miss_holdout_324.jsonl"
NEAR_MISS_HOLDOUT_325 = ROOT / "bench" / "near_miss_holdout_325.jsonl"
NEAR_MISS_HOLDOUT_326 = ROOT / "bench" / "near_miss_holdout_326.jsonl"
NEAR_MISS_HOLDOUT_327 = ROOT / "bench" / "near_miss_holdout_327.jsonl"
NEAR_MISS_HOLDOUT_328 = ROOT / "bench" / "near_miss_holdout_328.jsonl"
NEAR_MISS_HOLDOUT_329 = ROOT / "bench" / "near_miss_holdout_329.jsonl"
NEAR_MISS_HOLDOUT_330 = ROOT / "bench" / "near_miss_holdout_330.jsonl"
NEAR_MISS_HOLDOUT_331 = ROOT / "bench" / "near_miss_holdout_331.jsonl"
NEAR_MISS_HOLDOUT_332 = ROOT / "bench" / "near_miss_holdout_332.jsonl"
NEAR_MISS_HOLDOUT_333 = ROOT / "bench" / "near_miss_holdout_333.jsonl"
NEAR_MISS_HOLDOUT_334 = ROOT / "bench" / "near_miss_holdout_334.jsonl"
NEAR_MISS_HOLDOUT_335 = ROOT / "bench" / "near_miss_holdout_335.jsonl"
NEAR_MISS_HOLDOUT_336 = ROOT / "bench" / "near_miss_holdout_336.jsonl"
NEAR_MISS_HOLDOUT_337 = ROOT / "bench" / "near_miss_holdout_337.jsonl"
NEAR_MISS_HOLDOUT_338 = ROOT / "bench" / "near_miss_holdout_338.jsonl"
NEAR_MISS_HOLDOUT_339 = ROOT / "bench" / "near_miss_holdout_339.jsonl"
NEAR_MISS_HOLDOUT_340 = ROOT / "bench" / "near_miss_holdout_340.jsonl"
NEAR_MISS_HOLDOUT_341 = ROOT / "bench" / "near_miss_holdout_341.jsonl"
NEAR_MISS_HOLDOUT_342 = ROOT / "bench" / "near_miss_holdout_342.jsonl"
NEAR_MISS_HOLDOUT_343 = ROOT / "bench" / "near_miss_holdout_343.jsonl"
NEAR_MISS_HOLDOUT_344 = ROOT / "bench" / "near_miss_holdout_344.jsonl"
NEAR_MISS_HOLDOUT_345 = ROOT / "bench" / "near_miss_holdout_345.jsonl"
NEAR_MISS_HOLDOUT_346 = ROOT / "bench" / "near_miss_holdout_346.jsonl"
NEAR_MISS_HOLDOUT_347 = ROOT / "bench" / "near_miss_holdout_347.jsonl"
NEAR_MISS_HOLDOUT_348 = ROOT / "bench" / "near_miss_holdout_348.jsonl"
NEAR_MISS_HOLDOUT_349 = ROOT / "bench" / "near_miss_holdout_349.jsonl"
NEAR_MISS_HOLDOUT_350 = ROOT / "bench" / "near_miss_holdout_350.jsonl"
NEAR_MISS_HOLDOUT_351 = ROOT / "bench" / "near_miss_holdout_351.jsonl"
NEAR_MISS_HOLDOUT_352 = ROOT / "bench" / "near_miss_holdout_352.jsonl"
NEAR_MISS_HOLDOUT_353 = ROOT / "bench" / "near_miss_holdout_353.jsonl"
NEAR_MISS_HOLDOUT_354 = ROOT / "bench" / "near_miss_holdout_354.jsonl"
NEAR_MISS_HOLDOUT_355 = ROOT / "bench" / "near_miss_holdout_355.jsonl"
NEAR_MISS_HOLDOUT_356 = ROOT / "bench" / "near_miss_holdout_356.jsonl"
NEAR_MISS_HOLDOUT_357 = ROOT / "bench" / "near_miss_holdout_357.jsonl"
NEAR_MISS_HOLDOUT_358 = ROOT / "bench" / "near_miss_holdout_358.jsonl"
NEAR_MISS_HOLDOUT_359 = ROOT / "bench" / "near_miss_holdout_359.jsonl"
NEAR_MISS_HOLDOUT_360 = ROOT / "bench" / "near_miss_holdout_360.jsonl"
NEAR_MISS_HOLDOUT_361 = ROOT / "bench" / "near_miss_holdout_361.jsonl"
NEAR_MISS_HOLDOUT_362 = ROOT / "bench" / "near_miss_holdout_362.jsonl"
NEAR_MISS_HOLDOUT_363 = ROOT / "bench" / "near_miss_holdout_363.jsonl"
NEAR_MISS_HOLDOUT_364 = ROOT / "bench" / "near_miss_holdout_364.jsonl"
NEAR_MISS_HOLDOUT_365 = ROOT / "bench" / "near_miss_holdout_365.jsonl"
NEAR_MISS_HOLDOUT_366 = ROOT / "bench" / "near_miss_holdout_366.jsonl"
NEAR_MISS_HOLDOUT_367 = ROOT / "bench" / "near_miss_holdout_367.jsonl"
NEAR_MISS_HOLDOUT_368 = ROOT / "bench" / "near_miss_holdout_368.jsonl"
NEAR_MISS_HOLDOUT_369 = ROOT / "bench" / "near_miss_holdout_369.jsonl"
NEAR_MISS_HOLDOUT_370 = ROOT / "bench" / "near_miss_holdout_370.jsonl"
NEAR_MISS_HOLDOUT_371 = ROOT / "bench" / "near_miss_holdout_371.jsonl"
NEAR_MISS_HOLDOUT_372 = ROOT / "bench" / "near_miss_holdout_372.jsonl"
NEAR_MISS_HOLDOUT_373 = ROOT / "bench" / "near_miss_holdout_373.jsonl"
NEAR_MISS_HOLDOUT_374 = ROOT / "bench" / "near_miss_holdout_374.jsonl"
NEAR_MISS_HOLDOUT_375 = ROOT / "bench" / "near_miss_holdout_375.jsonl"
NEAR_MISS_HOLDOUT_376 = ROOT / "bench" / "near_miss_holdout_376.jsonl"
NEAR_MISS_HOLDOUT_377 = ROOT / "bench" / "near_miss_holdout_377.jsonl"
NEAR_MISS_HOLDOUT_378 = ROOT / "bench" / "near_miss_holdout_378.jsonl"
NEAR_MISS_HOLDOUT_379 = ROOT / "bench" / "near_miss_holdout_379.jsonl"
NEAR_MISS_HOLDOUT_380 = ROOT / "bench" / "near_miss_holdout_380.jsonl"
NEAR_MISS_HOLDOUT_381 = ROOT / "bench" / "near_miss_holdout_381.jsonl"
NEAR_MISS_HOLDOUT_382 = ROOT / "bench" / "near_miss_holdout_382.jsonl"
NEAR_MISS_HOLDOUT_383 = ROOT / "bench" / "near_miss_holdout_383.jsonl"
NEAR_MISS_HOLDOUT_384 = ROOT / "bench" / "near_miss_holdout_384.jsonl"
NEAR_MISS_HOLDOUT_385 = ROOT / "bench" / "near_miss_holdout_385.jsonl"
NEAR_MISS_HOLDOUT_386 = ROOT / "bench" / "near_miss_holdout_386.jsonl"
NEAR_MISS_HOLDOUT_387 = ROOT / "bench" / "near_miss_holdout_387.jsonl"
NEAR_MISS_HOLDOUT_388 = ROOT / "bench" / "near_miss_holdout_388.jsonl"
NEAR_MISS_HOLDOUT_389 = ROOT / "bench" / "near_miss_holdout_389.jsonl"
NEAR_MISS_HOLDOUT_390 = ROOT / "bench" / "near_miss_holdout_390.jsonl"
NEAR_MISS_HOLDOUT_391 = ROOT / "bench" / "near_miss_holdout_391.jsonl"
NEAR_MISS_HOLDOUT_392 = ROOT / "bench" / "near_miss_holdout_392.jsonl"
NEAR_MISS_HOLDOUT_393 = ROOT / "bench" / "near_miss_holdout_393.jsonl"
NEAR_MISS_HOLDOUT_394 = ROOT / "bench" / "near_miss_holdout_394.jsonl"
NEAR_MISS_HOLDOUT_395 = ROOT / "bench" / "near_miss_holdout_395.jsonl"
NEAR_MISS_HOLDOUT_396 = ROOT / "bench" / "near_miss_holdout_396.jsonl"
NEAR_MISS_HOLDOUT_397 = ROOT / "bench" / "near_miss_holdout_397.jsonl"
NEAR_MISS_HOLDOUT_398 = ROOT / "bench" / "near_miss_holdout_398.jsonl"
NEAR_MISS_HOLDOUT_399 = ROOT / "bench" / "near_miss_holdout_399.jsonl"
NEAR_MISS_HOLDOUT_400 = ROOT / "bench" / "near_miss_holdout_400.jsonl"
NEAR_MISS_HOLDOUT_401 = ROOT / "bench" / "near_miss_holdout_401.jsonl"
NEAR_MISS_HOLDOUT_402 = ROOT / "bench" / "near_miss_holdout_402.jsonl"
NEAR_MISS_HOLDOUT_403 = ROOT / "bench" / "near_miss_holdout_403.jsonl"
NEAR_MISS_HOLDOUT_404 = ROOT / "bench" / "near_miss_holdout_404.jsonl"
NEAR_MISS_HOLDOUT_405 = ROOT / "bench" / "near_miss_holdout_405.jsonl"
NEAR_MISS_HOLDOUT_406 = ROOT / "bench" / "near_miss_holdout_406.jsonl"
NEAR_MISS_HOLDOUT_407 = ROOT / "bench" / "near_miss_holdout_407.jsonl"
NEAR_MISS_HOLDOUT_408 = ROOT / "bench" / "near_miss_holdout_408.jsonl"
NEAR_MISS_HOLDOUT_409 = ROOT / "bench" / "near_miss_holdout_409.jsonl"
NEAR_MISS_HOLDOUT_410 = ROOT / "bench" / "near_miss_holdout_410.jsonl"
NEAR_MISS_HOLDOUT_411 = ROOT / "bench" / "near_miss_holdout_411.jsonl"
NEAR_MISS_HOLDOUT_412 = ROOT / "bench" / "near_miss_holdout_412.jsonl"
NEAR_MISS_HOLDOUT_413 = ROOT / "bench" / "near_miss_holdout_413.jsonl"
NEAR_MISS_HOLDOUT_414 = ROOT / "bench" / "near_miss_holdout_414.jsonl"
NEAR_MISS_HOLDOUT_415 = ROOT / "bench" / "near_miss_holdout_415.jsonl"
NEAR_MISS_HOLDOUT_416 = ROOT / "bench" / "near_miss_holdout_416.jsonl"
NEAR_MISS_HOLDOUT_417 = ROOT / "bench" / "near_miss_holdout_417.jsonl"
NEAR_MISS_HOLDOUT_418 = ROOT / "bench" / "near_miss_holdout_418.jsonl"
NEAR_MISS_HOLDOUT_419 = ROOT / "bench" / "near_miss_holdout_419.jsonl"
NEAR_MISS_HOLDOUT_420 = ROOT / "bench" / "near_miss_holdout_420.jsonl"
NEAR_MISS_HOLDOUT_421 = ROOT / "bench" / "near_miss_holdout_421.jsonl"
NEAR_MISS_HOLDOUT_422 = ROOT / "bench" / "near_miss_holdout_422.jsonl"
NEAR_MISS_HOLDOUT_423 = ROOT / "bench" / "near_miss_holdout_423.jsonl"
NEAR_MISS_HOLDOUT_424 = ROOT / "bench" / "near_miss_holdout_424.jsonl"
NEAR_MISS_HOLDOUT_425 = ROOT / "bench" / "near_miss_holdout_425.jsonl"
NEAR_MISS_HOLDOUT_426 = ROOT / "bench" / "near_miss_holdout_426.jsonl"
NEAR_MISS_HOLDOUT_427 = ROOT / "bench" / "near_miss_holdout_427.jsonl"
NEAR_MISS_HOLDOUT_428 = ROOT / "bench" / "near_miss_holdout_428.jsonl"
NEAR_MISS_HOLDOUT_429 = ROOT / "bench" / "near_miss_holdout_429.jsonl"
NEAR_MISS_HOLDOUT_430 = ROOT / "bench" / "near_miss_holdout_430.jsonl"
NEAR_MISS_HOLDOUT_431 = ROOT / "bench" / "near_miss_holdout_431.jsonl"
NEAR_MISS_HOLDOUT_432 = ROOT / "bench" / "near_miss_holdout_432.jsonl"
NEAR_MISS_HOLDOUT_433 = ROOT / "bench" / "near_miss_holdout_433.jsonl"
NEAR_MISS_HOLDOUT_434 = ROOT / "bench" / "near_miss_holdout_434.jsonl"
NEAR_MISS_HOLDOUT_435 = ROOT / "bench" / "near_miss_holdout_435.jsonl"
NEAR_MISS_HOLDOUT_436 = ROOT / "bench" / "near_miss_holdout_436.jsonl"
NEAR_MISS_HOLDOUT_437 = ROOT / "bench" / "near_miss_holdout_437.jsonl"
NEAR_MISS_HOLDOUT_438 = ROOT / "bench" / "near_miss_holdout_438.jsonl"
NEAR_MISS_HOLDOUT_439 = ROOT / "bench" / "near_miss_holdout_439.jsonl"
NEAR_MISS_HOLDOUT_440 = ROOT / "bench" / "near_miss_holdout_440.jsonl"
NEAR_MISS_HOLDOUT_441 = ROOT / "bench" / "near_miss_holdout_441.jsonl"
NEAR_MISS_HOLDOUT_442 = ROOT / "bench" / "near_miss_holdout_442.jsonl"
NEAR_MISS_HOLDOUT_443 = ROOT / "bench" / "near_miss_holdout_443.jsonl"
NEAR_MISS_HOLDOUT_444 = ROOT / "bench" / "near_miss_holdout_444.jsonl"
NEAR_MISS_HOLDOUT_445 = ROOT / "bench" / "near_miss_holdout_445.jsonl"
NEAR_MISS_HOLDOUT_446 = ROOT / "bench" / "near_miss_holdout_446.jsonl"
NEAR_MISS_HOLDOUT_447 = ROOT / "bench" / "near_miss_holdout_447.jsonl"
NEAR_MISS_HOLDOUT_448 = ROOT / "bench" / "near_miss_holdout_448.jsonl"
NEAR_MISS_HOLDOUT_449 = ROOT / "bench" / "near_miss_holdout_449.jsonl"
NEAR_MISS_HOLDOUT_450 = ROOT / "bench" / "near_miss_holdout_450.jsonl"
NEAR_MISS_HOLDOUT_451 = ROOT / "bench" / "near_miss_holdout_451.jsonl"
NEAR_MISS_HOLDOUT_452 = ROOT / "bench" / "near_miss_holdout_452.jsonl"
NEAR_MISS_HOLDOUT_453 = ROOT / "bench" / "near_miss_holdout_453.jsonl"
NEAR_MISS_HOLDOUT_454 = ROOT / "bench" / "near_miss_holdout_454.jsonl"
NEAR_MISS_HOLDOUT_455 = ROOT / "bench" / "near_miss_holdout_455.jsonl"
NEAR_MISS_HOLDOUT_456 = ROOT / "bench" / "near_miss_holdout_456.jsonl"
NEAR_MISS_HOLDOUT_457 = ROOT / "bench" / "near_miss_holdout_457.jsonl"
NEAR_MISS_HOLDOUT_458 = ROOT / "bench" / "near_miss_holdout_458.jsonl"
NEAR_MISS_HOLDOUT_459 = ROOT / "bench" / "near_miss_holdout_459.jsonl"
NEAR_MISS_HOLDOUT_460 = ROOT / "bench" / "near_miss_holdout_460.jsonl"
NEAR_MISS_HOLDOUT_461 = ROOT / "bench" / "near_miss_holdout_461.jsonl"
NEAR_MISS_HOLDOUT_462 = ROOT / "bench" / "near_miss_holdout_462.jsonl"
NEAR_MISS_HOLDOUT_463 = ROOT / "bench" / "near_miss_holdout_463.jsonl"
NEAR_MISS_HOLDOUT_464 = ROOT / "bench" / "near_miss_holdout_464.jsonl"
NEAR_MISS_HOLDOUT_465 = ROOT / "bench" / "near_miss_holdout_465.jsonl"
NEAR_MISS_HOLDOUT_466 = ROOT / "bench" / "near_miss_holdout_466.jsonl"
NEAR_MISS_HOLDOUT_467 = ROOT / "bench" / "near_miss_holdout_467.jsonl"
NEAR_MISS_HOLDOUT_468 = ROOT / "bench" / "near_miss_holdout_468.jsonl"
NEAR_MISS_HOLDOUT_469 = ROOT / "bench" / "near_miss_holdout_469.jsonl"
NEAR_MISS_HOLDOUT_470 = ROOT / "bench" / "near_miss_holdout_470.jsonl"
NEAR_MISS_HOLDOUT_471 = ROOT / "bench" / "near_miss_holdout_471.jsonl"
NEAR_MISS_HOLDOUT_472 = ROOT / "bench" / "near_miss_holdout_472.jsonl"
NEAR_MISS_HOLDOUT_473 = ROOT / "bench" / "near_miss_holdout_473.jsonl"
NEAR_MISS_HOLDOUT_474 = ROOT / "bench" / "near_miss_holdout_474.jsonl"
NEAR_MISS_HOLDOUT_475 = ROOT / "bench" / "near_miss_holdout_475.jsonl"
NEAR_MISS_HOLDOUT_476 = ROOT / "bench" / "near_miss_holdout_476.jsonl"
NEAR_MISS_HOLDOUT_477 = ROOT / "bench" / "near_miss_holdout_477.jsonl"
NEAR_MISS_HOLDOUT_478 = ROOT / "bench" / "near_miss_holdout_478.jsonl"
NEAR_MISS_HOLDOUT_479 = ROOT / "bench" / "near_miss_holdout_479.jsonl"
NEAR_MISS_HOLDOUT_480 = ROOT / "bench" / "near_miss_holdout_480.jsonl"
NEAR_MISS_HOLDOUT_481 = ROOT / "bench" / "near_miss_holdout_481.jsonl"
NEAR_MISS_HOLDOUT_482 = ROOT / "bench" / "near_miss_holdout_482.jsonl"
NEAR_MISS_HOLDOUT_483 = ROOT / "bench" / "near_miss_holdout_483.jsonl"
NEAR_MISS_HOLDOUT_484 = ROOT / "bench" / "near_miss_holdout_484.jsonl"
NEAR_MISS_HOLDOUT_485 = ROOT / "bench" / "near_miss_holdout_485.jsonl"
NEAR_MISS_HOLDOUT_486 = ROOT / "bench" / "near_miss_holdout_486.jsonl"
NEAR_MISS_HOLDOUT_487 = ROOT / "bench" / "near_miss_holdout_487.jsonl"
NEAR_MISS_HOLDOUT_488 = ROOT / "bench" / "near_miss_holdout_488.jsonl"
NEAR_MISS_HOLDOUT_489 = ROOT / "bench" / "near_miss_holdout_489.jsonl"
NEAR_MISS_HOLDOUT_490 = ROOT / "bench" / "near_miss_holdout_490.jsonl"
NEAR_MISS_HOLDOUT_491 = ROOT / "bench" / "near_miss_holdout_491.jsonl"
NEAR_MISS_HOLDOUT_492 = ROOT / "bench" / "near_miss_holdout_492.jsonl"
NEAR_MISS_HOLDOUT_493 = ROOT / "bench" / "near_miss_holdout_493.jsonl"
NEAR_MISS_HOLDOUT_494 = ROOT / "bench" / "near_miss_holdout_494.jsonl"
NEAR_MISS_HOLDOUT_495 = ROOT / "bench" / "near_miss_holdout_495.jsonl"
NEAR_MISS_HOLDOUT_496 = ROOT / "bench" / "near_miss_holdout_496.jsonl"
NEAR_MISS_HOLDOUT_497 = ROOT / "bench" / "near_miss_holdout_497.jsonl"
NEAR_MISS_HOLDOUT_498 = ROOT / "bench" / "near_miss_holdout_498.jsonl"
NEAR_MISS_HOLDOUT_499 = ROOT / "bench" / "near_miss_holdout_499.jsonl"
NEAR_MISS_HOLDOUT_500 = ROOT / "bench" / "near_miss_holdout_500.jsonl"
NEAR_MISS_HOLDOUT_501 = ROOT / "bench" / "near_miss_holdout_501.jsonl"
NEAR_MISS_HOLDOUT_502 = ROOT / "bench" / "near_miss_holdout_502.jsonl"
NEAR_MISS_HOLDOUT_503 = ROOT / "bench" / "near_miss_holdout_503.jsonl"
NEAR_MISS_HOLDOUT_504 = ROOT / "bench" / "near_miss_holdout_504.jsonl"
NEAR_MISS_HOLDOUT_505 = ROOT / "bench" / "near_miss_holdout_505.jsonl"
NEAR_MISS_HOLDOUT_506 = ROOT / "bench" / "near_miss_holdout_506.jsonl"
NEAR_MISS_HOLDOUT_507 = ROOT / "bench" / "near_miss_holdout_507.jsonl"
NEAR_MISS_HOLDOUT_508 = ROOT / "bench" / "near_miss_holdout_508.jsonl"
NEAR_MISS_HOLDOUT_509 = ROOT / "bench" / "near_miss_holdout_509.jsonl"
NEAR_MISS_HOLDOUT_510 = ROOT / "bench" / "near_miss_holdout_510.jsonl"
NEAR_MISS_HOLDOUT_511 = ROOT / "bench" / "near_miss_holdout_511.jsonl"
NEAR_MISS_HOLDOUT_512 = ROOT / "bench" / "near_miss_holdout_512.jsonl"
NEAR_MISS_HOLDOUT_513 = ROOT / "bench" / "near_miss_holdout_513.jsonl"
NEAR_MISS_HOLDOUT_514 = ROOT / "bench" / "near_miss_holdout_514.jsonl"
NEAR_MISS_REVIEW_13 = ROOT / "bench" / "near_miss_review13.jsonl"
NEAR_MISS_REVIEW_14 = ROOT / "bench" / "near_miss_review14.jsonl"
"""The issue's seven kinds, 15 each, and 75 paraphrases in thirds from light to heavy rewording,
written by a separate session; scored before its round's rules, then looked at."""
NEAR_MISS_REVIEW_9 = ROOT / "bench" / "near_miss_review9.jsonl"
"""80 everyday near-misses and 33 paraphrases a reviewer wrote to test the cache from outside
(review 9: 10 near-misses got through before its round)."""
NEAR_MISS_REVIEW_10 = ROOT / "bench" / "near_miss_review10.jsonl"
"""60 near-misses (the issue's kinds plus audience and format) and 30 short, long and chatty
paraphrases a second reviewer wrote (review 10: 3 scope changes got through before its round)."""
NEAR_MISS_FILES = {
    "near-miss": NEAR_MISS,
    "near-miss, unseen": NEAR_MISS_UNSEEN,
    "near-miss, independent": NEAR_MISS_INDEPENDENT,
    "near-miss, instructions": NEAR_MISS_INSTRUCTIONS,
    "near-miss, hold-out": NEAR_MISS_HOLDOUT,
    "near-miss, hold-out 2": NEAR_MISS_HOLDOUT_2,
    "near-miss, reworded": NEAR_MISS_REWORDED,
    "near-miss, other kinds": NEAR_MISS_OTHER_KINDS,
    "near-miss, hold-out 3": NEAR_MISS_HOLDOUT_3,
    "near-miss, hold-out 4": NEAR_MISS_HOLDOUT_4,
    "near-miss, hold-out 5": NEAR_MISS_HOLDOUT_5,
    "near-miss, hold-out 6": NEAR_MISS_HOLDOUT_6,
    "near-miss, hold-out 7": NEAR_MISS_HOLDOUT_7,
    "near-miss, hold-out 8": NEAR_MISS_HOLDOUT_8,
    "near-miss, hold-out 9": NEAR_MISS_HOLDOUT_9,
    "near-miss, hold-out 10": NEAR_MISS_HOLDOUT_10,
    "near-miss, hold-out 11": NEAR_MISS_HOLDOUT_11,
    "near-miss, hold-out 12": NEAR_MISS_HOLDOUT_12,
    "near-miss, hold-out 13": NEAR_MISS_HOLDOUT_13,
    "near-miss, hold-out 14": NEAR_MISS_HOLDOUT_14,
    "near-miss, hold-out 15": NEAR_MISS_HOLDOUT_15,
    "near-miss, hold-out 16": NEAR_MISS_HOLDOUT_16,
    "near-miss, hold-out 17": NEAR_MISS_HOLDOUT_17,
    "near-miss, review 9": NEAR_MISS_REVIEW_9,
    "near-miss, review 10": NEAR_MISS_REVIEW_10,
    "near-miss, hold-out 18": NEAR_MISS_HOLDOUT_18,
    "near-miss, hold-out 19": NEAR_MISS_HOLDOUT_19,
    "near-miss, hold-out 20": NEAR_MISS_HOLDOUT_20,
    "near-miss, hold-out 21": NEAR_MISS_HOLDOUT_21,
    "near-miss, review 13": NEAR_MISS_REVIEW_13,
    "near-miss, review 14": NEAR_MISS_REVIEW_14,
    "near-miss, hold-out 22": NEAR_MISS_HOLDOUT_22,
    "near-miss, hold-out 23": NEAR_MISS_HOLDOUT_23,
    "near-miss, hold-out 24": NEAR_MISS_HOLDOUT_24,
    "near-miss, review 16": NEAR_MISS_REVIEW_16,
    "near-miss, hold-out 25": NEAR_MISS_HOLDOUT_25,
    "near-miss, review 17": NEAR_MISS_REVIEW_17,
    "near-miss, hold-out 26": NEAR_MISS_HOLDOUT_26,
    "near-miss, review 18": NEAR_MISS_REVIEW_18,
    "near-miss, hold-out 27": NEAR_MISS_HOLDOUT_27,
    "near-miss, hold-out 28": NEAR_MISS_HOLDOUT_28,
    "near-miss, review 19": NEAR_MISS_REVIEW_19,
    "near-miss, hold-out 29": NEAR_MISS_HOLDOUT_29,
    "near-miss, hold-out 30": NEAR_MISS_HOLDOUT_30,
    "near-miss, hold-out 31": NEAR_MISS_HOLDOUT_31,
    "near-miss, review 20": NEAR_MISS_REVIEW_20,
    "near-miss, hold-out 32": NEAR_MISS_HOLDOUT_32,
    "near-miss, hold-out 33": NEAR_MISS_HOLDOUT_33,
    "near-miss, hold-out 34": NEAR_MISS_HOLDOUT_34,
    "near-miss, hold-out 35": NEAR_MISS_HOLDOUT_35,
    "near-miss, hold-out 36": NEAR_MISS_HOLDOUT_36,
    "near-miss, hold-out 37": NEAR_MISS_HOLDOUT_37,
    "near-miss, hold-out 38": NEAR_MISS_HOLDOUT_38,
    "near-miss, hold-out 39": NEAR_MISS_HOLDOUT_39,
    "near-miss, hold-out 40": NEAR_MISS_HOLDOUT_40,
    "near-miss, hold-out 41": NEAR_MISS_HOLDOUT_41,
    "near-miss, hold-out 42": NEAR_MISS_HOLDOUT_42,
    "near-miss, hold-out 43": NEAR_MISS_HOLDOUT_43,
    "near-miss, hold-out 44": NEAR_MISS_HOLDOUT_44,
    "near-miss, hold-out 45": NEAR_MISS_HOLDOUT_45,
    "near-miss, hold-out 46": NEAR_MISS_HOLDOUT_46,
    "near-miss, hold-out 47": NEAR_MISS_HOLDOUT_47,
    "near-miss, hold-out 48": NEAR_MISS_HOLDOUT_48,
    "near-miss, hold-out 49": NEAR_MISS_HOLDOUT_49,
    "near-miss, hold-out 50": NEAR_MISS_HOLDOUT_50,
    "near-miss, hold-out 51": NEAR_MISS_HOLDOUT_51,
    "near-miss, hold-out 52": NEAR_MISS_HOLDOUT_52,
    "near-miss, hold-out 53": NEAR_MISS_HOLDOUT_53,
    "near-miss, hold-out 54": NEAR_MISS_HOLDOUT_54,
    "near-miss, hold-out 55": NEAR_MISS_HOLDOUT_55,
    "near-miss, hold-out 56": NEAR_MISS_HOLDOUT_56,
    "near-miss, hold-out 57": NEAR_MISS_HOLDOUT_57,
    "near-miss, hold-out 58": NEAR_MISS_HOLDOUT_58,
    "near-miss, hold-out 59": NEAR_MISS_HOLDOUT_59,
    "near-miss, hold-out 60": NEAR_MISS_HOLDOUT_60,
    "near-miss, hold-out 61": NEAR_MISS_HOLDOUT_61,
    "near-miss, hold-out 62": NEAR_MISS_HOLDOUT_62,
    "near-miss, hold-out 63": NEAR_MISS_HOLDOUT_63,
    "near-miss, hold-out 64": NEAR_MISS_HOLDOUT_64,
    "near-miss, hold-out 65": NEAR_MISS_HOLDOUT_65,
    "near-miss, hold-out 66": NEAR_MISS_HOLDOUT_66,
    "near-miss, hold-out 67": NEAR_MISS_HOLDOUT_67,
    "near-miss, hold-out 68": NEAR_MISS_HOLDOUT_68,
    "near-miss, hold-out 69": NEAR_MISS_HOLDOUT_69,
    "near-miss, hold-out 70": NEAR_MISS_HOLDOUT_70,
    "near-miss, hold-out 71": NEAR_MISS_HOLDOUT_71,
    "near-miss, hold-out 72": NEAR_MISS_HOLDOUT_72,
    "near-miss, hold-out 73": NEAR_MISS_HOLDOUT_73,
    "near-miss, hold-out 74": NEAR_MISS_HOLDOUT_74,
    "near-miss, hold-out 75": NEAR_MISS_HOLDOUT_75,
    "near-miss, hold-out 76": NEAR_MISS_HOLDOUT_76,
    "near-miss, hold-out 77": NEAR_MISS_HOLDOUT_77,
    "near-miss, hold-out 78": NEAR_MISS_HOLDOUT_78,
    "near-miss, hold-out 79": NEAR_MISS_HOLDOUT_79,
    "near-miss, hold-out 80": NEAR_MISS_HOLDOUT_80,
    "near-miss, hold-out 81": NEAR_MISS_HOLDOUT_81,
    "near-miss, hold-out 82": NEAR_MISS_HOLDOUT_82,
    "near-miss, hold-out 83": NEAR_MISS_HOLDOUT_83,
    "near-miss, hold-out 84": NEAR_MISS_HOLDOUT_84,
    "near-miss, hold-out 85": NEAR_MISS_HOLDOUT_85,
    "near-miss, hold-out 86": NEAR_MISS_HOLDOUT_86,
    "near-miss, hold-out 87": NEAR_MISS_HOLDOUT_87,
    "near-miss, hold-out 88": NEAR_MISS_HOLDOUT_88,
    "near-miss, hold-out 89": NEAR_MISS_HOLDOUT_89,
    "near-miss, hold-out 90": NEAR_MISS_HOLDOUT_90,
    "near-miss, hold-out 91": NEAR_MISS_HOLDOUT_91,
    "near-miss, hold-out 92": NEAR_MISS_HOLDOUT_92,
    "near-miss, hold-out 93": NEAR_MISS_HOLDOUT_93,
    "near-miss, hold-out 94": NEAR_MISS_HOLDOUT_94,
    "near-miss, hold-out 95": NEAR_MISS_HOLDOUT_95,
    "near-miss, hold-out 96": NEAR_MISS_HOLDOUT_96,
    "near-miss, hold-out 97": NEAR_MISS_HOLDOUT_97,
    "near-miss, hold-out 98": NEAR_MISS_HOLDOUT_98,
    "near-miss, hold-out 99": NEAR_MISS_HOLDOUT_99,
    "near-miss, hold-out 100": NEAR_MISS_HOLDOUT_100,
    "near-miss, hold-out 101": NEAR_MISS_HOLDOUT_101,
    "near-miss, hold-out 102": NEAR_MISS_HOLDOUT_102,
    "near-miss, hold-out 103": NEAR_MISS_HOLDOUT_103,
    "near-miss, hold-out 104": NEAR_MISS_HOLDOUT_104,
    "near-miss, hold-out 105": NEAR_MISS_HOLDOUT_105,
    "near-miss, hold-out 106": NEAR_MISS_HOLDOUT_106,
    "near-miss, hold-out 107": NEAR_MISS_HOLDOUT_107,
    "near-miss, hold-out 108": NEAR_MISS_HOLDOUT_108,
    "near-miss, hold-out 109": NEAR_MISS_HOLDOUT_109,
    "near-miss, hold-out 110": NEAR_MISS_HOLDOUT_110,
    "near-miss, hold-out 111": NEAR_MISS_HOLDOUT_111,
    "near-miss, hold-out 112": NEAR_MISS_HOLDOUT_112,
    "near-miss, hold-out 113": NEAR_MISS_HOLDOUT_113,
    "near-miss, hold-out 114": NEAR_MISS_HOLDOUT_114,
    "near-miss, hold-out 115": NEAR_MISS_HOLDOUT_115,
    "near-miss, hold-out 116": NEAR_MISS_HOLDOUT_116,
    "near-miss, hold-out 117": NEAR_MISS_HOLDOUT_117,
    "near-miss, hold-out 118": NEAR_MISS_HOLDOUT_118,
    "near-miss, hold-out 119": NEAR_MISS_HOLDOUT_119,
    "near-miss, hold-out 120": NEAR_MISS_HOLDOUT_120,
    "near-miss, hold-out 121": NEAR_MISS_HOLDOUT_121,
    "near-miss, hold-out 122": NEAR_MISS_HOLDOUT_122,
    "near-miss, hold-out 123": NEAR_MISS_HOLDOUT_123,
    "near-miss, hold-out 124": NEAR_MISS_HOLDOUT_124,
    "near-miss, hold-out 125": NEAR_MISS_HOLDOUT_125,
    "near-miss, hold-out 126": NEAR_MISS_HOLDOUT_126,
    "near-miss, hold-out 127": NEAR_MISS_HOLDOUT_127,
    "near-miss, hold-out 128": NEAR_MISS_HOLDOUT_128,
    "near-miss, hold-out 129": NEAR_MISS_HOLDOUT_129,
    "near-miss, hold-out 130": NEAR_MISS_HOLDOUT_130,
    "near-miss, hold-out 131": NEAR_MISS_HOLDOUT_131,
    "near-miss, hold-out 132": NEAR_MISS_HOLDOUT_132,
    "near-miss, hold-out 133": NEAR_MISS_HOLDOUT_133,
    "near-miss, hold-out 134": NEAR_MISS_HOLDOUT_134,
    "near-miss, hold-out 135": NEAR_MISS_HOLDOUT_135,
    "near-miss, hold-out 136": NEAR_MISS_HOLDOUT_136,
    "near-miss, hold-out 137": NEAR_MISS_HOLDOUT_137,
    "near-miss, hold-out 138": NEAR_MISS_HOLDOUT_138,
    "near-miss, hold-out 139": NEAR_MISS_HOLDOUT_139,
    "near-miss, hold-out 140": NEAR_MISS_HOLDOUT_140,
    "near-miss, hold-out 141": NEAR_MISS_HOLDOUT_141,
    "near-miss, hold-out 142": NEAR_MISS_HOLDOUT_142,
    "near-miss, hold-out 143": NEAR_MISS_HOLDOUT_143,
    "near-miss, hold-out 144": NEAR_MISS_HOLDOUT_144,
    "near-miss, hold-out 145": NEAR_MISS_HOLDOUT_145,
    "near-miss, hold-out 146": NEAR_MISS_HOLDOUT_146,
    "near-miss, hold-out 147": NEAR_MISS_HOLDOUT_147,
    "near-miss, hold-out 148": NEAR_MISS_HOLDOUT_148,
    "near-miss, hold-out 149": NEAR_MISS_HOLDOUT_149,
    "near-miss, hold-out 150": NEAR_MISS_HOLDOUT_150,
    "near-miss, hold-out 151": NEAR_MISS_HOLDOUT_151,
    "near-miss, hold-out 152": NEAR_MISS_HOLDOUT_152,
    "near-miss, hold-out 153": NEAR_MISS_HOLDOUT_153,
    "near-miss, hold-out 154": NEAR_MISS_HOLDOUT_154,
    "near-miss, hold-out 155": NEAR_MISS_HOLDOUT_155,
    "near-miss, hold-out 156": NEAR_MISS_HOLDOUT_156,
    "near-miss, hold-out 157": NEAR_MISS_HOLDOUT_157,
    "near-miss, hold-out 158": NEAR_MISS_HOLDOUT_158,
    "near-miss, hold-out 159": NEAR_MISS_HOLDOUT_159,
    "near-miss, hold-out 160": NEAR_MISS_HOLDOUT_160,
    "near-miss, hold-out 161": NEAR_MISS_HOLDOUT_161,
    "near-miss, hold-out 162": NEAR_MISS_HOLDOUT_162,
    "near-miss, hold-out 163": NEAR_MISS_HOLDOUT_163,
    "near-miss, hold-out 164": NEAR_MISS_HOLDOUT_164,
    "near-miss, hold-out 165": NEAR_MISS_HOLDOUT_165,
    "near-miss, hold-out 166": NEAR_MISS_HOLDOUT_166,
    "near-miss, hold-out 167": NEAR_MISS_HOLDOUT_167,
    "near-miss, hold-out 168": NEAR_MISS_HOLDOUT_168,
    "near-miss, hold-out 169": NEAR_MISS_HOLDOUT_169,
    "near-miss, hold-out 170": NEAR_MISS_HOLDOUT_170,
    "near-miss, hold-out 171": NEAR_MISS_HOLDOUT_171,
    "near-miss, hold-out 172": NEAR_MISS_HOLDOUT_172,
    "near-miss, hold-out 173": NEAR_MISS_HOLDOUT_173,
    "near-miss, hold-out 174": NEAR_MISS_HOLDOUT_174,
    "near-miss, hold-out 175": NEAR_MISS_HOLDOUT_175,
    "near-miss, hold-out 176": NEAR_MISS_HOLDOUT_176,
    "near-miss, hold-out 177": NEAR_MISS_HOLDOUT_177,
    "near-miss, hold-out 178": NEAR_MISS_HOLDOUT_178,
    "near-miss, hold-out 179": NEAR_MISS_HOLDOUT_179,
    "near-miss, hold-out 180": NEAR_MISS_HOLDOUT_180,
    "near-miss, hold-out 181": NEAR_MISS_HOLDOUT_181,
    "near-miss, hold-out 182": NEAR_MISS_HOLDOUT_182,
    "near-miss, hold-out 183": NEAR_MISS_HOLDOUT_183,
    "near-miss, hold-out 184": NEAR_MISS_HOLDOUT_184,
    "near-miss, hold-out 185": NEAR_MISS_HOLDOUT_185,
    "near-miss, hold-out 186": NEAR_MISS_HOLDOUT_186,
    "near-miss, hold-out 187": NEAR_MISS_HOLDOUT_187,
    "near-miss, hold-out 188": NEAR_MISS_HOLDOUT_188,
    "near-miss, hold-out 189": NEAR_MISS_HOLDOUT_189,
    "near-miss, hold-out 190": NEAR_MISS_HOLDOUT_190,
    "near-miss, hold-out 191": NEAR_MISS_HOLDOUT_191,
    "near-miss, hold-out 192": NEAR_MISS_HOLDOUT_192,
    "near-miss, hold-out 193": NEAR_MISS_HOLDOUT_193,
    "near-miss, hold-out 194": NEAR_MISS_HOLDOUT_194,
    "near-miss, hold-out 195": NEAR_MISS_HOLDOUT_195,
    "near-miss, hold-out 196": NEAR_MISS_HOLDOUT_196,
    "near-miss, hold-out 197": NEAR_MISS_HOLDOUT_197,
    "near-miss, hold-out 198": NEAR_MISS_HOLDOUT_198,
    "near-miss, hold-out 199": NEAR_MISS_HOLDOUT_199,
    "near-miss, hold-out 200": NEAR_MISS_HOLDOUT_200,
    "near-miss, hold-out 201": NEAR_MISS_HOLDOUT_201,
    "near-miss, hold-out 202": NEAR_MISS_HOLDOUT_202,
    "near-miss, hold-out 203": NEAR_MISS_HOLDOUT_203,
    "near-miss, hold-out 204": NEAR_MISS_HOLDOUT_204,
    "near-miss, hold-out 205": NEAR_MISS_HOLDOUT_205,
    "near-miss, hold-out 206": NEAR_MISS_HOLDOUT_206,
    "near-miss, hold-out 207": NEAR_MISS_HOLDOUT_207,
    "near-miss, hold-out 208": NEAR_MISS_HOLDOUT_208,
    "near-miss, hold-out 209": NEAR_MISS_HOLDOUT_209,
    "near-miss, hold-out 210": NEAR_MISS_HOLDOUT_210,
    "near-miss, hold-out 211": NEAR_MISS_HOLDOUT_211,
    "near-miss, hold-out 212": NEAR_MISS_HOLDOUT_212,
    "near-miss, hold-out 213": NEAR_MISS_HOLDOUT_213,
    "near-miss, hold-out 214": NEAR_MISS_HOLDOUT_214,
    "near-miss, hold-out 215": NEAR_MISS_HOLDOUT_215,
    "near-miss, hold-out 216": NEAR_MISS_HOLDOUT_216,
    "near-miss, hold-out 217": NEAR_MISS_HOLDOUT_217,
    "near-miss, hold-out 218": NEAR_MISS_HOLDOUT_218,
    "near-miss, hold-out 219": NEAR_MISS_HOLDOUT_219,
    "near-miss, hold-out 220": NEAR_MISS_HOLDOUT_220,
    "near-miss, hold-out 221": NEAR_MISS_HOLDOUT_221,
    "near-miss, hold-out 222": NEAR_MISS_HOLDOUT_222,
    "near-miss, hold-out 223": NEAR_MISS_HOLDOUT_223,
    "near-miss, hold-out 224": NEAR_MISS_HOLDOUT_224,
    "near-miss, hold-out 225": NEAR_MISS_HOLDOUT_225,
    "near-miss, hold-out 226": NEAR_MISS_HOLDOUT_226,
    "near-miss, hold-out 227": NEAR_MISS_HOLDOUT_227,
    "near-miss, hold-out 228": NEAR_MISS_HOLDOUT_228,
    "near-miss, hold-out 229": NEAR_MISS_HOLDOUT_229,
    "near-miss, hold-out 230": NEAR_MISS_HOLDOUT_230,
    "near-miss, hold-out 231": NEAR_MISS_HOLDOUT_231,
    "near-miss, hold-out 232": NEAR_MISS_HOLDOUT_232,
    "near-miss, hold-out 233": NEAR_MISS_HOLDOUT_233,
    "near-miss, hold-out 234": NEAR_MISS_HOLDOUT_234,
    "near-miss, hold-out 235": NEAR_MISS_HOLDOUT_235,
    "near-miss, hold-out 236": NEAR_MISS_HOLDOUT_236,
    "near-miss, hold-out 237": NEAR_MISS_HOLDOUT_237,
    "near-miss, hold-out 238": NEAR_MISS_HOLDOUT_238,
    "near-miss, hold-out 239": NEAR_MISS_HOLDOUT_239,
    "near-miss, hold-out 240": NEAR_MISS_HOLDOUT_240,
    "near-miss, hold-out 241": NEAR_MISS_HOLDOUT_241,
    "near-miss, hold-out 242": NEAR_MISS_HOLDOUT_242,
    "near-miss, hold-out 243": NEAR_MISS_HOLDOUT_243,
    "near-miss, hold-out 244": NEAR_MISS_HOLDOUT_244,
    "near-miss, hold-out 245": NEAR_MISS_HOLDOUT_245,
    "near-miss, hold-out 246": NEAR_MISS_HOLDOUT_246,
    "near-miss, hold-out 247": NEAR_MISS_HOLDOUT_247,
    "near-miss, hold-out 248": NEAR_MISS_HOLDOUT_248,
    "near-miss, hold-out 249": NEAR_MISS_HOLDOUT_249,
    "near-miss, hold-out 250": NEAR_MISS_HOLDOUT_250,
    "near-miss, hold-out 251": NEAR_MISS_HOLDOUT_251,
    "near-miss, hold-out 252": NEAR_MISS_HOLDOUT_252,
    "near-miss, hold-out 253": NEAR_MISS_HOLDOUT_253,
    "near-miss, hold-out 254": NEAR_MISS_HOLDOUT_254,
    "near-miss, hold-out 255": NEAR_MISS_HOLDOUT_255,
    "near-miss, hold-out 256": NEAR_MISS_HOLDOUT_256,
    "near-miss, hold-out 257": NEAR_MISS_HOLDOUT_257,
    "near-miss, hold-out 258": NEAR_MISS_HOLDOUT_258,
    "near-miss, hold-out 259": NEAR_MISS_HOLDOUT_259,
    "near-miss, hold-out 260": NEAR_MISS_HOLDOUT_260,
    "near-miss, hold-out 261": NEAR_MISS_HOLDOUT_261,
    "near-miss, hold-out 262": NEAR_MISS_HOLDOUT_262,
    "near-miss, hold-out 263": NEAR_MISS_HOLDOUT_263,
    "near-miss, hold-out 264": NEAR_MISS_HOLDOUT_264,
    "near-miss, hold-out 265": NEAR_MISS_HOLDOUT_265,
    "near-miss, hold-out 266": NEAR_MISS_HOLDOUT_266,
    "near-miss, hold-out 267": NEAR_MISS_HOLDOUT_267,
    "near-miss, hold-out 268": NEAR_MISS_HOLDOUT_268,
    "near-miss, hold-out 269": NEAR_MISS_HOLDOUT_269,
    "near-miss, hold-out 270": NEAR_MISS_HOLDOUT_270,
    "near-miss, hold-out 271": NEAR_MISS_HOLDOUT_271,
    "near-miss, hold-out 272": NEAR_MISS_HOLDOUT_272,
    "near-miss, hold-out 273": NEAR_MISS_HOLDOUT_273,
    "near-miss, hold-out 274": NEAR_MISS_HOLDOUT_274,
    "near-miss, hold-out 275": NEAR_MISS_HOLDOUT_275,
    "near-miss, hold-out 276": NEAR_MISS_HOLDOUT_276,
    "near-miss, hold-out 277": NEAR_MISS_HOLDOUT_277,
    "near-miss, hold-out 278": NEAR_MISS_HOLDOUT_278,
    "near-miss, hold-out 279": NEAR_MISS_HOLDOUT_279,
    "near-miss, hold-out 280": NEAR_MISS_HOLDOUT_280,
    "near-miss, hold-out 281": NEAR_MISS_HOLDOUT_281,
    "near-miss, hold-out 282": NEAR_MISS_HOLDOUT_282,
    "near-miss, hold-out 283": NEAR_MISS_HOLDOUT_283,
    "near-miss, hold-out 284": NEAR_MISS_HOLDOUT_284,
    "near-miss, hold-out 285": NEAR_MISS_HOLDOUT_285,
    "near-miss, hold-out 286": NEAR_MISS_HOLDOUT_286,
    "near-miss, hold-out 287": NEAR_MISS_HOLDOUT_287,
    "near-miss, hold-out 288": NEAR_MISS_HOLDOUT_288,
    "near-miss, hold-out 289": NEAR_MISS_HOLDOUT_289,
    "near-miss, hold-out 290": NEAR_MISS_HOLDOUT_290,
    "near-miss, hold-out 291": NEAR_MISS_HOLDOUT_291,
    "near-miss, hold-out 292": NEAR_MISS_HOLDOUT_292,
    "near-miss, hold-out 293": NEAR_MISS_HOLDOUT_293,
    "near-miss, hold-out 294": NEAR_MISS_HOLDOUT_294,
    "near-miss, hold-out 295": NEAR_MISS_HOLDOUT_295,
    "near-miss, hold-out 296": NEAR_MISS_HOLDOUT_296,
    "near-miss, hold-out 297": NEAR_MISS_HOLDOUT_297,
    "near-miss, hold-out 298": NEAR_MISS_HOLDOUT_298,
    "near-miss, hold-out 299": NEAR_MISS_HOLDOUT_299,
    "near-miss, hold-out 300": NEAR_MISS_HOLDOUT_300,
    "near-miss, hold-out 301": NEAR_MISS_HOLDOUT_301,
    "near-miss, hold-out 302": NEAR_MISS_HOLDOUT_302,
    "near-miss, hold-out 303": NEAR_MISS_HOLDOUT_303,
    "near-miss, hold-out 304": NEAR_MISS_HOLDOUT_304,
    "near-miss, hold-out 305": NEAR_MISS_HOLDOUT_305,
    "near-miss, hold-out 306": NEAR_MISS_HOLDOUT_306,
    "near-miss, hold-out 307": NEAR_MISS_HOLDOUT_307,
    "near-miss, hold-out 308": NEAR_MISS_HOLDOUT_308,
    "near-miss, hold-out 309": NEAR_MISS_HOLDOUT_309,
    "near-miss, hold-out 310": NEAR_MISS_HOLDOUT_310,
    "near-miss, hold-out 311": NEAR_MISS_HOLDOUT_311,
    "near-miss, hold-out 312": NEAR_MISS_HOLDOUT_312,
    "near-miss, hold-out 313": NEAR_MISS_HOLDOUT_313,
    "near-miss, hold-out 314": NEAR_MISS_HOLDOUT_314,
    "near-miss, hold-out 315": NEAR_MISS_HOLDOUT_315,
    "near-miss, hold-out 316": NEAR_MISS_HOLDOUT_316,
    "near-miss, hold-out 317": NEAR_MISS_HOLDOUT_317,
    "near-miss, hold-out 318": NEAR_MISS_HOLDOUT_318,
    "near-miss, hold-out 319": NEAR_MISS_HOLDOUT_319,
    "near-miss, hold-out 320": NEAR_MISS_HOLDOUT_320,
    "near-miss, hold-out 321": NEAR_MISS_HOLDOUT_321,
    "near-miss, hold-out 322": NEAR_MISS_HOLDOUT_322,
    "near-miss, hold-out 323": NEAR_MISS_HOLDOUT_323,
    "near-miss, hold-out 324": NEAR_MISS_HOLDOUT_324,
    "near-miss, hold-out 325": NEAR_MISS_HOLDOUT_325,
    "near-miss, hold-out 326": NEAR_MISS_HOLDOUT_326,
    "near-miss, hold-out 327": NEAR_MISS_HOLDOUT_327,
    "near-miss, hold-out 328": NEAR_MISS_HOLDOUT_328,
    "near-miss, hold-out 329": NEAR_MISS_HOLDOUT_329,
    "near-miss, hold-out 330": NEAR_MISS_HOLDOUT_330,
    "near-miss, hold-out 331": NEAR_MISS_HOLDOUT_331,
    "near-miss, hold-out 332": NEAR_MISS_HOLDOUT_332,
    "near-miss, hold-out 333": NEAR_MISS_HOLDOUT_333,
    "near-miss, hold-out 334": NEAR_MISS_HOLDOUT_334,
    "near-miss, hold-out 335": NEAR_MISS_HOLDOUT_335,
    "near-miss, hold-out 336": NEAR_MISS_HOLDOUT_336,
    "near-miss, hold-out 337": NEAR_MISS_HOLDOUT_337,
    "near-miss, hold-out 338": NEAR_MISS_HOLDOUT_338,
    "near-miss, hold-out 339": NEAR_MISS_HOLDOUT_339,
    "near-miss, hold-out 340": NEAR_MISS_HOLDOUT_340,
    "near-miss, hold-out 341": NEAR_MISS_HOLDOUT_341,
    "near-miss, hold-out 342": NEAR_MISS_HOLDOUT_342,
    "near-miss, hold-out 343": NEAR_MISS_HOLDOUT_343,
    "near-miss, hold-out 344": NEAR_MISS_HOLDOUT_344,
    "near-miss, hold-out 345": NEAR_MISS_HOLDOUT_345,
    "near-miss, hold-out 346": NEAR_MISS_HOLDOUT_346,
    "near-miss, hold-out 347": NEAR_MISS_HOLDOUT_347,
    "near-miss, hold-out 348": NEAR_MISS_HOLDOUT_348,
    "near-miss, hold-out 349": NEAR_MISS_HOLDOUT_349,
    "near-miss, hold-out 350": NEAR_MISS_HOLDOUT_350,
    "near-miss, hold-out 351": NEAR_MISS_HOLDOUT_351,
    "near-miss, hold-out 352": NEAR_MISS_HOLDOUT_352,
    "near-miss, hold-out 353": NEAR_MISS_HOLDOUT_353,
    "near-miss, hold-out 354": NEAR_MISS_HOLDOUT_354,
    "near-miss, hold-out 355": NEAR_MISS_HOLDOUT_355,
    "near-miss, hold-out 356": NEAR_MISS_HOLDOUT_356,
    "near-miss, hold-out 357": NEAR_MISS_HOLDOUT_357,
    "near-miss, hold-out 358": NEAR_MISS_HOLDOUT_358,
    "near-miss, hold-out 359": NEAR_MISS_HOLDOUT_359,
    "near-miss, hold-out 360": NEAR_MISS_HOLDOUT_360,
    "near-miss, hold-out 361": NEAR_MISS_HOLDOUT_361,
    "near-miss, hold-out 362": NEAR_MISS_HOLDOUT_362,
    "near-miss, hold-out 363": NEAR_MISS_HOLDOUT_363,
    "near-miss, hold-out 364": NEAR_MISS_HOLDOUT_364,
    "near-miss, hold-out 365": NEAR_MISS_HOLDOUT_365,
    "near-miss, hold-out 366": NEAR_MISS_HOLDOUT_366,
    "near-miss, hold-out 367": NEAR_MISS_HOLDOUT_367,
    "near-miss, hold-out 368": NEAR_MISS_HOLDOUT_368,
    "near-miss, hold-out 369": NEAR_MISS_HOLDOUT_369,
    "near-miss, hold-out 370": NEAR_MISS_HOLDOUT_370,
    "near-miss, hold-out 371": NEAR_MISS_HOLDOUT_371,
    "near-miss, hold-out 372": NEAR_MISS_HOLDOUT_372,
    "near-miss, hold-out 373": NEAR_MISS_HOLDOUT_373,
    "near-miss, hold-out 374": NEAR_MISS_HOLDOUT_374,
    "near-miss, hold-out 375": NEAR_MISS_HOLDOUT_375,
    "near-miss, hold-out 376": NEAR_MISS_HOLDOUT_376,
    "near-miss, hold-out 377": NEAR_MISS_HOLDOUT_377,
    "near-miss, hold-out 378": NEAR_MISS_HOLDOUT_378,
    "near-miss, hold-out 379": NEAR_MISS_HOLDOUT_379,
    "near-miss, hold-out 380": NEAR_MISS_HOLDOUT_380,
    "near-miss, hold-out 381": NEAR_MISS_HOLDOUT_381,
    "near-miss, hold-out 382": NEAR_MISS_HOLDOUT_382,
    "near-miss, hold-out 383": NEAR_MISS_HOLDOUT_383,
    "near-miss, hold-out 384": NEAR_MISS_HOLDOUT_384,
    "near-miss, hold-out 385": NEAR_MISS_HOLDOUT_385,
    "near-miss, hold-out 386": NEAR_MISS_HOLDOUT_386,
    "near-miss, hold-out 387": NEAR_MISS_HOLDOUT_387,
    "near-miss, hold-out 388": NEAR_MISS_HOLDOUT_388,
    "near-miss, hold-out 389": NEAR_MISS_HOLDOUT_389,
    "near-miss, hold-out 390": NEAR_MISS_HOLDOUT_390,
    "near-miss, hold-out 391": NEAR_MISS_HOLDOUT_391,
    "near-miss, hold-out 392": NEAR_MISS_HOLDOUT_392,
    "near-miss, hold-out 393": NEAR_MISS_HOLDOUT_393,
    "near-miss, hold-out 394": NEAR_MISS_HOLDOUT_394,
    "near-miss, hold-out 395": NEAR_MISS_HOLDOUT_395,
    "near-miss, hold-out 396": NEAR_MISS_HOLDOUT_396,
    "near-miss, hold-out 397": NEAR_MISS_HOLDOUT_397,
    "near-miss, hold-out 398": NEAR_MISS_HOLDOUT_398,
    "near-miss, hold-out 399": NEAR_MISS_HOLDOUT_399,
    "near-miss, hold-out 400": NEAR_MISS_HOLDOUT_400,
    "near-miss, hold-out 401": NEAR_MISS_HOLDOUT_401,
    "near-miss, hold-out 402": NEAR_MISS_HOLDOUT_402,
    "near-miss, hold-out 403": NEAR_MISS_HOLDOUT_403,
    "near-miss, hold-out 404": NEAR_MISS_HOLDOUT_404,
    "near-miss, hold-out 405": NEAR_MISS_HOLDOUT_405,
    "near-miss, hold-out 406": NEAR_MISS_HOLDOUT_406,
    "near-miss, hold-out 407": NEAR_MISS_HOLDOUT_407,
    "near-miss, hold-out 408": NEAR_MISS_HOLDOUT_408,
    "near-miss, hold-out 409": NEAR_MISS_HOLDOUT_409,
    "near-miss, hold-out 410": NEAR_MISS_HOLDOUT_410,
    "near-miss, hold-out 411": NEAR_MISS_HOLDOUT_411,
    "near-miss, hold-out 412": NEAR_MISS_HOLDOUT_412,
    "near-miss, hold-out 413": NEAR_MISS_HOLDOUT_413,
    "near-miss, hold-out 414": NEAR_MISS_HOLDOUT_414,
    "near-miss, hold-out 415": NEAR_MISS_HOLDOUT_415,
    "near-miss, hold-out 416": NEAR_MISS_HOLDOUT_416,
    "near-miss, hold-out 417": NEAR_MISS_HOLDOUT_417,
    "near-miss, hold-out 418": NEAR_MISS_HOLDOUT_418,
    "near-miss, hold-out 419": NEAR_MISS_HOLDOUT_419,
    "near-miss, hold-out 420": NEAR_MISS_HOLDOUT_420,
    "near-miss, hold-out 421": NEAR_MISS_HOLDOUT_421,
    "near-miss, hold-out 422": NEAR_MISS_HOLDOUT_422,
    "near-miss, hold-out 423": NEAR_MISS_HOLDOUT_423,
    "near-miss, hold-out 424": NEAR_MISS_HOLDOUT_424,
    "near-miss, hold-out 425": NEAR_MISS_HOLDOUT_425,
    "near-miss, hold-out 426": NEAR_MISS_HOLDOUT_426,
    "near-miss, hold-out 427": NEAR_MISS_HOLDOUT_427,
    "near-miss, hold-out 428": NEAR_MISS_HOLDOUT_428,
    "near-miss, hold-out 429": NEAR_MISS_HOLDOUT_429,
    "near-miss, hold-out 430": NEAR_MISS_HOLDOUT_430,
    "near-miss, hold-out 431": NEAR_MISS_HOLDOUT_431,
    "near-miss, hold-out 432": NEAR_MISS_HOLDOUT_432,
    "near-miss, hold-out 433": NEAR_MISS_HOLDOUT_433,
    "near-miss, hold-out 434": NEAR_MISS_HOLDOUT_434,
    "near-miss, hold-out 435": NEAR_MISS_HOLDOUT_435,
    "near-miss, hold-out 436": NEAR_MISS_HOLDOUT_436,
    "near-miss, hold-out 437": NEAR_MISS_HOLDOUT_437,
    "near-miss, hold-out 438": NEAR_MISS_HOLDOUT_438,
    "near-miss, hold-out 439": NEAR_MISS_HOLDOUT_439,
    "near-miss, hold-out 440": NEAR_MISS_HOLDOUT_440,
    "near-miss, hold-out 441": NEAR_MISS_HOLDOUT_441,
    "near-miss, hold-out 442": NEAR_MISS_HOLDOUT_442,
    "near-miss, hold-out 443": NEAR_MISS_HOLDOUT_443,
    "near-miss, hold-out 444": NEAR_MISS_HOLDOUT_444,
    "near-miss, hold-out 445": NEAR_MISS_HOLDOUT_445,
    "near-miss, hold-out 446": NEAR_MISS_HOLDOUT_446,
    "near-miss, hold-out 447": NEAR_MISS_HOLDOUT_447,
    "near-miss, hold-out 448": NEAR_MISS_HOLDOUT_448,
    "near-miss, hold-out 449": NEAR_MISS_HOLDOUT_449,
    "near-miss, hold-out 450": NEAR_MISS_HOLDOUT_450,
    "near-miss, hold-out 451": NEAR_MISS_HOLDOUT_451,
    "near-miss, hold-out 452": NEAR_MISS_HOLDOUT_452,
    "near-miss, hold-out 453": NEAR_MISS_HOLDOUT_453,
    "near-miss, hold-out 454": NEAR_MISS_HOLDOUT_454,
    "near-miss, hold-out 455": NEAR_MISS_HOLDOUT_455,
    "near-miss, hold-out 456": NEAR_MISS_HOLDOUT_456,
    "near-miss, hold-out 457": NEAR_MISS_HOLDOUT_457,
    "near-miss, hold-out 458": NEAR_MISS_HOLDOUT_458,
    "near-miss, hold-out 459": NEAR_MISS_HOLDOUT_459,
    "near-miss, hold-out 460": NEAR_MISS_HOLDOUT_460,
    "near-miss, hold-out 461": NEAR_MISS_HOLDOUT_461,
    "near-miss, hold-out 462": NEAR_MISS_HOLDOUT_462,
    "near-miss, hold-out 463": NEAR_MISS_HOLDOUT_463,
    "near-miss, hold-out 464": NEAR_MISS_HOLDOUT_464,
    "near-miss, hold-out 465": NEAR_MISS_HOLDOUT_465,
    "near-miss, hold-out 466": NEAR_MISS_HOLDOUT_466,
    "near-miss, hold-out 467": NEAR_MISS_HOLDOUT_467,
    "near-miss, hold-out 468": NEAR_MISS_HOLDOUT_468,
    "near-miss, hold-out 469": NEAR_MISS_HOLDOUT_469,
    "near-miss, hold-out 470": NEAR_MISS_HOLDOUT_470,
    "near-miss, hold-out 471": NEAR_MISS_HOLDOUT_471,
    "near-miss, hold-out 472": NEAR_MISS_HOLDOUT_472,
    "near-miss, hold-out 473": NEAR_MISS_HOLDOUT_473,
    "near-miss, hold-out 474": NEAR_MISS_HOLDOUT_474,
    "near-miss, hold-out 475": NEAR_MISS_HOLDOUT_475,
    "near-miss, hold-out 476": NEAR_MISS_HOLDOUT_476,
    "near-miss, hold-out 477": NEAR_MISS_HOLDOUT_477,
    "near-miss, hold-out 478": NEAR_MISS_HOLDOUT_478,
    "near-miss, hold-out 479": NEAR_MISS_HOLDOUT_479,
    "near-miss, hold-out 480": NEAR_MISS_HOLDOUT_480,
    "near-miss, hold-out 481": NEAR_MISS_HOLDOUT_481,
    "near-miss, hold-out 482": NEAR_MISS_HOLDOUT_482,
    "near-miss, hold-out 483": NEAR_MISS_HOLDOUT_483,
    "near-miss, hold-out 484": NEAR_MISS_HOLDOUT_484,
    "near-miss, hold-out 485": NEAR_MISS_HOLDOUT_485,
    "near-miss, hold-out 486": NEAR_MISS_HOLDOUT_486,
    "near-miss, hold-out 487": NEAR_MISS_HOLDOUT_487,
    "near-miss, hold-out 488": NEAR_MISS_HOLDOUT_488,
    "near-miss, hold-out 489": NEAR_MISS_HOLDOUT_489,
    "near-miss, hold-out 490": NEAR_MISS_HOLDOUT_490,
    "near-miss, hold-out 491": NEAR_MISS_HOLDOUT_491,
    "near-miss, hold-out 492": NEAR_MISS_HOLDOUT_492,
    "near-miss, hold-out 493": NEAR_MISS_HOLDOUT_493,
    "near-miss, hold-out 494": NEAR_MISS_HOLDOUT_494,
    "near-miss, hold-out 495": NEAR_MISS_HOLDOUT_495,
    "near-miss, hold-out 496": NEAR_MISS_HOLDOUT_496,
    "near-miss, hold-out 497": NEAR_MISS_HOLDOUT_497,
    "near-miss, hold-out 498": NEAR_MISS_HOLDOUT_498,
    "near-miss, hold-out 499": NEAR_MISS_HOLDOUT_499,
    "near-miss, hold-out 500": NEAR_MISS_HOLDOUT_500,
    "near-miss, hold-out 501": NEAR_MISS_HOLDOUT_501,
    "near-miss, hold-out 502": NEAR_MISS_HOLDOUT_502,
    "near-miss, hold-out 503": NEAR_MISS_HOLDOUT_503,
    "near-miss, hold-out 504": NEAR_MISS_HOLDOUT_504,
    "near-miss, hold-out 505": NEAR_MISS_HOLDOUT_505,
    "near-miss, hold-out 506": NEAR_MISS_HOLDOUT_506,
    "near-miss, hold-out 507": NEAR_MISS_HOLDOUT_507,
    "near-miss, hold-out 508": NEAR_MISS_HOLDOUT_508,
    "near-miss, hold-out 509": NEAR_MISS_HOLDOUT_509,
    "near-miss, hold-out 510": NEAR_MISS_HOLDOUT_510,
    "near-miss, hold-out 511": NEAR_MISS_HOLDOUT_511,
    "near-miss, hold-out 512": NEAR_MISS_HOLDOUT_512,
    "near-miss, hold-out 513": NEAR_MISS_HOLDOUT_513,
    "near-miss, hold-out 514": NEAR_MISS_HOLDOUT_514,
}
"""Every near-miss file, by the name the report gives it."""
TUNING_NEAR_MISS = (NEAR_MISS, NEAR_MISS_INDEPENDENT, NEAR_MISS_INSTRUCTIONS, NEAR_MISS_REWORDED)
"""The near-miss files ``fit_guard.py`` holds the acceptance probability to."""
CACHE_DIR = ROOT / "bench" / ".cache"
DOC = ROOT / "docs" / "caching.md"
IMG = ROOT / "docs" / "img"
THRESHOLDS = (0.80, 0.82, 0.84, 0.85, 0.86, 0.88, 0.90, 0.92, 0.94, 0.96, 0.98)


@dataclass(frozen=True, slots=True)
class Pair:
    a: str
    b: str
    label: int
    kind: str = ""


@dataclass(frozen=True, slots=True)
class Score:
    threshold: float
    guard: bool
    hits: int
    correct: int
    positives: int

    @property
    def precision(self) -> float:
        return self.correct / self.hits if self.hits else 1.0

    @property
    def hit_rate(self) -> float:
        return self.correct / self.positives if self.positives else 0.0


# --- data ------------------------------------------------------------------------------


def load_pairs(path: Path) -> list[Pair]:
    pairs = []
    for line in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if row["a"].strip() and row["b"].strip():
            pairs.append(Pair(row["a"], row["b"], int(row["label"]), row.get("kind", "")))
    return pairs


def half_of(pair: Pair) -> int:
    """0 = the half the guard is fitted on, 1 = the held-out half (grouped by ``a``)."""
    return int(hashlib.sha256(pair.a.encode("utf-8")).hexdigest()[:8], 16) % 2


def qqp_split(split: str, limit: int | None = None) -> list[Pair]:
    pairs = load_pairs(QQP)
    if split != "all":
        wanted = {"fit": 0, "heldout": 1}[split]
        pairs = [p for p in pairs if half_of(p) == wanted]
    return pairs[:limit] if limit else pairs


class EmbeddingStore:
    """A caching embedder: MiniLM vectors kept in ``bench/.cache`` between runs."""

    def __init__(self, name: str = "minilm") -> None:
        self._vectors_path = CACHE_DIR / f"{name}.npy"
        self._texts_path = CACHE_DIR / f"{name}.texts.json"
        self._texts: list[str] = []
        self._rows: dict[str, int] = {}
        self._matrix = np.zeros((0, 0), dtype=np.float32)
        if self._vectors_path.exists() and self._texts_path.exists():
            self._texts = json.loads(self._texts_path.read_text(encoding="utf-8"))
            self._matrix = np.load(self._vectors_path, allow_pickle=False)
            self._rows = {t: i for i, t in enumerate(self._texts)}
        self._model: Any = None

    def __call__(self, texts: list[str]) -> np.ndarray[Any, Any]:
        self.ensure(texts)
        return self._matrix[[self._rows[t] for t in texts]]

    def ensure(self, texts: Sequence[str]) -> None:
        """Embed (in batches) and persist every text not cached yet."""
        missing = list(dict.fromkeys(t for t in texts if t not in self._rows))
        if not missing:
            return
        if self._model is None:
            from hybrid_infer.cache._embedder import resolve_embedder

            self._model = resolve_embedder("all-MiniLM-L6-v2")
        if len(missing) > 100:
            print(f"embedding {len(missing)} texts (cached in {CACHE_DIR})", file=sys.stderr)
        fresh = self._model.embed(missing)
        self._matrix = fresh if self._matrix.size == 0 else np.vstack([self._matrix, fresh])
        for text in missing:
            self._rows[text] = len(self._texts)
            self._texts.append(text)
        CACHE_DIR.mkdir(parents=True, exist_ok=True)
        (CACHE_DIR / ".gitignore").write_text("*\n")
        np.save(self._vectors_path, self._matrix)
        self._texts_path.write_text(json.dumps(self._texts), encoding="utf-8")


# --- the protocol, through ResponseCache --------------------------------------------------


@contextmanager
def stored(
    pairs: Sequence[Pair], embedder: EmbeddingStore, **settings: Any
) -> Iterator[tuple[ResponseCache, dict[str, str]]]:
    """A fresh cache in a temporary directory (``settings`` for its :class:`CacheConfig`)
    holding every ``a`` of ``pairs`` with an answer of its own, and those answers by prompt,
    so a lookup tells its partner's answer from another pair's; closed on exit."""
    embedder.ensure([p.a for p in pairs] + [p.b for p in pairs])
    answers: dict[str, str] = {}
    with tempfile.TemporaryDirectory(prefix="hybrid-infer-bench-") as tmp:
        cache = ResponseCache(CacheConfig(path=tmp, embedder=embedder, **settings))
        try:
            for pair in pairs:
                if pair.a not in answers:
                    answers[pair.a] = f"answer {len(answers)}"
                    result = Result(text=answers[pair.a], provider="bench", model="m", kind="local")
                    cache.store(build_request(pair.a), result)
            yield cache, answers
        finally:
            cache.close()


def evaluate(
    pairs: Sequence[Pair], embedder: EmbeddingStore, *, guard: bool, thresholds: Sequence[float]
) -> list[Score]:
    """Store every ``a``, query every ``b`` at each threshold; score the hits."""
    positives = sum(p.label for p in pairs)
    with stored(pairs, embedder, guard=guard, similarity_threshold=min(thresholds)) as (cache, answers):
        requests = [build_request(p.b) for p in pairs]
        scores = []
        for threshold in thresholds:
            hits = correct = 0
            for pair, request in zip(pairs, requests, strict=True):
                hit = cache.lookup_semantic(request, threshold=threshold)
                if hit is None:
                    continue
                hits += 1
                correct += pair.label == 1 and hit.answer.text == answers[pair.a]
            scores.append(Score(threshold, guard, hits, correct, positives))
    return scores


def false_hit_breakdown(pairs: Sequence[Pair], embedder: EmbeddingStore, threshold: float) -> dict[str, int]:
    """Why hits are false at ``threshold`` with the guard on (QQP protocol artefacts first).

    ``same text``: the query equals (up to case and punctuation) a stored ``a`` of another
    pair; ``labelled duplicate``: the dev file itself labels the hit entry a duplicate of the
    query (through a chain of label-1 pairs); ``label-0 partner``: the hit is the query's own
    partner on a label-0 pair; ``other``: everything else.
    """
    duplicates = _duplicate_groups(load_pairs(QQP))
    out = {"correct": 0, "same text": 0, "labelled duplicate": 0, "label-0 partner": 0, "other": 0}
    with stored(pairs, embedder, guard=True) as (cache, answers):
        texts = {answer: prompt for prompt, answer in answers.items()}
        for pair in pairs:
            hit = cache.lookup_semantic(build_request(pair.b), threshold=threshold)
            if hit is None:
                continue
            entry = texts[hit.answer.text]
            if pair.label == 1 and entry == pair.a:
                out["correct"] += 1
            elif _squash(entry) == _squash(pair.b):
                out["same text"] += 1
            elif duplicates.get(entry, entry) == duplicates.get(pair.b, pair.b):
                out["labelled duplicate"] += 1
            elif entry == pair.a:
                out["label-0 partner"] += 1
            else:
                out["other"] += 1
    return out


def _squash(text: str) -> str:
    return " ".join("".join(c if c.isalnum() else " " for c in text.lower()).split())


def _duplicate_groups(pairs: Sequence[Pair]) -> dict[str, str]:
    """Union-find over label-1 pairs: text -> representative of its duplicate group."""
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for pair in pairs:
        if pair.label == 1:
            parent[find(pair.a)] = find(pair.b)
    return {text: find(text) for text in list(parent)}


def near_miss_breakdown(
    pairs: Sequence[Pair], embedder: EmbeddingStore, threshold: float
) -> dict[str, tuple[int, int]]:
    """Per kind: (queries that hit, queries) at ``threshold`` with the guard on."""
    out: dict[str, tuple[int, int]] = {}
    with stored(pairs, embedder, guard=True) as (cache, _):
        for pair in pairs:
            hit = cache.lookup_semantic(build_request(pair.b), threshold=threshold)
            hits, total = out.get(pair.kind, (0, 0))
            out[pair.kind] = (hits + (hit is not None), total + 1)
    return out


# --- index latency ------------------------------------------------------------------------


def index_latency(embedder: EmbeddingStore, sizes: Sequence[int]) -> list[tuple[int, float, float, float]]:
    """Median search time of flat and HNSW indexes over real MiniLM vectors (tiled)."""
    from hybrid_infer.cache._index import VectorIndex

    base = embedder._matrix
    rng = np.random.default_rng(0)
    out = []
    for size in sizes:
        reps = -(-size // len(base))
        noisy = np.vstack([base + 0.02 * rng.standard_normal(base.shape, dtype=np.float32) for _ in range(reps)])[:size]
        noisy /= np.linalg.norm(noisy, axis=1, keepdims=True)
        queries = base[rng.choice(len(base), 200, replace=False)]
        timings = {}
        for kind, floor in (("flat", 10**9), ("hnsw", 0)):
            index = VectorIndex(base.shape[1], hnsw_min_vectors=floor)
            start = time.perf_counter()
            index.add(list(range(size)), noisy.astype(np.float32))
            build = time.perf_counter() - start
            samples = []
            for query in queries:
                start = time.perf_counter()
                index.search(query, 8)
                samples.append(time.perf_counter() - start)
            timings[kind] = (statistics.median(samples) * 1000, build)
        out.append((size, timings["flat"][0], timings["hnsw"][0], timings["hnsw"][1]))
    return out


def embed_latency(embedder: EmbeddingStore) -> float:
    from hybrid_infer.cache._embedder import resolve_embedder

    model = resolve_embedder("all-MiniLM-L6-v2")
    model.embed(["warm up"])
    samples = []
    for i in range(30):
        start = time.perf_counter()
        model.embed([f"How do I configure the router number {i} for guest access?"])
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000


def exact_latency() -> float:
    with tempfile.TemporaryDirectory() as tmp:
        cache = ResponseCache(CacheConfig(path=tmp, semantic=False))
        requests = [build_request(f"question {i}?") for i in range(2000)]
        for request in requests:
            cache.store(request, Result(text="x" * 500, provider="p", model="m", kind="local"))
        samples = []
        for request in requests:
            start = time.perf_counter()
            cache.lookup_exact(request)
            samples.append(time.perf_counter() - start)
        cache.close()
    return statistics.median(samples) * 1000


# --- reporting ------------------------------------------------------------------------------


def table(scores: Sequence[Score]) -> str:
    by_threshold: dict[float, dict[bool, Score]] = {}
    for score in scores:
        by_threshold.setdefault(score.threshold, {})[score.guard] = score
    lines = [
        "| threshold | precision (no guard) | hit rate (no guard) | precision (guard) | hit rate (guard) |",
        "|---:|---:|---:|---:|---:|",
    ]
    for threshold, pair in sorted(by_threshold.items()):
        plain, guarded = pair[False], pair[True]
        mark = " **(default)**" if abs(threshold - DEFAULT_SIMILARITY_THRESHOLD) < 1e-9 else ""
        lines.append(
            f"| {threshold:.2f}{mark} | {plain.precision:.3f} | {plain.hit_rate:.3f}"
            f" | {guarded.precision:.3f} | {guarded.hit_rate:.3f} |"
        )
    return "\n".join(lines)


_POOLED_MARKS = ("hold-out", "review")


def plotted(results: Mapping[str, Sequence[Score]]) -> dict[str, list[Score]]:
    """The curves the image shows: QQP and each near-miss file made for a purpose of its own,
    then the hold-out and review files pooled into one curve (their hits, correct hits and
    paraphrase queries summed per threshold). One panel per file had grown the image to 66,000
    pixels and 14 MB, rewritten in git at every run; the tables give each file."""
    shown = {name: list(scores) for name, scores in results.items() if not any(m in name for m in _POOLED_MARKS)}
    pooled = [name for name in results if name not in shown]
    sums: dict[tuple[float, bool], tuple[int, int, int]] = {}
    for name in pooled:
        for s in results[name]:
            hits, correct, positives = sums.get((s.threshold, s.guard), (0, 0, 0))
            sums[(s.threshold, s.guard)] = (hits + s.hits, correct + s.correct, positives + s.positives)
    if pooled:
        title = f"near-miss, {len(pooled)} hold-out and review files pooled"
        shown[title] = [Score(t, g, hits, correct, positives) for (t, g), (hits, correct, positives) in sums.items()]
    return shown


def plot(series: Mapping[str, Sequence[Score]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    columns = min(len(series), 3)
    rows = -(-len(series) // columns)
    fig, axes = plt.subplots(rows, columns, figsize=(6 * columns, 4.5 * rows), squeeze=False)
    for ax in axes.flat[len(series) :]:
        ax.set_visible(False)
    for ax, (title, scores) in zip(axes.flat, series.items(), strict=False):
        for guard, style in ((False, "o--"), (True, "s-")):
            points = sorted((s for s in scores if s.guard is guard), key=lambda s: s.threshold)
            ax.plot(
                [s.hit_rate for s in points],
                [s.precision for s in points],
                style,
                label="guard" if guard else "cosine only",
            )
            for s in points[:: 2 if guard else 1]:  # the guard's points crowd: label half
                ax.annotate(
                    f"{s.threshold:.2f}",
                    (s.hit_rate, s.precision),
                    fontsize=7,
                    xytext=(3, -10) if guard else (3, 3),
                    textcoords="offset points",
                )
        ax.axhline(0.95, color="grey", lw=0.8, ls=":")
        ax.set_xlabel("hit rate (correct hits / paraphrase queries)")
        ax.set_ylabel("precision (correct hits / hits)")
        ax.set_title(title)
        lowest = min((s.precision for s in scores), default=0.4)
        ax.set_ylim(min(0.4, int(lowest * 10) / 10), 1.01)  # (the pooled cosine curve sits near 0.35)
        ax.legend(loc="lower left")
        ax.grid(alpha=0.3)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=120)
    plt.close(fig)


def latency_report(embedder: EmbeddingStore) -> str:
    import faiss

    rows = index_latency(embedder, (1_000, 10_000, 20_000, 50_000, 100_000))
    threads = os.environ.get("OMP_NUM_THREADS", f"default ({faiss.omp_get_max_threads()})")
    lines = [
        f"_Generated by `bench/semantic_quality.py --latency-only` ({os.cpu_count()} CPU cores,"
        f" OMP_NUM_THREADS={threads}; median of 200 single-query searches, k=8)._",
        "",
        "| vectors | flat search (ms) | HNSW search (ms) | HNSW build (s) |",
        "|---:|---:|---:|---:|",
    ]
    lines += [f"| {n:,} | {f:.3f} | {h:.3f} | {b:.1f} |" for n, f, h, b in rows]
    lines.append("")
    lines.append(
        f"Exact lookup p50: {exact_latency() * 1000:.0f} µs (2,000 entries). "
        f"Embedding one prompt with MiniLM on CPU: {embed_latency(embedder):.1f} ms p50."
    )
    return "\n".join(lines)


def write_section(marker: str, body: str) -> None:
    """Replace the text between ``<!-- marker:start -->`` and ``<!-- marker:end -->``."""
    start, end = f"<!-- {marker}:start -->", f"<!-- {marker}:end -->"
    text = DOC.read_text(encoding="utf-8")
    if start not in text or end not in text:
        raise SystemExit(f"{DOC} has no {start} ... {end} section")
    head, rest = text.split(start, 1)
    _, tail = rest.split(end, 1)
    DOC.write_text(f"{head}{start}\n{body.strip()}\n{end}{tail}", encoding="utf-8")


def near_miss_report(pairs: Sequence[Pair], embedder: EmbeddingStore) -> None:
    """Print the precision table and the per-kind hits of one near-miss file."""
    scores = [s for guard in (False, True) for s in evaluate(pairs, embedder, guard=guard, thresholds=THRESHOLDS)]
    print(f"\n## near-miss ({len(pairs)} pairs)\n\n{table(scores)}\n")
    kinds = near_miss_breakdown(pairs, embedder, DEFAULT_SIMILARITY_THRESHOLD)
    print("| kind | hits / queries (guard, default threshold) |\n|---|---:|")
    for kind, (hits, total) in sorted(kinds.items()):
        print(f"| {kind} | {hits} / {total} |")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", type=int, default=None, help="first N QQP pairs of the split (default all)")
    parser.add_argument("--split", choices=("heldout", "fit", "all"), default="heldout")
    parser.add_argument("--no-write", action="store_true", help="print only; leave docs/ alone")
    parser.add_argument("--latency", action="store_true", help="also measure lookup latencies")
    parser.add_argument("--latency-only", action="store_true", help="only measure latencies")
    parser.add_argument(
        "--near-miss-only",
        type=Path,
        metavar="PAIRS",
        help="only score this near-miss file (e.g. bench/near_miss_unseen.jsonl); print, never write",
    )
    args = parser.parse_args(argv)

    embedder = EmbeddingStore()
    if args.latency_only:
        latency = latency_report(embedder)
        print(latency)
        if not args.no_write:
            write_section("latency", latency)
        return
    if args.near_miss_only:
        near_miss_report(load_pairs(args.near_miss_only), embedder)
        return
    qqp = qqp_split(args.split, args.pairs)
    near = {name: load_pairs(path) for name, path in NEAR_MISS_FILES.items()}
    results: dict[str, list[Score]] = {}
    for name, pairs in (
        (f"QQP {args.split} ({len(qqp)} pairs)", qqp),
        *((f"{n} ({len(p)} pairs)", p) for n, p in near.items()),
    ):
        start = time.perf_counter()
        scores = [s for guard in (False, True) for s in evaluate(pairs, embedder, guard=guard, thresholds=THRESHOLDS)]
        results[name] = scores
        print(f"\n## {name}  ({time.perf_counter() - start:.0f} s)\n\n{table(scores)}")
    reasons = false_hit_breakdown(qqp, embedder, DEFAULT_SIMILARITY_THRESHOLD)
    hits = sum(reasons.values())
    why = ["| QQP hits at the default settings | count | share of hits |", "|---|---:|---:|"]
    why += [f"| {k} | {v} | {v / hits:.3f} |" for k, v in reasons.items()]
    print("\n" + "\n".join(why))
    per_file = {
        name: near_miss_breakdown(pairs, embedder, DEFAULT_SIMILARITY_THRESHOLD) for name, pairs in near.items()
    }
    kinds = sorted({kind for counts in per_file.values() for kind in counts})
    breakdown = [
        "| kind | " + " | ".join(f"{name.removeprefix('near-miss').strip(', ') or 'own'}" for name in per_file) + " |",
        "|---|" + "---:|" * len(per_file),
    ]
    for kind in kinds:
        cells = [f"{h} / {t}" if (h, t) != (0, 0) else "-" for h, t in (c.get(kind, (0, 0)) for c in per_file.values())]
        breakdown.append(f"| {kind} | " + " | ".join(cells) + " |")
    print("\n" + "\n".join(breakdown))

    latency = latency_report(embedder) if args.latency else ""
    if latency:
        print("\n" + latency)

    if args.no_write:
        return
    image = IMG / "semantic_quality.png"
    plot(plotted(results), image)
    body = [
        f"_Generated by `bench/semantic_quality.py --split {args.split}"
        f"{f' --pairs {args.pairs}' if args.pairs else ''}`._",
        "",
    ]
    for name, scores in results.items():
        body += [f"**{name}**", "", table(scores), ""]
    body += ["**Why QQP hits count as false** (guard on, default threshold)", "", *why, ""]
    body += [
        "**near-miss pairs by kind**: hits / queries with the guard at the default threshold"
        " (paraphrases should hit; every other kind should not)",
        "",
        *breakdown,
        "",
    ]
    body += [
        "![precision vs hit rate](img/semantic_quality.png)",
        "",
        "_The image pools the hold-out and review files into one curve; the tables above give each file._",
    ]
    write_section("semantic-quality", "\n".join(body))
    if latency:
        write_section("latency", latency)
    print(f"\nwrote {DOC} and {image}")


if __name__ == "__main__":
    try:
        main()
    except ConfigError as exc:
        raise SystemExit(str(exc)) from exc
