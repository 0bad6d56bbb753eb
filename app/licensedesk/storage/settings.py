"""Where the desk's database is: the history settings (``history.json`` next to
``profiles.json``), the team database's password, this computer's file. Below the history
and the book, which both live in that database.

File shape (version 1)::

    {"version": 1, "store": "local" | "team",
     "team_url": "postgresql://user@host:5432/db" | null, "display_name": "Ana Lima" | null,
     "book_days": 90 | null, "keep_months": 24 | null}

The team URL never holds a password: :func:`set_team_url` moves one found in
it (``user:pw@`` or ``?password=``) to the OS keyring (service ``licensedesk``,
entry ``history-team``) and keeps the URL without it; :class:`HistorySettings`
refuses a URL that still has one. The file is written like the profiles file:
a temporary file replaced atomically.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl, quote, unquote, urlencode, urlsplit, urlunsplit

from licensedesk.i18n import _
from licensedesk.paths import config_dir, replace_file

if TYPE_CHECKING:
    from licensedesk.profiles import SecretStore

__all__ = [
    "FILE_NAME",
    "KEYRING_ENTRY",
    "LOCAL_FILE",
    "PASSWORD_VARIABLE",
    "HistorySettings",
    "SettingsError",
    "config_dir",
    "describe_team_url",
    "load_settings",
    "local_history_path",
    "save_settings",
    "set_team_url",
    "split_password",
    "team_password",
]

FILE_NAME = "history.json"
FILE_VERSION = 1
KEYRING_ENTRY = "history-team"
LOCAL_FILE = "history.sqlite3"
STORES = ("local", "team")
_SCHEMES = ("postgresql", "postgres")
_SECRET_PARAMS = {"password", "sslpassword"}


class SettingsError(ValueError):
    """A setting that cannot be used; ``sentence`` says why, for a person (in the language
    in use)."""

    @property
    def sentence(self) -> str:
        return str(self)


# ---------------------------------------------------------------- the team URL


def split_password(url: str) -> tuple[str, str | None]:
    """``postgresql://ld:pw@host/db?password=x`` → (``postgresql://ld@host/db``, ``pw``)."""
    parts = urlsplit(url.strip())
    password = unquote(parts.password) if parts.password is not None else None
    netloc = parts.netloc.rpartition("@")[2]
    if parts.username is not None:
        netloc = f"{quote(unquote(parts.username), safe='')}@{netloc}"
    params = parse_qsl(parts.query, keep_blank_values=True)
    kept = [(k, v) for k, v in params if k.lower() not in _SECRET_PARAMS]
    for k, v in params:
        if k.lower() == "password" and password is None:
            password = v
    clean = urlunsplit((parts.scheme, netloc, parts.path, urlencode(kept), parts.fragment))
    return clean, password or None


def check_team_url(url: str) -> str:
    """The URL, trimmed; SettingsError when it is not a PostgreSQL URL or holds a password."""
    text = url.strip()
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 -- raises ValueError for a port that is not a number
    except ValueError as exc:
        raise SettingsError(
            _("The team database address is not valid ({problem}).").format(problem=exc)
        ) from None
    if parts.scheme not in _SCHEMES:
        raise SettingsError(
            _(
                "The team database address must start with postgresql:// "
                "(for example postgresql://ana@db.example.com:5432/licensedesk)."
            )
        )
    has_host = bool(parts.hostname) or any(k == "host" for k, _v in parse_qsl(parts.query))
    if not has_host:
        raise SettingsError(_("The team database address names no server."))
    if split_password(text)[1] is not None:
        raise SettingsError(
            _(
                "The team database address holds a password: it belongs in the OS keyring, "
                "not in the settings file."
            )
        )
    return text


def describe_team_url(url: str) -> str:
    """``user@host:port/db`` for sentences: no scheme, no password, no options."""
    try:
        parts = urlsplit(url)
        host = parts.hostname or dict(parse_qsl(parts.query)).get("host") or "localhost"
        port = f":{parts.port}" if parts.port else ""
        user = f"{unquote(parts.username)}@" if parts.username else ""
    except ValueError:
        return _("(address not valid)")
    return f"{user}{host}{port}{parts.path or ''}"


def set_team_url(url: str, secrets: SecretStore | None) -> str:
    """The URL to keep in the settings; a password in it goes to the keyring first.

    Raises SettingsError when a password is given and there is nowhere safe to keep it
    (``secrets`` None). Returns the URL without the password."""
    clean, password = split_password(url)
    if password is not None:
        if secrets is None:
            raise SettingsError(_("The team database password can only be kept in the OS keyring."))
        secrets.set_named(KEYRING_ENTRY, password)
    return check_team_url(clean)


#: a desk without a keyring (a server, a container) gives the team password here
PASSWORD_VARIABLE = "LICENSEDESK_HISTORY_PASSWORD"


def team_password(secrets: SecretStore | None) -> str | None:
    """The team database's password: the keyring's (entry ``history-team``), else
    ``$LICENSEDESK_HISTORY_PASSWORD`` (as an api_key: the keyring wins), else None."""
    stored = secrets.get_named(KEYRING_ENTRY) if secrets is not None else None
    return stored or os.environ.get(PASSWORD_VARIABLE) or None


def local_history_path(data_dir: Path | None = None) -> Path:
    """``<data folder>/history.sqlite3``; the data folder is ``$LICENSEDESK_DATA_DIR`` or
    platformdirs' user data folder of "licensedesk" (the same as the host-id file's)."""
    from licensedesk.machine import data_dir as default_data_dir

    return (data_dir if data_dir is not None else default_data_dir()) / LOCAL_FILE


# ---------------------------------------------------------------- settings


#: the longest the book's retention can be set to (ten years)
MAX_BOOK_DAYS = 3650
#: the longest the history's retention can be set to (fifty years)
MAX_KEEP_MONTHS = 600


@dataclass(frozen=True)
class HistorySettings:
    """``store``: "local" (a file on this computer) or "team" (``team_url``);
    ``display_name``: how this person is named in the history (optional);
    ``book_days``: licences not seen for that many days leave the licence book when it
    is opened (None: kept for ever); ``keep_months``: how many months of history the team
    keeps (None: for ever): older entries are exported then removed in one step by
    ``history prune`` or the History window (:mod:`.retention`), never silently."""

    store: str = "local"
    team_url: str | None = None
    display_name: str | None = None
    book_days: int | None = None
    keep_months: int | None = None

    def __post_init__(self) -> None:
        if self.store not in STORES:
            raise SettingsError(
                _("The history store must be 'local' or 'team', not {store}.").format(
                    store=repr(self.store)
                )
            )
        if self.team_url is not None:
            object.__setattr__(self, "team_url", check_team_url(self.team_url) or None)
        if self.store == "team" and not self.team_url:
            raise SettingsError(_("The team history needs the address of its database."))
        name = (self.display_name or "").strip()
        if len(name) > 100 or any(not ch.isprintable() for ch in name):
            raise SettingsError(_("The display name must be printable and at most 100 characters."))
        object.__setattr__(self, "display_name", name or None)
        days = self.book_days
        if days is not None and not (_whole(days) and 1 <= days <= MAX_BOOK_DAYS):
            raise SettingsError(
                _("The licence book keeps licences for 1 to {most} days, or for ever.").format(
                    most=MAX_BOOK_DAYS
                )
            )
        months = self.keep_months
        if months is not None and not (_whole(months) and 1 <= months <= MAX_KEEP_MONTHS):
            raise SettingsError(
                _("The history keeps entries for 1 to {most} months, or for ever.").format(
                    most=MAX_KEEP_MONTHS
                )
            )

    def to_dict(self) -> dict[str, Any]:
        return {"version": FILE_VERSION, **asdict(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HistorySettings:
        """The settings of a file's fields; SettingsError names the first one that is not
        text (a file edited by hand or deployed by a script: ``"display_name": 42``)."""
        for name in ("store", "team_url", "display_name"):
            if data.get(name) is not None and not isinstance(data[name], str):
                raise SettingsError(
                    _("{field} must be text, not {value}.").format(
                        field=name, value=json.dumps(data[name])[:40]
                    )
                )
        return cls(
            store=data.get("store") or "local",
            team_url=data.get("team_url") or None,
            display_name=data.get("display_name"),
            book_days=data.get("book_days"),
            keep_months=data.get("keep_months"),
        )


def _whole(value: Any) -> bool:
    """A whole number in JSON: an int, and not JSON's true or false (a bool is an int)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _path(folder: Path | None) -> Path:
    return (folder if folder is not None else config_dir()) / FILE_NAME


def load_settings(folder: Path | None = None) -> HistorySettings:
    """The settings; the defaults (local store) when there is no file yet."""
    path = _path(folder)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return HistorySettings()
    except (OSError, ValueError) as exc:
        raise SettingsError(
            _("The history settings {path} cannot be read ({problem}).").format(
                path=path, problem=exc
            )
        ) from None
    version = data.get("version", FILE_VERSION) if isinstance(data, dict) else None
    if not _whole(version):
        raise SettingsError(
            _("The history settings {path} do not have the expected shape.").format(path=path)
        )
    if version > FILE_VERSION:
        raise SettingsError(
            _("The history settings {path} were written by a newer License Desk.").format(path=path)
        )
    try:
        return HistorySettings.from_dict(data)
    except SettingsError as exc:
        # TRANSLATORS: {problem} is the sentence of what is wrong in the file
        raise SettingsError(
            _("The history settings {path} are not valid: {problem}").format(path=path, problem=exc)
        ) from None


def save_settings(settings: HistorySettings, folder: Path | None = None) -> Path:
    """Write ``history.json`` atomically; returns its path."""
    path = _path(folder)
    text = json.dumps(settings.to_dict(), indent=2, ensure_ascii=False) + "\n"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        replace_file(path, text)
    except OSError as exc:
        raise SettingsError(
            _("The history settings {path} cannot be written ({problem}).").format(
                path=path, problem=exc.strerror or exc
            )
        ) from None
    return path
