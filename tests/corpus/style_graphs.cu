// style_graphs: a step of an iterative computation recorded once with stream capture
// (fork and join through events onto a second stream, a memset, a host function) and
// replayed with cudaGraphLaunch many times, as solvers do to cut launch overhead.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define CUDA_CHECK(x)                                                                   \
  do {                                                                                  \
    cudaError_t err = (x);                                                              \
    if (err != cudaSuccess) {                                                           \
      std::fprintf(stderr, "%s:%d: %s -> %s\n", __FILE__, __LINE__, #x,                  \
                   cudaGetErrorString(err));                                            \
      std::exit(1);                                                                     \
    }                                                                                   \
  } while (0)

__global__ void step_x(unsigned* x, int n, unsigned add) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = x[i] * 2u + add;
}

__global__ void accumulate(unsigned* y, const unsigned* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] += x[i];
}

__global__ void mix(unsigned* z, const unsigned* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) z[i] ^= x[i] * 3u;
}

__global__ void finish(unsigned* w, const unsigned* y, const unsigned* z, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) w[i] += y[i] + z[i];
}

static void CUDART_CB count_launch(void* p) { ++*static_cast<int*>(p); }

static int failures = 0;
static void check(const char* what, bool ok, const char* detail = "") {
  if (ok) std::printf("style_graphs: %s PASS\n", what);
  else { std::printf("style_graphs: %s FAIL %s\n", what, detail); ++failures; }
}

int main() {
  const int n = 2000;
  const int threads = 256, blocks = (n + threads - 1) / threads;
  std::vector<unsigned> hx(n), hy(n), hz(n);
  for (int i = 0; i < n; ++i) { hx[i] = i; hy[i] = 3 * i; hz[i] = 0x9e3779b9u * i; }

  unsigned *x, *y, *z, *w;
  CUDA_CHECK(cudaMalloc(&x, n * sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&y, n * sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&z, n * sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&w, n * sizeof(unsigned)));
  CUDA_CHECK(cudaMemcpy(x, hx.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(y, hy.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(z, hz.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice));

  cudaStream_t s, side, other;
  CUDA_CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  CUDA_CHECK(cudaStreamCreateWithFlags(&side, cudaStreamNonBlocking));
  CUDA_CHECK(cudaStreamCreateWithFlags(&other, cudaStreamNonBlocking));
  cudaEvent_t fork, join;
  CUDA_CHECK(cudaEventCreateWithFlags(&fork, cudaEventDisableTiming));
  CUDA_CHECK(cudaEventCreateWithFlags(&join, cudaEventDisableTiming));

  int host_count = 0;
  unsigned add = 5;

  cudaGraph_t graph;
  CUDA_CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  cudaStreamCaptureStatus st = cudaStreamCaptureStatusNone;
  CUDA_CHECK(cudaStreamIsCapturing(s, &st));
  check("cudaStreamIsCapturing during capture", st == cudaStreamCaptureStatusActive);

  step_x<<<blocks, threads, 0, s>>>(x, n, add);
  CUDA_CHECK(cudaEventRecord(fork, s));
  CUDA_CHECK(cudaStreamWaitEvent(side, fork, 0));
  accumulate<<<blocks, threads, 0, side>>>(y, x, n);   // forked branch
  mix<<<blocks, threads, 0, s>>>(z, x, n);              // main branch
  CUDA_CHECK(cudaEventRecord(join, side));
  CUDA_CHECK(cudaStreamWaitEvent(s, join, 0));
  CUDA_CHECK(cudaMemsetAsync(w, 0, n * sizeof(unsigned), s));
  finish<<<blocks, threads, 0, s>>>(w, y, z, n);
  CUDA_CHECK(cudaLaunchHostFunc(s, count_launch, &host_count));
  CUDA_CHECK(cudaStreamEndCapture(s, &graph));

  CUDA_CHECK(cudaStreamIsCapturing(s, &st));
  check("capture ended", st == cudaStreamCaptureStatusNone);
  check("nothing ran during capture", host_count == 0);
  {
    std::vector<unsigned> probe(n);
    CUDA_CHECK(cudaMemcpy(probe.data(), x, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
    check("captured kernels did not execute", probe == hx);
  }

  size_t num_nodes = 0;
  CUDA_CHECK(cudaGraphGetNodes(graph, nullptr, &num_nodes));
  {
    char d[64];
    std::snprintf(d, sizeof d, "%zu nodes", num_nodes);
    check("graph has 6 nodes (4 kernels, memset, host)", num_nodes == 6, d);
  }

  cudaGraphExec_t exec;
  CUDA_CHECK(cudaGraphInstantiate(&exec, graph, 0));
  add = 1000;  // the graph captured the value 5; changing the variable must not matter

  const int launches_s = 5, launches_other = 3;
  for (int k = 0; k < launches_s; ++k) CUDA_CHECK(cudaGraphLaunch(exec, s));
  CUDA_CHECK(cudaStreamSynchronize(s));
  for (int k = 0; k < launches_other; ++k) CUDA_CHECK(cudaGraphLaunch(exec, other));
  CUDA_CHECK(cudaStreamSynchronize(other));

  // CPU model.
  std::vector<unsigned> rx = hx, ry = hy, rz = hz, rw(n);
  for (int k = 0; k < launches_s + launches_other; ++k)
    for (int i = 0; i < n; ++i) {
      rx[i] = rx[i] * 2u + 5u;
      ry[i] += rx[i];
      rz[i] ^= rx[i] * 3u;
      rw[i] = ry[i] + rz[i];
    }
  std::vector<unsigned> gx(n), gy(n), gz(n), gw(n);
  CUDA_CHECK(cudaMemcpy(gx.data(), x, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(gy.data(), y, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(gz.data(), z, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(gw.data(), w, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  check("x after 8 graph launches", gx == rx);
  check("y (forked branch) after 8 graph launches", gy == ry);
  check("z after 8 graph launches", gz == rz);
  check("w (memset + join) after 8 graph launches", gw == rw);
  {
    char d[64];
    std::snprintf(d, sizeof d, "host node ran %d times", host_count);
    check("host node ran once per launch", host_count == launches_s + launches_other, d);
  }

  CUDA_CHECK(cudaGraphExecDestroy(exec));
  CUDA_CHECK(cudaGraphDestroy(graph));
  CUDA_CHECK(cudaEventDestroy(fork));
  CUDA_CHECK(cudaEventDestroy(join));
  CUDA_CHECK(cudaStreamDestroy(s));
  CUDA_CHECK(cudaStreamDestroy(side));
  CUDA_CHECK(cudaStreamDestroy(other));
  CUDA_CHECK(cudaFree(x)); CUDA_CHECK(cudaFree(y)); CUDA_CHECK(cudaFree(z)); CUDA_CHECK(cudaFree(w));
  std::printf("style_graphs: %s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
