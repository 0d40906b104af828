// What every atomic does besides the operation while a check watches memory accesses
// (gAccessChecks non-zero: racecheck, initcheck, or an expired launch watchdog); one load and a not-taken
// branch otherwise. An object of this class lives across the operation:
//   * before it: the watchdog (a spin loop of atomics must end too), and racecheck's release
//     half, so that an atomic which observes this one cannot miss the release, and its lock on
//     the words' shadow, held until after the operation;
//   * after it: racecheck's acquire and the atomic's own access, so that it sees every release
//     the operation observed (check/sanitizer/global_races.h); initcheck's write marks.
#pragma once

#include "check/sanitizer/findings.h"

namespace loom::device {

// A device-scope fence's work while a check watches (__threadfence, std::atomic_thread_fence in
// device code): racecheck's release point and acquire of what volatile loads read, weak memory's
// ordering of the block's stores.
void fenceChecks();

// The cold halves; begin returns whether the operation released (end needs to know).
bool atomicChecksBegin(const volatile void* address, unsigned size, bool releaseOrder, const void* site);
void atomicChecksEnd(const volatile void* address, unsigned size, bool modifies, bool released, const void* site);

class AtomicChecks {
public:
  // releaseOrder: the operation's own memory order is release or stronger (std::atomic in
  // device code); CUDA's atomic functions are relaxed and release only after a __threadfence.
  [[gnu::always_inline]] AtomicChecks(const volatile void* address, unsigned size, bool modifies, bool releaseOrder,
                                      const void* site) {
    if (check::sanitizer::accessChecksOn()) [[unlikely]] {
      address_ = address;
      size_ = size;
      modifies_ = modifies;
      site_ = site;
      released_ = atomicChecksBegin(address, size, releaseOrder, site);
    }
  }
  [[gnu::always_inline]] ~AtomicChecks() {
    if (address_) [[unlikely]] atomicChecksEnd(address_, size_, modifies_, released_, site_);
  }
  AtomicChecks(const AtomicChecks&) = delete;
  AtomicChecks& operator=(const AtomicChecks&) = delete;

private:
  const volatile void* address_ = nullptr;
  const void* site_ = nullptr;
  unsigned size_ = 0;
  bool modifies_ = false, released_ = false;
};

}  // namespace loom::device
