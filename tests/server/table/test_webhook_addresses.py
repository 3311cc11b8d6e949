"""Webhooks cannot be aimed inside the operator's network (issue 24): loopback, link-local,
private, multicast, unspecified and reserved addresses, in every spelling the resolver
accepts, are refused when a hook is registered and again when it is POSTed to (after its
name is resolved, connecting to the very address checked), unless
HERALD_WEBHOOK_ALLOW_NETWORKS lists them.

No test here looks a name up in DNS or sends anything beyond 127.0.0.1: names other than
`localhost` are answered by a resolver put in place of server.hook_addresses.resolve, and
the public addresses below are only ever registered, never posted to."""
from __future__ import annotations

import shutil
import socket
import ssl
import subprocess
from datetime import timedelta

import pytest

from client import exitcodes
from server.notify.channels import webhook as webhooks
from server.store.models import Notification, utcnow
from tests.server.table.receiver import Receiver

INSIDE = [
    "http://127.0.0.1:8080/hook",
    "http://169.254.169.254/latest/meta-data/",  # a cloud's metadata service
    "http://10.0.0.1/",
    "http://[::1]:8080/",
    "http://0x7f000001/",  # 127.0.0.1 as getaddrinfo and inet_aton read it
    "http://2130706433/",
    "http://127.1/",
    "http://0177.0.0.1/",
    "http://017700000001/",
    "http://0x7f.1/",
    "http://0/",
    "https://0.0.0.0:8443/",
    "http://[::]/",
    "http://[::ffff:127.0.0.1]/",  # IPv4-mapped IPv6
    "http://[::ffff:a9fe:a9fe]/",  # 169.254.169.254, mapped
    "http://[64:ff9b::a00:1]/",  # 10.0.0.1 through NAT64
    "http://[2002:7f00:1::1]/",  # 127.0.0.1 through 6to4
    "http://[fe80::1]/",
    "http://[fd12:3456::1]/",
    "http://172.16.0.1/",
    "http://192.168.1.1/",
    "http://100.64.0.1/",  # shared address space (carrier NAT)
    "http://224.0.0.1/",
    "http://[ff02::1]/",
    "http://240.0.0.1/",
    "http://255.255.255.255/",
    "http://localhost:8080/hook",
]
FIVE = INSIDE[:4] + ["http://0x7f000001/"]
ODD = ["http://2130706433/", "http://127.1/", "http://0177.0.0.1/", "http://[::ffff:127.0.0.1]/"]
LOCAL = "127.0.0.0/8,::1/128"


@pytest.fixture
def receiver():
    server = Receiver().start()
    yield server
    server.stop()


class Names:
    """A resolver for made-up names: `names.answers["hooks.invalid"] = ["127.0.0.1"]` (or a list
    of such lists, one per lookup). Literal addresses and localhost are resolved for real (by
    the system, without DNS); any other name has no address."""

    def __init__(self, real):
        self.real = real
        self.answers: dict[str, list] = {}
        self.asked: list[str] = []

    def __call__(self, host: str, port: int) -> list[str]:
        self.asked.append(host)
        answers = self.answers.get(host)
        if answers is None:
            if host == "localhost" or host[:1].isdigit() or ":" in host:
                return self.real(host, port)
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return answers.pop(0) if isinstance(answers[0], list) else answers


@pytest.fixture
def names(monkeypatch):
    from server import hook_addresses

    resolver = Names(hook_addresses.resolve)
    monkeypatch.setattr(hook_addresses, "resolve", resolver)
    return resolver


def allowing(config, networks=LOCAL) -> dict:
    """The setting as the operator writes it (the server reads it at start, and wherever used)."""
    return {**config, "WEBHOOK_ALLOW_NETWORKS": networks}


@pytest.fixture
def allowed_api(config, toy_game):
    """The API of an app whose operator allows webhooks to this machine (127.0.0.0/8, ::1)."""
    from server.app import create_app
    from server.store.db import database
    from tests.server.conftest import Api

    yield Api(create_app(allowing(config)).test_client())
    database.close()


@pytest.mark.parametrize("url", INSIDE)
def test_inside_addresses_are_refused_at_registration(api, alice_bob, url):
    response = api.call("POST", "/webhooks", alice_bob[0], json={"url": url})
    assert response.status_code == 422, response.json
    error = response.json["error"]
    assert error["code"] == "webhook-address-refused"
    assert error["message"].startswith("Webhooks may only go to public Internet addresses: ")
    assert error["message"].endswith(" address.")
    assert api.call("GET", "/webhooks", alice_bob[0]).json["webhooks"] == []


def test_the_reason_names_the_address_as_the_resolver_reads_it(api, alice_bob):
    said = {url: api.call("POST", "/webhooks", alice_bob[0], json={"url": url}).json["error"]["message"]
            for url in ("http://0x7f000001/", "http://[::ffff:a9fe:a9fe]/", "http://localhost:8080/",
                        "http://10.0.0.1/", "http://[ff02::1]/")}
    assert said["http://0x7f000001/"].endswith("0x7f000001 is 127.0.0.1, a loopback address.")
    assert said["http://[::ffff:a9fe:a9fe]/"].endswith("::ffff:a9fe:a9fe is 169.254.169.254, a link-local address.")
    assert said["http://localhost:8080/"].startswith("Webhooks may only go to public Internet addresses: localhost is ")
    assert said["http://localhost:8080/"].endswith(", a loopback address.")
    assert said["http://10.0.0.1/"].endswith("10.0.0.1 is a private address.")
    assert said["http://[ff02::1]/"].endswith("ff02::1 is a multicast address.")


def test_public_addresses_and_names_are_registered(api, alice_bob, names):
    names.answers["hooks.example.org"] = ["2606:4700::1111", "1.1.1.1"]
    for url in ("https://93.184.215.14/hook", "http://[2606:4700::1111]:8080/", "https://hooks.example.org/x",
                "http://[::ffff:1.1.1.1]/"):
        response = api.call("POST", "/webhooks", alice_bob[0], json={"url": url})
        assert response.status_code == 201, (url, response.json)


def test_a_name_without_an_address_or_with_one_inside_is_refused(api, alice_bob, names):
    names.answers["split.example.org"] = ["1.1.1.1", "10.1.2.3"]  # one public, one inside: refused
    refused = api.call("POST", "/webhooks", alice_bob[0], json={"url": "https://split.example.org/"}).json["error"]
    assert refused["code"] == "webhook-address-refused" and "split.example.org is 10.1.2.3" in refused["message"]
    unknown = api.call("POST", "/webhooks", alice_bob[0], json={"url": "https://nowhere.invalid/"}).json["error"]
    assert unknown["code"] == "webhook-host-unknown" and "nowhere.invalid" in unknown["message"]


@pytest.mark.parametrize("url", FIVE + ODD)
def test_herald_webhook_add_refuses_inside_addresses(herald, url):
    ana = herald.register("ana")
    result = herald("webhook", "add", url, token=ana)
    assert result.exit_code == exitcodes.REJECTED, result.stdout
    assert "webhook-address-refused" in result.stderr and "public Internet addresses" in result.stderr
    assert herald.json("webhook", token=ana) == []


def test_the_allow_setting_lets_the_operator_post_to_a_local_receiver(allowed_api, receiver, config):
    alice, bob = allowed_api.register("alice"), allowed_api.register("bob")
    for url in (receiver.url, f"http://2130706433:{receiver.port}/hook"):
        assert allowed_api.call("POST", "/webhooks", alice, json={"url": url}).status_code == 201
    allowed_api.start_game([alice, bob])
    assert webhooks.deliver_pending(allowing(config)).sent == len(receiver.received) == 2


def test_a_hook_allowed_then_disallowed_is_refused_when_posting_and_not_retried(allowed_api, receiver, config):
    alice, bob = allowed_api.register("alice"), allowed_api.register("bob")
    for url in (receiver.url, f"http://localhost:{receiver.port}/hook", f"http://0x7f000001:{receiver.port}/hook"):
        assert allowed_api.call("POST", "/webhooks", alice, json={"url": url}).status_code == 201
    allowed_api.start_game([alice, bob])
    report = webhooks.deliver_pending(config)  # the operator took the setting away since
    assert report.sent == 0 and report.given_up == 3 and receiver.received == []
    rows = Notification.select().where(Notification.kind == "webhook").order_by(Notification.id)
    assert [row.status for row in rows] == ["failed"] * 3
    assert "127.0.0.1 is a loopback address" in rows[0].last_error
    assert "localhost is " in rows[1].last_error and "a loopback address" in rows[1].last_error
    assert "0x7f000001 is 127.0.0.1, a loopback address" in rows[2].last_error
    assert all("HERALD_WEBHOOK_ALLOW_NETWORKS" in row.last_error for row in rows)
    assert webhooks.deliver_pending(config, now=utcnow() + timedelta(days=1)).failed == 0  # never again


def test_a_name_that_resolves_inside_later_is_refused_when_posting(api, alice_bob, names, config, receiver):
    """DNS rebinding: a public answer at registration, 127.0.0.1 when the POST connects."""
    alice, bob = alice_bob
    names.answers["rebind.example.org"] = [["1.1.1.1"], ["127.0.0.1"]]
    url = f"http://rebind.example.org:{receiver.port}/hook"
    assert api.call("POST", "/webhooks", alice, json={"url": url}).status_code == 201
    api.start_game(alice_bob)
    report = webhooks.deliver_pending(config)
    assert report.sent == 0 and report.given_up == 1 and receiver.received == []
    assert "rebind.example.org is 127.0.0.1, a loopback address" in Notification.get(kind="webhook").last_error


def test_the_post_connects_to_the_address_checked_and_keeps_the_name_in_host(allowed_api, names, config, receiver):
    """The connection resolves the name once, checks it, and connects there (no second lookup
    that DNS could answer differently); the Host header still names the host."""
    names.answers["hooks.invalid"] = ["127.0.0.1"]
    alice, bob = allowed_api.register("alice"), allowed_api.register("bob")
    url = f"http://hooks.invalid:{receiver.port}/hook"
    assert allowed_api.call("POST", "/webhooks", alice, json={"url": url}).status_code == 201
    names.asked.clear()
    allowed_api.start_game([alice, bob])
    assert webhooks.deliver_pending(allowing(config)).sent == 1
    assert names.asked == ["hooks.invalid"]
    assert receiver.received[0]["headers"]["Host"] == f"hooks.invalid:{receiver.port}"


@pytest.fixture
def tls_receiver(tmp_path):
    """An HTTPS receiver on 127.0.0.1 whose certificate names hooks.invalid, recording the
    name each client asked for in TLS (SNI)."""
    if shutil.which("openssl") is None:
        pytest.skip("the openssl program is not installed")
    key, cert = tmp_path / "key.pem", tmp_path / "cert.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
                    "/CN=hooks.invalid", "-addext", "subjectAltName=DNS:hooks.invalid", "-keyout", str(key),
                    "-out", str(cert)], check=True, capture_output=True, timeout=60)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    server = Receiver(ssl_context=context).start()
    yield server, str(cert)
    server.stop()


def test_https_keeps_the_name_for_sni_and_the_certificate(allowed_api, names, tls_receiver):
    from server import hook_addresses

    server, cafile = tls_receiver
    names.answers["hooks.invalid"] = ["127.0.0.1"]
    alice, bob = allowed_api.register("alice"), allowed_api.register("bob")
    url = f"https://hooks.invalid:{server.port}/hook"
    assert allowed_api.call("POST", "/webhooks", alice, json={"url": url}).status_code == 201
    allowed_api.start_game([alice, bob])
    transport = webhooks.HttpTransport(hook_addresses.networks(LOCAL))
    transport.session.verify = cafile  # the throwaway CA, for this test only
    try:
        transport.send(Notification.get(kind="webhook"))
    finally:
        transport.close()
    assert server.server_names == ["hooks.invalid"] and len(server.received) == 1


def test_proxies_from_the_environment_are_not_used(allowed_api, receiver, config, monkeypatch):
    """A proxy would connect wherever it likes, past every check: webhooks ignore HTTP_PROXY."""
    proxy = Receiver().start()
    try:
        for name in ("NO_PROXY", "no_proxy"):
            monkeypatch.delenv(name, raising=False)
        for name in ("HTTP_PROXY", "http_proxy", "ALL_PROXY"):
            monkeypatch.setenv(name, f"http://127.0.0.1:{proxy.port}")
        alice, bob = allowed_api.register("alice"), allowed_api.register("bob")
        assert allowed_api.call("POST", "/webhooks", alice, json={"url": receiver.url}).status_code == 201
        allowed_api.start_game([alice, bob])
        assert webhooks.deliver_pending(allowing(config)).sent == 1
    finally:
        proxy.stop()
    assert len(receiver.received) == 1 and proxy.received == []


def test_the_allow_setting_is_checked_at_start():
    from server.config import ConfigError, load_config

    networks = load_config({"HERALD_WEBHOOK_ALLOW_NETWORKS": "127.0.0.0/8, ::1/128 10.0.0.0/8"})[
        "WEBHOOK_ALLOW_NETWORKS"]
    assert [str(n) for n in networks] == ["127.0.0.0/8", "::1/128", "10.0.0.0/8"]
    assert load_config({})["WEBHOOK_ALLOW_NETWORKS"] == ()
    for bad in ("127.0.0.1/8", "localhost", "10.0.0.0/33"):
        with pytest.raises(ConfigError, match="HERALD_WEBHOOK_ALLOW_NETWORKS"):
            load_config({"HERALD_WEBHOOK_ALLOW_NETWORKS": bad})
