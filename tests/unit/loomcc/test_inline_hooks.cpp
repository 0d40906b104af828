// The gate loom-cc puts in front of the access hooks' calls (inline_hooks.h): which calls get
// one, with which alignment test, and that nothing else of the assembly changes.
#include <catch2/catch.hpp>
#include <string>

#include "inline_hooks.h"

using loom::cc::inlineAccessHooks;

TEST_CASE("inline hooks: a 4-byte load's call gets the alignment test and the gate", "[loomcc][inline_hooks]") {
  auto r = inlineAccessHooks("\tmovq\t%rbx, %rdi\n\tcall\t__tsan_read4@PLT\n\tmovl\t(%rbx), %eax\n");
  CHECK(r.gated == 1);
  CHECK(r.text ==
        "\tmovq\t%rbx, %rdi\n"
        "\ttestb\t$3, %dil\n"
        "\tjne\t.Lloom_hook_call0\n"
        "\tmovq\tloom_access_checks@GOTPCREL(%rip), %rax\n"
        "\tcmpl\t$0, (%rax)\n"
        "\tje\t.Lloom_hook_done0\n"
        ".Lloom_hook_call0:\n"
        "\tcall\t__tsan_read4@PLT\n"
        ".Lloom_hook_done0:\n"
        "\tmovl\t(%rbx), %eax\n");
}

TEST_CASE("inline hooks: the alignment each size is checked for", "[loomcc][inline_hooks]") {
  // 1 byte: none; 2, 4, 8: the size; 16: 8, as the hook (an aggregate of 8-byte alignment).
  CHECK(inlineAccessHooks("\tcall\t__tsan_write1\n").text.find("testb") == std::string::npos);
  CHECK(inlineAccessHooks("\tcall\t__tsan_write2\n").text.find("\ttestb\t$1, %dil\n") == 0);
  CHECK(inlineAccessHooks("\tcall\t__tsan_write8\n").text.find("\ttestb\t$7, %dil\n") == 0);
  CHECK(inlineAccessHooks("\tcall\t__tsan_read16@PLT\n").text.find("\ttestb\t$7, %dil\n") == 0);
  // Packed accesses check no alignment; they still get the gate.
  auto packed = inlineAccessHooks("\tcall\t__tsan_unaligned_read8@PLT\n");
  CHECK(packed.gated == 1);
  CHECK(packed.text.find("testb") == std::string::npos);
  CHECK(packed.text.find("\tcall\t__tsan_unaligned_read8@PLT\n") != std::string::npos);
}

TEST_CASE("inline hooks: other calls and lines stay as they are", "[loomcc][inline_hooks]") {
  // Volatile accesses feed the spin detector and atomics do the operation: always called.
  const std::string untouched =
      "\tcall\t__tsan_volatile_read4@PLT\n"
      "\tcall\t__tsan_read_range@PLT\n"
      "\tcall\t__tsan_atomic32_fetch_add@PLT\n"
      "\tcall\t__tsan_read4_pc@PLT\n"
      "\tcall\t__tsan_read3@PLT\n"
      "\tcall\t__tsan_init@PLT\n"
      "\tcall\tmy__tsan_read4\n"
      "\t# call\t__tsan_read4\n"
      "\tjmp\t__tsan_read4\n"
      "\t.loc 1 12 7\n"
      "\tret";  // no final line break
  auto r = inlineAccessHooks(untouched);
  CHECK(r.gated == 0);
  CHECK(r.text == untouched);
}

TEST_CASE("inline hooks: each call has its own labels", "[loomcc][inline_hooks]") {
  auto r = inlineAccessHooks("\tcall\t__tsan_read4\n\tcall\t__tsan_write4\n");
  CHECK(r.gated == 2);
  CHECK(r.text.find(".Lloom_hook_done0:\n\ttestb") != std::string::npos);
  CHECK(r.text.find(".Lloom_hook_call1:\n\tcall\t__tsan_write4\n.Lloom_hook_done1:\n") != std::string::npos);
}
