""":func:`rule_flags`, which rules a pair breaks, :func:`added_details`, what only one side adds,
and the two differences of layout alone (:func:`same_but_hyphens`, :func:`same_but_layout`)."""

from __future__ import annotations

from hybrid_infer.cache._rules._audience import _readers_differ
from hybrid_infer.cache._rules._compare import (
    _JOINED_WORDS,
    _SPELLING_SHOWN,
    _categories_added,
    _categories_of,
    _code_missing,
    _compared_numbers,
    _compared_units,
    _grams_as_gallons,
    _hyphens_joined,
    _kids_are_students,
    _missing_entities,
    _rate_parts_dropped,
    _same_measures,
    _spaced,
    _traded,
    _unmatched,
)
from hybrid_infer.cache._rules._direction import (
    _before_and_after_traded,
    _converse_comparison,
    _opposites_trade_slots,
    _persons_traded,
    _sequence_swapped,
    _steps_traded_around,
    _swapped,
)
from hybrid_infer.cache._rules._facts import TextFacts
from hybrid_infer.cache._rules._names import (
    _args_recounted,
    _case_changed,
    _case_of_a_name_changed,
    _flags_differ,
    _generic_args_reordered,
    _hyphened_names_differ,
    _keyword_extended,
    _known_names_swapped,
    _middle_words_differ,
    _name_variants,
    _namesakes,
    _numbered_names_differ,
    _operators_differ,
    _quotes_differ,
)
from hybrid_infer.cache._rules._negation import (
    _bound_negated,
    _in_or_out,
    _needed_or_not,
    _negation_differs,
    _negation_sides,
    _stopped_or_taking,
)
from hybrid_infer.cache._rules._numbers import (
    _abbreviated_numbers,
    _abbreviations_reordered,
    _change_kind_differs,
    _counted_thing_changed,
    _counts_traded,
    _inches_or_other,
    _lone_numeral_against,
    _marks_traded,
    _measures_differ,
    _numbers_reordered,
    _one_became_a_count,
    _only_one_or_count,
    _ordinals_traded,
    _original_or_numbered,
    _per_basis_changed,
    _pluses_differ,
    _points_or_percent,
    _ranks_differ,
    _rates_differ,
    _repeats_differ,
    _says_more,
    _targets_differ,
    _units_rebound,
)
from hybrid_infer.cache._rules._opposites import (
    _adds_opposite,
    _antonyms,
    _apart_or_together,
    _audience_level_differs,
    _good_or_bad,
    _helps_or_worsens,
    _less_or_comparative,
    _particle_flipped,
    _particle_turned,
    _phrase_turned,
    _required_or_exempt,
    _required_or_forbidden,
    _stops_or_runs_on,
    _switched_apart,
    _too_much_or_too_little,
    _why_or_how_to,
)
from hybrid_infer.cache._rules._scope import (
    _across_all_or_one,
    _all_or_most_common,
    _all_or_top_few,
    _all_past_the_limit,
    _best_or_some,
    _best_or_top_few,
    _both_added,
    _brief_or_full,
    _compared_list_grown,
    _conjunct_added,
    _count_or_every,
    _count_or_list,
    _every_kind_or_one,
    _first_or_all,
    _first_to_or_all,
    _general_or_special,
    _items_added,
    _limited_then_joined,
    _month_only_or_whole,
    _names_only_or_explained,
    _narrowed,
    _numbered_or_every,
    _one_or_few,
    _one_or_several,
    _one_side_or_both,
    _one_size_or_every,
    _one_tip_or_all_ways,
    _only_a_part_of,
    _only_this_or_more,
    _part_or_whole,
    _question_added,
    _recommended_or_compared,
    _scopes_differ,
    _slot_made_whole,
    _summary_or_every,
    _top_one_or_several,
)
from hybrid_infer.cache._rules._tasks import (
    _DRAFTING,
    _FINDING,
    _REMOVING,
    _REVIEWING,
    _advised_or_made,
    _best_kind_or_whether,
    _both_sides_or_one,
    _categories_differ,
    _cause_or_effect,
    _cause_or_remedy,
    _done_to_the_same,
    _explained_or_made,
    _explained_or_written,
    _formula_or_worked,
    _installed_or_removed,
    _listed_or_counted,
    _made_apart,
    _needed_or_steps,
    _outline_of,
    _symptoms_or_else,
    _works_or_used,
)
from hybrid_infer.cache._rules._times import (
    _a_season_or_all,
    _first_period_or_lifetime,
    _length_added,
    _now_or_a_year,
    _one_period_or_a_whole_other,
    _spans_differ,
    _times_differ,
    _whole_or_a_year,
    _year_or_years,
)
from hybrid_infer.cache._rules._wording import _one_word_replaced, _words_inserted
from hybrid_infer.cache._rules._words import _CALENDAR

RULES = (
    "replaced",
    "inserted",
    "number",
    "unit",
    "negation",
    "entity",
    "identifier",
    "quoted",
    "antonym",
    "category",
    "direction",
    "qualifier",
    "time",
)


def same_but_hyphens(a: TextFacts, b: TextFacts) -> bool:
    """The same text but for hyphens joining words on one side and spaces on the other
    ('what is dollar cost averaging' / 'What is dollar-cost averaging?'): the words are the
    same, and so is the question. Not when both sides join words, in other places ('twenty
    five-dollar bills' / 'twenty-five dollar bills'), nor where the spelling is the subject
    or a name (quotes, backticks, a command line: "is 'follow-up' a noun?", '--name my-app'),
    nor a range of days or months ('Tuesday-Thursday')."""
    if a.signature == b.signature or "-" not in a.signature + b.signature:
        return False
    joined_a, joined_b = _JOINED_WORDS.findall(a.signature), _JOINED_WORDS.findall(b.signature)
    if bool(joined_a) == bool(joined_b):
        return False
    if any(_SPELLING_SHOWN.search(facts.signature) for facts in (a, b)):
        return False
    if any(part in _CALENDAR for joined in joined_a + joined_b for part in joined.split("-")):
        return False
    return _JOINED_WORDS.sub(_spaced, a.signature) == _JOINED_WORDS.sub(_spaced, b.signature)


def same_but_layout(a: TextFacts, b: TextFacts) -> bool:
    """The same characters but for spacing, line breaks and end punctuation, which the
    signatures say matter here (indented code, 'Calculate 10!' / 'Calculate 10.')."""
    if a.signature == b.signature:
        return False
    if "\n" in a.signature or "\n" in b.signature:
        return "".join(a.signature.split()) == "".join(b.signature.split())
    return a.signature.rstrip("?.! ") == b.signature.rstrip("?.! ")


def rule_flags(a: TextFacts, b: TextFacts) -> dict[str, bool]:
    """Which rules the pair breaks, by rule name (see :data:`RULES`).

    Numbers, units, entities and code identifiers break a rule when each side has one the
    other lacks (a substitution: 3.11 vs 3.12, Canada vs Mexico); a detail only one side
    adds is reported by :func:`added_details` instead, for the learned verifier to weigh.
    """
    a = _hyphens_joined(a, b)
    b = _hyphens_joined(b, a)
    a, b = _grams_as_gallons(a, b), _grams_as_gallons(b, a)
    measured = _same_measures(a, b)
    school = _kids_are_students(a, b)
    numbers_a, numbers_b = _compared_numbers(a, measured), _compared_numbers(b, measured)
    numbers_a, numbers_b = _abbreviated_numbers(numbers_a, b), _abbreviated_numbers(numbers_b, a)
    units_a, units_b = _rate_parts_dropped(_compared_units(a, measured), _compared_units(b, measured))
    return {
        "number": (_says_more(a, b, numbers_a, numbers_b) and _says_more(b, a, numbers_b, numbers_a))
        or _ranks_differ(a, b)
        or _ordinals_traded(a, b)
        or _pluses_differ(a, b)
        or _measures_differ(a, b)
        or _counts_traded(a, b)
        or _numbers_reordered(a, b)
        or _abbreviations_reordered(a, b)
        or _abbreviations_reordered(b, a)
        or _change_kind_differs(a, b)
        or _one_became_a_count(a, b)
        or _original_or_numbered(a, b)
        or _original_or_numbered(b, a)
        or _only_one_or_count(a, b)
        or _only_one_or_count(b, a)
        or _lone_numeral_against(a, b)
        or _lone_numeral_against(b, a),
        "unit": (bool(units_a - units_b) and bool(units_b - units_a))
        or _points_or_percent(units_a, units_b, b.words)
        or _points_or_percent(units_b, units_a, a.words)
        or _rates_differ(a, b)
        or _repeats_differ(a.words, b.words)
        or _targets_differ(a, b)
        or _marks_traded(a, b)
        or _units_rebound(a, b)
        or _counted_thing_changed(a, b)
        or _per_basis_changed(a, b)
        or _inches_or_other(a, b)
        or _inches_or_other(b, a)
        or _traded(a.date_orders, b.date_orders),
        "negation": _negation_differs(*_negation_sides(a, b))
        or _bound_negated(a, b)
        or _in_or_out(a, b)
        or _stopped_or_taking(a, b)
        or _stopped_or_taking(b, a)
        or _needed_or_not(a, b)
        or _needed_or_not(b, a),
        "entity": (bool(_missing_entities(a, b, measured)) and bool(_missing_entities(b, a, measured)))
        or _case_of_a_name_changed(a, b)
        or _namesakes(a, b)
        or _middle_words_differ(a, b)
        or _name_variants(a, b)
        or _known_names_swapped(a, b),
        "identifier": _flags_differ(a, b)
        or _hyphened_names_differ(a, b)
        or _hyphened_names_differ(b, a)
        or _numbered_names_differ(a, b)
        or (_code_missing(a, b) and _code_missing(b, a))
        or _traded(a.symbols, b.symbols)
        or (bool(set(a.args) - set(b.args)) and bool(set(b.args) - set(a.args)))
        or _args_recounted(a.args, b.args)
        or _operators_differ(a, b)
        or _case_changed(a, b)
        or _keyword_extended(a, b)
        or _keyword_extended(b, a)
        or _generic_args_reordered(a, b),
        "quoted": _quotes_differ(a, b),
        "antonym": (_antonyms(a, b) and not _converse_comparison(a.words, b.words))
        or _adds_opposite(a, b)
        or _adds_opposite(b, a)
        or _switched_apart(a, b)
        or _particle_flipped(a.compounds, b.compounds)
        or _particle_turned(a.words, b.words)
        or _phrase_turned(a.words, b.words)
        or _apart_or_together(a.words, b.words)
        or _helps_or_worsens(a.words, b.words)
        or _helps_or_worsens(b.words, a.words)
        or _required_or_forbidden(a, b)
        or _required_or_forbidden(b, a)
        or _required_or_exempt(a, b)
        or _required_or_exempt(b, a)
        or _audience_level_differs(a, b)
        or _stops_or_runs_on(a, b)
        or _stops_or_runs_on(b, a)
        or _too_much_or_too_little(a.words, b.words)
        or _too_much_or_too_little(b.words, a.words)
        or _why_or_how_to(a.words, b.words)
        or _why_or_how_to(b.words, a.words)
        or _good_or_bad(a.words, b.words)
        or _good_or_bad(b.words, a.words)
        or _less_or_comparative(a, b)
        or _less_or_comparative(b, a),
        "category": _categories_differ(_categories_of(a, measured, school), _categories_of(b, measured, school))
        or _explained_or_made(a, b)
        or _explained_or_made(b, a)
        or _outline_of(a, b)
        or _outline_of(b, a)
        or _advised_or_made(a, b)
        or _advised_or_made(b, a)
        or _listed_or_counted(a, b)
        or _listed_or_counted(b, a)
        or _cause_or_remedy(a, b)
        or _cause_or_remedy(b, a)
        or _cause_or_effect(a, b)
        or _cause_or_effect(b, a)
        or _works_or_used(a, b)
        or _symptoms_or_else(a, b)
        or _symptoms_or_else(b, a)
        or _done_to_the_same(a, b, _FINDING, _REMOVING)
        or _done_to_the_same(b, a, _FINDING, _REMOVING)
        or _done_to_the_same(a, b, _DRAFTING, _REVIEWING)
        or _done_to_the_same(b, a, _DRAFTING, _REVIEWING)
        or _installed_or_removed(a, b)
        or _installed_or_removed(b, a)
        or _explained_or_written(a, b)
        or _explained_or_written(b, a)
        or _formula_or_worked(a, b)
        or _formula_or_worked(b, a)
        or _made_apart(a, b)
        or _both_sides_or_one(a, b)
        or _both_sides_or_one(b, a)
        or _needed_or_steps(a, b)
        or _needed_or_steps(b, a)
        or _best_kind_or_whether(a, b)
        or _best_kind_or_whether(b, a),
        "direction": _swapped(a, b)
        or _sequence_swapped(a, b)
        or _sequence_swapped(b, a)
        or _before_and_after_traded(a, b)
        or _opposites_trade_slots(a, b)
        or _persons_traded(a, b)
        or _steps_traded_around(a, b),
        "qualifier": _narrowed(a, b)
        or _narrowed(b, a)
        or _scopes_differ(a, b)
        or _part_or_whole(a, b)
        or _one_or_several(a, b)
        or _one_or_several(b, a)
        or _first_or_all(a, b)
        or _first_or_all(b, a)
        or _all_or_top_few(a, b)
        or _all_or_top_few(b, a)
        or _all_or_most_common(a, b)
        or _all_or_most_common(b, a)
        or _best_or_top_few(a, b)
        or _best_or_top_few(b, a)
        or _summary_or_every(a, b)
        or _summary_or_every(b, a)
        or _month_only_or_whole(a, b)
        or _month_only_or_whole(b, a)
        or _one_size_or_every(a, b)
        or _one_size_or_every(b, a)
        or _first_to_or_all(a, b)
        or _first_to_or_all(b, a)
        or _one_or_few(a, b)
        or _one_or_few(b, a)
        or _recommended_or_compared(a, b)
        or _recommended_or_compared(b, a)
        or _conjunct_added(a, b)
        or _conjunct_added(b, a)
        or _every_kind_or_one(a, b)
        or _every_kind_or_one(b, a)
        or _count_or_every(a, b)
        or _count_or_every(b, a)
        or _top_one_or_several(a, b)
        or _top_one_or_several(b, a)
        or _compared_list_grown(a, b)
        or _compared_list_grown(b, a)
        or _best_or_some(a, b)
        or _best_or_some(b, a)
        or _readers_differ(a, b)
        or _general_or_special(a, b)
        or _general_or_special(b, a)
        or _both_added(a, b)
        or _both_added(b, a)
        or _one_side_or_both(a, b)
        or _one_side_or_both(b, a)
        or _numbered_or_every(a, b)
        or _numbered_or_every(b, a)
        or _count_or_list(a, b)
        or _count_or_list(b, a)
        or _items_added(a, b)
        or _items_added(b, a)
        or _limited_then_joined(a, b)
        or _limited_then_joined(b, a)
        or _only_a_part_of(a, b)
        or _only_a_part_of(b, a)
        or _names_only_or_explained(a, b)
        or _names_only_or_explained(b, a)
        or _slot_made_whole(a, b)
        or _slot_made_whole(b, a)
        or _only_this_or_more(a, b)
        or _only_this_or_more(b, a)
        or _one_tip_or_all_ways(a, b)
        or _one_tip_or_all_ways(b, a)
        or _brief_or_full(a, b)
        or _brief_or_full(b, a)
        or _across_all_or_one(a, b)
        or _all_past_the_limit(a, b)
        or _all_past_the_limit(b, a)
        or _question_added(a, b)
        or _question_added(b, a)
        or _across_all_or_one(b, a),
        "time": _times_differ(a, b, measured)
        or (_spans_differ(a.words, b.words) and not measured)
        or _now_or_a_year(a, b)
        or _now_or_a_year(b, a)
        or _year_or_years(a, b)
        or _year_or_years(b, a)
        or _whole_or_a_year(a, b)
        or _whole_or_a_year(b, a)
        or _one_period_or_a_whole_other(a, b)
        or _one_period_or_a_whole_other(b, a)
        or _first_period_or_lifetime(a, b)
        or _first_period_or_lifetime(b, a)
        or _a_season_or_all(a, b)
        or _a_season_or_all(b, a)
        or _length_added(a, b)
        or _length_added(b, a),
        "replaced": _one_word_replaced(a, b),
        "inserted": _words_inserted(a, b) or _words_inserted(b, a),
    }


def added_details(a: TextFacts, b: TextFacts) -> dict[str, bool]:
    """Numbers, units, entities or identifiers that only one side mentions.

    The same measure written two ways ('a week' / '7 days') adds nothing.
    """
    a, b = _grams_as_gallons(a, b), _grams_as_gallons(b, a)
    measured = _same_measures(a, b)
    school = _kids_are_students(a, b)
    numbers_a, numbers_b = _compared_numbers(a, measured), _compared_numbers(b, measured)
    units_a, units_b = _compared_units(a, measured), _compared_units(b, measured)
    return {
        "number": bool(_unmatched(numbers_a, numbers_b)) != bool(_unmatched(numbers_b, numbers_a)),
        "unit": (units_a != units_b) and not (units_a - units_b and units_b - units_a),
        "entity": bool(_missing_entities(a, b, measured)) != bool(_missing_entities(b, a, measured)),
        "identifier": _code_missing(a, b) != _code_missing(b, a),
        "category": _categories_added(_categories_of(a, measured, school), _categories_of(b, measured, school)),
    }
