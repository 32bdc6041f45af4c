#!/usr/bin/python3
"""jobgen.py - one LAVA job from what a boot mode boots (boots.sh's lines).

Usage: boots.sh ARCH MODE | jobgen.py --name NAME --kernel-url URL
           --initrd-url URL --disk-url URL [--extra-option OPT]... > job.yaml
       jobgen.py --validate JOB.yaml...

Each QEMU run of the mode becomes deploy (to tmpfs: the kernel with the
run's command line, the initramfs, and the scratch disks the run names,
deployed once, by the first run that names them) + boot (qemu) + test (a
monitor named after the run: from the kernel's first line to the line
that ends the run).  The runs' names and the mode's context go to the
job's metadata (syscore.*): collect.py rebuilds boot-test.sh's results
dir from them and LAVA's log.  --validate checks jobs with lava_common's
strict schema; the first error is printed with the job's name, and the
status is 1.
"""
import argparse
import sys

import yaml

# what ends any run: the kernel's last line on power-off, reboot, halt
# or panic (the checks decide whether it was the right one)
END = r"(reboot: (Power down|Restarting system|System halted)|Kernel panic - not syncing)"
# The machine is the arch's (lib/common.sh's arch_set, printed
# by boots.sh); the device type's own options add the rest.


def context(machine):
    """The job's context for the arch's QEMU: LAVA's arch is the suffix of
    qemu-system-ARCH; the cpu and the NIC model only when the arch has one."""
    ctx = {"arch": machine["qemu"][len("qemu-system-"):], "machine": machine["machine"]}
    if machine.get("cpu"):
        ctx["cpu"] = machine["cpu"]
    if machine.get("nic"):
        ctx["model"] = machine["nic"]
    return ctx


def generate(args, lines):
    meta, machine, runs, disks = {}, {}, [], {}
    for line in lines:
        f = line.rstrip("\n").split("\t")
        if f[0] == "meta":
            meta[f[1]] = f[2]
        elif f[0] == "machine":
            machine[f[1]] = f[2]
        elif f[0] == "disk":
            disks.setdefault(f[1], int(f[2]))
        elif f[0] == "run":
            runs.append({"name": f[1], "timeout": int(f[2]), "cmdline": f[3],
                         "args": f[4] if len(f) > 4 else ""})
        elif f[0] == "pause":
            if runs:
                runs[-1]["pause"] = int(f[1])
    if not runs:
        sys.exit("jobgen: no runs on stdin (boots.sh printed none)")
    if "qemu" not in machine:
        sys.exit("jobgen: no machine lines on stdin (boots.sh printed none)")
    ctx = context(machine)
    ctx["no_kvm"] = True
    ctx["memory"] = int(args.memory)
    ctx["extra_options"] = ["-smp %s" % meta.get("smp", "2"), "-no-reboot"] + args.extra_option
    actions, deployed = [], set()
    for r in runs:
        images = {
            "kernel": {"url": args.kernel_url,
                       "image_arg": "-kernel {kernel} -append \"%s\"" % r["cmdline"]},
            "initrd": {"url": args.initrd_url, "image_arg": "-initrd {initrd}"},
        }
        extra = r["args"]
        for d in sorted(disks):
            label = d.replace(".", "_")
            extra = extra.replace("{%s}" % d, "{%s}" % label)
            if "{%s}" % label in extra and d not in deployed:
                images[label] = {"url": "%s/%s.gz" % (args.disk_url, d),
                                 "compression": "gz", "image_arg": ""}
                deployed.add(d)
        # the run's own QEMU arguments ride on the first image that is
        # new to this deploy (LAVA adds every image's image_arg)
        images["initrd"]["image_arg"] += (" " + extra) if extra else ""
        actions.append({"deploy": {"to": "tmpfs", "images": images,
                                   "timeout": {"minutes": 2}}})
        actions.append({"boot": {"method": "qemu", "media": "tmpfs",
                                 "timeout": {"seconds": r["timeout"]}}})
        actions.append({"test": {"timeout": {"seconds": r["timeout"]},
                                 "monitors": [{"name": r["name"], "start": "Linux version",
                                               "end": END,
                                               "pattern": r"^ST: (?P<test_case_id>[a-z_]+)_result=(?P<result>pass|fail)$"}]}})
    total = sum(r["timeout"] + 120 for r in runs)
    job = {
        "device_type": "qemu",
        "job_name": args.name,
        "timeouts": {"job": {"seconds": total}, "action": {"seconds": 120},
                     "connection": {"seconds": max(r["timeout"] for r in runs)}},
        "priority": "medium",
        "visibility": "public",
        "context": ctx,
        "metadata": dict({"syscore.%s" % k: v for k, v in meta.items()},
                         **{"syscore.mode": args.mode,
                            "syscore.runs": " ".join(r["name"] for r in runs),
                            "syscore.pauses": " ".join(str(r.get("pause", 0)) for r in runs)}),
        "actions": actions,
    }
    return job


def validate(paths):
    from lava_common.schemas import validate as lava_validate
    bad = 0
    for p in paths:
        try:
            with open(p) as f:
                lava_validate(yaml.safe_load(f), strict=True)
        except Exception as exc:  # voluptuous.Invalid and YAML errors
            print("%s: %s" % (p, exc))
            bad = 1
    return bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--validate", nargs="+")
    ap.add_argument("--name")
    ap.add_argument("--mode")
    ap.add_argument("--kernel-url")
    ap.add_argument("--initrd-url")
    ap.add_argument("--disk-url", default="")
    ap.add_argument("--memory", default="256")
    ap.add_argument("--extra-option", action="append", default=[])
    args = ap.parse_args()
    if args.validate:
        sys.exit(validate(args.validate))
    for a in ("name", "mode", "kernel_url", "initrd_url"):
        if not getattr(args, a):
            sys.exit("jobgen: --%s is required" % a.replace("_", "-"))
    yaml.safe_dump(generate(args, sys.stdin), sys.stdout, sort_keys=False, width=1000)


if __name__ == "__main__":
    main()
