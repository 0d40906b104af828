// printf, interposed: the executable's definition wins over the C library's, so device code's
// printf calls land here (loom-cc passes -fno-builtin-printf so the compiler does not turn them
// into puts). Host code's calls go straight to vprintf.
#include "device/device_printf.h"

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <map>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

#include "loom/device/lane_builtins.h"
#include "sched/block_runner.h"
#include "sched/launch.h"

namespace loom::device {

namespace {
std::mutex& bufferMutex() {
  static std::mutex m;
  return m;
}
// One printf call of a CUDA thread. Blocks run in parallel on the workers, so arrival order is
// not repeatable; the flush orders lines as a GPU that runs blocks in order and warps in SIMT
// would: by launch, block, warp, the thread's n-th call, lane. Output is then the same on every
// run and usually the device's (a warp's lanes print one call's lines together).
struct Line {
  std::uint64_t launch, block, thread;
  unsigned call = 0;
  std::string text;
};
std::vector<Line>& buffer() {
  static std::vector<Line> b;
  return b;
}
}  // namespace

void flushPrintfBuffer() {
  std::vector<Line> lines;
  {
    std::lock_guard lock(bufferMutex());
    lines.swap(buffer());
  }
  if (lines.empty()) return;
  std::map<std::tuple<std::uint64_t, std::uint64_t, std::uint64_t>, unsigned> calls;
  for (Line& l : lines) l.call = calls[{l.launch, l.block, l.thread}]++;  // arrival order per thread
  std::stable_sort(lines.begin(), lines.end(), [](const Line& a, const Line& b) {
    return std::tuple(a.launch, a.block, a.thread / 32, a.call, a.thread % 32) <
           std::tuple(b.launch, b.block, b.thread / 32, b.call, b.thread % 32);
  });
  for (const Line& l : lines) std::fwrite(l.text.data(), 1, l.text.size(), stdout);
  std::fflush(stdout);
}

}  // namespace loom::device

extern "C" int printf(const char* format, ...) {
  va_list args;
  va_start(args, format);
  int n;
  if (!loom::sched::BlockRunner::current()) {
    n = std::vprintf(format, args);
  } else {
    char local[512];
    va_list copy;
    va_copy(copy, args);
    n = std::vsnprintf(local, sizeof local, format, copy);
    va_end(copy);
    std::string text;
    if (n >= 0 && static_cast<std::size_t>(n) < sizeof local) {
      text.assign(local, static_cast<std::size_t>(n));
    } else if (n >= 0) {
      text.resize(static_cast<std::size_t>(n) + 1);
      std::vsnprintf(text.data(), text.size(), format, args);
      text.resize(static_cast<std::size_t>(n));
    }
    std::uint64_t block = loom_ctaid.x + std::uint64_t(loom_nctaid.x) * (loom_ctaid.y + std::uint64_t(loom_nctaid.y) * loom_ctaid.z);
    std::uint64_t thread = loom_tid.x + std::uint64_t(loom_ntid.x) * (loom_tid.y + std::uint64_t(loom_ntid.y) * loom_tid.z);
    std::uint64_t launch = loom::sched::BlockRunner::current()->launch().sequence;
    std::lock_guard lock(loom::device::bufferMutex());
    loom::device::buffer().push_back({launch, block, thread, 0, std::move(text)});
  }
  va_end(args);
  return n;
}
