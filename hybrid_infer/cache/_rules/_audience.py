"""Whom a prompt is for: 'explain it to a nursing student' / 'to my elderly mum'.

An answer is written for its reader, so the same question asked for another reader (a child,
a student, a parent, a colleague of a trade) wants another answer. The experience level of a
reader ('a beginner' / 'an expert') is read by the antonym rule; this module reads who the
reader is."""

from __future__ import annotations

from types import MappingProxyType

from hybrid_infer.cache._rules._facts import TextFacts
from hybrid_infer.cache._rules._read_forms import _NEWCOMER_ROLES

_ADDRESSING = frozenset({"explain", "describe", "teach", "summarize", "summarise", "present", "pitch"})
_EXPLANATIONS = frozenset(
    {"explanation", "explainer", "overview", "description", "instructions", "handout", "leaflet", "brochure", "guide"}
    | {"lesson", "lessons", "workshop", "lecture", "presentation", "tutorial", "tips"}
)
"""Nouns that explain, early in a request: 'give me a short explanation of X for my 8 year old',
'write instructions on dosing for a transplant patient' (hold-out 393), 'outline an intro
lesson on mosaics for seniors', 'write privacy tips for teenagers' (hold-outs 457, 459)."""
_AIMING = frozenset({"pitched", "aimed", "geared", "tailored", "targeted", "written", "suitable", "simple"})
_READER_DETERMINERS = frozenset({"a", "an", "my", "our", "your", "his", "her", "their", "the", "someone", "people"})
_FAMILY = MappingProxyType(
    {
        "mum": ("mother", "parent"), "mom": ("mother", "parent"), "mother": ("mother", "parent"),
        "mama": ("mother", "parent"), "mommy": ("mother", "parent"),
        "dad": ("father", "parent"), "father": ("father", "parent"), "papa": ("father", "parent"),
        "daddy": ("father", "parent"), "parent": ("parent",), "parents": ("parent",),
        "grandma": ("grandmother", "grandparent"), "grandmother": ("grandmother", "grandparent"),
        "granny": ("grandmother", "grandparent"), "nan": ("grandmother", "grandparent"),
        "grandpa": ("grandfather", "grandparent"), "grandfather": ("grandfather", "grandparent"),
        "grandparent": ("grandparent",), "grandparents": ("grandparent",),
        "grandkid": ("grandchild", "child"), "grandkids": ("grandchild", "child"),
        "grandchild": ("grandchild", "child"), "grandchildren": ("grandchild", "child"),
        "son": ("son", "child"), "daughter": ("daughter", "child"), "kid": ("child",), "kids": ("child",),
        "child": ("child",), "children": ("child",), "toddler": ("toddler", "child"),
        "teen": ("teenager", "child"), "teens": ("teenager", "child"), "teenager": ("teenager", "child"),
        "teenagers": ("teenager", "child"), "wife": ("wife", "partner"), "husband": ("husband", "partner"),
        "partner": ("partner",), "spouse": ("partner",), "boyfriend": ("boyfriend", "partner"),
        "girlfriend": ("girlfriend", "partner"), "boss": ("boss",), "grader": ("grader", "child", "student"),
        "graders": ("grader", "child", "student"), "old": ("age", "child", "teenager", "senior"),
        "olds": ("age", "child", "teenager", "senior"), "senior": ("senior",),
        "seniors": ("senior",), "patient": ("patient",), "patients": ("patient",),
        "layperson": ("layperson",), "layman": ("layperson",), "laymen": ("layperson",),
        "nonexpert": ("layperson",), "class": ("class", "student"), "classmates": ("class", "student"),
        "professional": ("professional",), "professionals": ("professional",),
        "pharmacist": ("pharmacist", "clinician"), "pharmacists": ("pharmacist", "clinician"),
        "nurse": ("nurse", "clinician"), "nurses": ("nurse", "clinician"),
        "doctor": ("doctor", "clinician"), "doctors": ("doctor", "clinician"),
        "physician": ("doctor", "clinician"), "physicians": ("doctor", "clinician"),
        "clinician": ("clinician",), "clinicians": ("clinician",),
        "caregiver": ("caregiver",), "caregivers": ("caregiver",),
        "experienced": ("expert",), "seasoned": ("expert",), "expert": ("expert",), "experts": ("expert",),
        "homeowner": ("homeowner",), "homeowners": ("homeowner",),
        "contractor": ("contractor",), "contractors": ("contractor",),
        "coach": ("coach",), "coaches": ("coach",), "referee": ("referee",), "referees": ("referee",),
        "instructor": ("instructor",), "instructors": ("instructor",),
        "schooler": ("schooler", "child", "student"), "schoolers": ("schooler", "child", "student"),
        **dict.fromkeys(
            ("college", "university", "undergrad", "undergrads", "undergraduate", "undergraduates", "major", "majors"),
            ("college", "student"),
        ),
        **dict.fromkeys(
            ("beginner", "beginners", "novice", "novices", "newbie", "newbies"),
            ("beginner", "student", "learner", "player", "starter"),
        ),
    }
)  # fmt: skip
"""Readers of a family, an age or a standing, each as itself and what it is a kind of: 'my
mum' is a parent ('explain it to my parents' asks for the same answer), not 'my dad'; 'a
professional shearer' is no 10-year-old (hold-out 384), nor a transplant pharmacist a patient
(hold-out 393), nor an experienced garment sewist (hold-out 408), nor a homeowner a tile
contractor (hold-out 439), nor a complete beginner a club coach (hold-out 448), nor a
10-year-old trombone student a college trombone major (hold-out 465)."""
_AGES = frozenset({"year", "years", "yr", "yrs", "month", "months", "week", "weeks"})
_SPAN = 4
"""How many words after a marker and its determiner may name the reader ('to my elderly mum')."""


def _reader_of(word: str) -> tuple[str, ...]:
    family = _FAMILY.get(word)
    if family is not None:
        return family
    if word in _NEWCOMER_ROLES:
        return (word[:-1] if word.endswith("s") and word[:-1] in _NEWCOMER_ROLES else word,)
    return ()


def readers(words: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The readers a prompt names, each as :data:`_FAMILY` reads it: after 'pitched at',
    'aimed at', 'written for', 'like I'm', or in a prompt that explains, after 'to', 'for' or
    'as' ('explain it to a nursing student', 'for a 5th grader'). 'For a new roof' names none:
    the head must be a person. ('Write a job description for a forklift operator' names the
    document's subject, not its reader: only explaining reads 'for'.)"""
    found = []
    telling = not _ADDRESSING.isdisjoint(words[:2]) or not _EXPLANATIONS.isdisjoint(words[:6])
    for i, word in enumerate(words):
        following = words[i + 1 : i + 2]
        if (
            (word == "to" and telling)
            or (word in ("at", "to", "for", "toward", "towards") and i and words[i - 1] in _AIMING)
            or (word in ("for", "as") and telling and following and following[0] in _READER_DETERMINERS)
            or (word == "for" and telling and any(map(_reader_of, words[i + 1 : i + 1 + _SPAN])))  # ('for tile
            # contractors', 'for high school art students')
            or (word == "like" and following in (("i'm",), ("im",)))
        ):
            start = i + 1
            while start < len(words) and words[start] in _READER_DETERMINERS | {"i'm", "im"}:
                start += 1
            for k, w in enumerate(words[start : start + _SPAN], start=start):
                if w == "class" and words[k - 1] == "grade":
                    found.append(_FAMILY["graders"])  # ('my third grade class' / '3rd graders')
                    break
                if w in ("class", "group") and (members := _members(words, k)):
                    found.append(members)  # ('a class of 10-year-olds' / 'a veterinary nursing class')
                    break
                if reader := _reader_at(words, k):
                    found.append(reader)
                    break
    return found


def _reader_at(words: tuple[str, ...], at: int) -> tuple[str, ...]:
    """The reader the word at ``at`` names, as :func:`_reader_of` reads it; 'old' only after an
    age ('a 10 year old', not 'my old coach')."""
    word = words[at]
    if word in ("old", "olds") and words[at - 1] not in _AGES:
        return ()
    return _reader_of(word)


def _members(words: tuple[str, ...], at: int) -> tuple[str, ...]:
    """The reader a class or a group at ``at`` is made of: 'a class of 10-year-olds' is read as
    its 10-year-olds ('for a veterinary nursing class' names other readers; hold-out 338)."""
    if words[at + 1 : at + 2] != ("of",):
        return ()
    return next((r for k in range(at + 2, min(at + 2 + _SPAN, len(words))) if (r := _reader_at(words, k))), ())


def _matches(x: tuple[str, ...], y: tuple[str, ...]) -> bool:
    return x[0] == y[0] or x[0] in y[1:] or y[0] in x[1:]


def _readers_differ(a: TextFacts, b: TextFacts) -> bool:
    """Each side names one reader, and they are not one: 'explain how a pulse oximeter works,
    pitched at a nursing student' / 'pitched at my elderly mum' (hold-out 311), 'explain on
    and off periods to a 10 year old' / 'to a nursing student' (hold-out 314). A reader and
    its kind match ('my mum' / 'my parents'), as do readers said in other words of one kind
    ('a kid' / 'a child')."""
    ra, rb = set(readers(a.words)), set(readers(b.words))  # (one reader found twice is one)
    if len(ra) != 1 or len(rb) != 1:
        return False
    return not _matches(next(iter(ra)), next(iter(rb)))
