// The loom-cc executable end to end, against a stand-in cuda_runtime.h and configuration written
// here, so that these tests depend on loom-cc and the host compiler only (not on Loom's runtime):
// a .cu compiles, a malformed launch is reported at the user's file:line:col with exit 1 and no
// object, a C++ error points at the user's line, and -v/--dryrun show the pipeline.
#include <catch2/catch.hpp>

#ifdef LOOM_CC_PATH

#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

struct Result {
  int status;
  std::string output;  // stdout and stderr together
};

class Sandbox {
 public:
  Sandbox() : dir_(fs::temp_directory_path() / ("loomcc-e2e-" + std::to_string(getpid()))) {
    fs::create_directories(dir_ / "inc");
    // Just enough of Loom's contract for a launch to compile: `(::loom::LaunchScope(cfg), k(args))`.
    write("inc/cuda_runtime.h",
          "#pragma once\n"
          "#define __global__\n"
          "#define __shared__ thread_local\n"
          "namespace loom {\n"
          "struct LaunchScope { template <class... A> LaunchScope(A...) {} };\n"
          "inline void* dynamicSharedBase() { return nullptr; }\n"
          "}\n");
    write("loom-cc.conf",
          "cxx=c++\ninclude=" + (dir_ / "inc").string() + "\ndefines=__LOOM__=1\nlink=\n");
  }
  ~Sandbox() {
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
  }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  void write(const std::string& name, const std::string& text) const {
    std::ofstream(dir_ / name) << text;
  }

  // With the sandbox's configuration (its stand-in cuda_runtime.h), or with the build's own,
  // Loom's real headers (`realHeaders`).
  Result loomcc(const std::string& args, bool realHeaders = false) const {
    std::string conf = realHeaders ? "env -u LOOM_CC_CONF" : "LOOM_CC_CONF='" + path("loom-cc.conf") + "'";
    std::string command = "cd '" + dir_.string() + "' && " + conf + " '" + LOOM_CC_PATH + "' " + args + " 2>&1";
    Result r{-1, {}};
    FILE* pipe = popen(command.c_str(), "r");
    REQUIRE(pipe);
    char buffer[4096];
    while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) r.output.append(buffer, n);
    int status = pclose(pipe);
    r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
  }

 private:
  fs::path dir_;
};

}  // namespace

TEST_CASE("loom-cc end to end: a .cu with launches and extern __shared__ compiles",
          "[loomcc][e2e]") {
  Sandbox box;
  box.write("ok.cu",
            "#define LAUNCH(k, n) k<<<(n + 255) / 256, 256>>>(n)\n"
            "int dim(int x) { return x; }\n"
            "template <class T, int N> __global__ void k(T) {\n"
            "  extern __shared__ __attribute__((aligned(16))) T tile[];\n"
            "  tile[0] = T();\n"
            "}\n"
            "int main() {\n"
            "  LAUNCH((k<int, 2>), 1000);\n"
            "  k<float, 4><<<dim((1 + 255) / 256), 256,\n"
            "                0>>>(1.0f);\n"
            "}\n");
  Result r = box.loomcc("-c ok.cu");
  INFO(r.output);
  CHECK(r.status == 0);
  CHECK(fs::exists(box.path("ok.o")));
}

// The host compiler's assembly is what inline_hooks.h parses: if g++ ever writes its hook calls
// differently, this fails instead of every kernel silently losing the gate's speed. In an
// executable's code the gate tests the mask directly; in a shared library's, through the GOT.
TEST_CASE("loom-cc end to end: every plain access hook of kernel code is gated", "[loomcc][e2e]") {
  const bool pic = GENERATE(false, true);
  Sandbox box;
  box.write("acc.cu",
            "struct alignas(16) V { float x, y, z, w; };\n"
            "__global__ void k(float* f, char* c, double* d, V* v) {\n"
            "  f[1] = f[0];\n"
            "  c[2] = 1;\n"
            "  d[3] += 2;\n"
            "  v[1] = v[0];\n"
            "}\n");
  Result r = box.loomcc(pic ? "-keep -Xcompiler -fPIC -c acc.cu" : "-keep -c acc.cu");
  INFO(r.output);
  REQUIRE(r.status == 0);
  std::ifstream in(box.path("acc.loom.s"));
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  REQUIRE(!text.empty());
  // Every call of a plain access hook directly follows its gate (a test of the mask its alignment
  // selects, and the jump past the call), or the argument's move right after it; the others stay
  // bare.
  const std::regex test(pic ? "\ttestq\t%rdi, (0|8|16|24)\\(%rax\\)" : "\ttestq\t%r[a-z0-9]+, loom_access_masks\\+(0|8|16|24)\\(%rip\\)");
  const std::regex jump("\tje\t\\.Lloom_hook_done[0-9]+");
  std::set<std::string> gated;
  std::vector<std::string> before;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    std::smatch m;
    if (std::regex_match(line, m, std::regex("\tcall\t__tsan_((unaligned_)?(read|write)(1|2|4|8|16))(@PLT)?"))) {
      INFO(line);
      REQUIRE(before.size() >= 3);
      const std::size_t n = before.size();
      const bool moved = std::regex_match(before[n - 1], std::regex("\tmovq\t%r[a-z0-9]+, %rdi"));
      CHECK((!moved || !pic));
      CHECK(std::regex_match(before[n - 1 - moved], jump));
      CHECK(std::regex_match(before[n - 2 - moved], test));
      gated.insert(m[1]);
    }
    before.push_back(line);
  }
  CHECK(gated == std::set<std::string>{"read4", "write4", "write1", "read8", "write8", "read16", "write16"});
}

TEST_CASE("loom-cc end to end: a malformed launch is reported at the user's line",
          "[loomcc][e2e]") {
  Sandbox box;
  box.write("bad.cu",
            "__global__ void k(int) {}\n"
            "\n"
            "int main() {\n"
            "\t  k<<<1>>>(2);\n"
            "}\n");
  box.write("bad.o", "stale");
  Result r = box.loomcc("-c bad.cu");
  CHECK(r.status == 1);
  CHECK(r.output ==
        "bad.cu:4:5: error: a kernel launch configuration takes 2 to 4 arguments <<<grid, "
        "block[, dynamic shared memory bytes[, stream]]>>>, found 1\n");
  CHECK(!fs::exists(box.path("bad.o")));  // no output, not even a stale one
}

TEST_CASE("loom-cc end to end: C++ errors point at the user's file and line", "[loomcc][e2e]") {
  Sandbox box;
  box.write("err.cu",
            "__global__ void k(int) {}\n"
            "\n"
            "int main() {\n"
            "  k<<<1, 1>>>(\n"
            "      undeclared_name);\n"
            "}\n");
  Result r = box.loomcc("-c err.cu");
  CHECK(r.status != 0);
  CHECK(r.output.find("err.cu:5:") != std::string::npos);
  CHECK(r.output.find("undeclared_name") != std::string::npos);
}

// nvcc's front-end answers, recorded on the device (validate/probes/frontend_errors/run.sh):
// loom-cc refuses each program nvcc refuses and accepts each one it accepts, and reports each of
// nvcc's errors at the same line, naming the same function. Known differences, each with its
// reason: nvcc's second report of a host call ("identifier ... is undefined in device code")
// repeats the first; a constexpr host function called from device code is left to g++, as nvcc
// accepts it under --expt-relaxed-constexpr; a __device__ function called from host code is
// GCC's error attribute, which names no caller ("from host code"). nvcc's warnings (a __shared__
// variable used in host code) are given at the same line, with the same number and words.
// A failed compile removes its object, as gcc does, but only a regular file: `-o /dev/null`, as
// build systems probe a compiler, must not lose the device (a pipe stands in for it here).
TEST_CASE("loom-cc end to end: a failed compile leaves an output that is no regular file", "[loomcc][e2e]") {
  Sandbox box;
  box.write("broken.cu", "int main() { return undeclared; }\n");
  REQUIRE(mkfifo(box.path("pipe.o").c_str(), 0600) == 0);
  Result r = box.loomcc("-c broken.cu -o pipe.o", true);
  CHECK(r.status != 0);
  CHECK(fs::is_fifo(fs::symlink_status(box.path("pipe.o"))));
  box.write("stale.o", "an object of an earlier build");
  Result again = box.loomcc("-c broken.cu -o stale.o", true);
  CHECK(again.status != 0);
  CHECK_FALSE(fs::exists(box.path("stale.o")));
}

TEST_CASE("loom-cc end to end: nvcc's front-end errors, as recorded on the device", "[loomcc][e2e]") {
  Sandbox box;
  const std::string dir = std::string(LOOM_SOURCE_DIR) + "/validate/probes/frontend_errors/";
  std::ifstream record(dir + "frontend_errors.txt");
  REQUIRE(record);
  std::map<std::string, int> exits;
  std::map<std::string, std::vector<std::pair<int, std::string>>> errors;  // file -> (line, function named)
  std::map<std::string, std::vector<std::pair<int, std::string>>> warnings;  // file -> (line, "warning #N-D: words")
  const std::regex head(R"(^== (\S+) exit=(\d+)$)");
  // The __shared__-in-host warnings; nvcc's #20011-D for a __host__ __device__ caller is not given.
  const std::regex warning(R"(^(\S+)\((\d+)\): (warning #2009\d-D: .*)$)");
  const std::regex error(R"(^(\S+)\((\d+)\): error: (calling a (?:constexpr )?__\w+__ function\("[^"(<]*|a __global__ function must have a void return type))");
  std::string line, current;
  for (std::smatch m; std::getline(record, line);) {
    if (std::regex_search(line, m, head)) exits[current = m[1]] = std::stoi(m[2]);
    else if (std::regex_search(line, m, error)) errors[m[1]].emplace_back(std::stoi(m[2]), m[3]);
    else if (std::regex_search(line, m, warning)) warnings[m[1]].emplace_back(std::stoi(m[2]), m[3]);
  }
  REQUIRE(warnings.size() == 3);
  REQUIRE(exits.size() >= 12);
  for (const auto& [file, nvccExit] : exits) {
    Result r = box.loomcc("-arch=sm_90 -c '" + dir + file + "' -o probe.o", true);
    INFO(file << ": nvcc exit " << nvccExit << "\n" << r.output);
    if (file == "constexpr_host_from_global.cu") {
      CHECK(r.status == 0);
      continue;
    }
    CHECK((r.status != 0) == (nvccExit != 0));
    for (const auto& [at, words] : errors[file]) {
      // The function's name without nvcc's spelling of a template instance (`T1  ::sq<float> (T1)`).
      std::string expected = words;
      if (std::size_t quote = expected.find('"'); quote != std::string::npos) {
        std::size_t name = expected.find_last_of(": ");
        if (name > quote) expected.erase(quote + 1, name - quote);
      }
      CHECK(r.output.find(file + ":" + std::to_string(at) + ":") != std::string::npos);
      CHECK(r.output.find(expected) != std::string::npos);
    }
    for (const auto& [at, words] : warnings[file])
      CHECK(r.output.find(file + ":" + std::to_string(at) + ":") != std::string::npos);
    for (const auto& [at, words] : warnings[file]) CHECK(r.output.find(words) != std::string::npos);
    if (warnings[file].empty()) CHECK(r.output.find("warning #") == std::string::npos);
  }
}

TEST_CASE("loom-cc end to end: code nvcc rejects is rejected, at the user's line", "[loomcc][e2e]") {
  Sandbox box;
  // CUDA's execution spaces: host code cannot call a __device__ function; a kernel returns void.
  box.write("host_calls_device.cu",
            "__device__ int twice(int x) { return 2 * x; }\n"
            "\n"
            "int main() {\n"
            "  return twice(3);\n"
            "}\n");
  Result call = box.loomcc("-c host_calls_device.cu", true);
  INFO(call.output);
  CHECK(call.status != 0);
  CHECK(call.output.find("host_calls_device.cu:4:") != std::string::npos);
  CHECK(call.output.find("calling a __device__ function(\"twice\") from host code is not allowed") !=
        std::string::npos);
  box.write("kernel_returns.cu", "__global__ int k() { return 1; }\n");
  Result ret = box.loomcc("-c kernel_returns.cu", true);
  CHECK(ret.status == 1);
  CHECK(ret.output == "kernel_returns.cu:1:16: error: a __global__ function must have a void return type\n");
  // The compiles run with -fpermissive for CUB's member typedefs (permissive.h), but what
  // -fpermissive would let through that nvcc rejects is still an error.
  box.write("int_to_pointer.cu", "int main() {\n  int* p = 5;\n  return p != nullptr;\n}\n");
  Result conversion = box.loomcc("-c int_to_pointer.cu -o int_to_pointer.o", true);
  INFO(conversion.output);
  CHECK(conversion.status == 1);
  CHECK(conversion.output.find("int_to_pointer.cu:2:12: error: invalid conversion from ") !=
        std::string::npos);
  CHECK(!fs::exists(box.path("int_to_pointer.o")));
  box.write("changes_meaning.cu",
            "template <class T> struct Scan { T v; };\n"
            "template <class T> struct Block { typedef Scan<T> Scan; Scan s; };\n"
            "int main() { Block<int> b{}; return b.s.v; }\n");
  CHECK(box.loomcc("-c changes_meaning.cu -o changes_meaning.o", true).status == 0);
}

TEST_CASE("loom-cc end to end: -v, --dryrun, --version, unknown options", "[loomcc][e2e]") {
  Sandbox box;
  box.write("k.cu", "int main() {}\n");
  Result dry = box.loomcc("--dryrun -O3 -arch=sm_80 k.cu -o app");
  CHECK(dry.status == 0);
  CHECK(dry.output.find("#$ c++ -E -x c++ -std=c++17 -O3 -fsanitize=thread") != std::string::npos);
  CHECK(dry.output.find("-DLOOM_EMULATED_ARCH=800") != std::string::npos);
  CHECK(dry.output.find(" --loom-rewrite ") != std::string::npos);
  CHECK(dry.output.find("#$ c++ -S -x c++-cpp-output ") != std::string::npos);
  CHECK(dry.output.find(" --loom-inline-hooks ") != std::string::npos);
  CHECK(dry.output.find("#$ c++ -c -x assembler ") != std::string::npos);
  CHECK(!fs::exists(box.path("app")));

  Result verbose = box.loomcc("-v -Xptxas -v -c k.cu -o k.o");
  INFO(verbose.output);
  CHECK(verbose.status == 0);
  CHECK(verbose.output.find("loom-cc: note: ignoring '-Xptxas -v'") != std::string::npos);
  CHECK(verbose.output.find("#$ c++ -S -x c++-cpp-output ") != std::string::npos);
  CHECK(fs::exists(box.path("k.o")));

  Result version = box.loomcc("--version");
  CHECK(version.status == 0);
  // Loom's own line, then nvcc's lines that build systems read (CMake: the driver's name, V13.0.0).
  CHECK(version.output ==
        "loom-cc (Loom) 0.1.0, emulating sm_90; nvcc-compatible command line\n"
        "nvcc: NVIDIA (R) Cuda compiler driver (command line), CUDA 13.0 as emulated by Loom\n"
        "Cuda compilation tools, release 13.0, V13.0.0\n");

  Result unknown = box.loomcc("--frobnicate k.cu");
  CHECK(unknown.status == 1);
  CHECK(unknown.output == "loom-cc: error: unknown nvcc option '--frobnicate'\n");
}

#endif  // LOOM_CC_PATH

// The warnings name reads and addresses of the user's namespace-scope __shared__ variables in
// host functions only: not a write, not a local of the same name, not a thread_local of the host,
// not device code. Both files compile (nvcc only warns).
TEST_CASE("loom-cc end to end: which host uses of a __shared__ variable are warned about", "[loomcc][e2e]") {
  Sandbox box;
  auto compile = [&](const std::string& name, const std::string& source) {
    box.write(name + ".cu", source);
    Result r = box.loomcc("-arch=sm_90 -c " + name + ".cu -o " + name + ".o", true);
    INFO(r.output);
    CHECK(r.status == 0);
    return r.output;
  };
  const std::string quiet = compile("quiet",
                                    "__shared__ int counter;\n"
                                    "thread_local int hostCounter;\n"
                                    "__global__ void bump() { counter += 1; int* p = &counter; *p += 1; }\n"
                                    "__device__ int peek() { return counter; }\n"
                                    "int main() {\n"
                                    "  counter = 3;\n"
                                    "  { int counter = 4; hostCounter = counter; }\n"
                                    "  return hostCounter + (int)sizeof(int);\n"
                                    "}\n");
  CHECK(quiet.find("warning") == std::string::npos);
  const std::string loud = compile("loud",
                                   "__shared__ float tile[32];\n"
                                   "__global__ void fill() { tile[threadIdx.x] = 1.0f; }\n"
                                   "float first() { return tile[0]; }\n"
                                   "int main() { const float* p = tile; return p != nullptr && first() == 0.0f; }\n");
  CHECK(loud.find("loud.cu:3:24: warning #20091-D: a __shared__ variable \"tile\" cannot be directly read in a "
                  "host function") != std::string::npos);
  CHECK(loud.find("loud.cu:4:31: warning #20093-D: address of a __shared__ variable \"tile\" cannot be directly "
                  "taken in a host function") != std::string::npos);
}
