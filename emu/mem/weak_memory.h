// LOOM_MEMORY=weak: global stores that nothing releases reach other blocks late.
//
// The PTX memory model lets a plain store become visible to another block at any time until
// something orders it: a fence of the storing thread followed by a flag or atomic the reader
// observes, or the kernel's end. Loom's memory is otherwise sequentially consistent, so a
// missing __threadfence() never shows. In weak mode blocks run one at a time (serial, in the
// schedule's order) and each block's plain global stores made since its last fence (or release
// atomic) are journaled with the bytes they overwrote. When the block ends they are taken back
// (the old bytes restored) and made visible again only a number of blocks later, drawn from the
// schedule's seed, or at the kernel's end. A block that reads another block's unreleased store
// therefore reads what was there before, as on a GPU where the store is still in flight.
// Volatile and atomic stores are never held back (they are strong, and spin flags must arrive);
// the block itself always sees its own stores. Shared and local memory are the block's own.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

namespace loom::mem {

class WeakMemory {
public:
  static WeakMemory& instance();

  // A plain store of `size` bytes at `address` by the running block, before it is made.
  void store(std::uintptr_t address, unsigned size);
  // The running block fenced (or released by an atomic): what it stored so far is ordered.
  void fence() {
    if (active_.load(std::memory_order_relaxed)) journal_.clear();
  }

  // A launch begins: its delays are drawn from `seed`.
  void beginLaunch(std::uint64_t seed, std::uint64_t blocks);
  // Before a block runs: the held-back stores whose delay is over become visible.
  void beforeBlock();
  // The block ended: its unreleased stores are taken back, to become visible later.
  void endBlock();
  // The launch ended (or failed): everything held back becomes visible, in order.
  void endLaunch();

  // Stores held back at this moment (for tests and the report).
  std::size_t heldBack() const { return pending_.size(); }

private:
  struct Entry {
    std::uintptr_t address;
    unsigned size;
    std::array<unsigned char, 16> bytes;  // the old bytes while journaled, the new while held back
  };
  struct Held {
    std::uint64_t dueBlock;  // made visible before this block (in run order) starts
    Entry entry;
  };
  static bool global(std::uintptr_t address);

  // Between beginLaunch and endLaunch of a serial launch: blocks resident together (cooperative
  // and cluster launches) run in parallel and are not weakened.
  std::atomic<bool> active_{false};
  std::vector<Entry> journal_;
  std::vector<Held> pending_;
  std::mt19937_64 random_;
  std::uint64_t block_ = 0, blocks_ = 0;
};

}  // namespace loom::mem
