// Conformance test: streams, events, host functions and asynchronous launches.
//
// Expected behaviour comes from the CUDA Runtime API reference and the Programming Guide: work in one
// stream runs in issue order; host functions and stream callbacks run after the preceding work of
// their stream and in order; cudaStreamWaitEvent makes a stream wait for an event of another stream;
// kernel launches are asynchronous to the host, so the host can release a kernel that waits on it;
// cudaStreamQuery/cudaEventQuery return cudaErrorNotReady for unfinished work; cudaEventElapsedTime
// returns cudaErrorInvalidResourceHandle for an event created with cudaEventDisableTiming (and for
// one never recorded); cudaEventQuery on an event never recorded returns cudaSuccess.
// Prints one "<check>: PASS" or "<check>: FAIL <expected vs got>" line per check; exit code 0 iff all pass.
// The spinning kernels give up after ~2 s (clock64), so a host that is wrongly blocked fails, not hangs.
#include <cuda_runtime.h>

#include <atomic>
#include <chrono>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#include "conformance.h"

// ~1.3-1.5 s of SM clock cycles on an H100; clock64() of an emulator may count other units.
#define SPIN_CLOCK_LIMIT 2500000000LL

// Spins until *flag (host memory mapped into the device) becomes non-zero. *result: 1 = saw the flag,
// 2 = gave up. Then writes `value` to *out (if out is not null).
__global__ void spinUntilFlagKernel(volatile int* flag, int* result, int* out, int value) {
  long long start = clock64();
  long long iters = 0;
  int r = 1;
  while (*flag == 0) {
    if (clock64() - start > SPIN_CLOCK_LIMIT || ++iters > (1LL << 31)) {
      r = 2;
      break;
    }
  }
  *result = r;
  if (out) *out = value;
}

// ---------------------------------------------------------------------------------------------
// Work in one stream runs in order: async copies, kernels, memsets.
// Some work so that a kernel takes a while: 2000 steps of an LCG, low 2 bits of the result.
__host__ __device__ inline int lcgBits(int i) {
  unsigned h = (unsigned)i;
  for (int k = 0; k < 2000; ++k) h = h * 1664525u + 1013904223u;
  return (int)(h & 3u);
}

__global__ void stageAKernel(const int* in, int* out, int n, int round) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[i] = in[i] * 2 + round + lcgBits(i);
}

__global__ void stageBKernel(const int* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] + 1;
}

static void testInOrder() {
  const int n = 4096, rounds = 4;
  int *hIn, *hOut, *hZero;
  CK(cudaMallocHost((void**)&hIn, rounds * n * sizeof(int)));
  CK(cudaMallocHost((void**)&hOut, rounds * n * sizeof(int)));
  CK(cudaMallocHost((void**)&hZero, rounds * n * sizeof(int)));
  for (int i = 0; i < rounds * n; ++i) {
    hIn[i] = i * 3 - 7;
    hOut[i] = -1;
    hZero[i] = -1;
  }
  int *dA, *dB, *dC, *dD;
  CK(cudaMalloc(&dA, n * sizeof(int)));
  CK(cudaMalloc(&dB, n * sizeof(int)));
  CK(cudaMalloc(&dC, n * sizeof(int)));
  CK(cudaMalloc(&dD, n * sizeof(int)));
  cudaStream_t s;
  CK(cudaStreamCreate(&s));
  for (int r = 0; r < rounds; ++r) {
    CK(cudaMemcpyAsync(dA, hIn + r * n, n * sizeof(int), cudaMemcpyHostToDevice, s));
    stageAKernel<<<n / 128, 128, 0, s>>>(dA, dB, n, r);
    CK(cudaGetLastError());
    CK(cudaMemcpyAsync(dC, dB, n * sizeof(int), cudaMemcpyDeviceToDevice, s));
    stageBKernel<<<n / 128, 128, 0, s>>>(dC, dD, n);
    CK(cudaGetLastError());
    CK(cudaMemsetAsync(dA, 0, n * sizeof(int), s));
    CK(cudaMemcpyAsync(hOut + r * n, dD, n * sizeof(int), cudaMemcpyDeviceToHost, s));
    CK(cudaMemcpyAsync(hZero + r * n, dA, n * sizeof(int), cudaMemcpyDeviceToHost, s));
  }
  CK(cudaStreamSynchronize(s));
  int bad = -1, badZ = -1;
  for (int r = 0; r < rounds; ++r)
    for (int i = 0; i < n; ++i) {
      int k = r * n + i;
      if (bad < 0 && hOut[k] != hIn[k] * 2 + r + lcgBits(i) + 1) bad = k;
      if (badZ < 0 && hZero[k] != 0) badZ = k;
    }
  check("stream_in_order_copy_kernel_copy_kernel", bad < 0, "round %d element %d expected %d got %d",
        bad < 0 ? 0 : bad / n, bad < 0 ? 0 : bad % n, bad < 0 ? 0 : hIn[bad] * 2 + bad / n + lcgBits(bad % n) + 1, bad < 0 ? 0 : hOut[bad]);
  check("stream_in_order_memset_after_kernel", badZ < 0, "element %d expected 0 got %d", badZ,
        badZ < 0 ? 0 : hZero[badZ]);

  // The legacy default stream is ordered too.
  for (int i = 0; i < n; ++i) hOut[i] = -1;
  CK(cudaMemcpy(dA, hIn, n * sizeof(int), cudaMemcpyHostToDevice));
  stageAKernel<<<n / 128, 128>>>(dA, dB, n, 9);
  stageBKernel<<<n / 128, 128>>>(dB, dD, n);
  CK(cudaGetLastError());
  CK(cudaMemcpy(hOut, dD, n * sizeof(int), cudaMemcpyDeviceToHost));  // synchronous: waits for the kernels
  bad = -1;
  for (int i = 0; i < n; ++i)
    if (hOut[i] != hIn[i] * 2 + 9 + lcgBits(i) + 1) { bad = i; break; }
  check("default_stream_in_order", bad < 0, "element %d expected %d got %d", bad, bad < 0 ? 0 : hIn[bad] * 2 + 10 + lcgBits(bad),
        bad < 0 ? 0 : hOut[bad]);

  CK(cudaStreamDestroy(s));
  CK(cudaFree(dA));
  CK(cudaFree(dB));
  CK(cudaFree(dC));
  CK(cudaFree(dD));
  CK(cudaFreeHost(hIn));
  CK(cudaFreeHost(hOut));
  CK(cudaFreeHost(hZero));
}

// ---------------------------------------------------------------------------------------------
// Events.
__global__ void busyKernel(int* p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = i;
}

static void testEvents() {
  int* d;
  CK(cudaMalloc(&d, 4096 * sizeof(int)));
  cudaStream_t s;
  CK(cudaStreamCreate(&s));
  cudaEvent_t e1, e2, never, nt1, nt2;
  CK(cudaEventCreate(&e1));
  CK(cudaEventCreate(&e2));
  CK(cudaEventCreate(&never));
  CK(cudaEventCreateWithFlags(&nt1, cudaEventDisableTiming));
  CK(cudaEventCreateWithFlags(&nt2, cudaEventDisableTiming));

  CK(cudaEventRecord(e1, s));
  CK(cudaEventRecord(nt1, s));
  busyKernel<<<32, 128, 0, s>>>(d, 4096);
  CK(cudaGetLastError());
  CK(cudaEventRecord(e2, s));
  CK(cudaEventRecord(nt2, s));
  CK(cudaEventSynchronize(e2));
  CK(cudaEventSynchronize(nt2));
  cudaError_t q = cudaEventQuery(e2);
  check("cudaEventQuery_after_synchronize", q == cudaSuccess, "expected cudaSuccess got %s", cudaGetErrorName(q));
  q = cudaEventQuery(never);
  check("cudaEventQuery_never_recorded", q == cudaSuccess, "expected cudaSuccess got %s", cudaGetErrorName(q));
  cudaGetLastError();

  float ms = -1.0f;
  cudaError_t et = cudaEventElapsedTime(&ms, e1, e2);
  check("cudaEventElapsedTime", et == cudaSuccess && ms >= 0.0f, "expected cudaSuccess and >= 0 got %s and %g",
        cudaGetErrorName(et), ms);
  et = cudaEventElapsedTime(&ms, nt1, nt2);
  check("cudaEventElapsedTime_disable_timing", et == cudaErrorInvalidResourceHandle,
        "expected cudaErrorInvalidResourceHandle got %s", cudaGetErrorName(et));
  cudaGetLastError();
  et = cudaEventElapsedTime(&ms, e1, nt2);
  check("cudaEventElapsedTime_one_disable_timing", et == cudaErrorInvalidResourceHandle,
        "expected cudaErrorInvalidResourceHandle got %s", cudaGetErrorName(et));
  cudaGetLastError();
  et = cudaEventElapsedTime(&ms, e1, never);
  check("cudaEventElapsedTime_never_recorded", et == cudaErrorInvalidResourceHandle,
        "expected cudaErrorInvalidResourceHandle got %s", cudaGetErrorName(et));
  cudaGetLastError();

  // An event recorded in the default stream and synchronized on.
  CK(cudaEventRecord(e1));
  busyKernel<<<32, 128>>>(d, 4096);
  CK(cudaEventRecord(e2));
  CK(cudaEventSynchronize(e2));
  ms = -1.0f;
  et = cudaEventElapsedTime(&ms, e1, e2);
  check("cudaEventElapsedTime_default_stream", et == cudaSuccess && ms >= 0.0f, "expected cudaSuccess and >= 0 got %s and %g",
        cudaGetErrorName(et), ms);

  CK(cudaEventDestroy(e1));
  CK(cudaEventDestroy(e2));
  CK(cudaEventDestroy(never));
  CK(cudaEventDestroy(nt1));
  CK(cudaEventDestroy(nt2));
  CK(cudaStreamDestroy(s));
  CK(cudaFree(d));
}

// ---------------------------------------------------------------------------------------------
// Host functions and stream callbacks run after the preceding work, in order.
struct HostLog {
  std::atomic<int> count{0};
  int order[8] = {0};
  int contentOk[8] = {0};
  int callbackStatus = -1;
  const int* pinnedA = nullptr;
  const int* pinnedB = nullptr;
  int n = 0;
};

__global__ void writeMulKernel(int* p, int n, int mul) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = i * mul;
}

static void CUDART_CB hostFuncFirst(void* user) {
  HostLog* log = static_cast<HostLog*>(user);
  int k = log->count.fetch_add(1);
  if (k < 8) log->order[k] = 1;
  bool ok = true;
  for (int i = 0; i < log->n; ++i) ok = ok && log->pinnedA[i] == i * 5;
  log->contentOk[0] = ok;
}

static void CUDART_CB streamCallbackSecond(cudaStream_t, cudaError_t status, void* user) {
  HostLog* log = static_cast<HostLog*>(user);
  int k = log->count.fetch_add(1);
  if (k < 8) log->order[k] = 2;
  log->callbackStatus = (int)status;
  bool ok = true;
  for (int i = 0; i < log->n; ++i) ok = ok && log->pinnedB[i] == i * 7;
  log->contentOk[1] = ok;
}

static void CUDART_CB hostFuncThird(void* user) {
  HostLog* log = static_cast<HostLog*>(user);
  int k = log->count.fetch_add(1);
  if (k < 8) log->order[k] = 3;
}

static void testHostFunctions() {
  const int n = 2048;
  int *d, *hA, *hB;
  CK(cudaMalloc(&d, n * sizeof(int)));
  CK(cudaMallocHost((void**)&hA, n * sizeof(int)));
  CK(cudaMallocHost((void**)&hB, n * sizeof(int)));
  std::memset(hA, 0xff, n * sizeof(int));
  std::memset(hB, 0xff, n * sizeof(int));
  HostLog log;
  log.pinnedA = hA;
  log.pinnedB = hB;
  log.n = n;
  cudaStream_t s;
  CK(cudaStreamCreate(&s));
  writeMulKernel<<<n / 256, 256, 0, s>>>(d, n, 5);
  CK(cudaGetLastError());
  CK(cudaMemcpyAsync(hA, d, n * sizeof(int), cudaMemcpyDeviceToHost, s));
  CK(cudaLaunchHostFunc(s, hostFuncFirst, &log));
  writeMulKernel<<<n / 256, 256, 0, s>>>(d, n, 7);
  CK(cudaGetLastError());
  CK(cudaMemcpyAsync(hB, d, n * sizeof(int), cudaMemcpyDeviceToHost, s));
  CK(cudaStreamAddCallback(s, streamCallbackSecond, &log, 0));
  CK(cudaLaunchHostFunc(s, hostFuncThird, &log));
  CK(cudaStreamSynchronize(s));
  int c = log.count.load();
  check("host_functions_run_in_order", c == 3 && log.order[0] == 1 && log.order[1] == 2 && log.order[2] == 3,
        "expected 3 calls in order 1 2 3, got %d calls: %d %d %d", c, log.order[0], log.order[1], log.order[2]);
  check("cudaLaunchHostFunc_after_preceding_work", log.contentOk[0] == 1,
        "the host function did not see the copied kernel results");
  check("cudaStreamAddCallback_after_preceding_work", log.contentOk[1] == 1 && log.callbackStatus == (int)cudaSuccess,
        "content seen %d, status %d", log.contentOk[1], log.callbackStatus);
  CK(cudaStreamDestroy(s));
  CK(cudaFree(d));
  CK(cudaFreeHost(hA));
  CK(cudaFreeHost(hB));
}

// ---------------------------------------------------------------------------------------------
// The host is not blocked by an asynchronous launch; queries report unfinished work.
static void testAsyncLaunchAndQuery() {
  int* hFlag = nullptr;
  CK(cudaHostAlloc((void**)&hFlag, 2 * sizeof(int), cudaHostAllocMapped));
  volatile int* vFlag = hFlag;
  vFlag[0] = 0;
  vFlag[1] = 0;
  int* dFlag = nullptr;
  CK(cudaHostGetDevicePointer((void**)&dFlag, hFlag, 0));
  int* dRes;
  CK(cudaMalloc(&dRes, 4 * sizeof(int)));
  CK(cudaMemset(dRes, 0, 4 * sizeof(int)));
  cudaStream_t s;
  CK(cudaStreamCreate(&s));
  cudaEvent_t after;
  CK(cudaEventCreate(&after));

  spinUntilFlagKernel<<<1, 1, 0, s>>>(dFlag, dRes, nullptr, 0);
  cudaError_t launchErr = cudaGetLastError();
  CK(cudaEventRecord(after, s));
  cudaError_t q1 = cudaStreamQuery(s);
  cudaError_t eq1 = cudaEventQuery(after);
  cudaGetLastError();
  std::atomic_thread_fence(std::memory_order_seq_cst);
  vFlag[0] = 1;  // releases the kernel
  std::atomic_thread_fence(std::memory_order_seq_cst);
  CK(cudaStreamSynchronize(s));
  cudaError_t q2 = cudaStreamQuery(s);
  cudaError_t eq2 = cudaEventQuery(after);
  int res = 0;
  CK(cudaMemcpy(&res, dRes, sizeof res, cudaMemcpyDeviceToHost));
  check("async_launch_returns_before_kernel_ends", launchErr == cudaSuccess && res == 1,
        "launch %s; kernel result expected 1 (saw the host's flag) got %d (2 = gave up waiting)",
        cudaGetErrorName(launchErr), res);
  check("cudaStreamQuery_not_ready_while_running", q1 == cudaErrorNotReady, "expected cudaErrorNotReady got %s",
        cudaGetErrorName(q1));
  check("cudaEventQuery_not_ready_while_running", eq1 == cudaErrorNotReady, "expected cudaErrorNotReady got %s",
        cudaGetErrorName(eq1));
  check("cudaStreamQuery_success_after_sync", q2 == cudaSuccess, "expected cudaSuccess got %s", cudaGetErrorName(q2));
  check("cudaEventQuery_success_after_sync", eq2 == cudaSuccess, "expected cudaSuccess got %s", cudaGetErrorName(eq2));

  // cudaStreamWaitEvent across two streams: s2 waits for an event recorded after a gated kernel in s1.
  cudaStream_t s1, s2;
  CK(cudaStreamCreate(&s1));
  CK(cudaStreamCreate(&s2));
  cudaEvent_t ev;
  CK(cudaEventCreateWithFlags(&ev, cudaEventDisableTiming));
  int* dBuf;
  int* dOut;
  CK(cudaMalloc(&dBuf, sizeof(int)));
  CK(cudaMalloc(&dOut, sizeof(int)));
  CK(cudaMemset(dBuf, 0, sizeof(int)));
  CK(cudaMemset(dOut, 0, sizeof(int)));
  CK(cudaDeviceSynchronize());
  spinUntilFlagKernel<<<1, 1, 0, s1>>>(dFlag + 1, dRes + 1, dBuf, 123);
  CK(cudaGetLastError());
  CK(cudaEventRecord(ev, s1));
  CK(cudaStreamWaitEvent(s2, ev, 0));
  CK(cudaMemcpyAsync(dOut, dBuf, sizeof(int), cudaMemcpyDeviceToDevice, s2));
  cudaError_t q3 = cudaStreamQuery(s2);
  cudaGetLastError();
  std::atomic_thread_fence(std::memory_order_seq_cst);
  vFlag[1] = 1;
  std::atomic_thread_fence(std::memory_order_seq_cst);
  CK(cudaStreamSynchronize(s2));
  int out = 0, gate = 0;
  CK(cudaMemcpy(&out, dOut, sizeof out, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(&gate, dRes + 1, sizeof gate, cudaMemcpyDeviceToHost));
  check("cudaStreamWaitEvent_orders_across_streams", out == 123, "expected 123 (written by s1 before the event) got %d",
        out);
  check("cudaStreamWaitEvent_waiting_stream_not_ready", q3 == cudaErrorNotReady && gate == 1,
        "expected cudaErrorNotReady while s1 is gated got %s (gate result %d)", cudaGetErrorName(q3), gate);

  CK(cudaDeviceSynchronize());
  CK(cudaEventDestroy(ev));
  CK(cudaEventDestroy(after));
  CK(cudaStreamDestroy(s));
  CK(cudaStreamDestroy(s1));
  CK(cudaStreamDestroy(s2));
  CK(cudaFree(dRes));
  CK(cudaFree(dBuf));
  CK(cudaFree(dOut));
  CK(cudaFreeHost(hFlag));
}

// ---------------------------------------------------------------------------------------------
// Device printf: several threads print a line each (the text is checked outside this program).
__global__ void printfKernel(int base) {
  printf("device printf: block %d thread %d value %d\n", (int)blockIdx.x, (int)threadIdx.x,
         base + (int)blockIdx.x * 100 + (int)threadIdx.x);
}

static void testPrintf() {
  std::fflush(stdout);
  printfKernel<<<2, 4>>>(1000);
  cudaError_t e1 = cudaGetLastError();
  cudaError_t e2 = cudaDeviceSynchronize();
  std::fflush(stdout);
  check("device_printf_runs", e1 == cudaSuccess && e2 == cudaSuccess, "launch %s sync %s", cudaGetErrorName(e1),
        cudaGetErrorName(e2));
}

int main() {
  CK(cudaSetDeviceFlags(cudaDeviceMapHost));
  testInOrder();
  testEvents();
  testHostFunctions();
  testAsyncLaunchAndQuery();
  testPrintf();
  return finish("streams");
}
