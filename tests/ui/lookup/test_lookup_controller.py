"""LookupController without a window, on a stub client: three parts in parallel, a new
lookup cancels the old one's parts, empty activations wait for the licence part to tell
"no devices" from "serial does not exist", busy per part, refresh."""

from __future__ import annotations

import asyncio

from licensedesk.api.activation_rows import SeenActivations, as_rows
from licensedesk.api.errors import NotFound
from licensedesk.api.models import Activation, License, Product
from licensedesk.ui.lookup.controller import LookupController
from licensedesk.ui.shared.tasks import TaskRunner


def lic(serial: str) -> License:
    return License.from_wire({"id": 1, "serial": serial, "type": "perpetual"})


def products(serial: str) -> list[Product]:
    return [
        Product.from_wire(
            {
                "id": 7,
                "name": f"Tool {serial}",
                "code": serial.lower(),
                "active": True,
                "max_host_count": 2,
            }
        )
    ]


def activations(serial: str) -> list[Activation]:
    return [
        Activation.from_wire(
            {"id": 70, "product_id": 7, "activated": 1, "host_id": "H" * 32, "serial": serial}
        )
    ]


class StubClient:
    """Answers from tables keyed by serial; ``gate(method, serial)`` makes a call wait."""

    has_write_pair = True  # False: a profile without a write pair
    may_write: bool | None = True  # False: the service refused its only key for writes

    def __init__(self) -> None:
        self.licenses: dict[str, object] = {}
        self.products: dict[str, object] = {}
        self.activation_lists: dict[str, object] = {}
        self.gates: dict[tuple[str, str], asyncio.Event] = {}
        self.calls: list[tuple[str, str]] = []
        self.cancelled: list[tuple[str, str]] = []

    def add(self, serial: str, *, license=None, products=None, activations=None) -> None:
        self.licenses[serial] = license
        self.products[serial] = products
        self.activation_lists[serial] = activations

    def gate(self, method: str, serial: str) -> asyncio.Event:
        return self.gates.setdefault((method, serial), asyncio.Event())

    async def _answer(self, method: str, serial: str, table: dict):
        self.calls.append((method, serial))
        gate = self.gates.get((method, serial))
        if gate is not None:
            try:
                await gate.wait()
            except asyncio.CancelledError:
                self.cancelled.append((method, serial))
                raise
        value = table[serial]
        if isinstance(value, BaseException):
            raise value
        return value

    async def show_license(self, serial):
        return await self._answer("show_license", serial, self.licenses)

    async def license_products(self, serial):
        return await self._answer("license_products", serial, self.products)

    async def activations(self, serial):
        return await self._answer("activations", serial, self.activation_lists)

    async def activation_rows(self, serial, each):
        """As the client: the devices as rows to ``each``, then their counts."""
        rows = as_rows(await self.activations(serial))
        each(rows)
        seen = SeenActivations()
        seen.add(rows)
        return seen


class Seen:
    """Everything the controller emitted, in lists."""

    def __init__(self, ctrl: LookupController) -> None:
        self.started: list[str] = []
        self.licenses: list = []
        self.products: list = []
        self.activations: list = []
        self.failed: list[tuple[str, object]] = []
        self.busy: list[tuple[str, bool]] = []
        ctrl.started.connect(self.started.append)
        ctrl.licenseLoaded.connect(self.licenses.append)
        ctrl.productsLoaded.connect(self.products.append)
        ctrl.activationsLoaded.connect(self.activations.append)
        ctrl.partFailed.connect(lambda part, f: self.failed.append((part, f)))
        ctrl.partBusy.connect(lambda part, b: self.busy.append((part, b)))


def make(client: StubClient) -> tuple[LookupController, TaskRunner, Seen]:
    runner = TaskRunner()
    ctrl = LookupController(runner, lambda: client)
    return ctrl, runner, Seen(ctrl)


def wait_all(qtbot, tasks) -> None:
    qtbot.waitUntil(lambda: all(t.done() for t in tasks), timeout=5000)


def test_lookup_loads_three_parts(qtbot):
    client = StubClient()
    client.add("AAA", license=lic("AAA"), products=products("AAA"), activations=activations("AAA"))
    ctrl, _runner, seen = make(client)

    tasks = ctrl.lookup("AAA")
    assert len(tasks) == 3
    assert ctrl.is_running()
    wait_all(qtbot, tasks)

    assert seen.started == ["AAA"]
    assert seen.licenses == [lic("AAA")]
    assert seen.products == [products("AAA")]
    assert seen.activations == [as_rows(activations("AAA"))]  # the client's rows
    assert seen.failed == []
    assert sorted(client.calls) == [
        ("activations", "AAA"),
        ("license_products", "AAA"),
        ("show_license", "AAA"),
    ]
    assert not ctrl.is_running()


def test_parts_load_in_parallel(qtbot):
    """While the licence part waits, products and activations already arrive."""
    client = StubClient()
    client.add("AAA", license=lic("AAA"), products=products("AAA"), activations=activations("AAA"))
    slow = client.gate("show_license", "AAA")
    ctrl, _runner, seen = make(client)

    tasks = ctrl.lookup("AAA")
    qtbot.waitUntil(lambda: bool(seen.products) and bool(seen.activations))
    assert seen.licenses == []
    assert [t.get_name() for t in ctrl.in_flight()] == ["lookup.license"]

    slow.set()
    wait_all(qtbot, tasks)
    assert seen.licenses == [lic("AAA")]


def test_new_lookup_cancels_the_parts_in_flight(qtbot):
    client = StubClient()
    client.add("OLD", license=lic("OLD"), products=products("OLD"), activations=activations("OLD"))
    client.add("NEW", license=lic("NEW"), products=products("NEW"), activations=activations("NEW"))
    gates = [client.gate(m, "OLD") for m in ("show_license", "license_products", "activations")]
    ctrl, _runner, seen = make(client)

    old = ctrl.lookup("OLD")
    qtbot.waitUntil(lambda: len(client.calls) == 3)
    new = ctrl.lookup("NEW")
    wait_all(qtbot, old + new)
    for gate in gates:  # answers for the old serial arriving late change nothing
        gate.set()
    wait_all(qtbot, old + new)

    assert sorted(client.cancelled) == [
        ("activations", "OLD"),
        ("license_products", "OLD"),
        ("show_license", "OLD"),
    ]
    assert seen.started == ["OLD", "NEW"]
    assert seen.licenses == [lic("NEW")]
    assert seen.products == [products("NEW")]
    assert seen.activations == [as_rows(activations("NEW"))]
    assert seen.failed == []
    assert ctrl.serial == "NEW"


def test_empty_activations_of_missing_serial_fail_as_not_found(qtbot):
    client = StubClient()
    missing = NotFound("This serial does not exist.", what="license")
    client.add("NOPE", license=missing, products=[], activations=[])
    license_gate = client.gate("show_license", "NOPE")
    ctrl, runner, seen = make(client)

    tasks = ctrl.lookup("NOPE")
    qtbot.waitUntil(lambda: ("activations", "NOPE") in client.calls and bool(seen.products))
    # the empty list is held back until the licence part has answered
    assert runner.is_running("lookup.activations")
    assert seen.activations == []

    license_gate.set()
    wait_all(qtbot, tasks)

    assert seen.activations == []
    parts = dict(seen.failed)
    assert set(parts) == {"license", "activations"}
    failure = parts["activations"]
    assert isinstance(failure.error, NotFound)
    assert failure.error.what == "license"
    assert failure.sentence == "This serial does not exist."
    assert not failure.unexpected


def test_empty_activations_of_existing_licence_are_loaded(qtbot):
    client = StubClient()
    client.add("BARE", license=lic("BARE"), products=products("BARE"), activations=[])
    license_gate = client.gate("show_license", "BARE")
    ctrl, runner, seen = make(client)

    tasks = ctrl.lookup("BARE")
    qtbot.waitUntil(lambda: ("activations", "BARE") in client.calls)
    assert runner.is_running("lookup.activations")

    license_gate.set()
    wait_all(qtbot, tasks)

    assert seen.activations == [[]]
    assert seen.licenses == [lic("BARE")]
    assert seen.failed == []


def test_part_busy_true_then_false_for_each_part(qtbot):
    client = StubClient()
    client.add("AAA", license=lic("AAA"), products=products("AAA"), activations=activations("AAA"))
    ctrl, _runner, seen = make(client)

    tasks = ctrl.lookup("AAA")
    # busy is reported at once, before any part's first step
    assert sorted(seen.busy) == [("activations", True), ("license", True), ("products", True)]
    wait_all(qtbot, tasks)

    for part in ("license", "products", "activations"):
        assert [b for p, b in seen.busy if p == part] == [True, False], part


def test_part_busy_ends_false_when_a_part_fails(qtbot):
    client = StubClient()
    client.add(
        "AAA", license=lic("AAA"), products=NotFound(what="license"), activations=activations("AAA")
    )
    ctrl, _runner, seen = make(client)

    wait_all(qtbot, ctrl.lookup("AAA"))

    assert [p for p, _f in seen.failed] == ["products"]
    assert [b for p, b in seen.busy if p == "products"] == [True, False]


def test_refresh_repeats_the_last_serial(qtbot):
    client = StubClient()
    client.add("AAA", license=lic("AAA"), products=products("AAA"), activations=activations("AAA"))
    ctrl, _runner, seen = make(client)
    assert ctrl.refresh() == []  # nothing looked up yet
    assert client.calls == []

    wait_all(qtbot, ctrl.lookup("AAA"))
    tasks = ctrl.refresh()
    assert len(tasks) == 3
    wait_all(qtbot, tasks)

    assert seen.started == ["AAA", "AAA"]
    assert client.calls.count(("show_license", "AAA")) == 2
    assert client.calls.count(("license_products", "AAA")) == 2
    assert client.calls.count(("activations", "AAA")) == 2
    assert seen.licenses == [lic("AAA"), lic("AAA")]


def test_a_key_refused_for_writes_lists_no_products_and_sends_nothing_for_them(qtbot):
    from licensedesk.ui.shared.refusals import products_unavailable

    client = StubClient()
    client.has_write_pair = False
    client.may_write = False  # the service refused the profile's only key for a write
    client.add("AAA", license=lic("AAA"), products=products("AAA"), activations=[])
    ctrl, _runner, seen = make(client)
    unavailable: list[str] = []
    ctrl.productsUnavailable.connect(unavailable.append)

    wait_all(qtbot, ctrl.lookup("AAA"))
    assert unavailable == [products_unavailable()]
    assert seen.products == [] and seen.failed == []
    assert not any(method == "license_products" for method, _serial in client.calls)
