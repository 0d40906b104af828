// loom-cc's `extern __shared__ T name[];` rewrite. `__shared__` is a macro for `thread_local`, so
// the rewriter sees `extern thread_local ... name[];`.
#include <catch2/catch.hpp>
#include <string>

#include "rewritten.h"

namespace {

using loom::cc::test::rewritten;

// At namespace scope: a constant-initialised thread_local pointer, registered with the engine.
std::string registration(const std::string& name) {
  return " = nullptr; [[maybe_unused]] static const bool loom_extern_shared_" + name +
         " = ::loom::registerExternShared(&" + name + ");";
}

std::string expected(const std::string& attrs, const std::string& type, const std::string& name) {
  return "inline thread_local " + attrs + type + " * " + name + registration(name);
}

// The same declaration inside a function: a plain local pointer.
std::string expectedLocal(const std::string& type, const std::string& name) {
  return "[[maybe_unused]] " + type + " * const " + name + " = reinterpret_cast< " + type +
         " *>(::loom::dynamicSharedBase());";
}

}  // namespace

TEST_CASE("extern shared: plain types", "[loomcc][rewrite]") {
  CHECK(rewritten("extern thread_local float s[];") == expected("", "float", "s"));
  CHECK(rewritten("extern thread_local unsigned char smem [ ] ;") ==
        expected("", "unsigned char", "smem"));
  CHECK(rewritten("extern thread_local volatile float v[];") ==
        expected("", "volatile float", "v"));
  CHECK(rewritten("extern thread_local float2 f2[];") == expected("", "float2", "f2"));
  CHECK(rewritten("extern thread_local int* ptrs[];") == expected("", "int*", "ptrs"));
  // `__shared__ extern` is the same declaration.
  CHECK(rewritten("thread_local extern double d[];") == expected("", "double", "d"));
}

TEST_CASE("extern shared: template and qualified types", "[loomcc][rewrite]") {
  CHECK(rewritten("template<class T> __attribute__((global)) void k() {\n"
                  "  extern thread_local T sdata[];\n}") ==
        "template<class T> __attribute__((global)) void k() {\n  " + expectedLocal("T", "sdata") +
            "\n}");
  CHECK(rewritten("extern thread_local ::ns::S<int> s[];") == expected("", "::ns::S<int>", "s"));
  CHECK(rewritten("extern thread_local typename Traits<T>::value_type buf[];") ==
        expected("", "typename Traits<T>::value_type", "buf"));
  CHECK(rewritten("extern thread_local std::pair<int, std::pair<int, int>> p[];") ==
        expected("", "std::pair<int, std::pair<int, int>>", "p"));
}

TEST_CASE("extern shared: types with parentheses, arrays of arrays", "[loomcc][rewrite]") {
  CHECK(rewritten("extern thread_local decltype(x) s[];") == expected("", "decltype(x)", "s"));
  CHECK(rewritten("extern thread_local Vec<sizeof(int), 4> s[];") ==
        expected("", "Vec<sizeof(int), 4>", "s"));
  CHECK(rewritten("extern thread_local float s[][4];") ==
        "inline thread_local float (* s)[4]" + registration("s"));
  CHECK(rewritten("extern thread_local int s[][N + 1][2];") ==
        "inline thread_local int (* s)[N + 1][2]" + registration("s"));
  // In a function, the same declaration is a plain local pointer to T[N].
  CHECK(rewritten("void k() { extern thread_local float s[][4]; }") ==
        "void k() { [[maybe_unused]] float (* const s)[4] = reinterpret_cast< float (*)[4]>"
        "(::loom::dynamicSharedBase()); }");
}

TEST_CASE("extern shared: attributes before or after the type", "[loomcc][rewrite]") {
  const std::string aligned = "__attribute__((aligned(16)))";
  CHECK(rewritten("extern thread_local " + aligned + " unsigned char smem[];") ==
        expected(aligned + " ", "unsigned char", "smem"));
  CHECK(rewritten("extern thread_local unsigned char " + aligned + " smem[];") ==
        expected(aligned + " ", "unsigned char", "smem"));
  CHECK(rewritten("extern " + aligned + " thread_local float s[];") ==
        expected(aligned + " ", "float", "s"));
  CHECK(rewritten("extern thread_local float s[] " + aligned + ";") ==
        expected(aligned + " ", "float", "s"));
  CHECK(rewritten("extern thread_local alignas(sizeof(T)) T s[];") ==
        expected("alignas(sizeof(T)) ", "T", "s"));
  CHECK(rewritten("extern thread_local [[maybe_unused]] int s[];") ==
        expected("[[maybe_unused]] ", "int", "s"));
  // An attribute between qualifiers splits the type into two slices.
  CHECK(rewritten("extern thread_local const " + aligned + " float s[];") ==
        expected(aligned + " ", "const float", "s"));
}

TEST_CASE("extern shared: line breaks are kept", "[loomcc][rewrite]") {
  CHECK(rewritten("extern thread_local\n  float\n  s[];\nint x;") ==
        expected("", "float", "s") + "\n\n\nint x;");
  CHECK(rewritten("# 3 \"k.cu\"\nvoid k() {\n  extern thread_local float s[]; s[0] = 1;\n}\n") ==
        "# 3 \"k.cu\"\nvoid k() {\n  " + expectedLocal("float", "s") + " s[0] = 1;\n}\n");
  // Line markers inside the declaration (Thrust's agent_launcher.h, where `__shared__` comes from
  // another header's macro): stepped over, kept after the replacement with the line breaks, so
  // that the lines after the declaration keep their numbers.
  CHECK(rewritten("void k() {\n  extern\n# 68 \"a.h\"\n thread_local\n# 68 \"a.h\" 3 4\n char shmem[];\n}\n") ==
        "void k() {\n  " + expectedLocal("char", "shmem") + "\n# 68 \"a.h\"\n\n# 68 \"a.h\" 3 4\n\n}\n");
  // A library header using `__align__(N)`, a macro of Loom's headers: line markers inside the
  // attribute. The attribute moves without them; they stay after the replacement.
  CHECK(rewritten("void k() {\n  extern \n# 230 \"t.cuh\"\n thread_local \n# 230 \"t.cuh\" 3\n char \n"
                  "# 230 \"t.cuh\"\n __attribute__((aligned(\n# 230 \"t.cuh\" 3\n A\n# 230 \"t.cuh\"\n ))) \n"
                  "# 230 \"t.cuh\" 3\n smem[];\n  smem[0] = 1;\n}\n") ==
        "void k() {\n  [[maybe_unused]] __attribute__((aligned(   A   ))) char * const smem = "
        "reinterpret_cast< char *>(::loom::dynamicSharedBase());"
        "\n# 230 \"t.cuh\"\n\n# 230 \"t.cuh\" 3\n\n# 230 \"t.cuh\"\n\n# 230 \"t.cuh\" 3\n\n"
        "# 230 \"t.cuh\"\n\n# 230 \"t.cuh\" 3\n\n  smem[0] = 1;\n}\n");
  // Namespace and linkage blocks are not functions.
  CHECK(rewritten("namespace a::b {\nextern thread_local float s[];\n}") ==
        "namespace a::b {\n" + expected("", "float", "s") + "\n}");
  CHECK(rewritten("extern \"C\" {\nextern thread_local float s[];\n}") ==
        "extern \"C\" {\n" + expected("", "float", "s") + "\n}");
}

TEST_CASE("extern shared: other extern declarations are left alone", "[loomcc][rewrite]") {
  for (const char* s : {
           "extern thread_local int counter;",
           "extern thread_local float fixed[32];",
           "extern float notShared[];",
           "extern thread_local float a[], b[];",
           "extern \"C\" void f(int x[]);",
           "extern \"C\" { int y; }",
           "extern thread_local int (*fp)[];",
           "extern thread_local float s[4][];",
           "extern thread_local s[];",
           "extern int f(int x[]);",
           "static thread_local float s[64];",
           "const char* t = \"extern thread_local float s[];\";",
       }) {
    CHECK(rewritten(s) == s);
  }
}

TEST_CASE("both rewrites in one translation unit", "[loomcc][rewrite]") {
  const std::string in =
      "# 1 \"k.cu\"\n"
      "__attribute__((global)) void k(float* o) {\n"
      "  extern thread_local float s[];\n"
      "  o[0] = s[0];\n"
      "}\n"
      "int main() { k<<<1, 32, 32 * sizeof(float)>>>(nullptr); }\n";
  CHECK(rewritten(in) ==
        "# 1 \"k.cu\"\n"
        "__attribute__((global)) void k(float* o) {\n"
        "  " +
            expectedLocal("float", "s") +
            "\n"
            "  o[0] = s[0];\n"
            "}\n"
            "int main() { (::loom::LaunchScope(1, 32, 32 * sizeof(float)), k(nullptr)); }\n");
}

// `__shared__ alignas(16) T x[N];` compiles with nvcc; g++ refuses a standard attribute after
// `thread_local`, so loom-cc moves it to the front of the declaration, on the same line.
TEST_CASE("shared: standard attributes after __shared__ move in front", "[loomcc][rewrite]") {
  CHECK(rewritten("void k() { thread_local alignas(16) float t[64]; }") ==
        "void k() { alignas(16) thread_local  float t[64]; }");
  CHECK(rewritten("static thread_local alignas(float4) float t[4];") ==
        "alignas(float4) static thread_local  float t[4];");
  CHECK(rewritten("thread_local [[gnu::aligned(8)]] unsigned char b[8];") ==
        "[[gnu::aligned(8)]] thread_local  unsigned char b[8];");
  CHECK(rewritten("thread_local alignas(16) ns::Tile<float> t;") == "alignas(16) thread_local  ns::Tile<float> t;");
  // After the whole specifier sequence an attribute appertains to the type: C++ allows it there.
  CHECK(rewritten("thread_local unsigned char [[gnu::aligned(8)]] b[8];") ==
        "thread_local unsigned char [[gnu::aligned(8)]] b[8];");
  // Line breaks inside the attribute stay where they were.
  CHECK(rewritten("thread_local alignas(\n16) int a[2];") == "alignas( 16) thread_local \n int a[2];");
  // GNU attributes are accepted anywhere: untouched; so are declarations without attributes.
  CHECK(rewritten("thread_local __attribute__((aligned(16))) float g[4];") ==
        "thread_local __attribute__((aligned(16))) float g[4];");
  CHECK(rewritten("thread_local float plain[4];") == "thread_local float plain[4];");
  // After the declarator starts, an attribute is the declarator's (C++ allows it there).
  CHECK(rewritten("thread_local float x [[maybe_unused]];") == "thread_local float x [[maybe_unused]];");
  CHECK(rewritten("thread_local float arr[4] alignas(16);") == "thread_local float arr[4] alignas(16);");
}

TEST_CASE("shared: extern declarations keep their own rewrite", "[loomcc][rewrite]") {
  CHECK(rewritten("extern thread_local alignas(16) float s[];") == expected("alignas(16) ", "float", "s"));
}
