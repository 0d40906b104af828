#include "runtime/host_registry.h"

#include <cstdint>
#include <map>
#include <mutex>

namespace loom::runtime {

namespace {
std::mutex gMutex;
std::map<std::uintptr_t, std::size_t> gRanges;  // base -> size

auto containing(std::uintptr_t a) {
  auto it = gRanges.upper_bound(a);
  if (it == gRanges.begin()) return gRanges.end();
  --it;
  return a < it->first + it->second ? it : gRanges.end();
}
}  // namespace

bool registerHost(void* p, std::size_t size, unsigned) {
  auto a = reinterpret_cast<std::uintptr_t>(p);
  std::lock_guard lock(gMutex);
  if (containing(a) != gRanges.end()) return false;
  auto next = gRanges.lower_bound(a);
  if (next != gRanges.end() && next->first < a + size) return false;
  gRanges.emplace(a, size);
  return true;
}

bool unregisterHost(void* p) {
  std::lock_guard lock(gMutex);
  return gRanges.erase(reinterpret_cast<std::uintptr_t>(p)) == 1;
}

bool isRegisteredHost(const void* p) {
  std::lock_guard lock(gMutex);
  return containing(reinterpret_cast<std::uintptr_t>(p)) != gRanges.end();
}

}  // namespace loom::runtime
