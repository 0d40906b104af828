// cuda::pipeline_shared_state and the pipelines made from it (cuda::pipeline<thread_scope_block>
// and wider scopes), written from libcu++'s documentation: a group's threads share Stages
// buffers; producers acquire a stage, copy into it and commit; consumers wait for it, read it
// and release it back to the producers. make_pipeline(group, &state) makes every thread both
// (a unified pipeline); with a producer count or a role per thread, each is one of them.
//
// The copies are made at once (loom/device/async_copy.h), but the stages still order threads:
// a consumer may read a stage only after every producer has committed it, and a producer may
// fill it again only after every consumer has released it. Each stage keeps the rounds it has
// completed in each direction; a thread that must wait yields to the block's others
// (__nanosleep) until the round it needs completes, as cuda::barrier does. The state lives
// where the program puts it (a __shared__ variable): plain integers under GCC __atomic
// builtins, which are Loom's atomic hooks in kernel code, so the state needs no constructor
// and make_pipeline sets it up, as on the device.
#pragma once

#include <chrono>
#include <initializer_list>
#include <cstddef>
#include <cstdint>

#include <cuda/atomic>

#include "loom/device/async_copy.h"
#include "loom/device/sync.h"

namespace cuda {

namespace loom_pipeline {
// One direction of one stage: arrivals in the round in progress, rounds completed, and the
// threads that quit: before arriving in the round in progress (it waits for fewer), or after
// (the rounds from the next on wait for fewer).
struct Turn {
  unsigned arrivals;
  unsigned rounds;
  unsigned left;
  unsigned leftAfter;
};
struct Stage {
  Turn full;   // producers' commits
  Turn empty;  // consumers' releases
};
struct Members {
  unsigned producers;  // threads that commit (each round waits for all of them)
  unsigned consumers;  // threads that release
  unsigned remaining;  // threads that have not quit
};
}  // namespace loom_pipeline

template <thread_scope Scope, ::std::uint8_t StagesCount>
class pipeline_shared_state {
 public:
  pipeline_shared_state() = default;
  pipeline_shared_state(const pipeline_shared_state&) = delete;
  pipeline_shared_state& operator=(const pipeline_shared_state&) = delete;

 private:
  template <class Group, thread_scope S, ::std::uint8_t N>
  friend pipeline<S> loom_make_shared_pipeline(const Group&, pipeline_shared_state<S, N>*, int);
  loom_pipeline::Members members_;
  loom_pipeline::Stage stages_[StagesCount];
};

template <thread_scope Scope>
class pipeline {
 public:
  pipeline(pipeline&& other) noexcept { *this = static_cast<pipeline&&>(other); }
  pipeline& operator=(pipeline&& other) noexcept {
    members_ = other.members_, stages_ = other.stages_, count_ = other.count_;
    head_ = other.head_, tail_ = other.tail_;
    producer_ = other.producer_, consumer_ = other.consumer_, active_ = other.active_;
    other.active_ = false;
    return *this;
  }
  pipeline(const pipeline&) = delete;
  pipeline& operator=(const pipeline&) = delete;
  // A thread that never quit leaves on its way out, as libcu++'s destructor does.
  ~pipeline() {
    if (active_) quit();
  }

  // Waits until the consumers have released the stage at the head, from its previous round.
  void producer_acquire() {
    const unsigned round = head_ / count_;
    Turn& empty = stage(head_).empty;
    while (__atomic_load_n(&empty.rounds, __ATOMIC_ACQUIRE) < round) __nanosleep(0);
  }
  void producer_commit() {
    arrive(stage(head_).full, members_->producers);
    ++head_;
  }
  // Waits until every producer has committed the stage at the tail.
  void consumer_wait() { waitFull(tail_); }
  template <class Rep, class Period>
  bool consumer_wait_for(const ::std::chrono::duration<Rep, Period>& duration) {
    return consumer_wait_until(::std::chrono::steady_clock::now() + duration);
  }
  template <class Clock, class Duration>
  bool consumer_wait_until(const ::std::chrono::time_point<Clock, Duration>& deadline) {
    while (!isFull(tail_)) {
      if (Clock::now() >= deadline) return false;
      __nanosleep(0);
    }
    return true;
  }
  void consumer_release() {
    arrive(stage(tail_).empty, members_->consumers);
    ++tail_;
  }
  // Leaves the pipeline: later rounds no longer wait for this thread. True for the last thread
  // to leave.
  bool quit() {
    active_ = false;
    if (producer_) leave(&Stage::full, members_->producers, head_);
    if (consumer_) leave(&Stage::empty, members_->consumers, tail_);
    return __atomic_sub_fetch(&members_->remaining, 1u, __ATOMIC_ACQ_REL) == 0;
  }

 private:
  template <class Group, thread_scope S, ::std::uint8_t N>
  friend pipeline<S> loom_make_shared_pipeline(const Group&, pipeline_shared_state<S, N>*, int);
  using Turn = loom_pipeline::Turn;
  using Stage = loom_pipeline::Stage;

  pipeline(loom_pipeline::Members* members, Stage* stages, unsigned count, bool producer, bool consumer)
      : members_(members), stages_(stages), count_(count), producer_(producer), consumer_(consumer),
        active_(true) {}

  Stage& stage(unsigned position) const { return stages_[position % count_]; }
  bool isFull(unsigned position) const {
    return __atomic_load_n(&stage(position).full.rounds, __ATOMIC_ACQUIRE) > position / count_;
  }
  void waitFull(unsigned position) const {
    while (!isFull(position)) __nanosleep(0);
  }
  // The arrival that makes the round complete opens the next one. `members` counts the
  // direction's threads at make_pipeline.
  static void arrive(Turn& turn, unsigned members) {
    complete(turn, __atomic_add_fetch(&turn.arrivals, 1u, __ATOMIC_ACQ_REL), members);
  }
  static void complete(Turn& turn, unsigned arrived, unsigned members) {
    if (arrived == 0 || arrived < members - __atomic_load_n(&turn.left, __ATOMIC_ACQUIRE)) return;
    if (!__atomic_compare_exchange_n(&turn.arrivals, &arrived, 0u, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
      return;
    ::loom::device::syncCompleted(arrived);  // every thread of a unified pipeline: racecheck's barrier
    __atomic_add_fetch(&turn.left, __atomic_exchange_n(&turn.leftAfter, 0u, __ATOMIC_ACQ_REL), __ATOMIC_ACQ_REL);
    __atomic_add_fetch(&turn.rounds, 1u, __ATOMIC_RELEASE);
  }
  // Rounds no longer wait for this thread, which has arrived at the positions before `arrived`
  // (a round in progress is never more than one ahead of a thread's last arrival); a round
  // that waited only for this thread completes now.
  void leave(Turn Stage::*which, unsigned members, unsigned arrived) {
    for (unsigned s = 0; s < count_; ++s) {
      Turn& turn = stages_[s].*which;
      const unsigned position = __atomic_load_n(&turn.rounds, __ATOMIC_ACQUIRE) * count_ + s;
      if (position < arrived) {
        __atomic_add_fetch(&turn.leftAfter, 1u, __ATOMIC_ACQ_REL);
      } else {
        __atomic_add_fetch(&turn.left, 1u, __ATOMIC_ACQ_REL);
        complete(turn, __atomic_load_n(&turn.arrivals, __ATOMIC_ACQUIRE), members);
      }
    }
  }

  loom_pipeline::Members* members_ = nullptr;
  Stage* stages_ = nullptr;
  unsigned count_ = 1;  // stages
  unsigned head_ = 0;  // the next stage to fill (a count of commits)
  unsigned tail_ = 0;  // the next stage to consume (a count of releases)
  bool producer_ = false, consumer_ = false, active_ = false;
};

// Every thread of the group calls it. role: -1 both (unified), 0 producer, 1 consumer.
template <class Group, thread_scope Scope, ::std::uint8_t StagesCount>
pipeline<Scope> loom_make_shared_pipeline(const Group& group, pipeline_shared_state<Scope, StagesCount>* state,
                                          int role) {
  static_assert(Scope != thread_scope_thread, "a shared pipeline's scope is wider than one thread");
  loom_pipeline::Members* members = &state->members_;
  const bool producer = role != 1, consumer = role != 0;
  if (group.thread_rank() == 0) {
    __atomic_store_n(&members->producers, 0u, __ATOMIC_RELAXED);
    __atomic_store_n(&members->consumers, 0u, __ATOMIC_RELAXED);
    __atomic_store_n(&members->remaining, static_cast<unsigned>(group.size()), __ATOMIC_RELAXED);
    for (unsigned s = 0; s < StagesCount; ++s) {
      for (loom_pipeline::Turn* turn : {&state->stages_[s].full, &state->stages_[s].empty}) {
        for (unsigned* field : {&turn->arrivals, &turn->rounds, &turn->left, &turn->leftAfter})
          __atomic_store_n(field, 0u, __ATOMIC_RELAXED);
      }
    }
  }
  group.sync();  // the counts are zero before anyone counts itself in
  if (producer) __atomic_add_fetch(&members->producers, 1u, __ATOMIC_ACQ_REL);
  if (consumer) __atomic_add_fetch(&members->consumers, 1u, __ATOMIC_ACQ_REL);
  group.sync();  // and complete before anyone waits on them
  return pipeline<Scope>(members, state->stages_, StagesCount, producer, consumer);
}

template <class Group, thread_scope Scope, ::std::uint8_t StagesCount>
pipeline<Scope> make_pipeline(const Group& group, pipeline_shared_state<Scope, StagesCount>* state) {
  return loom_make_shared_pipeline(group, state, -1);
}

// The group's first producer_count threads (by thread_rank) produce; the others consume.
template <class Group, thread_scope Scope, ::std::uint8_t StagesCount>
pipeline<Scope> make_pipeline(const Group& group, pipeline_shared_state<Scope, StagesCount>* state,
                              ::std::size_t producer_count) {
  return loom_make_shared_pipeline(group, state, group.thread_rank() < producer_count ? 0 : 1);
}

template <class Group, thread_scope Scope, ::std::uint8_t StagesCount>
pipeline<Scope> make_pipeline(const Group& group, pipeline_shared_state<Scope, StagesCount>* state,
                              pipeline_role role) {
  return loom_make_shared_pipeline(group, state, role == pipeline_role::producer ? 0 : 1);
}

// A copy into a shared pipeline's stage by one thread.
template <class Size, thread_scope Scope>
void memcpy_async(void* dst, const void* src, Size size, pipeline<Scope>&) {
  ::loom::device::copyNow(dst, src, static_cast<::std::size_t>(size));
}

template <class T, class Size, thread_scope Scope>
void memcpy_async(T* dst, const T* src, Size size, pipeline<Scope>& p) {
  memcpy_async(static_cast<void*>(dst), static_cast<const void*>(src), size, p);
}

// A copy by every thread of a group, with the same arguments: each copies its share (the
// elements rank, rank + size, ...), as cooperative_groups::memcpy_async does.
template <class Group, class T, class Size, thread_scope Scope>
void memcpy_async(const Group& group, T* dst, const T* src, Size size, pipeline<Scope>&) {
  ::loom::device::copyShare(dst, src, static_cast<::std::size_t>(size), group.thread_rank(), group.size());
}

template <class Group, class Size, thread_scope Scope>
void memcpy_async(const Group& group, void* dst, const void* src, Size size, pipeline<Scope>& p) {
  memcpy_async(group, static_cast<char*>(dst), static_cast<const char*>(src), size, p);
}

}  // namespace cuda
