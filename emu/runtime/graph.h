// What a CUDA graph is under Loom. A graph is nodes with dependencies; a node holds the
// operation it runs (the same kind of operation a stream queues: runtime/device_queue.h). An
// executable graph (cudaGraphExec_t) is the graph's operations in one dependency order, copied
// when it is instantiated; launching it queues one operation on the stream that runs them all,
// in that order, on the device queue. One order is a legal schedule of a graph as one FIFO is a
// legal schedule of streams: the device may, not must, run independent nodes concurrently.
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "cuda_runtime_api.h"
#include "runtime/kernel_call.h"

struct CUgraphNode_st {
  CUgraph_st* graph = nullptr;
  cudaGraphNodeType type = cudaGraphNodeTypeEmpty;
  std::vector<CUgraphNode_st*> dependencies;
  std::vector<CUgraphNode_st*> dependents;
  std::function<void()> operation;  // empty for empty and child-graph nodes
  loom::runtime::KernelCall kernel;  // kernel nodes: what operation runs, for the Get/Set calls
  std::shared_ptr<CUgraph_st> child;  // child-graph nodes: a copy of the graph given
};

struct CUgraph_st {
  std::vector<std::unique_ptr<CUgraphNode_st>> nodes;  // in the order they were added
};

struct CUgraphExec_st {
  struct Step {
    const CUgraphNode_st* node;  // the node it came from (of the graph or of a child graph)
    std::function<void()> operation;
  };
  std::vector<Step> steps;  // in dependency order
};

namespace loom::runtime {

// Adds a node depending on `dependencies` (nodes of the same graph).
CUgraphNode_st* addGraphNode(CUgraph_st* graph, cudaGraphNodeType type,
                             const std::vector<CUgraphNode_st*>& dependencies, std::function<void()> operation);

}  // namespace loom::runtime
