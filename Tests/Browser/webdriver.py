"""A small W3C WebDriver client over plain HTTP (python3 standard library only).

It talks to chromedriver on loopback. Waits poll the browser at a short interval with a
bounded deadline: they wait for a state (a new document, `readyState == "complete"`),
never for a fixed time.
"""
import base64
import json
import time
import urllib.error
import urllib.request

ELEMENT = "element-6066-11e4-a52e-4f735466cecf"
ENTER = "\ue007"
WAIT_SECONDS = 30
POLL_SECONDS = 0.05


class WebDriverError(Exception):
    def __init__(self, error, message):
        super().__init__(f"{error}: {message}")
        self.error = error


class Browser:
    """One WebDriver session: `Browser(driver_url, chromium_binary)`; `quit()` ends it."""

    def __init__(self, driver_url, chromium, width=1000, height=1000):
        self.driver_url = driver_url.rstrip("/")
        self.session = None
        arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            "--no-first-run", "--no-default-browser-check", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--disable-extensions",
            "--force-device-scale-factor=1", "--hide-scrollbars", "--lang=en-GB",
            # Only loopback traffic: every other host name fails to resolve.
            "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
            f"--window-size={width},{height}",
        ]
        capabilities = {"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "pageLoadStrategy": "normal",
            "timeouts": {"pageLoad": WAIT_SECONDS * 1000, "script": WAIT_SECONDS * 1000},
            "goog:chromeOptions": {"binary": chromium, "args": arguments},
        }}}
        self.session = self._call("POST", "/session", capabilities)["sessionId"]

    # -- the protocol ---------------------------------------------------------------------

    def _call(self, method, path, body=None):
        data = json.dumps(body if body is not None else {}).encode() if method == "POST" else None
        request = urllib.request.Request(self.driver_url + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=WAIT_SECONDS * 2) as response:
                return json.load(response)["value"]
        except urllib.error.HTTPError as failure:
            value = json.load(failure).get("value", {})
            raise WebDriverError(value.get("error", str(failure.code)), value.get("message", "")) from None

    def _session(self, method, path, body=None):
        return self._call(method, f"/session/{self.session}{path}", body)

    def quit(self):
        if self.session:
            try:
                self._call("DELETE", f"/session/{self.session}")
            finally:
                self.session = None

    # -- pages ----------------------------------------------------------------------------

    def open(self, url):
        self._session("POST", "/url", {"url": url})
        self.wait_for_document()

    def refresh(self):
        self._session("POST", "/refresh")
        self.wait_for_document()

    @property
    def url(self):
        return self._session("GET", "/url")

    @property
    def title(self):
        return self._session("GET", "/title")

    def screenshot_png(self):
        return base64.b64decode(self._session("GET", "/screenshot"))

    def cdp(self, command, parameters=None):
        """A Chrome DevTools command through chromedriver (Chromium only)."""
        return self._session("POST", "/goog/cdp/execute", {"cmd": command, "params": parameters or {}})

    def full_page_png(self, width):
        """The whole page at `width` CSS px: the viewport is emulated at the page's height."""
        def emulate(height):
            self.cdp("Emulation.setDeviceMetricsOverride",
                     {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        emulate(200)
        height = self.execute("return document.documentElement.scrollHeight")
        emulate(height)
        try:
            return self.screenshot_png()
        finally:
            self.cdp("Emulation.clearDeviceMetricsOverride")

    def execute(self, script, *arguments):
        return self._session("POST", "/execute/sync", {"script": script, "args": list(arguments)})

    def execute_async(self, script, *arguments):
        return self._session("POST", "/execute/async", {"script": script, "args": list(arguments)})

    def wait_until(self, condition, what):
        """Polls `condition` until it is true; fails after WAIT_SECONDS naming `what`."""
        deadline = time.monotonic() + WAIT_SECONDS
        while True:
            if condition():
                return
            if time.monotonic() > deadline:
                raise TimeoutError(f"waited {WAIT_SECONDS} s for {what}")
            time.sleep(POLL_SECONDS)

    def wait_for_document(self):
        self.wait_until(lambda: self.execute("return document.readyState") == "complete",
                        "the page to finish loading")

    # -- elements -------------------------------------------------------------------------

    def find(self, css):
        return self._session("POST", "/element", {"using": "css selector", "value": css})[ELEMENT]

    def find_all(self, css):
        found = self._session("POST", "/elements", {"using": "css selector", "value": css})
        return [element[ELEMENT] for element in found]

    def exists(self, css):
        return bool(self.find_all(css))

    def click(self, element):
        self._session("POST", f"/element/{element}/click")

    def clear(self, element):
        self._session("POST", f"/element/{element}/clear")

    def send_keys(self, element, text):
        self._session("POST", f"/element/{element}/value", {"text": text})

    def attribute(self, element, name):
        return self._session("GET", f"/element/{element}/attribute/{name}")

    def is_enabled(self, element):
        """Whether a control can be used: false inside a disabled fieldset too."""
        return self._session("GET", f"/element/{element}/enabled")

    def tag(self, element):
        return self._session("GET", f"/element/{element}/name")

    def is_selected(self, element):
        return self._session("GET", f"/element/{element}/selected")

    def active_element(self):
        return self._session("GET", "/element/active")[ELEMENT]

    def click_and_wait(self, element):
        """Clicks something that loads a new page and waits for that page: the old document's
        root element carries a marker, the new one does not. (The root element, not the window:
        the comfort script writes a refused upload's answer into the same window.)"""
        self.execute("document.documentElement.__flowstageOldPage = true")
        self.click(element)
        self.wait_for_new_document()

    def wait_for_new_document(self):
        """Waits until the marked document has been replaced by a complete new one."""
        def new_page_loaded():
            try:
                return self.execute("return document.documentElement.__flowstageOldPage === undefined"
                                    " && document.readyState") == "complete"
            except WebDriverError:
                return False   # between two documents
        self.wait_until(new_page_loaded, "the next page to load")
