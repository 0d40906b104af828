// Where a lane enters and leaves a control-flow region (loom/device/reconverge.h):
// loom_region_enter and loom_region_leave, called from the mark's inline asm in kernel code when
// the thread's mark byte is not zero (region_marks.h). They keep every register but the flags, so
// that the asm tells g++ nothing but "flags clobbered": no memory, no call. g++ then moves the
// program's loads and stores across region boundaries as freely as nvcc moves them across its
// convergence barriers, and keeps values in registers across them (see reconverge.h for what a
// volatile marker cost). Host code of a .cu file has marks too; there the runner is null.
//
// In lockstep mode they do the bookkeeping BlockRunner::regionOrder reads (sched/lockstep.cpp):
// entering raises the lane's depth d, counts one more region entered at level d and restarts
// level d + 1's count (levels kRegionLevels and deeper are told apart by depth alone); leaving
// lowers the depth. Past the watchdog a mark inside a block stops the thread there
// (loom_region_watchdog): every `if` and loop of the user's code is such a point, so a loop that
// makes no memory access, which no hook sees, still ends with a report. The routines are
// assembly so that they need save only the two registers they use.
#include "sched/region_marks.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <vector>

#include "sched/block_runner.h"

__thread unsigned char tRegionMarks asm("loom_region_marks") = 0;

namespace loom::sched {
namespace {
std::mutex gMarksMutex;
std::vector<unsigned char*> gMarks;  // the bytes of the threads that run blocks
bool gWatchdog = false;
}  // namespace

void registerRegionMarks() {
  std::lock_guard lock(gMarksMutex);
  gMarks.push_back(&tRegionMarks);
  if (gWatchdog) __atomic_fetch_or(&tRegionMarks, kMarksWatchdog, __ATOMIC_RELAXED);
}

void unregisterRegionMarks() {
  std::lock_guard lock(gMarksMutex);
  gMarks.erase(std::remove(gMarks.begin(), gMarks.end(), &tRegionMarks), gMarks.end());
}

void setLockstepMarks(bool on) {
  if (on) __atomic_fetch_or(&tRegionMarks, kMarksLockstep, __ATOMIC_RELAXED);
  else __atomic_fetch_and(&tRegionMarks, static_cast<unsigned char>(~kMarksLockstep), __ATOMIC_RELAXED);
}

void setWatchdogMarks(bool on) {
  std::lock_guard lock(gMarksMutex);
  gWatchdog = on;
  for (unsigned char* m : gMarks) {
    if (on) __atomic_fetch_or(m, kMarksWatchdog, __ATOMIC_RELAXED);
    else __atomic_fetch_and(m, static_cast<unsigned char>(~kMarksWatchdog), __ATOMIC_RELAXED);
  }
}

struct RegionMarks {
  // Defines the offsets below as assembler constants; never called.
  [[gnu::used]] static void offsets();
};

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winvalid-offsetof"  // BlockRunner is not standard-layout; g++ lays it out all the same
void RegionMarks::offsets() {
  static_assert(sizeof(Lane::regionDepth) == 2 && sizeof(Lane::regionsEntered[0]) == 2);
  static_assert(kMarksWatchdog == 2);
  asm volatile(".set loom_rm_current, %c0" : : "i"(offsetof(BlockRunner, current_)));
  asm volatile(".set loom_rm_depth, %c0" : : "i"(offsetof(Lane, regionDepth)));
  asm volatile(".set loom_rm_entered, %c0" : : "i"(offsetof(Lane, regionsEntered)));
  asm volatile(".set loom_rm_levels, %c0" : : "i"(Lane::kRegionLevels));
  asm volatile(".set loom_rm_ahead, %c0" : : "i"(offsetof(Lane, barrierAhead)));
}
#pragma GCC diagnostic pop

}  // namespace loom::sched

// A mark reached past the watchdog, in a block: `*slot` is where the mark's out-of-line call
// (`call loom_*; jmp 1b`, reconverge.h) returns to, its jump (2 or 5 bytes, as the assembler
// chose) back to the instruction after the mark; the byte before that is the mark's own code, at
// the line of the user's `if` or loop. Fails the block (does not return). The slot then holds
// the address after the mark: the jump lies in a subsection that no unwind table covers, so a
// debugger stopped in the fault unwinds from there into the kernel.
extern "C" [[noreturn, gnu::used]] void loom_region_watchdog(const unsigned char** slot) {
  const unsigned char* returned = *slot;
  const unsigned char* after = returned;
  if (returned[0] == 0xEB) {
    after = returned + 2 + static_cast<std::int8_t>(returned[1]);
  } else if (returned[0] == 0xE9) {
    std::int32_t offset;
    std::memcpy(&offset, returned + 1, sizeof offset);
    after = returned + 5 + offset;
  }
  *slot = after;
  loom::sched::BlockRunner::current()->watchdogExpired(after - 1);
}

// Hidden: kernel code is always linked into the binary that holds the engine (an executable or
// a shared library, loom/core/engine_tls.h), and its asm calls these directly, not through a PLT.
asm(R"(
    # Every routine begins with loom_rm_begin: %rax and %rcx saved, then, in a block, either
    # loom_region_stop (past the watchdog) or %rax = the running lane; outside a block (host code
    # of a .cu file) straight to loom_rm_end.
    .macro loom_rm_begin
    .cfi_startproc
    pushq  %rax
    .cfi_adjust_cfa_offset 8
    pushq  %rcx
    .cfi_adjust_cfa_offset 8
    movq   loom_block_runner@gottpoff(%rip), %rax
    movq   %fs:(%rax), %rax
    testq  %rax, %rax
    jz     9f
    movq   loom_region_marks@gottpoff(%rip), %rcx
    testb  $2, %fs:(%rcx)
    jnz    loom_region_stop
    movq   loom_rm_current(%rax), %rax
    .endm
    .macro loom_rm_end
9:  popq   %rcx
    .cfi_adjust_cfa_offset -8
    popq   %rax
    .cfi_adjust_cfa_offset -8
    ret
    .cfi_endproc
    .endm

    .text
    .globl loom_region_enter
    .hidden loom_region_enter
    .type loom_region_enter, @function
loom_region_enter:
    loom_rm_begin
    movzwl loom_rm_depth(%rax), %ecx
    incw   %cx
    movw   %cx, loom_rm_depth(%rax)
    cmpl   $loom_rm_levels, %ecx
    jae    9f
    incw   loom_rm_entered(%rax,%rcx,2)
    incl   %ecx
    cmpl   $loom_rm_levels, %ecx
    jae    9f
    movw   $0, loom_rm_entered(%rax,%rcx,2)
    loom_rm_end
    .size loom_region_enter, .-loom_region_enter

    .globl loom_region_leave
    .hidden loom_region_leave
    .type loom_region_leave, @function
loom_region_leave:
    loom_rm_begin
    cmpw   $0, loom_rm_depth(%rax)
    je     9f
    decw   loom_rm_depth(%rax)
    loom_rm_end
    .size loom_region_leave, .-loom_region_leave

    # The statements before a __syncthreads begin (loom-cc's barrier-ahead mark): the lane's
    # barrierAhead, which the barrier clears (sched/lane.h).
    .globl loom_barrier_ahead
    .hidden loom_barrier_ahead
    .type loom_barrier_ahead, @function
loom_barrier_ahead:
    loom_rm_begin
    movb   $1, loom_rm_ahead(%rax)
    loom_rm_end
    .size loom_barrier_ahead, .-loom_barrier_ahead

    # Past the watchdog, in a block, jumped to with %rax and %rcx pushed (16(%rsp) is the mark's
    # return address, whose slot loom_region_watchdog is given): it fails the block and does not
    # return, so nothing needs restoring; the stack is aligned for the call. The frame is kept in %rbp so that a
    # debugger unwinds through the alignment to the kernel (gdb stops in loom_region_watchdog).
    .type loom_region_stop, @function
loom_region_stop:
    .cfi_startproc
    .cfi_adjust_cfa_offset 16
    pushq  %rbp
    .cfi_adjust_cfa_offset 8
    .cfi_rel_offset %rbp, 0
    movq   %rsp, %rbp
    .cfi_def_cfa_register %rbp
    leaq   24(%rbp), %rdi
    andq   $-16, %rsp
    call   loom_region_watchdog
    ud2
    .cfi_endproc
    .size loom_region_stop, .-loom_region_stop
)");
