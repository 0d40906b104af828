// Conformance test, and a counter case (validate/cases/tests.cuda.reconvergence): where a warp
// whose lanes took different paths comes together again, as the global request counts show.
//
// One warp per block runs kIters iterations; in each, lane l loads a[k * 32 + l] (one 128-byte
// line: 1 request, 4 sectors when the warp loads together) and branches on the value. If the
// lanes that skip a branch ran ahead into the next iteration, one load request would cover
// several iterations' lines: more sectors per request, fewer requests. Recorded on the H100
// with the SASS (sass.txt): which branches nvcc closes with a convergence barrier (BSSY/BSYNC),
// which it predicates, and which leave the warp split. Loom reconverges after every `if`
// statement (loom-cc's marker, loom/device/reconverge.h) and after loops (lowest site first).
#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>
#include <vector>

#include "conformance.h"

constexpr int kIters = 16;
constexpr int kLanes = 32;
constexpr int kWords = kIters * kLanes;

// A value per (iteration, lane) with no pattern a warp could share: the branches diverge.
__host__ __device__ int valueAt(int i) { return (i * 2654435761u) >> 7 & 1023; }

// The store sits alone in the branch (nvcc may predicate it).
__global__ void ifInLoop(const int* a, int* out, int* lock) {
  int l = threadIdx.x, base = blockIdx.x * kWords;
  for (int k = 0; k < kIters; ++k) {
    int v = a[base + k * kLanes + l];
    if (v & 1) out[base + k * kLanes + l] = v;
  }
}

// A branch with loads and stores of its own: a real branch.
__global__ void longIfInLoop(const int* a, int* out, int* lock) {
  int l = threadIdx.x, base = blockIdx.x * kWords;
  for (int k = 0; k < kIters; ++k) {
    int i = base + k * kLanes + l;
    int v = a[i];
    if (v & 1) {
      int w = a[(i + 7) % kWords];
      int x = a[(i + 19) % kWords];
      out[i] = v + w * x;
    }
  }
}

__global__ void ifElseInLoop(const int* a, int* out, int* lock) {
  int l = threadIdx.x, base = blockIdx.x * kWords;
  for (int k = 0; k < kIters; ++k) {
    int i = base + k * kLanes + l;
    int v = a[i];
    if (v & 1) {
      out[i] = v + a[(i + 5) % kWords];
    } else {
      out[i] = v - a[(i + 9) % kWords];
    }
  }
}

__global__ void continueInLoop(const int* a, int* out, int* lock) {
  int l = threadIdx.x, base = blockIdx.x * kWords;
  for (int k = 0; k < kIters; ++k) {
    int i = base + k * kLanes + l;
    int v = a[i];
    if (v % 3 == 0) continue;
    out[i] = v + a[(i + 3) % kWords];
  }
}

// Lanes leave the loop at different iterations; after it, one store.
__global__ void breakInLoop(const int* a, int* out, int* lock) {
  int l = threadIdx.x, base = blockIdx.x * kWords;
  int k = 0;
  for (; k < kIters; ++k) {
    int v = a[base + k * kLanes + l];
    if (v > 900) break;
    out[base + k * kLanes + l] = v;
  }
  out[base + l] += k;
}

__global__ void nestedIfInLoop(const int* a, int* out, int* lock) {
  int l = threadIdx.x, base = blockIdx.x * kWords;
  for (int k = 0; k < kIters; ++k) {
    int i = base + k * kLanes + l;
    int v = a[i];
    if (v & 1) {
      int w = a[(i + 11) % kWords];
      if (w & 2) out[i] = w;
    }
  }
}

__global__ void switchInLoop(const int* a, int* out, int* lock) {
  int l = threadIdx.x, base = blockIdx.x * kWords;
  for (int k = 0; k < kIters; ++k) {
    int i = base + k * kLanes + l;
    int v = a[i];
    switch (v % 3) {
      case 0: out[i] = v + a[(i + 1) % kWords]; break;
      case 1: out[i] = v - a[(i + 2) % kWords]; break;
      default: break;
    }
  }
}

// A loop whose trip count is the lane's, inside a branch.
__global__ void loopInIf(const int* a, int* out, int* lock) {
  int l = threadIdx.x, base = blockIdx.x * kWords;
  for (int k = 0; k < kIters; ++k) {
    int i = base + k * kLanes + l;
    int v = a[i];
    if (v & 1) {
      int s = 0;
      for (int j = 0; j < (v & 7); ++j) s += a[(i + j * 32) % kWords];
      out[i] = s;
    }
  }
}

// Lane 0 takes a global lock in each iteration (SumDoubles' pattern, without its barriers).
__global__ void lockInIf(const int* a, int* out, int* lock) {
  int l = threadIdx.x, base = blockIdx.x * kWords;
  for (int k = 0; k < kIters; ++k) {
    int v = a[base + k * kLanes + l];
    if (l == 0) {
      while (atomicCAS(lock, 0, 1)) {
      }
      __threadfence();
      lock[kLanes + k] += 1;  // a count only the holder touches
      __threadfence();
      atomicExch(lock, 0);
    }
    out[base + k * kLanes + l] += v;
  }
}

// An atomic's result indexes the store (find_neighbor_atomic's pattern).
__global__ void atomicIndexInIf(const int* a, int* out, int* count) {
  int l = threadIdx.x, base = blockIdx.x * kWords;
  for (int k = 0; k < kIters; ++k) {
    int v = a[base + k * kLanes + l];
    if (v & 1) out[base + l * kIters + atomicAdd(&count[blockIdx.x * kLanes + l], 1)] = v;
  }
}

// Recorded after Loom's regions were written (held out): more ways out of and around branches.
__global__ void returnInLoop(const int* a, int* out, int* lock) {
  int l = threadIdx.x, base = blockIdx.x * kWords;
  for (int k = 0; k < kIters; ++k) {
    int v = a[base + k * kLanes + l];
    if (v > 900) return;
    out[base + k * kLanes + l] = v;
  }
}

// A lane-dependent inner loop with a `continue` inside it.
__global__ void innerContinue(const int* a, int* out, int* lock) {
  int l = threadIdx.x, base = blockIdx.x * kWords;
  for (int k = 0; k < kIters; ++k) {
    int s = 0;
    for (int j = 0; j < (l & 3) + 1; ++j) {
      int v = a[base + ((k + j) % kIters) * kLanes + l];
      if (v & 1) continue;
      s += v;
    }
    out[base + k * kLanes + l] = s;
  }
}

// A while loop whose trip count is the lane's, then one store.
__global__ void whileCountdown(const int* a, int* out, int* lock) {
  int l = threadIdx.x, base = blockIdx.x * kWords;
  int v = a[base + l], s = 0, k = 0;
  while (v > 0) {
    s += a[base + (k % kIters) * kLanes + l];
    v -= 100 + 13 * (l & 7);
    ++k;
  }
  out[base + l] = s;
}

__global__ void ternaryLoads(const int* a, int* out, int* lock) {
  int l = threadIdx.x, base = blockIdx.x * kWords;
  for (int k = 0; k < kIters; ++k) {
    int i = base + k * kLanes + l;
    int v = a[i];
    out[i] = (v & 1) ? a[(i + 1) % kWords] : a[(i + 2) % kWords];
  }
}

// The right operand of && is a load only some lanes make.
__global__ void shortCircuit(const int* a, int* out, int* lock) {
  int l = threadIdx.x, base = blockIdx.x * kWords;
  for (int k = 0; k < kIters; ++k) {
    int i = base + k * kLanes + l;
    int v = a[i];
    if ((v & 1) && a[(i + 3) % kWords] > 500) out[i] = v;
  }
}

// Search: each lane stops at its first large value.
__global__ void searchBreak(const int* a, int* out, int* lock) {
  int l = threadIdx.x, base = blockIdx.x * kWords;
  int k = 0;
  while (true) {
    int v = a[base + k * kLanes + l];
    if (v > 800) break;
    ++k;
    if (k == kIters) break;
  }
  out[base + l] = k;
}

// lock_in_if with __syncwarp() after the branch: the warp's paths meet there.
__global__ void lockInIfSyncwarp(const int* a, int* out, int* lock) {
  int l = threadIdx.x, base = blockIdx.x * kWords;
  for (int k = 0; k < kIters; ++k) {
    int v = a[base + k * kLanes + l];
    if (l == 0) {
      while (atomicCAS(lock, 0, 1)) {
      }
      __threadfence();
      lock[kLanes + k] += 1;
      __threadfence();
      atomicExch(lock, 0);
    }
    __syncwarp();
    out[base + k * kLanes + l] += v;
  }
}

// CPU references, over `blocks` blocks of one warp; out starts zeroed (count for atomicIndex).
using Ref = void (*)(const std::vector<int>& a, std::vector<int>& out, int blocks);
int at(const std::vector<int>& a, int i) { return a[i % kWords]; }
// Calls f(i) for every word i = b * kWords + k * kLanes + l: the kernels whose lanes each handle
// their own word per iteration, one word's result depending on nothing else.
template <class F>
void eachWord(int blocks, F f) {
  for (int i = 0; i < blocks * kWords; ++i) f(i);
}

void refIfInLoop(const std::vector<int>& a, std::vector<int>& out, int blocks) {
  eachWord(blocks, [&](int i) {
    if (a[i] & 1) out[i] = a[i];
  });
}
void refLongIf(const std::vector<int>& a, std::vector<int>& out, int blocks) {
  eachWord(blocks, [&](int i) {
    if (a[i] & 1) out[i] = a[i] + at(a, i + 7) * at(a, i + 19);
  });
}
void refIfElse(const std::vector<int>& a, std::vector<int>& out, int blocks) {
  eachWord(blocks, [&](int i) {
    out[i] = a[i] & 1 ? a[i] + at(a, i + 5) : a[i] - at(a, i + 9);
  });
}
void refContinue(const std::vector<int>& a, std::vector<int>& out, int blocks) {
  eachWord(blocks, [&](int i) {
    if (a[i] % 3 != 0) out[i] = a[i] + at(a, i + 3);
  });
}
void refBreak(const std::vector<int>& a, std::vector<int>& out, int blocks) {
  for (int b = 0; b < blocks; ++b)
    for (int l = 0; l < kLanes; ++l) {
      int k = 0;
      for (; k < kIters; ++k) {
        int i = b * kWords + k * kLanes + l;
        if (a[i] > 900) break;
        out[i] = a[i];
      }
      out[b * kWords + l] += k;
    }
}
void refNested(const std::vector<int>& a, std::vector<int>& out, int blocks) {
  eachWord(blocks, [&](int i) {
    if ((a[i] & 1) && (at(a, i + 11) & 2)) out[i] = at(a, i + 11);
  });
}
void refSwitch(const std::vector<int>& a, std::vector<int>& out, int blocks) {
  eachWord(blocks, [&](int i) {
    if (a[i] % 3 == 0) out[i] = a[i] + at(a, i + 1);
    if (a[i] % 3 == 1) out[i] = a[i] - at(a, i + 2);
  });
}
void refLoopInIf(const std::vector<int>& a, std::vector<int>& out, int blocks) {
  eachWord(blocks, [&](int i) {
    if (!(a[i] & 1)) return;
    int s = 0;
    for (int j = 0; j < (a[i] & 7); ++j) s += at(a, i + j * 32);
    out[i] = s;
  });
}
void refLock(const std::vector<int>& a, std::vector<int>& out, int blocks) {
  eachWord(blocks, [&](int i) {
    out[i] += a[i];
  });
}
void refAtomicIndex(const std::vector<int>& a, std::vector<int>& out, int blocks) {
  for (int b = 0; b < blocks; ++b)
    for (int l = 0; l < kLanes; ++l) {
      int n = 0;
      for (int k = 0; k < kIters; ++k) {
        int v = a[b * kWords + k * kLanes + l];
        if (v & 1) out[b * kWords + l * kIters + n++] = v;
      }
    }
}

void refReturn(const std::vector<int>& a, std::vector<int>& out, int blocks) {
  for (int b = 0; b < blocks; ++b)
    for (int l = 0; l < kLanes; ++l)
      for (int k = 0; k < kIters; ++k) {
        int i = b * kWords + k * kLanes + l;
        if (a[i] > 900) break;
        out[i] = a[i];
      }
}
void refInnerContinue(const std::vector<int>& a, std::vector<int>& out, int blocks) {
  for (int b = 0; b < blocks; ++b)
    for (int k = 0; k < kIters; ++k)
      for (int l = 0; l < kLanes; ++l) {
        int s = 0;
        for (int j = 0; j < (l & 3) + 1; ++j) {
          int v = a[b * kWords + ((k + j) % kIters) * kLanes + l];
          if (!(v & 1)) s += v;
        }
        out[b * kWords + k * kLanes + l] = s;
      }
}
void refWhile(const std::vector<int>& a, std::vector<int>& out, int blocks) {
  for (int b = 0; b < blocks; ++b)
    for (int l = 0; l < kLanes; ++l) {
      int v = a[b * kWords + l], s = 0, k = 0;
      while (v > 0) {
        s += a[b * kWords + (k % kIters) * kLanes + l];
        v -= 100 + 13 * (l & 7);
        ++k;
      }
      out[b * kWords + l] = s;
    }
}
void refTernary(const std::vector<int>& a, std::vector<int>& out, int blocks) {
  eachWord(blocks, [&](int i) {
    out[i] = (a[i] & 1) ? at(a, i + 1) : at(a, i + 2);
  });
}
void refShortCircuit(const std::vector<int>& a, std::vector<int>& out, int blocks) {
  eachWord(blocks, [&](int i) {
    if ((a[i] & 1) && at(a, i + 3) > 500) out[i] = a[i];
  });
}
void refSearch(const std::vector<int>& a, std::vector<int>& out, int blocks) {
  for (int b = 0; b < blocks; ++b)
    for (int l = 0; l < kLanes; ++l) {
      int k = 0;
      while (k < kIters && a[b * kWords + k * kLanes + l] <= 800) ++k;
      out[b * kWords + l] = k;
    }
}

int main() {
  constexpr int kMaxBlocks = 8;
  std::vector<int> host(kMaxBlocks * kWords);
  for (int i = 0; i < (int)host.size(); ++i) host[i] = valueAt(i);
  int *a, *out, *lock;
  CK(cudaMalloc(&a, host.size() * sizeof(int)));
  CK(cudaMalloc(&out, host.size() * sizeof(int)));
  CK(cudaMalloc(&lock, kMaxBlocks * kLanes * sizeof(int)));
  CK(cudaMemcpy(a, host.data(), host.size() * sizeof(int), cudaMemcpyHostToDevice));
  struct Case {
    const char* name;
    void (*kernel)(const int*, int*, int*);
    Ref ref;
    int blocks;
  } cases[] = {
      {"if_in_loop", ifInLoop, refIfInLoop, 1},
      {"long_if_in_loop", longIfInLoop, refLongIf, 1},
      {"if_else_in_loop", ifElseInLoop, refIfElse, 1},
      {"continue_in_loop", continueInLoop, refContinue, 1},
      {"break_in_loop", breakInLoop, refBreak, 1},
      {"nested_if_in_loop", nestedIfInLoop, refNested, 1},
      {"switch_in_loop", switchInLoop, refSwitch, 1},
      {"loop_in_if", loopInIf, refLoopInIf, 1},
      {"lock_in_if", lockInIf, refLock, 1},
      {"lock_in_if_contended", lockInIf, refLock, kMaxBlocks},
      {"atomic_index_in_if", atomicIndexInIf, refAtomicIndex, 1},
      {"return_in_loop", returnInLoop, refReturn, 1},
      {"inner_continue", innerContinue, refInnerContinue, 1},
      {"while_countdown", whileCountdown, refWhile, 1},
      {"ternary_loads", ternaryLoads, refTernary, 1},
      {"short_circuit", shortCircuit, refShortCircuit, 1},
      {"search_break", searchBreak, refSearch, 1},
      {"lock_in_if_syncwarp", lockInIfSyncwarp, refLock, 1},
  };
  for (Case& c : cases) {
    CK(cudaMemset(out, 0, host.size() * sizeof(int)));
    CK(cudaMemset(lock, 0, kMaxBlocks * kLanes * sizeof(int)));
    c.kernel<<<c.blocks, kLanes>>>(a, out, lock);
    CK_LAUNCH();
    std::vector<int> got(host.size()), want(host.size(), 0);
    c.ref(host, want, c.blocks);
    CK(cudaMemcpy(got.data(), out, got.size() * sizeof(int), cudaMemcpyDeviceToHost));
    int wrong = -1;
    for (int i = 0; i < (int)got.size() && wrong < 0; ++i)
      if (got[i] != want[i]) wrong = i;
    check(c.name, wrong < 0, "out[%d] is %d, expected %d", wrong, wrong < 0 ? 0 : got[wrong],
          wrong < 0 ? 0 : want[wrong]);
  }
  CK(cudaFree(a));
  CK(cudaFree(out));
  CK(cudaFree(lock));
  return finish("reconvergence");
}
