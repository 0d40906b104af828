// What each lane of a warp gets from a warp collective (shuffles, votes, match, reduce), given
// what every participating lane asked for. Pure semantics, shared by the scheduler (which
// gathers the requests at a rendezvous) and the unit tests.
//
// Shuffles follow PTX's shfl.sync, which CUDA's __shfl*_sync compile to: a `width`-lane segment
// [minLane, maxLane] around the caller; idx reads minLane + (srcLane mod width); up/down move by
// the low 5 bits of delta and read the caller's own value when the source falls outside the
// segment; xor reads lane ^ laneMask, and its own value when that lies past the segment's end
// (an earlier segment is read). A valid source lane that does not take part reads 0, as measured
// on sm_90 (HARDWARE_NOTES.md; the guide leaves it undefined). 64-bit values behave as two 32-bit
// shuffles with one source, i.e. as one 64-bit shuffle.
#pragma once

#include <cstdint>

namespace loom::isa {

enum class WarpOp : std::uint8_t {
  Sync,        // __syncwarp: no value
  ShflIdx,     // param: srcLane
  ShflUp,      // param: delta
  ShflDown,    // param: delta
  ShflXor,     // param: laneMask
  Ballot,      // value: predicate
  Any,
  All,
  MatchAny,    // value: the value compared
  MatchAll,    // result: mask | (pred << 32)
  ReduceAdd,   // unsigned 32-bit arithmetic (also right for int)
  ReduceMinU,
  ReduceMaxU,
  ReduceMinS,
  ReduceMaxS,
  ReduceAnd,
  ReduceOr,
  ReduceXor,
};

struct WarpRequest {
  WarpOp op = WarpOp::Sync;
  std::uint64_t value = 0;
  unsigned param = 0;
  unsigned width = 32;  // a power of two, 1..32
  unsigned mask = 0;    // the caller's member mask
};

// The lane a shuffle reads, or -1 when it reads the caller's own value (the source falls outside
// the caller's segment). `width` must be a power of two from 1 to 32 (checked by the caller).
constexpr int shuffleSourceLane(const WarpRequest& r, unsigned lane) {
  unsigned width = r.width;
  unsigned minLane = lane & ~(width - 1) & 31u;
  unsigned maxLane = minLane + width - 1;
  int source = static_cast<int>(lane);
  switch (r.op) {
    case WarpOp::ShflIdx: return static_cast<int>(minLane | (r.param & (width - 1)));
    case WarpOp::ShflUp:
      source = static_cast<int>(lane) - static_cast<int>(r.param & 31u);
      return source >= static_cast<int>(minLane) ? source : -1;
    case WarpOp::ShflDown:
      source = static_cast<int>(lane + (r.param & 31u));
      return source <= static_cast<int>(maxLane) ? source : -1;
    case WarpOp::ShflXor:
      source = static_cast<int>(lane ^ (r.param & 31u));
      return source <= static_cast<int>(maxLane) ? source : -1;
    default: return -1;
  }
}

constexpr bool isShuffle(WarpOp op) {
  return op == WarpOp::ShflIdx || op == WarpOp::ShflUp || op == WarpOp::ShflDown ||
         op == WarpOp::ShflXor;
}

// The CUDA function a request comes from, for reports.
constexpr const char* warpOpName(WarpOp op) {
  switch (op) {
    case WarpOp::Sync: return "__syncwarp";
    case WarpOp::ShflIdx: return "__shfl_sync";
    case WarpOp::ShflUp: return "__shfl_up_sync";
    case WarpOp::ShflDown: return "__shfl_down_sync";
    case WarpOp::ShflXor: return "__shfl_xor_sync";
    case WarpOp::Ballot: return "__ballot_sync";
    case WarpOp::Any: return "__any_sync";
    case WarpOp::All: return "__all_sync";
    case WarpOp::MatchAny: return "__match_any_sync";
    case WarpOp::MatchAll: return "__match_all_sync";
    case WarpOp::ReduceAdd: return "__reduce_add_sync";
    case WarpOp::ReduceMinU:
    case WarpOp::ReduceMinS: return "__reduce_min_sync";
    case WarpOp::ReduceMaxU:
    case WarpOp::ReduceMaxS: return "__reduce_max_sync";
    case WarpOp::ReduceAnd: return "__reduce_and_sync";
    case WarpOp::ReduceOr: return "__reduce_or_sync";
    case WarpOp::ReduceXor: return "__reduce_xor_sync";
  }
  return "warp collective";
}

constexpr std::uint64_t shuffleResult(const WarpRequest* requests, unsigned present, unsigned lane) {
  const WarpRequest& r = requests[lane];
  int source = shuffleSourceLane(r, lane);
  if (source < 0) return r.value;
  if (!(present & (1u << source))) return 0;
  return requests[source].value;
}

// Writes the result of every lane in `present` and leaves the others' entries alone: a lane
// outside this rendezvous may not have read its result from the previous one yet.
constexpr void resolveWarp(const WarpRequest* requests, unsigned present, std::uint64_t* results) {
  for (unsigned lane = 0; lane < 32; ++lane) {
    if (!(present & (1u << lane))) continue;
    results[lane] = 0;
    const WarpRequest& r = requests[lane];
    unsigned members = present & (r.mask | (1u << lane));
    auto each = [&](auto f) {
      for (unsigned l = 0; l < 32; ++l)
        if (members & (1u << l)) f(l, static_cast<std::uint32_t>(requests[l].value));
    };
    switch (r.op) {
      case WarpOp::Sync: break;
      case WarpOp::ShflIdx:
      case WarpOp::ShflUp:
      case WarpOp::ShflDown:
      case WarpOp::ShflXor: results[lane] = shuffleResult(requests, present, lane); break;
      case WarpOp::Ballot: {
        std::uint32_t bits = 0;
        each([&](unsigned l, std::uint32_t v) { bits |= v ? (1u << l) : 0u; });
        results[lane] = bits;
        break;
      }
      case WarpOp::Any: {
        bool any = false;
        each([&](unsigned, std::uint32_t v) { any = any || v; });
        results[lane] = any;
        break;
      }
      case WarpOp::All: {
        bool all = true;
        each([&](unsigned, std::uint32_t v) { all = all && v; });
        results[lane] = all;
        break;
      }
      case WarpOp::MatchAny: {
        std::uint32_t same = 0;
        for (unsigned l = 0; l < 32; ++l)
          if ((members & (1u << l)) && requests[l].value == r.value) same |= 1u << l;
        results[lane] = same;
        break;
      }
      case WarpOp::MatchAll: {
        bool all = true;
        for (unsigned l = 0; l < 32; ++l)
          if ((members & (1u << l)) && requests[l].value != r.value) all = false;
        results[lane] = all ? (std::uint64_t{members} | (std::uint64_t{1} << 32)) : 0;
        break;
      }
      case WarpOp::ReduceAdd: {
        std::uint32_t sum = 0;
        each([&](unsigned, std::uint32_t v) { sum += v; });
        results[lane] = sum;
        break;
      }
      case WarpOp::ReduceMinU:
      case WarpOp::ReduceMaxU: {
        bool isMin = r.op == WarpOp::ReduceMinU;
        std::uint32_t acc = isMin ? 0xffffffffu : 0u;
        each([&](unsigned, std::uint32_t v) { acc = isMin ? (v < acc ? v : acc) : (v > acc ? v : acc); });
        results[lane] = acc;
        break;
      }
      case WarpOp::ReduceMinS:
      case WarpOp::ReduceMaxS: {
        bool isMin = r.op == WarpOp::ReduceMinS;
        std::int32_t acc = isMin ? INT32_MAX : INT32_MIN;
        each([&](unsigned, std::uint32_t u) {
          auto v = static_cast<std::int32_t>(u);
          acc = isMin ? (v < acc ? v : acc) : (v > acc ? v : acc);
        });
        results[lane] = static_cast<std::uint32_t>(acc);
        break;
      }
      case WarpOp::ReduceAnd: {
        std::uint32_t acc = 0xffffffffu;
        each([&](unsigned, std::uint32_t v) { acc &= v; });
        results[lane] = acc;
        break;
      }
      case WarpOp::ReduceOr: {
        std::uint32_t acc = 0;
        each([&](unsigned, std::uint32_t v) { acc |= v; });
        results[lane] = acc;
        break;
      }
      case WarpOp::ReduceXor: {
        std::uint32_t acc = 0;
        each([&](unsigned, std::uint32_t v) { acc ^= v; });
        results[lane] = acc;
        break;
      }
    }
  }
}

}  // namespace loom::isa
