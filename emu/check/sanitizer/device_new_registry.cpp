#include "check/sanitizer/device_new_registry.h"

#include <map>
#include <mutex>

extern "C" {
void* __libc_malloc(std::size_t);
void __libc_free(void*);
}

namespace loom::check::sanitizer {

namespace {

// The registry's own nodes come from glibc directly: allocating them through operator new would
// re-enter it.
template <class T>
struct LibcAllocator {
  using value_type = T;
  LibcAllocator() = default;
  template <class U>
  LibcAllocator(const LibcAllocator<U>&) {}
  T* allocate(std::size_t n) { return static_cast<T*>(__libc_malloc(n * sizeof(T))); }
  void deallocate(T* p, std::size_t) { __libc_free(p); }
  template <class U>
  bool operator==(const LibcAllocator<U>&) const { return true; }
};

struct Registry {
  std::mutex mutex;
  std::map<std::uintptr_t, std::size_t, std::less<>,
           LibcAllocator<std::pair<const std::uintptr_t, std::size_t>>> blocks;
};

Registry& registry() {
  static Registry* r = new (__libc_malloc(sizeof(Registry))) Registry;  // never destroyed
  return *r;
}

}  // namespace

void recordDeviceNew(std::uintptr_t block, std::size_t bytes) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  r.blocks[block] = bytes ? bytes : 1;
}

void forgetDeviceNew(const void* p) {
  if (!p) return;
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  r.blocks.erase(reinterpret_cast<std::uintptr_t>(p));
}

bool inDeviceNew(std::uintptr_t address) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  auto it = r.blocks.upper_bound(address);
  if (it == r.blocks.begin()) return false;
  --it;
  return address - it->first < it->second;
}

}  // namespace loom::check::sanitizer
