// Conformance test, and a counter case (validate/cases/tests.cuda.discarded_atomics): the forms
// nvcc 13 gives a shared atomic, one warp and one atomic statement per kernel.
//
// Recorded on the H100 (SASS in the record's sass.txt):
// - `atomicAdd(p, 1);` on a 4-byte integer, result unused: ATOMS.POPC.INC. Lanes naming one word
//   merge, so a warp's 32 lanes on one word cost 1 wavefront.
// - An address the compiler proves uniform across the warp (`&s[0]`, `&s[blockIdx.x % 2]`):
//   atomicAdd/atomicSub are warp-aggregated (VOTEU.ANY, UPOPC, one lane's ATOMS.ADD; a SHFL
//   hands out the old values when they are used): 1 wavefront.
// - Otherwise ATOMS.ADD, one update per lane.
// Loom decides "result unused" from the statement (loom-cc marks it,
// tools/loom-cc/discarded_atomics.h), "constant 1" from g++ after inlining, and "uniform" from
// the lanes' addresses (check/counters: one address in every request, the same in both warps).
// The recorded ncu counters per launch are what Loom's report must say; the words in shared
// memory after each kernel are checked against the arithmetic here. Two warps per block, so
// that `&s[0]` and `&s[t / 32]` differ.
#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>

#include "conformance.h"

constexpr int kThreads = 64;  // two warps
constexpr int kWords = 64;

// Every kernel: zero the words, one atomic form, copy the words out.
#define ATOMIC_KERNEL(name, ...)                          \
  __global__ void name(int* out, int* old, int v) {       \
    __shared__ int s[kWords];                             \
    unsigned t = threadIdx.x;                             \
    s[t] = 0;                                             \
    __syncthreads();                                      \
    __VA_ARGS__;                                          \
    __syncthreads();                                      \
    out[t] = s[t];                                        \
  }

ATOMIC_KERNEL(discardedOne, atomicAdd(&s[0], 1))
ATOMIC_KERNEL(usedOne, old[t] = atomicAdd(&s[0], 1))
ATOMIC_KERNEL(discardedVariable, atomicAdd(&s[0], v))
ATOMIC_KERNEL(discardedBlockScope, atomicAdd_block(&s[t % 4], 1))
ATOMIC_KERNEL(voidCastUnsigned, (void)atomicAdd((unsigned*)&s[t / 8], 1u))
ATOMIC_KERNEL(inCondition, if (t & 1) atomicAdd(&s[t], 1))
ATOMIC_KERNEL(constantLocal, const int one = 1; atomicAdd(&s[t % 2], one))
ATOMIC_KERNEL(spreadWords, atomicAdd(&s[(t * 5) % kWords], 1))
ATOMIC_KERNEL(discardedMinusOne, atomicAdd(&s[0], -1))
ATOMIC_KERNEL(discardedSub, atomicSub(&s[0], 1))
// Two words in one bank: merged lanes cost 2 wavefronts, one update per lane more.
ATOMIC_KERNEL(discardedTwoWords, atomicAdd(&s[(t % 2) * 32], 1))
ATOMIC_KERNEL(usedTwoWords, old[t] = atomicAdd(&s[(t % 2) * 32], 1))
ATOMIC_KERNEL(discardedTwoWordsVariable, atomicAdd(&s[(t % 2) * 32], v))
ATOMIC_KERNEL(discardedTwoWordsMinusOne, atomicAdd(&s[(t % 2) * 32], -1))
ATOMIC_KERNEL(usedTwoWordsVariable, old[t] = atomicAdd(&s[(t % 2) * 32], v))
// One word, the value differing per lane, and the other operations.
ATOMIC_KERNEL(uniformLaneValue, atomicAdd(&s[0], (int)t))
ATOMIC_KERNEL(usedUniformLaneValue, old[t] = atomicAdd(&s[0], (int)t))
ATOMIC_KERNEL(uniformBlockWord, atomicAdd(&s[blockIdx.x % 2], v))
ATOMIC_KERNEL(warpWord, atomicAdd(&s[t / 32], v))
ATOMIC_KERNEL(uniformOr, atomicOr(&s[0], 1 << (t % 31)))
ATOMIC_KERNEL(uniformAnd, atomicAnd(&s[0], ~(1 << (t % 31))))
ATOMIC_KERNEL(uniformXor, atomicXor(&s[0], 1 << (t % 31)))
ATOMIC_KERNEL(uniformMax, atomicMax(&s[0], (int)t))
ATOMIC_KERNEL(uniformMin, atomicMin(&s[0], -(int)t))
ATOMIC_KERNEL(uniformExch, atomicExch(&s[0], 7))
ATOMIC_KERNEL(uniformInc, atomicInc((unsigned*)&s[0], 100u))
ATOMIC_KERNEL(uniformAdd64, atomicAdd((unsigned long long*)&s[0], 1ull))
ATOMIC_KERNEL(uniformAddFloat, atomicAdd((float*)&s[0], 1.0f))

// The words each kernel leaves, from its source; every word starts at 0.
void add(int* w, bool (*active)(unsigned), unsigned (*address)(unsigned), int (*value)(unsigned)) {
  for (unsigned t = 0; t < kThreads; ++t)
    if (active(t)) w[address(t)] += value(t);
}
bool all(unsigned) { return true; }
unsigned word0(unsigned) { return 0; }
unsigned twoWords(unsigned t) { return (t % 2) * 32; }
int one(unsigned) { return 1; }
int minusOne(unsigned) { return -1; }
int lane(unsigned t) { return int(t); }

int main() {
  int *out, *old;
  CK(cudaMalloc(&out, kWords * sizeof(int)));
  CK(cudaMalloc(&old, kThreads * sizeof(int)));
  struct Case {
    const char* name;
    void (*kernel)(int*, int*, int);
    void (*expect)(int* words);
  } cases[] = {
      {"discarded_one", discardedOne, [](int* w) { add(w, all, word0, one); }},
      {"used_one", usedOne, [](int* w) { add(w, all, word0, one); }},
      {"discarded_variable", discardedVariable, [](int* w) { add(w, all, word0, one); }},
      {"discarded_block_scope", discardedBlockScope, [](int* w) { add(w, all, [](unsigned t) { return t % 4; }, one); }},
      {"void_cast_unsigned", voidCastUnsigned, [](int* w) { add(w, all, [](unsigned t) { return t / 8; }, one); }},
      {"in_condition", inCondition, [](int* w) { add(w, [](unsigned t) { return (t & 1) != 0; }, [](unsigned t) { return t; }, one); }},
      {"constant_local", constantLocal, [](int* w) { add(w, all, [](unsigned t) { return t % 2; }, one); }},
      {"spread_words", spreadWords, [](int* w) { add(w, all, [](unsigned t) { return (t * 5) % kWords; }, one); }},
      {"discarded_minus_one", discardedMinusOne, [](int* w) { add(w, all, word0, minusOne); }},
      {"discarded_sub", discardedSub, [](int* w) { add(w, all, word0, minusOne); }},
      {"discarded_two_words", discardedTwoWords, [](int* w) { add(w, all, twoWords, one); }},
      {"used_two_words", usedTwoWords, [](int* w) { add(w, all, twoWords, one); }},
      {"discarded_two_words_variable", discardedTwoWordsVariable, [](int* w) { add(w, all, twoWords, one); }},
      {"discarded_two_words_minus_one", discardedTwoWordsMinusOne, [](int* w) { add(w, all, twoWords, minusOne); }},
      {"used_two_words_variable", usedTwoWordsVariable, [](int* w) { add(w, all, twoWords, one); }},
      {"uniform_lane_value", uniformLaneValue, [](int* w) { add(w, all, word0, lane); }},
      {"used_uniform_lane_value", usedUniformLaneValue, [](int* w) { add(w, all, word0, lane); }},
      {"uniform_block_word", uniformBlockWord, [](int* w) { add(w, all, word0, one); }},
      {"warp_word", warpWord, [](int* w) { add(w, all, [](unsigned t) { return t / 32; }, one); }},
      {"uniform_or", uniformOr, [](int* w) { for (unsigned t = 0; t < kThreads; ++t) w[0] |= 1 << (t % 31); }},
      {"uniform_and", uniformAnd, [](int*) {}},
      {"uniform_xor", uniformXor, [](int* w) { for (unsigned t = 0; t < kThreads; ++t) w[0] ^= 1 << (t % 31); }},
      {"uniform_max", uniformMax, [](int* w) { w[0] = kThreads - 1; }},
      {"uniform_min", uniformMin, [](int* w) { w[0] = -(kThreads - 1); }},
      {"uniform_exch", uniformExch, [](int* w) { w[0] = 7; }},
      {"uniform_inc", uniformInc, [](int* w) { w[0] = kThreads; }},
      {"uniform_add64", uniformAdd64, [](int* w) { w[0] = kThreads; }},
      {"uniform_add_float", uniformAddFloat, [](int* w) {
         float f = float(kThreads);
         std::memcpy(&w[0], &f, sizeof f);
       }},
  };
  for (Case& c : cases) {
    c.kernel<<<1, kThreads>>>(out, old, 1);
    CK_LAUNCH();
    int words[kWords], expected[kWords] = {};
    c.expect(expected);
    CK(cudaMemcpy(words, out, sizeof words, cudaMemcpyDeviceToHost));
    int wrong = -1;
    for (int i = 0; i < kWords && wrong < 0; ++i)
      if (words[i] != expected[i]) wrong = i;
    check(c.name, wrong < 0, "word %d is %d, expected %d", wrong, wrong < 0 ? 0 : words[wrong],
          wrong < 0 ? 0 : expected[wrong]);
  }
  // usedOne's threads each got a distinct old value 0..63.
  int olds[kThreads];
  unsigned long long seen = 0;
  usedOne<<<1, kThreads>>>(out, old, 1);
  CK_LAUNCH();
  CK(cudaMemcpy(olds, old, sizeof olds, cudaMemcpyDeviceToHost));
  for (int o : olds)
    if (o >= 0 && o < kThreads) seen |= 1ull << o;
  check("used_one_old_values", seen == ~0ull, "old values seen 0x%016llx", seen);
  CK(cudaFree(out));
  CK(cudaFree(old));
  return g_failures == 0 ? 0 : 1;
}
