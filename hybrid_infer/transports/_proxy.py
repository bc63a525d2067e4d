"""Which HTTP proxy the native transport goes through, read from the environment.

The OpenAI SDK, httpx, requests and litellm honour ``HTTPS_PROXY`` / ``HTTP_PROXY`` /
``ALL_PROXY`` and ``NO_PROXY``; a cloud deployment behind a corporate proxy must be reachable
natively too. A local runtime never is proxied (a proxy could not reach the machine's own
loopback address). The proxy's credentials are kept apart from its URL, so no error message
(aiohttp quotes the proxy URL in some) can carry the password.
"""

from __future__ import annotations

import base64
import ipaddress
import logging
import os
import urllib.parse
from collections.abc import Mapping
from dataclasses import dataclass, field

_log = logging.getLogger("hybrid_infer")


@dataclass(frozen=True, slots=True)
class Proxy:
    """A proxy URL without credentials, and the credentials apart."""

    url: str
    login: str | None = field(default=None, repr=False)
    password: str = field(default="", repr=False)

    @property
    def headers(self) -> Mapping[str, str] | None:
        """The ``Proxy-Authorization`` header that sends the credentials, if there are any."""
        if self.login is None:
            return None
        token = base64.b64encode(f"{self.login}:{self.password}".encode("latin-1", "replace")).decode("ascii")
        return {"Proxy-Authorization": f"Basic {token}"}

    def secrets(self) -> list[str]:
        """What must be masked should a server echo it: the password and the pair (whose
        base64 is the header's token), or a login given alone."""
        if self.login is None:
            return []
        return [self.password, f"{self.login}:{self.password}"] if self.password else [self.login, f"{self.login}:"]


def proxy_for(url: str, environ: Mapping[str, str] | None = None) -> Proxy | None:
    """The proxy the environment names for ``url``, or ``None`` to connect directly.

    The variable for the URL's scheme (``https_proxy``, ``http_proxy``), else ``all_proxy``,
    lower case first as curl reads them; a value without a scheme is an HTTP proxy
    (``proxy.corp:3128``). SOCKS proxies are not spoken by the native transport (``None``:
    direct; use the litellm transport there). ``NO_PROXY`` takes ``*``, host names (with
    their subdomains; a leading ``.`` or ``*.`` is optional), ``host:port`` (a URL without a
    port has its scheme's), IP addresses and CIDR ranges.
    """
    env = os.environ if environ is None else environ
    parts = urllib.parse.urlsplit(url)
    host = (parts.hostname or "").lower()
    if not host or _local(host):
        return None
    raw = _variable(env, f"{parts.scheme}_proxy") or _variable(env, "all_proxy")
    port = parts.port or (443 if parts.scheme == "https" else 80)
    if not raw or _bypassed(host, port, _variable(env, "no_proxy") or ""):
        return None
    if "://" not in raw:
        raw = f"http://{raw}"
    try:
        proxy = urllib.parse.urlsplit(raw)
        proxy_port = proxy.port
    except ValueError:  # ('proxy.corp:abc'): no proxy anyone could reach; connect directly
        _log.warning("the proxy variable for %s URLs is not a URL with a valid port: ignored", parts.scheme)
        return None
    if proxy.scheme not in ("http", "https") or not proxy.hostname:
        return None
    login = urllib.parse.unquote(proxy.username) if proxy.username is not None else None
    password = urllib.parse.unquote(proxy.password or "")
    netloc = proxy.hostname if ":" not in proxy.hostname else f"[{proxy.hostname}]"
    if proxy_port is not None:
        netloc += f":{proxy_port}"
    return Proxy(urllib.parse.urlunsplit((proxy.scheme, netloc, proxy.path, "", "")), login, password)


def _variable(env: Mapping[str, str], name: str) -> str:
    return (env.get(name) or env.get(name.upper()) or "").strip()


def _local(host: str) -> bool:
    """A name or address of this machine: 'localhost', 127.0.0.0/8, ::1, 0.0.0.0, and IPv4
    loopback written as IPv6 (``::ffff:127.0.0.1``)."""
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    mapped = getattr(address, "ipv4_mapped", None)
    return address.is_loopback or address.is_unspecified or (mapped is not None and mapped.is_loopback)


def _bypassed(host: str, port: int, no_proxy: str) -> bool:
    for entry in no_proxy.replace(",", " ").split():
        entry = entry.lower()
        if entry == "*":
            return True
        if "/" in entry:  # a CIDR range
            try:
                if ipaddress.ip_address(host) in ipaddress.ip_network(entry, strict=False):
                    return True
            except ValueError:
                pass
            continue
        name, entry_port = _host_and_port(entry)
        if entry_port and entry_port != str(port):
            continue
        name = name.removeprefix("*").lstrip(".")  # ('*.corp.example', '.corp.example')
        if name and (host == name or host.endswith(f".{name}")):
            return True
    return False


def _host_and_port(entry: str) -> tuple[str, str]:
    """'host:3128' -> ('host', '3128'), '[::1]:80' -> ('::1', '80'), '::1' -> ('::1', '')."""
    if entry.startswith("["):
        close = entry.find("]")
        rest = entry[close + 1 :] if close > 0 else ""
        return entry[1:close] if close > 0 else entry, rest[1:] if rest.startswith(":") else ""
    if entry.count(":") == 1 and entry.rpartition(":")[2].isdigit():
        name, _, port = entry.rpartition(":")
        return name, port
    return entry, ""
