// Seed 002, section "例子:数组归约计算": the 10^8-element single-precision sum. The seed's point:
// a sequential float loop over 10^8 values of 1.23 stalls at 33554432 = 2^25 ("大数吃小数"),
// while the CUDA reduction "使用单精度浮点数时结果也相当准确". This program runs the seed's
// reduce_shared kernel (static __shared__ real s_y[128], blocks of 128) over N floats, N from
// argv[1] (default 100000000), and finishes the sum of the per-block partials on the host, as the
// seed does ("将数组d_y从设备复制到主机,并在主机继续对数组d_y归约").
//
// Differences from the seed, all deliberate:
//  * N is a kernel parameter instead of the seed's file-scope constant, so argv[1] can set it.
//  * Inputs are 1.23 on average but not constant: x[i] = 1 + k/100, k = LCG % 47 in [0, 46].
//    With a constant input every wrongly indexed read would still return 1.23.
//  * The host finishes the sum in double (the seed uses `real`, i.e. float, which alone could add
//    up to grid_size * ulp(sum)/2, about 2.5% at N = 10^8, and would hide a lost block).
//
// Tolerance. All inputs are positive. A block reduces 128 floats by pairwise (tree) summation,
// log2(128) = 7 levels; each float addition has relative error at most u = 2^-24 and every
// intermediate is a sum of positive inputs, so |computed partial - exact partial| <= 7u * exact
// partial (to first order; the neglected second-order terms are covered by enlarging the bound by
// 0.1%). The host then sums the partials in double: at most grid_size * 2^-53 relative more.
// The reference is a CPU double sum of the same floats, per block and in total. Each input is a
// float in [1, 2), a multiple of 2^-23, so every partial sum is a multiple of 2^-23; below 2^30
// (N up to about 7e8) it needs at most 53 bits and the double sums are exact. For larger N their
// error is at most (number of terms) * 2^-53 relative, which the bound includes anyway. So:
//   each block  |p_b - S_b| <= 7u * S_b * 1.001 + 128 * 2^-53 * S_b
//   total       |P - S|     <= (7u * 1.001 + (grid_size + N) * 2^-53) * S
// 7u = 4.2e-7 relative. Losing or duplicating one block changes the total by about 1/grid_size
// = 1.3e-6 relative at N = 10^8, three times the tolerance, and each block is checked on its own.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda_runtime.h>

#include "../common/cuda_check.h"

typedef float real;
const int BLOCK_SIZE = 128;

struct Lcg {
    uint64_t s;
    explicit Lcg(uint64_t seed) : s(seed) {}
    uint32_t next() {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        return (uint32_t)(s >> 33);
    }
};

// The seed's reduce_shared, with N passed in.
void __global__ reduce_shared(const real *d_x, real *d_y, const int N)
{
    const int tid = threadIdx.x;
    const int bid = blockIdx.x;
    const int n = bid * blockDim.x + tid;
    __shared__ real s_y[128];
    s_y[tid] = (n < N) ? d_x[n] : 0.0;
    __syncthreads();

    for (int offset = blockDim.x >> 1; offset > 0; offset >>= 1) {
        if (tid < offset) {
            s_y[tid] += s_y[tid + offset];
        }
        __syncthreads();
    }

    if (tid == 0) {
        d_y[bid] = s_y[0];
    }
}

int main(int argc, char **argv) {
    long long n_arg = 100000000LL;
    if (argc > 1) {
        char *end = nullptr;
        n_arg = strtoll(argv[1], &end, 10);
        if (end == argv[1] || *end != '\0' || n_arg <= 0 || n_arg > 0x7fffffffLL - BLOCK_SIZE) {
            fprintf(stderr, "usage: %s [N]   (1 <= N <= 2^31 - 129, default 100000000)\n", argv[0]);
            return 2;
        }
    }
    const int N = (int)n_arg;
    const int grid_size = (N + BLOCK_SIZE - 1) / BLOCK_SIZE;

    std::vector<real> h_x(N);
    Lcg lcg(0x5eed1e08ULL);
    for (int i = 0; i < N; ++i) h_x[i] = 1.0f + (real)(lcg.next() % 47u) / 100.0f;

    // CPU references in double, per block and total.
    std::vector<double> exact_block(grid_size, 0.0);
    for (int i = 0; i < N; ++i) exact_block[i / BLOCK_SIZE] += (double)h_x[i];
    double exact_total = 0.0;
    for (int b = 0; b < grid_size; ++b) exact_total += exact_block[b];

    // The seed's naive sequential float loop, for information only.
    real naive = 0.0f;
    for (int i = 0; i < N; ++i) naive += h_x[i];

    real *d_x, *d_y;
    CHECK(cudaMalloc(&d_x, sizeof(real) * (size_t)N));
    CHECK(cudaMalloc(&d_y, sizeof(real) * (size_t)grid_size));
    CHECK(cudaMemcpy(d_x, h_x.data(), sizeof(real) * (size_t)N, cudaMemcpyHostToDevice));
    CHECK(cudaMemset(d_y, 0xFF, sizeof(real) * (size_t)grid_size));

    reduce_shared<<<grid_size, BLOCK_SIZE>>>(d_x, d_y, N);
    CHECK_LAUNCH();

    std::vector<real> h_y(grid_size);
    CHECK(cudaMemcpy(h_y.data(), d_y, sizeof(real) * (size_t)grid_size, cudaMemcpyDeviceToHost));
    CHECK(cudaFree(d_x));
    CHECK(cudaFree(d_y));

    const double u = std::ldexp(1.0, -24);
    const double slack = 1.001;
    double total = 0.0;
    for (int b = 0; b < grid_size; ++b) total += (double)h_y[b];

    printf("info: N = %d, device sum = %.6f, CPU double sum = %.6f, naive CPU float loop = %.6f\n", N, total,
           exact_total, (double)naive);

    for (int b = 0; b < grid_size; ++b) {
        const double tol_b = 7.0 * u * exact_block[b] * slack + 128.0 * std::ldexp(1.0, -53) * exact_block[b];
        if (!(std::fabs((double)h_y[b] - exact_block[b]) <= tol_b)) {
            printf("reduce_shared: FAIL block %d partial %.9g expected %.9g (tolerance %.3g)\n", b, (double)h_y[b],
                   exact_block[b], tol_b);
            return 1;
        }
    }
    const double tol = (7.0 * u * slack + ((double)grid_size + (double)N) * std::ldexp(1.0, -53)) * exact_total;
    if (!(std::fabs(total - exact_total) <= tol)) {
        printf("reduce_shared: FAIL sum %.6f expected %.6f (tolerance %.3g)\n", total, exact_total, tol);
        return 1;
    }
    printf("reduce_shared: PASS\n");
    return 0;
}
