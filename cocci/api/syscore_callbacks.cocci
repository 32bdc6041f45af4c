// SPDX-License-Identifier: GPL-2.0-only
/// sysdev -> syscore_ops, job 2 of 6: the callbacks.
/// Run by sysdev_to_syscore_ops.cocci (its syscore.sh); run alone, as make
/// coccicheck runs every file under scripts/coccinelle, it prints nothing.
//#
//# Follows the plan of sysdev_to_syscore_ops.cocci (-D plan=FILE); run by
//# syscore.sh (-D syscore_job).  For every callback of a converted
//# registration:
//#  - a wrapper of a function with the syscore signature ("return g();"
//#    for suspend, "g(); return 0;" for resume/shutdown) goes, and its
//#    uses name g instead;
//#  - a suspend that only returns 0 goes, with its .suspend lines;
//#  - the others lose their struct sys_device * and pm_message_t
//#    arguments; resume and shutdown return void: the final "return X;"
//#    goes (X stays as a statement when it is not a constant or a
//#    variable), every other "return X;" becomes "return;";
//#  - prototypes of the callbacks (headers) get the same signature;
//#  - a callback that found its class's one sys_device, embedded in a
//#    file-scope object, with container_of(dev, type, member) uses the
//#    object itself (or the file-scope pointer to it that only __init
//#    code sets);
//#  - a callback of a driver on cpu_sysdev_class that used its sys_device
//#    only for the CPU's number runs on the boot CPU: "int v = dev->id;"
//#    becomes "int v = smp_processor_id();", else a first local "int cpu
//#    = smp_processor_id();" is added; the other dev->id name it.  It
//#    then acts on the boot CPU only, and its name says so (upstream's
//#    "bp", boot processor: mc_sysdev_resume -> mc_bp_resume): the
//#    definition, its prototype and its uses in the file are renamed,
//#    last, after the rules above have found it by its old name.
//#  - a callback of a class whose instances the file keeps in a list, a
//#    ->next chain or a static array (of objects, or of pointers to the objects its init
//#    allocated, NULL where none was), which found its own with
//#    container_of(), becomes
//#    F_one() on one instance (its container_of() local its parameter,
//#    its "return 0;" gone), and F() walks the collection calling it:
//#    suspend and shutdown in registration order, as the sysdev core
//#    walked a class's devices, resume in the reverse order, as upstream's
//#    conversions of collections did; a list's shutdown holds the mutex the file's
//#    other walkers hold (shutdown runs with interrupts on; suspend and
//#    resume run on one CPU with interrupts off: no lock, none needed);
//#    a chain is walked from its head in every slot, its one order.
//#  - an argument a callback only passed on (its pm_message_t to a
//#    hook, its struct sys_device * to a helper) goes from where it went,
//#    as the plan lists it (the first or the last parameter; the only one
//#    leaves "(void)"): the static functions' definitions (spatch follows
//#    with their prototypes in the file), a hook's function-pointer
//#    member in its struct, the calls of the function or through the
//#    struct's pointers.
//#
//# Alone (without -D syscore_job) its one rule is a gate whose token no
//# file holds: spatch parses no file.
// Confidence: High
// Copyright: (C) 2026 syscore-series.
// Options: --no-includes --include-headers


virtual patch
virtual context
virtual org
virtual report
virtual syscore_job

@gate depends on !syscore_job@
position p;
@@
syscore_job_gate_no_file_calls_this@p();

@script:python depends on gate@
p << gate.p;
@@
pass

@initialize:python@
@@
import os, sys
# the plan's records (syscore_model.py) are beside this file
sys.path.insert(0, os.path.dirname(os.path.abspath(cocci.cocci_file)))
import syscore_model
PLAN = syscore_model.JobPlan()
# (file, function) -> position of its last return statement
FINAL = {}

def real(p):
	"""the file of the plan P is in (spatch may give a copy's name)"""
	return PLAN.file_of(p)

def fplan(p):
	return PLAN.of(p)

def cb(p, F, what):
	c = fplan(p).callbacks.get(F)
	if c is None:
		return False
	if what == "fold":
		return c.fold is not None
	if what == "nop":
		return c.nop
	if what == "suspend":
		return not c.nop and c.fold is None and c.slot == "suspend"
	if what == "void":
		return c.fold is None and c.slot != "suspend"
	return False

def final_return(p):
	"""the last return of the function, at the top level of its body"""
	k = (real(p), p[0].current_element)
	if FINAL.get(k) != (int(p[0].line), int(p[0].column)):
		return False
	with open(p[0].file) as f:
		line = f.read().splitlines()[int(p[0].line) - 1]
	return int(p[0].column) == 1 and line.startswith("\treturn")

def container_of(p, F, pointer=False):
	c = fplan(p).callbacks.get(F)
	if not c or bool(c.pointer) != pointer:
		return None
	return c.container

# the macros that stand for container_of() in the callbacks, all files
MACROS = set()

def cpu_of(p, F):
	c = fplan(p).callbacks.get(F)
	return bool(c and c.cpu)

# (file, function): the callbacks that already have their CPU's local
CPU_LOCAL = set()

def walk(p, F, rule=None):
	c = fplan(p).callbacks.get(F)
	if not c or not c.walk or (rule and c.walk["rule"] != rule):
		return None
	return c.walk

def renamed(p, F):
	c = fplan(p).callbacks.get(F)
	return c.rename if c else None

def dropped(p, at, name, place, struct=None, via=None):
	"""the plan of P's file drops the PLACE parameter AT NAME"""
	return any(d.at == at and d.name == name and d.place() == place and
		   (struct is None or d.struct == struct) and (via is None or via in (d.via or []))
		   for d in fplan(p).drops or [])

def proto(p, F, what):
	s = fplan(p).protos.get(F)
	return s is not None and (s == "suspend") == (what == "suspend")

@script:python depends on syscore_job@
f << virtual.plan;
@@
if not PLAN.files:
	PLAN.load(f)
	for d in PLAN.files.values():
		for c in d.callbacks.values():
			MACROS.update(c.macros or [])

//----------------------------------------------------------------------
// Wrappers are folded, suspends that do nothing go
//----------------------------------------------------------------------

@fold_s depends on syscore_job disable add_signed@
identifier F;
position p : script:python(F) { cb(p, F, "fold") };
identifier dev;
identifier st;
identifier G;
@@
- static int F@p(struct sys_device *dev, pm_message_t st)
- {
-	return G();
- }

@fold_s_use depends on syscore_job@
identifier fold_s.F;
identifier fold_s.G;
@@
(
- &F
+ G
|
- F
+ G
)

@fold_r depends on syscore_job disable add_signed@
identifier F;
position p : script:python(F) { cb(p, F, "fold") };
identifier dev;
identifier G;
@@
- static int F@p(struct sys_device *dev)
- {
-	G();
-	return 0;
- }

@fold_r_use depends on syscore_job@
identifier fold_r.F;
identifier fold_r.G;
@@
(
- &F
+ G
|
- F
+ G
)

@nop_def depends on syscore_job disable add_signed@
identifier F;
position p : script:python(F) { cb(p, F, "nop") };
identifier dev;
identifier st;
@@
- static int F@p(struct sys_device *dev, pm_message_t st)
- {
-	return 0;
- }

@nop_use depends on syscore_job@
identifier nop_def.F;
identifier C;
@@
(
 struct sysdev_class C = {
	...,
-	.suspend = \(F\|&F\),
	...
 };
|
 struct sysdev_driver C = {
	...,
-	.suspend = \(F\|&F\),
	...
 };
)

// the one object the class had a sys_device in, which the callback found
// with container_of() (or a macro of the file that expands to it): the
// object itself ...
@container depends on syscore_job@
identifier F;
position p : script:python(F) { container_of(p, F) is not None };
identifier dev;
type T;
identifier m;
identifier M : script:python() { M in MACROS };
fresh identifier X = script:python(p, F) { container_of(p, F) };
@@
 F@p(..., struct sys_device *dev, ...) {
 <...
(
- container_of(dev, T, m)
+ &X
|
- M(dev)
+ &X
)
 ...>
 }

// ... or the file-scope pointer to it, which only __init code sets
@container_ptr depends on syscore_job@
identifier F;
position p : script:python(F) { container_of(p, F, True) is not None };
identifier dev;
type T;
identifier m;
identifier M : script:python() { M in MACROS };
fresh identifier X = script:python(p, F) { container_of(p, F, True) };
@@
 F@p(..., struct sys_device *dev, ...) {
 <...
(
- container_of(dev, T, m)
+ X
|
- M(dev)
+ X
)
 ...>
 }

// a per-CPU driver's callback that used its sys_device only for the
// CPU's number: it runs on the boot CPU
@cpu_local depends on syscore_job@
identifier F;
position p : script:python(F) { cpu_of(p, F) };
identifier dev, v;
@@
 F@p(..., struct sys_device *dev, ...) {
 <+...
 int v =
-	dev->id
+	smp_processor_id()
 ;
 ...+>
 }

@script:python depends on syscore_job@
F << cpu_local.F;
p << cpu_local.p;
@@
CPU_LOCAL.add((real(p), F))

@cpu_local_uses depends on syscore_job@
identifier cpu_local.F, cpu_local.dev, cpu_local.v;
@@
 F(..., struct sys_device *dev, ...) {
 <...
- dev->id
+ v
 ...>
 }

@cpu_new depends on syscore_job@
identifier F;
position p : script:python(F) { cpu_of(p, F) and (real(p), F) not in CPU_LOCAL };
identifier dev;
@@
 F@p(..., struct sys_device *dev, ...) {
 <...
- dev->id
+ cpu
 ...>
 }

@cpu_new_decl depends on syscore_job@
identifier cpu_new.F;
@@
 F(...) {
+ int cpu = smp_processor_id();
+
 ...
 }

//----------------------------------------------------------------------
// Instances kept in a collection: F_one() acts on one, F() walks them
//----------------------------------------------------------------------

@walk_one depends on syscore_job disable add_signed@
identifier F;
position p : script:python(F) { walk(p, F) is not None };
fresh identifier F1 = script:python(p, F) { walk(p, F)["one"] };
identifier dev, v, m;
type T;
@@
- int F@p(struct sys_device *dev, ...)
+ void F1(T *v)
  {
- T *v = container_of(dev, T, m);
  ...
- return 0;
  }

@walk_list_int_fwd depends on syscore_job@
identifier walk_one.F, walk_one.F1, walk_one.v;
type walk_one.T;
position p : script:python(F) { walk(p, F, "list_int_fwd") is not None };
fresh identifier H = script:python(p, F) { walk(p, F)["head"] };
fresh identifier L = script:python(p, F) { walk(p, F)["link"] };
iterator name list_for_each_entry;
@@
  F1@p(...) { ... }
+
+ static int F(void)
+ {
+	T *v;
+
+	list_for_each_entry(v, &H, L)
+		F1(v);
+	return 0;
+ }

@walk_list_int_rev depends on syscore_job@
identifier walk_one.F, walk_one.F1, walk_one.v;
type walk_one.T;
position p : script:python(F) { walk(p, F, "list_int_rev") is not None };
fresh identifier H = script:python(p, F) { walk(p, F)["head"] };
fresh identifier L = script:python(p, F) { walk(p, F)["link"] };
iterator name list_for_each_entry_reverse;
@@
  F1@p(...) { ... }
+
+ static int F(void)
+ {
+	T *v;
+
+	list_for_each_entry_reverse(v, &H, L)
+		F1(v);
+	return 0;
+ }

@walk_list_void_fwd depends on syscore_job@
identifier walk_one.F, walk_one.F1, walk_one.v;
type walk_one.T;
position p : script:python(F) { walk(p, F, "list_void_fwd") is not None };
fresh identifier H = script:python(p, F) { walk(p, F)["head"] };
fresh identifier L = script:python(p, F) { walk(p, F)["link"] };
iterator name list_for_each_entry;
@@
  F1@p(...) { ... }
+
+ static void F(void)
+ {
+	T *v;
+
+	list_for_each_entry(v, &H, L)
+		F1(v);
+ }

@walk_list_void_rev depends on syscore_job@
identifier walk_one.F, walk_one.F1, walk_one.v;
type walk_one.T;
position p : script:python(F) { walk(p, F, "list_void_rev") is not None };
fresh identifier H = script:python(p, F) { walk(p, F)["head"] };
fresh identifier L = script:python(p, F) { walk(p, F)["link"] };
iterator name list_for_each_entry_reverse;
@@
  F1@p(...) { ... }
+
+ static void F(void)
+ {
+	T *v;
+
+	list_for_each_entry_reverse(v, &H, L)
+		F1(v);
+ }

@walk_list_void_fwd_lock depends on syscore_job@
identifier walk_one.F, walk_one.F1, walk_one.v;
type walk_one.T;
position p : script:python(F) { walk(p, F, "list_void_fwd_lock") is not None };
fresh identifier H = script:python(p, F) { walk(p, F)["head"] };
fresh identifier L = script:python(p, F) { walk(p, F)["link"] };
fresh identifier M = script:python(p, F) { walk(p, F)["lock"] };
iterator name list_for_each_entry;
@@
  F1@p(...) { ... }
+
+ static void F(void)
+ {
+	T *v;
+
+	mutex_lock(&M);
+	list_for_each_entry(v, &H, L)
+		F1(v);
+	mutex_unlock(&M);
+ }

@walk_list_void_rev_lock depends on syscore_job@
identifier walk_one.F, walk_one.F1, walk_one.v;
type walk_one.T;
position p : script:python(F) { walk(p, F, "list_void_rev_lock") is not None };
fresh identifier H = script:python(p, F) { walk(p, F)["head"] };
fresh identifier L = script:python(p, F) { walk(p, F)["link"] };
fresh identifier M = script:python(p, F) { walk(p, F)["lock"] };
iterator name list_for_each_entry_reverse;
@@
  F1@p(...) { ... }
+
+ static void F(void)
+ {
+	T *v;
+
+	mutex_lock(&M);
+	list_for_each_entry_reverse(v, &H, L)
+		F1(v);
+	mutex_unlock(&M);
+ }


@walk_chain_int depends on syscore_job@
identifier walk_one.F, walk_one.F1, walk_one.v;
type walk_one.T;
position p : script:python(F) { walk(p, F, "chain_int") is not None };
fresh identifier H = script:python(p, F) { walk(p, F)["head"] };
fresh identifier L = script:python(p, F) { walk(p, F)["link"] };
@@
  F1@p(...) { ... }
+
+ static int F(void)
+ {
+	T *v;
+
+	for (v = H; v; v = v->L)
+		F1(v);
+	return 0;
+ }

@walk_chain_void depends on syscore_job@
identifier walk_one.F, walk_one.F1, walk_one.v;
type walk_one.T;
position p : script:python(F) { walk(p, F, "chain_void") is not None };
fresh identifier H = script:python(p, F) { walk(p, F)["head"] };
fresh identifier L = script:python(p, F) { walk(p, F)["link"] };
@@
  F1@p(...) { ... }
+
+ static void F(void)
+ {
+	T *v;
+
+	for (v = H; v; v = v->L)
+		F1(v);
+ }

@walk_array_int_fwd depends on syscore_job@
identifier walk_one.F, walk_one.F1;
position p : script:python(F) { walk(p, F, "array_int_fwd") is not None };
fresh identifier A = script:python(p, F) { walk(p, F)["head"] };
fresh identifier N = script:python(p, F) { walk(p, F)["bound"] };
@@
  F1@p(...) { ... }
+
+ static int F(void)
+ {
+	int i;
+
+	for (i = 0; i < N; i++)
+		F1(&A[i]);
+	return 0;
+ }

@walk_array_void_fwd depends on syscore_job@
identifier walk_one.F, walk_one.F1;
position p : script:python(F) { walk(p, F, "array_void_fwd") is not None };
fresh identifier A = script:python(p, F) { walk(p, F)["head"] };
fresh identifier N = script:python(p, F) { walk(p, F)["bound"] };
@@
  F1@p(...) { ... }
+
+ static void F(void)
+ {
+	int i;
+
+	for (i = 0; i < N; i++)
+		F1(&A[i]);
+ }

@walk_array_void_rev depends on syscore_job@
identifier walk_one.F, walk_one.F1;
position p : script:python(F) { walk(p, F, "array_void_rev") is not None };
fresh identifier A = script:python(p, F) { walk(p, F)["head"] };
fresh identifier N = script:python(p, F) { walk(p, F)["bound"] };
@@
  F1@p(...) { ... }
+
+ static void F(void)
+ {
+	int i;
+
+	for (i = N - 1; i >= 0; i--)
+		F1(&A[i]);
+ }

@walk_ptrarray_int_fwd depends on syscore_job@
identifier walk_one.F, walk_one.F1;
position p : script:python(F) { walk(p, F, "ptrarray_int_fwd") is not None };
fresh identifier A = script:python(p, F) { walk(p, F)["head"] };
fresh identifier N = script:python(p, F) { walk(p, F)["bound"] };
@@
  F1@p(...) { ... }
+
+ static int F(void)
+ {
+	int i;
+
+	for (i = 0; i < N; i++)
+		if (A[i])
+			F1(A[i]);
+	return 0;
+ }

@walk_ptrarray_void_fwd depends on syscore_job@
identifier walk_one.F, walk_one.F1;
position p : script:python(F) { walk(p, F, "ptrarray_void_fwd") is not None };
fresh identifier A = script:python(p, F) { walk(p, F)["head"] };
fresh identifier N = script:python(p, F) { walk(p, F)["bound"] };
@@
  F1@p(...) { ... }
+
+ static void F(void)
+ {
+	int i;
+
+	for (i = 0; i < N; i++)
+		if (A[i])
+			F1(A[i]);
+ }

@walk_ptrarray_void_rev depends on syscore_job@
identifier walk_one.F, walk_one.F1;
position p : script:python(F) { walk(p, F, "ptrarray_void_rev") is not None };
fresh identifier A = script:python(p, F) { walk(p, F)["head"] };
fresh identifier N = script:python(p, F) { walk(p, F)["bound"] };
@@
  F1@p(...) { ... }
+
+ static void F(void)
+ {
+	int i;
+
+	for (i = N - 1; i >= 0; i--)
+		if (A[i])
+			F1(A[i]);
+ }

//----------------------------------------------------------------------
// The syscore signatures
//----------------------------------------------------------------------

@sig_s depends on syscore_job disable add_signed@
identifier F;
position p : script:python(F) { cb(p, F, "suspend") };
identifier dev;
identifier st;
@@
 int F@p(
-	struct sys_device *dev, pm_message_t st
+	void
 ) { ... }

@sig_r depends on syscore_job disable add_signed@
identifier F;
position p : script:python(F) { cb(p, F, "void") };
identifier dev;
@@
-int
+void
 F@p(
-	struct sys_device *dev
+	void
 ) { ... }

// the final return goes (a call in it stays as a statement) ...
@ret_final depends on syscore_job@
identifier sig_r.F;
expression E;
position p;
@@
 void F(void) {
 <+...
 return@p E;
 ...+>
 }

@script:python depends on syscore_job@
p << ret_final.p;
@@
k = (real(p), p[0].current_element)
FINAL[k] = max(FINAL.get(k, (0, 0)), (int(p[0].line), int(p[0].column)))

@ret_last depends on syscore_job@
identifier sig_r.F;
expression E;
constant K;
identifier x;
position p : script:python() { final_return(p) };
@@
 void F(void) {
 <...
(
- return@p K;
|
- return@p x;
|
- return@p E;
+ E;
)
 ...>
 }

// ... and any other one becomes "return;"
@ret_early depends on syscore_job@
identifier sig_r.F;
expression E;
@@
 void F(void) {
 <...
- return E;
+ return;
 ...>
 }

//----------------------------------------------------------------------
// Prototypes
//----------------------------------------------------------------------

@proto_s depends on syscore_job@
identifier F;
position p : script:python(F) { proto(p, F, "suspend") };
identifier dev;
identifier st;
type T;
@@
 T F@p(
-	struct sys_device *dev, pm_message_t st
+	void
 );

@proto_s2 depends on syscore_job@
identifier F;
position p : script:python(F) { proto(p, F, "suspend") };
type T;
@@
 T F@p(
-	struct sys_device *, pm_message_t
+	void
 );

@proto_r depends on syscore_job disable add_signed@
identifier F;
position p : script:python(F) { proto(p, F, "resume") };
identifier dev;
@@
- int
+ void
  F@p(
-	struct sys_device *dev
+	void
  );

@proto_r2 depends on syscore_job disable add_signed@
identifier F;
position p : script:python(F) { proto(p, F, "resume") };
@@
- int
+ void
  F@p(
-	struct sys_device *
+	void
  );

//----------------------------------------------------------------------
// An argument a callback only passed on goes from where it went: the
// callee's definitions (spatch changes their prototypes in the file with
// them; the functions are static), a hook's member type, the calls
//----------------------------------------------------------------------

@drop_def_only depends on syscore_job@
identifier F;
position p : script:python(F) { dropped(p, "function", F, "only") };
parameter P;
type T;
@@
 T F@p(
-	P
+	void
 ) { ... }

@drop_def_first depends on syscore_job@
identifier F;
position p : script:python(F) { dropped(p, "function", F, "first") };
parameter P;
type T;
@@
 T F@p(
-	P,
	...) { ... }

@drop_def_last depends on syscore_job@
identifier F;
position p : script:python(F) { dropped(p, "function", F, "last") };
parameter list ps;
parameter P;
type T;
@@
 T F@p(ps
-	, P
 ) { ... }

@drop_member_only depends on syscore_job@
identifier S, m;
position p : script:python(S, m) { dropped(p, "member", m, "only", S) };
parameter P;
type T;
@@
 struct S@p { ...
	T (*m)(
-	P
+	void
	);
	... };

@drop_member_first depends on syscore_job@
identifier S, m;
position p : script:python(S, m) { dropped(p, "member", m, "first", S) };
parameter P;
type T;
@@
 struct S@p { ...
	T (*m)(
-	P,
	...);
	... };

@drop_member_last depends on syscore_job@
identifier S, m;
position p : script:python(S, m) { dropped(p, "member", m, "last", S) };
parameter list ps;
parameter P;
type T;
@@
 struct S@p { ...
	T (*m)(ps
-	, P
	);
	... };

@drop_call_only depends on syscore_job@
identifier F;
position p : script:python(F) { dropped(p, "call", F, "only") };
expression E;
@@
 F@p(
-	E
 )

@drop_call_first depends on syscore_job@
identifier F;
position p : script:python(F) { dropped(p, "call", F, "first") };
expression E;
@@
 F@p(
-	E,
	...)

@drop_call_last depends on syscore_job@
identifier F;
position p : script:python(F) { dropped(p, "call", F, "last") };
expression list es;
expression E;
@@
 F@p(es
-	, E
 )

@drop_member_call_only depends on syscore_job disable ptr_to_array@
identifier X, m;
position p : script:python(X, m) { dropped(p, "member-call", m, "only", via=X) };
expression E;
@@
 X->m@p(
-	E
 )

@drop_member_call_first depends on syscore_job disable ptr_to_array@
identifier X, m;
position p : script:python(X, m) { dropped(p, "member-call", m, "first", via=X) };
expression E;
@@
 X->m@p(
-	E,
	...)

@drop_member_call_last depends on syscore_job disable ptr_to_array@
identifier X, m;
position p : script:python(X, m) { dropped(p, "member-call", m, "last", via=X) };
expression list es;
expression E;
@@
 X->m@p(es
-	, E
 )

//----------------------------------------------------------------------
// A callback that now runs on the boot CPU only says so in its name
//----------------------------------------------------------------------

@bp_def depends on syscore_job@
identifier F;
position p : script:python(F) { renamed(p, F) is not None };
fresh identifier B = script:python(p, F) { renamed(p, F) };
type T;
@@
 T
- F@p
+ B
  (...) { ... }

@bp_proto depends on syscore_job@
identifier bp_def.F, bp_def.B;
type T;
@@
 T
- F
+ B
  (...);

@bp_use depends on syscore_job@
identifier bp_def.F, bp_def.B;
@@
- F
+ B
