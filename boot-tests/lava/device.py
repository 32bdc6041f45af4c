#!/usr/bin/python3
"""device.py - the device dictionary of a QEMU device, for a job.

Usage: device.py JOB.yaml [HOSTNAME] > device.yaml
       device.py --dict > HOSTNAME.jinja2
Renders lava-server's qemu device-type template with the job's context
(as the server does when it schedules the job), for lava-run.  --dict
prints the device dictionary a server keeps for one of our devices.
"""
import sys

import jinja2
import yaml

TEMPLATES = "/usr/share/lava-server/device-types"
# The device dictionary of our QEMU devices: the device-type template,
# nothing overridden (the job's context says the rest).
DICT = "{% extends 'qemu.jinja2' %}\n"


def main():
    if sys.argv[1:2] == ["--dict"]:
        sys.stdout.write(DICT)
        return
    if len(sys.argv) < 2:
        sys.exit("usage: device.py JOB.yaml [HOSTNAME] | --dict")
    with open(sys.argv[1]) as f:
        job = yaml.safe_load(f)
    env = jinja2.Environment(loader=jinja2.FileSystemLoader([TEMPLATES]),
                             autoescape=False, trim_blocks=True)
    ctx = dict(job.get("context", {}))
    ctx["hostname"] = sys.argv[2] if len(sys.argv) > 2 else "syscore-qemu"
    out = env.from_string(DICT).render(**ctx)
    dev = yaml.safe_load(out)
    dev.setdefault("hostname", ctx["hostname"])
    yaml.safe_dump(dev, sys.stdout, sort_keys=False, width=1000)


if __name__ == "__main__":
    main()
