// Shared-memory bank model: the wavefronts and bank conflicts that Nsight Compute reports on an
// H100 (sm_90) for one warp-level shared-memory instruction. A pure function of the request: the
// lockstep scheduler forms the request, this model prices it.
#pragma once

#include <cstdint>

namespace loom::check {

enum class SharedOp : std::uint8_t { Load, Store, Atomic };

// One warp-level shared-memory instruction.
struct SharedRequest {
  SharedOp op;
  unsigned width;                // bytes per lane: 1, 2, 4, 8 or 16
  std::uint32_t activeMask;      // lanes taking part
  std::uint32_t offset[32];      // byte offset in the block's shared window, for active lanes
};

// ncu's two counters for the instruction: l1tex__data_pipe_lsu_wavefronts_mem_shared_op_* and
// l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_* (conflicts = wavefronts beyond the ideal).
struct SharedCost {
  std::uint32_t wavefronts;
  std::uint32_t bankConflicts;
};

SharedCost sharedCost(const SharedRequest& request);

}  // namespace loom::check
