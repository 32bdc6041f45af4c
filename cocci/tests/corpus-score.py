#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""corpus-score.py - score a sysdev -> syscore_ops conversion of a corpus.

Usage: corpus-score.py CORPUS OUT_TREE REPORT_FILE [STDERR_FILE...]

CORPUS is laid out like ../shared/tree-2.6.38: manifest.json, pre/ (the
old files) and post/ (upstream's conversion).  OUT_TREE is pre/ after our
conversion; REPORT_FILE what report mode printed on pre/; STDERR_FILEs the
spatch stderr of those runs (warnings are counted).

Prints one line per manifest entry, then "key=value" totals:

  convert entries (a class/driver with .suspend/.resume/.shutdown):
    fields  every struct syscore_ops that carries one of the entry's PM
            callbacks has the same slot -> callback map as upstream's, and
            is registered and unregistered as often (counted over the whole
            tree); no upstream ops is missing
    exact   fields, and the same ops names
  keep entries (nothing for syscore_ops):
    untouched  the file's diff only adds registrations of other entries'
               ops (register_syscore_ops/unregister_syscore_ops lines, the
               headers that declare them, blank lines)
    silent     report mode names no line of the file
  per file of OUT_TREE that differs from pre/, three counts:
    wrong            a PM callback of pre/ that is still defined but sits
                     in no sysdev or syscore_ops slot, or in another slot
    missing_headers  a .c file that uses syscore_ops without including
                     <linux/syscore_ops.h>
    unparsable       more lines that "spatch --parse-c" cannot parse than
                     in pre/ (the count is the new bad lines)
"""
import json
import os
import re
import subprocess
import sys

SLOTS = ("suspend", "resume", "shutdown")


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def read(path):
    try:
        with open(path, errors="replace") as f:
            return f.read()
    except OSError:
        return None


def structs(text, typ):
    """{name: body} of 'struct typ name = { body };' definitions."""
    out = {}
    for m in re.finditer(r"\bstruct\s+%s\s+(\w+)\s*(?:\[\s*\])?\s*=\s*\{" % typ, text):
        depth, i = 1, m.end()
        while i < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        out[m.group(1)] = text[m.end():i - 1]
    return out


def slots(body):
    return {m.group(1): m.group(2) for m in
            re.finditer(r"\.(%s)\s*=\s*&?\s*(\w+)" % "|".join(SLOTS), body)}


def tree_files(root):
    for d, _, fs in os.walk(root):
        for f in fs:
            if f.endswith((".c", ".h")):
                p = os.path.join(d, f)
                yield os.path.relpath(p, root), p


class Tree:
    """The syscore_ops instances of a tree and how often each is
    (un)registered; the sysdev slots left."""

    def __init__(self, root):
        self.ops = {}       # name -> (file, {slot: cb})
        self.reg = {}
        self.unreg = {}
        self.sysdev_slots = set()   # (slot, cb) still in a sysdev struct
        self.texts = {}
        for rel, p in tree_files(root):
            t = strip_comments(read(p) or "")
            self.texts[rel] = t
            for name, body in structs(t, "syscore_ops").items():
                self.ops[name] = (rel, slots(body))
            for typ in ("sysdev_class", "sysdev_driver"):
                for body in structs(t, typ).values():
                    self.sysdev_slots |= set(slots(body).items())
            for m in re.finditer(r"\b(un)?register_syscore_ops\s*\(\s*&\s*(\w+)\s*\)", t):
                d = self.unreg if m.group(1) else self.reg
                d[m.group(2)] = d.get(m.group(2), 0) + 1

    def carrying(self, callbacks):
        """ops that carry one of callbacks: {name: (slots, reg, unreg)}"""
        return {n: (tuple(sorted(s.items())), self.reg.get(n, 0), self.unreg.get(n, 0))
                for n, (_, s) in self.ops.items() if set(s.values()) & callbacks}


def entry_callbacks(pre_text, names):
    cbs = {}
    t = strip_comments(pre_text)
    for typ in ("sysdev_class", "sysdev_driver"):
        for n, body in structs(t, typ).items():
            if n in names:
                for s, cb in slots(body).items():
                    if cb != "NULL":
                        cbs[cb] = s
    return cbs


def parse_bad(path):
    r = subprocess.run(["spatch", "--parse-c", path], capture_output=True, text=True)
    m = re.search(r"nb bad = (\d+)", r.stdout + r.stderr)
    return int(m.group(1)) if m else 10**6


def main():
    corpus, out, report = sys.argv[1:4]
    errs = sys.argv[4:]
    man = json.load(open(os.path.join(corpus, "manifest.json")))
    pre_root = os.path.join(corpus, "pre")
    post = Tree(os.path.join(corpus, "post"))
    ours = Tree(out)
    reports = [l for l in (read(report) or "").splitlines() if re.match(r"^\S+:\d+:", l)]
    rep_files = {os.path.normpath(l.split(":")[0]) for l in reports}

    res = {"convert": 0, "fields": 0, "exact": 0, "keep": 0, "keep_untouched": 0,
           "keep_silent": 0, "convert_reported": 0}
    for e in man:
        path = e["path"]
        pre_t = read(os.path.join(pre_root, path)) or ""
        out_t = read(os.path.join(out, path))
        if e["expect"] == "convert":
            res["convert"] += 1
            cbs = set(entry_callbacks(pre_t, set(e["sysdev"])))
            up = post.carrying(cbs)
            us = ours.carrying(cbs)
            fields = bool(up) and sorted(up.values()) == sorted(us.values())
            exact = fields and set(up) == set(us)
            res["fields"] += fields
            res["exact"] += exact
            said = path in rep_files
            res["convert_reported"] += said
            print("convert\t%s\t%s\tupstream=%s\tours=%s\treported=%d" % (
                path, "exact" if exact else "fields" if fields else "miss",
                fmt(up), fmt(us), said))
        else:
            res["keep"] += 1
            untouched = out_t is not None and keep_ok(pre_t, out_t)
            silent = path not in rep_files
            res["keep_untouched"] += untouched
            res["keep_silent"] += silent
            print("keep\t%s\t%s\t%s" % (path, "untouched" if untouched else "TOUCHED",
                                         "silent" if silent else "REPORTED"))

    # wrong edits, missing headers, new unparsable lines
    wrong, headers, unparsable = [], [], []
    new_bad = 0
    for rel, p in tree_files(out):
        pre_p = os.path.join(pre_root, rel)
        a, b = read(pre_p), read(p)
        if a is None or a == b:
            continue
        ta, tb = strip_comments(a), strip_comments(b)
        old = {}
        for typ in ("sysdev_class", "sysdev_driver"):
            for body in structs(ta, typ).values():
                old.update({cb: s for s, cb in slots(body).items() if cb != "NULL"})
        now = {}
        for typ in ("sysdev_class", "sysdev_driver", "syscore_ops"):
            for body in structs(tb, typ).values():
                for s, cb in slots(body).items():
                    now.setdefault(cb, set()).add(s)
        for cb, s in sorted(old.items()):
            defined = re.search(r"^[^\n;]*\b%s\s*\([^;{]*\)\s*\{" % re.escape(cb), tb, re.M)
            elsewhere = {sl for (sl, c) in ours.sysdev_slots if c == cb} | \
                {sl for (_, m) in ours.ops.values() for sl, c in m.items() if c == cb}
            if cb in now and s not in now[cb]:
                wrong.append("%s: callback %s() moved from .%s to .%s" % (rel, cb, s, "/.".join(sorted(now[cb]))))
            elif defined and s not in elsewhere:
                wrong.append("%s: callback %s() no longer in a .%s slot" % (rel, cb, s))
        if rel.endswith(".c") and re.search(r"\bstruct\s+syscore_ops\b|\bregister_syscore_ops\b", tb) \
                and not re.search(r"#\s*include\s*<linux/syscore_ops\.h>", b):
            headers.append("%s: uses syscore_ops without #include <linux/syscore_ops.h>" % rel)
        bad_now, bad_before = parse_bad(p), parse_bad(pre_p)
        if bad_now > bad_before:
            unparsable.append("%s: spatch --parse-c: %d bad lines, %d before" % (rel, bad_now, bad_before))
            new_bad += bad_now - bad_before
    for kind, lst in (("wrong", wrong), ("missing_header", headers), ("unparsable", unparsable)):
        for w in lst:
            print("%s\t%s" % (kind, w))
    res["wrong"] = len(wrong)
    res["missing_headers"] = len(headers)
    res["unparsable"] = new_bad
    warn = 0
    for f in errs:
        warn += sum(1 for l in (read(f) or "").splitlines() if l.startswith("warning:"))
    res["warnings"] = warn
    for k in ("convert", "fields", "exact", "convert_reported", "keep", "keep_untouched",
              "keep_silent", "wrong", "missing_headers", "unparsable", "warnings"):
        print("%s=%d" % (k, res[k]))


def fmt(ops):
    return ",".join("%s{%s}r%du%d" % (n, " ".join("%s:%s" % x for x in s), r, u)
                    for n, (s, r, u) in sorted(ops.items())) or "-"


ALLOWED = re.compile(r"^\s*(|(un)?register_syscore_ops\s*\(\s*&\s*\w+\s*\)\s*;|"
                     r"#\s*include\s*[<\"][^>\"]+[>\"]|extern\s+struct\s+syscore_ops\s+\w+\s*;)\s*$")


def keep_ok(a, b):
    import difflib
    for l in difflib.unified_diff(a.splitlines(), b.splitlines(), lineterm="", n=0):
        if l.startswith(("---", "+++", "@@")):
            continue
        if l.startswith("-") or not ALLOWED.match(l[1:]):
            return False
    return True


if __name__ == "__main__":
    main()
