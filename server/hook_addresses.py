"""Where a webhook may be POSTed: public Internet addresses only, unless the operator allows more.

A webhook URL is a player choosing where the server connects. Unchecked, it reaches what only
the server can: services listening on its loopback, a cloud's metadata address
(169.254.169.254), the operator's private network. So every address a hook's host stands for
must be public: not loopback, link-local, private, multicast, unspecified, reserved or
otherwise outside the public Internet; an IPv4 address carried inside an IPv6 one (mapped,
NAT64, 6to4) is judged as that IPv4 address. The host is read as the resolver reads it when
connecting (getaddrinfo), so `0x7f000001`, `2130706433`, `0177.0.0.1` and `127.1` are all
127.0.0.1 here too. HERALD_WEBHOOK_ALLOW_NETWORKS lists networks allowed anyway (a receiver
on the same machine or the same private network).

Checked when a hook is registered (`check_url`), and again each time a POST connects
(server/notify/pinned_http.py: the connection resolves the name once, checks every address, and
connects to one of those), since a name may point elsewhere by then.
"""
from __future__ import annotations

import ipaddress
import socket
from ipaddress import IPv4Address, IPv4Network, IPv6Address, IPv6Network
from typing import Callable, TypeVar

from flask import g, has_request_context
from urllib3.exceptions import LocationParseError
from urllib3.util import parse_url

from server.errors import msg

Network = IPv4Network | IPv6Network
NAT64 = ipaddress.ip_network("64:ff9b::/96")  # the well-known prefix: the last 32 bits are an IPv4 address
# What an address is, in the order asked: the first that fits names it in the refusal.
KINDS = (("is_unspecified", msg("an unspecified address")), ("is_loopback", msg("a loopback address")),
         ("is_link_local", msg("a link-local address")), ("is_multicast", msg("a multicast address")),
         ("is_reserved", msg("a reserved address")), ("is_private", msg("a private address")))
NOT_PUBLIC = msg("not a public address")


class AddressRefused(Exception):
    """The host stands for an address inside the operator's network (the message says which)."""


class HostUnknown(Exception):
    """The host has no address (the name does not resolve, or is not a host name at all)."""


def networks(value) -> tuple[Network, ...]:
    """The allow setting: networks separated by commas or spaces (or a list of them), each
    written as its network address (`127.0.0.0/8`, not `127.0.0.1/8`); a single address is
    its own /32 or /128. Already parsed networks pass through, so this reads raw and
    checked settings alike."""
    if not value:
        return ()
    items = value if isinstance(value, (list, tuple)) else str(value).replace(",", " ").split()
    parsed = []
    for item in items:
        if isinstance(item, (IPv4Network, IPv6Network)):
            parsed.append(item)
            continue
        try:
            parsed.append(ipaddress.ip_network(str(item).strip()))
        except ValueError as exc:
            raise ValueError(f"{item!r} is not a network ({exc})") from None
    return tuple(parsed)


def resolve(host: str, port: int) -> list[str]:
    """Every address `host` stands for, as getaddrinfo (and so a connection) reads it, in the
    resolver's order. A literal address, in any form getaddrinfo takes, asks no DNS. (Tests
    put a resolver of their own here, to answer for names without DNS.)"""
    found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return list(dict.fromkeys(str(sockaddr[0]) for *_, sockaddr in found))


def checked_addresses(host: str, port: int, allowed: tuple[Network, ...]) -> list[str]:
    """The addresses of `host`, every one of them allowed; else AddressRefused or HostUnknown."""
    host = host.strip("[]")
    try:
        addresses = remembered("resolve", (host, port), lambda: resolve(host, port))
    except (OSError, UnicodeError) as exc:  # socket.gaierror is an OSError
        raise HostUnknown(msg("The webhook's host %(host)s has no address (%(reason)s); check how it is spelt.",
                              host=host, reason=str(exc))) from None
    if not addresses:
        raise HostUnknown(msg("The webhook's host %(host)s has no address; check how it is spelt.", host=host))
    for address in addresses:
        reason = refusal(address, allowed)
        if reason is not None:
            judged, kind = reason
            if judged == host:
                raise AddressRefused(msg("Webhooks may only go to public Internet addresses: %(host)s is %(kind)s.",
                                         host=host, kind=kind))
            raise AddressRefused(msg("Webhooks may only go to public Internet addresses: %(host)s is %(address)s, "
                                     "%(kind)s.", host=host, address=judged, kind=kind))
    return addresses


def check_url(url: str, allowed: tuple[Network, ...]) -> None:
    """Registration's check of a webhook URL, read as requests (urllib3) will read it."""
    try:
        parts = parse_url(url)
    except LocationParseError:
        raise HostUnknown(msg("The webhook URL %(url)s names no host that can be read.", url=url)) from None
    if not parts.host:
        raise HostUnknown(msg("The webhook URL %(url)s names no host.", url=url))
    checked_addresses(parts.host, parts.port or (443 if parts.scheme == "https" else 80), allowed)


def refusal(address: str, allowed: tuple[Network, ...]) -> tuple[str, str] | None:
    """None when a POST may go to `address`; else (the address judged, what it is:
    'a loopback address', 'a private address', ..., a sentence's words)."""
    ip = ipaddress.ip_address(address)
    judged = _carried_ipv4(ip) or ip
    if any(a in network for network in allowed for a in (ip, judged)):
        return None
    for test, kind in KINDS:
        if getattr(judged, test):
            return _plain(judged), kind
    return None if judged.is_global else (_plain(judged), NOT_PUBLIC)


def _carried_ipv4(ip: IPv4Address | IPv6Address) -> IPv4Address | None:
    """The IPv4 address an IPv6 address carries (mapped, NAT64, 6to4), where the connection
    would reach it."""
    if ip.version != 6:
        return None
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip.sixtofour is not None:
        return ip.sixtofour
    if ip in NAT64:
        return IPv4Address(int(ip) & 0xFFFFFFFF)
    return None


def _plain(ip: IPv4Address | IPv6Address) -> str:
    return str(ip).partition("%")[0]


T = TypeVar("T")
_MEMO = "herald_lookups"  # flask.g: the request's look-ups so far


def remembered(kind: str, asked: tuple, look: Callable[[], T]) -> T:
    """`look()` once per request for (kind, asked): its answer, or its exception raised again.
    Outside a request (a command, mail-in) it is simply called. For DNS look-ups (a webhook's
    host, a new address's domain): a request under an Idempotency-Key makes them before its
    write transaction opens (server/api/idempotency.py) and its view, asking again inside the
    transaction, gets this answer. Otherwise a name whose DNS answers slowly (anyone may choose
    one) held SQLite's write lock, which every move waits for, for as long as DNS took."""
    if not has_request_context():
        return look()
    memo = g.setdefault(_MEMO, {})
    if (kind, asked) not in memo:
        try:
            memo[kind, asked] = (True, look())
        except Exception as exc:  # (a refusal: said again, to the view that asks again)
            memo[kind, asked] = (False, exc)
    ok, answer = memo[kind, asked]
    if not ok:
        raise answer
    return answer
