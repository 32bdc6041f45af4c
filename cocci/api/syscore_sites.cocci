// SPDX-License-Identifier: GPL-2.0-only
/// sysdev -> syscore_ops, job 5 of 6: new ops, other files, tidy-up.
/// Run by sysdev_to_syscore_ops.cocci (its syscore.sh); run alone, as make
/// coccicheck runs every file under scripts/coccinelle, it prints nothing.
//#
//# Follows the plan of sysdev_to_syscore_ops.cocci (-D plan=FILE); run by
//# syscore.sh (-D syscore_job) after the class and driver jobs.
//#  - the struct syscore_ops that are not a converted class or driver:
//#    after the sysdev struct they come from (it stays), or after their last
//#    callback; "static" unless another file registers them;
//#  - where one site registers several ops (an array of sys_devices, a SoC
//#    init that registered a device of a class with several PM drivers),
//#    the registrations after the first, in order;
//#  - extern declarations in headers: "extern struct sysdev_class c;"
//#    becomes "extern struct syscore_ops c_syscore_ops;" (or the ops is
//#    declared after it when the class stays, or after the callbacks'
//#    prototypes);
//#  - the result variable of a registration that is gone ("ret = 0;" left
//#    by the class and driver jobs): checks of it that are now false go,
//#    "ret = 0; if (!ret) x;" becomes "x;", "return ret;" becomes
//#    "return 0;", dead stores and the unused variable go; an init function
//#    "if (cond) return 0; register_syscore_ops(&o); return 0;" registers
//#    under the inverted test; "if (cond) { ...; ret = 0; } return ret;"
//#    with "ret = K" initially returns 0 in the branch and K after it;
//#  - an init function that now only returns 0 goes, with its initcall;
//#    FOO_init_device and FOO_init_sysfs become FOO_init_ops;
//#  - the local pointer to a class's one object, which the callbacks now
//#    use: the file-scope pointer of the plan ("static struct S *x;",
//#    after struct S) replaces it in its __init function; where the init
//#    allocates one object per turn of its loop over i (0 .. N - 1), an
//#    array "static struct S *x[N];" and x[i].
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
import os, re, sys
# the plan's records (syscore_model.py) are beside this file
sys.path.insert(0, os.path.dirname(os.path.abspath(cocci.cocci_file)))
import syscore_model
PLAN = syscore_model.JobPlan()
# the result variables of the registrations that are gone, all files
VARS = set()
# (file, function, label) of the gotos left in the functions changed
GOTOS = set()

def real(p):
	"""the file of the plan P is in (spatch may give a copy's name)"""
	return PLAN.file_of(p)

def fplan(p):
	return PLAN.of(p)

def new_ops(p, where, static):
	"""the ops to define after WHERE (a struct or function name)"""
	for o in fplan(p).ops:
		if where == o.follows() and o.static == static:
			return o
	return None

def ops_field(p, O, n):
	for o in fplan(p).ops:
		if o.name == O and len(o.fields) > n:
			return o.fields[n]
	return None

def next_op(p, O, un, n):
	"""the ops registered right after O in this function, if O is the
	N-th (from 0) of its site"""
	func = p[0].current_element
	for k, c in fplan(p).calls.items():
		if k.split("|")[0] != func or c.do.unregisters != un:
			continue
		names = c.ops_names()
		if O in names and names.index(O) == n and n + 1 < len(names):
			return names[n + 1]
	return None

def not_goto(p, L):
	return (real(p), p[0].current_element, L) not in GOTOS

def any_var(E):
	return E in VARS

def site_func(p):
	return bool(p[0].current_element in [f for f, _ in fplan(p).vars] or \
		p[0].current_element in fplan(p).renames)

def extern(p, C, do):
	for e in fplan(p).externs:
		if e.cls == C and e.do == do:
			return e.ops
	return None

def extern_after_ops(p, O1, depth):
	for e in fplan(p).externs:
		if e.after_ops == O1 and e.depth == depth:
			return e.ops
	return None

def extern_proto(p, F):
	for e in fplan(p).externs:
		if e.proto == F:
			return e.ops
	return None

def initcall(p, I):
	return I in fplan(p).initcalls

def hoist(p, F, v=None):
	"""the plan's entry of the local V (any) of function F that becomes
	a file-scope pointer (OBJ; or OBJ[INDEX] of an array), else None"""
	return next((e for e in fplan(p).embedded or [] if e.local and e.func == F and v in (None, e.local)), None)

def hoist_struct(p, S):
	return [e for e in fplan(p).embedded or [] if e.local and e.struct == S]

def rename(p, I):
	return fplan(p).renames.get(I)

@script:python depends on syscore_job@
f << virtual.plan;
@@
if not PLAN.files:
	PLAN.load(f)
	for d in PLAN.files.values():
		VARS.update(v for _, v in d.vars)

//----------------------------------------------------------------------
// New struct syscore_ops: created with their first field, the others
// appended one by one
//----------------------------------------------------------------------

@new_static_after_struct depends on syscore_job@
identifier S;
type T;
position p : script:python(S) { new_ops(p, S, True) is not None };
fresh identifier O = script:python(p, S) { new_ops(p, S, True).name };
fresh identifier F1 = script:python(p, S) { new_ops(p, S, True).fields[0][0] };
fresh identifier C1 = script:python(p, S) { new_ops(p, S, True).fields[0][1] };
@@
  T S@p = { ... };
+
+ static struct syscore_ops O = {
+	.F1 = C1,
+ };

@new_after_struct depends on syscore_job@
identifier S;
type T;
position p : script:python(S) { new_ops(p, S, False) is not None };
fresh identifier O = script:python(p, S) { new_ops(p, S, False).name };
fresh identifier F1 = script:python(p, S) { new_ops(p, S, False).fields[0][0] };
fresh identifier C1 = script:python(p, S) { new_ops(p, S, False).fields[0][1] };
@@
  T S@p = { ... };
+
+ struct syscore_ops O = {
+	.F1 = C1,
+ };

@new_static_after_func depends on syscore_job@
identifier S;
position p : script:python(S) { new_ops(p, S, True) is not None };
fresh identifier O = script:python(p, S) { new_ops(p, S, True).name };
fresh identifier F1 = script:python(p, S) { new_ops(p, S, True).fields[0][0] };
fresh identifier C1 = script:python(p, S) { new_ops(p, S, True).fields[0][1] };
@@
  S@p(...) { ... }
+
+ static struct syscore_ops O = {
+	.F1 = C1,
+ };

@new_after_func depends on syscore_job@
identifier S;
position p : script:python(S) { new_ops(p, S, False) is not None };
fresh identifier O = script:python(p, S) { new_ops(p, S, False).name };
fresh identifier F1 = script:python(p, S) { new_ops(p, S, False).fields[0][0] };
fresh identifier C1 = script:python(p, S) { new_ops(p, S, False).fields[0][1] };
@@
  S@p(...) { ... }
+
+ struct syscore_ops O = {
+	.F1 = C1,
+ };

@add_field2 depends on syscore_job@
identifier O;
position p : script:python(O) { ops_field(p, O, 1) is not None };
fresh identifier F2 = script:python(p, O) { ops_field(p, O, 1)[0] };
fresh identifier C2 = script:python(p, O) { ops_field(p, O, 1)[1] };
@@
 struct syscore_ops O@p = {
	...,
+	.F2 = C2,
 };

@add_field3 depends on syscore_job@
identifier O;
position p : script:python(O) { ops_field(p, O, 2) is not None };
fresh identifier F3 = script:python(p, O) { ops_field(p, O, 2)[0] };
fresh identifier C3 = script:python(p, O) { ops_field(p, O, 2)[1] };
@@
 struct syscore_ops O@p = {
	...,
+	.F3 = C3,
 };

//----------------------------------------------------------------------
// More registrations at one site, each after the one before: one copy of
// the rule per position in the list, and the planner allows at most
// syscore_model.MAX_SITE_OPS (7) per site.  One generic rule cannot do
// it in Coccinelle 1.1.1: a rule does not match the code it adds, so
// "register_syscore_ops@p(&O); + register_syscore_ops(&N);" with N the
// ops after O appends one registration, not the chain (tried: a, b, c, d
// gives a, b); a statement made in Python (cocci.make_stmt) is one
// statement, so a list comes out in braces.  Iteration (a pass per
// position) would need a spatch run per position.
//----------------------------------------------------------------------

@register_2nd depends on syscore_job@
identifier O;
position p : script:python(O) { next_op(p, O, False, 0) is not None };
fresh identifier N = script:python(p, O) { next_op(p, O, False, 0) };
@@
  register_syscore_ops@p(&O);
+ register_syscore_ops(&N);

@register_3rd depends on syscore_job@
identifier O;
position p : script:python(O) { next_op(p, O, False, 1) is not None };
fresh identifier N = script:python(p, O) { next_op(p, O, False, 1) };
@@
  register_syscore_ops@p(&O);
+ register_syscore_ops(&N);

@register_4th depends on syscore_job@
identifier O;
position p : script:python(O) { next_op(p, O, False, 2) is not None };
fresh identifier N = script:python(p, O) { next_op(p, O, False, 2) };
@@
  register_syscore_ops@p(&O);
+ register_syscore_ops(&N);

@register_5th depends on syscore_job@
identifier O;
position p : script:python(O) { next_op(p, O, False, 3) is not None };
fresh identifier N = script:python(p, O) { next_op(p, O, False, 3) };
@@
  register_syscore_ops@p(&O);
+ register_syscore_ops(&N);

@register_6th depends on syscore_job@
identifier O;
position p : script:python(O) { next_op(p, O, False, 4) is not None };
fresh identifier N = script:python(p, O) { next_op(p, O, False, 4) };
@@
  register_syscore_ops@p(&O);
+ register_syscore_ops(&N);

@register_7th depends on syscore_job@
identifier O;
position p : script:python(O) { next_op(p, O, False, 5) is not None };
fresh identifier N = script:python(p, O) { next_op(p, O, False, 5) };
@@
  register_syscore_ops@p(&O);
+ register_syscore_ops(&N);

@unregister_2nd depends on syscore_job@
identifier O;
position p : script:python(O) { next_op(p, O, True, 0) is not None };
fresh identifier N = script:python(p, O) { next_op(p, O, True, 0) };
@@
+ unregister_syscore_ops(&N);
  unregister_syscore_ops@p(&O);

//----------------------------------------------------------------------
// Declarations in headers
//----------------------------------------------------------------------

@ext_replace depends on syscore_job@
identifier C;
position p : script:python(C) { extern(p, C, "replace") is not None };
fresh identifier O = script:python(p, C) { extern(p, C, "replace") };
@@
- extern struct sysdev_class C@p;
+ extern struct syscore_ops O;

@ext_after depends on syscore_job@
identifier C;
position p : script:python(C) { extern(p, C, "after") is not None };
fresh identifier O = script:python(p, C) { extern(p, C, "after") };
@@
  extern struct sysdev_class C@p;
+ extern struct syscore_ops O;

// a second (third, fourth) ops declared at the same place
@ext_after_ops depends on syscore_job@
identifier O1;
position p : script:python(O1) { extern_after_ops(p, O1, 1) is not None };
fresh identifier O = script:python(p, O1) { extern_after_ops(p, O1, 1) };
@@
  extern struct syscore_ops O1@p;
+ extern struct syscore_ops O;

@ext_after_ops2 depends on syscore_job@
identifier O1;
position p : script:python(O1) { extern_after_ops(p, O1, 2) is not None };
fresh identifier O = script:python(p, O1) { extern_after_ops(p, O1, 2) };
@@
  extern struct syscore_ops O1@p;
+ extern struct syscore_ops O;

@ext_after_ops3 depends on syscore_job@
identifier O1;
position p : script:python(O1) { extern_after_ops(p, O1, 3) is not None };
fresh identifier O = script:python(p, O1) { extern_after_ops(p, O1, 3) };
@@
  extern struct syscore_ops O1@p;
+ extern struct syscore_ops O;

@ext_proto depends on syscore_job@
identifier F;
type T;
position p : script:python(F) { extern_proto(p, F) is not None };
fresh identifier O = script:python(p, F) { extern_proto(p, F) };
@@
  T F@p(...);
+ extern struct syscore_ops O;

//----------------------------------------------------------------------
// The result variable of a registration that is gone.  Only in the
// functions where the class and driver jobs left a "ret = 0;" (a position
// constraint on the function), only for the variables they left there.
//----------------------------------------------------------------------

// checks that are false now ("E != 0" is also "if (E)": isomorphism
// isnt_zero; a third branch "E" beside it costs 3 s of isomorphism
// expansion when spatch reads this file, and matches nothing more) ...
@drop_false_checks depends on syscore_job disable drop_else@
identifier F;
position pf : script:python() { site_func(pf) };
identifier E : script:python() { any_var(E) };
statement S;
type T;
@@
F@pf(...) {
  <...
(
  E = 0;
|
  T E = 0;
)
- if (\(E != 0\|E < 0\)) S
  ...>
}

// ... with an else branch: the else branch is what runs
@drop_false_else depends on syscore_job disable neg_if, ne_if, drop_else@
identifier F;
position pf : script:python() { site_func(pf) };
identifier E : script:python() { any_var(E) };
statement S1, S2;
type T;
@@
F@pf(...) {
  <...
(
  E = 0;
|
  T E = 0;
)
(
- if (\(E != 0\|E < 0\)) S1 else {
  ...
- }
|
- if (\(E != 0\|E < 0\)) S1 else
  S2
)
  ...>
}

// ... and under unlikely() (isnt_zero applies there too)
@drop_false_unlikely depends on syscore_job disable unlikely, drop_else@
identifier F;
position pf : script:python() { site_func(pf) };
identifier E : script:python() { any_var(E) };
statement S;
type T;
@@
F@pf(...) {
  <...
(
  E = 0;
|
  T E = 0;
)
- if (unlikely(\(E != 0\|E < 0\))) S
  ...>
}

// ... and those that are true (their block loses its braces too)
@unwrap_true_checks depends on syscore_job@
identifier F;
position pf : script:python() { site_func(pf) };
identifier E : script:python() { any_var(E) };
statement S;
type T;
@@
F@pf(...) {
  <...
(
  E = 0;
|
  T E = 0;
)
(
- if (E == 0) {
  ...
- }
|
- if (E == 0)
  S
)
  ...>
}

// "ret = 0;" after the registration that stands for the call, once
@move_zero_after_register depends on syscore_job@
identifier F;
position pf : script:python() { site_func(pf) };
identifier E : script:python() { any_var(E) };
@@
F@pf(...) {
  <...
(
- E = 0;
  register_syscore_ops(...);
  E = 0;
|
- E = 0;
  register_syscore_ops(...);
+ E = 0;
)
  ...>
}

// "ret = K; if (c) { ...; ret = 0; } return ret;"
@return_in_branch depends on syscore_job@
identifier F;
position pf : script:python() { site_func(pf) };
identifier E : script:python() { any_var(E) };
type T;
expression G;
constant K;
identifier X;
@@
F@pf(...) {
  ... when any
(
- T E = K;
  ... when != E
  if (G) {
  ...
- E = 0;
+ return 0;
  }
  ... when != E
- return E;
+ return K;
|
- T E = -X;
  ... when != E
  if (G) {
  ...
- E = 0;
+ return 0;
  }
  ... when != E
- return E;
+ return -X;
)
}

// "return ret;" where ret is 0 on every path
@return_zero depends on syscore_job@
identifier F;
position pf : script:python() { site_func(pf) };
identifier E : script:python() { any_var(E) };
type T;
@@
F@pf(...) {
  ... when != E
      when any
(
  E = 0;
|
  T E = 0;
)
  ... when != E
- return E;
+ return 0;
}

// ... also right after it is set, when some paths returned before (an
// early "return -ENOMEM;")
@return_zero_next depends on syscore_job@
identifier E : script:python() { any_var(E) };
position pf : script:python() { site_func(pf) };
@@
  E@pf = 0;
- return E;
+ return 0;

// dead stores: overwritten before any read ...
@drop_dead_stores depends on syscore_job@
identifier F;
position pf : script:python() { site_func(pf) };
identifier E : script:python() { any_var(E) };
expression X;
@@
F@pf(...) {
  ... when any
- E = 0;
  ... when != E
  E = X;
  ... when any
}

// ... or never read again
@drop_dead_last_stores depends on syscore_job@
identifier F;
position pf : script:python() { site_func(pf) };
identifier E : script:python() { any_var(E) };
@@
F@pf(...) {
  ... when any
- E = 0;
  ... when != E
}

// ... or only overwritten with 0 again, in a loop, or never read after
@drop_dead_loop_stores depends on syscore_job@
identifier E : script:python() { any_var(E) };
position pf : script:python() { site_func(pf) };
@@
- E@pf = 0;
  ... when != E
(
  E = 0;
|
  return ...;
)

// the variable itself
@drop_result_var depends on syscore_job@
identifier F;
position pf : script:python() { site_func(pf) };
identifier E : script:python() { any_var(E) };
type T;
constant K;
identifier X;
@@
F@pf(...) {
  ... when any
(
- T E;
|
- T E = K;
|
- T E = -X;
|
- T E = X;
)
  ... when != E
}

//----------------------------------------------------------------------
// The init function: inverted test, branches, nothing left
//----------------------------------------------------------------------

// "if (c) return 0; register_syscore_ops(&o); return 0;"
@register_under_inverted_test depends on syscore_job@
identifier F;
position pf : script:python() { site_func(pf) };
identifier O;
expression E, E1, E2;
@@
F@pf(...) {
  <...
(
  if (
-     !E
+     E
     )
-	return 0;
+	register_syscore_ops(&O);
- register_syscore_ops(&O);
  return 0;
|
  if (
-     E1 != E2
+     E1 == E2
     )
-	return 0;
+	register_syscore_ops(&O);
- register_syscore_ops(&O);
  return 0;
|
  if (
-     E1 == E2
+     E1 != E2
     )
-	return 0;
+	register_syscore_ops(&O);
- register_syscore_ops(&O);
  return 0;
|
  if (
-     E1 || E2
+     !E1 && !E2
     )
-	return 0;
+	register_syscore_ops(&O);
- register_syscore_ops(&O);
  return 0;
|
  if (
-     E
+     !E
     )
-	return 0;
+	register_syscore_ops(&O);
- register_syscore_ops(&O);
  return 0;
)
  ...>
}

// "if (c) { register_syscore_ops(&o); return 0; } return 0;"
@register_in_branch depends on syscore_job@
identifier F;
position pf : script:python() { site_func(pf) };
expression G;
identifier O;
@@
F@pf(...) {
  <...
- if (G) {
-	register_syscore_ops(&O);
-	return 0;
- }
+ if (G)
+	register_syscore_ops(&O);
  return 0;
  ...>
}

// labels whose gotos went with the error checks of the registrations
@gotos_left depends on syscore_job@
identifier L;
position p : script:python() { site_func(p) };
@@
goto L@p;

@script:python depends on syscore_job@
L << gotos_left.L;
p << gotos_left.p;
@@
GOTOS.add((real(p), p[0].current_element, L))

@unused_label depends on syscore_job@
identifier L;
position p : script:python(L) { site_func(p) and not_goto(p, L) };
statement S;
@@
- L@p:
  S

// an init function that only registered the class or the driver
@drop_empty_init depends on syscore_job@
identifier I;
position p : script:python(I) { initcall(p, I) };
type T;
expression G;
@@
(
- T I@p(void) { return 0; }
|
- T I@p(void) { if (G) return 0; return 0; }
)

@depends on syscore_job && (drop_empty_init)@
identifier drop_empty_init.I;
declarer ic;
@@
- ic(I);

@rename_init depends on syscore_job@
identifier I;
position p : script:python(I) { rename(p, I) is not None };
fresh identifier I2 = script:python(p, I) { rename(p, I) };
@@
- I@p
+ I2
  (...) { ... }

@depends on syscore_job && (rename_init)@
identifier rename_init.I, rename_init.I2;
@@
- I
+ I2

//----------------------------------------------------------------------
// A local pointer to the class's one object becomes a file-scope pointer
//----------------------------------------------------------------------

@hoist_local depends on syscore_job@
identifier v, S;
position p : script:python(v) { hoist(p, p[0].current_element, v) is not None };
@@
- struct S *v@p;

@hoist_use depends on syscore_job@
identifier hoist_local.v;
identifier F;
position q : script:python(F) { hoist(q, F) is not None and hoist(q, F).index is None };
fresh identifier X = script:python(q, F) { hoist(q, F).obj };
@@
 F@q(...) {
 <...
- v
+ X
 ...>
 }

// ... or an element of a file-scope array of pointers, one per turn of
// the init's loop
@hoist_use_index depends on syscore_job@
identifier hoist_local.v;
identifier F;
position q : script:python(F) { hoist(q, F) is not None and hoist(q, F).index is not None };
fresh identifier X = script:python(q, F) { hoist(q, F).obj };
fresh identifier I = script:python(q, F) { hoist(q, F).index };
@@
 F@q(...) {
 <...
- v
+ X[I]
 ...>
 }

@hoist_global depends on syscore_job@
identifier S;
position p : script:python(S) { len(hoist_struct(p, S)) == 1 and hoist_struct(p, S)[0].bound is None };
fresh identifier X = script:python(p, S) { hoist_struct(p, S)[0].obj };
@@
 struct S@p { ... };
+
+ static struct S *X;

@hoist_global_array depends on syscore_job@
identifier S;
position p : script:python(S) { len(hoist_struct(p, S)) == 1 and hoist_struct(p, S)[0].bound is not None };
fresh identifier X = script:python(p, S) { hoist_struct(p, S)[0].obj };
fresh identifier N = script:python(p, S) { hoist_struct(p, S)[0].bound };
@@
 struct S@p { ... };
+
+ static struct S *X[N];
