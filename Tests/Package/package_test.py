#!/usr/bin/env python3
"""The Debian package in a clean Debian root, as a user without Swift meets it (issue 60).

First unpacks the package in a temporary folder, whose binary must find its resources there.
Then makes a fresh root of this machine's Debian release with mmdebstrap (`--variant=apt`: the
essential packages and apt, no Swift, no checkout), then, inside it:
- the README's install command (`sudo apt install ./flowstage_*.deb`, as root) pulls in
  Debian's runtime libraries the package depends on, and nothing needs Swift;
- as an ordinary user: `flowstage validate` and `flowstage test` pass on the packaged examples;
- the README's serve command (`flowstage serve path/to/models --open`) on a read-only copy of
  the Camunda example folder answers `/healthz`, the catalogue and a process's first screen,
  the Dockerfile's HEALTHCHECK command succeeds against it, `--open` without a browser says
  what to do; afterwards not one file of the folder has changed, and the server's data is in
  the user's data folder; `flowstage serve` without a folder serves the packaged examples;
- the Dockerfile's run stage is this same release's slim image installing nothing but the .deb,
  so what is checked here is what the image runs;
- `apt-get purge flowstage` removes every file the package brought.
Commands run in the root through `unshare --mount --mount-proc`, so its /proc is gone when
they end and nothing stays mounted. Needs root (chroot) and mmdebstrap; without them it says
so and passes on a developer's machine, and fails under CI=true.

    python3 Tests/Package/package_test.py --deb .build/deb/flowstage_0.9.0_amd64.deb
"""
import argparse
import http.client
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
CHECKOUT = os.path.dirname(os.path.dirname(HERE))
USER = "designer"


class Failure(Exception):
    pass


def codename():
    with open("/etc/os-release") as f:
        values = dict(line.rstrip("\n").split("=", 1) for line in f if "=" in line)
    return values.get("VERSION_CODENAME", "").strip('"')


def in_root(root, command, user=None, check=True, input=None, variables=(), **popen):
    """A command inside the root, with its own /proc that is unmounted when it ends."""
    prefix = ["unshare", "--mount", f"--mount-proc={root}/proc", "chroot"]
    if user:
        prefix.append(f"--userspec={user}:{user}")
    environment = ["env", "-i", "PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin", "LANG=C.UTF-8",
                   f"HOME=/home/{user}" if user else "HOME=/root", *variables]
    argv = prefix + [root] + environment + command
    if popen:
        return subprocess.Popen(argv, **popen)
    result = subprocess.run(argv, capture_output=True, text=True, input=input)
    if check and result.returncode != 0:
        raise Failure(f"`{' '.join(command)}` failed in the clean root ({result.returncode}):\n{result.stdout}\n{result.stderr}")
    return result


def readme_package_commands():
    """The README's two commands for the Debian package: the install, then the serve."""
    with open(os.path.join(CHECKOUT, "README.md")) as f:
        text = f.read()
    section = text[text.index("**The Debian package**"):]
    block = re.search(r"```sh\n(.*?)```", section, re.S).group(1)
    lines = [line for line in block.splitlines() if line.strip()]
    if len(lines) != 2 or " install ./flowstage_" not in lines[0] or not lines[1].startswith("flowstage serve "):
        raise Failure(f"the README's package commands are not an install and a serve: {lines}")
    return lines


def started_server(root, command, **options):
    """A `flowstage serve` in the root, once it has printed its address; with that address."""
    server = in_root(root, command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **options)
    lines = []
    for line in server.stdout:
        lines.append(line)
        found = re.search(r"is serving .* at (http://\S+)", line)
        if found:
            return server, found.group(1), "".join(lines)
    server.wait()
    raise Failure(f"`{' '.join(command)}` did not start:\n" + "".join(lines))


def stopped(server):
    """SIGTERM to the server's own PID; what it printed after its address."""
    server.send_signal(signal.SIGTERM)
    rest = server.stdout.read()
    server.wait(timeout=60)
    return rest


def snapshot(folder):
    """Every entry under a folder with its size and modification time."""
    entries = {}
    for parent, folders, files in os.walk(folder):
        for name in folders + files:
            path = os.path.join(parent, name)
            status = os.lstat(path)
            entries[os.path.relpath(path, folder)] = (status.st_size, status.st_mtime_ns, status.st_mode)
    return entries


def request(port, method, path, form=None, cookie=None):
    body = urllib.parse.urlencode(form).encode() if form is not None else None
    headers = {"Content-Type": "application/x-www-form-urlencoded"} if body is not None else {}
    if cookie:
        headers["Cookie"] = cookie
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    text = response.read().decode("utf-8", "replace")
    cookie = next((v.split(";", 1)[0] for k, v in response.getheaders()
                   if k.lower() == "set-cookie" and v.startswith("flowstage_session=")), cookie)
    return response.status, dict((k.lower(), v) for k, v in response.getheaders()), text, cookie


def dockerfile_run_stage():
    """The Dockerfile's last stage: its base image, its RUN lines and its HEALTHCHECK command."""
    with open(os.path.join(CHECKOUT, "Dockerfile")) as f:
        text = re.sub(r"\\\n", " ", f.read())
    stage = text[text.rindex("\nFROM "):]
    base = re.search(r"^FROM\s+(\S+)", stage, re.M).group(1)
    runs = re.findall(r"^RUN\s+(.*)$", stage, re.M)
    health = re.search(r'^HEALTHCHECK\b.*?\bCMD\s+(.*)$', stage, re.M)
    return base, runs, health.group(1).strip() if health else None


def check_dockerfile(suite):
    base, runs, health = dockerfile_run_stage()
    if base != f"debian:{suite}-slim":
        raise Failure(f"the Dockerfile's run stage starts from {base}, not debian:{suite}-slim, the release this test installs into")
    installs = [re.split(r"&&|;", run.split("apt-get install", 1)[1])[0] for run in runs if "apt-get install" in run]
    packages = [word for words in installs for word in words.split() if not word.startswith("-")]
    if not packages or any(not re.fullmatch(r"(\./|/tmp/)flowstage_\S+\.deb", p) for p in packages):
        raise Failure(f"the Dockerfile's run stage installs {packages}; it must install only the .deb, as this test does")
    if not health:
        raise Failure("the Dockerfile's run stage has no HEALTHCHECK")
    return health


def run(deb, suite):
    health = check_dockerfile(suite)
    work = tempfile.mkdtemp(prefix="flowstage-package-")
    root = os.path.join(work, "root")
    servers = []  # every flowstage serve started here, stopped by its PID at the end
    try:
        # The package's tree works wherever it is unpacked: the binary finds ../share/flowstage.
        unpacked = os.path.join(work, "unpacked")
        subprocess.run(["dpkg-deb", "-x", deb, unpacked], check=True)
        result = subprocess.run([os.path.join(unpacked, "usr/bin/flowstage"), "validate",
                                 os.path.join(unpacked, "usr/share/doc/flowstage/examples")],
                                capture_output=True, text=True, cwd="/", env={"PATH": "/usr/bin:/bin"})
        if result.returncode != 0 or "no errors" not in result.stdout:
            raise Failure(f"the package unpacked in {unpacked} did not validate its examples:\n{result.stdout}{result.stderr}")
        print(f"  unpacked in a temporary folder: flowstage validate on its examples: no errors", flush=True)

        print(f"Making a clean {suite} root with mmdebstrap (variant apt)…", flush=True)
        subprocess.run(["mmdebstrap", "--quiet", "--variant=apt", "--mode=root", suite, root], check=True)
        if os.path.exists(os.path.join(root, "usr/bin/swift")) or os.path.isdir(os.path.join(root, "usr/lib/swift")):
            raise Failure("the clean root has Swift in it")
        shutil.copy(deb, os.path.join(root, "tmp"))
        # The README's commands as a person types them: root needs no sudo, and apt's question
        # ("Do you want to continue? [Y/n]") is answered as a person would.
        install, serve = readme_package_commands()
        in_root(root, ["apt-get", "update", "-q"])
        in_root(root, ["sh", "-c", "cd /tmp && " + install.replace("sudo ", "", 1)], input="Y\n",
                variables=["DEBIAN_FRONTEND=noninteractive"])
        installed = in_root(root, ["dpkg-query", "-W", "-f=${Package}\n"]).stdout.split()
        print(f"Installed {os.path.basename(deb)} into a clean root with `{install}` ({len(installed)} packages in it).", flush=True)
        files = [line for line in in_root(root, ["dpkg", "-L", "flowstage"]).stdout.splitlines()
                 if os.path.isfile(os.path.join(root, line.lstrip("/")))]
        if "/usr/share/man/man1/flowstage.1.gz" not in files:
            raise Failure("the package has no manual page")
        in_root(root, ["useradd", "--create-home", "--shell", "/bin/bash", USER])

        examples = "/usr/share/doc/flowstage/examples"
        for command in (["flowstage", "--version"], ["flowstage", "validate", examples], ["flowstage", "test", examples]):
            result = in_root(root, command, user=USER)
            print(f"  {' '.join(command)}: {result.stdout.strip().splitlines()[-1]}", flush=True)

        # A Modeler folder the server may not write to (an ordinary user, files owned by root),
        # served by the README's command; FLOWSTAGE_PORT=0 keeps the test off port 8080.
        in_root(root, ["sh", "-c", f"cp -R {examples}/camunda /models && chmod -R a-w /models"])
        before = snapshot(os.path.join(root, "models"))
        command = shlex.split(serve.replace("path/to/models", "/models"))
        server, address, _ = started_server(root, command, user=USER, variables=["FLOWSTAGE_PORT=0"])
        servers.append(server)
        port = urllib.parse.urlsplit(address).port
        status, _, body, _ = request(port, "GET", "/healthz")
        if status != 200 or body.strip() != "ok":
            raise Failure(f"/healthz answered {status} {body!r}")
        status, _, page, cookie = request(port, "GET", "/")
        start = re.search(r'action="(/processes/[^"/]+/start)"', page)
        csrf = re.search(r'name="_csrf" value="([^"]+)"', page)
        if status != 200 or not start or not csrf:
            raise Failure(f"the catalogue answered {status} without a process to start:\n{page[:1500]}")
        status, headers, _, cookie = request(port, "POST", start.group(1), {"_csrf": csrf.group(1)}, cookie)
        if status != 303:
            raise Failure(f"starting {start.group(1)} answered {status}")
        location = urllib.parse.urlsplit(headers["location"])
        status, _, page, _ = request(port, "GET", location.path + ("?" + location.query if location.query else ""), cookie=cookie)
        if status != 200 or "<main" not in page or "<h1" not in page:
            raise Failure(f"the first screen answered {status}:\n{page[:1500]}")
        title = re.search(r"<title>([^<]*)</title>", page)
        print(f"  {' '.join(command)}: /healthz ok, catalogue ok, first screen “{title.group(1) if title else '?'}”", flush=True)
        checked = in_root(root, ["sh", "-c", health.replace("8080", str(port))], user=USER, check=False)
        if checked.returncode != 0:
            raise Failure(f"the Dockerfile's HEALTHCHECK ({health}) failed against the server:\n{checked.stdout}{checked.stderr}")

        # Without a folder: the packaged example project, found from the binary.
        second, second_address, _ = started_server(root, ["flowstage", "serve"], user=USER, variables=["FLOWSTAGE_PORT=0"])
        servers.append(second)
        status, _, page, _ = request(urllib.parse.urlsplit(second_address).port, "GET", "/")
        stopped(second)
        if status != 200 or "Acme Bank loan demo" not in page:
            raise Failure(f"flowstage serve without a folder answered {status} without the example project")
        print("  flowstage serve: the example project", flush=True)

        rest = stopped(server)
        if "--open" in command and f"open {address} in one yourself" not in rest:
            raise Failure(f"--open without a browser did not say what to do:\n{rest}")
        after = snapshot(os.path.join(root, "models"))
        if before != after:
            changed = sorted(set(before) ^ set(after) | {k for k in before if k in after and before[k] != after[k]})
            raise Failure(f"serving the read-only folder changed it: {changed}")
        data = os.path.join(root, "home", USER, ".local/share/flowstage/projects")
        kept = [name for name in (os.listdir(data) if os.path.isdir(data) else [])
                if os.path.exists(os.path.join(data, name, "flowstage.sqlite"))]
        if not any(name.startswith("models-") for name in kept):
            raise Failure(f"the server kept no SQLite file for /models in the user's data folder ({data}: {kept})")
        print(f"  /models unchanged ({len(before)} entries); data kept in ~/.local/share/flowstage/projects/", flush=True)

        in_root(root, ["apt-get", "purge", "-y", "-q", "flowstage"], variables=["DEBIAN_FRONTEND=noninteractive"])
        left = [path for path in files if os.path.lexists(os.path.join(root, path.lstrip("/")))]
        for folder in ("usr/share/flowstage", "usr/share/doc/flowstage"):
            if os.path.exists(os.path.join(root, folder)):
                left.append("/" + folder)
        if left:
            raise Failure(f"apt-get purge flowstage left {len(left)} files: {left[:10]}")
        print(f"  apt-get purge flowstage removed all {len(files)} files it installed", flush=True)
    finally:
        for server in servers:
            if server.poll() is None:
                server.kill()
                server.wait()
        # Nothing is mounted in the root (each command had its own mount namespace), so it can go.
        with open("/proc/mounts") as f:
            mounted = [line for line in f if f" {root}" in line]
        if mounted:
            print(f"WARNING: {root} still has mounts; left in place:\n{''.join(mounted)}", file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deb", required=True)
    arguments = parser.parse_args()
    ci = os.environ.get("CI") == "true"
    missing = [tool for tool in ("mmdebstrap", "unshare", "chroot") if shutil.which(tool) is None]
    problem = None
    if os.geteuid() != 0:
        problem = "it needs root (a chroot): run it through `make package-test`, which uses sudo"
    elif missing:
        problem = f"{', '.join(missing)} not installed"
    elif not codename():
        problem = "this is not a Debian machine (no VERSION_CODENAME in /etc/os-release)"
    if problem:
        print(f"Package test not run: {problem}.", file=sys.stderr)
        return 1 if ci else 0
    try:
        run(os.path.abspath(arguments.deb), codename())
    except (Failure, subprocess.CalledProcessError) as failure:
        print(f"Package test FAILED: {failure}", file=sys.stderr)
        return 1
    print("Package test passed.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
