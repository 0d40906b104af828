#include "plan.h"

#include <string>
#include <vector>

#include "permissive.h"

namespace loom::cc {

namespace {
// The double names; each is interposed with its float version (name + "f") too.
constexpr const char* kInterposedMath[] = {
    "sin",   "cos",   "tan",   "sincos", "exp",    "exp2",      "exp10", "expm1", "log",
    "log2",  "log10", "log1p", "pow",    "sqrt",   "cbrt",      "hypot", "atan2", "asin",
    "acos",  "atan",  "sinh",  "cosh",   "tanh",   "asinh",     "acosh", "atanh", "erf",
    "erfc",  "tgamma", "lgamma", "fmod", "remainder", "frexp", "ldexp", "modf"};
}  // namespace

const std::vector<std::string>& instrumentationArgs() {
  // Kernel code calls Loom's __tsan_* hooks for its memory accesses, but never needs the
  // function entry/exit hooks (two calls per CUDA thread), and the fence warning is about
  // libtsan, which Loom does not use. These spellings are GCC's (the default host compiler).
  // The math functions Loom interposes (emu/device/math_interpose.cpp) must be real calls:
  // -fno-builtin-<name> stops g++ from folding them on constants, inlining sqrt as an
  // instruction, and merging sin+cos into sincos behind the interposer's back. malloc and
  // free too: device code's are the device malloc heap's, and a leak must not be optimised away.
  // Barriers are distinct instructions per source site on the device (LLVM marks them
  // convergent, so nvcc never merges two of them); Loom tells barriers apart by their call's
  // return address, and g++ merged `if (c) __syncthreads(); else __syncthreads();` into one
  // call (tail merging, cross-jumping, code hoisting), hiding the divergence synccheck reports.
  // No sibling calls: a kernel or device function whose last act is a call into the runtime
  // (printf, an atomic) keeps its frame, so the runtime's call site (LOOM_CALL_SITE, a fault's
  // callers) is the user's line and not the caller of the function that made the call.
  // Volatile accesses get their own hooks (tsan-distinguish-volatile): a volatile load is where
  // a spinning thread lets its block's other threads run in fast mode (emu/device/tsan_hooks.cpp).
  // No red zone: a kernel's run loop switches fibers with a push right below the stack pointer
  // (loom/runtime/context_switch.h); instrumented code is never a leaf function anyway.
  // Vector types are loaded and stored whole on the device (LDS.128, STG.64...); g++'s scalar
  // replacement of aggregates splits `float4 v = in[i]` and `out[i] = make_float4(...)` into
  // member accesses, which the counters would see as four requests (and bank conflicts that do
  // not exist). -fno-tree-sra keeps them whole.
  // No type-based alias analysis: device code reinterprets bytes between types as a matter of
  // course (CUB's tile descriptors are written as one type and read back through
  // `reinterpret_cast` of a longlong2), which nvcc compiles as written and g++'s strict aliasing
  // would reorder (ReduceByKey's look-back then never sees a tile's status).
  static const std::vector<std::string> args = [] {
    std::vector<std::string> a{"-fsanitize=thread", "--param=tsan-instrument-func-entry-exit=0",
                               "--param=tsan-distinguish-volatile=1", "-Wno-tsan", "-fno-optimize-sibling-calls", "-fno-builtin-printf", "-fno-builtin-puts",
                               "-fno-builtin-malloc", "-fno-builtin-free",
                               "-fno-tree-tail-merge", "-fno-crossjumping", "-fno-code-hoisting",
                               "-fno-tree-sra", "-mno-red-zone", "-fno-strict-aliasing"};
    for (const char* f : kInterposedMath) {
      a.push_back(std::string("-fno-builtin-") + f);
      a.push_back(std::string("-fno-builtin-") + f + "f");
    }
    return a;
  }();
  return args;
}

bool compilesForSharedLibrary(const std::vector<std::string>& compileArgs) {
  bool pic = false;  // g++'s own default on Debian is -fPIE: an executable's code
  for (const std::string& a : compileArgs) {
    if (a == "-fPIC" || a == "-fpic") pic = true;
    else if (a == "-fPIE" || a == "-fpie" || a == "-fno-pic" || a == "-fno-PIC") pic = false;
  }
  return pic;
}

void nameIntermediates(CudaCompile& c, const std::string& base) {
  c.preprocessed = base + ".ii";
  c.rewritten = base + ".loom.ii";
  c.assembly = base + ".s";
  c.gated = base + ".loom.s";
  c.deviceObject = base + ".device.o";
  c.hostPreprocessed = base + ".host.ii";
  c.hostRewritten = base + ".host.loom.ii";
  c.hostObject = base + ".host.o";
}

namespace {

Step run(std::vector<std::string> argv, const std::vector<std::string>& args, std::vector<std::string> tail) {
  Step s;
  s.argv = std::move(argv);
  s.argv.insert(s.argv.end(), args.begin(), args.end());
  s.argv.insert(s.argv.end(), tail.begin(), tail.end());
  return s;
}

Step rewriteStep(const std::string& input, const std::string& output, bool hostPass) {
  Step s;
  s.kind = Step::Kind::Rewrite;
  s.input = input;
  s.output = output;
  s.hostPass = hostPass;
  return s;
}

}  // namespace

// The front end's compiles run as nvcc's would accept (permissive.h).
static Step permissive(Step step) {
  step.argv.push_back(kPermissiveFlag);
  step.permissive = true;
  return step;
}

void addCudaSteps(const CudaCompile& c, Plan& plan) {
  // The device pass.
  plan.steps.push_back(run({c.cxx, "-E", "-x", "c++"}, c.preprocessArgs, {c.source, "-o", c.preprocessed}));
  plan.steps.push_back(rewriteStep(c.preprocessed, c.rewritten, false));
  plan.steps.push_back(
      permissive(run({c.cxx, "-S", "-x", "c++-cpp-output", c.rewritten}, c.compileArgs, {"-o", c.assembly})));
  Step gate;
  gate.kind = Step::Kind::InlineHooks;
  gate.input = c.assembly;
  gate.output = c.gated;
  gate.pic = compilesForSharedLibrary(c.compileArgs);
  gate.gdbScript = c.gdbScript;
  plan.steps.push_back(std::move(gate));
  // No -g here: the assembly carries g++'s debug information already, and -g would have the
  // assembler describe the .s file itself.
  plan.steps.push_back(run({c.cxx, "-c", "-x", "assembler", c.gated, "-o", c.deviceObject}, {}, {}));

  // The host pass.
  plan.steps.push_back(run({c.cxx, "-E", "-x", "c++"}, c.hostPreprocessArgs, {c.source, "-o", c.hostPreprocessed}));
  plan.steps.push_back(rewriteStep(c.hostPreprocessed, c.hostRewritten, true));
  plan.steps.push_back(
      permissive(run({c.cxx, "-c", "-x", "c++-cpp-output", c.hostRewritten}, c.hostCompileArgs, {"-o", c.hostObject})));

  Step merge;
  merge.kind = Step::Kind::Merge;
  merge.input = c.deviceObject;
  merge.hostInput = c.hostObject;
  merge.output = c.object;
  plan.steps.push_back(std::move(merge));

  for (const std::string* t : {&c.preprocessed, &c.rewritten, &c.assembly, &c.gated, &c.deviceObject,
                               &c.hostPreprocessed, &c.hostRewritten, &c.hostObject})
    plan.temporaries.push_back(*t);
}

}  // namespace loom::cc
