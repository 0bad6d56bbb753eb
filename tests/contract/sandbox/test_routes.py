"""Every route of spec §4: success shape and field types, and the §3 transitions read back."""

from __future__ import annotations

import pytest

from .helpers import (
    ACTIVATION_FIELDS,
    CODE,
    LICENSE_FIELDS,
    PRODUCT_FIELDS,
    SERIAL,
    SHOW_LICENSE_FIELDS,
    VALIDATION_FIELDS,
    activations,
    assert_error,
    assert_shape,
    call,
    show,
)


@pytest.mark.parametrize("kind", ["perpetual", "subscription_active", "trial", "offline"])
def test_show_license_has_every_field_with_its_type(sandbox, kind):
    response = show(sandbox, sandbox.serial(kind))
    assert response.status_code == 200
    data = response.json()["data"]
    assert_shape(data, SHOW_LICENSE_FIELDS)
    assert SERIAL.fullmatch(data["serial"]) and data["serial"] == sandbox.serial(kind)


def test_show_license_types_and_perpetual_dates(sandbox):
    perpetual = show(sandbox, sandbox.serial("perpetual")).json()["data"]
    assert perpetual["type"] == "perpetual"
    assert perpetual["start_at"] is None and perpetual["end_at"] is None
    subscription = show(sandbox, sandbox.serial("subscription_active")).json()["data"]
    assert subscription["type"] == "subscription"
    assert subscription["start_at"] < subscription["end_at"]
    assert show(sandbox, sandbox.serial("trial")).json()["data"]["type"] == "trial"


def test_get_activations_shape(sandbox):
    rows = activations(sandbox, "many_activations")
    assert len(rows) >= 40
    for row in rows:
        assert_shape(row, ACTIVATION_FIELDS)
        assert len(row["host_id"]) == 32
        assert "__" in row["device_tag"]
        assert row["serial"] == sandbox.serial("many_activations")


def test_products_shape(sandbox):
    response = call(sandbox, "POST", "/v2/licenses/products", serial=sandbox.serial("perpetual"))
    assert response.status_code == 200
    products = response.json()["data"]
    assert products
    for product in products:
        assert_shape(product, PRODUCT_FIELDS)
        assert CODE.fullmatch(product["code"]) and len(product["key"]) == 32
    assert sandbox.product_code("perpetual") in {p["code"] for p in products}


def test_validate_shape_and_valid(sandbox):
    response = call(
        sandbox,
        "POST",
        "/v2/licenses/valid",
        "read",
        serial=sandbox.serial("perpetual"),
        code=sandbox.product_code("perpetual"),
        version="2.0",
    )
    assert response.status_code == 200
    data = response.json()["data"]
    assert_shape(data, VALIDATION_FIELDS)
    assert data["message"] == "valid"
    assert data["product_code"] == sandbox.product_code("perpetual")


def test_register_products_get_shape_leaves_out_upgrade_and_definer(sandbox):
    serial = sandbox.serial("offline")
    response = call(sandbox, "GET", f"/v2/register-products/{serial}", "read")
    assert response.status_code == 200
    [licence] = response.json()["data"]
    assert_shape(licence, LICENSE_FIELDS)
    assert "sku_upgrade" not in licence and "definer" not in licence


@pytest.mark.parametrize("route", ["/v2/activations/{id}", "/v2/activations/update-api/{id}"])
@pytest.mark.parametrize("value", [False, True])
def test_put_activation_sets_flag_and_reads_back(sandbox, route, value):
    first = activations(sandbox, "perpetual")[0]
    if first["activated"] == value:
        call(sandbox, "PUT", route.format(id=first["id"]), activated=not value)
    response = call(sandbox, "PUT", route.format(id=first["id"]), "write", activated=value)
    assert response.status_code == 200
    assert response.json() == {"message": "Activation successfully updated."}
    again = next(a for a in activations(sandbox, "perpetual") if a["id"] == first["id"])
    assert again["activated"] is value


@pytest.mark.parametrize("route", ["/v2/activations/{id}", "/v2/activations/destroy-api/{id}"])
def test_delete_activation_removes_it(sandbox, route):
    before = activations(sandbox, "perpetual")
    response = call(sandbox, "DELETE", route.format(id=before[0]["id"]), "write")
    assert response.status_code == 200
    assert response.json() == {"message": "Activation successfully deleted."}
    after = activations(sandbox, "perpetual")
    assert [a["id"] for a in after] == [a["id"] for a in before[1:]]
    again = call(sandbox, "DELETE", route.format(id=before[0]["id"]), "write")
    assert_error(again, 404, "Activation does not exist!")


def test_upgrade_removes_current_and_keeps_target(sandbox):
    current, target = sandbox.serial("upgrade_current"), sandbox.serial("upgrade_target")
    response = call(
        sandbox,
        "POST",
        "/v2/licenses/upgrade",
        "read",
        current_serial=current,
        upgrade_serial=target,
    )
    assert response.status_code == 200
    assert response.json() == {"message": "Upgrade license is ready to use."}
    assert_error(show(sandbox, current), 401, "License does not exist!")
    assert show(sandbox, target).status_code == 200
    listed = call(sandbox, "GET", f"/v2/activations/{current}", "read")
    assert_error(listed, 404, "Activation does not exist!")


def test_register_sets_name_email_and_registered(sandbox):
    serial = sandbox.serial("offline")
    sku = show(sandbox, serial).json()["data"]["sku_number"]
    assert show(sandbox, serial).json()["data"]["registered"] is False
    response = call(
        sandbox,
        "PUT",
        f"/v2/register-products/{serial}",
        "read",
        name="Ada Lovelace",
        email="ada@example.org",
        sku_number=sku,
    )
    assert response.status_code == 200
    assert response.json() == {"message": "Serial successfully registered."}
    data = show(sandbox, serial).json()["data"]
    assert (data["name"], data["email"], data["registered"]) == (
        "Ada Lovelace",
        "ada@example.org",
        True,
    )
