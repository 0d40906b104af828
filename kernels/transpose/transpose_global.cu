// Seed 002, section "例子:矩阵转置" (global memory): the three transposes timed there as
//   "transpose with coalesced read"              -> transpose1 (listed in the seed)
//   "transpose with coalesced write"             -> transpose2
//   "transpose with coalesced write and __ldg read" -> transpose3
// The seed lists only transpose1 and points to the book's matrix.cu for the rest; transpose2 and
// transpose3 are completed here from the seed's description (write B coalesced, read A strided;
// transpose3 reads A through __ldg()). Block TILE_DIM x TILE_DIM = 32x32 as in the seed.
//
// N = 1000 is not a multiple of 32, so the last block row and column are partial (the kernels'
// `if (nx < N && ny < N)` guards matter). B is filled with a sentinel first; every element of B is
// compared bit for bit with the CPU transpose (a pure copy, so equality is exact).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#include "../common/cuda_check.h"

typedef float real;
static const int TILE_DIM = 32;

struct Lcg {
    uint64_t s;
    explicit Lcg(uint64_t seed) : s(seed) {}
    uint32_t next() {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        return (uint32_t)(s >> 33);
    }
};

// Coalesced read of A, strided write of B (verbatim from seed 002).
__global__ void transpose1(const real *A, real *B, const int N) {
    const int nx = blockIdx.x * blockDim.x + threadIdx.x;
    const int ny = blockIdx.y * blockDim.y + threadIdx.y;
    if (nx < N && ny < N) {
        B[nx * N + ny] = A[ny * N + nx];
    }
}

// Strided read of A, coalesced write of B.
__global__ void transpose2(const real *A, real *B, const int N) {
    const int nx = blockIdx.x * blockDim.x + threadIdx.x;
    const int ny = blockIdx.y * blockDim.y + threadIdx.y;
    if (nx < N && ny < N) {
        B[ny * N + nx] = A[nx * N + ny];
    }
}

// As transpose2, with the strided read going through the read-only data cache.
__global__ void transpose3(const real *A, real *B, const int N) {
    const int nx = blockIdx.x * blockDim.x + threadIdx.x;
    const int ny = blockIdx.y * blockDim.y + threadIdx.y;
    if (nx < N && ny < N) {
        B[ny * N + nx] = __ldg(&A[nx * N + ny]);
    }
}

static uint32_t bits(float f) {
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

int main() {
    const int N = 1000;
    const size_t elems = (size_t)N * N;
    const size_t bytes = sizeof(real) * elems;

    std::vector<real> h_A(elems), h_B(elems);
    Lcg lcg(0x5eed7a05ULL);
    for (size_t i = 0; i < elems; ++i) h_A[i] = (real)(int)(lcg.next() % 1000003u) * 0.125f - 60000.0f;

    real *d_A, *d_B;
    CHECK(cudaMalloc(&d_A, bytes));
    CHECK(cudaMalloc(&d_B, bytes));
    CHECK(cudaMemcpy(d_A, h_A.data(), bytes, cudaMemcpyHostToDevice));

    const int grid_size_x = (N + TILE_DIM - 1) / TILE_DIM;
    const int grid_size_y = grid_size_x;
    const dim3 block_size(TILE_DIM, TILE_DIM);
    const dim3 grid_size(grid_size_x, grid_size_y);

    const char *names[3] = {"transpose1", "transpose2", "transpose3"};
    bool all_pass = true;
    std::vector<std::string> summary;
    for (int k = 0; k < 3; ++k) {
        CHECK(cudaMemset(d_B, 0xFF, bytes));
        switch (k) {
        case 0: transpose1<<<grid_size, block_size>>>(d_A, d_B, N); break;
        case 1: transpose2<<<grid_size, block_size>>>(d_A, d_B, N); break;
        case 2: transpose3<<<grid_size, block_size>>>(d_A, d_B, N); break;
        }
        CHECK_LAUNCH();
        CHECK(cudaMemcpy(h_B.data(), d_B, bytes, cudaMemcpyDeviceToHost));

        size_t bad = 0, first = 0;
        for (int r = 0; r < N; ++r)
            for (int c = 0; c < N; ++c) {
                size_t i = (size_t)r * N + c;
                if (bits(h_B[i]) != bits(h_A[(size_t)c * N + r])) {
                    if (bad == 0) first = i;
                    ++bad;
                }
            }
        char line[256];
        if (bad == 0) {
            snprintf(line, sizeof line, "%s: PASS", names[k]);
        } else {
            all_pass = false;
            snprintf(line, sizeof line, "%s: FAIL %zu of %zu elements differ, first B[%zu][%zu]", names[k], bad,
                     elems, first / N, first % N);
        }
        summary.push_back(line);
    }

    CHECK(cudaFree(d_A));
    CHECK(cudaFree(d_B));
    for (const std::string &s : summary) printf("%s\n", s.c_str());
    return all_pass ? 0 : 1;
}
