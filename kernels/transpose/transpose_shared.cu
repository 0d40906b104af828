// Seed 002, section "使用共享内存处理转置": the shared-memory tile transpose, twice:
//   transpose_shared_bank_conflict     __shared__ real S[TILE_DIM][TILE_DIM]    ("有bank冲突")
//   transpose_shared_no_bank_conflict  __shared__ real S[TILE_DIM][TILE_DIM + 1] ("无bank冲突")
// The seed calls both `transpose1` (the second is the first with the padded declaration); they are
// renamed here so that both live in one program and per-kernel counters can tell them apart.
// Bodies are otherwise verbatim. Block TILE_DIM x TILE_DIM = 32x32.
//
// On hardware the read S[threadIdx.x][threadIdx.y] of the unpadded tile is a 32-way bank conflict
// (HARDWARE_NOTES.md: 992 load conflicts for one 32x32 block, 0 with the padding); the stores are
// conflict-free in both. Results must be identical.
//
// N = 1000 (not a multiple of 32: partial tiles). B is filled with a sentinel first; every element
// is compared bit for bit with the CPU transpose.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#include "../common/cuda_check.h"

typedef float real;
#define TILE_DIM 32

struct Lcg {
    uint64_t s;
    explicit Lcg(uint64_t seed) : s(seed) {}
    uint32_t next() {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        return (uint32_t)(s >> 33);
    }
};

__global__ void transpose_shared_bank_conflict(const real *A, real *B, const int N) {
    __shared__ real S[TILE_DIM][TILE_DIM];
    int bx = blockIdx.x * TILE_DIM;
    int by = blockIdx.y * TILE_DIM;

    int nx1 = bx + threadIdx.x;
    int ny1 = by + threadIdx.y;
    if (nx1 < N && ny1 < N) {
        S[threadIdx.y][threadIdx.x] = A[ny1 * N + nx1];
    }
    __syncthreads();

    int nx2 = bx + threadIdx.y;
    int ny2 = by + threadIdx.x;
    if (nx2 < N && ny2 < N) {
        B[nx2 * N + ny2] = S[threadIdx.x][threadIdx.y];
    }
}

__global__ void transpose_shared_no_bank_conflict(const real *A, real *B, const int N) {
    __shared__ real S[TILE_DIM][TILE_DIM + 1];
    int bx = blockIdx.x * TILE_DIM;
    int by = blockIdx.y * TILE_DIM;

    int nx1 = bx + threadIdx.x;
    int ny1 = by + threadIdx.y;
    if (nx1 < N && ny1 < N) {
        S[threadIdx.y][threadIdx.x] = A[ny1 * N + nx1];
    }
    __syncthreads();

    int nx2 = bx + threadIdx.y;
    int ny2 = by + threadIdx.x;
    if (nx2 < N && ny2 < N) {
        B[nx2 * N + ny2] = S[threadIdx.x][threadIdx.y];
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
    Lcg lcg(0x5eed5a4eULL);
    for (size_t i = 0; i < elems; ++i) h_A[i] = (real)(int)(lcg.next() % 1000003u) * 0.125f - 60000.0f;

    real *d_A, *d_B;
    CHECK(cudaMalloc(&d_A, bytes));
    CHECK(cudaMalloc(&d_B, bytes));
    CHECK(cudaMemcpy(d_A, h_A.data(), bytes, cudaMemcpyHostToDevice));

    const int grid_size_x = (N + TILE_DIM - 1) / TILE_DIM;
    const dim3 block_size(TILE_DIM, TILE_DIM);
    const dim3 grid_size(grid_size_x, grid_size_x);

    const char *names[2] = {"transpose_shared_bank_conflict", "transpose_shared_no_bank_conflict"};
    bool all_pass = true;
    std::vector<std::string> summary;
    for (int k = 0; k < 2; ++k) {
        CHECK(cudaMemset(d_B, 0xFF, bytes));
        if (k == 0)
            transpose_shared_bank_conflict<<<grid_size, block_size>>>(d_A, d_B, N);
        else
            transpose_shared_no_bank_conflict<<<grid_size, block_size>>>(d_A, d_B, N);
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
