// Seed 001 (The CUDA Handbook), 10.5 "Texturing with unnormalized coordinates", the microdemo
// tex1d_unnormalized.cu: a 1D CUDA array of float texels read back with tex1D() at a range of
// coordinates, printing (x, tex1D(x)) pairs. The book binds a texture reference (removed in
// CUDA 12); this version makes a texture object with the same filter and address modes, and
// otherwise keeps listing 10.4's CreateAndPrintTex (mapped host memory for the output, a
// <<<2,384>>> grid-stride TexReadout kernel).
//
// Each table is compared with the one printed in the book (the identity texture read with point
// and linear filtering, the 1.0 transition of point sampling, and the linearly filtered 0.1-step
// texture in hexadecimal); one "<table>: PASS|FAIL" line each. Exit 0 if all pass, 1 if not,
// 2 on a CUDA error. The coordinate base + i*increment must not be fused into an FMA, or
// 0.9 + 10*0.01 lands below 1.0: nvcc builds it with -fmad=false (validate/cases).
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

// Listing 10.4, returning the printed lines as well. hex prints the texel bits, as the book's
// second look at the 0.1-step texture does.
template <class T>
std::vector<std::string> CreateAndPrintTex(T* initTex, size_t texN, size_t outN, float base, float increment,
                                           cudaTextureFilterMode filterMode = cudaFilterModePoint,
                                           cudaTextureAddressMode addressMode = cudaAddressModeClamp,
                                           bool hex = false) {
    std::vector<T> identity;
    T* texContents = initTex;
    if (!texContents) {  // by default, identity elements
        identity.resize(texN);
        for (size_t i = 0; i < texN; i++) identity[i] = (T)i;
        texContents = identity.data();
    }
    cudaChannelFormatDesc channelDesc = cudaCreateChannelDesc<T>();
    cudaArray* texArray = 0;
    float2 *outHost = 0, *outDevice = 0;
    CHECK(cudaMallocArray(&texArray, &channelDesc, texN));
    CHECK(cudaHostAlloc((void**)&outHost, outN * sizeof(float2), cudaHostAllocMapped));
    CHECK(cudaHostGetDevicePointer((void**)&outDevice, outHost, 0));
    CHECK(cudaMemcpyToArray(texArray, 0, 0, texContents, texN * sizeof(T), cudaMemcpyHostToDevice));

    cudaResourceDesc res;
    memset(&res, 0, sizeof res);
    res.resType = cudaResourceTypeArray;
    res.res.array.array = texArray;
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    td.filterMode = filterMode;
    td.addressMode[0] = addressMode;
    td.readMode = cudaReadModeElementType;
    cudaTextureObject_t tex;
    CHECK(cudaCreateTextureObject(&tex, &res, &td, NULL));

    TexReadout<<<2, 384>>>(outDevice, outN, base, increment, tex);
    CHECK_LAUNCH();
    std::vector<std::string> lines;
    for (size_t i = 0; i < outN; i++) {
        char line[64];
        uint32_t bits;
        memcpy(&bits, &outHost[i].y, 4);
        if (hex) snprintf(line, sizeof line, "(%.2f, 0x%08x)", outHost[i].x, bits);
        else snprintf(line, sizeof line, "(%.2f, %.2f)", outHost[i].x, outHost[i].y);
        printf("%s\n", line);
        lines.push_back(line);
    }
    printf("\n");
    CHECK(cudaDestroyTextureObject(tex));
    CHECK(cudaFreeArray(texArray));
    CHECK(cudaFreeHost(outHost));
    return lines;
}

// The book's printed table, one entry per line.
bool check(const char* name, const std::vector<std::string>& got, const std::vector<std::string>& book) {
    for (size_t i = 0; i < book.size(); ++i) {
        if (i >= got.size() || got[i] != book[i]) {
            printf("%s: FAIL line %zu: got '%s', the book prints '%s'\n", name, i,
                   i < got.size() ? got[i].c_str() : "<missing>", book[i].c_str());
            return false;
        }
    }
    printf("%s: PASS\n", name);
    return true;
}

int main() {
    CHECK(cudaSetDeviceFlags(cudaDeviceMapHost));
    bool ok = true;
    ok &= check("identity_point", CreateAndPrintTex<float>(NULL, 8, 8, 0.0f, 1.0f),
                {"(0.00, 0.00)", "(1.00, 1.00)", "(2.00, 2.00)", "(3.00, 3.00)", "(4.00, 4.00)", "(5.00, 5.00)",
                 "(6.00, 6.00)", "(7.00, 7.00)"});
    ok &= check("identity_linear", CreateAndPrintTex<float>(NULL, 8, 8, 0.0f, 1.0f, cudaFilterModeLinear),
                {"(0.00, 0.00)", "(1.00, 0.50)", "(2.00, 1.50)", "(3.00, 2.50)", "(4.00, 3.50)", "(5.00, 4.50)",
                 "(6.00, 5.50)", "(7.00, 6.50)"});
    ok &= check("point_transition", CreateAndPrintTex<float>(NULL, 8, 20, 0.9f, 0.01f, cudaFilterModePoint),
                {"(0.90, 0.00)", "(0.91, 0.00)", "(0.92, 0.00)", "(0.93, 0.00)", "(0.94, 0.00)", "(0.95, 0.00)",
                 "(0.96, 0.00)", "(0.97, 0.00)", "(0.98, 0.00)", "(0.99, 0.00)", "(1.00, 1.00)", "(1.01, 1.00)",
                 "(1.02, 1.00)", "(1.03, 1.00)", "(1.04, 1.00)", "(1.05, 1.00)", "(1.06, 1.00)", "(1.07, 1.00)",
                 "(1.08, 1.00)", "(1.09, 1.00)"});
    float texData[10];
    for (int i = 0; i < 10; i++) texData[i] = (float)i / 10.0f;
    ok &= check("tenths_point", CreateAndPrintTex<float>(texData, 10, 10, 0.0f, 1.0f),
                {"(0.00, 0.00)", "(1.00, 0.10)", "(2.00, 0.20)", "(3.00, 0.30)", "(4.00, 0.40)", "(5.00, 0.50)",
                 "(6.00, 0.60)", "(7.00, 0.70)", "(8.00, 0.80)", "(9.00, 0.90)"});
    ok &= check("tenths_linear_hex",
                CreateAndPrintTex<float>(texData, 10, 10, 1.5f, 0.1f, cudaFilterModeLinear, cudaAddressModeClamp, true),
                {"(1.50, 0x3dcccccd)", "(1.60, 0x3de1999a)", "(1.70, 0x3df5999a)", "(1.80, 0x3e053333)",
                 "(1.90, 0x3e0f3333)", "(2.00, 0x3e19999a)", "(2.10, 0x3e240000)", "(2.20, 0x3e2e0000)",
                 "(2.30, 0x3e386667)", "(2.40, 0x3e426667)"});
    return ok ? 0 : 1;
}
