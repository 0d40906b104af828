// Error checks shared by the kernel programs (plain CUDA: nvcc builds them too).
#pragma once

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

// A failed CUDA call ends the program with exit status 2, naming the call's file and line.
#define CHECK(call)                                                                          \
    do {                                                                                     \
        cudaError_t err_ = (call);                                                           \
        if (err_ != cudaSuccess) {                                                           \
            fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_));    \
            exit(2);                                                                         \
        }                                                                                    \
    } while (0)

// After every launch: configuration errors first, then errors of the kernel's execution.
#define CHECK_LAUNCH()                    \
    do {                                  \
        CHECK(cudaGetLastError());        \
        CHECK(cudaDeviceSynchronize());   \
        CHECK(cudaGetLastError());        \
    } while (0)
