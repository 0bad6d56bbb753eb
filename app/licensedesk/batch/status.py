"""From the service's answers to one :class:`CheckResult`: status, words, days, seats.

Pure functions (no network, ``now`` given), so every rule is tested without a
server. Rules:

- Dates decide first, by :func:`licensedesk.licence_term.term` (the licence card's
  rule): ``start`` in the future → NOT_STARTED; ``end`` reached → EXPIRED; ``end``
  within :data:`EXPIRING_DAYS` calendar days → EXPIRING; else ACTIVE (also for a
  licence without an end: perpetual). A subscription without a period is
  NO_SUBSCRIPTION: what the service's validation answers for it ("No Active
  Subscription!"), with or without a product.
- With a product, a validation other than ``valid`` makes an ACTIVE/EXPIRING
  licence INVALID with validate's reason; an expired or not started licence
  keeps that status (a different reason of the validation, such as "does not
  cover this product", goes to ``reason``).
- ``days_left``: calendar days from today to the end's day in the user's zone
  (:func:`licensedesk.licence_term.days_left`): 0 on the last day and on the day it
  ended, −35 when it ended 35 days ago; None without an end.
- Seats: activated devices per product from the activations list; the maximum
  from the products list when it was read, else None.

Words and reasons are made twice: in English for ``words``/``reason`` (what the exports
write, as before) and in the language in use for ``words_text``/``reason_text`` (what the
table and the command line show).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from gettext import NullTranslations

from licensedesk import i18n
from licensedesk.api.errors import ApiError
from licensedesk.api.models import Activation, License, Product, ValidationResult
from licensedesk.api.sentence import Sentence, english_of, say
from licensedesk.api.verdicts import Verdict, verdict_sentence
from licensedesk.i18n import N_
from licensedesk.licence_term import days_left, term

from .model import CheckResult, Seats, Status

_ENGLISH = NullTranslations()
NOT_FOUND_WORDS = N_("not found")
NOT_FOUND_REASON = N_("The service does not know this serial.")


def date_words(status: Status, days: int, *, english: bool = False) -> str:
    """The words of a status by dates: ``days`` until the start (NOT_STARTED), else the
    days left (:func:`days_left`; 0 or less once ended). In the language in use, or in
    English for the exports."""
    gettext: Callable[[str], str] = _ENGLISH.gettext if english else i18n._
    ngettext: Callable[[str, str, int], str] = _ENGLISH.ngettext if english else i18n.ngettext
    n = abs(days)
    if status is Status.NOT_STARTED:
        if days == 0:
            # TRANSLATORS: a licence's status in the batch check: its period begins later today
            return gettext("not started: starts today")
        return ngettext(
            "not started: starts in {n} day", "not started: starts in {n} days", n
        ).format(n=n)
    if status is Status.EXPIRED:
        if days == 0:
            return gettext("expired today")
        return ngettext("expired {n} day ago", "expired {n} days ago", n).format(n=n)
    if status is Status.NO_SUBSCRIPTION:
        # TRANSLATORS: a licence's status in the batch check: a subscription without a
        # period, which the service does not accept as active
        return gettext("no active subscription")
    if status is Status.EXPIRING:
        if days == 0:
            # TRANSLATORS: a licence's status in the batch check: its last day is today
            return gettext("expires today")
        return ngettext("expires in {n} day", "expires in {n} days", n).format(n=n)
    # TRANSLATORS: a licence's status in the batch check (running, not expired)
    return gettext("active")


def _both(status: Status, days: int) -> Sentence:
    return Sentence(date_words(status, days), date_words(status, days, english=True))


_STATUS_OF_STATE = {
    "not_started": Status.NOT_STARTED,
    "expired": Status.EXPIRED,
    "ending": Status.EXPIRING,
    "ok": Status.ACTIVE,
    "perpetual": Status.ACTIVE,
    "no_subscription": Status.NO_SUBSCRIPTION,
}


def date_facts(lic: License, now: datetime) -> tuple[Status, int]:
    """(status, days) from the licence's type, start and end alone: ``days`` as
    :func:`date_words` reads them (0 for a licence without an end)."""
    where = term(lic.start_at, lic.end_at, now, kind=lic.type)
    days = -where.days if where.state == "expired" else where.days
    return _STATUS_OF_STATE[where.state], days


def date_status(lic: License, now: datetime) -> tuple[Status, str]:
    """(status, words in English) from the licence's start and end alone."""
    status, days = date_facts(lic, now)
    return status, date_words(status, days, english=True)


#: a status by dates that is what validate would answer: its sentence is the row's reason
_SAID_BY_DATES = {Status.NO_SUBSCRIPTION: Verdict.NO_SUBSCRIPTION}


def seats_of(
    activations: Sequence[Activation], products: Sequence[Product] | None
) -> tuple[Seats, ...]:
    """Seats per product: the licence's products first (when listed), then any product
    that only appears in the activations; ``used`` counts activated devices."""
    used: dict[int | str, int] = {}
    names: dict[int | str, str] = {}
    for a in activations:
        key: int | str = a.product_id if a.product_id is not None else a.product_name
        names.setdefault(key, a.product_name or f"product {key}")
        used[key] = used.get(key, 0) + (1 if a.activated else 0)
    seats = []
    listed: set[int | str] = set()
    for p in products or ():
        listed.add(p.id)
        seats.append(
            Seats(p.name or names.get(p.id, f"product {p.id}"), used.get(p.id, 0), p.max_host_count)
        )
    for key, count in used.items():
        if key not in listed:
            seats.append(Seats(names[key], count, None))
    return tuple(seats)


def _row(
    index: int, serial: str, status: Status, words: str, reason: str = "", **more: object
) -> CheckResult:
    """A row with its words and reason in English and in the language in use (each may
    be a :class:`Sentence`; a plain ``str`` is the same in both)."""
    return CheckResult(
        index,
        serial,
        status,
        str(english_of(words)),
        words_text=str(words),
        reason=str(english_of(reason)),
        reason_text=str(reason),
        **more,
    )  # type: ignore[arg-type]


def not_found(index: int, serial: str) -> CheckResult:
    return _row(index, serial, Status.NOT_FOUND, say(NOT_FOUND_WORDS), say(NOT_FOUND_REASON))


def could_not_check(
    index: int, serial: str, error: ApiError, sentence: str | None = None, **found: object
) -> CheckResult:
    """An ERROR row: "could not check: <sentence>"; ``found`` keeps what was read before
    the failing call; ``sentence`` (default: the error's) may say which call it was."""
    said = error.sentence if sentence is None else sentence
    # TRANSLATORS: a batch check's row; {problem} is the sentence of what went wrong
    words = say(N_("could not check: {problem}"), problem=said)
    return _row(index, serial, Status.ERROR, words, said, error=error, **found)


def licence_fields(lic: License, now: datetime) -> dict[str, object]:
    """The row's licence columns (for a found licence, whatever its status)."""
    return {
        "found": True,
        "type": lic.type or None,
        "licensee": lic.name,
        "email": lic.email,
        "sku": lic.sku_number or None,
        "sku_name": lic.sku_name or None,
        "start": lic.start_at,
        "end": lic.end_at,
        "days_left": days_left(lic.end_at, now),
    }


def found_result(
    index: int,
    serial: str,
    lic: License,
    now: datetime,
    *,
    validation: ValidationResult | None = None,
    seats: tuple[Seats, ...] | None = None,
    notes: Sequence[str] = (),
) -> CheckResult:
    """The row of a licence that exists. ``notes``: why something was not read (sentences;
    each a :class:`Sentence` to keep its English in the exports)."""
    status, days = date_facts(lic, now)
    words: str = _both(status, days)
    reasons = list(notes)
    said_by_dates = _SAID_BY_DATES.get(status)
    if said_by_dates is not None:
        reasons.insert(0, verdict_sentence(said_by_dates))
    if validation is not None and not validation.valid:
        said_twice = validation.verdict is said_by_dates or validation.verdict.value == status
        if not said_twice:  # not "expired" twice
            reasons.insert(0, validation.reason_sentence)
        if status in (Status.ACTIVE, Status.EXPIRING):
            status = Status.INVALID
            # TRANSLATORS: a batch check's row; {reason} is why the validation said no
            words = say(N_("invalid for product: {reason}"), reason=validation.reason_sentence)
    reason = Sentence(" ".join(reasons), " ".join(str(english_of(r)) for r in reasons))
    return _row(
        index,
        serial,
        status,
        words,
        reason,
        seats=seats,
        validation=validation.message if validation is not None else None,
        **licence_fields(lic, now),
    )
