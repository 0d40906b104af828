// Seed 002, section "例子:邻居列表的建立": neighbour lists with and without atomics.
//   find_neighbor_atomic     each pair examined once (n2 > n1), both lists appended through
//                            atomicAdd on the counts; layout NL[n * MN + k]; the order of a list
//                            is nondeterministic, so lists are compared sorted.
//   find_neighbor_no_atomic  each thread scans all n2 and writes only its own list, coalesced
//                            layout NL[k * N + n]; the order is ascending n2, deterministic.
// CPU reference: the seed's find_neighbor() (neighborCPU.cu), verbatim apart from taking N.
// MN = 10 and cutoff 1.9 (cutoff_square = 1.9 * 1.9; the seed's "1.92" is 1.9^2 with the
// superscript lost) are the seed's; real = float as the seed's timings use.
//
// One change to find_neighbor_atomic, and why: the seed's kernel begins with `d_NN[n1] = 0;`.
// That store races with the atomicAdd(&d_NN[n1], 1) that threads n0 < n1 of other blocks perform:
// if block 0 has already recorded n1 as a neighbour when the block holding n1 starts, the store
// wipes those counts. It works on a GPU only when every block is resident and executes its first
// store before any other block reaches its atomics, which CUDA does not guarantee (The CUDA
// Handbook 7.3.2: "初始化通常应由内核调用外的代码来执行"); on a CPU that runs blocks one after
// another it loses neighbours every time. Here d_NN is zeroed with cudaMemset before the launch and
// the store is removed (shown commented out in the kernel).
//
// The point set is deterministic: a 62 x 63 square lattice of spacing 91/64 (about the seed's
// graphene bond length 1.42), each point displaced by up to +-19/64 in x and y by a fixed-seed LCG,
// and the point order shuffled by the same LCG (so lists mix indices from many blocks). Every
// coordinate is a multiple of 1/64 and the differences are exact. For a pair with |dx| and |dy|
// both <= 1.9 the squares and their sum are multiples of 1/4096 with numerators below 2^15, exact
// in float with or without FMA contraction, and 1.9f*1.9f is not a multiple of 1/4096, so the
// comparison is exact. A pair with |dx| or |dy| > 1.9 has dx^2 >= 3.63 and, as
// rounding is monotonic, a computed distance_square above 1.9f*1.9f either way. Device and CPU
// therefore classify every pair identically.
// Neighbours come from the 8 surrounding lattice sites at most (2 spacings minus jitter is 2.25 >
// 1.9), so no list exceeds MN = 10; the program checks that on the CPU before launching.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#include "../common/cuda_check.h"

typedef float real;
const int MN = 10;                 // maximum number of neighbours per point (seed)
const int BLOCK_SIZE = 128;

struct Lcg {
    uint64_t s;
    explicit Lcg(uint64_t seed) : s(seed) {}
    uint32_t next() {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        return (uint32_t)(s >> 33);
    }
};

// CPU version from the seed.
void find_neighbor(int *NN, int *NL, const real *x, const real *y, const int N, const real cutoff_square) {
    for (int n = 0; n < N; n++) {
        NN[n] = 0;
    }

    for (int n1 = 0; n1 < N; ++n1) {
        real x1 = x[n1];
        real y1 = y[n1];
        for (int n2 = n1 + 1; n2 < N; ++n2) {
            real x12 = x[n2] - x1;
            real y12 = y[n2] - y1;
            real distance_square = x12 * x12 + y12 * y12;
            if (distance_square < cutoff_square) {
                NL[n1 * MN + NN[n1]++] = n2;
                NL[n2 * MN + NN[n2]++] = n1;
            }
        }
    }
}

void __global__ find_neighbor_atomic(
    int *d_NN, int *d_NL, const real *d_x, const real *d_y, const int N, const real cutoff_square
) {
    const int n1 = blockIdx.x * blockDim.x + threadIdx.x;
    if (n1 < N) {
        // d_NN[n1] = 0;   // seed; racy (see the header comment): d_NN is zeroed by the host instead
        const real x1 = d_x[n1];
        const real y1 = d_y[n1];
        for (int n2 = n1 + 1; n2 < N; ++n2) {
            const real x12 = d_x[n2] - x1;
            const real y12 = d_y[n2] - y1;
            const real distance_square = x12 * x12 + y12 * y12;
            if (distance_square < cutoff_square) {
                d_NL[n1 * MN + atomicAdd(&d_NN[n1], 1)] = n2;
                d_NL[n2 * MN + atomicAdd(&d_NN[n2], 1)] = n1;
            }
        }
    }
}

void __global__ find_neighbor_no_atomic(
    int *d_NN, int *d_NL, const real *d_x, const real *d_y, const int N, const real cutoff_square
) {
    const int n1 = blockIdx.x * blockDim.x + threadIdx.x;
    if (n1 < N) {
        int count = 0;
        const real x1 = d_x[n1];
        const real y1 = d_y[n1];
        for (int n2 = 0; n2 < N; ++n2) {
            const real x12 = d_x[n2] - x1;
            const real y12 = d_y[n2] - y1;
            const real distance_square = x12 * x12 + y12 * y12;
            if ((distance_square < cutoff_square) && (n2 != n1)) {
                d_NL[(count++) * N + n1] = n2;
            }
        }
        d_NN[n1] = count;
    }
}

// Compares the device's lists (element k of list n at NL[n*sn + k*sk]) with the CPU's, sorted.
static std::string compare(const char *name, const std::vector<int> &NN, const std::vector<int> &NL, int sn, int sk,
                           const std::vector<int> &refNN, const std::vector<int> &refNL, int N, bool *all_pass) {
    char line[512];
    for (int n = 0; n < N; ++n) {
        if (NN[n] != refNN[n]) {
            *all_pass = false;
            snprintf(line, sizeof line, "%s: FAIL NN[%d] = %d expected %d", name, n, NN[n], refNN[n]);
            return line;
        }
        std::vector<int> got, want;
        for (int k = 0; k < NN[n]; ++k) got.push_back(NL[(size_t)n * sn + (size_t)k * sk]);
        for (int k = 0; k < refNN[n]; ++k) want.push_back(refNL[(size_t)n * MN + k]);
        std::sort(got.begin(), got.end());
        std::sort(want.begin(), want.end());
        if (got != want) {
            *all_pass = false;
            snprintf(line, sizeof line, "%s: FAIL neighbour set of point %d differs (%d neighbours)", name, n, NN[n]);
            return line;
        }
    }
    snprintf(line, sizeof line, "%s: PASS", name);
    return line;
}

int main() {
    const int NX = 62, NY = 63;
    const int N = NX * NY;                    // 3906 points: 30 full blocks + 66 threads
    const real cutoff = 1.9f;
    const real cutoff_square = cutoff * cutoff;

    // Jittered lattice, coordinates in units of 1/64, then shuffled.
    Lcg lcg(0x5eed0e1bULL);
    std::vector<real> px(N), py(N);
    for (int j = 0; j < NY; ++j)
        for (int i = 0; i < NX; ++i) {
            int jx = (int)(lcg.next() % 39u) - 19;
            int jy = (int)(lcg.next() % 39u) - 19;
            px[j * NX + i] = (real)(91 * i + jx) / 64.0f;
            py[j * NX + i] = (real)(91 * j + jy) / 64.0f;
        }
    std::vector<int> perm(N);
    for (int i = 0; i < N; ++i) perm[i] = i;
    for (int i = N - 1; i > 0; --i) std::swap(perm[i], perm[lcg.next() % (uint32_t)(i + 1)]);
    std::vector<real> h_x(N), h_y(N);
    for (int i = 0; i < N; ++i) {
        h_x[i] = px[perm[i]];
        h_y[i] = py[perm[i]];
    }

    // First make sure no list exceeds MN (the seed's find_neighbor would write past its slots),
    // with the same loop on lists of room 4*MN.
    std::vector<int> refNN(N), wideNL((size_t)N * MN * 4);
    {
        for (int n = 0; n < N; ++n) refNN[n] = 0;
        for (int n1 = 0; n1 < N; ++n1)
            for (int n2 = n1 + 1; n2 < N; ++n2) {
                real x12 = h_x[n2] - h_x[n1];
                real y12 = h_y[n2] - h_y[n1];
                real d2 = x12 * x12 + y12 * y12;
                if (d2 < cutoff_square) {
                    if (refNN[n1] >= 4 * MN || refNN[n2] >= 4 * MN) {
                        fprintf(stderr, "input generator bug: a point has too many neighbours\n");
                        return 2;
                    }
                    wideNL[(size_t)n1 * 4 * MN + refNN[n1]++] = n2;
                    wideNL[(size_t)n2 * 4 * MN + refNN[n2]++] = n1;
                }
            }
    }
    int max_nn = 0;
    for (int n = 0; n < N; ++n) max_nn = std::max(max_nn, refNN[n]);
    if (max_nn > MN) {
        fprintf(stderr, "input generator bug: %d neighbours exceed MN = %d\n", max_nn, MN);
        return 2;
    }
    // Now that no list exceeds MN, the seed's own CPU function gives the reference.
    std::vector<int> refNL((size_t)N * MN, -1);
    find_neighbor(refNN.data(), refNL.data(), h_x.data(), h_y.data(), N, cutoff_square);

    real *d_x, *d_y;
    int *d_NN, *d_NL;
    CHECK(cudaMalloc(&d_x, sizeof(real) * N));
    CHECK(cudaMalloc(&d_y, sizeof(real) * N));
    CHECK(cudaMalloc(&d_NN, sizeof(int) * N));
    CHECK(cudaMalloc(&d_NL, sizeof(int) * (size_t)N * MN));
    CHECK(cudaMemcpy(d_x, h_x.data(), sizeof(real) * N, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_y, h_y.data(), sizeof(real) * N, cudaMemcpyHostToDevice));

    const int grid_size = (N + BLOCK_SIZE - 1) / BLOCK_SIZE;
    bool all_pass = true;
    std::vector<std::string> summary;
    std::vector<int> NN(N), NL((size_t)N * MN);

    // find_neighbor_atomic
    CHECK(cudaMemset(d_NN, 0, sizeof(int) * N));
    CHECK(cudaMemset(d_NL, 0xFF, sizeof(int) * (size_t)N * MN));
    find_neighbor_atomic<<<grid_size, BLOCK_SIZE>>>(d_NN, d_NL, d_x, d_y, N, cutoff_square);
    CHECK_LAUNCH();
    CHECK(cudaMemcpy(NN.data(), d_NN, sizeof(int) * N, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(NL.data(), d_NL, sizeof(int) * (size_t)N * MN, cudaMemcpyDeviceToHost));
    summary.push_back(compare("find_neighbor_atomic", NN, NL, MN, 1, refNN, refNL, N, &all_pass));

    // find_neighbor_no_atomic
    CHECK(cudaMemset(d_NN, 0xFF, sizeof(int) * N));
    CHECK(cudaMemset(d_NL, 0xFF, sizeof(int) * (size_t)N * MN));
    find_neighbor_no_atomic<<<grid_size, BLOCK_SIZE>>>(d_NN, d_NL, d_x, d_y, N, cutoff_square);
    CHECK_LAUNCH();
    CHECK(cudaMemcpy(NN.data(), d_NN, sizeof(int) * N, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(NL.data(), d_NL, sizeof(int) * (size_t)N * MN, cudaMemcpyDeviceToHost));
    {
        std::string s = compare("find_neighbor_no_atomic", NN, NL, 1, N, refNN, refNL, N, &all_pass);
        // The no-atomic lists are written in ascending n2 order: check the order too.
        if (s.find("PASS") != std::string::npos)
            for (int n = 0; n < N; ++n)
                for (int k = 1; k < NN[n]; ++k)
                    if (NL[(size_t)(k - 1) * N + n] >= NL[(size_t)k * N + n]) {
                        all_pass = false;
                        char line[256];
                        snprintf(line, sizeof line, "find_neighbor_no_atomic: FAIL list of point %d not ascending", n);
                        s = line;
                        n = N;
                        break;
                    }
        summary.push_back(s);
    }

    CHECK(cudaFree(d_x));
    CHECK(cudaFree(d_y));
    CHECK(cudaFree(d_NN));
    CHECK(cudaFree(d_NL));
    for (const std::string &s : summary) printf("%s\n", s.c_str());
    return all_pass ? 0 : 1;
}
