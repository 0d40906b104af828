#include "lexer.h"

#include <string>

namespace loom::cc {
namespace {

bool isIdentStart(unsigned char c) {
  // Bytes >= 0x80 are parts of UTF-8 identifiers; treating them as identifier characters is safe.
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' || c >= 0x80;
}
bool isDigit(unsigned char c) { return c >= '0' && c <= '9'; }
bool isIdentChar(unsigned char c) { return isIdentStart(c) || isDigit(c); }

bool isEncodingPrefix(std::string_view s) { return s == "u8" || s == "u" || s == "U" || s == "L"; }
bool isRawPrefix(std::string_view s) {
  return s == "R" || s == "u8R" || s == "uR" || s == "UR" || s == "LR";
}

class Lexer {
 public:
  explicit Lexer(std::string_view text) : t_(text) {}

  std::vector<Token> run() {
    bool lineStart = true;  // only whitespace seen since the last newline
    while (p_ < t_.size()) {
      unsigned char c = t_[p_];
      if (c == '\n') {
        lineStart = true;
        ++p_;
        continue;
      }
      if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
        ++p_;
        continue;
      }
      if (c == '#' && lineStart) {
        std::size_t b = p_;
        toEndOfLine();
        push(TokenKind::Directive, b);
        continue;
      }
      lineStart = false;
      if (c == '/' && peek(1) == '/') {
        toEndOfLine();
      } else if (c == '/' && peek(1) == '*') {
        std::size_t close = t_.find("*/", p_ + 2);
        p_ = close == std::string_view::npos ? t_.size() : close + 2;
      } else if (isDigit(c) || (c == '.' && isDigit(peek(1)))) {
        number();
      } else if (isIdentStart(c)) {
        identifierOrPrefixedLiteral();
      } else if (c == '"' || c == '\'') {
        std::size_t b = p_;
        quoted(c);
        push(c == '"' ? TokenKind::String : TokenKind::CharLiteral, b);
      } else {
        push(TokenKind::Punct, p_, p_ + 1);
        ++p_;
      }
    }
    return std::move(tokens_);
  }

 private:
  unsigned char peek(std::size_t k) const { return p_ + k < t_.size() ? t_[p_ + k] : 0; }

  void push(TokenKind kind, std::size_t b) { push(kind, b, p_); }
  void push(TokenKind kind, std::size_t b, std::size_t e) { tokens_.push_back({kind, b, e}); }

  void toEndOfLine() {
    std::size_t nl = t_.find('\n', p_);
    p_ = nl == std::string_view::npos ? t_.size() : nl;
  }

  // pp-number: digits, letters, '.', exponent signs, and ' as a digit separator (C++14).
  void number() {
    std::size_t b = p_++;
    while (p_ < t_.size()) {
      unsigned char c = t_[p_];
      unsigned char prev = t_[p_ - 1];
      if (isIdentChar(c) || c == '.') {
        ++p_;
      } else if ((c == '+' || c == '-') &&
                 (prev == 'e' || prev == 'E' || prev == 'p' || prev == 'P')) {
        ++p_;
      } else if (c == '\'' && isIdentChar(peek(1))) {
        p_ += 2;
      } else {
        break;
      }
    }
    push(TokenKind::Number, b);
  }

  void identifierOrPrefixedLiteral() {
    std::size_t b = p_;
    while (p_ < t_.size() && isIdentChar(t_[p_])) ++p_;
    std::string_view word = t_.substr(b, p_ - b);
    unsigned char next = peek(0);
    if (next == '"' && isRawPrefix(word)) {
      rawString();
      push(TokenKind::String, b);
    } else if ((next == '"' || next == '\'') && isEncodingPrefix(word)) {
      quoted(next);
      push(next == '"' ? TokenKind::String : TokenKind::CharLiteral, b);
    } else {
      push(TokenKind::Identifier, b);
    }
  }

  // p_ is at the opening quote. Stops after the closing quote, or at the end of the line.
  void quoted(unsigned char q) {
    ++p_;
    while (p_ < t_.size()) {
      unsigned char c = t_[p_];
      if (c == '\\' && p_ + 1 < t_.size() && t_[p_ + 1] != '\n') {
        p_ += 2;
      } else if (c == q) {
        ++p_;
        return;
      } else if (c == '\n') {
        return;
      } else {
        ++p_;
      }
    }
  }

  // p_ is at the '"' of R"delim( ... )delim". Raw strings may span lines; their newlines are kept
  // verbatim by the rewriter, so line numbers stay right.
  void rawString() {
    std::size_t open = t_.find('(', p_ + 1);
    std::size_t lineEnd = t_.find('\n', p_ + 1);
    if (open == std::string_view::npos || (lineEnd != std::string_view::npos && open > lineEnd) ||
        open - (p_ + 1) > 16) {
      quoted('"');  // not a valid raw string: lex as an ordinary one
      return;
    }
    std::string closing = ")";
    closing.append(t_.substr(p_ + 1, open - (p_ + 1)));
    closing.push_back('"');
    std::size_t close = t_.find(closing, open + 1);
    p_ = close == std::string_view::npos ? t_.size() : close + closing.size();
  }

  std::string_view t_;
  std::size_t p_ = 0;
  std::vector<Token> tokens_;
};

}  // namespace

std::vector<Token> lex(std::string_view text) { return Lexer(text).run(); }

bool isPunct(std::string_view text, const std::vector<Token>& tokens, std::size_t i, char c) {
  return i < tokens.size() && tokens[i].kind == TokenKind::Punct && text[tokens[i].begin] == c;
}

bool isWord(std::string_view text, const std::vector<Token>& tokens, std::size_t i, std::string_view w) {
  return i < tokens.size() && tokens[i].kind == TokenKind::Identifier && spelling(text, tokens[i]) == w;
}

bool adjacent(const std::vector<Token>& tokens, std::size_t i) {
  return i + 1 < tokens.size() && tokens[i].end == tokens[i + 1].begin;
}

std::optional<std::size_t> closingBracket(std::string_view text, const std::vector<Token>& tokens, std::size_t i) {
  int depth = 0;
  for (; i < tokens.size(); ++i) {
    if (tokens[i].kind != TokenKind::Punct) continue;
    char c = text[tokens[i].begin];
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') {
      if (--depth == 0) return i;
      if (depth < 0) return std::nullopt;
    }
  }
  return std::nullopt;
}

bool isLineMarker(std::string_view text, const std::vector<Token>& tokens, std::size_t i) {
  if (i >= tokens.size() || tokens[i].kind != TokenKind::Directive) return false;
  std::size_t k = tokens[i].begin + 1;
  while (k < tokens[i].end && (text[k] == ' ' || text[k] == '\t')) ++k;
  return k < tokens[i].end && text[k] >= '0' && text[k] <= '9';
}

bool precedesExpression(std::string_view w) {
  for (std::string_view n : {"return", "case", "else", "do", "co_return", "co_await", "throw", "new", "delete"})
    if (w == n) return true;
  return false;
}

}  // namespace loom::cc
