#include "driver.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "diagnostic.h"
#include "inline_hooks.h"
#include "pass_merge.h"
#include "permissive.h"
#include "process.h"
#include "rewrite.h"

namespace loom::cc {
namespace {

// The command a Run step runs.
std::vector<std::string> commandOf(const Step& step, const RunSettings& s) {
  if (!step.throughLoomCc) return step.argv;
  std::vector<std::string> argv{s.self, "--launcher"};
  argv.insert(argv.end(), step.argv.begin(), step.argv.end());
  return argv;
}

void show(const Step& step, const RunSettings& s) {
  std::vector<std::string> argv = commandOf(step, s);
  if (step.kind == Step::Kind::Rewrite) {
    argv = {s.self, "--loom-rewrite", step.input, "-o", step.output};
    if (step.hostPass) argv.push_back("--host");
  }
  if (step.kind == Step::Kind::Merge)
    argv = {s.self, "--loom-merge", step.input, step.hostInput, "-o", step.output};
  if (step.kind == Step::Kind::InlineHooks) {
    argv = {s.self, "--loom-inline-hooks", step.input, "-o", step.output};
    if (step.pic) argv.push_back("--pic");
    if (!step.gdbScript.empty()) {
      argv.push_back("--gdb-script");
      argv.push_back(step.gdbScript);
    }
  }
  std::cerr << "#$ " << shellQuote(argv) << '\n';
}

// Only a regular file goes: `-o /dev/null` (a build system's probe) or a pipe must survive a
// failed compile, as gcc leaves them.
void removeFile(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(std::filesystem::symlink_status(path, ec))) return;
  if (std::remove(path.c_str()) != 0 && errno != ENOENT) {
    std::cerr << "loom-cc: warning: cannot remove '" << path << "': " << std::strerror(errno)
              << '\n';
  }
}

void finish(const Plan& plan, const RunSettings& s) {
  if (s.dryRun) return;
  if (s.keep) {
    if (!plan.temporaries.empty()) {
      std::cerr << "loom-cc: kept intermediate files in "
                << (s.tempDir.empty() ? std::string(".") : s.tempDir) << ":";
      for (const std::string& t : plan.temporaries) std::cerr << ' ' << t;
      std::cerr << '\n';
    }
    return;
  }
  for (const std::string& t : plan.temporaries) removeFile(t);
  if (s.ownTempDir && !s.tempDir.empty()) rmdir(s.tempDir.c_str());
}

}  // namespace

namespace {
// Reads a step's input, or says why not.
std::optional<std::string> readInput(const std::string& input) {
  std::optional<std::string> text = readSourceFile(input);
  if (!text) std::cerr << "loom-cc: error: cannot read '" << input << "'\n";
  return text;
}

// Writes a step's output: 0, or 1 with a message.
int writeOutput(const std::string& output, const std::string& text) {
  std::ofstream out(output, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) {
    std::cerr << "loom-cc: error: cannot write '" << output << "'\n";
    return 1;
  }
  return 0;
}
}  // namespace

int rewriteFile(const std::string& input, const std::string& output,
                const std::vector<std::string>& libraryDirs, Pass pass) {
  std::optional<std::string> text = readInput(input);
  if (!text) return 1;
  RewriteResult r = rewriteCuda(*text, libraryDirs, pass);
  for (const std::string& line : renderDiagnostics(r, *text, readSourceFile)) std::cerr << line << '\n';
  if (!r.ok()) return 1;
  return writeOutput(output, r.text);
}

// gdb's auto-load entry (a .debug_gdb_scripts section): a file name, type 1 ("python file").
// The section is mergeable strings, so the link keeps one entry however many objects carry it.
std::string gdbScriptSection(const std::string& script) {
  std::string quoted;
  for (char c : script) {
    if (c == '"' || c == '\\') quoted += '\\';
    quoted += c;
  }
  return "\t.pushsection .debug_gdb_scripts,\"MS\",@progbits,1\n\t.byte 1\n\t.asciz \"" + quoted +
         "\"\n\t.popsection\n";
}

int inlineHooksFile(const std::string& input, const std::string& output, bool pic, const std::string& gdbScript) {
  std::optional<std::string> text = readInput(input);
  if (!text) return 1;
  std::string gated = inlineAccessHooks(*text, pic).text;
  if (!gdbScript.empty()) gated += gdbScriptSection(gdbScript);
  return writeOutput(output, gated);
}

int runPlan(const Plan& plan, const RunSettings& s) {
  if (s.verbose || s.dryRun) {
    for (const std::string& n : plan.notes) std::cerr << "loom-cc: note: " << n << '\n';
  }
  int status = 0;
  for (std::size_t i = 0; i < plan.steps.size() && status == 0; ++i) {
    const Step& step = plan.steps[i];
    if (s.verbose || s.dryRun) show(step, s);
    if (s.dryRun) continue;
    if (step.kind == Step::Kind::Run && step.permissive) {
      std::string diagnostics;
      status = runProcessCollectingStderr(commandOf(step, s), diagnostics);
      PermissiveOutcome outcome = restorePermissiveErrors(diagnostics);
      std::cerr << outcome.diagnostics;
      if (outcome.restoredErrors && status == 0) status = 1;
    } else if (step.kind == Step::Kind::Run) {
      status = runProcess(commandOf(step, s));
    } else if (step.kind == Step::Kind::InlineHooks) {
      status = inlineHooksFile(step.input, step.output, step.pic, step.gdbScript);
    } else if (step.kind == Step::Kind::Merge) {
      status = mergePassObjects(step.input, step.hostInput, step.output);
    } else {
      status = rewriteFile(step.input, step.output, s.libraryDirs, step.hostPass ? Pass::Host : Pass::Device);
    }
    // A failed step before its file's object is made (a rewrite, a compile, the gate, the
    // merge): that object goes, as gcc removes the output of a failed compile, so that no stale
    // object of an earlier build survives.
    if (status != 0) {
      for (std::size_t j = i; j < plan.steps.size(); ++j) {
        const Step& later = plan.steps[j];
        bool makesObject = later.kind == Step::Kind::Merge || (later.kind == Step::Kind::Run && !later.output.empty());
        if (!makesObject) continue;
        removeFile(later.output);
        break;
      }
    }
  }
  finish(plan, s);
  return status;
}

std::optional<std::string> makeTempDir() {
  const char* base = std::getenv("TMPDIR");
  std::string pattern = std::string(base && *base ? base : "/tmp") + "/loom-cc-XXXXXX";
  if (!mkdtemp(pattern.data())) {
    std::cerr << "loom-cc: error: cannot create a temporary directory '" << pattern
              << "': " << std::strerror(errno) << '\n';
    return std::nullopt;
  }
  return pattern;
}

}  // namespace loom::cc
