"""A `render-cli serve` for a test, on a free loopback port, and a merchant that talks to it
with the standard library only (`urllib`), as the merchant API of docs/SERVER.md reads."""

from __future__ import annotations

import json
import os
import secrets
import signal
import subprocess
import urllib.error
import urllib.request
from pathlib import Path

CUSTOMER_HEADERS = {
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}


class Server:
    """`render-cli serve --port 0` with a fresh API key; `base` is `http://127.0.0.1:PORT`."""

    def __init__(self, cli: Path, *extra: str):
        self.key = secrets.token_urlsafe(32)
        environment = dict(os.environ, RENDER_API_KEY=self.key)
        self.process = subprocess.Popen(
            [str(cli), "serve", "--host", "127.0.0.1", "--port", "0", *extra],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environment, text=True,
        )
        line = self.process.stdout.readline().strip()
        if not line.startswith("listening on http://127.0.0.1:"):
            self.process.kill()
            raise RuntimeError(f"render-cli serve did not start: {line!r} {self.process.stderr.read()}")
        self.base = line.removeprefix("listening on ")

    def stop(self) -> str:
        """SIGTERM, as the contract stops it; returns the request log (standard error)."""
        self.process.send_signal(signal.SIGTERM)
        _, log = self.process.communicate(timeout=15)
        assert self.process.returncode == 0, f"render-cli serve exited {self.process.returncode}: {log}"
        return log


def request(base: str, method: str, path: str, body: object | None = None, key: str | None = None,
            headers: dict[str, str] | None = None, timeout: float = 40) -> tuple[int, dict[str, str], bytes]:
    data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    sent = dict(headers or {})
    if key:
        sent["Authorization"] = f"Bearer {key}"
    if body is not None and "Content-Type" not in sent:
        sent["Content-Type"] = "application/json"
    call = urllib.request.Request(base + path, data=data, method=method, headers=sent)

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(call, timeout=timeout) as answer:
            return answer.status, dict(answer.headers.items()), answer.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers.items()), error.read()


class Merchant:
    """The merchant's app: one session, its calls and its long polls."""

    def __init__(self, base: str, key: str, configuration: dict, routing_key: str = "till-1"):
        self.base, self.key = base, key
        status, _, body = request(base, "POST", f"/v1/sessions?routingKey={routing_key}", configuration, key)
        assert status == 201, f"POST /v1/sessions answered {status}: {body!r}"
        created = json.loads(body)
        self.id, self.customer_url = created["id"], created["customerURL"]
        self.seq = 0

    def call(self, line: dict) -> None:
        status, _, body = request(self.base, "POST", f"/v1/sessions/{self.id}/calls", line, self.key)
        assert status == 200, f"{line.get('call')} answered {status}: {body.decode()}"

    def events(self, wait: int = 0) -> list[dict]:
        """The events after the last one read, waiting up to `wait` seconds for one."""
        status, _, body = request(self.base, "GET", f"/v1/sessions/{self.id}/events?after={self.seq}&wait={wait}",
                                  key=self.key)
        assert status == 200, f"events answered {status}: {body!r}"
        events = json.loads(body)["events"]
        if events:
            self.seq = events[-1]["seq"]
        return events

    def wait_for(self, predicate, seconds: int = 20) -> dict:
        for _ in range(seconds):
            for event in self.events(wait=1):
                if predicate(event):
                    return event
        raise AssertionError(f"no matching event within {seconds} s")

    def delete(self) -> None:
        status, _, _ = request(self.base, "DELETE", f"/v1/sessions/{self.id}", key=self.key)
        assert status == 204


def check_customer_headers(base: str, path: str) -> list[str]:
    """What is missing from a customer answer's headers (the contract's four)."""
    status, headers, _ = request(base, "GET", path)
    problems = []
    policy = headers.get("Content-Security-Policy", "")
    for needed in ("default-src 'none'", "form-action 'self'", "frame-ancestors 'none'", "script-src 'sha256-"):
        if needed not in policy:
            problems.append(f"{path} ({status}): Content-Security-Policy lacks {needed!r}: {policy!r}")
    if "unsafe-inline" in policy:
        problems.append(f"{path}: Content-Security-Policy allows 'unsafe-inline'")
    for name, value in CUSTOMER_HEADERS.items():
        if headers.get(name) != value:
            problems.append(f"{path} ({status}): {name} is {headers.get(name)!r}, not {value!r}")
    return problems
