"""What Loom's engine holds about CUDA threads, read from the inferior's memory.

The runtime lists the OS threads that run blocks (loom_debug_workers, emu/debug/debugger.h);
each has a block runner (emu/sched/block_runner.h) whose lanes are the CUDA threads of the block
it runs. The runner's state is read through its debug information (emu/debug/debugger.cpp is
compiled with -g for this), lanes in one read each, so a block of 1024 threads lists at once.
Nothing here runs the inferior: a process started under gdb and an attached one read the same.
"""

import struct

import gdb

# Lane::State (emu/sched/lane.h).
_NOT_STARTED, _RUNNING, _WAITING, _RUNNABLE, _EXITED = range(5)

# What `info cuda threads` says a thread is doing.
RUNNING = "running"
BARRIER = "barrier"
WARP_SYNC = "warp sync"
CONVERGING = "converging"
GROUP_BARRIER = "grid/cluster barrier"
READY = "ready"
NOT_STARTED = "not started"
EXITED = "exited"

# Where the context switch (emu/sched/fiber.cpp) leaves a suspended fiber's registers, from
# its saved stack pointer; it resumes at [sp + 0x38] with sp + 0x40.
CONTEXT_REGISTERS = (("r12", 0x08), ("r13", 0x10), ("r14", 0x18), ("r15", 0x20), ("rbx", 0x28), ("rbp", 0x30))
CONTEXT_RESUME = 0x38
CONTEXT_SP = 0x40


def _inferior():
    return gdb.selected_inferior()


def read_u64(address):
    return struct.unpack("<Q", bytes(_inferior().read_memory(address, 8)))[0]


def _dim(value):
    return (int(value["x"]), int(value["y"]), int(value["z"]))


def _elems(value):
    """The element array of a std::array (libstdc++)."""
    return value["_M_elems"]


def _offset(type_, name):
    for field in type_.fields():
        if field.name == name:
            return field.bitpos // 8
    raise gdb.GdbError("loom: the runtime's type %s has no field %s" % (type_, name))


class Launch:
    def __init__(self, value):
        self.address = int(value.address)
        self.sequence = int(value["sequence"])
        self.kernel = int(value["kernel"].cast(gdb.lookup_type("unsigned long")))
        self.grid = _dim(value["grid"])
        self.block = _dim(value["block"])

    @property
    def kernel_id(self):
        """cuda-gdb's kernel number: Loom's launch number in the process (0 for the first)."""
        return self.sequence

    @property
    def grid_id(self):
        return self.sequence + 1

    def function(self):
        block = gdb.block_for_pc(self.kernel)
        return block.function if block is not None else None

    def name(self):
        """The kernel's name as cuda-gdb writes it before <<<...>>>: without its parameters."""
        function = self.function()
        return short_name(function.print_name) if function else "0x%x" % self.kernel


def short_name(name):
    depth = 0
    for i, c in enumerate(name):
        if c == "<":
            depth += 1
        elif c == ">":
            depth -= 1
        elif c == "(" and depth == 0 and not name[:i].endswith("operator"):
            return name[:i]
    return name


def dim_text(d):
    return "(%d,%d,%d)" % d


class Lane:
    """One CUDA thread of a resident block."""

    def __init__(self, block, linear, tid, state):
        self.block = block
        self.linear = linear
        self.tid = tid
        self.state = state
        self.site = None      # the return address into user code where it waits
        self.context = None   # its saved stack pointer (a suspended fiber)
        self.on_stack = False  # its stack is the OS thread's now (the runner's current thread)

    @property
    def warp(self):
        return self.linear // 32

    @property
    def lane(self):
        return self.linear % 32


class Block:
    """A block a worker runs now, and its threads."""

    def __init__(self, worker, runner):
        self.worker = worker
        self.runner = runner
        self.launch = Launch(runner["launch_"].dereference())
        self.index = _dim(runner["blockIdx_"])
        self._lanes = None

    @property
    def lanes(self):
        if self._lanes is None:
            self._lanes = _read_lanes(self)
        return self._lanes

    def lane_at(self, tid):
        for lane in self.lanes:
            if lane.tid == tid:
                return lane
        return None

    def running_lane(self):
        for lane in self.lanes:
            if lane.state == RUNNING:
                return lane
        return None


class Worker:
    def __init__(self, number, runner, running, lwp):
        self.number = number  # the order it registered in: shown as cuda-gdb's "sm"
        self.runner = runner
        self.running = running
        self.lwp = lwp

    def block(self):
        """The block it runs now, or None between blocks."""
        if self.running == 0 or read_u64(self.running) != int(self.runner):
            return None
        runner = self.runner.dereference()
        if int(runner["launch_"]) == 0:
            return None
        return Block(self, runner)

    def thread(self):
        """Its gdb thread."""
        for thread in _inferior().threads():
            if thread.ptid[1] == self.lwp:
                return thread
        return None


def available():
    """The program links Loom's runtime and is running (or a core file of one)."""
    try:
        gdb.parse_and_eval("loom_debug_worker_count")
        return _inferior().pid != 0 or bool(_inferior().threads())
    except gdb.error:
        return False


def workers():
    try:
        count = int(gdb.parse_and_eval("loom_debug_worker_count"))
        table = gdb.parse_and_eval("loom_debug_workers")
    except gdb.error:
        return []
    result = []
    for i in range(count):
        entry = table[i]
        runner = entry["runner"]
        if int(runner) == 0:
            continue
        result.append(Worker(i, runner, int(entry["running"]), int(entry["lwp"])))
    return result


def resident_blocks():
    """Every block a worker runs now, by launch then block index."""
    blocks = [b for b in (w.block() for w in workers()) if b is not None]
    blocks.sort(key=lambda b: (b.launch.sequence, b.index[2], b.index[1], b.index[0]))
    return blocks


def worker_of_thread(thread):
    for worker in workers():
        if worker.lwp == thread.ptid[1]:
            return worker
    return None


def _bits(mask, i):
    return (mask >> i) & 1


def _read_lanes(block):
    """Each thread's index and state, as BlockRunner::threadStates() tells them apart."""
    runner = block.runner
    count = int(runner["threadCount_"])
    lanes_value = _elems(runner["lanes_"])
    lane_type = lanes_value.type.strip_typedefs().target()
    stride = lane_type.sizeof
    tid_at = _offset(lane_type, "tid")
    state_at = _offset(lane_type, "state")
    site_at = _offset(lane_type, "waitSite")
    memory = bytes(_inferior().read_memory(int(lanes_value[0].address), stride * count))
    contexts = struct.unpack("<%dQ" % count, bytes(_inferior().read_memory(
        int(_elems(runner["laneContexts_"])[0].address), 8 * count)))

    next_unstarted = int(runner["nextUnstarted_"])
    # An unsettled batch (emu/include/loom/runtime/thread_batch.h): its threads ran without the
    # runtime knowing; all before the running one are done.
    batch_begin = batch_running = None
    batch_fiber = runner["batchFiber_"]
    if int(batch_fiber) != 0:
        batch_begin = int(runner["settledUpTo_"])
        batch_running = int(batch_fiber.dereference()["batch"]["next"]) - 1

    warps = runner["warps_"]["_M_impl"]["_M_start"]
    warp_masks = []
    for w in range((count + 31) // 32):
        ws = warps[w]
        warp_masks.append((int(ws["arrived"]), int(ws["exited"]), int(ws["converging"])))

    arrived = int(runner["arrived_"])
    at_barrier = set()
    if arrived:
        waiters = _elems(runner["barrierWaiters_"])
        raw = bytes(_inferior().read_memory(int(waiters[0].address), 2 * arrived))
        at_barrier = set(struct.unpack("<%dH" % arrived, raw))
    group_waiters = set()
    vector = runner["groupWaiters_"]["_M_impl"]
    begin, end = int(vector["_M_start"]), int(vector["_M_finish"])
    for p in range(begin, end, 8):
        lane_address = read_u64(p)
        group_waiters.add((lane_address - int(lanes_value[0].address)) // stride)

    current = int(runner["current_"])
    current_index = (current - int(lanes_value[0].address)) // stride if current else -1
    lanes = []
    for i in range(count):
        base = i * stride
        tid = struct.unpack_from("<3I", memory, base + tid_at)
        raw_state = memory[base + state_at]
        site = struct.unpack_from("<Q", memory, base + site_at)[0]
        arrived_mask, exited_mask, converging_mask = warp_masks[i // 32]
        if batch_begin is not None and i >= batch_begin:
            state = EXITED if i < batch_running else RUNNING if i == batch_running else NOT_STARTED
        elif i >= next_unstarted:
            state = NOT_STARTED
        elif _bits(exited_mask, i % 32):
            state = EXITED
        elif raw_state == _RUNNING:
            state = RUNNING
        elif raw_state in (_WAITING, _RUNNABLE):
            if i in at_barrier:
                state = BARRIER
            elif _bits(converging_mask, i % 32):
                state = CONVERGING
            elif _bits(arrived_mask, i % 32):
                state = WARP_SYNC
            elif i in group_waiters:
                state = GROUP_BARRIER
            else:
                state = READY  # released, queued to run
        elif raw_state == _EXITED:
            state = EXITED
        else:
            state = NOT_STARTED
        lane = Lane(block, i, tid, state)
        lane.on_stack = state == RUNNING or (i == current_index and batch_begin is None)
        if state not in (RUNNING, NOT_STARTED, EXITED) and not lane.on_stack:
            lane.site = site or None
            lane.context = contexts[i] or None
        lanes.append(lane)
    return lanes
