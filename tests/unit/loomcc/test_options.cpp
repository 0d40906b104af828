// loom-cc's nvcc command-line parser.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "arch.h"
#include "options.h"

namespace {

using loom::cc::InputKind;
using loom::cc::Options;
using loom::cc::parseNvccArgs;
using Args = std::vector<std::string>;

Options parsed(const Args& args) {
  auto r = parseNvccArgs(args);
  INFO("error: " << r.error.value_or(""));
  REQUIRE(!r.error);
  return r.options;
}

std::string errorOf(const Args& args) {
  auto r = parseNvccArgs(args);
  REQUIRE(r.error);
  return *r.error;
}

int archOf(const Args& args) {
  Args a = args;
  a.push_back("k.cu");
  return parsed(a).arch;
}

}  // namespace

TEST_CASE("options: defaults", "[loomcc][options]") {
  Options o = parsed({"k.cu"});
  CHECK(o.optimization == "2");
  CHECK(o.standard == "c++17");
  CHECK(o.arch == 900);
  CHECK(!o.compileOnly);
  CHECK(!o.output);
  CHECK(!o.hostDebug);
  CHECK(!o.deviceDebug);
  CHECK(o.precDiv);
  CHECK(o.precSqrt);
  CHECK(o.fmad);
  CHECK(!o.ftz);
  REQUIRE(o.inputs.size() == 1);
  CHECK(o.inputs[0].kind == InputKind::Cuda);
}

TEST_CASE("options: output, compile, optimization, debug", "[loomcc][options]") {
  CHECK(parsed({"-o", "app", "k.cu"}).output == "app");
  CHECK(parsed({"-o=app", "k.cu"}).output == "app");
  CHECK(parsed({"--output-file", "app", "k.cu"}).output == "app");
  CHECK(parsed({"--output-file=app", "k.cu"}).output == "app");
  CHECK(parsed({"-c", "k.cu"}).compileOnly);
  CHECK(parsed({"--compile", "k.cu"}).compileOnly);
  Options dc = parsed({"-dc", "k.cu"});
  CHECK(dc.compileOnly);
  CHECK(dc.relocatableDeviceCode);
  CHECK(parsed({"--device-c", "k.cu"}).compileOnly);
  CHECK(parsed({"-link", "k.cu"}).inputs.size() == 1);
  for (const char* level : {"0", "1", "2", "3"}) {
    CHECK(parsed({std::string("-O") + level, "k.cu"}).optimization == level);
    CHECK(parsed({"-O", level, "k.cu"}).optimization == level);
    CHECK(parsed({std::string("--optimize=") + level, "k.cu"}).optimization == level);
  }
  CHECK(errorOf({"-O4", "k.cu"}) == "loom-cc: error: value '4' is not defined for option '-O'");
  CHECK(errorOf({"-Ofast", "k.cu"}) ==
        "loom-cc: error: value 'fast' is not defined for option '-O'");
  CHECK(parsed({"-g", "k.cu"}).hostDebug);
  CHECK(parsed({"--debug", "k.cu"}).hostDebug);
  CHECK(parsed({"-G", "k.cu"}).deviceDebug);
  CHECK(parsed({"--device-debug", "k.cu"}).deviceDebug);
  CHECK(parsed({"-lineinfo", "k.cu"}).lineInfo);
  CHECK(parsed({"--generate-line-info", "k.cu"}).lineInfo);
  // -lineinfo is not -l ineinfo.
  CHECK(parsed({"-lineinfo", "k.cu"}).linkerArgs.empty());
}

TEST_CASE("options: preprocessor flags keep their order; lists split at commas",
          "[loomcc][options]") {
  Options o =
      parsed({"-Ia", "-I", "b,c", "-DX", "-D", "Y=2,Z", "--define-macro=W=1", "-UV", "-U", "Q",
              "--include-path=d", "-isystem", "s", "-include", "pre.h", "-DP=f(a\\,b)", "k.cu"});
  CHECK(o.preprocessorArgs == Args{"-Ia", "-Ib", "-Ic", "-DX", "-DY=2", "-DZ", "-DW=1", "-UV",
                                   "-UQ", "-Id", "-isystem", "s", "-include", "pre.h",
                                   "-DP=f(a,b)"});
}

TEST_CASE("options: language standard", "[loomcc][options]") {
  CHECK(parsed({"-std=c++20", "k.cu"}).standard == "c++20");
  CHECK(parsed({"--std", "c++20", "k.cu"}).standard == "c++20");
  CHECK(parsed({"--std=c++17", "k.cu"}).standard == "c++17");
  Options old = parsed({"-std=c++14", "k.cu"});
  CHECK(old.standard == "c++17");
  CHECK(old.warnings == Args{"loom-cc: warning: compiling as c++17 instead of c++14: Loom's CUDA "
                             "headers need C++17"});
  CHECK(errorOf({"-std=gnu++17", "k.cu"}) ==
        "loom-cc: error: value 'gnu++17' is not defined for option '-std'");
}

TEST_CASE("options: the emulated architecture", "[loomcc][options][arch]") {
  CHECK(archOf({}) == 900);
  CHECK(archOf({"-arch=sm_80"}) == 800);
  CHECK(archOf({"-arch", "sm_86"}) == 860);
  CHECK(archOf({"--gpu-architecture=sm_75"}) == 750);
  CHECK(archOf({"--gpu-architecture", "compute_70"}) == 700);
  CHECK(archOf({"-arch=sm_90a"}) == 900);
  CHECK(archOf({"-arch=sm_100"}) == 1000);
  CHECK(archOf({"-arch=native"}) == 900);
  CHECK(archOf({"-arch=all"}) == 900);
  CHECK(archOf({"-arch=all-major"}) == 900);
  // -gencode: the highest sm listed, whatever the spelling.
  CHECK(archOf({"-gencode", "arch=compute_80,code=sm_80"}) == 800);
  CHECK(archOf({"-gencode=arch=compute_70,code=sm_70", "-gencode", "arch=compute_86,code=sm_86",
                "-gencode", "arch=compute_75,code=sm_75"}) == 860);
  CHECK(archOf({"--generate-code=arch=compute_90,code=[compute_90,sm_90]"}) == 900);
  CHECK(archOf({"-gencode", "arch=compute_80,code=\"sm_80,compute_80\""}) == 800);
  // Only a virtual architecture (PTX for JIT): that one.
  CHECK(archOf({"-gencode", "arch=compute_75,code=compute_75"}) == 750);
  CHECK(archOf({"-arch=sm_70", "-gencode", "arch=compute_80,code=sm_80"}) == 800);
  CHECK(archOf({"-arch=compute_80", "-code=sm_80,sm_86"}) == 860);
  // nvcc takes the last -arch, with a warning.
  auto twice = parsed({"-arch=sm_90", "-arch=sm_80", "k.cu"});
  CHECK(twice.arch == 800);
  CHECK(twice.warnings.size() == 1);
  CHECK(errorOf({"-arch=kepler", "k.cu"}) ==
        "loom-cc: error: unsupported GPU architecture 'kepler' for option '-arch' (expected "
        "sm_XX, compute_XX, native, all or all-major)");
  CHECK(errorOf({"-gencode", "code=sm_80", "k.cu"}) ==
        "loom-cc: error: malformed value 'code=sm_80' for option '-gencode' (expected "
        "arch=compute_XX,code=sm_XX)");
  CHECK(loom::cc::smName(860) == "sm_86");
}

TEST_CASE("options: host compiler and linker options", "[loomcc][options]") {
  Options o = parsed({"-Xcompiler", "-fopenmp,-Wall", "-Xcompiler=-fPIC", "--compiler-options",
                      "-Wextra -Wshadow", "-Xlinker", "-rpath,/x", "-lm", "-l", "foo,bar", "-L/lib",
                      "--library-path", "/l2", "--library=baz", "k.cu"});
  CHECK(o.compilerArgs == Args{"-fopenmp", "-Wall", "-fPIC", "-Wextra", "-Wshadow"});
  CHECK(o.linkerArgs == Args{"-Xlinker", "-rpath", "-Xlinker", "/x", "-lm", "-lfoo", "-lbar",
                             "-L/lib", "-L/l2", "-lbaz"});
  CHECK(parsed({"-ccbin", "/usr/bin/g++-12", "k.cu"}).hostCompiler == "/usr/bin/g++-12");
  CHECK(parsed({"--compiler-bindir=/opt/gcc/bin", "k.cu"}).hostCompiler == "/opt/gcc/bin");
  CHECK(parsed({"-w", "k.cu"}).compilerArgs == Args{"-w"});
  CHECK(parsed({"-Werror", "all-warnings", "k.cu"}).compilerArgs == Args{"-Werror"});
  CHECK(parsed({"-Wno-deprecated-declarations", "k.cu"}).compilerArgs ==
        Args{"-Wno-deprecated-declarations"});
  CHECK(parsed({"-shared", "k.cu"}).shared);
}

TEST_CASE("options: dependency flags", "[loomcc][options]") {
  Options md = parsed({"-MD", "-MF", "x.d", "-MT", "x.o", "-MP", "-c", "k.cu"});
  CHECK(md.dependencyArgs == Args{"-MD", "-MF", "x.d", "-MT", "x.o", "-MP"});
  CHECK(!md.dependenciesOnly);
  CHECK(parsed({"-MMD", "-c", "k.cu"}).dependencyArgs == Args{"-MMD"});
  CHECK(parsed({"-M", "k.cu"}).dependenciesOnly);
  CHECK(parsed({"-MM", "k.cu"}).dependenciesOnly);
  CHECK(parsed({"--generate-dependencies", "k.cu"}).dependenciesOnly);
  CHECK(parsed({"--generate-dependencies-with-compile", "--dependency-output", "k.d", "-c", "k.cu"})
            .dependencyArgs == Args{"-MD", "-MF", "k.d"});
}

TEST_CASE("options: device-code flags", "[loomcc][options]") {
  Options fast = parsed({"--use_fast_math", "k.cu"});
  CHECK(fast.fastMath);
  CHECK(fast.ftz);
  CHECK(!fast.precDiv);
  CHECK(!fast.precSqrt);
  CHECK(fast.fmad);
  // Given explicitly, they win over --use_fast_math's implications.
  Options mixed = parsed({"-use_fast_math", "-ftz=false", "--prec-div=true", "k.cu"});
  CHECK(!mixed.ftz);
  CHECK(mixed.precDiv);
  CHECK(!mixed.precSqrt);
  Options flags =
      parsed({"-ftz=true", "-prec-div=false", "-prec-sqrt", "false", "-fmad=false", "k.cu"});
  CHECK(flags.ftz);
  CHECK(!flags.precDiv);
  CHECK(!flags.precSqrt);
  CHECK(!flags.fmad);
  CHECK(errorOf({"-ftz=yes", "k.cu"}) ==
        "loom-cc: error: value 'yes' is not defined for option '-ftz'");
  CHECK(parsed({"--extended-lambda", "k.cu"}).extendedLambda);
  CHECK(parsed({"--expt-extended-lambda", "k.cu"}).extendedLambda);
  CHECK(parsed({"-expt-extended-lambda", "k.cu"}).extendedLambda);
  CHECK(parsed({"--expt-relaxed-constexpr", "k.cu"}).relaxedConstexpr);
  CHECK(parsed({"-rdc=true", "k.cu"}).relocatableDeviceCode);
  CHECK(!parsed({"-rdc", "false", "k.cu"}).relocatableDeviceCode);
  CHECK(parsed({"--relocatable-device-code=true", "k.cu"}).relocatableDeviceCode);
  CHECK(parsed({"--default-stream", "per-thread", "k.cu"}).perThreadDefaultStream);
  CHECK(!parsed({"--default-stream=legacy", "k.cu"}).perThreadDefaultStream);
}

TEST_CASE("options: accepted without effect, noted for -v", "[loomcc][options]") {
  Options o = parsed({"-Xptxas", "-v", "-maxrregcount=32", "-res-usage", "--resource-usage",
                      "--ptxas-options=-O3", "-Wno-deprecated-gpu-targets", "-m64", "--machine=64",
                      "-m", "64", "-Xcudafe", "--diag_suppress=20012", "--diag-suppress", "177",
                      "-t", "4", "k.cu"});
  CHECK(o.notes == Args{"ignoring '-Xptxas -v': no PTX assembler runs",
                        "ignoring '-maxrregcount 32': registers are not modelled",
                        "ignoring '-res-usage': registers are not modelled",
                        "ignoring '--resource-usage': registers are not modelled",
                        "ignoring '--ptxas-options -O3': no PTX assembler runs",
                        "ignoring '-Xcudafe --diag_suppress=20012': no CUDA front end runs",
                        "ignoring '--diag-suppress 177': CUDA front-end diagnostics do not "
                        "exist here",
                        "ignoring '-t 4': each input is one host compiler run"});
  CHECK(o.inputs.size() == 1);
  CHECK(errorOf({"-m32", "k.cu"}) ==
        "loom-cc: error: unknown nvcc option '-m32'\nloom-cc: note: '-m32' is an nvcc option "
        "that Loom does not support: Loom builds 64-bit code only");
}

TEST_CASE("options: driver flags", "[loomcc][options]") {
  CHECK(parsed({"-v", "k.cu"}).verbose);
  CHECK(parsed({"--verbose", "k.cu"}).verbose);
  CHECK(parsed({"--dryrun", "k.cu"}).dryRun);
  CHECK(parsed({"-dryrun", "k.cu"}).dryRun);
  CHECK(parsed({"-keep", "k.cu"}).keep);
  CHECK(parsed({"--save-temps", "k.cu"}).keep);
  CHECK(parsed({"-keep", "--keep-dir", "tmp", "k.cu"}).keepDir == "tmp");
  // --version and --help need no input.
  CHECK(parsed({"--version"}).showVersion);
  CHECK(parsed({"-V"}).showVersion);
  CHECK(parsed({"--help"}).showHelp);
  CHECK(parsed({"-h"}).showHelp);
}

TEST_CASE("options: inputs and -x", "[loomcc][options]") {
  Options o = parsed(
      {"a.cu", "b.cpp", "c.cc", "d.cxx", "e.c", "f.o", "libg.a", "libh.so", "libi.so.1.2", "j.C"});
  std::vector<InputKind> kinds;
  for (const auto& in : o.inputs) kinds.push_back(in.kind);
  CHECK(kinds == std::vector<InputKind>{InputKind::Cuda, InputKind::Cxx, InputKind::Cxx,
                                        InputKind::Cxx, InputKind::C, InputKind::Linker,
                                        InputKind::Linker, InputKind::Linker, InputKind::Linker,
                                        InputKind::Cxx});
  // -x applies to every source input, as in nvcc; linker inputs stay linker inputs.
  Options x = parsed({"a.cpp", "-x", "cu", "b.c", "c.o"});
  CHECK(x.inputs[0].kind == InputKind::Cuda);
  CHECK(x.inputs[1].kind == InputKind::Cuda);
  CHECK(x.inputs[2].kind == InputKind::Linker);
  CHECK(parsed({"-x", "c++", "k.cu"}).inputs[0].kind == InputKind::Cxx);
  CHECK(parsed({"--x=cu", "k.cpp"}).inputs[0].kind == InputKind::Cuda);
  CHECK(parsed({"-x", "cu", "-x", "none", "k.cpp"}).inputs[0].kind == InputKind::Cxx);
  CHECK(errorOf({"-x", "fortran", "k.cu"}) ==
        "loom-cc: error: value 'fortran' is not defined for option '-x'");
  CHECK(errorOf({"k.xyz"}) == "loom-cc: error: don't know what to do with 'k.xyz'");
  CHECK(errorOf({}) == "loom-cc: error: no input files (use --help for the options)");
}

TEST_CASE("options: output naming errors", "[loomcc][options]") {
  CHECK(errorOf({"-c", "a.cu", "b.cu", "-o", "x.o"}) ==
        "loom-cc: error: a single input file is required for a non-link phase when an output "
        "file is specified");
  CHECK(parsed({"-c", "a.cu", "b.cu"}).inputs.size() == 2);
  CHECK(parsed({"a.cu", "b.cu", "-o", "app"}).output == "app");
  CHECK(parsed({"-c", "a.cu", "x.o", "-o", "a.o"}).warnings ==
        Args{"loom-cc: warning: 'x.o': linker input file unused because linking is not done"});
  CHECK(errorOf({"-c", "x.o"}) == "loom-cc: error: no source files to compile (-c)");
}

TEST_CASE("options: unknown options", "[loomcc][options]") {
  CHECK(errorOf({"--frobnicate", "k.cu"}) == "loom-cc: error: unknown nvcc option '--frobnicate'");
  CHECK(errorOf({"-ptx", "k.cu"}) ==
        "loom-cc: error: unknown nvcc option '-ptx'\nloom-cc: note: '-ptx' is an nvcc option "
        "that Loom does not support: Loom compiles CUDA to host code, so there is no PTX, cubin "
        "or fatbinary");
  CHECK(errorOf({"-lib", "k.cu"}).find("ar rcs") != std::string::npos);
  CHECK(errorOf({"-E", "k.cu"}).find("-keep") != std::string::npos);
  CHECK(errorOf({"-Wall", "k.cu"}) ==
        "loom-cc: error: unknown nvcc option '-Wall'\nloom-cc: note: if it is an option of the "
        "host compiler, write -Xcompiler -Wall");
  CHECK(errorOf({"-fPIC", "k.cu"}) ==
        "loom-cc: error: unknown nvcc option '-fPIC'\nloom-cc: note: if it is an option of the "
        "host compiler, write -Xcompiler -fPIC");
  CHECK(errorOf({"-Wl,-rpath,/x", "k.cu"}) ==
        "loom-cc: error: unknown nvcc option '-Wl,-rpath,/x'\nloom-cc: note: to pass it to the "
        "linker, write -Xlinker -rpath,/x");
  // nvcc does not take -o's value attached.
  CHECK(errorOf({"-oapp", "k.cu"}) == "loom-cc: error: unknown nvcc option '-oapp'");
  CHECK(errorOf({"-o"}) == "loom-cc: error: option '-o' expects a value");
  CHECK(errorOf({"-c=1", "k.cu"}) == "loom-cc: error: option '-c' takes no value");
}

TEST_CASE("options: --options-file", "[loomcc][options]") {
  auto path = std::filesystem::temp_directory_path() / "loomcc_test_options_file.txt";
  {
    std::ofstream f(path);
    f << "-O3 -DNAME='a b' \"-I/dir with space\"\n-arch=sm_80\n";
  }
  Options o = parsed({"--options-file", path.string(), "k.cu"});
  std::filesystem::remove(path);
  CHECK(o.optimization == "3");
  CHECK(o.preprocessorArgs == Args{"-DNAME=a b", "-I/dir with space"});
  CHECK(o.arch == 800);
  CHECK(errorOf({"-optf", "/nonexistent/loomcc", "k.cu"}) ==
        "loom-cc: error: cannot read options file '/nonexistent/loomcc'");
}

TEST_CASE("options: forwarding unknown options to the host compiler or linker", "[loomcc][options]") {
  // nvcc's -forward-unknown-to-host-compiler, which CMake's CUDA language passes on every compile:
  // an option nvcc does not know goes to the host compiler, wherever the flag stands.
  Options o = parsed({"-Wall", "-forward-unknown-to-host-compiler", "-fno-omit-frame-pointer", "-c", "k.cu"});
  CHECK(o.compilerArgs == Args{"-Wall", "-fno-omit-frame-pointer"});
  CHECK(parsed({"--forward-unknown-opts", "-Wextra", "-c", "k.cu"}).compilerArgs == Args{"-Wextra"});
  CHECK(parsed({"-forward-unknown-to-host-linker", "-Wl,--as-needed", "k.cu"}).linkerArgs ==
        Args{"-Wl,--as-needed"});
  // Known options keep their meaning.
  CHECK(parsed({"-forward-unknown-to-host-compiler", "-O3", "-c", "k.cu"}).optimization == "3");
}

TEST_CASE("options: response files", "[loomcc][options]") {
  // `@file` reads arguments from a file, as gcc and nvcc do (CMake lists objects so).
  auto path = std::filesystem::temp_directory_path() / "loomcc_test_response_file.txt";
  {
    std::ofstream f(path);
    f << "a.o \"b c.o\"\n";
  }
  Options o = parsed({"@" + path.string(), "-o", "app"});
  std::filesystem::remove(path);
  REQUIRE(o.inputs.size() == 2);
  CHECK(o.inputs[0].path == "a.o");
  CHECK(o.inputs[1].path == "b c.o");
}
