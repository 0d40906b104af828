// A short name that stays the same for the same text, across runs and machines (FNV-1a, 16 hex
// digits): where loom-cc makes symbol names unique to a file or an object (pass_merge.h,
// static_device_variables.h).
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

namespace loom::cc {

inline std::string stableHash(const std::string& s) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

}  // namespace loom::cc
