// Global-memory coalescing model: the requests and 32-byte sectors that Nsight Compute reports on
// an H100 (sm_90) for one warp-level global load or store
// (l1tex__t_requests_pipe_lsu_mem_global_op_{ld,st}.sum, l1tex__t_sectors_pipe_lsu_mem_global_op_{ld,st}.sum).
#pragma once

#include <cstdint>

namespace loom::check {

struct GlobalRequest {
  bool store;
  unsigned width;                // bytes per lane: 1, 2, 4, 8 or 16
  std::uint32_t activeMask;      // lanes taking part
  std::uint64_t address[32];     // device address, for active lanes
};

struct GlobalCost {
  std::uint32_t requests;
  std::uint32_t sectors;
};

GlobalCost globalCost(const GlobalRequest& request);

}  // namespace loom::check
