"""The CUDA thread in focus, and switching to one that waits.

After a stop the focus is the CUDA thread the stopped OS thread runs. A CUDA thread that waits
(at a barrier, a warp collective, or queued to run) is a suspended fiber: its registers are on
its own stack (engine.CONTEXT_*). To show its frames and locals with gdb's own commands, its OS
thread's registers are pointed at them: first the fiber's saved ones, then, unwound by gdb, those
of its innermost user frame, so that frame #0 is the kernel's line where it waits, as cuda-gdb
shows it. threadIdx is written to match. Everything is put back before the program runs again
(restore(), from the hooks stepping.py defines), and the CUDA thread's resume point is kept so
that next, step and finish can run it (stepping.py).
"""

import struct

import gdb

from . import engine, frames

_REGISTERS = ("rip", "rsp", "rbp", "rbx", "r12", "r13", "r14", "r15")

# gdb thread number -> (its real registers, (threadIdx address, its real bytes)).
_saved = {}
# The focus the user chose: (launch sequence, block index, thread index), or None to follow the
# OS thread that stopped.
_chosen = None
# For a chosen CUDA thread that waits: (its gdb thread, pc, sp) where its user frame resumes.
_resume = None
# The view show_as_newest made, to make again after a command that needed the real registers:
# (gdb thread, registers written or None, threadIdx, resume point).
_view = None
# The focus announced last ("[Switching focus to ...]" is printed when it changes).
_announced = None


class Focus:
    def __init__(self, block, lane):
        self.block = block
        self.lane = lane

    @property
    def key(self):
        return (self.block.launch.sequence, self.block.index, self.lane.tid)

    def describe(self):
        """cuda-gdb's focus line, less the brackets."""
        launch = self.block.launch
        return ("CUDA kernel %d, grid %d, block %s, thread %s, device 0, sm %d, warp %d, lane %d"
                % (launch.kernel_id, launch.grid_id, engine.dim_text(self.block.index),
                   engine.dim_text(self.lane.tid), self.block.worker.number, self.lane.warp,
                   self.lane.lane))


def _write_register(name, value):
    gdb.execute("set var $%s = %d" % (name, value), to_string=True)


def _threadidx_address():
    return int(gdb.parse_and_eval("&threadIdx").cast(gdb.lookup_type("unsigned long")))


def _save(thread):
    if thread.num in _saved:
        return
    frame = gdb.newest_frame()
    registers = {r: int(frame.read_register(r).cast(gdb.lookup_type("unsigned long"))) for r in _REGISTERS}
    address = _threadidx_address()
    _saved[thread.num] = (registers, (address, bytes(gdb.selected_inferior().read_memory(address, 12))))


def restore():
    """Puts every OS thread's registers back as the program left them."""
    global _resume
    if not _saved:
        return
    selected = gdb.selected_thread()
    for number, (registers, (address, tls)) in list(_saved.items()):
        thread = next((t for t in gdb.selected_inferior().threads() if t.num == number), None)
        if thread is None or not thread.is_valid():
            continue
        thread.switch()
        gdb.newest_frame().select()
        for name in _REGISTERS:
            _write_register(name, registers[name])
        gdb.selected_inferior().write_memory(address, tls)
    _saved.clear()
    if selected is not None and selected.is_valid():
        selected.switch()


def forget():
    """The program ran: registers are its own again, and the focus follows the stop."""
    global _chosen, _resume, _view
    _saved.clear()
    _chosen = None
    _resume = None
    _view = None


def reapply():
    """Makes the view of the last show_as_newest again (after restore())."""
    global _resume
    if _view is None:
        return
    thread, values, tid, resume = _view
    if not thread.is_valid():
        return
    thread.switch()
    _save(thread)
    if values is not None:
        gdb.newest_frame().select()
        for name in _REGISTERS:
            _write_register(name, values[name])
    gdb.selected_inferior().write_memory(_threadidx_address(), struct.pack("<3I", *tid))
    (frames.user_frame() or gdb.newest_frame()).select()
    _resume = resume


def resume_point():
    return _resume


def _select_user_frame():
    frame = frames.user_frame()
    (frame or gdb.newest_frame()).select()


def _load_context(lane):
    """Points the selected OS thread's registers at `lane`'s saved context (the fiber switch's)."""
    _save(gdb.selected_thread())
    context = lane.context
    gdb.newest_frame().select()
    _write_register("rsp", context + engine.CONTEXT_SP)
    _write_register("rip", engine.read_u64(context + engine.CONTEXT_RESUME))
    for name, offset in engine.CONTEXT_REGISTERS:
        _write_register(name, engine.read_u64(context + offset))


def _same_physical_frame(frame):
    """Whether `frame` is frame #0's function or one frame #0 was inlined into."""
    newer = frame.newer()
    while newer is not None:
        if newer.type() != gdb.INLINE_FRAME:
            return False
        newer = newer.newer()
    return True


_places = {}


def waiting_place(lane):
    """(pc, file, line) of a waiting lane's innermost user frame, found by unwinding its saved
    context. Cached per wait site where the user frame is the site's own function (the chain
    of functions inlined at a code address never changes)."""
    if lane.site in _places:
        return _places[lane.site]
    thread = lane.block.worker.thread()
    if thread is None or not lane.context:
        return None
    thread.switch()
    _load_context(lane)
    user = frames.user_frame()
    if user is None:
        return None
    sal = user.find_sal()
    place = (user.pc(), sal.symtab.filename if sal.symtab else "??", sal.line)
    if _same_physical_frame(user):
        _places[lane.site] = place
    return place


def _show_waiting(lane):
    """Shows `lane`'s innermost user frame as the selected OS thread's frames."""
    _load_context(lane)
    user = frames.user_frame()
    if user is None:
        restore()
        raise gdb.GdbError("loom: no user frame on the stack of thread %s" % engine.dim_text(lane.tid))
    show_as_newest(user, lane.tid, resumes=True)


def show_as_newest(user, tid, resumes):
    """Makes frame `user` of the selected OS thread the newest physical frame (registers as gdb
    unwinds them; threadIdx = tid) until the program runs again, and selects it. A frame that
    Loom's functions were inlined into is selected as it is: frames of inlined functions stay
    above it. `resumes`: the CUDA thread can run on from there (it waits); not so if it faulted."""
    global _resume, _view
    thread = gdb.selected_thread()
    _save(thread)
    written = None
    values = {r: int(user.read_register(r).cast(gdb.lookup_type("unsigned long"))) for r in _REGISTERS}
    if not _same_physical_frame(user):
        newer = user.newer()
        while newer.type() == gdb.INLINE_FRAME:
            newer = newer.newer()
        if newer.type() != gdb.SIGTRAMP_FRAME:
            # A return address: the call it returns from is the line the thread is at.
            values["rip"] -= 1
        gdb.newest_frame().select()
        for name in _REGISTERS:
            _write_register(name, values[name])
        written = values
    address = _threadidx_address()
    gdb.selected_inferior().write_memory(address, struct.pack("<3I", *tid))
    (frames.user_frame() or gdb.newest_frame()).select()
    sp = values["rsp"]
    pc = int(user.pc()) if _same_physical_frame(user) else values["rip"] + 1
    _resume = (thread, pc, sp) if resumes else (thread, None, None)
    _view = (thread, written, tuple(tid), _resume)


def current():
    """The Focus now, or None outside device code."""
    if _chosen is not None:
        sequence, index, tid = _chosen
        for block in engine.resident_blocks():
            if block.launch.sequence == sequence and block.index == index:
                lane = block.lane_at(tid)
                if lane is not None:
                    return Focus(block, lane)
        return None
    try:
        thread = gdb.selected_thread()
    except gdb.error:
        return None
    if thread is None:
        return None
    worker = engine.worker_of_thread(thread)
    block = worker.block() if worker else None
    if block is None:
        return None
    lane = block.running_lane()
    if lane is None:
        return None
    # The running CUDA thread's index is the OS thread's threadIdx (the scheduler writes it).
    return Focus(block, lane)


def switch(block, lane):
    """Moves the focus to `lane` of `block`; prints cuda-gdb's focus line and the source line."""
    global _chosen, _resume
    if lane.state in (engine.NOT_STARTED, engine.EXITED) or (not lane.on_stack and not lane.context):
        raise gdb.GdbError("Request cannot be satisfied. CUDA focus unchanged.")
    restore()
    _resume = None
    thread = block.worker.thread()
    if thread is None:
        raise gdb.GdbError("loom: the OS thread running block %s is gone" % engine.dim_text(block.index))
    thread.switch()
    if lane.on_stack:
        _select_user_frame()
    else:
        _show_waiting(lane)
    _chosen = (block.launch.sequence, block.index, lane.tid)
    focus = Focus(block, lane)
    announce(focus, force=True)
    text = gdb.execute("frame", to_string=True).splitlines()
    if len(text) > 1:
        gdb.write("\n".join(text[1:]) + "\n")


def announce(focus, force=False):
    global _announced
    if focus is None:
        return
    if force or focus.key != _announced:
        gdb.write("[Switching focus to %s]\n" % focus.describe())
    _announced = focus.key


def on_stop(event):
    forget()
    try:
        if not engine.available():
            return
        focus = current()
        if focus is None:
            return
        if not frames.is_device_stack(gdb.newest_frame()):
            return
        # A fault's stop is announced by faults.py, after cuda-gdb's exception lines.
        if isinstance(event, gdb.SignalEvent) or (isinstance(event, gdb.BreakpointEvent) and
                                                   any(b.number < 0 for b in event.breakpoints)):
            return
        announce(focus)
    except gdb.error:
        pass


def on_exit(event):
    global _announced
    forget()
    _announced = None
