// The common case of a plain __syncthreads, in assembly: loom::device::syncthreads(void* runner),
// which kernel code calls with its worker's block runner (loom/device/sync.h).
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
// It handles a lane that is neither the last to arrive nor in a block needing more (an unsettled
// batch, lockstep: BlockRunner::slowArrival_): it records the arrival, makes the next queued lane
// the running one and switches to it, or, when nothing is queued and threads remain to start (a
// thread's first wait), hands the worker to a parked runner fiber. Everything else jumps, before
// changing anything, to loom_syncthreads_slow (device/sync.cpp), the same barrier in C++
// (BlockRunner::barrier), entered with the kernel's return address where the fast path found it.
// It does what BlockRunner::arrive, popRunnable and firstWaitContext do; a change to one is a
// change to the other. The offsets come from the C++ layout at build time (.set below).
#include <cstddef>

#include "sched/block_runner.h"

namespace loom::sched {

struct BarrierFastPath {
  // Defines, as assembler constants, the offsets the fast path uses. Never called: its asm only
  // emits `.set` directives into this translation unit.
  [[gnu::used]] static void offsets();
};

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winvalid-offsetof"  // BlockRunner is not standard-layout; g++ lays it out all the same
void BarrierFastPath::offsets() {
  static_assert(offsetof(RunnerFiber, context) == 0);
  static_assert(offsetof(Fiber, ctx_) == 0);
  static_assert(sizeof(Lane) == 128 && sizeof(LaneIndex) == 2 && RunQueue::kMask == 1023);
  static_assert(static_cast<int>(Lane::State::Running) == 1 && static_cast<int>(Lane::State::Waiting) == 2);
  asm volatile(
      ".set loom_bfp_slow, %c0\n\t"
      ".set loom_bfp_current, %c1\n\t"
      ".set loom_bfp_arrived, %c2\n\t"
      ".set loom_bfp_live, %c3\n\t"
      ".set loom_bfp_waiters, %c4\n\t"
      ".set loom_bfp_head, %c5\n\t"
      ".set loom_bfp_tail, %c6\n\t"
      ".set loom_bfp_ring, %c7\n\t"
      ".set loom_bfp_contexts, %c8\n\t"
      ".set loom_bfp_lanes, %c9\n\t"
      ".set loom_bfp_parked_count, %c10\n\t"
      ".set loom_bfp_parked, %c11\n\t"
      ".set loom_bfp_next_unstarted, %c12\n\t"
      ".set loom_bfp_thread_count, %c13\n\t"
      ".set loom_bfp_starting, %c14\n\t"
      ".set loom_bfp_lane_tid, %c15\n\t"
      ".set loom_bfp_lane_linear, %c16\n\t"
      ".set loom_bfp_lane_state, %c17\n\t"
      ".set loom_bfp_lane_site, %c18\n\t"
      :
      : "i"(offsetof(BlockRunner, slowArrival_)), "i"(offsetof(BlockRunner, current_)),
        "i"(offsetof(BlockRunner, arrived_)), "i"(offsetof(BlockRunner, live_)),
        "i"(offsetof(BlockRunner, barrierWaiters_)),
        "i"(offsetof(BlockRunner, runnable_) + offsetof(RunQueue, head_)),
        "i"(offsetof(BlockRunner, runnable_) + offsetof(RunQueue, tail_)),
        "i"(offsetof(BlockRunner, runnable_) + offsetof(RunQueue, ring_)),
        "i"(offsetof(BlockRunner, laneContexts_)), "i"(offsetof(BlockRunner, lanes_)),
        "i"(offsetof(BlockRunner, parkedCount_)), "i"(offsetof(BlockRunner, parked_)),
        "i"(offsetof(BlockRunner, nextUnstarted_)), "i"(offsetof(BlockRunner, threadCount_)),
        "i"(offsetof(BlockRunner, startingFiber_)), "i"(offsetof(Lane, tid)), "i"(offsetof(Lane, linear)),
        "i"(offsetof(Lane, state)), "i"(offsetof(Lane, waitSite)));
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
    # Pop the next lane; prefetch the stack of the lane after it (a stale slot past the end
    # names some lane's saved stack or null: a prefetch never faults).
    movl   %r8d, %eax
    andl   $1023, %eax
    movzwl loom_bfp_ring(%rdi,%rax,2), %eax
    addl   $1, %r8d
    movl   %r8d, loom_bfp_head(%rdi)
    andl   $1023, %r8d
    movzwl loom_bfp_ring(%rdi,%r8,2), %r8d
    movq   loom_bfp_contexts(%rdi,%r8,8), %r8
    prefetcht0 (%r8)
    prefetcht0 64(%r8)
    # It becomes the running lane: current_, its state, threadIdx.
    movq   %rax, %rcx
    shlq   $7, %rcx
    leaq   loom_bfp_lanes(%rdi,%rcx), %rcx
    movq   %rcx, loom_bfp_current(%rdi)
    movb   $1, loom_bfp_lane_state(%rcx)
    movq   loom_tid@gottpoff(%rip), %r9
    movq   loom_bfp_lane_tid(%rcx), %r10
    movq   %r10, %fs:(%r9)
    movl   loom_bfp_lane_tid+8(%rcx), %r10d
    movl   %r10d, %fs:8(%r9)
    movq   loom_bfp_contexts(%rdi,%rax,8), %rax
.Lloom_bfp_switch:
    # Save this lane in its slot and resume the context in %rax. %rsp points at the kernel's
    # return address, which becomes the resume address of the frame the switch leaves.
    leaq   loom_bfp_contexts(%rdi,%rsi,8), %rsi
    movq   %rax, %rdi
    jmp    loom_switch_fcontext
.Lloom_bfp_first_wait:
    # Nothing queued: a thread's first wait while threads remain to start takes a parked runner.
    movl   loom_bfp_parked_count(%rdi), %r9d
    testl  %r9d, %r9d
    je     loom_syncthreads_slow
    movl   loom_bfp_next_unstarted(%rdi), %r10d
    cmpl   loom_bfp_thread_count(%rdi), %r10d
    jae    loom_syncthreads_slow
    loom_bfp_arrive
    subl   $1, %r9d
    movl   %r9d, loom_bfp_parked_count(%rdi)
    movq   loom_bfp_parked(%rdi,%r9,8), %r9
    movq   %r9, loom_bfp_starting(%rdi)
    movq   (%r9), %rax
    jmp    .Lloom_bfp_switch
    .size _ZN4loom6device11syncthreadsEPv, .-_ZN4loom6device11syncthreadsEPv
)");
