#include "ptx_translate.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

namespace loom::cc {
namespace {

std::string trim(std::string s) {
  auto space = [](unsigned char c) { return std::isspace(c); };
  s.erase(s.begin(), std::find_if_not(s.begin(), s.end(), space));
  s.erase(std::find_if_not(s.rbegin(), s.rend(), space).base(), s.end());
  return s;
}

std::vector<std::string> split(const std::string& s, char by) {
  std::vector<std::string> out;
  std::string cur;
  int depth = 0;
  for (char c : s) {
    if (c == '[' || c == '{') ++depth;
    if (c == ']' || c == '}') --depth;
    if (c == by && depth == 0) {
      out.push_back(trim(cur));
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!trim(cur).empty()) out.push_back(trim(cur));
  return out;
}

const std::map<std::string, std::string>& cppTypes() {
  static const std::map<std::string, std::string> types{
      {"u8", "std::uint8_t"},   {"u16", "std::uint16_t"}, {"u32", "std::uint32_t"}, {"u64", "std::uint64_t"},
      {"s8", "std::int8_t"},    {"s16", "std::int16_t"},  {"s32", "std::int32_t"},  {"s64", "std::int64_t"},
      {"b8", "std::uint8_t"},   {"b16", "std::uint16_t"}, {"b32", "std::uint32_t"}, {"b64", "std::uint64_t"},
      {"f32", "float"},         {"f64", "double"},        {"pred", "bool"}};
  return types;
}

bool isIntegerType(const std::string& type) {
  return type.size() >= 2 && (type[0] == 'u' || type[0] == 's' || type[0] == 'b') && type != "pred" &&
         cppTypes().count(type) != 0;
}

std::string wider(const std::string& type) {  // mul.wide's result
  static const std::map<std::string, std::string> w{{"u16", "u32"}, {"u32", "u64"}, {"s16", "s32"}, {"s32", "s64"}};
  auto it = w.find(type);
  return it == w.end() ? "" : it->second;
}

class Translator {
 public:
  Translator(const std::vector<PtxOperand>& operands) : operands_(operands) {}

  PtxTranslation run(const std::string& ptx) {
    std::string text;
    for (std::size_t i = 0; i < ptx.size(); ++i) {  // comments out
      if (ptx.compare(i, 2, "//") == 0) {
        while (i < ptx.size() && ptx[i] != '\n') ++i;
        continue;
      }
      text += ptx[i];
    }
    std::string statement;
    int vector = 0;  // inside `{a, b}`, a vector operand: its braces open no block
    for (char c : text) {
      if (c == '{' && !trim(statement).empty()) ++vector;
      if (vector > 0 && (c == '{' || c == '}')) {
        statement += c;
        if (c == '}') --vector;
        continue;
      }
      if (c == '{' || c == '}' || c == ';') {
        if (!trim(statement).empty() && !translate(trim(statement))) return {"", error_};
        statement.clear();
        if (c != ';') code_ += c == '{' ? "{ " : "} ";
        continue;
      }
      statement += c == '\n' || c == '\t' ? ' ' : c;
    }
    if (!trim(statement).empty() && !translate(trim(statement))) return {"", error_};
    if (usesCarry_) code_ = "[[maybe_unused]] unsigned loom_ptx_carry = 0; " + code_;
    return {code_, std::nullopt};
  }

 private:
  bool fail(std::string message) {
    error_ = std::move(message);
    return false;
  }

  // A source operand's value as type `type` (a PTX type suffix).
  std::optional<std::string> value(const std::string& op, const std::string& type) {
    std::string t = cppTypes().at(type);
    if (op.size() > 1 && op[0] == '%' && std::isdigit(static_cast<unsigned char>(op[1]))) {
      std::size_t n = std::stoul(op.substr(1));
      if (n >= operands_.size()) return std::nullopt;
      return "::loom::ptx::as<" + t + ">(loom_ptx_" + std::to_string(n) + ")";
    }
    if (op[0] == '%') {
      static const std::map<std::string, std::string> special{
          {"%laneid", "::loom::ptx::laneid()"},          {"%warpid", "::loom::ptx::warpid()"},
          {"%lanemask_eq", "::loom::ptx::lanemask(0)"},  {"%lanemask_lt", "::loom::ptx::lanemask(1)"},
          {"%lanemask_le", "::loom::ptx::lanemask(2)"},  {"%lanemask_gt", "::loom::ptx::lanemask(3)"},
          {"%lanemask_ge", "::loom::ptx::lanemask(4)"},  {"%clock", "::loom::ptx::clock64()"},
          {"%clock64", "::loom::ptx::clock64()"},        {"%globaltimer", "::loom::ptx::globaltimer()"},
          {"%tid.x", "threadIdx.x"},   {"%tid.y", "threadIdx.y"},   {"%tid.z", "threadIdx.z"},
          {"%ntid.x", "blockDim.x"},   {"%ntid.y", "blockDim.y"},   {"%ntid.z", "blockDim.z"},
          {"%ctaid.x", "blockIdx.x"},  {"%ctaid.y", "blockIdx.y"},  {"%ctaid.z", "blockIdx.z"},
          {"%nctaid.x", "gridDim.x"},  {"%nctaid.y", "gridDim.y"},  {"%nctaid.z", "gridDim.z"}};
      auto it = special.find(op);
      if (it == special.end()) return std::nullopt;
      return "::loom::ptx::as<" + t + ">(" + it->second + ")";
    }
    if (locals_.count(op)) return "::loom::ptx::as<" + t + ">(" + op + ")";
    if (op.size() == 10 && (op.compare(0, 2, "0f") == 0 || op.compare(0, 2, "0F") == 0))
      return "::loom::ptx::as<" + t + ">(::loom::ptx::as<float>(0x" + op.substr(2) + "u))";
    if (op.size() == 18 && (op.compare(0, 2, "0d") == 0 || op.compare(0, 2, "0D") == 0))
      return "::loom::ptx::as<" + t + ">(::loom::ptx::as<double>(0x" + op.substr(2) + "ull))";
    if (std::isdigit(static_cast<unsigned char>(op[0])) || op[0] == '-')
      return "static_cast<" + t + ">(" + op + (op.find_first_of(".eE") == std::string::npos ? "ll" : "") + ")";
    return std::nullopt;
  }

  std::optional<std::string> destination(const std::string& op) {
    if (op.size() > 1 && op[0] == '%' && std::isdigit(static_cast<unsigned char>(op[1]))) {
      std::size_t n = std::stoul(op.substr(1));
      if (n >= operands_.size()) return std::nullopt;
      return "loom_ptx_" + std::to_string(n);
    }
    if (locals_.count(op)) return op;
    return std::nullopt;
  }

  // `[%1]`, `[%1+8]`, `[r0]`: a generic address, as a std::uintptr_t expression.
  std::optional<std::string> address(const std::string& op) {
    if (op.size() < 3 || op.front() != '[' || op.back() != ']') return std::nullopt;
    std::string inner = trim(op.substr(1, op.size() - 2)), offset = "0";
    if (std::size_t plus = inner.find('+'); plus != std::string::npos) {
      offset = trim(inner.substr(plus + 1));
      inner = trim(inner.substr(0, plus));
    }
    if (inner.size() > 1 && inner[0] == '%' && std::isdigit(static_cast<unsigned char>(inner[1]))) {
      std::size_t n = std::stoul(inner.substr(1));
      if (n >= operands_.size() || operands_[n].constraint != 'l') return std::nullopt;  // 32-bit: a window address
    }
    std::optional<std::string> base = value(inner, "u64");
    if (!base) return std::nullopt;
    return "(" + *base + " + " + offset + ")";
  }

  // `[%1]`, `[%1+8]` in the shared state space (`.shared`, `.shared::cta`, `.shared::cluster`):
  // a shared-window address (__cvta_generic_to_shared's), as the generic address it stands for.
  std::optional<std::string> sharedAddress(const std::string& op) {
    if (op.size() < 3 || op.front() != '[' || op.back() != ']') return std::nullopt;
    std::string inner = trim(op.substr(1, op.size() - 2)), offset = "0";
    if (std::size_t plus = inner.find('+'); plus != std::string::npos) {
      offset = trim(inner.substr(plus + 1));
      inner = trim(inner.substr(0, plus));
    }
    std::optional<std::string> window = value(inner, "u64");
    if (!window) return std::nullopt;
    return "(reinterpret_cast<std::uintptr_t>(::__cvta_shared_to_generic(" + *window + ")) + " + offset + ")";
  }

  // An address operand of an instruction whose state space is among `parts`: a shared-window
  // address in the shared space, a generic address otherwise.
  std::optional<std::string> spaceAddress(const std::vector<std::string>& parts, const std::string& op) {
    for (const std::string& p : parts)
      if (p == "shared" || p.rfind("shared::", 0) == 0) return sharedAddress(op);
    return address(op);
  }

  bool declare(const std::string& statement) {  // `.reg .u32 r0, r1`
    std::vector<std::string> words = split(statement.substr(4), ',');
    if (words.empty()) return fail("a .reg declaration without names");
    std::string first = trim(words[0]);
    std::size_t space = first.find(' ');
    if (first.empty() || first[0] != '.' || space == std::string::npos) return fail("'" + statement + "'");
    std::string type = first.substr(1, space - 1);
    if (!cppTypes().count(type)) return fail("the register type ." + type);
    words[0] = trim(first.substr(space));
    for (const std::string& name : words) {
      if (name.empty() || name.find_first_of("<>[]%") != std::string::npos) return fail("the register '" + name + "'");
      locals_.insert(name);
      code_ += "[[maybe_unused]] " + cppTypes().at(type) + " " + name + "{}; ";
    }
    return true;
  }

  bool translate(const std::string& statement) {
    if (statement.compare(0, 4, ".reg") == 0) return declare(statement);
    std::string s = statement, guard;
    if (s[0] == '@') {
      std::size_t space = s.find(' ');
      if (space == std::string::npos) return fail("'" + s + "'");
      std::string p = s.substr(1, space - 1);
      bool negate = !p.empty() && p[0] == '!';
      if (negate) p = p.substr(1);
      std::optional<std::string> v = value(p, "pred");
      if (!v) return fail("the predicate '" + p + "'");
      guard = "if (" + std::string(negate ? "!" : "") + *v + ") ";
      s = trim(s.substr(space));
    }
    std::size_t space = s.find(' ');
    std::string mnemonic = s.substr(0, space);
    std::vector<std::string> ops = space == std::string::npos ? std::vector<std::string>{} : split(s.substr(space), ',');
    std::vector<std::string> parts = split(mnemonic, '.');
    std::string type;
    for (const std::string& p : parts)
      if (cppTypes().count(p)) type = p;
    std::optional<std::string> body = instruction(parts, type, ops);
    if (!body) {
      if (!error_.empty()) return false;
      return fail("'" + mnemonic + (ops.empty() ? "" : " " + s.substr(space + 1)) + "'");
    }
    code_ += guard + "{ " + *body + " } ";
    return true;
  }

  bool has(const std::vector<std::string>& parts, const std::string& p) {
    return std::find(parts.begin(), parts.end(), p) != parts.end();
  }

  std::optional<std::string> assign(const std::string& dst, const std::optional<std::string>& v) {
    std::optional<std::string> d = destination(dst);
    if (!d || !v) return std::nullopt;
    return "::loom::ptx::store(" + *d + ", " + *v + ");";
  }

  std::optional<std::string> instruction(const std::vector<std::string>& parts, const std::string& type,
                                         const std::vector<std::string>& ops) {
    const std::string& op = parts[0];
    auto src = [&](std::size_t i, const std::string& t) -> std::optional<std::string> {
      return i < ops.size() ? value(ops[i], t) : std::nullopt;
    };
    auto src2 = [&](const std::string& o, const std::string& t) { return value(trim(o), t); };
    auto binary = [&](const std::string& expr) -> std::optional<std::string> {  // expr with A and B
      if (ops.size() != 3 || type.empty()) return std::nullopt;
      std::optional<std::string> a = src(1, type), b = src(2, type);
      if (!a || !b) return std::nullopt;
      std::string e = expr;
      e.replace(e.find('A'), 1, *a);
      e.replace(e.find('B'), 1, *b);
      return assign(ops[0], "static_cast<" + cppTypes().at(type) + ">(" + e + ")");
    };
    if (op == "mov" && ops.size() == 2 && (type == "b64" || type == "b32") &&
        (ops[0].front() == '{' || ops[1].front() == '{')) {  // packing and unpacking halves
      std::string half = type == "b64" ? "b32" : "b16";
      std::string bits = type == "b64" ? "32" : "16";
      if (ops[1].front() == '{') {
        std::vector<std::string> parts2 = split(ops[1].substr(1, ops[1].size() - 2), ',');
        if (parts2.size() != 2) return std::nullopt;
        std::optional<std::string> lo = src2(parts2[0], half), hi = src2(parts2[1], half);
        if (!lo || !hi) return std::nullopt;
        return assign(ops[0], "((static_cast<" + cppTypes().at(type) + ">(" + *hi + ") << " + bits + ") | " + *lo + ")");
      }
      std::vector<std::string> parts2 = split(ops[0].substr(1, ops[0].size() - 2), ',');
      std::optional<std::string> whole = src(1, type);
      if (parts2.size() != 2 || !whole) return std::nullopt;
      std::optional<std::string> lo = assign(parts2[0], "static_cast<" + cppTypes().at(half) + ">(" + *whole + ")");
      std::optional<std::string> hi =
          assign(parts2[1], "static_cast<" + cppTypes().at(half) + ">(" + *whole + " >> " + bits + ")");
      if (!lo || !hi) return std::nullopt;
      return *lo + " " + *hi;
    }
    if (op == "mov" && ops.size() == 2 && !type.empty()) return assign(ops[0], src(1, type));
    // Integer conversions (CUB's one-byte ThreadLoad: `cvt.u16.u8`): the source's value in its
    // type, truncated or extended to the destination's.
    if (op == "cvt" && parts.size() == 3 && ops.size() == 2 && isIntegerType(parts[1]) && isIntegerType(parts[2])) {
      std::optional<std::string> a = src(1, parts[2]);
      if (!a) return std::nullopt;
      return assign(ops[0], "static_cast<" + cppTypes().at(parts[1]) + ">(" + *a + ")");
    }
    // The video instructions CUB uses: (a >> b) + c, (a << b) + c with the shift clamped, a + b + c.
    if ((op == "vshr" || op == "vshl" || op == "vadd") && ops.size() == 4 && has(parts, "add") &&
        parts.size() >= 4 && parts[1] == "u32" && parts[2] == "u32" && parts[3] == "u32") {
      std::optional<std::string> a = src(1, "u32"), b = src(2, "u32"), c = src(3, "u32");
      if (!a || !b || !c || (op != "vadd" && !has(parts, "clamp"))) return std::nullopt;
      std::string first = op == "vadd" ? *a + " + " + *b
                                       : "::loom::ptx::" + std::string(op == "vshr" ? "shr" : "shl") + "(" + *a +
                                             ", " + *b + ")";
      return assign(ops[0], "static_cast<std::uint32_t>(" + first + " + " + *c + ")");
    }
    if (op == "trap" && ops.empty()) return std::string("__trap();");
    if (op == "exit" && ops.empty()) return std::string("::loom::device::exitThread();");
    // Extended-precision arithmetic: the carry flag lives for the asm statement
    // (loom_ptx_carry, declared when used).
    if ((op == "add" || op == "addc" || op == "sub" || op == "subc") && (has(parts, "cc") || op.size() == 4)) {
      if (ops.size() != 3 || type.empty() || type[0] == 'f') return std::nullopt;
      std::optional<std::string> a = src(1, type), b = src(2, type);
      if (!a || !b) return std::nullopt;
      usesCarry_ = true;
      const bool in = op.size() == 4, out = has(parts, "cc");
      return assign(ops[0], "::loom::ptx::" + std::string(op[0] == 'a' ? "addCarry" : "subBorrow") + "(" + *a + ", " +
                                *b + ", loom_ptx_carry, " + (in ? "true" : "false") + ", " + (out ? "true" : "false") +
                                ")");
    }
    if (op == "add") return binary("A + B");
    if (op == "sub") return binary("A - B");
    if (op == "mul" && has(parts, "hi") && ops.size() == 3 && !type.empty() && type[0] != 'f')
      return binary("::loom::ptx::mulhi(A, B)");
    if (op == "lop3" && type == "b32" && ops.size() == 5) {
      std::optional<std::string> a = src(1, "b32"), b = src(2, "b32"), c = src(3, "b32"), lut = src(4, "b32");
      if (!a || !b || !c || !lut) return std::nullopt;
      return assign(ops[0], "::loom::ptx::lop3(" + *a + ", " + *b + ", " + *c + ", " + *lut + ")");
    }
    if (op == "and") return type == "pred" ? binary("A && B") : binary("A & B");
    if (op == "or") return type == "pred" ? binary("A || B") : binary("A | B");
    if (op == "xor") return type == "pred" ? binary("A != B") : binary("A ^ B");
    if (op == "min") return binary("(A < B ? A : B)");
    if (op == "max") return binary("(A > B ? A : B)");
    if (op == "shl") return binary("::loom::ptx::shl(A, B)");
    if (op == "shr") return binary("::loom::ptx::shr(A, B)");
    if (op == "mul" && (has(parts, "lo") || type == "f32" || type == "f64")) return binary("A * B");
    if (op == "mul" && has(parts, "wide") && !wider(type).empty() && ops.size() == 3) {
      std::string w = wider(type);
      std::optional<std::string> a = src(1, type), b = src(2, type);
      if (!a || !b) return std::nullopt;
      return assign(ops[0], "static_cast<" + cppTypes().at(w) + ">(" + *a + ") * static_cast<" + cppTypes().at(w) +
                                ">(" + *b + ")");
    }
    if (op == "mad" && has(parts, "wide") && !wider(type).empty() && ops.size() == 4) {
      std::string w = wider(type);
      std::optional<std::string> a = src(1, type), b = src(2, type), c = src(3, w);
      if (!a || !b || !c) return std::nullopt;
      return assign(ops[0], "static_cast<" + cppTypes().at(w) + ">(static_cast<" + cppTypes().at(w) + ">(" + *a +
                                ") * static_cast<" + cppTypes().at(w) + ">(" + *b + ") + " + *c + ")");
    }
    if ((op == "mad" && has(parts, "lo")) || op == "fma") {
      if (ops.size() != 4 || type.empty()) return std::nullopt;
      std::optional<std::string> a = src(1, type), b = src(2, type), c = src(3, type);
      if (!a || !b || !c) return std::nullopt;
      return assign(ops[0], "static_cast<" + cppTypes().at(type) + ">(" + *a + " * " + *b + " + " + *c + ")");
    }
    if ((op == "not" || op == "neg") && ops.size() == 2 && !type.empty()) {
      std::optional<std::string> a = src(1, type);
      if (!a) return std::nullopt;
      std::string e = op == "neg" ? "-" + *a : (type == "pred" ? "!" + *a : "~" + *a);
      return assign(ops[0], "static_cast<" + cppTypes().at(type) + ">(" + e + ")");
    }
    if (op == "setp" && ops.size() == 3 && parts.size() >= 3) {
      static const std::map<std::string, std::string> cmp{{"eq", "=="}, {"ne", "!="}, {"lt", "<"}, {"le", "<="},
                                                          {"gt", ">"},  {"ge", ">="}, {"lo", "<"}, {"ls", "<="},
                                                          {"hi", ">"},  {"hs", ">="}};
      auto c = cmp.find(parts[1]);
      if (c == cmp.end() || ops[0].find('|') != std::string::npos) return std::nullopt;
      std::optional<std::string> a = src(1, type), b = src(2, type);
      if (!a || !b) return std::nullopt;
      return assign(ops[0], "(" + *a + " " + c->second + " " + *b + ")");
    }
    if (op == "selp" && ops.size() == 4) {
      std::optional<std::string> a = src(1, type), b = src(2, type), p = src(3, "pred");
      if (!a || !b || !p) return std::nullopt;
      return assign(ops[0], "(" + *p + " ? " + *a + " : " + *b + ")");
    }
    // elect.sync d|p, membermask: d the leader lane, p whether this lane is it; `_` discards d.
    if (op == "elect" && has(parts, "sync") && ops.size() == 2) {
      std::size_t bar = ops[0].find('|');
      std::optional<std::string> mask = src(1, "u32");
      if (bar == std::string::npos || !mask) return std::nullopt;
      std::string d = trim(ops[0].substr(0, bar)), p = trim(ops[0].substr(bar + 1));
      std::string code = "const std::uint32_t loom_ptx_leader = ::loom::ptx::electLeader(" + *mask + ");";
      if (d != "_") {
        std::optional<std::string> a = assign(d, std::string("loom_ptx_leader"));
        if (!a) return std::nullopt;
        code += " " + *a;
      }
      std::optional<std::string> a = assign(p, std::string("(::loom::ptx::laneid() == loom_ptx_leader)"));
      if (!a) return std::nullopt;
      return code + " " + *a;
    }
    // mbarrier (loom/device/ptx.h): the barrier object's address, in the shared window when the
    // instruction says .shared.
    if (op == "mbarrier" && parts.size() >= 2 && type == "b64") {
      const std::string& what = parts[1];
      auto barrier = [&](std::size_t i) -> std::optional<std::string> {
        if (i >= ops.size()) return std::nullopt;
        std::optional<std::string> a = spaceAddress(parts, ops[i]);
        if (!a) return std::nullopt;
        return "reinterpret_cast<std::uint64_t*>(" + *a + ")";
      };
      if (what == "init" && ops.size() == 2) {
        std::optional<std::string> b = barrier(0), count = src(1, "u32");
        if (!b || !count) return std::nullopt;
        return "::loom::ptx::mbarrierInit(" + *b + ", " + *count + ");";
      }
      if ((what == "expect_tx" || what == "complete_tx") && ops.size() == 2) {
        std::optional<std::string> b = barrier(0), bytes = src(1, "u32");
        if (!b || !bytes) return std::nullopt;
        return "::loom::ptx::mbarrier" + std::string(what == "expect_tx" ? "ExpectTx" : "CompleteTx") + "(" + *b +
               ", " + *bytes + ");";
      }
      if (what == "arrive" && !has(parts, "noComplete") && (ops.size() == 2 || ops.size() == 3)) {
        const bool expectTx = has(parts, "expect_tx");
        if (expectTx && ops.size() != 3) return std::nullopt;
        std::optional<std::string> b = barrier(1);
        std::optional<std::string> count = !expectTx && ops.size() == 3 ? src(2, "u32") : std::string("1u");
        std::optional<std::string> bytes = expectTx ? src(2, "u32") : std::string("0u");
        if (!b || !count || !bytes) return std::nullopt;
        std::string call = "::loom::ptx::mbarrierArrive(" + *b + ", " + *count + ", " + *bytes + ")";
        if (trim(ops[0]) == "_") return call + ";";
        return assign(ops[0], call);
      }
      if ((what == "test_wait" || what == "try_wait") && (ops.size() == 3 || ops.size() == 4)) {
        const bool parity = has(parts, "parity");
        std::optional<std::string> b = barrier(1), token = src(2, parity ? "u32" : "u64");
        if (!b || !token) return std::nullopt;
        std::string fn = std::string(what == "test_wait" ? "mbarrierTestWait" : "mbarrierTryWait") + (parity ? "Parity" : "");
        return assign(ops[0], "::loom::ptx::" + fn + "(" + *b + ", " + *token + ")");
      }
      return std::nullopt;
    }
    // cp.async.bulk from global into shared memory, completing on an mbarrier.
    if (op == "cp" && parts.size() >= 4 && parts[1] == "async" && parts[2] == "bulk" && ops.size() == 4 &&
        (parts[3] == "shared::cluster" || parts[3] == "shared::cta") && has(parts, "global") &&
        has(parts, "mbarrier::complete_tx::bytes")) {
      std::optional<std::string> dst = sharedAddress(ops[0]), srcAddr = address(ops[1]), size = src(2, "u32"),
                                 bar = sharedAddress(ops[3]);
      if (!dst || !srcAddr || !size || !bar) return std::nullopt;
      return "::loom::ptx::copyBulk(reinterpret_cast<void*>(" + *dst + "), reinterpret_cast<const void*>(" + *srcAddr +
             "), " + *size + ", reinterpret_cast<std::uint64_t*>(" + *bar + "));";
    }
    if (op == "bmsk" && type == "b32" && ops.size() == 3 && (has(parts, "clamp") || has(parts, "wrap"))) {
      std::optional<std::string> a = src(1, "u32"), b = src(2, "u32");
      if (!a || !b) return std::nullopt;
      return assign(ops[0], "::loom::ptx::bmsk(" + *a + ", " + *b + ", " + (has(parts, "wrap") ? "true" : "false") + ")");
    }
    // A prefetch only moves data between caches: no effect a program can see, even out of bounds.
    if ((op == "prefetch" || op == "prefetchu") && ops.size() == 1) {
      std::optional<std::string> addr = address(ops[0]);
      if (!addr) return std::nullopt;
      return "(void)" + *addr + ";";
    }
    if (op == "bfe" && ops.size() == 4) {
      std::optional<std::string> a = src(1, type), b = src(2, "u32"), c = src(3, "u32");
      if (!a || !b || !c) return std::nullopt;
      return assign(ops[0], "::loom::ptx::bfe(" + *a + ", " + *b + ", " + *c + ")");
    }
    if (op == "bfi" && ops.size() == 5) {
      std::optional<std::string> f = src(1, type), b = src(2, type), c = src(3, "u32"), d = src(4, "u32");
      if (!f || !b || !c || !d) return std::nullopt;
      return assign(ops[0], "::loom::ptx::bfi(" + *f + ", " + *b + ", " + *c + ", " + *d + ")");
    }
    if ((op == "brev" || op == "popc" || op == "clz") && ops.size() == 2 && !type.empty()) {
      std::optional<std::string> a = src(1, type);
      if (!a) return std::nullopt;
      return assign(ops[0], "::loom::ptx::" + op + "(" + *a + ")");
    }
    if (op == "prmt" && parts.size() == 2 && ops.size() == 4) {  // the default mode only
      std::optional<std::string> a = src(1, "b32"), b = src(2, "b32"), c = src(3, "b32");
      if (!a || !b || !c) return std::nullopt;
      return assign(ops[0], "::loom::ptx::prmt(" + *a + ", " + *b + ", " + *c + ")");
    }
    if (op == "shfl" && has(parts, "sync") && ops.size() == 5 && type == "b32") {
      static const std::map<std::string, std::string> modes{
          {"up", "Up"}, {"down", "Down"}, {"bfly", "Bfly"}, {"idx", "Idx"}};
      auto m = modes.find(parts[2]);
      if (m == modes.end()) return std::nullopt;
      std::string dst = ops[0], pred;
      if (std::size_t bar = dst.find('|'); bar != std::string::npos) {
        pred = trim(dst.substr(bar + 1));
        dst = trim(dst.substr(0, bar));
      }
      std::optional<std::string> a = src(1, "b32"), b = src(2, "u32"), c = src(3, "u32"), mask = src(4, "u32");
      std::optional<std::string> d = destination(dst), p = pred.empty() ? std::optional<std::string>("") : destination(pred);
      if (!a || !b || !c || !mask || !d || !p) return std::nullopt;
      return "bool loom_ptx_p = false; ::loom::ptx::store(" + *d + ", ::loom::ptx::shfl(::loom::ptx::ShflMode::" +
             m->second + ", " + *mask + ", " + *a + ", " + *b + ", " + *c + ", &loom_ptx_p));" +
             (pred.empty() ? "" : " ::loom::ptx::store(" + *p + ", loom_ptx_p);");
    }
    if (op == "vote") {  // vote.sync.ballot.b32, vote.ballot.sync.b32, vote.any.pred ...
      bool sync = has(parts, "sync");
      std::size_t n = sync ? 3 : 2;
      std::string kind;
      for (const char* k : {"ballot", "any", "all", "uni"})
        if (has(parts, k)) kind = k;
      if (ops.size() != n) return std::nullopt;
      std::optional<std::string> p = src(1, "pred"), mask = sync ? src(2, "u32") : std::optional<std::string>("0xffffffffu");
      if (!p || !mask) return std::nullopt;
      if (kind == "ballot") return assign(ops[0], "__ballot_sync(" + *mask + ", " + *p + ")");
      if (kind == "any") return assign(ops[0], "(__any_sync(" + *mask + ", " + *p + ") != 0)");
      if (kind == "all") return assign(ops[0], "(__all_sync(" + *mask + ", " + *p + ") != 0)");
      if (kind == "uni")
        return assign(ops[0], "(__all_sync(" + *mask + ", " + *p + ") != 0 || __any_sync(" + *mask + ", " + *p + ") == 0)");
      return std::nullopt;
    }
    if (op == "activemask" && ops.size() == 1) return assign(ops[0], std::string("__activemask()"));
    if (op == "membar" || op == "fence") {
      if (has(parts, "cta")) return std::string("__threadfence_block();");
      if (has(parts, "sys")) return std::string("__threadfence_system();");
      return std::string("__threadfence();");
    }
    if ((op == "bar" || op == "barrier") && has(parts, "warp") && has(parts, "sync") && ops.size() == 1) {
      std::optional<std::string> mask = src(0, "u32");
      if (!mask) return std::nullopt;
      return "__syncwarp(" + *mask + ");";
    }
    if ((op == "bar" || op == "barrier") && (has(parts, "sync") || parts.size() == 1) && ops.size() == 1 &&
        ops[0] == "0")
      return std::string("__syncthreads();");
    if ((op == "ld" || op == "st") && ops.size() == 2 && !type.empty() && type != "pred") {
      static const std::set<std::string> spaces{"global", "shared", "local", "const", "generic", "nc", "ca", "cg",
                                                "cs", "lu", "cv", "wb", "wt", "volatile", "relaxed", "acquire",
                                                "release", "cta", "gpu", "sys", "cluster", "weak"};
      std::size_t lanes = 1;  // `.v2`, `.v4`: a vector of registers in braces, consecutive in memory
      for (std::size_t i = 1; i < parts.size(); ++i) {
        if (parts[i] == "v2" || parts[i] == "v4") {
          lanes = parts[i] == "v2" ? 2 : 4;
          continue;
        }
        if (!spaces.count(parts[i]) && parts[i] != type && parts[i].rfind("L1::", 0) != 0 &&
            parts[i].rfind("L2::", 0) != 0)
          return std::nullopt;
      }
      std::string t = cppTypes().at(type);
      // Names from ptx.h, not GCC's __ATOMIC_* macros: this text is already preprocessed. A
      // vector access with an order is, in the PTX memory model, one access per element with no
      // order among them.
      std::string order = has(parts, "acquire") ? "::loom::ptx::acquire"
                          : has(parts, "release") ? "::loom::ptx::release"
                          : has(parts, "relaxed") ? "::loom::ptx::relaxed"
                                                  : "";
      bool isVolatile = has(parts, "volatile");
      std::string ptr = std::string(isVolatile ? "volatile " : "") + t + "*";
      const std::string& registers = op == "ld" ? ops[0] : ops[1];
      std::vector<std::string> elements{registers};
      if (lanes > 1) {
        if (registers.size() < 2 || registers.front() != '{' || registers.back() != '}') return std::nullopt;
        elements = split(registers.substr(1, registers.size() - 2), ',');
        if (elements.size() != lanes) return std::nullopt;
      }
      std::optional<std::string> addr = address(op == "ld" ? ops[1] : ops[0]);
      if (!addr) return std::nullopt;
      std::string code = "auto loom_ptx_a = reinterpret_cast<" + (op == "ld" ? std::string("const ") : "") + ptr +
                         ">(" + *addr + ");";
      for (std::size_t k = 0; k < lanes; ++k) {
        std::string at = "loom_ptx_a[" + std::to_string(k) + "]";
        if (op == "ld") {
          std::optional<std::string> a =
              assign(elements[k], order.empty() ? at
                                                 : "__atomic_load_n(loom_ptx_a + " + std::to_string(k) + ", " + order + ")");
          if (!a) return std::nullopt;
          code += " " + *a;
        } else {
          std::optional<std::string> v = value(elements[k], type);
          if (!v) return std::nullopt;
          code += order.empty() ? " " + at + " = " + *v + ";"
                                : " __atomic_store_n(loom_ptx_a + " + std::to_string(k) + ", " + *v + ", " + order + ");";
        }
      }
      return code;
    }
    return std::nullopt;
  }

  const std::vector<PtxOperand>& operands_;
  std::set<std::string> locals_;
  std::string code_;
  bool usesCarry_ = false;
  std::string error_;
};

}  // namespace

PtxTranslation translatePtx(const std::string& ptx, const std::vector<PtxOperand>& operands) {
  return Translator(operands).run(ptx);
}

}  // namespace loom::cc
