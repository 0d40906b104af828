// PTX's `exit` (CUB's ThreadExit): the calling thread ends where it is, as if its kernel had
// returned. It unwinds to the kernel's run loop (runtime/launch.h) as an exception: the thread's
// other lanes and the block's barriers see a finished thread, and the frames it leaves run their
// cleanups (Loom's region marks among them), which keeps the engine's per-thread state balanced.
#pragma once

namespace loom::device {

struct ThreadExit {};

[[noreturn]] inline void exitThread() { throw ThreadExit{}; }

}  // namespace loom::device
