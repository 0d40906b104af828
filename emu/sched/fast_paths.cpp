// The two switches every CUDA thread of a kernel with barriers makes most, in assembly: a plain
// __syncthreads (loom::device::syncthreads(void* runner), which kernel code calls with its
// worker's block runner, loom/device/sync.h), and the end of a thread whose runner parks
// (loom_finish_thread, entered from a kernel's run loop, loom::runtime::finishThread in
// loom/runtime/context_switch.h).
//
// Why assembly. The barrier suspends the arriving lane with the kernel's own return address as
// the point to resume it at: the function has no frame of its own, so the switch's frame (Boost's
// layout, sched/fiber.cpp) sits right below that return address, and the lane is resumed by the
// switch's `jmp *%r8` straight into the kernel. Suspended inside a C++ function instead, a lane
// resumed there returns into the kernel with `ret`, which the return-stack predictor guesses from
// the call that the switching lane made: wrong whenever the two lanes wait at different
// __syncthreads of the kernel (the first barrier and the loop's, an `if`'s two sides), about a
// mispredicted return per thread and barrier site. Resumed by jump, the indirect-branch predictor
// has the lane's own site. Measured (interleaved runs, one kernel per line, 2^24 threads): the
// tree reduction of bench (b) 980 -> 805 ms, nine barriers over two sites 851 -> 734 ms, nine at
// one site unchanged (757 -> 779, noise). Only assembly guarantees there is no frame (g++ at -O0
// would make one).
//
// The barrier handles a lane that is neither the last to arrive nor in a block needing more (an
// unsettled batch, lockstep: BlockRunner::slowArrival_): it records the arrival, makes the next
// queued lane the running one and switches to it, or, when nothing is queued and threads remain
// to start (a thread's first wait), starts the next thread on a parked runner fiber and switches
// to that. Everything else jumps, before changing anything, to loom_syncthreads_slow
// (device/sync.cpp), the same barrier in C++ (BlockRunner::barrier), entered with the kernel's
// return address where the fast path found it. It does what BlockRunner::arrive, popRunnable,
// newRunner and giveBatch do; a change to one is a change to the other.
//
// The end of a thread handles a settled thread that exits while nobody waits, when every thread
// has started and a lane is runnable: it exits (BlockRunner::onExit), its runner parks with the
// run loop's resume point as its own (BlockRunner::park) and the next lane runs; everything else
// jumps to loom_finish_thread_slow (BlockRunner::finishThreads). Together with the barrier's
// start of the next thread, a kernel of one barrier went from 260 to 213 instructions per
// thread (callgrind, one worker), bench (b)'s reduction from 852 to 804; timed on one
// worker, the reduction 1548 -> 1485 ms and a kernel of one barrier 376 -> 333 ms (medians of
// five interleaved runs).
//
// The offsets come from the C++ layout at build time (.set below).
#include <cstddef>
#include <vector>

#include "sched/block_runner.h"

namespace loom::sched {

struct FastPaths {
  // Defines, as assembler constants, the offsets the fast paths use. Never called: its asm only
  // emits `.set` directives into this translation unit.
  [[gnu::used]] static void offsets();
};

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winvalid-offsetof"  // BlockRunner is not standard-layout; g++ lays it out all the same
void FastPaths::offsets() {
  static_assert(offsetof(RunnerFiber, context) == 0);
  static_assert(offsetof(Fiber, ctx_) == 0);
  static_assert(sizeof(Lane) == 128 && sizeof(LaneIndex) == 2 && RunQueue::kMask == 1023);
  static_assert(static_cast<int>(Lane::State::Running) == 1 && static_cast<int>(Lane::State::Waiting) == 2 &&
                static_cast<int>(Lane::State::Exited) == 4);
  // warps_'s elements are read through its first word: libstdc++'s vector begins with its data
  // pointer.
  static_assert(sizeof(std::vector<BlockRunner::WarpSync>) == 3 * sizeof(void*));
  static_assert(sizeof(BlockRunner::sequence_) == 8 && sizeof(RunnerFiber::parkedFor) == 8);
  // One assembler constant per offset the assembly below uses.
#define LOOM_BFP_SET(name, value) asm volatile(".set loom_bfp_" #name ", %c0" : : "i"(value))
  LOOM_BFP_SET(slow, offsetof(BlockRunner, slowArrival_));
  LOOM_BFP_SET(current, offsetof(BlockRunner, current_));
  LOOM_BFP_SET(arrived, offsetof(BlockRunner, arrived_));
  LOOM_BFP_SET(live, offsetof(BlockRunner, live_));
  LOOM_BFP_SET(waiters, offsetof(BlockRunner, barrierWaiters_));
  LOOM_BFP_SET(head, offsetof(BlockRunner, runnable_) + offsetof(RunQueue, head_));
  LOOM_BFP_SET(tail, offsetof(BlockRunner, runnable_) + offsetof(RunQueue, tail_));
  LOOM_BFP_SET(ring, offsetof(BlockRunner, runnable_) + offsetof(RunQueue, ring_));
  LOOM_BFP_SET(contexts, offsetof(BlockRunner, laneContexts_));
  LOOM_BFP_SET(lanes, offsetof(BlockRunner, lanes_));
  LOOM_BFP_SET(parked_count, offsetof(BlockRunner, parkedCount_));
  LOOM_BFP_SET(parked, offsetof(BlockRunner, parked_));
  LOOM_BFP_SET(next_unstarted, offsetof(BlockRunner, nextUnstarted_));
  LOOM_BFP_SET(thread_count, offsetof(BlockRunner, threadCount_));
  LOOM_BFP_SET(batch_fiber, offsetof(BlockRunner, batchFiber_));
  LOOM_BFP_SET(lockstep, offsetof(BlockRunner, lockstep_));
  LOOM_BFP_SET(eager, offsetof(BlockRunner, eagerLanes_));
  LOOM_BFP_SET(cluster_arrivals, offsetof(BlockRunner, clusterArrivals_));
  LOOM_BFP_SET(sequence, offsetof(BlockRunner, sequence_));
  LOOM_BFP_SET(warps, offsetof(BlockRunner, warps_));
  LOOM_BFP_SET(warp_size, sizeof(BlockRunner::WarpSync));
  LOOM_BFP_SET(warp_arrived, offsetof(BlockRunner::WarpSync, arrived));
  LOOM_BFP_SET(warp_exited, offsetof(BlockRunner::WarpSync, exited));
  LOOM_BFP_SET(lane_tid, offsetof(Lane, tid));
  LOOM_BFP_SET(lane_linear, offsetof(Lane, linear));
  LOOM_BFP_SET(lane_state, offsetof(Lane, state));
  LOOM_BFP_SET(lane_site, offsetof(Lane, waitSite));
  LOOM_BFP_SET(lane_fiber, offsetof(Lane, fiber));
  LOOM_BFP_SET(parked_for, offsetof(RunnerFiber, parkedFor));
  LOOM_BFP_SET(batch_next, offsetof(RunnerFiber, batch) + offsetof(runtime::ThreadBatch, next));
  LOOM_BFP_SET(batch_end, offsetof(RunnerFiber, batch) + offsetof(runtime::ThreadBatch, end));
#undef LOOM_BFP_SET
}
#pragma GCC diagnostic pop

}  // namespace loom::sched

// In: rdi = the runner (null in host code). Uses only caller-saved registers; the switch saves
// and restores the callee-saved ones. From the arrival on, %esi is the lane's index in the block.
asm(R"(
    # The arrival (%eax = arrived_, %ecx = arrived_ + 1): the lane's site (the kernel's return
    # address, less one, as LOOM_CALL_SITE), its index among the waiters, its state Waiting.
    .macro loom_bfp_arrive
    movq   loom_bfp_current(%rdi), %rdx
    movq   (%rsp), %r11
    subq   $1, %r11
    movq   %r11, loom_bfp_lane_site(%rdx)
    movl   loom_bfp_lane_linear(%rdx), %esi
    movw   %si, loom_bfp_waiters(%rdi,%rax,2)
    movl   %ecx, loom_bfp_arrived(%rdi)
    movb   $2, loom_bfp_lane_state(%rdx)
    .endm

    # The lane at %rcx becomes the running one: current_, its state, threadIdx. Clobbers %r9,
    # %r10.
    .macro loom_bfp_run_lane
    movq   %rcx, loom_bfp_current(%rdi)
    movb   $1, loom_bfp_lane_state(%rcx)
    movq   loom_tid@gottpoff(%rip), %r9
    movq   loom_bfp_lane_tid(%rcx), %r10
    movq   %r10, %fs:(%r9)
    movl   loom_bfp_lane_tid+8(%rcx), %r10d
    movl   %r10d, %fs:8(%r9)
    .endm

    # Pops the next lane (%r8d = the queue's head; the queue is not empty) and leaves its
    # context in %rax; clobbers %rcx, %r8, %r9, %r10 (BlockRunner::popRunnable). Prefetches the
    # stack and the Lane record of the lane after it (a stale slot past the end names some lane
    # or a null stack: a prefetch never faults). The record's first line is all a switch reads
    # and writes; prefetched, bench (b)'s reduction went 731 -> 712 ms and nine bare barriers
    # 652 -> 641 ms (medians of nine and five interleaved runs, session 15).
    .macro loom_bfp_pop
    movl   %r8d, %eax
    andl   $1023, %eax
    movzwl loom_bfp_ring(%rdi,%rax,2), %eax
    addl   $1, %r8d
    movl   %r8d, loom_bfp_head(%rdi)
    andl   $1023, %r8d
    movzwl loom_bfp_ring(%rdi,%r8,2), %r8d
    movl   %r8d, %r9d
    shlq   $7, %r9
    prefetcht0 loom_bfp_lanes(%rdi,%r9)
    movq   loom_bfp_contexts(%rdi,%r8,8), %r8
    prefetcht0 (%r8)
    prefetcht0 64(%r8)
    movq   %rax, %rcx
    shlq   $7, %rcx
    leaq   loom_bfp_lanes(%rdi,%rcx), %rcx
    loom_bfp_run_lane
    movq   loom_bfp_contexts(%rdi,%rax,8), %rax
    .endm

    .text
    .globl _ZN4loom6device11syncthreadsEPv
    .type _ZN4loom6device11syncthreadsEPv, @function
    .p2align 4
_ZN4loom6device11syncthreadsEPv:
    testq  %rdi, %rdi
    je     loom_syncthreads_slow
    cmpb   $0, loom_bfp_slow(%rdi)
    jne    loom_syncthreads_slow
    movl   loom_bfp_arrived(%rdi), %eax
    leal   1(%rax), %ecx
    cmpl   loom_bfp_live(%rdi), %ecx
    je     loom_syncthreads_slow                 # the last arrival completes the barrier
    movl   loom_bfp_head(%rdi), %r8d
    cmpl   loom_bfp_tail(%rdi), %r8d
    je     .Lloom_bfp_first_wait
    loom_bfp_arrive
    loom_bfp_pop
.Lloom_bfp_switch:
    # Save this lane in its slot and resume the context in %rax. %rsp points at the kernel's
    # return address, which becomes the resume address of the frame the switch leaves.
    leaq   loom_bfp_contexts(%rdi,%rsi,8), %rsi
    movq   %rax, %rdi
    jmp    loom_switch_fcontext
.Lloom_bfp_first_wait:
    # Nothing queued: a thread's first wait while threads remain to start takes the runner
    # parked last, when it parked in this launch and the block starts its threads one at a time
    # (BlockRunner::eagerLanes_), and starts the next thread on it (BlockRunner::giveBatch and
    # startLane): resumed, its run loop finds a batch of one and calls the kernel.
    movl   loom_bfp_parked_count(%rdi), %r9d
    testl  %r9d, %r9d
    je     loom_syncthreads_slow
    movl   loom_bfp_next_unstarted(%rdi), %r10d
    cmpl   loom_bfp_thread_count(%rdi), %r10d
    jae    loom_syncthreads_slow
    cmpb   $0, loom_bfp_eager(%rdi)
    je     loom_syncthreads_slow
    movq   loom_bfp_parked-8(%rdi,%r9,8), %r8
    movq   loom_bfp_sequence(%rdi), %r11
    cmpq   %r11, loom_bfp_parked_for(%r8)
    jne    loom_syncthreads_slow                 # parked in another launch: its loop must leave
    loom_bfp_arrive
    subl   $1, %r9d
    movl   %r9d, loom_bfp_parked_count(%rdi)
    movl   %r10d, loom_bfp_batch_next(%r8)
    leal   1(%r10), %eax
    movl   %eax, loom_bfp_batch_end(%r8)
    movl   %eax, loom_bfp_next_unstarted(%rdi)
    movl   %r10d, %ecx
    shlq   $7, %rcx
    leaq   loom_bfp_lanes(%rdi,%rcx), %rcx
    movq   %r8, loom_bfp_lane_fiber(%rcx)
    loom_bfp_run_lane
    movq   (%r8), %rax
    jmp    .Lloom_bfp_switch
    .size _ZN4loom6device11syncthreadsEPv, .-_ZN4loom6device11syncthreadsEPv

    # loom_finish_thread, which a kernel's run loop enters when the thread it ran returned
    # (loom::runtime::finishThread, loom/runtime/context_switch.h), with %rdi the runner. The
    # common case of a kernel with barriers: a settled thread exits while nobody waits, every
    # thread has started and a lane is runnable. The thread exits (BlockRunner::onExit), its
    # runner fiber parks with the run loop's return address as its resume point
    # (BlockRunner::park) and the next lane runs.
    # Everything else jumps to loom_finish_thread_slow (sched/block_runner.cpp).
    .globl loom_finish_thread
    .hidden loom_finish_thread
    .type loom_finish_thread, @function
    .p2align 4
loom_finish_thread:
    cmpq   $0, loom_bfp_batch_fiber(%rdi)
    jne    loom_finish_thread_slow               # the batch ran without the runtime
    cmpb   $0, loom_bfp_lockstep(%rdi)
    jne    loom_finish_thread_slow
    movq   loom_bfp_current(%rdi), %rdx
    movl   loom_bfp_lane_linear(%rdx), %ecx
    movl   %ecx, %r8d
    shrl   $5, %r8d
    imulq  $loom_bfp_warp_size, %r8, %r8
    addq   loom_bfp_warps(%rdi), %r8              # the lane's warp
    movl   loom_bfp_arrived(%rdi), %eax
    orl    loom_bfp_cluster_arrivals(%rdi), %eax
    orl    loom_bfp_warp_arrived(%r8), %eax
    jne    loom_finish_thread_slow               # a barrier or rendezvous waits
    movl   loom_bfp_next_unstarted(%rdi), %eax
    cmpl   loom_bfp_thread_count(%rdi), %eax
    jb     loom_finish_thread_slow               # threads remain to start on this fiber
    movl   loom_bfp_head(%rdi), %r9d
    cmpl   loom_bfp_tail(%rdi), %r9d
    je     loom_finish_thread_slow               # no lane is runnable
    # The exit: the lane's state, the live count, its bit in the warp's exit mask.
    movb   $4, loom_bfp_lane_state(%rdx)
    subl   $1, loom_bfp_live(%rdi)
    movl   $1, %eax
    shll   %cl, %eax
    orl    %eax, loom_bfp_warp_exited(%r8)
    # The runner parks: its context slot is the fiber's first word.
    movq   loom_bfp_lane_fiber(%rdx), %rsi
    movq   loom_bfp_sequence(%rdi), %rax
    movq   %rax, loom_bfp_parked_for(%rsi)
    movl   loom_bfp_parked_count(%rdi), %eax
    movq   %rsi, loom_bfp_parked(%rdi,%rax,8)
    addl   $1, %eax
    movl   %eax, loom_bfp_parked_count(%rdi)
    movl   %r9d, %r8d
    loom_bfp_pop
    movq   %rax, %rdi
    jmp    loom_switch_fcontext
    .size loom_finish_thread, .-loom_finish_thread
)");
