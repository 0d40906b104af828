// The device campaign (validate/README.md): on a machine with a GPU, builds validation cases with
// nvcc, runs them, and writes their records (validate/CASES.md) under one results folder.
//
//   campaign --root <repo> [--out DIR | --results DIR] [--arch sm_90] [--jobs N] [--deadline SECONDS]
//            [--list] [--no-ncu] [--no-sanitizer] [CASE-FILE | DIR | NAME-PATTERN]...
//
// Cases come from the case files and folders named (a folder written with a `/`; default:
// <repo>/validate/cases), filtered by
// the name patterns (globs or suite prefixes: "kernels", "tests.cuda.faults.*"). Per case: stdout,
// exit status, output buffers (LOOM_CASE_OUT), ncu metrics per launch for the case's "ncu" list,
// compute-sanitizer output for its "sanitizer" tools, and environment.txt. --deadline stops
// starting new cases after that many seconds, so one part fits the device tool's time limit; the
// cases left are listed and the exit status is 2.
//
// C++17, the standard library and nlohmann-json: it is built on the GPU machine by campaign.sh.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

#include "../../tools/loom-diff/case_file.h"
#include "ncu_csv.h"

namespace fs = std::filesystem;
using loom::validate::CaseFile;

namespace {

using Clock = std::chrono::steady_clock;

std::string quote(const std::string& s) {
  std::string out = "'";
  for (char ch : s) out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return out + "'";
}

std::string joinQuoted(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += " " + quote(s);
  return out;
}

// Runs a shell command and returns its stdout (stderr discarded), trailing newlines removed.
std::string capture(const std::string& cmd) {
  std::string out;
  if (FILE* p = popen((cmd + " 2>/dev/null").c_str(), "r")) {
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
    pclose(p);
  }
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out;
}

// The shell's exit status of a command (128 + signal if the shell reports a signal).
int shell(const std::string& cmd) {
  int st = std::system(cmd.c_str());
  if (st == -1) return 127;
  return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

std::string lastLine(const std::string& s) {
  auto pos = s.find_last_of('\n');
  return pos == std::string::npos ? s : s.substr(pos + 1);
}

std::string readFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void writeFile(const fs::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary);
  out << text;
}

struct Options {
  std::string root, out, results, arch, include;
  int jobs = 0;
  double deadline = 0;
  bool list = false, ncu = true, sanitizer = true;
  std::vector<std::string> inputs, patterns;
  std::string commandLine;
};

[[noreturn]] void usage(const std::string& why) {
  std::cerr << "campaign: " << why << "\n"
            << "usage: campaign --root REPO [--out DIR | --results DIR] [--arch sm_XX] [--jobs N] [--deadline S]\n"
               "                [--list] [--no-ncu] [--no-sanitizer] [CASE-FILE|DIR|NAME-PATTERN]...\n";
  std::exit(64);
}

Options parseArgs(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage(a + " needs a value");
      if (a != "--root") o.commandLine += std::string(" ") + argv[i + 1];
      return argv[++i];
    };
    if (a != "--root") o.commandLine += (o.commandLine.empty() ? "" : " ") + a;
    if (a == "--root") o.root = value();
    else if (a == "--out") o.out = value();
    else if (a == "--results") o.results = value();
    else if (a == "--arch") o.arch = value();
    else if (a == "--jobs") o.jobs = std::atoi(value().c_str());
    else if (a == "--deadline") o.deadline = std::atof(value().c_str());
    else if (a == "--list") o.list = true;
    else if (a == "--no-ncu") o.ncu = false;
    else if (a == "--no-sanitizer") o.sanitizer = false;
    else if (a.rfind("--", 0) == 0) usage("unknown option " + a);
    else if (a.size() > 10 && a.substr(a.size() - 10) == ".case.json") o.inputs.push_back(a);
    // A folder only when written as a path: "kernels" and "isa" are suites, even though the
    // repository root, where the campaign usually runs, has folders of those names.
    else if (a.find('/') != std::string::npos && fs::is_directory(a)) o.inputs.push_back(a);
    else o.patterns.push_back(a);
  }
  if (o.root.empty()) usage("--root is required");
  o.include = o.root + "/validate/include";
  if (o.inputs.empty()) o.inputs.push_back(o.root + "/validate/cases");
  if (o.jobs <= 0) o.jobs = std::max(1u, std::thread::hardware_concurrency());
  return o;
}

std::vector<CaseFile> findCases(const Options& o) {
  std::vector<std::string> files;
  for (const auto& in : o.inputs) {
    if (fs::is_directory(in)) {
      for (const auto& e : fs::recursive_directory_iterator(in)) {
        std::string p = e.path().string();
        if (e.is_regular_file() && p.size() > 10 && p.substr(p.size() - 10) == ".case.json") files.push_back(p);
      }
    } else {
      files.push_back(in);
    }
  }
  std::sort(files.begin(), files.end());
  std::vector<CaseFile> cases;
  std::set<std::string> names;
  for (const auto& f : files) {
    CaseFile c = loom::validate::readCaseFile(fs::absolute(f).lexically_normal().string());
    if (!names.insert(c.name).second) throw std::runtime_error(f + ": a second case named " + c.name);
    bool keep = o.patterns.empty();
    for (const auto& p : o.patterns) keep = keep || loom::validate::caseNameMatches(p, c.name);
    if (keep) cases.push_back(c);
  }
  return cases;
}

struct Environment {
  std::string gpu, driver, computeCap, nvcc, ncu, sanitizer;
  std::string text(const Options& o) const {
    return "gpu: " + gpu + "\ndriver: " + driver + "\ncompute capability: " + computeCap +
           "\nnvcc: " + nvcc + "\nncu: " + ncu + "\ncompute-sanitizer: " + sanitizer +
           "\narch: " + o.arch + "\ncommand: validate/campaign.sh " + o.commandLine + "\n";
  }
};

Environment probeEnvironment() {
  Environment e;
  std::string q = capture("nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader | head -1");
  auto f = loom::validate::splitCsvLine(q);
  auto trim = [](std::string s) {
    while (!s.empty() && s.front() == ' ') s.erase(s.begin());
    return s;
  };
  e.gpu = f.size() > 0 ? trim(f[0]) : "unknown";
  e.driver = f.size() > 1 ? trim(f[1]) : "unknown";
  e.computeCap = f.size() > 2 ? trim(f[2]) : "unknown";
  std::string nv = capture("nvcc --version");
  auto rel = nv.find("release");
  e.nvcc = rel == std::string::npos ? lastLine(nv) : nv.substr(rel, nv.find('\n', rel) - rel);
  e.ncu = lastLine(capture("ncu --version"));
  e.sanitizer = lastLine(capture("compute-sanitizer --version"));
  return e;
}

// "NVIDIA H100 80GB HBM3" with compute capability 9.0 -> "h100-sm90".
std::string recordFolderName(const Environment& e) {
  std::istringstream words(e.gpu);
  std::string w, pick = "gpu";
  while (words >> w) {
    std::string lower;
    for (char ch : w) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (lower == "nvidia" || lower == "geforce") continue;
    if (lower.find_first_of("0123456789") != std::string::npos) { pick = lower; break; }
  }
  std::string cc;
  for (char ch : e.computeCap)
    if (std::isdigit(static_cast<unsigned char>(ch))) cc += ch;
  return pick + "-sm" + (cc.empty() ? "unknown" : cc);
}

// Base metric names the device's ncu knows, to drop a misspelt metric instead of failing every
// launch of the case (an empty set: could not ask, do not filter).
const std::set<std::string>& metricsKnown() {
  static std::set<std::string> names;
  static bool asked = false;
  if (asked) return names;
  asked = true;
  std::istringstream in(capture("ncu --query-metrics"));
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string first;
    if (words >> first && first.find("__") != std::string::npos) names.insert(first);
  }
  if (!names.count("l1tex__t_sectors_pipe_lsu_mem_global_op_ld")) names.clear();
  return names;
}

std::string baseMetric(const std::string& metric) {
  static const char* rollups[] = {".sum", ".avg", ".min", ".max"};
  for (const char* r : rollups) {
    auto pos = metric.find(r);
    if (pos != std::string::npos) return metric.substr(0, pos);
  }
  return metric;
}

struct Outcome {
  std::string name;
  std::string status;  // "ok", "build failed", "exit N", "skipped"
  double seconds = 0;
};

void runCase(const CaseFile& c, const Options& o, const fs::path& exe, const fs::path& rec,
             const std::string& envText, Outcome& out) {
  fs::create_directories(rec);
  writeFile(rec / "environment.txt", envText);
  std::string cd = "cd " + quote(c.dir) + " && ";
  std::string args = joinQuoted(c.args);
  int timeout = c.timeoutSeconds;

  fs::create_directories(rec / "outputs");
  int rc = shell(cd + "LOOM_CASE_OUT=" + quote((rec / "outputs").string()) + " timeout " +
                 std::to_string(timeout) + " " + quote(exe.string()) + args + " > " +
                 quote((rec / "stdout.txt").string()) + " 2> " + quote((rec / "stderr.txt").string()));
  writeFile(rec / "exit.txt", std::to_string(rc) + "\n");
  out.status = rc == 0 ? "ok" : "exit " + std::to_string(rc);
  // Large buffers are stored gzip'd; an empty outputs/ folder is not kept.
  for (const auto& e : fs::directory_iterator(rec / "outputs"))
    if (fs::file_size(e.path()) > 64 * 1024) shell("gzip -n -9 " + quote(e.path().string()));
  if (fs::is_empty(rec / "outputs")) fs::remove(rec / "outputs");
  if (fs::file_size(rec / "stderr.txt") == 0) fs::remove(rec / "stderr.txt");

  if (o.ncu && !c.ncuMetrics.empty()) {
    // One ncu run for all metrics; if it measures no launch (a metric this ncu does not know
    // fails the whole run), once more without the metrics `ncu --query-metrics` does not list.
    auto profile = [&](const std::vector<std::string>& metrics, int* rc) {
      std::string list;
      for (const auto& m : metrics) list += (list.empty() ? "" : ",") + m;
      fs::remove(rec / "ncu.csv");
      *rc = shell(cd + "timeout " + std::to_string(timeout * 2) +
                  " ncu --csv --print-units base --print-kernel-base function --log-file " +
                  quote((rec / "ncu.csv").string()) + " --metrics " + quote(list) + " " + quote(exe.string()) +
                  args + " > " + quote((rec / "ncu.stdout").string()) + " 2>&1");
      nlohmann::json j;
      try {
        j = loom::validate::parseNcuCsv(readFile(rec / "ncu.csv"));
        // Where an ncu version prints its CSV to stdout despite --log-file, read it from there.
        if (j["launches"].empty()) {
          nlohmann::json fromStdout = loom::validate::parseNcuCsv(readFile(rec / "ncu.stdout"));
          if (!fromStdout["launches"].empty()) {
            j = fromStdout;
            fs::rename(rec / "ncu.stdout", rec / "ncu.csv");
          }
        }
      } catch (const std::exception& e) {
        j = {{"launches", nlohmann::json::array()}, {"error", e.what()}};
      }
      if (fs::exists(rec / "ncu.stdout")) {
        if (j["launches"].empty()) fs::rename(rec / "ncu.stdout", rec / "ncu_output.txt");  // to see why
        else fs::remove(rec / "ncu.stdout");
      }
      return j;
    };
    int nrc = 0;
    nlohmann::json j = profile(c.ncuMetrics, &nrc);
    if (j["launches"].empty() && nrc != 0) {
      std::vector<std::string> metrics, dropped;
      const std::set<std::string>& known = metricsKnown();
      for (const auto& m : c.ncuMetrics)
        (known.empty() || known.count(baseMetric(m)) ? metrics : dropped).push_back(m);
      if (!dropped.empty() && !metrics.empty()) {
        j = profile(metrics, &nrc);
        j["dropped_metrics"] = dropped;
      }
    }
    j["ncu_exit"] = nrc;
    writeFile(rec / "ncu.json", j.dump(1) + "\n");
    if (nrc != 0) out.status += ", ncu exit " + std::to_string(nrc);
  }
  if (o.sanitizer && !c.sanitizerTools.empty()) {
    fs::create_directories(rec / "sanitizer");
    for (const auto& tool : c.sanitizerTools) {
      fs::path log = rec / "sanitizer" / (tool + ".txt");
      shell(cd + "timeout " + std::to_string(timeout * 2) + " compute-sanitizer --tool " + tool +
            " --print-limit 20 --log-file " + quote(log.string()) + " " + quote(exe.string()) + args +
            " > /dev/null 2>&1");
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  Options o = parseArgs(argc, argv);
  std::vector<CaseFile> cases;
  try {
    cases = findCases(o);
  } catch (const std::exception& e) {
    std::cerr << "campaign: " << e.what() << "\n";
    return 64;
  }
  if (o.list) {
    for (const auto& c : cases) std::cout << c.name << "  " << c.path << "\n";
    return 0;
  }
  if (cases.empty()) {
    std::cerr << "campaign: no case matches\n";
    return 64;
  }
  auto start = Clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  Environment env = probeEnvironment();
  if (o.arch.empty()) {
    std::string cc;
    for (char ch : env.computeCap)
      if (std::isdigit(static_cast<unsigned char>(ch))) cc += ch;
    o.arch = "sm_" + (cc.empty() ? std::string("90") : cc);
  }
  if (o.out.empty()) o.out = (o.results.empty() ? o.root + "/validate/results" : o.results) + "/" + recordFolderName(env);
  fs::path out = fs::absolute(o.out);
  fs::create_directories(out);
  std::string envText = env.text(o);
  writeFile(out / "environment.txt", envText);
  fs::path build = fs::temp_directory_path() / ("loom-campaign-" + std::to_string(getpid()));
  fs::create_directories(build);
  std::cout << "campaign: " << cases.size() << " cases on " << env.gpu << " (" << o.arch << "), records in "
            << out.string() << "\n" << std::flush;

  // Build everything in parallel.
  std::vector<int> buildRc(cases.size(), 0);
  std::atomic<size_t> next{0};
  std::vector<std::thread> workers;
  for (int w = 0; w < o.jobs; ++w)
    workers.emplace_back([&] {
      for (size_t i; (i = next++) < cases.size();) {
        const CaseFile& c = cases[i];
        std::string srcs = joinQuoted(c.sources);
        buildRc[i] = shell("cd " + quote(c.dir) + " && nvcc -arch=" + o.arch + " -I" + quote(o.include) +
                           joinQuoted(c.flags) + srcs + " -o " + quote((build / c.name).string()) + " > " +
                           quote((build / (c.name + ".log")).string()) + " 2>&1");
      }
    });
  for (auto& t : workers) t.join();
  std::cout << "campaign: built in " << static_cast<int>(elapsed()) << " s\n" << std::flush;

  std::vector<Outcome> outcomes;
  int skipped = 0, failedBuilds = 0;
  for (size_t i = 0; i < cases.size(); ++i) {
    const CaseFile& c = cases[i];
    Outcome oc{c.name, "skipped", 0};
    fs::path rec = out / c.name;
    if (o.deadline > 0 && elapsed() > o.deadline) {
      ++skipped;
    } else if (buildRc[i] != 0) {
      ++failedBuilds;
      fs::remove_all(rec);
      fs::create_directories(rec);
      writeFile(rec / "build_failed.txt", readFile(build / (c.name + ".log")));
      writeFile(rec / "environment.txt", envText);
      oc.status = "build failed";
    } else {
      auto t0 = elapsed();
      fs::remove_all(rec);
      runCase(c, o, build / c.name, rec, envText, oc);
      oc.seconds = elapsed() - t0;
    }
    std::printf("%-50s %-28s %6.1f s\n", oc.name.c_str(), oc.status.c_str(), oc.seconds);
    std::fflush(stdout);
    outcomes.push_back(oc);
  }
  fs::remove_all(build);
  std::printf("campaign: %zu cases, %d build failures, %d skipped (deadline), %.0f s\n", cases.size(),
              failedBuilds, skipped, elapsed());
  if (skipped > 0) {
    std::printf("campaign: not run (give them to a next part):");
    for (const auto& oc : outcomes)
      if (oc.status == "skipped") std::printf(" %s", oc.name.c_str());
    std::printf("\n");
    return 2;
  }
  return 0;
}
