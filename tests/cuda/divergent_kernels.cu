// Conformance test, and a counter case (validate/cases/tests.cuda.divergent_kernels): ordinary
// kernels whose warps diverge, written after Loom's reconvergence regions as a held-out check of
// its counters against the H100's: a bitonic sort in shared memory (branches in nested loops
// between barriers), a shared-memory histogram (data-dependent atomics), a CSR sparse
// matrix-vector product (a loop whose trip count is the row's), an escape-time iteration (a
// loop each lane leaves at its own step, reading a table at each), and a Collatz walk (a branch inside a loop of the
// lane's own length). Results are checked against CPU references.
#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

#include "conformance.h"

constexpr int kSort = 256;

__global__ void bitonicSort(const int* in, int* out) {
  __shared__ int s[kSort];
  int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  for (int k = 2; k <= kSort; k <<= 1) {
    for (int j = k >> 1; j > 0; j >>= 1) {
      int p = t ^ j;
      if (p > t) {
        bool up = (t & k) == 0;
        int a = s[t], b = s[p];
        if ((a > b) == up) {
          s[t] = b;
          s[p] = a;
        }
      }
      __syncthreads();
    }
  }
  out[t] = s[t];
}

constexpr int kBins = 64;
constexpr int kHistItems = 4096;

__global__ void histogram(const int* in, int* bins) {
  __shared__ int local[kBins];
  int t = threadIdx.x;
  if (t < kBins) local[t] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + t; i < kHistItems; i += blockDim.x * gridDim.x) {
    int v = in[i];
    if (v % 7 != 0) atomicAdd(&local[v % kBins], 1);
  }
  __syncthreads();
  if (t < kBins && local[t] != 0) atomicAdd(&bins[t], local[t]);
}

constexpr int kRows = 512;

__global__ void csrSpmv(const int* rowStart, const int* cols, const float* vals, const float* x, float* y) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= kRows) return;
  float sum = 0;
  for (int e = rowStart[r]; e < rowStart[r + 1]; ++e) sum += vals[e] * x[cols[e]];
  y[r] = sum;
}

constexpr int kPixels = 1024;
constexpr int kMaxSteps = 64;

// Fixed point (12 fraction bits) so that the device's FMA contraction cannot change a step;
// each step reads a per-step offset, one word for all lanes at the same step.
__global__ void escapeTime(const int* cre, const int* cim, const int* offset, int* steps) {
  int p = blockIdx.x * blockDim.x + threadIdx.x;
  long long zr = 0, zi = 0, cr = cre[p], ci = cim[p];
  int n = 0;
  for (; n < kMaxSteps; ++n) {
    long long r2 = (zr * zr) >> 12, i2 = (zi * zi) >> 12;
    if (r2 + i2 > (4 << 12)) break;
    zi = ((2 * zr * zi) >> 12) + ci + offset[n];
    zr = r2 - i2 + cr;
  }
  steps[p] = n;
}

constexpr int kWalkers = 256;

__global__ void collatz(const int* start, int* lengths, int* trace) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  long long v = start[t];
  int n = 0;
  while (v != 1 && n < 200) {
    if (v & 1) {
      v = 3 * v + 1;
      trace[t * 4 + (n & 3)] += 1;
    } else {
      v >>= 1;
    }
    ++n;
  }
  lengths[t] = n;
}

int main() {
  // Inputs from a fixed LCG.
  unsigned seed = 12345;
  auto next = [&] { seed = seed * 1664525u + 1013904223u; return seed >> 8; };

  std::vector<int> sortIn(kSort);
  for (int& v : sortIn) v = static_cast<int>(next() % 1000);
  std::vector<int> histIn(kHistItems);
  for (int& v : histIn) v = static_cast<int>(next() % 5000);
  std::vector<int> rowStart(kRows + 1, 0), cols;
  std::vector<float> vals, x(kRows);
  for (int r = 0; r < kRows; ++r) {
    int len = static_cast<int>(next() % 9);  // 0..8 entries
    for (int e = 0; e < len; ++e) {
      cols.push_back(static_cast<int>(next() % kRows));
      vals.push_back(static_cast<float>(next() % 16) / 4);
    }
    rowStart[r + 1] = rowStart[r] + len;
  }
  for (float& v : x) v = static_cast<float>(next() % 32) / 8;
  std::vector<int> cre(kPixels), cim(kPixels), offset(kMaxSteps);
  for (int p = 0; p < kPixels; ++p) {
    cre[p] = -8192 + 10240 * (p % 32) / 32;  // -2 .. 0.5
    cim[p] = -5120 + 10240 * (p / 32) / 32;  // -1.25 .. 1.25
  }
  for (int& v : offset) v = static_cast<int>(next() % 9) - 4;
  std::vector<int> walkStart(kWalkers);
  for (int& v : walkStart) v = 1 + static_cast<int>(next() % 100);

  int *dSortIn, *dSortOut, *dHistIn, *dBins, *dRowStart, *dCols, *dSteps, *dStart, *dLengths, *dTrace;
  int *dCre, *dCim, *dOffset;
  float *dVals, *dX, *dY;
  CK(cudaMalloc(&dSortIn, kSort * sizeof(int)));
  CK(cudaMalloc(&dSortOut, kSort * sizeof(int)));
  CK(cudaMalloc(&dHistIn, kHistItems * sizeof(int)));
  CK(cudaMalloc(&dBins, kBins * sizeof(int)));
  CK(cudaMalloc(&dRowStart, (kRows + 1) * sizeof(int)));
  CK(cudaMalloc(&dCols, cols.size() * sizeof(int) + 4));
  CK(cudaMalloc(&dVals, vals.size() * sizeof(float) + 4));
  CK(cudaMalloc(&dX, kRows * sizeof(float)));
  CK(cudaMalloc(&dY, kRows * sizeof(float)));
  CK(cudaMalloc(&dCre, kPixels * sizeof(int)));
  CK(cudaMalloc(&dCim, kPixels * sizeof(int)));
  CK(cudaMalloc(&dOffset, kMaxSteps * sizeof(int)));
  CK(cudaMalloc(&dSteps, kPixels * sizeof(int)));
  CK(cudaMalloc(&dStart, kWalkers * sizeof(int)));
  CK(cudaMalloc(&dLengths, kWalkers * sizeof(int)));
  CK(cudaMalloc(&dTrace, kWalkers * 4 * sizeof(int)));
  CK(cudaMemcpy(dSortIn, sortIn.data(), kSort * sizeof(int), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dHistIn, histIn.data(), kHistItems * sizeof(int), cudaMemcpyHostToDevice));
  CK(cudaMemset(dBins, 0, kBins * sizeof(int)));
  CK(cudaMemcpy(dRowStart, rowStart.data(), (kRows + 1) * sizeof(int), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dCols, cols.data(), cols.size() * sizeof(int), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dVals, vals.data(), vals.size() * sizeof(float), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dX, x.data(), kRows * sizeof(float), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dCre, cre.data(), kPixels * sizeof(int), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dCim, cim.data(), kPixels * sizeof(int), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dOffset, offset.data(), kMaxSteps * sizeof(int), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dStart, walkStart.data(), kWalkers * sizeof(int), cudaMemcpyHostToDevice));
  CK(cudaMemset(dTrace, 0, kWalkers * 4 * sizeof(int)));

  bitonicSort<<<1, kSort>>>(dSortIn, dSortOut);
  CK_LAUNCH();
  histogram<<<4, 256>>>(dHistIn, dBins);
  CK_LAUNCH();
  csrSpmv<<<(kRows + 127) / 128, 128>>>(dRowStart, dCols, dVals, dX, dY);
  CK_LAUNCH();
  escapeTime<<<kPixels / 128, 128>>>(dCre, dCim, dOffset, dSteps);
  CK_LAUNCH();
  collatz<<<kWalkers / 64, 64>>>(dStart, dLengths, dTrace);
  CK_LAUNCH();

  std::vector<int> sorted(kSort), bins(kBins), steps(kPixels), lengths(kWalkers);
  std::vector<float> y(kRows);
  CK(cudaMemcpy(sorted.data(), dSortOut, kSort * sizeof(int), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(bins.data(), dBins, kBins * sizeof(int), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(y.data(), dY, kRows * sizeof(float), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(steps.data(), dSteps, kPixels * sizeof(int), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(lengths.data(), dLengths, kWalkers * sizeof(int), cudaMemcpyDeviceToHost));

  std::vector<int> want(sortIn);
  for (int i = 1; i < kSort; ++i)
    for (int j = i; j > 0 && want[j - 1] > want[j]; --j) std::swap(want[j - 1], want[j]);
  check("bitonic_sort", sorted == want);
  std::vector<int> wantBins(kBins, 0);
  for (int v : histIn)
    if (v % 7 != 0) ++wantBins[v % kBins];
  check("histogram", bins == wantBins);
  bool spmv = true;
  for (int r = 0; r < kRows; ++r) {
    float sum = 0;
    for (int e = rowStart[r]; e < rowStart[r + 1]; ++e) sum += vals[e] * x[cols[e]];
    spmv = spmv && sum == y[r];  // quarters and eighths below 2^24: exact in any order
  }
  check("csr_spmv", spmv);
  bool escape = true;
  for (int p = 0; p < kPixels; ++p) {
    long long zr = 0, zi = 0;
    int n = 0;
    for (; n < kMaxSteps; ++n) {
      long long r2 = (zr * zr) >> 12, i2 = (zi * zi) >> 12;
      if (r2 + i2 > (4 << 12)) break;
      zi = ((2 * zr * zi) >> 12) + cim[p] + offset[n];
      zr = r2 - i2 + cre[p];
    }
    escape = escape && steps[p] == n;
  }
  check("escape_time", escape);
  bool walks = true;
  for (int t = 0; t < kWalkers; ++t) {
    long long v = walkStart[t];
    int n = 0;
    while (v != 1 && n < 200) {
      v = (v & 1) ? 3 * v + 1 : v >> 1;
      ++n;
    }
    walks = walks && lengths[t] == n;
  }
  check("collatz", walks);
  return finish("divergent_kernels");
}
