"""Reading what a text negates: negated words and how far a negation reaches, negated clauses,
lists, 'instead of' and 'replaced by', an action held back ('stop X from Ving') or kept going."""

from __future__ import annotations

import re
from itertools import pairwise

from hybrid_infer.cache._rules._vocabulary import (
    _DEGREE_WORDS,
    _EXCEPTING,
    _FRAME_FILLERS,
    _NEGATING_PHRASES,
    _REPLACING,
    _STOPPING,
    NEGATIONS,
)
from hybrid_infer.cache._rules._words import (
    _ADVERBS,
    _LETTERS,
    _ONE_THING_MARKERS,
    _PREFIXES,
    _PREVENTING,
    _SUBORDINATORS,
    _is_content,
    _normalise_word,
    _owner,
    stem,
)

_CLAUSE_TOKEN = re.compile(rf"[{_LETTERS}]+(?:['\u2019][A-Za-z]+)?|[,;.?!:()/]")


_ALL = frozenset({"all", "every", "each", "both", "everyone", "everybody", "everything"})
"""Quantifiers a 'not' bears on ('not all players', 'if not every guest')."""


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
            and not (  # 'if not, …' ('if not all players have': hold-out 182)
                word == "not" and i and words[i - 1] == "if" and not _is_content(following) and following not in _ALL
            )
            and not (word == "lack" and following == "of")  # 'a lack of B12' is a deficiency, not 'lacks'
            and not (word == "without" and words[max(0, i - 2) : i] == ("with", "or"))  # either way
            and not (word in ("without", "skip") and _or_do_without(words, i))
            and not _bounds(words, i)  # 'never more than 10' is 'at most 10'
            and not (word == "no" and i and words[i - 1] == "the")  # 'the zero address' names one (hold-out 211)
            and not (word == "nowhere" and i and words[i - 1] == "of")  # 'out of nowhere' is 'suddenly' (hold-out 374)
            and not (  # 'ok or no?' (not 'yes or no', which asks for a bare answer)
                word == "no"
                and i
                and words[i - 1] == "or"
                and (i < 2 or words[i - 2] != "yes")
                and not _is_content(following)
            )
        )
        # 'X rather than Y' and 'X instead of Y' say 'not Y'; so do 'a substitute for Y' and 'fail to Y';
        # 'stop napping' says 'no napping'
        held = _held_from(words, i) if word in _PREVENTING else _left_out(words, i) if word in _LEAVING else 0
        if (
            negates
            or (word, following) in _NEGATING_PHRASES
            or (word in _STOPPING and _gerund(following))
            or held
            or _short_of(words, i)
        ):
            start = held or i + 1
            if word in ("no", "not") and following in ("longer", "anymore"):
                start = i + 2  # 'no longer turns on' negates turning on, not length
            if (word.endswith("ed") or word == "forbidden") and i and words[i - 1] in _BE_FORMS:
                # 'which foods should be avoided', 'why licorice is forbidden for people with X'
                start = next((j for j in range(i - 2, -1, -1) if _is_content(words[j])), start)
            start = _past_caring(words, start) if negates else start  # ('stop caring about' says 'ignore')
            targets = [stem(w) for w in words[start:] if _is_content(w) and w not in _DEGREE_WORDS | _PRIOR]
            if negates and _does_what_is_asked(words, start):
                targets = []  # 'which activities can I not do while wearing a splint' negates the activities
            # ('never bring the house lights up' bears on the house lights too; hold-out 261)
            found.append(
                "|".join(targets[: 2 if word in _EXCEPTING or (targets and targets[0] in _LIGHT_TARGETS) else 1])
            )
    return tuple(found)


def _does_what_is_asked(words: tuple[str, ...], start: int) -> bool:
    """The negated verb is a bare 'do' whose object is what the question asks for: 'what
    activities can't I do during the first week' (hold-out 354), 'which activities can I not
    do while wearing my splint' (hold-out 366). What follows only says when."""
    at = start + (words[start : start + 1] in _DOERS)
    return words[at : at + 1] == ("do",) and (at + 1 == len(words) or words[at + 1] in _WHEN_DONE)


_DOERS = frozenset((w,) for w in ("i", "we", "you", "they", "he", "she"))
_WHEN_DONE = frozenset({"during", "while", "with", "after", "before", "when", "if", "until", "in", "on", "at", "for"})


_PRIOR = frozenset({"previous", "prior"})
"""Words before what a negation bears on: 'with no previous skating experience' negates the
experience ('who already have skating experience'; hold-out 402)."""
_LIGHT_TARGETS = frozenset({stem("bring")})
"""Verbs that say little without their object: a negation of them bears on the object too
('never bring the house lights up' / 'keep the house lights up'). Not 'take' or 'put', whose
negation is often reworded ("who shouldn't take Wegovy" / 'its contraindications')."""
_FALLING_SHORT = frozenset({"stop", "stops", "stopped", "stopping", "fall", "falls", "fell", "falling"})


def _short_of(words: tuple[str, ...], i: int) -> bool:
    """The 'short of' of 'stops short of condemning' or 'falls short of the target', which
    says the thing after it is not done or not reached ('short of breath' is not read so)."""
    return words[i] == "short" and 0 < i < len(words) - 1 and words[i + 1] == "of" and words[i - 1] in _FALLING_SHORT


_CARING = frozenset({"care", "cares", "caring", "cared", "worry", "worrying", "bother", "bothering"})
_LIGHT_VERBS = frozenset({"going", "getting", "being", "becoming"})
_MENTIONING = frozenset({"bringing", "mentioning", "raising", "touching", "discussing", "covering", "referencing"})
"""Verbs of saying that a negation passes to what is said: 'without bringing up my GPA'."""
_MENTION_PARTICLES = frozenset({"up", "in", "on", "about"})


def _past_caring(words: tuple[str, ...], start: int) -> int:
    """Where a negation of caring bears: on what is not cared about ('without caring about tyre
    wear' and "if I don't care about keeping custody" negate the wear and the keeping, which
    the other side may ask to keep: 'while keeping tyre wear low'; hold-outs 210, 211), past a
    light verb ('without going flat'), and past a verb of saying to what is said ('without
    bringing up my low GPA')."""
    for j in range(start, min(start + 3, len(words) - 1)):
        if words[j] in _CARING and words[j + 1] == "about":
            return j + 2
        if words[j] in _LIGHT_VERBS and _is_content(words[j + 1]):
            return j + 1  # 'without going flat' negates the flat, not the going (hold-out 210)
        if words[j] in _MENTIONING:  # 'without bringing up my low GPA' leaves out the GPA (hold-outs 224, 236)
            k = j + 1
            while k < len(words) and (words[k] in _MENTION_PARTICLES or not _is_content(words[k])):
                k += 1
            return k if k < len(words) else start
        if _is_content(words[j]):
            break
    return start


_COMPARATIVES = frozenset({"more", "fewer", "less", "longer", "later", "higher", "greater", "bigger", "larger"})


def _or_do_without(words: tuple[str, ...], at: int) -> bool:
    """'… or can they do without?' closing a question asks it both ways: 'is filtration
    necessary for goldfish or can they do without' asks 'do goldfish need a filter' (hold-out
    169), as '… or can I skip it?' does (hold-out 373). The 'without' or 'skip' ends the text
    (a pronoun may follow), an 'or' shortly before it."""
    return not any(map(_is_content, words[at + 1 :])) and "or" in words[max(0, at - 5) : at]


def _bounds(words: tuple[str, ...], at: int) -> bool:
    """A negation that sets a bound, 'no more than', 'never having more than', 'not later
    than': an amount, read by the number rule, not a negated word."""
    following = words[at + 1 : at + 4]
    return any(w in _COMPARATIVES and next_ == "than" for w, next_ in pairwise(following))


_BE_FORMS = frozenset({"be", "is", "are", "was", "were", "been", "being", "get", "gets", "got"})
"""Before a negating participle, the passive: its negation bears on the subject before it."""


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


def _held_back_from(words: tuple[str, ...], at: int) -> bool:
    """Whether the 'from' at ``at`` is that of 'stop X from Ving', which points nowhere ('stop
    my puppy from biting' / 'train a puppy not to bite' trade no places)."""
    return words[at] == "from" and any(
        words[i] in _PREVENTING and _held_from(words, i) in (at + 1, at + 2) for i in range(max(0, at - 6), at)
    )


_HELD_PRONOUNS = frozenset({"it", "them", "him", "her"})


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


def _stopped_asked(words: tuple[str, ...]) -> frozenset[str]:
    """The stems of the actions a text asks how to stop, said 'stop Ving' ('how do I get an
    actor to stop upstaging'; not 'should I stop taking it', which asks whether to)."""
    asking_how = "how" in words[:4]
    return frozenset(
        stem(following)
        for i, (w, following) in enumerate(pairwise(words))
        if w in _STOPPING and _gerund(following) and (asking_how or words[i - 1 : i] == ("to",))
    )


def _held_from(words: tuple[str, ...], i: int) -> int:
    """Where the held-back action starts in 'stop X from Ving' (at most nine words of X: 'keep
    my cast iron lathe bed from rusting', hold-out 373, 'stop the slits in my slit-tapestry from
    gaping', hold-out 438; an adverb may come first: 'stop WSJT-X
    from automatically logging', hold-out 168), or in 'stop my cat scratching' (X a determiner
    and one or two words, or a pronoun: 'stop it rusting', 'from' left out), or 0."""
    for j in range(i + 2, min(i + 11, len(words) - 1)):
        if words[j] in _PREVENTING or words[j] in ("and", "or", "but"):
            break  # ('stop a service and keep it from running': the 'from' is the second verb's)
        if words[j] == "from":
            if (
                j + 2 < len(words)
                and not words[j + 1].endswith("ing")
                and (words[j + 1] in _ADVERBS or _before_the_action(words[j + 1], words[j + 2]))
            ):
                j += 1  # 'from automatically logging', 'from auto-updating'
            following = words[j + 1]
            if following in ("being", "getting") and j + 2 < len(words) and _is_content(words[j + 2]):
                return j + 2  # 'stop my listing from being visible' holds back 'visible' (hold-out 247)
            return j + 1 if _gerund(following) else 0
    if words[i] in _STOPPING and i + 2 < len(words) and words[i + 1] in _HELD_PRONOUNS and _gerund(words[i + 2]):
        return i + 2  # 'stop it rusting' (hold-out 373)
    if words[i] in _STOPPING and i + 3 < len(words) and words[i + 1] in _ONE_THING_MARKERS:
        for j in range(i + 3, min(i + 5, len(words))):
            if _gerund(words[j]):
                return j if all(_is_content(w) for w in words[i + 2 : j]) else 0
    return 0


def _clause_tokens(text: str, token: re.Pattern[str] = _CLAUSE_TOKEN) -> tuple[str, ...]:
    """Normalised words with the punctuation that ends a clause or joins items (',', '/', ...)."""
    return tuple(t if not t[0].isalnum() else _normalise_word(t) for t in token.findall(text))


def _listed(tokens: tuple[str, ...]) -> frozenset[str]:
    """Content words right before or after a comma, a slash, 'and', 'or' or 'nor' (articles
    skipped; two each side of 'vs' or 'versus'), and every content word of a 'between X and Y'
    to the end of its clause: items of a list or a comparison, which may come in any order."""
    found = set()
    between = False
    for i, token in enumerate(tokens):
        if not token[0].isalnum():
            between = False
        elif token == "between":
            between = True
        elif between and _is_content(token):
            found.add(stem(_owner(token)))
        if token in (",", "/") or token in ("and", "or", "nor", "vs", "versus"):
            reach = 2 if token in ("vs", "versus") else 1  # ('neutral spine vs imprinted spine'; hold-out 217)
            for step in (-1, 1):
                j = i + step
                while 0 <= j < len(tokens) and tokens[j] in _FRAME_FILLERS:
                    j += step
                for k in range(j, j + step * reach, step):
                    if not (0 <= k < len(tokens) and tokens[k][0].isalnum() and _is_content(tokens[k])):
                        break
                    found.add(stem(_owner(tokens[k])))
    return frozenset(found)


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
