"""The licence card's image: fetched when a looked-up licence has an ``image_url``.

The fetch is its own named task, ``lookup.image``, so a new lookup (which
cancels the ``lookup`` group) or a change of profile cancels it too. It is
not a part of the lookup: a failure is no lookup failure and never reaches
the banner; the card keeps the link and says "Image could not be loaded".
The fetch itself is :class:`licensedesk.api.images.ImageFetcher` (no
credentials, capped, checked addresses); its client is owned here.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

from ..models.values import field
from ..tasks import Failure, TaskRunner

log = logging.getLogger(__name__)

TASK = "lookup.image"


class LicenseImageController(QObject):
    loading = Signal(str)  # url
    loaded = Signal(str, object, str)  # url, data (bytes), content type
    failed = Signal(str, str)  # url, sentence (for a tooltip or the log; the card stays quiet)

    def __init__(self, runner: TaskRunner, client: Callable[[], Any], parent=None) -> None:
        """``client``: returns the current profile's LicenseClient (for its config only)."""
        super().__init__(parent)
        self._runner = runner
        self._client = client
        self._fetcher = None
        # the last image (key: service address + url), shown again without a request
        self._last: tuple[tuple[str, str], bytes, str] | None = None

    @property
    def fetcher(self):
        if self._fetcher is None:
            from licensedesk.api.images import ImageFetcher

            self._fetcher = ImageFetcher()
        return self._fetcher

    def show_for(self, lic: Any):
        """A licence arrived: fetch its image (returns the task), or cancel a fetch in flight."""
        url = field(lic, "image_url") if lic is not None else None
        if not url or not isinstance(url, str):
            self._runner.cancel(TASK)
            return None
        key = (self._service(), url)
        if self._last is not None and self._last[0] == key:
            self._runner.cancel(TASK)
            self.loaded.emit(url, self._last[1], self._last[2])
            return None
        self.loading.emit(url)
        return self._runner.run(
            TASK,
            lambda: self._fetch(url),
            on_success=lambda image: self._loaded(key, image),
            on_error=lambda failure: self._failed(url, failure),
        )

    def cancel(self) -> None:
        self._runner.cancel(TASK)

    async def aclose(self) -> None:
        self.cancel()
        if self._fetcher is not None:
            await self._fetcher.aclose()

    async def _fetch(self, url: str):
        from licensedesk.api.errors import ApiError, BadResponse

        try:
            config = self._client().config
            return await self.fetcher.fetch(url, config)
        except ApiError:
            raise
        except Exception as exc:  # an image is never worth an error dialog
            log.warning("fetching the licence image failed", exc_info=True)
            raise BadResponse("The image could not be loaded.") from exc

    def _service(self) -> str:
        try:
            return self._client().config.base_url
        except Exception:  # no profile: the fetch will say so
            return ""

    def _loaded(self, key: tuple[str, str], image) -> None:
        self._last = (key, image.data, image.content_type)
        self.loaded.emit(key[1], image.data, image.content_type)

    def _failed(self, url: str, failure: Failure) -> None:
        log.info("licence image not shown: %s", failure.sentence)
        self.failed.emit(url, failure.sentence)


def install_license_image(desk: Any) -> LicenseImageController:
    """Fetch the image of every licence the lookup shows and hand it to the licence card."""
    card = desk.window.workspace.card
    controller = LicenseImageController(desk.runner, desk.connections.client, desk)
    desk.lookup.licenseLoaded.connect(controller.show_for)  # after card.show_license
    controller.loading.connect(card.show_image_loading)
    controller.loaded.connect(card.show_image)
    controller.failed.connect(card.show_image_failed)
    return controller
