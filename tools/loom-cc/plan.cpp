#include "plan.h"

namespace loom::cc {

const std::vector<std::string>& instrumentationArgs() {
  // Kernel code calls Loom's __tsan_* hooks for its memory accesses, but never needs the
  // function entry/exit hooks (two calls per CUDA thread), and the fence warning is about
  // libtsan, which Loom does not use. These spellings are GCC's (the default host compiler).
  static const std::vector<std::string> args{"-fsanitize=thread",
                                             "--param=tsan-instrument-func-entry-exit=0",
                                             "-Wno-tsan", "-fno-builtin-printf",
                                             "-fno-builtin-puts"};
  return args;
}

void addCudaSteps(const CudaCompile& c, Plan& plan) {
  Step preprocess;
  preprocess.argv = {c.cxx, "-E", "-x", "c++"};
  preprocess.argv.insert(preprocess.argv.end(), c.preprocessArgs.begin(), c.preprocessArgs.end());
  preprocess.argv.insert(preprocess.argv.end(), {c.source, "-o", c.preprocessed});
  plan.steps.push_back(std::move(preprocess));

  Step rewrite;
  rewrite.kind = Step::Kind::Rewrite;
  rewrite.input = c.preprocessed;
  rewrite.output = c.rewritten;
  plan.steps.push_back(std::move(rewrite));

  Step compile;
  compile.argv = {c.cxx, "-c", "-x", "c++-cpp-output", c.rewritten};
  compile.argv.insert(compile.argv.end(), c.compileArgs.begin(), c.compileArgs.end());
  compile.argv.insert(compile.argv.end(), {"-o", c.object});
  compile.output = c.object;
  plan.steps.push_back(std::move(compile));

  plan.temporaries.push_back(c.preprocessed);
  plan.temporaries.push_back(c.rewritten);
}

}  // namespace loom::cc
