// Where a lane enters and leaves a control-flow region (loom/device/reconverge.h), in lockstep
// mode: loom_region_enter and loom_region_leave, called from the mark's inline asm in kernel
// code. They keep every register but the flags, so that the asm tells g++ nothing but "flags
// clobbered": no memory, no call. g++ then moves the program's loads and stores across region
// boundaries as freely as nvcc moves them across its convergence barriers, and keeps values in
// registers across them (see reconverge.h for what a volatile marker cost). Only lockstep mode
// calls them, and only from inside a block: the runner and its running lane are set.
//
// What they do is the bookkeeping BlockRunner::regionOrder reads (sched/lockstep.cpp): entering
// raises the lane's depth d, counts one more region entered at level d and restarts level d + 1's
// count (levels kRegionLevels and deeper are told apart by depth alone); leaving lowers the depth.
#include <cstddef>

#include "sched/block_runner.h"

namespace loom::sched {

struct RegionMarks {
  // Defines the offsets below as assembler constants; never called.
  [[gnu::used]] static void offsets();
};

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winvalid-offsetof"  // BlockRunner is not standard-layout; g++ lays it out all the same
void RegionMarks::offsets() {
  static_assert(sizeof(Lane::regionDepth) == 2 && sizeof(Lane::regionsEntered[0]) == 2);
  asm volatile(".set loom_rm_current, %c0" : : "i"(offsetof(BlockRunner, current_)));
  asm volatile(".set loom_rm_depth, %c0" : : "i"(offsetof(Lane, regionDepth)));
  asm volatile(".set loom_rm_entered, %c0" : : "i"(offsetof(Lane, regionsEntered)));
  asm volatile(".set loom_rm_levels, %c0" : : "i"(Lane::kRegionLevels));
}
#pragma GCC diagnostic pop

}  // namespace loom::sched

// Hidden: kernel code is always linked into the binary that holds the engine (an executable or
// a shared library, loom/core/engine_tls.h), and its asm calls these directly, not through a PLT.
asm(R"(
    .text
    .globl loom_region_enter
    .hidden loom_region_enter
    .type loom_region_enter, @function
loom_region_enter:
    .cfi_startproc
    pushq  %rax
    .cfi_adjust_cfa_offset 8
    pushq  %rcx
    .cfi_adjust_cfa_offset 8
    movq   loom_block_runner@gottpoff(%rip), %rax
    movq   %fs:(%rax), %rax
    testq  %rax, %rax
    jz     1f
    movq   loom_rm_current(%rax), %rax
    movzwl loom_rm_depth(%rax), %ecx
    incw   %cx
    movw   %cx, loom_rm_depth(%rax)
    cmpl   $loom_rm_levels, %ecx
    jae    1f
    incw   loom_rm_entered(%rax,%rcx,2)
    incl   %ecx
    cmpl   $loom_rm_levels, %ecx
    jae    1f
    movw   $0, loom_rm_entered(%rax,%rcx,2)
1:  popq   %rcx
    .cfi_adjust_cfa_offset -8
    popq   %rax
    .cfi_adjust_cfa_offset -8
    ret
    .cfi_endproc
    .size loom_region_enter, .-loom_region_enter

    .globl loom_region_leave
    .hidden loom_region_leave
    .type loom_region_leave, @function
loom_region_leave:
    .cfi_startproc
    pushq  %rax
    .cfi_adjust_cfa_offset 8
    movq   loom_block_runner@gottpoff(%rip), %rax
    movq   %fs:(%rax), %rax
    testq  %rax, %rax
    jz     1f
    movq   loom_rm_current(%rax), %rax
    cmpw   $0, loom_rm_depth(%rax)
    je     1f
    decw   loom_rm_depth(%rax)
1:  popq   %rax
    .cfi_adjust_cfa_offset -8
    ret
    .cfi_endproc
    .size loom_region_leave, .-loom_region_leave
)");
