// nvcc's command line, parsed into what loom-cc needs to know. nvcc's syntax: each option has a
// short name (-arch) and a long one (--gpu-architecture); a value follows as `=value` or as the
// next argument, and -I -D -U -l -L -O also take it attached (-Idir, -O3); list options split their
// values at commas (-I a,b  -Xcompiler -Wall,-Wextra).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "input_kind.h"

namespace loom::cc {

struct Input {
  std::string path;
  InputKind kind;
};

struct Options {
  std::vector<Input> inputs;          // in command-line order
  std::optional<std::string> output;  // -o
  bool compileOnly = false;           // -c, -dc
  bool deviceLinkOnly = false;        // -dlink: an object with nothing in it (DESIGN.md)
  // -M / -MM without -MD / -MMD: write dependencies (to -o or stdout) and do nothing else.
  bool dependenciesOnly = false;
  std::string optimization = "2";  // -O<n>; nvcc's host default would be -O3, Loom's is -O2
  bool hostDebug = false;          // -g
  bool deviceDebug = false;        // -G: .cu files at -O0 -g, as nvcc's device code
  bool lineInfo = false;           // -lineinfo: already what -g1 gives
  std::string standard = "c++17";  // -std
  int arch = 900;                  // as __CUDA_ARCH__ spells it

  // Host-compiler arguments, ready to pass, in command-line order.
  std::vector<std::string> preprocessorArgs;  // -I -D -U -isystem -include
  std::vector<std::string> dependencyArgs;    // -M -MM -MD -MMD -MF -MT -MP
  std::vector<std::string> compilerArgs;      // -Xcompiler, -w, -Werror
  std::vector<std::string> linkerArgs;        // -L -l -Xlinker

  // What becomes predefined macros of .cu files (cuda_defines.h).
  bool fastMath = false;  // --use_fast_math: implies the four below unless they are given
  bool ftz = false;       // -ftz
  bool precDiv = true;    // -prec-div
  bool precSqrt = true;   // -prec-sqrt
  bool fmad = true;       // -fmad
  bool extendedLambda = false;
  bool relaxedConstexpr = false;
  bool perThreadDefaultStream = false;  // --default-stream per-thread, for every compile

  std::optional<std::string> hostCompiler;  // -ccbin
  bool relocatableDeviceCode = false;       // -rdc=true, -dc: all code is host code, so no effect
                                            // beyond __CUDACC_RDC__
  bool shared = false;                      // -shared

  bool verbose = false;  // -v: print each command before running it
  bool dryRun = false;   // --dryrun: print, do not run
  bool keep = false;     // -keep: keep the intermediate files
  std::optional<std::string> keepDir;

  bool showVersion = false;
  bool showHelp = false;

  std::vector<std::string> notes;     // accepted options without effect, listed under -v
  std::vector<std::string> warnings;  // printed to stderr (not errors)
};

struct ParseResult {
  Options options;
  std::optional<std::string> error;  // one or more lines, each starting "loom-cc: "
};

// `args` excludes argv[0]. Reads --options-file files.
ParseResult parseNvccArgs(const std::vector<std::string>& args);

}  // namespace loom::cc
