"""One credential pair's box of the profiles dialog (app ID, API key, Test connection),
and the small row helpers of the dialog's form."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QWidget,
)

from licensedesk.i18n import _

from ..shared import colours
from ..shared.a11y import name_value, named
from ..shared.colours import text_style
from ..shared.labels import plain_label


def _pair_texts(pair: str) -> dict[str, str]:
    """What a person reads and hears of one pair's box: whole phrases per pair, since
    "read"/"write" change their form inside a German phrase."""
    if pair == "read":
        return {
            "title": _("Read credentials"),
            "app_id": _("Read app ID"),
            "api_key": _("Read API key"),
            "test": _("Test the read credentials"),
            "result": _("Result of the read test"),
        }
    return {
        "title": _("Write credentials"),
        "app_id": _("Write app ID"),
        "api_key": _("Write API key"),
        "test": _("Test the write credentials"),
        "result": _("Result of the write test"),
    }


class PairBox(QGroupBox):
    """app_id + api_key (password field) + Test connection, for one pair."""

    def __init__(self, pair: str, parent=None) -> None:
        texts = _pair_texts(pair)
        super().__init__(texts["title"], parent)
        self.pair = pair
        self._result_name = texts["result"]
        self.app_id = named(QLineEdit(), f"{pair}AppId", texts["app_id"])
        # the name only, never the key
        self.api_key = named(QLineEdit(), f"{pair}ApiKey", texts["api_key"])
        self.api_key.setEchoMode(QLineEdit.EchoMode.Password)
        test = QPushButton(_("Test connection"))
        self.test_button = named(test, f"{pair}TestButton", texts["test"])
        self.test_button.setAutoDefault(False)  # Enter in a field is no test of this pair
        self.test_button.setAccessibleDescription(
            _("Asks the service whether this app ID and API key work; nothing is changed.")
        )
        self.result = named(plain_label(), f"{pair}TestResult")  # the service's sentence
        self.result.setWordWrap(True)
        name_value(self.result, self._result_name)
        form = QFormLayout(self)
        form.addRow(_("App ID:"), self.app_id)
        form.addRow(_("API key:"), self.api_key)
        row = QHBoxLayout()
        row.addWidget(self.test_button)
        row.addWidget(self.result, 1)
        form.addRow(row)

    def set_result(self, ok: bool | None, text: str) -> None:
        colour = {True: colours.OK, False: colours.BAD, None: colours.MUTED}[ok]
        self.result.setStyleSheet(text_style(colour))
        self.result.setText(text)
        name_value(self.result, self._result_name)


def suffixed(widget: QWidget, text: str) -> QHBoxLayout:
    """``widget`` followed by a word or two, left-aligned in its form row."""
    row = QHBoxLayout()
    row.addWidget(widget)
    row.addWidget(plain_label(text))
    row.addStretch(1)
    return row


def http_warning(url: str, allowed: bool) -> str:
    """The warning under the address for plain http:// to another computer ("" when
    there is none to give): the API key would travel in clear."""
    from urllib.parse import urlsplit

    url = url.strip()
    host = urlsplit(url).hostname or ""
    loopback = host in ("localhost", "::1") or host.startswith("127.")
    if not (url.lower().startswith("http://") and host and not loopback):
        return ""
    if allowed:
        return _(
            "\u26a0 http:// to {host} is not encrypted: the API key would travel in clear."
        ).format(host=host)
    return _(
        "\u26a0 http:// to {host} is not encrypted: the API key would travel in clear. "
        "Tick the box above to allow it anyway."
    ).format(host=host)
