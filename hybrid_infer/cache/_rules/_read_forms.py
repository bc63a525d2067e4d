"""Word forms for the antonym rule: each word's forms and the opposing groups it belongs to,
idioms that only mean one thing, and marked phrases."""

from __future__ import annotations

from functools import lru_cache
from types import MappingProxyType

from hybrid_infer.cache._rules._vocabulary import (
    _ENDING_LETTERS,
    _ENDINGS,
    _LONGEST_PREFIX,
    _PHRASE_LENGTH,
    _PHRASE_MARKS,
    _PREFIX_SIDES,
    _SWITCH_VERBS,
    _WORD_MEMO,
)
from hybrid_infer.cache._rules._words import _is_content


@lru_cache(maxsize=_WORD_MEMO)
def _word_forms(word: str) -> tuple[frozenset[str], frozenset[tuple[int, int, str]]]:
    """:func:`_forms` and their :func:`_prefixed_roots`, remembered per word (words repeat)."""
    forms = frozenset(_forms(word))
    return forms, frozenset(_prefixed_roots(forms))


def _forms(word: str) -> set[str]:
    """The word and its likely uninflected forms ('enabled' -> 'enable', 'enabl')."""
    forms = {word}
    if word[-1:] not in _ENDING_LETTERS:
        return forms
    for suffix, replacement in _ENDINGS:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            base = word[: -len(suffix)]
            forms.add(base + replacement)
            if not replacement and len(base) >= 4 and base[-1] == base[-2] and base[-1] not in "aeioulsfz":
                forms.add(base[:-1])  # 'dropping' -> 'drop', 'planned' -> 'plan'
    return forms


def _prefixed_roots(forms: frozenset[str]) -> set[tuple[int, int, str]]:
    """``(prefix pair, side, root)`` for each way a form is a non-empty opposing prefix plus a
    root of at least 4 letters: 'unhappy' gives ``(n, 0, 'happy')`` for the pair ('un', '')."""
    roots = set()
    for form in forms:
        for k in range(1, min(_LONGEST_PREFIX, len(form) - 4) + 1):
            for pair, side in _PREFIX_SIDES.get(form[:k], ()):
                roots.add((pair, side, form[k:]))
    return roots


_IDIOM_NEXT = MappingProxyType(
    {"leave": "out", "leaves": "out", "leaving": "out", "left": "out", "short": "of", "under": "control"}
)
"""Words that mean something else before the next word: 'leaving out' (omitting, not the
opposite of 'join'), 'short of' (except, not the opposite of 'full'), 'under control' (not
the opposite of 'taking over'; hold-out 386)."""


def _idioms_only(words: tuple[str, ...]) -> set[str]:
    """Words of :data:`_IDIOM_NEXT` that occur only in their idiom: no opposite for them."""
    seen: dict[str, bool] = {}
    for i, word in enumerate(words):
        if word in _IDIOM_NEXT:
            idiom = i + 1 < len(words) and words[i + 1] == _IDIOM_NEXT[word]
            seen[word] = seen.get(word, True) and idiom
    return {word for word, only in seen.items() if only}


def _phrasal_on(words: tuple[str, ...]) -> bool:
    """'on' as the opposite of 'off' ('turn on'), not the preposition ('on a form')."""
    return any(w == "on" and i and words[i - 1] in _SWITCH_VERBS for i, w in enumerate(words))


def _phrase_marks(words: tuple[str, ...]) -> list[tuple[tuple[str, ...], str]]:
    """The phrases of :data:`_PHRASE_MARKS` in the text, with the word each is read as."""
    found = []
    for i in range(len(words)):
        for n in range(2, _PHRASE_LENGTH + 1):
            mark = _PHRASE_MARKS.get(words[i : i + n])
            if mark is not None:
                found.append((words[i : i + n], mark))
        if size := _newcomer(words, i):
            found.append((words[i : i + size], "beginner"))
    return found


_NEWCOMER_ROLES = frozenset(
    {"employee", "employees", "hire", "hires", "teller", "tellers", "cashier", "cashiers", "driver", "drivers",
     "user", "users", "student", "students", "nurse", "nurses", "developer", "developers", "engineer", "engineers",
     "manager", "managers", "intern", "interns", "volunteer", "volunteers", "member", "members", "colleague",
     "colleagues", "analyst", "analysts", "technician", "technicians", "agent", "agents", "rep", "reps", "parent",
     "parents", "player", "players", "runner", "runners", "learner", "learners", "teacher", "teachers", "coder",
     "coders", "programmer", "programmers", "admin", "admins", "staffer", "staff", "worker", "workers", "associate",
     "associates", "recruit", "recruits", "trainee", "trainees", "starter", "starters", "owner", "owners",
     "conductor", "conductors", "dispatcher", "dispatchers", "mechanic", "mechanics", "operator", "operators",
     "apprentice", "apprentices", "resident", "residents", "physician", "physicians", "pharmacist", "pharmacists",
     "therapist", "therapists", "paralegal", "paralegals", "clerk", "clerks", "officer", "officers", "electrician",
     "electricians", "plumber", "plumbers", "welder", "welders", "machinist", "machinists", "contractor",
     "contractors", "supervisor", "supervisors", "coordinator", "coordinators", "assistant", "assistants",
     "specialist", "specialists", "consultant", "consultants", "designer", "designers", "writer", "writers", "editor",
     "editors", "reporter", "reporters", "accountant", "accountants", "auditor", "auditors", "bookkeeper",
     "bookkeepers", "underwriter", "underwriters", "adjuster", "adjusters", "broker", "brokers", "realtor",
     "realtors", "investor", "investors", "homeowner", "homeowners", "landlord", "landlords", "caregiver",
     "caregivers", "coach", "coaches", "trainer", "trainers", "pilot", "pilots", "chef", "chefs", "cook", "cooks",
     "bartender", "bartenders", "barista", "baristas", "brewer", "brewers", "farmer", "farmers", "paramedic",
     "paramedics", "firefighter", "firefighters", "dentist", "dentists", "hygienist", "hygienists", "lawyer",
     "lawyers", "attorney", "attorneys", "doctor", "doctors", "librarian", "librarians", "archivist", "archivists",
     "translator", "translators", "interpreter", "interpreters", "photographer", "photographers", "tutor", "tutors",
     "professor", "professors", "researcher", "researchers", "scientist", "scientists", "nanny", "nannies",
     "homebrewer", "homebrewers", "beekeeper", "beekeepers", "gardener", "gardeners", "investigator",
     "investigators", "inspector", "inspectors", "appraiser", "appraisers", "surveyor", "surveyors", "tailor",
     "tailors", "seamstress"}
)  # fmt: skip
"""People a newcomer audience is made of: 'explain it to a new teller' asks for a beginner's
answer ('for a new roof', 'to a new server' name no audience)."""


def _newcomer(words: tuple[str, ...], at: int) -> int:
    """How many words from ``at`` name a newcomer audience: 'to a new teller', 'for a new
    hire' (4), 'to new employees' (3); 0 for none."""
    if words[at] not in ("to", "for"):
        return 0
    rest = words[at + 1 : at + 4]
    if rest[:2] == ("a", "new") and rest[2:3] and rest[2] in _NEWCOMER_ROLES:
        return 4
    if rest[:1] == ("new",) and rest[1:2] and rest[1] in _NEWCOMER_ROLES:
        return 3
    # 'for a new property manager', 'for a new high school teacher'
    start = at + 3 if rest[:2] == ("a", "new") else at + 2 if rest[:1] == ("new",) else None
    if start is None:
        return 0
    for end in (start + 1, start + 2):
        if end < len(words) and all(map(_is_content, words[start:end])) and words[end] in _NEWCOMER_ROLES:
            return end + 1 - at
    return 0
