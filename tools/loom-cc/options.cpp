#include "options.h"

#include "arch.h"
#include "arg_split.h"
#include "diagnostic.h"
#include "option_table.h"

namespace loom::cc {
namespace {

// nvcc splits list values at commas; `\,` keeps a comma (-D'PAIR=f(a\,b)').
std::vector<std::string> splitList(const std::string& value) {
  std::vector<std::string> out;
  std::string item;
  for (std::size_t i = 0; i < value.size(); ++i) {
    if (value[i] == '\\' && i + 1 < value.size() && value[i + 1] == ',') {
      item.push_back(',');
      ++i;
    } else if (value[i] == ',') {
      if (!item.empty()) out.push_back(std::move(item));
      item.clear();
    } else {
      item.push_back(value[i]);
    }
  }
  if (!item.empty()) out.push_back(std::move(item));
  return out;
}

std::optional<bool> parseBool(const std::string& v) {
  if (v == "true") return true;
  if (v == "false") return false;
  return std::nullopt;
}

class Parser {
 public:
  ParseResult run(const std::vector<std::string>& args) {
    // The forwarding options apply to every unknown option, before or after them.
    for (const std::string& a : args) {
      std::string_view name = std::string_view(a).substr(a.starts_with("--") ? 2 : 1);
      if (name == "forward-unknown-to-host-compiler" || name == "forward-unknown-opts") forwardToCompiler_ = true;
      if (name == "forward-unknown-to-host-linker") forwardToLinker_ = true;
    }
    if (!parseList(args, 0)) return std::move(result_);
    finish();
    return std::move(result_);
  }

 private:
  bool fail(std::string message) {
    if (!result_.error) result_.error = std::move(message);
    return false;
  }
  bool badValue(const MatchedOption& m) {
    return fail("loom-cc: error: value '" + m.value + "' is not defined for option '" + m.name +
                "'");
  }

  bool parseList(const std::vector<std::string>& args, int fileDepth) {
    for (std::size_t i = 0; i < args.size();) {
      const std::string& a = args[i];
      if (a.size() > 1 && a.front() == '@') {  // a response file, as gcc's and nvcc's (CMake's objects)
        if (!optionsFile(a.substr(1), fileDepth)) return false;
        ++i;
        continue;
      }
      if (a.size() < 2 || a.front() != '-') {
        inputs_.push_back(a);
        ++i;
        continue;
      }
      std::string error;
      std::optional<MatchedOption> m = matchOption(args, i, error);
      if (!m && (forwardToCompiler_ || forwardToLinker_)) {
        (forwardToCompiler_ ? result_.options.compilerArgs : result_.options.linkerArgs).push_back(a);
        ++i;
        continue;
      }
      if (!m) return fail(error);
      i += m->consumed;
      if (m->spec->id == OptionId::OptionsFile) {
        if (!optionsFile(m->value, fileDepth)) return false;
        continue;
      }
      if (!apply(*m)) return false;
    }
    return true;
  }

  bool optionsFile(const std::string& path, int depth) {
    if (depth > 8) return fail("loom-cc: error: options files nest too deeply at '" + path + "'");
    std::optional<std::string> text = readSourceFile(path);
    if (!text) return fail("loom-cc: error: cannot read options file '" + path + "'");
    return parseList(splitArguments(*text), depth + 1);
  }

  bool apply(const MatchedOption& m) {
    Options& o = result_.options;
    const std::string& v = m.value;
    switch (m.spec->id) {
      case OptionId::Output:
        o.output = v;
        break;
      case OptionId::Compile:
        o.compileOnly = true;
        break;
      case OptionId::DeviceLink:
        o.deviceLinkOnly = true;
        break;
      case OptionId::DeviceCompile:
        o.compileOnly = true;
        o.relocatableDeviceCode = true;
        break;
      case OptionId::Link:
        break;  // linking is the default
      case OptionId::Optimize:
        if (v.size() != 1 || v[0] < '0' || v[0] > '3') return badValue(m);
        o.optimization = v;
        break;
      case OptionId::Debug:
        o.hostDebug = true;
        break;
      case OptionId::DeviceDebug:
        o.deviceDebug = true;
        break;
      case OptionId::LineInfo:
        o.lineInfo = true;
        o.notes.push_back("'" + m.name + "' has no further effect: .cu files get -g1 anyway");
        break;
      case OptionId::IncludePath:
        for (const std::string& d : splitList(v)) o.preprocessorArgs.push_back("-I" + d);
        break;
      case OptionId::SystemInclude:
        for (const std::string& d : splitList(v)) {
          o.preprocessorArgs.push_back("-isystem");
          o.preprocessorArgs.push_back(d);
        }
        break;
      case OptionId::PreInclude:
        for (const std::string& f : splitList(v)) {
          o.preprocessorArgs.push_back("-include");
          o.preprocessorArgs.push_back(f);
        }
        break;
      case OptionId::Define:
        for (const std::string& d : splitList(v)) o.preprocessorArgs.push_back("-D" + d);
        break;
      case OptionId::Undefine:
        for (const std::string& d : splitList(v)) o.preprocessorArgs.push_back("-U" + d);
        break;
      case OptionId::Std:
        return standard(m);
      case OptionId::Arch:
        if (arch_.arch && *arch_.arch != v) {
          o.warnings.push_back("loom-cc: warning: incompatible redefinition for option '" + m.name +
                               "', the last value of this option was used");
        }
        arch_.arch = v;
        break;
      case OptionId::Code:
        arch_.codes.push_back(v);
        break;
      case OptionId::Gencode:
        arch_.gencodes.push_back(v);
        break;
      case OptionId::Xcompiler:
        // nvcc hands these to a shell: `-Xcompiler "-Wall -Wextra"` is two options.
        for (const std::string& item : splitList(v)) {
          for (std::string& a : splitArguments(item)) o.compilerArgs.push_back(std::move(a));
        }
        break;
      case OptionId::Xlinker:
        for (const std::string& item : splitList(v)) {
          o.linkerArgs.push_back("-Xlinker");
          o.linkerArgs.push_back(item);
        }
        break;
      case OptionId::Language:
        if (v == "none") {
          language_.reset();
        } else if (std::optional<InputKind> k = kindFromLanguage(v)) {
          language_ = *k;
        } else {
          return badValue(m);
        }
        break;
      case OptionId::ExtendedLambda:
        o.extendedLambda = true;
        break;
      case OptionId::RelaxedConstexpr:
        o.relaxedConstexpr = true;
        break;
      case OptionId::Library:
        for (const std::string& l : splitList(v)) o.linkerArgs.push_back("-l" + l);
        break;
      case OptionId::LibraryPath:
        for (const std::string& l : splitList(v)) o.linkerArgs.push_back("-L" + l);
        break;
      case OptionId::DepM:
        depOnly_ = true;
        o.dependencyArgs.push_back("-M");
        break;
      case OptionId::DepMM:
        depOnly_ = true;
        o.dependencyArgs.push_back("-MM");
        break;
      case OptionId::DepMD:
        depCompile_ = true;
        o.dependencyArgs.push_back("-MD");
        break;
      case OptionId::DepMMD:
        depCompile_ = true;
        o.dependencyArgs.push_back("-MMD");
        break;
      case OptionId::DepMF:
        o.dependencyArgs.push_back("-MF");
        o.dependencyArgs.push_back(v);
        break;
      case OptionId::DepMT:
        o.dependencyArgs.push_back("-MT");
        o.dependencyArgs.push_back(v);
        break;
      case OptionId::DepMP:
        o.dependencyArgs.push_back("-MP");
        break;
      case OptionId::Ccbin:
        o.hostCompiler = v;
        break;
      case OptionId::Rdc:
        return boolValue(m, o.relocatableDeviceCode);
      case OptionId::FastMath:
        o.fastMath = true;
        break;
      case OptionId::Ftz:
        ftz_ = true;
        return boolValue(m, o.ftz);
      case OptionId::PrecDiv:
        precDiv_ = true;
        return boolValue(m, o.precDiv);
      case OptionId::PrecSqrt:
        precSqrt_ = true;
        return boolValue(m, o.precSqrt);
      case OptionId::Fmad:
        fmad_ = true;
        return boolValue(m, o.fmad);
      case OptionId::Machine:
        if (v != "64") {
          return fail("loom-cc: error: value '" + v + "' is not supported for option '" + m.name +
                      "': Loom builds 64-bit code only");
        }
        break;
      case OptionId::Shared:
        o.shared = true;
        break;
      case OptionId::Verbose:
        o.verbose = true;
        break;
      case OptionId::DryRun:
        o.dryRun = true;
        break;
      case OptionId::Keep:
        o.keep = true;
        break;
      case OptionId::KeepDir:
        o.keepDir = v;
        break;
      case OptionId::Version:
        o.showVersion = true;
        break;
      case OptionId::Help:
        o.showHelp = true;
        break;
      case OptionId::DisableWarnings:
        o.compilerArgs.push_back("-w");
        break;
      case OptionId::Werror:
        // nvcc's kinds; all-warnings is the one that concerns the host compiler.
        for (const std::string& kind : splitList(v)) {
          if (kind == "all-warnings") o.compilerArgs.push_back("-Werror");
        }
        break;
      case OptionId::DefaultStream:
        if (v != "per-thread" && v != "legacy" && v != "null") return badValue(m);
        o.perThreadDefaultStream = v == "per-thread";
        break;
      case OptionId::PassToHost:
        o.compilerArgs.push_back("-" + std::string(m.spec->shortName));
        break;
      case OptionId::ForwardUnknownToCompiler:
      case OptionId::ForwardUnknownToLinker:
        break;  // read before the arguments (run)
      case OptionId::Ignored:
        if (!m.spec->why.empty()) {
          std::string shown = m.name + (m.spec->takesValue ? " " + v : "");
          o.notes.push_back("ignoring '" + shown + "': " + std::string(m.spec->why));
        }
        break;
      case OptionId::OptionsFile:
        break;  // handled in parseList
    }
    return true;
  }

  bool boolValue(const MatchedOption& m, bool& out) {
    std::optional<bool> b = parseBool(m.value);
    if (!b) return badValue(m);
    out = *b;
    return true;
  }

  bool standard(const MatchedOption& m) {
    Options& o = result_.options;
    if (m.value == "c++17" || m.value == "c++20") {
      o.standard = m.value;
    } else if (m.value == "c++03" || m.value == "c++11" || m.value == "c++14") {
      o.standard = "c++17";
      o.warnings.push_back("loom-cc: warning: compiling as c++17 instead of " + m.value +
                           ": Loom's CUDA headers need C++17");
    } else {
      return badValue(m);
    }
    return true;
  }

  void finish() {
    Options& o = result_.options;
    ArchChoice a = chooseArch(arch_);
    if (a.error) {
      fail("loom-cc: error: " + *a.error);
      return;
    }
    o.arch = a.arch;
    // --use_fast_math implies these unless they are given (nvcc: -ftz=true -prec-div=false
    // -prec-sqrt=false -fmad=true).
    if (o.fastMath) {
      if (!ftz_) o.ftz = true;
      if (!precDiv_) o.precDiv = false;
      if (!precSqrt_) o.precSqrt = false;
      if (!fmad_) o.fmad = true;
    }
    o.dependenciesOnly = depOnly_ && !depCompile_;

    for (const std::string& path : inputs_) {
      std::optional<InputKind> kind = kindFromSuffix(path);
      if (language_ && kind != InputKind::Linker) kind = language_;
      if (!kind) {
        fail("loom-cc: error: don't know what to do with '" + path + "'");
        return;
      }
      o.inputs.push_back({path, *kind});
    }
    if (o.showVersion || o.showHelp) return;
    if (o.inputs.empty()) {
      fail("loom-cc: error: no input files (use --help for the options)");
      return;
    }
    std::size_t sources = 0;
    for (const Input& in : o.inputs) sources += in.kind != InputKind::Linker;
    if ((o.compileOnly || o.dependenciesOnly) && o.output && sources > 1) {
      fail(
          "loom-cc: error: a single input file is required for a non-link phase when an output "
          "file is specified");
      return;
    }
    if (o.compileOnly && sources == 0) {
      fail("loom-cc: error: no source files to compile (-c)");
      return;
    }
    for (const Input& in : o.inputs) {
      if ((o.compileOnly || o.dependenciesOnly) && in.kind == InputKind::Linker) {
        o.warnings.push_back("loom-cc: warning: '" + in.path +
                             "': linker input file unused because linking is not done");
      }
    }
  }

  ParseResult result_;
  ArchRequest arch_;
  std::vector<std::string> inputs_;
  bool forwardToCompiler_ = false;
  bool forwardToLinker_ = false;
  std::optional<InputKind> language_;  // -x applies to every source input, as in nvcc
  bool depOnly_ = false;
  bool depCompile_ = false;
  bool ftz_ = false, precDiv_ = false, precSqrt_ = false, fmad_ = false;  // given explicitly
};

}  // namespace

ParseResult parseNvccArgs(const std::vector<std::string>& args) { return Parser().run(args); }

}  // namespace loom::cc
