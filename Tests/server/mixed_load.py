"""A mixed load against one `render-cli serve` (the ThreadSanitizer build, from
scripts/test-tsan), for a given time: whole checkouts from several processes, customer
live-update streams and merchant long polls held open and woken, sessions created and
left to idle expiry (`--idle-timeout 1`), HEAD and /metrics requests; then SIGTERM while
streams wait. Fails when the server does not exit 0, or writes a ThreadSanitizer report.

    RENDER_CLI=… python3 Tests/server/mixed_load.py SECONDS
"""

import multiprocessing
import os
import signal
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(__file__))
import operations  # noqa: E402
import soak  # noqa: E402


def checkouts_until(port, key, deadline):
    while time.monotonic() < deadline:
        soak.checkouts(port, key, 20, multiprocessing.Value("l", 0))


def waits_until(server, deadline):
    """Sessions whose page waits on its stream and whose merchant long-polls, woken by
    calls; each session is then left to expire."""
    while time.monotonic() < deadline:
        session, page = server.create_session(routing_key="mixed")
        server.request("GET", page, key=False)
        server.request("HEAD", page, key=False)
        waiting = [threading.Thread(target=server.request, args=("GET", page + "/events?shown=2"),
                                    kwargs={"key": False}),
                   threading.Thread(target=server.request, args=("GET", f"/v1/sessions/{session}/events?after=2&wait=2"))]
        for thread in waiting:
            thread.start()
        time.sleep(0.05)
        server.call(session, operations.CART)
        server.request("GET", "/metrics")
        for thread in waiting:
            thread.join()


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 20
    operations.KEY = key = operations.KEY
    with operations.Server("--idle-timeout", "1", "--threads", "4", "--drain-seconds", "1",
                           "--log-format", "json") as server:
        deadline = time.monotonic() + seconds
        clients = [multiprocessing.Process(target=checkouts_until, args=(server.port, key, deadline))
                   for _ in range(2)]
        for client in clients:
            client.start()
        waiters = [threading.Thread(target=waits_until, args=(server, deadline)) for _ in range(3)]
        for waiter in waiters:
            waiter.start()
        for client in clients:
            client.join()
        for waiter in waiters:
            waiter.join()
        # SIGTERM while streams wait.
        session, page = server.create_session(routing_key="last")
        server.request("GET", page, key=False)
        last = [threading.Thread(target=server.request, args=("GET", page + "/events?shown=2"), kwargs={"key": False})
                for _ in range(4)]
        for thread in last:
            thread.start()
        time.sleep(0.3)
        server.process.send_signal(signal.SIGTERM)
        status = server.process.wait(timeout=60)
        for thread in last:
            thread.join(timeout=10)
        server.reader.join(timeout=10)
        reports = [line for line in server.log_lines if "ThreadSanitizer" in line or line.startswith("SUMMARY:")]
        failed = [client.exitcode for client in clients if client.exitcode != 0]
        print(f"mixed load: {len(server.log_lines)} lines of log, exit {status}, {len(reports)} sanitizer lines")
        if reports:
            print("\n".join(line for line in server.log_lines if not line.startswith("{")), file=sys.stderr)
        return 0 if status == 0 and not reports and not failed else 1


if __name__ == "__main__":
    sys.exit(main())
