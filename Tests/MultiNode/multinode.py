#!/usr/bin/env python3
"""Two `flowstage serve` nodes on one PostgreSQL database behind nginx (round robin, loopback).

What it checks (issue 23), in one walk through a process of seven screens (project/):
- a walk whose requests alternate between the nodes reaches every screen in order, each
  screen served by the node the previous one was not;
- the same form posted to both nodes at once is applied once (303) and refused once (409);
- a file uploaded through one node (600 KiB: several chunks in PostgreSQL) is served whole by both;
- a node killed with SIGKILL mid-walk loses nothing it answered: nginx sends the next
  requests to the other node, which continues the same instance to its end, and the database
  holds every value that was answered 303;
- PostgreSQL stopped under the running node makes a page answer 503 with Retry-After, and once
  it is back the node answers 200 again by itself (Tools/postgres.sh pause/resume).
The page after each 303 is read through nginx, so from the other node, at the address the
303 gave (`?v=<version>`): it must show the new screen at once, although the other node learns
of the change only by a notification that may still be on its way.

Needs FLOWSTAGE_TEST_POSTGRES_URL (Tools/postgres.sh run sets it) and nginx. Without them it
says so and passes on a developer's machine, and fails under CI=true. Every server listens on
127.0.0.1 on a free port; only processes started here are stopped, by their PID.

    Tools/postgres.sh run -- python3 Tests/MultiNode/multinode.py --flowstage .build/debug/flowstage
"""
import argparse
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
PROJECT = os.path.join(HERE, "project")
STEPS = 6


class Failure(Exception):
    pass


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until(what, condition, seconds=60):
    """A bounded wait for readiness, never an assertion about speed."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise Failure(f"{what} was not ready within {seconds} s")


def answers(port, path="/healthz"):
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
        connection.request("GET", path)
        return connection.getresponse().status == 200
    except OSError:
        return False


class Browser:
    """One visitor: a session cookie, requests that never follow redirects."""

    def __init__(self):
        self.cookie = None

    def request(self, port, method, path, form=None, file=None, raw=False):
        """`file`: (field, name, type, bytes), sent with `form` as multipart/form-data."""
        if file is not None:
            boundary = "flowstage-multinode-boundary"
            parts = []
            for key, value in (form or {}).items():
                parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{key}"\r\n\r\n{value}\r\n'.encode())
            field, name, kind, data = file
            parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{field}"; filename="{name}"\r\n'
                         f'Content-Type: {kind}\r\n\r\n'.encode() + data + b"\r\n")
            parts.append(f"--{boundary}--\r\n".encode())
            body = b"".join(parts)
            headers = {"Content-Type": f"multipart/form-data; boundary={boundary}"}
        else:
            body = urllib.parse.urlencode(form).encode() if form is not None else None
            headers = {"Content-Type": "application/x-www-form-urlencoded"} if body is not None else {}
        if self.cookie:
            headers["Cookie"] = self.cookie
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        data = response.read()
        text = data if raw else data.decode("utf-8", "replace")
        for header, value in response.getheaders():
            if header.lower() == "set-cookie" and value.startswith("flowstage_session="):
                self.cookie = value.split(";", 1)[0]
        return response.status, dict((k.lower(), v) for k, v in response.getheaders()), text


def form_of(page):
    """The first form's action and hidden fields."""
    action = re.search(r'<form[^>]*method="post"[^>]*action="([^"]+)"', page)
    hidden = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', page))
    if not action:
        raise Failure("the page has no form:\n" + page[:2000])
    return action.group(1), hidden


def nginx_config(folder, port, upstreams):
    servers = "\n".join(f"        server 127.0.0.1:{p} max_fails=1 fail_timeout=30s;" for p in upstreams)
    user = "user nobody nogroup;" if os.geteuid() == 0 else ""
    return f"""
{user}
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log;
events {{ worker_connections 256; }}
http {{
    access_log {folder}/access.log;
    client_body_temp_path {folder}/tmp/body;
    proxy_temp_path {folder}/tmp/proxy;
    fastcgi_temp_path {folder}/tmp/fastcgi;
    uwsgi_temp_path {folder}/tmp/uwsgi;
    scgi_temp_path {folder}/tmp/scgi;
    upstream flowstage {{
{servers}
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://flowstage;
            proxy_set_header Host $host:$server_port;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            # A node that refuses the connection (killed) is skipped, for a POST too: it never received it.
            proxy_next_upstream error timeout;
            add_header X-Upstream $upstream_addr always;
        }}
    }}
}}
"""


def psql(url, sql):
    result = subprocess.run(["psql", "-X", "-At", "-v", "ON_ERROR_STOP=1", url, "-c", sql],
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise Failure(f"psql {sql!r}: {result.stderr.strip()}")
    return result.stdout.strip()


def with_database(url, name):
    parts = urllib.parse.urlsplit(url)
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, "/" + name, "", ""))


def run(flowstage, admin_url):
    started = []  # (name, Popen) of everything started here, stopped by PID at the end
    folder = tempfile.mkdtemp(prefix="flowstage-multinode-")
    os.chmod(folder, 0o755)
    database = f"multinode_{os.getpid()}_{int(time.time())}"
    psql(admin_url, f"CREATE DATABASE {database}")
    url = with_database(admin_url, database)
    figures = {}
    try:
        ports = {"A": free_port(), "B": free_port()}
        logs = {}
        for name, port in ports.items():
            logs[name] = open(os.path.join(folder, f"node-{name}.log"), "w")
            environment = dict(os.environ, FLOWSTAGE_DATA=os.path.join(folder, f"node-{name}"))
            environment.pop("FLOWSTAGE_DATABASE_URL", None)
            process = subprocess.Popen([flowstage, "serve", PROJECT, "--host", "127.0.0.1", "--port", str(port),
                                        "--no-watch", "--database", url, "--log-level", "warning"],
                                       stdout=logs[name], stderr=subprocess.STDOUT, env=environment)
            started.append((name, process))
        for name, port in ports.items():
            wait_until(f"node {name} on port {port}", lambda port=port: answers(port))
        node = {str(port): name for name, port in ports.items()}
        nodes = dict(started)

        balancer = free_port()
        nginx_folder = os.path.join(folder, "nginx")
        for sub in ["body", "proxy", "fastcgi", "uwsgi", "scgi"]:
            os.makedirs(os.path.join(nginx_folder, "tmp", sub))
        for root, dirs, _ in os.walk(nginx_folder):
            for d in dirs:
                os.chmod(os.path.join(root, d), 0o777)
        with open(os.path.join(nginx_folder, "nginx.conf"), "w") as f:
            f.write(nginx_config(nginx_folder, balancer, list(ports.values())))
        nginx = subprocess.Popen([shutil.which("nginx") or "/usr/sbin/nginx", "-p", nginx_folder, "-c", "nginx.conf",
                                  "-e", os.path.join(nginx_folder, "error.log"), "-g", "daemon off;"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        started.append(("nginx", nginx))
        wait_until(f"nginx on port {balancer}", lambda: answers(balancer))

        def served_by(headers):
            upstream = headers.get("x-upstream", "")
            return [node.get(a.strip().rsplit(":", 1)[-1], "?") for a in upstream.split(",") if a.strip()]

        browser = Browser()
        trail = []  # the node of every request through nginx
        status, headers, page = browser.request(balancer, "GET", "/")
        trail += served_by(headers)
        _, hidden = form_of(page)
        status, headers, _ = browser.request(balancer, "POST", "/processes/walk/start", {"_csrf": hidden["_csrf"]})
        trail += served_by(headers)
        if status != 303:
            raise Failure(f"starting the process answered {status}")
        def local(location):
            parts = urllib.parse.urlsplit(location)
            return parts.path + ("?" + parts.query if parts.query else "")
        next_page = local(headers["location"])
        instance_path = urllib.parse.urlsplit(headers["location"]).path
        instance_id = instance_path.rsplit("/", 1)[-1]

        # An upload through one node, read back from each node directly.
        status, headers, page = browser.request(balancer, "GET", next_page)
        trail += served_by(headers)
        action, hidden = form_of(page)
        if hidden.get("_screen") != "files":
            raise Failure(f"the first screen is {hidden.get('_screen')}, not files")
        # 600 KiB: three chunks in PostgreSQL (256 KiB each), and over nginx's default body limit of 1 MiB never.
        picture = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\1\0\0\0\1\x08\x06\0\0\0\x1f\x15\xc4\x89" + os.urandom(600 * 1024)
        upload_action = action.rsplit("/", 1)[0] + "/upload"
        status, headers, _ = browser.request(balancer, "POST", upload_action, hidden, file=("doc", "dot.png", "image/png", picture))
        trail += served_by(headers)
        if status != 303:
            raise Failure(f"the upload answered {status}")
        uploaded_on = trail[-1]
        next_page = local(headers["location"])
        status, headers, page = browser.request(balancer, "GET", next_page)
        trail += served_by(headers)
        link = re.search(r'href="(/uploads/[0-9a-f-]{36})"', page)
        if status != 200 or not link:
            raise Failure(f"the page after the upload (node {trail[-1]}, {status}) links no file")
        for name, port in ports.items():
            status, _, data = browser.request(port, "GET", link.group(1), raw=True)
            if status != 200 or data != picture:
                raise Failure(f"node {name} served the file uploaded on node {uploaded_on} with {status}, "
                              f"{len(data)} bytes (uploaded {len(picture)})")
        chunks = int(psql(url, "SELECT count(*) FROM upload_chunks"))
        if chunks != 3:
            raise Failure(f"the {len(picture)}-byte file is stored in {chunks} chunks, not 3")
        figures["upload"] = f"{len(picture)} bytes in {chunks} chunks, stored through node {uploaded_on}, served by A and B"
        action, hidden = form_of(page)
        status, headers, _ = browser.request(balancer, "POST", action, hidden)
        trail += served_by(headers)
        if status != 303:
            raise Failure(f"leaving the upload screen answered {status}")
        next_page = local(headers["location"])

        answered = {}  # field → value, for every post answered 303
        kill_at = None
        for step in range(1, STEPS + 1):
            screen = f"step{step}"
            # The page the last 303 named, from the other node: the new screen at once.
            status, headers, page = browser.request(balancer, "GET", next_page)
            trail += served_by(headers)
            if status != 200:
                raise Failure(f"step {step}: GET {next_page} answered {status}")
            action, hidden = form_of(page)
            if hidden.get("_screen") != screen:
                raise Failure(f"step {step}: GET {next_page} from node {trail[-1]} shows {hidden.get('_screen')}, not {screen}")
            form = dict(hidden, **{f"field{step}": f"value {step} ✓"})

            if step == 3:
                # The same form posted to both nodes at once: the database decides.
                results = {}
                barrier = threading.Barrier(2)

                def post(name):
                    barrier.wait()
                    results[name] = browser_copy(browser).request(ports[name], "POST", action, form)
                threads = [threading.Thread(target=post, args=(name,)) for name in ports]
                for t in threads:
                    t.start()
                for t in threads:
                    t.join()
                statuses = {name: result[0] for name, result in results.items()}
                if sorted(statuses.values()) != [303, 409]:
                    raise Failure(f"the same form posted to both nodes answered {statuses}, not one 303 and one 409")
                figures["concurrent posts"] = statuses
                winner = next(result for result in results.values() if result[0] == 303)
                next_page = local(winner[1]["location"])
                answered[f"field{step}"] = form[f"field{step}"]
                continue

            if step == 4:
                # Kill a node mid-walk, between a page and its post: the other carries on.
                nodes["A"].send_signal(signal.SIGKILL)
                nodes["A"].wait()
                kill_at = len(trail)
            status, headers, _ = browser.request(balancer, "POST", action, form)
            trail += served_by(headers)
            if status != 303:
                raise Failure(f"step {step}: posting {screen} answered {status}")
            next_page = local(headers["location"])
            answered[f"field{step}"] = form[f"field{step}"]

        status, headers, page = browser.request(balancer, "GET", next_page)
        trail += served_by(headers)
        if status != 200:
            raise Failure(f"the end page answered {status}")

        # PostgreSQL restarting: 503 with Retry-After while it is down, then back by itself.
        state = os.environ.get("FLOWSTAGE_POSTGRES_STATE")
        if state:
            script = os.path.join(HERE, "..", "..", "Tools", "postgres.sh")
            subprocess.run([script, "pause"], check=True)
            try:
                # The node learns of it when its listening connection closes: until then its kept
                # copy is still the stored record, and serving it is right. A bounded wait, then:
                seen = []
                wait_until("a 503 with PostgreSQL down",
                           lambda: seen.append(browser.request(balancer, "GET", next_page)) or seen[-1][0] != 200,
                           seconds=10)
                status, headers, _ = seen[-1]
                if status != 503 or headers.get("retry-after") != "5":
                    raise Failure(f"with PostgreSQL down a page answered {status}, Retry-After {headers.get('retry-after')!r}")
            finally:
                subprocess.run([script, "resume"], check=True)
            wait_until("the node after PostgreSQL came back",
                       lambda: browser.request(balancer, "GET", next_page)[0] == 200, seconds=30)
            figures["PostgreSQL restart"] = "503 with Retry-After while down, 200 after"
        elif os.environ.get("CI") == "true":
            raise Failure("FLOWSTAGE_POSTGRES_STATE is not set: run through Tools/postgres.sh run, which can restart the server")

        # Until the kill, round robin alternated: no two consecutive requests on one node.
        alive = trail[:kill_at]
        if len(set(alive)) != 2 or any(a == b for a, b in zip(alive, alive[1:])):
            raise Failure(f"requests before the kill did not alternate between the nodes: {alive}")
        after = [n for n in trail[kill_at:] if n != "A"]
        if not after or set(after) != {"B"}:
            raise Failure(f"after node A was killed, requests were not all served by B: {trail[kill_at:]}")
        figures["requests through nginx"] = len(trail)
        figures["served by"] = {name: trail.count(name) for name in ("A", "B")}

        # What was answered 303 is in the database.
        body = json.loads(psql(url, f"SELECT body FROM instances WHERE id = '{instance_id}'"))
        for field, value in answered.items():
            if body.get("data", {}).get(field) != value:
                raise Failure(f"{field} is {body.get('data', {}).get(field)!r} in the database, answered {value!r}")
        if body.get("status") != "completed":
            raise Failure(f"the instance is {body.get('status')!r}, not completed")
        figures["final version"] = int(psql(url, f"SELECT version FROM instances WHERE id = '{instance_id}'"))
        # Both nodes wrote their analytics events to the one table.
        kinds = psql(url, f"SELECT string_agg(DISTINCT kind, ',' ORDER BY kind) FROM analytics_events WHERE instance = '{instance_id}'")
        if kinds.split(",") != ["action", "end", "screen", "start"]:
            raise Failure(f"the analytics events of the walk are of kinds {kinds!r}, not action, end, screen and start")
        figures["analytics events"] = int(psql(url, f"SELECT count(*) FROM analytics_events WHERE instance = '{instance_id}'"))
        return figures, trail
    except Failure:
        for name, log in locals().get("logs", {}).items():
            log.flush()
            sys.stderr.write(f"--- node {name} log ---\n" + open(log.name).read()[-3000:])
        raise
    finally:
        for name, process in reversed(started):
            if process.poll() is None:
                process.send_signal(signal.SIGTERM if name != "nginx" else signal.SIGQUIT)
                try:
                    process.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        try:
            psql(admin_url, f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")
        except Failure as error:
            sys.stderr.write(f"multinode: {error}\n")
        shutil.rmtree(folder, ignore_errors=True)


def browser_copy(browser):
    copy = Browser()
    copy.cookie = browser.cookie
    return copy


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--flowstage", required=True)
    arguments = parser.parse_args()
    ci = os.environ.get("CI") == "true"
    url = os.environ.get("FLOWSTAGE_TEST_POSTGRES_URL")
    missing = []
    if not url:
        missing.append("FLOWSTAGE_TEST_POSTGRES_URL (run through Tools/postgres.sh run)")
    if not shutil.which("nginx") and not os.path.exists("/usr/sbin/nginx"):
        missing.append("nginx (make test installs nginx-light)")
    if not shutil.which("psql"):
        missing.append("psql")
    if missing:
        print("multinode: skipped, missing " + " and ".join(missing) + ("; CI=true requires it" if ci else ""))
        return 1 if ci else 0
    began = time.monotonic()
    try:
        figures, trail = run(os.path.abspath(arguments.flowstage), url)
    except Failure as error:
        print(f"multinode: FAILED: {error}")
        return 1
    print(f"multinode: passed in {time.monotonic() - began:.1f} s: " + json.dumps(figures, ensure_ascii=False))
    print("multinode: nodes in request order: " + " ".join(trail))
    return 0


if __name__ == "__main__":
    sys.exit(main())
