"""Loom's gdb support: cuda-gdb's commands for programs built by loom-cc (tools/loom-gdb/README.md)."""

import gdb

from . import breakpoints, commands, engine, faults, focus, frames, stepping

_installed = False


def install(loom_dirs):
    """Once per gdb session, however many objfiles ask for it."""
    global _installed
    if _installed:
        return
    _installed = True
    frames.install(loom_dirs)
    commands.install()
    breakpoints.install()
    stepping.install(loom_dirs)
    # focus first: it forgets the registers of the last stop, which faults may then set.
    gdb.events.stop.connect(focus.on_stop)
    gdb.events.exited.connect(focus.on_exit)
    faults.install()
