#include "rewrite.h"

#include "barrier_runs.h"
#include "deduction_guides.h"
#include "discarded_atomics.h"
#include "edit.h"
#include "extern_shared.h"
#include "host_calls.h"
#include "host_pass.h"
#include "inline_ptx.h"
#include "kernel_checks.h"
#include "kernel_attributes.h"
#include "kernel_registration.h"
#include "kernel_prologue.h"
#include "launch_rewrite.h"
#include "lexer.h"
#include "linemap.h"
#include "reconvergence.h"
#include "selected_loads.h"
#include "shared_in_host.h"
#include "shared_attributes.h"
#include "static_device_variables.h"
#include "user_code.h"

namespace loom::cc {

RewriteResult rewriteCuda(std::string_view preprocessed, const std::vector<std::string>& libraryDirs, Pass pass) {
  std::vector<Token> tokens = lex(preprocessed);
  std::vector<Edit> edits;
  RewriteResult result;
  findLaunchEdits(preprocessed, tokens, edits, result.diagnostics);
  findKernelErrors(preprocessed, tokens, result.diagnostics);
  if (!result.ok()) return result;
  const bool device = pass == Pass::Device;
  if (device) {
    // Before the other insertions: a region's ` }` can stand where the next statement begins,
    // and an insertion there (a discarded atomicAdd's marker) must follow it.
    const std::vector<CodeOrigin> origins = codeOrigins(preprocessed, tokens, libraryDirs);
    const std::vector<bool> userCode = userCodeTokens(tokens, origins);
    findHostCallErrors(preprocessed, tokens, userCode, result.diagnostics);
    if (!result.ok()) return result;
    findSharedInHostWarnings(preprocessed, tokens, userCode, readSourceFile, result.diagnostics);
    findInlinePtxEdits(preprocessed, tokens, origins, edits, result.diagnostics);
    if (!result.ok()) return result;
    findReconvergenceEdits(preprocessed, tokens, userCode, edits);
    findBarrierRunEdits(preprocessed, tokens, userCode, edits);
    findSelectedLoadEdits(preprocessed, tokens, userCode, edits);
  }
  findDeductionGuideEdits(preprocessed, tokens, edits);
  findExternSharedEdits(preprocessed, tokens, edits);
  findSharedAttributeEdits(preprocessed, tokens, edits);
  findStaticDeviceVariableEdits(preprocessed, tokens, edits);
  if (device) {
    findKernelPrologueEdits(preprocessed, tokens, edits);
    findKernelAttributeEdits(preprocessed, tokens, edits);
    findDiscardedAtomicEdits(preprocessed, tokens, edits);
  } else {
    findKernelRegistrationEdits(preprocessed, tokens, edits);
    findHostPassEdits(preprocessed, tokens, edits);
  }
  result.text = applyEdits(preprocessed, std::move(edits));
  return result;
}

std::vector<std::string> renderDiagnostics(const RewriteResult& result,
                                           std::string_view preprocessed,
                                           const SourceReader& read) {
  LineMap lines(preprocessed);
  std::vector<std::string> out;
  for (const Diagnostic& d : result.diagnostics) out.push_back(renderDiagnostic(d, lines, read));
  return out;
}

}  // namespace loom::cc
