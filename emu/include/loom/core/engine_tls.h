// How kernel code reaches the engine's thread-local values (threadIdx & co., the pending launch,
// the worker's runner and lockstep flag): the TLS model.
//
// The engine is a static library, always linked into the same binary as the kernel code: an
// executable (PIE or not), or a shared library built with -fPIC. In an executable, local-exec
// TLS reads a value in one instruction (%fs:sym@tpoff), against a GOT load first
// (initial-exec): an empty kernel runs fewer instructions per CUDA thread. Code compiled for a
// shared library (__PIC__ without __PIE__) keeps the form a shared object allows. (The access
// gates' global masks get the same choice from loom-cc: --pic, tools/loom-cc/plan.cpp.)
#pragma once

#if defined(__PIC__) && !defined(__PIE__)
#define LOOM_ENGINE_TLS __attribute__((tls_model("initial-exec")))
#else
#define LOOM_ENGINE_TLS __attribute__((tls_model("local-exec")))
#endif
