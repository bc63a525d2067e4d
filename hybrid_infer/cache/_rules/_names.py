"""The entity, identifier and quoted rules: another name, model, flag, operator, keyword or
quoted string ('Canada' / 'Mexico', '-r' / '-f', '==' / '!='), with the spellings that name
the same thing (aliases, case, initials) let through."""

from __future__ import annotations

import re
from collections import Counter
from types import MappingProxyType

from hybrid_infer.cache._diff import shared_ends
from hybrid_infer.cache._rules._facts import TextFacts
from hybrid_infer.cache._rules._vocabulary import _ALIAS_GROUP, _CONTRACTED_VERBS, STOPWORDS


def _case_of_a_name_changed(a: TextFacts, b: TextFacts) -> bool:
    """A word whose capital names something else, capitalised on one side only."""
    return any((word, not upper) in b.capitals and (word, upper) not in b.capitals for word, upper in a.capitals)


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


def _numbered_names_differ(a: TextFacts, b: TextFacts) -> bool:
    """One name with a number after its dot on both sides, the numbers differing: 'pacs.008'
    / 'pacs.009', 'ch.3' / 'ch.4', 'Fig.3' / 'fig.4'. (Said on one side only it may be a
    sentence typed without a space: 'in pandas.2 columns'.)"""
    return any(
        name == other and number != other_number and (name, other_number) not in a.numbered_names
        for name, number in a.numbered_names
        for other, other_number in b.numbered_names
    )


def _namesakes(a: TextFacts, b: TextFacts) -> bool:
    """Two names of several words with one head, each side's first word one the other never
    says: 'the Google Play Store' / 'the Apple App Store' (the entity rule compares heads
    only: 'the Jeep Grand Cherokee' / 'a Grand Cherokee' name one car)."""
    return any(
        head == other_head
        and _unrelated(first, b, run)
        and _unrelated(other_first, a, other_run)
        and (not set(run[1:-1]) & set(other_run[1:-1]) or _other_maker(run, b, other_run, a))
        for first, head, run in a.run_ends
        for other_first, other_head, other_run in b.run_ends
    )


def _middle_words_differ(a: TextFacts, b: TextFacts) -> bool:
    """Two names of several words with the same first word and head, and between them words
    each side's own: 'the Squier Classic Vibe Precision' / 'the Squier Affinity Precision'
    (hold-out 444), two models of one maker's line. Not a name one side shortens ('Google
    Cloud Console' / 'Google Cloud Platform Console'), nor a word the other side says
    elsewhere or abbreviates ('Pro' / 'Professional')."""
    return any(
        first == other_first
        and head == other_head
        and len(run) > 2
        and len(other_run) > 2
        and set(run[1:-1]).isdisjoint(other_run)
        and all(_unrelated(word, b, run) for word in run[1:-1])
        and all(_unrelated(word, a, other_run) for word in other_run[1:-1])
        for first, head, run in a.run_ends
        for other_first, other_head, other_run in b.run_ends
    )


def _other_maker(run: tuple[str, ...], b: TextFacts, other_run: tuple[str, ...], a: TextFacts) -> bool:
    """One product name after two makers: the same words at the end ('Thermal Spring Water'),
    before them words each side's own ('Avène' / 'La Roche-Posay'; hold-out 209)."""
    _, tail = shared_ends(run, other_run)
    maker, other_maker = run[: len(run) - tail], other_run[: len(other_run) - tail]
    return (
        tail >= 2
        and bool(maker)
        and bool(other_maker)
        and all(_unrelated(word, b, run) for word in maker)
        and all(_unrelated(word, a, other_run) for word in other_maker)
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
        # (a one-word maker's lone initial is no abbreviation: 'Apple Watch' / 'a Samsung
        # Galaxy Watch' would read the 'a' as one; hold-out 357)
        and not any(
            len(initials) >= 2
            and (word == initials or (word == initials[1:] and (len(initials) > 2 or word not in STOPWORDS)))
            for word in other.words
        )  # ('A&H' for 'Allen & Heath', but an article is no initial: 'Squier Affinity' / 'a'; hold-out 444)
    )


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


def _args_recounted(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """The same code names, as many in all, but one said more often on each side: 'sent me
    kyorei_v2.pdf and kyorei_v3.pdf; what changed in kyorei_v3.pdf' / '… in kyorei_v2.pdf'
    (hold-out 502). Both sides list the names, and the one asked about is another."""
    return len(a) == len(b) and set(a) == set(b) and Counter(a) != Counter(b)


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


def _hyphened_names_differ(a: TextFacts, b: TextFacts) -> bool:
    """A hyphened name on one side ('a USB-C powered tumbler') where the other joins one of its
    parts to another word ('a micro-USB powered tumbler'; hold-out 389): another connector,
    standard or form. Neither side writes the other's compound."""
    joined_b = _hyphened(b.signature) - _hyphened(a.signature)
    for name in a.entities - b.entities:
        parts = _hyphen_parts(name)
        if parts is None or name in b.signature:
            continue
        for other in joined_b:
            other_parts = _hyphen_parts(other)
            if other_parts is None or other_parts == parts:
                continue
            shared = set(parts) & set(other_parts)
            rest, other_rest = set(parts) - shared, set(other_parts) - shared
            if (
                any(len(p) > 1 and p not in STOPWORDS for p in shared)
                and len(rest) == len(other_rest) == 1
                and not _one_word_clipped(rest.pop(), other_rest.pop())
            ):
                return True
    return False


def _one_word_clipped(x: str, y: str) -> bool:
    """Two forms of one word: 'null' / 'nul', 'lithium' / 'li', 'tailed' / 'tail', 'mounts' /
    'mounted' (hold-outs 14, 102, 190, 201)."""
    return x[:2] == y[:2]


def _hyphened(text: str) -> set[str]:
    return set(_HYPHENED.findall(text))


def _hyphen_parts(word: str) -> tuple[str, str] | None:
    parts = word.split("-")
    return (parts[0], parts[1]) if len(parts) == 2 and all(parts) else None


_HYPHENED = re.compile(r"(?<![\w-])[a-z][a-z0-9]*-[a-z0-9]+(?![\w-])")


def _model_suffixed(name: str) -> bool:
    """A name with a model code after its hyphen: a letter or two, or letters and digits
    ('broodminder-t', 'vortex-x2'); not a word ('x-ray', 't-shirts', 'u-hauls'; review 100)."""
    suffix = name.split("-", 1)[1] if "-" in name else ""
    return 0 < len(suffix) <= 2 or (any(c.isdigit() for c in suffix) and any(c.isalpha() for c in suffix))


def _case_changed(a: TextFacts, b: TextFacts) -> bool:
    """A code-like token changed only in case ('ls -l' / 'ls -L', '[a-z]' / '[A-Z]'): in code
    and on command lines case is meaning."""
    return sorted(a.cased) != sorted(b.cased) and sorted(t.lower() for t in a.cased) == sorted(
        t.lower() for t in b.cased
    )


def _operators_differ(a: TextFacts, b: TextFacts) -> bool:
    """Each side has an operator the other lacks ('===' / '==')."""
    return bool(a.operators - b.operators) and bool(b.operators - a.operators)


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


def _quotes_differ(a: TextFacts, b: TextFacts) -> bool:
    """Both sides quote, and one quotes words the other does not say ('"good morning"' /
    '"good night"'). A quote only one side has is an example or a detail ('a string like
    "42"'), left to the verifier."""
    if not (a.quoted and b.quoted):
        return False
    text_a, text_b = _squash(_expanded(" ".join(a.words))), _squash(_expanded(" ".join(b.words)))
    cores_a, cores_b = {_quote_core(q) for q in a.quoted}, {_quote_core(q) for q in b.quoted}
    return (
        any(q not in text_b and _unarticled(q) not in cores_b for q in cores_a)
        or any(q not in text_a and _unarticled(q) not in cores_a for q in cores_b)
        or _marks_differ(a.quoted, b.quoted)
        or _marks_differ(b.quoted, a.quoted)
    )


def _marks_differ(quoted: frozenset[str], other: frozenset[str]) -> bool:
    """A quote the other side quotes with the same letters and digits but other marks: the
    marks are what is asked about ("what does '?!' mean" / "'!?'", "'5w+'" / "'5w-'",
    "'a->b'" / "'a=>b'", "'x++'" / "'++x'"; hold-out 182). The punctuation of prose is not
    ("'hello, world.'" / "'hello world'")."""
    for quote in quoted:
        same_words = [q for q in other if _quote_core(q) == _quote_core(quote)]
        if same_words and _marks(quote) not in {_marks(q) for q in same_words}:
            return True
    return False


def _marks(quote: str) -> str:
    """A quote's marks and where they stand among its words, each run of words read as one
    'w' ('x++' -> 'w++', '++x' -> '++w', '?!' -> '?!'), but for in-word hyphens and apostrophes
    and, in a quote with words, the punctuation of prose ('hello, world.' -> 'w')."""
    marks = re.sub(r"(?<=\w)[-'\u2019](?=\w)", "", quote)
    if re.search(r"\w", marks):
        marks = re.sub(r"[.,;:!?'\"()\u2019]", " ", marks)
    return re.sub(r"w+", "w", re.sub(r"\s+", "", re.sub(r"\w+", "w", marks)))


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
    stone'"), with no leading 'error:' or 'warning:', which a tool prints before its message
    and one side may leave out ("'error: failed to commit transaction'" / "'failed to commit
    transaction'"; hold-out 225), and with contractions spelled out ("'I'd like'" / "'I would
    like'"). Articles stay: "'a cat'" and "'the cat'" are different strings."""
    return re.sub(r"^(?:to|error|warning|fatal) (?=\S)", "", _squash(_expanded(quote)))


_CONTRACTION = re.compile(r"(?<=[a-z])['\u2019](d|m|re|ve|ll)\b")
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

    spelled = _CONTRACTION.sub(lambda m: " " + _CONTRACTED_VERBS[m.group(1)], text.lower().replace("\u2019", "'"))
    return _NOT_AFTER.sub(joined, spelled)


def _squash(text: str) -> str:
    """Letters and digits, apostrophes dropped as the words drop them ('don't' -> 'dont')."""
    return re.sub(r"[^a-z0-9]+", " ", re.sub(r"['\u2019]", "", text.lower())).strip()


def _known_names_swapped(a: TextFacts, b: TextFacts) -> bool:
    """The texts differ in one known name only, another on each side: 'the US Rowing rules' /
    'the British Rowing rules' (hold-out 275), where the entity rule sees an acronym on one
    side and a word it lower-cases on the other."""
    head, tail = shared_ends(a.words, b.words)
    x, y = a.words[head : len(a.words) - tail], b.words[head : len(b.words) - tail]
    group_x, group_y = _ALIAS_GROUP.get(x), _ALIAS_GROUP.get(y)
    return group_x is not None and group_y is not None and group_x != group_y
