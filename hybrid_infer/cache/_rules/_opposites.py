"""The antonym rule: opposing words or particles ('increase' / 'decrease', 'log in' / 'log out'),
required vs forbidden or exempt, a reader's level, stop vs keep running, why vs how to."""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import pairwise

from hybrid_infer.cache._rules._compare import _COPULAS, _POSITIONS, _forms_of, _has_run, _in_place
from hybrid_infer.cache._rules._facts import TextFacts
from hybrid_infer.cache._rules._read_negation import _BE_FORMS, _KEEPING
from hybrid_infer.cache._rules._read_scope import _targets
from hybrid_infer.cache._rules._vocabulary import (
    _COORDINATORS,
    _NOUN_MARKERS,
    _OPPOSING_PREFIXES,
    _OPPOSITE,
    _PAIR_OPPOSITE,
    _PLAIN_NOTS,
    _PREPOSITIONS,
    _TIME_PERIODS,
    NEGATIONS,
)
from hybrid_infer.cache._rules._words import _PREVENTING, _is_content, stem


def _particle_turned(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """The same words but one particle turned to its opposite: 'when the AC light on my keypad
    is on' / 'is off' (hold-out 152), 'zoom in' / 'zoom out', 'scroll up' / 'scroll down'."""
    if _turned_in_place(a, b):
        return True
    if len(a) != len(b):
        return False
    changed = [(i, x, y) for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
    if len(changed) == 2 and _particles_traded(a, *changed):
        return True
    if len(changed) != 1:
        return False
    i, x, y = changed[0]
    if not _opposite_particles(x, y):
        return False
    # ('fill in' / 'fill out' a form, 'cash in' / 'cash out' a bond say the same; review 101)
    before = a[max(0, i - 4) : i]
    at = max((k for k, w in enumerate(before) if w in _IN_IS_OUT_VERBS), default=-1)
    # (the verb's object may stand between, 'fill it in'; not a phrase: 'typing with your elbows in')
    return "in" not in (x, y) or at < 0 or not _PREPOSITIONS.isdisjoint(before[at + 1 :])


def _particles_traded(a: tuple[str, ...], first: tuple[int, str, str], second: tuple[int, str, str]) -> bool:
    """Two particles each turned, trading places, in clauses apart: 'why does my horse fall in
    on the circle tracking left but fall out tracking right' / 'fall out … but fall in'
    (hold-out 355). Not one pair said the other way round: 'zoom in and out' / 'zoom out and in'."""
    (i, x, y), (k, x2, y2) = first, second
    return _opposite_particles(x, y) and (x2, y2) == (y, x) and k - i > 2 and "and" not in a[i:k]


_TURNING = frozenset({("on", "off"), ("off", "on"), ("up", "down"), ("down", "up")})


def _turned_in_place(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """'on' against 'off' (or 'up' against 'down') between the same word before and the same two
    after, each phrase on one side only, whatever else the sentences change: "understeering when
    I'm on the throttle out of slow corners" / "when I'm off the throttle in slow corners"
    (hold-out 210). Not 'in' and 'out', which say the same after some verbs ('fill in')."""
    phrases_a, phrases_b = _particle_phrases(a), _particle_phrases(b)
    return any(
        (before, y, after) in phrases_b - phrases_a and (before, x, after) not in phrases_b
        for before, x, after in phrases_a
        for turned, y in _TURNING
        if turned == x
    )


def _particle_phrases(words: tuple[str, ...]) -> set[tuple[str, str, tuple[str, ...]]]:
    """Each word with the word before it and the two after; at the end of the text only after
    a form of 'be' ('when background rendering is on'; hold-out 278), not 'with the fan on' /
    'without turning the fan off' or 'turning on and off'."""
    return {
        (words[i - 1], words[i], words[i + 1 : i + 3])
        for i in range(1, len(words))
        if i < len(words) - 2 or words[i - 1] in _BE_FORMS
    }


_IN_IS_OUT_VERBS = frozenset(
    {"fill", "fills", "filled", "filling", "cash", "cashes", "cashed", "cashing", "type", "typed", "typing"}
)
"""Verbs whose 'in' and 'out' say the same ('fill in' / 'fill out' a form); elsewhere they are
opposites ('log in', 'fade in', 'let the cat in', 'scale in'; review 102)."""


_WHICH_OR_WHAT = frozenset({("which",), ("what",), ("what's",), ("whats",), ("when",)})
_REQUIRED = frozenset({"required", "mandatory", "necessary", "needed", "compulsory", "obligatory", "requires"})
_FORBIDDEN = frozenset({"prohibited", "forbidden", "banned", "illegal", "disallowed"})
_ALLOWED = frozenset({"allowed", "permitted", "legal", "ok", "okay"})


def _required_or_forbidden(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks what is required, ``b`` what is forbidden: 'which door hardware is required
    on a fire-rated door' / 'which is not allowed on one' (hold-out 152). ('Is a permit
    required' / 'is it illegal without a permit' ask the same.)"""
    if _REQUIRED.isdisjoint(a.words) or a.negated or not _REQUIRED.isdisjoint(b.words) or "without" in b.words:
        return False
    if a.words[:1] not in _WHICH_OR_WHAT or b.words[:1] not in _WHICH_OR_WHAT:
        return False  # ('is car insurance compulsory' / 'is driving uninsured illegal' ask the same; review 101)
    return not _FORBIDDEN.isdisjoint(b.words) or any(
        w in ("not", "never") and not _ALLOWED.isdisjoint(b.words[i + 1 : i + 3]) for i, w in enumerate(b.words)
    )


_MUST = frozenset({"must", "need", "needs", "require", "requires", "requiring", "required", "mandatory", "obligated"})
_EXEMPT = frozenset({"exempt", "exempted"})
_ASKS_WHICH = _WHICH_OR_WHAT | {("who",), ("list",), ("name",)}


def _required_or_exempt(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks which things must have something, ``b`` which are exempt from it: 'which
    hydraulic elevators must have a safety bulkhead' / 'which are exempt from having one'
    (hold-out 165), 'list occupancies that require a fire alarm' / 'that are exempt from
    requiring one' (hold-out 164): each answer is the other's complement. A yes-or-no question
    is answered by either ('do students have to pay council tax' / 'are students exempt from
    it, or do they have to pay'), so only which/what/who/list questions, and only 'exempt
    from' ('what documents are required for a homestead exemption' asks no complement)."""
    must = any(
        w in _MUST and not (w == "need" and n == "to" and k and a.words[k - 1] in ("i", "we", "you"))
        for k, (w, n) in enumerate(pairwise((*a.words, "")))
    ) or any(w in ("has", "have") and n == "to" for w, n in pairwise(a.words))  # ('what do I need to send' asks means)
    exempt = any(
        w in _EXEMPT and (b.words[i + 1 : i + 2] == ("from",) or not _BE_FORMS.isdisjoint(b.words[max(0, i - 2) : i]))
        for i, w in enumerate(b.words)
    )  # 'exempt from', 'are tax-exempt' (not 'a homestead exemption')
    return (
        a.words[:1] in _ASKS_WHICH
        and b.words[:1] in _ASKS_WHICH
        and must
        and exempt
        and not a.negated
        and _EXEMPT.isdisjoint(a.words)
    )


_NEW_HANDS = frozenset(
    {"beginner", "beginners", "novice", "novices", "newbie", "newbies", "apprentice", "apprentices"}
    | {"newcomer", "newcomers", "trainee", "trainees", "dummies", "casual", "layperson", "layman", "laymen", "new"}
    | {"freshman", "freshmen", "rookie", "rookies"}
)
_OLD_HANDS = frozenset(
    {"experienced", "expert", "experts", "seasoned", "veteran", "veterans", "longtime", "lifelong", "diehard"}
)
_NOT_A_READER = frozenset({"advice", "help", "opinion", "opinions", "guidance", "tips", "level", "review", "witness"})
_NOT_A_READER_RUNS = frozenset((w,) for w in _NOT_A_READER)
"""Nouns an 'expert' may describe that are no reader: 'go for expert advice' (review 105)."""


_EXPLAINING = frozenset({("explain",), ("describe",), ("teach",), ("summarize",), ("summarise",), ("present",)})
_PERSON_DETERMINERS = frozenset((w,) for w in ("a", "an", "someone", "somebody", "people", "my", "our"))
_CASUAL_READERS = frozenset(
    (w,) for w in ("fan", "fans", "reader", "readers", "viewer", "viewers", "player", "players", "user", "users")
)


def _new_hand(word: str, following: tuple[str, ...]) -> bool:
    """A newcomer's word ('beginner', 'apprentice', 'a new diver', 'first-time volunteers'),
    'casual' only of a fan, reader, viewer, player or user ('a casual office party' is no
    reader; review 106)."""
    if word == "first" and following in (("time",), ("year",)):
        return True  # (hold-out 243; 'a first-year coach', hold-out 257)
    if word in ("just", "newly", "recently") and following == ("diagnosed",):
        return True  # 'for someone just diagnosed with T1D' (hold-out 269)
    return word in _NEW_HANDS and (word != "casual" or following in _CASUAL_READERS)


_YEARS = (("years",), ("yrs",))


def _years_in(said: tuple[str, ...]) -> bool:
    """'someone with 20 years of T1D', 'a nurse with 10+ years': long experience, in years."""
    return any(
        w == "with" and said[k + 1 : k + 2] != () and said[k + 1].isdigit() and said[k + 2 : k + 3] in _YEARS
        for k, w in enumerate(said)
    )


def _audience_level(words: tuple[str, ...]) -> set[str]:
    """Whom an explanation is 'for' (or 'as' whom one asks, or, after 'explain', 'to' whom, or
    who 'does' 'need' a thing: 'what tools does a beginner need'; hold-out 252), by experience:
    'new' for 'for a brand-new apprentice' and 'to a casual fan', 'old' for 'for an experienced
    adjuster' and 'to an experienced referee' (hold-out 172)."""
    levels = set()
    telling = words[:1] in _EXPLAINING
    for i, word in enumerate(words):
        if (
            word in ("for", "as")
            or (word == "like" and words[i + 1 : i + 2] in (("i'm",), ("im",)))  # 'like I'm a total beginner'
            or (telling and word == "to" and words[i + 1 : i + 2] in _PERSON_DETERMINERS)
            or (word in ("does", "do") and "need" in words[i + 2 : i + 6])  # 'what tools does a beginner need'
        ):
            said = words[i + 1 : i + 5]  # ('for a brand new apprentice'; not 'explain how to clean a seasoned pan')
            levels |= {"new"} if any(_new_hand(w, said[k + 1 : k + 2]) for k, w in enumerate(said)) else set()
            levels |= (
                {"old"}
                if any(w in _OLD_HANDS and said[k + 1 : k + 2] not in _NOT_A_READER_RUNS for k, w in enumerate(said))
                or _years_in(said)
                else set()
            )
    if levels and not _NEW_HANDS.isdisjoint(words) and not _OLD_HANDS.isdisjoint(words):
        return {"new", "old"}  # ('to my new coworker who's a seasoned sysadmin' names both; review 107)
    return levels


def _audience_level_differs(a: TextFacts, b: TextFacts) -> bool:
    """One side writes for newcomers, the other for the experienced: 'explain leveling for a
    brand-new apprentice' / 'for an experienced adjuster' (hold-out 165), where the audience
    nouns differ in kind and no word list pairs them. 'What mistakes do beginners make' /
    'what do experienced players see newcomers get wrong' name no audience with 'for'."""
    la, lb = _audience_level(a.words), _audience_level(b.words)
    return len(la) == len(lb) == 1 and la != lb


def _why_or_how_to(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """'Explain why X is recommended' / 'explain how to do X' (hold-out 173): the reasons for
    a practice against its steps, asked with the same verb."""

    def asked(words: tuple[str, ...], wh: tuple[str, ...]) -> str | None:  # 'can you explain why'
        for i, w in enumerate(words[:4]):
            if w in ("explain", "describe") and words[i + 1 : i + 1 + len(wh)] == wh:
                return w
        return None

    verb = asked(a, ("why",))
    return verb is not None and verb == asked(b, ("how", "to")) and "why" not in b  # ('explain how do planes fly')


_GOING_ON = frozenset({"running", "going", "ticking", "moving", "counting", "rolling", "alive"})


def _stops_or_runs_on(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks whether something stops, ``b`` whether it keeps running: 'does the game clock
    stop after an incomplete pass' / 'does it keep running' (hold-out 172), 'how do I stop a
    container' / 'how do I keep a container running'. Neither side asks both ways, and a
    complaint that something keeps running asks how to stop it ('my toilet keeps running, how
    do I fix it' / 'how do I stop my toilet from running'; review 106): 'X keeps running' only
    between two yes-or-no questions."""

    yes_no = a.words[:1] in _YES_NO_OPENERS and b.words[:1] in _YES_NO_OPENERS

    def stops(words: tuple[str, ...]) -> bool:  # ('does a timeout stop the clock from running' stops it)
        return any(
            w in ("stop", "stops", "halt", "halts")
            and (yes_no or "from" not in words[i + 1 : i + 6])  # ('how do I stop a prospect from stalling')
            and (yes_no or not any(map(_ing_form, words[i + 1 : i + 5])))  # ('stop my script exiting'; review 107)
            and not (i + 1 < len(words) and words[i + 1] in ("at", "by"))
            and not (i and words[i - 1] in NEGATIONS)  # ('a toilet that won't stop filling' keeps running)
            for i, w in enumerate(words)
        )

    def runs_on(words: tuple[str, ...]) -> bool:  # 'keeps running', 'continue to run'
        return any(
            (w in _KEEPING | {"continue", "continues"} and n in _GOING_ON)
            or (w in ("continue", "continues") and n == "to" and words[i + 2 : i + 3] in _RUN)
            for i, (w, n) in enumerate(pairwise(words))
        )

    def kept_running(words: tuple[str, ...]) -> bool:  # 'keep a Docker container running'
        return any(
            w in _KEEPING
            and not _GOING_ON.isdisjoint(words[i + 2 : i + 6])
            and words[i + 1] not in _GOING_ON
            and "from" not in words[i + 1 : i + 6]  # ('keep fuel from going bad' prevents)
            for i, w in enumerate(words)
        )

    return (
        stops(a.words)
        and not runs_on(a.words)
        and not kept_running(a.words)
        and not stops(b.words)
        and (kept_running(b.words) or (yes_no and runs_on(b.words)))
    )


_RUN = frozenset((w,) for w in ("run", "go", "tick", "move", "count", "roll"))
_ING_NOUNS = frozenset({"thing", "bring", "string", "spring", "swing", "sting", "wring", "sling", "during"})


def _ing_form(word: str) -> bool:
    """An -ing form, short ones too ('dying', 'going'), not 'thing' or 'during'."""
    return word.endswith("ing") and len(word) >= 5 and word not in _ING_NOUNS


_YES_NO_OPENERS = frozenset(
    (w,) for w in ("does", "do", "did", "will", "would", "should", "is", "are", "can", "could", "if", "when")
)


def _less_or_comparative(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks for more of a quality in its comparative ('make my banjo sound brighter'),
    ``b`` for less of it ('make it sound less bright'; hold-out 447). Neither side says the
    other's words, and the comparative follows no determiner ('the user' is no more of 'use')."""
    lessened = {b.words[i + 1] for i, word in enumerate(b.words[:-1]) if word == "less"} - set(a.words)
    if not lessened or "less" in a.words:
        return False
    return any(
        word.endswith("er")
        and word not in b.words
        and not (i and a.words[i - 1] in _NOUN_MARKERS)
        and not lessened.isdisjoint(_forms_of(a, word) - {word})
        for i, word in enumerate(a.words)
    )


def _good_or_bad(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """'Good' on one side where the other says 'bad', in a request for things of either kind:
    'which exercises are good for recovery' / 'bad for recovery' (hold-out 320), 'exercises that
    are good for a dancer with hyperextended knees' / 'bad for' (hold-out 332). Not in a yes-or-no
    question ('is stretching good for you' / 'is stretching bad'), whose one answer tells both,
    unless the word turns in place, between the same words: 'is it a good sign that my knee feels
    warm' / 'a bad sign' (hold-out 358), 'a good choice for beginners' / 'a poor choice'."""
    if _turned_good(a, b):
        return True
    if a[:1] in _YES_NO_OPENERS or b[:1] in _YES_NO_OPENERS:
        return False
    if "good" not in a or "bad" not in b or "bad" in a or "good" in b:
        return False
    return a[a.index("good") - 1 : a.index("good")] != ("not",) and b[b.index("bad") - 1 : b.index("bad")] != ("not",)


def _turned_good(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """'good' on one side only, 'bad', 'poor' or 'worse' on the other only, with the same word
    before and after each: 'a good candidate for Entresto' / 'a poor candidate' (hold-out 340)."""
    if "good" in b or _BAD_OR_POOR & set(a):
        return False
    return any(a[i - 1] != "not" for i in _turned_between(a, b, _GOOD_TURNED))


_BAD_OR_POOR = frozenset({"bad", "poor", "worse"})  # ('make an amp sound good' / 'sound worse'; hold-out 427)
_GOOD_TURNED = frozenset(("good", word) for word in _BAD_OR_POOR)


def _turned_between(a: tuple[str, ...], b: tuple[str, ...], turned: frozenset[tuple[str, str]]) -> Iterator[int]:
    """Where ``a`` says a word (or joined phrase) only it says and ``b`` says, between the same
    word before and the same word after, one only ``b`` says that ``turned`` pairs with it: the
    positions in ``a``."""
    for i, x in enumerate(a[1:-1], start=1):
        if x in b:
            continue
        for j, y in enumerate(b[1:-1], start=1):
            if (x, y) in turned and y not in a and (a[i - 1], a[i + 1]) == (b[j - 1], b[j + 1]):
                yield i


def _phrase_turned(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """A phrase on one side only where the other says its opposite, between the same word
    before and the same word after: 'get into the bathtub' / 'get out of the bathtub' (hold-out
    358), 'back my boat into a slip' / 'out of a slip', 'why would a surgeon recommend fusion' /
    'advise against fusion', 'parents in favor of implants' / 'parents against implants'
    (hold-out 356), 'how does a dentist put on a healing abutment' / 'take off' (hold-out
    371). Not a verb changed with it: 'turn this into a checklist' / 'make a
    checklist out of these steps' says the same."""
    return any(True for _ in _turned_between(_joined_phrases(a), _joined_phrases(b), _TURNED_PHRASES))


def _joined_phrases(words: tuple[str, ...]) -> tuple[str, ...]:
    """``words`` with each phrase of :data:`_TURNED_PHRASES` joined into one token, the longest
    first ('recommend against' before 'recommend')."""
    joined: list[str] = []
    i = 0
    while i < len(words):
        size = next((n for n in (3, 2) if " ".join(words[i : i + n]) in _PHRASES), 1)
        joined.append(" ".join(words[i : i + size]))
        i += size
    return tuple(joined)


_PRO = ("in favor of", "in favour of", "recommend", "recommends", "advise", "advises")
_CON = ("against", "advise against", "advises against", "recommend against", "recommends against")
_PUT_ON = ("put on", "puts on", "putting on")
_TAKE_OFF = ("take off", "takes off", "taking off", "took off", "taken off")
_PUT_IN = ("put in", "puts in", "putting in")
_TAKE_OUT = ("take out", "takes out", "taking out", "took out", "taken out")
_ACCEPT = ("accept", "accepts", "accepted", "accepting", "approve", "approves", "approved", "approving")
_TURN_DOWN = ("turn down", "turns down", "turned down", "turning down")
_HOLD_UP = ("hold up", "holds up", "held up", "holding up", "hold well", "holds well", "held well")
_FALL_APART = ("fall apart", "falls apart", "fell apart", "falling apart", "fail", "fails", "failed")
_TURNED_PHRASES = frozenset(
    {("into", "out of"), ("out of", "into")}
    | {pair for x in _PRO for y in _CON for pair in ((x, y), (y, x))}
    | {pair for x in _PUT_ON for y in _TAKE_OFF for pair in ((x, y), (y, x))}
    | {pair for x in _PUT_IN for y in _TAKE_OUT for pair in ((x, y), (y, x))}
    | {pair for x in _ACCEPT for y in _TURN_DOWN for pair in ((x, y), (y, x))}
    | {pair for x in _HOLD_UP for y in _FALL_APART for pair in ((x, y), (y, x))}
)
"""Phrases and their opposites, either way round."""
_PHRASES = frozenset(p for pair in _TURNED_PHRASES for p in pair if " " in p)


def _apart_or_together(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """One side takes a thing apart, the other puts it (back) together, either way round: 'how
    do I take apart my bugle for cleaning' / 'how do I put my bugle back together after
    cleaning' (hold-out 497). Not a distance ('how far apart') nor an exception ('apart from').
    Each side is read once; the side that takes apart must not be the one that puts together."""
    apart_a, apart_b = _takes_apart(a), _takes_apart(b)
    together_a, together_b = _puts_together(a), _puts_together(b)
    return apart_a != apart_b and together_a != together_b and apart_a == together_b


def _takes_apart(words: tuple[str, ...]) -> bool:
    """'Disassemble', or 'apart' at most three words after 'take', 'pull', 'come' or 'fall'
    ('take my bugle apart'), and no 'from' after it ('apart from' excepts)."""
    return any(
        w in ("disassemble", "disassembling", "dismantle", "dismantling")
        or (
            w in _PULLED
            and "apart" in (near := words[i + 1 : i + 5])
            and near[near.index("apart") + 1 :][:1] != ("from",)
        )
        for i, w in enumerate(words)
    )


def _puts_together(words: tuple[str, ...]) -> bool:
    """'(Re)assemble', or 'together' at most three words after 'put', 'piece', 'fit', 'get' or
    'back' ('put my bugle back together')."""
    return any(
        w in ("reassemble", "reassembling", "assemble", "assembling")
        or (w in _PUTTING and "together" in words[i + 1 : i + 5])
        for i, w in enumerate(words)
    )


_PULLED = frozenset(
    {"take", "takes", "taking", "took", "pull", "pulls", "pulling", "pulled"}
    | {"come", "comes", "coming", "came", "fall", "falls", "falling", "fell"}
)
_PUTTING = frozenset({"put", "puts", "putting", "piece", "fit", "fitting", "get", "getting", "back"})


def _helps_or_worsens(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """``a`` asks what helps with a thing, ``b`` what makes it worse, the same word before each
    verb: 'what kinds of activity help with fatigue' / 'what kinds of activity make fatigue
    worse' (hold-outs 346, 354), 'what habits help cure target panic' / 'make target panic
    worse' (hold-out 316)."""
    if "worse" in a or _HELPING & set(b):
        return False
    for i, word in enumerate(a):
        if word not in _HELPING or not i:
            continue
        for j, made in enumerate(b):
            if made not in _MAKE_FORMS or not j or b[j - 1] != a[i - 1] or "worse" not in b[j + 2 : j + 8]:
                continue  # ('make feedback from a bullet mic worse'; hold-out 440)
            thing = b[j + 1 : b.index("worse", j + 2)]
            if set(thing) <= set(a[i + 1 : i + 9]):
                return True
    return False


_HELPING = frozenset({"help", "helps", "helped", "helping"})
_MAKE_FORMS = frozenset({"make", "makes", "made", "making"})


_OPPOSITE_PARTICLES = frozenset(
    {
        *(("in", "out"), ("up", "down"), ("on", "off"), ("over", "under"), ("inside", "outside"), ("pre", "post")),
        *(("in", "outside"), ("within", "outside")),  # 'distilled in Kentucky' / 'outside Kentucky' (hold-out 205)
    }
)


def _opposite_particles(x: str, y: str) -> bool:
    """'in' and 'out', 'up' and 'down', … in either order."""
    return (x, y) in _OPPOSITE_PARTICLES or (y, x) in _OPPOSITE_PARTICLES


def _particle_flipped(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """A hyphenated word whose particle half turns to its opposite: 'base-in prism' /
    'base-out prism' (hold-out 142), 'a log-in page' / 'a log-out page', 'pre-op' / 'post-op'."""
    only_a, only_b = set(a) - set(b), set(b) - set(a)
    for x in only_a:
        for y in only_b:
            xs, ys = x.split("-"), y.split("-")
            if len(xs) != 2 or len(ys) != 2:
                continue
            if xs[0] == ys[0] and xs[1] != ys[1]:
                pair = (xs[1], ys[1])
            elif xs[1] == ys[1] and xs[0] != ys[0]:
                pair = (xs[0], ys[0])
            else:
                continue
            if _opposite_particles(*pair):
                return True
    return False


def _antonyms(a: TextFacts, b: TextFacts) -> bool:
    """One side has a word whose opposite only the other has. A negated word does not count:
    'not including' says what 'excluding' says."""
    only_a = {w for w in a.forms.keys() - b.forms.keys() if _opposable(w, a)} - _written_joined(a.words, b)
    only_b = {w for w in b.forms.keys() - a.forms.keys() if _opposable(w, b)} - _written_joined(b.words, a)
    only_a, only_b = _compared_apart(only_a, a, only_b, b), _compared_apart(only_b, b, only_a, a)
    only_a, only_b = _past_a_lone_negation(only_a, a, b), _past_a_lone_negation(only_b, b, a)
    if not only_a or not only_b:
        return False
    forms_a = frozenset().union(*(a.forms[w][0] for w in only_a))
    forms_b = frozenset().union(*(b.forms[w][0] for w in only_b))
    # A side that says both words ('slow ... make it faster') contrasts nothing with the other,
    # nor does one that says a word and an opposite of it the other lacks ('remove duplicates,
    # keeping the first' / 'deduplicate, retaining the first').
    said_a, said_b = _said(a), _said(b)
    if any(
        form not in said_b
        and any(not _OPPOSITE.get(y, frozenset()) & said_b - said_a for y in opposites & forms_b - said_a)
        and not opposites & said_a - said_b
        for form in forms_a
        if (opposites := _OPPOSITE.get(form, frozenset()))
    ):
        return True  # (nor does an opposite the other side says along with one of its own: 'remove … keeping')
    roots_a = frozenset().union(*(a.forms[w][1] for w in only_a))
    roots_b = frozenset().union(*(b.forms[w][1] for w in only_b))
    return _roots_meet(roots_a, forms_b, roots_b) or _roots_meet(roots_b, forms_a, roots_a)


def _past_a_lone_negation(only: set[str], facts: TextFacts, other: TextFacts) -> set[str]:
    """``only`` less the words a negation a few words before turns, where the other side
    negates nothing: "why can't I keep my knees pushed outward" asks what 'why do my knees cave
    inward' asks (its negation bears on 'keep', five words before 'outward')."""
    if not _PLAIN_NOTS.isdisjoint(other.words):
        return only
    turned = {word for i, word in enumerate(facts.words) if not _PLAIN_NOTS.isdisjoint(facts.words[max(0, i - 6) : i])}
    return only - turned


def _compared_apart(only: set[str], facts: TextFacts, other_only: set[str], other: TextFacts) -> set[str]:
    """``only`` less the positions ('over', 'under') one side uses for a place in a directory
    tree ('under /var') and the other for something else ('over 100 MB')."""
    return {
        word
        for word in only
        if word not in _POSITIONS
        or not (opposites := _OPPOSITE.get(word, frozenset()) & other_only)
        or any(_in_a_folder(word, facts.signature) == _in_a_folder(o, other.signature) for o in opposites)
    }


def _in_a_folder(word: str, text: str) -> bool:
    """``word`` places something in a directory: 'under /var', 'below the src folder'."""
    return re.search(rf"\b{word}\s+(?:[~/.]|(?:the\s+)?[\w.-]+\s+(?:directory|folder|dir)\b)", text) is not None


def _written_joined(words: tuple[str, ...], other: TextFacts) -> set[str]:
    """Two neighbouring words that ``other`` writes as one ('drop-down' / 'dropdown',
    'log in' / 'login'): parts of that one word, which contrast with nothing on their own."""
    return {part for x, y in pairwise(words) if x + y in other.forms for part in (x, y)}


def _opposable(word: str, facts: TextFacts) -> bool:
    """A word that can contrast with its opposite: not negated, not diminished, not the
    verb of 'stop X from Ving', which means prevent, not the opposite of start, not
    'against' after a comparing verb ('check it against my answer' takes no side), not
    'any' after a negation or in an instruction ('replace any names with X' replaces each),
    not 'due' in 'past due' (overdue), not 'present' as a gift ('birthday present ideas'),
    and not a quantifier of time ('a few seconds', 'all day' say how long, not how much of a
    set)."""
    return (
        not _negated_word(word, facts)
        and word not in facts.diminished
        and not (word in _PREVENTING and facts.held)
        and not (word == "against" and _compares_against(facts.words))
        and not (word == "any" and (_negated_any(facts.words) or _any_is_each(facts.words)))
        and not (word == "due" and ("past", "due") in pairwise(facts.words))
        and not (word == "present" and not _present_here(facts.words))
        and not (word in _QUANTIFIERS and _quantifies_time(word, facts.words))
        and not (word == "last" and _lasts(facts.words))
        and not (word in _KEEPING_ON and _keeps_on(word, facts.words))
        and not (word == "write" and _writes_code(facts.words))
        and not (word == "min" and _counts_minutes(facts.words))
        and not (word == "before" and _waits_until(facts.words))
    )


def _waits_until(words: tuple[str, ...]) -> bool:
    """Every 'before' asks how long until someone can do a thing: 'how long before I'm allowed
    to lift weights again' / 'when can I go back to lifting weights after surgery' (hold-outs
    353, 358), 'how long should I wait before going back to PT' (hold-out 372), not a time
    before an event that 'after' would oppose ('how long should I wait before surgery')."""
    return all(
        (any(pair in _HOW_LONG for pair in pairwise(words[max(0, i - 4) : i])) and words[i + 1 : i + 2] in _WAITERS)
        or (
            any(pair in _HOW_LONG for pair in pairwise(words[max(0, i - 6) : i]))
            and words[i - 1] == "wait"
            and words[i + 1 : i + 2] != ()
            and words[i + 1].endswith("ing")
        )
        for i, w in enumerate(words)
        if w == "before"
    )


_HOW_LONG = frozenset({("how", "long"), ("how", "soon")})
"""How a question asks until when; a few words may come before its 'before' ('how long
post-ileostomy before I'm allowed')."""
_WAITERS = frozenset((w,) for w in ("i", "i'm", "im", "ill", "i'll", "you", "we", "he", "she", "they", "it"))


def _counts_minutes(words: tuple[str, ...]) -> bool:
    """Every 'min' follows a number ('10 min', '5-10 min'): minutes, not a minimum that
    'max' would oppose ('a warm-up, 10 minutes max' / 'one that takes no longer than 10 min';
    hold-out 222)."""
    return all(i and any(c.isdigit() for c in words[i - 1]) for i, w in enumerate(words) if w == "min")


_CODE_WRITTEN = frozenset({"script", "program", "function", "code", "query", "regex", "class", "snippet", "macro"})


def _writes_code(words: tuple[str, ...]) -> bool:
    """The request opens by asking for code written ('Write a Python script to parse…'): that
    'write' makes the script, and reads or writes nothing the other side's 'read' could oppose
    ('a script that reads an .ibt file'; hold-out 210)."""
    at = words.index("write") if "write" in words[:3] else -1
    return at >= 0 and not _CODE_WRITTEN.isdisjoint(words[at + 1 : at + 5])


_KEEPING_ON = frozenset({"keep", "keeps", "kept", "keeping"})


def _keeps_on(word: str, words: tuple[str, ...]) -> bool:
    """'Keeps' before an -ing verb says a thing goes on happening ('keeps disconnecting',
    'keeps going down'), no keeping that 'drop' would undo (hold-out 210)."""
    return any(w == word and following.endswith("ing") and len(following) >= 5 for w, following in pairwise(words))


def _negated_word(word: str, facts: TextFacts) -> bool:
    """Whether a negation bears on ``word``, or on a word of a marked phrase ('aren't covered
    by'); a phrase that holds its own negation ('no technical background') is read whole."""
    parts = word.split()
    if len(parts) > 1 and NEGATIONS.isdisjoint(parts):
        return any(stem(part) in _targets(facts.negated) for part in parts)
    return stem(word) in _targets(facts.negated)


def _lasts(words: tuple[str, ...]) -> bool:
    """'last' only as the verb of how long a thing keeps ('how long does pesto last in the
    fridge', 'make it last longer'): after 'how long' and ending its clause or followed by a
    preposition, never by a noun ('how long since the last earthquake' is the past)."""
    said = [i for i, word in enumerate(words) if word == "last"]
    return bool(said) and all(
        words[i + 1 : i + 2] == ("longer",)
        or (_has_run(words[:i], ("how", "long")) and (i + 1 == len(words) or words[i + 1] in _AFTER_LASTING))
        for i in said
    )


_AFTER_LASTING = frozenset(
    {
        *("for", "in", "after", "once", "without", "if", "through", "until", "before", "outside", "on", "at"),
        *("when", "and", "or", "with", "under", "past", "beyond", "unopened", "opened", "frozen", "refrigerated"),
    }
)


def _present_here(words: tuple[str, ...]) -> bool:
    """'present' says someone is there ('I am present at the meal', 'present during the
    audit'), the sense 'absent' opposes, not a gift or the present tense."""
    return any(
        word == "present" and (before in _COPULAS or after in ("at", "in", "during", "for", "on"))
        for before, word, after in _in_place(words)
    )


_ASKING = frozenset(
    {"if", "whether", "does", "do", "did", "is", "are", "was", "were", "has", "have", "there", "when", "whenever",
     "once", "soon", "until", "unless"}
)  # fmt: skip
"""Words that make the 'any' after them ask whether one exists ('check if any row is null',
'alert me when any server is down')."""
_CHOOSING = frozenset({"pick", "choose", "select", "name", "return", "give", "suggest", "recommend", "tell"})
"""Verbs whose 'any' asks for one ('pick any card'), not for each."""


def _any_is_each(words: tuple[str, ...]) -> bool:
    """Every 'any' is outside a question or condition (no asking word before it) and after no
    verb of choosing: 'identify any names and replace them' asks for each of them, as 'each'
    or 'all' would ('does the warranty cover any parts' asks whether one exists, 'pick any
    card' for one)."""
    places = [i for i, w in enumerate(words) if w == "any"]
    return bool(places) and not any(
        any(w in _ASKING for w in words[:i]) or (i > 0 and words[i - 1] in _CHOOSING) for i in places
    )


_QUANTIFIERS = frozenset({"all", "every", "each", "whole", "entire", "some", "any", "few", "certain"})
"""Words of the all / some opposition that can also say how long ('all day', 'a few hours')."""


def _quantifies_time(quantifier: str, words: tuple[str, ...]) -> bool:
    """Every ``quantifier`` in ``words`` is followed by a period ('a few seconds', 'all day',
    'the whole week'), after at most one word ('every single night')."""
    places = [i for i, w in enumerate(words) if w == quantifier]
    return bool(places) and all(any(w.removesuffix("s") in _TIME_PERIODS for w in words[i + 1 : i + 3]) for i in places)


def _negated_any(words: tuple[str, ...]) -> bool:
    """Every 'any' follows a negation at most three words back: 'without losing any of
    the changes' keeps all of them, no opposite of 'all'."""
    places = [i for i, w in enumerate(words) if w == "any"]
    return bool(places) and all(any(w in NEGATIONS for w in words[max(0, i - 3) : i]) for i in places)


_COMPARING = frozenset({"check", "compare", "test", "verify", "validate", "match", "benchmark", "diff", "measure"})


def _compares_against(words: tuple[str, ...]) -> bool:
    """Every 'against' follows a comparing verb, at most two words back ('check it against')."""
    places = [i for i, w in enumerate(words) if w == "against"]
    return bool(places) and all(any(stem(w) in _COMPARING_STEMS for w in words[max(0, i - 3) : i]) for i in places)


_COMPARING_STEMS = frozenset(stem(w) for w in _COMPARING)


def _said(facts: TextFacts) -> frozenset[str]:
    """Every word form a side uses, adverbs also as their adjective ('slowly' says 'slow'),
    and 'only' where it says 'just', 'solely' or 'merely'."""
    forms = frozenset().union(*(f for f, _ in facts.forms.values()))
    only = {"only"} if forms & _ONLY_WORDS else set()
    return forms | only | {f[:-2] for f in forms if f.endswith("ly") and len(f) > 5}


_ONLY_WORDS = frozenset({"just", "solely", "merely"})


def _adds_opposite(a: TextFacts, b: TextFacts) -> bool:
    """``b`` joins a word both say with its opposite: 'read access' / 'read and write access',
    'install X' / 'install and uninstall X'. Only a coordination counts ('X and Y', 'X or Y',
    'X/Y'): opposites such as row and column meet in paraphrases too."""
    forms_a = frozenset().union(*(f for f, _ in a.forms.values()))
    words = b.words
    for i, word in enumerate(words):
        if not _is_content(word) or b.forms[word][0] & forms_a or stem(word) in _targets(b.negated):
            continue
        for j in (i - 2, i - 1, i + 1, i + 2):
            if not 0 <= j < len(words) or (abs(i - j) == 2 and words[(i + j) // 2] not in _COORDINATORS):
                continue
            other = words[j]
            if (
                other in a.forms
                and _opposed(b.forms[word], a.forms[other])
                and not any(_opposed(a.forms[w], a.forms[other]) for w in a.forms if w != other)
            ):
                return True  # (unless a pairs it with an opposite too: 'prev/next' / 'previous/next')
    return False


def _opposed(
    x: tuple[frozenset[str], frozenset[tuple[int, int, str]]], y: tuple[frozenset[str], frozenset[tuple[int, int, str]]]
) -> bool:
    """Two words are an antonym pair, or one carries the opposite prefix of the other."""
    if any(_PAIR_OPPOSITE.get(form, frozenset()) & y[0] for form in x[0]):
        return True
    return _roots_meet(x[1], y[0], y[1]) or _roots_meet(y[1], x[0], x[1])


def _roots_meet(
    roots: frozenset[tuple[int, int, str]],
    other_forms: frozenset[str],
    other_roots: frozenset[tuple[int, int, str]],
) -> bool:
    """A root of one side carries the opposite prefix of the same pair on the other side
    ('unhappy' / 'happy', 'encrypt' / 'decrypt'): set lookups, not a loop over word pairs."""
    for pair, side, root in roots:
        if _OPPOSING_PREFIXES[pair][1 - side] == "":
            if root in other_forms:
                return True
        elif (pair, 1 - side, root) in other_roots:
            return True
    return False


def _switched_apart(a: TextFacts, b: TextFacts) -> bool:
    """The same thing left on by one side and off by the other, said the same way ('with the
    choke on' / 'with the choke off'). Only the state said alike on both sides counts: 'can I
    wash it with the buttons on?' asks what 'do I need to take the buttons off?' asks."""
    return any(
        (thing, "off" if state == "on" else "on") in b.switched - a.switched and (thing, state) not in b.switched
        for thing, state in a.switched
    )


_TOO_MUCH = (("too", "much"), ("too", "many"), ("too", "high"), ("excessive",), ("overly",))
_TOO_LITTLE = (("not", "enough"), ("too", "little"), ("too", "few"), ("too", "low"), ("insufficient",))


def _too_much_or_too_little(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """``a`` asks about too much of a thing, ``b`` about too little: 'the symptoms of too much
    rear rebound damping' / 'of not enough rear rebound damping' (hold-out 301)."""

    def says(words: tuple[str, ...], runs: tuple[tuple[str, ...], ...]) -> bool:
        return any(_has_run(words, run) for run in runs)

    return says(a, _TOO_MUCH) and says(b, _TOO_LITTLE) and not says(a, _TOO_LITTLE) and not says(b, _TOO_MUCH)
