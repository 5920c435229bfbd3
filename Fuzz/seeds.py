#!/usr/bin/env python3
"""Writes the seed corpus of every fuzz target of `make fuzz` into OUT/<target>/ (git-ignored).

Seeds come from Examples/, Templates/, the test sources, the shared test data when present
(../shared/testdata: the mustache spec and the wild BPMN corpus), and the small handwritten
inputs below, among them the inputs of every finding fixed so far (issue 27).
"""
import hashlib, json, os, re, sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "testdata"
MAX_SEED = 64 << 10


def write(out, target, data):
    if isinstance(data, str):
        data = data.encode()
    if not data or len(data) > MAX_SEED:
        return
    folder = out / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / ("seed-" + hashlib.sha1(data).hexdigest()[:16])).write_bytes(data)


def files(*patterns, base=ROOT):
    for pattern in patterns:
        for path in sorted(base.glob(pattern)):
            if path.is_file() and ".build" not in path.parts:
                yield path


SWIFT_STRING = re.compile(r'"((?:[^"\\\n]|\\[^(])*)"')


def swift_strings(path):
    """The plain string literals of a Swift file, unescaped (no interpolations)."""
    for match in SWIFT_STRING.finditer(path.read_text(errors="replace")):
        text = match.group(1)
        text = re.sub(r'\\u\{([0-9a-fA-F]+)\}', lambda m: chr(int(m.group(1), 16)), text)
        yield text.replace('\\"', '"').replace("\\n", "\n").replace("\\t", "\t").replace("\\\\", "\\")


def json_strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from json_strings(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from json_strings(item)


# The findings of issue 27 and of `make fuzz`, kept as seeds so every run tries them again.
EXPRESSIONS = [
    "amount > 1000 && approved", "age(birthDate) >= 18", "name matches /^[A-Z][a-z]+$/",
    "filter(items, $item.price > 2).length", "any(items, $item.id == 2) ? 'yes' : 'no'",
    "-(-amount)", "--------------------'a'", "-" * 63 + "'a'", "!!!value", "items[1].name + ' ' + $language",
    "replace(name, /a+/g, 'b')", "matches(name, pattern)\0{\"name\": \"ab\", \"pattern\": \"" + "(a|b)?" * 50 + "\"}", "[1, 2, 3][0] * -count", "address.city == 'Cluj'\0{\"address\":{\"city\":\"Cluj\"}}",
    # Refused at parse since issue 27's leftover: could pass the step budget with 100-item lists.
    "any(xs, any(xs, any(xs, $item < 0)))\0{\"xs\": [1, 2, 3]}",
]
FORMS = ["a=1&b=%E2%9C%93&a=+x", "x", "&&&", "a=%zz", "q=%C3%A9&r=", "/a/b%20c?x=1&y=%C3%A9", "http://h/p?q#f", "%"]
COOKIES = ["a=1; b=2", "session=\"abc\"; a=", "  =x; ;; y = z ", "flowstage-session=3f2a%3B; theme=dark"]
PARTIAL_BOMB = "{{>p}}\0" + "\0".join(["{{>p}}{{>p}}{{>p}}{{>p}}"] * 4) + "\0" + "x" * 2000


def multipart(boundary, parts, preamble=b"", epilogue=b"", chunk=3):
    body = preamble
    for headers, content in parts:
        body += b"\r\n--" + boundary + b"\r\n" + headers + b"\r\n\r\n" + content
    body += b"\r\n--" + boundary + b"--\r\n" + epilogue
    if not preamble:
        body = body[2:]
    return bytes([chunk]) + boundary + b"\n" + body


def main(out):
    out = Path(out)
    # JSON: every JSON file of the examples, the tests and the shared test data.
    for path in files("Examples/**/*.json", "Examples/**/*.form", "Tests/**/*.json", "Themes/**/*.json"):
        write(out, "json", path.read_bytes())
    if SHARED.exists():
        for path in files("mustache-spec/*.json", "wild/**/*.form", base=SHARED):
            write(out, "json", path.read_bytes())

    # Expressions: the test sources' strings, the examples' strings that look like expressions.
    for text in EXPRESSIONS:
        write(out, "expression", text)
    for path in files("Tests/ExpressionsTests/*.swift"):
        for text in swift_strings(path):
            if 0 < len(text) <= 300:
                write(out, "expression", text)
    for path in files("Examples/**/*.json"):
        try:
            strings = json_strings(json.loads(path.read_text()))
        except ValueError:
            continue
        for text in strings:
            if 0 < len(text) <= 300 and re.search(r"[=<>!&|(]", text):
                write(out, "expression", text)

    # FEEL and JUEL: the translation tests' strings and the conditions of the models.
    for path in files("Tests/ImportTests/ExpressionTranslationTests.swift", "Tests/ImportTests/TranslationCase.swift",
                      "Tests/ImportTests/FormJSPropertyTests.swift"):
        for text in swift_strings(path):
            if 0 < len(text) <= 300:
                write(out, "juel" if ("${" in text or "#{" in text) else "feel", text)
    models = list(files("Examples/**/*.bpmn", "Examples/**/*.form", "Examples/**/*.dmn"))
    if SHARED.exists():
        models += list(files("wild/**/*.bpmn", "wild/**/*.form", "wild/**/*.dmn", base=SHARED))
    for path in models:
        text = path.read_text(errors="replace")
        for match in re.finditer(r'"=([^"\n]{1,300})"|>\s*=([^<]{1,300})<', text):
            write(out, "feel", (match.group(1) or match.group(2)).replace("&gt;", ">").replace("&lt;", "<")
                  .replace("&amp;", "&").replace("&quot;", '"').replace('\\"', '"'))
        for match in re.finditer(r'[$#]\{[^}\n]{1,300}\}', text):
            write(out, "juel", match.group(0).replace("&gt;", ">").replace("&lt;", "<").replace("&amp;", "&"))

    # BPMN: the example's model and the wild corpus.
    for path in models:
        if path.suffix == ".bpmn":
            write(out, "bpmn", path.read_bytes())

    # DMN: the wild corpus's decision tables and the TCK's models (every boxed expression), up to 64 KiB.
    dmn = [path for path in models if path.suffix == ".dmn"]
    if SHARED.exists():
        dmn += list(files("dmn-tck/TestCases/**/*.dmn", base=SHARED))
    for path in dmn:
        if path.stat().st_size <= 65536:
            write(out, "dmn", path.read_bytes())

    # Camunda test cases: the example's file, and the instruction lists of the tests.
    for path in files("Examples/**/test-cases/*.json"):
        write(out, "testcases", path.read_bytes())
    for text in swift_strings(next(iter(files("Tests/ImportTests/CamundaTestCaseTests.swift")))):
        if text.lstrip().startswith("["):
            write(out, "testcases", '{ "testCases": [ { "name": "seed", "instructions": ' + text + " } ] }")

    # Project loader: the example processes, and one with the nested-minus condition.
    for path in files("Examples/processes/*.json"):
        write(out, "project", path.read_bytes())
    write(out, "project", json.dumps({"name": "p", "title": "P", "start": "a", "nodes": [
        {"id": "a", "type": "userTask", "next": [{"condition": "-" * 63 + "'a'", "to": "b"}, {"to": "b"}]},
        {"id": "b", "type": "end"}]}))

    # Templates: every template alone and with the partials; the mustache spec's cases.
    partials = [p.read_text() for p in files("Templates/partials/*.mustache")][:8]
    for path in files("Templates/**/*.mustache"):
        write(out, "template", path.read_text())
        write(out, "template", "\0".join([path.read_text()] + partials))
    write(out, "template", PARTIAL_BOMB)
    if SHARED.exists():
        for path in files("mustache-spec/*.json", base=SHARED):
            for case in json.loads(path.read_text()).get("tests", []):
                write(out, "template", "\0".join([case["template"]] + list(case.get("partials", {}).values())))

    # Forms, multipart bodies and cookies: handwritten.
    for text in FORMS:
        write(out, "urlencoded", text)
    for text in COOKIES:
        write(out, "cookies", text)
    b = b"XyZ-42"
    write(out, "multipart", multipart(b, [(b'Content-Disposition: form-data; name="a"', b"1\r\n--almost")]))
    write(out, "multipart", multipart(b, [
        (b'Content-Disposition: form-data; name="f"; filename="x.txt"\r\nContent-Type: text/plain', b"\r\n--XyZ-4\r\n"),
        (b'Content-Disposition: form-data; name="empty"', b""),
        (b'Content-Disposition: form-data; name="g"; filename=""', b""),
        (b"Content-Disposition: form-data; name=\"h\"; filename*=UTF-8''%C3%A9.bin", b"\x00\xff")],
        preamble=b"preamble", epilogue=b"epilogue", chunk=1))
    write(out, "multipart", multipart(b"a", [(b'content-disposition: form-data; name=x', b"--a-")], chunk=0))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ROOT / ".build" / "fuzz-corpus")
