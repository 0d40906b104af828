#include "check/sanitizer/findings.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

namespace loom::check::sanitizer {

Tool tool() {
  static const Tool chosen = [] {
    const char* v = std::getenv("LOOM_SANITIZER");
    if (!v || !*v) return Tool::None;
    if (!std::strcmp(v, "memcheck")) {
      changeAccessChecks(kCheckBounds, 0);
      return Tool::Memcheck;
    }
    if (!std::strcmp(v, "racecheck")) {
      changeAccessChecks(kCheckRaces, 0);
      return Tool::Racecheck;
    }
    if (!std::strcmp(v, "synccheck")) return Tool::Synccheck;
    if (!std::strcmp(v, "initcheck")) {
      changeAccessChecks(kCheckInit, 0);
      return Tool::Initcheck;
    }
    std::fprintf(stderr, "loom: error: LOOM_SANITIZER=%s is not one of memcheck, racecheck, synccheck, initcheck\n", v);
    std::exit(1);
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

void record(const Finding& f) {
  static std::mutex mutex;
  std::string line = toJson(f) + "\n";
  std::lock_guard lock(mutex);
  const char* path = std::getenv("LOOM_SANITIZER_LOG");
  FILE* out = path && *path ? std::fopen(path, "a") : stderr;
  if (!out) out = stderr;
  std::fputs(line.c_str(), out);
  if (out != stderr) std::fclose(out);
  else std::fflush(out);
}

}  // namespace loom::check::sanitizer
