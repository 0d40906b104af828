// style_streams_events: a small pipeline over three streams with pinned host buffers,
// asynchronous copies and kernels, cross-stream dependencies through cudaStreamWaitEvent,
// host callbacks through cudaLaunchHostFunc (checked for order and for seeing finished
// data), cudaEventQuery before and after a gate opens, and cudaStreamSynchronize.
#include <cstdio>
#include <cstdlib>
#include <atomic>
#include <chrono>
#include <thread>
#include <vector>
#include <cuda_runtime.h>

#define CUDA_CHECK(stmt)                                                                \
  do {                                                                                  \
    cudaError_t status_ = (stmt);                                                       \
    if (status_ != cudaSuccess) {                                                       \
      std::fprintf(stderr, "%s failed at %s:%d: %s\n", #stmt, __FILE__, __LINE__,        \
                   cudaGetErrorString(status_));                                        \
      std::exit(1);                                                                     \
    }                                                                                   \
  } while (0)

__global__ void scale_add(int* v, int n, int mul, int add) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    v[i] = v[i] * mul + add;
}

__global__ void combine(const int* a, const int* b, int* c, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    c[i] = a[i] - 2 * b[i];
}

struct CallbackLog {
  std::atomic<int> next{0};
  int order[8];            // which callback ran at position k
  long long seen_sum[8];   // the host buffer's sum each callback saw
  const int* watch[8];
  int n;
};

struct CallbackArg {
  CallbackLog* log;
  int id;
};

static void CUDART_CB record_callback(void* p) {
  CallbackArg* arg = static_cast<CallbackArg*>(p);
  CallbackLog* log = arg->log;
  int pos = log->next.fetch_add(1);
  if (pos < 8) {
    log->order[pos] = arg->id;
    long long s = 0;
    if (log->watch[arg->id])
      for (int i = 0; i < log->n; ++i) s += log->watch[arg->id][i];
    log->seen_sum[arg->id] = s;
  }
}

static std::atomic<int> gate_open{0};
static void CUDART_CB wait_for_gate(void*) {
  while (!gate_open.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

static int failures = 0;
static void check(const char* what, bool ok, const char* detail = "") {
  if (ok) std::printf("style_streams_events: %s PASS\n", what);
  else { std::printf("style_streams_events: %s FAIL %s\n", what, detail); ++failures; }
}

int main() {
  const int n = 1 << 14;
  const size_t bytes = n * sizeof(int);

  int *h_a, *h_b, *h_c, *h_b_out;
  CUDA_CHECK(cudaMallocHost(&h_a, bytes));
  CUDA_CHECK(cudaMallocHost(&h_b, bytes));
  CUDA_CHECK(cudaMallocHost(&h_c, bytes));
  CUDA_CHECK(cudaMallocHost(&h_b_out, bytes));
  for (int i = 0; i < n; ++i) { h_a[i] = i % 1000; h_b[i] = (i * 7) % 333; h_c[i] = 0; }

  int *d_a, *d_b, *d_c;
  CUDA_CHECK(cudaMalloc(&d_a, bytes));
  CUDA_CHECK(cudaMalloc(&d_b, bytes));
  CUDA_CHECK(cudaMalloc(&d_c, bytes));

  cudaStream_t s[3];
  CUDA_CHECK(cudaStreamCreate(&s[0]));
  CUDA_CHECK(cudaStreamCreateWithFlags(&s[1], cudaStreamNonBlocking));
  CUDA_CHECK(cudaStreamCreate(&s[2]));
  cudaEvent_t a_ready, b_ready, start, stop;
  CUDA_CHECK(cudaEventCreateWithFlags(&a_ready, cudaEventDisableTiming));
  CUDA_CHECK(cudaEventCreateWithFlags(&b_ready, cudaEventDisableTiming));
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));

  CallbackLog log;
  log.n = n;
  for (int k = 0; k < 8; ++k) { log.order[k] = -1; log.seen_sum[k] = 0; }
  log.watch[0] = nullptr;
  log.watch[1] = h_b_out;
  log.watch[2] = h_c;
  CallbackArg args[3] = {{&log, 0}, {&log, 1}, {&log, 2}};

  CUDA_CHECK(cudaEventRecord(start, s[0]));
  // Stream 0: a = a * 3 + 1.
  CUDA_CHECK(cudaMemcpyAsync(d_a, h_a, bytes, cudaMemcpyHostToDevice, s[0]));
  scale_add<<<16, 256, 0, s[0]>>>(d_a, n, 3, 1);
  CUDA_CHECK(cudaLaunchHostFunc(s[0], record_callback, &args[0]));
  CUDA_CHECK(cudaEventRecord(a_ready, s[0]));
  // Stream 1: b = b * 2 - 5, also copied back to the host on stream 1.
  CUDA_CHECK(cudaMemcpyAsync(d_b, h_b, bytes, cudaMemcpyHostToDevice, s[1]));
  scale_add<<<16, 256, 0, s[1]>>>(d_b, n, 2, -5);
  CUDA_CHECK(cudaMemcpyAsync(h_b_out, d_b, bytes, cudaMemcpyDeviceToHost, s[1]));
  CUDA_CHECK(cudaLaunchHostFunc(s[1], record_callback, &args[1]));
  CUDA_CHECK(cudaEventRecord(b_ready, s[1]));
  // Stream 2 waits for both, then c = a - 2b, copied back, then its callback.
  CUDA_CHECK(cudaStreamWaitEvent(s[2], a_ready, 0));
  CUDA_CHECK(cudaStreamWaitEvent(s[2], b_ready, 0));
  combine<<<16, 256, 0, s[2]>>>(d_a, d_b, d_c, n);
  CUDA_CHECK(cudaMemcpyAsync(h_c, d_c, bytes, cudaMemcpyDeviceToHost, s[2]));
  CUDA_CHECK(cudaLaunchHostFunc(s[2], record_callback, &args[2]));
  CUDA_CHECK(cudaEventRecord(stop, s[2]));
  CUDA_CHECK(cudaGetLastError());

  // Only stream 1 first: its result must be complete after cudaStreamSynchronize.
  CUDA_CHECK(cudaStreamSynchronize(s[1]));
  {
    bool ok = true;
    for (int i = 0; i < n; ++i) if (h_b_out[i] != h_b[i] * 2 - 5) ok = false;
    check("stream 1 result after cudaStreamSynchronize", ok);
    check("b_ready complete after its stream synchronized", cudaEventQuery(b_ready) == cudaSuccess);
  }

  CUDA_CHECK(cudaStreamSynchronize(s[2]));
  long long want_b = 0, want_c = 0;
  {
    bool ok = true;
    for (int i = 0; i < n; ++i) {
      int a = h_a[i] * 3 + 1, b = h_b[i] * 2 - 5;
      want_b += b;
      want_c += a - 2 * b;
      if (h_c[i] != a - 2 * b) ok = false;
    }
    check("cross-stream combine result (cudaStreamWaitEvent)", ok);
  }
  CUDA_CHECK(cudaStreamSynchronize(s[0]));
  {
    int count = log.next.load();
    char d[128];
    std::snprintf(d, sizeof d, "count %d order %d %d %d", count, log.order[0], log.order[1],
                  log.order[2]);
    bool ok = count == 3 && log.order[2] == 2 &&
              ((log.order[0] == 0 && log.order[1] == 1) || (log.order[0] == 1 && log.order[1] == 0));
    check("host callbacks ran once each, stream 2's last", ok, d);
    std::snprintf(d, sizeof d, "b %lld/%lld c %lld/%lld", log.seen_sum[1], want_b,
                  log.seen_sum[2], want_c);
    check("callbacks saw their stream's finished copies",
          log.seen_sum[1] == want_b && log.seen_sum[2] == want_c, d);
    float ms = -1.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    check("cudaEventElapsedTime non-negative", ms >= 0.0f);
  }

  // cudaEventQuery: an event behind a host function that blocks until the host opens a gate.
  {
    cudaEvent_t gated;
    CUDA_CHECK(cudaEventCreate(&gated));
    CUDA_CHECK(cudaLaunchHostFunc(s[0], wait_for_gate, nullptr));
    scale_add<<<4, 128, 0, s[0]>>>(d_a, n, 1, 1);
    CUDA_CHECK(cudaEventRecord(gated, s[0]));
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    cudaError_t before = cudaEventQuery(gated);
    cudaError_t sbefore = cudaStreamQuery(s[0]);
    gate_open.store(1);
    CUDA_CHECK(cudaEventSynchronize(gated));
    cudaError_t after = cudaEventQuery(gated);
    char d[128];
    std::snprintf(d, sizeof d, "before=%s stream=%s after=%s", cudaGetErrorName(before),
                  cudaGetErrorName(sbefore), cudaGetErrorName(after));
    check("cudaEventQuery NotReady while gated, Success after",
          before == cudaErrorNotReady && sbefore == cudaErrorNotReady && after == cudaSuccess, d);
    CUDA_CHECK(cudaMemcpy(h_c, d_a, bytes, cudaMemcpyDeviceToHost));
    bool ok = true;
    for (int i = 0; i < n; ++i) if (h_c[i] != h_a[i] * 3 + 2) ok = false;
    check("kernel behind the gate ran after it opened", ok);
    CUDA_CHECK(cudaEventDestroy(gated));
  }

  for (int k = 0; k < 3; ++k) CUDA_CHECK(cudaStreamDestroy(s[k]));
  CUDA_CHECK(cudaEventDestroy(a_ready));
  CUDA_CHECK(cudaEventDestroy(b_ready));
  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  CUDA_CHECK(cudaFree(d_a)); CUDA_CHECK(cudaFree(d_b)); CUDA_CHECK(cudaFree(d_c));
  CUDA_CHECK(cudaFreeHost(h_a)); CUDA_CHECK(cudaFreeHost(h_b));
  CUDA_CHECK(cudaFreeHost(h_c)); CUDA_CHECK(cudaFreeHost(h_b_out));
  std::printf("style_streams_events: %s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
