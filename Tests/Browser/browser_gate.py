#!/usr/bin/env python3
"""The real-browser gate: every example screen in headless Chromium.

It starts `flowstage serve` (memory store, a free port on 127.0.0.1) and chromedriver, then
walks the example project in the browser the way a person would: the first look chosen through
the catalogue's settings form, each process through its scenarios (Examples/scenarios/*.json),
the app flow through the walks below, and on every screen with required fields an empty post
first, for the 422 error state. Every page is checked in every look: every built-in theme,
light and dark, and Romanian, German and Arabic (the last right to left and dark). The page is
checked in the look it is shown in, then the session's settings are changed from the page (the
settings form's post, sent by a script) and the page shown again in each other look: reloaded,
or, for a page answering a post, that post repeated. Walking once and looking many times keeps
the gate's minutes on the checks, not on typing the same forms nine times.

On every page it checks:
- axe-core: no violations for the tags in AXE_TAGS (in a look whose page has the same HTML as
  in a look of its language already checked, bar the stylesheet, only the rules a theme can
  change: AXE_STYLE_RULES);
- the Nu HTML Checker: no errors in the HTML as the browser got it (its page source);
- after a failed post: the error summary has focus, is focusable without the script, and
  each of its links moves focus to its field when activated with the keyboard.
Then it walks NO_SCRIPT_LOOK again with the page's script switched off, with the same checks.
It saves three screenshots into docs/screenshots/ (see SCREENSHOTS).

Then the corpus of real-world BPMN models (../shared/testdata/wild/, see CORPUS): every
repository folder that `flowstage validate` loads is served on its own, and in CORPUS_LOOK
with the script on each process is started from the catalogue and walked by pressing each
screen's primary button with the form left empty, checking every new screen (at most
CORPUS_SCREENS_PER_PROCESS per process) until an end page or a refused post (422, checked
too). Same axe-core and Nu checks; their findings are listed in a summary of their own and
fail the gate only when fewer than CORPUS_CLEAN_SHARE of the corpus pages are clean. Without
the corpus the part is skipped with a banner (a failure under CI=true). `--only-corpus` runs
only this part.

Failures name the check, the rule, the element and the screen. Without Chromium,
chromedriver, Java, axe-core or vnu.jar the gate says so loudly; under CI=true that fails.

    python3 Tests/Browser/browser_gate.py --flowstage .build/debug/flowstage \
        --axe Tools/cache/axe-4.12.1.min.js --vnu Tools/cache/vnu.jar [--only-corpus]
"""
import argparse
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from xml.etree import ElementTree

sys.dont_write_bytecode = True   # no __pycache__ in the checkout
from webdriver import ELEMENT, ENTER, WAIT_SECONDS, Browser

CHECKOUT = Path(__file__).resolve().parents[2]
EXAMPLES = CHECKOUT / "Examples"
SCREENSHOT_FOLDER = CHECKOUT / "docs" / "screenshots"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
# The rules whose outcome a theme or an appearance can change: a theme sets colours, font sizes
# and spacing (Themes/*.json), so contrast, links told apart by colour, target sizes, overflow
# and orientation. In a look that differs from one already checked only by its theme or
# appearance, and whose HTML is that look's apart from the stylesheet, only these run.
AXE_STYLE_RULES = ["color-contrast", "link-in-text-block", "target-size", "scrollable-region-focusable",
                   "css-orientation-lock"]
STYLESHEET = re.compile(r'/themes/[^"/]*\.css|data-appearance="[^"]*"')   # what a theme or appearance changes in a page
APPEARANCES = ["light", "dark"]
EXTRA_LANGUAGES = [("default", "light", "ro"), ("default", "light", "de"), ("default", "dark", "ar")]
NO_SCRIPT_LOOK = ("default", "light", "en")

# The real-world corpus (wild/<category>/<owner>__<repo>/, one project per folder), beside
# the checkout as in the shared test data's README.
CORPUS = CHECKOUT.parent / "shared" / "testdata" / "wild"
CORPUS_LOOK = ("default", "light", "en")
CORPUS_SCREENS_PER_PROCESS = 12
CORPUS_CLEAN_SHARE = 0.95          # below this share of clean corpus pages the gate fails
CORPUS_WALK_SECONDS = 150          # walking stops here (loudly), so the part stays near 3 minutes

# (theme, appearance, language, page) -> file in docs/screenshots/
SCREENSHOTS = {
    ("default", "light", "en", "loan_application/loan after an empty post"): "light-loan-errors.png",
    ("default", "dark", "en", "onboarding/register"): "dark-onboarding-register.png",
    ("high-contrast", "light", "en", "loan_application/offer"): "high-contrast-offer.png",
}

# App flows have no scenario files yet, so their walks are written here in the scenario
# shape: `expect` a screen (a flow state or a user task of a launched process), fill
# `values`, press the button of `event` (flow) or `action` (process).
FLOW_WALKS = [
    {"name": "onboarding: new customer browses", "flow": "onboarding", "steps": [
        {"expect": "welcome", "event": "next", "values": {}},
        {"expect": "register", "event": "next",
         "values": {"user.firstName": "Ana", "user.email": "ana@example.org", "user.consent": "true"}},
        {"expect": "goal", "event": "next", "values": {"user.goal": "browse"}},
        {"expect": "browse"}]},
    {"name": "onboarding: returning customer applies", "flow": "onboarding", "steps": [
        {"expect": "welcome", "event": "next", "values": {"user.returning": "true"}},
        {"expect": "login", "event": "next", "values": {"user.email": "ion@example.org"}},
        {"expect": "goal", "event": "next", "values": {"user.goal": "loan"}},
        {"expect": "personal", "action": "continue", "values": {"client.firstName": "Ion", "client.lastName": "Popescu"}},
        {"expect": "loan", "action": "continue", "values": {"loan.amount": "5000", "loan.purpose": "car", "loan.term": "24"}},
        {"expect": "offer", "action": "accept", "values": {"offer.accepted": "true"}},
        {"expect": "thanks"}]},
]

SAVE_SETTINGS = """
// The settings form's post (language, theme, appearance) with the session's CSRF token, asked
// for from the catalogue when not known yet or refused (403: the session was reset).
const [known, language, theme, appearance] = arguments, done = arguments[arguments.length - 1];
const post = token => fetch("/settings", { method: "POST", redirect: "manual",
    body: new URLSearchParams({ _csrf: token, language, theme, appearance }) }).then(answer => [answer, token]);
const fresh = () => fetch("/").then(answer => answer.text()).then(html => post(
    new DOMParser().parseFromString(html, "text/html").querySelector('form.fs-settings input[name="_csrf"]').value));
(known ? post(known).then(sent => sent[0].status === 403 ? fresh() : sent) : fresh())
  .then(([answer, token]) => done({ saved: answer.type === "opaqueredirect", status: answer.status, token }))
  .catch(error => done({ saved: false, status: String(error), token: null }));
"""

AXE_RUN = """
const [tags, rules] = arguments, done = arguments[arguments.length - 1];
if (typeof axe !== "object") return done(null);   // a page whose script is off: given, then run again
axe.run(document, { runOnly: rules ? { type: "rule", values: rules } : { type: "tag", values: tags }, resultTypes: ["violations"] })
  .then(result => done({ ran: result.passes.length + result.violations.length + result.incomplete.length,
      violations: result.violations.map(v => ({
      rule: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.map(n => ({ selector: n.target.join(" "), why: n.failureSummary })) })) }))
  .catch(error => done({ ran: 0, violations: [{ rule: "axe-error", impact: "", help: String(error), nodes: [] }] }));
"""


# -- the project: which screens exist, who owns them, which have required fields ------------

def load_json(path):
    with open(path, encoding="utf-8") as file:
        return json.load(file)


def has_required_validator(components):
    for component in components:
        if any(v.get("type") in ("required", "requiredTrue") for v in component.get("validators", [])):
            return True
        if has_required_validator(component.get("children", [])):
            return True
    return False


def example_screens():
    """screen id -> (owner name, has required fields), from the example's definitions."""
    screens = {}
    for path in sorted((EXAMPLES / "processes").glob("*.json")):
        process = load_json(path)
        for node in process["nodes"]:
            if node.get("type") == "userTask":
                screens[node["id"]] = (process["name"], has_required_validator(node.get("screen", [])))
    for path in sorted((EXAMPLES / "flows").glob("*.json")):
        flow = load_json(path)
        for state in flow["states"]:
            if "screen" in state:
                screens[state["state"]] = (flow["name"], has_required_validator(state["screen"]))
    return screens


def scenario_walks():
    walks = []
    for path in sorted((EXAMPLES / "scenarios").glob("*.json")):
        scenario = load_json(path)
        walks.append({"name": f"scenario {path.stem}", "process": scenario["process"], "steps": scenario["steps"]})
    return walks


def themes():
    return sorted(path.stem for path in (CHECKOUT / "Themes").glob("*.json"))


# -- the gate ---------------------------------------------------------------------------------

class Gate:
    def __init__(self, browser, home, axe_source):
        self.browser = browser
        self.home = home
        self.axe_source = axe_source
        # axe-core is given to every new document by the browser itself, once: sent with each
        # check, its half a megabyte crossed WebDriver and was parsed again for every page.
        browser.cdp("Page.addScriptToEvaluateOnNewDocument", {"source": axe_source})
        self.screens = example_screens()
        self.failures = []
        self.temporary_folders = []  # inline upload files, removed at the end
        self.pages = []          # (name, page source) for the Nu HTML Checker
        self.seen = set()        # pages already checked (in every look of `looks`)
        self.look = None         # (theme, appearance, language) the page is shown in
        self.looks = []          # every look a page is checked in; empty: only the one it is shown in
        self.csrf = None         # the session's token for the settings post, asked for again on a 403
        self.style_only_checks = 0   # page looks where only AXE_STYLE_RULES ran
        self.script = True       # False once the page's script is switched off

    def fail(self, check, page, detail, rule=None, element=None, message=None):
        """One problem; `rule`, `element` and `message` are the same facts, kept apart for the
        corpus summary."""
        self.failures.append(f"[{check}] {detail}\n    screen: {page}")

    def page_name(self, page):
        theme, appearance, language = self.look
        return f"{page} — theme {theme}, {appearance}, {language}" + ("" if self.script else ", without script")

    # -- walking ------------------------------------------------------------------------------

    def choose_look(self, theme, appearance, language):
        """Posts the catalogue's settings form, as a person would."""
        self.look = (theme, appearance, language)
        self.seen = set()
        b = self.browser
        b.open(self.home)
        b.click(b.find(f'#settings-language option[value="{language}"]'))
        b.click(b.find(f'#settings-theme option[value="{theme}"]'))
        b.click(b.find(f"#settings-appearance-{appearance}"))
        b.click_and_wait(b.find('form.fs-settings button[type="submit"]'))
        shown, _ = self.page_identity()
        if shown != self.look:
            raise AssertionError(f"the settings form did not take effect: the page shows {shown}")

    def switch_look(self, look):
        """The settings form's post sent from the page by a script: the session's look changes,
        the page stays until it is shown again."""
        theme, appearance, language = look
        answer = self.browser.execute_async(SAVE_SETTINGS, self.csrf, language, theme, appearance)
        if not answer["saved"]:
            raise AssertionError(f"the settings post for {'/'.join(look)} was refused: {answer['status']}")
        self.csrf, self.look = answer["token"], look

    def page_identity(self):
        """The look the page shows, and what stays the same when it is shown again in another
        look (words do not): its address, screens and error summary's links."""
        theme, appearance, language, *identity = self.browser.execute(
            "const theme = document.querySelector('link[href^=\"/themes/\"]');"
            " return [theme ? theme.getAttribute('href') : '', document.documentElement.dataset.appearance,"
            " document.documentElement.lang, location.pathname,"
            " Array.from(document.querySelectorAll('input[name=\"_screen\"]'), i => i.value),"
            " Array.from(document.querySelectorAll('#error-summary a'), a => a.getAttribute('href'))]")
        return (theme.removeprefix("/themes/").removesuffix(".css"), appearance, language), identity

    def start(self, form_action):
        self.browser.open(self.home)
        self.browser.click_and_wait(self.browser.find(f'form[action="{form_action}"] button[type="submit"]'))

    def current_screens(self):
        """The task of every form on the page: one, or one per section with `single` navigation."""
        return [self.browser.attribute(found, "value") for found in self.browser.find_all('input[name="_screen"]')]

    @staticmethod
    def form_of(screen):
        return f'form:has(> input[name="_screen"][value="{screen}"])'

    def fill(self, screen, values):
        b = self.browser
        for name, value in values.items():
            wanted = value if isinstance(value, list) else [value]
            fields = b.find_all(f'{self.form_of(screen)} [name="{name}"]')
            if not fields:
                raise AssertionError(f"no field named {name} on the page")
            for field in fields:
                kind = b.tag(field), b.attribute(field, "type")
                if kind[0] == "select":
                    option = b.find(f'{self.form_of(screen)} select[name="{name}"] option[value="{wanted[0]}"]')
                    # With the script on, a field with a `change` action posts the form itself
                    # (its "Update" button is hidden): wait for that page before going on.
                    if not b.is_selected(option) and b.exists(f'.fs-field:has([name="{name}"]) [data-fs-change][hidden]'):
                        b.click_and_wait(option)
                    else:
                        b.click(option)
                elif kind[1] == "radio":
                    if b.attribute(field, "value") == wanted[0]:
                        b.click(field)
                elif kind[1] == "checkbox":
                    on = b.attribute(field, "value") in wanted or (wanted[0] in ("true", True) and len(fields) == 1)
                    if on != b.is_selected(field):
                        b.click(field)
                elif kind[1] in ("range", "date"):
                    # Typing into these is locale- and widget-dependent (a range takes no text, a
                    # date input types segment by segment in the browser's order): set the value
                    # as a person's drag or date pick would, with the events they fire.
                    b.execute("var f = document.querySelector('[name=\"' + arguments[0] + '\"]'); f.value = arguments[1];"
                              " f.dispatchEvent(new Event('input', {bubbles: true}));"
                              " f.dispatchEvent(new Event('change', {bubbles: true}));", name, str(wanted[0]))
                else:
                    b.clear(field)
                    b.send_keys(field, str(wanted[0]))

    def press(self, screen, step):
        path = f'/actions/{step["action"]}' if "action" in step else f'/events/{step["event"]}'
        button = self.browser.find(f'{self.form_of(screen)} button[formaction$="{path}"]:not([name="_remove"])')
        # (A file list's Remove buttons post to the upload action too; the action's own button is meant.)
        if self.browser.attribute(button, "hidden") is not None:
            return   # a field's "Update" button: with the script on, `fill` has already posted it
        self.browser.click_and_wait(button)

    def is_change_action(self, step):
        """A field's `change` action ("Update"): it saves without validating, so posting it
        empty shows no errors."""
        return "action" in step and self.browser.exists(f'button[data-fs-change][formaction$="/actions/{step["action"]}"]')

    def attach(self, screen, uploads):
        """A step's `uploads` (cli.md scenarios): each file's absolute path typed into its file
        input, as WebDriver attaches files; inline `content`/`base64` is written to a temporary
        file with the given name first."""
        b = self.browser
        for key, files in uploads.items():
            for upload in files if isinstance(files, list) else [files]:
                if "file" in upload:
                    path = EXAMPLES / upload["file"]
                else:
                    folder = Path(tempfile.mkdtemp(prefix="flowstage-gate-"))
                    self.temporary_folders.append(folder)
                    path = folder / upload["name"]
                    if "base64" in upload:
                        import base64
                        path.write_bytes(base64.b64decode(upload["base64"]))
                    else:
                        path.write_text(upload["content"], encoding="utf-8")
                field = b.find(f'{self.form_of(screen)} input[type="file"][name="{key}"]')
                b.send_keys(field, str(path.resolve()))

    def walk(self, walk):
        start = f'/processes/{walk["process"]}/start' if "process" in walk else f'/flows/{walk["flow"]}/start'
        self.start(start)
        for step in walk["steps"]:
            expected = step["expect"]
            if expected.startswith("end:"):
                self.check_end_page(walk["name"], expected.split(":", 1)[1])
                continue
            screens = self.current_screens()
            if expected not in screens:
                self.fail("walk", self.page_name(walk["name"]),
                          f"expected the screen {expected}, the browser shows {', '.join(screens) or 'no screen'} ({self.browser.title})")
                return
            screen = expected
            # A screen of an imported model (Examples/camunda/) is not in the JSON definitions
            # read above: it is named after its walk's process, and its scenario posts the empty
            # form itself (its first step expects the errors).
            owner, required = self.screens.get(screen, (walk.get("process") or walk.get("flow"), False))
            page = f"{owner}/{screen}"
            self.check_page(page)
            if required and page + " after an empty post" not in self.seen and not self.is_change_action(step):
                empty = step if ("action" in step or "event" in step) else {"event": "next"}
                self.press(screen, empty)
                self.check_failed_post(page + " after an empty post", screen, again=lambda: self.press(screen, empty))
            if "action" not in step and "event" not in step:
                continue
            self.fill(screen, step.get("values", {}))
            self.attach(screen, step.get("uploads", {}))
            self.press(screen, step)
            if step.get("expectErrors"):
                self.check_failed_post(f"{page} with {', '.join(step['expectErrors'])} missing", screen,
                                       again=lambda: self.press(screen, step))

    def check_end_page(self, walk_name, outcome):
        if not self.browser.exists(f".fs-panel--{outcome}"):
            self.fail("walk", self.page_name(walk_name), f"expected an end page ({outcome}); the browser shows {self.browser.title}")
            return
        self.check_page(f"{walk_name}: end ({outcome})")

    def check_failed_post(self, page, screen, again):
        """`again` repeats the post that answered with this page (from the page itself)."""
        if screen not in self.current_screens() or not self.browser.exists("#error-summary"):
            self.fail("422", self.page_name(page), f"expected {screen} again with an error summary; the browser shows {self.browser.title}")
            return
        self.check_page(page, again)
        self.check_error_summary_has_focus(page)
        self.check_error_summary_is_focusable_without_the_script(page)
        self.check_error_summary_links_move_focus_to_their_fields(page)

    # -- checks -------------------------------------------------------------------------------

    def check_page(self, page, again=None):
        """The page in the look it is shown in, then in every other look of `looks`: shown again
        by a reload, or by `again` when it answers a post (the post repeated)."""
        if page in self.seen:
            return
        self.seen.add(page)
        self.browser.wait_for_document()
        identity = self.page_identity()[1] if len(self.looks) > 1 else None
        checked = {}   # language -> the page's HTML in the first look checked in it, stylesheet left out
        self.check_in_this_look(page, checked)
        for look in [look for look in self.looks if look != self.look]:
            self.switch_look(look)
            (again or self.browser.refresh)()
            shown, now = self.page_identity()
            if shown != look or now != identity:
                self.fail("look", self.page_name(page), f"shown again in this look, the page shows look {shown} and"
                          f" (address, screens, error links) {now}, not {identity}")
                continue
            self.check_in_this_look(page, checked)

    def check_in_this_look(self, page, checked):
        """axe-core now (only AXE_STYLE_RULES when `checked` has this page's HTML in this
        language, bar the stylesheet); the page source is kept for the Nu HTML Checker; a
        screenshot if wanted."""
        source = self.page_source()
        html = STYLESHEET.sub("", source)
        language = self.look[2]
        style_only = checked.get(language) == html
        checked.setdefault(language, html)
        self.style_only_checks += style_only
        self.check_axe_rules(page, AXE_STYLE_RULES if style_only else None)
        self.pages.append((self.page_name(page), source))
        if self.script and (*self.look, page) in SCREENSHOTS:
            self.save_screenshot(SCREENSHOTS[(*self.look, page)])

    def page_source(self):
        """The document as the browser has it (WebDriver's source is the root's outerHTML,
        without the doctype)."""
        return self.browser.execute("return (document.doctype ? new XMLSerializer().serializeToString(document.doctype) : '')"
                                    " + '\\n' + document.documentElement.outerHTML")

    def check_axe_rules(self, page, rules=None):
        """AXE_TAGS' rules, or only `rules`."""
        if not self.script:   # axe needs timers; the page's own script has not run and will not
            self.browser.cdp("Emulation.setScriptExecutionDisabled", {"value": False})
        try:
            result = self.browser.execute_async(AXE_RUN, AXE_TAGS, rules)
            if result is None:   # a page whose script is off has not run axe-core: given now
                self.browser.execute(self.axe_source + "\n;return true;")
                result = self.browser.execute_async(AXE_RUN, AXE_TAGS, rules)
        finally:
            if not self.script:
                self.browser.cdp("Emulation.setScriptExecutionDisabled", {"value": True})
        if result["ran"] == 0:
            self.fail("axe", self.page_name(page), "axe-core ran no rules on this page",
                      rule="axe", element="(page)", message="axe-core ran no rules on this page")
        for violation in result["violations"]:
            nodes = violation["nodes"] or [{"selector": "(page)", "why": ""}]
            for node in nodes:
                why = " ".join(node["why"].split())
                self.fail(f"axe {violation['rule']}", self.page_name(page),
                          f"{violation['help']} ({violation['impact']})\n    element: {node['selector']}\n    why: {why}",
                          rule=f"axe {violation['rule']}", element=node["selector"], message=f"{violation['help']}: {why}")

    def check_error_summary_has_focus(self, page):
        focused = self.browser.execute("return document.activeElement && document.activeElement.id")
        if focused != "error-summary":
            self.fail("error summary focus", self.page_name(page),
                      f"after a failed post focus should be on #error-summary, it is on {focused or 'the body'}")

    def check_error_summary_is_focusable_without_the_script(self, page):
        """The HTML alone must let the summary take focus and open `main`."""
        facts = self.browser.execute("""
            const s = document.getElementById("error-summary"), main = document.querySelector("main");
            return { tabindex: s.getAttribute("tabindex"), autofocus: s.hasAttribute("autofocus"),
                     first: main.firstElementChild === s };""")
        if facts["tabindex"] != "-1" or not facts["autofocus"] or not facts["first"]:
            self.fail("error summary without script", self.page_name(page),
                      f"#error-summary needs tabindex=\"-1\", autofocus and to open main; it has {facts}")

    def check_error_summary_links_move_focus_to_their_fields(self, page):
        b = self.browser
        links = b.find_all("#error-summary a")
        if not links:
            self.fail("error summary links", self.page_name(page), "the error summary has no links")
        for link in links:
            target = b.attribute(link, "href").split("#", 1)[-1]
            b.send_keys(link, ENTER)
            b.wait_until(lambda: b.execute("return document.readyState") == "complete", "the page to settle")
            focused = b.execute("return document.activeElement && document.activeElement.id")
            if focused != target:
                self.fail("error summary links", self.page_name(page),
                          f"Enter on the link to #{target} left focus on {focused or 'the body'}")

    def save_screenshot(self, file_name):
        """A full-page PNG, 1000 px wide; rewritten only when the pixels changed."""
        png = self.browser.full_page_png(1000)
        SCREENSHOT_FOLDER.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOT_FOLDER / file_name
        if not path.exists() or path.read_bytes() != png:
            path.write_bytes(png)

    def check_nu_html_checker(self, vnu_jar, folder):
        """All pages in one run of vnu.jar; each error names its page."""
        names = {}
        for index, (name, source) in enumerate(self.pages):
            path = Path(folder) / f"page-{index:04d}.html"
            path.write_text(source, encoding="utf-8")
            names[path.name] = name
        run = subprocess.run(["java", "-jar", str(vnu_jar), "--errors-only", "--format", "json", str(folder)],
                             capture_output=True, text=True, timeout=600)
        try:
            messages = json.loads(run.stderr or run.stdout)["messages"]
        except (ValueError, KeyError):
            self.fail("Nu HTML Checker", "(all pages)", f"vnu.jar gave no JSON (exit {run.returncode}): {run.stderr[:500]}")
            return
        for message in messages:
            if message.get("type") not in ("error", "non-document-error"):
                continue
            page = names.get(message.get("url", "").rsplit("/", 1)[-1], message.get("url", "?"))
            extract = message.get("extract", "").strip()
            self.fail("Nu HTML Checker", page,
                      f"{message.get('message')}\n    line {message.get('lastLine', '?')}: {extract!r}",
                      rule="Nu HTML Checker", element=f"line {message.get('lastLine', '?')}: {extract!r}",
                      message=message.get("message"))


# -- processes we start, and always stop ---------------------------------------------------

def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(condition, what):
    deadline = time.monotonic() + WAIT_SECONDS
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError(f"waited {WAIT_SECONDS} s for {what}")
        time.sleep(0.05)


def start_server(flowstage, logs, project=EXAMPLES, options=(), log_name="server"):
    """`flowstage serve project` on a free port; its output goes to logs/<log_name>.out/.err."""
    output, errors = Path(logs) / f"{log_name}.out", Path(logs) / f"{log_name}.err"
    with open(output, "w") as out, open(errors, "w") as err:
        server = subprocess.Popen([flowstage, "serve", str(project), "--host", "127.0.0.1", "--port", "0",
                                   "--store", "memory", "--log-level", "warning", *options],
                                  cwd=logs, env={**os.environ, "FLOWSTAGE_HOME": str(CHECKOUT),
                                                 "FLOWSTAGE_DATA": str(Path(logs) / f"{log_name}-data")},
                                  stdout=out, stderr=err, stdin=subprocess.DEVNULL)

    def address():
        if server.poll() is not None:
            raise RuntimeError(f"flowstage serve stopped: {errors.read_text()[-2000:]}")
        return "http://" in output.read_text()

    try:
        wait_for(address, "flowstage serve to print its address")
    except BaseException:
        stop(server)
        raise
    home = output.read_text().split("http://", 1)[1].split()[0]
    return server, "http://" + home


def start_chromedriver(chromedriver, logs):
    port = free_port()
    driver = subprocess.Popen([chromedriver, f"--port={port}", f"--log-path={Path(logs) / 'chromedriver.log'}"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
                              start_new_session=True)
    url = f"http://127.0.0.1:{port}"

    def ready():
        if driver.poll() is not None:
            raise RuntimeError("chromedriver stopped at start")
        try:
            with urllib.request.urlopen(url + "/status", timeout=5) as response:
                return json.load(response)["value"]["ready"]
        except OSError:
            return False

    try:
        wait_for(ready, "chromedriver to answer")
    except BaseException:
        stop(driver, group=True)
        raise
    return driver, url


def stop(process, group=False):
    """Stops a process this script started, by its id (and, for chromedriver, the browsers it
    started, which share its process group)."""
    if process is None or process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    if group:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def check_looks(gate, looks, walks):
    """The whole walk once, every page checked in every look of `looks` (the first chosen
    through the settings form)."""
    gate.looks = looks
    gate.choose_look(*looks[0])
    gate.check_page("catalogue")
    for walk in walks:
        gate.walk(walk)
    gate.browser.open(gate.home)
    gate.check_page("catalogue with instances")
    inspect = gate.browser.find_all('a[href$="/inspect"]')
    if inspect:
        gate.browser.click_and_wait(inspect[0])
        gate.check_page("inspector")
        # The inspector draws the process map; its own page has it with the steps.
        to_map = gate.browser.find_all('a[href$="/map"]')
        if not to_map:
            gate.fail("process map", gate.page_name("inspector"), "the inspector has no link to the process map")
        else:
            gate.browser.click_and_wait(to_map[0])
            gate.check_page("process map")
    if gate.script:
        check_modal_close(gate)
    gate.browser.open(gate.home + "instances/no-such-instance")
    gate.check_page("not found (404)")
    check_demo_pages(gate)
    check_gallery(gate)


def check_demo_pages(gate):
    """"Start with data" from the catalogue, refused text shown back (its error summary works
    like a screen's), and a scenario started at its second step, as a person giving a demo would."""
    b = gate.browser
    b.open(gate.home)
    b.click_and_wait(b.find('a[href="/processes/loan_application/start"]'))
    gate.check_page("start with data")
    field = b.find("#start-data")
    b.clear(field)
    b.send_keys(field, '{"client.email": ')
    def post_start_data():   # the refused text is shown back: posting it again is refused again
        b.click_and_wait(b.find('form[action="/processes/loan_application/start"] button[type="submit"]'))
    post_start_data()
    if not b.exists("#error-summary"):
        gate.fail("422", gate.page_name("start with data, refused"), f"expected the page again with an error summary; the browser shows {b.title}")
    else:
        gate.check_page("start with data, refused", again=post_start_data)
        gate.check_error_summary_has_focus("start with data, refused")
        gate.check_error_summary_is_focusable_without_the_script("start with data, refused")
        gate.check_error_summary_links_move_focus_to_their_fields("start with data, refused")
    b.open(gate.home)
    b.click(b.find('#scenario-step-happy-path option[value="2"]'))
    b.click_and_wait(b.find('form[action="/scenarios/happy-path/start"] button[type="submit"]'))
    if "personal" not in gate.current_screens():
        gate.fail("walk", gate.page_name("scenario at step 2"), f"expected step 2's screen (personal); the browser shows {b.title}")
    instance = b.url.split("?")[0].split("#")[0]
    check_history_and_sharing(gate)
    check_feel_playground(gate, instance)
    check_decision_page(gate)
    b.open(gate.home)
    b.click_and_wait(b.find('form[action="/session/reset"] button[type="submit"]'))
    gate.check_page("catalogue after a reset")


def check_feel_playground(gate, instance):
    """The FEEL playground opened from the inspector of `instance` (its address) with the
    instance's data: an expression evaluated (its value shown), and one that does not parse (its
    error summary works like a screen's), all with `get` forms that work without the script."""
    b = gate.browser
    b.open(instance + "/inspect")
    links = b.find_all('a[href$="/feel"]')
    if not links:
        gate.fail("FEEL", gate.page_name("inspector"), "the inspector has no link to the FEEL playground")
        return
    b.click_and_wait(links[0])
    gate.check_page("FEEL playground")
    field = b.find("#feel-expression")
    def evaluate(text):
        b.clear(field)
        b.send_keys(field, text)
        b.click_and_wait(b.find('main form button[type="submit"]'))
    evaluate('count(get entries({a: 1, b: 2})) + 1')
    if b.execute("const v = document.querySelector('.fs-feel-value'); return v ? v.textContent : ''") != "3":
        gate.fail("FEEL", gate.page_name("FEEL playground, a value"), "expected the value 3")
    gate.check_page("FEEL playground, a value")
    field = b.find("#feel-expression")
    evaluate('amount >')
    if not b.exists("#error-summary"):
        gate.fail("FEEL", gate.page_name("FEEL playground, does not parse"), "expected an error summary")
    else:
        gate.check_page("FEEL playground, does not parse")
        gate.check_error_summary_has_focus("FEEL playground, does not parse")
        gate.check_error_summary_links_move_focus_to_their_fields("FEEL playground, does not parse")


def check_decision_page(gate):
    """A decision of the example opened from the catalogue (claim-route, which requires
    claim-size): tried with a claim of 2500 (the result and every decision's table shown),
    then with an amount that is no number (its error summary works like a screen's), all with
    `get` forms that work without the script."""
    b = gate.browser
    b.open(gate.home)
    links = b.find_all('a[href="/decisions/claim-route"]')
    if not links:
        gate.fail("decision", gate.page_name("catalogue"), "the catalogue has no link to the decision claim-route")
        return
    b.click_and_wait(links[0])
    gate.check_page("decision page")
    b.send_keys(b.find('main form input[name="amount"]'), "2500")
    b.send_keys(b.find('main form input[name="category"]'), "travel")
    b.click_and_wait(b.find('main form button[type="submit"]'))
    if b.execute("const v = document.querySelector('.fs-decision-result'); return v ? v.textContent : ''") != '"manager approval"':
        gate.fail("decision", gate.page_name("decision page, evaluated"), 'expected the result "manager approval"')
    gate.check_page("decision page, evaluated")
    # A number input holds no text that is not a number: the wrong value comes by the address.
    b.open(gate.home + "decisions/claim-route?_evaluate=1&amount=lots&category=")
    if not b.exists("#error-summary"):
        gate.fail("decision", gate.page_name("decision page, not a number"), "expected an error summary")
    else:
        gate.check_page("decision page, not a number")
        gate.check_error_summary_has_focus("decision page, not a number")
        gate.check_error_summary_links_move_focus_to_their_fields("decision page, not a number")


def check_history_and_sharing(gate):
    """The inspector of the instance a scenario started at step 2 (one step taken): its steps
    table, Restart from here (back on step 1's screen), and a shared read-only link opened in
    the same browser (the page a colleague sees)."""
    b = gate.browser
    instance = b.url.split("?")[0].split("#")[0]
    b.open(instance + "/inspect")
    if not b.exists("table"):
        gate.fail("history", gate.page_name("inspector with steps"), "expected the table of steps taken")
        return
    gate.check_page("inspector with steps")
    b.click_and_wait(b.find('form[action$="/restart"] button[type="submit"]'))
    if "personal" not in gate.current_screens():
        gate.fail("walk", gate.page_name("restart from step 1"), f"expected step 1's screen (personal); the browser shows {b.title}")
    b.open(instance + "/inspect")
    b.click_and_wait(b.find('form[action$="/share"] button[type="submit"]'))
    gate.check_page("inspector, shared")
    links = b.find_all('a[href*="/shared/"]')
    if not links:
        gate.fail("share", gate.page_name("inspector, shared"), "expected the read-only link")
        return
    b.open(gate.home + b.attribute(links[0], "href").lstrip("/"))
    gate.check_page("shared screen (read-only)")
    if any(b.is_enabled(field) for field in b.find_all("main input:not([type=hidden]), main select, main textarea, main button")):
        gate.fail("share", gate.page_name("shared screen (read-only)"), "every control of a shared screen is disabled")


def gallery_components():
    """Every component with an examples file beside its template (the component gallery)."""
    folder = CHECKOUT / "Templates" / "components"
    return sorted(path.name[:-len(".examples.json")] for path in folder.glob("*.examples.json"))


def check_gallery(gate):
    """The gallery's index and every component's page: every example in this look."""
    b = gate.browser
    b.open(gate.home)
    b.click_and_wait(b.find('a[href="/gallery"]'))
    gate.check_page("gallery")
    for component in gallery_components():
        b.open(gate.home + "gallery/" + component)
        gate.check_page(f"gallery: {component}")


UPLOAD_LOG = "flowstage-gate-upload"
RECORD_UPLOAD = """
// Records every state of the form's upload progress in sessionStorage, which outlives the page.
const form = document.querySelector(arguments[0]), key = arguments[1];
sessionStorage.setItem(key, "[]");
new MutationObserver(() => {
  const box = form.querySelector(".fs-upload-progress"), bar = box && box.querySelector("progress"),
        status = form.querySelector(".fs-upload-status"), log = JSON.parse(sessionStorage.getItem(key));
  log.push({ shown: !!box && !box.hidden, value: bar ? bar.getAttribute("value") : null, max: bar ? String(bar.max) : null,
             label: bar && bar.labels.length ? bar.labels[0].textContent : null, status: status ? status.textContent : null });
  sessionStorage.setItem(key, JSON.stringify(log));
}).observe(form, { subtree: true, attributes: true, childList: true, characterData: true });
"""


def walk_to(gate, scenario, screen):
    """Starts the scenario's process and follows its steps, without checks, until `screen`
    is shown; the step that would act on it is left to the caller."""
    walk = next(walk for walk in scenario_walks() if walk["name"] == f"scenario {scenario}")
    gate.start(f'/processes/{walk["process"]}/start')
    for step in walk["steps"]:
        if step["expect"] == screen and screen in gate.current_screens():
            return
        gate.fill(step["expect"], step.get("values", {}))
        gate.press(step["expect"], step)
    raise AssertionError(f"the scenario {scenario} never showed {screen}")


def check_upload_progress(gate):
    """The comfort script's upload progress on the example's documents screen: a refused file
    (422) is shown in place with its error summary focused and the screen's address kept;
    then a good file shows the labelled progress, finishes it, announces only coarse steps,
    and lands on the screen the server redirected to, with the file listed."""
    b = gate.browser
    page = "loan_application/documents"
    walk_to(gate, "adviser", "documents")
    form = gate.form_of("documents")
    screen_url = b.url
    upload_button = f'{form} button[formaction$="/actions/upload"]:not([name="_remove"])'
    words = b.execute("const f = document.querySelector(arguments[0]);"
                      " return { label: f.dataset.fsUploadProgress, percent: f.dataset.fsUploadPercent, sent: f.dataset.fsUploadSent };",
                      form)

    folder = Path(tempfile.mkdtemp(prefix="flowstage-gate-"))
    gate.temporary_folders.append(folder)
    wrong = folder / "notes.txt"
    wrong.write_text("not a payslip", encoding="utf-8")
    b.send_keys(b.find(f'{form} input[type="file"][name="income.proof"]'), str(wrong))
    b.click_and_wait(b.find(upload_button))
    name = page + " after a refused upload, shown in place by the script"
    if not b.exists("#error-summary") or "documents" not in gate.current_screens():
        gate.fail("upload progress", gate.page_name(name), f"expected the 422 page with an error summary; the browser shows {b.title}")
        return
    if b.url != screen_url:
        gate.fail("upload progress", gate.page_name(name), f"the address should stay {screen_url}; it is {b.url}")
    gate.check_page(name)
    gate.check_error_summary_has_focus(name)

    b.execute(RECORD_UPLOAD, form, UPLOAD_LOG)
    b.send_keys(b.find(f'{form} input[type="file"][name="income.proof"]'), str((EXAMPLES / "scenarios/files/payslip.pdf").resolve()))
    b.click_and_wait(b.find(upload_button))
    name = page + " after an upload with progress"
    log = b.execute("return JSON.parse(sessionStorage.getItem(arguments[0]) || '[]')", UPLOAD_LOG)
    b.execute("sessionStorage.removeItem(arguments[0])", UPLOAD_LOG)
    if not any(entry["shown"] for entry in log):
        gate.fail("upload progress", gate.page_name(name), f"the progress bar was never shown: {log}")
    elif log[-1]["value"] != log[-1]["max"] or log[-1]["status"] != words["sent"]:
        gate.fail("upload progress", gate.page_name(name), f"the upload should end at {log[-1]['max']} saying {words['sent']!r}: {log[-1]}")
    if any(entry["shown"] and entry["label"] != words["label"] for entry in log):
        gate.fail("upload progress", gate.page_name(name), f"the progress bar should be labelled {words['label']!r}: {log}")
    said = [entry["status"] for index, entry in enumerate(log) if entry["status"] and (index == 0 or log[index - 1]["status"] != entry["status"])]
    percent = words["percent"].split("{x}")[0]
    if not said or said[0] != words["percent"].replace("{x}", "0") or len(said) > 5 \
            or any(not text.startswith(percent) for text in said[:-1]):
        gate.fail("upload progress", gate.page_name(name), f"the status should say 0 %, at most three coarse steps, then {words['sent']!r}: {said}")
    files = b.execute("return Array.from(document.querySelectorAll('.fs-file__name'), name => name.textContent)")
    if b.url != screen_url or "documents" not in gate.current_screens() or "payslip.pdf" not in files:
        gate.fail("upload progress", gate.page_name(name), f"expected {screen_url} listing payslip.pdf; the browser shows {b.url} ({b.title})")
        return
    gate.check_page(name)


def check_static_gallery(gate, flowstage, logs):
    """`flowstage render`'s component gallery opened from disk (file://): the site index links
    it, every page is checked like a served one, the theme and the sample image load through
    relative links, the script runs, and a gallery form leads back to its own file."""
    b = gate.browser
    site = Path(logs) / "site"
    run = subprocess.run([flowstage, "render", str(EXAMPLES), "--out", str(site)], capture_output=True, text=True,
                         env={**os.environ, "FLOWSTAGE_HOME": str(CHECKOUT)}, timeout=600)
    if run.returncode != 0:
        gate.fail("static gallery", "flowstage render", f"exit {run.returncode}: {run.stderr[-1000:]}")
        return
    gate.look = ("of the project, static site from file://", "light", "en")
    gate.seen = set()
    b.open((site / "index.html").resolve().as_uri())
    b.click_and_wait(b.find('a[href="en-light/gallery/index.html"]'))
    gate.check_page("static gallery")
    components = [b.attribute(link, "href") for link in b.find_all("main .fs-catalogue a")]
    if sorted(name[:-len(".html")] for name in components) != gallery_components():
        gate.fail("static gallery", gate.page_name("static gallery"), f"the index links {components}, not every component")
    folder = (site / "en-light" / "gallery").resolve()
    for file in components:
        page = f"static gallery: {file}"
        b.open((folder / file).as_uri())
        gate.check_page(page)
        facts = b.execute("""return { theme: getComputedStyle(document.documentElement).getPropertyValue("--fs-primary").trim(),
            images: Array.from(document.images).filter(i => !i.complete || i.naturalWidth === 0).map(i => i.getAttribute("src")),
            script: document.querySelectorAll("input[type=file]").length === document.querySelectorAll(".fs-upload-status").length };""")
        if not facts["theme"] or facts["images"] or not facts["script"]:
            gate.fail("static gallery", gate.page_name(page), f"theme CSS, images and script must load from disk: {facts}")
    b.open((folder / "button.html").as_uri())
    b.click_and_wait(b.find('form.fs-form button[type="submit"]:not([disabled])'))
    if not b.url.split("?")[0] == (folder / "button.html").as_uri():
        gate.fail("static gallery", gate.page_name("static gallery: button"), f"a gallery form should lead back to its page, not {b.url}")


def check_modal_close(gate):
    """A modal instance (started with modal=1, as a host app would): its Close link and the confirmation page."""
    b = gate.browser
    start = 'form[action="/processes/loan_application/start"]'
    b.open(gate.home)
    b.execute("var form = document.querySelector(arguments[0]), modal = document.createElement('input');"
              " modal.type = 'hidden'; modal.name = 'modal'; modal.value = '1'; form.appendChild(modal);", start)
    b.click_and_wait(b.find(f'{start} button[type="submit"]'))
    gate.check_page("modal screen with Close")
    b.click_and_wait(b.find(".fs-close a"))
    gate.check_page("close confirmation")


# -- the corpus: real-world BPMN models, one project per repository folder -------------------

def css_string(text):
    """`text` inside a double-quoted CSS attribute selector."""
    return text.replace("\\", "\\\\").replace('"', '\\"')


def corpus_folders(corpus):
    """wild/<category>/<owner>__<repo>/, in a stable order."""
    return sorted(path for path in Path(corpus).glob("*/*") if path.is_dir())


def corpus_user_tasks(project):
    """process id -> the ids of its user tasks (sub-processes included), read from the
    folder's BPMN files: what the walks should reach. Files that do not parse are left out."""
    tasks = {}
    files = [path for path in Path(project).rglob("*") if path.is_file() and path.name.endswith((".bpmn", ".bpmn20.xml"))]
    for path in sorted(files):
        try:
            root = ElementTree.parse(path).getroot()
        except (ElementTree.ParseError, OSError, ValueError):
            continue
        for process in root.iter():
            if process.tag.rsplit("}", 1)[-1] != "process" or not process.get("id"):
                continue
            found = {task.get("id") for task in process.iter()
                     if task.tag.rsplit("}", 1)[-1] == "userTask" and task.get("id")}
            tasks.setdefault(process.get("id"), set()).update(found)
    return tasks


FIRST_BUTTON = """
// The screen's first primary button that a person can see (else its first visible submit
// button that is not Back): the one that goes on.
const screen = Array.from(document.querySelectorAll('input[name="_screen"]')).find(input => input.value === arguments[0]);
const form = screen && screen.form;
if (!form) return null;
const buttons = Array.from(form.querySelectorAll('button')).filter(button =>
    button.type === 'submit' && !button.disabled && button.getClientRects().length > 0
    && !(button.getAttribute('formaction') || '').endsWith('/back') && button.name !== '_remove');
return buttons.find(button => button.classList.contains('fs-button--primary')) || buttons[0] || null;
"""


class CorpusGate(Gate):
    """The same page checks on the corpus's pages; problems are kept apart from the example's
    failures (they fail the gate only below CORPUS_CLEAN_SHARE), with rule, element and page."""

    def __init__(self, browser, axe_source):
        super().__init__(browser, "", axe_source)
        self.problems = []        # {page, rule, element, message}
        self.walk_errors = []     # (where, what): a folder or process the walk could not finish
        self.not_loaded = []      # (folder, first error of `flowstage validate`)
        self.loaded = []          # folders served
        self.user_tasks = {}      # (folder, process) -> user tasks in the BPMN, for processes in the catalogue
        self.reached = {}         # (folder, process) -> screens checked
        self.stopped_early = None # where the time budget ran out, if it did

    def fail(self, check, page, detail, rule=None, element=None, message=None):
        self.problems.append({"page": page, "rule": rule or check, "element": element or "", "message": message or detail})

    def page_name(self, page):
        return page   # corpus pages are all in CORPUS_LOOK with the script on: the summary says so

    def response_status(self):
        return self.browser.execute("const n = performance.getEntriesByType('navigation')[0];"
                                    " return n && n.responseStatus ? n.responseStatus : 0")

    def walk_process(self, folder, action):
        """Starts the process from the catalogue and presses each new screen's primary button
        with the form as it came; stops at an end page, a refused post (422), a screen seen
        before or CORPUS_SCREENS_PER_PROCESS screens."""
        b = self.browser
        process = action[len("/processes/"):-len("/start")]
        reached = self.reached.setdefault((folder, process), [])
        b.open(self.home)
        b.click_and_wait(b.find(f'form[action="{css_string(action)}"] button[type="submit"]'))
        while True:
            screens, status = self.current_screens(), self.response_status()
            if status >= 400 and status != 422:
                page = f"{folder}: {process} answered HTTP {status} ({b.title})"
                self.check_page(page)
                self.fail("HTTP", page, f"HTTP {status}", rule=f"HTTP {status}", element="(page)", message=b.title)
                return
            if not screens:
                what = "end page" if b.exists(".fs-panel") else f"page without a screen ({b.title})"
                self.check_page(f"{folder}: {process}: {what}")
                return
            screen = screens[0]
            if b.exists("#error-summary"):
                self.check_page(f"{folder}: {process}/{screen} after an empty post (422)")
                return
            if screen in reached or len(reached) >= CORPUS_SCREENS_PER_PROCESS:
                return
            reached.append(screen)
            self.check_page(f"{folder}: {process}/{screen}")
            button = b.execute(FIRST_BUTTON, screen)
            if not button:
                return
            b.click_and_wait(button[ELEMENT])

    def check_folder(self, flowstage, logs, project, folder, deadline):
        """One repository folder: validated, served on its own, every process walked."""
        run = subprocess.run([flowstage, "validate", str(project), "--json"], capture_output=True, text=True,
                             env={**os.environ, "FLOWSTAGE_HOME": str(CHECKOUT)}, timeout=120)
        if run.returncode != 0:
            try:
                errors = json.loads(run.stdout).get("errors", [])
                first = errors[0] if errors else {}
                why = f"{len(errors)} errors; first: {first.get('file', '')}: {first.get('message', first)}"
            except ValueError:
                why = (run.stderr or run.stdout).strip().splitlines()[0] if (run.stderr or run.stdout).strip() else ""
            self.not_loaded.append((folder, f"validate exit {run.returncode}: {why}"))
            return
        self.loaded.append(folder)
        declared = corpus_user_tasks(project)
        server = None
        try:
            # --analytics off: the server writes nothing into the corpus folder.
            server, home = start_server(flowstage, logs, project, ("--no-watch", "--analytics", "off"),
                                        log_name="corpus-" + folder.replace("/", "-"))
            self.home = home + ("" if home.endswith("/") else "/")
            self.browser.cdp("Network.clearBrowserCookies")   # cookies do not tell ports apart
            self.choose_look(*CORPUS_LOOK)
            self.check_page(f"{folder}: catalogue")
            actions = [self.browser.attribute(form, "action")
                       for form in self.browser.find_all('form[action^="/processes/"][action$="/start"]')]
            for action in actions:
                if time.monotonic() > deadline:
                    self.stopped_early = f"{folder}, before {action}"
                    return
                process = action[len("/processes/"):-len("/start")]
                self.user_tasks[(folder, process)] = declared.get(process, set())
                try:
                    self.walk_process(folder, action)
                except Exception as error:   # the wild corpus must not stop the gate: say where
                    self.walk_errors.append((f"{folder}: {action}", f"{type(error).__name__}: {error}"))
        except Exception as error:
            self.walk_errors.append((folder, f"{type(error).__name__}: {error}"))
        finally:
            stop(server)


def check_corpus(arguments, corpus, driver_url, logs):
    """The corpus part; prints its summary and returns True when it passes."""
    started = time.monotonic()
    browser = Browser(driver_url, shutil.which("chromium"))
    gate = CorpusGate(browser, Path(arguments.axe).read_text(encoding="utf-8"))
    try:
        deadline = started + CORPUS_WALK_SECONDS
        for project in corpus_folders(corpus):
            if time.monotonic() > deadline:
                gate.stopped_early = gate.stopped_early or f"before {project.parent.name}/{project.name}"
                break
            gate.check_folder(arguments.flowstage, logs, project, f"{project.parent.name}/{project.name}", deadline)
    finally:
        browser.quit()
    if gate.pages:
        pages = Path(logs) / "corpus-pages"
        pages.mkdir()
        gate.check_nu_html_checker(arguments.vnu, pages)
    return report_corpus(gate, corpus, time.monotonic() - started)


def report_corpus(gate, corpus, seconds):
    checked = [name for name, _ in gate.pages]
    by_page = {}
    for problem in gate.problems:
        by_page.setdefault(problem["page"], []).append(problem)
    tool_failures = [problem for problem in gate.problems if problem["page"] not in checked]
    unclean = [name for name in checked if name in by_page]
    total = len(checked) + len(gate.walk_errors)     # a walk that broke off counts as a page not clean
    clean = len(checked) - len(unclean)
    share = clean / total if total else 0.0
    tasks = {(folder, process, task) for (folder, process), found in gate.user_tasks.items() for task in found}
    reached = {(folder, process, screen) for (folder, process), screens in gate.reached.items() for screen in screens}
    missed = sorted(tasks - reached)

    lines = [f"CORPUS ({corpus}): {len(checked)} pages checked in {seconds:.0f} s, "
             f"theme {'/'.join(CORPUS_LOOK)} with the script on; axe-core ({', '.join(AXE_TAGS)}) and the Nu HTML Checker.",
             f"Folders served: {len(gate.loaded)} ({', '.join(gate.loaded) or 'none'}); not loaded: {len(gate.not_loaded)}.",
             f"User tasks reached: {len(tasks & reached)} of {len(tasks)} in the catalogues' processes (walks press the"
             f" primary button with empty forms and stop at a 422, an end page or {CORPUS_SCREENS_PER_PROCESS} screens).",
             f"Clean: {clean} of {total} ({100 * share:.1f} %)"
             + (f", counting {len(gate.walk_errors)} walks that broke off as pages not clean" if gate.walk_errors else "")
             + f"; the gate fails below {100 * CORPUS_CLEAN_SHARE:.0f} %."]
    print("\n" + "-" * 78 + "\nCORPUS SUMMARY\n" + "-" * 78)
    for folder, why in gate.not_loaded:
        print(f"not loaded (skipped): {folder}: {why}")
    if unclean:
        print(f"\nPages with violations ({len(unclean)}):")
        for name in unclean:
            print(f"  {name}")
            for problem in by_page[name]:
                message = " ".join(str(problem["message"]).split())
                print(f"    [{problem['rule']}] {problem['element']}\n        {message}")
    for where, what in gate.walk_errors:
        print(f"\nwalk broke off: {where}\n    {what}")
    for problem in tool_failures:
        print(f"\n[{problem['rule']}] {problem['page']}: {problem['message']}")
    if missed:
        print(f"\nUser tasks the walks did not reach ({len(missed)}; not a failure):")
        grouped = {}
        for folder, process, task in missed:
            grouped.setdefault(f"{folder}: {process}", []).append(task)
        for where, names in grouped.items():
            print(f"  {where}: {', '.join(names)}")
    if gate.stopped_early:
        lines.append(f"WALKING STOPPED AFTER {CORPUS_WALK_SECONDS} s ({gate.stopped_early}): the rest was not checked.")
    passed = total > 0 and share >= CORPUS_CLEAN_SHARE and not tool_failures
    if not passed:
        reason = ("no corpus page was checked" if total == 0 else
                  "a checker did not run" if tool_failures else
                  f"only {100 * share:.1f} % of the corpus pages are clean")
        say_loudly([f"BROWSER GATE FAILED ON THE CORPUS: {reason}."] + lines)
    elif unclean or gate.walk_errors or gate.stopped_early:
        say_loudly(["Corpus part passed, with the problems listed above (not a failure at this share)."] + lines)
    else:
        print("\n" + "\n".join(lines))
    return passed


# -- main -----------------------------------------------------------------------------------

def missing_tools(arguments):
    missing = [name for name in ("chromium", "chromedriver", "java") if shutil.which(name) is None]
    missing += [f"{path} (make browser-deps)" for path in (arguments.axe, arguments.vnu) if not Path(path).is_file()]
    return missing


def say_loudly(lines):
    bar = "=" * 78
    print(f"\n{bar}\n" + "\n".join(lines) + f"\n{bar}\n", file=sys.stderr, flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--flowstage", required=True, help="the built flowstage executable")
    parser.add_argument("--axe", default=str(CHECKOUT / "Tools/cache/axe-4.12.1.min.js"))
    parser.add_argument("--vnu", default=str(CHECKOUT / "Tools/cache/vnu.jar"))
    parser.add_argument("--look", action="append", metavar="THEME/APPEARANCE/LANGUAGE",
                        help="check only these looks (repeatable), e.g. default/dark/en; default: all")
    parser.add_argument("--corpus", default=str(CORPUS), help="the real-world BPMN corpus (default: %(default)s)")
    parser.add_argument("--only-corpus", action="store_true", help="check only the corpus, not the example project")
    arguments = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))   # so `finally` stops what we started

    missing = missing_tools(arguments)
    if missing:
        in_ci = os.environ.get("CI") == "true"
        say_loudly([f"BROWSER GATE NOT RUN: missing {', '.join(missing)}.",
                    "Install with `make browser-deps` (Debian chromium, chromium-driver, a Java runtime; axe-core and",
                    "vnu.jar from PyPI). " + ("CI=true: this is a failure." if in_ci else "Skipped because CI is not true.")])
        return 1 if in_ci else 0
    if not os.access(arguments.flowstage, os.X_OK):
        say_loudly([f"BROWSER GATE: no flowstage executable at {arguments.flowstage}; build first."])
        return 1

    corpus = Path(arguments.corpus)
    corpus_ok = True
    if not corpus.is_dir():
        in_ci = os.environ.get("CI") == "true"
        say_loudly([f"BROWSER GATE: THE BPMN CORPUS WAS NOT CHECKED: no folder {corpus}.",
                    "It holds real-world BPMN models and forms (the shared test data, wild/<category>/<owner>__<repo>/);",
                    "--corpus PATH names another place.",
                    "CI=true: this is a failure." if in_ci else "Skipped because CI is not true."])
        corpus_ok = not in_ci
        if arguments.only_corpus:
            return 0 if corpus_ok else 1

    examples = None
    with tempfile.TemporaryDirectory(prefix="flowstage-browser-gate-") as logs:
        driver = None
        try:
            driver, driver_url = start_chromedriver(shutil.which("chromedriver"), logs)
            if not arguments.only_corpus:
                examples = check_examples(arguments, driver_url, logs)
            if corpus.is_dir():
                corpus_ok = check_corpus(arguments, corpus, driver_url, logs)
        finally:
            stop(driver, group=True)

    examples_ok = True
    if examples is not None:
        gate, summary = examples
        if gate.failures:
            print("\n\n".join(gate.failures), file=sys.stderr)
            say_loudly([f"BROWSER GATE FAILED: {len(gate.failures)} problems.", summary])
            examples_ok = False
        else:
            print(f"Browser gate passed: {summary}.")
    return 0 if examples_ok and corpus_ok else 1


def check_examples(arguments, driver_url, logs):
    """The example project in every look, then without script: (gate, summary)."""
    started = time.monotonic()
    server = browser = gate = None
    try:
        server, home = start_server(arguments.flowstage, logs)
        browser = Browser(driver_url, shutil.which("chromium"))
        gate = Gate(browser, home + ("" if home.endswith("/") else "/"), Path(arguments.axe).read_text(encoding="utf-8"))
        looks = [(theme, appearance, "en") for theme in themes() for appearance in APPEARANCES] + EXTRA_LANGUAGES
        if arguments.look:
            looks = [tuple(look.split("/")) for look in arguments.look]
        walks = scenario_walks() + FLOW_WALKS
        check_looks(gate, looks, walks)
        gate.looks = []   # the upload's pages answer posts with files: checked in the look they are shown in
        check_upload_progress(gate)
        check_static_gallery(gate, arguments.flowstage, logs)
        # Once more with the page's script switched off: every page must work without it.
        browser.cdp("Emulation.setScriptExecutionDisabled", {"value": True})
        gate.script = False
        check_looks(gate, [NO_SCRIPT_LOOK], walks)
        browser.quit()
        pages = Path(logs) / "pages"
        pages.mkdir()
        gate.check_nu_html_checker(arguments.vnu, pages)
    except BaseException:
        log = Path(logs) / "server.err"
        if log.exists():
            sys.stderr.write(f"--- flowstage serve's log\n{log.read_text()[-3000:]}\n")
        raise
    finally:
        if browser is not None:
            try:
                browser.quit()
            except Exception:
                pass
        stop(server)
        for folder in gate.temporary_folders if gate is not None else []:
            shutil.rmtree(folder, ignore_errors=True)

    seconds = time.monotonic() - started
    summary = (f"{len(gate.pages)} pages in {len(looks)} looks ({', '.join('/'.join(look) for look in looks)}) "
               f"and {'/'.join(NO_SCRIPT_LOOK)} without script; "
               f"axe-core tags {', '.join(AXE_TAGS)} (only the style rules in {gate.style_only_checks} pages whose HTML"
               f" another look of their language had, bar the stylesheet); Nu HTML Checker; keyboard focus; {seconds:.0f} s")
    return gate, summary

if __name__ == "__main__":
    sys.exit(main())
