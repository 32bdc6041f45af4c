#!/usr/bin/python3
"""lab.py - submit LAVA jobs to a server, wait for them, fetch their logs.

Usage: lab.py URL TOKEN OUTDIR JOB.yaml...
Through LAVA's REST API (api/v0.2, "Authorization: Token TOKEN"): checks
the token first (whoami), submits every job, then polls them all (every
LAVA_POLL s, default 1; one request a round for all of them).  Per job,
in OUTDIR: NAME.id, and when it ended NAME.log (its log, as lavacli
jobs logs --raw) and NAME.status (state, health, and the failure
comment).  NAME is the job file's name without .yaml.  A job no worker
started within LAVA_QUEUE_TIMEOUT s (default 120) is cancelled: "no
worker started job N".  Prints a progress line per state change.
Exits 1 if a job could not be submitted (LAVA's own message), was not
started, or did not finish within its job timeout plus 60 s; 2 if the
server cannot be reached or refuses the token.
"""
import json
import os
import sys
import time
import urllib.error
import urllib.request

import yaml


def die(code, msg):
    print("lava-lab: %s" % msg, file=sys.stderr)
    sys.exit(code)


class Lab:
    def __init__(self, url, token):
        self.url = url.rstrip("/") + "/api/v0.2/"
        self.token = token

    def call(self, path, data=None, raw=False):
        req = urllib.request.Request(self.url + path)
        req.add_header("Authorization", "Token %s" % self.token)
        if data is not None:
            req.add_header("Content-Type", "application/json")
            req.data = json.dumps(data).encode()
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                body = r.read()
        except urllib.error.HTTPError as e:
            body = e.read().decode(errors="replace")
            try:
                msg = json.loads(body)
                msg = msg.get("message") or msg.get("detail") or msg
            except ValueError:
                msg = body.strip().splitlines()[-1] if body.strip() else ""
            raise LabError(e.code, msg)
        except (urllib.error.URLError, OSError) as e:
            die(2, "cannot reach %s: %s" % (self.url, getattr(e, "reason", e)))
        return body if raw else json.loads(body or b"null")


class LabError(Exception):
    def __init__(self, code, msg):
        super().__init__("HTTP %s: %s" % (code, msg))
        self.code, self.msg = code, msg


def lab_states(lab, jids):
    """The state of every job of JIDS, by id: one request."""
    try:
        r = lab.call("jobs/?id__in=%s&limit=%d" % (",".join(str(j) for j in jids), len(jids)))
    except LabError as e:
        die(2, "jobs %s: %s" % (",".join(str(j) for j in jids), e))
    return {s["id"]: s for s in r["results"]}


def main():
    if len(sys.argv) < 5:
        die(2, "usage: lab.py URL TOKEN OUTDIR JOB.yaml...")
    url, token, out = sys.argv[1:4]
    jobs = sys.argv[4:]
    poll = float(os.environ.get("LAVA_POLL", "1"))
    qtmo = float(os.environ.get("LAVA_QUEUE_TIMEOUT", "120"))
    lab = Lab(url, token)
    try:
        who = lab.call("system/whoami/")
    except LabError as e:
        die(2, "%s refused the token: %s" % (url, e))
    if not who or not who.get("user"):
        die(2, "%s does not know the token (whoami: anonymous): check LAVA_TOKEN" % url)
    os.makedirs(out, exist_ok=True)
    rc = 0
    live = {}
    for path in jobs:
        name = os.path.basename(path)[:-5] if path.endswith(".yaml") else os.path.basename(path)
        with open(path) as f:
            text = f.read()
        for ext in (".id", ".log", ".status"):
            if os.path.exists(os.path.join(out, name + ext)):
                os.unlink(os.path.join(out, name + ext))
        try:
            r = lab.call("jobs/", {"definition": text})
        except LabError as e:
            print("lava-lab: %s: LAVA rejected the job: %s" % (name, e.msg), file=sys.stderr)
            with open(os.path.join(out, name + ".status"), "w") as f:
                f.write("rejected\t%s\n" % e.msg)
            rc = 1
            continue
        jid = r["job_ids"][0]
        with open(os.path.join(out, name + ".id"), "w") as f:
            f.write("%s\n" % jid)
        tmo = yaml.safe_load(text)["timeouts"]["job"]
        tmo = tmo.get("seconds", 0) + 60 * tmo.get("minutes", 0) + 3600 * tmo.get("hours", 0)
        live[jid] = {"name": name, "t0": time.time(), "tmo": tmo, "state": None}
        print("lava-lab: %s: submitted as job %s" % (name, jid), file=sys.stderr)
    while live:
        time.sleep(poll)
        states = lab_states(lab, list(live))
        for jid in list(live):
            j = live[jid]
            s = states.get(jid)
            if s is None:
                die(2, "job %s: not in the server's job list" % jid)
            if s["state"] != j["state"]:
                j["state"] = s["state"]
                print("lava-lab: %s: job %s %s after %.0f s" % (j["name"], jid, s["state"].lower(),
                                                               time.time() - j["t0"]), file=sys.stderr)
            now = time.time() - j["t0"]
            why = None
            if s["state"] in ("Submitted",) and now > qtmo:
                why = "no worker started job %s in %.0f s (LAVA_QUEUE_TIMEOUT): is a %s device online on a worker?" % (
                    jid, qtmo, s.get("requested_device_type") or "qemu")
            elif s["state"] != "Finished" and now > j["tmo"] + 60 + qtmo:
                why = "job %s did not finish within its timeout (%d s)" % (jid, j["tmo"])
            if why:
                print("lava-lab: %s: %s; cancelling it" % (j["name"], why), file=sys.stderr)
                try:
                    lab.call("jobs/%s/cancel/" % jid)
                except LabError:
                    pass
                with open(os.path.join(out, j["name"] + ".status"), "w") as f:
                    f.write("timeout\t%s\n" % why)
                rc = 1
                del live[jid]
                continue
            if s["state"] != "Finished":
                continue
            log = lab.call("jobs/%s/logs/" % jid, raw=True)
            tmp = os.path.join(out, j["name"] + ".log.tmp")
            with open(tmp, "wb") as f:
                f.write(log)
            os.rename(tmp, os.path.join(out, j["name"] + ".log"))
            with open(os.path.join(out, j["name"] + ".status"), "w") as f:
                f.write("%s\t%s\t%s\n" % (s["state"], s["health"], (s.get("failure_comment") or "").replace("\n", " ")))
            print("lava-lab: %s: job %s %s in %.1f s from submission" % (j["name"], jid, s["health"].lower(), now),
                  file=sys.stderr)
            del live[jid]
    sys.exit(rc)


if __name__ == "__main__":
    main()
