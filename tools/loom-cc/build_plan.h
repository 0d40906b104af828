// nvcc-style builds: from the parsed command line and the configuration to the steps that compile
// each input and link the program.
#pragma once

#include <optional>
#include <string>

#include "config.h"
#include "options.h"
#include "plan.h"

namespace loom::cc {

// For each .cu input (or any source under -x cu):
//   cxx -E -x c++ -std=S -O<n> -fsanitize=thread <-Xcompiler> <-I -D -U ...> -I<loom includes>
//       <CUDA macros> <conf defines> -include cuda_runtime.h <dependency flags> file.cu -o t.ii
//   rewrite t.ii -> t.loom.ii
//   cxx -c -x c++-cpp-output t.loom.ii -std=S -O<n> -fsanitize=thread -fno-builtin-printf
//       -fno-builtin-puts -g1|-g <-Xcompiler> -o file.o
// Step 1 gets -O, -fsanitize and -Xcompiler too because they predefine macros (__OPTIMIZE__,
// __SANITIZE_THREAD__, _OPENMP, __PIC__) that a one-step compile would see.
// .cpp/.c inputs: cxx -c -x c++|c [-std=S] -O<n> [-g] <-Xcompiler> <-I -D -U ...> -I<loom includes>
//   -D__NVCC__ <version macros> <conf defines> <dependency flags> file -o file.o
// Link (no -c): cxx <objects and linker inputs, in order> -o <out|a.out> -rdynamic [-shared]
//   <-Xcompiler> <-L -l -Xlinker> <conf link>
// With -c and no -o, each source gives <stem>.o in the current directory. Intermediate files go to
// `tempDir` ("." or "" for the current directory).
Plan planBuild(const Options& options, const Config& config, const std::string& tempDir);

}  // namespace loom::cc
