// Loom's benchmark: prints one table; the README quotes it.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <thread>
#include <vector>

#include "loom/report.h"
#include "workloads.h"

int main() {
  const std::size_t n = std::size_t{1} << 24;
  const unsigned block = 256;
  std::vector<float> a(n), b(n), c(n), ref(n);
  for (std::size_t i = 0; i < n; ++i) {
    a[i] = float(i % 1000) * 0.5f;
    b[i] = float(i % 777) * 0.25f;
  }
  std::printf("fiber switch: %.2f ns\n", bench::fiberSwitchNanoseconds());

  // Best of several runs each, the serial loop's and Loom's interleaved: on a shared machine the
  // clock and the memory bandwidth drift by tens of percent within a minute, and both sides of a
  // ratio should see the same machine. The serial loops are cheap, so they get more runs: their
  // best is the ratio's denominator, which errs on Loom's side of slow.
  double serialAdd = 1e30, loomAdd = 1e30;
  for (int rep = 0; rep < 7; ++rep) {
    serialAdd = std::fmin(serialAdd, bench::serialVectorAdd(a.data(), b.data(), ref.data(), n));
    loomAdd = std::fmin(loomAdd, bench::loomVectorAdd(a.data(), b.data(), c.data(), n));
  }
  bool addOk = c == ref;
  std::printf("(a) vector add 2^24 floats: serial %.1f ms, Loom %.1f ms, ratio %.2fx %s\n",
              serialAdd * 1e3, loomAdd * 1e3, loomAdd / serialAdd, addOk ? "" : "(WRONG RESULT)");

  std::size_t blocks = n / block;
  std::vector<float> sums(blocks), refSums(blocks);
  double serialRed = 1e30, loomRed = 1e30;
  for (int rep = 0; rep < 3; ++rep) {
    for (int s = 0; s < 3; ++s)
      serialRed = std::fmin(serialRed, bench::serialBlockReduce(a.data(), refSums.data(), n, block));
    loomRed = std::fmin(loomRed, bench::loomBlockReduce(a.data(), sums.data(), n, block));
  }
  bool redOk = sums == refSums;
  std::printf("(b) shared-memory block reduction 2^24 floats, blocks of 256: serial %.1f ms, "
              "Loom %.1f ms, ratio %.2fx %s\n",
              serialRed * 1e3, loomRed * 1e3, loomRed / serialRed, redOk ? "" : "(WRONG RESULT)");

  // (b) decomposed on bare barriers: T(k) is the time of k __syncthreads per thread; a thread's
  // first barrier costs T(1) - T(0) - per further barrier, each further one (T(9) - T(1)) / 8.
  const unsigned workers = std::max(1u, std::thread::hardware_concurrency());  // Loom's worker threads
  double bare[3] = {1e30, 1e30, 1e30};
  const int counts[3] = {0, 1, 9};
  for (int rep = 0; rep < 3; ++rep)
    for (int k = 0; k < 3; ++k) bare[k] = std::fmin(bare[k], bench::loomBareBarriers(n, block, counts[k]));
  const double perThread = 1e9 * workers / double(n);  // ns of one core per thread
  const double further = (bare[2] - bare[1]) / 8 * perThread;
  const double first = (bare[1] - bare[0]) * perThread - further;
  std::printf("(b) decomposed, kernels of bare __syncthreads, blocks of 256, ns of one core per thread: "
              "no barrier %.1f, a thread's first barrier %.1f more, each further barrier %.1f\n",
              bare[0] * perThread, first, further);

  // (c) the same reduction with counters on: lockstep warps, every shared and global access a
  // stop of its warp, each warp request priced by the bank or coalescing model.
  std::vector<float> lockSums(blocks);
  double lockRed = 1e30;
  loom::setCountersEnabled(true);
  for (int rep = 0; rep < 3; ++rep) {
    lockRed = std::fmin(lockRed, bench::loomBlockReduce(a.data(), lockSums.data(), n, block));
    loom::clearLaunchReports();
  }
  loom::setCountersEnabled(false);
  bool lockOk = lockSums == refSums;
  std::printf("(c) the same reduction in lockstep mode (counters on): Loom %.1f ms, %.2fx fast "
              "mode (b) %s\n",
              lockRed * 1e3, lockRed / loomRed, lockOk ? "" : "(WRONG RESULT)");
  // Floors: the shape of per-thread emulation without Loom (floors.cpp), on as many threads as
  // Loom has workers.
  std::vector<float> floorC(n), checkedC(n);
  double callAdd = 1e30, checkedAdd = 1e30;
  for (int rep = 0; rep < 3; ++rep) {
    callAdd = std::fmin(callAdd, bench::callPerThreadVectorAdd(a.data(), b.data(), floorC.data(), n, workers, false));
    checkedAdd = std::fmin(checkedAdd, bench::callPerThreadVectorAdd(a.data(), b.data(), checkedC.data(), n, workers, true));
  }
  bool floorOk = floorC == ref && checkedC == ref;
  double ring = 1e30;
  for (int rep = 0; rep < 3; ++rep) ring = std::fmin(ring, bench::ringSwitchNanoseconds());
  const double barriers = 9;  // log2(256) + 1 in blockReduce
  double ringRed = ring * 1e-9 * double(n) * barriers / workers;
  std::printf("floor of (a), one uninstrumented call per CUDA thread on %u threads: %.1f ms, ratio %.2fx %s\n",
              workers, callAdd * 1e3, callAdd / serialAdd, floorOk ? "" : "(WRONG RESULT)");
  std::printf("  the same with three inlined access gates per thread, as Loom's kernels: %.1f ms, ratio %.2fx\n",
              checkedAdd * 1e3, checkedAdd / serialAdd);
  std::printf("floor of (b), a switch among 256 fibers on Loom's stacks (%.2f ns) per thread and barrier on %u "
              "cores: %.1f ms, ratio %.2fx\n",
              ring, workers, ringRed * 1e3, ringRed / serialRed);
  return addOk && redOk && lockOk && floorOk ? 0 : 1;
}
