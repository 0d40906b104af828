#include "program.h"

#include "body_writer.h"

namespace loom::fuzz {
namespace {

constexpr unsigned kThreads = 64;  // two warps, one block
constexpr unsigned kSlots = 48;    // out[] elements per thread: 0-7 stored, 8-15 volatile, 16-47 final values

// Everything both compilers see before the kernels. The reference header (reference_header.h)
// defines FZ_LAUNCH and the CUDA names for plain C++; under loom-cc a launch is `<<<1, n>>>`.
const char* kPrelude = R"(// A loom-fuzz program (tests/fuzz/README.md): loom-cc's build and a plain C++ build of this file
// must print the same lines.
#include <cstdio>
#ifndef FUZZ_REFERENCE
#define FZ_LAUNCH(kernel, threads, args) \
  do { kernel<<<1, threads>>> args; fz_sync(#kernel); } while (0)
static void fz_sync(const char* kernel) {
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) std::printf("%s launch failed: %s\n", kernel, cudaGetErrorString(e));
}
#endif
#define FZ_PUT(a, m, i, v) a[(i) & (m)] = (v)
#define FZ_TWICE(s) do { s; s; } while (0)
struct FzPair { unsigned a, b; };
)";

std::string hex(std::uint64_t v) {
  static const char* digits = "0123456789abcdef";
  std::string s;
  for (int k = 0; k < 8; ++k, v >>= 4) s.insert(s.begin(), digits[v & 15]);
  return s;
}

// A device function (a template or not) that loads from in, stores to r's eight slots and
// returns a value; kernels call it as name(in, o, x).
std::string deviceFunction(Random& random, const std::string& name, bool templated, std::string& callName) {
  BodyContext context;
  context.assignable = {"x", "y"};
  context.bases = {Base{"r", 7}};
  context.input = "in";
  context.returns = context.returnsValue = true;
  if (templated) context.readOnly = {"K"};
  BodyWriter writer(random, context, 1);
  std::string text = templated ? "template <unsigned K>\n" : "";
  text += "__device__ unsigned " + name + "(const unsigned* in, unsigned* r, unsigned x) {\n";
  text += "  unsigned y = x ^ " + std::to_string(random.below(1000)) + "u;\n";
  text += writer.statements(2 + random.below(4));
  text += "  return " + writer.value() + ";\n}\n";
  callName = templated ? name + "<" + std::to_string(random.below(9)) + "u>" : name;
  return text;
}

std::string kernel(Random& random, const std::string& name, bool templated, bool barriers,
                   const std::vector<std::string>& functions, std::string& launchName) {
  BodyContext context;
  context.assignable = {"v0", "v1", "v2", "v3"};
  context.readOnly = {"t"};
  if (templated) context.readOnly.push_back("K");
  context.bases = {Base{"o", 7}, Base{"loc", 7}, Base{"s", 3}, Base{"vo", 7, true}};
  context.input = "in";
  context.sharedSums = "acc";
  context.functions = functions;
  context.pairPointer = "pp";
  context.barriers = barriers;
  BodyWriter writer(random, context, 1);
  std::string text = templated ? "template <unsigned K>\n" : "";
  text += "__global__ void " + name + "(const unsigned* in, unsigned* out, unsigned* acc) {\n";
  text += "  const unsigned t = threadIdx.x;\n";
  text += "  unsigned* const o = out + t * " + std::to_string(kSlots) + "u;\n";
  text += "  volatile unsigned* const vo = o + 8;\n";
  text += "  unsigned v0 = in[t] ^ " + std::to_string(random.below(1u << 16)) + "u, v1 = t * " +
          std::to_string(random.below(50)) + "u, v2 = in[(t + 1u) & 63u], v3 = " + std::to_string(random.below(9)) +
          "u;\n";
  text += "  unsigned loc[8] = {v0, v1, v2, v3, t, 1u, 2u, 3u};\n";
  text += "  __shared__ unsigned sh[" + std::to_string(kThreads * 4) + "];\n";
  text += "  unsigned* const s = sh + t * 4u;\n";
  text += "  s[0] = v1; s[1] = v2; s[2] = v0 + 5u; s[3] = t;\n";
  text += "  FzPair pair{v2, v3};\n  FzPair* const pp = &pair;\n";
  text += writer.statements(4 + random.below(6));
  // Every variable the top level declared, the arrays and the pair end in the thread's slots.
  unsigned slot = 16;
  for (const std::string& v : writer.topLevelVariables()) {
    if (slot >= 34) break;
    text += "  o[" + std::to_string(slot++) + "] = " + v + ";\n";
  }
  text += "  for (unsigned k = 0; k < 8u; ++k) o[34u + k] = loc[k];\n";
  text += "  for (unsigned k = 0; k < 4u; ++k) o[42u + k] = s[k];\n";
  text += "  o[46] = pair.a; o[47] = pair.b;\n}\n";
  launchName = templated ? name + "<" + std::to_string(random.below(9)) + "u>" : name;
  return text;
}

}  // namespace

Program writeProgram(std::uint64_t seed, unsigned kernels) {
  Random random(seed);
  Program program;
  program.text = kPrelude;
  program.text += "// seed " + std::to_string(seed) + "\n";
  for (unsigned k = 0; k < kernels; ++k) {
    const std::string id = std::to_string(k);
    std::vector<std::string> functions;
    for (unsigned f = random.below(3); f > 0; --f) {
      std::string call;
      program.text += deviceFunction(random, "fz" + id + "_f" + std::to_string(f), random.chance(40), call);
      functions.push_back(call);
    }
    std::string launch;
    program.text += kernel(random, "fz" + id, random.chance(25), random.chance(30), functions, launch);
    program.kernels.push_back(launch);
  }
  // The driver: the same input for every kernel, the output and the sums zeroed, a checksum of
  // every slot after the launch.
  const std::string n = std::to_string(kThreads), size = std::to_string(kThreads * kSlots);
  program.text += "static unsigned *fz_in, *fz_out, *fz_acc;\n";
  program.text += "static void fz_report(const char* kernel) {\n"
                  "  unsigned long long h = 14695981039346656037ull;\n"
                  "  for (unsigned k = 0; k < " + size + "u; ++k) h = (h ^ fz_out[k]) * 1099511628211ull;\n"
                  "  for (unsigned k = 0; k < 8u; ++k) h = (h ^ fz_acc[k]) * 1099511628211ull;\n"
                  "  std::printf(\"%s %016llx\\n\", kernel, h);\n"
                  "  for (unsigned k = 0; k < " + size + "u; ++k) fz_out[k] = 0;\n"
                  "  for (unsigned k = 0; k < 8u; ++k) fz_acc[k] = 0;\n}\n";
  program.text += "int main() {\n";
  program.text += "  cudaMallocManaged(&fz_in, " + n + " * sizeof(unsigned));\n";
  program.text += "  cudaMallocManaged(&fz_out, " + size + " * sizeof(unsigned));\n";
  program.text += "  cudaMallocManaged(&fz_acc, 8 * sizeof(unsigned));\n";
  program.text += "  for (unsigned k = 0; k < " + n + "u; ++k) fz_in[k] = k * 2654435761u ^ 0x" + hex(seed) + "u;\n";
  program.text += "  for (unsigned k = 0; k < " + size + "u; ++k) fz_out[k] = 0;\n";
  program.text += "  for (unsigned k = 0; k < 8u; ++k) fz_acc[k] = 0;\n";
  for (const std::string& k : program.kernels)
    program.text += "  FZ_LAUNCH(" + k + ", " + n + ", (fz_in, fz_out, fz_acc)); fz_report(\"" + k + "\");\n";
  program.text += "  cudaFree(fz_in);\n  cudaFree(fz_out);\n  cudaFree(fz_acc);\n  return 0;\n}\n";
  return program;
}

}  // namespace loom::fuzz
