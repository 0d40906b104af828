#include "check/sanitizer/access_checks.h"

#include <mutex>

namespace loom::check::sanitizer {

unsigned gAccessChecks = 0;
std::uint64_t gAccessMasks[4] = {0, 1, 3, 7};

void changeAccessChecks(unsigned set, unsigned clear, int lockstepBlocks) {
  static std::mutex mutex;
  std::lock_guard lock(mutex);
  unsigned word = (__atomic_load_n(&gAccessChecks, __ATOMIC_RELAXED) | set) & ~clear;
  word += static_cast<unsigned>(lockstepBlocks) * kLockstepBlock;
  // Opened before the word says so and closed after: a hook reached through an open gate tests
  // the word itself, so only a closed gate with checks on would lose an access.
  if (word != 0)
    for (std::uint64_t& mask : gAccessMasks) __atomic_store_n(&mask, ~std::uint64_t{0}, __ATOMIC_RELAXED);
  __atomic_store_n(&gAccessChecks, word, __ATOMIC_SEQ_CST);
  if (word == 0) {
    const std::uint64_t alignment[4] = {0, 1, 3, 7};
    for (int i = 0; i < 4; ++i) __atomic_store_n(&gAccessMasks[i], alignment[i], __ATOMIC_RELAXED);
  }
}

}  // namespace loom::check::sanitizer
