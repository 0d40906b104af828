// samples_simple_streams: overlapping copies and kernels with several CUDA streams.
// The array is split into one chunk per stream; each stream copies its chunk from pinned host
// memory (cudaMallocHost) with cudaMemcpyAsync, runs a kernel on it and copies it back. Events
// time the whole thing (the timings are printed, never checked). A second phase makes one stream
// wait on another's event (cudaStreamWaitEvent) before consuming its output. Results are checked
// exactly.
//
// Options: -n=<elements> (default 65536), -nstreams=<count> (default 4), -niter=<kernel inner
//          iterations> (default 5), -device=<id>.
#include <cstdio>
#include <cstdlib>

#include <cuda_runtime.h>

#include "helper_corpus.h"

__global__ void init_array(int *g_data, const int *factor, int num_iterations, int n) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= n) return;
  for (int i = 0; i < num_iterations; i++) g_data[idx] += *factor;
}

// out[i] = in[i] * 2 + 1; used by the dependent stream.
__global__ void consume(int *out, const int *in, int n) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx < n) out[idx] = in[idx] * 2 + 1;
}

int main(int argc, char **argv) {
  printf("[ samples_simple_streams ]\n");
  findCudaDevice(argc, argv);

  int n = 65536;
  int nstreams = 4;
  int niterations = 5;
  if (checkCmdLineFlag(argc, argv, "n")) n = getCmdLineArgumentInt(argc, argv, "n");
  if (checkCmdLineFlag(argc, argv, "nstreams"))
    nstreams = getCmdLineArgumentInt(argc, argv, "nstreams");
  if (checkCmdLineFlag(argc, argv, "niter"))
    niterations = getCmdLineArgumentInt(argc, argv, "niter");
  if (n <= 0 || nstreams <= 0 || nstreams > 64 || niterations < 0) {
    fprintf(stderr, "invalid -n, -nstreams or -niter\n");
    return EXIT_FAILURE;
  }
  printf("%d elements in %d streams, %d iterations\n", n, nstreams, niterations);

  size_t nbytes = n * sizeof(int);
  int c = 5;  // the value the kernel adds

  int *a = 0, *result = 0;
  checkCudaErrors(cudaMallocHost((void **)&a, nbytes));
  checkCudaErrors(cudaMallocHost((void **)&result, nbytes));
  for (int i = 0; i < n; i++) a[i] = i % 1000;

  int *d_a = 0, *d_c = 0, *d_out = 0;
  checkCudaErrors(cudaMalloc((void **)&d_a, nbytes));
  checkCudaErrors(cudaMalloc((void **)&d_out, nbytes));
  checkCudaErrors(cudaMalloc((void **)&d_c, sizeof(int)));
  checkCudaErrors(cudaMemcpy(d_c, &c, sizeof(int), cudaMemcpyHostToDevice));

  cudaStream_t *streams = (cudaStream_t *)malloc(nstreams * sizeof(cudaStream_t));
  for (int i = 0; i < nstreams; i++) checkCudaErrors(cudaStreamCreate(&streams[i]));

  cudaEvent_t start_event, stop_event;
  checkCudaErrors(cudaEventCreate(&start_event));
  checkCudaErrors(cudaEventCreate(&stop_event));

  bool ok = true;

  // Phase 1: each stream handles its own chunk: H2D, kernel, D2H.
  int chunk = (n + nstreams - 1) / nstreams;
  dim3 threads(256);
  checkCudaErrors(cudaEventRecord(start_event, 0));
  for (int i = 0; i < nstreams; i++) {
    int offset = i * chunk;
    int count = (offset + chunk <= n) ? chunk : n - offset;
    if (count <= 0) continue;
    checkCudaErrors(cudaMemcpyAsync(d_a + offset, a + offset, count * sizeof(int),
                                    cudaMemcpyHostToDevice, streams[i]));
    dim3 blocks((count + threads.x - 1) / threads.x);
    init_array<<<blocks, threads, 0, streams[i]>>>(d_a + offset, d_c, niterations, count);
    getLastCudaError("init_array launch failed");
    checkCudaErrors(cudaMemcpyAsync(result + offset, d_a + offset, count * sizeof(int),
                                    cudaMemcpyDeviceToHost, streams[i]));
  }
  checkCudaErrors(cudaEventRecord(stop_event, 0));
  checkCudaErrors(cudaEventSynchronize(stop_event));
  float elapsed = 0.0f;
  checkCudaErrors(cudaEventElapsedTime(&elapsed, start_event, stop_event));
  printf("%d streams:\t%.2f ms (not checked)\n", nstreams, elapsed);

  // The legacy default stream synchronises with the other (blocking) streams, so everything is
  // done once stop_event has completed.
  int bad = 0;
  for (int i = 0; i < n; i++) {
    int expected = i % 1000 + c * niterations;
    if (result[i] != expected) {
      if (bad < 5) fprintf(stderr, "  result[%d] = %d, expected %d\n", i, result[i], expected);
      ++bad;
    }
  }
  if (bad == 0) {
    printf("samples_simple_streams: PASS streamed chunks\n");
  } else {
    printf("samples_simple_streams: FAIL streamed chunks, %d of %d wrong\n", bad, n);
    ok = false;
  }

  // Phase 2: stream 0 updates d_a; the last stream waits for it through an event, then consumes.
  cudaEvent_t produced;
  checkCudaErrors(cudaEventCreateWithFlags(&produced, cudaEventDisableTiming));
  cudaStream_t producer = streams[0];
  cudaStream_t consumer = streams[nstreams - 1];
  dim3 allBlocks((n + threads.x - 1) / threads.x);
  init_array<<<allBlocks, threads, 0, producer>>>(d_a, d_c, 3, n);
  getLastCudaError("init_array launch failed");
  checkCudaErrors(cudaEventRecord(produced, producer));
  checkCudaErrors(cudaStreamWaitEvent(consumer, produced, 0));
  consume<<<allBlocks, threads, 0, consumer>>>(d_out, d_a, n);
  getLastCudaError("consume launch failed");
  checkCudaErrors(cudaMemcpyAsync(result, d_out, nbytes, cudaMemcpyDeviceToHost, consumer));
  checkCudaErrors(cudaStreamSynchronize(consumer));

  bad = 0;
  for (int i = 0; i < n; i++) {
    int expected = (i % 1000 + c * niterations + c * 3) * 2 + 1;
    if (result[i] != expected) {
      if (bad < 5) fprintf(stderr, "  out[%d] = %d, expected %d\n", i, result[i], expected);
      ++bad;
    }
  }
  cudaError_t q = cudaStreamQuery(consumer);
  cudaError_t eq = cudaEventQuery(produced);
  if (bad == 0 && q == cudaSuccess && eq == cudaSuccess) {
    printf("samples_simple_streams: PASS event dependency\n");
  } else {
    printf("samples_simple_streams: FAIL event dependency, %d wrong, stream query %s, event "
           "query %s\n",
           bad, cudaGetErrorName(q), cudaGetErrorName(eq));
    ok = false;
  }

  for (int i = 0; i < nstreams; i++) checkCudaErrors(cudaStreamDestroy(streams[i]));
  free(streams);
  checkCudaErrors(cudaEventDestroy(start_event));
  checkCudaErrors(cudaEventDestroy(stop_event));
  checkCudaErrors(cudaEventDestroy(produced));
  checkCudaErrors(cudaFree(d_a));
  checkCudaErrors(cudaFree(d_c));
  checkCudaErrors(cudaFree(d_out));
  checkCudaErrors(cudaFreeHost(a));
  checkCudaErrors(cudaFreeHost(result));
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
