"""A history entry in words for the tables: when, who, what, outcome, details.

"What" names the request ("Deactivate device #9 (Studio Pro)", "Upgrade to
A2YF-…", "Check 40 serials"); "Details" says what the row looked like before
(``before``, from the table on show) or a batch check's counts. Every word is said
in the language in use, here: the store keeps keys (``action``, ``outcome``), so a
team's history reads in each desk's own language. The outcome is said from its key
and its detail by :attr:`licensedesk.history.Entry.outcome_text`, the command line's
words too: the desk's own sentences (kept in English) in the reader's language, the
service's own message as it was written.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from licensedesk.batch.count_words import count_parts
from licensedesk.i18n import N_, _, ngettext

from ..shared.values import format_number, local_time_seconds

if TYPE_CHECKING:
    from licensedesk.history import Entry


#: the action as a person names it, and the order of the History window's action filter
ACTION_WORDS = {
    # TRANSLATORS: a kind of change in the history (the action filter)
    "activate": N_("Activate"),
    # TRANSLATORS: a kind of change in the history (the action filter)
    "deactivate": N_("Deactivate"),
    # TRANSLATORS: a kind of change in the history (the action filter)
    "delete": N_("Delete"),
    # TRANSLATORS: a kind of change in the history (the action filter)
    "upgrade": N_("Upgrade"),
    # TRANSLATORS: a kind of change in the history (the action filter)
    "register": N_("Register"),
    "validate_record": N_("Validate and record a host"),
    "batch_check": N_("Check many serials"),
    # TRANSLATORS: a kind of change in the history: the team's note on a licence
    "note": N_("Note"),
}
#: the outcome filter's words (an entry itself says more: "refused: <message>")
OUTCOME_FILTER_WORDS = {
    # TRANSLATORS: the outcome of a recorded change: the service did it
    "done": N_("done"),
    # TRANSLATORS: the outcome of a recorded change: the service said no
    "refused": N_("refused"),
    # TRANSLATORS: the outcome of a recorded change: no answer came, it may have been done
    "unknown": N_("outcome unknown"),
    "pending": N_("sent, outcome unknown (no answer written)"),
    # TRANSLATORS: the outcome of a recorded change: the request never left this computer
    "failed": N_("not sent"),
}


def when_text(entry: Entry) -> str:
    """Local time to the second, as the locale writes it: several changes often fall in
    one minute."""
    return local_time_seconds(entry.time)


def action_text(action: str) -> str:
    """The action's name (the action filter's words); an unknown key as it is."""
    words = ACTION_WORDS.get(action)
    return _(words) if words is not None else action


def what_text(entry: Entry) -> str:
    before = entry.before or {}
    action = entry.action
    if action in ("activate", "deactivate", "delete"):
        return _devices_text(action, entry.activation_ids, entry.product)
    if action == "upgrade":
        target = before.get("upgrade_serial")
        if target and entry.serial:  # listed under both serials: each names the other
            return _("Upgrade from {current} to {serial}").format(
                current=entry.serial, serial=target
            )
        return _("Upgrade to {serial}").format(serial=target) if target else _("Upgrade")
    if action == "validate_record":
        host, product = _short(before.get("host_id")), entry.product
        if product and host:
            return _("Validate for {product}, recording host {host}").format(
                product=product, host=host
            )
        if host:
            return _("Validate, recording host {host}").format(host=host)
        # TRANSLATORS: a recorded change: the licence was validated (checked) for a product
        return _("Validate for {product}").format(product=product) if product else _("Validate")
    if action == "batch_check":
        return _batch_text((entry.counts or {}).get("serials"), entry.product)
    if action == "note":  # the new note is the outcome's detail
        return _("Note changed") if entry.detail else _("Note removed")
    return action_text(action)


def _devices_text(action: str, ids: tuple[int, ...], product: str | None) -> str:
    """``Deactivate device #9 (Studio Pro)``, ``Delete devices #3, #4``: one sentence each,
    for word order differs (German: "Gerät #9 deaktivieren")."""
    n, listed = len(ids), ", ".join(f"#{i}" for i in ids)
    if not n:
        name = action_text(action)
        # TRANSLATORS: a recorded change without device numbers: the action, its product
        return _("{action} ({product})").format(action=name, product=product) if product else name
    if action == "activate":
        text = (
            ngettext("Activate device {ids} ({product})", "Activate devices {ids} ({product})", n)
            if product
            else ngettext("Activate device {ids}", "Activate devices {ids}", n)
        )
    elif action == "deactivate":
        text = (
            ngettext(
                "Deactivate device {ids} ({product})", "Deactivate devices {ids} ({product})", n
            )
            if product
            else ngettext("Deactivate device {ids}", "Deactivate devices {ids}", n)
        )
    else:
        text = (
            ngettext("Delete device {ids} ({product})", "Delete devices {ids} ({product})", n)
            if product
            else ngettext("Delete device {ids}", "Delete devices {ids}", n)
        )
    return text.format(ids=listed, product=product)


def _batch_text(total: int | None, product: str | None) -> str:
    """``Check 40 serials for STUDIO-PRO``."""
    if total is None:
        return (
            _("Check many serials for {product}").format(product=product)
            if product
            else _("Check many serials")
        )
    n = format_number(total)
    if product:
        return ngettext(
            "Check {n} serial for {product}", "Check {n} serials for {product}", total
        ).format(n=n, product=product)
    return ngettext("Check {n} serial", "Check {n} serials", total).format(n=n)


def details_text(entry: Entry) -> str:
    """What the row looked like before, or what a batch check found: a list of short
    facts, each said whole, joined by "; "."""
    if entry.action == "batch_check":
        return counts_text(entry.counts)
    before = entry.before or {}
    parts: list[str] = []
    if "activated" in before:
        # TRANSLATORS: a device's state before the recorded change: it was activated / not
        parts.append(_("was on") if before["activated"] else _("was off"))
    if before.get("host_id") and entry.action != "validate_record":
        parts.append(_("host {host}").format(host=_short(before["host_id"])))
    if before.get("device_tag"):
        parts.append(str(before["device_tag"]))
    if entry.action == "upgrade":
        parts += _upgrade_parts(before)
    if entry.action == "register" and "licensee" in before:
        parts.append(
            _("was registered to {licensee}").format(licensee=before["licensee"])
            if before["licensee"]
            else _("had no licensee")
        )
    return "; ".join(parts)


def counts_text(counts: dict[str, int] | None) -> str:
    """``38 active, 2 not found`` (of a batch check), "" when none."""
    if not counts:
        return ""
    parts = count_parts(counts, format_number)
    checked, total = counts.get("checked"), counts.get("serials")
    if checked is not None and total is not None and checked < total:
        left = total - checked
        parts.append(
            ngettext("{n} not answered", "{n} not answered", left).format(n=format_number(left))
        )
    return ", ".join(parts)


def where_text(entry: Entry) -> str:
    """``profile "Work" on https://licences.example.com from ana@desk-3``: for tooltips."""
    who = f"{entry.user}@{entry.machine}"
    if entry.profile and entry.service:
        return _("profile \u201c{profile}\u201d on {service} from {who}").format(
            profile=entry.profile, service=entry.service, who=who
        )
    if entry.profile:
        return _("profile \u201c{profile}\u201d from {who}").format(profile=entry.profile, who=who)
    if entry.service:
        return _("on {service} from {who}").format(service=entry.service, who=who)
    # TRANSLATORS: where a recorded change was made: from USER@COMPUTER
    return _("from {who}").format(who=who)


def _upgrade_parts(before: dict[str, Any]) -> list[str]:
    parts = []
    if before.get("sku"):
        parts.append(_("was SKU {sku}").format(sku=before["sku"]))
    if before.get("licensee"):
        parts.append(_("licensee {licensee}").format(licensee=before["licensee"]))
    if isinstance(before.get("activations"), int):
        n = before["activations"]
        parts.append(ngettext("{n} device", "{n} devices", n).format(n=format_number(n)))
    return parts


def _short(host: Any) -> str:
    """A host id's first 12 characters: enough to tell devices apart at a glance."""
    text = str(host or "")
    return text if len(text) <= 12 else text[:12] + "\u2026"
