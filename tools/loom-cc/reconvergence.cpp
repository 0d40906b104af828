#include "reconvergence.h"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>
#include <unordered_map>

#include "counted_loops.h"
#include "diamond_stores.h"
#include "linemap.h"
#include "statement.h"

namespace loom::cc {
namespace {

class RegionWriter {
 public:
  RegionWriter(std::string_view text, const std::vector<Token>& tokens, std::vector<Edit>& edits, StatementEnds& ends)
      : text_(text), tokens_(tokens), edits_(edits), ends_(ends) {}

  // `{ <region> ` before tokens[begin], ` }` after tokens[end - 1].
  void wrap(std::size_t begin, std::size_t end) {
    if (holdsCaseLabel(begin, end) || holdsJumpTarget(begin, end)) return;
    insert(tokens_[begin].begin, "{ " + declaration() + " ");
    insert(tokens_[end - 1].end, " }");
  }

  // A loop body from tokens[begin] to tokens[end - 1]; `after` follows its region's declaration.
  void body(std::size_t begin, std::size_t end, const std::string& after = {}) {
    if (holdsCaseLabel(begin, end) || holdsJumpTarget(begin, end)) return;
    if (isPunct(text_, tokens_, begin, '{')) {
      insert(tokens_[begin].end, " " + declaration() + after);
    } else {
      insert(tokens_[begin].begin, "{ " + declaration() + after + " ");
      insert(tokens_[end - 1].end, " }");
    }
  }

  // An if/else whose branches end by storing to the same element (diamond_stores.h): a
  // SunkStore before its region, each branch's store a put, and one store after the region
  // (loom/device/sunk_store.h shows the form).
  void sinkStoreBegin(const DiamondStore& store, std::size_t ifToken) {
    sunkName_ = "loom_sunk_" + std::to_string(++sunkCount_);
    sunkTarget_ = std::string(text_.substr(tokens_[store.targetBegin].begin,
                                           tokens_[store.targetEnd - 1].end - tokens_[store.targetBegin].begin));
    insert(tokens_[ifToken].begin, "{ ::loom::device::SunkStore<decltype((" + sunkTarget_ + "))> " + sunkName_ + "; ");
    for (int b = 0; b < 2; ++b) {
      const std::string value(text_.substr(tokens_[store.assign[b] + 1].begin,
                                           tokens_[store.semicolon[b] - 1].end - tokens_[store.assign[b] + 1].begin));
      edits_.push_back(Edit{tokens_[store.storeBegin[b]].begin, tokens_[store.semicolon[b]].begin,
                            sunkName_ + ".put([&](auto& loom_s) { if constexpr (::loom::device::kSunk<decltype(loom_s)>) " +
                                "loom_s.held = " + value + "; else " + sunkTarget_ + " = " + value + "; })"});
    }
  }
  // The store after the region stands on the line of the else branch's store, where the device
  // puts the one it makes (compute-sanitizer names that line; recorded in session 17), through
  // a linemarker when the if ends on another line.
  void sinkStoreEnd(const DiamondStore& store, std::size_t end) {
    const std::string sink = " " + sunkName_ + ".sink([&](auto& loom_s) { if constexpr (::loom::device::kSunk<decltype(loom_s)>) " +
                             sunkTarget_ + " = loom_s.held; }); }";
    const std::size_t at = tokens_[end - 1].end;
    const SourceLocation stored = locate(tokens_[store.storeBegin[1]].begin);
    const SourceLocation here = locate(at);
    if (stored.file != here.file || stored.line == here.line) {
      insert(at, sink);
      return;
    }
    insert(at, "\n" + linemarker(stored) + sink + "\n" + linemarker(here));
  }

  // g++ reads the rewritten text as preprocessed: `# <line> "<file>"`, not `#line`.
  static std::string linemarker(const SourceLocation& at) {
    std::string file;
    for (char c : at.file) {
      if (c == '\\' || c == '"') file += '\\';
      file += c;
    }
    return "# " + std::to_string(at.line) + " \"" + file + "\"\n";
  }

  // A loop nvcc unrolls by four (counted_loops.h): its bound and its iterations marked.
  std::string countedLoop(const CountedLoop& loop) {
    insert(tokens_[loop.boundBegin].begin, "::loom::device::countedBound(");
    insert(tokens_[loop.boundEnd - 1].end, ")");
    char descriptor[16];
    std::snprintf(descriptor, sizeof descriptor, "0x%xu", loop.descriptor);
    return std::string(" ::loom::device::countedIteration<") + descriptor + ">(" + loop.variable + ");";
  }

 private:
  std::string declaration() {
    return "[[maybe_unused, gnu::cleanup(__loom_leave_region)]] int loom_region_" + std::to_string(++count_) +
           " = ::loom::device::enterRegion();";
  }

  void insert(std::size_t at, std::string text) { edits_.push_back(Edit{at, at, std::move(text)}); }
  // The user's file and line of a text offset. The line starts are found once per file, on the
  // first merged store: most files have none.
  SourceLocation locate(std::size_t offset) {
    if (!lines_) {
      lines_.emplace(text_);
      for (std::size_t i = 0; i < text_.size(); ++i)
        if (text_[i] == '\n') newlines_.push_back(i);
    }
    const auto before = std::lower_bound(newlines_.begin(), newlines_.end(), offset) - newlines_.begin();
    return lines_->locate(1 + static_cast<int>(before));
  }

  // Duff's device: a `case` label of a switch around the statement, inside it (a jump to it
  // would skip the region variable's initialization). Labels of a switch inside do not count;
  // a switch inside whose end cannot be read is taken for such a label.
  bool holdsCaseLabel(std::size_t begin, std::size_t end) {
    indexLabels();
    for (auto c = std::lower_bound(cases_.begin(), cases_.end(), std::pair<std::size_t, long long>{begin, -2});
         c != cases_.end() && c->first < end; ++c)
      if (c->second < static_cast<long long>(begin)) return true;  // its switch is outside
    auto open = std::lower_bound(undelimitedSwitches_.begin(), undelimitedSwitches_.end(), begin);
    return open != undelimitedSwitches_.end() && *open < end;
  }

  // A label inside the statement that a goto outside it names (or whose address `&&label` is
  // taken outside it): the jump would pass the region variable's initialization.
  bool holdsJumpTarget(std::size_t begin, std::size_t end) {
    indexLabels();
    for (auto l = std::lower_bound(jumpTargets_.begin(), jumpTargets_.end(), JumpTarget{begin, 0, 0});
         l != jumpTargets_.end() && l->label < end; ++l)
      if (l->firstJump < begin || l->lastJump >= end) return true;
    return false;
  }

  // The labels of the text, in order, found once: each case label with the switch it belongs
  // to, and each label a goto names with where the first and last such goto stand. Every
  // region asks about its own range only, so deep nesting costs no rescans.
  void indexLabels() {
    if (indexed_) return;
    indexed_ = true;
    std::vector<std::pair<std::size_t, std::size_t>> switches;  // open switch statements: begin, end
    std::unordered_map<std::string_view, std::pair<std::size_t, std::size_t>> jumps;  // first, last goto
    std::vector<std::pair<std::size_t, std::string_view>> labels;
    for (std::size_t k = 0; k < tokens_.size(); ++k) {
      while (!switches.empty() && switches.back().second <= k) switches.pop_back();
      const bool jump = k + 1 < tokens_.size() && tokens_[k + 1].kind == TokenKind::Identifier &&
                        (isWord(text_, tokens_, k, "goto") ||
                         (k > 0 && isPunct(text_, tokens_, k, '&') && isPunct(text_, tokens_, k - 1, '&')));
      if (jump) {
        auto [it, fresh] = jumps.try_emplace(spelling(text_, tokens_[k + 1]), k, k);
        if (!fresh) it->second.second = k;
        continue;
      }
      if (tokens_[k].kind != TokenKind::Identifier) continue;
      const std::string_view w = spelling(text_, tokens_[k]);
      if (w == "switch") {
        if (std::optional<std::size_t> e = ends_(k)) switches.push_back({k, *e});
        else undelimitedSwitches_.push_back(k);
        continue;
      }
      if (w == "case" || (w == "default" && isPunct(text_, tokens_, k + 1, ':'))) {
        cases_.push_back({k, switches.empty() ? -1 : static_cast<long long>(switches.back().first)});
        continue;
      }
      if (isPunct(text_, tokens_, k + 1, ':') && !isPunct(text_, tokens_, k + 2, ':') &&
          !(k > 0 && isPunct(text_, tokens_, k - 1, ':')) && w != "default" && w != "public" && w != "private" &&
          w != "protected")
        labels.push_back({k, w});
    }
    for (const auto& [at, name] : labels)
      if (auto j = jumps.find(name); j != jumps.end()) jumpTargets_.push_back(JumpTarget{at, j->second.first, j->second.second});
  }

  struct JumpTarget {
    std::size_t label, firstJump, lastJump;
    bool operator<(const JumpTarget& o) const { return label < o.label; }
  };

  std::string_view text_;
  const std::vector<Token>& tokens_;
  std::vector<Edit>& edits_;
  StatementEnds& ends_;
  unsigned count_ = 0;
  unsigned sunkCount_ = 0;
  std::optional<LineMap> lines_;
  bool indexed_ = false;
  std::vector<std::pair<std::size_t, long long>> cases_;  // case labels: token, its switch's (-1: none)
  std::vector<std::size_t> undelimitedSwitches_;
  std::vector<JumpTarget> jumpTargets_;
  std::vector<std::size_t> newlines_;  // offsets of the text's line breaks
  std::string sunkName_, sunkTarget_;
};

}  // namespace

void findReconvergenceEdits(std::string_view text, const std::vector<Token>& tokens,
                            const std::vector<bool>& userCode, std::vector<Edit>& edits) {
  // Statements are read from the last to the first, so that reading one finds every statement
  // nested in it already read: no recursion deeper than two, however deep the nesting.
  StatementEnds ends(text, tokens);
  for (std::size_t n = tokens.size(); n-- > 0;) {
    if (!userCode[n] || tokens[n].kind != TokenKind::Identifier) continue;
    const std::string_view w = spelling(text, tokens[n]);
    if (w == "if" || w == "for" || w == "while" || w == "switch" || w == "try") ends(n);
    if (w == "do" || w == "else") ends(n + 1);
    if (w == "if" || w == "for" || w == "while" || w == "switch")
      if (std::optional<std::size_t> head = matchingClose(text, tokens, n + 1); head) ends(*head);
  }
  RegionWriter regions(text, tokens, edits, ends);
  // The `while` that ends a do-while is no statement of its own. When a do's body cannot be
  // delimited, the next `while (...);` is taken for its end. A loop right after a #pragma
  // (`#pragma GCC unroll 4`) must stay right after it: only its body becomes a region.
  std::vector<bool> endsDo(tokens.size(), false);
  unsigned undelimitedDos = 0;
  for (std::size_t n = 0; n < tokens.size(); ++n) {
    if (tokens[n].kind != TokenKind::Identifier) continue;
    const bool doLoop = isWord(text, tokens, n, "do");
    std::optional<std::size_t> doBodyEnd;
    if (doLoop) {
      doBodyEnd = ends(n + 1);
      if (doBodyEnd && isWord(text, tokens, *doBodyEnd, "while")) endsDo[*doBodyEnd] = true;
      if (!doBodyEnd) ++undelimitedDos;
    }
    const bool branch = isWord(text, tokens, n, "if") || isWord(text, tokens, n, "switch");
    const bool headed = isWord(text, tokens, n, "for") || isWord(text, tokens, n, "while");
    if (headed && isWord(text, tokens, n, "while")) {
      if (endsDo[n]) continue;
      std::optional<std::size_t> cond = matchingClose(text, tokens, n + 1);
      if (undelimitedDos > 0 && cond && isPunct(text, tokens, *cond, ';')) {
        --undelimitedDos;
        continue;
      }
    }
    if (!userCode[n] || (!branch && !headed && !doLoop)) continue;
    if (branch && n > 0 && isWord(text, tokens, n - 1, "else")) continue;
    std::optional<std::size_t> end = ends(n);
    if (!end) continue;
    if (branch) {
      std::optional<DiamondStore> store;
      if (isWord(text, tokens, n, "if")) store = readDiamondStore(text, tokens, n, *end, ends);
      if (store) regions.sinkStoreBegin(*store, n);
      regions.wrap(n, *end);
      if (store) regions.sinkStoreEnd(*store, *end);
      continue;
    }
    // A loop whose statement was delimited: its head and its body's end are known to be there.
    const std::size_t bodyBegin = doLoop ? n + 1 : *matchingClose(text, tokens, n + 1);
    const std::size_t bodyEnd = doLoop ? *doBodyEnd : *end;
    const bool afterPragma = n > 0 && tokens[n - 1].kind == TokenKind::Directive &&
                             spelling(text, tokens[n - 1]).find("pragma") != std::string_view::npos;
    if (!afterPragma) regions.wrap(n, *end);
    std::string counted;
    if (!afterPragma && !doLoop)
      if (std::optional<CountedLoop> loop = readCountedLoop(text, tokens, n, bodyBegin, bodyEnd))
        counted = regions.countedLoop(*loop);
    regions.body(bodyBegin, bodyEnd, counted);
  }
}

}  // namespace loom::cc
