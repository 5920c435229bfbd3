#!/usr/bin/env python3
"""Issue #26 by hand: one address holds many stalled connections; is another address served?

Starts `flowstage serve` on the example project (memory store, no analytics, no watching),
opens STALLED connections from 127.0.0.2 that each send half of a request's headers and then
nothing, and meanwhile asks /healthz from 127.0.0.1 one request after another. Prints how many
stalled connections the server refused at once and how many it still held, the answers to the
other address (count, failures, slowest), and the server's RSS before and during the attack.

    swift build -c release --product flowstage
    Tools/stalled_clients.py                        # the defaults: 32 per address, 10 s headers
    Tools/stalled_clients.py -- --max-connections-per-address 0 --header-timeout 0
                                                    # every stalled connection held: memory per connection

Figures only: nothing here passes or fails. Linux (127.0.0.0/8 is loopback; /proc for RSS).
"""
import argparse
import os
import re
import resource
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def rss_kib(pid, field="VmRSS"):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def start_server(binary, extra, work):
    log = open(os.path.join(work, "server.log"), "w+")
    command = [binary, "serve", os.path.join(ROOT, "Examples"), "--port", "0", "--no-watch", "--store", "memory",
               "--analytics", "off", "--log-level", "warning"] + extra
    server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd=ROOT)
    for _ in range(300):
        log.seek(0)
        found = re.search(r"at http://127\.0\.0\.1:(\d+)/", log.read())
        if found:
            return server, int(found.group(1))
        if server.poll() is not None:
            break
        time.sleep(0.1)
    log.seek(0)
    sys.exit("the server did not start:\n" + log.read())


def healthz(port, timeout):
    """One GET /healthz from 127.0.0.1 on a fresh connection: (ok, seconds)."""
    started = time.monotonic()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as connection:
            connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
            reply = b""
            while True:
                chunk = connection.recv(65536)
                if not chunk:
                    break
                reply += chunk
        return reply.startswith(b"HTTP/1.1 200"), time.monotonic() - started
    except OSError:
        return False, time.monotonic() - started


def stall(port, count, source):
    """Opens `count` connections from `source`, each sending half its headers."""
    held = []
    for _ in range(count):
        connection = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        connection.bind((source, 0))
        try:
            connection.connect(("127.0.0.1", port))
            connection.sendall(b"GET / HTTP/1.1\r\nHost: t\r\nX-Stalled: ")
        except OSError:
            connection.close()
            continue
        held.append(connection)
    return held


def still_open(connections):
    """How many the server has not closed (a closed one reads end-of-stream or a reset)."""
    alive = 0
    for connection in connections:
        connection.setblocking(False)
        try:
            data = connection.recv(1, socket.MSG_PEEK)
        except BlockingIOError:
            alive += 1
            continue
        except OSError:
            continue
        alive += 1 if data else 0
    return alive


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=None, help="flowstage binary (default: the release build)")
    parser.add_argument("--stalled", type=int, default=1500, help="stalled connections from 127.0.0.2")
    parser.add_argument("--seconds", type=float, default=8, help="how long 127.0.0.1 asks /healthz during the attack")
    parser.add_argument("--timeout", type=float, default=5, help="a /healthz slower than this counts as failed")
    parser.add_argument("extra", nargs="*", help="flags for `flowstage serve`, after --")
    arguments = parser.parse_args()
    binary = arguments.binary or os.path.join(
        subprocess.check_output(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, text=True).strip(), "flowstage")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, arguments.stalled + 256)), hard))

    with tempfile.TemporaryDirectory() as work:
        server, port = start_server(binary, arguments.extra, work)
        try:
            for _ in range(20):
                healthz(port, arguments.timeout)
            before = rss_kib(server.pid)
            opened = time.monotonic()
            stalled = stall(port, arguments.stalled, "127.0.0.2")
            time.sleep(0.5)
            held_at_start = still_open(stalled)
            rss_attack = rss_kib(server.pid)
            answers, failures, slowest, total = 0, 0, 0.0, 0.0
            while time.monotonic() - opened < arguments.seconds:
                ok, took = healthz(port, arguments.timeout)
                answers += ok
                failures += not ok
                slowest = max(slowest, took)
                total += took
            held_at_end = still_open(stalled)
            rss_end, peak = rss_kib(server.pid), rss_kib(server.pid, "VmHWM")
            for connection in stalled:
                connection.close()
        finally:
            server.terminate()
            server.wait()

    print(f"flags: {' '.join(arguments.extra) or '(defaults)'}")
    print(f"stalled connections from 127.0.0.2: {arguments.stalled} opened, "
          f"{arguments.stalled - held_at_start} refused at once, {held_at_start} held; "
          f"{held_at_end} still held after {arguments.seconds:.0f} s")
    print(f"/healthz from 127.0.0.1 during the attack: {answers} answered, {failures} failed, "
          f"slowest {slowest * 1000:.1f} ms, mean {total / max(1, answers + failures) * 1000:.2f} ms")
    print(f"server RSS: {before / 1024:.1f} MiB before, {rss_attack / 1024:.1f} MiB with the connections open, "
          f"{rss_end / 1024:.1f} MiB at the end, peak {peak / 1024:.1f} MiB")


if __name__ == "__main__":
    main()
