"""A kernel fault stops in the debugger at the faulting CUDA thread and line.

The runtime calls loom_debug_fault_stop (emu/debug/debugger.h) on the faulting CUDA thread's
stack when a launch is about to fail under a tracer: assert, __trap, a memcheck finding, a
deadlock, the watchdog, a warp collective's misuse, a fault caught by a signal. A silent
breakpoint there prints cuda-gdb's exception lines and Loom's report, and moves the focus to the
faulting CUDA thread, whose user frame becomes frame #0 (focus.show_as_newest).

A fault that is a signal (SIGSEGV, SIGBUS, SIGFPE in kernel code) stops gdb first, at the
faulting instruction itself; that stop is announced the same way, and the runtime's later call
for the same fault does not stop again.
"""

import os

import gdb

from . import engine, focus, frames

# Fault kinds (emu/report/fault.h) as cuda-gdb names the device's exceptions; Loom's own where
# the device has none.
_EXCEPTIONS = {
    "IllegalAddress": "Warp Illegal Address",
    "StackOverflow": "Warp Out-of-range Address",
    "MisalignedAddress": "Warp Misaligned Address",
    "AssertFailed": "Warp Assert",
    "Trap": "Warp Illegal Instruction",
    "DivideByZero": "Loom: integer division by zero",
    "Exception": "Loom: C++ exception",
    "Deadlock": "Loom: deadlock",
    "WarpMisuse": "Loom: warp collective misuse",
    "Timeout": "Loom: watchdog timeout",
    "Unsupported": "Loom: unsupported device code",
}
_SIGNALS = {"SIGSEGV": "Warp Illegal Address", "SIGBUS": "Warp Misaligned Address",
            "SIGFPE": "Loom: integer division by zero", "SIGILL": "Warp Illegal Instruction"}

# A signal stop in kernel code was announced: the runtime's fault call that follows is the same.
_signal_announced = False


class _FaultBreakpoint(gdb.Breakpoint):
    def __init__(self):
        super().__init__("loom_debug_fault_stop", internal=True)
        self.silent = True

    def stop(self):
        global _signal_announced
        if _signal_announced:
            _signal_announced = False
            return False
        return True


_breakpoint = None


def _frame_line(frame, launch):
    """cuda-gdb's frame line: `kernel<<<grid,block>>> (args) at file:line`."""
    name = frame.name() or "??"
    if launch is not None and frame == frames.kernel_frame(gdb.newest_frame()):
        name = "%s<<<%s,%s>>>" % (engine.short_name(name), engine.dim_text(launch.grid),
                                  engine.dim_text(launch.block))
    else:
        name = engine.short_name(name)
    args = []
    try:
        scope = frame.block()
        while scope.function is None:
            scope = scope.superblock
        for symbol in scope:
            if symbol.is_argument:
                args.append("%s=%s" % (symbol.name, symbol.value(frame).format_string(summary=True)))
    except RuntimeError:
        pass
    sal = frame.find_sal()
    where = " at %s:%d" % (sal.symtab.filename, sal.line) if sal.symtab else ""
    return "%s (%s)%s" % (name, ", ".join(args), where)


def _announce(exception, report, tid=None):
    """Prints the exception and moves the focus to the CUDA thread `tid` of the stopped OS
    thread's block (None: the one it runs), whose stack this is."""
    current = focus.current()
    if tid is not None:
        worker = engine.worker_of_thread(gdb.selected_thread())
        block = worker.block() if worker else None
        lane = block.lane_at(tid) if block else None
        current = focus.Focus(block, lane) if lane else current
    user = frames.user_frame(gdb.newest_frame())
    if current is None or user is None:
        return False
    sal = user.find_sal()
    function = user.function()
    gdb.write("\nCUDA Exception: %s\n" % exception)
    gdb.write("The exception was triggered at PC 0x%x  %s  (%s:%d)\n\n" % (
        user.pc(), function.print_name if function else "??",
        os.path.basename(sal.symtab.filename) if sal.symtab else "??", sal.line))
    if report:
        gdb.write(report.rstrip("\n") + "\n")
    launch = current.block.launch
    line = _frame_line(user, launch)
    focus.show_as_newest(user, current.lane.tid, resumes=False)
    focus.announce(current, force=True)
    gdb.write(line + "\n")
    source = gdb.execute("frame", to_string=True).splitlines()
    if len(source) > 1:
        gdb.write("\n".join(source[1:]) + "\n")
    return True


def on_stop(event):
    global _signal_announced
    try:
        if isinstance(event, gdb.BreakpointEvent) and _breakpoint in event.breakpoints:
            fault = gdb.parse_and_eval("fault").dereference()
            kind = str(fault["kind"]).split("::")[-1]
            report = gdb.parse_and_eval("report").string()
            thread = fault["thread"]
            tid = (int(thread["x"]), int(thread["y"]), int(thread["z"]))
            _announce(_EXCEPTIONS.get(kind, "Loom: " + kind), report, tid)
        elif isinstance(event, gdb.SignalEvent) and event.stop_signal in _SIGNALS:
            if engine.available() and frames.is_device_stack(gdb.newest_frame()) and \
                    not frames.is_loom_frame(gdb.newest_frame()):
                _signal_announced = _announce(_SIGNALS[event.stop_signal], None)
    except gdb.error as e:
        gdb.write("loom: %s\n" % e)


def install():
    global _breakpoint
    _breakpoint = _FaultBreakpoint()
    gdb.events.stop.connect(on_stop)
