#include "launcher.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <iostream>
#include <set>
#include <string_view>

#include "cuda_defines.h"
#include "driver.h"
#include "options.h"
#include "paths.h"
#include "process.h"

namespace loom::cc {
namespace {

// gcc options whose value is the next argument.
constexpr std::array<std::string_view, 27> kTakesValue{
    "-o",        "-MF",       "-MT",      "-MQ",          "-I",
    "-D",        "-U",        "-isystem", "-iquote",      "-idirafter",
    "-include",  "-imacros",  "-iprefix", "-iwithprefix", "-iwithprefixbefore",
    "-isysroot", "-x",        "-Xlinker", "-Xassembler",  "-Xpreprocessor",
    "-Xclang",   "-aux-info", "--param",  "-dumpbase",    "-dumpdir",
    "-B",        "-target"};

// Of those, the ones that only concern the preprocessor (step 1).
// clang-format off
constexpr std::array<std::string_view, 15> kPreprocessorWithValue{
    "-MF", "-MT", "-MQ", "-I", "-D", "-U", "-isystem", "-iquote", "-idirafter", "-include",
    "-imacros", "-iprefix", "-iwithprefix", "-iwithprefixbefore", "-Xpreprocessor"};
// clang-format on

template <std::size_t N>
bool in(const std::array<std::string_view, N>& set, std::string_view s) {
  return std::find(set.begin(), set.end(), s) != set.end();
}

bool isPreprocessorFlag(std::string_view a) {
  if (a == "-M" || a == "-MM" || a == "-MD" || a == "-MMD" || a == "-MP" || a == "-MG" ||
      a == "-nostdinc" || a == "-nostdinc++" || a == "-undef") {
    return true;
  }
  // Attached forms: -DX -UX -Idir -isystemdir -MFfile -MTtarget -MQtarget.
  for (std::string_view flag :
       {"-D", "-U", "-I", "-isystem", "-iquote", "-idirafter", "-MF", "-MT", "-MQ"}) {
    if (a.size() > flag.size() && a.starts_with(flag)) return true;
  }
  return false;
}

struct Parsed {
  std::string source;
  std::optional<std::string> object;
  bool compile = false;
  std::vector<std::string> preprocessor;  // step 1 only
  std::vector<std::string> common;        // steps 1 and 3
  std::set<std::string> userMacros;       // defined or undefined by the user
  std::optional<int> arch;                // from -DLOOM_EMULATED_ARCH=N
  bool debug = false;                     // some -g given
  bool depsWithCompile = false, depFile = false, depTarget = false;
  int sources = 0;
};

Parsed parse(const std::vector<std::string>& command) {
  Parsed p;
  for (std::size_t i = 1; i < command.size(); ++i) {
    const std::string& a = command[i];
    bool withValue = in(kTakesValue, a) && i + 1 < command.size();
    std::string value = withValue ? command[i + 1] : std::string();
    if (a == "-c") {
      p.compile = true;
    } else if (a == "-o" && withValue) {
      p.object = value;
    } else if (a == "-x" && withValue) {
      // Loom chooses the language of each step.
    } else if (withValue) {
      std::vector<std::string>& to = in(kPreprocessorWithValue, a) ? p.preprocessor : p.common;
      to.insert(to.end(), {a, value});
    } else if (a.size() > 1 && a.front() == '-') {
      (isPreprocessorFlag(a) ? p.preprocessor : p.common).push_back(a);
    } else if (!a.empty() && a.front() != '@') {
      p.source = a;
      ++p.sources;
      continue;
    } else {
      p.common.push_back(a);  // a response file: cannot be taken apart
    }
    std::string flag = withValue ? a + value : a;
    if (flag.starts_with("-D") || flag.starts_with("-U")) {
      std::string name = macroName(flag);
      p.userMacros.insert(name);
      if (name == "LOOM_EMULATED_ARCH" && flag.starts_with("-DLOOM_EMULATED_ARCH=")) {
        p.arch = std::atoi(flag.c_str() + std::string_view("-DLOOM_EMULATED_ARCH=").size());
      }
    }
    if (a.starts_with("-g")) p.debug = true;
    if (a == "-MD" || a == "-MMD") p.depsWithCompile = true;
    if (flag.starts_with("-MF")) p.depFile = true;
    if (flag.starts_with("-MT") || flag.starts_with("-MQ")) p.depTarget = true;
    if (withValue) ++i;
  }
  return p;
}

bool verboseFromEnvironment() {
  const char* v = std::getenv("LOOM_CC_VERBOSE");
  return v && *v && std::string_view(v) != "0";
}

}  // namespace

std::optional<Plan> planLauncher(const std::vector<std::string>& command, const Config& config,
                                 const std::string& tempDir, const FileExists& exists) {
  if (command.empty()) return std::nullopt;
  Parsed p = parse(command);
  if (!p.compile || p.sources != 1 || !p.source.ends_with(".cu")) return std::nullopt;

  // nvcc optimises device code whatever the host flags say; a CMake build without a build type
  // passes no -O at all, which would compile kernels at g++'s -O0 (and price a discarded
  // atomicAdd as 32 atomics instead of ATOMS.POPC.INC). Loom's default, as without --launcher.
  if (std::none_of(p.common.begin(), p.common.end(), [](const std::string& a) { return a.starts_with("-O"); }))
    p.common.insert(p.common.begin(), "-O2");
  std::string object = p.object.value_or(stem(p.source) + ".o");
  Options defaults;  // for the CUDA macros: nvcc's defaults, the arch from the user's -D
  if (p.arch) defaults.arch = *p.arch;

  Plan plan;
  plan.notes = dropToolkitIncludes(p.preprocessor, config.includeDirs, exists);

  CudaCompile c;
  c.cxx = command.front();
  c.gdbScript = config.gdbScript;
  c.source = p.source;
  std::string base = (tempDir.empty() ? std::string() : tempDir + "/") + stem(p.source);
  nameIntermediates(c, base);
  c.object = object;

  auto preprocessArgs = [&](Pass pass) {
    std::vector<std::string> a = p.common;
    if (pass == Pass::Device) a.push_back(instrumentationArgs().front());  // __SANITIZE_THREAD__ as in step 3
    a.insert(a.end(), p.preprocessor.begin(), p.preprocessor.end());
    for (const std::string& d : config.includeDirs) a.push_back("-I" + d);
    // A macro the user defines or undefines is theirs (see build_plan.cpp).
    for (const std::string& m : cudaMacros(defaults, pass)) {
      if (!p.userMacros.count(macroName(m))) a.push_back(m);
    }
    for (const std::string& d : config.defines) {
      if (!p.userMacros.count(macroName("-D" + d))) a.push_back("-D" + d);
    }
    a.insert(a.end(), {"-include", "cuda_runtime.h"});
    return a;
  };
  c.preprocessArgs = preprocessArgs(Pass::Device);
  c.hostPreprocessArgs = preprocessArgs(Pass::Host);
  c.hostCompileArgs = p.common;
  // The preprocessor writes the dependencies, so it must know the object's name.
  if (p.depsWithCompile && !p.depFile) {
    c.preprocessArgs.insert(c.preprocessArgs.end(), {"-MF", replaceSuffix(object, ".d")});
  }
  if (p.depsWithCompile && !p.depTarget) {
    c.preprocessArgs.insert(c.preprocessArgs.end(), {"-MT", object});
  }

  c.compileArgs = instrumentationArgs();
  c.compileArgs.insert(c.compileArgs.end(), p.common.begin(), p.common.end());
  if (!p.debug) c.compileArgs.push_back("-g1");  // file:line for Loom's reports

  addCudaSteps(c, plan);
  return plan;
}

int runLauncher(const std::vector<std::string>& command, const std::string& self,
                const std::string& configFile) {
  if (command.empty()) {
    std::cerr << "loom-cc: error: --launcher needs a compiler command\n";
    return 1;
  }
  // Cheap check first: most sources of a target are not .cu and need no configuration.
  auto noFiles = [](const std::string&, const std::string&) { return false; };
  if (!planLauncher(command, Config{}, "", noFiles)) return execProcess(command);
  ConfigResult config = loadConfig(configFile);
  if (config.error) {
    std::cerr << "loom-cc: error: " << *config.error << '\n';
    return 1;
  }
  std::optional<std::string> tempDir = makeTempDir();
  if (!tempDir) return 1;
  RunSettings settings;
  settings.libraryDirs = config.config.libraryDirs;
  settings.verbose = verboseFromEnvironment();
  settings.self = self;
  settings.tempDir = *tempDir;
  settings.ownTempDir = true;
  return runPlan(*planLauncher(command, config.config, *tempDir), settings);
}

}  // namespace loom::cc
