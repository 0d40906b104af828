// Seed 000 (CUDA C++ Programming Guide ch. 5, "内存栅栏函数" / memory fence functions): the `sum`
// kernel that adds up an array in one launch. Each block stores its partial sum in result[],
// thread 0 issues __threadfence() and then atomicInc(&count, gridDim.x); the block that draws
// gridDim.x - 1 is the last one and adds the partial sums, then resets count for the next launch.
//
// The kernel body, `count`, and the file-scope `__shared__ bool isLastBlockDone` are the seed's,
// verbatim. The seed leaves calculatePartialSum() and calculateTotalSum() undefined; they are
// completed here in the most ordinary way:
//   calculatePartialSum(array, N): thread i of block b loads array[b*blockDim.x + i] (0 past N)
//     into a shared array and the block does a tree reduction; every thread returns the block sum.
//   calculateTotalSum(result): the threads of the last block stride over result[0 .. gridDim.x-1]
//     through the volatile pointer, then a tree reduction in shared memory; returns the total.
// Both assume blockDim.x == BLOCK_SIZE, a power of two.
//
// The kernel is launched twice in a row with the same input: the second launch checks that the
// last block's `count = 0` really resets the counter (and `count` is read back after each launch).
//
// Tolerance: zero. Inputs are k/16, k an integer in [-8, 8); every partial sum is a multiple of
// 1/16 of magnitude <= N/2 < 2^19, hence exact in float (23 significant bits), whatever the order
// of additions. The device total must equal the exact CPU sum, and each result[b] the exact block
// sum (result[0] is overwritten with the total, so blocks 1.. are compared).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#include "../common/cuda_check.h"

#define BLOCK_SIZE 256

struct Lcg {
    uint64_t s;
    explicit Lcg(uint64_t seed) : s(seed) {}
    uint32_t next() {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        return (uint32_t)(s >> 33);
    }
};

// ---- completion of the helpers the seed leaves undefined ----

__device__ float calculatePartialSum(const float *array, unsigned int N) {
    __shared__ float partial[BLOCK_SIZE];
    const unsigned int tid = threadIdx.x;
    const unsigned int i = blockIdx.x * blockDim.x + tid;
    partial[tid] = (i < N) ? array[i] : 0.0f;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) partial[tid] += partial[tid + s];
        __syncthreads();
    }
    return partial[0];
}

__device__ float calculateTotalSum(volatile float *result) {
    __shared__ float total[BLOCK_SIZE];
    const unsigned int tid = threadIdx.x;
    float s = 0.0f;
    for (unsigned int b = tid; b < gridDim.x; b += blockDim.x) s += result[b];
    total[tid] = s;
    __syncthreads();
    for (unsigned int k = blockDim.x / 2; k > 0; k >>= 1) {
        if (tid < k) total[tid] += total[tid + k];
        __syncthreads();
    }
    return total[0];
}

// ---- the seed's kernel ----

__device__ unsigned int count = 0;
__shared__ bool isLastBlockDone;
__global__ void sum(const float* array, unsigned int N,
                    volatile float* result)
{
    // Each block sums a subset of the input array.
    float partialSum = calculatePartialSum(array, N);

    if (threadIdx.x == 0) {

        // Thread 0 of each block stores the partial sum
        // to global memory. The compiler will use
        // a store operation that bypasses the L1 cache
        // since the "result" variable is declared as
        // volatile. This ensures that the threads of
        // the last block will read the correct partial
        // sums computed by all other blocks.
        result[blockIdx.x] = partialSum;

        // Thread 0 makes sure that the incrementation
        // of the "count" variable is only performed after
        // the partial sum has been written to global memory.
        __threadfence();

        // Thread 0 signals that it is done.
        unsigned int value = atomicInc(&count, gridDim.x);

        // Thread 0 determines if its block is the last
        // block to be done.
        isLastBlockDone = (value == (gridDim.x - 1));
    }

    // Synchronize to make sure that each thread reads
    // the correct value of isLastBlockDone.
    __syncthreads();

    if (isLastBlockDone) {

        // The last block sums the partial sums
        // stored in result[0 .. gridDim.x-1]
        float totalSum = calculateTotalSum(result);

        if (threadIdx.x == 0) {

            // Thread 0 of last block stores the total sum
            // to global memory and resets the count
            // varialble, so that the next kernel call
            // works properly.
            result[0] = totalSum;
            count = 0;
        }
    }
}

int main() {
    const unsigned int N = 1000000;                                  // 3906 full blocks + 64 threads
    const unsigned int grid_size = (N + BLOCK_SIZE - 1) / BLOCK_SIZE;

    std::vector<float> h_x(N);
    Lcg lcg(0x5eed0000ULL);
    for (unsigned int i = 0; i < N; ++i) h_x[i] = (float)((int)(lcg.next() % 16u) - 8) / 16.0f;

    std::vector<double> exact_block(grid_size, 0.0);
    for (unsigned int i = 0; i < N; ++i) exact_block[i / BLOCK_SIZE] += h_x[i];
    double exact_total = 0.0;
    for (unsigned int b = 0; b < grid_size; ++b) exact_total += exact_block[b];

    float *d_x, *d_result;
    CHECK(cudaMalloc(&d_x, sizeof(float) * N));
    CHECK(cudaMalloc(&d_result, sizeof(float) * grid_size));
    CHECK(cudaMemcpy(d_x, h_x.data(), sizeof(float) * N, cudaMemcpyHostToDevice));

    std::string failure;
    std::vector<float> h_result(grid_size);
    for (int run = 1; run <= 2 && failure.empty(); ++run) {
        CHECK(cudaMemset(d_result, 0xFF, sizeof(float) * grid_size));
        sum<<<grid_size, BLOCK_SIZE>>>(d_x, N, d_result);
        CHECK_LAUNCH();
        CHECK(cudaMemcpy(h_result.data(), d_result, sizeof(float) * grid_size, cudaMemcpyDeviceToHost));
        unsigned int h_count = 12345;
        CHECK(cudaMemcpyFromSymbol(&h_count, count, sizeof(h_count)));

        char line[256];
        if ((double)h_result[0] != exact_total) {
            snprintf(line, sizeof line, "launch %d: total %.9g expected %.9g", run, (double)h_result[0], exact_total);
            failure = line;
        } else if (h_count != 0) {
            snprintf(line, sizeof line, "launch %d: count = %u after the launch, expected 0", run, h_count);
            failure = line;
        } else {
            for (unsigned int b = 1; b < grid_size; ++b)
                if ((double)h_result[b] != exact_block[b]) {
                    snprintf(line, sizeof line, "launch %d: result[%u] = %.9g expected %.9g", run, b,
                             (double)h_result[b], exact_block[b]);
                    failure = line;
                    break;
                }
        }
    }

    CHECK(cudaFree(d_x));
    CHECK(cudaFree(d_result));
    if (failure.empty()) {
        printf("sum: PASS\n");
        return 0;
    }
    printf("sum: FAIL %s\n", failure.c_str());
    return 1;
}
