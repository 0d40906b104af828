// The random schedules' bits (LOOM_SCHEDULE=random:<seed>): splitmix64's finalizer, which turns
// nearby inputs (seed 1 and seed 3, block 4 and block 5) into unrelated outputs, and the stream
// of numbers it makes from a counter.
#pragma once

#include <cstdint>

namespace loom::sched {

inline std::uint64_t mix64(std::uint64_t x) {
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// The next number of the stream whose state is `state`.
inline std::uint64_t nextRandom(std::uint64_t& state) {
  state += 0x9e3779b97f4a7c15ull;
  return mix64(state);
}

}  // namespace loom::sched
