// SPDX-License-Identifier: GPL-2.0-only
/// Convert legacy sysdev suspend/resume/shutdown registrations to
/// struct syscore_ops, as the 2.6.39 series did (commit 40dc166cb5dd and
/// the conversions that followed it).
///
/// Shape 1: a struct sysdev_class with some of .suspend/.resume/.shutdown,
/// exactly one static struct sys_device of that class and an init
/// function that does sysdev_class_register() and then sysdev_register()
/// (the usual "if (!error)" chain).  The class becomes a struct
/// syscore_ops, the sys_device goes away and the init function calls
/// register_syscore_ops() and returns 0.
///
/// Shape 2: a struct sysdev_driver registered on cpu_sysdev_class with
/// sysdev_driver_register().  If it only has PM callbacks it becomes a
/// struct syscore_ops registered with register_syscore_ops().  If it also
/// has .add/.remove, the driver is kept for those and the PM callbacks
/// move to a new struct syscore_ops, registered right after the driver.
///
/// Callbacks lose their struct sys_device * and pm_message_t parameters;
/// resume and shutdown become void: a final "return 0;" is dropped, an
/// early one becomes "return;".  A callback that only wraps a function of
/// this file with the syscore signature ("return f();" for suspend,
/// "f(); return 0;" for resume/shutdown) is folded: the ops point at f.
/// A suspend callback that only does "return 0;" is dropped.
///
/// Renames (as upstream):
///   FOO_sysclass, FOO_sysdev_class, FOO_sysdev_driver -> FOO_syscore_ops
///   FOO_init_device, FOO_init_sysfs                   -> FOO_init_ops
///   (other names, e.g. init_lapic_sysfs, are kept)
/// <linux/sysdev.h> becomes <linux/syscore_ops.h> once nothing of the
/// sysdev API is left in the file (it is only dropped if <linux/syscore_ops.h>
/// is already there, and kept next to it if the file still needs it).
///
/// Everything a mechanical rewrite would get wrong is reported and the
/// whole file is left untouched: a callback that uses its dev or state
/// argument, a callback that is not static, not defined in the file or is
/// referenced outside the ops, several (or run-time set up) sys_device
/// instances of one class, class or device attributes, a resume or
/// shutdown that returns something other than 0, an unregister path, a
/// registration that is not in the usual shape, a sysdev_driver on a
/// class other than cpu_sysdev_class.  (A veto covers the whole file: a
/// file with one problem is reported and not rewritten at all.)  The file
/// that implements the sysdev API (defines sysdev_class_register()) is
/// skipped.
///
// Confidence: High
// Copyright: (C) 2026 syscore-series.
// Options: --no-includes --include-headers
// Keywords: sysdev, syscore_ops

virtual patch
virtual context
virtual org
virtual report

@initialize:python@
@@
import re

# file -> [(position, reason)]: a file with an entry is not rewritten.
bad = {}
# (file, name) of classes/drivers seen, with their position, for reports
devs_seen = {}
impl_files = set()
ok = set()
fold = set()
pmf = {}
hasadd = set()
rets = {}
early = set()
printed = set()

NOMATCH = "__sysdev_to_syscore_no_match__"

def veto(p, why):
	l = bad.setdefault(p[0].file, [])
	if (p[0].line, why) not in [(q[0].line, w) for q, w in l]:
		l.append((p, why))

def vetoed(p):
	return p[0].file in bad or p[0].file in impl_files

def rename_ops(name):
	for suf in ("_sysdev_class", "_sysdev_driver", "_sysclass"):
		if name.endswith(suf):
			return name[:-len(suf)] + "_syscore_ops"
	return name + "_syscore_ops"

def rename_init(name):
	for suf in ("_init_device", "_init_sysfs"):
		if name.endswith(suf):
			return name[:-len(suf)] + "_init_ops"
	return name

//----------------------------------------------------------------------
// What is there: classes, drivers, their callbacks
//----------------------------------------------------------------------

// the file implementing the sysdev API itself (drivers/base/sys.c) is
// neither reported nor rewritten
@impl@
position p;
@@
int sysdev_class_register@p(...) { ... }

@script:python@
p << impl.p;
@@
impl_files.add(p[0].file)

@cls@
identifier C;
position pc;
@@
struct sysdev_class C@pc = { ... };

@drv@
identifier Drv;
position pd;
@@
struct sysdev_driver Drv@pd = { ... };

@cb@
identifier C, F;
identifier fld = {suspend, resume, shutdown};
position p;
@@
(
struct sysdev_class C = { ..., .fld = F@p, ... };
|
struct sysdev_driver C = { ..., .fld = F@p, ... };
)

@cbr@
identifier C, F;
identifier fld = {resume, shutdown};
position p;
@@
(
struct sysdev_class C = { ..., .fld = F@p, ... };
|
struct sysdev_driver C = { ..., .fld = F@p, ... };
)

@cbs@
identifier C, F;
position p;
@@
(
struct sysdev_class C = { ..., .suspend = F@p, ... };
|
struct sysdev_driver C = { ..., .suspend = F@p, ... };
)

//----------------------------------------------------------------------
// What a mechanical rewrite gets wrong: record it (file-wide veto)
//----------------------------------------------------------------------

// the callback must be a static function of this file with the sysdev
// signature of its slot
@sig_s@
identifier cbs.F, dev, st;
position p;
@@
static int F@p(struct sys_device *dev, pm_message_t st) { ... }

@script:python@
F << cbs.F;
p << sig_s.p;
@@
ok.add((p[0].file, "sig", F))

@sig_r@
identifier cbr.F, dev;
position p;
@@
static int F@p(struct sys_device *dev) { ... }

@script:python@
F << cbr.F;
p << sig_r.p;
@@
ok.add((p[0].file, "sig", F))

@script:python@
F << cb.F;
p << cb.p;
@@
if (p[0].file, "sig", F) not in ok:
	veto(p, "callback %s() is not a static function of this file with the sysdev signature of its slot" % F)

// a callback that uses its struct sys_device * or pm_message_t argument
@b_arg@
identifier cb.F, dev;
position p;
@@
F(..., struct sys_device *dev, ...) { <+... dev@p ...+> }

@script:python@
F << cb.F;
dev << b_arg.dev;
p << b_arg.p;
@@
veto(p, "callback %s() uses its struct sys_device *%s argument" % (F, dev))

@b_state@
identifier cb.F, dev, st;
position p;
@@
F(struct sys_device *dev, pm_message_t st) { <+... st@p ...+> }

@script:python@
F << cb.F;
st << b_state.st;
p << b_state.p;
@@
veto(p, "callback %s() uses its pm_message_t %s argument" % (F, st))

// a callback that is called or referenced outside its ops
@b_use@
identifier cb.F;
position p;
expression list es;
@@
(
 F@p(es)
|
 &F@p
)

@script:python@
F << cb.F;
p << b_use.p;
@@
veto(p, "callback %s() is also used outside its ops (its signature would change)" % F)

// a resume/shutdown that returns something other than 0
@b_ret@
identifier cbr.F;
expression E;
position p;
@@
F(...) {
  <...
(
  return 0;
|
  return@p E;
)
  ...>
}

@script:python@
F << cbr.F;
p << b_ret.p;
@@
veto(p, "%s() returns a value other than 0, but a syscore resume/shutdown returns void" % F)

// a final "return 0;" is dropped and an early "if (...) return 0;" becomes
// "return;"; any other "return 0;" (e.g. inside a block) is not rewritten
@ret_all depends on cbr@
position p;
@@
return@p 0;

@ret_early depends on cbr@
expression E;
position p;
@@
if (E) return@p 0;

@script:python@
p << ret_all.p;
@@
rets.setdefault((p[0].file, p[0].current_element), []).append(p)

@script:python@
p << ret_early.p;
@@
early.add((p[0].file, p[0].line, p[0].column))

@script:python@
F << cbr.F;
p << cbr.p;
@@
l = rets.get((p[0].file, F), [])
late = [q for q in l if (q[0].file, q[0].line, q[0].column) not in early]
last = max([int(q[0].line) for q in l] + [0])
for q in late:
	if int(q[0].line) != last:
		veto(q, "%s(): a \"return 0;\" that is neither the last statement nor a direct \"if (...) return 0;\"" % F)

// a callback that only calls a function of this file that already has the
// syscore signature ("return g();" for suspend, "g(); return 0;" for
// resume/shutdown) is folded: the ops point at g.  Otherwise such a
// callback is converted like any other.
@wrap_s@
identifier cbs.F, G, dev, st;
@@
static int F(struct sys_device *dev, pm_message_t st)
{
	return G();
}

@wrap_s_ok@
identifier wrap_s.G;
position p;
@@
int G@p(void) { ... }

@script:python@
G << wrap_s.G;
p << wrap_s_ok.p;
@@
ok.add((p[0].file, "int(void)", G))

@script:python@
F << cbs.F;
G << wrap_s.G;
p << cbs.p;
@@
if (p[0].file, "int(void)", G) in ok:
	fold.add((p[0].file, F))

@wrap_r@
identifier cbr.F, G, dev;
@@
static int F(struct sys_device *dev)
{
	G();
	return 0;
}

@wrap_r_ok@
identifier wrap_r.G;
position p;
@@
void G@p(void) { ... }

@script:python@
G << wrap_r.G;
p << wrap_r_ok.p;
@@
ok.add((p[0].file, "void(void)", G))

@script:python@
F << cbr.F;
G << wrap_r.G;
p << cbr.p;
@@
if (p[0].file, "void(void)", G) in ok:
	fold.add((p[0].file, F))

// devices of a class: exactly one static sys_device
@sdev@
identifier cls.C, D;
position p;
@@
struct sys_device D@p = { ..., .cls = &C, ... };

@script:python@
C << cls.C;
D << sdev.D;
p << sdev.p;
@@
l = devs_seen.setdefault((p[0].file, C), [])
if D not in l:
	l.append(D)
if len(l) > 1:
	veto(p, "several sys_device instances of class %s (%s)" % (C, ", ".join(l)))

@b_dyn@
identifier cls.C;
expression E;
position p;
@@
(
E.cls@p = &C
|
E->cls@p = &C
)

@script:python@
C << cls.C;
p << b_dyn.p;
@@
veto(p, "a sys_device of class %s is set up at run time (several instances?)" % C)

@script:python@
C << cls.C;
p << cls.pc;
@@
if (p[0].file, C) not in devs_seen:
	veto(p, "class %s has no static sys_device of its own" % C)

// attributes
@b_attr@
identifier C;
expression E;
position p;
@@
struct sysdev_class C = { ..., .attrs@p = E, ... };

@script:python@
C << b_attr.C;
p << b_attr.p;
@@
veto(p, "class %s has attributes" % C)

@b_attr2@
expression list es;
identifier fn = {sysdev_class_create_file, sysdev_create_file,
		 sysdev_class_remove_file, sysdev_remove_file};
position p;
@@
fn@p(es)

@script:python@
fn << b_attr2.fn;
p << b_attr2.p;
@@
veto(p, "%s(): sysfs attributes of a class or device" % fn)

// unregister paths
@b_unreg@
expression list es;
identifier fn = {sysdev_class_unregister, sysdev_unregister,
		 sysdev_driver_unregister};
position p;
@@
fn@p(es)

@script:python@
fn << b_unreg.fn;
p << b_unreg.p;
@@
veto(p, "%s(): unregister path; needs unregister_syscore_ops() in the matching place" % fn)

//----------------------------------------------------------------------
// The registrations must be in the usual shapes
//----------------------------------------------------------------------

// shape 1: init function I
@reg1@
identifier cls.C, sdev.D, I, error;
position p;
@@
I(...) {
  ... when != error
(
  int error = sysdev_class_register@p(&C);
  if (!error)
	error = sysdev_register(&D);
  ... when != error
|
  int error;
  ... when != error
  error = sysdev_class_register@p(&C);
  if (!error)
	error = sysdev_register(&D);
  ... when != error
)
  return error;
}

@b_reg1@
expression list es;
position p != reg1.p;
@@
sysdev_class_register@p(es)

@script:python@
p << b_reg1.p;
@@
veto(p, "sysdev_class_register() not in the usual sysdev_class_register()/sysdev_register() shape")

@reg1d@
identifier sdev.D, error;
position p;
@@
error = sysdev_register@p(&D);

@b_reg1d@
expression list es;
position p != reg1d.p;
@@
sysdev_register@p(es)

@script:python@
p << b_reg1d.p;
@@
veto(p, "sysdev_register() not in the usual sysdev_class_register()/sysdev_register() shape")

// shape 2: sysdev_driver_register(&cpu_sysdev_class, &drv); as a statement
@reg2@
identifier drv.Drv;
position p;
@@
sysdev_driver_register@p(&cpu_sysdev_class, &Drv);

@b_reg2@
expression list es;
position p != reg2.p;
@@
sysdev_driver_register@p(es)

@script:python@
p << b_reg2.p;
@@
veto(p, "sysdev_driver_register() not a plain statement registering a driver of this file on cpu_sysdev_class")

@script:python@
Drv << drv.Drv;
p << reg2.p;
@@
ok.add((p[0].file, "reg", Drv))

@script:python@
Drv << drv.Drv;
p << drv.pd;
@@
if (p[0].file, "reg", Drv) not in ok:
	veto(p, "sysdev_driver %s is not registered in this file" % Drv)

// a driver without PM callbacks has nothing to convert
@drv_pm@
identifier drv.Drv, F;
identifier fld = {suspend, resume, shutdown};
position p;
@@
struct sysdev_driver Drv = { ..., .fld = F@p, ... };

@script:python@
Drv << drv.Drv;
fld << drv_pm.fld;
F << drv_pm.F;
p << drv_pm.p;
@@
ok.add((p[0].file, "pm", Drv))
pmf.setdefault((p[0].file, Drv), {})[fld] = F

// .add/.remove: the driver stays, its PM callbacks move to a new ops
@drv_add@
identifier drv.Drv, F;
identifier fld = {add, remove};
position p;
@@
struct sysdev_driver Drv = { ..., .fld = F@p, ... };

@script:python@
Drv << drv.Drv;
p << drv_add.p;
@@
k = (p[0].file, Drv)
if k not in hasadd:
	hasadd.add(k)
	if sorted(pmf.get(k, {})) not in (["resume", "suspend"], ["resume"],
					   ["suspend"],
					   ["resume", "shutdown", "suspend"]):
		veto(p, "sysdev_driver %s: .add/.remove with PM callbacks %s; only suspend+resume, resume, suspend or all three are split off" % (Drv, "+".join(sorted(pmf.get(k, {})))))

@script:python@
Drv << drv.Drv;
p << drv.pd;
@@
if (p[0].file, "pm", Drv) not in ok:
	veto(p, "sysdev_driver %s has no PM callbacks; nothing for syscore_ops" % Drv)

//----------------------------------------------------------------------
// Reports
//----------------------------------------------------------------------

@script:python depends on report@
C << cls.C;
p << cls.pc;
@@
if not vetoed(p):
	coccilib.report.print_report(p[0], "sysdev class %s can be converted to struct syscore_ops %s" % (C, rename_ops(C)))

@script:python depends on report@
Drv << drv.Drv;
p << drv.pd;
@@
if not vetoed(p):
	coccilib.report.print_report(p[0], "sysdev_driver %s: move its PM callbacks to struct syscore_ops %s" % (Drv, rename_ops(Drv)))

@script:python depends on org@
C << cls.C;
p << cls.pc;
@@
if not vetoed(p):
	coccilib.org.print_todo(p[0], "sysdev class %s can be converted to struct syscore_ops %s" % (C, rename_ops(C)))

@script:python depends on org@
Drv << drv.Drv;
p << drv.pd;
@@
if not vetoed(p):
	coccilib.org.print_todo(p[0], "sysdev_driver %s: move its PM callbacks to struct syscore_ops %s" % (Drv, rename_ops(Drv)))

@ctx_cls depends on context@
identifier C;
@@
* struct sysdev_class C = { ... };

@ctx_drv depends on context@
identifier Drv;
@@
* struct sysdev_driver Drv = { ... };

@ctx_reg depends on context@
expression list es;
identifier fn = {sysdev_class_register, sysdev_register,
		 sysdev_driver_register, sysdev_class_unregister,
		 sysdev_unregister, sysdev_driver_unregister,
		 sysdev_class_create_file, sysdev_create_file};
@@
* fn(es)

// reasons, once per file
@script:python depends on report && (cls || drv || b_attr2 || b_unreg || b_reg1 || b_reg1d || b_reg2)@
@@
for f in sorted(bad):
	if f in printed or f in impl_files:
		continue
	printed.add(f)
	for p, why in bad[f]:
		coccilib.report.print_report(p[0], "not converted: " + why)

@script:python depends on org && (cls || drv || b_attr2 || b_unreg || b_reg1 || b_reg1d || b_reg2)@
@@
for f in sorted(bad):
	if f in printed or f in impl_files:
		continue
	printed.add(f)
	for p, why in bad[f]:
		coccilib.org.print_todo(p[0], "not converted: " + why)

//----------------------------------------------------------------------
// Patch mode: only files without any veto
//----------------------------------------------------------------------

@script:python gate_c depends on patch@
C << cls.C;
p << cls.pc;
C2;
O;
@@
if vetoed(p):
	cocci.include_match(False)
else:
	coccinelle.C2 = cocci.make_ident(C)
	coccinelle.O = cocci.make_ident(rename_ops(C))

@script:python gate_d depends on patch@
Drv << drv.Drv;
p << drv.pd;
Drv2;
O;
@@
if vetoed(p):
	cocci.include_match(False)
else:
	coccinelle.Drv2 = cocci.make_ident(Drv)
	coccinelle.O = cocci.make_ident(rename_ops(Drv))

@script:python gate_f depends on patch@
F << cb.F;
p << cb.p;
F2;
FW;
@@
if vetoed(p):
	cocci.include_match(False)
else:
	coccinelle.F2 = cocci.make_ident(F)
	coccinelle.FW = cocci.make_ident(F if (p[0].file, F) in fold else NOMATCH)

// fold wrappers
@fold_s depends on patch@
identifier gate_f.FW;
identifier wrap_s.G;
identifier dev, st;
@@
- static int FW(struct sys_device *dev, pm_message_t st)
- {
-	return G();
- }

@script:python fold_s_n@
F << gate_f.FW;
G << wrap_s.G;
d << fold_s.dev;
F3;
G3;
@@
coccinelle.F3 = cocci.make_ident(F)
coccinelle.G3 = cocci.make_ident(G)

@depends on patch@
identifier fold_s_n.F3, fold_s_n.G3;
@@
- F3
+ G3

@fold_r depends on patch@
identifier gate_f.FW;
identifier wrap_r.G;
identifier dev;
@@
- static int FW(struct sys_device *dev)
- {
-	G();
-	return 0;
- }

@script:python fold_r_n@
F << gate_f.FW;
G << wrap_r.G;
d << fold_r.dev;
F3;
G3;
@@
coccinelle.F3 = cocci.make_ident(F)
coccinelle.G3 = cocci.make_ident(G)

@depends on patch@
identifier fold_r_n.F3, fold_r_n.G3;
@@
- F3
+ G3

// drop a suspend that does nothing
@nop_s depends on patch@
identifier gate_f.F2, dev, st;
@@
- static int F2(struct sys_device *dev, pm_message_t st)
- {
-	return 0;
- }

@script:python nop_s_n@
F << gate_f.F2;
d << nop_s.dev;
F3;
@@
coccinelle.F3 = cocci.make_ident(F)

@depends on patch@
identifier nop_s_n.F3, C;
@@
(
 struct sysdev_class C = {
	...,
-	.suspend = F3,
	...
 };
|
 struct sysdev_driver C = {
	...,
-	.suspend = F3,
	...
 };
)

// callback signatures
@depends on patch@
identifier gate_f.F2, dev, st;
@@
 static int F2(
-	struct sys_device *dev, pm_message_t st
+	void
 ) { ... }

@cbr_void depends on patch@
identifier gate_f.F2, dev;
@@
 static
-int
+void
 F2(
-	struct sys_device *dev
+	void
 ) { ... }

@script:python cbr_void_n@
F << gate_f.F2;
d << cbr_void.dev;
F3;
@@
coccinelle.F3 = cocci.make_ident(F)

@depends on patch@
identifier cbr_void_n.F3;
expression E;
@@
 void F3(void) {
 <...
 if (E)
-	return 0;
+	return;
 ...>
 }

@depends on patch@
identifier cbr_void_n.F3;
@@
 void F3(void) {
 ...
- return 0;
 }

// shape 1: the device and the registration
@rm_dev depends on patch@
identifier gate_c.C2, D;
@@
- static struct sys_device D = { ..., .cls = &C2, ... };

@init1 depends on patch@
identifier gate_c.C2, rm_dev.D, I, error;
expression E1, E2;
@@
I(...) {
  ...
(
- int error = sysdev_class_register(&C2);
- if (!error)
-	error = sysdev_register(&D);
+ register_syscore_ops(&C2);
  ...
|
- int error;
  ...
(
  if (
-     E1 != E2
+     E1 == E2
     )
-	return 0;
+	register_syscore_ops(&C2);
- error = sysdev_class_register(&C2);
- if (!error)
-	error = sysdev_register(&D);
|
  if (
-     !E1
+     E1
     )
-	return 0;
+	register_syscore_ops(&C2);
- error = sysdev_class_register(&C2);
- if (!error)
-	error = sysdev_register(&D);
|
- error = sysdev_class_register(&C2);
- if (!error)
-	error = sysdev_register(&D);
+ register_syscore_ops(&C2);
)
  ...
)
- return error;
+ return 0;
}

@depends on patch@
identifier gate_c.C2;
expression N;
@@
 static
-struct sysdev_class
+struct syscore_ops
 C2 = {
-	.name = N,
	...
 };

// shape 2: drivers with PM callbacks only
@script:python pm_only@
Drv << gate_d.Drv2;
p << drv.pd;
Drv3;
@@
# no include_match(False) here: it would drop the environment for the
# rules below too; a name that cannot match does the filtering
if (p[0].file, Drv) in hasadd:
	coccinelle.Drv3 = cocci.make_ident(NOMATCH)
else:
	coccinelle.Drv3 = cocci.make_ident(Drv)

@depends on patch@
identifier pm_only.Drv3;
@@
 static
-struct sysdev_driver
+struct syscore_ops
 Drv3 = { ... };

@depends on patch@
identifier pm_only.Drv3;
@@
- sysdev_driver_register(&cpu_sysdev_class, &Drv3);
+ register_syscore_ops(&Drv3);

@script:python pm_only_n@
Drv << pm_only.Drv3;
O << gate_d.O;
Drv4;
O4;
@@
coccinelle.Drv4 = cocci.make_ident(Drv)
coccinelle.O4 = cocci.make_ident(O)

@depends on patch@
identifier pm_only_n.Drv4, pm_only_n.O4;
@@
(
 struct syscore_ops
- Drv4
+ O4
  = { ... };
|
- Drv4
+ O4
)

// shape 2 with .add/.remove: keep the driver, move the PM callbacks
@script:python split_n@
Drv << gate_d.Drv2;
O << gate_d.O;
p << drv.pd;
Drv3;
O3;
S;
R;
SD;
DSR;
DR;
DS;
DSRSD;
@@
k = (p[0].file, Drv)
f = pmf.get(k, {})
kind = "_".join(sorted(f))
split = k in hasadd
def pick(want):
	return cocci.make_ident(Drv if split and kind == want else NOMATCH)
coccinelle.Drv3 = cocci.make_ident(Drv if split else NOMATCH)
coccinelle.O3 = cocci.make_ident(O)
coccinelle.S = cocci.make_ident(f.get("suspend", NOMATCH))
coccinelle.R = cocci.make_ident(f.get("resume", NOMATCH))
coccinelle.SD = cocci.make_ident(f.get("shutdown", NOMATCH))
coccinelle.DSR = pick("resume_suspend")
coccinelle.DR = pick("resume")
coccinelle.DS = pick("suspend")
coccinelle.DSRSD = pick("resume_shutdown_suspend")

@depends on patch@
identifier split_n.DSR, split_n.O3, split_n.S, split_n.R;
@@
 static struct sysdev_driver DSR = {
	...
 };
+
+static struct syscore_ops O3 = {
+	.suspend	= S,
+	.resume		= R,
+};

@depends on patch@
identifier split_n.DR, split_n.O3, split_n.R;
@@
 static struct sysdev_driver DR = {
	...
 };
+
+static struct syscore_ops O3 = {
+	.resume		= R,
+};

@depends on patch@
identifier split_n.DS, split_n.O3, split_n.S;
@@
 static struct sysdev_driver DS = {
	...
 };
+
+static struct syscore_ops O3 = {
+	.suspend	= S,
+};

@depends on patch@
identifier split_n.DSRSD, split_n.O3, split_n.S, split_n.R, split_n.SD;
@@
 static struct sysdev_driver DSRSD = {
	...
 };
+
+static struct syscore_ops O3 = {
+	.suspend	= S,
+	.resume		= R,
+	.shutdown	= SD,
+};

@depends on patch@
identifier split_n.Drv3;
identifier fld = {suspend, resume, shutdown};
identifier F;
@@
 static struct sysdev_driver Drv3 = {
	...,
-	.fld = F,
	...
 };

@depends on patch@
identifier split_n.Drv3, split_n.O3;
@@
  sysdev_driver_register(&cpu_sysdev_class, &Drv3);
+ register_syscore_ops(&O3);

// renames of the ops
@depends on patch@
identifier gate_c.C2, gate_c.O;
@@
(
 struct syscore_ops
- C2
+ O
  = { ... };
|
- C2
+ O
)


// init function renames (last: the script drops unrenamed matches)
@script:python ren_init@
I << init1.I;
I2;
I3;
@@
n = rename_init(I)
coccinelle.I3 = cocci.make_ident(I if n != I else NOMATCH)
coccinelle.I2 = cocci.make_ident(n)

@depends on patch@
identifier ren_init.I3, ren_init.I2;
@@
- I3
+ I2
  (...) { ... }

@depends on patch@
identifier ren_init.I3, ren_init.I2;
@@
- I3
+ I2

//----------------------------------------------------------------------
// Includes
//----------------------------------------------------------------------

@converted depends on patch && (gate_c || gate_d)@
@@
register_syscore_ops(...)

@still depends on patch && (converted)@
@@
(
 struct sysdev_class
|
 struct sysdev_driver
|
 struct sys_device
)

@has_sc depends on patch && (converted)@
@@
#include <linux/syscore_ops.h>

@depends on converted && !still && !has_sc@
@@
- #include <linux/sysdev.h>
+ #include <linux/syscore_ops.h>

@depends on converted && !still && has_sc@
@@
- #include <linux/sysdev.h>

@depends on converted && still && !has_sc@
@@
  #include <linux/sysdev.h>
+ #include <linux/syscore_ops.h>
