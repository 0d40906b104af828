// Probe: what the CUDA runtime answers to bad and edge-case launches and API calls.
// Build and run on a one-GPU sm_90 machine:  nvcc -arch=sm_90 -o /tmp/p validate/probes/launch_errors.cu && /tmp/p
// Loom must print the same lines (see README.md beside this file for the format).
//
// Every output line is
//     <case> <first> <second> [key=value ...]
// where <first> and <second> are cudaGetErrorName() names (or "-"):
//   launch cases:  <first>  = cudaGetLastError() right after the <<<>>> launch,
//                  <second> = cudaDeviceSynchronize(), and last=<cudaGetLastError() after that>;
//   API cases:     <first>  = the call's return value,
//                  <second> = cudaDeviceSynchronize(), and last=<cudaGetLastError() after that>
//                  (shows whether the runtime records the call's error as the "last error").
// key=value pairs carry numbers or facts (pointer null or not, whether data arrived). Nothing
// printed depends on addresses, timings or the compiler's register allocation.
//
// Cases are ordered so that none leaves a sticky error: there is no faulting kernel here (see
// kernel_faults.cu). The memcpy cases with wrong directions come last; if one of them crashed the
// process, a SIGSEGV handler prints "<case> CRASH(SIGSEGV)" and exits 3.
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

#include <cuda_runtime.h>

// ---- kernels ----

__global__ void empty_kernel() {}

// Each dynamic-shared-memory kernel touches its shared memory only when out != nullptr (never, in
// this probe), so the launches are cheap but the kernels really use `extern __shared__`.
__global__ void dyn_kernel_a(int *out) {   // never opted in
    extern __shared__ unsigned char dyn[];
    if (out) {
        dyn[threadIdx.x] = (unsigned char)threadIdx.x;
        __syncthreads();
        out[threadIdx.x] = dyn[blockDim.x - 1 - threadIdx.x];
    }
}

__global__ void dyn_kernel_b(int *out) {   // opted in to 100 KiB
    extern __shared__ unsigned char dyn[];
    if (out) {
        dyn[threadIdx.x] = (unsigned char)threadIdx.x;
        __syncthreads();
        out[threadIdx.x] = dyn[blockDim.x - 1 - threadIdx.x];
    }
}

__global__ void dyn_kernel_c(int *out) {   // opted in to the device maximum
    extern __shared__ unsigned char dyn[];
    if (out) {
        dyn[threadIdx.x] = (unsigned char)threadIdx.x;
        __syncthreads();
        out[threadIdx.x] = dyn[blockDim.x - 1 - threadIdx.x];
    }
}

const int STATIC_SMEM = 32 * 1024;
__global__ void static_dyn_kernel(int *out) {   // 32 KiB static + dynamic
    __shared__ unsigned char st[STATIC_SMEM];
    extern __shared__ unsigned char dyn[];
    if (out) {
        st[threadIdx.x] = (unsigned char)threadIdx.x;
        dyn[threadIdx.x] = (unsigned char)(threadIdx.x + 1);
        __syncthreads();
        out[threadIdx.x] = st[blockDim.x - 1 - threadIdx.x] + dyn[threadIdx.x];
    }
}

__global__ void __launch_bounds__(256) bounded_kernel(int *out) {
    if (out) out[threadIdx.x] = (int)threadIdx.x;
}

void some_host_function() {}

// ---- printing ----

static const char *volatile g_case = "(start)";

static void on_segv(int) {
    char buf[256];
    int n = snprintf(buf, sizeof buf, "%s CRASH(SIGSEGV)\n", g_case);
    if (n > 0) {
        ssize_t w = write(1, buf, (size_t)n);
        (void)w;
    }
    _exit(3);
}

static const char *en(cudaError_t e) { return cudaGetErrorName(e); }

template <typename F>
static void launch_case(const char *name, F launch) {
    g_case = name;
    launch();
    cudaError_t r = cudaGetLastError();
    cudaError_t s = cudaDeviceSynchronize();
    cudaError_t l = cudaGetLastError();
    printf("%s %s %s last=%s\n", name, en(r), en(s), en(l));
    fflush(stdout);
}

// `r` is the value the API call returned; extra is appended verbatim (" key=value ...").
static void api_case(const char *name, cudaError_t r, const char *extra = "") {
    cudaError_t s = cudaDeviceSynchronize();
    cudaError_t l = cudaGetLastError();
    printf("%s %s %s last=%s%s\n", name, en(r), en(s), en(l), extra);
    fflush(stdout);
}

static const char *ptr_state(void *p, void *sentinel) {
    if (p == nullptr) return "null";
    if (p == sentinel) return "unchanged";
    return "nonnull";
}

// ---- memcpy cases ----

enum Where { kHost, kHost2, kDev, kDev2, kPinned };
static const size_t SZ = 4096;
static unsigned char *g_host, *g_host2, *g_pinned;
static unsigned char *g_dev, *g_dev2;
static unsigned char g_patA[SZ], g_patB[SZ];

static unsigned char *where_ptr(Where w) {
    switch (w) {
    case kHost: return g_host;
    case kHost2: return g_host2;
    case kDev: return g_dev;
    case kDev2: return g_dev2;
    case kPinned: return g_pinned;
    }
    return nullptr;
}
static bool is_dev(Where w) { return w == kDev || w == kDev2; }

// Fills `w` with `pat` using only correct calls.
static void fill(Where w, const unsigned char *pat) {
    if (is_dev(w))
        cudaMemcpy(where_ptr(w), pat, SZ, cudaMemcpyHostToDevice);
    else
        memcpy(where_ptr(w), pat, SZ);
}

// "copied" if w holds pattern A, "unchanged" if pattern B, "other" otherwise.
static const char *state(Where w) {
    static unsigned char buf[SZ];
    if (is_dev(w))
        cudaMemcpy(buf, where_ptr(w), SZ, cudaMemcpyDeviceToHost);
    else
        memcpy(buf, where_ptr(w), SZ);
    if (memcmp(buf, g_patA, SZ) == 0) return "copied";
    if (memcmp(buf, g_patB, SZ) == 0) return "unchanged";
    return "other";
}

static void memcpy_case(const char *name, Where dst, Where src, cudaMemcpyKind kind) {
    g_case = name;
    fill(src, g_patA);
    fill(dst, g_patB);
    cudaGetLastError();
    cudaError_t r = cudaMemcpy(where_ptr(dst), where_ptr(src), SZ, kind);
    cudaError_t s = cudaDeviceSynchronize();
    cudaError_t l = cudaGetLastError();
    printf("%s %s %s last=%s data=%s\n", name, en(r), en(s), en(l), state(dst));
    fflush(stdout);
}

int main() {
    signal(SIGSEGV, on_segv);
    char extra[256];

    // ---- the machine ----
    int count = -1;
    {
        cudaError_t r = cudaGetDeviceCount(&count);
        snprintf(extra, sizeof extra, " count=%d", count);
        api_case("get_device_count", r, extra);
    }
    int optin = 0, smem_block = 0, sms = 0;
    cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0);
    cudaDeviceGetAttribute(&smem_block, cudaDevAttrMaxSharedMemoryPerBlock, 0);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    printf("device_attr - - MaxSharedMemoryPerBlock=%d MaxSharedMemoryPerBlockOptin=%d MultiProcessorCount=%d\n",
           smem_block, optin, sms);
    fflush(stdout);

    // ---- launch configurations ----
    launch_case("good_launch_1x1", [] { empty_kernel<<<1, 1>>>(); });
    launch_case("block_1024", [] { empty_kernel<<<1, 1024>>>(); });
    launch_case("block_32x32x1", [] { empty_kernel<<<1, dim3(32, 32, 1)>>>(); });
    launch_case("block_1x1x64", [] { empty_kernel<<<1, dim3(1, 1, 64)>>>(); });
    launch_case("block_1025", [] { empty_kernel<<<1, 1025>>>(); });
    launch_case("block_1024x2x1", [] { empty_kernel<<<1, dim3(1024, 2, 1)>>>(); });
    launch_case("block_2048x1x1", [] { empty_kernel<<<1, dim3(2048, 1, 1)>>>(); });
    launch_case("block_1x1x65", [] { empty_kernel<<<1, dim3(1, 1, 65)>>>(); });
    launch_case("block_0x1x1", [] { empty_kernel<<<1, dim3(0, 1, 1)>>>(); });
    launch_case("grid_0x1x1", [] { empty_kernel<<<dim3(0, 1, 1), 1>>>(); });
    launch_case("grid_1x0x1", [] { empty_kernel<<<dim3(1, 0, 1), 1>>>(); });
    launch_case("grid_1x65535x1", [] { empty_kernel<<<dim3(1, 65535, 1), 1>>>(); });
    launch_case("grid_1x65536x1", [] { empty_kernel<<<dim3(1, 65536, 1), 1>>>(); });
    launch_case("grid_1x1x65535", [] { empty_kernel<<<dim3(1, 1, 65535), 1>>>(); });
    launch_case("grid_1x1x65536", [] { empty_kernel<<<dim3(1, 1, 65536), 1>>>(); });
    launch_case("grid_2^31x1x1", [] { empty_kernel<<<dim3(2147483648u, 1, 1), 1>>>(); });
    // The largest valid grid.x is 2^31-1; 2^31-1 blocks take minutes on a CPU emulator, so the
    // valid large-grid case uses 2^20 blocks of a kernel that returns at once.
    launch_case("grid_2^20x1x1", [] { empty_kernel<<<dim3(1u << 20, 1, 1), 1>>>(); });

    // ---- shared memory ----
    launch_case("dyn_smem_48KiB", [] { dyn_kernel_a<<<1, 32, 48 * 1024>>>(nullptr); });
    launch_case("dyn_smem_48KiB_plus1_no_optin", [] { dyn_kernel_a<<<1, 32, 48 * 1024 + 1>>>(nullptr); });
    launch_case("static32KiB_dyn16KiB", [] { static_dyn_kernel<<<1, 32, 16 * 1024>>>(nullptr); });
    launch_case("static32KiB_dyn16KiB_plus1", [] { static_dyn_kernel<<<1, 32, 16 * 1024 + 1>>>(nullptr); });

    api_case("set_attr_max_dyn_100KiB",
             cudaFuncSetAttribute(dyn_kernel_b, cudaFuncAttributeMaxDynamicSharedMemorySize, 100 * 1024));
    launch_case("dyn_smem_100KiB_optin", [] { dyn_kernel_b<<<1, 32, 100 * 1024>>>(nullptr); });
    launch_case("dyn_smem_100KiB_plus1_optin", [] { dyn_kernel_b<<<1, 32, 100 * 1024 + 1>>>(nullptr); });

    api_case("set_attr_max_dyn_optin_max_plus1",
             cudaFuncSetAttribute(dyn_kernel_c, cudaFuncAttributeMaxDynamicSharedMemorySize, optin + 1));
    api_case("set_attr_max_dyn_minus1",
             cudaFuncSetAttribute(dyn_kernel_c, cudaFuncAttributeMaxDynamicSharedMemorySize, -1));
    api_case("set_attr_max_dyn_optin_max",
             cudaFuncSetAttribute(dyn_kernel_c, cudaFuncAttributeMaxDynamicSharedMemorySize, optin));
    {
        static int s_optin;
        s_optin = optin;
        launch_case("dyn_smem_optin_max", [] { dyn_kernel_c<<<1, 32, s_optin>>>(nullptr); });
        launch_case("dyn_smem_optin_max_plus1", [] { dyn_kernel_c<<<1, 32, s_optin + 1>>>(nullptr); });
    }
    api_case("set_attr_static_kernel_optin_max_minus_static_plus1",
             cudaFuncSetAttribute(static_dyn_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                  optin - STATIC_SMEM + 1));
    api_case("set_attr_static_kernel_optin_max_minus_static",
             cudaFuncSetAttribute(static_dyn_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                  optin - STATIC_SMEM));
    {
        static int s_dyn;
        s_dyn = optin - STATIC_SMEM;
        launch_case("static32KiB_dyn_optin_max_minus_static", [] { static_dyn_kernel<<<1, 32, s_dyn>>>(nullptr); });
        launch_case("static32KiB_dyn_optin_max_minus_static_plus1",
                    [] { static_dyn_kernel<<<1, 32, s_dyn + 1>>>(nullptr); });
    }

    // ---- last-error bookkeeping ----
    {
        g_case = "good_launch_get_last_error";
        empty_kernel<<<1, 32>>>();
        cudaError_t g = cudaGetLastError();
        cudaError_t s = cudaDeviceSynchronize();
        cudaError_t g2 = cudaGetLastError();
        printf("good_launch_get_last_error %s %s last=%s\n", en(g), en(s), en(g2));

        g_case = "peek_then_get";
        empty_kernel<<<1, 1025>>>();
        cudaError_t p1 = cudaPeekAtLastError();
        cudaError_t p2 = cudaPeekAtLastError();
        cudaError_t g1 = cudaGetLastError();
        cudaError_t g3 = cudaGetLastError();
        cudaError_t p3 = cudaPeekAtLastError();
        printf("peek_then_get - - peek1=%s peek2=%s get1=%s get2=%s peek3=%s\n", en(p1), en(p2), en(g1), en(g3),
               en(p3));

        g_case = "bad_launch_then_good_launch";
        empty_kernel<<<1, 1025>>>();
        empty_kernel<<<1, 32>>>();
        cudaError_t s2 = cudaDeviceSynchronize();
        cudaError_t g4 = cudaGetLastError();
        cudaError_t g5 = cudaGetLastError();
        printf("bad_launch_then_good_launch - %s get1=%s get2=%s\n", en(s2), en(g4), en(g5));

        g_case = "bad_launch_then_good_api_call";
        empty_kernel<<<1, 1025>>>();
        void *tmp = nullptr;
        cudaError_t m = cudaMalloc(&tmp, 256);
        cudaError_t g6 = cudaGetLastError();
        cudaFree(tmp);
        cudaGetLastError();
        printf("bad_launch_then_good_api_call %s - get=%s\n", en(m), en(g6));
        fflush(stdout);
    }

    // ---- allocation ----
    {
        void *const sentinel = (void *)(uintptr_t)0x10;
        void *p = sentinel;
        cudaError_t r = cudaMalloc(&p, 0);
        snprintf(extra, sizeof extra, " ptr=%s", ptr_state(p, sentinel));
        api_case("malloc_0_bytes", r, extra);
        if (p != sentinel && p != nullptr) cudaFree(p);
        cudaGetLastError();

        p = sentinel;
        r = cudaMalloc(&p, (size_t)1 << 40);
        snprintf(extra, sizeof extra, " ptr=%s", ptr_state(p, sentinel));
        api_case("malloc_1TiB", r, extra);
        if (p != sentinel && p != nullptr) cudaFree(p);
        cudaGetLastError();

        api_case("free_nullptr", cudaFree(nullptr));

        void *h = malloc(4096);
        api_case("free_host_pointer", cudaFree(h));
        free(h);

        void *pinned = nullptr;
        cudaMallocHost(&pinned, 4096);
        api_case("free_pinned_host_pointer", cudaFree(pinned));
        cudaFreeHost(pinned);
        cudaGetLastError();

        void *d = nullptr;
        cudaMalloc(&d, 4096);
        api_case("free_interior_pointer", cudaFree((char *)d + 256));
        api_case("free_once", cudaFree(d));
        api_case("free_twice", cudaFree(d));
    }

    // ---- devices ----
    {
        api_case("set_device_1", cudaSetDevice(1));
        api_case("set_device_minus1", cudaSetDevice(-1));
        int dev = -1;
        cudaError_t r = cudaGetDevice(&dev);
        snprintf(extra, sizeof extra, " device=%d", dev);
        api_case("get_device_after", r, extra);
    }

    // ---- memset ----
    {
        void *d = nullptr;
        cudaMalloc(&d, 4096);
        api_case("memset_device", cudaMemset(d, 0, 4096));
        api_case("memset_device_size0", cudaMemset(d, 0, 0));
        cudaFree(d);
        void *h = malloc(4096);
        g_case = "memset_host_pointer";
        api_case("memset_host_pointer", cudaMemset(h, 0, 4096));
        free(h);
        void *pinned = nullptr;
        cudaMallocHost(&pinned, 4096);
        memset(pinned, 0x5a, 4096);
        g_case = "memset_pinned_host_pointer";
        cudaError_t r = cudaMemset(pinned, 0, 4096);
        snprintf(extra, sizeof extra, " data=%s", ((unsigned char *)pinned)[100] == 0 ? "zeroed" : "unchanged");
        api_case("memset_pinned_host_pointer", r, extra);
        cudaFreeHost(pinned);
        cudaGetLastError();
    }

    // ---- function attributes ----
    {
        struct K {
            const char *name;
            const void *fn;
        };
        const K ks[] = {{"empty_kernel", (const void *)empty_kernel},
                        {"dyn_kernel_a", (const void *)dyn_kernel_a},
                        {"dyn_kernel_b", (const void *)dyn_kernel_b},
                        {"dyn_kernel_c", (const void *)dyn_kernel_c},
                        {"static_dyn_kernel", (const void *)static_dyn_kernel},
                        {"bounded_kernel", (const void *)bounded_kernel}};
        for (const K &k : ks) {
            cudaFuncAttributes a;
            memset(&a, 0, sizeof a);
            cudaError_t r = cudaFuncGetAttributes(&a, k.fn);
            char name[128];
            snprintf(name, sizeof name, "func_attr.%s", k.name);
            snprintf(extra, sizeof extra,
                     " maxThreadsPerBlock=%d sharedSizeBytes=%zu maxDynamicSharedSizeBytes=%d binaryVersion=%d "
                     "ptxVersion=%d",
                     a.maxThreadsPerBlock, a.sharedSizeBytes, a.maxDynamicSharedSizeBytes, a.binaryVersion,
                     a.ptxVersion);
            api_case(name, r, extra);
        }
        cudaFuncAttributes a;
        api_case("func_attr.host_function", cudaFuncGetAttributes(&a, (const void *)some_host_function));
    }

    // ---- occupancy ----
    {
        struct O {
            const char *name;
            const void *fn;
            int block;
            size_t smem;
        };
        const O os[] = {{"occupancy.empty_kernel.block32", (const void *)empty_kernel, 32, 0},
                        {"occupancy.empty_kernel.block256", (const void *)empty_kernel, 256, 0},
                        {"occupancy.empty_kernel.block1000", (const void *)empty_kernel, 1000, 0},
                        {"occupancy.empty_kernel.block1024", (const void *)empty_kernel, 1024, 0},
                        {"occupancy.empty_kernel.block1025", (const void *)empty_kernel, 1025, 0},
                        {"occupancy.empty_kernel.block0", (const void *)empty_kernel, 0, 0},
                        {"occupancy.dyn_kernel_a.block256.smem48KiB", (const void *)dyn_kernel_a, 256, 48 * 1024},
                        {"occupancy.dyn_kernel_a.block256.smem48KiB_plus1", (const void *)dyn_kernel_a, 256,
                         48 * 1024 + 1},
                        {"occupancy.dyn_kernel_b.block256.smem100KiB", (const void *)dyn_kernel_b, 256, 100 * 1024}};
        for (const O &o : os) {
            int blocks = -1;
            cudaError_t r = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, o.fn, o.block, o.smem);
            snprintf(extra, sizeof extra, " blocks=%d", blocks);
            api_case(o.name, r, extra);
        }
        int min_grid = -1, block = -1;
        cudaError_t r = cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, empty_kernel, 0, 0);
        snprintf(extra, sizeof extra, " minGridSize=%d blockSize=%d", min_grid, block);
        api_case("max_potential_block_size.empty_kernel", r, extra);
        min_grid = block = -1;
        r = cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, dyn_kernel_b, 100 * 1024, 0);
        snprintf(extra, sizeof extra, " minGridSize=%d blockSize=%d", min_grid, block);
        api_case("max_potential_block_size.dyn_kernel_b.smem100KiB", r, extra);
    }

    // ---- memcpy (wrong directions last: the CUDA documentation calls a kind that does not match
    //      the pointers undefined behaviour) ----
    {
        for (size_t i = 0; i < SZ; ++i) {
            g_patA[i] = (unsigned char)(i * 7 + 1);
            g_patB[i] = (unsigned char)(i * 13 + 5);
        }
        g_host = (unsigned char *)malloc(SZ);
        g_host2 = (unsigned char *)malloc(SZ);
        cudaMallocHost(&g_pinned, SZ);
        cudaMalloc(&g_dev, SZ);
        cudaMalloc(&g_dev2, SZ);
        cudaGetLastError();

        api_case("memcpy_size0", cudaMemcpy(g_dev, g_host, 0, cudaMemcpyHostToDevice));
        api_case("memcpy_size0_nullptrs", cudaMemcpy(nullptr, nullptr, 0, cudaMemcpyHostToDevice));
        api_case("memcpy_invalid_kind", cudaMemcpy(g_dev, g_host, SZ, (cudaMemcpyKind)7));

        memcpy_case("memcpy_h2d", kDev, kHost, cudaMemcpyHostToDevice);
        memcpy_case("memcpy_d2h", kHost, kDev, cudaMemcpyDeviceToHost);
        memcpy_case("memcpy_d2d", kDev2, kDev, cudaMemcpyDeviceToDevice);
        memcpy_case("memcpy_h2h", kHost2, kHost, cudaMemcpyHostToHost);
        memcpy_case("memcpy_default_h2d", kDev, kHost, cudaMemcpyDefault);
        memcpy_case("memcpy_default_d2h", kHost, kDev, cudaMemcpyDefault);
        memcpy_case("memcpy_default_d2d", kDev2, kDev, cudaMemcpyDefault);
        memcpy_case("memcpy_default_h2h", kHost2, kHost, cudaMemcpyDefault);
        memcpy_case("memcpy_h2d_swapped", kHost, kDev, cudaMemcpyHostToDevice);
        memcpy_case("memcpy_d2h_swapped", kDev, kHost, cudaMemcpyDeviceToHost);
        memcpy_case("memcpy_d2d_src_host", kDev, kHost, cudaMemcpyDeviceToDevice);
        memcpy_case("memcpy_d2d_dst_host", kHost, kDev, cudaMemcpyDeviceToDevice);
        memcpy_case("memcpy_d2d_both_host", kHost2, kHost, cudaMemcpyDeviceToDevice);
        memcpy_case("memcpy_h2d_both_device", kDev2, kDev, cudaMemcpyHostToDevice);
        memcpy_case("memcpy_d2h_both_device", kDev2, kDev, cudaMemcpyDeviceToHost);
        memcpy_case("memcpy_h2d_both_host", kHost2, kHost, cudaMemcpyHostToDevice);
        memcpy_case("memcpy_d2h_both_host", kHost2, kHost, cudaMemcpyDeviceToHost);
        memcpy_case("memcpy_h2d_swapped_pinned", kPinned, kDev, cudaMemcpyHostToDevice);
        memcpy_case("memcpy_d2h_swapped_pinned", kDev, kPinned, cudaMemcpyDeviceToHost);

        // ---- ranges past the end of an allocation (1 KiB; the host buffer is large enough: 8 MiB) ----
        {
            unsigned char *small = nullptr;
            unsigned char *big = (unsigned char *)calloc(8u << 20, 1);
            cudaMalloc(&small, 1024);
            cudaGetLastError();
            api_case("memset_exact_end", cudaMemset(small, 0, 1024));
            api_case("memset_past_end_1", cudaMemset(small, 0, 1025));
            api_case("memset_past_end_4KiB", cudaMemset(small, 0, 4096));
            api_case("memset_past_end_4MiB", cudaMemset(small, 0, 4u << 20));
            api_case("memset_interior_past_end", cudaMemset(small + 1000, 0, 100));
            api_case("memset_async_past_end", cudaMemsetAsync(small, 0, 4096, 0));
            api_case("memset2d_past_end", cudaMemset2D(small, 256, 0, 256, 8));
            api_case("memcpy_h2d_exact_end", cudaMemcpy(small, big, 1024, cudaMemcpyHostToDevice));
            api_case("memcpy_h2d_past_end_1", cudaMemcpy(small, big, 1025, cudaMemcpyHostToDevice));
            api_case("memcpy_h2d_past_end_4MiB", cudaMemcpy(small, big, 4u << 20, cudaMemcpyHostToDevice));
            api_case("memcpy_d2h_past_end_4KiB", cudaMemcpy(big, small, 4096, cudaMemcpyDeviceToHost));
            api_case("memcpy_d2d_src_past_end", cudaMemcpy(g_dev, small, 4096, cudaMemcpyDeviceToDevice));
            api_case("memcpy_d2d_dst_past_end", cudaMemcpy(small, g_dev, 4096, cudaMemcpyDeviceToDevice));
            api_case("memcpy_default_past_end", cudaMemcpy(small, big, 4096, cudaMemcpyDefault));
            api_case("memcpy_async_past_end", cudaMemcpyAsync(small, big, 4096, cudaMemcpyHostToDevice, 0));
            api_case("memcpy2d_past_end", cudaMemcpy2D(small, 256, big, 256, 256, 8, cudaMemcpyHostToDevice));
            free(big);
            cudaFree(small);
        }

        // ---- flags outside what each call documents ----
        {
            cudaEvent_t e = nullptr;
            api_case("flags_event_interprocess_without_disable_timing",
                     cudaEventCreateWithFlags(&e, cudaEventInterprocess));
            api_case("flags_event_interprocess_disable_timing",
                     cudaEventCreateWithFlags(&e, cudaEventInterprocess | cudaEventDisableTiming));
            if (e) cudaEventDestroy(e);
            cudaEvent_t e2 = nullptr;
            api_case("flags_event_unknown_bit", cudaEventCreateWithFlags(&e2, 0x100));
            api_case("flags_event_blocking_disable_timing",
                     cudaEventCreateWithFlags(&e2, cudaEventBlockingSync | cudaEventDisableTiming));
            cudaStream_t st = nullptr;
            api_case("flags_stream_unknown_bit", cudaStreamCreateWithFlags(&st, 0x10));
            api_case("flags_stream_non_blocking", cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
            if (st && e2) {
                cudaEventRecord(e2, st);
                api_case("flags_stream_wait_event_5", cudaStreamWaitEvent(st, e2, 5));
                api_case("flags_stream_wait_event_0", cudaStreamWaitEvent(st, e2, 0));
            }
            if (e2) cudaEventDestroy(e2);
            if (st) cudaStreamDestroy(st);
            void *m = nullptr;
            api_case("flags_malloc_managed_0", cudaMallocManaged(&m, 64, 0));
            if (m) cudaFree(m);
            m = nullptr;
            api_case("flags_malloc_managed_attach_host", cudaMallocManaged(&m, 64, cudaMemAttachHost));
            if (m) cudaFree(m);
            m = nullptr;
            api_case("flags_host_alloc_unknown_bit", cudaHostAlloc(&m, 64, 0x80));
            if (m) cudaFreeHost(m);
            void *pin = nullptr, *pd = nullptr;
            cudaHostAlloc(&pin, 64, cudaHostAllocMapped);
            api_case("flags_host_get_device_pointer_1", cudaHostGetDevicePointer(&pd, pin, 1));
            api_case("flags_host_get_device_pointer_0", cudaHostGetDevicePointer(&pd, pin, 0));
            cudaFreeHost(pin);
        }

        cudaFree(g_dev);
        cudaFree(g_dev2);
        cudaFreeHost(g_pinned);
        free(g_host);
        free(g_host2);
    }

    // ---- values the runtime reports ----
    {
        unsigned f = 0;
        cudaError_t r = cudaGetDeviceFlags(&f);
        snprintf(extra, sizeof extra, " flags=%u", f);
        api_case("device_flags_default", r, extra);
        cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync);
        r = cudaGetDeviceFlags(&f);
        snprintf(extra, sizeof extra, " flags=%u", f);
        api_case("device_flags_blocking_sync", r, extra);
        cudaSetDeviceFlags(cudaDeviceScheduleAuto);

        int onStack = 0;
        void *heap = malloc(64);
        const void *ptrs[3] = {heap, &onStack, nullptr};
        const char *names[3] = {"pointer_attributes_malloc", "pointer_attributes_stack", "pointer_attributes_null"};
        for (int i = 0; i < 3; ++i) {
            cudaPointerAttributes a;
            memset(&a, 0x7f, sizeof a);
            r = cudaPointerGetAttributes(&a, ptrs[i]);
            snprintf(extra, sizeof extra, " type=%d device=%d", (int)a.type, a.device);
            api_case(names[i], r, extra);
        }
        free(heap);

        cudaStream_t st = nullptr;
        cudaStreamCreateWithPriority(&st, cudaStreamNonBlocking, -1);
        unsigned sf = 99;
        int sp = 99;
        r = cudaStreamGetFlags(st, &sf);
        cudaError_t r2 = cudaStreamGetPriority(st, &sp);
        snprintf(extra, sizeof extra, " flags=%u priority=%d priority_result=%s", sf, sp, en(r2));
        api_case("stream_get_flags_priority", r, extra);
        sf = 99;
        sp = 99;
        r = cudaStreamGetFlags(0, &sf);
        r2 = cudaStreamGetPriority(0, &sp);
        snprintf(extra, sizeof extra, " flags=%u priority=%d priority_result=%s", sf, sp, en(r2));
        api_case("stream_get_flags_priority_default", r, extra);
        cudaEvent_t ev = nullptr;
        cudaEventCreate(&ev);
        api_case("event_record_with_flags_0", cudaEventRecordWithFlags(ev, st, 0));
        api_case("event_record_with_flags_2", cudaEventRecordWithFlags(ev, st, 2));
        cudaEventDestroy(ev);
        cudaPitchedPtr pp;
        cudaExtent ext = make_cudaExtent(64, 4, 2);
        cudaMalloc3D(&pp, ext);
        api_case("memset3d_async", cudaMemset3DAsync(pp, 0, ext, st));
        cudaFree(pp.ptr);
        cudaStreamDestroy(st);
    }

    g_case = "(end)";
    api_case("final_sync", cudaSuccess);
    return 0;
}
