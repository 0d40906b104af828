#include "runtime/device_queue.h"

#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <mutex>
#include <thread>

#include "device/device_printf.h"
#include "sched/grid_executor.h"

namespace loom::runtime {

struct DeviceQueue::State {
  mutable std::mutex mutex;
  std::condition_variable workAvailable;
  std::condition_variable progress;
  std::deque<std::function<void()>> pending;
  std::uint64_t submitted = 0;
  std::uint64_t done = 0;
  std::thread thread;

  void run() {
    std::unique_lock lock(mutex);
    for (;;) {
      workAvailable.wait(lock, [&] { return !pending.empty(); });
      auto op = std::move(pending.front());
      pending.pop_front();
      lock.unlock();
      op();
      lock.lock();
      ++done;
      progress.notify_all();
    }
  }
};

DeviceQueue& DeviceQueue::instance() {
  // Never destroyed: at exit, work still queued is drained first (as the CUDA runtime does
  // when the context is torn down), while everything it needs is still alive.
  static DeviceQueue* queue = [] {
    auto* q = new DeviceQueue;
    std::atexit([] { DeviceQueue::instance().waitAll(); });
    return q;
  }();
  return *queue;
}

DeviceQueue::DeviceQueue() : state_(new State) {
  if (!sched::serialMode()) state_->thread = std::thread([s = state_] { s->run(); });
}

std::uint64_t DeviceQueue::submit(std::function<void()> operation) {
  if (sched::serialMode()) {
    std::uint64_t seq;
    {
      std::lock_guard lock(state_->mutex);
      seq = ++state_->submitted;
    }
    operation();
    std::lock_guard lock(state_->mutex);
    ++state_->done;
    return seq;
  }
  std::lock_guard lock(state_->mutex);
  state_->pending.push_back(std::move(operation));
  state_->workAvailable.notify_one();
  return ++state_->submitted;
}

bool DeviceQueue::completed(std::uint64_t sequence) const {
  std::lock_guard lock(state_->mutex);
  return state_->done >= sequence;
}

void DeviceQueue::waitFor(std::uint64_t sequence) {
  {
    std::unique_lock lock(state_->mutex);
    state_->progress.wait(lock, [&] { return state_->done >= sequence; });
  }
  device::flushPrintfBuffer();
}

void DeviceQueue::waitAll() { waitFor(lastSubmitted()); }

std::uint64_t DeviceQueue::lastSubmitted() const {
  std::lock_guard lock(state_->mutex);
  return state_->submitted;
}

}  // namespace loom::runtime
