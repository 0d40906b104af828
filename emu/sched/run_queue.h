// The lanes of a block that may run and wait for the worker, first in first out, by their
// linear index in the block.
//
// A ring of 1024 entries, one per thread a block can have: a lane is queued at most once, so it
// never fills. No capacity checks and no allocation on the barrier path: a barrier queues and
// dequeues once per thread (BlockRunner::barrier), and std::vector's push_back and the
// head-index bookkeeping around it were a fifth of a barrier's instructions (callgrind, bench (b)).
// Indices, not Lane pointers: what the next lanes need (their saved contexts, to prefetch their
// stacks) is then found without loading their Lane records first.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>

namespace loom::sched {

using LaneIndex = std::uint16_t;  // x + y*bx + z*bx*by, below 1024

class RunQueue {
public:
  static constexpr unsigned kCapacity = 1024;

  bool empty() const { return head_ == tail_; }
  unsigned size() const { return tail_ - head_; }
  // The i-th lane in line (0: the next to run).
  LaneIndex at(unsigned i) const { return ring_[(head_ + i) & kMask]; }
  void push(LaneIndex lane) { ring_[tail_++ & kMask] = lane; }
  LaneIndex pop() { return ring_[head_++ & kMask]; }
  void clear() { head_ = tail_ = 0; }
  // Takes `lane` back out of the line (it completed the wait it was queued for itself and runs
  // on); false if it is not queued. From the back, where a lane that just queued itself is.
  bool remove(LaneIndex lane) {
    for (unsigned i = tail_; i != head_; --i) {
      if (ring_[(i - 1) & kMask] != lane) continue;
      for (unsigned j = i; j != tail_; ++j) ring_[(j - 1) & kMask] = ring_[j & kMask];
      --tail_;
      return true;
    }
    return false;
  }
  // Queues `count` lanes of `lanes` in order (a completed barrier's waiters, once per barrier).
  // Into an empty queue (the usual case) one copy from the ring's start; an element at a time
  // cost a barrier 8 instructions per thread (callgrind, bench (b)).
  void pushAll(const LaneIndex* lanes, unsigned count) {
    if (empty()) {
      std::memcpy(ring_.data(), lanes, count * sizeof(LaneIndex));
      head_ = 0;
      tail_ = count;
      return;
    }
    for (unsigned i = 0; i < count; ++i) push(lanes[i]);
  }

private:
  friend struct FastPaths;  // reads the ring by offset (sched/fast_paths.cpp)
  static constexpr unsigned kMask = kCapacity - 1;
  std::array<LaneIndex, kCapacity> ring_{};
  unsigned head_ = 0, tail_ = 0;  // free-running: tail_ - head_ lanes are queued
};

}  // namespace loom::sched
