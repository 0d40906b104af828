// Seed 001 (The CUDA Handbook), 10.5, the microdemo tex1d_9bit.cu (listing 10.5): linear
// filtering uses 9-bit fixed-point weights (8 fractional bits), so a texture of tenths read
// between texels differs from the full-precision interpolation, and a host emulation that rounds
// the weight to 1/256 first reproduces the hardware. The book binds a texture reference (removed
// in CUDA 12); this version makes a texture object with the same settings.
//
// Prints the book's tables (X, Y, actual bits, expected bits, difference) without and with the
// 9-bit emulation, then compares them with the tables printed in the book: "<table>: PASS|FAIL".
// Exit 0 if all pass, 1 if not, 2 on a CUDA error. nvcc builds it with -fmad=false so that the
// coordinate base + i*increment is rounded twice, as the book's host emulation computes it.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#include "../common/cuda_check.h"

__global__ void TexReadout(float2* out, size_t N, float base, float increment, cudaTextureObject_t tex) {
    for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += gridDim.x * blockDim.x) {
        float x = base + (float)i * increment;
        out[i].x = x;
        out[i].y = tex1D<float>(tex, x);
    }
}

template <class T>
std::vector<std::string> CreateAndPrintTex(T* initTex, size_t texN, size_t outN, float base, float increment,
                                           float expectedBase, float expectedIncrement, bool bEmulateGPU) {
    cudaChannelFormatDesc channelDesc = cudaCreateChannelDesc<T>();
    cudaArray* texArray = 0;
    float2 *outHost = 0, *outDevice = 0;
    CHECK(cudaMallocArray(&texArray, &channelDesc, texN));
    CHECK(cudaHostAlloc((void**)&outHost, outN * sizeof(float2), cudaHostAllocMapped));
    CHECK(cudaHostGetDevicePointer((void**)&outDevice, outHost, 0));
    CHECK(cudaMemcpyToArray(texArray, 0, 0, initTex, texN * sizeof(T), cudaMemcpyHostToDevice));
    cudaResourceDesc res;
    memset(&res, 0, sizeof res);
    res.resType = cudaResourceTypeArray;
    res.res.array.array = texArray;
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    td.filterMode = cudaFilterModeLinear;
    td.addressMode[0] = cudaAddressModeClamp;
    td.readMode = cudaReadModeElementType;
    cudaTextureObject_t tex;
    CHECK(cudaCreateTextureObject(&tex, &res, &td, NULL));
    TexReadout<<<2, 384>>>(outDevice, outN, base, increment, tex);
    CHECK_LAUNCH();

    std::vector<std::string> lines;
    printf("X\tY\tActual\tExpected\tDiff\n");
    for (size_t i = 0; i < outN; i++) {
        T expected;
        if (bEmulateGPU) {  // the book's emulation, verbatim
            float x = base + (float)i * increment - 0.5f;
            float frac = x - (float)(int)x;
            {
                int frac256 = (int)(frac * 256.0f + 0.5f);
                frac = frac256 / 256.0f;
            }
            int index = (int)x;
            expected = (1.0f - frac) * initTex[index] + frac * initTex[index + 1];
        } else {
            expected = expectedBase + (float)i * expectedIncrement;
        }
        float diff = fabsf(outHost[i].y - expected);
        uint32_t actualBits, expectedBits;
        memcpy(&actualBits, &outHost[i].y, 4);
        memcpy(&expectedBits, &expected, 4);
        char line[128];
        snprintf(line, sizeof line, "%.2f\t%.2f\t%08x\t%08x\t%E", outHost[i].x, outHost[i].y, actualBits,
                 expectedBits, diff);
        printf("%s\n", line);
        lines.push_back(line);
    }
    printf("\n");
    CHECK(cudaDestroyTextureObject(tex));
    CHECK(cudaFreeArray(texArray));
    CHECK(cudaFreeHost(outHost));
    return lines;
}

bool check(const char* name, const std::vector<std::string>& got, const std::vector<std::string>& book) {
    for (size_t i = 0; i < book.size(); ++i) {
        if (i >= got.size() || got[i] != book[i]) {
            printf("%s: FAIL row %zu: got '%s', the book prints '%s'\n", name, i,
                   i < got.size() ? got[i].c_str() : "<missing>", book[i].c_str());
            return false;
        }
    }
    printf("%s: PASS\n", name);
    return true;
}

int main() {
    CHECK(cudaSetDeviceFlags(cudaDeviceMapHost));
    float tex[10];
    for (int i = 0; i < 10; i++) tex[i] = (float)i / 10.0f;
    const std::vector<std::string> quarters = {
        "1.50\t0.10\t3dcccccd\t3dcccccd\t0.000000E+00", "1.75\t0.12\t3e000000\t3e000000\t0.000000E+00",
        "2.00\t0.15\t3e19999a\t3e19999a\t0.000000E+00", "2.25\t0.17\t3e333333\t3e333333\t0.000000E+00"};
    bool ok = true;
    ok &= check("quarters_full_precision", CreateAndPrintTex<float>(tex, 10, 4, 1.5f, 0.25f, 0.1f, 0.025f, false),
                quarters);
    ok &= check("tenths_full_precision", CreateAndPrintTex<float>(tex, 10, 4, 1.5f, 0.1f, 0.1f, 0.01f, false),
                {"1.50\t0.10\t3dcccccd\t3dcccccd\t0.000000E+00", "1.60\t0.11\t3de1999a\t3de147ae\t1.562536E-04",
                 "1.70\t0.12\t3df5999a\t3df5c290\t7.812679E-05", "1.80\t0.13\t3e053333\t3e051eb8\t7.812679E-05"});
    ok &= check("quarters_9bit_emulation", CreateAndPrintTex<float>(tex, 10, 4, 1.5f, 0.25f, 0.1f, 0.025f, true),
                quarters);
    ok &= check("tenths_9bit_emulation", CreateAndPrintTex<float>(tex, 10, 4, 1.5f, 0.1f, 0.1f, 0.01f, true),
                {"1.50\t0.10\t3dcccccd\t3dcccccd\t0.000000E+00", "1.60\t0.11\t3de1999a\t3de1999a\t0.000000E+00",
                 "1.70\t0.12\t3df5999a\t3df5999a\t0.000000E+00", "1.80\t0.13\t3e053333\t3e053333\t0.000000E+00"});
    return ok ? 0 : 1;
}
