// cub_block_histogram: histograms with CUB, block-level and device-level.
//
//  1. An 8-bit image histogram (256 bins) built per block in shared memory with
//     cub::BlockHistogram (once with the sort-based algorithm, once with the atomic one) and
//     merged into a global histogram with atomicAdd; samples loaded with cub::BlockLoad.
//  2. cub::DeviceHistogram::HistogramEven on the same bytes (256 even bins).
//  3. cub::DeviceHistogram::HistogramEven on float samples, 20 bins over [0, 100): samples
//     outside the range are not counted.
//  4. cub::DeviceHistogram::HistogramRange on int samples with power-of-two bin edges.
// Each histogram is compared with one counted on the CPU.
//
// Build: nvcc -std=c++17 -O2 -arch=sm_90 cub_block_histogram.cu

#include <cub/cub.cuh>
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK_CUDA(call)                                                                    \
  do {                                                                                      \
    cudaError_t err_ = (call);                                                              \
    if (err_ != cudaSuccess) {                                                              \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,                    \
                   cudaGetErrorString(err_));                                               \
      std::exit(2);                                                                         \
    }                                                                                       \
  } while (0)

constexpr int kThreads = 128;
constexpr int kItems = 8;
constexpr int kTile = kThreads * kItems;
constexpr int kBins = 256;

template <cub::BlockHistogramAlgorithm Algorithm>
__global__ void block_histogram_kernel(const unsigned char* pixels, unsigned int* histogram) {
  using Load = cub::BlockLoad<unsigned char, kThreads, kItems, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
  using Histo = cub::BlockHistogram<unsigned char, kThreads, kItems, kBins, Algorithm>;
  __shared__ union {
    typename Load::TempStorage load;
    typename Histo::TempStorage histo;
  } temp;
  __shared__ unsigned int block_bins[kBins];

  unsigned char items[kItems];
  Load(temp.load).Load(pixels + blockIdx.x * kTile, items);
  __syncthreads();
  Histo(temp.histo).Histogram(items, block_bins);
  __syncthreads();
  for (int bin = threadIdx.x; bin < kBins; bin += kThreads) {
    if (block_bins[bin] != 0) atomicAdd(&histogram[bin], block_bins[bin]);
  }
}

namespace {

int g_failures = 0;

void report(const char* name, bool ok, const char* detail) {
  if (ok) {
    std::printf("cub_block_histogram: %s: PASS\n", name);
  } else {
    std::printf("cub_block_histogram: %s: FAIL %s\n", name, detail);
    ++g_failures;
  }
}

template <typename Counter>
bool compare_bins(const Counter* d_hist, const std::vector<long>& expected, char* detail, size_t size) {
  std::vector<Counter> got(expected.size());
  CHECK_CUDA(cudaMemcpy(got.data(), d_hist, got.size() * sizeof(Counter), cudaMemcpyDeviceToHost));
  for (size_t b = 0; b < expected.size(); ++b) {
    if (static_cast<long>(got[b]) != expected[b]) {
      std::snprintf(detail, size, "bin %zu: got %ld expected %ld", b, static_cast<long>(got[b]), expected[b]);
      return false;
    }
  }
  std::snprintf(detail, size, "-");
  return true;
}

}  // namespace

int main() {
  const int tiles = 40;
  const int n = tiles * kTile;
  char detail[160];

  // An "image": a smooth gradient plus noise, so some bins are empty and others crowded.
  std::vector<unsigned char> pixels(n);
  unsigned s = 99u;
  for (int i = 0; i < n; ++i) {
    s = s * 1103515245u + 12345u;
    int v = (i % 640) / 4 + static_cast<int>((s >> 16) % 48);
    pixels[i] = static_cast<unsigned char>(v > 255 ? 255 : v);
  }
  std::vector<long> ref8(kBins, 0);
  for (unsigned char p : pixels) ++ref8[p];

  unsigned char* d_pixels = nullptr;
  unsigned int* d_hist = nullptr;
  CHECK_CUDA(cudaMalloc(&d_pixels, n));
  CHECK_CUDA(cudaMalloc(&d_hist, kBins * sizeof(unsigned int)));
  CHECK_CUDA(cudaMemcpy(d_pixels, pixels.data(), n, cudaMemcpyHostToDevice));

  // 1. Block-level histograms.
  CHECK_CUDA(cudaMemset(d_hist, 0, kBins * sizeof(unsigned int)));
  block_histogram_kernel<cub::BLOCK_HISTO_SORT><<<tiles, kThreads>>>(d_pixels, d_hist);
  CHECK_CUDA(cudaGetLastError());
  report("BlockHistogram(BLOCK_HISTO_SORT)", compare_bins(d_hist, ref8, detail, sizeof detail), detail);

  CHECK_CUDA(cudaMemset(d_hist, 0, kBins * sizeof(unsigned int)));
  block_histogram_kernel<cub::BLOCK_HISTO_ATOMIC><<<tiles, kThreads>>>(d_pixels, d_hist);
  CHECK_CUDA(cudaGetLastError());
  report("BlockHistogram(BLOCK_HISTO_ATOMIC)", compare_bins(d_hist, ref8, detail, sizeof detail), detail);

  // 2. Device-level, even bins over the bytes.
  {
    int* d_counts = nullptr;
    CHECK_CUDA(cudaMalloc(&d_counts, kBins * sizeof(int)));
    void* d_temp = nullptr;
    size_t temp_bytes = 0;
    CHECK_CUDA(cub::DeviceHistogram::HistogramEven(d_temp, temp_bytes, d_pixels, d_counts, kBins + 1, 0, 256, n));
    CHECK_CUDA(cudaMalloc(&d_temp, temp_bytes));
    CHECK_CUDA(cub::DeviceHistogram::HistogramEven(d_temp, temp_bytes, d_pixels, d_counts, kBins + 1, 0, 256, n));
    report("DeviceHistogram::HistogramEven(uchar, 256 bins)", compare_bins(d_counts, ref8, detail, sizeof detail),
           detail);
    CHECK_CUDA(cudaFree(d_temp));
    CHECK_CUDA(cudaFree(d_counts));
  }

  // 3. Device-level, even bins over floats, with samples outside the range.
  {
    const int m = 30000;
    const int bins = 20;
    std::vector<float> samples(m);
    std::vector<long> ref(bins, 0);
    for (int i = 0; i < m; ++i) {
      s = s * 1103515245u + 12345u;
      int k = static_cast<int>((s >> 12) % 130) - 15;  // -15 .. 114
      samples[i] = static_cast<float>(k) + 0.5f;       // never on a bin edge
      if (k >= 0 && k < 100) ++ref[k / 5];
    }
    float* d_samples = nullptr;
    int* d_counts = nullptr;
    CHECK_CUDA(cudaMalloc(&d_samples, m * sizeof(float)));
    CHECK_CUDA(cudaMalloc(&d_counts, bins * sizeof(int)));
    CHECK_CUDA(cudaMemcpy(d_samples, samples.data(), m * sizeof(float), cudaMemcpyHostToDevice));
    void* d_temp = nullptr;
    size_t temp_bytes = 0;
    CHECK_CUDA(cub::DeviceHistogram::HistogramEven(d_temp, temp_bytes, d_samples, d_counts, bins + 1, 0.0f, 100.0f, m));
    CHECK_CUDA(cudaMalloc(&d_temp, temp_bytes));
    CHECK_CUDA(cub::DeviceHistogram::HistogramEven(d_temp, temp_bytes, d_samples, d_counts, bins + 1, 0.0f, 100.0f, m));
    report("DeviceHistogram::HistogramEven(float, out-of-range samples)",
           compare_bins(d_counts, ref, detail, sizeof detail), detail);
    CHECK_CUDA(cudaFree(d_temp));
    CHECK_CUDA(cudaFree(d_counts));
    CHECK_CUDA(cudaFree(d_samples));
  }

  // 4. Device-level, explicit bin edges.
  {
    const int m = 25000;
    const int levels[] = {0, 1, 2, 4, 8, 16, 32, 64, 128, 256};
    const int num_levels = sizeof(levels) / sizeof(levels[0]);
    std::vector<int> samples(m);
    std::vector<long> ref(num_levels - 1, 0);
    for (int i = 0; i < m; ++i) {
      s = s * 1103515245u + 12345u;
      int v = static_cast<int>((s >> 10) % 300) - 10;  // -10 .. 289
      samples[i] = v;
      for (int b = 0; b + 1 < num_levels; ++b)
        if (v >= levels[b] && v < levels[b + 1]) ++ref[b];
    }
    int *d_samples = nullptr, *d_levels = nullptr;
    unsigned int* d_counts = nullptr;
    CHECK_CUDA(cudaMalloc(&d_samples, m * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&d_levels, sizeof(levels)));
    CHECK_CUDA(cudaMalloc(&d_counts, (num_levels - 1) * sizeof(unsigned int)));
    CHECK_CUDA(cudaMemcpy(d_samples, samples.data(), m * sizeof(int), cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(d_levels, levels, sizeof(levels), cudaMemcpyHostToDevice));
    void* d_temp = nullptr;
    size_t temp_bytes = 0;
    CHECK_CUDA(cub::DeviceHistogram::HistogramRange(d_temp, temp_bytes, d_samples, d_counts, num_levels, d_levels, m));
    CHECK_CUDA(cudaMalloc(&d_temp, temp_bytes));
    CHECK_CUDA(cub::DeviceHistogram::HistogramRange(d_temp, temp_bytes, d_samples, d_counts, num_levels, d_levels, m));
    report("DeviceHistogram::HistogramRange(int, uneven bins)", compare_bins(d_counts, ref, detail, sizeof detail),
           detail);
    CHECK_CUDA(cudaFree(d_temp));
    CHECK_CUDA(cudaFree(d_counts));
    CHECK_CUDA(cudaFree(d_levels));
    CHECK_CUDA(cudaFree(d_samples));
  }

  CHECK_CUDA(cudaFree(d_hist));
  CHECK_CUDA(cudaFree(d_pixels));
  std::printf("cub_block_histogram: %s\n", g_failures == 0 ? "PASS" : "FAIL");
  return g_failures == 0 ? 0 : 1;
}
