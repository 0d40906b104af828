// loom-cc's permissive compiles (permissive.h): what nvcc accepts stays a warning, every other
// diagnostic that -fpermissive softened is an error again.
#include <catch2/catch.hpp>

#include "permissive.h"

using loom::cc::restorePermissiveErrors;

TEST_CASE("permissive: g++'s softened errors other than 'changes meaning' are errors again", "[loomcc]") {
  const std::string changesMeaning =
      "cm.cu:3:43: warning: declaration of 'typedef struct W<T> B<T>::W' changes meaning of 'W' [-fpermissive]\n"
      "cm.cu:2:26: note: 'W' declared here as 'struct W<T>'\n";
  auto kept = restorePermissiveErrors(changesMeaning);
  CHECK_FALSE(kept.restoredErrors);
  CHECK(kept.diagnostics == changesMeaning);

  auto restored = restorePermissiveErrors(
      "a.cu: In function 'int main()':\n"
      "a.cu:2:47: warning: invalid conversion from 'int' to 'int*' [-fpermissive]\n"
      "    2 | int* p = 5;\n"
      "a.cu:4:1: warning: unused variable 'q' [-Wunused-variable]\n");
  CHECK(restored.restoredErrors);
  CHECK(restored.diagnostics ==
        "a.cu: In function 'int main()':\n"
        "a.cu:2:47: error: invalid conversion from 'int' to 'int*' [-fpermissive]\n"
        "    2 | int* p = 5;\n"
        "a.cu:4:1: warning: unused variable 'q' [-Wunused-variable]\n");
  // A warning that merely mentions the flag is left alone; empty output stays empty.
  CHECK_FALSE(restorePermissiveErrors("x.cu:1:1: warning: '-fpermissive' is not an option [-Wpragmas]\n").restoredErrors);
  CHECK(restorePermissiveErrors("").diagnostics.empty());
}
