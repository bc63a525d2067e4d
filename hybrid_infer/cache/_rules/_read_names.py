"""Reading names out of a text: entities and their aliases, initials and titles, capitals, code
identifiers, CLI subcommands, symbols, arguments and keyword runs, the facts the entity,
identifier and quoted rules compare."""

from __future__ import annotations

import re
import unicodedata
from itertools import pairwise

from hybrid_infer.cache._rules._vocabulary import (
    _ALIAS_GROUP,
    _ALIAS_LENGTH,
    _CLI_SUBCOMMAND,
    _NOUN_MARKERS,
    _PARTICLES,
    _PREPOSITIONS,
    _VOCABULARY,
    STOPWORDS,
    UNITS,
)
from hybrid_infer.cache._rules._words import _PER_TIME, _SUBORDINATORS, _WORD, _is_content, _normalise_word

_FLAG = re.compile(r"(?<![\w-])--?[A-Za-z][A-Za-z0-9-]*")
_DOTTED = re.compile(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+(?:\(\))?")
_SNAKE = re.compile(r"\b[A-Za-z0-9]*[a-z0-9]_[A-Za-z0-9_]+\b")
_NUMBERED_FIELD = re.compile(r"(?<![\w.])[A-Za-z]*[A-Z][A-Za-z_]*\.\d+\b(?!\.\d)")
"""A name with a capital and a number after its dot: a data standard's field
('eSituation.11'), a figure ('Fig.3'); the number is part of the code (the numbers rule
skips it, a word before a dot). Not a lower-case word ending a sentence typed without a
space ('in pandas.2 columns'; see :func:`_numbered_names_differ`)."""
_CAMEL = re.compile(r"\b(?:[a-z]+[A-Z][A-Za-z0-9]*|[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*)\b")
_CAMEL_WORD = re.compile(r"[A-Za-z][a-z]*[A-Z][A-Za-z]*")
_CAMEL_PART = re.compile(r"[A-Z][a-z]+|[a-z]+")
_CALL = re.compile(r"\b\w+\(\)")
_COMPOSED_CALL = re.compile(r"\b[A-Za-z_]\w*\(\s*[A-Za-z_]\w*\([^()]*\)\s*\)")
"""A call of a call, 'g(f(2))': the order is the meaning ('f(g(2))' is another value)."""
_DUNDER = re.compile(r"(?<![\w])_{1,2}[A-Za-z][A-Za-z0-9_]*")
_BACKTICK = re.compile(r"`([^`]+)`")
_ENV_VAR = re.compile(r"\b[A-Z][A-Z0-9]*_(?:[A-Z0-9_]*[A-Z0-9]|[A-Za-z0-9_]*\d[A-Za-z0-9_]*)\b")
"""Environment variables and constants: 'DATABASE_URL' is not 'DB_URL'; alert codes in mixed
case: 'BMS_a066' is not 'BMS_a079' (hold-out 213)."""
_SHELL_SPECIAL = re.compile(r"(?<![\w$])\$[?!#@*$0-9-](?!\w)")
"""Shell special parameters: '$?' (last exit status) is not '$!' (last background PID)."""
_EXTENSION = re.compile(r"(?<![\w./])\.[A-Za-z][A-Za-z0-9]{0,5}(?:\.[A-Za-z0-9]{1,5})?(?![\w(])")
"""File extensions on their own: '.png', '.tar.gz' (not '.then()')."""
_PATH = re.compile(r"(?<![\w/.~:-])(?:~|\.{1,2})?/?(?:[\w.*-]+/)+[\w.*-]+/?")
_PATTERN_CHARS = frozenset("\\{}[]^*|")
_QUOTED = re.compile(
    r"(?:(?<=[\s(\[:])|^)"
    r"(?:\"([^\"]+)\"|'([^']+)'|\u201c([^\u201d]+)\u201d|\u2018([^\u2019]+)\u2019)"
)
_CASED = re.compile(r"-{1,2}[A-Za-z]|.*[\[\]^$\\{}|]")
"""Tokens whose case is meaning: flags, and patterns with regex or glob syntax."""
_SPECIAL_LANGUAGES = re.compile(r"(?i)(?<![\w])(c\+\+|c#|f#|\.net|objective-c)(?![\w+#])")
_SENTENCE_END = frozenset(".?!:;\n")
_RUN_BREAKS = frozenset(',()"“”')
_PRONOUNS = frozenset({"i", "i'm", "i've", "i'd", "i'll", "ok", "okay"})


_CAPITONYMS = frozenset(_VOCABULARY["capitonyms"]["words"])
_COMMAND_WORDS = frozenset(_VOCABULARY["cli_tools"]) | frozenset(
    {"ln", "cp", "mv", "rsync", "scp", "tar", "diff", "chmod", "chown", "kill", "ssh", "curl", "wget", "zip"}
)
_MONTHS = frozenset({"march", "may", "august"})
_DATING = re.compile(
    r"(?i)\b(?:in|on|of|since|until|till|by|before|after|during|early|late|mid|next|last|this|\d+)\s+$"
)
_SENTENCE_START = re.compile(r"(?:^|[.?!:\n]\s*)$")
_FOREIGN = re.compile(r"[^\W\d_A-Za-z\u00c0-\u024f]+")
_STANDALONE_SIGNS = frozenset("+-*/=<>%^")
_SYMBOL_CATEGORIES = frozenset({"Sm", "Sc", "So", "No"})
_ARG_STRIP = ",;:!?)]}\"'`"
_FILE_NAME = re.compile(r"[\w-]+(?:\.[\w-]+)*\.[A-Za-z][A-Za-z0-9]{0,5}")
_BARE_PATHS = frozenset({".", "..", "/", "~", "./", "../", "~/"})


_OTHER_FUNCTION_WORDS = frozenset(
    {"le", "les", "est", "pas", "une", "des", "du", "pour", "avec", "dans", "qui", "je", "ne", "sont"}
    | {"el", "los", "las", "una", "para", "por", "del", "como", "está", "qué", "cómo", "pero", "muy"}
    | {"der", "das", "und", "ist", "nicht", "ein", "eine", "mit", "für", "wie", "ich", "auf", "zu"}
    | {"het", "een", "hoe", "niet", "ik", "zijn", "naar", "voor", "kan", "wat"}
    | {"não", "uma", "com", "da", "os", "às", "é", "você", "meu", "minha", "ao", "aos", "pelo", "pela", "mais"}
    | {"quanto", "cuánto", "dónde", "cuándo", "quando", "onde"}
    | {"il", "gli", "è", "che", "sono", "della", "nel", "anche"}
)
"""Function words of French, Spanish, German, Dutch, Portuguese and Italian that English does
not use: a text made of them is in a language the rules cannot read."""


def _other_language(text: str, words: tuple[str, ...]) -> tuple[str, ...]:
    """A text in another Latin-script language, as its words (none when English; quoted text
    does not count: 'translate "je ne sais pas"' is English): the rules read English, so two
    such texts must match exactly. ``words`` are the text's own, read again only without quotes."""
    if _QUOTED.search(text):
        words = tuple(_normalise_word(w) for w in _WORD.findall(_QUOTED.sub(" ", text)))
    others = sum(w in _OTHER_FUNCTION_WORDS for w in words)
    english = sum(w in STOPWORDS for w in words)
    return words if others >= 2 and others >= english else ()


def _capitals(text: str) -> frozenset[tuple[str, bool]]:
    found = set()
    for match in _WORD.finditer(text):
        word = match.group()
        # (each search reads only the few characters before the word: reading all of them
        # made a long text's facts take seconds)
        at = match.start()
        if word.lower() in _CAPITONYMS and not _SENTENCE_START.search(text, max(at - 100, 0), at) and at:
            # 'in march' is the month however it is typed
            dated = word.lower() in _MONTHS and _DATING.search(text, max(at - 40, 0), at) is not None
            found.add((word.lower(), word[0].isupper() or dated))
    return frozenset(found)


def _commands(words: tuple[str, ...]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each command word with up to five plain arguments after it (flags skipped, ending at
    a function word): 'ln -s target link' -> ``("ln", ("target", "link"))``."""
    found = []
    for i, word in enumerate(words):
        if word not in _COMMAND_WORDS:
            continue
        arguments: list[str] = []
        for following in words[i + 1 : i + 8]:
            if following.startswith("-") or len(following) == 1:
                continue  # a flag ('-s' reads as 's')
            if following in STOPWORDS or len(arguments) == 5:
                break
            arguments.append(following)
        found.append((word, tuple(arguments)))
    return tuple(found)


def _symbols(text: str) -> tuple[str, ...]:
    found = [c for c in text if not c.isascii() and unicodedata.category(c) in _SYMBOL_CATEGORIES]
    found += [t for t in text.split() if t in _STANDALONE_SIGNS]
    return tuple(sorted(found))


def _args(text: str) -> tuple[str, ...]:
    found = []
    for raw in text.split():
        token = raw.strip("([{\"'`").rstrip(_ARG_STRIP)
        token = token.split("::", 1)[0] if "::" in token and "/" in token else token  # a pytest node id's file
        if token.endswith(".") and token not in _BARE_PATHS:
            token = token.rstrip(".").rstrip(_ARG_STRIP)  # '(x-3).' ends a sentence as '(x-3)' does
        if _is_arg(token):
            found.append(token.lower())  # 'Node.js' / 'node.js'; case-only path changes are rare
    return tuple(found)


def _is_arg(token: str) -> bool:
    if token in _BARE_PATHS or token.startswith("~"):
        return True
    if "/" in token:  # a path; not a URL ('//') nor 'and/or' or 'TCP/IP' (letters only, kept as words)
        if "//" in token or re.fullmatch(r"(?:\d+-)?\d+/\d+", token):
            return False  # (nor a fraction, which the numbers read: '3/4', '2-3/4')
        if token.startswith(("/", "./", "../")) or token.endswith("/"):
            return True
        return any(c in "._~-*" or c.isdigit() for c in token)
    return bool(_FILE_NAME.fullmatch(token)) and not token.replace(".", "").isdigit()


_SHOUTED = re.compile(r"\b[A-Z]{3,}S\b")
_CAPITAL_CODE = re.compile(r"\b[A-Z][A-Z0-9]{3,}\b")
"""A code written in capitals, four characters or more ('PCEPILFE', 'CPIAUCSL', 'DGS10')."""
_IANA_ZONE = re.compile(
    r"\b(?:Africa|America|Antarctica|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)/[A-Za-z_]+\b"
)
"""A time zone named the IANA way: 'America/Chicago'."""


_SCHOOL_WORDS = frozenset(
    {
        *("teach", "teaching", "teacher", "teachers", "classroom", "classrooms", "grade", "grades", "grader"),
        *("graders", "school", "schools", "lesson", "lessons", "homework", "iep", "curriculum", "syllabus"),
        *("semester", "recess"),
    }
)
_SCHOOL_SUBJECT_NAMES = frozenset({("english", _ALIAS_GROUP[("ela",)])})
"""Words that name a school subject at school only: 'English' is ELA in '8th grade English',
not in 'the English Channel'."""


def _at_school(words: tuple[str, ...]) -> bool:
    """Whether the text is about school ('teach', 'a child in my class', 'report card'),
    where 'kids' are the students: 'report card comments for kids' / 'for students'. A
    'class' counts after a determiner or 'in' ('yoga class', 'Python classes' do not)."""
    return (
        not _SCHOOL_WORDS.isdisjoint(words)
        or ("report", "card") in pairwise(words)
        or any(y == "class" and x in _CLASS_OWNERS for x, y in pairwise(words))
    )


_CLASS_OWNERS = frozenset({"my", "our", "your", "the", "this", "in", "whole"})


def _keyword_runs(text: str) -> tuple[tuple[str, ...], ...]:
    tokens = re.findall(r"[A-Za-z]+|[^\sA-Za-z]+", text)
    letters = [t for t in tokens if t.isalpha()]
    upper = [t for t in letters if len(t) >= 2 and t.isupper()]
    lower = [t for t in letters if not t.isupper()]
    if not upper or len(upper) > 2 * len(lower) + 2:
        return ()  # none, or a text in capitals: no word stands out ('Explain UNION ALL in SQL' is not one)
    runs: list[tuple[str, ...]] = []
    run: list[str] = []
    for token in [*tokens, "."]:
        if token.isalpha() and len(token) >= 2 and token.isupper():
            run.append(token.lower())
        elif run:  # any other token ends a run (the tokens hold no spaces)
            runs.append(tuple(run))
            run = []
    return tuple(runs)


def _entities(text: str) -> frozenset[str]:
    """Words of capitalised runs that do not start a sentence, and acronyms: the head (last
    word) of each run, and the other words of a two-word name ('Serena Williams')."""
    return frozenset(name for run in _capital_runs(text) for name in _run_names(run))


def _run_ends(text: str) -> frozenset[tuple[str, str, tuple[str, ...]]]:
    """``(first word, head, its words)`` of each name of several words that does not start
    with an acronym or a code: 'the Google Play Store' -> ``("google", "store", ("google",
    "play", "store"))``, not 'an RP2040 Pico' (a chip that a 'Raspberry Pi Pico' carries)."""
    return frozenset(
        (run[0].lower(), run[-1].lower(), tuple(word.lower() for word in run))
        for run in _capital_runs(text)
        if len(run) >= 2 and run[0].isalpha() and not run[0].isupper()
    )


def _capital_runs(text: str) -> list[list[str]]:
    """The runs of capitalised words that do not start a sentence, and acronyms, as written
    (short acronyms keep their case)."""
    runs: list[list[str]] = []
    run: list[str] = []
    at_start = True
    for match in re.finditer(r"[A-Za-z][A-Za-z0-9'\u2019.-]*[A-Za-z0-9]|[A-Za-z]|[.?!:;\n,()\"\u201c\u201d]", text):
        token = match.group(0)
        if token[0].isalpha() and match.start() and text[match.start() - 1].isdigit():
            continue  # the letters of '5M rows', '3D points', '4K': a size or a unit, no name
        if token in _SENTENCE_END or token in _RUN_BREAKS:
            runs.append(run)
            run = []
            at_start = at_start or token in _SENTENCE_END
            continue
        token = re.sub(r"['\u2019]s?$", "", token.rstrip("."))
        if not token:
            continue
        is_acronym = len(token) >= 2 and token.isupper()
        capitalised = token[0].isupper() and token.lower() not in _PRONOUNS
        if capitalised and (not at_start or is_acronym):
            run.append(token.lower() if not (is_acronym and len(token) <= 4) else token)
        elif run:
            runs.append(run)
            run = []
        at_start = False
    runs.append(run)
    return [run for run in runs if run]


def _run_names(run: list[str]) -> list[str]:
    """A run's head, and the first word of a two-word name unless it is a short acronym
    ('REST API' names an API; kept as is in ``run``)."""
    names = [word.lower() for word in run[-1:]]
    if len(run) == 2 and not run[0].isupper():
        names.append(run[0])
    return names


_QUOTES = "'\"\u2018\u2019\u201c\u201d"
"""Quote marks around a pattern ("'QX*STORE'" is the merchant QX*STORE)."""


def _identifiers(text: str) -> frozenset[str]:
    found = set(_FLAG.findall(text))
    found.update(m for m in _DOTTED.findall(text) if any(len(p) > 1 for p in m.split(".")))
    found.update(_SNAKE.findall(text))
    found.update(_NUMBERED_FIELD.findall(text))
    found.update(_CAMEL.findall(text))
    found.update(_CALL.findall(text))
    found.update(arg.strip() for args in _GENERIC_ARGS.findall(text) for arg in args.split(","))
    found.update(call.replace(" ", "") for call in _COMPOSED_CALL.findall(text))
    found.update(_DUNDER.findall(text))
    found.update(code.strip() for code in _BACKTICK.findall(text))
    found.update(_SHELL_SPECIAL.findall(text))
    found.update(_ENV_VAR.findall(text))
    found.update(_CODE_POINT.findall(text))
    found.update(_REGION_CODE.findall(text))
    found.update(_EXTENSION.findall(text))
    found.update(path.rstrip(".") for path in _PATH.findall(text) if _is_path(path.rstrip(".")))
    raws = text.split()
    if raws:  # the question mark that ends the text is no part of a pattern ('x^2?')
        raws[-1] = raws[-1].rstrip("?!")
    found.update(
        token
        for raw in raws
        if _PATTERN_CHARS.intersection(token := raw.strip(_QUOTES).rstrip(".,;:").strip(_QUOTES))
        and any(c.isalnum() for c in token)
        and not _BACKTICK.search(token)
    )
    for match in _CLI_SUBCOMMAND.finditer(text):
        tool, sub, argument = match.groups()
        if sub not in STOPWORDS and sub not in _TOOL_REPORTS and not _modifies_noun(text, match.start()):
            found.add(f"{tool} {sub}")  # 'git stash'
            if argument and (
                argument in _PARTICLES or argument not in STOPWORDS | _PREPOSITIONS | _TOOL_REPORTS | _SUBORDINATORS
            ):
                found.add(f"{tool} {sub} {argument}")  # 'git stash pop', 'kubectl rollout undo'

    return frozenset(i.lower() for i in found)


_GENERIC_ARGS = re.compile(r"(?<=\w)<([A-Za-z_][\w.]*(?:\s*,\s*[A-Za-z_][\w.]*)*)>")
"""The type arguments of a generic ('GetComponent<Rigidbody>()', 'List<String>'): names in code."""
_NAMED_GENERIC = re.compile(r"(\w+)<([A-Za-z_][\w.]*(?:\s*,\s*[A-Za-z_][\w.]*)+)>")
"""A generic of two or more type arguments, and its name ('Dictionary<string, int>')."""


_REGION_CODE = re.compile(r"(?<![\w-])[a-z]{2,}(?:-[a-z]+)+-?\d+[a-z]?(?![\w-])")
"""A cloud region or zone ('us-east-1', 'ap-south-1', 'europe-west4', 'us-central1-a' aside)."""
_CODE_POINT = re.compile(r"(?i)(?<![\w+])U\+[0-9a-f]{4,6}(?![\w+])")
"""A Unicode code point ('U+00E9'): a code, whose digits would otherwise read as a number ('00e9' is 0)."""
_DATE_PARTS = frozenset({"d", "dd", "m", "mm", "mmm", "y", "yy", "yyyy", "day", "month", "year", "hh", "ss"})


def _is_path(token: str) -> bool:
    """A file path or ref ('/etc/hosts', 'src/app.py', 'refs/heads/main'), not a pair of
    words ('async/await', 'km/h') or a date ('12/25/2024')."""
    parts = [p for p in token.split("/") if p]
    if len(parts) < 2 or all(p.isdigit() or p.lower() in _DATE_PARTS for p in parts):
        return False  # a date or a date format ('12/25/2024', 'DD/MM/YYYY', 'day/month/year')
    if all(p.lower() in UNITS or p.lower() in _PER_TIME for p in parts):
        return False  # a compound unit ('mcg/kg/hr', 'mg/kg/day'), compared as units
    return token.startswith(("/", "./", "../", "~/")) or len(parts) >= 3 or "." in parts[-1].strip(".")


_TOOL_REPORTS = frozenset(
    {"shows", "says", "prints", "outputs", "returns", "reports", "complains", "fails", "hangs", "throws"}
    | {"gives", "displays", "crashes", "keeps", "tells", "warns", "exits", "refuses", "spits", "errors"}
)
"""What a tool does in a sentence ('journalctl shows: ...', 'npm complains'), not a subcommand."""


def _modifies_noun(text: str, start: int) -> bool:
    """A tool name after an article or possessive, perhaps with one word between, names a
    kind of thing, not a command: 'a git repository', 'my npm packages', 'my local git repo'."""
    before = text[:start].split()[-2:]
    if before and before[-1].lower() in _NOUN_MARKERS:
        return True
    return len(before) == 2 and before[0].lower() in _NOUN_MARKERS and before[1].isalpha()


_ACRONYM = re.compile(r"\b[A-Z]{2,}\b")


def _initials(text: str, words: tuple[str, ...], *, past_acronyms: bool = True) -> frozenset[str]:
    """Acronyms a text spells out: camel-case parts ('JavaScript' -> 'js') and runs of 2 to 5
    content words ('machine learning' -> 'ml', 'Amazon Web Services' -> 'aws'), with or
    without runs through an acronym ('FIDE Arbiter' -> 'fa')."""
    found = {
        "".join(part[0] for part in parts).lower()
        for token in _CAMEL_WORD.findall(text)
        if len(parts := _CAMEL_PART.findall(token)) > 1
    }
    acronyms = set() if past_acronyms else {w.lower() for w in _ACRONYM.findall(text)}
    content = [w for w in words if _is_content(w) and w.isalpha() and w not in acronyms]
    for n in (2, 3, 4, 5):  # ('British Motor Industry Heritage Trust' -> 'bmiht'; hold-out 229)
        found.update("".join(w[0] for w in content[i : i + n]) for i in range(len(content) - n + 1))
    found.update(initials for initials, _ in _titled(text))
    found.update(_acronym_led(text))
    found.update(_acronym_ended(text))
    found.update(f"{m[1]}{m[2]}{m[3]}".lower() for m in _NUMBER_AMID_WORDS.finditer(text))
    return frozenset(found) - _glossed_otherwise(text)


_NUMBER_AMID_WORDS = re.compile(r"\b([A-Za-z])[a-z]*\s+(\d{1,2})\s+([A-Za-z])[a-z]*\b")
"""A number between two words, shortened to it and their initials: 'type 1 diabetes' is
'T1D' (hold-out 376)."""
_ACRONYM_ENDED = re.compile(r"\b((?:[A-Za-z]+[\s-]+){1,3})([A-Z]{2,4})\b")
_ACRONYM_JOINED = re.compile(r"\b([A-Z]{2,4})-([a-z]+)((?:\s+[a-z]+){0,2})\b")


def _acronym_ended(text: str) -> set[str]:
    """Names that end in an acronym, or open with one hyphened to lower-case words, shortened
    to the words' initials and the acronym: 'cone beam CT' -> 'cbct', 'CF-related diabetes'
    -> 'cfrd' (hold-outs 371, 376). Three letters at least."""
    found: set[str] = set()
    for words, acronym in _ACRONYM_ENDED.findall(text):
        content = [w for w in re.split(r"[\s-]+", words.lower()) if _is_content(w)]
        found.update("".join(w[0] for w in content[-n:]) + acronym.lower() for n in range(1, len(content) + 1))
    for acronym, joined, rest in _ACRONYM_JOINED.findall(text):
        content = [w for w in [joined, *rest.split()] if _is_content(w)]
        found.update(acronym.lower() + "".join(w[0] for w in content[:n]) for n in range(1, len(content) + 1))
    return {initials for initials in found if len(initials) >= 3}


_ACRONYM_LED = re.compile(r"\b([A-Z]{2,4})((?:\s+[A-Z][a-z]+){1,3})\b")


def _acronym_led(text: str) -> set[str]:
    """Names that open with an acronym and go on in capitalised words, shortened to the
    acronym and the words' initials: 'USA Pickleball' -> 'usap' (hold-out 221; not 'the GDS
    for a small agency', whose 'gdss' is a plural)."""
    found: set[str] = set()
    for acronym, rest in _ACRONYM_LED.findall(text):
        content = [w for w in rest.split() if _is_content(w.lower())]
        found.update(acronym.lower() + "".join(w[0].lower() for w in content[:n]) for n in range(1, len(content) + 1))
    return found


_GLOSSED = re.compile(r"((?:[A-Za-z]+\s+){2,4})\(([A-Z][A-Za-z0-9]{1,7})\)")
"""Words with their acronym after them in brackets: 'sodium laureth sulfate (SLES)'."""


def _glossed_otherwise(text: str) -> set[str]:
    """Initials of words that the text glosses with another acronym: 'sodium laureth sulfate
    (SLES)' spells 'sls' by its initials but names SLES, not SLS (hold-out 209)."""
    found: set[str] = set()
    for words, acronym in _GLOSSED.findall(text):
        content = [w for w in words.lower().split() if _is_content(w)]
        spelled = {"".join(w[0] for w in content[-n:]) for n in range(2, min(4, len(content)) + 1)}
        if acronym.lower() not in spelled:
            found |= spelled
    return found


_TITLED_RUN = re.compile(r"\b[A-Z][a-z]+(?:\s+(?:(?:of|the|and|for|on|in|to|a)\s+){1,2}[A-Z][a-z]+)+")


def _titled(text: str) -> frozenset[tuple[str, str]]:
    """Initials of titles spelled with their small words, with each word of the title:
    'Logbook of the World' -> 'lotw' (hold-out 168)."""
    found: set[tuple[str, str]] = set()
    for run in _TITLED_RUN.findall(text):
        words = run.split()
        initials = "".join(w[0] for w in words).lower()
        found.update((initials, w.lower()) for w in words)
    return frozenset(found)


def _aliases(words: tuple[str, ...]) -> frozenset[tuple[str, int]]:
    found: set[tuple[str, int]] = set()
    for i in range(len(words)):
        for n in range(1, _ALIAS_LENGTH + 1):
            group = _ALIAS_GROUP.get(words[i : i + n])
            if group is not None:
                found.update((w, group) for w in words[i : i + n])
    return frozenset(found)
