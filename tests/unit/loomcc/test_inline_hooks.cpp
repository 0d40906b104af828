// The gate loom-cc puts in front of the access hooks' calls (inline_hooks.h): which calls get
// one, which mask each tests, when the argument's move goes behind the test, and that nothing
// else of the assembly changes.
#include <catch2/catch.hpp>
#include <string>

#include "inline_hooks.h"

using loom::cc::inlineAccessHooks;

TEST_CASE("inline hooks: a 4-byte load's call gets the gate, its argument's move behind it", "[loomcc][inline_hooks]") {
  auto r = inlineAccessHooks("\tmovq\t%rbx, %rdi\n\tcall\t__tsan_read4@PLT\n\tmovl\t(%rbx), %eax\n");
  CHECK(r.gated == 1);
  CHECK(r.text ==
        "\ttestq\t%rbx, loom_access_masks+16(%rip)\n"
        "\tje\t.Lloom_hook_done0\n"
        "\tmovq\t%rbx, %rdi\n"
        "\tcall\t__tsan_read4@PLT\n"
        ".Lloom_hook_done0:\n"
        "\tmovl\t(%rbx), %eax\n");
}

TEST_CASE("inline hooks: the mask each size tests", "[loomcc][inline_hooks]") {
  // 1 byte and packed accesses: the mask of alignment 0 (all ones only while checks are on);
  // 2, 4, 8: the size's; 16: 8's, as the hook (an aggregate of 8-byte alignment).
  CHECK(inlineAccessHooks("\tcall\t__tsan_write1\n").text.find("\ttestq\t%rdi, loom_access_masks+0(%rip)\n") == 0);
  CHECK(inlineAccessHooks("\tcall\t__tsan_write2\n").text.find("\ttestq\t%rdi, loom_access_masks+8(%rip)\n") == 0);
  CHECK(inlineAccessHooks("\tcall\t__tsan_write8\n").text.find("\ttestq\t%rdi, loom_access_masks+24(%rip)\n") == 0);
  CHECK(inlineAccessHooks("\tcall\t__tsan_read16@PLT\n").text.find("\ttestq\t%rdi, loom_access_masks+24(%rip)\n") == 0);
  auto packed = inlineAccessHooks("\tcall\t__tsan_unaligned_read8@PLT\n");
  CHECK(packed.gated == 1);
  CHECK(packed.text.find("\ttestq\t%rdi, loom_access_masks+0(%rip)\n") == 0);
  CHECK(packed.text.find("\tcall\t__tsan_unaligned_read8@PLT\n") != std::string::npos);
}

TEST_CASE("inline hooks: the argument's move goes behind the test only from right before the call",
          "[loomcc][inline_hooks]") {
  // Across the line table and debug labels: moved.
  auto across = inlineAccessHooks("\tmovq\t%r12, %rdi\n\t.loc 1 7 3\n.LVL4:\n\tcall\t__tsan_write4@PLT\n");
  CHECK(across.text ==
        "\t.loc 1 7 3\n"
        ".LVL4:\n"
        "\ttestq\t%r12, loom_access_masks+16(%rip)\n"
        "\tje\t.Lloom_hook_done0\n"
        "\tmovq\t%r12, %rdi\n"
        "\tcall\t__tsan_write4@PLT\n"
        ".Lloom_hook_done0:\n");
  // A jump target between them: another path reaches the call with its own %rdi.
  const std::string target = "\tmovq\t%r12, %rdi\n.L7:\n";
  CHECK(inlineAccessHooks(target + "\tcall\t__tsan_write4\n").text.find(target + "\ttestq\t%rdi, ") == 0);
  // The address computed into %rdi (lea), a load, or %rdi's own 32-bit half: tested in %rdi.
  for (const std::string first : {"\tleaq\t4(%rbx), %rdi\n", "\tmovq\t8(%rbx), %rdi\n", "\tmovl\t%ebx, %edi\n"})
    CHECK(inlineAccessHooks(first + "\tcall\t__tsan_read8\n").text.find(first + "\ttestq\t%rdi, ") == 0);
}

TEST_CASE("inline hooks: code for a shared library reaches the masks through the GOT", "[loomcc][inline_hooks]") {
  auto r = inlineAccessHooks("\tmovq\t%rbx, %rdi\n\tcall\t__tsan_write8@PLT\n", true);
  CHECK(r.text ==
        "\tmovq\t%rbx, %rdi\n"
        "\tmovq\tloom_access_masks@GOTPCREL(%rip), %rax\n"
        "\ttestq\t%rdi, 24(%rax)\n"
        "\tje\t.Lloom_hook_done0\n"
        "\tcall\t__tsan_write8@PLT\n"
        ".Lloom_hook_done0:\n");
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

TEST_CASE("inline hooks: each call has its own label", "[loomcc][inline_hooks]") {
  auto r = inlineAccessHooks("\tcall\t__tsan_read4\n\tcall\t__tsan_write4\n");
  CHECK(r.gated == 2);
  CHECK(r.text.find(".Lloom_hook_done0:\n\ttestq") != std::string::npos);
  CHECK(r.text.find("\tcall\t__tsan_write4\n.Lloom_hook_done1:\n") != std::string::npos);
}
