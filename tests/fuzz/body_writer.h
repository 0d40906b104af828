// Random statements and expressions for one function body of a fuzz program (program.h): nested
// if/else, stores that loom-cc merges (both branches ending in a store to one element, with
// init-statements, declarations in the condition and names shadowed in a branch), conditionals
// of two elements of one array (selected loads), for/while/do loops with break and continue,
// switch with fallthrough, forward and backward goto, lambdas, calls of device functions and
// templates, macros, atomics, volatile and references. Every form is defined C++ for every
// input (program.h says how).
#pragma once

#include <string>
#include <vector>

#include "random.h"

namespace loom::fuzz {

// An array the body may load from and store to: name[(index) & mask].
struct Base {
  std::string name;
  unsigned mask;
  bool isVolatile = false;
};

// What a body may use. Variables are unsigned; `assignable` ones may be written.
struct BodyContext {
  std::vector<std::string> assignable;  // outermost scope's variables
  std::vector<std::string> readOnly;    // t, parameters that must not change
  std::vector<Base> bases;              // loaded and stored (own slots only)
  std::string input;                    // read-only array of 64 elements, or empty
  std::string sharedSums;               // array of 8 that threads add to with atomicAdd, or empty
  std::vector<std::string> functions;   // device functions called as f(in, base0, x)
  std::string pairPointer;              // a FzPair* whose members are scalars, or empty
  bool barriers = false;                // __syncthreads() allowed at the top level
  bool returns = false;                 // `return E;` (a lambda or device function) or `return;`
  bool returnsValue = false;
};

class BodyWriter {
 public:
  BodyWriter(Random& random, BodyContext context, int indent);

  // Statements at the top level of the body; returns their text. Variables the top level
  // declares are listed by topLevelVariables() afterwards.
  std::string statements(unsigned count);
  const std::vector<std::string>& topLevelVariables() const { return scopes_.front().variables; }
  // An expression over the variables in scope (for a final `return`).
  std::string value() { return expression(2); }

 private:
  struct Scope {
    std::vector<std::string> variables;  // assignable
    std::vector<std::string> lambdas;
  };

  // Statements.
  void statement(int depth);
  void simpleStatement();
  void assignment();
  void store();
  void declaration();
  void block(int depth);
  void ifElse(int depth);
  void mergedStore(int depth);
  void selectedLoad();
  void forLoop(int depth);
  void whileLoop(int depth);
  void doLoop(int depth);
  void loopExit();
  void switchStatement(int depth);
  void forwardGoto(int depth);
  void backwardGoto(int depth);
  void lambda(int depth);
  void call();
  void atomic();
  void sideEffect();
  void reference(int depth);
  void macro();
  void earlyReturn();
  void body(int depth, unsigned count);  // statements of a nested block, in a new scope

  // Expressions.
  std::string expression(int depth);
  std::string condition(int depth);
  std::string leaf();
  std::string index(const Base& base, bool memoryFree);  // `(E) & mask`
  std::string memoryFreeExpression(int depth);
  std::string element(const Base& base, bool memoryFree);
  const Base& anyBase();

  // Names.
  std::string fresh(const char* prefix) { return prefix + std::to_string(++names_); }
  std::vector<std::string> readable() const;
  std::vector<std::string> writable() const;
  std::string pickWritable();
  std::string pickShadowable();  // an assignable variable of an outer scope, or a fresh name

  void line(const std::string& text);
  void open(const std::string& text);   // `text {`, one level in
  void close(const std::string& text);  // one level out, `}text`

  Random& random_;
  BodyContext context_;
  std::string out_;
  int indent_;
  std::vector<Scope> scopes_;
  std::vector<std::string> loopReadOnly_;  // loop counters in scope
  std::vector<std::string> excluded_;      // names being declared: not readable in their initializer
  std::vector<std::string> labels_;        // forward goto targets after an enclosing block
  unsigned breakable_ = 0, continuable_ = 0;
  unsigned names_ = 0;
  unsigned statements_ = 0;                // written so far, to bound a body's size
};

}  // namespace loom::fuzz
