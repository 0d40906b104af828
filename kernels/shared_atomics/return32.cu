// Seed 001 (The CUDA Handbook, 8.1.5 "共享内存", subsection "共享内存中的原子操作"), listing 8.1,
// atomic32Shared.cu: the `Return32` kernel, written to show the code generated for a shared-memory
// atomic (listing 8.2: the LDSLK / STSUL lock loop of SM 2.0). Each thread copies pIn[threadIdx.x]
// into the unsized `extern __shared__ int s[]`, then atomically adds *pIn (= pIn[0]) to its own
// word, and writes the word back to out[threadIdx.x]. So out[i] = pIn[i] + pIn[0].
//
// The kernel is the listing's, verbatim. The seed shows no host code, so the launch is completed
// here: one block of 256 threads with 256 * sizeof(int) bytes of dynamic shared memory (the kernel
// indexes only by threadIdx.x, so every block would compute the same thing; more blocks would
// only race on out[]). The `sum` parameter is unused by the listing; a device buffer is passed and
// checked to be left untouched. The comparison is exact (integer arithmetic; inputs are chosen so
// that pIn[i] + pIn[0] does not overflow).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda_runtime.h>

#include "../common/cuda_check.h"

struct Lcg {
    uint64_t s;
    explicit Lcg(uint64_t seed) : s(seed) {}
    uint32_t next() {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        return (uint32_t)(s >> 33);
    }
};

__global__ void
Return32( int *sum, int *out, const int *pIn )
{
    extern __shared__ int s[];
    s[threadIdx.x] = pIn[threadIdx.x];
    __syncthreads();
    (void) atomicAdd( &s[threadIdx.x], *pIn );
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}

int main() {
    const int cThreads = 256;

    std::vector<int> h_in(cThreads), h_out(cThreads, 0);
    Lcg lcg(0x5eed8105ULL);
    for (int i = 0; i < cThreads; ++i) h_in[i] = (int)(lcg.next() % 2000000001u) - 1000000000;   // |v| <= 1e9

    int *d_sum, *d_out, *d_in;
    CHECK(cudaMalloc(&d_sum, sizeof(int)));
    CHECK(cudaMalloc(&d_out, sizeof(int) * cThreads));
    CHECK(cudaMalloc(&d_in, sizeof(int) * cThreads));
    CHECK(cudaMemcpy(d_in, h_in.data(), sizeof(int) * cThreads, cudaMemcpyHostToDevice));
    CHECK(cudaMemset(d_out, 0xFF, sizeof(int) * cThreads));
    const int sum_sentinel = 0x5a5a5a5a;
    CHECK(cudaMemcpy(d_sum, &sum_sentinel, sizeof(int), cudaMemcpyHostToDevice));

    Return32<<<1, cThreads, cThreads * sizeof(int)>>>(d_sum, d_out, d_in);
    CHECK_LAUNCH();

    int h_sum = 0;
    CHECK(cudaMemcpy(h_out.data(), d_out, sizeof(int) * cThreads, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(&h_sum, d_sum, sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaFree(d_sum));
    CHECK(cudaFree(d_out));
    CHECK(cudaFree(d_in));

    for (int i = 0; i < cThreads; ++i) {
        const int expect = h_in[i] + h_in[0];
        if (h_out[i] != expect) {
            printf("Return32: FAIL out[%d] = %d expected %d\n", i, h_out[i], expect);
            return 1;
        }
    }
    if (h_sum != sum_sentinel) {
        printf("Return32: FAIL the unused `sum` argument was written (0x%08x)\n", (unsigned)h_sum);
        return 1;
    }
    printf("Return32: PASS\n");
    return 0;
}
