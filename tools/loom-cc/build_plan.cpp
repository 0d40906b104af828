#include "build_plan.h"

#include <algorithm>
#include <set>

#include "cuda_defines.h"
#include "nvcc_environment.h"
#include "paths.h"
#include "rewrite.h"

namespace loom::cc {
namespace {

bool contains(const std::vector<std::string>& v, std::string_view s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

void append(std::vector<std::string>& to, const std::vector<std::string>& from) {
  to.insert(to.end(), from.begin(), from.end());
}

// Unique base names for intermediate files: two inputs a/x.cu and b/x.cu must not share x.ii.
class TempNames {
 public:
  explicit TempNames(std::string dir) : dir_(std::move(dir)) {}
  std::string make(const std::string& stem) {
    std::string name = stem;
    for (int n = 2; used_.count(name); ++n) name = stem + "-" + std::to_string(n);
    used_.insert(name);
    return dir_.empty() || dir_ == "." ? name : dir_ + "/" + name;
  }

 private:
  std::string dir_;
  std::set<std::string> used_;
};

class Planner {
 public:
  Planner(const Options& o, const Config& c, const std::string& tempDir)
      : o_(o), c_(c), names_(tempDir) {
    for (const std::string& d : c.includeDirs) loomIncludes_.push_back("-I" + d);
    for (const std::string& a : o.preprocessorArgs) {
      if (std::string name = macroName(a); !name.empty()) userMacros_.insert(name);
    }
    for (const std::string& d : c.defines) confDefines_.push_back("-D" + d);
    confDefines_ = withoutUserMacros(confDefines_);
  }

  Plan run() {
    if (o_.deviceLinkOnly) {
      // nvcc's device link joins the device code of -rdc objects for the host link. Loom's device
      // code is in the objects already, so the object it makes holds nothing; build systems
      // (CMake's CUDA_SEPARABLE_COMPILATION) still link it in.
      Step s;
      s.argv = {c_.cxx, "-c", "-x", "c", "/dev/null", "-o", o_.output.value_or("a_dlink.o")};
      plan_.steps.push_back(std::move(s));
      return std::move(plan_);
    }
    bool link = !o_.compileOnly && !o_.dependenciesOnly;
    std::vector<std::string> linkInputs;
    for (const Input& in : o_.inputs) {
      if (in.kind == InputKind::Linker) {
        if (link) linkInputs.push_back(in.path);
        continue;
      }
      if (o_.dependenciesOnly) {
        dependenciesOnly(in);
        continue;
      }
      std::string base = names_.make(stem(in.path));   // of its intermediate files
      std::string shownObject = stem(in.path) + ".o";  // what dependency files name
      std::string object;
      if (o_.compileOnly) {
        object = shownObject = o_.output.value_or(shownObject);
      } else {
        object = base + ".o";
        plan_.temporaries.push_back(object);
        linkInputs.push_back(object);
      }
      if (in.kind == InputKind::Cuda) {
        cuda(in, base, object, shownObject);
      } else {
        host(in, object, shownObject);
      }
    }
    if (link) this->link(linkInputs);
    return std::move(plan_);
  }

 private:
  // A macro the user defines or undefines on the command line is theirs: Loom's -D would override
  // a -U, or warn about a redefinition.
  std::vector<std::string> withoutUserMacros(const std::vector<std::string>& defines) const {
    std::vector<std::string> out;
    for (const std::string& d : defines) {
      if (!userMacros_.count(macroName(d))) out.push_back(d);
    }
    return out;
  }

  std::string standard() const { return "-std=" + o_.standard; }
  std::string optimization(bool cuda) const {
    return "-O" + (cuda && o_.deviceDebug ? std::string("0") : o_.optimization);
  }

  // -MD/-MMD write next to the object and name it as the target, as nvcc does, also when the
  // object itself is a temporary of a link.
  std::vector<std::string> dependencyArgs(const std::string& shownObject) const {
    std::vector<std::string> args = o_.dependencyArgs;
    if (!contains(args, "-MD") && !contains(args, "-MMD")) return args;
    if (!contains(args, "-MF")) append(args, {"-MF", replaceSuffix(shownObject, ".d")});
    if (!contains(args, "-MT")) append(args, {"-MT", shownObject});
    return args;
  }

  // The preprocessor arguments of a .cu file's device pass (shared with -M) or host pass.
  std::vector<std::string> cudaPreprocessArgs(Pass pass = Pass::Device) const {
    std::vector<std::string> a{standard(), optimization(true)};
    if (pass == Pass::Device) a.push_back(instrumentationArgs().front());
    append(a, o_.compilerArgs);
    append(a, o_.preprocessorArgs);
    append(a, loomIncludes_);
    append(a, withoutUserMacros(cudaMacros(o_, pass)));
    append(a, confDefines_);
    append(a, {"-include", "cuda_runtime.h"});
    return a;
  }

  std::vector<std::string> hostPreprocessArgs(const Input& in) const {
    std::vector<std::string> a;
    if (in.kind == InputKind::Cxx) a.push_back(standard());
    append(a, o_.compilerArgs);
    append(a, o_.preprocessorArgs);
    append(a, loomIncludes_);
    append(a, withoutUserMacros(hostMacros(o_)));
    append(a, confDefines_);
    return a;
  }

  void cuda(const Input& in, const std::string& base, const std::string& object,
            const std::string& shownObject) {
    CudaCompile c;
    c.cxx = c_.cxx;
    c.gdbScript = c_.gdbScript;
    c.source = in.path;
    nameIntermediates(c, base);
    c.object = object;
    c.preprocessArgs = cudaPreprocessArgs();
    append(c.preprocessArgs, dependencyArgs(shownObject));
    c.compileArgs = {standard(), optimization(true)};
    append(c.compileArgs, instrumentationArgs());
    c.compileArgs.push_back(o_.hostDebug || o_.deviceDebug ? "-g" : "-g1");
    append(c.compileArgs, o_.compilerArgs);
    c.hostPreprocessArgs = cudaPreprocessArgs(Pass::Host);
    c.hostCompileArgs = {standard(), optimization(false)};
    if (o_.hostDebug) c.hostCompileArgs.push_back("-g");
    append(c.hostCompileArgs, o_.compilerArgs);
    addCudaSteps(c, plan_);
  }

  void host(const Input& in, const std::string& object, const std::string& shownObject) {
    Step s;
    s.argv = {c_.cxx, "-c", "-x", in.kind == InputKind::C ? "c" : "c++"};
    if (in.kind == InputKind::Cxx) s.argv.push_back(standard());
    s.argv.push_back(optimization(false));
    if (o_.hostDebug) s.argv.push_back("-g");
    append(s.argv, o_.compilerArgs);
    append(s.argv, o_.preprocessorArgs);
    append(s.argv, loomIncludes_);
    append(s.argv, withoutUserMacros(hostMacros(o_)));
    append(s.argv, confDefines_);
    append(s.argv, dependencyArgs(shownObject));
    append(s.argv, {in.path, "-o", object});
    s.output = object;
    plan_.steps.push_back(std::move(s));
  }

  // -M / -MM: the dependencies go to -o or to standard output; nothing is compiled.
  void dependenciesOnly(const Input& in) {
    Step s;
    s.argv = {c_.cxx, "-E", "-x", in.kind == InputKind::C ? "c" : "c++"};
    append(s.argv, in.kind == InputKind::Cuda ? cudaPreprocessArgs() : hostPreprocessArgs(in));
    append(s.argv, o_.dependencyArgs);
    s.argv.push_back(in.path);
    if (o_.output) append(s.argv, {"-o", *o_.output});
    plan_.steps.push_back(std::move(s));
  }

  void link(const std::vector<std::string>& inputs) {
    Step s;
    s.argv = {c_.cxx};
    append(s.argv, inputs);
    append(s.argv, {"-o", o_.output.value_or("a.out"), "-rdynamic"});
    if (o_.shared) s.argv.push_back("-shared");
    append(s.argv, o_.compilerArgs);
    append(s.argv, o_.linkerArgs);
    // Loom's library directory, as nvcc's link line has the toolkit's: CMake's CUDA language finds
    // the link line by it (nvcc_environment.h).
    if (std::string dir = runtimeLibraryDir(c_); !dir.empty()) s.argv.push_back("-L" + dir);
    append(s.argv, c_.linkArgs);
    s.throughLoomCc = true;
    plan_.steps.push_back(std::move(s));
  }

  const Options& o_;
  const Config& c_;
  TempNames names_;
  std::vector<std::string> loomIncludes_;
  std::vector<std::string> confDefines_;
  std::set<std::string> userMacros_;
  Plan plan_;
};

}  // namespace

Plan planBuild(const Options& options, const Config& config, const std::string& tempDir) {
  return Planner(options, config, tempDir).run();
}

}  // namespace loom::cc
