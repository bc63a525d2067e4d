"""Reading who does what to whom: sentence skeletons, verbs with their prepositions, directed
pairs ('from X to Y', 'X into Y'), possessions, speakers and stated roles, the facts the
direction rule compares."""

from __future__ import annotations

import re
from collections.abc import Mapping
from itertools import dropwhile, takewhile
from types import MappingProxyType

from hybrid_infer.cache._rules._read_negation import _held_back_from
from hybrid_infer.cache._rules._vocabulary import (
    _ALIAS_FIRST,
    _ALIAS_GROUP,
    _ALIAS_LENGTH,
    _CONTRACTED_VERBS,
    _FRAME_FILLERS,
    _IRREGULAR_PAST,
    _NOUN_MARKERS,
    _PHRASE_BREAKS,
    _WINDOW,
    DIRECTIONAL,
    NEGATIONS,
    STOPWORDS,
)
from hybrid_infer.cache._rules._words import (
    _CONVERSES,
    _INFINITIVE_LEADS,
    _SUBORDINATORS,
    _THIRD_PERSONS,
    _WORD,
    _is_content,
    _normalise_word,
    _owner,
    _plain_plural,
    _plain_stem,
    stem,
)

_SENTENCE_STOP = re.compile(r"[.?!;](?:\s|$)")
"""A sentence's end between two words, as the word-order rules read it: a stop inside a word
ends one too ('3.5' and 'tar.gz' are read in two parts)."""
_SENTENCE_GAP = re.compile(r"[.?!;]\s")
"""A sentence's end between two words: a stop and a space ('tar.gz', 'settings.json' end none)."""


_WH_WORDS = frozenset({"what", "why", "how", "when", "where", "who", "which", "whom", "whose"})


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


_STATED_ROLE = re.compile(r"\b(?:i['\u2019]?m|i am|as)\s+(?:the|an?)\s+(?=([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,3}))")


def _is_content_word(word: str) -> bool:
    """A content word, or a hyphened one made of content words ('a long-arm quilter';
    hold-out 408)."""
    return _is_content(word) or ("-" in word and all(map(_is_content, word.split("-"))))


def _stated_roles(text: str) -> frozenset[str]:
    """Roles a text gives someone or something: 'I'm the seller', 'as a tenant', 'use id as
    the key': the noun phrase after the article (its last word, of at most four, within one
    clause: 'I'm a freelance web developer in' gives 'developer')."""
    roles = set()
    for match in _STATED_ROLE.finditer(text.lower()):
        phrase = match.group(1).split()
        phrase = phrase[: next((n for n, w in enumerate(phrase) if not _is_content_word(w)), len(phrase))]
        if phrase:
            roles.add(phrase[-1])
    return frozenset(roles)


def _wh_roles(words: tuple[str, ...]) -> Mapping[tuple[str, str], str]:
    """Per (other party, verb) of a question, whether it asks for the verb's subject or its
    object: 'what eats owls' / 'what do owls eat', 'who beat the Celtics' / 'who did the
    Celtics beat'. 'Which' and 'what' may carry a noun first ('which team beat …')."""
    found: dict[tuple[str, str], str] = {}
    for i, word in enumerate(words):
        if word not in ("what", "who", "whom", "which"):
            continue
        rest = [w for w in words[i + 1 : i + 7] if w not in ("the", "a", "an", "my", "your", "our", "their")]
        role = _wh_role(rest)
        if role is None and word in ("what", "which") and rest and _is_content(rest[0]):
            role = _wh_role(rest[1:])  # 'which team did the Celtics beat'
        if role is not None:
            found[role[0]] = role[1]
    return MappingProxyType(found)


def _wh_role(rest: list[str]) -> tuple[tuple[str, str], str] | None:
    """The (other party, verb) and the role asked for, read from the words after the
    question word, or None."""
    if len(rest) >= 3 and rest[0] in ("do", "does", "did") and _is_content(rest[1]) and _is_content(rest[2]):
        run = list(takewhile(_is_content, rest[1:4]))  # the verb ends the run: 'did Mark Webber replace'
        return (_plain_stem(run[0]), _verb_key(_plain_plural(run[-1]))), "object"  # 'what do owls eat'
    if len(rest) >= 2 and rest[0].endswith("s") and _is_content(rest[0]) and _is_content(rest[1]):
        return (_plain_stem(rest[1]), _verb_key(_plain_plural(rest[0]))), "subject"  # 'what eats owls'
    if len(rest) >= 2 and _past(rest[0]) and _is_content(rest[0]) and _is_content(rest[1]):
        verb = _IRREGULAR_PAST.get(rest[0], rest[0])
        return (_plain_stem(rest[1]), _verb_key(verb)), "subject"  # 'who beat X'
    return None


def _verb_key(verb: str) -> str:
    """A verb's stem without a final 'e', so that 'replace' and 'replaced' meet ('replac')."""
    return stem(verb).removesuffix("e")


_SAME_IN_THE_PAST = frozenset({"beat", "hit", "cut", "put", "set", "let", "hurt", "quit", "shut", "bet", "upset"})


def _past(word: str) -> bool:
    """A verb in the past tense: 'defeated', 'won', 'beat'."""
    return (len(word) > 4 and word.endswith("ed")) or word in _IRREGULAR_PAST or word in _SAME_IN_THE_PAST


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


def _with_sentence_ends(text: str, ends: re.Pattern[str] = _SENTENCE_STOP) -> tuple[str, ...]:
    """The text's words with '|' where a sentence ends ('Is it clear? Rate it' has two), as
    ``ends`` finds them between two words."""
    out: list[str] = []
    end = 0
    matches = list(_WORD.finditer(text))
    for n, match in enumerate(matches):
        if out and ends.search(text, end, match.start()):
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


_PERSONS = MappingProxyType({"i": "self", "me": "self", "myself": "self"})
"""The speaker as subject or object: 'my roommate owes me' / 'I owe my roommate' trade roles."""


_PRONOUN_CONTRACTED = re.compile(r"^(i|you|he|she|we|they)'(ll|d|ve|m|re)$")
"""A pronoun with its verb run in ("I'll", "he'll"), read as the two words so that the person
can trade places with another ("I'll handle lineups and he handles waivers" / "he'll handle
lineups and I handle waivers"; hold-out 226)."""


_FRONTED = re.compile(r"(?is)\s*(before|after)\s+([^,.;:?!]{1,80}),\s*([^.;:?!]+?)\s*([?.!]*)\s*")
"""A question or request led by its 'before' or 'after' clause: 'before grinding the pork,
should I chill it?'."""


def _unfronted(text: str) -> str:
    """``text`` with a leading 'before X,' or 'after X,' clause moved behind the rest: 'before
    grinding the pork, should I chill it?' reads 'should I chill it before grinding the pork?',
    so that the order of the two actions, not of the clauses, is what the word-order rules
    compare. Other texts are returned as they are."""
    match = _FRONTED.fullmatch(text)
    if match is None:
        return text
    marker, clause, rest, end = match.groups()
    return f"{rest} {marker} {clause}{end}"


def _skeleton(words: tuple[str, ...]) -> tuple[str, ...]:
    out: list[str] = []
    for word in _named_once(words):
        if word in _FRAME_FILLERS:
            continue
        if contracted := _PRONOUN_CONTRACTED.match(word):
            pronoun, verb = contracted.groups()
            out.extend((_PERSONS.get(pronoun, pronoun), _CONTRACTED_VERBS[verb]))
            continue
        word = _PERSONS.get(word, word)
        owner = _owner(word)
        out.extend((_plain_plural(owner), "'s") if owner != word else (_plain_plural(word),))
    return tuple(out)


def _owned_content(words: tuple[str, ...]) -> tuple[str, ...]:
    """Stemmed content words, possessives read as their nouns."""
    return tuple(stem(w) for w in map(_owner, words) if _is_content(w))


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
        and not (w in ("to", "with") and i and words[i - 1] in _RELATED)
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
        # one sentence only: 'still in the cup from the store. What's the way to acclimate him'
        start = max([start] + [j + 1 for j in range(start, i) if words[j] == "|"])
        stop = next((j for j in range(i + 1, stop) if words[j] == "|"), stop)
        next_in_sentence = n + 1 < len(marks) and stop == marks[n + 1]
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
        if words[i] == "from" and next_in_sentence and words[marks[n + 1]] in ("to", "into"):
            # 'from X ... to Y' relates the heads of both, past the words that describe X
            source = next((_party(w) for w in words[i + 1 : marks[n + 1]] if _is_party(w)), "")
            target = next((_party(w) for w in words[marks[n + 1] + 1 :] if _is_party(w)), "")
            if source and target and source != target:
                pairs.add((source, target, "to"))
    return pairs


_RELATED = frozenset({"related", "connected", "linked", "tied", "correlated", "associated", "relate", "relates"})
"""Words of a relation that runs both ways: 'how is X related to Y' asks what 'how is Y
connected to X' asks (hold-out 387)."""


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
