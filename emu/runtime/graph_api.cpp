// CUDA graphs: building (the explicit node API; capture is runtime/stream_capture.cpp),
// inspecting, instantiating and launching (runtime/graph.h says what they are under Loom).
#include <algorithm>
#include <map>

#include "check/report/launch_record.h"
#include "runtime/device_queue.h"
#include "runtime/error_state.h"
#include "runtime/graph.h"
#include "runtime/kernel_registry.h"
#include "runtime/memory_operations.h"

using namespace loom::runtime;

namespace loom::runtime {

CUgraphNode_st* addGraphNode(CUgraph_st* graph, cudaGraphNodeType type,
                             const std::vector<CUgraphNode_st*>& dependencies, std::function<void()> operation) {
  auto node = std::make_unique<CUgraphNode_st>();
  node->graph = graph;
  node->type = type;
  node->dependencies = dependencies;
  node->operation = std::move(operation);
  for (CUgraphNode_st* d : dependencies) d->dependents.push_back(node.get());
  graph->nodes.push_back(std::move(node));
  return graph->nodes.back().get();
}

}  // namespace loom::runtime

namespace {

// A copy of a graph: the same operations, the same edges between the copies.
std::shared_ptr<CUgraph_st> cloneGraph(const CUgraph_st& graph) {
  auto copy = std::make_shared<CUgraph_st>();
  std::map<const CUgraphNode_st*, CUgraphNode_st*> copies;
  for (const auto& node : graph.nodes) {
    std::vector<CUgraphNode_st*> dependencies;
    for (const CUgraphNode_st* d : node->dependencies) dependencies.push_back(copies.at(d));
    CUgraphNode_st* c = addGraphNode(copy.get(), node->type, dependencies, node->operation);
    c->kernel = node->kernel;
    c->child = node->child;  // child graphs are never changed once added: shared
    copies[node.get()] = c;
  }
  return copy;
}

// The nodes in an order that runs every node after its dependencies: the order they were added
// in, where that order allows (nodes of the explicit API and of a capture are always added
// after their dependencies; cudaGraphAddDependencies can add edges against it). Empty when the
// edges form a cycle.
std::vector<const CUgraphNode_st*> dependencyOrder(const CUgraph_st& graph) {
  std::map<const CUgraphNode_st*, size_t> waiting;
  for (const auto& node : graph.nodes) waiting[node.get()] = node->dependencies.size();
  std::vector<const CUgraphNode_st*> order;
  std::vector<bool> placed(graph.nodes.size(), false);
  while (order.size() < graph.nodes.size()) {
    size_t before = order.size();
    for (size_t i = 0; i < graph.nodes.size(); ++i) {
      const CUgraphNode_st* node = graph.nodes[i].get();
      if (placed[i] || waiting[node] != 0) continue;
      placed[i] = true;
      order.push_back(node);
      for (const CUgraphNode_st* d : node->dependents) --waiting[d];
      break;  // restart from the first node: earlier-added nodes go first
    }
    if (order.size() == before) return {};
  }
  return order;
}

// Appends the graph's operations in dependency order, child graphs in place; false on a cycle.
bool flatten(const CUgraph_st& graph, std::vector<CUgraphExec_st::Step>& steps) {
  std::vector<const CUgraphNode_st*> order = dependencyOrder(graph);
  if (order.size() != graph.nodes.size()) return false;
  for (const CUgraphNode_st* node : order) {
    if (node->child) {
      if (!flatten(*node->child, steps)) return false;
    } else if (node->operation) {
      steps.push_back({node, node->operation});
    }
  }
  return true;
}

std::vector<CUgraphNode_st*> dependencyList(const cudaGraphNode_t* dependencies, size_t count) {
  return std::vector<CUgraphNode_st*>(dependencies, dependencies + (dependencies ? count : 0));
}

bool validDependencies(cudaGraph_t graph, const cudaGraphNode_t* dependencies, size_t count) {
  if (count && !dependencies) return false;
  for (size_t i = 0; i < count; ++i)
    if (!dependencies[i] || dependencies[i]->graph != graph) return false;
  return true;
}

// The kernel call a node's parameters describe, with the arguments copied now (as CUDA copies
// them when the node is added or set).
cudaError_t kernelCall(const cudaKernelNodeParams* p, KernelCall& call) {
  if (!p || !p->func || (!p->kernelParams && p->extra)) return cudaErrorInvalidValue;
  ErasedCall erased = erasedCall(p->func);
  if (!erased.run) return cudaErrorInvalidDeviceFunction;  // never seen typed (README)
  // A kernel node has no launch attributes of its own; its kernel's __cluster_dims__ still hold.
  dim3 compiled = compiledClusterDims(p->func);
  LaunchOptions options{false, compiled, compiled.x * compiled.y * compiled.z > 1};
  if (cudaError_t e = checkConfiguration(p->func, p->gridDim, p->blockDim, p->sharedMemBytes, options);
      e != cudaSuccess)
    return e;
  call = KernelCall{p->func,      erased.run,   erased.bind(p->func, p->kernelParams),
                    p->gridDim,   p->blockDim,  p->sharedMemBytes,
                    loom::check::Recorder::instance().enabled(), options};
  return cudaSuccess;
}

cudaError_t added(cudaGraphNode_t* pGraphNode, CUgraphNode_st* node, const char* api = __builtin_FUNCTION()) {
  *pGraphNode = node;
  return stickyOr(cudaSuccess, api);
}

// The answer of the list getters: the count when `out` is null, else up to *count entries (the
// rest null) and the number actually there.
template <class T>
cudaError_t list(const std::vector<T>& items, T* out, size_t* count, const char* api = __builtin_FUNCTION()) {
  if (!count) return recordError(cudaErrorInvalidValue, api);
  if (out) {
    for (size_t i = 0; i < *count; ++i) out[i] = i < items.size() ? items[i] : T{};
    *count = std::min(*count, items.size());
  } else {
    *count = items.size();
  }
  return stickyOr(cudaSuccess, api);
}

// The same for the getters that also answer edge data: every Loom edge is a default one.
cudaError_t listWithEdges(const std::vector<CUgraphNode_st*>& nodes, cudaGraphNode_t* out, cudaGraphEdgeData* edgeData,
                          size_t* count) {
  if (out && edgeData && count) std::fill_n(edgeData, *count, cudaGraphEdgeData{});
  return list(nodes, out, count);
}

}  // namespace

extern "C" {

cudaError_t cudaGraphCreate(cudaGraph_t* pGraph, unsigned int flags) {
  if (!pGraph || flags != 0) return recordError(cudaErrorInvalidValue);
  *pGraph = new CUgraph_st;
  return stickyOr(cudaSuccess);
}

cudaError_t cudaGraphDestroy(cudaGraph_t graph) {
  if (!graph) return recordError(cudaErrorInvalidValue);
  delete graph;
  return stickyOr(cudaSuccess);
}

cudaError_t cudaGraphClone(cudaGraph_t* pGraphClone, cudaGraph_t originalGraph) {
  if (!pGraphClone || !originalGraph) return recordError(cudaErrorInvalidValue);
  std::shared_ptr<CUgraph_st> copy = cloneGraph(*originalGraph);
  *pGraphClone = new CUgraph_st(std::move(*copy));
  for (auto& node : (*pGraphClone)->nodes) node->graph = *pGraphClone;
  return stickyOr(cudaSuccess);
}

cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t* pGraphNode, cudaGraph_t graph, const cudaGraphNode_t* pDependencies,
                                   size_t numDependencies, const cudaKernelNodeParams* pNodeParams) {
  if (!pGraphNode || !graph || !validDependencies(graph, pDependencies, numDependencies))
    return recordError(cudaErrorInvalidValue);
  KernelCall call;
  if (cudaError_t e = kernelCall(pNodeParams, call); e != cudaSuccess) return recordError(e);
  CUgraphNode_st* node = addGraphNode(graph, cudaGraphNodeTypeKernel, dependencyList(pDependencies, numDependencies),
                                      kernelOperation(call));
  node->kernel = std::move(call);
  return added(pGraphNode, node);
}

// The parameters as given, except the arguments: kernelParams comes back null (Loom keeps the
// copied arguments typed, not as an array of pointers).
cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t node, cudaKernelNodeParams* pNodeParams) {
  if (!node || !pNodeParams || node->type != cudaGraphNodeTypeKernel) return recordError(cudaErrorInvalidValue);
  *pNodeParams = cudaKernelNodeParams{};
  pNodeParams->func = const_cast<void*>(node->kernel.kernel);
  pNodeParams->gridDim = node->kernel.grid;
  pNodeParams->blockDim = node->kernel.block;
  pNodeParams->sharedMemBytes = static_cast<unsigned>(node->kernel.sharedBytes);
  return stickyOr(cudaSuccess);
}

cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t node, const cudaKernelNodeParams* pNodeParams) {
  if (!node || node->type != cudaGraphNodeTypeKernel) return recordError(cudaErrorInvalidValue);
  KernelCall call;
  if (cudaError_t e = kernelCall(pNodeParams, call); e != cudaSuccess) return recordError(e);
  node->operation = kernelOperation(call);
  node->kernel = std::move(call);
  return stickyOr(cudaSuccess);
}

cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t* pGraphNode, cudaGraph_t graph,
                                     const cudaGraphNode_t* pDependencies, size_t numDependencies, void* dst,
                                     const void* src, size_t count, cudaMemcpyKind kind) {
  if (!pGraphNode || !graph || !validDependencies(graph, pDependencies, numDependencies) || !dst || !src)
    return recordError(cudaErrorInvalidValue);
  if (cudaError_t e = checkDirection(dst, src, kind); e != cudaSuccess) return recordError(e);
  return added(pGraphNode, addGraphNode(graph, cudaGraphNodeTypeMemcpy, dependencyList(pDependencies, numDependencies),
                                        copyOperation(dst, src, count, "cudaGraphAddMemcpyNode1D")));
}

cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t* pGraphNode, cudaGraph_t graph, const cudaGraphNode_t* pDependencies,
                                   size_t numDependencies, const cudaMemsetParams* p) {
  if (!pGraphNode || !graph || !validDependencies(graph, pDependencies, numDependencies) || !p)
    return recordError(cudaErrorInvalidValue);
  if (p->elementSize != 1 && p->elementSize != 2 && p->elementSize != 4) return recordError(cudaErrorInvalidValue);
  size_t rowBytes = p->width * p->elementSize;
  if (!p->dst || !deviceAccessible(p->dst) || (p->height > 1 && p->pitch < rowBytes))
    return recordError(cudaErrorInvalidValue);
  size_t pitch = p->height > 1 ? p->pitch : rowBytes;
  return added(pGraphNode,
               addGraphNode(graph, cudaGraphNodeTypeMemset, dependencyList(pDependencies, numDependencies),
                            fillOperation(p->dst, p->value, p->elementSize, pitch, p->width, p->height)));
}

cudaError_t cudaGraphAddHostNode(cudaGraphNode_t* pGraphNode, cudaGraph_t graph, const cudaGraphNode_t* pDependencies,
                                 size_t numDependencies, const cudaHostNodeParams* p) {
  if (!pGraphNode || !graph || !validDependencies(graph, pDependencies, numDependencies) || !p || !p->fn)
    return recordError(cudaErrorInvalidValue);
  return added(pGraphNode, addGraphNode(graph, cudaGraphNodeTypeHost, dependencyList(pDependencies, numDependencies),
                                        [fn = p->fn, userData = p->userData] { fn(userData); }));
}

cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t* pGraphNode, cudaGraph_t graph,
                                       const cudaGraphNode_t* pDependencies, size_t numDependencies,
                                       cudaGraph_t childGraph) {
  if (!pGraphNode || !graph || !childGraph || !validDependencies(graph, pDependencies, numDependencies))
    return recordError(cudaErrorInvalidValue);
  CUgraphNode_st* node = addGraphNode(graph, cudaGraphNodeTypeGraph, dependencyList(pDependencies, numDependencies), {});
  node->child = cloneGraph(*childGraph);  // CUDA copies the child graph too
  return added(pGraphNode, node);
}

cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t* pGraphNode, cudaGraph_t graph, const cudaGraphNode_t* pDependencies,
                                  size_t numDependencies) {
  if (!pGraphNode || !graph || !validDependencies(graph, pDependencies, numDependencies))
    return recordError(cudaErrorInvalidValue);
  return added(pGraphNode, addGraphNode(graph, cudaGraphNodeTypeEmpty, dependencyList(pDependencies, numDependencies), {}));
}

cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t* from, const cudaGraphNode_t* to,
                                     const cudaGraphEdgeData*, size_t numDependencies) {
  if (!graph || (numDependencies && (!from || !to))) return recordError(cudaErrorInvalidValue);
  for (size_t i = 0; i < numDependencies; ++i)
    if (!from[i] || !to[i] || from[i]->graph != graph || to[i]->graph != graph || from[i] == to[i])
      return recordError(cudaErrorInvalidValue);
  for (size_t i = 0; i < numDependencies; ++i) {
    to[i]->dependencies.push_back(from[i]);
    from[i]->dependents.push_back(to[i]);
  }
  return stickyOr(cudaSuccess);
}

cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node, cudaGraphNodeType* pType) {
  if (!node || !pType) return recordError(cudaErrorInvalidValue);
  *pType = node->type;
  return stickyOr(cudaSuccess);
}

cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t* nodes, size_t* numNodes) {
  if (!graph) return recordError(cudaErrorInvalidValue);
  std::vector<cudaGraphNode_t> all;
  for (auto& node : graph->nodes) all.push_back(node.get());
  return list(all, nodes, numNodes);
}

cudaError_t cudaGraphGetRootNodes(cudaGraph_t graph, cudaGraphNode_t* pRootNodes, size_t* pNumRootNodes) {
  if (!graph) return recordError(cudaErrorInvalidValue);
  std::vector<cudaGraphNode_t> roots;
  for (auto& node : graph->nodes)
    if (node->dependencies.empty()) roots.push_back(node.get());
  return list(roots, pRootNodes, pNumRootNodes);
}

cudaError_t cudaGraphGetEdges(cudaGraph_t graph, cudaGraphNode_t* from, cudaGraphNode_t* to, cudaGraphEdgeData* edgeData,
                              size_t* numEdges) {
  if (!graph || !numEdges || (!from != !to)) return recordError(cudaErrorInvalidValue);
  std::vector<cudaGraphNode_t> sources, targets;
  for (auto& node : graph->nodes)
    for (CUgraphNode_st* d : node->dependents) {
      sources.push_back(node.get());
      targets.push_back(d);
    }
  if (from) {
    size_t room = *numEdges;
    listWithEdges(targets, to, edgeData, &room);
  }
  return list(sources, from, numEdges);
}

cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t node, cudaGraphNode_t* pDependencies,
                                         cudaGraphEdgeData* edgeData, size_t* pNumDependencies) {
  if (!node) return recordError(cudaErrorInvalidValue);
  return listWithEdges(node->dependencies, pDependencies, edgeData, pNumDependencies);
}

cudaError_t cudaGraphNodeGetDependentNodes(cudaGraphNode_t node, cudaGraphNode_t* pDependentNodes,
                                           cudaGraphEdgeData* edgeData, size_t* pNumDependentNodes) {
  if (!node) return recordError(cudaErrorInvalidValue);
  return listWithEdges(node->dependents, pDependentNodes, edgeData, pNumDependentNodes);
}

cudaError_t cudaGraphInstantiate(cudaGraphExec_t* pGraphExec, cudaGraph_t graph, unsigned long long) {
  if (!pGraphExec || !graph) return recordError(cudaErrorInvalidValue);
  auto exec = std::make_unique<CUgraphExec_st>();
  if (!flatten(*graph, exec->steps)) return recordError(cudaErrorInvalidValue);  // a cycle
  *pGraphExec = exec.release();
  return stickyOr(cudaSuccess);
}

cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t* pGraphExec, cudaGraph_t graph, unsigned long long flags) {
  return cudaGraphInstantiate(pGraphExec, graph, flags);
}

// Changes the node's kernel parameters in the executable graph only.
cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                             const cudaKernelNodeParams* pNodeParams) {
  if (!hGraphExec || !node || node->type != cudaGraphNodeTypeKernel) return recordError(cudaErrorInvalidValue);
  auto step = std::find_if(hGraphExec->steps.begin(), hGraphExec->steps.end(),
                           [&](const CUgraphExec_st::Step& s) { return s.node == node; });
  if (step == hGraphExec->steps.end()) return recordError(cudaErrorInvalidValue);
  KernelCall call;
  if (cudaError_t e = kernelCall(pNodeParams, call); e != cudaSuccess) return recordError(e);
  step->operation = kernelOperation(std::move(call));
  return stickyOr(cudaSuccess);
}

cudaError_t cudaGraphUpload(cudaGraphExec_t graphExec, cudaStream_t) {
  return graphExec ? stickyOr(cudaSuccess) : recordError(cudaErrorInvalidValue);
}

cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream) {
  if (!graphExec) return recordError(cudaErrorInvalidValue);
  if (cudaError_t s = stickyError(); s != cudaSuccess) return recordError(s);
  std::vector<std::function<void()>> operations;  // as the graph is now: later changes do not reach this launch
  for (const auto& step : graphExec->steps) operations.push_back(step.operation);
  Submission done = submitToStream(stream, cudaGraphNodeTypeGraph, [operations = std::move(operations)] {
    for (const auto& operation : operations) operation();
  });
  return done.error != cudaSuccess ? recordError(done.error) : stickyOr(cudaSuccess);
}

cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec) {
  if (!graphExec) return recordError(cudaErrorInvalidValue);
  delete graphExec;
  return stickyOr(cudaSuccess);
}

}  // extern "C"
