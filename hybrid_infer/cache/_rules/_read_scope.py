"""Reading how much a text asks about: its qualifiers, scopes (all, one, a part) and whether the
students it names are qualified, the facts the qualifier rule compares."""

from __future__ import annotations

from itertools import pairwise
from types import MappingProxyType

from hybrid_infer.cache._rules._vocabulary import _CARDINALS, _TIME_PERIODS, QUALIFIERS
from hybrid_infer.cache._rules._words import (
    _ALONE_DETERMINERS,
    _CALENDAR,
    _counts,
    _is_content,
    _plain_stem,
    stem,
)


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


def _targets(negated: tuple[str, ...]) -> set[str]:
    """Every word the negations bear on ('a|b' when one names two)."""
    return {word for target in negated for word in target.split("|")}


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


_WHOLE = frozenset({"entire", "entirely", "whole", "everything", "both", "full", "complete"})


_OWNED = ("'s", "\u2019s")
"""How an owner's name ends ("Franck's"): it determines the noun after it, as 'my' does."""


def _all_of_one(words: tuple[str, ...]) -> bool:
    """'all of' one thing ('all of Night', 'all of the book', 'all of it'), which takes it
    whole; 'all of the questions', a plural, takes every one of a set instead. All of what one
    owner has is said whole ('all of the Claravox's outputs'; hold-out 483)."""
    return any(
        word == "all"
        and words[i + 1 : i + 2] == ("of",)
        and (thing := next((w for w in words[i + 2 : i + 4] if w not in ("the", "this", "that", "my")), ""))
        and (not thing.endswith("s") or thing.endswith(_OWNED))
        for i, word in enumerate(words)
    )


_PART_FOLLOWERS = frozenset(
    {
        "the", "a", "an", "one", "this", "that", "step", "part", "section", "chapter",
        "my", "our", "your", "his", "her", "their",
    }
)  # fmt: skip


def _alone(words: tuple[str, ...]) -> frozenset[str]:
    """Stems of the nouns 'alone' limits: one to three content words between a determiner
    and it ('this week alone', 'the bachelorette trip alone'; not 'leave me alone')."""
    found: set[str] = set()
    for i, word in enumerate(words):
        if word != "alone":
            continue
        for start in range(i - 1, max(i - 4, 0) - 1, -1):
            if words[start] in _ALONE_DETERMINERS and start < i - 1:
                found.update(_plain_stem(w) for w in words[start + 1 : i])
                break
            if not _is_content(words[start]):
                break
    return frozenset(found)


def _asks_part(words: tuple[str, ...]) -> bool:
    """'just' or 'only' before what it limits ('just the case', 'only step 3', 'explain just
    one part'; not 'just want', 'only if'), or a numbered part ('step 3', 'chapter 2', 'the
    first step'), or a determined noun said 'alone' ('this week alone', 'the trip alone'), a
    numbered period after 'just' or 'only' ('just week 1 of a 12-week plan'), a named part
    ('the swim leg of'), or nouns a closing 'only' limits ('for pacing mistakes only')."""
    return (
        bool(_alone(words))
        or any(
            (word in ("just", "only") and (following in _PART_FOLLOWERS or following.isdigit()))
            or (_numbered_part(words, i) and (following.isdigit() or following in _CARDINALS))
            or (word in ("first", "last", "next", "final") and following in _PICKED_PARTS)
            or (word in ("first", "last") and following.isdigit() and _parts_at(words, i + 2))  # 'the first 8 bars'
            or (word in ("first", "final") and following.removesuffix("s") in _TIME_PERIODS)  # 'the first year'
            or (word in ("one", "single") and following in _NUMBERED_PARTS)  # 'one verse of a song'
            for i, (word, following) in enumerate(pairwise(words))
        )
        or any(  # 'the conclusion of my speech', 'the intro for my essay' (hold-out 255)
            the == "the" and section in _SECTIONS and of in ("of", "for", "to")
            for the, section, of in zip(words, words[1:], words[2:], strict=False)
        )
        or any(  # 'just week 1 of a 12-week plan'
            word in ("just", "only") and period in _NUMBERED_PERIODS and number.isdigit()
            for word, period, number in zip(words, words[1:], words[2:], strict=False)
        )
        or any(  # 'the swim leg of IRONMAN Lake Placid' (hold-out 288)
            the == "the" and _is_content(kind) and part in _NAMED_PARTS and of == "of"
            for the, kind, part, of in zip(words, words[1:], words[2:], words[3:], strict=False)
        )
        or bool(_only_after(words))  # 'for pacing mistakes only'
    )


def _parts_at(words: tuple[str, ...], at: int) -> bool:
    """Whether the word at ``at`` names numbered parts in the plural ('bars', 'steps')."""
    return at < len(words) and words[at].removesuffix("s") in _PICKED_PARTS


def _only_after(words: tuple[str, ...]) -> frozenset[str]:
    """Stems of the one or two nouns a closing 'only' limits: 'check my plan for pacing
    mistakes only' (hold-out 288); not 'if only', 'I only', nor a month or a day ('a budget
    for October only' is the month's own, whole: review 100)."""
    if words[-1:] == ("please",):
        words = words[:-1]  # ('exercises for a supraspinatus tear only, please'; hold-out 372)
    if words[-1:] != ("only",) or len(words) < 3 or not _is_content(words[-2]) or words[-2] in _CALENDAR:
        return frozenset()
    return frozenset(_plain_stem(w) for w in words[-3:-1] if _is_content(w))


_NAMED_PARTS = frozenset({"leg", "portion", "section", "segment", "half", "stretch"})
"""Parts of a whole that a word before them names ('the swim leg of', 'the bike portion of')."""


_SECTIONS = frozenset({"introduction", "intro", "conclusion", "opening", "ending", "outro", "prologue", "epilogue"})
"""The parts of a text or a talk, which 'the' and 'of' or 'for' make a part of one: 'write the
introduction for my speech' against 'my entire speech' ('the introduction of the euro' names
an event, which nothing calls entire)."""


_NUMBERED_PERIODS = frozenset({"week", "day", "month", "lesson", "module", "session"})
"""Periods and units of a plan or course that a number names one of ('week 1', 'day 3')."""


_NUMBERED_PARTS = frozenset(
    {
        "step", "part", "section", "chapter", "stage", "phase", "question", "exercise",
        "paragraph", "sentence", "line", "page", "slide", "verse", "scene", "episode",
        "stanza", "canto", "act", "movement",
        "round", "leg", "lap", "inning", "hole", "game",  # of a competition ('round 1 of'; hold-out 292)
    }
)  # fmt: skip
_PICKED_PARTS = _NUMBERED_PARTS | {"phrase", "measure", "bar", "passage"}
"""Parts a 'first' or 'last' picks: the numbered parts, and parts of a piece that are not numbered
parts on their own ('the first phrase of', 'the last 4 bars'; not 'measure 20.8 km', 'at 9 bar')."""


def _numbered_part(words: tuple[str, ...], at: int) -> bool:
    """``words[at]`` is a part a number may follow ('step 3', 'round 1 of the fixtures'), not
    the verb 'round' ('round 3.14159 to two places', 'round 25 up')."""
    if words[at] not in _NUMBERED_PARTS:
        return False
    after = words[at + 2 : at + 3]
    return not (words[at] == "round" and after and (after[0] in ("to", "up", "down") or after[0].isdigit()))


_REACH = MappingProxyType(
    {"every": "all", "all": "all", "each": "all", "first": "first", "last": "last", "one": "one", "single": "one"}
)
"""Words that say how much of a set an ask covers: all of it, or its first or last one."""
_REACH_SKIPS = frozenset({"of", "the", "my", "our", "your", "their", "its", "this", "that", "these", "those"})


def _scopes(words: tuple[str, ...]) -> frozenset[tuple[str, str]]:
    """``(reach, noun)`` for each quantified noun: the first content word after 'every', 'all',
    'each', 'first' or 'last', past 'of', 'the', 'one' and the like ('all of the rows', 'each
    one of the reviews'), not a period ('last week'). A count after 'all' or 'every' is not
    the noun ('all four wheels': the wheels)."""
    found = {("all", "thing")} if "everything" in words else set()  # 'a checklist of everything to try' (hold-out 249)
    for i, word in enumerate(words):
        reach = _REACH.get(word)
        if reach is None or (reach == "one" and i and words[i - 1] in _REACH):
            continue  # ('each one', 'every single', 'the last one': one word of 'each', 'last')
        for following in words[i + 1 : i + 7]:
            if (
                following in _REACH_SKIPS
                or following in ("one", "single", "good", "possible")  # ('one good stitch'; hold-out 183)
                or (reach == "all" and _counts(following))
                or (reach == "one" and following[:1].isdigit())  # ('one good 5.9 trad route'; hold-out 287)
            ):
                continue
            if following in ("thing", "things"):  # 'the first thing to try' / 'all the things to try'
                found.add((reach, "thing"))
            elif _is_content(following) and following.removesuffix("s") not in _TIME_PERIODS:
                found.add((reach, _plain_stem(following)))
                if following.endswith("es"):  # ('stretches' as 'stretch' too, 'caches' as 'cache'; review 108)
                    found.add((reach, stem(following)))
            break
    return frozenset(found)
