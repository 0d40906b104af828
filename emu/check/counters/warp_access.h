// One lane's memory access as the lockstep scheduler holds it while the lane waits at the access
// site, and the scoring of a warp request: the lanes of one warp waiting at the same site are
// one instruction on the device, priced by the bank model (shared) or the coalescing model
// (global) and added to the site's counters.
#pragma once

#include <cstdint>

#include "check/bank_model.h"
#include "check/counters/site_table.h"

namespace loom::check {

enum class AccessOp : std::uint8_t { Load, Store, Atomic };
// None: a stop that is not scored: memory the device reads another way or that Loom cannot
// classify (`__constant__` and `__device__` variables, host memory); stopping there keeps
// lockstep ordering.
enum class Space : std::uint8_t { Shared, Global, None };

struct PendingAccess {
  const void* site = nullptr;  // the access's code address: lanes at one site form a request
  std::uint64_t address = 0;   // device address (global) or offset in the shared window
  std::uint8_t width = 0;      // bytes
  AccessOp op = AccessOp::Load;
  Space space = Space::Global;
  // For a shared atomic: the SASS form nvcc gives this atomic function (bank_model.h), which
  // decides its price and whether it also issues loads (a CAS loop does).
  SharedAtomic atomic = SharedAtomic::Native;
  // A shared atomic that nvcc warp-aggregates when it proves the address uniform across the
  // warp (one lane's ATOMS for the whole warp; recorded: tests.cuda.discarded_atomics). Loom
  // cannot see nvcc's proof; it takes a site as uniform when, in every request of the launch,
  // all lanes named one address and every warp of the block the same one, seen in two warps
  // (SiteCounters).
  bool aggregable = false;
};

// Adds the cost of the request made by the lanes in `group` (all at one site) of warp `warp`
// (its index in the block) to `table`.
void scoreRequest(const PendingAccess* lanes, std::uint32_t group, unsigned warp, SiteTable& table);

}  // namespace loom::check
