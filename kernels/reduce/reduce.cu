// Seed 002, sections "例子:数组归约计算" .. "原子函数的合理使用": the four reductions.
//   reduce_global   "仅使用全局内存": in-place binary reduction in global memory, one partial sum
//                   per block; assumes N is a multiple of blockDim.x (the seed says so).
//   reduce_shared   "使用共享内存": static __shared__ real s_y[128]; handles a partial last block.
//   reduce_dynamic  "使用动态共享内存": reduce_shared with `extern __shared__ real s_y[];`, launched
//                   with <<<grid_size, block_size, sizeof(real) * block_size>>>.
//   reduce_atomic   "原子函数的合理使用": reduce_shared whose last lines are
//                   `atomicAdd(&d_y[0], s_y[0])`, so the whole sum lands in d_y[0].
// Bodies are the seed's (reduce_shared reads the file-scope constant N, as in the seed). The names
// reduce_dynamic and reduce_atomic are ours: the seed shows those two as edits of reduce_shared.
// Block size 128, as the seed's author uses.
//
// Partial sums come back to the host, which finishes the sum (the seed: "将数组d_y从设备复制到主机,
// 并在主机继续对数组d_y归约"); here the host does that in double, and each block's partial is also
// checked on its own.
//
// Tolerance: zero. Every input is k/16 with k an integer in [-8, 8). Any partial sum of such
// values is a multiple of 1/16 with magnitude at most sum|x| <= N/2 < 2^19, so it has at most
// 19 + 4 = 23 significant bits and is exactly representable in float (24-bit significand). Every
// float addition the kernels perform -- in any order, tree or atomic -- is therefore exact, and
// the device results must equal the CPU's exact sums bit for bit. A lost, duplicated or misplaced
// element changes the result by a nonzero multiple of 1/16 and is always caught, which a rounding
// tolerance (up to grid_size * ulp(sum)/2 for the atomic version) could not promise. General-data
// rounding is exercised by reduce_1e8.cu instead.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#include "../common/cuda_check.h"

typedef float real;

const int N = 1000003;        // 7812 full blocks of 128 plus a partial block of 67
const int BLOCK_SIZE = 128;

struct Lcg {
    uint64_t s;
    explicit Lcg(uint64_t seed) : s(seed) {}
    uint32_t next() {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        return (uint32_t)(s >> 33);
    }
};

void __global__ reduce_global(real *d_x, real *d_y)
{
    const int tid = threadIdx.x;
    real *x = d_x + blockDim.x * blockIdx.x;

    for (int offset = blockDim.x >> 1; offset > 0; offset >>= 1) {
        if (tid < offset) {
            x[tid] += x[tid + offset];
        }
        __syncthreads();
    }

    if (tid == 0) {
        d_y[blockIdx.x] = x[0];
    }
}

void __global__ reduce_shared(real *d_x, real *d_y)
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

void __global__ reduce_dynamic(real *d_x, real *d_y)
{
    const int tid = threadIdx.x;
    const int bid = blockIdx.x;
    const int n = bid * blockDim.x + tid;
    extern __shared__ real s_y[];
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

void __global__ reduce_atomic(real *d_x, real *d_y)
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
        atomicAdd(&d_y[0], s_y[0]);
    }
}

// Compares per-block partials (when given) and the total with the exact CPU values.
static std::string verdict(const char *name, const std::vector<real> &partials, const std::vector<double> &exact_partials,
                           double total, double exact_total, bool *all_pass) {
    char line[512];
    for (size_t b = 0; b < partials.size(); ++b)
        if ((double)partials[b] != exact_partials[b]) {
            *all_pass = false;
            snprintf(line, sizeof line, "%s: FAIL block %zu partial %.9g expected %.9g", name, b, (double)partials[b],
                     exact_partials[b]);
            return line;
        }
    if (total != exact_total) {
        *all_pass = false;
        snprintf(line, sizeof line, "%s: FAIL sum %.9g expected %.9g", name, total, exact_total);
        return line;
    }
    snprintf(line, sizeof line, "%s: PASS", name);
    return line;
}

int main() {
    std::vector<real> h_x(N);
    Lcg lcg(0x5eed4ed0ULL);
    for (int i = 0; i < N; ++i) h_x[i] = (real)((int)(lcg.next() % 16u) - 8) / 16.0f;

    const int grid_size = (N + BLOCK_SIZE - 1) / BLOCK_SIZE;    // 7813, last block partial
    const int n_global = (N / BLOCK_SIZE) * BLOCK_SIZE;         // reduce_global needs a multiple
    const int grid_global = n_global / BLOCK_SIZE;

    // Exact CPU references (double sums of these inputs are exact: see the header comment).
    std::vector<double> exact_block(grid_size, 0.0);
    for (int i = 0; i < N; ++i) exact_block[i / BLOCK_SIZE] += h_x[i];
    double exact_total = 0.0;
    for (int b = 0; b < grid_size; ++b) exact_total += exact_block[b];
    std::vector<double> exact_block_global(exact_block.begin(), exact_block.begin() + grid_global);
    double exact_total_global = 0.0;
    for (int b = 0; b < grid_global; ++b) exact_total_global += exact_block_global[b];

    real *d_x, *d_y;
    CHECK(cudaMalloc(&d_x, sizeof(real) * N));
    CHECK(cudaMalloc(&d_y, sizeof(real) * grid_size));

    bool all_pass = true;
    std::vector<std::string> summary;
    std::vector<real> h_y;

    // reduce_global (modifies d_x in place: it gets a fresh copy).
    CHECK(cudaMemcpy(d_x, h_x.data(), sizeof(real) * N, cudaMemcpyHostToDevice));
    CHECK(cudaMemset(d_y, 0xFF, sizeof(real) * grid_size));
    reduce_global<<<grid_global, BLOCK_SIZE>>>(d_x, d_y);
    CHECK_LAUNCH();
    h_y.assign(grid_global, 0.0f);
    CHECK(cudaMemcpy(h_y.data(), d_y, sizeof(real) * grid_global, cudaMemcpyDeviceToHost));
    {
        double total = 0.0;
        for (real v : h_y) total += v;
        summary.push_back(verdict("reduce_global", h_y, exact_block_global, total, exact_total_global, &all_pass));
    }

    // reduce_shared and reduce_dynamic: one partial per block, partial last block.
    for (int k = 0; k < 2; ++k) {
        CHECK(cudaMemcpy(d_x, h_x.data(), sizeof(real) * N, cudaMemcpyHostToDevice));
        CHECK(cudaMemset(d_y, 0xFF, sizeof(real) * grid_size));
        if (k == 0)
            reduce_shared<<<grid_size, BLOCK_SIZE>>>(d_x, d_y);
        else
            reduce_dynamic<<<grid_size, BLOCK_SIZE, sizeof(real) * BLOCK_SIZE>>>(d_x, d_y);
        CHECK_LAUNCH();
        h_y.assign(grid_size, 0.0f);
        CHECK(cudaMemcpy(h_y.data(), d_y, sizeof(real) * grid_size, cudaMemcpyDeviceToHost));
        double total = 0.0;
        for (real v : h_y) total += v;
        summary.push_back(
            verdict(k == 0 ? "reduce_shared" : "reduce_dynamic", h_y, exact_block, total, exact_total, &all_pass));
    }

    // reduce_atomic: d_y[0] must start at zero.
    CHECK(cudaMemcpy(d_x, h_x.data(), sizeof(real) * N, cudaMemcpyHostToDevice));
    CHECK(cudaMemset(d_y, 0, sizeof(real)));
    reduce_atomic<<<grid_size, BLOCK_SIZE>>>(d_x, d_y);
    CHECK_LAUNCH();
    {
        real sum = 0.0f;
        CHECK(cudaMemcpy(&sum, d_y, sizeof(real), cudaMemcpyDeviceToHost));
        summary.push_back(verdict("reduce_atomic", std::vector<real>(), std::vector<double>(), (double)sum, exact_total,
                                  &all_pass));
    }

    CHECK(cudaFree(d_x));
    CHECK(cudaFree(d_y));
    for (const std::string &s : summary) printf("%s\n", s.c_str());
    return all_pass ? 0 : 1;
}
