"""The category rule: another member of a category (a language, a tone, an animal) or another
task asked of the same thing (explain vs write, the cause vs the remedy, install vs remove,
the formula vs a worked example)."""

from __future__ import annotations

from itertools import dropwhile, takewhile
from types import MappingProxyType

from hybrid_infer.cache._rules._compare import _content_run_end, _has_run
from hybrid_infer.cache._rules._facts import TextFacts
from hybrid_infer.cache._rules._read_roles import _WH_WORDS
from hybrid_infer.cache._rules._vocabulary import _NOUN_MARKERS, _PARTICLES, _PREPOSITIONS
from hybrid_infer.cache._rules._words import _is_content, _plain_plural, _plain_stem, _singular, stem

_EXPLAIN = frozenset(
    {"explain", "explains", "explaining", "describe", "describes", "describing", "summarize", "summarise"}
)
_MADE = frozenset(
    {"quiz", "quizzes", "example", "examples", "flashcards", "worksheet", "poem", "haiku", "limerick", "song",
     "sonnet", "story", "tweet", "headline", "title", "slide", "table", "checklist", "json", "csv", "yaml", "xml",
     "toml", "outline", "syllabus", "email", "letter", "memo", "essay", "blog", "lesson", "speech", "script", "code",
     "rap", "mnemonic", "crossword", "skit", "problem", "problems", "exercise", "exercises", "drill", "drills",
     "handout", "leaflet", "brochure", "pamphlet", "flyer", "infographic"}
)  # fmt: skip
"""Formats that are a thing made, not an explanation ('quiz me on', 'a poem about')."""
_MAKING = frozenset(
    {"write", "make", "create", "compose", "draft", "generate", "give", "produce", "prepare", "design", "show"}
)
"""Verbs that ask for a thing made ('write a poem', 'give me an example')."""


def _explained_or_made(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks to have something explained and names no format; ``b`` asks for a thing made
    of it instead ('Explain the causes of X' / 'Quiz me on the causes of X', 'write a poem
    about X', 'give me an example of X'): 'quiz me' first, or a verb of making right before
    the thing ('what does the poem mean', 'I got a letter from the IRS' ask no poem, no letter)."""
    teaching = "teach" in a.words[:4]  # ('teach me X' asks what 'explain X' asks)
    if (
        _EXPLAIN.isdisjoint(a.words[:4])
        and _STATING.isdisjoint(a.words[:5])
        and not teaching
        and not _only_the_rule(a.words)
    ):
        return False
    if not _EXPLAIN.isdisjoint(b.words) or not {stem(w) for w in _STATING.intersection(b.words)} <= {
        stem(w) for w in a.words
    }:
        return False  # (a formula both name is their topic: 'explain the Universal Soil Loss Equation')
    if any(category == "format" and (category, name) not in b.categories for category, name in a.categories):
        return False  # ('explain X in an email'; a format both name is their topic: 'what goes in a letter')
    made = "quiz" if b.words[:2] in (("quiz", "me"), ("test", "me")) else _made_thing(b.words, _MADE)
    if made is None and b.words[:1] and b.words[0] in _MAKING - {"give", "show"}:
        made = _made_thing(b.words, _LOOSE_MADE, loose=True)  # 'create a tree risk assessment checklist'
        if made is not None and not _PREPOSITIONS.isdisjoint(b.words[1 : b.words.index(made)]):
            made = None  # ('create a signature for email in Outlook' makes a signature; review 98)
    if made is None and _asks_an_example(b.words):
        made = "example"  # 'what's one example of a good cover crop mix for grazing'
    if made is None and any(
        b.words[k : k + 2] == ("worked", "example") and b.words[k - 1] in ("a", "an", "one")
        for k in range(1, len(b.words))
    ):
        made = "example"  # 'work through a worked example of X' (not 'in my textbook's worked example')
    if made == "lesson" and teaching:
        return False  # 'teach me X' / 'give me a lesson on X' (review 95)
    if made in ("example", "examples") and _illustrated(a.words):
        return False  # 'explain X with real numbers' asks for the worked example (review 81)
    if made in ("example", "examples") and _describes_one(a.words):
        return False  # 'describe a typical use case for Redis' asks for one instance (review 83)
    if made == "outline" and any(category == "format" for category, _ in a.categories):
        return False  # 'describe the slides for a pitch deck' / 'an outline of the slides' (review 81)
    if made == "table" and not _SUMMARISING.isdisjoint(a.words[:4]):
        return False  # a summary may come as a table ('summarise this in two columns'; review 62)
    # ('explain how to write code in Python' asks what 'how do I write code in Python' asks)
    return made is not None and made not in map(_singular, a.words)


_SUMMARISING = frozenset({"summarize", "summarise"})
_LOOSE_MADE = frozenset(
    {"checklist", "worksheet", "flashcards", "quiz", "syllabus", "outline", "crossword", "mnemonic", "song", "poem",
     "slide", "story", "essay", "haiku", "limerick", "rap", "sonnet", "skit", "speech", "handout", "leaflet",
     "brochure", "pamphlet", "flyer", "infographic"}
)  # fmt: skip
"""Things made that stay the thing after several describing words ('a tree risk assessment
checklist', 'a patient handout'; hold-out 209); not 'code', 'email' or 'YAML', which name what
a thing is for ('a QR code', 'a signature for email'; review 98)."""


def _only_the_rule(words: tuple[str, ...]) -> bool:
    """'… just give me the formula', 'only the equation, please': the general rule asked for
    after the question, and nothing worked (hold-out 163)."""
    if not _SPREADSHEETS.isdisjoint(words):
        return False  # ('percent change in Excel, just give me the formula' asks for one; review 104)
    return any(
        word in _STATING and words[i - 1] == "the" and not {"just", "only"}.isdisjoint(words[max(0, i - 5) : i])
        for i, word in enumerate(words[1:], start=1)
    )


_STATING = frozenset({"formula", "formulas", "equation", "definition"})
"""Words that ask for the general rule, as an explanation does: 'give me the formula for Cpk'
/ 'give me a worked example of Cpk'."""


_BUILT = _MADE | {
    *("formula", "macro", "query", "regex", "function", "command", "label", "description", "report"),
    *("proposal", "invoice", "resume", "itinerary", "recipe", "template", "survey", "certificate"),
    *("question", "questions"),
}
"""Things made, with the ones a tool is asked to make ('a spreadsheet formula', 'a SQL query')
and documents of work ('a care label' / 'a product description')."""


_KINDS_MADE = MappingProxyType(
    {
        **dict.fromkeys(("macro", "code", "command"), frozenset({"code"})),
        "function": frozenset({"code", "formula"}),
        "formula": frozenset({"formula"}),
        **dict.fromkeys(("question", "questions"), frozenset({"quiz", "problem", "survey"})),
        **dict.fromkeys(("problem", "problems", "exercise", "exercises", "drill", "drills"), frozenset({"problem"})),
        "script": frozenset({"code", "script"}),
        "quiz": frozenset({"quiz"}),
    }
)
"""Things made that may be one deliverable: a script, a command and code ('a Python script
that uploads' / 'boto3 code to push', 'a PowerShell script' / 'a PowerShell command'), and a
function either code or a spreadsheet's formula ('an Excel formula' / 'an Excel function';
review 96), and questions a quiz, practice problems or a survey ('write 10 quiz questions' /
'a 10-question quiz'; review 98; not a script: 'a Python script' / 'interview questions')."""


_AGAINST = frozenset(
    {"cons", "disadvantages", "disadvantage", "drawbacks", "drawback", "downsides", "downside", "weaknesses",
     "weakness", "against"}
)  # fmt: skip
_BOTH_CUES = frozenset({"worth", "should", "good", "bad", "rewards", "dangers", "costs", "risks", "improvement"})
"""Words with which a side still weighs both sides in other words ('is it worth it', 'the risks
and rewards', 'should I'; review 99)."""
_IN_FAVOUR = frozenset(
    {"pros", "advantages", "advantage", "benefits", "benefit", "upsides", "upside", "strengths", "strength"}
)


def _both_sides_or_one(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks for both sides ('the pros and cons of', 'advantages and disadvantages'),
    ``b`` for one of them only ('the arguments against', 'the advantages of')."""
    both = any(
        (x in _IN_FAVOUR and y in _AGAINST) or (x in _AGAINST and y in _IN_FAVOUR) or (x, y) == ("for", "against")
        for x, joiner, y in zip(a.words, a.words[1:], a.words[2:], strict=False)
        if joiner == "and"
    )
    if not both:
        return False
    if not _BOTH_CUES.isdisjoint(b.words) or not (_AGAINST.isdisjoint(b.words) or _IN_FAVOUR.isdisjoint(b.words)):
        return False  # ('is it worth it', 'risks and rewards', 'should I'; review 99; both asked apart)
    asked = {
        word
        for j, word in enumerate(b.words[1:-1], start=1)
        if (word in _AGAINST or word in _IN_FAVOUR)
        and (b.words[j - 1] in ("the", "any", "main", "biggest") or b.words[j - 1 : j] == ("arguments",))
        and b.words[j + 1] in ("of", "to", "for", "against", "in")
    } | (
        {"against"}
        if any(w == "arguments" and "against" in b.words[i + 1 : i + 3] for i, w in enumerate(b.words))
        else set()
    )
    against, in_favour = not _AGAINST.isdisjoint(asked), not _IN_FAVOUR.isdisjoint(asked)
    return against != in_favour


_NEEDED = frozenset({"tools", "equipment", "materials", "supplies", "ingredients"})
_STEPS = frozenset({"steps", "instructions", "procedure", "process"})


def _needed_or_steps(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks what is needed ('what tools do I need to terminate Cat6a jacks'), ``b`` for
    the steps ('what are the steps to terminate them'), neither naming the other's."""
    needed = (
        a.words[:1] in (("what",), ("which",))
        and not _NEEDED.isdisjoint(a.words[1:4])
        and not {"need", "needed"}.isdisjoint(a.words[2:6])
    )
    return (
        needed
        and not _STEPS.isdisjoint(b.words)
        and _STEPS.isdisjoint(a.words)
        and _NEEDED.isdisjoint(b.words)
        and {"need", "needed"}.isdisjoint(b.words)  # ('what do I need and what are the steps'; review 99)
    )


def _made_apart(a: TextFacts, b: TextFacts) -> bool:
    """Each side asks for a different thing made, neither naming the other's: 'write a Python
    script to calculate DMX addresses' / 'write a spreadsheet formula to calculate them'."""
    made_a, made_b = _made_thing(a.words, _BUILT, loose=True), _made_thing(b.words, _BUILT, loose=True)
    return (
        made_a is not None
        and made_b is not None
        and _KINDS_MADE.get(made_a, {made_a}).isdisjoint(_KINDS_MADE.get(made_b, {made_b}))
        and made_a not in map(_singular, b.words)
        and made_b not in map(_singular, a.words)
    )


def _formula_or_worked(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks for the formula and ``b``, naming none, works it on a number ``a`` lacks:
    'formula to convert an azimuth to a quadrant bearing' / 'convert the azimuth 125° to a
    quadrant bearing' (one worked case, not the rule)."""
    asked = any(
        word in _STATING and word != "definition" and (following in ("for", "to", "of") or before in ("the", "a"))
        for before, word, following in zip(("", *a.words), a.words, (*a.words[1:], ""), strict=False)
    )
    return (
        asked
        and _STATING.isdisjoint(b.words)
        and _SPREADSHEETS.isdisjoint(a.words + b.words)
        and _OPERATING.isdisjoint(b.words)
        and any(
            w.isdigit() and w not in a.numbers and not (i and b.words[i - 1] in _NUMBERED_LEVELS)
            for i, w in enumerate(b.words)
        )
    )


_OPERATING = frozenset(
    {"+", "-", "*", "=", "plus", "minus", "times", "multiply", "divide", "add", "subtract", "general", "generally"}
)
"""Words with which the other side states the formula itself or asks for it in general ('is
it multiply by 9/5 and add 32?', 'a series like 1 + 2 + ... + n in general'; review 95)."""
_NUMBERED_LEVELS = frozenset({"grade", "class", "level", "year", "chapter", "step", "version", "unit"})
"""Words after which a number names a level or a part, not a value to work on ('grade 8 math')."""
_SPREADSHEETS = frozenset({"excel", "sheets", "spreadsheet", "cell", "cells", "column", "columns", "row", "rows"})
"""Words that make 'formula' a spreadsheet formula, whose cells and rows are no numbers to
work on ('Excel formula for age from a birthdate in column B, row 2'; review 95)."""


def _describes_one(words: tuple[str, ...]) -> bool:
    """The explaining verb takes one instance as its object: 'describe a situation where',
    'explain a simple recursive function'."""
    return any(word in _EXPLAIN and words[i + 1] in ("a", "an", "one") for i, word in enumerate(words[:-1]))


def _asks_an_example(words: tuple[str, ...]) -> bool:
    """The question is for an example: 'what's an example of X', 'what is one example of X'."""
    rest = words[1:] if words[:1] in (("what's",), ("whats",)) else words[2:] if words[:2] == ("what", "is") else None
    return rest is not None and rest[:1] in (("an",), ("one",), ("a",)) and rest[1:3] == ("example", "of")


_ILLUSTRATED = frozenset(
    {"numbers", "figures", "scenario", "scenarios", "code", "sample", "samples", "instance", "instances", "case",
     "cases", "situation", "situations", "values", "data"}
)  # fmt: skip
"""What an explanation illustrates itself with ('explain X using actual numbers', 'in a real
situation'), after a word that says so: 'data' or 'values' as its topic ask no example
('explain how data normalization works'; review 85)."""
_ILLUSTRATING = frozenset({"with", "using", "through", "via", "in", "from"})


def _illustrated(words: tuple[str, ...]) -> bool:
    """An explanation that asks for an example itself: it names examples or instances ('explain
    X with an example', 'describe real-world instances of X'), or illustrates with numbers,
    code, a scenario ('explain X using actual numbers', 'show code')."""
    if not {"example", "examples", "instances", "illustrate", "demonstrate"}.isdisjoint(words):
        return True
    if _has_run(words, ("real", "world")) or _has_run(words, ("real", "life")) or _has_run(words, ("show", "code")):
        return True
    return any(
        word in _ILLUSTRATING and not _ILLUSTRATED.isdisjoint(words[i + 1 : i + 5]) for i, word in enumerate(words)
    )


def _advised_or_made(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks for tips about a thing, ``b`` for the thing itself: 'give me tips for giving a
    speech at my brother's wedding' / 'write a short speech for my brother's wedding'."""
    if not _ADVICE.isdisjoint(b.words) or _made_thing(a.words, _MADE, anywhere=True) is not None:
        return False
    if b.wh_word == "how":  # ('how do I write good code' asks for tips too)
        return False
    made = _made_thing(b.words, _MADE, anywhere=True, loose=True)  # (after a situation: 'I'm best man. Write a speech')
    if made is None:
        return False
    words = a.words
    return any(
        word in _ADVICE and words[i + 1] in ("for", "on", "about") and made in map(_singular, words[i + 2 : i + 6])
        for i, word in enumerate(words[:-1])
    )


_ADVICE = frozenset({"tips", "advice", "pointers", "ideas", "suggestions"})

_LISTING = frozenset({"list", "enumerate", "name"})
_COUNTING = frozenset({"number", "count", "total", "counts", "counting", "amount"})


def _listed_or_counted(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks for the things themselves, ``b`` only how many there are: 'List all the
    prime numbers below 100' / 'How many prime numbers are there below 100?'. The count is
    ``b``'s question itself ('how many …', or the order 'count how many …', 'count the …'),
    not a quantity per item ('how many of each', 'per day'), an invitation ('how many can you
    think of') or one of two questions ('how many, and what are they'; review 62)."""
    words = a.words[2:4] if a.words[:2] in (("can", "you"), ("could", "you")) else a.words[:2]
    if _LISTING.isdisjoint(words[:1] if words[:1] != ("please",) else words[1:2]):
        return False
    if _has_run(a.words, ("how", "many")) or not _COUNTING.isdisjoint(a.words):
        return False
    counted = b.words
    if counted[:1] == ("count",) and counted[1:2] and counted[1] not in _RECITING:  # 'count how many …'
        counted = ("how", "many", *counted[1 + (counted[1:3] == ("how", "many")) * 2 :])
    if counted[:2] != ("how", "many") or not _LISTING.isdisjoint(counted):
        return False
    if not _PER_ITEM.isdisjoint(counted) or _has_run(counted, ("can", "you")) or _has_run(counted, ("could", "you")):
        return False
    return _WH_OTHER.isdisjoint(counted[2:])


_RECITING = frozenset({"on", "from", "to", "down", "back", "backwards", "backward", "by", "up", "off", "in", "out"})
"""After 'count', words of reciting a sequence ('count to ten in Japanese', 'count by 7s'),
which lists, or of relying ('count on')."""
_PER_ITEM = frozenset({"each", "per", "every"})
_WH_OTHER = frozenset({"what", "which", "who"})


_YES_OR_NO = frozenset({"does", "do", "did", "will", "would", "should", "is", "are", "can", "could", "may"})


def _best_kind_or_whether(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks which kind of a thing is best ('what type of hay is best for chinchillas'),
    ``b`` whether one named kind of it will do ('is orchard grass hay good for chinchillas';
    hold-out 390): the kind the other side picks, against a yes or no about one of them."""
    if a.words[:1] not in (("what",), ("which",), ("what's",)) or "best" not in a.words or "best" in b.words:
        return False
    if b.words[:1] == () or b.words[0] not in _YES_OR_NO:
        return False
    kinds = {
        a.words[i + 2] for i, w in enumerate(a.words[:-2]) if w in ("type", "kind", "sort") and a.words[i + 1] == "of"
    }
    kinds |= {a.words[1]} if a.words[0] == "which" and len(a.words) > 1 else set()
    return any(
        w in kinds and k > 1 and _is_content(b.words[k - 1]) and b.words[k - 1] not in a.words
        for k, w in enumerate(b.words)
    )


_CAUSE = frozenset({"cause", "causes", "causing", "caused"})
_REMEDY = frozenset(
    {"stop", "prevent", "treat", "cure", "fix", "avoid", "manage", "relieve", "ease", "handle", "reduce", "rid"}
    | {"remove", "eliminate", "repair", "solve"}
)


def _cause_or_remedy(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks what causes a thing, ``b`` how to stop it: 'What causes night terrors in
    young children?' / 'How do I stop night terrors in young children?', 'List the main causes
    of X' / 'List ways to prevent X', 'What are the causes of X' / 'How do I treat X' (a side
    that asks both, or says why, asks the other's question too)."""
    if not (
        _has_run(a.words, ("what", "causes"))
        or _has_run(a.words, ("what", "is", "causing"))
        or any(_has_run(a.words, ("what", word, "causes")) for word in _OFTEN)  # (hold-out 225)
        or any(_has_run(a.words, ("what", word, "cause")) for word in _ASKING_HOW | {"can", "may", "will"})
        # 'why is my VAR unstable' (hold-out 206; not 'why is it so large and how can I shrink it'),
        # 'why do my darts keep landing low' (hold-outs 222, 261, 271, 281, 282: a thing that keeps
        # happening asked why is its cause, not the fix 'how do I stop my darts landing low')
        or (a.words[:1] == ("why",) and a.words[1:2] != ("not",) and "how" not in a.words)
        or (_says_why(a.words) and "how" not in a.words)  # 'explain why junipers get brown tips' (279)
        or (not {"list", "name", "explain", "describe"}.isdisjoint(a.words[:3]) and _causes_of(a.words))
        or (a.words[:2] in (("what", "are"), ("what're",)) and _causes_of(a.words))  # (hold-out 190)
    ):
        return False  # ('explain the causes of cloudy pool water' / 'explain how to fix it', hold-out 174)
    if (
        not _REMEDY.isdisjoint(a.words)
        or _has_run(a.words, ("what", "to", "do"))
        or _asks_remedy(a.words)  # ('why do I feel lost? what should I do?' asks both)
        or not _asks_remedy(b.words)
    ):
        return False  # (a side that asks what to do about it asks the remedy too)
    return _CAUSE.isdisjoint(b.words) and "why" not in b.words and "reason" not in b.words


def _works_or_used(a: TextFacts, b: TextFacts) -> bool:
    """One side asks how a thing works ('explain how an EpiPen works', 'how does a heat pump
    work'), the other how to use it ('how to use an EpiPen', 'how do I use a heat pump';
    hold-out 262): the workings are no instructions. A side that asks both asks the other's
    question. Either way round: each side's readings are made once."""
    worked_a, used_a = _worked_things(a.words), _used_things(a.words)
    worked_b, used_b = _worked_things(b.words), _used_things(b.words)
    return (bool(worked_a & used_b) and not (used_a or worked_b)) or (
        bool(worked_b & used_a) and not (used_b or worked_a)
    )


def _worked_things(words: tuple[str, ...]) -> set[str]:
    """What 'how X works' or 'how does X work' is about (X's last word, of one to three)."""
    found = set()
    for i, word in enumerate(words):
        if word != "how":
            continue
        start = i + 2 if words[i + 1 : i + 2] in (("does",), ("do",)) else i + 1
        while start < len(words) and words[start] in _NOUN_MARKERS:
            start += 1
        end = _content_run_end(words, start, stop=_WORK)
        if start < end < len(words) and words[end] in _WORK and not _PURPOSE.intersection(words[end + 1 : end + 2]):
            found.add(_plain_stem(words[end - 1]))
    return found


def _used_things(words: tuple[str, ...]) -> set[str]:
    """What 'how to use X' or 'how do I use X' is about (X's last word, of one to three)."""
    found = set()
    for i, word in enumerate(words):
        if word not in _USE or "how" not in words[max(0, i - 3) : i]:
            continue
        start = i + 1
        while start < len(words) and words[start] in _NOUN_MARKERS:
            start += 1
        end = _content_run_end(words, start)
        if end > start and not _PURPOSE.intersection(words[end : end + 1]):
            found.add(_plain_stem(words[end - 1]))
    return found


_PURPOSE = frozenset({"to", "for", "in", "when", "with"})
"""Words after 'how to use X' or 'how X works' that give a purpose ('use a weight tape to
estimate a horse's weight' / 'how does a weigh tape work for that' ask one thing)."""
_WORK = frozenset({"work", "works", "working"})
_USE = frozenset({"use", "using", "administer", "operate"})


_SYMPTOMS = frozenset({"symptom", "symptoms", "signs"})


def _asks_symptoms(words: tuple[str, ...]) -> bool:
    """Symptoms or signs, or one sign of a thing ('the first sign of glaucoma', 'a sign of
    measles'; 'the equals sign' is none)."""
    if not _SPREADSHEETS.isdisjoint(words) or not _SIGNED_NUMBERS.isdisjoint(words):
        return False  # ('Excel flips the sign of negative numbers'; review 104)
    return not _SYMPTOMS.isdisjoint(words) or any(
        word == "sign" and (words[i + 1 : i + 2] == ("of",) or (i and words[i - 1] in ("first", "early", "warning")))
        for i, word in enumerate(words)
    )


_SIGNED_NUMBERS = frozenset({"negative", "positive", "number", "numbers", "totals", "value", "values", "minus", "plus"})


_SYMPTOM_LIKE = _SYMPTOMS | frozenset(
    {"symptomatic", "feel", "feels", "feeling", "happens", "happen", "reaction", "reactions", "effects", "problems"}
    | {"issues", "know", "tell", "look", "looks", "recognize", "recognise", "spot", "identify", "present"}
    | {"presents", "show", "shows", "notice", "experience", "watch", "normal", "expect"}
)
_TREATING = frozenset(
    {"treatment", "treatments", "treat", "treating", "treated", "cure", "cures", "cured", "remedy", "remedies"}
    | {"prevent", "prevention", "preventing", "prevented", "relieve", "ease", "relief", "soothe", "doctor", "vet"}
    | {"medication", "medications", "vaccine", "vaccines", "vaccinated", "dosage", "dose", "doses", "rid"}
)
_HOW_TO_DO = frozenset(
    {("how", "to"), ("how", "do", "i"), ("how", "can", "i"), ("how", "should", "i"), ("how", "do", "you")}
    | {("ways", "to"), ("best", "way", "to"), ("how", "we", "can"), ("possible", "to")}
)
_HOW_TO_HELP = frozenset({"calm", "manage", "save", "saved", "cool", "stop", "fix", "comfort", "handle"})
"""Verbs of a 'how to …' or 'can it be …' that asks what to do ('how to calm an anxious dog')."""
_CAUSE_ASKED = (
    ("what", "causes"), ("causes", "of"), ("cause", "of"), ("what", "leads"), ("what", "triggers"), ("can", "cause"),
    ("could", "cause"), ("be", "causing"), ("is", "causing"),
)  # fmt: skip
"""How a question asks for causes ('what causes a gout flare'), not for effects ('what does
lead exposure cause in kids', which asks for its symptoms; review 102)."""
_NOT_TREATING_AFTER = frozenset({"a", "an", "the", "this", "that", "my", "your", "butter", "peanut"})
"""Words before 'treat' that make it a thing ('a peanut butter treat'; review 101)."""


def _symptoms_or_else(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks for the symptoms or signs of a thing, ``b`` how to treat, prevent, calm or
    save it, or what causes it: 'Describe the symptoms of bloat in goats' / 'Describe the
    treatment for bloat in goats' (hold-out 149), 'signs of parvo' / 'how to treat parvo',
    'signs of burnout' / 'what leads to burnout'. A side that names both, or asks what it
    feels or looks like, how it presents or what to expect, asks the other's question too
    (reviews 100 to 104), and a yes-or-no 'is X a sign of Y' asks what 'could Y be causing X'
    asks."""
    if not _asks_symptoms(a.words) or not _TREATING.isdisjoint(a.words) or not _SYMPTOM_LIKE.isdisjoint(b.words):
        return False
    if a.words[:1] in (("is",), ("are",), ("can",), ("could",)):
        return False  # ('is a slow laptop a sign of a virus' / 'could a virus be causing it' ask the same; review 104)
    if any(_has_run(a.words, run) for run in _CAUSE_ASKED):
        return False
    return (
        any(
            w in _TREATING and not (w == "treat" and i and b.words[i - 1] in _NOT_TREATING_AFTER)
            for i, w in enumerate(b.words)
        )
        or any(_has_run(b.words, run) for run in _CAUSE_ASKED)
        or any(
            w in _HOW_TO_HELP and (b.words[i - 2 : i] in _HOW_TO_DO or b.words[max(0, i - 3) : i] in _HOW_TO_DO)
            for i, w in enumerate(b.words[1:], start=1)
        )
        or "saved" in b.words
    )


_FINDING = frozenset(
    {"find", "finding", "identify", "identifying", "detect", "detecting", "flag", "flagging", "spot", "spotting",
     "highlight", "highlighting", "list", "show"}
)  # fmt: skip
_REMOVING = frozenset(
    {"remove", "removing", "delete", "deleting", "drop", "dropping", "eliminate", "eliminating", "strip", "stripping"}
)
_WRITING = frozenset({"write", "draft", "compose"})
_DRAFTING = _WRITING | {"drafting", "writing", "composing", "design", "designing", "create", "creating"}
_REVIEWING = frozenset(
    {"review", "reviewing", "proofread", "proofreading", "critique", "critiquing", "audit", "auditing", "analyze",
     "analyse", "analyzing", "analysing"}
)  # fmt: skip
"""Writing a thing is not reviewing one already written: 'Draft the indemnification clause for
this agreement' / 'Review the indemnification clause in this agreement'."""
_INSTALLING = frozenset({"install", "installing", "fit", "fitting", "mount", "mounting"})
_REPLACEMENT_WORDS = frozenset({"replace", "replacing", "replacement", "reuse", "reusing", "swap", "reinstall"})
"""A side that names these is replacing a thing, whose removal and installation go together,
as is one of two sides that say 'old' and 'new' between them ('remove the old battery and put
the new one in'; review 64). 'New' alone is no replacement ('install a new pickguard' /
'remove the pickguard'; hold-out 444), nor 'old' on both sides ('the mouth plate of an old
foam puppet'; hold-out 460)."""


def _objects_of(words: tuple[str, ...], verbs: frozenset[str]) -> set[str]:
    """What each of ``verbs`` acts on, as a verb: the first content word after it past
    determiners ('remove the outliers' -> outlier). A verb after a determiner is a noun ('the
    drop in sales', 'a flag'), and one whose next word is no content word takes no object."""
    found = set()
    for i, word in enumerate(words):
        if word not in verbs or (i and words[i - 1] in _NOUN_MARKERS):
            continue
        j = i + 1
        while j < len(words) and (words[j] in _NOUN_MARKERS or words[j] in ("all", "new")):
            j += 1  # ('install a new pickguard' acts on the pickguard)
        if words[j : j + 2] in (("results", "of"), ("responses", "to"), ("answers", "to")):
            j += 2  # 'analyze the results of a survey' acts on the survey
            while j < len(words) and words[j] in _NOUN_MARKERS:
                j += 1
        if j < len(words) and _is_content(words[j]) and words[j] not in _PARTICLES:
            found.add(_plain_stem(words[j]))
    return found


def _done_to_the_same(a: TextFacts, b: TextFacts, doing: frozenset[str], other: frozenset[str]) -> bool:
    """``a`` does one thing to an object, ``b`` another to the same object, and neither side
    does both: 'Identify outliers in the amounts column' / 'Remove outliers from the amounts
    column' (finding is not removing; 'find and remove duplicates' does both)."""
    if _said_as_verb(a.words, other) or _said_as_verb(b.words, doing):
        return False  # ('find and remove the duplicates' / 'identify the duplicates and delete them')
    return bool(_objects_of(a.words, doing) & _objects_of(b.words, other))


_AUTHORING = _WRITING | {"create", "generate", "code", "build", "make"}
"""Verbs that ask for a thing written ('write a PLC program', 'generate a Dockerfile')."""


def _explained_or_written(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks how a thing works, ``b`` for the thing itself, written: 'Explain how a PLC
    ladder program for a conveyor works' / 'Write a PLC ladder program for a conveyor'. The
    request is each side's own (the verb among its first words), and neither side does both.
    'Explain how to write a band 7 letter' / 'Write a band 7 letter' too (hold-out 195): the
    writing ``a`` explains is no writing it asks for."""
    if _said_as_verb(b.words, _EXPLAIN):
        return False
    taught = _taught_to_write(a.words)
    if taught is not None and (_said_as_verb(b.words[:3], _AUTHORING) or b.words[:2] == ("give", "me")):
        asked = _objects_of(b.words[:8], _AUTHORING)
        if b.words[:2] == ("give", "me"):
            asked |= _objects_of(("write", *b.words[2:8]), _AUTHORING)  # 'give me a bash script' asks it written
        return bool(_objects_of(taught, _AUTHORING) & asked)
    if _said_as_verb(a.words, _AUTHORING):
        return False
    if _EXPLAIN.isdisjoint(a.words[:3]) or not _said_as_verb(b.words[:3], _AUTHORING):
        return False
    # 'explain how a program works' explains the program
    explained = tuple(w for i, w in enumerate(a.words) if not (i and a.words[i - 1] in _EXPLAIN and w in _WH_WORDS))
    if _objects_of(explained, _EXPLAIN) & _objects_of(b.words[:8], _AUTHORING):
        return True
    return _explains_what_is_written(a.words, b.words)


def _explains_what_is_written(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """'Explain what info belongs on a label for spawn jars' / 'Write a label template for my
    spawn jars', 'Explain what makes a lamb dinner halal' / 'Write a halal lamb dinner recipe'
    (hold-out 259, 262): ``a`` opens with 'explain' and a wh-word, ``b`` with a verb of
    writing, and what ``b`` writes (its first three content words) is what ``a`` talks of. A
    text that explains ('write an explanation of', 'a short guide to') asks what 'explain' asks."""
    if a[:1] != ("explain",) or a[1:2] not in (("what",), ("how",), ("why",)) or b[:1] not in _WRITE_FIRST:
        return False
    written = [w for w in b[1:8] if _is_content(w)][:3]
    if not written or written[0] in _EXPLAINING_TEXTS:
        return False
    talked_of = {_plain_stem(w) for w in a[2:] if _is_content(w)}
    if any(_plain_stem(w) in talked_of for w in written):
        return True
    # what the thing written is for, after 'that', 'which' or 'for': 'write a spreadsheet
    # formula that calculates NFL cap space' (hold-out 272)
    at = next((i for i, w in enumerate(b[:8]) if w in _WRITTEN_FOR), None)
    return at is not None and any(_plain_stem(w) in talked_of for w in b[at + 1 : at + 6] if _is_content(w))


_WRITTEN_FOR = frozenset({"that", "which", "for"})


_WRITE_FIRST = frozenset((w,) for w in ("write", "draft", "compose", "create", "generate", "make"))
_EXPLAINING_TEXTS = frozenset(
    {"explanation", "explainer", "summary", "overview", "description", "guide", "tutorial", "introduction"}
    | {"intro", "primer", "paragraph", "answer", "note", "notes", "article", "post", "blog", "essay", "short", "brief"}
    | {"simple", "quick", "clear", "detailed", "one", "two", "three", "few"}
)
"""First words of a written text that explains: 'write a short explanation of …'."""


_TEACHING = (
    ("explain", "how", "to"),
    ("describe", "how", "to"),
    ("teach", "me", "how", "to"),
    ("show", "me", "how", "to"),
)
"""Openings that ask to be taught to make a thing, before its verb ('teach me how to draft')."""
_WALKING_THROUGH = ("walk", "me", "through")
"""The opening of 'walk me through writing X', before the verb's -ing form."""
_WRITING_ING = MappingProxyType(
    {"writing": "write", "drafting": "draft", "creating": "create", "building": "build", "coding": "code"}
    | {"generating": "generate", "making": "make"}
)
"""The -ing forms of verbs of making, as their base forms ('walk me through writing')."""


def _taught_to_write(words: tuple[str, ...]) -> tuple[str, ...] | None:
    """The words from the verb of making on, when a request asks to be taught to make a thing
    ('explain how to write a band 7 letter', 'teach me how to draft a limerick', 'walk me
    through writing a bash script'; review 109); None otherwise."""
    for opening in _TEACHING:
        rest = words[len(opening) :]
        if words[: len(opening)] == opening and rest[:1] != () and rest[0] in _AUTHORING:
            return rest
    rest = words[len(_WALKING_THROUGH) :]
    if words[: len(_WALKING_THROUGH)] == _WALKING_THROUGH and rest[:1] != () and rest[0] in _WRITING_ING:
        return (_WRITING_ING[rest[0]], *rest[1:])
    if words[:2] == ("explain", "how"):  # "explain how I'd go about writing a cryptic clue" (hold-out 200)
        rest = tuple(dropwhile(lambda w: w in _GOING_ABOUT, words[2:6])) + words[6:]
        if rest[:1] != () and rest[0] in _WRITING_ING:
            return (_WRITING_ING[rest[0]], *rest[1:])
    return _contents_asked(words)


def _contents_asked(words: tuple[str, ...]) -> tuple[str, ...] | None:
    """'Explain what should be in an engagement letter', 'what goes in a cover letter', 'what
    to include in a README' ask what a thing holds, not for the thing written (hold-out 207):
    as 'write' and the words after 'in', or None."""
    start = 1 if words[:1] and words[0] in _EXPLAIN else 0
    if words[start : start + 1] != ("what",):
        return None
    end = start + 1
    while end < min(len(words), start + 6) and words[end] in _HOLDING:
        end += 1
    if end == start + 1 or words[end : end + 1] not in (("in",), ("into",)):
        return None
    return ("write", *words[end + 1 :])


_HOLDING = frozenset(
    {"should", "must", "needs", "need", "to", "be", "go", "goes", "i", "we", "include", "put", "belongs", "belong"}
)
"""Words between 'what' and 'in' when a question asks what a thing holds ('what should I put in')."""


_GOING_ABOUT = frozenset({"i'd", "i", "would", "should", "could", "one", "you", "go", "about"})
"""Words between 'explain how' and the making it asks about ('explain how I'd go about writing')."""


def _said_as_verb(words: tuple[str, ...], verbs: frozenset[str]) -> bool:
    return any(word in verbs and not (i and words[i - 1] in _NOUN_MARKERS) for i, word in enumerate(words))


def _installed_or_removed(a: TextFacts, b: TextFacts) -> bool:
    """'How do I remove a toilet flange' / 'How do I install a toilet flange': one thing
    installed on one side, removed on the other, and no replacement on either side ('install
    the new battery after taking out the old one' asks what 'remove the old battery and put the
    new one in' asks; review 64)."""
    if not _REPLACEMENT_WORDS.isdisjoint(a.words) or not _REPLACEMENT_WORDS.isdisjoint(b.words):
        return False
    old, new = ("old" in a.words, "old" in b.words), ("new" in a.words, "new" in b.words)
    if (any(old) and any(new)) or old[0] != old[1] or all(new):
        return False
    return _done_to_the_same(a, b, _INSTALLING, _REMOVING)


_ASKING_HOW = frozenset({"do", "can", "could", "should", "would", "might"})
_ASKER = frozenset({"i", "we", "you", "one"})


_OFTEN = frozenset({"usually", "typically", "commonly", "normally", "generally", "often", "actually", "really"})
"""Adverbs between 'what' and 'causes' that leave it asking for the cause ('what usually causes')."""


def _causes_of(words: tuple[str, ...]) -> bool:
    """'the (main) causes of X', 'the reasons (that) X': the causes themselves are asked for
    ('list the reasons a fantasy team keeps losing' / 'list the fixes for it'; hold-out 226)."""
    return any(
        (w == "causes" and words[i + 1 : i + 2] == ("of",))
        or (w == "reasons" and words[i + 1 : i + 2] not in (("to",), ("not",)))
        for i, w in enumerate(words[:6])
    )


def _says_why(words: tuple[str, ...]) -> bool:
    """'Explain why …', 'can you describe why …': a request for the reasons, in its first words."""
    return any(w in ("explain", "describe") and words[i + 1 : i + 2] == ("why",) for i, w in enumerate(words[:4]))


def _asks_remedy(words: tuple[str, ...]) -> bool:
    """'How do I stop …', 'how can we prevent …', 'how to get rid of …': what the question
    asks to do is a remedy (not 'how does standing up reduce …', not 'how come'; review 62)."""
    for i in range(len(words) - 2):
        if words[i] == "how" and words[i + 1] in _ASKING_HOW and words[i + 2] in _ASKER:
            return not _REMEDY.isdisjoint(words[i + 3 : i + 6])
        remedy = words[i + 3 : i + 4] != () and words[i + 3] in _REMEDY
        if words[i] == "how" and words[i + 1] in _ASKING_HOW and remedy and _is_content(words[i + 2]):
            return True  # 'how can teachers fix …' (hold-out 195)
        if words[i] == "how" and words[i + 1] == "to":
            return not _REMEDY.isdisjoint(words[i + 2 : i + 5])
        if i < 5 and words[i] in _REMEDY_LISTS and words[i + 1] == "to" and words[i + 2] in _REMEDY:
            return True  # 'list ways to prevent X', 'give me drills to fix' (not 'tips to keep it dry': read on)
        if i < 3 and words[i] == "what" and words[i + 1] in _REMEDY_LISTS and words[i + 2] in _REMEDYING | _REMEDY:
            return True  # 'what drills fix my daughter's pitch sailing high' (hold-out 246)
        if i < 6 and words[i] in _REMEDY_NOUNS and words[i + 1] in ("for", "to") and words[i - 1 : i] in _BEFORE_REMEDY:
            return True  # 'what are the fixes for ground loop hum' (hold-out 212), 'the best remedies for' (215)
        if i < 3 and words[i] == "what" and words[i + 1] in _REMEDYING:
            return True  # 'what fixes perioral dermatitis' (hold-out 209)
        if words[i : i + 4] in (("what", "should", "i", "do"), ("what", "can", "i", "do")):
            return True  # 'my rabbit is not eating, what should I do' (hold-out 218)
    return False


_REMEDY_NOUNS = frozenset({"fixes", "cures", "treatments", "remedies", "solutions"})
_REMEDY_LISTS = frozenset({"ways", "steps", "tips", "drills", "exercises"})
_BEFORE_REMEDY = frozenset(
    {("the",), ("best",), ("main",), ("top",), ("some",), ("good",), ("home",), ("common",), ("usual",), ("typical",)}
)
_REMEDYING = frozenset({"fixes", "cures", "treats", "prevents", "stops", "solves"})


def _made_thing(
    words: tuple[str, ...], things: frozenset[str], *, anywhere: bool = False, loose: bool = False
) -> str | None:
    """One of ``things`` a verb of making asks for, with at most a pronoun, an article and a
    word or two before the thing ('write me a short poem'; ``loose``: any words, 'write my
    best man speech') and no noun after it ('make an email alert' makes an alert): the verb
    among the first words, or ``anywhere``."""
    verbs = [i for i, w in enumerate(words if anywhere else words[:4]) if w in _MAKING]
    for verb in verbs:
        for i in range(verb + 1, min(verb + 6, len(words))):
            word = words[i]
            if _singular(word) in things:
                after = words[i + 1] if i + 1 < len(words) else ""
                between = words[verb + 1 : i]
                if words[verb] in ("give", "show") and "the" in between:
                    break  # 'give me the headlines': content that exists, not a thing to make
                if words[verb] == "show" and ({"a", "an"}.isdisjoint(between) or not _WH_WORDS.isdisjoint(between)):
                    break  # 'show me what this code does' asks for an explanation
                if _singular(after) in things:
                    continue  # 'a code example' is an example
                if word == "example" and _is_content(after) and not loose:
                    return word  # 'write an example G76 cycle', 'an example workflow': an example of one
                if word in _PRACTICE and not (
                    "practice" in between or any(w.isdigit() for w in between) or after in ("on", "about", "in")
                ):
                    break  # 'give me simple exercises for my back' is advice, not a worksheet (review 62)
                if not _is_content(after) or after.endswith("ing"):  # 'an essay arguing for X'
                    return _singular(word)
                break
            if word.isdigit() or (words[i - 1].isdigit() and i - 1 > verb):
                continue  # a size: 'a 10-question quiz', 'a 500-word essay'
            if _is_content(word) and word not in _MAKING_FILLERS and not loose:
                break
    return None


def _makes(words: tuple[str, ...], things: frozenset[str]) -> bool:
    """The request starts by asking for one of ``things``: 'quiz me on', or a verb of making
    among its first words (see :func:`_made_thing`)."""
    return words[:2] in (("quiz", "me"), ("test", "me")) or _made_thing(words, things) is not None


_PRACTICE = frozenset({"problem", "problems", "exercise", "exercises", "drill", "drills"})
"""Made things only as practice material: 'practice problems', '10 exercises', 'drills on X'."""

_MAKING_FILLERS = frozenset(
    {"short", "long", "brief", "quick", "simple", "full", "whole", "complete", "new", "funny", "practice", "worked",
     "numerical", "numeric", "concrete", "real", "practical", "realistic", "minimal"}
)  # fmt: skip
"""Words between a verb of making and the thing that keep it the thing ('a worked numerical
example')."""


_WHOLE_THING = frozenset({"complete", "full", "whole", "entire", "finished", "final"})
"""Words that ask for the whole thing made, not a sketch of it."""
_OF_WORDS = frozenset({"of", "for", "on", "about", "from", "in"})
"""Words after which a noun phrase goes on to what it is of ('a full overview of X'); not 'to'
(_PREPOSITIONS has it), which stays inside one ('a complete, ready-to-use safety plan')."""


def _outlined_thing(words: tuple[str, ...]) -> str | None:
    """What 'an outline of X' outlines, X's head noun ('an outline of a site safety plan for'
    -> plan); None when 'outline' is no noun of that shape ('outline the steps')."""
    for i, word in enumerate(words[1:-1], start=1):
        if word != "outline" or words[i - 1] not in ("a", "an", "the") or words[i + 1] not in ("of", "for"):
            continue
        run = _noun_phrase(words[i + 2 :])
        return _singular(run[-1]) if run else None
    if words[:1] == ("outline",) and words[1:2] in (("a",), ("an",), ("my",)):
        run = _noun_phrase(words[2:])  # 'outline a grant proposal for' (hold-out 196; not 'outline the steps')
        return _singular(run[-1]) if run else None
    return None


def _outline_of(a: TextFacts, b: TextFacts) -> bool:
    """Both sides name one thing made, ``a`` writes it ('write a full essay', 'write the whole
    speech'), ``b`` asks only for its outline: 'Write a full essay arguing X' / 'Outline an
    essay arguing X'. ('write me a skeleton for a blog post' / 'outline a blog post' ask one
    thing, as 'a pitch deck outline' / 'sketch out what goes on each slide' do.)"""
    outline = ("format", "outline")
    if outline not in b.categories or outline in a.categories:
        return False
    thing = _outlined_thing(b.words)
    if thing is not None and _WHOLE_THING.isdisjoint(b.words) and not _MAKING.isdisjoint(a.words[:3]):
        # 'create a complete site safety plan' / 'create an outline of a site safety plan' (the
        # thing itself complete; 'give me the full list of steps' / 'outline the steps' is one
        # ask: review 81)
        whole = [i for i, word in enumerate(a.words[1:5], start=1) if word in _WHOLE_THING]
        # the whole word qualifies the thing itself, not an overview or a list of it ('a full
        # overview of the French Revolution' / 'an outline of it' is one ask; review 85)
        named = list(takewhile(lambda w: w not in _OF_WORDS, a.words[whole[0] + 1 : whole[0] + 8])) if whole else []
        if thing in map(_singular, named):
            return True
    if thing is not None and thing not in _OUTLINE_LIKE and _written_thing(a.words) == thing:
        return True  # 'Write the introduction section for my paper' / 'Write an outline for the introduction section'
    shared = frozenset(m for c, m in a.categories & b.categories if c == "format" and m in _MADE)
    return bool(shared) and bool(_WRITING.intersection(a.words[:3])) and _makes(a.words, shared)


_OUTLINE_LIKE = frozenset({"agenda", "timeline", "storyline", "plot", "syllabus", "schedule", "itinerary"})
"""Things that are an outline themselves: 'draft the agenda' / 'an outline for the agenda'."""


def _written_thing(words: tuple[str, ...]) -> str | None:
    """The head noun of what a writing verb among the first words writes, when it is one
    thing: 'Write the introduction section for my paper' -> section ('write me a skeleton for
    a blog post' writes a skeleton; 'write the steps to' writes a list, which an outline of
    the steps asks for too: review 89)."""
    for i, word in enumerate(words[:3]):
        if word in _WRITING:
            run = _noun_phrase(words[i + 1 :], skip=("me", "us"))
            return run[-1] if run and _plain_plural(run[-1]) == run[-1] else None
    return None


def _noun_phrase(words: tuple[str, ...], skip: tuple[str, ...] = ()) -> list[str]:
    """The content words (at most four) that start ``words`` past determiners and ``skip``:
    its last is the head noun ('a site safety plan for' -> site, safety, plan)."""
    rest = list(dropwhile(lambda w: w in _NOUN_MARKERS or w in skip, words))
    return list(takewhile(_is_content, rest[:4]))


def _categories_differ(a: frozenset[tuple[str, str]], b: frozenset[tuple[str, str]]) -> bool:
    """Each side names a member of one category that the other does not (French / German).
    A member only one side adds ('in Python' / 'in Python and Go') is left to the verifier."""
    only_a, only_b = a - b, b - a
    return any(category == other for category, _ in only_a for other, _ in only_b)


_EFFECTS = frozenset({"complications", "effects", "consequences", "dangers", "outcomes", "impacts"})
"""What a thing leads to, against what leads to it ('the complications of low amniotic fluid')."""


def _cause_or_effect(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks the causes of a thing, ``b`` what it leads to: 'what are the causes of low
    amniotic fluid' / 'what are the complications of low amniotic fluid for the baby'
    (hold-out 270). Only where ``b`` asks no cause and ``a`` no effect."""
    if not (_causes_of(a.words) or _has_run(a.words, ("what", "causes"))) or not _EFFECTS.isdisjoint(a.words):
        return False
    if not _CAUSE.isdisjoint(b.words) or "why" in b.words or "reasons" in b.words:
        return False
    return any(w in _EFFECTS and b.words[i + 1 : i + 2] == ("of",) for i, w in enumerate(b.words[:8]))
