// loom-cc's `extern __shared__ T name[];` rewrite. `__shared__` is a macro for `thread_local`, so
// the rewriter sees `extern thread_local ... name[];`.
#include <catch2/catch.hpp>
#include <string>

#include "rewrite.h"

namespace {

std::string rewritten(const std::string& in) {
  auto r = loom::cc::rewriteCuda(in);
  INFO("input: " << in);
  REQUIRE(r.ok());
  return r.text;
}

// At namespace scope: a constant-initialised thread_local pointer, registered with the engine.
std::string registration(const std::string& name) {
  return " = nullptr; [[maybe_unused]] static const bool loom_extern_shared_" + name +
         " = ::loom::registerExternShared(&" + name + ");";
}

std::string expected(const std::string& attrs, const std::string& type, const std::string& name) {
  return "static thread_local " + attrs + type + " * " + name + registration(name);
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
        "static thread_local float (* s)[4]" + registration("s"));
  CHECK(rewritten("extern thread_local int s[][N + 1][2];") ==
        "static thread_local int (* s)[N + 1][2]" + registration("s"));
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
            "int main() { k ->* ::loom::launchConfig(1, 32, 32 * sizeof(float))(nullptr); }\n");
}
