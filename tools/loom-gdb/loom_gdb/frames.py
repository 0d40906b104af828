"""Which frames are Loom's own, and how a CUDA thread's stack reads in `bt` and `info locals`.

A CUDA thread's stack is a fiber's: the kernel's frames on top of Loom's run loop, with Loom's
barrier or hook frames above them while the thread waits or faults. `bt` shows the user's frames
only (`bt -no-filters` shows all), the kernel's as cuda-gdb writes it:
`reduce_shared<<<(7813,1,1),(128,1,1)>>> (d_x=..., d_y=...)`.
"""

import os

import gdb
from gdb.FrameDecorator import FrameDecorator

from . import engine

# Source directories of Loom's own code: set by install() from where this file lives.
LOOM_DIRS = []


def _is_loom_name(name):
    return bool(name) and (name.startswith(("loom::", "loom_", "__tsan_", "boost::context"))
                           or name in ("make_fcontext", "jump_fcontext", "ontop_fcontext"))


def is_loom_frame(frame):
    """Loom's code, or code without line information (the C library, Boost.Context)."""
    if _is_loom_name(frame.name()):
        return True
    sal = frame.find_sal()
    if sal.symtab is None:
        return True
    path = sal.symtab.fullname()
    return any(path.startswith(d) for d in LOOM_DIRS)


def is_device_stack(frame):
    """Whether `frame` belongs to a fiber's stack: one that ends in Loom's fiber entry."""
    depth = 0
    while frame is not None and depth < 512:
        name = frame.name() or ""
        if name.startswith("loom::sched::Fiber::trampoline") or name == "make_fcontext":
            return True
        frame = frame.older()
        depth += 1
    return False


def user_frame(frame=None):
    """The innermost frame of user code on a device stack, or None."""
    frame = frame or gdb.newest_frame()
    depth = 0
    while frame is not None and depth < 512:
        if not is_loom_frame(frame):
            return frame
        frame = frame.older()
        depth += 1
    return None


def kernel_frame(frame=None):
    """The outermost user frame of a device stack: the kernel's."""
    frame = frame or gdb.newest_frame()
    found = None
    depth = 0
    while frame is not None and depth < 512:
        if not is_loom_frame(frame):
            found = frame
        elif found is not None and _is_loom_name(frame.name()):
            break  # Loom's run loop, which called the kernel
        frame = frame.older()
        depth += 1
    return found


def _launch_of_thread():
    worker = engine.worker_of_thread(gdb.selected_thread())
    block = worker.block() if worker else None
    return block.launch if block else None


class KernelFrameDecorator(FrameDecorator):
    def __init__(self, base, launch):
        super().__init__(base)
        self._launch = launch

    def function(self):
        name = super().function()
        if not isinstance(name, str):
            return name
        return "%s<<<%s,%s>>>" % (engine.short_name(name), engine.dim_text(self._launch.grid),
                                    engine.dim_text(self._launch.block))


class DeviceStackFilter:
    """On a device stack, Loom's frames go and the kernel's frame gets its launch shape."""

    def __init__(self):
        self.name = "loom-device-stack"
        self.priority = 100
        self.enabled = True
        gdb.frame_filters[self.name] = self

    def filter(self, frames):
        frames = list(frames)
        if not frames or not is_device_stack(frames[0].inferior_frame()):
            return iter(frames)
        launch = _launch_of_thread()
        kernel = kernel_frame(frames[0].inferior_frame())
        shown = []
        for decorator in frames:
            frame = decorator.inferior_frame()
            if is_loom_frame(frame):
                continue
            if launch is not None and kernel is not None and frame == kernel:
                decorator = KernelFrameDecorator(decorator, launch)
            shown.append(decorator)
        return iter(shown)


class InfoLocals(gdb.Command):
    """Print the local variables of the selected frame, without the ones Loom's compiler adds.

    loom-cc adds variables named loom_* to kernel code (the reconvergence regions); they are not
    the program's, so they are left out, as cuda-gdb shows none. Usage: info locals [REGEXP]."""

    def __init__(self):
        super().__init__("info locals", gdb.COMMAND_STACK)

    def invoke(self, argument, from_tty):
        import re
        pattern = re.compile(argument.strip()) if argument.strip() else None
        try:
            frame = gdb.selected_frame()
        except gdb.error:
            raise gdb.GdbError("No frame selected.")
        try:
            block = frame.block()
        except RuntimeError:
            raise gdb.GdbError("No symbol table info available.")
        printed = False
        while block is not None:
            for symbol in block:
                if not symbol.is_variable or symbol.is_argument:
                    continue
                if symbol.name.startswith("loom_"):
                    continue
                if pattern and not pattern.search(symbol.name):
                    continue
                try:
                    text = str(symbol.value(frame))
                except gdb.error as e:
                    text = "<error reading variable %s (%s)>" % (symbol.name, e)
                gdb.write("%s = %s\n" % (symbol.name, text))
                printed = True
            if block.function is not None:
                break
            block = block.superblock
        if not printed:
            gdb.write("No locals.\n" if pattern is None else "No matching locals.\n")


def install(root_dirs):
    LOOM_DIRS[:] = [os.path.join(os.path.realpath(d), "") for d in root_dirs]
    DeviceStackFilter()
    InfoLocals()
