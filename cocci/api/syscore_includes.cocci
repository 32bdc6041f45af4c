// SPDX-License-Identifier: GPL-2.0-only
/// sysdev -> syscore_ops, job 6 of 6: includes.
/// Run by sysdev_to_syscore_ops.cocci (its syscore.sh); run alone, as make
/// coccicheck runs every file under scripts/coccinelle, it prints nothing.
//#
//# On the files the plan of sysdev_to_syscore_ops.cocci (-D plan=FILE)
//# changes:
//#  - a file that uses struct syscore_ops or (un)register_syscore_ops()
//#    and does not include <linux/syscore_ops.h> gets it: in place of
//#    <linux/sysdev.h> when nothing of sysdev is left, else after it, else
//#    after the last <linux/...> include (a header without any #include,
//#    which only declares an ops extern, needs none);
//#  - <linux/sysdev.h> goes where nothing of sysdev is left and
//#    <linux/syscore_ops.h> is there (not from a file that held no sysdev
//#    code and only gets an ops: it included it for its headers);
//#  - <linux/sysdev.h> goes from a file whose only sysdev code was the
//#    arguments of callbacks the plan converts (a platform's callbacks
//#    defined apart from their ops, as upstream's plat-s3c24xx/irq-pm.c);
//# (A file that would have to include the header declaring an ops it
//# registers is reported by sysdev_to_syscore_ops.cocci instead: an
//# #include cannot take a metavariable.)
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

def fplan(p):
	return PLAN.files.get(os.path.normpath(p[0].file))

def line(p):
	with open(p[0].file) as f:
		return f.read().splitlines()[int(p[0].line) - 1]

def last_include(p, kind):
	"""p is the last #include <linux/...> (kind "linux") or the last
	#include of the file (kind "any")"""
	if fplan(p) is None:
		return False
	with open(p[0].file) as f:
		lines = f.read().splitlines()
	pat = r"\s*#\s*include\s*<linux/" if kind == "linux" else r"\s*#\s*include\b"
	last = max([i + 1 for i, l in enumerate(lines) if re.match(pat, l)] + [0])
	return int(p[0].line) == last

@script:python depends on syscore_job@
f << virtual.plan;
@@
if not PLAN.files:
	PLAN.load(f)

// the file uses syscore_ops (and is one the plan changes)
@uses_call depends on syscore_job@
position p : script:python() { fplan(p) is not None };
@@
\(register_syscore_ops@p\|unregister_syscore_ops@p\)(...)

@uses_def depends on syscore_job@
identifier O;
position p : script:python() { fplan(p) is not None };
@@
struct syscore_ops O@p = { ... };

@uses_decl depends on syscore_job@
identifier O;
position p : script:python() { fplan(p) is not None };
@@
extern struct syscore_ops O@p;

@script:python inplan depends on syscore_job && (uses_call || uses_def || uses_decl)@
@@
pass

@has_sc depends on syscore_job && (inplan)@
@@
#include <linux/syscore_ops.h>

@has_sysdev depends on syscore_job && (inplan)@
@@
#include <linux/sysdev.h>

// a file of the plan's callbacks that does not use syscore_ops
@cb_only depends on syscore_job && (!inplan)@
position p : script:python() { fplan(p) is not None and bool(fplan(p).callbacks) };
@@
#include <linux/sysdev.h>@p

// what is left of sysdev
@still_type depends on syscore_job && (inplan || cb_only)@
@@
(
 struct sysdev_class
|
 struct sysdev_driver
|
 struct sys_device
|
 struct sysdev_attribute
|
 struct sysdev_class_attribute
)

@still_call depends on syscore_job && (inplan || cb_only)@
identifier fn =~ "^sysdev_";
@@
 fn(...)

// a file that held no sysdev code and only gets an ops (the home of a
// platform's callbacks) included <linux/sysdev.h> for its headers: kept
@still_kept depends on syscore_job && (inplan)@
identifier O;
position p : script:python() { bool(fplan(p).keep_sysdev) };
@@
struct syscore_ops O@p = { ... };

@script:python still depends on syscore_job && (still_type || still_call || still_kept)@
@@
pass

@depends on syscore_job && (inplan && !has_sc && has_sysdev && !still)@
@@
- #include <linux/sysdev.h>
+ #include <linux/syscore_ops.h>

@depends on syscore_job && (inplan && !has_sc && has_sysdev && still)@
@@
  #include <linux/sysdev.h>
+ #include <linux/syscore_ops.h>

@linux_inc depends on syscore_job && (inplan && !has_sc && !has_sysdev)@
position p : script:python() { last_include(p, "linux") };
@@
#include <linux/...>@p

@depends on syscore_job && (linux_inc)@
position linux_inc.p;
@@
  #include <linux/...>@p
+ #include <linux/syscore_ops.h>

@any_inc depends on syscore_job && (inplan && !has_sc && !has_sysdev && !linux_inc)@
position p : script:python() { last_include(p, "any") };
@@
\(#include <...>@p\|#include "..."@p\)

@depends on syscore_job && (any_inc)@
position any_inc.p;
@@
(
  #include <...>@p
+ #include <linux/syscore_ops.h>
|
  #include "..."@p
+ #include <linux/syscore_ops.h>
)

@depends on syscore_job && (inplan && has_sc && has_sysdev && !still)@
@@
- #include <linux/sysdev.h>

@depends on syscore_job && (cb_only && !still)@
@@
- #include <linux/sysdev.h>
