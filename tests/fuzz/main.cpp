// loom-fuzz: differential testing of loom-cc's rewrites (tests/fuzz/README.md). Each program
// (program.h) is built twice, by loom-cc and by g++ as plain C++ over reference_header.h, both
// are run, and their lines compared kernel by kernel.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "bad_inputs.h"
#include "process.h"
#include "program.h"
#include "reference_header.h"

namespace fs = std::filesystem;
using loom::fuzz::run;
using loom::fuzz::tailOf;

namespace {

struct Options {
  std::string loomCc, cxx = "g++", opt = "-O2";
  std::uint64_t seed = 1;
  unsigned programs = 1, kernels = 40;
  fs::path work = "loom-fuzz-work";
  bool keep = false, badInputs = false;
  std::vector<std::string> compare;  // existing programs to build and compare instead
};

[[noreturn]] void usage(const char* why) {
  std::fprintf(stderr,
               "loom-fuzz: %s\n"
               "usage: loom-fuzz --loom-cc PATH [--seed N|random] [--programs N] [--kernels N] [--work DIR]\n"
               "                 [--cxx g++] [--opt -O2] [--keep]\n"
               "       loom-fuzz --loom-cc PATH [--work DIR] --compare FILE.cu...\n"
               "       loom-fuzz --loom-cc PATH [--work DIR] --bad-inputs\n",
               why);
  std::exit(2);
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage(("missing value after " + a).c_str());
      return argv[++i];
    };
    if (a == "--loom-cc") o.loomCc = value();
    else if (a == "--cxx") o.cxx = value();
    else if (a == "--opt") o.opt = value();
    else if (a == "--work") o.work = value();
    else if (a == "--keep") o.keep = true;
    else if (a == "--bad-inputs") o.badInputs = true;
    else if (a == "--programs") o.programs = static_cast<unsigned>(std::stoul(value()));
    else if (a == "--kernels") o.kernels = static_cast<unsigned>(std::stoul(value()));
    else if (a == "--seed") {
      const std::string s = value();
      o.seed = s == "random" ? (static_cast<std::uint64_t>(std::random_device{}()) << 32) ^ std::random_device{}()
                             : std::stoull(s);
    } else if (a == "--compare") {
      while (i + 1 < argc) o.compare.push_back(argv[++i]);
    } else usage(("unknown option " + a).c_str());
  }
  if (o.loomCc.empty()) usage("--loom-cc is required");
  return o;
}

std::vector<std::string> lines(const fs::path& file) {
  std::ifstream in(file);
  std::vector<std::string> out;
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

struct Tally {
  unsigned programs = 0, kernels = 0, mismatches = 0, failures = 0;
};

// Builds and runs `source` both ways; true when every line agrees.
bool check(const Options& o, const fs::path& source, Tally& tally) {
  const fs::path stem = o.work / source.stem();
  const fs::path header = o.work / "fuzz_reference.h";
  ++tally.programs;
  const std::string loomExe = stem.string() + ".loom", refExe = stem.string() + ".ref";
  if (int rc = run({o.cxx, "-O1", "-std=c++17", "-w", "-x", "c++", "-include", header.string(), source.string(), "-o",
                    refExe},
                   stem.string() + ".ref.build", 600);
      rc != 0) {
    std::printf("%s: the plain C++ build failed (status %d): the program is not valid C++\n%s", source.c_str(), rc,
                tailOf(stem.string() + ".ref.build").c_str());
    ++tally.failures;
    return false;
  }
  if (int rc = run({o.loomCc, o.opt, "-std=c++17", source.string(), "-o", loomExe}, stem.string() + ".loom.build", 600);
      rc != 0) {
    std::printf("%s: loom-cc failed (status %d):\n%s", source.c_str(), rc, tailOf(stem.string() + ".loom.build").c_str());
    ++tally.failures;
    return false;
  }
  const int loomRc = run({loomExe}, stem.string() + ".loom.out", 120);
  const int refRc = run({refExe}, stem.string() + ".ref.out", 120);
  const std::vector<std::string> got = lines(stem.string() + ".loom.out"), want = lines(stem.string() + ".ref.out");
  bool ok = refRc == 0 && loomRc == 0 && got.size() == want.size();
  if (refRc != 0) std::printf("%s: the plain C++ build exited with status %d\n", source.c_str(), refRc);
  if (loomRc != 0) std::printf("%s: loom-cc's build exited with status %d\n", source.c_str(), loomRc);
  for (std::size_t k = 0; k < want.size(); ++k) {
    ++tally.kernels;
    const std::string kernel = want[k].substr(0, want[k].find(' '));
    if (k < got.size() && got[k] == want[k]) continue;
    ok = false;
    ++tally.mismatches;
    std::printf("%s: kernel %s differs: plain C++ '%s', loom-cc '%s'\n", source.c_str(), kernel.c_str(),
                want[k].c_str(), k < got.size() ? got[k].c_str() : "(missing)");
  }
  if (!ok && got.size() > want.size()) std::printf("%s: loom-cc's build printed:\n%s", source.c_str(), tailOf(stem.string() + ".loom.out").c_str());
  if (ok && !o.keep)
    for (const char* ext : {".loom", ".ref", ".loom.build", ".ref.build", ".loom.out", ".ref.out"})
      fs::remove(stem.string() + ext);
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse(argc, argv);
  if (o.badInputs) {
    const unsigned failed = loom::fuzz::checkBadInputs(o.loomCc, o.cxx, o.work);
    std::printf("loom-fuzz: bad inputs: %u failed\n", failed);
    return failed == 0 ? 0 : 1;
  }
  fs::create_directories(o.work);
  std::ofstream(o.work / "fuzz_reference.h") << loom::fuzz::kReferenceHeader;
  Tally tally;
  const auto start = std::chrono::steady_clock::now();
  if (!o.compare.empty()) {
    for (const std::string& file : o.compare) {
      const fs::path copy = o.work / fs::path(file).filename();
      fs::copy_file(file, copy, fs::copy_options::overwrite_existing);
      check(o, copy, tally);
    }
  } else {
    for (unsigned p = 0; p < o.programs; ++p) {
      const std::uint64_t seed = o.seed + p;
      const loom::fuzz::Program program = loom::fuzz::writeProgram(seed, o.kernels);
      const fs::path source = o.work / ("fuzz_" + std::to_string(seed) + ".cu");
      std::ofstream(source) << program.text;
      if (check(o, source, tally) && !o.keep) fs::remove(source);
    }
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("loom-fuzz: seed %llu: %u programs, %u kernels compared, %u differ, %u builds failed (%.0f s)\n",
              static_cast<unsigned long long>(o.seed), tally.programs, tally.kernels, tally.mismatches, tally.failures,
              seconds);
  return tally.mismatches == 0 && tally.failures == 0 ? 0 : 1;
}
