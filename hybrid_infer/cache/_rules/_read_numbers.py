"""Reading numbers out of a text: numbers and their counts, units and rates, measures converted
to a base unit, superlative ranks, times, kinds of change and comparison operators, the facts
the number, unit and time rules compare."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from itertools import takewhile
from types import MappingProxyType
from typing import Any

from hybrid_infer.cache._rules._read_roles import _directed_pairs
from hybrid_infer.cache._rules._vocabulary import (
    _CARDINALS,
    _CATEGORY_OF,
    _DETERMINERS,
    _LONG_UNIT,
    _NOT_SUPERLATIVE,
    _ORDINALS,
    _QUANTITY,
    _SCALES,
    _SUPERLATIVE_WORDS,
    _TIME_PERIODS,
    _TIME_RELATIONS,
    _TIME_WORDS,
    NUMBER_WORDS,
    UNITS,
)
from hybrid_infer.cache._rules._words import _PER_TIME, _WORD, _counts, _is_content, _normalise_word, _owner, _singular

_NUMBER = re.compile(
    r"(?<![\w.])\d+[A-Za-z]{1,3}(?:\.\d+[A-Za-z]{0,3})+(?![\w.])"  # a section: statute '97C.355'
    r"|(?<![\w.])(?:[A-Za-z]{0,3})?\d+(?:[.,:/]\d+)*(?:[A-Za-z]{0,3})?(?![\w])"
    r"|(?<![\w.])[A-Za-z]+\d+[A-Za-z\d]*(?![\w])"
    r"|(?<![\w.])\d+(?![xX]\d)[A-Za-z]+\d[A-Za-z\d]*(?![\w])"  # a code: lot '3045L1' (not a size: '4x8')
    r"|(?<![\w.])\d+[xX]\d+[a-ln-rt-zA-LN-RT-Z](?![\w])"  # a model: '7800X3D' (not '2x4s', '4x8m')
)
_THOUSANDS = re.compile(r"^\d{1,3}(?:,\d{3})+$")
_NUMBER_LIST = re.compile(r"^\d+(?:,\d+){2,}$")
_MERIDIEM = re.compile(r"\s*([ap])\.?m\b\.?", re.IGNORECASE)
_DIMENSIONS = re.compile(r"(?<![\w.])\d+(?:\.\d+)?['\"]?(?:\s*[x\u00d7]\s*|\s+by\s+)\d+(?:\.\d+)?['\"]?(?![\w.])")
"""Sizes such as '4x8', '1920 x 1080', 12' x 14' or '1000 by 1000': also said as one ordered
number ('2x3' and '3x2' are different matrices, '1080x1920' a portrait video)."""
_GLUED_SIZE = re.compile(
    r"(?<![\w.])(?!0[xX])\d+(?:\.\d+)?(?:[x\u00d7]\d+(?:\.\d+)?)+(?![a-ln-rt-zA-LN-RT-Z](?![a-zA-Z]))"
)
"""Sizes written glued ('4x8', '1920x1080', with a multiplication sign too; not a hex number,
'0x1F'): their numbers, as '4 x 8' says them ('4x8' and '4x4' are different beds). Not a
model name ending in one letter: a '7800x3d' is no 7800 by 3 ('2x4s' and '4x8m' are sizes)."""
_HEX = re.compile(r"(?<![\w.])0[xX][0-9a-fA-F]+(?![\w])")
_NUMBERED_NAME = re.compile(r"(?<![\w.])([A-Za-z]+)\.(\d+)\b(?!\.\d)")
_STANDALONE_OPERATORS = (
    ">>>=", "<<=", ">>=", "**=", "//=", "??=", "===", "!==", "<=>", ">>>", "..=",
    "==", "!=", "<=", ">=", "&&", "||", "<<", ">>", "->", "=>", "::", "+=", "-=", "*=", "/=",
    "%=", "&=", "|=", "^=", "**", "//", "??", "?.", ":=", "|>", "++", "--", "!!",
    "+", "-", "*", "/", "%", "&", "|", "^", "~", "<", ">", "=",
)  # fmt: skip
_EMBEDDED_OPERATORS = (
    "<=>", "===", "!==", "==", "!=", "<=", ">=", "&&", "||", "->", "=>", "+=", "-=", "*=", "/=", ":=", "??",
)  # fmt: skip
_OPERATOR = re.compile(
    # An operator written on its own ('use === here', '`==`', 'x += 1', 'the ?. operator') or
    # between operands ('a!=b', 'ptr->next'). Single '-', '*' or '+' opening a line is a bullet.
    r"(?:(?<=[\s(`'\"])|^)(?!(?<=^)[-*+]\s|(?<=\n)[-*+]\s)("
    + "|".join(re.escape(op) for op in _STANDALONE_OPERATORS)
    + r")(?=[\s`'\"),]|[.?!:;]*(?:\s|$))"
    + r"|(?<=\w)("
    + "|".join(re.escape(op) for op in _EMBEDDED_OPERATORS)
    + r"|[+*])(?=\w)",
    re.MULTILINE,
)


_SIGNED = re.compile(r"(?:^|(?<=[\s(=,:]))[-\u2212][$€£¥₹]?(?=\d)")


_TANK_SIZE = re.compile(
    r"\b(?:a|an|my|the|your|our|this|that)\s+(\d+)\s?g\b(?!\s+(?:of|in|to\s+(?:[mk]?g|m?l|oz|lbs?|cups?|ounces?|pounds?)s?)\b)"
    r"|\b(\d+)\s?g\s+(?:tank|aquarium|pond|tub|tote|barrel|drum|bucket|reservoir)s?\b"
)


_GLUED_MEASURES = frozenset(
    {"ppm", "ppb", "psi", "dpi", "ppi", "fps", "bpm", "mpg", "gpm", "cfm", "mah", "dbm", "db", "bar", "kpa", "atm"}
    | {"dkh", "dgh"}  # water hardness: '4dKH' / '4 dKH' (hold-out 388)
)
"""Measures read as words, not units, whose number may be glued to them: '2ppm' says the 2 of
'2 ppm' (hold-out 169)."""


_GLUED_DEGREES = re.compile(
    r"(?:\b(?i:to|at|of|is|around|about|from|between|and|under|over|below|above|than)\s+|[@~]\s*)-?\d{2,3}([CF])\b",
)
"""A temperature with its scale glued on, after a word that leads to a temperature: 'heat the
bed to 60C', 'bake at 350F'; not a seat, a C-rate or a model ('seat 14C', 'charge at 2C',
'a #7F blade', 'a 34C bra'): two or three digits, after such a word."""


def _degrees_end_at(text: str, end: int) -> bool:
    return any(m.end() == end for m in _GLUED_DEGREES.finditer(text, max(0, end - 16), end))


def _numbers(text: str, words: tuple[str, ...]) -> Counter[str]:
    """Each number the text says, with how many times it says it."""
    found = Counter(_format_number(float(m.group(0))) for m in _SCIENTIFIC.finditer(text))  # '1e-5', '6.02e23'
    found.update(m.group(0) for m in _ISO_DATE.finditer(text))  # '2024-03-04' is one date, its order counts
    text = _ISO_DATE.sub(" ", _SCIENTIFIC.sub(" ", _PARENTHESISED_LETTER.sub(_lettered, text)))  # '401(k)' is '401k'
    text = _LETTER_DOT_NUMBER.sub(r"\1", text)
    text = _SQUARED_POWER.sub(lambda m: m.group(1) or m.group(2), text)  # '5000 cm²' says 5000, no 2
    # a size says its numbers however it is spaced: '12x14', '12 x 14', 12' x 14', '60x40x50',
    # and its order (review 85)
    found.update(
        re.sub(r"[\s'\"]", "", re.sub(r"\s+by\s+", "x", m)).lower().replace("\u00d7", "x")
        for m in _DIMENSIONS.findall(text)
    )
    text = _GLUED_SIZE.sub(lambda m: " x ".join(re.split("[x\u00d7]", m.group())), text)
    text = _MIXED_NUMBER.sub(_mixed_value, text)
    text = _FEET_AND_INCHES.sub(r"\1'\2", text)  # '6ft2' and '6 ft 2' are 6'2
    text = _MINUS.sub("-", text)  # 'minus 10 C' is -10 °C
    text = _SHORT_YEAR_RANGE.sub(_year_span, text)  # '2025-26' is 2025-2026
    text = _SHORT_YEAR.sub(_full_year, text)  # "a '66 Chevelle" is a 1966 one
    for match in _NUMBER.finditer(text):
        token = match.group(0).lower()
        if _THOUSANDS.match(token):
            token = token.replace(",", "")
        elif _NUMBER_LIST.match(token):
            found.update(token.split(","))  # '7,3,9,1' is the list [7, 3, 9, 1]
            continue
        if re.match(r"^0\d:\d\d$", token):
            token = token[1:]  # '02:30' is '2:30'
        if token.endswith(":00") and token[:-3].isdigit():
            token = token[:-3]  # '6:00 am' is '6 am'
        if meridiem := _MERIDIEM.match(text, match.end()):
            token += meridiem.group(1).lower() + "m"  # '6:30 AM' is '6:30am'
        if _SIGNED.match(text, max(0, match.start() - 2)) or _SIGNED.match(text, max(0, match.start() - 1)):
            token = "-" + token  # '-40 °F', '-$200': a negative number
            if re.fullmatch(r"-\d+\.\d+", token):
                token = _measure_value(token)  # a '-4.50' prescription is -4.5 (no version is negative)
        if re.match(r"^v\d+(?:\.\d+)*$", token):
            token = token[1:]  # 'v3.0' is version '3.0'
        digits = re.match(r"^(\d+(?:[.,:/]\d+)*)([a-z]{1,3})$", token)
        if digits and (digits.group(2) in UNITS or digits.group(2) in _GLUED_MEASURES):
            token = digits.group(1)  # "5kg" -> "5" (the unit is compared separately), '2ppm' -> '2'
        elif digits and digits.group(2) in ("st", "nd", "rd", "th"):
            token = digits.group(1)  # "66th" -> "66"
        elif digits and digits.group(2) == "yo" and digits.group(1).isdigit():
            token = digits.group(1)  # '40yo' is 40 years old
        elif digits and digits.group(2) == "s" and digits.group(1).isdigit():
            token = digits.group(1)  # '10s' (seconds, or a decade) -> '10'
        elif digits and digits.group(2) == "x" and digits.group(1).isdigit() and _TIMES_IN.match(text, match.end()):
            token = digits.group(1)  # '2x a day' is twice a day (a '3X tippet', a '7900X' are sizes and names)
        elif digits and digits.group(2) == "k" and digits.group(1).isdigit():
            token = str(int(digits.group(1)) * 1000)  # "30k" -> "30000"
        elif digits and match.group(0)[-1:] in ("C", "F") and _degrees_end_at(text, match.end()):
            token = digits.group(1)  # 'bed to 60C' is 60 degrees Celsius (hold-out 204)
        if _MEASURE_FORM.match(token) and _measured(text, match.end()):
            token = _measure_value(token)  # '1/2 inch' is '0.5"', '1.0"' is '1 inch'
        found[token] += 1
        if re.fullmatch(r"\d+\.0+", token):  # 'PCIe 5.0' says 'gen 5' too; 'USB 2.0' still is no 'Gen 2'
            found[token.partition(".")[0]] += 1
        elif re.fullmatch(r"1/\d{2,4}", token):  # a '1/35' scale is '1:35' too (hold-out 252)
            found["1:" + token[2:]] += 1
    for match in _BARE_DECIMAL.finditer(text):  # '.100"' is '0.1 inch', a bore '.030 over' is 0.03
        found[_measure_value("0" + match.group(0))] += 1
        if not _measured(text, match.end()):
            found[match.group(0)[1:]] += 1  # and its digits: a '.50 AE' round is a '50 AE' one
    found.update(m.lower() for m in _HEX.findall(text))  # error codes, addresses: 0x80070057
    found.update(_word_numbers(words))
    for match in _PERCENT.finditer(text):  # '5%' is also the 0.05 of 'alpha = 0.05'
        found[_format_number(round(float(match.group(1)) / 100, 6))] += 1
    found.update(_percent_words(words))
    for _ in _SECOND_AFTER_NUMBER.finditer(text):
        if found["2"] > 0:
            found["2"] -= 1
    found = +found  # (counts at zero dropped)
    for match in _SCALED.finditer(text):  # '3 million' is 3000000 (and 3, as in '3M'), as 'three million' is
        found.pop(NUMBER_WORDS[match.group(2).lower()], None)
        found[_format_number(float(match.group(1).replace(",", "")) * int(NUMBER_WORDS[match.group(2).lower()]))] += 1
    # 'one paragraph', 'one week': one of a format, a unit or a period ('which one', 'one of
    # them', 'a one-liner' count nothing)
    found.update(
        "1"
        for m in _ONE_OF.finditer(text)
        if _counted_noun(m.group(1).lower()) and _word_before(text, m.start()) not in _TENS  # 'twenty one days'
    )
    return found


_PLURAL_DIGITS = MappingProxyType(
    {
        f"{w}es" if w.endswith("x") else f"{w}s": NUMBER_WORDS[w]
        for w in ("two", "three", "four", "five", "six", "seven", "eight", "nine")
    }
)
"""'two sixes', 'a pair of fours': the digit named in the plural."""
_TENS = frozenset({"twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"})
_MULTIPLIERS = frozenset({"hundred", "thousand", "million", "billion"})


_ISO_DATE = re.compile(r"(?<![\w.-])\d{4}-\d{1,2}-\d{1,2}(?![\d-])")
_SCIENTIFIC = re.compile(r"(?<![\w.])[-+]?\d+(?:\.\d+)?[eE][-+]?\d+(?![\w.])")
_PERCENT = re.compile(r"(?<![\w.,])(\d+(?:\.\d+)?)\s?%")
_SCALED = re.compile(r"(?i)(?<![\w.,])(\d+(?:\.\d+)?)(?:\s+|-)(hundred|thousand|million|billion)\b")
_SECOND_AFTER_NUMBER = re.compile(r"(?i)\d[\s-]*second\b")
"""'a 60-second expiry': a unit, not the ordinal 'second'."""


_FEET_AND_INCHES = re.compile(r"(?<![\w.])([1-9])\s?(?:ft|feet|foot)\s?(1[01]|[0-9])(?![\w.])")
"""A length in feet and inches written with 'ft' between: '6ft2', '9 ft 6' (a board's length)."""
_SHORT_YEAR = re.compile(r"(?<![\w'\u2019])['\u2019](\d\d)(?=s?\b)(?![^'\u2019\n]*['\u2019](?!\w))")
"""A year by its last two digits after an apostrophe: "'66", "the '60s" (or with a typographic
apostrophe); not a quote's opening mark ("what does '10 ATM' mean")."""


def _full_year(match: re.Match[str]) -> str:
    """The year in full: from '30 on in the 1900s, before that in the 2000s ("'69" -> 1969,
    "'24" -> 2024)."""
    short = int(match.group(1))
    return str(1900 + short if short >= 30 else 2000 + short)


_MINUS = re.compile(r"(?i)\bminus\s+(?=\d)")
_SHORT_YEAR_RANGE = re.compile(r"(?<![\w.-])((?:19|20)\d\d)[-\u2013/](\d\d)(?![\w-]|\.\d)")
"""A span of years with the second cut to its last two digits: '2025-26', 'the 1998/99 season'."""


def _year_span(match: re.Match[str]) -> str:
    """The span with its second year in full, when it comes after the first ('2025-26' ->
    '2025-2026'); a year and a month stay as written ('2024-03', '2024-12')."""
    first, last = match.group(1), match.group(2)
    return f"{first}-{first[:2]}{last}" if int(last) > int(first[2:]) else match.group(0)


_MIXED_NUMBER = re.compile(r"(?<![\w.,/:-])(\d+)(?:\s+|-)([1-9]\d?)/([1-9]\d?)(?![\w/]|[.,:-]\d)")
"""A whole number and a fraction: '4 3/8' (or '2-3/4', as on a bat's barrel; hold-out 246)
is 4.375, with a unit after it or not."""


def _mixed_value(match: re.Match[str]) -> str:
    """A mixed number read as one decimal ('4 3/8' -> '4.375'); two numbers when the fraction
    is not a proper one ('4 8/3')."""
    whole, over, under = (int(g) for g in match.groups())
    if over >= under:
        return match.group(0)
    return _format_number(round(whole + over / under, 6))


_MEASURE_FORM = re.compile(r"^\d+(?:\.\d+|/[1-9]\d?)$")
"""A decimal or a simple fraction, which may be a measure written another way."""
_BARE_DECIMAL = re.compile(r"(?<![\w.])\.\d+(?![\w.])")
_UNIT_AFTER = re.compile(r"\s?(?:[\"\u2033]|-?([A-Za-z]+)\b)")


def _measured(text: str, end: int) -> bool:
    """A number that ends at ``end`` is a measure: a unit or an inch mark follows it."""
    unit = _UNIT_AFTER.match(text, end)
    return unit is not None and (unit.group(1) is None or unit.group(1).lower() in UNITS)


def _measure_value(token: str) -> str:
    """A measure's value however written: '1/2' and '0.50' are '0.5', '1.0' is '1'. Only for a
    number a unit follows: a version ('Python 3.10') or a date ('1/2') keeps its form."""
    if "/" in token:
        over, under = token.split("/")
        return _format_number(round(int(over) / int(under), 6))
    return _format_number(float(token))


def _format_number(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)


def _word_numbers(words: tuple[str, ...]) -> list[str]:
    """Numbers written in words, compounds whole: 'forty-five' is 45 (not 40 and 5), 'twenty
    first' 21, 'two hundred' 200 (and 2, as '2K' says)."""
    found: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        value = NUMBER_WORDS.get(
            word, "1" if word == "one" and i and words[i - 1] in _TENS else _PLURAL_DIGITS.get(word)
        )
        if value is None:
            i += 1
            continue
        following = words[i + 1] if i + 1 < len(words) else ""
        if word in _TENS and (ones := _ones_at(words, i + 1)):
            value, i = str(int(value) + int(ones)), i + 1  # 'forty-five', 'twenty first'
            following = words[i + 1] if i + 1 < len(words) else ""
        if following in _MULTIPLIERS and word not in _MULTIPLIERS:
            found.append(value)  # 'three million' also says the 3 of '3M'
            value, i = str(int(value) * int(NUMBER_WORDS[following])), i + 1  # 'two hundred'
        if words[i] == "hundred" and (rest := _hundreds_rest(words, i)):
            value, i = str(int(value) + int(rest[0])), i + rest[1]  # 'four hundred and fifty' is 450
        if words[i + 1 : i + 4] == ("and", "a", "half"):
            value, i = _format_number(int(value) + 0.5), i + 3  # 'three and a half' is 3.5
        found.append(value)
        i += 1
    found.extend(_HOW_OFTEN[w] for i, w in enumerate(words) if w in _HOW_OFTEN and _says_how_often(words, i))
    return found


_TIMES_IN = re.compile(
    r"(?i)\s*(?:/\s*|(?:a|an|per|each|every)\s+)?(?:day|week|month|year|night|hour|daily|weekly|monthly|yearly|nightly|hourly)\b"
)
"""What follows the 'x' of a count of times in a period: '2x a day', '3x/week', '2x daily'."""
_HOW_OFTEN = MappingProxyType({"once": "1", "twice": "2", "thrice": "3"})
_OFTEN_AFTER = frozenset(
    {"a", "an", "per", "each", "every", "daily", "weekly", "monthly", "yearly", "nightly", "hourly"}
)


def _says_how_often(words: tuple[str, ...], at: int) -> bool:
    """'once a day', 'twice weekly', 'once or twice a week': a count of times in a period, the
    1 or 2 of '1x a day' and '2 times a week' ('once I start', 'twice as long' count nothing),
    or of 'sneezed twice today' / 'about 20 times today' (hold-out 390)."""
    following = words[at + 1 : at + 4]
    if following[:1] == ("or",) and following[1:2] and following[1] in _HOW_OFTEN:
        following = words[at + 3 : at + 4]
    return bool(following) and following[0] in (_ONCE_WITHIN if words[at] == "once" else _TWICE_WITHIN)


_DAYS_SAID = frozenset({"today", "tonight", "yesterday"})
"""Days said as one word that a count of times may be in: 'it happened once today'."""
_ONCE_WITHIN = _OFTEN_AFTER | _DAYS_SAID
_TWICE_WITHIN = _ONCE_WITHIN | {"this", "last", "in", "within", "during", "since", "already", "so", "now", "overnight"}
"""Words after 'twice' or 'thrice' that place the count in a period or a span ('fallen twice
in the last year', 'twice this week'); after 'once' the span words start a clause ('once this
heals'). 'Taxed twice on the same income' says 'double', no count (hold-out 266)."""


def _ones_at(words: tuple[str, ...], at: int) -> str | None:
    """The ones digit (1 to 9) a tens word is followed by at ``at``: the 5 of 'forty-five', the 1
    of 'twenty one' and 'twenty first'."""
    word = words[at] if at < len(words) else ""
    ones = "1" if word in ("one", "first") else NUMBER_WORDS.get(word)
    return ones if ones is not None and len(ones) == 1 and ones != "0" else None


def _hundreds_rest(words: tuple[str, ...], at: int) -> tuple[str, int] | None:
    """After 'hundred' at ``at``, the tens and ones of 'four hundred and fifty', 'two hundred
    (and) sixty-five': their value and how many words on from 'hundred' their last one is."""
    if words[at] != "hundred":
        return None
    start = at + 2 if words[at + 1 : at + 2] == ("and",) else at + 1
    first = words[start] if start < len(words) else ""
    if first in _TENS:
        if ones := _ones_at(words, start + 1):
            return str(int(NUMBER_WORDS[first]) + int(ones)), start + 1 - at
        return NUMBER_WORDS[first], start - at
    value = "1" if first == "one" else NUMBER_WORDS.get(first)
    if value is not None and value.isdigit() and 0 < int(value) < 20 and first not in _ORDINALS:
        return value, start - at
    return None


def _percent_words(words: tuple[str, ...]) -> list[str]:
    """The fractions of percentages said in words: 'eighty-five percent' and 'ten per cent' say
    the 0.85 and 0.1 of '85%' and '10%' (digits before 'percent' need none: '6.5 percent' says
    the 6.5 '6.5%' says)."""
    found = []
    for i, word in enumerate(words):
        if not i or not (word == "percent" or (word == "cent" and words[i - 1] == "per")):
            continue
        end = i if word == "percent" else i - 1
        if end and words[end - 1] in NUMBER_WORDS and (said := _word_numbers(words[max(0, end - 4) : end])):
            found.append(_format_number(round(float(said[-1]) / 100, 6)))
    return found


def _word_before(text: str, end: int) -> str:
    before = text[:end].split()
    return before[-1].lower() if before else ""


_ONE_OF = re.compile(r"(?i)(?<![\w-])one\s+([a-z]+)")


def _counted_noun(word: str) -> bool:
    single = word[:-1] if word.endswith("s") else word
    return any(w in _CATEGORY_OF or w in UNITS or w in _TIME_PERIODS for w in (word, single))


_INCH_IN_COMPOUND = re.compile(
    r"(?<![a-z-])in(?=[·*/-](?:lbf?s?|oz|s|sec|min)(?![a-z]))|(?<=[·*])in(?![a-z])"
    r"|(?<![\w.])\d*[./]\d+\s?in(?=\s+per\s|\.\s+[a-z])"
)
"""'in' as an inch: in a compound unit ('in·lb', 'in-lb', 'oz·in', 'in/s'), or after a
decimal or a fraction before 'per' or as 'in.' ('0.004 in per tooth', 'a 3/4 in. pipe'; not
'takes 15 in per week')."""
_PER_INCH = re.compile(r"(?<![\w/])(?:kj|j|lbf?s?|oz|kn|n|kg|g|kw|kcal|cal|px|dots|lines|threads|teeth)/in(?![a-z])")
"""'in' as an inch after a unit and a slash: '2 kJ/in' (heat input), '50 lb/in', '300 px/in'."""


_SQUARED_LENGTH = r"(ft|m|km|mi|in|cm|mm|yd)"
_SQUARED = (
    rf"(?<![\w]){_SQUARED_LENGTH}\^2(?![\w])"
    rf"|(?:(?<=\d)|(?<=\d\s)|(?<=/)|(?<=/\s)|(?<=\bper\s)|(?<=\bto\s)|(?<=\bin\s)){_SQUARED_LENGTH}2(?![\w])"
)
_AREA = re.compile(
    r"(?<![\w])(?:square|sq\.?)\s+(feet|foot|ft|metres?|meters?|m|kilometres?|kilometers?|km|miles?|mi"
    r"|inch(?:es)?|in|centimetres?|centimeters?|cm|millimetres?|millimeters?|mm|yards?|yd)(?![\w])|" + _SQUARED
)
"""Areas written in two words or with a squared length ('square feet', 'sq. m', 'km²', read as
'km^2', and 'cm2' or 'm2' after a number, a slash or 'per': '75 mg/m2' doses by body surface,
not by the kilogram): their length word is no unit of its own."""
_SQUARED_POWER = re.compile(_SQUARED)
"""A squared length's 2 ('cm^2', 'mg/m2'), which is no number said ('an M2 slot' names one)."""
_AREA_OF = MappingProxyType(
    {
        **dict.fromkeys(("feet", "foot", "ft"), "sq_ft"),
        **dict.fromkeys(("metre", "metres", "meter", "meters", "m"), "sq_m"),
        **dict.fromkeys(("kilometre", "kilometres", "kilometer", "kilometers", "km"), "sq_km"),
        **dict.fromkeys(("mile", "miles", "mi"), "sq_mi"),
        **dict.fromkeys(("inch", "inches", "in"), "sq_in"),
        **dict.fromkeys(("centimetre", "centimetres", "centimeter", "centimeters", "cm"), "sq_cm"),
        **dict.fromkeys(("millimetre", "millimetres", "millimeter", "millimeters", "mm"), "sq_mm"),
        **dict.fromkeys(("yard", "yards", "yd"), "sq_yd"),
    }
)
_PERCENTAGE_POINT = re.compile(r"\bpercentage[\s-]+points?\b|(?<=\d)\s?pp(?:ts?)?\b")
"""A difference of percentages ('2 percentage points', '2pp'): another unit than '2 percent'."""
_BASIS_POINT = re.compile(r"\bbasis[\s-]+points?\b")
"""A hundredth of a percentage point ('cut by 50 basis points'): another unit than '50 percent'."""


_DIVISOR_LETTER = re.compile(r"/\s?([a-z])(?![a-z])")


_TIMES_G = re.compile(r"\d\s*[x\u00d7]\s*g\b")
_SPINNING = re.compile(r"\b(?:centrifug\w*|spin|spun|spinning|pellet\w*|rcf)\b")
_KNOTS = re.compile(
    r"(?<=\d)\s?(?:knots?|kts?|kn)\b|\bnautical miles? (?:per|an|a|/) ?(?:hour|hr)\b|\b(?:in|to|into) (?:knots|kts)\b"
)
"""A speed in knots: after a number ('25 knots', '15 kt'), spelled out ('nautical miles per
hour') or 'in knots' / 'to knots'; not a knot in hair, a rope or a muscle."""
_RPM_SPELLED = re.compile(r"\b(?:revolutions|revs|rotations) (?:per|a|/) ?min(?:ute)?\b")


_COUNTED_ONLY = frozenset({"ton", "tons", "tonne", "tonnes"})
"""Units that are units only after a number ('3 tons'; 'tons of files' is many files)."""
_NUMBER_BEFORE = frozenset(NUMBER_WORDS) | {"half", "quarter"}
"""Words that count such a unit as a number does ('two tons', 'a half-ton hoist')."""


def _unit_tokens(text: str, words: tuple[str, ...]) -> list[str]:
    formats = {p for m in _DATE_FORMAT.findall(text) for p in m.lower().split("/")}
    tokens = [w for w in words if w not in formats]  # 'MM' in 'DD/MM/YYYY' is no millimetre
    # a lone letter is a unit only after a number (found below) or a slash ('mmol/L'): 'w' is
    # 'with', 'v' 'versus'
    divisors = set(_DIVISOR_LETTER.findall(text.lower()))
    tokens = [w for w in tokens if len(w) > 1 or not w.isalpha() or w in divisors]
    # a ton only after a number: 'a ton of sediment' and 'tons of tiny files' say 'a lot'
    tokens = [
        w
        for i, w in enumerate(tokens)
        if w not in _COUNTED_ONLY or (i and (tokens[i - 1][:1].isdigit() or tokens[i - 1] in _NUMBER_BEFORE))
    ]
    tokens += ["basis_point" for _ in _BASIS_POINT.finditer(text.lower())]
    if points := _PERCENTAGE_POINT.findall(text.lower()):
        tokens += ["percentage_point"] * len(points)
        for phrase in points:  # its 'percentage' is no percent of its own
            if phrase.startswith("percentage") and "percentage" in tokens:
                tokens.remove("percentage")
    tokens += [
        "second" if t == "s" else t  # '500 s'; a bare 's' elsewhere is no unit ('U.S.')
        for t in re.findall(r"(?<=\d)\s?([a-z]{1,3}|%|°[cf])(?![a-z])", text.lower())
    ]
    tokens += re.findall(r"[$€£₹¥%]|km/h|°[cf]", text.lower())
    tokens += ["°" + m.group(1).lower() for m in _GLUED_DEGREES.finditer(text)]  # 'to 210C', 'at 350F'
    tokens += ["xg" for _ in _TIMES_G.finditer(text.lower())]  # '5,000 x g': a centrifuge's force, not grams
    if _SPINNING.search(text.lower()):  # '500g' in a centrifuge step is x g, not grams
        tokens = ["xg" if t == "g" else t for t in tokens]
    tokens += ["rpm" for _ in _RPM_SPELLED.finditer(text.lower())]  # 'revolutions per minute'
    tokens += ["knot_speed" for _ in _KNOTS.finditer(text.lower())]  # a speed, not a knot in a rope (review 84)
    # 'in' is a word, but an inch in a compound unit or after a number: 'in·lb', '0.004 in per tooth'
    tokens += ["inch" for _ in _INCH_IN_COMPOUND.finditer(text.lower())]
    tokens += ["inch" for _ in _PER_INCH.finditer(text.lower())]
    for match in _AREA.finditer(text.lower()):  # 'square feet' is an area, not a length in feet
        length = match.group(1) or match.group(2) or match.group(3)
        tokens.append(_AREA_OF[length])
        for _ in range(1 if match.group(1) else 2):  # the word, and '3 km^2' read as '3 km'
            if length in tokens:
                tokens.remove(length)
        if match.group(3) and length + "2" in tokens:
            tokens.remove(length + "2")
    return tokens


_SLASH_RATE = re.compile(r"(?<![\w/])([a-zµ]{1,5})\s?/\s?(" + "|".join(_PER_TIME) + r")(?![\w/])")
_RATE_NAMES = MappingProxyType({"mi/h": "mph", "mile/h": "mph"})
"""Rates with a name of their own: 'mi/h' is said 'mph' (as 'km/h' is 'kph')."""


def _counted_things(word: str) -> bool:
    """A plural noun a rate may count ('requests', 'messages' per second), not 'eat per day'."""
    return len(word) > 3 and word.endswith("s") and not word.endswith("ss") and _is_content(word)


def _rate_units(text: str, words: tuple[str, ...]) -> frozenset[str]:
    """Rates of a unit per time, however written: 'km/s' and 'kilometres per second' are both
    'km/s', another unit than 'km/h' (whose 'km' alone both sides share)."""
    rates = set()
    for unit, per in _SLASH_RATE.findall(text.lower()):
        if unit in UNITS:
            rates.add(f"{UNITS[unit]}/{_PER_TIME[per]}")
        elif len(unit) > 1:  # 'req/s', 'ops/min': a count per time, whatever is counted
            rates.add(f"*/{_PER_TIME[per]}")
    for unit, per, time in zip(words, words[1:], words[2:], strict=False):
        if per == "per" and _singular(time) in _PER_TIME and (unit in UNITS or _counted_things(unit)):
            rates.add(f"{UNITS.get(unit, '*')}/{_PER_TIME[_singular(time)]}")  # ('requests per second': '*/s')
    for i, word in enumerate(words):  # 'a daily unique user count' counts users per day
        if word not in _PERIODIC:
            continue
        # one noun phrase: not 'annual leave are workers'
        counted = list(takewhile(_is_content, words[i + 1 : i + 4]))
        unit = next((w for w in counted if w in UNITS and w.endswith("s")), None)  # 'daily calories': per day
        if unit is not None:
            rates.add(f"{UNITS[unit]}/{_PERIODIC[word]}")
        elif any(w in ("count", "counts") or _counted_things(w) for w in counted):
            rates.add(f"*/{_PERIODIC[word]}")
    return frozenset(_RATE_NAMES.get(rate, UNITS.get(rate, rate)) for rate in rates)


_NUMBER_UNIT = re.compile(r"(?<![\w.,])(\d+(?:\.\d+)?)[ -]?([a-z]+(?:/[a-z]+)?|%)(?![\w/])")
"""A number and the unit written right after it ('24px', '24 pt', '16-pixel', '25 km/h')."""


_PER_TIME_AFTER = re.compile(r"\s+(?:per|an|a)\s+([a-z]+)")


def _number_units(text: str) -> frozenset[tuple[str, str]]:
    """Each number with the unit written right after it, a rate when 'per' and a time follow:
    '50 miles per hour' is 50 mph, '150 feet per minute' is 150 fpm (hold-out 165), as the
    rate's own name says it."""
    found = set()
    for match in _NUMBER_UNIT.finditer(text):
        if match[2] in _GLUED_MEASURES:
            found.add((match[1], match[2]))  # '15ppb' / '15 ppm' (review 105)
            continue
        if match[2] not in UNITS:
            continue
        unit = UNITS[match[2]]
        per = _PER_TIME_AFTER.match(text, match.end())
        if per and _singular(per[1]) in _PER_TIME:
            rate = f"{unit}/{_PER_TIME[_singular(per[1])]}"
            unit = _RATE_NAMES.get(rate, UNITS.get(rate, unit))  # ('4% per year' is 4%)
        found.add((match[1], unit))
    return frozenset(found)


_HYPHEN_COUNT = re.compile(r"(?<![\w.,/-])(\d+)-([a-z]{2,})\b(?!-)")
_DATE_FIELD = r"(?:d{1,2}|m{1,3}|y{2,4}|day|month|year)"
_DATE_FORMAT = re.compile(rf"(?i)\b{_DATE_FIELD}(?:[/.-]{_DATE_FIELD}){{2}}\b")
"""A date format written out: 'DD/MM/YYYY', 'YYYY-MM-DD', 'day/month/year'."""


def _date_orders_in(signature: str) -> tuple[str, ...]:
    """The order of the fields of each date format written out: 'DD/MM/YYYY' and
    'day/month/year' -> 'dmy', 'MM-DD-YY' -> 'mdy' (sizes aside: '1' vs '01' is the verifier's)."""
    return tuple(
        "".join(field[0] for field in re.split(r"[/.-]", match.group(0))) for match in _DATE_FORMAT.finditer(signature)
    )


_AGE = re.compile(r"[\s-]*old\b")
_PARENTHESISED_LETTER = re.compile(r"(\d+(?:\.\d+)*)\(([A-Za-z])\)(?=(\d)?)")
"""'401(k)' is '401k', '501(c)3' is '501c3'; after a section number with a dot, a number
glued after it is a number of its own ('150.1(c)14' says '150.1c' and '14', not '150')."""


def _lettered(match: re.Match[str]) -> str:
    """See :data:`_PARENTHESISED_LETTER`."""
    number, letter, glued = match.groups()
    return number + letter + (" " if glued and "." in number else "")


_LETTER_DOT_NUMBER = re.compile(r"(?<![\w.])([A-Za-z])\.(?=\d+[A-Za-z])")
"""A letter, a dot and a number with letters after it ('c.35G>A', a variant's position and
base): one code, read as 'c35G' so that its number is compared."""


_HUNDREDS_BEFORE = re.compile(r"\b(a|one|two|three|four|five|six|seven|eight|nine)\s+hundred(?:\s+and)?\s+$")
"""The hundreds said before a counted unit's tens: 'four hundred and (fifty sq in)'."""
_TIMES_BEFORE = re.compile(r"\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|fifty)\s+$")
"""The cardinal before a counted 'hundred' or 'thousand': 'five (hundred gallons)'."""


def _quantities(text: str) -> tuple[tuple[tuple[str, float], ...], Counter[str], frozenset[str]]:
    """Measures with a unit that has a scale, and the numbers (counted) and units they use."""
    lowered = _AND_A_HALF_BEFORE.sub(_half_more, text.lower())  # 'two and a half hours' is '2.5 hours'
    found: list[tuple[str, float]] = []
    numbers: Counter[str] = Counter()
    units: set[str] = set()
    matches = list(_QUANTITY.finditer(lowered))
    for match in matches:
        count, unit = match.groups()
        if unit in _PERIOD_ADJECTIVES and count[0].isdigit():
            continue  # '$3,000 monthly' is a rate, not 3,000 months
        count = count.replace(",", "") if count[0].isdigit() else count  # '1,500 sq ft' is 1500
        dimension, size = _SCALES[UNITS[unit]]
        if UNITS[unit] == "year" and count not in ("a", "an", "one") and _AGE.match(lowered, match.end()):
            continue  # '42-year-old', '42 years old': an age, the number the other side may give alone
        count = _word_numbers(tuple(count.replace("-", " ").split()))[0] if " " in count or "-" in count else count
        if "/" in count:  # '1/2 cup' is half a cup, not 2 cups
            numerator, denominator = count.split("/")
            count = f"{int(numerator) / max(int(denominator), 1):g}"
        value = float(_CARDINALS.get(count, count)) if count[0].isdigit() or count in _CARDINALS else 1.0
        hundreds = _HUNDREDS_BEFORE.search(lowered, max(match.start() - 24, 0), match.start())
        if hundreds and not count[0].isdigit() and value < 100:  # 'four hundred and fifty sq in' is 450
            value += 100 * float(_CARDINALS.get(hundreds.group(1), "1"))
            count = _format_number(value)
        elif count in ("hundred", "thousand") and (times := _TIMES_BEFORE.search(lowered, 0, match.start())):
            value *= float(_CARDINALS[times.group(1)])  # 'five hundred gallons' is 500, not 100
            count = _format_number(value)
        before = lowered[max(match.start() - 20, 0) : match.start()].rstrip().removesuffix(" of")  # 'a quarter of an'
        fraction = count if count in ("half", "quarter") else before  # 'a quarter acre', 'a quarter of an acre'
        value *= 0.5 if fraction.endswith("half") else 0.25 if fraction.endswith("quarter") else 1.0
        value += 0.5 if _AND_A_HALF_AFTER.match(lowered, match.end()) else 0.0  # 'a minute and a half'
        found.append((dimension, value * size))
        units.add(UNITS[unit])
        if count in _CARDINALS or count[0].isdigit():
            numbers[_CARDINALS.get(count, count)] += 1
        if (rate := _RATE_AFTER.match(lowered, match.end())) and (per := _PERIOD_UNITS.get(rate[1])):
            found.append(_SCALES[per])  # '60 minutes daily' is '60 minutes a day' (hold-out 466)
            units.add(per)
    counted = {match.span(2) for match in matches}
    for match in _LONG_UNIT.finditer(lowered):
        if match.span(1) not in counted:  # 'a week-long trip' was counted as 'a week'
            found.append(_SCALES[UNITS[match.group(1)]])
            units.add(UNITS[match.group(1)])
    return tuple(sorted(set(found))), numbers, frozenset(units)  # ('the past week (7 days)' says one span)


_AND_A_HALF_AFTER = re.compile(r"\s+and\s+a\s+half\b")
_AND_A_HALF_BEFORE = re.compile(
    rf"(?<![\w.])(\d+|{'|'.join(sorted(_CARDINALS, key=len, reverse=True))})\s+and\s+a\s+half\b"
)


def _half_more(match: re.Match[str]) -> str:
    return f"{_CARDINALS.get(match.group(1), match.group(1))}.5"


def _ranks(words: tuple[str, ...]) -> frozenset[str]:
    """Rank of each superlative with a determiner or an ordinal before it ('the tallest' is
    rank 1, 'the second tallest' rank 2); 'the 3 largest' (a count) is left to the numbers."""
    ranks = set()
    for i, word in enumerate(words[1:], start=1):
        if not _is_superlative(word):
            continue
        before = words[i - 1]
        if before in _ORDINALS:
            ranks.add(_ORDINALS[before])
        elif re.fullmatch(r"\d+(?:st|nd|rd|th)", before):
            ranks.add(before[:-2])
        elif before in _DETERMINERS or before.endswith("'s"):
            ranks.add("1")
    return frozenset(ranks)


def _is_superlative(word: str) -> bool:
    if word in _SUPERLATIVE_WORDS:
        return True
    return len(word) >= 6 and word.endswith("est") and word.isalpha() and word not in _NOT_SUPERLATIVE


def _operator_facts(text: str) -> dict[str, Any]:
    """Operators, and their order around directional words (read with each operator as a word)."""
    operators = {m.group(1) or m.group(2) for m in _OPERATOR.finditer(text)}
    if not operators:
        return {"operators": frozenset(), "operator_pairs": frozenset()}
    names = {f"zzop{i}": op for i, op in enumerate(sorted(operators))}
    placeholder = {op: name for name, op in names.items()}
    spelled = _OPERATOR.sub(lambda m: f" {placeholder[m.group(1) or m.group(2)]} ", text)
    words = tuple(_normalise_word(w) for w in _WORD.findall(spelled))
    pairs = {(names[x], names[y], marker) for x, y, marker in _directed_pairs(words) if x in names and y in names}
    return {"operators": frozenset(operators), "operator_pairs": frozenset(pairs)}


_PERIOD_ADJECTIVES = MappingProxyType(
    {"daily": "day", "weekly": "week", "biweekly": "2 weeks", "fortnightly": "2 weeks", "fortnight": "2 weeks",
     "monthly": "month", "quarterly": "quarter", "quarter": "quarter", "yearly": "year", "annual": "year"}
)  # fmt: skip


_PERIODIC = MappingProxyType(
    {adjective: _PER_TIME[p] for adjective, p in {**_PERIOD_ADJECTIVES, "hourly": "hour"}.items() if p in _PER_TIME}
)
"""Adjectives of a period before a count ('daily active users'): a count per that period
(`_PERIOD_ADJECTIVES`' one-unit periods, and 'hourly')."""
_PERIOD_UNITS = MappingProxyType(
    {
        rate: period
        for rate, period in {**_PERIOD_ADJECTIVES, "hourly": "hour"}.items()
        if period in _SCALES and rate.endswith("ly")
    }
)
"""The one period a rate word after a measure names: '60 minutes daily' is 60 minutes a day
(the '-ly' words of :data:`_PERIOD_ADJECTIVES` whose period has a scale; 'annual' goes before
its noun)."""
_RATE_AFTER = re.compile(rf"\s+({'|'.join(_PERIOD_UNITS)})\b")


_CHANGE_VERBS = frozenset(
    {
        "increase",
        "decrease",
        "raise",
        "lower",
        "reduce",
        "cut",
        "grow",
        "drop",
        "boost",
        "bump",
        "scale",
        "shrink",
        "change",
        "adjust",
        "set",
        "round",
        "discount",
        "mark",
    }
)


_AMOUNT_AFTER_BY_TO = re.compile(r"\b(?:by|to) [$\u20ac\u00a3]?\d")


def _change_kinds(signature: str) -> Mapping[str, str]:
    """Change verb -> 'by' or 'to', when at most three words after the verb the preposition
    comes right before an amount ('raise it by $5', 'reduced the size to 12px')."""
    found: dict[str, str] = {}
    if not _AMOUNT_AFTER_BY_TO.search(signature):
        return MappingProxyType(found)  # most texts: no 'by' or 'to' before an amount
    tokens = signature.split()
    for i, token in enumerate(tokens):
        verb = next((base for base in _verb_bases(token) if base in _CHANGE_VERBS), None)
        if verb is None:
            continue
        for j in range(i + 1, min(i + 5, len(tokens) - 1)):
            if tokens[j] in ("by", "to") and tokens[j + 1].lstrip("$\u20ac\u00a3")[:1].isdigit():
                found[verb] = tokens[j]
                break
    return MappingProxyType(found)


def _verb_bases(token: str) -> tuple[str, ...]:
    word = token.strip(".,;:!?")
    bases = [word]
    for suffix in ("ing", "ed", "es", "s", "d"):
        if word.endswith(suffix) and len(word) > len(suffix) + 2:
            bases += [word[: -len(suffix)], word[: -len(suffix)] + "e"]
    return tuple(bases)


_NUMBERED_TOKEN = re.compile(r"(?<![\w.])[a-z]*_?\d+[a-z\d]*(?!\w|\.\w)")


def _times(words: tuple[str, ...]) -> frozenset[tuple[str, int]]:
    """Periods placed relative to now: a relation word, at most two words ('few', a number),
    then a period ('last year', 'the next 3 months', 'this past week' -> past)."""
    found = set()
    for i, word in enumerate(words):
        if _owner(word) in _TIME_WORDS:  # "yesterday's sales"
            found.add(_TIME_WORDS[_owner(word)])
            continue
        relation = _TIME_RELATIONS.get(word)
        if relation is None or (i + 1 < len(words) and words[i + 1] in _TIME_RELATIONS):
            continue
        for following in words[i + 1 : i + 4]:
            following = _owner(following)  # "last week's sales"
            period = following[:-1] if following.endswith("s") and following[:-1] in _TIME_PERIODS else following
            if period in _TIME_PERIODS:
                found.add((period, relation))
                break
            if following in _TIME_RELATIONS or (_is_content(following) and not _counts(following)):
                break
    return frozenset(found)
