#include "check/counters/warp_access.h"

#include <bit>

#include "check/bank_model.h"
#include "check/coalescing_model.h"

namespace loom::check {

namespace {
// Widths the models know; an odd-sized access (a packed struct) is priced as its next power.
unsigned modelWidth(unsigned w) { return w <= 1 ? 1 : w <= 2 ? 2 : w <= 4 ? 4 : w <= 8 ? 8 : 16; }


// Adds a shared request's price to `c`. One access can move several counter families: a
// CAS-loop atomic also loads.
void addShared(const SharedRequest& r, Counters& c) {
  SharedAccessCost cost = sharedAccessCost(r);
  const SharedCounterCost* parts[] = {&cost.load, &cost.store, &cost.atomic};
  for (int k = 0; k < 3; ++k) {  // Load, Store, Atomic: the metrics' order
    if (parts[k]->instructions == 0) continue;
    c[static_cast<Metric>(static_cast<int>(Metric::SharedLdWavefronts) + k)] += parts[k]->cost.wavefronts;
    c[static_cast<Metric>(static_cast<int>(Metric::SharedLdSassWavefronts) + k)] += parts[k]->cost.sassWavefronts;
    c[static_cast<Metric>(static_cast<int>(Metric::SharedLdConflicts) + k)] += parts[k]->cost.bankConflicts;
    c[static_cast<Metric>(static_cast<int>(Metric::SharedLdInstructions) + k)] += parts[k]->instructions;
  }
}

// An aggregable atomic: priced per lane and as the one lane's request the aggregated code
// makes; the site remembers whether the address has been uniform so far.
void addAggregable(SharedRequest r, unsigned warp, SiteCounters& site) {
  site.aggregable = true;
  unsigned first = static_cast<unsigned>(std::countr_zero(r.activeMask));
  for (std::uint32_t m = r.activeMask; m; m &= m - 1)
    if (r.offset[std::countr_zero(m)] != r.offset[first]) site.uniform = false;
  if (!site.haveBlockAddress) {
    site.haveBlockAddress = true;
    site.blockAddress = r.offset[first];
    site.blockAddressWarp = warp;
  } else if (site.blockAddress != r.offset[first]) {
    site.uniform = false;
  } else if (site.blockAddressWarp != warp) {
    site.seenInTwoWarps = true;
  }
  addShared(r, site.counters);
  r.activeMask = 1u << first;
  addShared(r, site.oneLane);
}
}  // namespace

void scoreRequest(const PendingAccess* lanes, std::uint32_t group, unsigned warp, SiteTable& table) {
  const PendingAccess& first = lanes[std::countr_zero(group)];
  if (first.space == Space::None) return;
  SiteCounters& site = table.at(first.site);
  Counters& c = site.counters;
  unsigned width = modelWidth(first.width);
  if (first.space == Space::Shared) {
    SharedRequest r;
    r.op = first.op == AccessOp::Load ? SharedOp::Load
           : first.op == AccessOp::Store ? SharedOp::Store
                                         : SharedOp::Atomic;
    r.width = width;
    r.activeMask = group;
    r.atomic = first.atomic;
    for (std::uint32_t m = group; m; m &= m - 1) {
      unsigned l = static_cast<unsigned>(std::countr_zero(m));
      r.offset[l] = static_cast<std::uint32_t>(lanes[l].address);
    }
    if (first.aggregable && r.op == SharedOp::Atomic)
      addAggregable(r, warp, site);
    else
      addShared(r, c);
    return;
  }
  // Global atomics and reductions have their own ncu counters (op_atom/op_red), not reported.
  if (first.op == AccessOp::Atomic) return;
  GlobalRequest r;
  r.store = first.op == AccessOp::Store;
  r.width = width;
  r.activeMask = group;
  for (std::uint32_t m = group; m; m &= m - 1) {
    unsigned l = static_cast<unsigned>(std::countr_zero(m));
    r.address[l] = lanes[l].address;
  }
  GlobalCost cost = globalCost(r);
  c[r.store ? Metric::GlobalStSectors : Metric::GlobalLdSectors] += cost.sectors;
  c[r.store ? Metric::GlobalStRequests : Metric::GlobalLdRequests] += cost.requests;
}

}  // namespace loom::check
