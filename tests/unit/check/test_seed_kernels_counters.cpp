// The seed kernels' warp requests, written out by hand from their source (kernels/), priced by the
// models and compared with the H100 record of the same launches
// (validate/results/h100-sm90/kernels.*/ncu.json). For shared memory the comparison is with the
// SASS-attributed wavefronts (smsp__sass_l1tex_...): the raw l1tex counters of a whole kernel also
// count arbitration with concurrent global traffic (the raw transpose counters exceed them by 122
// wavefronts, all of them counted as "conflicts"), which no model of the requests can see.
#include <catch2/catch.hpp>

#include <functional>
#include <string>

#include "check/bank_model.h"
#include "check/coalescing_model.h"
#include "recorded_sweep.h"

using namespace loom::check;
namespace test = loom::check::test;

namespace {

struct Totals {
  std::uint64_t wavefronts = 0, conflicts = 0, instructions = 0;
  void add(const SharedCost& c) {
    wavefronts += c.wavefronts;
    conflicts += c.bankConflicts;
    ++instructions;
  }
};
struct GlobalTotals {
  std::uint64_t requests = 0, sectors = 0;
  void add(const GlobalCost& c) {
    requests += c.requests;
    sectors += c.sectors;
  }
};

// One warp's lanes: (threadIdx.x, threadIdx.y) of lane l of warp w in a block of bx x by threads.
struct Lane {
  unsigned x, y;
};
Lane laneOf(unsigned blockX, unsigned warp, unsigned lane) {
  const unsigned t = warp * 32 + lane;
  return {t % blockX, t / blockX};
}

// Calls f(lane, active, offset) for the 32 lanes and returns the request; inactive lanes skip.
SharedRequest sharedRequest(SharedOp op, const std::function<bool(unsigned, std::uint32_t&)>& f) {
  SharedRequest r{};
  r.op = op;
  r.width = 4;
  for (unsigned l = 0; l < 32; ++l)
    if (f(l, r.offset[l])) r.activeMask |= 1u << l;
  return r;
}
GlobalRequest globalRequest(bool store, std::uint64_t base, const std::function<bool(unsigned, std::int64_t&)>& f) {
  GlobalRequest r{};
  r.store = store;
  r.width = 4;
  for (unsigned l = 0; l < 32; ++l) {
    std::int64_t element = 0;
    if (f(l, element)) {
      r.activeMask |= 1u << l;
      r.address[l] = base + static_cast<std::uint64_t>(element) * 4;
    }
  }
  return r;
}

constexpr std::uint64_t kA = 0x7f0000000000ull, kB = 0x7f1000000000ull, kC = 0x7f2000000000ull;

// transpose_shared.cu: N = 1000, 32x32 blocks of 32x32 threads, tile row pitch 32 or 33 words.
struct TransposeShared {
  Totals load, store;
  Totals fullBlockLoad;  // block (0, 0), a full tile
};
TransposeShared transposeShared(unsigned pitch) {
  const int N = 1000;
  TransposeShared t;
  for (int by = 0; by < 32; ++by)
    for (int bx = 0; bx < 32; ++bx)
      for (unsigned w = 0; w < 32; ++w) {
        // S[threadIdx.y][threadIdx.x] = A[ny1 * N + nx1] if (nx1 < N && ny1 < N)
        const SharedRequest st = sharedRequest(SharedOp::Store, [&](unsigned l, std::uint32_t& off) {
          const Lane ln = laneOf(32, w, l);
          off = (ln.y * pitch + ln.x) * 4;
          return bx * 32 + int(ln.x) < N && by * 32 + int(ln.y) < N;
        });
        // B[nx2 * N + ny2] = S[threadIdx.x][threadIdx.y] if (nx2 < N && ny2 < N), nx2 = bx + ty
        const SharedRequest ld = sharedRequest(SharedOp::Load, [&](unsigned l, std::uint32_t& off) {
          const Lane ln = laneOf(32, w, l);
          off = (ln.x * pitch + ln.y) * 4;
          return bx * 32 + int(ln.y) < N && by * 32 + int(ln.x) < N;
        });
        if (st.activeMask) t.store.add(sharedCost(st));  // a warp with no lane inside skips it
        if (ld.activeMask) {
          t.load.add(sharedCost(ld));
          if (bx == 0 && by == 0) t.fullBlockLoad.add(sharedCost(ld));
        }
      }
  return t;
}

void checkTranspose(const nlohmann::json& launch, const TransposeShared& t) {
  const std::uint32_t swfLd = test::metric(launch, "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld");
  const std::uint32_t swfSt = test::metric(launch, "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st");
  const std::uint32_t instLd = test::metric(launch, "smsp__sass_inst_executed_op_shared_ld");
  const std::uint32_t instSt = test::metric(launch, "smsp__sass_inst_executed_op_shared_st");
  CHECK(t.load.wavefronts == swfLd);
  CHECK(t.store.wavefronts == swfSt);
  CHECK(t.load.instructions == instLd);
  CHECK(t.store.instructions == instSt);
  // Every 4-byte request is ideal at one wavefront, so the deterministic conflicts are
  // wavefronts - instructions; the raw counters carry the same excess in both.
  CHECK(t.load.conflicts == swfLd - instLd);
  const std::uint32_t rawWf = test::metric(launch, "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld");
  const std::uint32_t rawBc = test::metric(launch, "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld");
  CHECK(rawBc - t.load.conflicts == rawWf - swfLd);
}

}  // namespace

TEST_CASE("transpose tile: 992 load conflicts per 32x32 block unpadded, 0 padded, as recorded", "[check][seed]") {
  const nlohmann::json record = test::loadRecord("kernels.transpose.transpose_shared");
  const auto& launches = record.at("launches");
  REQUIRE(launches.size() == 2);
  REQUIRE(launches[0].at("kernel").get<std::string>().rfind("transpose_shared_bank_conflict", 0) == 0);
  REQUIRE(launches[1].at("kernel").get<std::string>().rfind("transpose_shared_no_bank_conflict", 0) == 0);

  const TransposeShared unpadded = transposeShared(32), padded = transposeShared(33);
  CHECK(unpadded.fullBlockLoad.conflicts == 992);
  CHECK(unpadded.fullBlockLoad.wavefronts == 1024);
  CHECK(padded.fullBlockLoad.conflicts == 0);
  CHECK(unpadded.store.conflicts == 0);
  CHECK(padded.store.conflicts == 0);
  CHECK(unpadded.load.wavefronts == 1000000);  // one wavefront per element read: every lane its own
  checkTranspose(launches[0], unpadded);
  checkTranspose(launches[1], padded);
}

TEST_CASE("add family: sectors and requests as recorded, efficiencies as the seed derives", "[check][seed]") {
  const nlohmann::json record = test::loadRecord("kernels.add.add");
  const auto& launches = record.at("launches");
  REQUIRE(launches.size() == 5);
  const char* names[] = {"add", "add_permuted", "add_offset", "add_stride", "add_broadcast"};
  const double efficiency[] = {1.0, 1.0, 0.8, 0.125, 0.125};  // the seed's, for the x[...] read
  const int grid = 128, block = 32;
  for (int k = 0; k < 5; ++k) {
    INFO(names[k]);
    REQUIRE(launches[k].at("kernel").get<std::string>().rfind(std::string(names[k]) + "(", 0) == 0);
    auto index = [&](int b, unsigned t) -> std::int64_t {
      switch (k) {
        case 0: return t + b * block;
        case 1: return (t ^ 1) + b * block;
        case 2: return t + b * block + 1;
        case 3: return b + t * grid;
        default: return t + b * block;
      }
    };
    GlobalTotals ld, st;
    for (int b = 0; b < grid; ++b) {
      const GlobalRequest x = globalRequest(false, kA, [&](unsigned l, std::int64_t& e) {
        e = k == 4 ? 0 : index(b, l);
        return true;
      });
      const GlobalRequest y = globalRequest(false, kB, [&](unsigned l, std::int64_t& e) { e = index(b, l); return true; });
      const GlobalRequest z = globalRequest(true, kC, [&](unsigned l, std::int64_t& e) { e = index(b, l); return true; });
      ld.add(globalCost(x));
      ld.add(globalCost(y));
      st.add(globalCost(z));
      if (b == 1) {  // the seed's degree of coalescing: bytes the warp asks for / bytes moved
        const std::uint64_t bytes = k == 4 ? 4 : 128;
        CHECK(double(bytes) / (globalCost(x).sectors * 32.0) == Approx(efficiency[k]));
      }
    }
    CHECK(ld.requests == test::metric(launches[k], "l1tex__t_requests_pipe_lsu_mem_global_op_ld"));
    CHECK(ld.sectors == test::metric(launches[k], "l1tex__t_sectors_pipe_lsu_mem_global_op_ld"));
    CHECK(st.requests == test::metric(launches[k], "l1tex__t_requests_pipe_lsu_mem_global_op_st"));
    CHECK(st.sectors == test::metric(launches[k], "l1tex__t_sectors_pipe_lsu_mem_global_op_st"));
  }
}

TEST_CASE("reduce: shared and global counters of the seed's reductions as recorded", "[check][seed]") {
  const nlohmann::json record = test::loadRecord("kernels.reduce.reduce");
  const auto& launches = record.at("launches");
  REQUIRE(launches.size() == 4);
  const int N = 1000003, B = 128;

  SECTION("reduce_global: in-place tree in global memory, 7812 blocks") {
    const auto& launch = launches[0];
    REQUIRE(launch.at("kernel").get<std::string>().rfind("reduce_global(", 0) == 0);
    const int grid = launch.at("grid")[0].get<int>();
    GlobalTotals ld, st;
    for (int b = 0; b < grid; ++b) {
      for (int offset = B / 2; offset > 0; offset /= 2)
        for (unsigned w = 0; w * 32 < unsigned(B); ++w) {
          auto active = [&](unsigned l) { return int(w * 32 + l) < offset; };
          const std::int64_t x = std::int64_t(b) * B;
          const GlobalRequest a = globalRequest(false, kA, [&](unsigned l, std::int64_t& e) { e = x + w * 32 + l; return active(l); });
          const GlobalRequest c = globalRequest(false, kA, [&](unsigned l, std::int64_t& e) { e = x + w * 32 + l + offset; return active(l); });
          const GlobalRequest s = globalRequest(true, kA, [&](unsigned l, std::int64_t& e) { e = x + w * 32 + l; return active(l); });
          if (!a.activeMask) continue;
          ld.add(globalCost(a));
          ld.add(globalCost(c));
          st.add(globalCost(s));
        }
      // if (tid == 0) d_y[blockIdx.x] = x[0];
      ld.add(globalCost(globalRequest(false, kA, [&](unsigned l, std::int64_t& e) { e = std::int64_t(b) * B; return l == 0; })));
      st.add(globalCost(globalRequest(true, kB, [&](unsigned l, std::int64_t& e) { e = b; return l == 0; })));
    }
    CHECK(ld.requests == test::metric(launch, "l1tex__t_requests_pipe_lsu_mem_global_op_ld"));
    CHECK(ld.sectors == test::metric(launch, "l1tex__t_sectors_pipe_lsu_mem_global_op_ld"));
    CHECK(st.requests == test::metric(launch, "l1tex__t_requests_pipe_lsu_mem_global_op_st"));
    CHECK(st.sectors == test::metric(launch, "l1tex__t_sectors_pipe_lsu_mem_global_op_st"));
  }

  SECTION("reduce_shared, reduce_dynamic, reduce_atomic: the same shared tree, no conflicts") {
    for (int k = 1; k <= 3; ++k) {
      const auto& launch = launches[k];
      const int grid = launch.at("grid")[0].get<int>();
      Totals sld, sst;
      GlobalTotals gld;
      for (int b = 0; b < grid; ++b) {
        for (unsigned w = 0; w < 4; ++w) {
          // s_y[tid] = (n < N) ? d_x[n] : 0.0;
          gld.add(globalCost(globalRequest(false, kA, [&](unsigned l, std::int64_t& e) {
            e = std::int64_t(b) * B + w * 32 + l;
            return e < N;
          })));
          sst.add(sharedCost(sharedRequest(SharedOp::Store, [&](unsigned l, std::uint32_t& off) { off = (w * 32 + l) * 4; return true; })));
        }
        for (int offset = B / 2; offset > 0; offset /= 2)
          for (unsigned w = 0; w * 32 < unsigned(offset); ++w) {
            auto at = [&](int add) {
              return [&, add](unsigned l, std::uint32_t& off) { off = (w * 32 + l + add) * 4; return int(w * 32 + l) < offset; };
            };
            sld.add(sharedCost(sharedRequest(SharedOp::Load, at(0))));
            sld.add(sharedCost(sharedRequest(SharedOp::Load, at(offset))));
            sst.add(sharedCost(sharedRequest(SharedOp::Store, at(0))));
          }
        sld.add(sharedCost(sharedRequest(SharedOp::Load, [](unsigned l, std::uint32_t& off) { off = 0; return l == 0; })));
      }
      // The last block's warp 3 has no lane with n < N: globalCost prices it at 0 requests.
      CHECK(sld.wavefronts == test::metric(launch, "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld"));
      CHECK(sld.instructions == test::metric(launch, "smsp__sass_inst_executed_op_shared_ld"));
      CHECK(sst.wavefronts == test::metric(launch, "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st"));
      CHECK(sst.instructions == test::metric(launch, "smsp__sass_inst_executed_op_shared_st"));
      CHECK(sld.conflicts == 0);
      CHECK(sst.conflicts == 0);
      CHECK(gld.requests == test::metric(launch, "l1tex__t_requests_pipe_lsu_mem_global_op_ld"));
      CHECK(gld.sectors == test::metric(launch, "l1tex__t_sectors_pipe_lsu_mem_global_op_ld"));
    }
  }
}

TEST_CASE("transpose in global memory: sectors and requests as recorded", "[check][seed]") {
  const nlohmann::json record = test::loadRecord("kernels.transpose.transpose_global");
  const auto& launches = record.at("launches");
  REQUIRE(launches.size() == 3);
  const int N = 1000;
  for (int k = 0; k < 3; ++k) {
    const auto& launch = launches[k];
    INFO(launch.at("kernel").get<std::string>());
    GlobalTotals ld, st;
    for (int by = 0; by < 32; ++by)
      for (int bx = 0; bx < 32; ++bx)
        for (unsigned w = 0; w < 32; ++w) {
          const int ny = by * 32 + int(w);
          auto inside = [&](unsigned l) { return bx * 32 + int(l) < N && ny < N; };
          // transpose1: B[nx * N + ny] = A[ny * N + nx]; transpose2/3: B[ny * N + nx] = A[nx * N + ny]
          const GlobalRequest a = globalRequest(false, kA, [&](unsigned l, std::int64_t& e) {
            const std::int64_t nx = bx * 32 + l;
            e = k == 0 ? std::int64_t(ny) * N + nx : nx * N + ny;
            return inside(l);
          });
          const GlobalRequest b = globalRequest(true, kB, [&](unsigned l, std::int64_t& e) {
            const std::int64_t nx = bx * 32 + l;
            e = k == 0 ? nx * N + ny : std::int64_t(ny) * N + nx;
            return inside(l);
          });
          ld.add(globalCost(a));
          st.add(globalCost(b));
        }
    CHECK(ld.requests == test::metric(launch, "l1tex__t_requests_pipe_lsu_mem_global_op_ld"));
    CHECK(ld.sectors == test::metric(launch, "l1tex__t_sectors_pipe_lsu_mem_global_op_ld"));
    CHECK(st.requests == test::metric(launch, "l1tex__t_requests_pipe_lsu_mem_global_op_st"));
    CHECK(st.sectors == test::metric(launch, "l1tex__t_sectors_pipe_lsu_mem_global_op_st"));
  }
}
