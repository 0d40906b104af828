// Conformance test: CUDA graphs, built by stream capture and by the explicit node API.
//
// Expected behaviour comes from the CUDA Runtime API reference ("Graph Management", "Stream
// Management": cudaStreamBeginCapture) and the Programming Guide ("CUDA Graphs"): work issued to
// a capturing stream is recorded, not run; a graph runs its nodes after their dependencies each
// time it is launched; an executable graph is a snapshot of the graph it was instantiated from;
// events recorded in a capturing stream fork and join other streams into the capture. The error
// codes of misuse (capturing the legacy stream, synchronising a capturing stream, an unjoined
// fork...) are printed, not judged here: validate/ compares them with the H100's answers.
// Prints one "<check>: PASS" / "<check>: FAIL <detail>" line per check, and "<probe>: <error name>"
// lines; exit code 0 iff all checks pass.
#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>
#include <vector>

#include "conformance.h"

__global__ void addKernel(int* data, int n, int value) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] += value;
}

__global__ void scaleKernel(int* data, int n, int factor) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] *= factor;
}

// out[i] = a[i] + b[i]: the join of a fork.
__global__ void sumKernel(const int* a, const int* b, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a[i] + b[i];
}

static void CUDART_CB appendHostValue(void* userData) {
  auto* log = static_cast<std::vector<int>*>(userData);
  log->push_back(static_cast<int>(log->size()));
}

static void probe(const char* name, cudaError_t e) {
  std::printf("%s: %s\n", name, cudaGetErrorName(e));
  cudaGetLastError();  // capture errors are not sticky; keep the next probe's answer its own
}

static bool allEqual(const int* h, int n, int expected, int* bad) {
  for (int i = 0; i < n; ++i)
    if (h[i] != expected) {
      *bad = i;
      return false;
    }
  return true;
}

// Capture: memset, two kernels, an async copy and a host node; nothing runs until launched, and
// each launch runs all of it again in order.
static void testCaptureAndReplay() {
  const int n = 1000;
  int *d, *hOut;
  CK(cudaMalloc(&d, n * sizeof(int)));
  CK(cudaMallocHost((void**)&hOut, n * sizeof(int)));
  for (int i = 0; i < n; ++i) hOut[i] = -1;
  CK(cudaMemset(d, 0, n * sizeof(int)));
  std::vector<int> log;

  cudaStream_t s;
  CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  cudaStreamCaptureStatus status;
  CK(cudaStreamIsCapturing(s, &status));
  check("capture_status_before", status == cudaStreamCaptureStatusNone, "status %d", (int)status);

  CK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  CK(cudaStreamIsCapturing(s, &status));
  check("capture_status_active", status == cudaStreamCaptureStatusActive, "status %d", (int)status);
  CK(cudaMemsetAsync(d, 0, n * sizeof(int), s));
  addKernel<<<(n + 127) / 128, 128, 0, s>>>(d, n, 5);
  CK(cudaGetLastError());
  scaleKernel<<<(n + 255) / 256, 256, 0, s>>>(d, n, 3);
  CK(cudaMemcpyAsync(hOut, d, n * sizeof(int), cudaMemcpyDeviceToHost, s));
  CK(cudaLaunchHostFunc(s, appendHostValue, &log));
  cudaGraph_t graph;
  CK(cudaStreamEndCapture(s, &graph));
  CK(cudaStreamIsCapturing(s, &status));
  check("capture_status_after", status == cudaStreamCaptureStatusNone, "status %d", (int)status);

  CK(cudaDeviceSynchronize());
  int bad = -1;
  check("capture_runs_nothing", allEqual(hOut, n, -1, &bad) && log.empty(), "hOut[%d]=%d, %zu host calls",
        bad, bad >= 0 ? hOut[bad] : 0, log.size());

  size_t nodes = 0;
  CK(cudaGraphGetNodes(graph, nullptr, &nodes));
  check("captured_node_count", nodes == 5, "%zu nodes", nodes);
  std::vector<cudaGraphNode_t> list(nodes);
  CK(cudaGraphGetNodes(graph, list.data(), &nodes));
  int kernels = 0, memsets = 0, memcpys = 0, hosts = 0;
  for (cudaGraphNode_t node : list) {
    cudaGraphNodeType type;
    CK(cudaGraphNodeGetType(node, &type));
    kernels += type == cudaGraphNodeTypeKernel;
    memsets += type == cudaGraphNodeTypeMemset;
    memcpys += type == cudaGraphNodeTypeMemcpy;
    hosts += type == cudaGraphNodeTypeHost;
  }
  check("captured_node_types", kernels == 2 && memsets == 1 && memcpys == 1 && hosts == 1,
        "kernel %d memset %d memcpy %d host %d", kernels, memsets, memcpys, hosts);
  // A captured launch is a kernel node with the launch's function and configuration.
  bool paramsOk = true;
  for (cudaGraphNode_t node : list) {
    cudaGraphNodeType type;
    CK(cudaGraphNodeGetType(node, &type));
    if (type != cudaGraphNodeTypeKernel) continue;
    cudaKernelNodeParams p = {};
    CK(cudaGraphKernelNodeGetParams(node, &p));
    bool add = p.func == (void*)addKernel && p.gridDim.x == unsigned((n + 127) / 128) && p.blockDim.x == 128;
    bool scale = p.func == (void*)scaleKernel && p.gridDim.x == unsigned((n + 255) / 256) && p.blockDim.x == 256;
    paramsOk = paramsOk && (add || scale) && p.sharedMemBytes == 0;
  }
  check("captured_kernel_node_params", paramsOk);
  size_t roots = 0;
  CK(cudaGraphGetRootNodes(graph, nullptr, &roots));
  check("captured_chain_has_one_root", roots == 1, "%zu roots", roots);

  cudaGraphExec_t exec;
  CK(cudaGraphInstantiate(&exec, graph, 0));
  CK(cudaGraphLaunch(exec, s));
  CK(cudaStreamSynchronize(s));
  check("replay_1", allEqual(hOut, n, 15, &bad) && log.size() == 1, "hOut[%d]=%d, %zu host calls", bad,
        bad >= 0 ? hOut[bad] : 0, log.size());

  // The memset node restarts from zero: a second and third launch give the same values.
  for (int i = 0; i < n; ++i) hOut[i] = -1;
  CK(cudaGraphLaunch(exec, s));
  CK(cudaGraphLaunch(exec, s));
  CK(cudaStreamSynchronize(s));
  check("replay_3", allEqual(hOut, n, 15, &bad) && log.size() == 3 && log[2] == 2, "hOut[%d]=%d, %zu host calls",
        bad, bad >= 0 ? hOut[bad] : 0, log.size());

  // Launched on the legacy stream too.
  for (int i = 0; i < n; ++i) hOut[i] = -1;
  CK(cudaGraphLaunch(exec, 0));
  CK(cudaDeviceSynchronize());
  check("replay_default_stream", allEqual(hOut, n, 15, &bad), "hOut[%d]=%d", bad, bad >= 0 ? hOut[bad] : 0);

  CK(cudaGraphExecDestroy(exec));
  CK(cudaGraphDestroy(graph));
  CK(cudaStreamDestroy(s));
  CK(cudaFree(d));
  CK(cudaFreeHost(hOut));
}

// Fork and join through events: the side stream joins the capture at cudaStreamWaitEvent and
// rejoins the origin stream before the capture ends.
static void testForkJoin() {
  const int n = 512;
  int *a, *b, *c, *hOut;
  CK(cudaMalloc(&a, n * sizeof(int)));
  CK(cudaMalloc(&b, n * sizeof(int)));
  CK(cudaMalloc(&c, n * sizeof(int)));
  CK(cudaMallocHost((void**)&hOut, n * sizeof(int)));
  cudaStream_t origin, side;
  CK(cudaStreamCreate(&origin));
  CK(cudaStreamCreate(&side));
  cudaEvent_t fork, join;
  CK(cudaEventCreateWithFlags(&fork, cudaEventDisableTiming));
  CK(cudaEventCreateWithFlags(&join, cudaEventDisableTiming));

  CK(cudaStreamBeginCapture(origin, cudaStreamCaptureModeGlobal));
  CK(cudaMemsetAsync(a, 0, n * sizeof(int), origin));
  CK(cudaMemsetAsync(b, 0, n * sizeof(int), origin));
  CK(cudaEventRecord(fork, origin));
  CK(cudaStreamWaitEvent(side, fork, 0));
  cudaStreamCaptureStatus sideStatus;
  CK(cudaStreamIsCapturing(side, &sideStatus));
  check("fork_joins_side_stream", sideStatus == cudaStreamCaptureStatusActive, "status %d", (int)sideStatus);
  unsigned long long originId = 0, sideId = 0;
  CK(cudaStreamGetCaptureInfo(origin, &sideStatus, &originId));
  CK(cudaStreamGetCaptureInfo(side, &sideStatus, &sideId));
  check("fork_same_capture_id", originId == sideId && originId != 0, "origin %llu side %llu", originId, sideId);
  addKernel<<<(n + 127) / 128, 128, 0, origin>>>(a, n, 7);
  addKernel<<<(n + 127) / 128, 128, 0, side>>>(b, n, 11);
  scaleKernel<<<(n + 127) / 128, 128, 0, side>>>(b, n, 2);
  CK(cudaEventRecord(join, side));
  CK(cudaStreamWaitEvent(origin, join, 0));
  sumKernel<<<(n + 127) / 128, 128, 0, origin>>>(a, b, c, n);
  CK(cudaMemcpyAsync(hOut, c, n * sizeof(int), cudaMemcpyDeviceToHost, origin));
  cudaGraph_t graph;
  CK(cudaStreamEndCapture(origin, &graph));
  CK(cudaStreamIsCapturing(side, &sideStatus));
  check("join_ends_side_capture", sideStatus == cudaStreamCaptureStatusNone, "status %d", (int)sideStatus);

  size_t nodes = 0, edges = 0, roots = 0;
  CK(cudaGraphGetNodes(graph, nullptr, &nodes));
  CK(cudaGraphGetEdges(graph, nullptr, nullptr, nullptr, &edges));
  CK(cudaGraphGetRootNodes(graph, nullptr, &roots));
  // memset a -> memset b -> {add a -> sum, add b -> scale b -> sum} -> copy
  check("fork_join_shape", nodes == 7 && edges == 7 && roots == 1, "%zu nodes %zu edges %zu roots", nodes,
        edges, roots);

  cudaGraphExec_t exec;
  CK(cudaGraphInstantiate(&exec, graph, 0));
  for (int round = 0; round < 2; ++round) {
    for (int i = 0; i < n; ++i) hOut[i] = -1;
    CK(cudaGraphLaunch(exec, origin));
    CK(cudaStreamSynchronize(origin));
    int bad = -1;
    check(round == 0 ? "fork_join_result" : "fork_join_result_again", allEqual(hOut, n, 7 + 22, &bad),
          "hOut[%d]=%d", bad, bad >= 0 ? hOut[bad] : 0);
  }
  CK(cudaGraphExecDestroy(exec));
  CK(cudaGraphDestroy(graph));
  CK(cudaEventDestroy(fork));
  CK(cudaEventDestroy(join));
  CK(cudaStreamDestroy(origin));
  CK(cudaStreamDestroy(side));
  CK(cudaFree(a));
  CK(cudaFree(b));
  CK(cudaFree(c));
  CK(cudaFreeHost(hOut));
}

// The explicit API: nodes with dependencies, parameters copied when the node is added, an
// executable graph as a snapshot, a child graph, and parameters changed in the executable graph.
static void testExplicitGraph() {
  const int n = 300;
  int *d, *hOut;
  CK(cudaMalloc(&d, n * sizeof(int)));
  CK(cudaMallocHost((void**)&hOut, n * sizeof(int)));
  std::vector<int> hIn(n);
  for (int i = 0; i < n; ++i) hIn[i] = i;
  std::vector<int> log;

  cudaGraph_t graph;
  CK(cudaGraphCreate(&graph, 0));
  cudaGraphNode_t copyIn, add, scale, copyOut, host;
  CK(cudaGraphAddMemcpyNode1D(&copyIn, graph, nullptr, 0, d, hIn.data(), n * sizeof(int),
                              cudaMemcpyHostToDevice));
  int count = n, value = 100;
  void* addArgs[] = {&d, &count, &value};
  cudaKernelNodeParams kp = {};
  kp.func = (void*)addKernel;
  kp.gridDim = dim3((n + 63) / 64);
  kp.blockDim = dim3(64);
  kp.kernelParams = addArgs;
  CK(cudaGraphAddKernelNode(&add, graph, &copyIn, 1, &kp));
  value = -1;  // the node keeps the value it was given
  int factor = 2;
  void* scaleArgs[] = {&d, &count, &factor};
  cudaKernelNodeParams sp = kp;
  sp.func = (void*)scaleKernel;
  sp.kernelParams = scaleArgs;
  CK(cudaGraphAddKernelNode(&scale, graph, &add, 1, &sp));
  CK(cudaGraphAddMemcpyNode1D(&copyOut, graph, &scale, 1, hOut, d, n * sizeof(int), cudaMemcpyDeviceToHost));
  cudaHostNodeParams hp = {appendHostValue, &log};
  CK(cudaGraphAddHostNode(&host, graph, &copyOut, 1, &hp));

  cudaKernelNodeParams got = {};
  CK(cudaGraphKernelNodeGetParams(add, &got));
  check("kernel_node_params", got.func == (void*)addKernel && got.gridDim.x == unsigned((n + 63) / 64) &&
                                  got.blockDim.x == 64,
        "func %p grid %u block %u", got.func, got.gridDim.x, got.blockDim.x);
  size_t deps = 0;
  CK(cudaGraphNodeGetDependencies(scale, nullptr, nullptr, &deps));
  size_t dependents = 0;
  CK(cudaGraphNodeGetDependentNodes(add, nullptr, nullptr, &dependents));
  check("node_dependencies", deps == 1 && dependents == 1, "deps %zu dependents %zu", deps, dependents);

  cudaGraphExec_t exec;
  CK(cudaGraphInstantiate(&exec, graph, 0));
  // Added after instantiation: not part of the executable graph.
  cudaGraphNode_t late;
  cudaMemsetParams zero = {};
  zero.dst = d;
  zero.value = 0;
  zero.elementSize = 4;
  zero.width = n;
  zero.height = 1;
  CK(cudaGraphAddMemsetNode(&late, graph, &host, 1, &zero));
  CK(cudaGraphLaunch(exec, 0));
  CK(cudaDeviceSynchronize());
  bool ok = log.size() == 1;
  int bad = -1;
  for (int i = 0; i < n && ok; ++i)
    if (hOut[i] != (i + 100) * 2) ok = false, bad = i;
  check("explicit_graph_result", ok, "hOut[%d]=%d, %zu host calls", bad, bad >= 0 ? hOut[bad] : 0, log.size());
  int hD = -1;
  CK(cudaMemcpy(&hD, d, sizeof hD, cudaMemcpyDeviceToHost));
  check("exec_is_snapshot", hD == 200, "d[0]=%d", hD);

  // Change the add node's value in the executable graph only.
  int newValue = 1000;
  void* newArgs[] = {&d, &count, &newValue};
  cudaKernelNodeParams np = kp;
  np.kernelParams = newArgs;
  CK(cudaGraphExecKernelNodeSetParams(exec, add, &np));
  CK(cudaGraphLaunch(exec, 0));
  CK(cudaDeviceSynchronize());
  ok = log.size() == 2;
  for (int i = 0; i < n && ok; ++i)
    if (hOut[i] != (i + 1000) * 2) ok = false, bad = i;
  check("exec_kernel_node_set_params", ok, "hOut[%d]=%d", bad, bad >= 0 ? hOut[bad] : 0);

  // The whole graph (with the late memset) as a child of another graph, after a kernel.
  cudaGraph_t parent;
  CK(cudaGraphCreate(&parent, 0));
  cudaGraphNode_t first, child;
  int pre = 5;
  void* preArgs[] = {&d, &count, &pre};
  cudaKernelNodeParams pp = kp;
  pp.kernelParams = preArgs;
  CK(cudaGraphAddKernelNode(&first, parent, nullptr, 0, &pp));
  CK(cudaGraphAddChildGraphNode(&child, parent, &first, 1, graph));
  cudaGraphExec_t parentExec;
  CK(cudaGraphInstantiate(&parentExec, parent, 0));
  CK(cudaGraphLaunch(parentExec, 0));
  CK(cudaDeviceSynchronize());
  ok = log.size() == 3;
  for (int i = 0; i < n && ok; ++i)
    if (hOut[i] != (i + 100) * 2) ok = false, bad = i;
  CK(cudaMemcpy(&hD, d, sizeof hD, cudaMemcpyDeviceToHost));
  check("child_graph", ok && hD == 0, "hOut[%d]=%d d[0]=%d", bad, bad >= 0 ? hOut[bad] : 0, hD);

  CK(cudaGraphExecDestroy(parentExec));
  CK(cudaGraphDestroy(parent));
  CK(cudaGraphExecDestroy(exec));
  CK(cudaGraphDestroy(graph));
  CK(cudaFree(d));
  CK(cudaFreeHost(hOut));
}

// Misuse of capture: the answers are the device's (validate/).
static void testCaptureErrors() {
  int* d;
  CK(cudaMalloc(&d, 4096));
  int host[4] = {1, 2, 3, 4};
  cudaGraph_t g = nullptr;
  cudaStream_t s, blocking;
  CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  CK(cudaStreamCreate(&blocking));

  probe("begin_capture_legacy_stream", cudaStreamBeginCapture(0, cudaStreamCaptureModeGlobal));
  probe("end_capture_not_capturing", cudaStreamEndCapture(s, &g));

  CK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  probe("begin_capture_twice", cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  probe("end_capture_after_begin_twice", cudaStreamEndCapture(s, &g));
  if (g) cudaGraphDestroy(g), g = nullptr;

  struct Misuse {
    const char* name;
    cudaError_t (*call)(cudaStream_t s, int* d, int* host);
  };
  const Misuse misuses[] = {
      {"stream_synchronize", [](cudaStream_t s, int*, int*) { return cudaStreamSynchronize(s); }},
      {"stream_query", [](cudaStream_t s, int*, int*) { return cudaStreamQuery(s); }},
      {"device_synchronize", [](cudaStream_t, int*, int*) { return cudaDeviceSynchronize(); }},
      {"sync_memcpy", [](cudaStream_t, int* d, int* host) {
         return cudaMemcpy(d, host, 16, cudaMemcpyHostToDevice);
       }},
      {"malloc", [](cudaStream_t, int*, int*) {
         void* p = nullptr;
         cudaError_t e = cudaMalloc(&p, 256);
         if (p) cudaFree(p);
         return e;
       }},
      {"async_copy_pageable", [](cudaStream_t s, int* d, int* host) {
         return cudaMemcpyAsync(d, host, 16, cudaMemcpyHostToDevice, s);
       }},
  };
  for (const Misuse& m : misuses) {
    for (cudaStreamCaptureMode mode : {cudaStreamCaptureModeGlobal, cudaStreamCaptureModeRelaxed}) {
      const char* modeName = mode == cudaStreamCaptureModeGlobal ? "global" : "relaxed";
      CK(cudaStreamBeginCapture(s, mode));
      char name[96];
      std::snprintf(name, sizeof name, "%s_in_%s_capture", m.name, modeName);
      probe(name, m.call(s, d, host));
      cudaStreamCaptureStatus status;
      cudaError_t e = cudaStreamIsCapturing(s, &status);
      std::printf("%s.status: %s %d\n", name, cudaGetErrorName(e), (int)status);
      cudaGetLastError();
      std::snprintf(name, sizeof name, "%s_in_%s_capture.end", m.name, modeName);
      probe(name, cudaStreamEndCapture(s, &g));
      if (g) cudaGraphDestroy(g), g = nullptr;
    }
  }

  // The legacy stream synchronises with a blocking stream that is capturing.
  CK(cudaStreamBeginCapture(blocking, cudaStreamCaptureModeGlobal));
  addKernel<<<1, 32>>>(d, 32, 1);
  probe("legacy_launch_during_blocking_capture", cudaGetLastError());
  probe("legacy_launch_during_blocking_capture.end", cudaStreamEndCapture(blocking, &g));
  if (g) cudaGraphDestroy(g), g = nullptr;
  probe("after_legacy_launch.device_synchronize", cudaDeviceSynchronize());

  // A fork not joined back, and ending the capture from the forked stream.
  cudaStream_t side;
  cudaEvent_t e;
  CK(cudaStreamCreateWithFlags(&side, cudaStreamNonBlocking));
  CK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
  CK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  CK(cudaEventRecord(e, s));
  CK(cudaStreamWaitEvent(side, e, 0));
  addKernel<<<1, 32, 0, side>>>(d, 32, 1);
  probe("end_capture_from_forked_stream", cudaStreamEndCapture(side, &g));
  if (g) cudaGraphDestroy(g), g = nullptr;
  probe("end_capture_unjoined", cudaStreamEndCapture(s, &g));
  if (g) cudaGraphDestroy(g), g = nullptr;
  cudaStreamCaptureStatus status;
  cudaStreamIsCapturing(side, &status);
  std::printf("unmatched.side_status_after_end: %d\n", (int)status);
  cudaGetLastError();

  CK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  CK(cudaEventRecord(e, s));
  CK(cudaStreamWaitEvent(side, e, 0));
  addKernel<<<1, 32, 0, side>>>(d, 32, 1);
  addKernel<<<1, 32, 0, s>>>(d, 32, 1);
  probe("end_capture_side_not_joined", cudaStreamEndCapture(s, &g));
  if (g) cudaGraphDestroy(g), g = nullptr;
  cudaStreamIsCapturing(side, &status);
  std::printf("unjoined.side_status_after_end: %d\n", (int)status);
  cudaGetLastError();
  // The side stream's capture goes with the failed one: it can begin its own.
  probe("side_begins_own_capture", cudaStreamBeginCapture(side, cudaStreamCaptureModeGlobal));
  probe("side_ends_own_capture", cudaStreamEndCapture(side, &g));
  if (g) cudaGraphDestroy(g), g = nullptr;

  CK(cudaDeviceSynchronize());
  CK(cudaEventDestroy(e));
  CK(cudaStreamDestroy(side));
  CK(cudaStreamDestroy(s));
  CK(cudaStreamDestroy(blocking));
  CK(cudaFree(d));
}

int main() {
  testCaptureAndReplay();
  testForkJoin();
  testExplicitGraph();
  testCaptureErrors();
  return finish("graphs");
}
