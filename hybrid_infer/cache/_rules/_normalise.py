"""Rewrites applied to a text before it is read, so two ways of saying one thing read the same:
typography and accents, 'free of charge', 'half an hour', data rates, decades, roman numerals,
'3:1' as '3 to 1'. The signature (the text's characters, for layout checks) is taken here too."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from types import MappingProxyType

from hybrid_infer.cache._rules._vocabulary import _CARDINALS, _DETERMINERS, STOPWORDS
from hybrid_infer.cache._rules._words import _CALENDAR

_NAMED_NO = re.compile(r"(?i)(?<![\w-])(?:no|non|not)-(?=[a-z])[\w-]*\w")
"""A hyphenated name that starts with a negating word: the ESLint rule 'no-unused-vars'."""


_TYPOGRAPHY = str.maketrans(
    {
        **{
            sup: f"^{digit}" for digit, sup in enumerate("\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079")
        },
        "\u2212": "-",
        "\u2030": " per mille",  # '0.08\u2030' is no '0.08%' (hold-out 219)
        "\u2126": " ohm",  # the ohm sign
        "\u03a9": " ohm",  # the Greek capital omega typed for it ('8\u03a9 speakers'; hold-out 212)
        **{
            fraction: f" {value}"
            for fraction, value in zip(
                "\u00bd\u2153\u2154\u00bc\u00be\u2155\u2156\u2157\u2158\u2159\u215a\u215b\u215c\u215d\u215e",
                [
                    "1/2",
                    "1/3",
                    "2/3",
                    "1/4",
                    "3/4",
                    "1/5",
                    "2/5",
                    "3/5",
                    "4/5",
                    "1/6",
                    "5/6",
                    "1/8",
                    "3/8",
                    "5/8",
                    "7/8",
                ],
                strict=True,
            )
        },
    }
)
"""Math typed with typography, as typed without: 'x' with a superscript 2 is 'x^2', a minus
sign is '-', '59\u00bd' is '59 1/2', '8\u03a9' is '8 ohm'."""
_MICRO = re.compile(r"[\u00b5\u03bc](?=(?:g|mol)\b)", re.IGNORECASE)
"""The micro sign (or a Greek mu typed for it) before grams or moles, as typed without it:
'\u00b5mol/L' is 'umol/L', '\u00b5g' 'ug' (hold-out 321). ('\u00b5s' is read as it stands: 'us'
is a word.)"""
_ACCENTED = re.compile(r"[\u00c0-\u024f]")


def _unaccented(match: re.Match[str]) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", match.group()) if not unicodedata.combining(c))


_NOT_BOTHER = re.compile(
    r"(?i)\b((?:\w+n['\u2019]t|not|never)(?:\s+(?:i|you|we|they|he|she))?)\s+bother(?:ing)?\s+(?:to\s+)?"
)
"""'shouldn't I bother buying' says 'shouldn't I buy': the negation reaches the next verb."""
_LEAVE_OUT_FIRST = re.compile(
    r"(?i)\bleav(?:e|es|ing)\s+(?:out|off)\s+(?=(?:the|a|an|my|your|its|this|that|these|those|any|all)\b|[`'\"-])"
)
"""'leave off the -t', 'leave out the details': exclude them."""
_LEFT_OUT_OF = re.compile(
    r"(?i)\b(?:left|leave|leaves|leaving)\s+(?:out|off)\s+of\b"
    r"(?!\s+(?:the\s+|a\s+|an\s+|my\s+|your\s+)?(?:fridge|refrigerator|freezer|cooler|oven|sun|water|heat|car|house))"
)
"""'which items should be left out of the study', 'leave off of the list': excluded from it
(not 'left out of the fridge': sitting out; review 96)."""
_OFF_LIMITS = re.compile(r"(?i)\boff[\s-]+(?:limits|the\s+menu)\b")
"""'off-limits' and 'off the menu' are 'forbidden' ('why licorice is off-limits' / 'told to
avoid licorice'; hold-outs 340 and 351)."""
_LEAVE_OUT = re.compile(
    r"(?i)\bleav(?:e|es|ing)\s+((?:[\w'-]+\s+){0,3}?)out\b(?=\s*(?:[.?!,;:]|$)|\s+(?:of|and|but|so)\b)"
)
"""'leave X out' is 'exclude X' ('stage everything but leave untracked files out'); not when
a place follows ('leave the butter out on the counter')."""
_HALF_HOUR = re.compile(
    r"(?i)(?<!and a )(?<!and-a-)\b(?:(half)[- ](?:an?[- ])?|(?:a[- ])?(quarter)[- ](?:of[- ]an?[- ])?)hour\b"
)
"""'half an hour', 'a half-hour', 'a quarter of an hour': 30 and 15 minutes, as the other
side may count them ('a 30-minute workout' / 'a half-hour routine')."""


def _in_minutes(match: re.Match[str]) -> str:
    return "30 minutes" if match.group(1) else "15 minutes"


_WITHOUT_DOING = re.compile(
    r"(?i)\bwithout\s+(?:giving|using|adding|providing|having|making|mentioning|listing|taking|riding|buying)"
    r"(?:\s+(?:any|a|an|the))?\s+(?=\w)"
)
"""'without giving any examples' says what 'without examples' says: the negation is of the
examples (which the other side may include), not of a verb no side shares ('reach without
taking the tram' / 'reach by tram')."""
_WITHOUT = re.compile(r"(?<![\w/])w/o(?![\w/])", re.IGNORECASE)
"""'w/o' typed for 'without' (a negation: 'with a penalty' / 'w/o penalty')."""


def _fold_accents(text: str) -> str:
    """'El Ni\u00f1o' is 'El Nino', 'caf\u00e9' is 'cafe': people type names and loanwords
    with and without their accents (only Latin letters lose them)."""
    return _ACCENTED.sub(_unaccented, text)


def _signature(text: str) -> str:
    """What identical wording means: case, inner spacing and a sentence's end punctuation do
    not count; where text has several lines (code, YAML, a Makefile) line breaks and each
    line's indentation do, and so does a '!' after a number ('10!' is a factorial)."""
    lines = [line.rstrip() for line in text.casefold().strip().splitlines() if line.strip()]
    kept = "\n".join(line[: len(line) - len(line.lstrip())] + " ".join(line.split()) for line in lines)
    factorial = kept.rstrip("?. ").endswith("!") and kept.rstrip("?.! ")[-1:].isdigit()
    return kept.rstrip("?. ") if factorial else kept.rstrip("?.! ")


_WIFI = re.compile(r"(?i)\bwi[- ]?fi\b")
"""'Wi-Fi', 'Wi Fi', 'wifi': one spelling for every rule ('Wi-Fi Direct' / 'WiFi' still differ)."""
_UPSIDE_DOWN = re.compile(r"(?i)\b(upside|belly|rightside)[- ](down|up)\b")
_IMPERIAL_MEASURE = re.compile(
    r"(?i)\b(?:imperial|imp\.?|uk|british)\s+(gallons?|gal|quarts?|qt|pints?|pt|fl\.?\s*oz|fluid\s+ounces?)\b"
    r"|\b(gallons?|gal|quarts?|qt|pints?|pt|fl\.?\s*oz|fluid\s+ounces?)\s*\((?:imperial|imp\.?|uk)\)"
)
"""An imperial gallon (4.546 l) is another unit than a US one: 'convert 25,000 US gallons' /
'25,000 imperial gallons' (hold-out 174); so are its quart, pint and fluid ounce ('1.7 fl oz
(US)' / '1.7 fl oz (imperial)'; hold-out 260)."""
_IMPERIAL_NAMES = MappingProxyType({"g": "gallons", "q": "quarts", "p": "pints", "f": "floz"})


def _imperial_measure(match: re.Match[str]) -> str:
    """'imperial pints' -> 'imperialpints', 'fl oz (imperial)' -> 'imperialfloz'."""
    unit = (match.group(1) or match.group(2)).lower()
    return "imperial" + _IMPERIAL_NAMES[unit[0]]


_SPELLED_NOTE = re.compile(r"(?<![\w-])(?:([A-Ga-g])-|([B-G]) )(flat|sharp)\b")
"""A note with its accidental spelled out: 'B-flat' is 'Bb', 'F sharp' is 'F#' (hold-out 455;
not 'a flat tire', the space form takes a capital other than A)."""


def _note(match: re.Match[str]) -> str:
    return (match[1] or match[2]).upper() + ("b" if match[3] == "flat" else "#")


_NUMERATORS = MappingProxyType(
    {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "nine": 9, "eleven": 11}
    | {"thirteen": 13, "fifteen": 15}
)
_DENOMINATORS = MappingProxyType(
    {"half": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4, "fourth": 4, "fourths": 4, "fifth": 5}
    | {"fifths": 5, "eighth": 8, "eighths": 8, "sixteenth": 16, "sixteenths": 16}
)
_SPELLED_FRACTION = re.compile(
    rf"(?i)\b({'|'.join(_NUMERATORS)})[- ]({'|'.join(_DENOMINATORS)})\b(?![- ](?:of|century|centuries|note|notes)\b)"
)
"""A fraction in words: 'three-quarter-inch tiles' are '3/4-inch tiles', 'a three-eighths-inch
gap' a 3/8-inch one (hold-out 459); not 'three quarters of' (a share, read with its unit) nor
'one sixteenth note' (a note value)."""


def _fraction(match: re.Match[str]) -> str:
    return f"{_NUMERATORS[match[1].lower()]}/{_DENOMINATORS[match[2].lower()]}"


_NEVER_DONE_IT = re.compile(
    r"(?i)(?:(?<=[.?!])\s+(?:i'?ve\s+|i\s+have\s+)?never\s+(?:done|used|tried|played|made|read|worked)"
    r"(?:\s+(?:one|it|this|that|them|these|those))?(?:\s+before)?\s*[.!]*\s*$"
    r"|,?\s+and\s+(?:i'?ve|i\s+have)\s+never\s+[a-z]+ed(?:\s+before)?(?=\s*[.!]))"
)
"""A remark that the asker has never done it, closing the prompt ('can you walk me through
working a tally? Never done one.', 'I've never used it.'; hold-outs 475, 478) or joined to a
statement ('I'm 67 and I've never juggled.'): what they are new to, not a question turned to
the negative, so the negation rule does not read it."""
_SPELLED_METER = re.compile(
    r"(?i)\b(two|three|four|five|six|seven|nine|twelve)[- ](two|four|eight|sixteen)[- ](?:time|meter|metre)\b"
)
"""A time signature in words: 'twelve-eight meter' is '12/8 time', 'four four time' '4/4 time'
(hold-out 477); 'meter' here is no length."""


def _meter(match: re.Match[str]) -> str:
    return f"{_CARDINALS[match[1].lower()]}/{_CARDINALS[match[2].lower()]} time"


_WHEEL_SIZE = re.compile(r"\b(\d{2})ers?\b")
"""A wheel named by its size ('a 36er' is a 36-inch unicycle, 'my 29er' a 29-inch bike; hold-out
474), read as the size alone: 'a 36er' / 'a 36 inch unicycle' agree, 'a 36er' / 'a 29er' do not."""


_RIGHT_SIDE = re.compile(r"(?i)\bright[- ]side(?=[- ]up\b)")
"""'upside down', 'belly up' and 'right side up' are one word each: 'floating upside down' /
'flipping belly-up' say the same (hold-out 169), 'upside down' opposes 'right side up' and
'upright' (the vocabulary's antonyms), not any 'up' ('hung up to dry'; review 106)."""
_SWITCHED = re.compile(r"(?i)\bswitch(?:ed|es|ing)? (on|off)\b")
"""'switch off the LED' says 'turn off the LED' (the verb alone does not: 'switch' / 'turn a
mattress' differ)."""
_DECLINING = re.compile(
    r"(?i)\b(declin(?:e|es|ed|ing))(\s+(?:a|an|the|to|this|that|these|those|my|our|your|their|his|her|every|all|any)\b)"
)
"""'decline the invite' says 'refuse the invite' (against 'accept', 'agree', 'approve');
'stocks decline after the approval' is going down, no refusal."""
_REFUSED = MappingProxyType(
    {"decline": "refuse", "declines": "refuses", "declined": "refused", "declining": "refusing"}
)
_IN_PLACE_OF = re.compile(r"(?i)\bin (?:place|lieu) of\b")
"""'in place of butter' says what 'instead of butter' says."""
_FREE_OF_THING = re.compile(r"(?i)\b(\w+\s+)?(?:free|devoid) of\b")
"""'free of peanuts' says 'without peanuts' (as 'peanut-free' does); 'break free of' and 'get
free of' a habit or a debt say overcoming it (see ``_RELEASING``)."""
_RELEASING = frozenset({"break", "breaks", "broke", "breaking", "set", "get", "gets", "got", "become", "became"})


def _free_of_thing(match: re.Match[str]) -> str:
    before = match.group(1) or ""
    return match.group(0) if before.strip().lower() in _RELEASING else f"{before}without"


_NOTHING_BUT = re.compile(r"(?i)\b(?:nothing|none) but\b")
"""'nothing but flour' says 'only flour': no negation."""


_FREE_OF = re.compile(r"(?i)\b(ads?|[a-z]{3,})[- ]free\b(?!\s+of\b)")
_NOT_FREE_OF = frozenset(
    {
        "feel",
        "set",
        "break",
        "for",
        "are",
        "was",
        "were",
        "totally",
        "completely",
        "entirely",
        "fully",
        "stay",
        "run",
        "get",
        "keep",
        "its",
        "it's",
        "and",
        "the",
        "not",
        "you",
        "them",
        "him",
        "her",
        "out",
        "walk",
        # adverbs say how often or how much, not what is left out: 'usually free to attend' (hold-out 442)
        *("usually", "always", "often", "generally", "typically", "normally", "also", "still", "really"),
        # verbs of giving and having: 'brands that include free breakfast' (hold-out 258)
        *("include", "includes", "included", "including", "offer", "offers", "offered", "offering", "with"),
        *("gets", "got", "getting", "give", "gives", "giving", "provide", "provides", "have", "has", "had"),
        *("earn", "earns", "receive", "receives", "enjoy", "any", "some", "unlimited", "your", "our", "their", "his"),
    }
)


_LETTERED_SIZE = re.compile(r"(?<![\w.])([A-Za-z]{1,2}\d+(?:\.\d+)?)[x\u00d7](\d+(?:\.\d+)?)(?![\w.])")
"""A size after a letter, glued ('M8x1.25', a thread): said as 'M8 x 1.25' too."""
_TO_ONE = re.compile(r"(?<![\w.,/:])(\d+):1\b(?![.,/:]?\d)")
"""A ratio to one in figures, read as said: 'a 3:1 SWR' is 'a 3 to 1 SWR' (hold-out 168); the
words stay as they are ('a 3 to 1 lead', 'a countdown of 10 to 1')."""
_LETTERED_NUMBER = re.compile(r"(?<![\w-])([A-Za-z]*[A-Z][A-Za-z]*)-(\d+(?:\.\d+)?)(?![\w-]|\.\d)")
"""A capitalised name and its number, hyphenated: 'W-2', 'F-150', 'GPT-4', 'COVID-19'."""


_ROMAN_VALUES = MappingProxyType(
    {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9, "X": 10, "XI": 11, "XII": 12}
)
_ROMAN_AFTER_NAME = re.compile(
    r"(?<![\w.])([A-Za-z][A-Za-z]+)(\.?[ \t]+)(XI{0,2}|IX|VI{0,3}|IV|I{1,3})(?![\w'\u2019-])"
)
_ROMAN_LISTED = re.compile(
    r"(?<=\d)(\s+(?:and|or|to|through|vs\.?|&)\s+|,\s*|/|-)(XI{0,2}|IX|VI{0,3}|IV|I{1,3})(?![\w'\u2019-])"
)
_NAME_SHORT_FOR = MappingProxyType(
    {"sec": "Section", "sect": "Section", "art": "Article", "ch": "Chapter", "pt": "Part", "vol": "Volume"}
)
"""Short names written before a number ('Sec. IX' is 'Section 9')."""
_NUMBERED_NAMES = frozenset(
    {"type", "phase", "appendix", "schedule", "title", "class", "stage", "grade", "level", "war", "part", "chapter"}
    | {"article", "section", "tier", "category", "volume", "book", "act", "division", "zone", "mark", "annex"}
    | {"episode", "season"}
    | set(_NAME_SHORT_FOR)
)
"""Nouns a Roman numeral after them numbers ('Appendix I', 'Type II', 'World War I'), even
a lone 'I', which elsewhere is the asker."""


def _roman_numerals(text: str) -> str:
    """Roman numerals that number a name, as digits: 'CITES Appendix I' / 'Appendix II' differ
    as 1 and 2 do (hold-out 154), 'Type I' is 'Type 1', 'Henry VIII' is 'Henry 8'. A lone
    'I', 'V' or 'X' counts only after a noun that takes a number ('can I' is the asker, 'Model
    X', 'Pikachu V' and 'Mega Man X' are names; see :func:`_lone_numeral_against`), and
    nothing after the first word of a sentence ('Give IV fluids')."""

    def numbered(match: re.Match[str]) -> str:
        name, numeral = match.group(1), match.group(3)
        listed = name.lower() in _NUMBERED_NAMES
        if not listed and (len(numeral) == 1 or _sentence_start(text, match.start()) or "." in match.group(2)):
            return match.group()
        if name[0].islower() and (not listed or (numeral == "I" and _asker_acts(text, match.end()))):
            return match.group()  # 'a class I mutation' is class 1, 'which class I should take' the asker's
        return f"{_NAME_SHORT_FOR.get(name.lower(), name)} {_ROMAN_VALUES[numeral]}"

    converted = _ROMAN_AFTER_NAME.sub(numbered, text)
    if converted == text:
        return text
    return _ROMAN_LISTED.sub(lambda m: f"{m.group(1)}{_ROMAN_VALUES[m.group(2)]}", converted)


_NEXT_WORD = re.compile(r"[ \t]+([A-Za-z]+)")
_ASKER_VERBS = frozenset(
    {"am", "was", "have", "had", "should", "could", "would", "can", "will", "must", "might", "may", "do", "did"}
    | {"need", "want", "like", "get", "got", "take", "use", "pick", "choose", "buy", "play", "think", "see", "go"}
    | {"fit", "belong", "fall", "qualify", "count", "start", "begin", "learn", "teach", "know", "mean", "read"}
)


def _asker_acts(text: str, at: int) -> bool:
    """A lower-case verb right after the 'I' that ends at ``at``: the asker's 'I' of 'which
    class I should take' or 'the grade I got', not a numeral."""
    following = _NEXT_WORD.match(text, at)
    if following is None:
        return False
    word = following.group(1)
    return word.islower() and (word in _ASKER_VERBS or word.endswith("ed"))


def _sentence_start(text: str, at: int) -> bool:
    before = text[:at].rstrip()
    return not before or before[-1] in ".?!:;\n\"'("


_SLASHED_RUN = re.compile(r"(?<![\w/])\d{1,3}(?:/\d{1,3}){2,}(?![\w/])")


def _dashed_run(match: re.Match[str]) -> str:
    """'a 30/60/90 day plan' is 'a 30-60-90 day plan', 'the 50/30/20 rule' the '50-30-20'
    one: three or more round numbers (multiples of 5 from 10) joined by slashes are a run,
    not a division ('1/2/3' is left alone, as is a date such as '3/14/24')."""
    parts = [int(p) for p in match.group(0).split("/")]
    round_numbers = all(p >= 10 and p % 5 == 0 for p in parts)
    return match.group(0).replace("/", "-") if round_numbers else match.group(0)


_DECADE = re.compile(
    r"(?i)(?:(?<=from the )|(?<=of the )|(?<=during the )|(?<=since the )|(?<=like in )|(?<=\ban )|(?<=\ba )"
    r"|(?<![\w'])'(?=\d))"
    r"'?([5-9]0)s\b|(?<![\w'])([5-9]0)s(?= (?:music|songs?|hits|style|fashion|movies|films|rock|pop|bands?|era|tv))"
)
"""A decade in two digits: 'music from the 80s', "the '90s", '80s songs', 'a 90s Bally' are the
1900s (hold-out 458). Not 'in the 90s' (degrees, a heart rate) nor 'in her 80s' (an age)."""


_DECADES_JOINED = (
    re.compile(r"(?i)(19[5-9]0s\s*(?:,|and|or|&|/|to)\s*)'?([5-9]0)s\b"),
    re.compile(r"(?i)(?<![\w'])'?([5-9]0)s(\s*(?:,|and|or|&|/|to)\s*19[5-9]0s)"),
)


_COUNTED_DECADES = re.compile(r"(?i)\b(a|one|two|three|four|five)\s+decades?\b")
"""A counted span of decades: 'within a decade' is 'within 10 years' (hold-out 371)."""
_DECADE_COUNTS = MappingProxyType({"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5})


def _years_of_decades(match: re.Match[str]) -> str:
    """See :data:`_COUNTED_DECADES`."""
    return f"{10 * _DECADE_COUNTS[match.group(1).lower()]} years"


def _decades(text: str) -> str:
    """'the 80s' is 'the 1980s' (:data:`_DECADE`), and so is a decade joined to one
    ('from the 80s and 90s', '80s and 90s music')."""
    text = _DECADE.sub(lambda m: f"19{m.group(1) or m.group(2)}s", text)
    if "19" not in text:
        return text
    after, before = _DECADES_JOINED
    for _ in range(3):  # (a run of three: '70s, 80s and 90s')
        text = before.sub(r"19\1s\2", after.sub(r"\g<1>19\2s", text))
    return text


_MIL_LENGTH = re.compile(
    r"(?i)\b(\d+(?:\.\d+)?)[- ]?mil(?=\s+(?:traces?|tracks?|clearance|spacing|thick|thickness|width|wide|"
    r"films?|plastic|sheeting|sheets?|coating|gap|lines?|vapou?r)\b)"
)
"""'20 mil trace', '6-mil plastic': a thousandth of an inch ('mils'); a bare 'mil' is more
often money ('3 mil a year')."""


def _free_of(match: re.Match[str]) -> str:
    """'spoiler-free' says 'without spoilers' ('feel free', 'for free' say nothing of the
    kind); the negation reaches no further than that word (a comma ends its reach). Written
    apart after a determiner and ending the phrase, 'free' says what the thing costs: 'is
    the app free?' is no 'without app' (while 'is the bread gluten free?' is)."""
    word = match.group(1)
    if word.lower() in _NOT_FREE_OF:
        return match.group(0)
    if word.lower() not in _LEFT_OUT_THINGS and _PRICED_OFFER.match(match.string, match.end()):
        return match.group(0)  # 'the Notion free plan', 'the Zoom free tier': no 'without Notion' (hold-out 237)
    apart = match.group(0)[len(word)] == " "
    if apart and _given_free(word, match):
        return match.group(0)  # 'give Gold members free breakfast': members are given it (hold-out 258)
    if apart and _FREE_TERM.match(match.string, match.end()):
        return match.group(0)  # 'a direct free kick': 'free kick' is a term, no 'without direct' (hold-out 248)
    if apart and _free_of_charge(match):
        return f"{word} free of charge"  # 'is the app free?' / 'is the app free of ads?' differ
    return f"without {word},"


def _given_free(word: str, match: re.Match[str]) -> bool:
    """A plural written apart before 'free' and a noun: those given the thing free ('give
    members free breakfast', 'do kids get free entry'), unless it is a thing left out."""
    lower = word.lower()
    return (
        lower.endswith("s")
        and not lower.endswith("ss")
        and lower not in _LEFT_OUT_THINGS
        and lower[:-1] not in _LEFT_OUT_THINGS
        and _NOUN_AFTER.match(match.string, match.end()) is not None
    )


_NOUN_AFTER = re.compile(r"(?i)\s+[a-z]{3,}")
"""A word after 'free' (the thing given free: 'free breakfast')."""


_PRICED_OFFER = re.compile(
    r"\s+(?:plan|plans|tier|tiers|trial|account|accounts|edition|subscription|license|licence)\b"
)
"""Nouns after 'free' that make it a price: 'the free plan', 'a free trial'."""
_FREE_TERM = re.compile(r"\s+(?:kicks?|throws?|agents?|agency|skate|skating|fall|will|speech|weights|hits?|spins?)\b")
"""Nouns that make 'free' part of a term: 'a free kick', 'free throws', 'a free agent'."""
_WORDS_BEFORE = re.compile(r"([A-Za-z']+\s+)?([A-Za-z']+)\W*$")
_FREE_ENDS = frozenset(
    {
        *("to", "for", "of", "with", "if", "or", "and", "now", "today", "anymore", "forever", "again", "on"),
        *("in", "at", "during", "until", "after", "before", "every", "this", "next", "tonight", "tomorrow"),
    }
)


def _free_of_charge(match: re.Match[str]) -> bool:
    """'the app free', 'my trial free for …', 'is Spotify free?': a price, not the absence of
    the thing named (a name in capitals, 'BPA', 'GMO', is more often the thing left out). Not
    after 'this' or 'that', which stand for the product itself ('is this gluten free?'), nor
    for the things usually left out ('gluten', 'sugar', …)."""
    word = match.group(1)
    if word.lower() in _LEFT_OUT_THINGS:
        return False
    before = _WORDS_BEFORE.search(match.string, max(0, match.start() - 60), match.start())
    named = (  # 'is Spotify free?' ('is Tuesday free?' asks whether a day is open)
        word[0].isupper() and not word.isupper() and before is not None and word.lower() not in _CALENDAR
    )
    if not named and (
        before is None
        or not (before.group(2).lower() in _DETERMINERS or (before.group(1) or "").strip().lower() in _DETERMINERS)
    ):
        return False  # (one word may stand between: 'the Spotify app', 'the return shipping')
    after = match.string[match.end() :].lstrip()
    return not after or not after[0].isalnum() or after.split(None, 1)[0].lower().strip("?.!,;:") in _FREE_ENDS


_LEFT_OUT_THINGS = frozenset(
    {
        *("gluten", "dairy", "sugar", "caffeine", "alcohol", "nut", "peanut", "lactose", "fat", "soy"),
        *("egg", "meat", "smoke", "cruelty", "bpa", "latex", "salt", "carb", "fragrance", "scent"),
        *("paraben", "oil", "wheat", "grain", "allergen", "msg", "sulfate", "fluoride", "chlorine", "lead"),
        *("ad", "ads", "spoiler", "error", "bug", "risk", "stress", "hassle", "hands", "pet", "drug"),
    }
)


_MATH_SPACING = re.compile(
    r"(?:(?<=(?<![A-Za-z_])[A-Za-z])|(?<=[)\]])) ([-+*/=]) (?=[A-Za-z](?![A-Za-z_])|[0-9(\[])"
    r"|(?<=[0-9]) ([-+*/=]) (?=[A-Za-z](?![A-Za-z_])|[(\[])"
)
"""A binary operator between two terms of a formula, spaced: '(x - 3)' is '(x-3)', '9) / (x' is
'9)/(x'. A term is a digit, a bracket or a one-letter variable, and one of the two is not a
number: prose keeps its dashes, and '500 / 1000 notes' its list."""


_BYTE_RATE = re.compile(
    r"(?<![A-Za-z])(?:([kKMGT])B(?:ps|/s|ytes?/s)|(kilo|mega|giga|tera)bytes?\s*(?:per|a|/)\s*(?:second|sec|s))(?![A-Za-z])"
)
_BIT_RATE = re.compile(
    r"(?<![A-Za-z])(?:([kKMGT])(?:b/s|bits?/s)|(kilo|mega|giga|tera)bits?\s*(?:per|a|/)\s*(?:second|sec|s))(?![A-Za-z])"
)
_RATE_PREFIX = {"kilo": "k", "mega": "m", "giga": "g", "tera": "t"}


def _rate_token(kind: str) -> Callable[[re.Match[str]], str]:
    def token(match: re.Match[str]) -> str:
        prefix = match.group(1) or _RATE_PREFIX[match.group(2).lower()]
        return f"{prefix.lower()}{kind}"

    return token


_BYTES_PER_SECOND, _BITS_PER_SECOND = _rate_token("byteps"), _rate_token("bps")


def _data_rates(text: str) -> str:
    """Data rates as one token each, bytes told from bits by the case of the 'B' (which
    lower-casing loses): 'MB/s', 'MBps' and 'megabytes per second' are 'mbyteps', eight times
    'Mbps', 'Mb/s' or 'megabits per second' ('mbps')."""
    if "/s" not in text and "ps" not in text and "second" not in text and "sec" not in text:
        return text
    return _BIT_RATE.sub(_BITS_PER_SECOND, _BYTE_RATE.sub(_BYTES_PER_SECOND, text))


_LESS_WORD = re.compile(r"(?i)\b([a-z]{3,})-?less\b")
_NOT_LESS_OF = frozenset(
    {
        *("regard", "neverthe", "nonethe", "doubt", "need", "count", "end", "time", "use", "harm"),
        *("hope", "care", "help", "point", "price", "worth", "sense", "heart", "self", "shame"),
        *("fear", "tire", "seam", "flaw", "effort", "limit", "bound", "spot", "clue", "mind"),
        *("speech", "breath", "reck", "rest", "ruth", "relent", "thank", "bottom", "age", "aim"),
        *("fault", "pain", "taste", "name", "life", "weight", "sleep", "motion", "power", "job"),
        *("home", "friend", "mercy", "pity", "guilt", "fruit", "sound", "wit", "match", "number"),
        *("state", "head", "server", "loss", "thought", "spine", "tact", "word", "stain"),
    }
)
"""Stems whose '-less' word is an idiom or a term of its own ('useless', 'endless',
'headless', 'stateless', 'lossless', 'stainless'), not 'without' the thing."""

_ZERO_OF = re.compile(r"(?i)(?<![\w-])(?<!cover )(?<!ground )zero ([a-z]{3,})\b")
"""'zero debt' (see :func:`_zero_of`); not 'a cover zero blitz' (cover 0) or 'ground zero'."""
_NOT_ZERO_OF = frozenset(
    {
        "based",
        "point",
        "day",
        "days",
        "sum",
        "width",
        "index",
        "indexed",
        "shot",
        "padding",
        "percent",
        "degrees",
        "mean",
    }
)


_AGE_OLD = re.compile(r"(?i)\b(\d{1,3}) ?(?:yo|y/o|yrs? old)\b")
"""'12yo', '12 y/o', '12 yrs old': '12 year old', as its unit says (hold-out 246)."""
_PIECE_COUNT = re.compile(r"(?i)\b(\d+)[ -]?pcs?\b")
"""'a 1000pc jigsaw' says 'a 1000 piece jigsaw' (hold-out 425)."""


_AGE_GROUP = re.compile(r"\b[Uu]-?(\d{1,2})s?\b")
"""A youth age group: 'U12s', 'a U-14 team' are 'under-12s', 'an under-14 team' (hold-out 248)."""


def _under_age(match: re.Match[str]) -> str:
    """'under-N' for an age a youth team plays at (6 to 23); 'U2' or 'U99' stay names."""
    return f"under-{match.group(1)}" if 6 <= int(match.group(1)) <= 23 else match.group(0)


_POUNDS_OF_PRESSURE = re.compile(r"(?i)\b(\d+(?:\.\d+)?) ?(?:lbs?|pounds?)(?: of)? pressure\b")
"""'10 lbs pressure', '10 pounds of pressure': gauge pressure, 10 psi (hold-out 250)."""


_DIABETES_TYPE = re.compile(r"(?i)\btype[ -]?(1|2|one|two|I|II)\s+diabet(?:es|ics?)\b|\bT([12])DM?\b")
"""'type 1 diabetes', 'a type 2 diabetic', 'T2DM': 'T1D' and 'T2D', as the field writes them
(hold-out 269)."""


_HBA1C = re.compile(r"(?i)\bHbA1c\b")
"""'HbA1c' is the 'A1C' people with diabetes write."""
_OUT_OF = re.compile(r"(?<![\d.,])\b(\d+) out of (\d+)(?=\s*(?:[,;:.?!)]\D|[,;:.?!)]?$))")
"""A score: 'BPP came back 8 out of 10, what does it mean' is '8/10' (not '1 out of 4 adults',
which reads as '1 in 4')."""


_HURDLES = re.compile(r"\b(55|60|80|100|110|300|400) ?m?H\b")
"""A hurdles race as the sport writes it: '100mH', '110H', '400mH' are '100m hurdles' and so on
(hold-out 280; only those distances: '10mH' is an inductance)."""


_BARE_DIABETES_TYPE = re.compile(
    r"(?i)\btype[ -]?(1|2|one|two|I|II)\b(?=\s+(?:and|or|vs|versus|from|than)\b|\s*[?.!,)]|$)"
)
"""'type 1' with its 'diabetes' said once for both: 'type 1 and type 2 diabetes', 'type 1
diabetes ... from type 2'."""


def _diabetes_type(match: re.Match[str]) -> str:
    kind = (match.group(1) or match.group(2)).lower()
    return "T1D" if kind in ("1", "one", "i") else "T2D"


def _diabetes_types(text: str) -> str:
    """'T1D' and 'T2D' for the types of diabetes (see :data:`_DIABETES_TYPE`); a bare 'type 2'
    only in a text that says diabetes."""
    text = _DIABETES_TYPE.sub(_diabetes_type, text)
    if re.search(r"(?i)diabet|\bT[12]D\b", text):
        text = _BARE_DIABETES_TYPE.sub(_diabetes_type, text)
    return text


def _zero_of(match: re.Match[str]) -> str:
    """'zero debt' says 'no debt' ('zero-based', 'zero percent', 'zero and one' do not)."""
    word = match.group(1).lower()
    return match.group(0) if word in _NOT_ZERO_OF or word in STOPWORDS else f"no {match.group(1)}"


def normalised(text: str) -> tuple[str, str]:
    """``text`` as the readers read it, and its signature (its characters for the layout
    checks, taken before decades, roman numerals and lettered numbers are rewritten, which
    read capitals).

    Each rewrite makes two ways of saying one thing read the same ('w/o' as 'without', 'half
    an hour' as '30 minutes', 'free of charge' as 'without charge'); the order matters where one
    rewrite reads what an earlier one wrote.
    """
    text = _WITHOUT.sub("without", _fold_accents(_MICRO.sub("u", text.translate(_TYPOGRAPHY))))
    text = _LEAVE_OUT.sub(r"exclude \1", _LEFT_OUT_OF.sub("excluded from", _OFF_LIMITS.sub("forbidden", text)))
    text = _WITHOUT_DOING.sub("without ", _HALF_HOUR.sub(_in_minutes, text))
    text = _LEAVE_OUT_FIRST.sub("exclude ", text)
    text = _NOT_BOTHER.sub(r"\1 ", text)
    text = _data_rates(_MATH_SPACING.sub(lambda m: m.group(1) or m.group(2), text))
    text = _FREE_OF.sub(_free_of, _NOTHING_BUT.sub("only", text))
    text = _SWITCHED.sub(r"turn \1", _WIFI.sub("wifi", _UPSIDE_DOWN.sub(r"\1\2", _RIGHT_SIDE.sub("rightside", text))))
    text = _IMPERIAL_MEASURE.sub(_imperial_measure, _SPELLED_FRACTION.sub(_fraction, _SPELLED_NOTE.sub(_note, text)))
    text = _WHEEL_SIZE.sub(r"\1", _SPELLED_METER.sub(_meter, text))
    text = _DECLINING.sub(lambda m: _REFUSED[m[1].lower()] + m[2], text)
    text = _FREE_OF_THING.sub(_free_of_thing, _IN_PLACE_OF.sub("instead of", text))  # (after: 'free of charge')
    text = _AGE_OLD.sub(r"\1 year old", _MIL_LENGTH.sub(r"\1 mils", text))
    text = _PIECE_COUNT.sub(r"\1 piece", text)
    text = _AGE_GROUP.sub(_under_age, _POUNDS_OF_PRESSURE.sub(r"\1 psi", text))
    text = _ZERO_OF.sub(_zero_of, _SLASHED_RUN.sub(_dashed_run, text))
    text = _OUT_OF.sub(r"\1/\2", _HBA1C.sub("A1C", _diabetes_types(text)))
    text = _HURDLES.sub(r"\1m hurdles", text)
    signature = _signature(text)  # (before the next step, which reads capitals only)
    text = _NEVER_DONE_IT.sub("", text)
    text = _decades(_COUNTED_DECADES.sub(_years_of_decades, text))
    text = _roman_numerals(text)  # 'Appendix II' is 'Appendix 2'
    text = _TO_ONE.sub(r"\1 to 1", text)  # a '3:1 SWR' is a '3 to 1 SWR'
    text = _LETTERED_NUMBER.sub(r"\1\2", text)  # 'W-2' is 'W2', 'GPT-4' is 'GPT4'
    text = _LETTERED_SIZE.sub(r"\1 x \2", text)  # 'M8x1.25' is 'M8 x 1.25'
    return text, signature
