"""The licence types of the spec (§2) as a table column or a list says them: one word,
lower case. The licence card capitalises its own (``lookup/license_card.py``)."""

from __future__ import annotations

from licensedesk.i18n import N_, _

TYPE_WORDS = {
    # TRANSLATORS: a licence type in the batch table: never expires
    "perpetual": N_("perpetual"),
    # TRANSLATORS: a licence type in the batch table: valid for a paid period
    "subscription": N_("subscription"),
    # TRANSLATORS: a licence type in the batch table: a time-limited trial
    "trial": N_("trial"),
}


def type_word(kind: str | None) -> str:
    """``kind`` in the language in use; a type the service may add is shown as it comes."""
    if not kind:
        return ""
    return _(TYPE_WORDS[kind]) if kind in TYPE_WORDS else kind
