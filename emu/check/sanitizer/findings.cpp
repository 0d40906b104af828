#include "check/sanitizer/findings.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include "loom/schedule.h"
#include "options/options.h"

namespace loom::check::sanitizer {

Tool tool() {
  static const Tool chosen = [] {
    switch (options::get().sanitizer) {
      case options::Sanitizer::None: return Tool::None;
      case options::Sanitizer::Memcheck: changeAccessChecks(kCheckBounds, 0); return Tool::Memcheck;
      case options::Sanitizer::Racecheck: changeAccessChecks(kCheckRaces, 0); return Tool::Racecheck;
      case options::Sanitizer::Synccheck: return Tool::Synccheck;
      case options::Sanitizer::Initcheck: changeAccessChecks(kCheckInit, 0); return Tool::Initcheck;
    }
    return Tool::None;
  }();
  return chosen;
}

namespace {
void appendEscaped(std::string& out, const std::string& s) {
  out += '"';
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += c;
    }
  }
  out += '"';
}
std::string dim(uint3 d) {
  return "[" + std::to_string(d.x) + "," + std::to_string(d.y) + "," + std::to_string(d.z) + "]";
}
}  // namespace

std::string toJson(const Finding& f) {
  std::string j = "{\"kind\":";
  appendEscaped(j, f.kind);
  j += ",\"kernel\":";
  appendEscaped(j, f.kernel);
  j += ",\"location\":";
  appendEscaped(j, f.location);
  j += ",\"space\":";
  appendEscaped(j, f.space);
  j += ",\"access\":" + std::to_string(f.access) + ",\"size\":" + std::to_string(f.size);
  j += ",\"block\":" + dim(f.block) + ",\"thread\":" + dim(f.thread);
  j += ",\"address\":" + std::to_string(f.address) + ",\"allocation\":" + std::to_string(f.allocation);
  j += ",\"allocation_size\":" + std::to_string(f.allocationSize) + ",\"detail\":";
  appendEscaped(j, f.detail);
  return j + "}";
}

namespace {
std::atomic<std::uint64_t> gRecorded{0};
}

void record(const Finding& f) {
  gRecorded.fetch_add(1, std::memory_order_relaxed);
  static std::mutex mutex;
  std::string line = toJson(f) + "\n";
  std::lock_guard lock(mutex);
  const std::string& path = options::get().sanitizerLog;
  FILE* out = path.empty() ? stderr : std::fopen(path.c_str(), "a");
  if (!out) out = stderr;
  std::fputs(line.c_str(), out);
  if (out != stderr) std::fclose(out);
  else std::fflush(out);
}

}  // namespace loom::check::sanitizer

std::uint64_t loom::sanitizerFindings() { return loom::check::sanitizer::gRecorded.load(std::memory_order_relaxed); }
