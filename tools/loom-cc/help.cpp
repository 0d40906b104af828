#include "help.h"

#include "arch.h"
#include "cuda_defines.h"

namespace loom::cc {

// The second and third lines are nvcc's own, which build systems read: CMake recognises nvcc's
// command line by "nvcc: NVIDIA (R) Cuda compiler driver" and takes the toolkit version from "V<x.y.z>".
std::string versionText(int arch) {
  return "loom-cc (Loom) 0.1.0, emulating " + smName(arch) +
         "; nvcc-compatible command line\n"
         "nvcc: NVIDIA (R) Cuda compiler driver (command line), CUDA " +
         std::to_string(kCudaVersionMajor) + "." + std::to_string(kCudaVersionMinor) +
         " as emulated by Loom\n"
         "Cuda compilation tools, release " + std::to_string(kCudaVersionMajor) + "." +
         std::to_string(kCudaVersionMinor) + ", V" + std::to_string(kCudaVersionMajor) + "." +
         std::to_string(kCudaVersionMinor) + "." + std::to_string(kCudaVersionBuild) + "\n";
}

std::string helpText() {
  return R"(Usage: loom-cc [options] <inputs>
A drop-in for nvcc's command line: CUDA programs are compiled as host C++ against Loom's CUDA
headers and run on the CPU. Options take their value as -opt=value or -opt value (-Idir -DX -lm -O3
also attached); list options split values at commas.

Inputs: .cu (CUDA, compiled in two passes as by nvcc: a device pass with __CUDA_ARCH__,
rewritten and instrumented with -fsanitize=thread, and a host pass without it, plain C++; see
tools/loom-cc/README.md), .cpp .cc .cxx .C (host C++, no __CUDACC__), .c (host C), .o .a .so
(linked); @file reads more arguments from a file.

Output:
  -o, --output-file <file>     output (default a.out; with -c, <stem>.o per input)
  -c, --compile                compile only;  -dc, --device-c  the same, with -rdc=true
  -dlink, --device-link        an empty object: Loom's device code is in the objects already
  -M, -MM, -MD, -MMD, -MF <f>, -MT <t>, -MP
                               dependencies, as gcc writes them (-MD: next to the object)
  -shared                      link a shared library
Compilation:
  -O0 .. -O3, --optimize <n>   host optimization (default -O2, not nvcc's -O3 host default:
                               instrumented kernels at -O3 compile slowly and gain little)
  -g, --debug                  full debug information (default for .cu files: -g1, enough for
                               Loom's reports to name file:line)
  -G, --device-debug           .cu files at -O0 -g, as nvcc compiles device code with -G
  -lineinfo                    accepted: -g1 already gives line information
  -I, -isystem, -include, -D, -U   as in nvcc (before Loom's own include directories; a
                               directory holding NVIDIA's cuda_runtime.h is dropped, as are
                               -lcudart and -lcuda: Loom stands for them; -v says so)
  -std=c++17|c++20, --std      language standard (default c++17; c++11/c++14 become c++17)
  -x cu|c++|c|none             language of every source input
  -Xcompiler <a,b>             options for the host compiler (compiles and links)
  -Xlinker <a,b>, -l, -L       options for the link
  -forward-unknown-to-host-compiler, -forward-unknown-opts, -forward-unknown-to-host-linker
                               an unknown option goes to the host compiler (linker) instead of
                               failing (CMake's CUDA language passes the first)
  -ccbin <compiler|dir>        host compiler (default: from loom-cc.conf)
  -w, -Werror all-warnings, -Wno-deprecated-declarations
Device:
  -arch=sm_XX, --gpu-architecture, -code, -gencode arch=compute_XX,code=sm_XX (repeatable)
                               the emulated architecture is the highest sm_XX named (default
                               sm_90; native, all, all-major: sm_90). .cu files see it as
                               __CUDA_ARCH__ (device pass), LOOM_EMULATED_ARCH and
                               __CUDA_ARCH_LIST__
  --use_fast_math              __USE_FAST_MATH__, LOOM_FAST_MATH, and -ftz=true -prec-div=false
                               -prec-sqrt=false -fmad=true
  -ftz, -prec-div, -prec-sqrt, -fmad =true|false
                               defines LOOM_FTZ, LOOM_PREC_DIV, LOOM_PREC_SQRT, LOOM_FMAD (0|1)
  --extended-lambda, --expt-extended-lambda, --expt-relaxed-constexpr, -rdc=true|false,
  --default-stream legacy|per-thread
                               define nvcc's macros for them (__CUDACC_EXTENDED_LAMBDA__, ...)
  -Xptxas, -maxrregcount, -res-usage, -Xnvlink, -Xcudafe, --diag-suppress, -t, -m64,
  -Wno-deprecated-gpu-targets, -cudart ...    accepted without effect (-v says why)
Driver:
  -v, --verbose                print where Loom's toolkit is (nvcc's TOP=, INCLUDES=,
                               LIBRARIES= lines, which CMake reads), then each command before
                               running it
  --dryrun                     print the commands, run none
  -keep, --save-temps, --keep-dir <dir>
                               keep the preprocessed (.ii, .host.ii), rewritten (.loom.ii,
                               .host.loom.ii) and assembly (.s, .loom.s) files
  --options-file <file>        read more options from a file
  --version, --help

Loom modes:
  loom-cc --launcher <compiler> <args...>
                               CMake's CXX_COMPILER_LAUNCHER: .cu compiles go through Loom,
                               anything else runs unchanged (LOOM_CC_VERBOSE=1 prints the steps)
  loom-cc --loom-rewrite <in.ii> -o <out.ii>
                               the source rewrite alone, on preprocessed text

Environment: LOOM_CC_CONF names the configuration file (default:
<loom-cc's directory>/../share/loom/loom-cc.conf).
)";
}

}  // namespace loom::cc
