"""A history entry in words for the tables: when, who, what, outcome, details. No Qt.

"What" names the request ("Deactivate device #9 (Studio Pro)", "Upgrade to
A2YF-…", "Check 40 serials"); "Details" says what the row looked like before
(``before``, from the table on show) or a batch check's counts. The outcome is
the history's own words (:attr:`licensedesk.history.Entry.outcome_text`), so
the window, the CLI and an export say the same thing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from licensedesk.history import Entry


TIME_FORMAT = "%Y-%m-%d %H:%M:%S"

#: the action as a person names it, and the order of the History window's action filter
ACTION_WORDS = {
    "activate": "Activate",
    "deactivate": "Deactivate",
    "delete": "Delete",
    "upgrade": "Upgrade",
    "register": "Register",
    "validate_record": "Validate and record a host",
    "batch_check": "Check many serials",
}
#: the outcome filter's words (an entry itself says more: "refused: <message>")
OUTCOME_FILTER_WORDS = {
    "done": "done",
    "refused": "refused",
    "unknown": "outcome unknown",
    "pending": "sent, outcome unknown (no answer written)",
    "failed": "not sent",
}
#: what a batch check's counts are called, in the order they are said
COUNT_WORDS = (
    ("active", "active"), ("expiring", "expiring soon"), ("expired", "expired"),
    ("not_started", "not started"), ("not_found", "not found"),
    ("invalid", "invalid for the product"), ("error", "not checked"),
)  # fmt: skip


def when_text(entry: Entry) -> str:
    """Local time to the second: several changes often fall in one minute."""
    return entry.time.astimezone().strftime(TIME_FORMAT)


def what_text(entry: Entry) -> str:
    before = entry.before or {}
    ids = ", ".join(f"#{i}" for i in entry.activation_ids)
    action = entry.action
    if action in ("activate", "deactivate", "delete"):
        noun = "device" if len(entry.activation_ids) == 1 else "devices"
        text = f"{ACTION_WORDS[action]} {noun} {ids}".rstrip()
        return f"{text} ({entry.product})" if entry.product else text
    if action == "upgrade":
        target = before.get("upgrade_serial")
        return f"Upgrade to {target}" if target else "Upgrade"
    if action == "validate_record":
        host = _short(before.get("host_id"))
        text = f"Validate for {entry.product}" if entry.product else "Validate"
        return f"{text}, recording host {host}" if host else text
    if action == "batch_check":
        total = (entry.counts or {}).get("serials")
        text = f"Check {_count(total, 'serial')}" if total is not None else "Check many serials"
        return f"{text} for {entry.product}" if entry.product else text
    return ACTION_WORDS.get(action, action)


def details_text(entry: Entry) -> str:
    """What the row looked like before, or what a batch check found."""
    if entry.action == "batch_check":
        return counts_text(entry.counts)
    before = entry.before or {}
    parts: list[str] = []
    if "activated" in before:
        parts.append("was on" if before["activated"] else "was off")
    if before.get("host_id") and entry.action != "validate_record":
        parts.append(f"host {_short(before['host_id'])}")
    if before.get("device_tag"):
        parts.append(str(before["device_tag"]))
    if entry.action == "upgrade":
        parts += _upgrade_parts(before)
    if entry.action == "register" and "licensee" in before:
        parts.append(f"was registered to {before['licensee']}" if before["licensee"]
                     else "had no licensee")  # fmt: skip
    return "; ".join(parts)


def counts_text(counts: dict[str, int] | None) -> str:
    """``38 active, 2 not found`` (of a batch check), "" when none."""
    if not counts:
        return ""
    parts = [f"{counts[key]:,} {words}" for key, words in COUNT_WORDS if counts.get(key)]
    checked, total = counts.get("checked"), counts.get("serials")
    if checked is not None and total is not None and checked < total:
        parts.append(f"{total - checked:,} not answered")
    return ", ".join(parts)


def where_text(entry: Entry) -> str:
    """``profile "Work" on https://licences.example.com, from ana@desk-3``: for tooltips."""
    parts = []
    if entry.profile:
        parts.append(f"profile \u201c{entry.profile}\u201d")
    if entry.service:
        parts.append(f"on {entry.service}")
    parts.append(f"from {entry.user}@{entry.machine}")
    return " ".join(parts)


def _upgrade_parts(before: dict[str, Any]) -> list[str]:
    parts = []
    if before.get("sku"):
        parts.append(f"was SKU {before['sku']}")
    if before.get("licensee"):
        parts.append(f"licensee {before['licensee']}")
    if isinstance(before.get("activations"), int):
        parts.append(_count(before["activations"], "device"))
    return parts


def _short(host: Any) -> str:
    """A host id's first 12 characters: enough to tell devices apart at a glance."""
    text = str(host or "")
    return text if len(text) <= 12 else text[:12] + "\u2026"


def _count(n: int, one: str) -> str:
    return f"{n:,} {one if n == 1 else one + 's'}"
