// Probe: how a faulting kernel fails its launch, and how sticky the error is afterwards.
// Build and run on a one-GPU sm_90 machine (one fault per process: a fault poisons the context):
//   nvcc -arch=sm_90 -o /tmp/f validate/probes/kernel_faults.cu
//   for c in null_write oob_far assert_fail trap oob_near misaligned misaligned_atomic \
//            misaligned_atomic_cas64 misaligned_shared stack_overflow shared_near shared_far \
//            shared_below dynamic_far local_near local_far misaligned_constant \
//            printf_bad_string; do /tmp/f $c; done
//
// argv[1] names the fault:
//   null_write      a kernel writes through a null pointer (passed as an argument)
//   oob_far         a kernel writes 1 GiB past the start of a 256-byte cudaMalloc'd buffer
//   assert_fail     device assert(threadIdx.x != 5) in block 3 of 8 (blocks of 32 threads)
//   trap            __trap() in thread 0 of block 0
//   oob_near        a kernel writes 4 bytes just past the end of a 256-byte buffer: shows what the
//                   device does WITHOUT compute-sanitizer (Loom's redzones report it; the GPU may not)
//   misaligned      a 4-byte store to an address that is 1 mod 4
//   misaligned_atomic        atomicAdd on an int at an address that is 1 mod 4
//   misaligned_atomic_cas64  atomicCAS on an unsigned long long at an address that is 4 mod 8
//   misaligned_shared        a 4-byte store to shared memory at an address that is 2 mod 4
//   stack_overflow  a recursive device function with 4 KiB of locals per frame, 100000 deep
//   shared_near     a store to s[8] of a static `__shared__ int s[8]` (just past its end)
//   shared_far      a store 240 KiB past the start of that array (past any block's shared memory)
//   shared_below    a store 400 KiB below its start
//   dynamic_far     a store 400 KiB into a 1 KiB dynamic shared array
//   local_near      a store to a[20] of a 16-int local array
//   local_far       a store 400 KiB past a 16-int local array
//   misaligned_constant  a float4 load at a constant 8-byte offset into an aligned buffer
//   printf_bad_string    printf("%s") of a pointer into unmapped memory (inside device printf)
//   (the index or offset comes from the host, so the compiler cannot fold the access away)
// Output, one `name value` per line (values are cudaGetErrorName() names):
//   case <name>
//   launch <cudaGetLastError() right after the launch>
//   sync <cudaDeviceSynchronize()>
//   get_last_error <cudaGetLastError()>
//   get_last_error_again <cudaGetLastError()>     (a sticky error is not cleared by reading it)
//   malloc_after <cudaMalloc() of 256 bytes>
//   sync_again <cudaDeviceSynchronize()>
//   launch_after <cudaGetLastError() right after launching an empty kernel>
// The device also prints to stderr for assert_fail (the assertion message with block, thread,
// file and line); that is not part of the recorded stdout.
#include <cassert>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <cuda_runtime.h>

__global__ void null_write(int *p) { p[threadIdx.x] = 42; }

__global__ void far_write(int *p, size_t elem_offset) { p[elem_offset + threadIdx.x] = 42; }

__global__ void assert_kernel(int *out) {
    if (blockIdx.x == 3) assert(threadIdx.x != 5);
    out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}

__global__ void trap_kernel(int *out) {
    if (blockIdx.x == 0 && threadIdx.x == 0) __trap();
    out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}

__global__ void misaligned_kernel(char *p) { *(int *)(p + 1) = 42; }
__global__ void misaligned_atomic_kernel(char *p) { atomicAdd((int *)(p + 1), 1); }
__global__ void misaligned_cas64_kernel(char *p) { atomicCAS((unsigned long long *)(p + 4), 0ull, 1ull); }
// The offset comes from the host, so the compiler cannot know the store is misaligned.
__global__ void misaligned_shared_kernel(int *out, int offset) {
    __shared__ int s[8];
    s[threadIdx.x] = 0;
    int *q = (int *)((char *)s + offset);
    *q = 1;
    out[0] = s[0];
}

__global__ void shared_store(int *out, long index) {
    __shared__ int s[8];
    s[threadIdx.x] = 1;
    __syncthreads();
    s[index] = 42;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}

__global__ void dynamic_store(int *out, long index) {
    extern __shared__ int d[];
    d[threadIdx.x] = 1;
    __syncthreads();
    d[index] = 42;
    __syncthreads();
    out[threadIdx.x] = d[threadIdx.x];
}

__global__ void local_store(int *out, long index) {
    volatile int a[16];
    for (int i = 0; i < 16; ++i) a[i] = i;
    a[index] = 42;
    out[threadIdx.x] = a[threadIdx.x % 16];
}

__global__ void misaligned_constant_kernel(float *p, float *out) {
    float4 v = *reinterpret_cast<const float4 *>(reinterpret_cast<const char *>(p) + 8);
    out[0] = v.x + v.y + v.z + v.w;
}

__global__ void printf_bad_string_kernel(const char *s) { printf("%s\n", s); }

__device__ int deep(int n, int seed) {
    volatile int local[1024];   // 4 KiB per frame
    for (int i = 0; i < 1024; ++i) local[i] = seed + i;
    if (n == 0) return local[seed & 1023];
    return deep(n - 1, seed + local[n & 1023]) + local[(n * 7) & 1023];
}

__global__ void stack_kernel(int *out, int depth) { out[threadIdx.x] = deep(depth, (int)threadIdx.x); }

__global__ void empty_kernel() {}

static const char *en(cudaError_t e) { return cudaGetErrorName(e); }

int main(int argc, char **argv) {
    const char *c = argc > 1 ? argv[1] : "";
    int *buf = nullptr;
    if (cudaMalloc(&buf, 256 * sizeof(int)) != cudaSuccess) {
        fprintf(stderr, "cudaMalloc failed before the fault\n");
        return 2;
    }

    if (strcmp(c, "null_write") == 0) {
        null_write<<<1, 32>>>(nullptr);
    } else if (strcmp(c, "oob_far") == 0) {
        // Buffer of 256 bytes; write at byte offset 1 GiB.
        int *small = nullptr;
        cudaMalloc(&small, 256);
        far_write<<<1, 32>>>(small, ((size_t)1 << 30) / sizeof(int));
    } else if (strcmp(c, "assert_fail") == 0) {
        assert_kernel<<<8, 32>>>(buf);
    } else if (strcmp(c, "trap") == 0) {
        trap_kernel<<<8, 32>>>(buf);
    } else if (strcmp(c, "oob_near") == 0) {
        int *small = nullptr;
        cudaMalloc(&small, 256);
        far_write<<<1, 1>>>(small, 256 / sizeof(int));
    } else if (strcmp(c, "misaligned") == 0) {
        misaligned_kernel<<<1, 1>>>((char *)buf);
    } else if (strcmp(c, "misaligned_atomic") == 0) {
        misaligned_atomic_kernel<<<1, 1>>>((char *)buf);
    } else if (strcmp(c, "misaligned_atomic_cas64") == 0) {
        misaligned_cas64_kernel<<<1, 1>>>((char *)buf);
    } else if (strcmp(c, "misaligned_shared") == 0) {
        misaligned_shared_kernel<<<1, 8>>>(buf, 2);
    } else if (strcmp(c, "stack_overflow") == 0) {
        stack_kernel<<<1, 32>>>(buf, 100000);
    } else if (strcmp(c, "shared_near") == 0) {
        shared_store<<<1, 8>>>(buf, 8);
    } else if (strcmp(c, "shared_far") == 0) {
        shared_store<<<1, 8>>>(buf, 240 * 1024 / 4);
    } else if (strcmp(c, "shared_below") == 0) {
        shared_store<<<1, 8>>>(buf, -400 * 1024 / 4);
    } else if (strcmp(c, "dynamic_far") == 0) {
        dynamic_store<<<1, 8, 1024>>>(buf, 400 * 1024 / 4);
    } else if (strcmp(c, "local_near") == 0) {
        local_store<<<1, 8>>>(buf, 20);
    } else if (strcmp(c, "local_far") == 0) {
        local_store<<<1, 8>>>(buf, 400 * 1024 / 4);
    } else if (strcmp(c, "misaligned_constant") == 0) {
        misaligned_constant_kernel<<<1, 1>>>((float *)buf, (float *)buf + 64);
    } else if (strcmp(c, "printf_bad_string") == 0) {
        printf_bad_string_kernel<<<1, 1>>>((const char *)buf + ((size_t)1 << 36));
    } else {
        fprintf(stderr,
                "usage: %s null_write|oob_far|assert_fail|trap|oob_near|misaligned|misaligned_atomic|"
                "misaligned_atomic_cas64|misaligned_shared|stack_overflow|shared_near|shared_far|"
                "shared_below|dynamic_far|local_near|local_far|misaligned_constant|printf_bad_string\n",
                argv[0]);
        return 2;
    }

    printf("case %s\n", c);
    printf("launch %s\n", en(cudaGetLastError()));
    printf("sync %s\n", en(cudaDeviceSynchronize()));
    printf("get_last_error %s\n", en(cudaGetLastError()));
    printf("get_last_error_again %s\n", en(cudaGetLastError()));
    void *p = nullptr;
    printf("malloc_after %s\n", en(cudaMalloc(&p, 256)));
    printf("sync_again %s\n", en(cudaDeviceSynchronize()));
    empty_kernel<<<1, 1>>>();
    printf("launch_after %s\n", en(cudaGetLastError()));
    return 0;
}
