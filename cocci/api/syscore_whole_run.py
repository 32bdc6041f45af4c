"""The entry point's second half: run the whole conversion on the files
of the run (the --dir tree's, from the one finder; else the ones that
sysdev_to_syscore_ops.cocci found among those named), and print what
spatch would, with names relative to the tree.

spatch cannot rewrite out of place on a second pass over the files (see
the header of sysdev_to_syscore_ops.cocci), so the finalize of the entry
run calls syscore.sh, beside this file: one spatch process for the facts
pass over all the files, then one per rewrite job, on a copy of the files
in patch mode.  The result does not depend on how many processes the
entry run had (--jobs): the file list is merged first, and syscore.sh
always reads it in the same order.
"""
from dataclasses import dataclass
from typing import Optional
import os
import re
import shutil
import subprocess
import sys
import tempfile

from syscore_model import dump_plan, load_plan


@dataclass
class RunFile:
    """A file of the run: the name spatch gave it (or our finder, from the
    directory spatch runs in), and the name it gets in the diff, the report
    and the scratch copy: relative to the tree when it is below it."""
    given: str
    rel: str


@dataclass
class SpatchCommand:
    """What the user's spatch command line says about the files: the tree
    of --dir (None when the files were named one by one), and the directory
    the diff's and the report's names are relative to (--patch, as make
    coccicheck M= passes it, else --dir, else the working directory)."""
    tree: Optional[str]
    base: str


def option_value(args, name):
    """The value of the last --NAME VALUE (also -NAME, --NAME=VALUE)."""
    value = None
    for i, arg in enumerate(args):
        if arg in ("--" + name, "-" + name) and i + 1 < len(args):
            value = args[i + 1]
        elif arg.startswith("--%s=" % name):
            value = arg.split("=", 1)[1]
    return value


def spatch_command():
    """The command line of the spatch process this finalize runs in (it is
    not in Coccinelle's Python API; Linux shows it in /proc)."""
    try:
        with open("/proc/self/cmdline", "rb") as cmdline:
            args = cmdline.read().decode(errors="surrogateescape").split("\0")
    except OSError:
        args = []
    tree = option_value(args, "dir")
    base = option_value(args, "patch") or tree or "."
    return SpatchCommand(tree, base)


def name_in_run(path, base):
    """PATH's name in the diff and the report: relative to BASE when below
    it (spatch's own rule for --dir and --patch), else as given."""
    norm = os.path.normpath(path)
    top = os.path.abspath(base)
    full = os.path.abspath(norm)
    if full == top or full.startswith(top.rstrip(os.sep) + os.sep):
        return os.path.relpath(full, top)
    return norm


def tree_files(sp_file, tree):
    """The files of TREE that can hold sysdev code, from the one finder
    (syscore.sh files): .c and .h alike, whether or not spatch was given
    --include-headers, and whatever spatch itself lists of the tree (a git
    tree's untracked files, a forest of symlinks)."""
    tool = os.path.join(os.path.dirname(os.path.abspath(sp_file)), "syscore.sh")
    res = subprocess.run([tool, "files"], cwd=tree, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    if res.returncode != 0:
        fail("cannot list the files of %s: %s" % (tree, res.stderr.decode(errors="replace").strip()))
    names = res.stdout.decode(errors="surrogateescape").splitlines()
    return [os.path.join(tree, n) for n in names if n]


def run_files(sp_file, found):
    """The files of the run, with their names: the finder's on the --dir
    tree, else the ones the find_sysdev_* rules found among those named;
    the directory the names are relative to; whether it is a whole tree
    (which grows by the files a hook's passed-on argument needs)."""
    cmd = spatch_command()
    given = tree_files(sp_file, cmd.tree) if cmd.tree else found
    return [RunFile(g, name_in_run(g, cmd.base)) for g in given], cmd.base, cmd.tree is not None


def fail(msg):
    sys.stderr.write("sysdev_to_syscore_ops: %s\n" % msg)
    sys.stderr.flush()
    os._exit(1)


def syscore_sh(sp_file, mode, names, cwd, keep, report_to=None, tree=None, grow=False):
    """syscore.sh MODE NAMES... in CWD; its stdout.  REPORT_TO: patch mode
    also writes the report there (from the facts pass it runs anyway).
    TREE: the tree the files of a scratch copy CWD come from (the planner
    asks it which files name a hook's struct).  GROW: the names are a
    whole tree's; syscore.sh adds the files a hook's argument needs (in
    patch mode it names them in CWD/.grown)."""
    tool = os.path.join(os.path.dirname(os.path.abspath(sp_file)), "syscore.sh")
    env = dict(os.environ)
    if tree:
        env["SYSCORE_TREE"] = os.path.abspath(tree)
    if grow:
        env["SYSCORE_GROW"] = "1"
        env["SYSCORE_GROWN"] = os.path.join(os.path.abspath(cwd), ".grown")
    if keep:
        env["SYSCORE_KEEP"] = os.path.abspath(keep)
    if report_to:
        env["SYSCORE_REPORT"] = report_to
    res = subprocess.run([tool, mode] + names, cwd=cwd, env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    sys.stderr.write(res.stderr.decode(errors="replace"))
    if res.returncode != 0:
        fail("%s %s failed (exit %d)" % (tool, mode, res.returncode))
    return res.stdout.decode(errors="surrogateescape")


SAFE = re.compile(r"[^A-Za-z0-9_.,+/-]")


def scratch_paths(files):
    """The name of each file in the scratch copy: its own, without
    characters spatch cannot pass to diff and cp (it does not quote them:
    a space), made unique."""
    names, taken = {}, set()
    for f in files:
        name = SAFE.sub("_", f.rel.lstrip(os.sep))
        base, n = name, 1
        while name in taken:
            root, ext = os.path.splitext(base)
            name, n = "%s_%d%s" % (root, n, ext), n + 1
        taken.add(name)
        names[f.rel] = name
    return names


def all_crlf(path):
    """Every line of the file ends with CR LF (a DOS file)."""
    with open(path, "rb") as src:
        data = src.read()
    return b"\r\n" in data and data.count(b"\n") == data.count(b"\r\n")


def copy_to_scratch(src, dst, crlf):
    """The file in the scratch copy; a DOS file with LF line endings, so
    that the lines spatch adds end as the others (put back by restore)."""
    with open(src, "rb") as f:
        data = f.read()
    with open(dst, "wb") as f:
        f.write(data.replace(b"\r\n", b"\n") if crlf else data)


def restore_crlf(path):
    with open(path, "rb") as f:
        data = f.read()
    with open(path, "wb") as f:
        f.write(data.replace(b"\n", b"\r\n"))


def unified_diff(old, new, name):
    """The diff of one file as spatch prints it (it runs diff -u -p)."""
    res = subprocess.run(["diff", "-u", "-p", old, new], stdout=subprocess.PIPE)
    if res.returncode == 0:
        return ""
    body = res.stdout.decode(errors="surrogateescape").split("\n", 2)[2]
    # a name with a space ends with a tab, as git writes it, for patch
    end = "\t" if re.search(r"\s", name) else ""
    return "diff -u -p a/%s b/%s\n--- a/%s%s\n+++ b/%s%s\n%s" % (
        name, name, name, end, name, end, body)


def plan_with_real_names(path, names):
    """The kept plan names the files as the scratch copy does: give them
    back their own names (NAMES: own name -> scratch name), for the
    readers of the plan (describe-plan.py, series.py)."""
    if not os.path.exists(path):
        return
    own = {scratch: rel for rel, scratch in names.items()}
    plan = load_plan(path)
    dump_plan({own.get(f, f): p for f, p in plan.items()}, path)


def patch(sp_file, files, keep, base, grow):
    """Convert a copy of FILES (of the tree BASE; GROW: a whole tree, see
    syscore_sh()); the diff against the originals, and the
    report when KEEP asks for it and the copy has the files' own names
    (else None: the caller runs report mode)."""
    scratch = tempfile.mkdtemp(prefix="syscore-run.")
    names = scratch_paths(files)
    same_names = all(names[f.rel] == f.rel for f in files)
    report_to = os.path.join(scratch, ".report") if keep and same_names else None
    try:
        dos = {f.rel for f in files if all_crlf(f.given)}
        for f in files:
            dst = os.path.join(scratch, names[f.rel])
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            copy_to_scratch(f.given, dst, f.rel in dos)
        syscore_sh(sp_file, "patch", [names[f.rel] for f in files], scratch, keep, report_to, base, grow)
        files = files + grown_files(scratch, base, names)
        if keep and not same_names:
            plan_with_real_names(os.path.join(keep, "plan.json"), names)
        for rel in dos:
            restore_crlf(os.path.join(scratch, names[rel]))
        diff = "".join(unified_diff(f.given, os.path.join(scratch, names[f.rel]), f.rel)
                       for f in sorted(files, key=lambda f: f.rel))
        report = None
        if report_to:
            with open(report_to) as rep:
                report = rep.read()
        return diff, report
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def grown_files(scratch, base, names):
    """the RunFiles syscore.sh added to the scratch copy (its .grown), with
    their own names (NAMES gets them too: they keep their names)"""
    try:
        with open(os.path.join(scratch, ".grown")) as grown:
            rels = sorted(set(line.strip() for line in grown if line.strip()))
    except OSError:
        return []
    names.update({rel: rel for rel in rels})
    return [RunFile(os.path.join(base, rel), rel) for rel in rels]


def run(mode, found, sp_file, keep):
    """MODE (patch, report, org, context) on the files of the run: FOUND by
    the rules, or the --dir tree's."""
    files, base, grow = run_files(sp_file, found)
    if not files:
        return
    if mode == "patch":
        out, report = patch(sp_file, files, keep, base, grow)
        if keep:
            if report is None:
                report = syscore_sh(sp_file, "report", [f.rel for f in files], base, None, grow=grow)
            with open(os.path.join(keep, "report.txt"), "w") as rep:
                rep.write(report)
    elif mode in ("report", "org", "context"):
        out = syscore_sh(sp_file, mode, [f.rel for f in files], base, keep, grow=grow)
    else:
        fail("give a mode: -D patch, -D report, -D context or -D org")
    sys.stdout.write(out)
    sys.stdout.flush()
