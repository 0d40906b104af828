#include "sched/block_group.h"

#include <pthread.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "check/sanitizer/findings.h"
#include "mem/address_space.h"
#include "report/fault.h"
#include "sched/grid_executor.h"
#include "sched/launch.h"
#include "sched/progress.h"
#include "sched/watchdog.h"
#include "sched/worker.h"

namespace loom::sched {

namespace {

bool watchdogExpired() {
  return __atomic_load_n(&check::sanitizer::gAccessChecks, __ATOMIC_RELAXED) & check::sanitizer::kWatchdogExpired;
}

}  // namespace

BlockGroup::BlockGroup(Launch& launch, Kind kind, unsigned size, unsigned slots)
    : launch_(launch), kind_(kind), size_(size), freeSlots_(slots), windows_(size), wake_(size),
      state_(size, State::Idle), arrivedFlag_(size, false) {}

void BlockGroup::publish(unsigned rank, SharedWindow window) {
  std::lock_guard lock(mutex_);
  windows_[rank] = window;
  if (++published_ < size_) return;
  // Every block's shared memory is known: the first cluster may start.
  for (unsigned r = 0; r < size_; ++r) {
    state_[r] = State::Queued;
    ready_.push_back(r);
  }
  dispatch();
}

void BlockGroup::dispatch() {
  while (freeSlots_ > 0 && !ready_.empty()) {
    unsigned r = ready_.front();
    ready_.pop_front();
    state_[r] = State::Running;
    --freeSlots_;
    wake_[r].notify_one();
  }
}

void BlockGroup::abandon() {
  std::lock_guard lock(mutex_);
  failed_ = true;
  wakeAll();
}

void BlockGroup::wakeAll() {
  for (auto& w : wake_) w.notify_one();
}

bool BlockGroup::enter(unsigned rank) {
  std::unique_lock lock(mutex_);
  wake_[rank].wait(lock, [&] { return state_[rank] == State::Running || failed_; });
  return !failed_;
}

void BlockGroup::leave(unsigned rank) {
  std::lock_guard lock(mutex_);
  if (state_[rank] == State::Running) ++freeSlots_;
  state_[rank] = State::Ended;
  ++ended_;
  if (launch_.failed.load(std::memory_order_relaxed)) {
    failed_ = true;  // blocks asleep at the barrier, or queued, give up
    wakeAll();
    return;
  }
  if (arrivedFlag_[rank]) {  // a cluster block that arrived, then ended: counted once, as ended
    arrivedFlag_[rank] = false;
    --arrived_;
  }
  if (kind_ == Kind::Grid && arrived_ > 0 && endedWithoutArriving_ < 0) {
    endedWithoutArriving_ = static_cast<int>(rank);
    wakeAll();
  }
  completeIfAllArrived();
  if (ended_ == size_) {
    // The cluster is over: its blocks' threads run the next cluster, in rank order.
    ended_ = arrived_ = 0;
    endedWithoutArriving_ = -1;
    for (unsigned r = 0; r < size_; ++r) {
      state_[r] = State::Queued;
      ready_.push_back(r);
    }
  }
  dispatch();
}

std::uint64_t BlockGroup::generation() {
  std::lock_guard lock(mutex_);
  return generation_;
}

std::uint64_t BlockGroup::arrive(unsigned rank) {
  std::lock_guard lock(mutex_);
  std::uint64_t target = generation_ + 1;
  arrivedFlag_[rank] = true;
  ++arrived_;
  if (kind_ == Kind::Grid && ended_ > 0 && endedWithoutArriving_ < 0) {
    for (unsigned r = 0; r < size_; ++r)
      if (state_[r] == State::Ended) {
        endedWithoutArriving_ = static_cast<int>(r);
        break;
      }
  }
  completeIfAllArrived();
  dispatch();
  return target;
}

void BlockGroup::releaseClock(const check::sanitizer::VectorClock& clock) {
  std::lock_guard lock(mutex_);
  arrivingClock_.join(clock);
}

void BlockGroup::acquireClock(check::sanitizer::VectorClock& clock) {
  std::lock_guard lock(mutex_);
  clock.join(releasedClock_);
}

void BlockGroup::completeIfAllArrived() {
  unsigned needed = kind_ == Kind::Grid ? size_ : size_ - ended_;  // an ended cluster block has arrived
  if (arrived_ == 0 || arrived_ < needed) return;
  ++generation_;
  noteProgress();
  releasedClock_ = arrivingClock_;
  arrivingClock_.clear();
  arrived_ = 0;
  for (unsigned r = 0; r < size_; ++r) {
    arrivedFlag_[r] = false;
    if (state_[r] == State::Waiting) {  // in rank order, whatever the order of arrival
      state_[r] = State::Queued;
      ready_.push_back(r);
    }
  }
}

BlockGroup::Wait BlockGroup::wait(unsigned rank, std::uint64_t generation) {
  std::unique_lock lock(mutex_);
  if (generation_ >= generation) return Wait::Done;
  state_[rank] = State::Waiting;
  ++freeSlots_;
  dispatch();
  const bool watched = watchdogSeconds() > 0;
  for (;;) {
    if (state_[rank] == State::Running) return Wait::Done;
    if (watched && watchdogExpired()) return Wait::Timeout;
    if (failed_ || launch_.failed.load(std::memory_order_relaxed)) return Wait::Failed;
    if (endedWithoutArriving_ >= 0) return Wait::Deadlock;
    // With a watchdog, look at it now and then: nothing else would wake a stuck grid.
    if (watched) wake_[rank].wait_for(lock, std::chrono::milliseconds(20));
    else wake_[rank].wait(lock);
  }
}

int BlockGroup::endedWithoutArriving() const {
  std::lock_guard lock(mutex_);
  return endedWithoutArriving_;
}

bool BlockGroup::yield(unsigned rank) {
  std::unique_lock lock(mutex_);
  if (failed_ || launch_.failed.load(std::memory_order_relaxed)) return false;
  if (ready_.empty()) return true;  // nobody is waiting for a slot
  state_[rank] = State::Queued;
  ready_.push_back(rank);
  ++freeSlots_;
  dispatch();
  wake_[rank].wait(lock, [&] { return state_[rank] == State::Running || failed_; });
  return !failed_;
}

uint3 BlockGroup::blockOf(const Launch& launch, std::uint64_t cluster, unsigned rank) {
  dim3 c = launch.cooperative ? launch.grid : launch.cluster;
  std::uint64_t cx = launch.grid.x / c.x, cy = launch.grid.y / c.y;
  uint3 k{static_cast<unsigned>(cluster % cx), static_cast<unsigned>(cluster / cx % cy),
          static_cast<unsigned>(cluster / (cx * cy))};
  return uint3{k.x * c.x + rank % c.x, k.y * c.y + rank / c.x % c.y, k.z * c.z + rank / (c.x * c.y)};
}

bool BlockGroup::SharedWindow::holdsDynamic(std::uintptr_t a) const {
  return a >= dynamicBase && a < dynamicBase + mem::SharedArena::kCapacity;
}

BlockGroup::SharedWindow sharedWindow(Worker& worker) {
  mem::AddressRange tls = mem::staticSharedRange();
  return {tls.begin, tls.end, reinterpret_cast<std::uintptr_t>(worker.sharedArena().base())};
}

namespace {

struct GroupThread {
  Launch* launch;
  BlockGroup* group;
  unsigned rank;
  std::uint64_t clusters;
};

void* runGroupThread(void* argument) {
  auto& t = *static_cast<GroupThread*>(argument);
  Worker& worker = Worker::current();  // this thread's own: fibers, shared memory, runner
  t.group->publish(t.rank, sharedWindow(worker));
  for (std::uint64_t k = 0; k < t.clusters; ++k) {
    if (!t.group->enter(t.rank)) break;
    if (!t.launch->failed.load(std::memory_order_relaxed))
      worker.runner().run(*t.launch, BlockGroup::blockOf(*t.launch, k, t.rank), t.group, t.rank);
    t.group->leave(t.rank);
  }
  return nullptr;
}

}  // namespace

void runBlockGroups(Launch& launch) {
  dim3 c = launch.cooperative ? launch.grid : launch.cluster;
  unsigned size = c.x * c.y * c.z;
  std::uint64_t clusters = launch.blockCount() / size;
  BlockGroup group(launch, launch.cooperative ? BlockGroup::Kind::Grid : BlockGroup::Kind::Cluster,
                   size, serialMode() ? 1u : static_cast<unsigned>(workerCount()));
  std::vector<GroupThread> args(size);
  std::vector<pthread_t> threads(size);
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  // The thread's own stack only runs the block runner's loop and fault handling (kernel code
  // runs on fiber stacks): a small one keeps a grid of a thousand blocks light.
  pthread_attr_setstacksize(&attr, std::size_t{1} << 20);
  for (unsigned r = 0; r < size; ++r) {
    args[r] = GroupThread{&launch, &group, r, clusters};
    if (int e = pthread_create(&threads[r], &attr, &runGroupThread, &args[r]); e != 0) {
      // Out of threads or memory: the launch fails, and the threads started give up.
      report::Fault f;
      f.kind = report::FaultKind::Exception;
      f.detail = "cannot start an OS thread for block rank " + std::to_string(r) + " of the " + std::to_string(size) +
                 " blocks that must run at once (" + std::strerror(e) + ")";
      launch.recordFault(std::move(f));
      group.abandon();
      threads.resize(r);
      break;
    }
  }
  pthread_attr_destroy(&attr);
  for (pthread_t t : threads) pthread_join(t, nullptr);
}

}  // namespace loom::sched
