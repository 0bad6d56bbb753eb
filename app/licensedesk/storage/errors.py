"""The one error the desk's database raises, whichever feature and dialect used it."""

from __future__ import annotations

from licensedesk.i18n import _

from .scrub import scrub_text

__all__ = ["StoreError", "problem_sentence"]


class StoreError(Exception):
    """The store cannot be used. ``str()`` is a clause for a sentence ("the team database
    ld@db.example.com:5432/desk cannot be reached (connection refused)"), in the language
    in use; ``network`` is True when a server could not be reached (the CLI exits 3 then,
    else 2). ``whole``: ``reason`` is already a whole sentence (a settings file that cannot
    be read says so itself), not a clause: no language can make a clause of it by changing
    its first letter."""

    def __init__(self, reason: str, *, network: bool = False, whole: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.network = network
        self.whole = whole

    @property
    def sentence(self) -> str:
        if self.whole:
            return self.reason
        text = self.reason[:1].upper() + self.reason[1:]
        return text if text.endswith(".") else text + "."


def problem_sentence(
    exc: BaseException, problem: str, problem_sentence: str, *, detail: bool = True
) -> str:
    """What a writer that never stops a change (the history's recorder, the book's keeper)
    says once of its first problem: ``problem`` ("… is not being recorded: {reason}.")
    around a store's clause, ``problem_sentence`` ("… {problem}") around a whole sentence
    (both ``N_``-marked, translated here); anything else by its type (and, with
    ``detail``, its text). Secrets are masked."""
    if isinstance(exc, StoreError) and exc.whole:
        return _(problem_sentence).format(problem=scrub_text(exc.sentence))
    if isinstance(exc, StoreError):
        reason = exc.reason
    else:
        reason = f"{type(exc).__name__}: {exc}" if detail else type(exc).__name__
    return _(problem).format(reason=scrub_text(reason.rstrip(".")))
