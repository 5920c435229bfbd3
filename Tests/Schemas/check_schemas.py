#!/usr/bin/env python3
"""The JSON Schemas of Schemas/ checked against the files and against the decoders
(`make schema-check`, part of `make test`).

1. Examples: every JSON file of Examples/, Themes/, Templates/components/ and the kitchen-sink
   project beside this script names, with "$schema", the schema its place in a project calls
   for, and validates against it with a real validator: python-jsonschema (Debian's
   python3-jsonschema, or `pip install jsonschema`). Without it this part is skipped with a
   message, except under CI=true, where that is a failure. Every schema is also checked
   against the draft 2020-12 meta-schema.

2. Drift, so the schemas and the decoders cannot part ways. The design: the decoders read
   every member through `ObjectReader` with the key as a string literal
   (`reader.bool("keepTask")`), so this script reads Sources/Definitions and collects, per
   decoder function and per reader variable in it (a *scope*), the keys it reads. SCOPES maps
   each scope to the schema object it decodes. Components keep every member
   (`properties: reader.fields`) and the renderer reads some later, so for components the
   reads anywhere in Sources are collected too (`properties["rows"]`,
   `textProperty(component, "prefix")`, `component.number("min")` …). Then:
     - a key a scope reads that is not a property of its schema object fails ("add it to the
       schema");
     - a property of a schema object that no scope mapped to it reads fails ("the decoder
       does not read it");
     - a literal key read on a reader variable SCOPES does not know fails ("map it"), so a new
       decoder function cannot slip past unseen, and so does a schema object with
       `properties` that no scope covers.
   A key in a variable is resolved when it comes from a literal list (`for bound in ["min",
   "max"]`) or a static list (`Theme.colourRoles`); readers over maps (tags, assignments,
   media keys) are marked MAP.

3. With --flowstage BIN: `BIN new` writes a project in a temporary folder, and every JSON file
   in it validates against the schemas it carries in schemas/.

Exit status 1 on any failure.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCHEMAS = os.path.join(ROOT, "Schemas")
DEFINITIONS = os.path.join(ROOT, "Sources", "Definitions")
SOURCES = os.path.join(ROOT, "Sources")
KITCHEN_SINK = os.path.join(ROOT, "Tests", "Schemas", "kitchen-sink")

failures = []


def fail(message):
    failures.append(message)
    print("FAIL: " + message)


# ---------------------------------------------------------------------------- which schema

def expected_schema(relative):
    """The schema a file's place in a project (or in the repository) calls for, or None."""
    parts = relative.split("/")
    name = parts[-1]
    if name.endswith(".examples.json"):
        return "component-examples.json"
    if len(parts) == 1:
        return {"project.json": "project.json", "validators.json": "validators.json"}.get(name)
    folder = parts[-2]
    return {"processes": "process.json", "flows": "flow.json", "tags": "tags.json",
            "enumerations": "enumeration.json", "scenarios": "scenario.json", "themes": "theme.json", "mocks": "mock.json",
            "Themes": "theme.json"}.get(folder) or ("media.json" if relative.endswith("media/media.json") else None)


def example_files():
    """(path, path relative to its project or the repository) of every file to validate."""
    found = []
    for base, project in [("Examples", True), ("Tests/Schemas/kitchen-sink", True), ("Themes", False),
                          ("Templates/components", False)]:
        top = os.path.join(ROOT, base)
        for folder, _, names in os.walk(top):
            for name in sorted(names):
                if name.endswith(".json"):
                    full = os.path.join(folder, name)
                    relative = os.path.relpath(full, top if project else ROOT)
                    found.append((full, relative))
    return found


# ---------------------------------------------------------------------------- 1. validation

def load_validator_factory(schema_folder):
    """A function schema name → validator, over the schemas of one folder, for python-jsonschema
    4.10 (Debian 12's RefResolver) and later (the referencing library). Schemas have no $id:
    each is registered under its file URI, so "./component.json" resolves beside it, as in an
    editor."""
    import jsonschema
    from jsonschema import Draft202012Validator
    store = {}
    for name in sorted(os.listdir(schema_folder)):
        if name.endswith(".json"):
            with open(os.path.join(schema_folder, name), encoding="utf-8") as f:
                store["file://" + os.path.join(os.path.abspath(schema_folder), name)] = json.load(f)
    for uri, schema in store.items():
        try:
            Draft202012Validator.check_schema(schema)
        except jsonschema.exceptions.SchemaError as error:
            fail(f"{uri}: not a valid draft 2020-12 schema: {error.message} at {'/'.join(map(str, error.absolute_path))}")
    try:
        from referencing import Registry, Resource
        from referencing.jsonschema import DRAFT202012
        registry = Registry().with_resources(
            [(uri, Resource.from_contents(schema, default_specification=DRAFT202012)) for uri, schema in store.items()])

        def factory(name):
            return Draft202012Validator({"$ref": "file://" + os.path.join(os.path.abspath(schema_folder), name)}, registry=registry)
    except ImportError:
        from jsonschema import RefResolver

        def factory(name):
            root = {"$ref": "file://" + os.path.join(os.path.abspath(schema_folder), name)}
            return Draft202012Validator(root, resolver=RefResolver(base_uri="", referrer=root, store=store))
    return factory


def validate_file(factory, path, relative, schema_folder, shown):
    """`relative` (the path in its project) picks the schema; `shown` names the file in messages."""
    with open(path, encoding="utf-8") as f:
        try:
            document = json.load(f)
        except ValueError as error:
            fail(f"{shown}: not JSON: {error}")
            return
    # A Camunda Process Test file follows Camunda's schema (Camunda-licensed, not in the repository):
    # FlowStage's reader checks it (`CamundaTestCaseReader`).
    if isinstance(document, dict) and "testCases" in document:
        return
    expected = expected_schema(relative)
    if expected is None:
        fail(f"{shown}: no schema is known for a JSON file in this place; teach expected_schema() about it")
        return
    named = document.get("$schema") if isinstance(document, dict) else None
    wanted = os.path.relpath(os.path.join(schema_folder, expected), os.path.dirname(path))
    if named is None:
        fail(f"{shown}: has no \"$schema\"; add \"$schema\": \"{wanted}\"")
    elif os.path.normpath(os.path.join(os.path.dirname(path), named)) != os.path.normpath(os.path.join(schema_folder, expected)):
        fail(f"{shown}: \"$schema\" is \"{named}\"; it should name {expected}: \"{wanted}\"")
    errors = sorted(factory(expected).iter_errors(document), key=lambda e: list(map(str, e.absolute_path)))
    for error in errors[:20]:
        where = "/" + "/".join(str(part) for part in error.absolute_path)
        fail(f"{shown} {where}: {error.message}")


def check_examples(args):
    try:
        import jsonschema  # noqa: F401
    except ImportError:
        message = ("python-jsonschema is not installed, so the examples were not validated against the schemas; "
                   "install Debian's python3-jsonschema (make schema-deps) or `pip install jsonschema`")
        if os.environ.get("CI") == "true":
            fail(message + " (required under CI=true)")
        else:
            print("SKIP: " + message)
        return
    factory = load_validator_factory(SCHEMAS)
    files = example_files()
    for path, relative in files:
        validate_file(factory, path, relative, SCHEMAS, os.path.relpath(path, ROOT))
    print(f"validated {len(files)} files against Schemas/")
    if args.flowstage:
        check_new_project(args.flowstage)


def check_new_project(binary):
    folder = tempfile.mkdtemp(prefix="flowstage-new-")
    try:
        project = os.path.join(folder, "starter")
        result = subprocess.run([binary, "new", project], capture_output=True, text=True)
        if result.returncode != 0:
            fail(f"`flowstage new` failed: {result.stderr.strip() or result.stdout.strip()}")
            return
        schema_folder = os.path.join(project, "schemas")
        if sorted(os.listdir(schema_folder)) != sorted(n for n in os.listdir(SCHEMAS) if n.endswith(".json")):
            fail("`flowstage new` did not copy every schema of Schemas/ into schemas/")
        factory = load_validator_factory(schema_folder)
        count = 0
        for current, folders, names in os.walk(project):
            folders[:] = [name for name in folders if name != "schemas" and not name.startswith(".")]
            for name in sorted(names):
                if name.endswith(".json"):
                    path = os.path.join(current, name)
                    relative = os.path.relpath(path, project)
                    validate_file(factory, path, relative, schema_folder, "flowstage new: " + relative)
                    count += 1
        print(f"validated the {count} files of a project made by `flowstage new` against its schemas/")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


# ---------------------------------------------------------------------------- 2. drift

MAP = "map"          # a reader over a map: its keys are data (tags, paths, names), not properties
INDIRECT = "indirect"  # the key is the function's parameter; its callers' literals are scanned

# (file under Sources/Definitions, function, reader variable) → schema object ("file#pointer").
# `)` is a reader reached through a call chain: `reader.object("x", …)?.string("name")`.
SCOPES = {
    ("ProjectLoader.swift", "load", "root"): "project.json#",
    ("ProjectLoader.swift", "loadValidators", "root"): MAP,
    ("ProjectLoader.swift", "loadValidators", "entry"): "validators.json#/$defs/validator",
    ("ProjectLoader.swift", "loadValidators", ")"): "validators.json#/$defs/validator",
    ("ProcessDecoder.swift", "decode", "root"): "process.json#",
    ("ProcessDecoder.swift", "decodeParameter", "reader"): "process.json#/$defs/parameter",
    ("ProcessDecoder.swift", "decodeNode", "reader"): "process.json#/$defs/node",
    ("ProcessDecoder.swift", "decodeUserTask", "reader"): "process.json#/$defs/node",
    ("ProcessDecoder.swift", "decodeUserTask", "$0"): "process.json#/$defs/node-userTask/properties/analytics",
    ("ProcessDecoder.swift", "decodeParallelTargets", "reader"): "process.json#/$defs/node",
    ("ProcessDecoder.swift", "decodeBranches", "reader"): "process.json#/$defs/node",
    ("ProcessDecoder.swift", "decodeBranches", "branch"): "process.json#/$defs/branch",
    ("ProcessDecoder.swift", "decodeAction", "reader"): "process.json#/$defs/action",
    ("ProcessDecoder.swift", "decodeAction", "$0"): "process.json#/$defs/action/properties/analytics",
    ("ProcessDecoder.swift", "decodeExample", "reader"): "process.json#/$defs/node",
    ("ProcessDecoder.swift", "decodeMappings", "reader"): INDIRECT,
    ("ProcessDecoder.swift", "decodeMappings", "mapping"): "process.json#/$defs/mapping",
    ("ProcessDecoder.swift", "decodeDecision", "reader"): "process.json#/$defs/node",
    ("ProcessDecoder.swift", "decodeDecision", "decision"): "process.json#/$defs/node-serviceTask/properties/decision",
    ("ProcessDecoder.swift", "decodeAssignments", "reader"): INDIRECT,
    ("ProcessDecoder.swift", "decodeAssignments", "object"): MAP,
    ("ProcessDecoder.swift", "decodeTrigger", "reader"): "process.json#/$defs/trigger",
    ("ProcessDecoder.swift", "decodeCallEvents", "reader"): "process.json#/$defs/node",
    ("ProcessDecoder.swift", "decodeCallEvents", "event"): "process.json#/$defs/node-callActivity/properties/events/items",
    ("ProcessDecoder.swift", "decodeErrorCodes", "reader"): "process.json#/$defs/node",
    # Camunda's test-case format: its schema is Camunda's, so the reader checks the rules itself.
    ("CamundaTestCaseReader.swift", "decode", "reader"): MAP,
    ("CamundaTestCaseReader.swift", "action", "reader"): MAP,
    ("CamundaTestCaseReader.swift", "action", "selector"): MAP,
    ("CamundaTestCaseReader.swift", "variables", "reader"): MAP,
    ("CamundaTestCaseReader.swift", "processInstance", "reader"): MAP,
    ("CamundaTestCaseReader.swift", "processInstance", "selector"): MAP,
    ("CamundaTestCaseReader.swift", "fields", "object"): MAP,
    ("ComponentDecoder.swift", "decode", "reader"): "component.json#",
    ("ComponentDecoder.swift", "implicitValidators", "reader"): "component.json#",
    ("ComponentDecoder.swift", "decodeOption", "reader"): "component.json#/$defs/option",
    ("ComponentDecoder.swift", "decodeValidator", "reader"): "component.json#/$defs/validator",
    ("ComponentChecks.swift", "check", "reader"): "component.json#",
    ("ComponentChecks.swift", "check", "columnReader"): "component.json#/$defs/column",
    ("Diagnostics.swift", "expression", "written"): "component.json#/$defs/feel",
    ("Diagnostics.swift", "text", "written"): "component.json#/$defs/text",
    ("FlowDecoder.swift", "decode", "root"): "flow.json#",
    ("FlowDecoder.swift", "decodeConditions", "root"): "flow.json#",
    ("FlowDecoder.swift", "decodeConditions", "object"): MAP,
    ("FlowDecoder.swift", "decodeState", "reader"): "flow.json#/$defs/state",
    ("FlowDecoder.swift", "decodeProcess", "reader"): "flow.json#/$defs/state",
    ("FlowDecoder.swift", "decodeEvent", "reader"): "flow.json#/$defs/event",
    ("FlowDecoder.swift", "decodeEvent", "next"): "flow.json#/$defs/nextState",
    ("FlowDecoder.swift", "decodeConditionList", "next"): "flow.json#/$defs/nextState",
    ("FlowDecoder.swift", "decodeAssignments", "reader"): INDIRECT,
    ("FlowDecoder.swift", "decodeAssignments", "object"): MAP,
    ("ThemeDecoder.swift", "decode", "root"): "theme.json#",
    ("ThemeDecoder.swift", "decode", "font"): "theme.json#/properties/font",
    ("ThemeDecoder.swift", "decode", "shape"): "theme.json#/properties/shape",
    ("ThemeDecoder.swift", "decode", "overrides"): MAP,
    ("ThemeDecoder.swift", "decode", "reader"): MAP,
    ("ThemeDecoder.swift", "palette", "reader"): "theme.json#/$defs/palette",
    ("EnumerationLoader.swift", "decode", "root"): "enumeration.json#",
    ("EnumerationLoader.swift", "decode", "reader"): "enumeration.json#/$defs/item",
    ("EnumerationLoader.swift", "decode", ")"): "enumeration.json#/$defs/item/properties/childContentDescription",
    ("EnumerationLoader.swift", "content", "reader"): "enumeration.json#/$defs/item",
    ("MockLoader.swift", "decode", "root"): "mock.json#",
    ("MockLoader.swift", "decode", "error"): "mock.json#/properties/error",
    ("MediaLoader.swift", "load", "root"): MAP,
    ("MediaLoader.swift", "load", "entry"): "media.json#/$defs/entry",
    ("ScenarioLoader.swift", "decode", "root"): "scenario.json#",
    ("ScenarioLoader.swift", "decode", "step"): "scenario.json#/$defs/step",
    ("ScenarioLoader.swift", "postedValues", "step"): "scenario.json#/$defs/step",
    ("ScenarioLoader.swift", "postedValues", "object"): MAP,
    ("ScenarioLoader.swift", "expectedErrors", "step"): "scenario.json#/$defs/step",
    ("ScenarioUploads.swift", "decode", "step"): "scenario.json#/$defs/step",
    ("ScenarioUploads.swift", "decode", "object"): MAP,
    ("ScenarioUploads.swift", "decodeFile", "file"): "scenario.json#/$defs/upload",
    ("ComponentExamplesLoader.swift", "decode", "reader"): "component-examples.json#",
    ("ComponentExamplesLoader.swift", "decodeExample", "reader"): "component-examples.json#/$defs/example",
    ("ComponentExamplesLoader.swift", "decodeStates", "reader"): "component-examples.json#/$defs/example",
    ("ComponentExamplesLoader.swift", "decodeErrors", "reader"): "component-examples.json#/$defs/example",
    ("ComponentExamplesLoader.swift", "decodeAction", "reader"): "component-examples.json#/$defs/action",
}

# Schema objects whose properties the decoder reads as a map (any key), where the schema
# names only the keys that have an effect.
OPEN_MAPS = {
    "theme.json#/properties/components": "decoded as component → property → number; the schema lists the overrides the page CSS reads (Public/flowstage.css)",
    "theme.json#/properties/components/properties/button": "see theme.json#/properties/components",
    "theme.json#/properties/components/properties/input": "see theme.json#/properties/components",
}

# Component properties read outside the decoders that no file may set.
INTERNAL_COMPONENT_PROPERTIES = {
    "storesIndex": "set by Component.selectionField for a collection's radio group, never read from a file",
}

# Every file-level schema has "$schema": the loaders drop it from the top level of every file.
IGNORED = {"$schema"}

ACCESSORS = "string|strings|bool|number|int|oneOf|text|expression|path|array|object|value|has|missing|at"
READ = re.compile(r'([A-Za-z_][A-Za-z_0-9]*|\$0|\))\??\.(?:' + ACCESSORS + r')\(\s*("([^"\\]*)"|[A-Za-z_][A-Za-z_0-9.]*(?=\s*[,)]))')
FIELD = re.compile(r'([A-Za-z_][A-Za-z_0-9]*)\.fields\["([^"]+)"\]')
ASSIGNMENTS = re.compile(r'decodeAssignments\(\s*([A-Za-z_][A-Za-z_0-9]*)\s*,\s*(?:key:\s*)?"([^"]+)"')
FOR_LITERAL = re.compile(r'for\s+([A-Za-z_][A-Za-z_0-9]*)\s+in\s+\[([^\]]*)\]')
FOR_STATIC = re.compile(r'for\s+([A-Za-z_][A-Za-z_0-9]*)\s+in\s+([A-Z][A-Za-z_0-9]*)\.([A-Za-z_][A-Za-z_0-9]*)\b')
FUNC = re.compile(r'\bfunc\s+([A-Za-z_][A-Za-z_0-9]*)')

# Component properties read by the renderer, the runtime and the checks (anywhere in Sources).
COMPONENT_READS = [
    re.compile(r'\bproperties\["([^"]+)"\]'),
    re.compile(r'\btextProperty\(\s*component\s*,\s*"([^"]+)"\)'),
    re.compile(r'\bcomponent\.(?:number|dateBound)\("([^"]+)"\)'),
    re.compile(r'\bsize\(\s*component\s*,\s*"([^"]+)"\)'),
]
COMPONENT_LIST_READ = re.compile(r'\[((?:\s*"[^"]+"\s*,)*\s*"[^"]+"\s*)\]\.map\s*\{\s*component\.properties\[\$0\]')
COLUMN_READ = re.compile(r'\bcolumn\["([^"]+)"\]')
# ParsedProperties.swift parses the properties read on every page once: `path("source")`.
PARSED_PATH_READ = re.compile(r'\bpath\("([^"]+)"\)')


def static_list(type_name, member):
    """The string literals of `static let member = [...]` in the type's file."""
    for folder, _, names in os.walk(os.path.join(SOURCES, "Definitions")):
        for name in names:
            if name.endswith(".swift"):
                with open(os.path.join(folder, name), encoding="utf-8") as f:
                    source = f.read()
                if re.search(r'\b(?:struct|enum|class|extension)\s+' + type_name + r'\b', source):
                    match = re.search(r'static\s+let\s+' + member + r'\s*=\s*\[([^\]]*)\]', source)
                    if match:
                        return re.findall(r'"([^"]+)"', match.group(1))
    return None


def functions(source):
    """(name, body) for each `func` of a file: the text up to the next `func`."""
    starts = [(match.start(), match.group(1)) for match in FUNC.finditer(source)]
    return [(name, source[start:(starts[index + 1][0] if index + 1 < len(starts) else len(source))])
            for index, (start, name) in enumerate(starts)]


def definition_files():
    """File name → path of every Swift file of Sources/Definitions, in its topic folders, but
    not the importers of other formats (Import/), which read BPMN and form-js, not our files."""
    files = {}
    for folder, folders, names in os.walk(DEFINITIONS):
        folders[:] = sorted(f for f in folders if f != "Import")
        for name in names:
            if name.endswith(".swift"):
                files[name] = os.path.join(folder, name)
    return files


def decoder_reads():
    """(file, function, receiver) → set of keys, for the decoders of Sources/Definitions."""
    reads = {}
    for name, path in sorted(definition_files().items()):
        with open(path, encoding="utf-8") as f:
            source = f.read()
        for function, body in functions(source):
            variables = {}
            for match in FOR_LITERAL.finditer(body):
                variables[match.group(1)] = re.findall(r'"([^"]+)"', match.group(2))
            for match in FOR_STATIC.finditer(body):
                values = static_list(match.group(2), match.group(3))
                if values is not None:
                    variables[match.group(1)] = values

            def add(receiver, key):
                reads.setdefault((name, function, receiver), set()).add(key)

            for match in READ.finditer(body):
                receiver, argument, literal = match.group(1), match.group(2), match.group(3)
                if literal is not None:
                    add(receiver, literal)
                elif argument in variables:
                    for key in variables[argument]:
                        add(receiver, key)
                elif (name, function, receiver) in SCOPES and SCOPES[(name, function, receiver)] not in (MAP, INDIRECT):
                    fail(f"Sources/Definitions/{name}: {function}() reads {receiver}.…({argument}) with a key this check cannot "
                         f"resolve; use a literal or a `for {argument} in [\"…\"]` list, or mark the scope MAP in {__file__}")
            for match in FIELD.finditer(body):
                add(match.group(1), match.group(2))
            for match in ASSIGNMENTS.finditer(body):
                add(match.group(1), match.group(2))
    return reads


def component_reads():
    """Component properties and table column members read anywhere in Sources (but BPMN import)."""
    properties, columns = {}, {}
    for folder, _, names in os.walk(SOURCES):
        if os.path.join("Definitions", "Import") in folder:
            continue
        for name in names:
            if not name.endswith(".swift"):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as f:
                source = f.read()
            where = os.path.relpath(path, ROOT)
            for pattern in COMPONENT_READS:
                for match in pattern.finditer(source):
                    properties.setdefault(match.group(1), where)
            for match in COMPONENT_LIST_READ.finditer(source):
                for key in re.findall(r'"([^"]+)"', match.group(1)):
                    properties.setdefault(key, where)
            if name == "ParsedProperties.swift":
                for match in COLUMN_READ.finditer(source):
                    columns.setdefault(match.group(1), where)
                for match in PARSED_PATH_READ.finditer(source):
                    properties.setdefault(match.group(1), where)
                for key in static_list("Component", "textPropertyNames") or []:
                    properties.setdefault(key, where)
    for key in INTERNAL_COMPONENT_PROPERTIES:
        properties.pop(key, None)
    return properties, columns


class SchemaSet:
    def __init__(self, folder):
        self.folder = folder
        self.files = {}
        for name in sorted(os.listdir(folder)):
            if name.endswith(".json"):
                with open(os.path.join(folder, name), encoding="utf-8") as f:
                    self.files[name] = json.load(f)

    def resolve(self, location):
        """"file#/pointer" → (file, pointer, schema)."""
        file, _, pointer = location.partition("#")
        node = self.files[file]
        for part in [p for p in pointer.split("/") if p]:
            node = node[part.replace("~1", "/").replace("~0", "~")]
        return file, pointer, node

    def ref(self, file, reference):
        target_file, _, pointer = reference.partition("#")
        target_file = os.path.normpath(target_file).replace("./", "") if target_file else file
        return f"{target_file}#{pointer}"

    def closure(self, location):
        """The property names of the object a location describes, and every schema object
        (file#pointer) with `properties` that contributed: through allOf/anyOf/oneOf, then/else
        and $ref, never into a property's own schema."""
        names, objects, seen = set(), set(), set()

        def walk(file, pointer, node):
            key = f"{file}#{pointer}"
            if key in seen or not isinstance(node, dict):
                return
            seen.add(key)
            if "properties" in node:
                names.update(node["properties"])
                objects.add(key)
            for keyword in ("allOf", "anyOf", "oneOf"):
                for index, sub in enumerate(node.get(keyword, [])):
                    walk(file, f"{pointer}/{keyword}/{index}", sub)
            for keyword in ("then", "else"):
                if keyword in node:
                    walk(file, f"{pointer}/{keyword}", node[keyword])
            if "$ref" in node:
                target = self.ref(file, node["$ref"])
                walk(*self.resolve(target))

        walk(*self.resolve(location))
        return names - IGNORED, objects

    def objects_with_properties(self):
        """Every schema object with `properties` (but `if` conditions and maps whose only
        property is $schema)."""
        found = set()

        def walk(file, pointer, node, in_condition):
            if isinstance(node, dict):
                if "properties" in node and not in_condition and set(node["properties"]) - IGNORED:
                    found.add(f"{file}#{pointer}")
                for key, value in node.items():
                    if key in ("examples", "default", "const", "enum"):
                        continue
                    walk(file, f"{pointer}/{key.replace('~', '~0').replace('/', '~1')}", value, in_condition or key == "if")
            elif isinstance(node, list):
                for index, value in enumerate(node):
                    walk(file, f"{pointer}/{index}", value, in_condition)

        for file, schema in self.files.items():
            walk(file, "", schema, False)
        return found


def check_drift():
    schemas = SchemaSet(SCHEMAS)
    reads = decoder_reads()
    by_location = {}
    for scope, keys in reads.items():
        if scope not in SCOPES:
            fail(f"Sources/Definitions/{scope[0]}: {scope[1]}() reads {sorted(keys)} on `{scope[2]}`, which {os.path.basename(__file__)} "
                 "does not know: map it in SCOPES to the schema object it decodes (or to MAP)")
            continue
        location = SCOPES[scope]
        if location in (MAP, INDIRECT):
            continue
        by_location.setdefault(location, {}).update({key: f"Sources/Definitions/{scope[0]} {scope[1]}()" for key in keys})
    for scope, location in SCOPES.items():
        if location not in (MAP, INDIRECT) and scope not in reads:
            fail(f"SCOPES names {scope}, which reads nothing any more: remove it or fix the name")
    properties, columns = component_reads()
    for key, where in properties.items():
        by_location.setdefault("component.json#", {}).setdefault(key, where)
    for key, where in columns.items():
        by_location.setdefault("component.json#/$defs/column", {}).setdefault(key, where)

    covered = set()
    for location, keys in sorted(by_location.items()):
        names, objects = schemas.closure(location)
        covered |= objects
        for key, where in sorted(keys.items()):
            if key not in names and key not in IGNORED:
                fail(f"{where} reads \"{key}\", which Schemas/{location} does not describe: add it to the schema")
        for name in sorted(names - set(keys)):
            fail(f"Schemas/{location} describes \"{name}\", which the decoder does not read "
                 f"(no scope of {os.path.basename(__file__)} mapped to it reads it): remove it or map the decoder")
    for location in OPEN_MAPS:
        covered |= schemas.closure(location)[1]
    for location in sorted(schemas.objects_with_properties() - covered):
        fail(f"Schemas/{location} has properties that no decoder scope is mapped to; add the scope to SCOPES")
    print(f"drift: {len(by_location)} schema objects against {sum(len(v) for v in by_location.values())} decoder reads")


# The closed value sets the code defines, each against the schema enum that must list exactly them.
ENUMS = [
    ("ComponentType.swift", r"enum ComponentType\b", "component.json", "/properties/type"),
    ("ValidatorDefinition.swift", r"enum Kind\b", "component.json", "/$defs/validator/properties/type"),
    ("ActionDefinition.swift", r"enum Kind\b", "process.json", "/$defs/action/properties/type"),
]
# Literal lists in the decoders: `name = [...]` or `oneOf("key", [...])`, against their schema enum.
LISTS = [
    ("ProcessDecoder.swift", r"static let nodeTypes = \[([^\]]*)\]", "process.json", "/$defs/node/properties/type"),
    ("ComponentDecoder.swift", r'oneOf\("inputType", \[([^\]]*)\]', "component.json", "/$defs/component-input/properties/inputType"),
]


def enum_cases(source, header):
    """The raw values of a Swift `enum …: String` (case names, backticks dropped), up to its first member that is not a case."""
    start = re.search(header, source)
    if not start:
        return None
    body = source[start.end():]
    cases = []
    for line in body.split("\n")[1:]:
        line = line.split("//")[0].strip()
        if line.startswith("case "):
            cases += [name.strip().strip("`") for name in line[5:].split(",")]
        elif line and not line.startswith("///") and line != "":
            break
    return cases


def check_enums():
    for file, header, schema, pointer in ENUMS + LISTS:
        source = open(definition_files()[file], encoding="utf-8").read()
        if (file, header, schema, pointer) in LISTS:
            match = re.search(header, source)
            values = re.findall(r'"([^"]*)"', match.group(1)) if match else None
        else:
            values = enum_cases(source, header)
        if not values:
            fail(f"Sources/Definitions/{file}: {header} not found; update ENUMS/LISTS in {os.path.basename(__file__)}")
            continue
        node = json.load(open(os.path.join(SCHEMAS, schema), encoding="utf-8"))
        for part in pointer.strip("/").split("/"):
            node = node.get(part, {}) if isinstance(node, dict) else {}
        listed = node.get("enum")
        if listed is None:
            fail(f"Schemas/{schema}#{pointer} has no enum to compare with Sources/Definitions/{file}")
        elif sorted(listed) != sorted(values):
            fail(f"Schemas/{schema}#{pointer} lists {sorted(listed)}, but Sources/Definitions/{file} has {sorted(values)}: "
                 f"missing {sorted(set(values) - set(listed))}, extra {sorted(set(listed) - set(values))}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--flowstage", help="the flowstage binary, to validate a project made by `flowstage new`")
    parser.add_argument("--drift-only", action="store_true", help="only the drift check (no python-jsonschema needed)")
    args = parser.parse_args()
    check_drift()
    check_enums()
    if not args.drift_only:
        check_examples(args)
    if failures:
        print(f"{len(failures)} schema check failure{'s' if len(failures) != 1 else ''}")
        sys.exit(1)
    print("schemas: ok")


def reexec_with_debian_python():
    """`make schema-deps` installs Debian's python3-jsonschema for /usr/bin/python3; another
    python3 first on PATH (pyenv, a virtualenv) would not see it."""
    try:
        import jsonschema  # noqa: F401
        return
    except ImportError:
        pass
    system = "/usr/bin/python3"
    if os.path.realpath(sys.executable) != os.path.realpath(system) and os.path.exists(system) and \
            subprocess.run([system, "-c", "import jsonschema"], capture_output=True).returncode == 0:
        os.execv(system, [system, os.path.abspath(__file__)] + sys.argv[1:])


if __name__ == "__main__":
    reexec_with_debian_python()
    main()
