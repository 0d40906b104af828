"""cuda-gdb's commands: `info cuda kernels|blocks|threads` and the focus command `cuda`.

Tables are cuda-gdb's: right-aligned columns as wide as their widest cell, a `*` on the row of
the focus, consecutive threads (blocks) in the same place coalesced into one row. Loom's
differences (emu/../README "Debugging"): kernel N is Loom's launch number, sm is the worker
(OS thread) running the block, warps are threadIdx's linear index / 32, a thread's PC is where
its user code is (the return address of the call it waits in), and `info cuda threads` ends
with a State column.
"""

import re

import gdb

from . import engine, focus


def _table(header, rows, left=()):
    """rows: (marker, cells). Columns right-aligned except those in `left`."""
    widths = [len(h) for h in header]
    for _, cells in rows:
        widths = [max(w, len(c)) for w, c in zip(widths, cells)]

    def line(marker, cells):
        parts = [c.ljust(w) if i in left else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths))]
        return marker + " " + " ".join(parts) + " "

    return line(" ", header), [line(m, c) for m, c in rows]


def _require_device():
    if not engine.available():
        raise gdb.GdbError("No CUDA kernels.")
    blocks = engine.resident_blocks()
    if not blocks:
        raise gdb.GdbError("No CUDA kernels.")
    return blocks


def _by_launch(blocks):
    launches = []
    for block in blocks:
        if not launches or launches[-1][0].sequence != block.launch.sequence:
            launches.append((block.launch, []))
        launches[-1][1].append(block)
    return launches


def _invocation(launch):
    """`name(arg=value, ...)` from the kernel frame of a thread running it."""
    name = launch.name()
    from . import frames
    for block in engine.resident_blocks():
        if block.launch.sequence != launch.sequence or block.running_lane() is None:
            continue
        thread = block.worker.thread()
        if thread is None:
            continue
        selected, frame_selected = gdb.selected_thread(), gdb.selected_frame()
        try:
            thread.switch()
            kernel = frames.kernel_frame(gdb.newest_frame())
            if kernel is None:
                continue
            args = []
            scope = kernel.block()
            while scope.function is None:
                scope = scope.superblock
            for symbol in scope:
                if symbol.is_argument:
                    args.append("%s=%s" % (symbol.name, symbol.value(kernel).format_string(summary=True)))
            return "%s(%s)" % (name, ", ".join(args))
        finally:
            selected.switch()
            frame_selected.select()
    return name + "()"


class InfoCuda(gdb.Command):
    """Information about CUDA kernels, blocks and threads (cuda-gdb's `info cuda`)."""

    def __init__(self):
        super().__init__("info cuda", gdb.COMMAND_STATUS, prefix=True)


class InfoCudaKernels(gdb.Command):
    """Print the kernels with blocks running now."""

    def __init__(self):
        super().__init__("info cuda kernels", gdb.COMMAND_STATUS)

    def invoke(self, argument, from_tty):
        blocks = _require_device()
        current = focus.current()
        header = ("Kernel", "Parent", "Dev", "Grid", "Status", "SMs Mask", "GridDim", "BlockDim", "Invocation")
        rows = []
        for launch, launch_blocks in _by_launch(blocks):
            mask = 0
            for block in launch_blocks:
                mask |= 1 << block.worker.number
            marker = "*" if current and current.block.launch.sequence == launch.sequence else " "
            rows.append((marker, ("%d" % launch.kernel_id, "-", "0", "%d" % launch.grid_id, "Active",
                                  "0x%x" % mask, engine.dim_text(launch.grid), engine.dim_text(launch.block),
                                  _invocation(launch))))
        head, lines = _table(header, rows, left=(8,))
        gdb.write("\n".join([head] + lines) + "\n")


def _coalesce(items, key, same):
    """Runs of consecutive items with the same key: (first, last, count)."""
    runs = []
    for item in items:
        if runs and same(runs[-1][1], item) and key(runs[-1][1]) == key(item):
            first, _, count = runs[-1]
            runs[-1] = (first, item, count + 1)
        else:
            runs.append((item, item, 1))
    return runs


class InfoCudaBlocks(gdb.Command):
    """Print the blocks running now, consecutive ones coalesced."""

    def __init__(self):
        super().__init__("info cuda blocks", gdb.COMMAND_STATUS)

    def invoke(self, argument, from_tty):
        blocks = _require_device()
        current = focus.current()
        head = None
        lines = []
        for launch, launch_blocks in _by_launch(blocks):
            runs = _coalesce(launch_blocks, key=lambda b: "running",
                             same=lambda a, b: _next_index(a.index, launch.grid) == b.index)
            rows = []
            for first, last, count in runs:
                marker = " "
                if current and current.block.launch.sequence == launch.sequence and \
                        _linear(first.index, launch.grid) <= _linear(current.block.index, launch.grid) <= \
                        _linear(last.index, launch.grid):
                    marker = "*"
                rows.append((marker, (engine.dim_text(first.index), engine.dim_text(last.index), "%d" % count,
                                      "running")))
            head, body = _table(("BlockIdx", "To BlockIdx", "Count", "State"), rows)
            lines.append("Kernel %d" % launch.kernel_id)
            lines.extend(body)
        gdb.write("\n".join([head] + lines) + "\n")


def _linear(index, shape):
    return index[0] + shape[0] * (index[1] + shape[1] * index[2])


def _next_index(index, shape):
    n = _linear(index, shape) + 1
    return (n % shape[0], (n // shape[0]) % shape[1], n // (shape[0] * shape[1]))


def _running_place(block):
    """The running CUDA thread's user frame: (pc, file, line)."""
    from . import frames
    thread = block.worker.thread()
    if thread is None:
        return None
    selected, frame_selected = gdb.selected_thread(), gdb.selected_frame()
    try:
        thread.switch()
        frame = frames.user_frame(gdb.newest_frame())
        if frame is None:
            return None
        sal = frame.find_sal()
        return (frame.pc(), sal.symtab.filename if sal.symtab else "??", sal.line)
    finally:
        selected.switch()
        frame_selected.select()


class InfoCudaThreads(gdb.Command):
    """Print the threads of the blocks running now, consecutive threads at one place coalesced.

    Columns as cuda-gdb's, and State: running, barrier (waiting at __syncthreads), warp sync
    (waiting in a warp collective), converging (in __activemask/coalesced_threads), grid/cluster
    barrier, ready (released, not yet resumed), not started, exited."""

    def __init__(self):
        super().__init__("info cuda threads", gdb.COMMAND_STATUS)

    def invoke(self, argument, from_tty):
        blocks = _require_device()
        current = focus.current()
        # Waiting threads' places are found by pointing registers at their saved contexts; the
        # running threads' places come first, from the program's own registers.
        focus.restore()
        selected = gdb.selected_thread()
        try:
            running = {id(b): _running_place(b) for b in blocks}
            self._print(blocks, current, running)
        finally:
            focus.restore()
            selected.switch()
            focus.reapply()

    def _print(self, blocks, current, running_places):
        header = ("BlockIdx", "ThreadIdx", "To BlockIdx", "ThreadIdx", "Count", "PC", "Filename", "Line", "State")
        lines_by_kernel = []
        all_rows = []
        for launch, launch_blocks in _by_launch(blocks):
            items = []
            for block in launch_blocks:
                for lane in block.lanes:
                    if lane.on_stack:
                        pc, filename, line = running_places[id(block)] or (0, "??", 0)
                    elif lane.context:
                        pc, filename, line = focus.waiting_place(lane) or (lane.site, "??", 0)
                    else:
                        pc, filename, line = None, "-", None
                    items.append((block, lane, pc, filename, line))
            runs = _coalesce(items, key=lambda i: (i[2], i[3], i[4], i[1].state),
                             same=lambda a, b: a[0] is b[0] and a[1].linear + 1 == b[1].linear)
            rows = []
            for first, last, count in runs:
                block, lane, pc, filename, line = first
                marker = " "
                if current and current.block.launch.sequence == launch.sequence and \
                        current.block.index == block.index and \
                        first[1].linear <= current.lane.linear <= last[1].linear:
                    marker = "*"
                rows.append((marker, (engine.dim_text(block.index), engine.dim_text(lane.tid),
                                      engine.dim_text(last[0].index), engine.dim_text(last[1].tid), "%d" % count,
                                      "0x%016x" % pc if pc else "-", filename,
                                      "%d" % line if line else "-", lane.state)))
            lines_by_kernel.append((launch, len(all_rows), len(rows)))
            all_rows.extend(rows)
        head, body = _table(header, all_rows, left=(8,))
        out = [head]
        for launch, start, n in lines_by_kernel:
            out.append("Kernel %d" % launch.kernel_id)
            out.extend(body[start:start + n])
        gdb.write("\n".join(out) + "\n")


_INDEX = r"\(\s*(\d+)\s*(?:,\s*(\d+)\s*)?(?:,\s*(\d+)\s*)?\)|(\d+)"


def _parse_focus(argument):
    """cuda-gdb's focus arguments: `kernel N`, `block (x,y,z)`, `thread (x,y,z)`, `warp N`,
    `lane N`, in any combination; an index may be given as one number (its x)."""
    wanted = {}
    rest = argument.strip()
    while rest:
        m = re.match(r"(kernel|grid|block|thread|warp|lane|device|sm)\s*(?:" + _INDEX + r")?\s*", rest)
        if not m or m.end() == 0:
            raise gdb.GdbError("Unrecognized argument(s): %s" % rest)
        word = m.group(1)
        numbers = [g for g in m.group(2, 3, 4) if g is not None]
        if m.group(5) is not None:
            numbers = [m.group(5)]
        if numbers:
            values = [int(n) for n in numbers] + [0] * (3 - len(numbers))
            wanted[word] = tuple(values) if word in ("block", "thread") else values[0]
        else:
            wanted[word] = None
        rest = rest[m.end():]
    return wanted


class Cuda(gdb.Command):
    """Show or move the CUDA focus, as cuda-gdb does.

    cuda thread | block | kernel | warp | lane: print that part of the focus.
    cuda thread (x,y,z); cuda block (x,y,z) thread (x,y,z); cuda kernel N; cuda warp N lane N:
    move the focus there (parts not given stay as they are, in the new block)."""

    def __init__(self):
        super().__init__("cuda", gdb.COMMAND_RUNNING, prefix=False)

    def invoke(self, argument, from_tty):
        wanted = _parse_focus(argument)
        if not wanted:
            raise gdb.GdbError('"cuda" must be followed by the name of a focus subcommand.')
        current = focus.current()
        if all(v is None for v in wanted.values()):
            if current is None:
                raise gdb.GdbError("Focus not set on any active CUDA kernel.")
            parts = []
            for word in wanted:
                parts.append(self._show(word, current))
            gdb.write(", ".join(parts) + "\n")
            return
        blocks = _require_device()
        for word in ("device", "sm", "grid"):
            if wanted.get(word) is not None:
                raise gdb.GdbError("loom: Loom has no %s to choose; use kernel, block, thread, warp, lane" % word)
        launch_seq = wanted.get("kernel")
        if launch_seq is None:
            launch_seq = current.block.launch.sequence if current else blocks[0].launch.sequence
        candidates = [b for b in blocks if b.launch.sequence == launch_seq]
        if not candidates:
            raise gdb.GdbError("Request cannot be satisfied. CUDA focus unchanged.")
        if wanted.get("block") is not None:
            block = next((b for b in candidates if b.index == wanted["block"]), None)
        elif current and current.block.launch.sequence == launch_seq:
            block = current.block
        else:
            block = candidates[0]
        if block is None:
            raise gdb.GdbError("Request cannot be satisfied. CUDA focus unchanged.")
        lane = None
        if wanted.get("thread") is not None:
            lane = block.lane_at(wanted["thread"])
        elif wanted.get("warp") is not None or wanted.get("lane") is not None:
            warp = wanted.get("warp")
            if warp is None:
                warp = current.lane.warp if current else 0
            lane_number = wanted.get("lane")
            if lane_number is None:
                lane_number = current.lane.lane if current else 0
            linear = warp * 32 + lane_number
            lane = block.lanes[linear] if linear < len(block.lanes) else None
        elif current and current.block is not block and current.block.launch.sequence == launch_seq:
            lane = block.lane_at(current.lane.tid)
        else:
            lane = block.running_lane() or next((l for l in block.lanes if l.context), None)
        if lane is None:
            raise gdb.GdbError("Request cannot be satisfied. CUDA focus unchanged.")
        focus.switch(block, lane)

    @staticmethod
    def _show(word, current):
        if word == "thread":
            return "thread " + engine.dim_text(current.lane.tid)
        if word == "block":
            return "block " + engine.dim_text(current.block.index)
        if word == "kernel":
            return "kernel %d" % current.block.launch.kernel_id
        if word == "grid":
            return "grid %d" % current.block.launch.grid_id
        if word == "warp":
            return "warp %d" % current.lane.warp
        if word == "lane":
            return "lane %d" % current.lane.lane
        if word == "sm":
            return "sm %d" % current.block.worker.number
        return "device 0"


def install():
    InfoCuda()
    InfoCudaKernels()
    InfoCudaBlocks()
    InfoCudaThreads()
    Cuda()
