// loom-cc: nvcc's command line for Loom. See help.cpp for the options and DESIGN.md for why.
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "build_plan.h"
#include "config.h"
#include "driver.h"
#include "help.h"
#include "launcher.h"
#include "nvcc_environment.h"
#include "options.h"
#include "pass_merge.h"
#include "paths.h"
#include "process.h"
#include "toolkit_filter.h"

namespace {

using namespace loom::cc;

// -ccbin names a compiler or, as in nvcc, the directory holding one.
std::string resolveHostCompiler(const std::string& ccbin) {
  struct stat st {};
  if (stat(ccbin.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) return ccbin;
  for (const char* name : {"g++", "c++", "clang++"}) {
    std::string candidate = ccbin + "/" + name;
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return ccbin + "/g++";
}

int nvccMode(const std::vector<std::string>& args, const std::string& self) {
  ParseResult parsed = parseNvccArgs(args);
  Options& o = parsed.options;
  std::string configFile = configPath(std::getenv("LOOM_CC_CONF"), self);
  ConfigResult config = loadConfig(configFile);
  // As nvcc, -v first says where things are, also before an error about the arguments (CMake
  // asks with `-v __cmake_determine_cuda`).
  bool verbose = std::find(args.begin(), args.end(), "-v") != args.end() ||
                 std::find(args.begin(), args.end(), "--verbose") != args.end();
  if (verbose && !config.error) {
    for (const std::string& line : nvccEnvironmentLines(config.config, configFile, o.arch)) std::cerr << line << '\n';
  }
  if (parsed.error) {
    std::cerr << *parsed.error << '\n';
    return 1;
  }
  for (const std::string& w : o.warnings) std::cerr << w << '\n';
  if (o.showHelp) {
    std::cout << helpText();
    return 0;
  }
  if (o.showVersion) {
    std::cout << versionText(o.arch);
    return 0;
  }
  if (config.error) {
    std::cerr << "loom-cc: error: " << *config.error << '\n';
    return 1;
  }
  if (o.hostCompiler) config.config.cxx = resolveHostCompiler(*o.hostCompiler);
  std::vector<std::string> notes = std::move(o.notes);
  for (std::string& n : dropToolkitIncludes(o.preprocessorArgs, config.config.includeDirs)) {
    notes.push_back(std::move(n));
  }
  for (std::string& n : dropCudaLibraries(o.linkerArgs)) notes.push_back(std::move(n));
  if (o.verbose || o.dryRun) std::cerr << "#$ # configuration: " << configFile << '\n';

  RunSettings settings;
  settings.verbose = o.verbose;
  settings.dryRun = o.dryRun;
  settings.keep = o.keep;
  settings.self = self;
  settings.libraryDirs = config.config.libraryDirs;
  if (o.keep) {
    settings.tempDir = o.keepDir.value_or(".");
    if (!o.dryRun && o.keepDir) mkdir(o.keepDir->c_str(), 0777);  // may exist already
  } else if (o.dryRun) {
    settings.tempDir = "/tmp/loom-cc-XXXXXX";  // shown, never made
  } else {
    std::optional<std::string> dir = makeTempDir();
    if (!dir) return 1;
    settings.tempDir = *dir;
    settings.ownTempDir = true;
  }
  Plan plan = planBuild(o, config.config, settings.tempDir);
  plan.notes.insert(plan.notes.begin(), notes.begin(), notes.end());
  return runPlan(plan, settings);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  std::string self = executablePath(argv[0]);
  if (!args.empty() && args.front() == "--launcher") {
    args.erase(args.begin());
    return runLauncher(args, self, configPath(std::getenv("LOOM_CC_CONF"), self));
  }
  if (!args.empty() && args.front() == "--loom-rewrite") {
    bool host = args.size() == 5 && args[4] == "--host";
    if ((args.size() != 4 && !host) || args[2] != "-o") {
      std::cerr << "usage: loom-cc --loom-rewrite <in.ii> -o <out.ii> [--host]\n";
      return 1;
    }
    ConfigResult config = loadConfig(configPath(std::getenv("LOOM_CC_CONF"), self));
    return rewriteFile(args[1], args[3], config.error ? std::vector<std::string>{} : config.config.libraryDirs,
                       host ? Pass::Host : Pass::Device);
  }
  if (!args.empty() && args.front() == "--loom-merge") {
    if (args.size() != 5 || args[3] != "-o") {
      std::cerr << "usage: loom-cc --loom-merge <device.o> <host.o> -o <out.o>\n";
      return 1;
    }
    return mergePassObjects(args[1], args[2], args[4]);
  }
  if (!args.empty() && args.front() == "--loom-inline-hooks") {
    bool ok = args.size() >= 4 && args[2] == "-o";
    bool pic = false;
    std::string gdbScript;
    for (std::size_t i = 4; ok && i < args.size(); ++i) {
      if (args[i] == "--pic") pic = true;
      else if (args[i] == "--gdb-script" && i + 1 < args.size()) gdbScript = args[++i];
      else ok = false;
    }
    if (!ok) {
      std::cerr << "usage: loom-cc --loom-inline-hooks <in.s> -o <out.s> [--pic] [--gdb-script <file>]\n";
      return 1;
    }
    return inlineHooksFile(args[1], args[3], pic, gdbScript);
  }
  return nvccMode(args, self);
}
