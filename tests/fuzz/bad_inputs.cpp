#include "bad_inputs.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <regex>
#include <vector>

#include "process.h"
#include "random.h"
#include "reference_header.h"

namespace loom::fuzz {
namespace {

namespace fs = std::filesystem;

struct Input {
  std::string name;     // the file's name
  std::string text;     // its bytes
  std::string located;  // a regex the diagnostic must match; empty: it must compile and run
};

// A program whose output its plain C++ build gives too (reference_header.h's FZ_LAUNCH).
const char* kLaunch = R"(#ifndef FUZZ_REFERENCE
#define FZ_LAUNCH(kernel, threads, args) do { kernel<<<1, threads>>> args; cudaDeviceSynchronize(); } while (0)
#endif
)";

const char* kMain = R"(
int main() {
  unsigned *in, *out;
  cudaMallocManaged(&in, 64 * sizeof(unsigned));
  cudaMallocManaged(&out, 64 * sizeof(unsigned));
  for (unsigned k = 0; k < 64u; ++k) in[k] = k * 2654435761u, out[k] = 0;
  FZ_LAUNCH(kernel, 64, (in, out));
  unsigned long long h = 0;
  for (unsigned k = 0; k < 64u; ++k) h = h * 1099511628211ull + out[k];
  std::printf("%016llx\n", h);
  return 0;
}
)";

std::string program(const std::string& kernelBody) {
  return std::string("#include <cstdio>\n") + kLaunch +
         "__global__ void kernel(const unsigned* in, unsigned* out) {\n  unsigned t = threadIdx.x;\n" + kernelBody + "}\n" +
         kMain;
}

std::vector<Input> inputs() {
  std::vector<Input> all;
  Random random(33);
  std::string garbage;
  for (int k = 0; k < 8192; ++k) garbage += static_cast<char>(random.below(256));
  all.push_back({"garbage.cu", garbage, R"(garbage\.cu:[0-9]+:)"});
  const std::string valid = program("  if (in[t] & 1u) out[t] = t; else out[t] = t + 1u;\n"
                                    "  for (unsigned k = 0; k < 4u; ++k) out[t] += in[(t + k) & 63u];\n");
  all.push_back({"truncated.cu", valid.substr(0, valid.find("for (unsigned k") + 20), R"(truncated\.cu:[0-9]+:)"});
  all.push_back({"paren.cu", program("  out[t] = ((in[t] + 1u);\n"), R"(paren\.cu:[0-9]+:)"});
  all.push_back({"bracket.cu", program("  out[t = in[t];\n"), R"(bracket\.cu:[0-9]+:)"});
  all.push_back({"brace_extra.cu", program("  if (t) { out[t] = 1u; } }\n"), R"(brace_extra\.cu:[0-9]+:)"});
  all.push_back({"brace_missing.cu", program("  if (t) { out[t] = 1u;\n  for (;;) {\n"), R"(brace_missing\.cu:[0-9]+:)"});
  all.push_back({"string.cu", program("  const char* s = \"abc;\n  out[t] = s[0];\n"), R"(string\.cu:[0-9]+:)"});
  all.push_back({"char.cu", program("  out[t] = 'x;\n"), R"(char\.cu:[0-9]+:)"});
  all.push_back({"raw_string.cu", program("  const char* s = R\"x(abc;\n  out[t] = s[0];\n"), R"(raw_string\.cu:[0-9]+:)"});
  all.push_back({"comment.cu", program("  /* never closed\n  out[t] = 1u;\n"), R"(comment\.cu:[0-9]+:)"});
  all.push_back({"launch.cu", "__global__ void k(int* p) {}\nint main() { k<<<1, >>>(0); k<<<(1, 2>>>(0); }\n",
                 R"(launch\.cu:2:[0-9]+: error: )"});
  // Bytes that are no UTF-8 in a comment and a string literal compile; in code, they are an error.
  all.push_back({"latin1.cu", program("  // caf\xe9 \xff\xfe\n  const char* s = \"\xc3\x28\xff\";\n  out[t] = (unsigned char)s[2] + t;\n"), ""});
  all.push_back({"latin1_code.cu", program("  out[t] = 1u \xff\xfe;\n"), R"(latin1_code\.cu:[0-9]+:)"});
  all.push_back({"nul.cu", program(std::string("  out[t] = 2u;") + '\0' + '\0' + " out[t] += t;\n"), ""});
  // #line directives: diagnostics name the file and line they give; a program keeps its meaning.
  all.push_back({"line_error.cu", program("#line 500 \"elsewhere.cu\"\n  out[t] = undefined_name;\n"),
                 R"(elsewhere\.cu:500:)"});
  all.push_back({"line_quote.cu", program("#line 7 \"odd\\\"name.cu\"\n  out[t] = undefined_name;\n"),
                 R"(odd"name\.cu:7:)"});
  all.push_back({"line_valid.cu",
                 program("#line 1 \"a.cu\"\n  if (in[t] & 1u) {\n#line 90 \"b.cu\"\n    out[t] = t;\n  } else {\n"
                         "#line 3 \"a.cu\"\n    out[t] = in[t] ? in[t] : in[(t + 1) & 63u];\n  }\n"),
                 ""});
  // 3,000 nested statements (tests/unit/loomcc reads 100,000; g++ itself crashes on 20,000).
  std::string deep;
  for (int k = 0; k < 3000; ++k) deep += "if (t) ";
  deep += "out[t] = 1u;\n  undefined_name;\n";
  all.push_back({"deep.cu", program("  " + deep), R"(deep\.cu:[0-9]+:)"});
  // A 50,000-line kernel: one line in 50 an if/else storing to one element, one in 50 a load,
  // the others arithmetic (g++ takes minutes over 50,000 instrumented accesses in one function).
  std::string big;
  for (int k = 4; k < 49990; ++k)
    big += k % 50 == 0   ? "  if (v & 1u) out[t] = v; else out[t] = v + " + std::to_string(k) + "u;\n"
           : k % 50 == 25 ? "  v += in[(v + " + std::to_string(k) + "u) & 63u];\n"
                          : "  v = (v ^ " + std::to_string(k) + "u) * 3u;\n";
  all.push_back({"big.cu", program("  unsigned v = t;\n" + big + "  out[t] ^= v;\n"), ""});
  const std::string bigError = program("  unsigned v = t;\n" + big + "  out[t] ^= undefined_name;\n");
  const auto errorLine = 1 + std::count(bigError.begin(), bigError.begin() + bigError.find("undefined_name"), '\n');
  all.push_back({"big_error.cu", bigError, "big_error\\.cu:" + std::to_string(errorLine) + ":"});
  return all;
}

}  // namespace

unsigned checkBadInputs(const std::string& loomCc, const std::string& cxx, const fs::path& work) {
  fs::create_directories(work);
  const fs::path header = work / "fuzz_reference.h";
  std::ofstream(header) << kReferenceHeader;
  unsigned failed = 0;
  for (const Input& in : inputs()) {
    const fs::path source = work / in.name, exe = work / (in.name + ".out"), log = work / (in.name + ".log");
    std::ofstream(source, std::ios::binary) << in.text;
    const auto start = std::chrono::steady_clock::now();
    const int rc = run({loomCc, "-O0", "-std=c++17", source.string(), "-o", exe.string()}, log, 600);
    const std::string output = readFile(log);
    std::string verdict;
    if (rc >= 128) verdict = "loom-cc ended by signal " + std::to_string(rc - 128) + (rc == 128 + 14 ? " (hung)" : "");
    else if (output.find("internal compiler error") != std::string::npos) verdict = "a compiler crashed";
    else if (!in.located.empty()) {
      if (rc == 0) verdict = "compiled, but must fail";
      else if (!std::regex_search(output, std::regex(in.located))) verdict = "no diagnostic matching " + in.located;
    } else if (rc != 0) {
      verdict = "failed to compile (status " + std::to_string(rc) + ")";
    } else {
      // It compiled: it must print what the plain C++ build of the same file prints.
      const fs::path ref = work / (in.name + ".ref");
      const int refRc = run({cxx, "-O0", "-std=c++17", "-w", "-x", "c++", "-include", header.string(), source.string(),
                             "-o", ref.string()},
                            work / (in.name + ".ref.log"), 600);
      const int got = run({exe.string()}, work / (in.name + ".run"), 60);
      const int want = run({ref.string()}, work / (in.name + ".ref.run"), 60);
      if (refRc != 0 || want != 0) verdict = "the plain C++ build failed";
      else if (got != 0 || readFile(work / (in.name + ".run")) != readFile(work / (in.name + ".ref.run")))
        verdict = "prints other than its plain C++ build";
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("%-16s %5.1f s  %s\n", in.name.c_str(), seconds, verdict.empty() ? (in.located.empty() ? "ok: runs as plain C++" : "ok: diagnosed") : ("FAILED: " + verdict).c_str());
    if (!verdict.empty()) {
      ++failed;
      std::printf("%s", tailOf(log).c_str());
    }
  }
  return failed;
}

}  // namespace loom::fuzz
