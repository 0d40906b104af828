// How kernel code reaches the engine's thread-local values (threadIdx & co., the pending launch):
// the TLS model, and whether the engine's global words may be addressed directly.
//
// The engine is a static library, always linked into the same binary as the kernel code: an
// executable (PIE or not), or a shared library built with -fPIC. In an executable, local-exec
// TLS reads a value in one instruction (%fs:sym@tpoff) and a global is one rip-relative operand,
// against a GOT load first for each (initial-exec, @GOTPCREL): an empty kernel runs ~6 fewer
// instructions per CUDA thread. Code compiled for a shared library (__PIC__ without __PIE__)
// keeps the forms a shared object allows.
#pragma once

#if defined(__PIC__) && !defined(__PIE__)
#define LOOM_ENGINE_TLS __attribute__((tls_model("initial-exec")))
#define LOOM_ENGINE_GLOBALS_VIA_GOT 1
#else
#define LOOM_ENGINE_TLS __attribute__((tls_model("local-exec")))
#define LOOM_ENGINE_GLOBALS_VIA_GOT 0
#endif
