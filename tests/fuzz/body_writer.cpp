#include "body_writer.h"

#include <algorithm>

namespace loom::fuzz {
namespace {

constexpr int kMaxDepth = 3;
constexpr unsigned kMaxStatements = 24;  // per body, so that a program compiles in seconds

bool contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

BodyWriter::BodyWriter(Random& random, BodyContext context, int indent)
    : random_(random), context_(std::move(context)), indent_(indent) {
  scopes_.push_back(Scope{context_.assignable, {}});
  names_ = 100;  // above the caller's v0, v1, ...
}

std::string BodyWriter::statements(unsigned count) {
  for (unsigned k = 0; k < count; ++k) statement(0);
  return out_;
}

// ---- output -------------------------------------------------------------------------------

void BodyWriter::line(const std::string& text) { out_ += std::string(2 * indent_, ' ') + text + "\n"; }
void BodyWriter::open(const std::string& text) {
  line(text + (text.empty() ? "{" : " {"));
  ++indent_;
}
void BodyWriter::close(const std::string& text) {
  --indent_;
  line("}" + text);
}

// ---- names --------------------------------------------------------------------------------

std::vector<std::string> BodyWriter::readable() const {
  std::vector<std::string> names;
  for (const Scope& s : scopes_)
    for (const std::string& v : s.variables)
      if (!contains(names, v)) names.push_back(v);
  for (const std::string& v : context_.readOnly) names.push_back(v);
  for (const std::string& v : loopReadOnly_) names.push_back(v);
  std::erase_if(names, [&](const std::string& v) { return contains(excluded_, v); });
  return names;
}

std::vector<std::string> BodyWriter::writable() const {
  std::vector<std::string> names;
  for (const Scope& s : scopes_)
    for (const std::string& v : s.variables)
      if (!contains(names, v) && !contains(loopReadOnly_, v)) names.push_back(v);
  std::erase_if(names, [&](const std::string& v) { return contains(excluded_, v); });
  return names;
}

std::string BodyWriter::pickWritable() {
  std::vector<std::string> names = writable();
  if (names.empty()) return {};
  return names[random_.below(static_cast<unsigned>(names.size()))];
}

std::string BodyWriter::pickShadowable() {
  std::vector<std::string> outer;
  for (std::size_t s = 0; s + 1 < scopes_.size(); ++s)
    for (const std::string& v : scopes_[s].variables)
      if (!contains(scopes_.back().variables, v) && !contains(outer, v)) outer.push_back(v);
  if (outer.empty() || random_.chance(30)) return fresh("v");
  return outer[random_.below(static_cast<unsigned>(outer.size()))];
}

// ---- expressions --------------------------------------------------------------------------

std::string BodyWriter::leaf() {
  std::vector<std::string> names = readable();
  if (names.empty() || random_.chance(25)) return std::to_string(random_.below(100)) + "u";
  return names[random_.below(static_cast<unsigned>(names.size()))];
}

const Base& BodyWriter::anyBase() {
  return context_.bases[random_.below(static_cast<unsigned>(context_.bases.size()))];
}

std::string BodyWriter::memoryFreeExpression(int depth) {
  if (depth <= 0 || random_.chance(35)) return leaf();
  static const char* ops[] = {"+", "^", "*", "|", "-"};
  return "(" + memoryFreeExpression(depth - 1) + " " + ops[random_.below(5)] + " " + memoryFreeExpression(depth - 1) +
         ")";
}

std::string BodyWriter::index(const Base& base, bool memoryFree) {
  const std::string mask = std::to_string(base.mask) + "u";
  if (random_.chance(30)) {
    std::vector<std::string> names = readable();
    if (!names.empty()) return names[random_.below(static_cast<unsigned>(names.size()))] + " & " + mask;
  }
  return "(" + (memoryFree ? memoryFreeExpression(2) : expression(2)) + ") & " + mask;
}

std::string BodyWriter::element(const Base& base, bool memoryFree) { return base.name + "[" + index(base, memoryFree) + "]"; }

std::string BodyWriter::expression(int depth) {
  if (depth <= 0 || random_.chance(25)) return leaf();
  switch (random_.below(13)) {
    case 0:
    case 1:
    case 2: {
      static const char* ops[] = {"+", "-", "*", "^", "&", "|"};
      return "(" + expression(depth - 1) + " " + ops[random_.below(6)] + " " + expression(depth - 1) + ")";
    }
    case 3:
      return "(" + expression(depth - 1) + (random_.chance(50) ? " << (" : " >> (") + expression(depth - 1) + " & 7u))";
    case 4:
      return "(" + expression(depth - 1) + (random_.chance(50) ? " % (" : " / (") + expression(depth - 1) + " | 1u))";
    case 5:
      return "(" + condition(depth - 1) + " ? " + expression(depth - 1) + " : " + expression(depth - 1) + ")";
    case 6: {  // two elements of one array: loom-cc's selected load
      if (!context_.input.empty() && random_.chance(50)) {
        const Base in{context_.input, 63};
        return "(" + condition(depth - 1) + " ? " + element(in, false) + " : " + element(in, false) + ")";
      }
      const Base& b = anyBase();
      return "(" + condition(depth - 1) + " ? " + element(b, false) + " : " + element(b, false) + ")";
    }
    case 7:
      return "(~" + expression(depth - 1) + ")";
    case 8:
      return std::string(random_.chance(50) ? "min(" : "max(") + expression(depth - 1) + ", " + expression(depth - 1) +
             ")";
    case 9:
      if (!context_.input.empty() && random_.chance(50)) return element(Base{context_.input, 63}, false);
      return element(anyBase(), false);
    case 10:
      return "(unsigned)(" + condition(depth - 1) + ")";
    case 11:
      if (!context_.pairPointer.empty()) return context_.pairPointer + (random_.chance(50) ? "->a" : "->b");
      return leaf();
    default:
      return "(" + expression(depth - 1) + " + " + std::to_string(random_.below(1000)) + "u)";
  }
}

std::string BodyWriter::condition(int depth) {
  if (depth <= 0) return "(" + leaf() + " & 1u)";
  switch (random_.below(8)) {
    case 0:
      return "(" + expression(depth - 1) + " & " + std::to_string(1u << random_.below(4)) + "u)";
    case 1:
      return "(" + expression(depth - 1) + " < " + expression(depth - 1) + ")";
    case 2:
      return "(" + expression(depth - 1) + " != " + expression(depth - 1) + ")";
    case 3:
      return "(" + condition(depth - 1) + " && " + condition(depth - 1) + ")";
    case 4:
      return "(" + condition(depth - 1) + " || " + condition(depth - 1) + ")";
    case 5:
      return "!" + condition(depth - 1);
    case 6:
      return "(" + expression(depth - 1) + " >= " + expression(depth - 1) + ")";
    default:
      return "(" + leaf() + " & 1u)";
  }
}

// ---- statements ---------------------------------------------------------------------------

void BodyWriter::body(int depth, unsigned count) {
  scopes_.push_back(Scope{});
  for (unsigned k = 0; k < count; ++k) statement(depth);
  scopes_.pop_back();
}

void BodyWriter::statement(int depth) {
  ++statements_;
  if (depth >= kMaxDepth || statements_ > kMaxStatements) return simpleStatement();
  const bool top = depth == 0;
  for (;;) {
    switch (random_.below(24)) {
      case 0: case 1: return simpleStatement();
      case 2: return ifElse(depth);
      case 3: case 4: case 5: return mergedStore(depth);
      case 6: return selectedLoad();
      case 7: return forLoop(depth);
      case 8: return whileLoop(depth);
      case 9: return doLoop(depth);
      case 10:
        if (breakable_ == 0 && continuable_ == 0) continue;
        return loopExit();
      case 11: return switchStatement(depth);
      case 12: return forwardGoto(depth);
      case 13: return backwardGoto(depth);
      case 14: return lambda(depth);
      case 15:
        if (context_.functions.empty() && scopes_.back().lambdas.empty()) continue;
        return call();
      case 16: return atomic();
      case 17: return sideEffect();
      case 18: return reference(depth);
      case 19: return macro();
      case 20: return block(depth);
      case 21:
        if (!context_.barriers || !top) continue;
        return line("__syncthreads();");
      case 22:
        if (!context_.returns) continue;
        return earlyReturn();
      default: return declaration();
    }
  }
}

void BodyWriter::simpleStatement() {
  switch (random_.below(3)) {
    case 0: return assignment();
    case 1: return store();
    default: return declaration();
  }
}

void BodyWriter::assignment() {
  const std::string v = pickWritable();
  if (v.empty()) return store();
  static const char* ops[] = {"=", "+=", "^=", "-=", "|=", "*="};
  line(v + " " + ops[random_.below(6)] + " " + expression(3) + ";");
}

void BodyWriter::store() {
  const Base& b = anyBase();
  line(element(b, random_.chance(50)) + " = " + expression(3) + ";");
}

void BodyWriter::declaration() {
  const std::string name = pickShadowable();
  excluded_.push_back(name);  // `unsigned v = v + 1;` would read the new, unset v
  const std::string init = expression(3);
  excluded_.pop_back();
  switch (random_.below(3)) {
    case 0: line("unsigned " + name + " = " + init + ";"); break;
    case 1: line("unsigned " + name + "(" + init + ");"); break;
    default: line("unsigned " + name + "{" + init + "};"); break;
  }
  scopes_.back().variables.push_back(name);
}

void BodyWriter::block(int depth) {
  open("");
  body(depth + 1, 1 + random_.below(3));
  close("");
}

void BodyWriter::ifElse(int depth) {
  const std::string c = condition(2);
  open("if (" + c + ")");
  body(depth + 1, 1 + random_.below(3));
  if (random_.chance(60)) {
    close(" else {");
    ++indent_;
    body(depth + 1, 1 + random_.below(3));
  }
  close("");
}

// if/else statements whose branches both end by storing to one element: the forms loom-cc's
// diamond_stores.h reads, and the neighbouring ones it must leave alone.
void BodyWriter::mergedStore(int depth) {
  const Base& b = anyBase();
  const std::string mask = std::to_string(b.mask) + "u";
  switch (random_.below(8)) {
    case 0: {  // one line, single-statement branches
      const std::string target = element(b, random_.chance(80));
      const std::string c = condition(2);
      line("if (" + c + ") " + target + " = " + expression(2) + "; else " + target + " = " + expression(2) + ";");
      return;
    }
    case 1: {  // blocks with statements before the store
      const std::string target = element(b, random_.chance(80));
      open("if (" + condition(2) + ")");
      for (int b = 0; b < 2; ++b) {
        if (b == 1) {
          close(" else {");
          ++indent_;
        }
        scopes_.push_back(Scope{});  // the store sees what the statements before it declare
        for (unsigned k = random_.below(3); k > 0; --k) statement(depth + 1);
        line(target + " = " + expression(2) + ";");
        scopes_.pop_back();
      }
      close("");
      return;
    }
    case 2: {  // an init-statement declaring the index's name, often an outer variable's
      const std::string name = pickShadowable();
      excluded_.push_back(name);
      const std::string init = expression(2);
      excluded_.pop_back();
      scopes_.push_back(Scope{{name}, {}});
      const std::string target = b.name + "[" + name + " & " + mask + "]";
      line("if (unsigned " + name + " = " + init + "; " + condition(2) + ") " + target + " = " + expression(2) +
           "; else " + target + " = " + expression(2) + ";");
      scopes_.pop_back();
      return;
    }
    case 3: {  // a declaration as the condition: in scope in both branches
      const std::string name = pickShadowable();
      excluded_.push_back(name);
      const std::string init = expression(2);
      excluded_.pop_back();
      scopes_.push_back(Scope{{name}, {}});
      const std::string target = b.name + "[(" + name + " + 1u) & " + mask + "]";
      line("if (unsigned " + name + " = " + init + ") " + target + " = " + expression(2) + "; else " + target + " = " +
           expression(2) + ";");
      scopes_.pop_back();
      return;
    }
    case 4: {  // a branch declares a name the target uses: its store means the branch's name
      std::vector<std::string> names = writable();
      if (names.empty()) return store();
      const std::string name = names[random_.below(static_cast<unsigned>(names.size()))];
      const std::string target = b.name + "[" + name + " & " + mask + "]";
      const bool first = random_.chance(50);
      open("if (" + condition(2) + ")");
      scopes_.push_back(Scope{});
      if (first) {
        excluded_.push_back(name);
        const std::string init = expression(2);
        excluded_.pop_back();
        static const char* forms[] = {"unsigned %s = %v;", "unsigned %s(%v);", "unsigned %s{%v};"};
        std::string decl = forms[random_.below(3)];
        decl.replace(decl.find("%s"), 2, name);
        decl.replace(decl.find("%v"), 2, init);
        line(decl);
      }
      line(target + " = " + expression(2) + ";");
      scopes_.pop_back();
      close(" else {");
      ++indent_;
      scopes_.push_back(Scope{});
      if (!first) {
        excluded_.push_back(name);
        const std::string init = expression(2);
        excluded_.pop_back();
        line("unsigned " + name + "{" + init + "};");
      }
      line(target + " = " + expression(2) + ";");
      scopes_.pop_back();
      close("");
      return;
    }
    case 5: {  // the store written by a macro
      const std::string i = memoryFreeExpression(2);
      line("if (" + condition(2) + ") FZ_PUT(" + b.name + ", " + std::to_string(b.mask) + "u, " + i + ", " +
           expression(2) + "); else FZ_PUT(" + b.name + ", " + std::to_string(b.mask) + "u, " + i + ", " +
           expression(2) + ");");
      return;
    }
    case 6: {  // a member through a pointer
      if (context_.pairPointer.empty()) return store();
      const std::string target = context_.pairPointer + (random_.chance(50) ? "->a" : "->b");
      line("if (" + condition(2) + ") " + target + " = " + expression(2) + "; else " + target + " = " +
           expression(2) + ";");
      return;
    }
    default: {  // the index changes in a branch, or is read through a reference the branch sets
      std::vector<std::string> names = writable();
      if (names.empty()) return store();
      const std::string name = names[random_.below(static_cast<unsigned>(names.size()))];
      const std::string target = b.name + "[" + name + " & " + mask + "]";
      const std::string r = fresh("r");
      open("");
      line("unsigned& " + r + " = " + name + ";");
      open("if (" + condition(2) + ")");
      line(r + " += " + expression(1) + "; " + target + " = " + expression(2) + ";");
      close(" else {");
      ++indent_;
      line(target + " = " + expression(2) + ";");
      close("");
      close("");
      return;
    }
  }
}

// `c ? a[x] : a[y]` where loom-cc makes one load of the selected element, as a value, as the
// left side of an assignment, and as a statement of its own after an if or an else.
void BodyWriter::selectedLoad() {
  const Base& b = anyBase();
  const std::string v = pickWritable();
  switch (random_.below(5)) {
    case 0:
      if (v.empty()) return store();
      line(v + " = " + expression(1) + " & 1u ? " + element(b, false) + " : " + element(b, false) + ";");
      return;
    case 1:
      line("(" + condition(1) + " ? " + element(b, false) + " : " + element(b, false) + ") = " + expression(2) + ";");
      return;
    case 2:
      line("if (" + condition(1) + ") (void)(" + condition(1) + " ? " + element(b, false) + " : " +
           element(b, false) + ");");
      return;
    case 3:
      line("if (" + condition(1) + ") " + condition(1) + " ? " + element(b, false) + " : " + element(b, false) +
           "; else " + condition(1) + " ? " + element(b, false) + " : " + element(b, false) + ";");
      return;
    default:
      if (v.empty()) return store();
      line(v + " += " + leaf() + " < " + leaf() + " ? " + element(b, false) + " : " + element(b, false) + ";");
      return;
  }
}

void BodyWriter::forLoop(int depth) {
  const std::string i = fresh("i");
  std::string head;
  switch (random_.below(5)) {
    case 0: head = "unsigned " + i + " = 0u; " + i + " < " + std::to_string(1 + random_.below(5)) + "u; ++" + i; break;
    case 1: head = "unsigned " + i + " = 0u; " + i + " < (" + leaf() + " & 7u); " + i + "++"; break;
    case 2: head = "unsigned " + i + " = " + std::to_string(1 + random_.below(6)) + "u; " + i + " > 0u; --" + i; break;
    case 3: head = "unsigned " + i + " = 0u; " + i + " != 6u; " + i + " += 2"; break;
    default: head = "unsigned " + i + " = 1u; " + i + " <= (" + memoryFreeExpression(1) + " & 3u); ++" + i; break;
  }
  const unsigned savedBreak = breakable_, savedContinue = continuable_;
  breakable_ = continuable_ = 1;
  loopReadOnly_.push_back(i);
  const bool braces = random_.chance(80);
  if (braces) {
    open("for (" + head + ")");
    body(depth + 1, 1 + random_.below(3));
    close("");
  } else {
    line("for (" + head + ")");  // a body of one statement
    ++indent_;
    scopes_.push_back(Scope{});
    if (random_.chance(50)) assignment();
    else store();
    scopes_.pop_back();
    --indent_;
  }
  loopReadOnly_.pop_back();
  breakable_ = savedBreak;
  continuable_ = savedContinue;
}

void BodyWriter::whileLoop(int depth) {
  const std::string w = fresh("w");
  const std::string bound = random_.chance(50) ? std::to_string(1 + random_.below(5)) + "u" : "(" + leaf() + " & 7u)";
  const unsigned savedBreak = breakable_, savedContinue = continuable_;
  open("");
  line("unsigned " + w + " = 0u;");
  loopReadOnly_.push_back(w);
  open("while (" + w + " < " + bound + ")");
  breakable_ = 1;
  if (random_.chance(50)) {  // the step first: a continue may skip the rest
    continuable_ = 1;
    line("++" + w + ";");
    body(depth + 1, 1 + random_.below(3));
  } else {  // the step last, as a counted loop: no continue
    continuable_ = 0;
    body(depth + 1, 1 + random_.below(3));
    line(w + "++;");
  }
  close("");
  loopReadOnly_.pop_back();
  close("");
  breakable_ = savedBreak;
  continuable_ = savedContinue;
}

void BodyWriter::doLoop(int depth) {
  const std::string w = fresh("w");
  const unsigned savedBreak = breakable_, savedContinue = continuable_;
  breakable_ = continuable_ = 1;
  open("");
  line("unsigned " + w + " = 0u;");
  loopReadOnly_.push_back(w);
  open("do");
  body(depth + 1, 1 + random_.below(3));
  close(" while (++" + w + " < " + std::to_string(1 + random_.below(4)) + "u);");
  loopReadOnly_.pop_back();
  close("");
  breakable_ = savedBreak;
  continuable_ = savedContinue;
}

void BodyWriter::loopExit() {
  std::string what = continuable_ && (!breakable_ || random_.chance(50)) ? "continue;" : "break;";
  line("if (" + condition(2) + ") " + what);
}

void BodyWriter::switchStatement(int depth) {
  const unsigned savedBreak = breakable_;
  breakable_ = 1;
  open("switch (" + expression(2) + " & 3u)");
  for (unsigned c = 0; c < 3; ++c) {
    line(c < 2 ? "case " + std::to_string(c) + "u: {" : "default: {");
    ++indent_;
    body(depth + 1, 1 + random_.below(2));
    --indent_;
    if (c == 2 || random_.chance(60)) line("} break;");
    else line("} [[fallthrough]];");
  }
  close("");
  breakable_ = savedBreak;
}

// `{ ... if (c) goto L; ... } L:;`: the label after the block, so no jump passes a declaration.
void BodyWriter::forwardGoto(int depth) {
  const std::string label = fresh("L");
  labels_.push_back(label);
  open("");
  scopes_.push_back(Scope{});  // one block: the statements after the goto see those before it
  for (unsigned k = 1 + random_.below(2); k > 0; --k) statement(depth + 1);
  line("if (" + condition(2) + ") goto " + label + ";");
  for (unsigned k = 1 + random_.below(2); k > 0; --k) statement(depth + 1);
  scopes_.pop_back();
  close("");
  labels_.pop_back();
  line(label + ":;");
  // A goto to an enclosing block's label from in here, too.
  if (!labels_.empty() && random_.chance(30)) line("if (" + condition(1) + ") goto " + labels_.back() + ";");
}

// A loop made of a label and a backward goto, its counter bounded.
void BodyWriter::backwardGoto(int depth) {
  const std::string label = fresh("L"), g = fresh("g");
  open("");
  line("unsigned " + g + " = 0u;");
  loopReadOnly_.push_back(g);
  line(label + ": ++" + g + ";");
  body(depth + 1, 1 + random_.below(2));
  line("if (" + g + " < " + std::to_string(2 + random_.below(2)) + "u) goto " + label + ";");
  loopReadOnly_.pop_back();
  close("");
}

void BodyWriter::lambda(int depth) {
  const std::string name = fresh("lam");
  const unsigned savedBreak = breakable_, savedContinue = continuable_;
  const std::vector<std::string> savedLabels = labels_;
  const bool savedReturns = context_.returns, savedValue = context_.returnsValue, savedBarriers = context_.barriers;
  breakable_ = continuable_ = 0;
  labels_.clear();
  context_.returns = context_.returnsValue = true;
  context_.barriers = false;
  open("auto " + name + " = [&](unsigned x" + name + ") -> unsigned");
  scopes_.push_back(Scope{{"x" + name}, {}});
  for (unsigned k = 1 + random_.below(3); k > 0; --k) statement(depth + 1);
  line("return " + expression(2) + ";");
  scopes_.pop_back();
  close(";");
  breakable_ = savedBreak;
  continuable_ = savedContinue;
  labels_ = savedLabels;
  context_.returns = savedReturns;
  context_.returnsValue = savedValue;
  context_.barriers = savedBarriers;
  scopes_.back().lambdas.push_back(name);
  call();
}

// One call per statement, its argument free of calls: a call may write what the statement reads,
// and the order of two calls in one expression is unspecified.
void BodyWriter::call() {
  const std::string v = pickWritable();
  if (v.empty()) return store();
  std::vector<std::string> callees;
  for (const Scope& s : scopes_)
    for (const std::string& l : s.lambdas) callees.push_back(l + "(%)");
  for (const std::string& f : context_.functions) callees.push_back(f + "(" + context_.input + ", " + context_.bases[0].name + ", %)");
  if (callees.empty()) return assignment();
  std::string c = callees[random_.below(static_cast<unsigned>(callees.size()))];
  c.replace(c.find('%'), 1, expression(2));  // expressions call nothing but min and max
  line(v + (random_.chance(50) ? " = " : " ^= ") + c + ";");
}

void BodyWriter::atomic() {
  const Base& own = context_.bases[0];  // the thread's own slots: any order of its atomics is its order
  const std::string e = expression(2);
  const std::string v = pickWritable();
  switch (random_.below(5)) {
    case 0:
      if (!context_.sharedSums.empty()) {
        line("atomicAdd(&" + context_.sharedSums + "[" + memoryFreeExpression(1) + " & 7u], " + e + ");");
        return;
      }
      [[fallthrough]];
    case 1:
      line("atomicAdd(&" + element(own, false) + ", " + e + ");");
      return;
    case 2:
      if (v.empty()) return store();
      line(v + " += atomicAdd(&" + element(own, false) + ", " + e + ");");
      return;
    case 3:
      line("if (" + condition(1) + ") atomicAdd(&" + element(own, false) + ", " + e + "); else (void)atomicAdd(&" +
           element(own, false) + ", 1u);");
      return;
    default:
      line("::atomicAdd(&" + element(own, false) + ", " + e + ");");
      return;
  }
}

// Side effects inside a statement, in orders C++17 defines: the index of a store with an
// increment (its value not naming the variable), a comma expression.
void BodyWriter::sideEffect() {
  const std::string v = pickWritable();
  if (v.empty()) return store();
  const Base& b = anyBase();
  if (random_.chance(50)) {
    excluded_.push_back(v);
    const std::string value = expression(2);
    excluded_.pop_back();
    const std::string inc = random_.chance(50) ? v + "++" : "++" + v;
    const std::string target = b.name + "[" + inc + " & " + std::to_string(b.mask) + "u]";
    if (random_.chance(50)) line("if (" + condition(1) + ") " + target + " = " + value + "; else " + target + " = " + value + ";");
    else line(target + " = " + value + ";");
    return;
  }
  std::vector<std::string> names = writable();
  const std::string other = names[random_.below(static_cast<unsigned>(names.size()))];
  if (other == v) return assignment();
  excluded_.push_back(v);
  excluded_.push_back(other);
  const std::string a = expression(2), c = expression(2);
  excluded_.pop_back();
  excluded_.pop_back();
  line(v + " = (" + other + " += " + a + ", " + other + " ^ " + c + ");");
}

// A reference to a variable or an element, written through in nested control flow.
void BodyWriter::reference(int depth) {
  const std::string r = fresh("r");
  open("");
  if (random_.chance(50) && !writable().empty()) line("unsigned& " + r + " = " + pickWritable() + ";");
  else line("unsigned& " + r + " = " + element(context_.bases[0], false) + ";");
  scopes_.push_back(Scope{{r}, {}});
  for (unsigned k = 1 + random_.below(3); k > 0; --k) statement(depth + 1);
  scopes_.pop_back();
  close("");
}

void BodyWriter::macro() {
  const std::string v = pickWritable();
  if (v.empty() || random_.chance(50)) {
    const Base& b = anyBase();
    line("FZ_PUT(" + b.name + ", " + std::to_string(b.mask) + "u, " + expression(2) + ", " + expression(2) + ");");
    return;
  }
  line("FZ_TWICE(" + v + " += " + expression(2) + ");");
}

void BodyWriter::earlyReturn() {
  if (context_.returnsValue) line("if (" + condition(2) + ") return " + expression(2) + ";");
  else line("if (" + condition(2) + ") return;");
}

}  // namespace loom::fuzz
