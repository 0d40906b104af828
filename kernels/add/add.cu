// Seed 002 ("CUDA programming 03: global memory, shared memory and atomics"), section
// "全局内存的合并与非合并访问": the five vector-add kernels that illustrate the degree of
// coalescing. Kernel bodies and launch configurations (<<<128, 32>>>) are exactly the seed's.
//
// Each kernel is launched on a fresh output buffer filled with a sentinel bit pattern
// (0xFFFFFFFF, a NaN), then every element of z is compared bit for bit with a CPU loop that
// applies the same index mapping: elements a kernel must write hold x+y (a single IEEE float add,
// so the device and the host give the same bits), elements it must not write keep the sentinel.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#include "../common/cuda_check.h"

typedef float real;

// Fixed-seed 64-bit LCG (Knuth's MMIX constants); next() returns the top 31 bits.
struct Lcg {
    uint64_t s;
    explicit Lcg(uint64_t seed) : s(seed) {}
    uint32_t next() {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        return (uint32_t)(s >> 33);
    }
};

// ---- kernels, verbatim from seed 002 ----

void __global__ add(float *x, float *y, float *z) {
    int n = threadIdx.x + blockIdx.x * blockDim.x;
    z[n] = x[n] + y[n];
}

void __global__ add_permuted(float *x, float *y, float *z) {
    int tid_permuted = threadIdx.x ^ 0x1;
    int n = tid_permuted + blockIdx.x * blockDim.x;
    z[n] = x[n] + y[n];
}

void __global__ add_offset(float *x, float *y, float *z) {
    int n = threadIdx.x + blockIdx.x * blockDim.x + 1;
    z[n] = x[n] + y[n];
}

void __global__ add_stride(float *x, float *y, float *z) {
    // 注意这里n的表达式与前面的都不一样 (note: n is computed differently from the others)
    int n = blockIdx.x + threadIdx.x * gridDim.x;
    z[n] = x[n] + y[n];
}

void __global__ add_broadcast(float *x, float *y, float *z) {
    int n = threadIdx.x + blockIdx.x * blockDim.x;
    z[n] = x[0] + y[n];
}

// ---- host side ----

static const int GRID = 128;                 // as in the seed: <<<128, 32>>>
static const int BLOCK = 32;
static const int N = GRID * BLOCK;           // threads launched
static const int LEN = N + 1;                // add_offset touches element N
static const uint32_t SENTINEL = 0xFFFFFFFFu;

enum Mapping { kPlain, kPermuted, kOffset, kStride, kBroadcast };

// The element index that thread (b, t) writes, and the x index it reads.
static void mapping(Mapping m, int b, int t, int *n, int *xi) {
    switch (m) {
    case kPlain:     *n = t + b * BLOCK; *xi = *n; break;
    case kPermuted:  *n = (t ^ 1) + b * BLOCK; *xi = *n; break;
    case kOffset:    *n = t + b * BLOCK + 1; *xi = *n; break;
    case kStride:    *n = b + t * GRID; *xi = *n; break;
    case kBroadcast: *n = t + b * BLOCK; *xi = 0; break;
    }
}

static uint32_t bits(float f) {
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

int main() {
    std::vector<real> h_x(LEN), h_y(LEN);
    Lcg lcg(0x5eed0002ULL);
    for (int i = 0; i < LEN; ++i) {
        h_x[i] = (real)((int)(lcg.next() % 2000001u) - 1000000) / 1024.0f;
        h_y[i] = (real)((int)(lcg.next() % 2000001u) - 1000000) / 3.0f;
    }

    const size_t bytes = sizeof(real) * LEN;
    real *d_x, *d_y, *d_z;
    CHECK(cudaMalloc(&d_x, bytes));
    CHECK(cudaMalloc(&d_y, bytes));
    CHECK(cudaMalloc(&d_z, bytes));
    CHECK(cudaMemcpy(d_x, h_x.data(), bytes, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_y, h_y.data(), bytes, cudaMemcpyHostToDevice));

    struct Case {
        const char *name;
        Mapping m;
    };
    const Case cases[] = {{"add", kPlain},
                          {"add_permuted", kPermuted},
                          {"add_offset", kOffset},
                          {"add_stride", kStride},
                          {"add_broadcast", kBroadcast}};

    std::vector<real> h_z(LEN);
    bool all_pass = true;
    std::vector<std::string> summary;
    for (const Case &c : cases) {
        CHECK(cudaMemset(d_z, 0xFF, bytes));   // every byte 0xFF: the sentinel
        switch (c.m) {
        case kPlain:     add<<<128, 32>>>(d_x, d_y, d_z); break;
        case kPermuted:  add_permuted<<<128, 32>>>(d_x, d_y, d_z); break;
        case kOffset:    add_offset<<<128, 32>>>(d_x, d_y, d_z); break;
        case kStride:    add_stride<<<128, 32>>>(d_x, d_y, d_z); break;
        case kBroadcast: add_broadcast<<<128, 32>>>(d_x, d_y, d_z); break;
        }
        CHECK_LAUNCH();
        CHECK(cudaMemcpy(h_z.data(), d_z, bytes, cudaMemcpyDeviceToHost));

        // CPU reference: same mapping, sentinel elsewhere.
        std::vector<uint32_t> expect(LEN, SENTINEL);
        for (int b = 0; b < GRID; ++b)
            for (int t = 0; t < BLOCK; ++t) {
                int n, xi;
                mapping(c.m, b, t, &n, &xi);
                expect[n] = bits(h_x[xi] + h_y[n]);
            }
        int bad = 0, first = -1;
        for (int i = 0; i < LEN; ++i)
            if (bits(h_z[i]) != expect[i]) {
                if (first < 0) first = i;
                ++bad;
            }
        char line[256];
        if (bad == 0) {
            snprintf(line, sizeof line, "%s: PASS", c.name);
        } else {
            all_pass = false;
            snprintf(line, sizeof line, "%s: FAIL %d of %d elements differ, first z[%d] = 0x%08x expected 0x%08x",
                     c.name, bad, LEN, first, bits(h_z[first]), expect[first]);
        }
        summary.push_back(line);
    }

    CHECK(cudaFree(d_x));
    CHECK(cudaFree(d_y));
    CHECK(cudaFree(d_z));
    for (const std::string &s : summary) printf("%s\n", s.c_str());
    return all_pass ? 0 : 1;
}
