#include "cuda_defines.h"

namespace loom::cc {
namespace {

std::string define(const std::string& name, int value) {
  return "-D" + name + "=" + std::to_string(value);
}

void versionAndStream(const Options& o, std::vector<std::string>& out) {
  out.push_back("-D__NVCC__");
  out.push_back(define("__CUDACC_VER_MAJOR__", kCudaVersionMajor));
  out.push_back(define("__CUDACC_VER_MINOR__", kCudaVersionMinor));
  out.push_back(define("__CUDACC_VER_BUILD__", kCudaVersionBuild));
  // nvcc's --default-stream per-thread is this macro, for host and device code alike.
  if (o.perThreadDefaultStream) out.push_back(define("CUDA_API_PER_THREAD_DEFAULT_STREAM", 1));
}

}  // namespace

std::vector<std::string> cudaMacros(const Options& o, Pass pass) {
  std::vector<std::string> out{"-D__CUDACC__"};
  versionAndStream(o, out);
  out.push_back(define("__CUDA_ARCH_LIST__", o.arch));
  if (pass == Pass::Device) out.push_back(define("__CUDA_ARCH__", o.arch));
  out.push_back(define("LOOM_EMULATED_ARCH", o.arch));
  if (o.relocatableDeviceCode) out.push_back(define("__CUDACC_RDC__", 1));
  if (o.extendedLambda) out.push_back(define("__CUDACC_EXTENDED_LAMBDA__", 1));
  if (o.relaxedConstexpr) out.push_back(define("__CUDACC_RELAXED_CONSTEXPR__", 1));
  if (o.fastMath) {
    out.push_back(define("__USE_FAST_MATH__", 1));
    out.push_back(define("LOOM_FAST_MATH", 1));
  }
  out.push_back(define("LOOM_FTZ", o.ftz));
  out.push_back(define("LOOM_PREC_DIV", o.precDiv));
  out.push_back(define("LOOM_PREC_SQRT", o.precSqrt));
  out.push_back(define("LOOM_FMAD", o.fmad));
  return out;
}

std::vector<std::string> hostMacros(const Options& o) {
  std::vector<std::string> out;
  versionAndStream(o, out);
  return out;
}

std::string macroName(const std::string& arg) {
  if (arg.size() < 3 || arg[0] != '-' || (arg[1] != 'D' && arg[1] != 'U')) return {};
  std::string name = arg.substr(2);
  std::size_t end = name.find_first_of("=(");
  return end == std::string::npos ? name : name.substr(0, end);
}

}  // namespace loom::cc
