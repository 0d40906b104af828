// The nvcc options loom-cc knows: their names, whether they take a value, and matching one
// command-line argument against them.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace loom::cc {

enum class OptionId {
  Output,
  Compile,
  DeviceCompile,
  DeviceLink,
  Link,
  Optimize,
  Debug,
  DeviceDebug,
  LineInfo,
  IncludePath,
  SystemInclude,
  PreInclude,
  Define,
  Undefine,
  Std,
  Arch,
  Code,
  Gencode,
  Xcompiler,
  Xlinker,
  Language,
  ExtendedLambda,
  RelaxedConstexpr,
  Library,
  LibraryPath,
  DepM,
  DepMM,
  DepMD,
  DepMMD,
  DepMF,
  DepMT,
  DepMP,
  Ccbin,
  Rdc,
  FastMath,
  Ftz,
  PrecDiv,
  PrecSqrt,
  Fmad,
  Machine,
  Shared,
  Verbose,
  DryRun,
  Keep,
  KeepDir,
  Version,
  Help,
  DisableWarnings,
  Werror,
  DefaultStream,
  OptionsFile,
  PassToHost,
  ForwardUnknownToCompiler,
  ForwardUnknownToLinker,
  Ignored,
};

struct OptionSpec {
  std::string_view shortName;
  std::string_view longName;
  bool takesValue;
  OptionId id;
  bool attached = false;      // the value may follow the name directly: -Idir, -O3
  std::string_view why = "";  // for Ignored: why it has no effect (empty: say nothing)
};

struct MatchedOption {
  const OptionSpec* spec;
  std::string name;      // as written, for messages: "-arch"
  std::string value;     // empty for flags
  std::size_t consumed;  // arguments used, this one included
};

// Matches args[i] (which starts with '-'). On failure `error` holds the full message, with a note
// for nvcc options Loom does not support and for host-compiler options written without -Xcompiler.
std::optional<MatchedOption> matchOption(const std::vector<std::string>& args, std::size_t i,
                                         std::string& error);

}  // namespace loom::cc
