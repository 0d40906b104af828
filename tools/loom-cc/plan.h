// What loom-cc will do, as data: host-compiler runs and rewrites, in order. Planning is pure (no
// file system, no processes), so tests check command lines and output names directly; driver.h
// runs a plan.
#pragma once

#include <string>
#include <vector>

namespace loom::cc {

struct Step {
  enum class Kind {
    Run,      // run argv[0] with argv, no shell
    Rewrite,      // rewrite `input` (preprocessed CUDA) into `output` (rewrite.h)
    InlineHooks,  // gate the access hooks of `input` (assembly) into `output` (inline_hooks.h)
    Merge,        // join the device pass's `input` and the host pass's `hostInput` (pass_merge.h)
  };
  Kind kind = Kind::Run;
  std::vector<std::string> argv;
  std::string input;
  std::string output;  // for Run: the object it makes, if any (removed when a later step fails)
  bool pic = false;    // InlineHooks: the code is for a shared library (inline_hooks.h)
  std::string gdbScript;  // InlineHooks: named in the object's .debug_gdb_scripts (config.h)
  bool hostPass = false;  // Rewrite: the host pass's rewrites (rewrite.h)
  std::string hostInput;  // Merge: the host pass's object
  // Run: run as `loom-cc --launcher argv...` (the link: a build system that takes nvcc's link line
  // apart, CMake's CUDA language, then links through loom-cc, nvcc_environment.h).
  bool throughLoomCc = false;
  // Run: a compile with -fpermissive whose permissive warnings become errors again (permissive.h).
  bool permissive = false;
};

struct Plan {
  std::vector<Step> steps;
  std::vector<std::string> temporaries;  // removed at the end unless -keep
  std::vector<std::string> notes;        // printed under -v: options ignored, flags dropped
};

// Instrumentation of kernel code (DESIGN.md): -fsanitize=thread makes the compiler call
// __tsan_read/write* at every memory access, which Loom's runtime implements (libtsan is never
// linked, so -fsanitize never goes to a link). printf and puts stay calls that Loom can serialize.
const std::vector<std::string>& instrumentationArgs();

// Whether host-compiler arguments compile code for a shared library (-fPIC or -fpic, the last of
// the -f{pic,PIC,pie,PIE} family deciding), whose access gates must reach the engine through the
// GOT (inline_hooks.h).
bool compilesForSharedLibrary(const std::vector<std::string>& compileArgs);

// One .cu file's steps, in two passes (DESIGN.md, "Two compilation passes"). The device pass:
// preprocess with __CUDA_ARCH__, rewrite, compile to assembly with the instrumentation, inline
// the hooks' fast path, assemble. The host pass: preprocess without __CUDA_ARCH__, rewrite,
// compile. Then the two objects merge into one.
struct CudaCompile {
  std::string cxx;
  std::string gdbScript;  // config.h
  std::string source;
  std::string preprocessed;  // <tmp>.ii
  std::string rewritten;     // <tmp>.loom.ii
  std::string assembly;      // <tmp>.s
  std::string gated;         // <tmp>.loom.s
  std::string deviceObject;  // <tmp>.device.o
  std::string hostPreprocessed;  // <tmp>.host.ii
  std::string hostRewritten;     // <tmp>.host.loom.ii
  std::string hostObject;        // <tmp>.host.o
  std::string object;
  // Step 1 runs `cxx -E -x c++ <preprocessArgs> source -o preprocessed`;
  // step 3 runs `cxx -S -x c++-cpp-output rewritten <compileArgs> -o assembly`;
  // step 5 runs `cxx -c -x assembler gated -o deviceObject`;
  // the host pass runs `cxx -E -x c++ <hostPreprocessArgs> source -o hostPreprocessed` and
  // `cxx -c -x c++-cpp-output hostRewritten <hostCompileArgs> -o hostObject`.
  std::vector<std::string> preprocessArgs;
  std::vector<std::string> compileArgs;
  std::vector<std::string> hostPreprocessArgs;
  std::vector<std::string> hostCompileArgs;
};

// The intermediate files' names, from one base (`dir/stem`): base.ii, base.loom.ii, base.s,
// base.loom.s, base.device.o, base.host.ii, base.host.loom.ii, base.host.o.
void nameIntermediates(CudaCompile& compile, const std::string& base);

void addCudaSteps(const CudaCompile& compile, Plan& plan);

}  // namespace loom::cc
