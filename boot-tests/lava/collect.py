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
from dataclasses import dataclass, field

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


@dataclass
class Run:
    """one QEMU run of the job, as its log tells it"""
    name: str
    lines: list = field(default_factory=list)   # the serial console
    started: bool = False
    t0: object = None                           # when its boot began
    t1: object = None                           # when its monitor ended
    monitored: bool = False                     # its monitor reported
    monitor: str = None                         # the monitor's result
    why: str = ""                               # the monitor's failure

    def rc(self):
        """0: the run's last line came; 124: it did not in time (or the
        job was cut short); 1: QEMU ended without it"""
        if self.monitor == "pass":
            return 0
        if "timed out" in self.why or not self.monitored:
            return 124
        return 1

    def seconds(self):
        if self.t0 and self.t1:
            return (self.t1 - self.t0).total_seconds()
        return 0.0


@dataclass
class JobLog:
    """what collect.py keeps of a job's log"""
    runs: list                                   # Run, in the job's order
    lava: list = field(default_factory=list)     # LAVA's own results
    end: list = field(default_factory=list)      # the job's verdict, errors


class Reader:
    """walks the log's records: the top-level actions are deploy, boot,
    test per run: run k boots at level 3k+2, its monitor is 3k+3"""

    def __init__(self, job, names):
        self.ends = end_patterns(job)
        self.log = JobLog([Run(n) for n in names])
        self.cur = self.ended = None

    def run_at(self, level):
        """the run and the step (0 deploy, 1 boot, 2 test) of a level"""
        k, step = divmod(int(level) - 1, 3)
        return (self.log.runs[k] if k < len(self.log.runs) else None), step

    def on_start(self, r, msg):
        level = msg.split()[1]
        top = level.split(".")[0]
        if not top.isdigit():
            return
        run, step = self.run_at(top)
        self.cur = run if run and step > 0 else None
        if self.cur and step == 1 and "." not in level:
            self.cur.t0 = when(r)
            self.cur.started = True
            self.ended = None

    def on_feedback(self, msg):
        # The line the monitor's end pattern matched: LAVA logs it as
        # "feedback" (read after the monitor stopped) when it came in the
        # same read as the match, as "target" otherwise.
        if self.ended and end_line(self.ends.get(self.ended.name), msg, self.ended.lines):
            self.ended.lines.append(str(msg))

    def on_result(self, r, msg):
        self.log.lava.append(msg)
        top = str(msg.get("level", "")).split(".")[0]
        if msg.get("definition") != "lava":
            return
        if msg.get("case") == "lava-test-monitor" and top.isdigit():
            run, step = self.run_at(top)
            if run and step == 2:
                self.ended = run
                run.monitored = True
                run.monitor = msg.get("result")
                run.why = str((msg.get("extra") or {}).get("fail", ""))
                run.t1 = when(r)
        if msg.get("case") == "job":
            self.log.end.append("job %s" % msg.get("result"))
            for key in ("error_type", "error_msg"):
                if msg.get(key):
                    self.log.end.append("%s: %s" % (key, msg[key]))

    def read(self, path):
        for r in records(path):
            lvl, msg = r["lvl"], r.get("msg")
            if lvl == "info" and isinstance(msg, str) and msg.startswith("start: "):
                self.on_start(r, msg)
            elif lvl == "target" and self.cur:
                # the firmware's terminal escapes (SeaBIOS clears the
                # screen) are not in a -nodefaults run's log
                self.cur.lines.append(ESC.sub("", str(msg)))
            elif lvl == "feedback":
                self.on_feedback(msg)
            elif lvl == "results" and isinstance(msg, dict):
                self.on_result(r, msg)
            elif lvl == "error":
                self.log.end.append("error: %s" % msg)
        return self.log


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def write_meta(tmp, job):
    """the run's context, as boot-test.sh's meta had it (mode.sh's
    mode_meta: arch, commit, ..., wake, hibernate_core)"""
    md = job.get("metadata", {})
    lines = ["%s=%s\n" % (k[8:], v) for k, v in md.items()
             if k.startswith("syscore.") and k[8:] not in ("mode", "runs", "pauses")]
    lines.append("boots=%s\n" % md["syscore.mode"])
    lines.append("lava_job=%s\n" % job.get("job_name", ""))
    write(os.path.join(tmp, "meta"), "".join(lines))


def write_run(tmp, run):
    write(os.path.join(tmp, run.name + ".log"), "\n".join(run.lines) + "\n")
    write(os.path.join(tmp, run.name + ".rc"), "%d\n" % run.rc())
    write(os.path.join(tmp, run.name + ".seconds"), "%.1f\n" % run.seconds())


def write_lava(tmp, log):
    write(os.path.join(tmp, "lava.tsv"),
          "".join("%s\t%s\t%s\t%s\n" % (m.get("definition"), m.get("case"),
                                        m.get("result"), m.get("level", ""))
                  for m in log.lava))
    write(os.path.join(tmp, "lava-job.txt"), "\n".join(log.end) + "\n")


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit("usage: collect.py JOB.yaml LOG RESULTS_DIR [WAKE]")
    job_path, log_path, res = sys.argv[1:4]
    wake = sys.argv[4] if len(sys.argv) > 4 else None
    with open(job_path) as f:
        job = yaml.safe_load(f)
    tmp = res + ".tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    write_meta(tmp, job)
    log = Reader(job, job.get("metadata", {})["syscore.runs"].split()).read(log_path)
    for run in log.runs:
        if run.started:
            write_run(tmp, run)
    first = log.runs[0]
    if wake and os.path.exists(wake) and first.started:
        shutil.copy(wake, os.path.join(tmp, first.name + ".log.wake"))
    write_lava(tmp, log)
    shutil.rmtree(res, ignore_errors=True)
    os.rename(tmp, res)


if __name__ == "__main__":
    main()
