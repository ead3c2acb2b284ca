"""The soak: whole checkouts against one `render-cli serve` on loopback, sampling the
server's resident memory, open file descriptors and threads (from /proc) as it goes.
Run by scripts/soak, which documents its arguments; stops by itself (after the
checkouts, or at the time limit, which is a failure).

Passes when, after warm-up (the first tenth of the checkouts), resident memory at the
end is within 10% of resident memory after warm-up, and descriptors and threads are back
to what they were before the first checkout once the clients have hung up.
"""

import argparse
import http.client
import json
import multiprocessing
import os
import re
import secrets
import subprocess
import sys
import time
import urllib.parse

CART = {"call": "updateShoppingCart", "cart": {"items": [{"id": "A", "name": "Hair Spray", "quantity": 1,
        "totalPrice": 5.00}], "summary": {"summaryLines": [], "total": 5.00}}}
UPDATE = {"call": "updateShoppingCart", "cart": {"items": [{"id": "A", "name": "Hair Spray", "quantity": 2,
          "totalPrice": 10.00}, {"id": "B", "name": "Comb", "quantity": 1, "totalPrice": 2.00}],
          "summary": {"summaryLines": [], "total": 12.00}}}
ADDRESS = {"call": "requestAddress", "purpose": "shipping", "fields": ["emailAddress"]}
FORM = {"name": "Zoe Martin", "street": "1 Infinite Loop", "city": "Cupertino", "state": "CA",
        "postalCode": "95014", "emailAddress": "zoe@example.com", "action": "share"}


def sample(pid):
    """(resident KiB, open descriptors, threads) of process `pid`."""
    with open(f"/proc/{pid}/status") as status:
        text = status.read()
    rss = int(re.search(r"^VmRSS:\s+(\d+) kB", text, re.M).group(1))
    threads = int(re.search(r"^Threads:\s+(\d+)", text, re.M).group(1))
    return rss, len(os.listdir(f"/proc/{pid}/fd")), threads


def checkouts(port, key, count, done):
    """One client: `count` whole checkouts on one kept-alive connection."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    merchant = {"Authorization": "Bearer " + key, "Content-Type": "application/json"}

    def ask(method, path, body=None, headers=None, expect=200):
        connection.request(method, path, body=body, headers=headers or {})
        answer = connection.getresponse()
        data = answer.read()
        if answer.status != expect:
            raise RuntimeError(f"{method} {path.split('/')[1]}: {answer.status}, not {expect}: {data[:200]!r}")
        return data

    def call(session, line):
        ask("POST", f"/v1/sessions/{session}/calls", json.dumps(line), merchant)

    for _ in range(count):
        created = json.loads(ask("POST", "/v1/sessions?routingKey=soak", b"", merchant, expect=201))
        session, page = created["id"], created["customerURL"]
        ask("GET", page)
        call(session, CART)
        ask("GET", page + "?shown=3")
        call(session, UPDATE)
        call(session, ADDRESS)
        form = ask("GET", page)
        token = re.search(rb'name="token" value="([^"]+)"', form).group(1).decode()
        ask("POST", page, urllib.parse.urlencode(dict(FORM, token=token)),
            {"Content-Type": "application/x-www-form-urlencoded"}, expect=303)
        call(session, {"call": "close"})
        ask("DELETE", f"/v1/sessions/{session}", headers=merchant, expect=204)
        with done.get_lock():
            done.value += 1
    connection.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--render-cli", required=True)
    parser.add_argument("--checkouts", type=int, default=50_000)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--max-seconds", type=int, default=1200)
    parser.add_argument("--samples", help="CSV of the samples (checkouts, seconds, rss_kib, fds, threads)")
    arguments = parser.parse_args()
    key = secrets.token_urlsafe(30)
    server = subprocess.Popen(
        [arguments.render_cli, "serve", "--port", "0", "--threads", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=dict(os.environ, RENDER_API_KEY=key), text=True)
    try:
        line = server.stdout.readline()
        port = int(re.fullmatch(r"listening on http://127\.0\.0\.1:(\d+)\n", line).group(1))
        baseline = sample(server.pid)
        done = multiprocessing.Value("l", 0)
        share, rest = divmod(arguments.checkouts, arguments.clients)
        clients = [multiprocessing.Process(target=checkouts, args=(port, key, share + (i < rest), done))
                   for i in range(arguments.clients)]
        started = time.monotonic()
        for client in clients:
            client.start()
        rows = [(0, 0.0, *baseline)]
        warm_up = max(1, arguments.checkouts // 10)
        after_warm_up = None
        step = max(1, arguments.checkouts // 200)
        next_sample = step
        while any(client.is_alive() for client in clients):
            if time.monotonic() - started > arguments.max_seconds:
                for client in clients:
                    client.terminate()
                print(f"soak: FAIL: not done in {arguments.max_seconds} s ({done.value} checkouts)", file=sys.stderr)
                return 1
            count = done.value
            if count >= next_sample:
                rows.append((count, time.monotonic() - started, *sample(server.pid)))
                if after_warm_up is None and count >= warm_up:
                    after_warm_up = rows[-1]
                next_sample = count + step
            time.sleep(0.05)
        failed = [client.exitcode for client in clients if client.exitcode != 0]
        elapsed = time.monotonic() - started
        # The clients have hung up: give the server a moment to close their connections.
        time.sleep(1.5)
        end = sample(server.pid)
        rows.append((done.value, time.monotonic() - started, *end))
    finally:
        server.terminate()
        server.wait(timeout=30)
    if arguments.samples:
        with open(arguments.samples, "w") as file:
            file.write("checkouts,seconds,rss_kib,fds,threads\n")
            file.writelines(f"{c},{s:.2f},{r},{f},{t}\n" for c, s, r, f, t in rows)
    if failed or done.value != arguments.checkouts:
        print(f"soak: FAIL: a client failed ({done.value} of {arguments.checkouts} checkouts)", file=sys.stderr)
        return 1
    after_warm_up = after_warm_up or rows[-1]
    growth = (end[0] - after_warm_up[2]) / after_warm_up[2]
    print(f"soak: {done.value} checkouts in {elapsed:.1f} s ({done.value / elapsed:.0f}/s, "
          f"{done.value * 10 / elapsed:.0f} requests/s); resident memory {baseline[0]} KiB at start, "
          f"{after_warm_up[2]} KiB after {after_warm_up[0]} checkouts, {end[0]} KiB at the end ({growth:+.1%}); "
          f"descriptors {baseline[1]} -> {end[1]}; threads {baseline[2]} -> {end[2]}")
    problems = []
    if growth > 0.10:
        problems.append(f"resident memory grew {growth:.1%} after warm-up (at most 10%)")
    if end[1] != baseline[1]:
        problems.append(f"{end[1]} descriptors open at the end, {baseline[1]} at the start")
    if end[2] != baseline[2]:
        problems.append(f"{end[2]} threads at the end, {baseline[2]} at the start")
    for problem in problems:
        print(f"soak: FAIL: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
