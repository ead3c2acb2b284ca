"""The relay server as an operator runs it, end to end on loopback: each check starts its
own `render-cli serve` (RENDER_CLI) on a free port and stops it. Run by
scripts/test-operations; every check runs, then the script exits 1 if any failed.

    RENDER_CLI=.build/debug/render-cli python3 Tests/server/operations.py [CHECK...]
"""

import json
import os
import re
import secrets
import signal
import subprocess
import sys
import threading
import time
import traceback
import urllib.error
import urllib.parse
import urllib.request

RENDER_CLI = os.environ.get("RENDER_CLI", ".build/debug/render-cli")
KEY = secrets.token_urlsafe(30)


class Server:
    """`render-cli serve --port 0 ARGS…`, its address read from its first line."""

    def __init__(self, *arguments, environment=None):
        self.log_lines = []
        env = dict(os.environ, RENDER_API_KEY=KEY)
        env.update(environment or {})
        self.process = subprocess.Popen(
            [RENDER_CLI, "serve", "--host", "127.0.0.1", "--port", "0", *arguments],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)
        line = self.process.stdout.readline()
        match = re.fullmatch(r"listening on (http://127\.0\.0\.1:\d+)\n", line)
        if not match:
            self.process.kill()
            raise AssertionError(f"serve did not start: {line!r} {self.process.stderr.read()}")
        self.base = match.group(1)
        self.port = int(self.base.rsplit(":", 1)[1])
        self.metrics_url = None
        if "--metrics-address" in arguments:
            line = self.process.stdout.readline()
            match = re.fullmatch(r"metrics on (http://127\.0\.0\.1:\d+/metrics)\n", line)
            assert match, line
            self.metrics_url = match.group(1)
        # The request log, read as it comes so the pipe never fills.
        self.reader = threading.Thread(target=self._read_log, daemon=True)
        self.reader.start()

    def _read_log(self):
        for line in self.process.stderr:
            self.log_lines.append(line.rstrip("\n"))

    def stop(self, expect_status=0):
        """SIGTERM; the server must exit with `expect_status`."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        status = self.process.wait(timeout=30)
        self.reader.join(timeout=5)
        assert status == expect_status, f"serve exited {status}, not {expect_status}"

    def __enter__(self):
        return self

    def __exit__(self, *_):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def request(self, method, path, body=None, key=True, headers=None, timeout=40):
        """(status, headers, body bytes); an HTTP error status is an answer, not an error."""
        request = urllib.request.Request(self.base + path, data=body, method=method)
        if key:
            request.add_header("Authorization", "Bearer " + KEY)
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as answer:
                return answer.status, answer.headers, answer.read()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read()

    def json(self, method, path, body=None, **options):
        status, _, data = self.request(method, path, body, **options)
        return status, json.loads(data) if data else None

    def create_session(self, routing_key="ops-1"):
        status, created = self.json("POST", f"/v1/sessions?routingKey={routing_key}", b"")
        assert status == 201, (status, created)
        return created["id"], created["customerURL"]

    def call(self, session, line):
        status, answer = self.json("POST", f"/v1/sessions/{session}/calls", json.dumps(line).encode())
        assert status == 200, (status, answer)

    def events(self, session, after=0, wait=0):
        status, answer = self.json("GET", f"/v1/sessions/{session}/events?after={after}&wait={wait}")
        assert status == 200, (status, answer)
        return answer["events"]


def check_disconnected_after_customer_timeout():
    """`--customer-timeout`: a customer whose page is gone that long is `disconnected`,
    and the page shows the disconnected screen."""
    with Server("--customer-timeout", "30") as server:
        session, page = server.create_session()
        started = time.monotonic()
        status, _, _ = server.request("GET", page, key=False)
        assert status == 200
        assert [e["event"] for e in server.events(session)] == ["connected", "ready"]
        seen = []
        while not seen and time.monotonic() - started < 45:
            seen = server.events(session, after=2, wait=30)
        waited = time.monotonic() - started
        assert seen == [{"seq": 3, "event": "disconnected"}], seen
        # Not before the timeout; within the sweep's second after it (and the poll's slack).
        assert 29.5 <= waited <= 35, waited
        status, _, body = server.request("GET", page, key=False)
        assert status == 200
        assert b"This page is no longer connected to the store." in body, body[:2000]
        server.stop()


def check_every_client_reads_the_413():
    """A body over the limit is `413` for curl (with and without `Expect: 100-continue`),
    Python's urllib, `requests` (whole and chunked) and Node's `fetch`, at 2, 8 and 64 MiB:
    the server reads and discards what is sent before it closes, so no client gets a
    reset in the middle of sending."""
    import requests

    with Server() as server:
        url = server.base + "/v1/sessions"
        auth = {"Authorization": "Bearer " + KEY}
        for mib in (2, 8, 64):
            body = b"x" * (mib << 20)
            path = f"/tmp/operations-body-{os.getpid()}-{mib}"
            with open(path, "wb") as file:
                file.write(body)
            try:
                answers = {}
                for name, extra in (("curl", []), ("curl without Expect", ["-H", "Expect:"])):
                    run = subprocess.run(
                        ["curl", "-sS", "-o", "/dev/null", "-w", "%{http_code}", "-H", "Authorization: Bearer " + KEY,
                         *extra, "--data-binary", "@" + path, url],
                        capture_output=True, text=True, timeout=60)
                    answers[name] = f"{run.stdout} {run.stderr.strip()}".strip()
                status, _, data = server.request("POST", "/v1/sessions", body, timeout=60)
                answers["urllib"] = f"{status} {json.loads(data)['error']}"
                answer = requests.post(url, data=body, headers=auth, timeout=60)
                answers["requests"] = f"{answer.status_code} {answer.json()['error']}"
                chunks = (body[i:i + (1 << 20)] for i in range(0, len(body), 1 << 20))
                answer = requests.post(url, data=chunks, headers=auth, timeout=60)
                answers["requests, chunked"] = f"{answer.status_code} {answer.json()['error']}"
                node = subprocess.run(
                    ["node", "-e", """
                    const body = require('fs').readFileSync(process.argv[1]);
                    fetch(process.argv[2], {method: 'POST', body, headers: {Authorization: process.argv[3]}})
                      .then(async r => console.log(r.status, (await r.json()).error))
                      .catch(e => console.log('error', e.cause ? e.cause.code : e.message));
                    """, path, url, "Bearer " + KEY], capture_output=True, text=True, timeout=60)
                answers["fetch"] = (node.stdout + node.stderr).strip()
            finally:
                os.unlink(path)
            expected = {name: ("413" if name.startswith("curl") else "413 bodyTooLarge") for name in answers}
            assert answers == expected, f"{mib} MiB: {answers}"
        # The server is still there and answers the next client at once.
        assert server.request("GET", "/healthz", key=False)[0] == 200
        server.stop()


CART = {"call": "updateShoppingCart", "cart": {"items": [{"id": "A", "name": "Hair Spray", "quantity": 1,
         "totalPrice": 5.00}], "summary": {"summaryLines": [], "total": 5.00}}}


def scrape(server):
    """`/metrics` read by the reference parser: {(name, labels as a sorted tuple): value}."""
    from prometheus_client.parser import text_string_to_metric_families

    status, headers, body = server.request("GET", "/metrics")
    assert status == 200, status
    assert headers["Content-Type"] == "text/plain; version=0.0.4; charset=utf-8", headers["Content-Type"]
    samples = {}
    for family in text_string_to_metric_families(body.decode()):
        for sample in family.samples:
            samples[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return samples, body.decode()


def check_metrics_follow_a_session():
    """`/metrics` parses with prometheus-client's parser, wants the key, and its counts
    follow a scripted session; no id or token shows in it."""
    with Server("--waits-per-session", "2", "--events-kept", "2") as server:
        assert server.request("GET", "/metrics", key=False)[0] == 401
        before, _ = scrape(server)
        requests_total = lambda samples, route, status_class: samples.get(  # noqa: E731
            ("render_relay_http_requests_total", (("route", route), ("status_class", status_class))), 0)
        gauge = lambda samples, name: samples[(name, ())]  # noqa: E731
        assert gauge(before, "render_relay_sessions_open") == 0
        session, page = server.create_session()
        server.request("GET", page, key=False)
        server.call(session, CART)
        server.request("GET", page, key=False)
        # A live stream and a long poll waiting: each counted open while it waits.
        waits = [threading.Thread(target=server.request, args=("GET", page + "/events?shown=3"), kwargs={"key": False}),
                 threading.Thread(target=server.events, args=(session, 99, 3))]
        for thread in waits:
            thread.start()
        time.sleep(1)
        during, _ = scrape(server)
        assert gauge(during, "render_relay_live_streams_open") == 1
        assert gauge(during, "render_relay_long_polls_open") == 1
        # One wait more for the session is refused (429), and a body over the limit (413).
        assert server.request("GET", f"/v1/sessions/{session}/events?after=99&wait=3")[0] == 429
        assert server.request("POST", "/v1/sessions", b"x" * ((1 << 20) + 1))[0] == 413
        # Closing ends the stream at once (a new screen); the long poll's wait runs out.
        server.call(session, {"call": "close"})
        for thread in waits:
            thread.join()
        status, _, _ = server.request("DELETE", f"/v1/sessions/{session}")
        assert status == 204
        after, text = scrape(server)
        assert gauge(after, "render_relay_live_streams_open") == 0
        assert gauge(after, "render_relay_long_polls_open") == 0
        assert gauge(after, "render_relay_sessions_open") == 0
        moved = {route: requests_total(after, route, "2xx") - requests_total(before, route, "2xx")
                 for route in ("session_create", "page", "merchant_call", "live_stream", "merchant_events",
                               "session_delete")}
        assert moved == {"session_create": 1, "page": 2, "merchant_call": 2, "live_stream": 1, "merchant_events": 1,
                         "session_delete": 1}, moved
        assert requests_total(after, "merchant_events", "4xx") == 1
        assert requests_total(after, "session_create", "4xx") == 1
        refused = lambda limit: after[("render_relay_requests_refused_total", (("limit", limit),))]  # noqa: E731
        assert (refused("too_many_waits"), refused("body_too_large")) == (1, 1)
        # connected, ready and closed: one past --events-kept 2.
        assert gauge(after, "render_relay_events_dropped_total") == 1
        # The page renders' histogram: every render in a bucket, and the +Inf bucket is the count.
        page_count = after[("render_relay_http_request_duration_seconds_count", (("route", "page"),))]
        page_inf = after[("render_relay_http_request_duration_seconds_bucket", (("le", "+Inf"), ("route", "page")))]
        assert page_count == page_inf == 2, (page_count, page_inf)
        assert after[("render_relay_http_request_duration_seconds_sum", (("route", "page"),))] > 0
        for secret in (session, session.split(".")[1], page[3:], page.split(".")[1], KEY):
            assert secret not in text
        server.stop()


def check_metrics_address_needs_no_key():
    """`--metrics-address 0`: a second listener on loopback answers `/metrics` without the
    key, and nothing else; the main address still wants the key."""
    from prometheus_client.parser import text_string_to_metric_families

    with Server("--metrics-address", "0") as server:
        with urllib.request.urlopen(server.metrics_url, timeout=10) as answer:
            names = {family.name for family in text_string_to_metric_families(answer.read().decode())}
        assert {"render_relay_http_requests", "render_relay_sessions_open"} <= names, names
        other = server.metrics_url.replace("/metrics", "/v1/sessions")
        try:
            urllib.request.urlopen(urllib.request.Request(other, data=b"", method="POST"), timeout=10)
            raise AssertionError("the metrics listener answered the merchant API")
        except urllib.error.HTTPError as error:
            assert error.code == 404, error.code
        assert server.request("GET", "/metrics", key=False)[0] == 401
        server.stop()


def check_json_log_lines():
    """`--log-format json`: one JSON object a line with the documented members; the
    request id is the answer's `X-Request-Id`; nothing the customer typed, no token and
    no key is in the log."""
    typed = "typed-secret-4711@example.com"
    with Server("--log-format", "json") as server:
        session, page = server.create_session(routing_key="till-7")
        assert server.request("GET", page, key=False)[0] == 200
        server.call(session, {"call": "requestAddress", "purpose": "shipping", "fields": ["emailAddress"]})
        status, headers, body = server.request("GET", page, key=False)
        assert status == 200
        request_id = headers["X-Request-Id"]
        token = re.search(rb'name="token" value="([^"]+)"', body).group(1).decode()
        form = urllib.parse.urlencode({
            "token": token, "name": "Zoe Typed-Name", "street": "1 Typed Street", "city": "Cupertino", "state": "CA",
            "postalCode": "95014", "emailAddress": typed, "action": "share"}).encode()
        status, _, _ = server.request(
            "POST", page, form, key=False, headers={"Content-Type": "application/x-www-form-urlencoded"})
        assert status == 200  # after the 303, the next screen
        events = server.events(session, after=2)
        assert events and events[0]["response"]["emailAddress"] == typed, events
        server.stop()
    lines = [json.loads(line) for line in server.log_lines]
    assert len(lines) == 7, server.log_lines
    for line in lines:
        assert list(line) in (
            ["time", "method", "route", "path", "status", "duration_us", "routing_key", "request_id"],
            ["time", "method", "route", "path", "status", "duration_us", "request_id"]), line
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", line["time"]), line
        assert isinstance(line["duration_us"], int) and line["duration_us"] >= 0
        assert re.fullmatch(r"[0-9a-f]{16}", line["request_id"]), line
    assert [(line["method"], line["route"], line["status"]) for line in lines] == [
        ("POST", "session_create", 201), ("GET", "page", 200), ("POST", "merchant_call", 200), ("GET", "page", 200),
        ("POST", "form_post", 303), ("GET", "page", 200), ("GET", "merchant_events", 200)], lines
    assert lines[3]["request_id"] == request_id
    assert lines[3]["path"] == "/c/till-7.…" and lines[3]["routing_key"] == "till-7", lines[3]
    assert len({line["request_id"] for line in lines}) == len(lines)
    text = "\n".join(server.log_lines)
    for secret in (typed, "typed-secret", "Typed", token, session.split(".")[1], page.split(".")[1], KEY):
        assert secret not in text, secret


def check_sigterm_drains():
    """SIGTERM with `--drain-seconds 2`: `/healthz` is `503 draining` at once, a waiting
    live-update stream ends at once with a long reconnect delay, a request whose body is
    still coming when the server stops accepting is answered, and the exit is 0."""
    import socket

    with Server("--drain-seconds", "2") as server:
        session, page = server.create_session()
        assert server.request("GET", page, key=False)[0] == 200
        streamed = {}

        def stream():
            started = time.monotonic()
            status, _, body = server.request("GET", page + "/events?shown=2", key=False)
            streamed.update(status=status, body=body.decode(), seconds=time.monotonic() - started)

        waiting = threading.Thread(target=stream)
        waiting.start()
        # A merchant call in flight: headers and half its body now, the rest after the drain.
        body = json.dumps(CART).encode()
        slow = socket.create_connection(("127.0.0.1", server.port), timeout=20)
        slow.sendall(f"POST /v1/sessions/{session}/calls HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {KEY}\r\n"
                     f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n".encode()
                     + body[:len(body) // 2])
        time.sleep(0.5)
        signalled = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        time.sleep(0.2)
        status, _, health = server.request("GET", "/healthz", key=False)
        assert (status, health) == (503, b"draining\n"), (status, health)
        waiting.join(timeout=5)
        assert streamed.get("status") == 200, streamed
        assert streamed["body"].startswith("retry: 5000\n"), streamed
        assert streamed["seconds"] < 2, streamed
        # New streams do not wait either.
        status, _, again = server.request("GET", page + "/events?shown=2", key=False)
        assert status == 200 and again.startswith(b"retry: 5000\n"), again
        time.sleep(max(0.0, signalled + 2.3 - time.monotonic()))
        slow.sendall(body[len(body) // 2:])
        answer = slow.recv(65536).decode()
        assert answer.startswith("HTTP/1.1 200 "), answer
        slow.close()
        server.stop()
        assert time.monotonic() - signalled < 6


CHECKS = {name[len("check_"):]: check for name, check in globals().items() if name.startswith("check_")}


def main(names):
    """Runs the checks (all by default) at once, each in its own thread and server."""
    chosen = names or list(CHECKS)
    failures = []

    def run(name):
        started = time.monotonic()
        try:
            CHECKS[name]()
            print(f"ok: {name} ({time.monotonic() - started:.1f} s)", flush=True)
        except Exception:  # noqa: BLE001 - every failure is reported, then the run fails
            failures.append(name)
            print(f"FAIL: {name}\n{traceback.format_exc()}", file=sys.stderr, flush=True)

    threads = [threading.Thread(target=run, args=(name,)) for name in chosen]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        print(f"test-operations: {len(failures)} failed: {', '.join(failures)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
