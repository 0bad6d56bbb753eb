"""The licence card's image: fetched when a looked-up licence has an ``image_url``.

The fetch is its own named task, ``lookup.image``, so a new lookup (which
cancels the ``lookup`` group) or a change of profile cancels it too. It is
not a part of the lookup: a failure is no lookup failure and never reaches
the banner; the card keeps the link and says "Image could not be loaded".
It starts once the lookup's other parts have arrived, so it never competes
with them (it is decoration; they are what the user asked for).
``wiring.install_lookup`` hands what it loads to the licence card.
The fetch itself is :class:`licensedesk.api.images.ImageFetcher` (no
credentials, capped, checked addresses); its client is owned here and closed
on quit. The last few images are kept (a SKU's image is shared by many
licences): showing one again sends nothing.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Signal

from ..shared.service_controller import ServiceController
from ..shared.tasks import Failure, TaskRunner, wait_for_tasks
from ..shared.timers import one_shot

log = logging.getLogger(__name__)

TASK = "lookup.image"
CACHE_ENTRIES = 16  # images are capped at 2 MiB; SKU images are far smaller
#: :meth:`LicenseImageController.show_soon` waits this long: one frame
SOON_MS = 16


class LicenseImageController(ServiceController):
    loading = Signal(str)  # url
    loaded = Signal(str, object, str)  # url, data (bytes), content type
    failed = Signal(str, str)  # url, sentence (for a tooltip or the log; the card stays quiet)

    def __init__(
        self,
        runner: TaskRunner,
        client: Callable[[], Any],
        wait_for: Callable[[], list[asyncio.Task]] = list,
        parent=None,
    ) -> None:
        """``client``: returns the current profile's LicenseClient (for its config only);
        ``wait_for``: the tasks to let finish before fetching (the lookup's parts)."""
        super().__init__(runner, client, parent)
        self._wait_for = wait_for
        self._fetcher = None
        # recent images, key (service address, url) -> (data, content type)
        self._cache: OrderedDict[tuple[str, str], tuple[bytes, str]] = OrderedDict()
        self._soon: Any = None  # the licence show_soon was given
        self._soon_timer = one_shot(self, SOON_MS, self._show_soon_now)

    @property
    def fetcher(self):
        if self._fetcher is None:
            from licensedesk.api.images import ImageFetcher

            self._fetcher = ImageFetcher()
        return self._fetcher

    def show_for(self, lic: Any):
        """A licence arrived: fetch its image (returns the task), or cancel a fetch in flight."""
        url = lic.image_url if lic is not None else None
        if not url or not isinstance(url, str):
            self._runner.cancel(TASK)
            return None
        key = (self._service(), url)
        if key in self._cache:
            self._runner.cancel(TASK)
            self._cache.move_to_end(key)
            self.loaded.emit(url, *self._cache[key])
            return None
        self.loading.emit(url)
        return self._runner.run(
            TASK,
            lambda: self._fetch(url),
            on_success=lambda image: self._loaded(key, image),
            on_error=lambda failure: self._failed(url, failure),
        )

    def show_soon(self, lic: Any) -> None:
        """:meth:`show_for` a frame later: the image is decoration, and decoding even a
        kept one takes time from the frame that shows the lookup's parts. (A 0 ms timer
        is a posted call, which Qt delivers before its paint.)"""
        self._soon = lic
        self._soon_timer.start()

    def waiting(self) -> bool:
        """Whether a :meth:`show_soon` is still to come (tests wait for it)."""
        return self._soon_timer.isActive()

    def _show_soon_now(self) -> None:
        lic, self._soon = self._soon, None
        if lic is not None:
            self.show_for(lic)

    def cancel(self) -> None:
        """Stop the fetch in flight, and a :meth:`show_soon` still to come."""
        self._soon_timer.stop()
        self._soon = None
        self._runner.cancel(TASK)

    async def aclose(self) -> None:
        self.cancel()
        if self._fetcher is not None:
            await self._fetcher.aclose()

    async def _fetch(self, url: str):
        from licensedesk.api.errors import ApiError, BadResponse

        await wait_for_tasks(self._wait_for())
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
        self._cache[key] = (image.data, image.content_type)
        while len(self._cache) > CACHE_ENTRIES:
            self._cache.popitem(last=False)
        self.loaded.emit(key[1], image.data, image.content_type)

    def _failed(self, url: str, failure: Failure) -> None:
        log.info("licence image not shown: %s", failure.sentence)
        self.failed.emit(url, failure.sentence)
