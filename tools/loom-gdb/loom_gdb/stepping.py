"""Stepping stays on the focused CUDA thread and out of Loom's code.

- Under gdb, blocks run one after another on one OS thread (LOOM_SERIAL=1, unless the user set
  LOOM_SERIAL): no other OS thread runs kernel code while one CUDA thread is stepped.
- Under gdb the watchdog is off (LOOM_WATCHDOG=0, unless the user set it): a launch stopped at a
  breakpoint makes no progress, and would be failed as hung once the user lets it go on.
- `next` over a __syncthreads() stays on the thread by itself: the barrier switches fibers, and
  gdb's step-resume breakpoint after the call is tied to the caller's frame, on this fiber's
  stack, so other CUDA threads returning there do not stop it.
- `step` never enters Loom's code: its files and functions are `skip`ped.
- A focus moved to a waiting CUDA thread (focus.py) is run first to where it resumes (its user
  frame's return address, on its own stack), silently; then gdb's own next, step or finish runs
  from there. Every command that resumes the program first puts the registers back (hooks).
"""

import os

import gdb

from . import engine, focus, frames

# Commands that let the program run: each gets a hook that puts the registers back first.
_RESUMING = ("continue", "next", "step", "finish", "until", "advance", "stepi", "nexti", "jump",
             "signal", "kill", "detach", "run", "start", "starti", "call", "quit")
# The ones that run the focused CUDA thread from where it waits, when it waits.
_FROM_FOCUS = ("next", "step", "finish", "until", "advance")


class _ResumeBreakpoint(gdb.Breakpoint):
    """Where a waiting CUDA thread's user frame resumes: its pc, on its own stack (sp)."""

    def __init__(self, pc, sp):
        super().__init__("*0x%x" % pc, internal=True)
        self.silent = True
        self.sp = sp
        self.reached = False

    def stop(self):
        sp = int(gdb.newest_frame().read_register("rsp").cast(gdb.lookup_type("unsigned long")))
        if sp == self.sp:
            self.reached = True
            return True
        return False


def before(command):
    if command == "finish":
        _check_finish()
    point = focus.resume_point()
    if point is not None and point[1] is None and command in _FROM_FOCUS:
        raise gdb.GdbError("loom: the CUDA thread in focus faulted and cannot run on; "
                           "\"continue\" fails its launch")
    focus.restore()
    if point is None or command not in _FROM_FOCUS:
        return
    thread, pc, sp = point
    current = focus.current()
    breakpoint = _ResumeBreakpoint(pc, sp)
    try:
        _quietly("continue")
    finally:
        reached = breakpoint.reached
        breakpoint.delete()
    if not reached:
        raise gdb.GdbError("loom: the program stopped before the focused CUDA thread%s ran again; "
                           "\"%s\" not done" % (" " + engine.dim_text(current.lane.tid) if current else "", command))
    # It may resume inside a function of Loom's inlined into user code (the barrier's): gdb's
    # next and step leave it for the user's next line by themselves; finish is for the user's
    # frame.
    if command == "finish":
        (frames.user_frame() or gdb.newest_frame()).select()


def _quietly(command):
    """Runs `command` with gdb's output, the stop's location included, thrown away (a
    gdb.execute(to_string=True) keeps the stop's printing on the terminal)."""
    gdb.execute("set logging file /dev/null", to_string=True)
    gdb.execute("set logging redirect on", to_string=True)
    gdb.execute("set logging enabled on", to_string=True)
    try:
        gdb.execute(command)
    finally:
        gdb.execute("set logging enabled off", to_string=True)


def _check_finish():
    """cuda-gdb's answer for `finish` in a kernel's frame: the kernel's caller is Loom's."""
    try:
        frame = gdb.selected_frame()
    except gdb.error:
        return
    if engine.available() and frames.is_device_stack(frame) and frame == frames.kernel_frame(gdb.newest_frame()):
        raise gdb.GdbError("\"finish\" not meaningful in the outermost frame.")


class _Before(gdb.Command):
    """Loom's hook before a command that resumes the program (internal)."""

    def __init__(self):
        super().__init__("loom-before-resume", gdb.COMMAND_MAINTENANCE)

    def invoke(self, argument, from_tty):
        before(argument.strip())


def install(loom_dirs):
    _Before()
    for command in _RESUMING:
        gdb.execute("define hook-%s\nloom-before-resume %s\nend" % (command, command), to_string=True)
    for directory in loom_dirs:
        # A glob's * stops at a slash: one pattern per depth.
        for depth in range(1, 8):
            gdb.execute("skip -gfile %s" % os.path.join(directory, *["*"] * depth), to_string=True)
    gdb.execute("skip -rfunction ^(loom::|loom_|__loom_|__tsan_)", to_string=True)
    # Blocks in order on one OS thread, unless the user chose otherwise.
    shown = gdb.execute("show environment LOOM_SERIAL", to_string=True)
    if "not defined" in shown and "LOOM_SERIAL" not in os.environ:
        gdb.execute("set environment LOOM_SERIAL 1", to_string=True)
    shown = gdb.execute("show environment LOOM_WATCHDOG", to_string=True)
    if "not defined" in shown and "LOOM_WATCHDOG" not in os.environ:
        gdb.execute("set environment LOOM_WATCHDOG 0", to_string=True)
