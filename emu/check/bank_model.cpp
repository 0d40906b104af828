#include "check/bank_model.h"

#include <algorithm>
#include <array>
#include <bit>

// The rules, as measured on an H100 (sm_90, driver 580, ncu 2025.3; records under
// validate/results/h100-sm90/banks.*). 32 banks of 4 bytes: 4-byte word w is in bank w % 32.
// A "pass" over a group of lanes costs as many wavefronts as the busiest bank must deliver.
//
// Loads and stores of 1, 2 and 4 bytes: one group (the warp). Busiest bank = the most distinct
// words any bank holds (lanes on one word share it). Conflicts = wavefronts - 1.
//
// Stores of 8 and 16 bytes: groups of 128 bytes' worth of lanes, in lane order (half-warps for
// 8 bytes, quarter-warps for 16), never merged, even when every lane stores to one address.
// Wavefronts = sum over groups with an active lane of that group's busiest bank (distinct words);
// conflicts = wavefronts - number of such groups.
//
// Loads of 8 and 16 bytes: as stores (half-warps for 8 bytes, quarter-warps for 16), except that
// the groups are twice as large (the whole warp for 8 bytes, half-warps for 16) when the values
// fit the slots a pass gives each quad of lanes (4k .. 4k+3): two 8-byte slots (two 16-byte for
// 128-bit loads), which the quad's lanes share in one of two ways, lane 4k+i with lane 4k+i+2
// (by parity) or lane 2j with lane 2j+1 (by pair); lanes on one address share a slot. So a 64-bit
// broadcast is 1 wavefront, a 128-bit broadcast 2, a conflict-free 64-bit load whose even/odd
// lanes differ 2 wavefronts and 0 conflicts, and lanes {0, 1, 16, 17} on one bank 4 wavefronts
// and 3 conflicts. The SASS-attributed wavefronts (smsp__sass_l1tex_*) group these loads
// differently, per span (the warp for 8 bytes, each half-warp for 16): the span is one group when
// its lane pairs share addresses with at least one pair both active, or when it has no bank
// conflict and its values fit the quad slots; except that a 128-bit load's low half-warp needs,
// instead of the fit, at most 8 active lanes and lane 31 inactive (an oddity, but it predicted
// all 60 patterns of tier 7, which were built to test it). Found with tiers 4 to 7 of the sweep
// (validate/sweeps/banks/patterns.h): both rules reproduce every recorded load and CAS loop.
//
// Atomics, per SharedAtomic form:
//   Native (ATOMS.ADD/EXCH...): every lane is served on its own: busiest bank = the most active
//     lanes touching one bank (lanes on one word do not merge). 4-byte: one group; 8-byte:
//     half-warps. Conflicts = wavefronts - active groups.
//   Cas (ATOMS.CAS): the Native pass count p, each pass 2 wavefronts; conflicts = p - groups.
//   PopcInc (ATOMS.POPC.INC): lanes on one word merge: priced like a 4-byte load.
//   CasLoop (LDS + ATOMS.CAST.SPIN until success): each iteration loads (the load rule) and
//     spins (2 wavefronts per active group, no conflicts counted); per iteration and group, the
//     lowest active lane on each bank succeeds unless an earlier group (same iteration) already
//     changed its word. Inferred from whole-loop totals, then checked iteration by iteration
//     (tier 4 runs the lane sets each iteration leaves as loops and as plain loads).
namespace loom::check {
namespace {

constexpr unsigned kBanks = 32;
constexpr unsigned kLanes = 32;

bool active(std::uint32_t mask, unsigned lane) { return (mask >> lane) & 1u; }

unsigned laneWords(const SharedRequest& r, unsigned lane, std::uint32_t* words) {
  const unsigned width = r.width == 0 ? 4 : r.width;
  const std::uint32_t first = r.offset[lane] / 4;
  const std::uint32_t last = (r.offset[lane] + width - 1) / 4;
  unsigned n = 0;
  for (std::uint32_t w = first; w <= last; ++w) words[n++] = w;
  return n;
}

// The most distinct words any bank holds among `lanes`. Per-bank lists searched linearly: a lane
// puts at most one word in a bank, so a list holds at most 32 words, and in the common case of
// no conflict every search is over at most one entry (the lockstep scheduler calls this for
// every warp-level shared access).
std::uint32_t busiestBankDistinct(const SharedRequest& r, std::uint32_t lanes) {
  const unsigned width = r.width == 0 ? 4 : r.width;
  std::uint32_t count[kBanks] = {};
  std::uint32_t words[kBanks][kLanes];
  std::uint32_t busiest = 0;
  for (std::uint32_t m = lanes; m != 0; m &= m - 1) {
    const unsigned lane = static_cast<unsigned>(__builtin_ctz(m));
    const std::uint32_t first = r.offset[lane] / 4, last = (r.offset[lane] + width - 1) / 4;
    for (std::uint32_t w = first; w <= last; ++w) {
      const unsigned bank = w % kBanks;
      std::uint32_t* list = words[bank];
      const std::uint32_t have = count[bank];
      std::uint32_t k = 0;
      while (k < have && list[k] != w) ++k;
      if (k < have) continue;
      list[have] = w;
      count[bank] = have + 1;
      if (have + 1 > busiest) busiest = have + 1;
    }
  }
  return busiest;
}

// The most lanes touching any one bank among `lanes` (each lane once per bank).
std::uint32_t busiestBankLanes(const SharedRequest& r, std::uint32_t lanes) {
  std::array<std::uint32_t, kBanks> perBank{};
  std::uint32_t busiest = 0;
  for (unsigned lane = 0; lane < kLanes; ++lane) {
    if (!active(lanes, lane)) continue;
    std::uint32_t words[4];
    const unsigned n = laneWords(r, lane, words);
    std::uint32_t seen = 0;
    for (unsigned i = 0; i < n; ++i) {
      const unsigned bank = words[i] % kBanks;
      if (seen >> bank & 1u) continue;
      seen |= 1u << bank;
      busiest = std::max(busiest, ++perBank[bank]);
    }
  }
  return busiest;
}

std::uint32_t groupLanes(unsigned groupSize, unsigned group) {
  return groupSize >= kLanes ? 0xffffffffu : ((1u << groupSize) - 1u) << (group * groupSize);
}

// Sum over the groups of `groupSize` lanes (in lane order) of `busiest(group)`, and how many
// groups had an active lane.
template <class Busiest>
SharedCost perGroup(const SharedRequest& r, std::uint32_t mask, unsigned groupSize, Busiest busiest,
                    std::uint32_t wavefrontsPerPass = 1) {
  std::uint32_t passes = 0, groups = 0;
  for (unsigned g = 0; g * groupSize < kLanes; ++g) {
    const std::uint32_t lanes = mask & groupLanes(groupSize, g);
    if (!lanes) continue;
    ++groups;
    passes += busiest(r, lanes);
  }
  return {passes * wavefrontsPerPass, passes - groups, passes * wavefrontsPerPass};
}

// Whether the values of `lanes` fit two slots per quad of lanes, shared by parity (`byPair`
// false: lanes 4k+i and 4k+i+2) or by pair (true: lanes 2j and 2j+1); one address is one value.
bool quadsFit(const SharedRequest& r, std::uint32_t lanes, bool byPair) {
  for (unsigned quad = 0; quad < kLanes / 4; ++quad) {
    bool used[2] = {false, false};
    std::uint32_t value[2] = {0, 0};
    for (unsigned i = 0; i < 4; ++i) {
      const unsigned lane = 4 * quad + i;
      if (!active(lanes, lane)) continue;
      const unsigned slot = byPair ? i >> 1 : i & 1;
      if (used[slot] && value[slot] != r.offset[lane]) return false;
      used[slot] = true;
      value[slot] = r.offset[lane];
    }
  }
  return true;
}

bool quadsFit(const SharedRequest& r, std::uint32_t lanes) {
  return quadsFit(r, lanes, false) || quadsFit(r, lanes, true);
}

bool someFullPair(std::uint32_t lanes) { return (lanes & lanes >> 1 & 0x55555555u) != 0; }

// The SASS-attributed wavefronts of a 64- or 128-bit load (the rule at the top of this file):
// per span, one group or the span's base groups.
std::uint32_t sassLoadWavefronts(const SharedRequest& r, std::uint32_t mask, unsigned width) {
  const unsigned baseGroup = 128 / width, span = width == 8 ? kLanes : kLanes / 2;
  std::uint32_t wavefronts = 0;
  for (unsigned first = 0; first < kLanes; first += span) {
    const std::uint32_t lanes = mask & groupLanes(span, first / span);
    if (!lanes) continue;
    const std::uint32_t whole = busiestBankDistinct(r, lanes);
    const bool broadcastPairs = quadsFit(r, lanes, true) && someFullPair(lanes);
    // A 128-bit load's low half-warp: any 8 lanes without a conflict, unless lane 31 is active.
    const bool lowHalf = width == 16 && first == 0;
    const bool conflictFreeFits = lowHalf ? std::popcount(lanes) <= 8 && !(mask >> 31) : quadsFit(r, lanes);
    const bool oneGroup = broadcastPairs || (whole == 1 && conflictFreeFits);
    wavefronts += oneGroup ? whole : perGroup(r, lanes, baseGroup, busiestBankDistinct).wavefronts;
  }
  return wavefronts;
}

SharedCost loadStoreCost(const SharedRequest& r, std::uint32_t mask, bool load) {
  if (mask == 0) return {0, 0, 0};
  const unsigned width = r.width == 0 ? 4 : r.width;
  if (width <= 4) return perGroup(r, mask, kLanes, busiestBankDistinct);
  unsigned groupSize = 128 / width;
  if (!load) return perGroup(r, mask, groupSize, busiestBankDistinct);
  if (quadsFit(r, mask)) groupSize *= 2;
  SharedCost cost = perGroup(r, mask, groupSize, busiestBankDistinct);
  cost.sassWavefronts = sassLoadWavefronts(r, mask, width);
  return cost;
}

unsigned atomicGroupSize(unsigned width) { return width <= 4 ? kLanes : 128 / width; }

// The CAS loop: returns load, atomic costs and iteration count.
SharedAccessCost casLoopCost(const SharedRequest& r) {
  SharedAccessCost total;
  const unsigned width = r.width == 0 ? 4 : r.width;
  const unsigned groupSize = atomicGroupSize(width);
  std::uint32_t remaining = r.activeMask;
  while (remaining) {
    const SharedCost ld = loadStoreCost(r, remaining, true);
    total.load.cost.wavefronts += ld.wavefronts;
    total.load.cost.bankConflicts += ld.bankConflicts;
    total.load.cost.sassWavefronts += ld.sassWavefronts;
    ++total.load.instructions;
    ++total.atomic.instructions;
    std::uint32_t succeeded = 0;
    std::uint32_t changedWords[kLanes];
    unsigned changed = 0;
    for (unsigned g = 0; g * groupSize < kLanes; ++g) {
      const std::uint32_t lanes = remaining & groupLanes(groupSize, g);
      if (!lanes) continue;
      total.atomic.cost.wavefronts += 2;
      total.atomic.cost.sassWavefronts += 2;
      std::uint32_t bankTaken = 0;
      const unsigned changedBefore = changed;
      for (unsigned lane = 0; lane < kLanes; ++lane) {
        if (!active(lanes, lane)) continue;
        std::uint32_t words[4];
        const unsigned n = laneWords(r, lane, words);
        std::uint32_t banks = 0;
        for (unsigned i = 0; i < n; ++i) banks |= 1u << (words[i] % kBanks);
        if (banks & bankTaken) continue;  // an earlier lane of this group holds the bank
        bankTaken |= banks;
        const std::uint32_t word = r.offset[lane] / 4;
        bool stale = false;
        for (unsigned i = 0; i < changedBefore; ++i) stale |= changedWords[i] == word;
        if (stale) continue;  // an earlier group changed the word: the compare fails
        succeeded |= 1u << lane;
        changedWords[changed++] = word;
      }
    }
    if (!succeeded) break;  // cannot happen: the lowest active lane always succeeds
    remaining &= ~succeeded;
  }
  return total;
}

SharedCost atomicCost(const SharedRequest& r) {
  if (r.activeMask == 0) return {0, 0, 0};
  const unsigned width = r.width == 0 ? 4 : r.width;
  switch (r.atomic) {
    case SharedAtomic::Native:
      return perGroup(r, r.activeMask, atomicGroupSize(width), busiestBankLanes);
    case SharedAtomic::Cas:
      return perGroup(r, r.activeMask, atomicGroupSize(width), busiestBankLanes, 2);
    case SharedAtomic::PopcInc:
      return perGroup(r, r.activeMask, kLanes, busiestBankDistinct);
    case SharedAtomic::CasLoop:
      return casLoopCost(r).atomic.cost;
  }
  return {0, 0, 0};
}

}  // namespace

SharedCost sharedCost(const SharedRequest& request) {
  switch (request.op) {
    case SharedOp::Load: return loadStoreCost(request, request.activeMask, true);
    case SharedOp::Store: return loadStoreCost(request, request.activeMask, false);
    case SharedOp::Atomic: return atomicCost(request);
  }
  return {0, 0, 0};
}

SharedAccessCost sharedAccessCost(const SharedRequest& request) {
  SharedAccessCost cost;
  if (request.activeMask == 0) return cost;
  switch (request.op) {
    case SharedOp::Load:
      cost.load = {sharedCost(request), 1};
      break;
    case SharedOp::Store:
      cost.store = {sharedCost(request), 1};
      break;
    case SharedOp::Atomic:
      if (request.atomic == SharedAtomic::CasLoop) return casLoopCost(request);
      cost.atomic = {sharedCost(request), 1};
      break;
  }
  return cost;
}

}  // namespace loom::check
