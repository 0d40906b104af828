// printf, interposed: the executable's definition wins over the C library's, so device code's
// printf calls land here (loom-cc passes -fno-builtin-printf so the compiler does not turn them
// into puts). Host code's calls go straight to vprintf.
#include "device/device_printf.h"

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>

#include "sched/block_runner.h"

namespace loom::device {

namespace {
std::mutex& bufferMutex() {
  static std::mutex m;
  return m;
}
std::string& buffer() {
  static std::string b;
  return b;
}
}  // namespace

void flushPrintfBuffer() {
  std::string out;
  {
    std::lock_guard lock(bufferMutex());
    out.swap(buffer());
  }
  if (out.empty()) return;
  std::fwrite(out.data(), 1, out.size(), stdout);
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
    std::lock_guard lock(loom::device::bufferMutex());
    loom::device::buffer() += text;
  }
  va_end(args);
  return n;
}
