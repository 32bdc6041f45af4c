// SPDX-License-Identifier: GPL-2.0-only
/// Use struct syscore_ops instead of a sysdev class or driver that exists
/// for its .suspend, .resume or .shutdown callbacks: syscore_ops (2.6.39,
/// 40dc166cb5dd) calls them the same way, one CPU online and interrupts
/// off, without a device or arguments the callbacks never use.  Report
/// mode names each one it cannot convert, with the position and reason.
//#
//# Run it on the whole tree, as any semantic patch of the kernel
//# (spatch --sp-file sysdev_to_syscore_ops.cocci -D patch --dir ., or make
//# coccicheck COCCI=... MODE=patch M=dir): a class defined in one file is
//# registered in others, so the run reads every file before it rewrites
//# one.  No other option is needed; --jobs (coccicheck's J) and the
//# working directory do not change the output, whose paths are relative
//# to --dir (or --patch).  Its helpers (syscore.sh, syscore_*.cocci,
//# syscore_*.py) are found beside it (Coccinelle's cocci.cocci_file),
//# never through the environment: install with
//#   cp cocci/api/* LINUX/scripts/coccinelle/api/
//#
//# How one run does the whole job.  The conversion needs every file of the
//# run before it rewrites one (a class defined in one file is registered
//# in SoC files), and the rewrite is five semantic patches in a row:
//#   syscore_callbacks.cocci  callbacks: syscore signatures, wrappers folded
//#   syscore_class.cocci      sysdev classes, their sys_devices, registrations
//#   syscore_driver.cocci     sysdev drivers and their registrations
//#   syscore_sites.cocci      new ops, registrations in other files, tidy-up
//#   syscore_includes.cocci   #include <linux/syscore_ops.h> / sysdev.h
//# Coccinelle 1.1.1 has a second pass over the files from @finalize@
//# (Iteration / cocci.add_pending_instance), but refuses it when the run
//# prints a diff: "Out of place transformation not compatible with
//# iteration. Aborting." (only --in-place or --no-show-diff may iterate),
//# and the five jobs cannot be one pass (code that one adds is not matched
//# by the next).  So the run of the user (any --jobs) only selects the
//# files: with --dir, the tree's files that can hold sysdev code, .c and
//# .h, from the one finder (syscore.sh files); files named one by one, by
//# the rules find_sysdev_* (their tokens are spatch's grep query: it
//# parses no other file).  @finalize@ runs syscore.sh on that list, in a
//# fixed order: one spatch process reads every file and
//# decides (-D facts_pass, the rules below, syscore_plan.py), then one per
//# rewrite job on a scratch copy; the finalize prints the diff of the copy
//# (patch), or the report (report, org, context).  -D keep=DIR also keeps
//# the plan (plan.json), the report (report.txt) and spatch's logs there.
//#
//# What is converted.  A "PM source" is a struct sysdev_class or struct
//# sysdev_driver with .suspend, .resume or .shutdown.  Sources with the same
//# callbacks share one struct syscore_ops.
//#  - A class whose sys_devices only exist for PM (no attributes, no other
//#    drivers, no sysfs files, static devices, or one device embedded in a
//#    file-scope object that the callbacks find with container_of())
//#    becomes the syscore_ops in place; its devices go.  It is registered
//#    where its devices were registered, in whatever file that is: a chain
//#    such as
//#    "err = sysdev_class_register(&c); if (!err) err = sysdev_register(&d);",
//#    the two calls as statements, "return sysdev_register(&d);", a test
//#    around them, "if (err) return err;" or goto/printk error paths, an
//#    array of sys_devices registered in a loop.  The class's own
//#    registration goes; an init function that only registered the class
//#    goes with its initcall.
//#  - A class that also carries sysfs (attributes, sysdev_create_file(),
//#    drivers with .add, sys_devices set up at run time) stays; its PM
//#    callbacks move to a syscore_ops next to it, registered where its
//#    static devices are registered, else after the class: after the
//#    last later step of the init whose failure ends it on every path
//#    (a failed init leaves no ops registered), unless the init's error
//#    path that unregisters the class can be reached from after those
//#    steps: then the ops is registered right after the class and
//#    unregistered on that path too.
//#  - A driver on cpu_sysdev_class: PM-only, it becomes the syscore_ops,
//#    registered where the driver was; with .add/.remove the driver stays
//#    and the syscore_ops is registered after it as after a class.  Its callbacks
//#    may use their struct sys_device * for the CPU's number (dev->id)
//#    and nothing else (cpufreq, microcode): syscore callbacks run once,
//#    on the boot CPU, with the other CPUs offline, so the number is
//#    smp_processor_id() ("int cpu = dev->id;" becomes "int cpu =
//#    smp_processor_id();", else such a local is added).
//#  - Instances kept in a collection: a class whose sys_devices are a
//#    member of objects the file keeps on a file-scope list (the function
//#    that adds an object to the list registered it first, itself or
//#    through the set-up function it passes the object to), and whose
//#    callbacks find their object with container_of() and only return 0:
//#    each callback's body becomes F_one() on one object, and F() walks
//#    the list (suspend and shutdown in registration order, as the sysdev
//#    core walked a class's devices, resume in reverse; shutdown under the
//#    mutex the file's other walks of the list hold).  The class stays
//#    with its run-time devices; the ops is registered after it.  Or the
//#    objects are the elements of a file-scope static array that one loop
//#    "for (i = 0; i < N; i++)" (N a macro or a file-scope variable) sets
//#    up and registers (through p = &A[i], or a pointer p = A stepped
//#    with i: "for (i = 0; i < N; i++, p++)"), doing nothing else
//#    (or a set-up function called only as setup(&A[i]) in such a loop:
//#    then the class and the set-up stay, the ops goes after the class): F() walks the array, the loop
//#    goes for one register_syscore_ops() and, when nothing else keeps the
//#    class, the class and the member go.
//#  - One object an __init function allocates into a local pointer ("struct
//#    S *p;", assigned once) and registers once, not in a loop: the local
//#    becomes the file-scope pointer <class prefix>_pm, which the
//#    callbacks use instead of container_of(); as for an object at file
//#    scope, the class, the member and the set-up go.  One object per turn
//#    of the init's loop "for (i = 0; i < N; i++)" (N a number or a
//#    macro): the local becomes x[i] of "static struct S *x[N];", the
//#    callbacks walk x (skipping NULL: an allocation that failed), the
//#    ops is registered where the class was, the registrations go.
//#  - A driver on another class (a SoC class): the syscore_ops is
//#    registered where the devices of that class are registered; a PM-only
//#    driver goes, a driver with .add stays.  A class whose only purpose
//#    was to carry one PM-only driver (no PM callbacks of its own) goes
//#    with its device: one syscore_ops named after the class.
//#  - Unregistration (module exit, error unwinding): the sysdev_unregister()
//#    / sysdev_class_unregister() / sysdev_driver_unregister() calls of a
//#    converted registration become one unregister_syscore_ops() where the
//#    first of them was (unregister before the driver where one stays).
//#  - Callbacks lose their struct sys_device * and pm_message_t arguments;
//#    resume and shutdown return void: the final "return X;" goes (X is
//#    kept as a statement if it has side effects), any other becomes
//#    "return;" and what the error path logged stays.  A callback that
//#    only wraps a function with the syscore signature ("return g();",
//#    "g(); return 0;") is folded; a suspend that only returns 0 goes.
//#    Prototypes in headers follow.
//#  - Callbacks of a platform: callbacks shared by the sources that a
//#    header declares and that no file of the run defines, or that each
//#    platform defines (several non-static definitions in files never
//#    linked together, plat-s3c24xx/irq-pm.c and plat-s5p/irq-pm.c: all
//#    converted alike, and reported, naming the files, when one uses its
//#    arguments and another does not), or that the header defines as
//#    NULL where their file is not built (an irq-pm.c built only with
//#    CONFIG_PM): the ops cannot go next to
//#    them, so it goes at the end of the one .c file of the run that
//#    includes that header, is not their own, and whose path has every
//#    word of the callbacks' common prefix (s3c24xx_irq_suspend/resume ->
//#    plat-s3c24xx/irq.c); the header's prototypes follow, and the report
//#    says when the definitions are not in the files scanned.  No such
//#    file, or more than one: reported.
//#  - The syscore_ops is static unless it is registered from another file;
//#    then it is declared extern in the header that declared the class (or
//#    the class of the driver, or the callbacks), which the registering
//#    files must include already.
//#
//# Names (as upstream): the ops is <prefix>_syscore_ops, the prefix being
//# the class or driver name without its _sysclass, _sysdev_class, _class,
//# _sysdev_driver or _driver suffix; ops shared by several sources take the
//# callbacks' common prefix (s3c244x_suspend/s3c244x_resume -> s3c244x)
//# when it is at least 4 characters, else the first source's prefix.  An
//# init function FOO_init_device or FOO_init_sysfs that only registered
//# becomes FOO_init_ops.
//#
//# What is reported and left alone ("not converted: <reason>"): a callback
//# that uses its struct sys_device * to find its instance (the report says
//# why the class's sys_devices are not one object the callbacks could use:
//# several of them, registered in a loop, through an index map, one per
//# call of a set-up function, a local or a pointer that another function
//# changes) or its pm_message_t (an event test is quoted with its line: a
//# syscore callback has no event, so a person decides what it does), a
//# resume that is "return suspend(dev, PMSG_ON)" (with that suspend's
//# event test), an argument a callback only passes on to a hook or a
//# helper when it cannot go from there (the report names the cause: an
//# implementation reads it, is not static, the hook's struct is named in
//# files outside a run on named files...; where it can, the argument
//# goes from the static helper, or from the hook's member type, every
//# implementation and every call through it: a collateral evolution; a
//# whole-tree run grows by the files that name the hook's struct, which
//# do not name sysdev), a callback
//# used outside its sysdev (its signature would
//# change), a callback or class not defined in the files scanned, or
//# defined in several with no one header declaring it (other than a
//# platform's callbacks, above), a class with no sys_device registered in
//# the files scanned, a registration in a loop (other than the one over an
//# array of sys_devices) or in a form none of the rules rewrites, a
//# registering file that would need a new #include (an #include cannot take
//# a metavariable), more than 7 ops to register at one place or 4 to
//# declare after one declaration, a struct or callback in code spatch
//# cannot parse (named with the line of the parse error that spatch
//# --parse-c shows). Sources that share callbacks are converted together or
//# not at all. Files without sysdev PM print nothing.
//#
//# A single file (spatch ... -D report FILE) is decided with what that file
//# shows: a class whose devices are registered elsewhere is reported so.
//#
// Confidence: High
// Copyright: (C) 2026 syscore-series.
// Options: --no-includes
// Keywords: sysdev, syscore_ops

virtual patch
virtual context
virtual org
virtual report
// set by syscore.sh on the process that reads every file of the run and
// decides (the facts pass); without it, this file is the entry point
virtual facts_pass
// with it too when the facts pass writes a plan (patch mode): the facts
// only placing needs are gathered then
virtual placing

@initialize:python@
@@
import json, os, re, sys

# the records of the facts (syscore_model.py, beside this file); without
# it the entry point's own finalize stops with "its helpers are not beside
# it", and the facts rules run only with -D facts_pass
sys.path.insert(0, os.path.dirname(os.path.abspath(cocci.cocci_file)))
try:
	import syscore_model as syscore_facts
except ImportError:
	syscore_facts = None

# facts, per file
FILES = {}
# names of functions that may be PM callbacks (slot values, sysdev
# signature prototypes and definitions), for the reference rule
CBNAMES = set()
CLSNAMES = set()
MODES = set()
PLANFILE = []
KEEP = []
# the files found by the entry point (all workers of --jobs: merged)
SYSDEV_FILES = set()
coccinelle.SYSDEV_FILES = SYSDEV_FILES
RUNFILES = []
# -D wanted=FILE: where the facts pass lists the files outside the run
# that a hook's passed-on argument needs (syscore.sh grows the run by them)
WANTED = []
DEVNAMES = set()
def ff(p):
	"""the FileFacts of the file P is in"""
	f = os.path.normpath(p[0].file)
	if f not in FILES:
		FILES[f] = syscore_facts.FileFacts()
	return FILES[f]

def P(p):
	return syscore_facts.Pos(int(p[0].line), int(p[0].column),
				 int(p[0].line_end), int(p[0].column_end),
				 p[0].current_element)

def proto(p, sig):
	q = P(p)
	return syscore_facts.ProtoFacts(q.line, q.col, q.line_end, q.col_end, q.func, sig)

def key(p):
	return (int(p[0].line), int(p[0].column))

def norm(s):
	return re.sub(r"\s+", "", str(s))

def struct(p, kind, name):
	d = getattr(ff(p), kind)
	if name not in d:
		d[name] = syscore_facts.StructFacts(P(p))
	return d[name]

def iscb(f):
	return f in CBNAMES

def iscls(c):
	return c in CLSNAMES

def isdev(d):
	return d in DEVNAMES

def fn_(p, F):
	funcs = ff(p).funcs
	if F not in funcs:
		funcs[F] = syscore_facts.FuncFacts(P(p))
	return funcs[F]

def call(p):
	calls = ff(p).calls
	if key(p) not in calls:
		calls[key(p)] = syscore_facts.CallFacts(P(p))
	return calls[key(p)]

@initialize:python depends on report@
@@
MODES.add("report")

@initialize:python depends on org@
@@
MODES.add("org")

@initialize:python depends on context@
@@
MODES.add("context")

@initialize:python depends on patch@
@@
MODES.add("patch")

@initialize:python@
keep << virtual.keep;
@@
KEEP.append(keep)

@initialize:python@
out << virtual.plan;
@@
PLANFILE.append(out)

@initialize:python@
runlist << virtual.files;
@@
RUNFILES.append(runlist)

@initialize:python@
wanted << virtual.wanted;
@@
WANTED.append(wanted)

//----------------------------------------------------------------------
// Facts: what is there
//----------------------------------------------------------------------

// the file that implements the sysdev API (drivers/base/sys.c)
@sysdev_core_file depends on facts_pass@
position p;
@@
int sysdev_class_register@p(...) { ... }

@script:python@
p << sysdev_core_file.p;
@@
ff(p).impl = True

@class_def depends on facts_pass@
identifier C;
position p;
@@
struct sysdev_class C@p = { ... };

@script:python@
C << class_def.C;
p << class_def.p;
@@
struct(p, "classes", C)
CLSNAMES.add(C)

@class_static depends on facts_pass@
identifier C;
position p;
@@
static struct sysdev_class C@p = { ... };

@script:python@
C << class_static.C;
p << class_static.p;
@@
struct(p, "classes", C).static = True

@class_field depends on facts_pass@
identifier C, fld;
expression E;
position p, pe;
@@
struct sysdev_class C@p = { ..., .fld = E@pe, ... };

@script:python@
C << class_field.C;
fld << class_field.fld;
E << class_field.E;
p << class_field.p;
pe << class_field.pe;
@@
d = struct(p, "classes", C)
d.fields.append((int(pe[0].line), fld, norm(E), P(pe)))
if fld in ("suspend", "resume", "shutdown"):
	CBNAMES.add(norm(E).lstrip("&"))
	ff(p).known.add((int(pe[0].line), norm(E).lstrip("&")))

@driver_def depends on facts_pass@
identifier D;
position p;
@@
struct sysdev_driver D@p = { ... };

@script:python@
D << driver_def.D;
p << driver_def.p;
@@
struct(p, "drivers", D)

@driver_static depends on facts_pass@
identifier D;
position p;
@@
static struct sysdev_driver D@p = { ... };

@script:python@
D << driver_static.D;
p << driver_static.p;
@@
struct(p, "drivers", D).static = True

@driver_field depends on facts_pass@
identifier D, fld;
expression E;
position p, pe;
@@
struct sysdev_driver D@p = { ..., .fld = E@pe, ... };

@script:python@
D << driver_field.D;
fld << driver_field.fld;
E << driver_field.E;
p << driver_field.p;
pe << driver_field.pe;
@@
d = struct(p, "drivers", D)
d.fields.append((int(pe[0].line), fld, norm(E), P(pe)))
if fld in ("suspend", "resume", "shutdown"):
	CBNAMES.add(norm(E).lstrip("&"))
	ff(p).known.add((int(pe[0].line), norm(E).lstrip("&")))

// static sys_devices, arrays of them, and .cls set at run time
@device_def depends on facts_pass@
identifier D;
position p;
@@
struct sys_device D@p = { ... };

@script:python@
D << device_def.D;
p << device_def.p;
@@
ff(p).devices.setdefault(D, syscore_facts.DeviceFacts(P(p)))
DEVNAMES.add(D)

@device_class depends on facts_pass@
identifier D, C;
position p, pc;
@@
struct sys_device D@p = { ..., .cls = &C@pc, ... };

@script:python@
D << device_class.D;
C << device_class.C;
p << device_class.p;
pc << device_class.pc;
@@
ff(p).devices[D].cls = C
ff(p).cknown.add(key(pc))

@device_array depends on facts_pass@
identifier A;
position p;
@@
struct sys_device A@p[] = { ... };

@script:python@
A << device_array.A;
p << device_array.p;
@@
ff(p).arrays.setdefault(A, syscore_facts.ArrayFacts(P(p)))
DEVNAMES.add(A)

@device_array_class depends on facts_pass@
identifier A, C;
position p, pc;
@@
struct sys_device A@p[] = { ..., { ..., .cls = &C@pc, ... }, ... };

@script:python@
A << device_array_class.A;
C << device_array_class.C;
p << device_array_class.p;
pc << device_array_class.pc;
@@
ff(p).arrays[A].cls.append((int(pc[0].line), C))
ff(p).cknown.add(key(pc))

@device_class_set depends on facts_pass@
expression E;
identifier C;
position p, pc;
@@
(
E.cls@p = &C@pc
|
E->cls@p = &C@pc
)

@script:python@
E << device_class_set.E;
C << device_class_set.C;
p << device_class_set.p;
pc << device_class_set.pc;
@@
ff(p).asg.append(syscore_facts.Assignment(norm(E), C, P(p)))
ff(p).cknown.add(key(pc))

// objects of a struct type, for sys_devices embedded in one
@device_in_object depends on facts_pass@
identifier S, X;
position p;
@@
(
struct S X@p = { ... };
|
struct S X@p;
)

@script:python@
S << device_in_object.S;
X << device_in_object.X;
p << device_in_object.p;
@@
ff(p).objs[X] = S

@extern_class depends on facts_pass@
identifier C;
position p;
@@
extern struct sysdev_class C@p;

@script:python@
C << extern_class.C;
p << extern_class.p;
@@
ff(p).externs[C] = P(p)

// calls of the sysdev API and the forms the rewrite rules know
@sysdev_call depends on facts_pass@
identifier fn = {sysdev_register, sysdev_unregister, sysdev_class_register,
		 sysdev_class_unregister, sysdev_driver_register,
		 sysdev_driver_unregister, sysdev_create_file, sysdev_remove_file,
		 sysdev_class_create_file, sysdev_class_remove_file};
expression list es;
position p;
@@
fn@p(es)

@script:python@
fn << sysdev_call.fn;
es << sysdev_call.es;
p << sysdev_call.p;
@@
c = call(p)
c.fn = fn
args, depth, cur = [], 0, ""
for ch in norm(es):
	if ch == "," and depth == 0:
		args.append(cur)
		cur = ""
		continue
	depth += {"(": 1, "[": 1, ")": -1, "]": -1}.get(ch, 0)
	cur += ch
args.append(cur)
c.args = args

@sysdev_call_args depends on facts_pass@
identifier fn = {sysdev_register, sysdev_unregister, sysdev_class_register,
		 sysdev_class_unregister, sysdev_driver_register,
		 sysdev_driver_unregister, sysdev_create_file, sysdev_remove_file,
		 sysdev_class_create_file, sysdev_class_remove_file};
expression list es, es2;
identifier X;
position pa;
@@
fn(es, &X@pa, es2)

@script:python@
p << sysdev_call_args.pa;
@@
ff(p).cknown.add(key(p))

@form_stmt depends on facts_pass@
identifier fn = {sysdev_register, sysdev_unregister, sysdev_class_register,
		 sysdev_class_unregister, sysdev_driver_register,
		 sysdev_driver_unregister};
expression list es;
position p;
@@
fn@p(es);

@script:python@
p << form_stmt.p;
@@
call(p).forms.append("stmt")

@form_return depends on facts_pass@
identifier fn = {sysdev_register, sysdev_class_register, sysdev_driver_register};
expression list es;
position p;
@@
return fn@p(es);

@script:python@
p << form_return.p;
@@
call(p).forms.append("return")

@form_assign depends on facts_pass@
identifier fn = {sysdev_register, sysdev_class_register, sysdev_driver_register};
expression list es;
identifier E;
position p;
@@
E = fn@p(es);

@script:python@
p << form_assign.p;
E << form_assign.E;
@@
c = call(p)
c.forms.append("assign")
c.var = E

@form_decl depends on facts_pass@
identifier fn = {sysdev_register, sysdev_class_register, sysdev_driver_register};
expression list es;
identifier E;
type T;
position p;
@@
T E = fn@p(es);

@script:python@
p << form_decl.p;
E << form_decl.E;
@@
c = call(p)
c.forms.append("decl")
c.var = E

@form_chain depends on facts_pass@
expression list es;
identifier E;
position p;
@@
if (E == 0) E = sysdev_register@p(es);

@script:python@
p << form_chain.p;
E << form_chain.E;
@@
c = call(p)
c.forms.append("chain")
c.var = E

@form_loop depends on facts_pass@
identifier A, i;
expression E;
statement S;
position p;
@@
(
for (i = 0; i < ARRAY_SIZE(A); i++) {
  E = sysdev_register@p(&A[i]);
  if (E) S
}
|
for (i = 0; i < ARRAY_SIZE(A); i++) {
  sysdev_register@p(&A[i]);
}
|
for (i = 0; i < ARRAY_SIZE(A); i++)
  sysdev_register@p(&A[i]);
)

@script:python@
p << form_loop.p;
i << form_loop.i;
@@
c = call(p)
c.forms.append("loop")
c.loopvar = i

// any call in a loop (only the loop over an array above is rewritten)
@form_inloop depends on facts_pass@
identifier fn = {sysdev_register, sysdev_unregister, sysdev_class_register,
		 sysdev_class_unregister, sysdev_driver_register,
		 sysdev_driver_unregister};
expression list es;
position p;
iterator I;
@@
(
for (...;...;...) { <+... fn@p(es) ...+> }
|
for (...;...;...) fn@p(es);
|
while (...) { <+... fn@p(es) ...+> }
|
I(...) { <+... fn@p(es) ...+> }
)

@script:python@
p << form_inloop.p;
@@
call(p).forms.append("inloop")

// the steps after a checked registration whose failure also ends the
// function ("ret = f(...); if (ret...) return/goto", or a loop holding
// one), on every path from it: an ops registered after the class or
// driver goes after the last of them, so a failed init leaves none.
// Where an ops is registered is not reported: report modes skip it.
@form_steps depends on facts_pass && placing forall@
identifier fn = {sysdev_class_register, sysdev_driver_register};
expression list es, es2;
identifier E, G, L;
expression E2;
statement S;
position p, p2;
iterator I;
@@
  E = fn@p(es);
  if (E) S
  ... when any
(
  E2 = G@p2(es2);
  if (<+...E2...+>) \(return ...; \| goto L; \| { ... \(return ...; \| goto L; \) } \)
|
  for (...;...;...) { <+... E2 = G@p2(es2); if (<+...E2...+>) \(return ...; \| goto L; \| { ... \(return ...; \| goto L; \) } \) ...+> }
|
  I(...) { <+... E2 = G@p2(es2); if (<+...E2...+>) \(return ...; \| goto L; \| { ... \(return ...; \| goto L; \) } \) ...+> }
)

@script:python@
p << form_steps.p;
p2 << form_steps.p2;
G << form_steps.G;
es2 << form_steps.es2;
@@
step = [int(p2[0].line), syscore_facts.step_key(G, [es2])]
if step not in call(p).steps:
	call(p).steps.append(step)

// callbacks: their definitions and prototypes (with the signature they
// declare: a suspend takes a pm_message_t)
@proto_suspend depends on facts_pass@
identifier F, dev, st;
type T;
position p;
@@
(
T F@p(struct sys_device *dev, pm_message_t st);
|
T F@p(struct sys_device *, pm_message_t);
)

@script:python@
F << proto_suspend.F;
p << proto_suspend.p;
@@
ff(p).protos[F] = proto(p, "suspend")
CBNAMES.add(F)

@proto_resume depends on facts_pass@
identifier F, dev;
type T;
position p;
@@
(
T F@p(struct sys_device *dev);
|
T F@p(struct sys_device *);
)

@script:python@
F << proto_resume.F;
p << proto_resume.p;
@@
ff(p).protos[F] = proto(p, "resume")
CBNAMES.add(F)

@def_suspend depends on facts_pass@
identifier F : script:python() { iscb(F) };
identifier dev;
identifier st;
position p;
@@
int F@p(struct sys_device *dev, pm_message_t st) { ... }

@script:python@
F << def_suspend.F;
p << def_suspend.p;
@@
fn_(p, F).sig = "suspend"

@def_resume depends on facts_pass@
identifier F : script:python() { iscb(F) };
identifier dev;
position p;
@@
int F@p(struct sys_device *dev) { ... }

@script:python@
F << def_resume.F;
p << def_resume.p;
@@
fn_(p, F).sig = "resume"

@def_callback depends on facts_pass@
identifier F : script:python() { iscb(F) };
position p;
@@
F@p(...) { ... }

@script:python@
F << def_callback.F;
p << def_callback.p;
@@
fn_(p, F)

@def_static_callback depends on facts_pass@
identifier F : script:python() { iscb(F) };
position p;
@@
static F@p(...) { ... }

@script:python@
F << def_static_callback.F;
p << def_static_callback.p;
@@
fn_(p, F).static = True

// what a callback does with its arguments
@uses_dev depends on facts_pass@
identifier F : script:python() { iscb(F) };
identifier dev;
position p;
@@
F(..., struct sys_device *dev, ...) { <+... dev@p ...+> }

@script:python@
F << uses_dev.F;
p << uses_dev.p;
@@
f = fn_(p, F)
if f.dev is None:
	f.dev = P(p)
f.devs.append(key(p))

// the device found with container_of(): maybe the one instance there is
@uses_cont depends on facts_pass@
identifier F : script:python() { iscb(F) };
identifier dev;
type T;
identifier m;
position p;
@@
F(..., struct sys_device *dev, ...) { <+... container_of(dev@p, T, m) ...+> }

@script:python@
F << uses_cont.F;
T << uses_cont.T;
m << uses_cont.m;
p << uses_cont.p;
@@
fn_(p, F).cont.append((key(p), norm(T), m))

// ... or with a macro of the file that expands to container_of()
@uses_macro depends on facts_pass@
identifier F : script:python() { iscb(F) };
identifier dev;
identifier M;
position p;
@@
F(..., struct sys_device *dev, ...) { <+... M(dev@p) ...+> }

@script:python@
F << uses_macro.F;
M << uses_macro.M;
p << uses_macro.p;
@@
fn_(p, F).macros.append((key(p), M))

@resume_is_suspend depends on facts_pass@
identifier F : script:python() { iscb(F) };
identifier dev;
identifier G;
position p;
@@
F(struct sys_device *dev) { ... return G@p(dev, PMSG_ON); }

@script:python@
F << resume_is_suspend.F;
G << resume_is_suspend.G;
p << resume_is_suspend.p;
@@
fn_(p, F).pmsg_on = (G, P(p))

@uses_state depends on facts_pass@
identifier F : script:python() { iscb(F) };
identifier dev;
identifier st;
position p;
@@
F(struct sys_device *dev, pm_message_t st) { <+... st@p ...+> }

@script:python@
F << uses_state.F;
p << uses_state.p;
@@
f = fn_(p, F)
if f.state is None:
	f.state = P(p)

// wrappers of a function with the syscore signature, and a suspend that
// does nothing
@suspend_wraps depends on facts_pass@
identifier F : script:python() { iscb(F) };
identifier G;
identifier dev;
identifier st;
position p;
@@
int F@p(struct sys_device *dev, pm_message_t st)
{
	return G();
}

@script:python@
F << suspend_wraps.F;
G << suspend_wraps.G;
p << suspend_wraps.p;
@@
fn_(p, F).wraps = G

@resume_wraps depends on facts_pass@
identifier F : script:python() { iscb(F) };
identifier G;
identifier dev;
position p;
@@
int F@p(struct sys_device *dev)
{
	G();
	return 0;
}

@script:python@
F << resume_wraps.F;
G << resume_wraps.G;
p << resume_wraps.p;
@@
fn_(p, F).wraps = G

@def_syscore_sig depends on facts_pass@
identifier G;
position p;
@@
(
int G@p(void) { ... }
|
void G@p(void) { ... }
)

@script:python@
G << def_syscore_sig.G;
p << def_syscore_sig.p;
@@
ff(p).voidfn[G] = True

@suspend_nop depends on facts_pass@
identifier F : script:python() { iscb(F) };
identifier dev;
identifier st;
position p;
@@
int F@p(struct sys_device *dev, pm_message_t st)
{
	return 0;
}

@script:python@
F << suspend_nop.F;
p << suspend_nop.p;
@@
fn_(p, F).nop = True

// every other use of a callback name, class name or device name
@name_ref depends on facts_pass@
identifier N : script:python() { iscb(N) or iscls(N) or isdev(N) };
position p;
@@
N@p

@script:python@
N << name_ref.N;
p << name_ref.p;
@@
if iscb(N) and (int(p[0].line), N) not in ff(p).known:
	ff(p).refs.append((N, P(p)))
if iscls(N) or isdev(N):
	ff(p).crefs.append((N, key(p), P(p)))

// context mode: the sysdev classes and drivers that carry PM callbacks
@ctx_cls depends on context && facts_pass@
identifier C;
identifier fld = {suspend, resume, shutdown};
expression E;
@@
* struct sysdev_class C = { ..., .fld = E, ... };

@ctx_drv depends on context && facts_pass@
identifier D;
identifier fld = {suspend, resume, shutdown};
expression E;
@@
* struct sysdev_driver D = { ..., .fld = E, ... };

//----------------------------------------------------------------------
// The plan: every decision, for the reports and the rewrite jobs
//----------------------------------------------------------------------

@finalize:python depends on facts_pass@
@@
class ReportPos:
	"""a Pos of the facts as coccilib's report and org functions take it"""
	def __init__(self, f, pos):
		self.file, self.line, self.column = f, pos.line, pos.col
		self.line_end, self.column_end = pos.line_end, pos.col_end
# the helpers are beside this semantic patch
sys.path.insert(0, os.path.dirname(os.path.abspath(cocci.cocci_file)))
import syscore_model
import syscore_plan
# the files of the run (a file that holds no sysdev fact can still be the
# home of an ops, see "Callbacks of a platform" above): -D files=LIST
runfiles = []
if RUNFILES:
	runfiles = [l.strip() for l in open(RUNFILES[0]) if l.strip()]
reports, plan, wanted = syscore_plan.plan(FILES, [os.path.normpath(f) for f in runfiles])
for f, pos, msg in sorted(reports, key=lambda r: (r[0], r[1].line, r[1].col, r[2])):
	if "report" in MODES:
		coccilib.report.print_report(ReportPos(f, pos), msg)
	elif "org" in MODES:
		coccilib.org.print_todo(ReportPos(f, pos), msg)
if PLANFILE:
	syscore_model.dump_plan(plan, PLANFILE[0])
if WANTED:
	with open(WANTED[0], "w") as out:
		out.write("".join(f + "\n" for f in wanted))


//----------------------------------------------------------------------
// The entry point: spatch --sp-file sysdev_to_syscore_ops.cocci -D MODE
// --dir TREE (or make coccicheck).  The rules above need every file of
// the run before any is rewritten, and the rewrite is five semantic
// patches in a row, so this run only selects the files; its finalize runs
// the facts pass and the rewrite jobs (syscore.sh, beside this file) on
// them in one process each, in a fixed order, and prints the result.
// With --dir, the finalize lists the tree's files itself (the one finder,
// syscore.sh files: spatch without --include-headers reads no header);
// the rules below select among files named one by one, and give spatch
// its grep query.
//----------------------------------------------------------------------

// the files that can hold sysdev code: they include <linux/sysdev.h> (one
// of them can be the home of an ops whose callbacks are a platform's),
// name the sysdev types or call the sysdev (un)register functions.  Each
// rule names its tokens as they are written, so that spatch has a grep
// query and parses no other file (an identifier metavariable's list of
// values gives none: "No grep query", and every file of a tree parsed)
@find_sysdev_include depends on !facts_pass@
position p;
@@
#include <linux/sysdev.h>@p

@script:python@
p << find_sysdev_include.p;
@@
SYSDEV_FILES.add(p[0].file)

@find_sysdev_types depends on !facts_pass@
identifier x;
position p;
@@
(
struct sysdev_class@p x;
|
struct sysdev_driver@p x;
|
struct sys_device@p x;
|
struct sys_device@p *x;
)

@script:python@
p << find_sysdev_types.p;
@@
SYSDEV_FILES.add(p[0].file)

@find_sysdev_calls depends on !facts_pass@
position p;
@@
(
sysdev_register@p(...)
|
sysdev_unregister@p(...)
|
sysdev_class_register@p(...)
|
sysdev_class_unregister@p(...)
|
sysdev_driver_register@p(...)
|
sysdev_driver_unregister@p(...)
)

@script:python@
p << find_sysdev_calls.p;
@@
SYSDEV_FILES.add(p[0].file)

@find_sysdev_callbacks depends on !facts_pass@
identifier f, x;
type T;
position p;
@@
T f@p(..., struct sys_device *x, ...) { ... }

@script:python@
p << find_sysdev_callbacks.p;
@@
SYSDEV_FILES.add(p[0].file)

@find_sysdev_prototypes depends on !facts_pass@
identifier f, x;
type T;
position p;
@@
(
T f@p(..., struct sys_device *x, ...);
|
T f@p(..., struct sys_device *, ...);
)

@script:python@
p << find_sysdev_prototypes.p;
@@
SYSDEV_FILES.add(p[0].file)

@finalize:python depends on !facts_pass@
SYSDEV_FILES << merge.SYSDEV_FILES;
@@
import sys
here = os.path.dirname(os.path.abspath(cocci.cocci_file))
sys.path.insert(0, here)
try:
	import syscore_whole_run
except ImportError as err:
	# spatch does not fail on a Python error: say it, and fail
	sys.stderr.write("sysdev_to_syscore_ops.cocci: %s: its helpers are not "
			 "beside it in %s; copy them with it: cp cocci/api/* %s/\n"
			 % (err, here, here))
	sys.stderr.flush()
	os._exit(1)
files = set()
for found in SYSDEV_FILES:
	files |= set(found)
mode = ("patch" if "patch" in MODES else "report" if "report" in MODES else
	"org" if "org" in MODES else "context" if "context" in MODES else None)
syscore_whole_run.run(mode, sorted(files), cocci.cocci_file, KEEP[0] if KEEP else None)
