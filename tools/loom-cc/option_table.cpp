#include "option_table.h"

#include <array>

namespace loom::cc {
namespace {

using I = OptionId;

// Short and long names as nvcc spells them; either may be written with one dash or two.
constexpr std::array kOptions{
    OptionSpec{"o", "output-file", true, I::Output},
    OptionSpec{"c", "compile", false, I::Compile},
    OptionSpec{"dc", "device-c", false, I::DeviceCompile},
    OptionSpec{"dlink", "device-link", false, I::DeviceLink},
    OptionSpec{"link", "link", false, I::Link},
    OptionSpec{"O", "optimize", true, I::Optimize, true},
    OptionSpec{"g", "debug", false, I::Debug},
    OptionSpec{"G", "device-debug", false, I::DeviceDebug},
    OptionSpec{"lineinfo", "generate-line-info", false, I::LineInfo},
    OptionSpec{"I", "include-path", true, I::IncludePath, true},
    OptionSpec{"isystem", "system-include", true, I::SystemInclude},
    OptionSpec{"include", "pre-include", true, I::PreInclude},
    OptionSpec{"D", "define-macro", true, I::Define, true},
    OptionSpec{"U", "undefine-macro", true, I::Undefine, true},
    OptionSpec{"std", "std", true, I::Std},
    OptionSpec{"arch", "gpu-architecture", true, I::Arch},
    OptionSpec{"code", "gpu-code", true, I::Code},
    OptionSpec{"gencode", "generate-code", true, I::Gencode},
    OptionSpec{"Xcompiler", "compiler-options", true, I::Xcompiler},
    OptionSpec{"Xlinker", "linker-options", true, I::Xlinker},
    OptionSpec{"x", "x", true, I::Language},
    OptionSpec{"extended-lambda", "extended-lambda", false, I::ExtendedLambda},
    OptionSpec{"expt-extended-lambda", "expt-extended-lambda", false, I::ExtendedLambda},
    OptionSpec{"expt-relaxed-constexpr", "expt-relaxed-constexpr", false, I::RelaxedConstexpr},
    OptionSpec{"l", "library", true, I::Library, true},
    OptionSpec{"L", "library-path", true, I::LibraryPath, true},
    OptionSpec{"M", "generate-dependencies", false, I::DepM},
    OptionSpec{"MM", "generate-nonsystem-dependencies", false, I::DepMM},
    OptionSpec{"MD", "generate-dependencies-with-compile", false, I::DepMD},
    OptionSpec{"MMD", "generate-nonsystem-dependencies-with-compile", false, I::DepMMD},
    OptionSpec{"MF", "dependency-output", true, I::DepMF},
    OptionSpec{"MT", "dependency-target-name", true, I::DepMT},
    OptionSpec{"MP", "generate-dependency-targets", false, I::DepMP},
    OptionSpec{"ccbin", "compiler-bindir", true, I::Ccbin},
    OptionSpec{"rdc", "relocatable-device-code", true, I::Rdc},
    OptionSpec{"use_fast_math", "use_fast_math", false, I::FastMath},
    OptionSpec{"ftz", "ftz", true, I::Ftz},
    OptionSpec{"prec-div", "prec-div", true, I::PrecDiv},
    OptionSpec{"prec-sqrt", "prec-sqrt", true, I::PrecSqrt},
    OptionSpec{"fmad", "fmad", true, I::Fmad},
    OptionSpec{"m64", "m64", false, I::Ignored},
    OptionSpec{"m", "machine", true, I::Machine},
    OptionSpec{"shared", "shared", false, I::Shared},
    OptionSpec{"v", "verbose", false, I::Verbose},
    OptionSpec{"dryrun", "dryrun", false, I::DryRun},
    OptionSpec{"keep", "keep", false, I::Keep},
    // An option nvcc does not know goes to the host compiler (or linker) instead of failing: CMake's
    // CUDA language passes -forward-unknown-to-host-compiler on every compile.
    OptionSpec{"forward-unknown-to-host-compiler", "forward-unknown-to-host-compiler", false, I::ForwardUnknownToCompiler},
    OptionSpec{"forward-unknown-opts", "forward-unknown-opts", false, I::ForwardUnknownToCompiler},
    OptionSpec{"forward-unknown-to-host-linker", "forward-unknown-to-host-linker", false, I::ForwardUnknownToLinker},
    OptionSpec{"save-temps", "save-temps", false, I::Keep},
    OptionSpec{"keep-dir", "keep-dir", true, I::KeepDir},
    OptionSpec{"V", "version", false, I::Version},
    OptionSpec{"h", "help", false, I::Help},
    OptionSpec{"w", "disable-warnings", false, I::DisableWarnings},
    OptionSpec{"Werror", "Werror", true, I::Werror},
    OptionSpec{"default-stream", "default-stream", true, I::DefaultStream},
    OptionSpec{"optf", "options-file", true, I::OptionsFile},
    OptionSpec{"Wno-deprecated-declarations", "Wno-deprecated-declarations", false, I::PassToHost},
    OptionSpec{"Wno-deprecated-gpu-targets", "Wno-deprecated-gpu-targets", false, I::Ignored},
    // Accepted without effect; -v says why.
    OptionSpec{"Xptxas", "ptxas-options", true, I::Ignored, false, "no PTX assembler runs"},
    OptionSpec{"maxrregcount", "maxrregcount", true, I::Ignored, false,
               "registers are not modelled"},
    OptionSpec{"res-usage", "resource-usage", false, I::Ignored, false,
               "registers are not modelled"},
    OptionSpec{"Xnvlink", "nvlink-options", true, I::Ignored, false, "there is no device link"},
    OptionSpec{"Xfatbin", "fatbin-options", true, I::Ignored, false, "there is no fatbinary"},
    OptionSpec{"Xcudafe", "Xcudafe", true, I::Ignored, false, "no CUDA front end runs"},
    OptionSpec{"diag-suppress", "diag-suppress", true, I::Ignored, false,
               "CUDA front-end diagnostics do not exist here"},
    OptionSpec{"diag-warn", "diag-warn", true, I::Ignored, false,
               "CUDA front-end diagnostics do not exist here"},
    OptionSpec{"diag-error", "diag-error", true, I::Ignored, false,
               "CUDA front-end diagnostics do not exist here"},
    OptionSpec{"display-error-number", "display-error-number", false, I::Ignored, false,
               "CUDA front-end diagnostics do not exist here"},
    OptionSpec{"no-display-error-number", "no-display-error-number", false, I::Ignored, false,
               "CUDA front-end diagnostics do not exist here"},
    OptionSpec{"t", "threads", true, I::Ignored, false, "each input is one host compiler run"},
    OptionSpec{"split-compile", "split-compile", true, I::Ignored, false,
               "each input is one host compiler run"},
    OptionSpec{"cudart", "cudart", true, I::Ignored, false, "Loom's runtime is always linked"},
    OptionSpec{"cudadevrt", "cudadevrt", true, I::Ignored, false,
               "Loom's runtime is always linked"},
    OptionSpec{"allow-unsupported-compiler", "allow-unsupported-compiler", false, I::Ignored},
    OptionSpec{"restrict", "restrict", false, I::Ignored, false, "a device-code hint"},
    OptionSpec{"extra-device-vectorization", "extra-device-vectorization", false, I::Ignored, false,
               "a device-code optimization"},
    OptionSpec{"src-in-ptx", "source-in-ptx", false, I::Ignored, false, "there is no PTX"},
    OptionSpec{"keep-device-functions", "keep-device-functions", false, I::Ignored, false,
               "device functions are host functions"},
    OptionSpec{"Wreorder", "Wreorder", false, I::Ignored, false, "a CUDA front-end warning"},
    OptionSpec{"Wdefault-stream-launch", "Wdefault-stream-launch", false, I::Ignored, false,
               "a CUDA front-end warning"},
    OptionSpec{"Wmissing-launch-bounds", "Wmissing-launch-bounds", false, I::Ignored, false,
               "a CUDA front-end warning"},
    OptionSpec{"Wext-lambda-captures-this", "Wext-lambda-captures-this", false, I::Ignored, false,
               "a CUDA front-end warning"},
};

struct Unsupported {
  std::string_view name;
  std::string_view hint;
};

constexpr std::string_view kNoBinary =
    "Loom compiles CUDA to host code, so there is no PTX, cubin or fatbinary";
constexpr std::string_view kNoDeviceLink =
    "device linking is not needed: Loom's device code is host code, so link the objects directly";

// nvcc options Loom does not support, and what to do instead.
constexpr std::array kUnsupported{
    Unsupported{"ptx", kNoBinary},
    Unsupported{"cubin", kNoBinary},
    Unsupported{"fatbin", kNoBinary},
    Unsupported{"optix-ir", kNoBinary},
    Unsupported{"ltoir", kNoBinary},
    Unsupported{"E", "use -keep to keep the preprocessed (.ii) and rewritten (.loom.ii) files"},
    Unsupported{"preprocess",
                "use -keep to keep the preprocessed (.ii) and rewritten (.loom.ii) files"},
    Unsupported{"cuda", "use -keep to keep the C++ that Loom compiles (.loom.ii)"},
    Unsupported{"lib", "make objects with -c, then a library with `ar rcs libname.a *.o`"},
    Unsupported{"Xarchive", "make objects with -c, then a library with `ar rcs libname.a *.o`"},
    Unsupported{"dlto", kNoDeviceLink},
    Unsupported{"dlink-time-opt", kNoDeviceLink},
    Unsupported{"run", "build the program, then run it"},
    Unsupported{"odir", "name each object with -o"},
    Unsupported{"output-directory", "name each object with -o"},
    Unsupported{"m32", "Loom builds 64-bit code only"},
    Unsupported{"list-gpu-arch", "Loom emulates sm_90 (and accepts any sm_XX for __CUDA_ARCH__)"},
    Unsupported{"list-gpu-code", "Loom emulates sm_90 (and accepts any sm_XX for __CUDA_ARCH__)"},
    Unsupported{"time", ""},
    Unsupported{"fdevice-syntax-only", ""},
    Unsupported{"fdevice-time-trace", ""},
};

// Options of gcc that people pass to nvcc by mistake.
bool looksLikeHostOption(std::string_view a) {
  if (a.size() < 2) return false;
  std::string_view rest = a.substr(1);
  return rest.starts_with("W") || rest.starts_with("f") || rest.starts_with("m") ||
         rest == "pthread" || rest == "pedantic" || rest == "rdynamic" || rest == "static" ||
         rest == "fPIC" || rest == "pie" || rest == "no-pie" || rest == "ansi";
}

std::string unknown(std::string_view arg) {
  std::string message = "loom-cc: error: unknown nvcc option '" + std::string(arg) + "'";
  std::string_view name = arg.substr(arg.starts_with("--") ? 2 : 1);
  name = name.substr(0, name.find('='));
  for (const Unsupported& u : kUnsupported) {
    if (u.name == name) {
      message += "\nloom-cc: note: '" + std::string(arg) +
                 "' is an nvcc option that Loom does "
                 "not support";
      if (!u.hint.empty()) message += ": " + std::string(u.hint);
      return message;
    }
  }
  if (arg.starts_with("-Wl,")) {
    message +=
        "\nloom-cc: note: to pass it to the linker, write -Xlinker " + std::string(arg.substr(4));
  } else if (!arg.starts_with("--") && looksLikeHostOption(arg)) {
    message += "\nloom-cc: note: if it is an option of the host compiler, write -Xcompiler " +
               std::string(arg);
  }
  return message;
}

const OptionSpec* byName(std::string_view name) {
  for (const OptionSpec& s : kOptions) {
    if (s.shortName == name || s.longName == name) return &s;
  }
  return nullptr;
}

}  // namespace

std::optional<MatchedOption> matchOption(const std::vector<std::string>& args, std::size_t i,
                                         std::string& error) {
  const std::string& arg = args[i];
  bool twoDashes = arg.starts_with("--");
  std::string_view body = std::string_view(arg).substr(twoDashes ? 2 : 1);
  std::size_t eq = body.find('=');
  std::string_view name = body.substr(0, eq);
  std::string written = (twoDashes ? "--" : "-") + std::string(name);

  if (const OptionSpec* spec = byName(name)) {
    if (!spec->takesValue) {
      if (eq != std::string_view::npos) {
        error = "loom-cc: error: option '" + written + "' takes no value";
        return std::nullopt;
      }
      return MatchedOption{spec, written, "", 1};
    }
    if (eq != std::string_view::npos) {
      return MatchedOption{spec, written, std::string(body.substr(eq + 1)), 1};
    }
    if (i + 1 >= args.size()) {
      error = "loom-cc: error: option '" + written + "' expects a value";
      return std::nullopt;
    }
    return MatchedOption{spec, written, args[i + 1], 2};
  }
  // -Idir, -DNAME=1, -lm, -O3: single-letter options with the value attached. Known names were
  // tried first, so -lineinfo is not -l ineinfo (nvcc decides it the same way).
  if (!twoDashes && body.size() > 1) {
    for (const OptionSpec& s : kOptions) {
      if (s.attached && s.shortName.size() == 1 && body.front() == s.shortName.front()) {
        bool isUnsupported = false;
        for (const Unsupported& u : kUnsupported) isUnsupported |= u.name == name;
        if (isUnsupported) break;  // -lib is nvcc's --lib, not -l ib
        std::string_view value = body.substr(1);
        if (value.front() == '=') value.remove_prefix(1);
        return MatchedOption{&s, "-" + std::string(s.shortName), std::string(value), 1};
      }
    }
  }
  error = unknown(arg);
  return std::nullopt;
}

}  // namespace loom::cc
