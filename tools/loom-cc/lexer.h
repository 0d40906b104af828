// A small tokenizer for preprocessed C++ text: just enough for loom-cc's rewrites (launches,
// `__shared__` declarations) to never look inside string literals, character literals or
// comments, and to step over preprocessor lines.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

namespace loom::cc {

enum class TokenKind {
  Identifier,   // keywords included; the rewrites compare spellings
  Number,       // a pp-number, digit separators included (1'000'000)
  String,       // "..", u8".." L"..", raw strings R"x(..)x"; the prefix is part of the token
  CharLiteral,  // 'a', L'a', u8'a'
  Punct,        // one character: "<<<" is three adjacent '<' tokens
  Directive,    // a whole line starting with '#': linemarkers, #pragma
};

struct Token {
  TokenKind kind;
  std::size_t begin;  // byte offsets into the lexed text
  std::size_t end;
};

// Whitespace and comments produce no tokens. Unterminated literals end at the end of their line
// rather than swallowing the rest of the file, so one typo cannot hide every launch.
std::vector<Token> lex(std::string_view text);

// True when `tokens[i]` is a Punct token spelled `c`.
bool isPunct(std::string_view text, const std::vector<Token>& tokens, std::size_t i, char c);

// True when `tokens[i]` is an Identifier (keywords included) spelled `w`.
bool isWord(std::string_view text, const std::vector<Token>& tokens, std::size_t i, std::string_view w);

// True when tokens[i] and tokens[i+1] touch (no whitespace between), as the '<' of "<<<" do.
bool adjacent(const std::vector<Token>& tokens, std::size_t i);

// The index of the closer matching the '(', '[' or '{' at tokens[i], the three kinds counted
// together; nullopt when the text ends first.
std::optional<std::size_t> closingBracket(std::string_view text, const std::vector<Token>& tokens, std::size_t i);

// True when tokens[i] is a line marker (`# 60 "file.h" 3 4`): the preprocessor puts one wherever
// a declaration's tokens change lines across a macro expansion (`__global__` alone on a line of a
// system header), so scans of a declaration step over them as over whitespace.
bool isLineMarker(std::string_view text, const std::vector<Token>& tokens, std::size_t i);

// Whether a name after the word `w` is an operand (`return x`, `case x`, ...), not a name being
// declared after its type.
bool precedesExpression(std::string_view w);

inline std::string_view spelling(std::string_view text, const Token& t) {
  return text.substr(t.begin, t.end - t.begin);
}

}  // namespace loom::cc
