// Shared-memory bank model: the wavefronts and bank conflicts that Nsight Compute reports on an
// H100 (sm_90) for one warp-level shared-memory access. A pure function of the request: the
// lockstep scheduler forms the request, this model prices it. The rules (bank_model.cpp) were
// found with the device sweep validate/sweeps/banks and reproduce every recorded pattern.
//
// Interface extension (beyond the first draft): SharedRequest::atomic says which SASS form an
// atomic becomes, because nvcc 13 compiles shared atomics into four differently-priced forms, and
// sharedAccessCost() returns every counter such an access moves (a CAS loop issues loads too).
#pragma once

#include <cstdint>

namespace loom::check {

enum class SharedOp : std::uint8_t { Load, Store, Atomic };

// The SASS an atomic becomes (nvcc 13, sm_90, recorded SASS of the sweep's probe):
//   Native   ATOMS.ADD/EXCH/... (32-bit add, sub, exch, min, max, and, or, xor; 64-bit exch)
//   Cas      ATOMS.CAS / ATOMS.CAS.64 (atomicCAS on 32- and 64-bit words)
//   PopcInc  ATOMS.POPC.INC (atomicAdd(int or unsigned*, 1) whose result is unused)
//   CasLoop  LDS + ATOMS.CAST.SPIN loop (atomicAdd on float, double and 64-bit integers)
enum class SharedAtomic : std::uint8_t { Native, Cas, PopcInc, CasLoop };

// One warp-level shared-memory access.
struct SharedRequest {
  SharedOp op;
  unsigned width;                // bytes per lane: 1, 2, 4, 8 or 16
  std::uint32_t activeMask;      // lanes taking part
  std::uint32_t offset[32];      // byte offset in the block's shared window, for active lanes
  SharedAtomic atomic = SharedAtomic::Native;  // for op == Atomic
};

// ncu's counters for one instruction's worth of traffic:
// l1tex__data_pipe_lsu_wavefronts_mem_shared_op_* and l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_*
// (the L1's raw counters), and smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_* (the
// wavefronts ncu attributes to the SASS instruction). The two wavefront counts are equal except
// for some 64- and 128-bit loads, which the two count with different groupings (bank_model.cpp).
struct SharedCost {
  std::uint32_t wavefronts;
  std::uint32_t bankConflicts;
  std::uint32_t sassWavefronts;
};

// The cost on the request's own counter (op_ld, op_st or op_atom). For a CasLoop atomic this is
// the atomic instructions' part only; sharedAccessCost() adds the loop's loads.
SharedCost sharedCost(const SharedRequest& request);

// Everything one access moves, per ncu counter family; `instructions` is
// smsp__sass_inst_executed_op_shared_{ld,st,atom}.
struct SharedCounterCost {
  SharedCost cost{0, 0, 0};
  std::uint32_t instructions = 0;
};
struct SharedAccessCost {
  SharedCounterCost load, store, atomic;
};
SharedAccessCost sharedAccessCost(const SharedRequest& request);

}  // namespace loom::check
