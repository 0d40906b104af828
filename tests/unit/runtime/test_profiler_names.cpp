// Kernel names as Nsight Compute prints and matches them (report/profiler_names.h). The expected
// display names are ncu 2025.3's, from validate/probes/ncu_cli/record (samples_reduction,
// samples_transpose); the mangled names are g++'s for the same kernels, which equal nvcc's.
#include <catch2/catch.hpp>

#include "report/profiler_names.h"

using loom::report::profilerNames;

TEST_CASE("profiler names: ncu's display names of recorded kernels", "[report][profiler_names]") {
  auto r5 = profilerNames("_Z7reduce5IiLj256EEvPKT_PS0_j");
  CHECK(r5.display == "void reduce5<int, 256>(const T1 *, T1 *, unsigned int)");
  CHECK(r5.function == "reduce5");
  CHECK(r5.mangled == "_Z7reduce5IiLj256EEvPKT_PS0_j");
  CHECK(profilerNames("_Z7reduce5IfLj256EEvPKT_PS0_j").display ==
        "void reduce5<float, 256>(const T1 *, T1 *, unsigned int)");
  CHECK(profilerNames("_Z7reduce3IiEvPKT_PS0_j").display == "void reduce3<int>(const T1 *, T1 *, unsigned int)");
  auto naive = profilerNames("_Z14transposeNaivePfPKfii");
  CHECK(naive.display == "transposeNaive(float *, const float *, int, int)");
  CHECK(naive.function == "transposeNaive");
}

TEST_CASE("profiler names: the corpus's kernels as ncu named them", "[report][profiler_names]") {
  // validate/probes/ncu_cli/corpus: a pointer to const pointers, nested templates, lambdas.
  CHECK(profilerNames("_Z9walkListsPKP4NodePxPii").display == "walkLists(Node *const *, long long *, int *, int)");
  CHECK(profilerNames("_Z3mapIi6SquareIiEEvPKT_PS2_iT0_").display ==
        "void map<int, Square<int>>(const T1 *, T1 *, int, T2)");
  CHECK(profilerNames("_Z14for_each_indexIZ4mainEUliE0_EviT_").display ==
        "void for_each_index<main::[lambda(int) (instance 2)]>(int, T1)");
}

TEST_CASE("profiler names: positions, scopes and extern \"C\"", "[report][profiler_names]") {
  // Two type parameters and a reference: T1, T2 by position.
  CHECK(profilerNames("_Z3mapIf6SquareEvPKT_PS1_iT0_").display ==
        "void map<float, Square>(const T1 *, T1 *, int, T2)");
  // A kernel in a namespace: the function base is the name alone.
  auto scoped = profilerNames("_ZN2ns6kernelEPi");
  CHECK(scoped.display == "ns::kernel(int *)");
  CHECK(scoped.function == "kernel");
  // No parameters; a template of an empty pack.
  CHECK(profilerNames("_Z4tickv").display == "tick()");
  CHECK(profilerNames("_Z1kIJEEvv").display == "void k<>()");
  // A name source text can hold `T_` in: left as it is.
  CHECK(profilerNames("_Z4aT_bPi").display == "aT_b(int *)");
  // The symbol of the device pass's copy, or of an internal kernel made global.
  CHECK(profilerNames("_Z14transposeNaivePfPKfii.loomdev").mangled == "_Z14transposeNaivePfPKfii");
  CHECK(profilerNames("_Z4tickv.loom.1a2b").display == "tick()");
  // Not a C++ name.
  auto c = profilerNames("plain_kernel");
  CHECK(c.display == "plain_kernel");
  CHECK(c.function == "plain_kernel");
}
