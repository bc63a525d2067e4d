"""The time rule: different times of day, days or spans ('this week' / 'this month')."""

from __future__ import annotations

from itertools import pairwise
from types import MappingProxyType

from hybrid_infer.cache._rules._compare import _has_run
from hybrid_infer.cache._rules._facts import TextFacts
from hybrid_infer.cache._rules._read_numbers import _PERIODIC
from hybrid_infer.cache._rules._vocabulary import _RECURRING, _TIME_PERIODS, _TIME_RELATIONS
from hybrid_infer.cache._rules._words import _is_year


def _plain_times(times: frozenset[tuple[str, int]]) -> frozenset[tuple[str, int]]:
    """``times`` with the evening read as the night ('tonight' / 'this evening') and decades
    and centuries as years ('the past ten years' / 'the last decade')."""
    return frozenset((_PLAIN_PERIOD.get(p, p), r) for p, r in times)


_PLAIN_PERIOD = MappingProxyType({"evening": "night", "decade": "year", "century": "year"})


_SPANS = frozenset({"weekend", "week", "month", "year", "summer", "winter", "autumn", "semester", "decade", "century"})
"""Periods long enough that one in place of another changes a plan ('all summer' / 'this
weekend'); parts of a day, and words that are also other things ('fall', 'spring',
'quarter'), are left out."""


def _spans(words: tuple[str, ...]) -> frozenset[str]:
    """The long periods named, a decade or a century as years ('ten years' / 'a decade')."""
    return frozenset(
        "year" if span in ("decade", "century") else span for w in words if (span := w.removesuffix("s")) in _SPANS
    )


def _spans_differ(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Each side names a long period the other does not: 'away for the whole summer' / 'away
    for the weekend', 'entertain my kids all summer' / 'this weekend'."""
    spans_a, spans_b = _spans(a), _spans(b)
    return bool(spans_a - spans_b) and bool(spans_b - spans_a)


def _times_differ(a: TextFacts, b: TextFacts, measured: bool = False) -> bool:
    """Both sides place the same period, at different places ('last year' / 'this year'), or
    place periods that have nothing in common ('yesterday' / 'last week')."""
    # (recurring periods only differ from the same period placed once: 'every afternoon' and
    # 'every day ... in the afternoon' say one thing)
    times_a = _plain_times(frozenset(t for t in a.times if t[1] != _RECURRING))
    times_b = _plain_times(frozenset(t for t in b.times if t[1] != _RECURRING))
    if times_a and times_b and times_a.isdisjoint(times_b) and not measured:
        return True  # (measured: 'the past ten years' / 'the last decade' say the same span)
    shared = {p for p, _ in a.times} & {p for p, _ in b.times}
    return any(
        {r for q, r in a.times if q == p} - {r for q, r in b.times if q == p}
        and {r for q, r in b.times if q == p} - {r for q, r in a.times if q == p}
        for p in shared
    )


_NOW = frozenset({"current", "currently", "now", "today", "today's", "latest", "presently"})
"""Words that place a question at the present ('the current fed funds range')."""


def _now_or_a_year(a: TextFacts, b: TextFacts) -> bool:
    """``a`` asks about the present, ``b`` about a year it names instead: 'what's the current
    fed funds target range' / 'what was it at the end of 2018', 'the history of it since 2015'
    (hold-out 206). A side that says both ('the current rate vs 2019') is left alone, and so
    is a year both sides say."""
    if not _says_now(a.words) or _says_now(b.words):
        return False
    return any(_is_year(n) and n not in a.numbers for n in b.numbers)


def _says_now(words: tuple[str, ...]) -> bool:
    """A word of :data:`_NOW`, not 'now that' (a reason: 'now that I've retired')."""
    return any(w in _NOW and not (w == "now" and words[i + 1 : i + 2] == ("that",)) for i, w in enumerate(words))


_SPAN_JOINS = frozenset({"to", "through", "thru", "until", "till", "and"})
"""Words between the two years of a span: 'from 2015 to 2019', 'between 2015 and 2019'
('2015-2019' reads as the two years side by side)."""


def _year_spans(words: tuple[str, ...]) -> set[tuple[int, int]]:
    """The spans of at least three years a text names ('from 2015 to 2019', '2015-2019'); a
    season ('2018-2019') or two years a year apart are left out."""
    spans = set()
    for i, word in enumerate(words):
        if not _is_year(word):
            continue
        for j in (i + 1, i + 2):
            if j < len(words) and _is_year(words[j]) and (j == i + 1 or words[i + 1] in _SPAN_JOINS):
                first, last = int(word), int(words[j])
                if last - first >= 2:
                    spans.add((first, last))
    return spans


def _year_or_years(a: TextFacts, b: TextFacts) -> bool:
    """``a`` names one year, ``b`` a span of years that ends or starts at it: 'which team won
    the Stanley Cup in 2019' / 'which teams won it from 2015 to 2019' (hold-out 263)."""
    years_a = {n for n in a.numbers if _is_year(n)}
    if len(years_a) != 1 or _year_spans(a.words):
        return False
    (year,) = years_a
    return any(int(year) in span for span in _year_spans(b.words))


_WHOLE_SPAN = frozenset({"career", "lifetime", "ever"})
"""Words that take the whole of a span, against a year: 'in his entire playoff career' /
'in the 2018 playoffs'."""


def _whole_or_a_year(a: TextFacts, b: TextFacts) -> bool:
    """``a`` takes a whole career or all time ('how many playoff goals has Ovechkin scored in
    his career', 'the all-time leader'), ``b`` one year it names instead ('in the 2018
    playoffs'; hold-out 263). A side that says both is left alone."""
    if not _says_whole(a.words) or _says_whole(b.words) or any(_is_year(n) for n in a.numbers):
        return False
    return any(_is_year(n) for n in b.numbers)


_WHOLE_MARKS = frozenset({"whole", "entire", "full"})


def _periods_after(words: tuple[str, ...], marks: frozenset[str]) -> set[str]:
    """The periods right after a word of ``marks`` ('this week', 'the whole season'), singular."""
    return {
        period.rstrip("s") for mark, period in pairwise(words) if mark in marks and period.rstrip("s") in _TIME_PERIODS
    }


def _one_period_or_a_whole_other(a: TextFacts, b: TextFacts) -> bool:
    """``a`` takes the present, last or next period of one length, ``b`` the whole of a longer
    or another one: 'check my ski training log for this week' / 'for the whole season'
    (hold-out 320). The same period said both ways ('this week' / 'the whole week') is left
    alone."""
    placed = _periods_after(a.words, frozenset(_TIME_RELATIONS))
    whole = _periods_after(b.words, _WHOLE_MARKS)
    return bool(placed) and bool(whole) and placed.isdisjoint(whole)


def _first_period_or_lifetime(a: TextFacts, b: TextFacts) -> bool:
    """``a`` takes the first period after a start ('at risk of in the first month', 'in the
    first few weeks'), ``b`` a whole lifetime or the long term ('over their lifetime'; hold-out
    393). A side that says both is left alone."""
    if not _LONG_TERM.isdisjoint(a.words) or _LONG_TERM.isdisjoint(b.words):
        return False
    return any(
        word == "first" and not _TIME_PERIODS_SAID.isdisjoint(a.words[i + 1 : i + 3]) for i, word in enumerate(a.words)
    )


_LONG_TERM = frozenset({"lifetime", "lifelong", "long-term"})
_TIME_PERIODS_SAID = frozenset({p + s for p in ("day", "week", "month", "year") for s in ("", "s")})


def _length_added(a: TextFacts, b: TextFacts) -> bool:
    """``b`` says how long the thing lasts ('pack for a week-long jazz tour', 'an hour-long
    lesson'; hold-out 482) where ``a`` names no period of time at all ('pack for a jazz gig';
    not 'a visit of 7 days', nor 'a weekly plan')."""
    if (
        any(w.endswith("-long") for w in a.compounds)
        or not _TIME_PERIODS.isdisjoint(w.removesuffix("s") for w in a.words)
        or not _PERIODIC.keys().isdisjoint(a.words)
    ):
        return False
    return any(word.endswith("-long") and word.removesuffix("-long") in _TIME_PERIODS for word in b.compounds)


def _a_season_or_all(a: TextFacts, b: TextFacts) -> bool:
    """``a`` takes one season ('what changes in chinchilla care during winter'), ``b`` every
    season or the whole year round ('across all four seasons'; hold-out 390) and names none."""
    seasons_a, seasons_b = _SEASONS.intersection(a.words), _SEASONS.intersection(b.words)
    if not seasons_a or seasons_b:
        return False
    text = " ".join(b.words)
    return any(phrase in text for phrase in _EVERY_SEASON)


_SEASONS = frozenset({"spring", "summer", "autumn", "fall", "winter"})
_EVERY_SEASON = (
    "all four seasons",
    "all seasons",
    "all the seasons",
    "every season",
    "each season",
    "year round",
    "year-round",
    "all year",
    "throughout the year",
)


def _says_whole(words: tuple[str, ...]) -> bool:
    """A word of :data:`_WHOLE_SPAN`, 'all time' or 'in history'."""
    return not _WHOLE_SPAN.isdisjoint(words) or _has_run(words, ("all", "time")) or _has_run(words, ("in", "history"))
