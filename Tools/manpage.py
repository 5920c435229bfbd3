#!/usr/bin/env python3
"""Writes flowstage(1) from `flowstage --experimental-dump-help` (the command line's own
description, so the page and `--help` cannot drift apart). Used by Tools/deb.sh.

    flowstage --experimental-dump-help | python3 Tools/manpage.py VERSION > flowstage.1
"""
import json
import sys


def roff(text):
    """Escapes text for roff: backslashes, and a leading dot or quote on any line."""
    lines = []
    for line in text.replace("\\", "\\e").split("\n"):
        if line.startswith((".", "'")):
            line = "\\&" + line
        lines.append(line)
    return "\n".join(lines)


def option_synopsis(argument):
    if argument["kind"] == "positional":
        return "\\fI" + argument.get("valueName", "value") + "\\fR"
    names = ", ".join(("--" if n["kind"] == "long" else "-") + n["name"] for n in argument.get("names") or [])
    synopsis = "\\fB" + names.replace("-", "\\-") + "\\fR"
    if argument["kind"] == "option":
        synopsis += " \\fI" + argument.get("valueName", "value") + "\\fR"
    return synopsis


def arguments_section(command):
    out = []
    for argument in command.get("arguments", []):
        if not argument.get("shouldDisplay", True):
            continue
        out.append(".TP")
        out.append(option_synopsis(argument))
        text = argument.get("abstract", "")
        if argument.get("discussion"):
            text += "\n" + argument["discussion"]
        # A default the help computes (from the cores, the environment) is named in words instead.
        if "defaultValue" in argument and argument["kind"] == "option" and "default" not in text:
            text += " (default: " + argument["defaultValue"] + ")"
        out.append(roff(text))
    return out


def paragraph(text):
    """A discussion: indented lines (examples) kept as they are, the rest filled."""
    out = []
    for block in text.strip().split("\n\n"):
        lines = block.split("\n")
        if any(line.startswith("  ") for line in lines):
            out += [".PP", ".nf"] + [roff(line) for line in lines] + [".fi"]
        else:
            out += [".PP", roff(" ".join(line.strip() for line in lines))]
    return out


def main():
    version = sys.argv[1] if len(sys.argv) > 1 else ""
    root = json.load(sys.stdin)["command"]
    name = root["commandName"]
    subcommands = [c for c in root.get("subcommands", []) if c.get("shouldDisplay", True) and c["commandName"] != "help"]
    out = [
        '.TH %s 1 "" "%s %s" "User Commands"' % (name.upper(), name, version),
        ".SH NAME",
        "%s \\- %s" % (name, roff(root.get("abstract", ""))),
        ".SH SYNOPSIS",
        ".B %s" % name,
        "[\\fIcommand\\fR] [\\fIoptions\\fR]",
        ".SH DESCRIPTION",
    ]
    out += paragraph(root.get("discussion", ""))
    out += [".SH COMMANDS"]
    for command in subcommands:
        out += [".SS %s %s" % (name, command["commandName"])]
        out += [".PP", roff(command.get("abstract", ""))]
        if command.get("discussion"):
            out += paragraph(command["discussion"])
        out += arguments_section(command)
    out += [".SH FILES",
            ".TP", "\\fI/usr/share/flowstage\\fR",
            "Templates, stylesheets, themes, interface words and JSON Schemas, found relative to the binary (\\fI../share/flowstage\\fR).",
            ".TP", "\\fI/usr/share/doc/flowstage/examples\\fR",
            "The example project, served by \\fBflowstage serve\\fR without a folder.",
            ".TP", "\\fI/usr/share/doc/flowstage\\fR",
            "The guides and the reference of every file format and command.",
            ".TP", "\\fI$XDG_DATA_HOME/flowstage/projects\\fR",
            "What \\fBflowstage serve\\fR keeps per project (by default under \\fI~/.local/share\\fR)."]
    print("\n".join(out))


if __name__ == "__main__":
    main()
