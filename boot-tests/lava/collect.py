#!/usr/bin/python3
"""collect.py - a LAVA job's log -> boot-test.sh's results dir.

Usage: collect.py JOB.yaml LOG RESULTS_DIR [WAKE]
LOG is the job's log as LAVA keeps it: lava-run's stdout, or the
server's (lavacli jobs logs --raw), one {dt, lvl, msg} record a line.
Writes, as boot-test.sh does: meta (from the job's syscore.* metadata),
and per run NAME.log (the serial lines, "lvl": "target"), NAME.rc (0:
LAVA's monitor saw the line that ends a run, 124: it timed out, 1: QEMU
ended before it; absent: the run never started) and NAME.seconds; and lava.tsv: LAVA's own
results (definition, case, result, level), lava-job.txt: the job's
end (LAVA's verdict and its error, if any).  check-boot.sh judges the
dir.  WAKE (qmp-wake's report on the job's QEMU, lib.sh lava_qmp_watch)
becomes the first run's NAME.log.wake, as run-qemu.sh leaves it.
Writes into RESULTS_DIR.tmp and renames it when complete.
"""
import datetime
import os
import re
import shutil
import sys

import yaml


# SeaBIOS's reset + clear screen; a server's log has lost the ESC bytes
ESC = re.compile(r"\x1b?c\x1b?\[\?7l\x1b?\[2J|\x1b(\[[0-9;?]*[A-Za-z]|c)")


def records(path):
    with open(path, errors="replace") as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            if line.startswith("- "):
                line = line[2:]
            try:
                r = yaml.safe_load(line)
            except yaml.YAMLError:
                continue
            if isinstance(r, list) and r:
                r = r[0]
            if isinstance(r, dict) and "lvl" in r:
                yield r


def when(r):
    try:
        return datetime.datetime.fromisoformat(str(r.get("dt", "")).rstrip("Z"))
    except ValueError:
        return None


def end_patterns(job):
    """Each run's monitor end pattern, by monitor name (= run name)."""
    ends = {}
    for action in job.get("actions", []):
        for mon in (action.get("test") or {}).get("monitors", []):
            ends[mon["name"]] = re.compile(mon["end"])
    return ends


def end_line(pattern, msg, log):
    """msg is the run's end line, not yet in its serial log."""
    return (pattern is not None and isinstance(msg, str) and
            pattern.search(msg) is not None and msg not in log[-3:])


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit("usage: collect.py JOB.yaml LOG RESULTS_DIR [WAKE]")
    job_path, log_path, res = sys.argv[1:4]
    wake = sys.argv[4] if len(sys.argv) > 4 else None
    with open(job_path) as f:
        job = yaml.safe_load(f)
    md = job.get("metadata", {})
    runs = md["syscore.runs"].split()
    tmp = res + ".tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    with open(os.path.join(tmp, "meta"), "w") as f:
        # the run's context, as boot-test.sh's meta had it (mode.sh's
        # mode_meta: arch, commit, ..., wake, hibernate_core)
        for k, v in md.items():
            if k.startswith("syscore.") and k[8:] not in ("mode", "runs", "pauses"):
                f.write("%s=%s\n" % (k[8:], v))
        f.write("boots=%s\n" % md["syscore.mode"])
        f.write("lava_job=%s\n" % job.get("job_name", ""))

    # The top-level actions are deploy, boot, test per run: run k boots
    # at level 3k+2, its monitor is 3k+3.
    ends = end_patterns(job)
    cur = ended = None
    logs = {r: [] for r in runs}
    t0, t1, started, mon, why = {}, {}, set(), {}, {}
    lava, end = [], []
    for r in records(log_path):
        lvl, msg = r["lvl"], r.get("msg")
        if lvl == "info" and isinstance(msg, str) and msg.startswith("start: "):
            top = msg.split()[1].split(".")[0]
            if top.isdigit():
                k, step = divmod(int(top) - 1, 3)
                cur = runs[k] if k < len(runs) and step > 0 else None
                if cur and step == 1 and "." not in msg.split()[1]:
                    t0[cur] = when(r)
                    started.add(cur)
                    ended = None
        elif lvl == "target" and cur:
            # the firmware's terminal escapes (SeaBIOS clears the screen)
            # are not in a -nodefaults run's log
            logs[cur].append(ESC.sub("", str(msg)))
        elif lvl == "feedback" and ended and end_line(ends.get(ended), msg, logs[ended]):
            # The line the monitor's end pattern matched: LAVA logs it as
            # "feedback" (read after the monitor stopped) when it came in
            # the same read as the match, as "target" otherwise.
            logs[ended].append(str(msg))
        elif lvl == "results" and isinstance(msg, dict):
            lava.append(msg)
            lev = str(msg.get("level", ""))
            top = lev.split(".")[0]
            if msg.get("definition") == "lava" and msg.get("case") == "lava-test-monitor" and top.isdigit():
                k, step = divmod(int(top) - 1, 3)
                if k < len(runs) and step == 2:
                    ended = runs[k]
                    mon[runs[k]] = msg.get("result")
                    why[runs[k]] = str((msg.get("extra") or {}).get("fail", ""))
                    t1[runs[k]] = when(r)
            if msg.get("definition") == "lava" and msg.get("case") == "job":
                end.append("job %s" % msg.get("result"))
                for key in ("error_type", "error_msg"):
                    if msg.get(key):
                        end.append("%s: %s" % (key, msg[key]))
        elif lvl == "error":
            end.append("error: %s" % msg)
    for name in runs:
        if name not in started:
            continue
        with open(os.path.join(tmp, name + ".log"), "w") as f:
            f.write("\n".join(logs[name]) + "\n")
        with open(os.path.join(tmp, name + ".rc"), "w") as f:
            # 0: the run's last line came; 124: it did not in time (or
            # the job was cut short); 1: QEMU ended without it
            if mon.get(name) == "pass":
                f.write("0\n")
            elif "timed out" in why.get(name, "") or name not in mon:
                f.write("124\n")
            else:
                f.write("1\n")
        sec = 0.0
        if t0.get(name) and t1.get(name):
            sec = (t1[name] - t0[name]).total_seconds()
        with open(os.path.join(tmp, name + ".seconds"), "w") as f:
            f.write("%.1f\n" % sec)
    if wake and os.path.exists(wake) and runs[0] in started:
        shutil.copy(wake, os.path.join(tmp, runs[0] + ".log.wake"))
    with open(os.path.join(tmp, "lava.tsv"), "w") as f:
        for m in lava:
            f.write("%s\t%s\t%s\t%s\n" % (m.get("definition"), m.get("case"),
                                          m.get("result"), m.get("level", "")))
    with open(os.path.join(tmp, "lava-job.txt"), "w") as f:
        f.write("\n".join(end) + "\n")
    shutil.rmtree(res, ignore_errors=True)
    os.rename(tmp, res)


if __name__ == "__main__":
    main()
