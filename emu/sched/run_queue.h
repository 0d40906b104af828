// The lanes of a block that may run and wait for the worker, first in first out.
//
// A ring of 1024 entries, one per thread a block can have: a lane is queued at most once, so it
// never fills. No capacity checks and no allocation on the barrier path: a barrier queues and
// dequeues once per thread (BlockRunner::barrier), and std::vector's push_back and the
// head-index bookkeeping around it were a fifth of a barrier's instructions (callgrind, bench (b)).
#pragma once

#include <memory>

namespace loom::sched {

struct Lane;

class RunQueue {
public:
  static constexpr unsigned kCapacity = 1024;

  RunQueue() : ring_(std::make_unique<Lane*[]>(kCapacity)) {}

  bool empty() const { return head_ == tail_; }
  unsigned size() const { return tail_ - head_; }
  // The i-th lane in line (0: the next to run).
  Lane* at(unsigned i) const { return ring_[(head_ + i) & kMask]; }
  void push(Lane* lane) { ring_[tail_++ & kMask] = lane; }
  Lane* pop() { return ring_[head_++ & kMask]; }
  void clear() { head_ = tail_ = 0; }
  // Takes `lane` back out of the line (it completed the wait it was queued for itself and runs
  // on); false if it is not queued. From the back, where a lane that just queued itself is.
  bool remove(const Lane* lane) {
    for (unsigned i = tail_; i != head_; --i) {
      if (ring_[(i - 1) & kMask] != lane) continue;
      for (unsigned j = i; j != tail_; ++j) ring_[(j - 1) & kMask] = ring_[j & kMask];
      --tail_;
      return true;
    }
    return false;
  }
  // Queues `count` lanes of `lanes` in order. Into an empty queue, the two arrays trade places
  // instead (the barrier's waiters become the line as they are: O(1)); `lanes` is then this
  // queue's old ring, which the caller keeps for its next waiters.
  void takeAll(std::unique_ptr<Lane*[]>& lanes, unsigned count) {
    if (empty()) {
      ring_.swap(lanes);
      head_ = 0;
      tail_ = count;
      return;
    }
    for (unsigned i = 0; i < count; ++i) push(lanes[i]);
  }

private:
  static constexpr unsigned kMask = kCapacity - 1;
  std::unique_ptr<Lane*[]> ring_;
  unsigned head_ = 0, tail_ = 0;  // free-running: tail_ - head_ lanes are queued
};

}  // namespace loom::sched
