"""A breakpoint in a kernel stops in CUDA threads only, not in the host's launch.

Under Loom `k<<<g, b>>>(args)` is a call of the kernel function on the host, which hands the
launch to the runtime in its first line (DESIGN.md, "Launches are calls"); so a breakpoint on a
kernel's first line would also stop in the host's launch, where cuda-gdb stops only in CUDA
threads. Every user breakpoint's condition therefore begins with `loom_pending_launch == 0`
(no launch pending on the thread: emu/include/loom/runtime/launch_scope.h), which `info
breakpoints` shows; a condition the user gives, at `break ... if` or with `condition`, follows it.
"""

import gdb

GUARD = "loom_pending_launch == 0"


def _guard(breakpoint):
    if breakpoint.number <= 0 or breakpoint.type != gdb.BP_BREAKPOINT:
        return
    condition = breakpoint.condition
    if condition and condition.startswith(GUARD):
        return
    try:
        breakpoint.condition = GUARD if not condition else "%s && (%s)" % (GUARD, condition)
    except gdb.error:
        pass  # a location where the runtime's symbols are not known: left as it is


def install():
    gdb.events.breakpoint_created.connect(_guard)
    gdb.events.breakpoint_modified.connect(_guard)
