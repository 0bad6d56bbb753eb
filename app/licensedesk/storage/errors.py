"""The one error the desk's database raises, whichever feature and dialect used it."""

from __future__ import annotations

__all__ = ["StoreError"]


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
