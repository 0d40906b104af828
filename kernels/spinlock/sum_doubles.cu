// Seed 001 (The CUDA Handbook, 5.2.11 "原子操作" / "原子操作与同步"): listing 5.8, the
// `cudaSpinlock` class (acquire = spin on atomicCAS(m_p, 0, 1), release = atomicExch(m_p, 0)), and
// listing 5.9, `SumDoubles`: each block reduces blockDim.x doubles in (dynamic) shared memory per
// grid-stride iteration, then thread 0 takes the global spinlock and adds the block sum to *pSum.
//
// The class and the kernel are the listings' code. What the seed leaves out, completed from the
// book's sample spinlockReduction.cu (which the seed names):
//   * SharedMemory<T>: the "Reduction SDK sample" helper that views the unsized
//     `extern __shared__` array as T*;
//   * Reduce_block<ReductionType, T>(): tree reduction of shared[0 .. blockDim.x-1] with
//     __syncthreads() after every step; returns shared[0]. Needs blockDim.x a power of two.
// Deliberate differences from the listings:
//   * the member declarations in listing 5.8 carry no __device__ (only the definitions do); nvcc
//     accepts that with warning 20039 and makes them __host__ __device__. They are declared
//     __device__ here so that the file compiles without warnings.
//   * an acquire fence (__threadfence() right after acquire()). The listing fences only before the
//     release. atomicCAS is relaxed, so without the acquire fence the plain load of *pSum may see a
//     stale value from before the previous holder's update; the book's current spinlockReduction.cu
//     adds the same fence for that reason.
//   * the listing's `int *acquireCount` parameter is never used there; here the lock holder
//     increments it with a plain (non-atomic) `++*acquireCount`, which counts acquisitions and
//     doubles as a mutual-exclusion check: a lost increment means two holders at once.
//
// Launch: 150 blocks of 256 threads (dynamic shared memory 256 * sizeof(double)) over N = 256000
// doubles: 1000 block-sized chunks, so blocks 0..99 run 7 grid-stride iterations and blocks
// 100..149 run 6, and the lock is taken 1000 times. N must be a multiple of blockDim.x: in a
// partial last chunk the threads past N would leave the loop while the others wait at
// __syncthreads() and Reduce_block would add stale shared entries (the listing assumes it too).
//
// Tolerance: zero. Inputs are integers in [0, 2^31) from a fixed-seed LCG (the book uses rand(),
// the same range); every partial sum is an integer below 2^31 * 256000 < 2^49, exact in double, so
// the result is exact in any order and must equal the CPU sum bit for bit.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
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

// ---- listing 5.8 ----

class cudaSpinlock {
public:
    __device__ cudaSpinlock( int *p );
    __device__ void acquire();
    __device__ void release();
private:
    int *m_p;
};

inline __device__
cudaSpinlock::cudaSpinlock( int *p )
{
    m_p = p;
}

inline __device__ void
cudaSpinlock::acquire( )
{
    while ( atomicCAS( m_p, 0, 1 ) );
}

inline __device__ void
cudaSpinlock::release( )
{
    atomicExch( m_p, 0 );
}

// ---- helpers from spinlockReduction.cu ----

// Utility class used to avoid linker errors with extern unsized shared memory arrays with
// templated type (from the Reduction SDK sample).
template<class T>
struct SharedMemory
{
    __device__ inline operator       T*()
    {
        extern __shared__ int __smem[];
        return (T*) (void *) __smem;
    }

    __device__ inline operator const T*() const
    {
        extern __shared__ int __smem[];
        return (T*) (void *) __smem;
    }
};

template<typename ReductionType, typename T>
__device__ ReductionType
Reduce_block( )
{
    SharedMemory<ReductionType> shared_sum;
    const int tid = threadIdx.x;

    for ( int activeThreads = blockDim.x>>1;
              activeThreads;
              activeThreads >>= 1 ) {
        if ( tid < activeThreads ) {
            shared_sum[tid] += shared_sum[tid+activeThreads];
        }
        __syncthreads();
    }
    return shared_sum[0];
}

// ---- listing 5.9 ----

__global__ void
SumDoubles(
    double *pSum,
    int *spinlock,
    const double *in,
    size_t N,
    int *acquireCount )
{
    SharedMemory<double> shared;
    cudaSpinlock globalSpinlock( spinlock );

    for ( size_t i = blockIdx.x*blockDim.x+threadIdx.x;
                 i < N;
                 i += blockDim.x*gridDim.x ) {
        shared[threadIdx.x] = in[i];
        __syncthreads();
        double blockSum = Reduce_block<double,double>( );
        __syncthreads();

        if ( threadIdx.x == 0 ) {
            globalSpinlock.acquire( );
            __threadfence();            // acquire fence (not in the listing; see the header)
            *pSum += blockSum;
            ++*acquireCount;            // the listing's unused parameter (see the header)
            __threadfence();
            globalSpinlock.release( );
        }
    }
}

int main() {
    const int cBlocks = 150, cThreads = 256;
    const size_t N = 256000;

    std::vector<double> h_in(N);
    Lcg lcg(0x5eed0001ULL);
    double exact = 0.0;
    for (size_t i = 0; i < N; ++i) {
        h_in[i] = (double)lcg.next();     // integer in [0, 2^31)
        exact += h_in[i];
    }

    double *d_in, *d_sum;
    int *d_spinlock, *d_acquireCount;
    CHECK(cudaMalloc(&d_in, sizeof(double) * N));
    CHECK(cudaMalloc(&d_sum, sizeof(double)));
    CHECK(cudaMalloc(&d_spinlock, sizeof(int)));
    CHECK(cudaMalloc(&d_acquireCount, sizeof(int)));
    CHECK(cudaMemcpy(d_in, h_in.data(), sizeof(double) * N, cudaMemcpyHostToDevice));
    CHECK(cudaMemset(d_sum, 0, sizeof(double)));
    CHECK(cudaMemset(d_spinlock, 0, sizeof(int)));
    CHECK(cudaMemset(d_acquireCount, 0, sizeof(int)));

    SumDoubles<<<cBlocks, cThreads, cThreads * sizeof(double)>>>(d_sum, d_spinlock, d_in, N, d_acquireCount);
    CHECK_LAUNCH();

    double h_sum = 0.0;
    int h_lock = -1, h_acquired = -1;
    CHECK(cudaMemcpy(&h_sum, d_sum, sizeof(double), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(&h_lock, d_spinlock, sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(&h_acquired, d_acquireCount, sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_sum));
    CHECK(cudaFree(d_spinlock));
    CHECK(cudaFree(d_acquireCount));

    const int expected_acquisitions = (int)(N / cThreads);
    if (h_sum != exact) {
        printf("SumDoubles: FAIL sum %.17g expected %.17g\n", h_sum, exact);
        return 1;
    }
    if (h_acquired != expected_acquisitions) {
        printf("SumDoubles: FAIL lock acquired %d times (counted non-atomically under the lock), expected %d\n",
               h_acquired, expected_acquisitions);
        return 1;
    }
    if (h_lock != 0) {
        printf("SumDoubles: FAIL spinlock word is %d after the launch, expected 0\n", h_lock);
        return 1;
    }
    printf("SumDoubles: PASS\n");
    return 0;
}
