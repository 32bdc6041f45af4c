#!/usr/bin/python3
"""scheduler.py - lava-server's scheduler, looking for work every second.

Usage: scheduler.py [lava-scheduler options]
"lava-server manage lava-scheduler" wakes on the publisher's events, or
every 20 s (its INTERVAL) without them; this instance runs no publisher,
so the same command runs here with INTERVAL = LAVA_SCHED_INTERVAL
(default 1 s).  Its workers' ping timeout stays LAVA's (60 s).
"""
import importlib
import os
import sys

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "lava_server.settings.prod")
import django  # noqa: E402

django.setup()
from django.core.management import call_command  # noqa: E402

mod = importlib.import_module("lava_server.management.commands.lava-scheduler")
mod.INTERVAL = float(os.environ.get("LAVA_SCHED_INTERVAL", "1"))
call_command(mod.Command(), *sys.argv[1:])
