"""A requests session whose connections go only where server/hook_addresses.py allows, to the
very address it checked.

Checking a URL's host and then letting urllib3 resolve it again to connect leaves a gap: DNS
may answer differently the second time (DNS rebinding: a public address for the check,
127.0.0.1 for the connection). Here the connection itself resolves the name once, checks
every address and connects to one of those; the Host header, TLS SNI and the certificate's
name check still use the name, as urllib3 takes them from the URL. A refused address raises
hook_addresses.AddressRefused out of the request, untouched by urllib3's retries.

Proxies and other settings from the environment (HTTP_PROXY, .netrc, REQUESTS_CA_BUNDLE) are
not used: a proxy would connect wherever the URL says, past every check.
"""
from __future__ import annotations

import socket

import requests
from requests.adapters import HTTPAdapter
from urllib3 import PoolManager
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool
from urllib3.exceptions import ConnectTimeoutError, NameResolutionError

from server.hook_addresses import HostUnknown, Network, checked_addresses


class _Checked(HTTPConnection):
    """A urllib3 connection that resolves and checks its host itself, then connects to one of
    the addresses checked. urllib3 connects to `_dns_host`; it holds each address for the
    connect only, and the name again before TLS (SNI, the certificate) and the request's
    Host header read it."""

    def __init__(self, *args, allowed: tuple[Network, ...] = (), **kwargs):
        self.allowed = allowed
        super().__init__(*args, **kwargs)

    def _new_conn(self) -> socket.socket:
        name = self._dns_host
        try:
            addresses = checked_addresses(name, self.port, self.allowed)
        except HostUnknown as exc:  # for now, perhaps: retried like any unreachable receiver
            raise NameResolutionError(self.host, self, socket.gaierror(str(exc))) from None
        failure: ConnectTimeoutError | None = None
        for address in addresses:
            self._dns_host = address
            try:
                return super()._new_conn()
            except ConnectTimeoutError as exc:  # refused or timed out: the next address, as urllib3 does
                failure = exc
            finally:
                self._dns_host = name
        if failure is None:  # no address at all: checked_addresses raised HostUnknown before that
            raise NameResolutionError(self.host, self, socket.gaierror("no address"))
        raise failure


class _CheckedHTTPConnection(_Checked, HTTPConnection):
    pass


class _CheckedHTTPSConnection(_Checked, HTTPSConnection):
    pass


class _HTTPPool(HTTPConnectionPool):
    ConnectionCls = _CheckedHTTPConnection


class _HTTPSPool(HTTPSConnectionPool):
    ConnectionCls = _CheckedHTTPSConnection


class _CheckedPools(PoolManager):
    def __init__(self, allowed: tuple[Network, ...], **kwargs):
        super().__init__(**kwargs)
        self.allowed = allowed
        self.pool_classes_by_scheme = {"http": _HTTPPool, "https": _HTTPSPool}

    def _new_pool(self, scheme, host, port, request_context=None):
        pool = super()._new_pool(scheme, host, port, request_context)
        pool.conn_kw["allowed"] = self.allowed  # (not a pool key: PoolManager would refuse it there)
        return pool


class CheckedAdapter(HTTPAdapter):
    def __init__(self, allowed: tuple[Network, ...]):
        self.allowed = allowed  # before HTTPAdapter's __init__, which builds the pools
        super().__init__()

    def init_poolmanager(self, connections, maxsize, block=False, **pool_kwargs) -> None:
        self._pool_connections, self._pool_maxsize, self._pool_block = connections, maxsize, block
        self.poolmanager = _CheckedPools(self.allowed, num_pools=connections, maxsize=maxsize, block=block,
                                         **pool_kwargs)


def checked_session(allowed: tuple[Network, ...]) -> requests.Session:
    """A session for http(s) URLs chosen by players: public addresses only, plus `allowed`."""
    session = requests.Session()
    session.trust_env = False
    adapter = CheckedAdapter(allowed)
    session.mount("http://", adapter)
    session.mount("https://", adapter)
    return session
