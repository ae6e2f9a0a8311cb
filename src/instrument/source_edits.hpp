// instrument/source_edits: text inserted around the tokens the AST names, also where
// those tokens come from a macro expansion (Clang builds only; used by the
// instrumenter).
//
// A counter update must run exactly when the code it charges runs. Where that
// code is written in the file, the update goes into the file's text. Where it
// comes from a macro (a conditional operand in a macro body, a call of a
// counted function in an object-like macro, one of several expanded copies of
// a macro argument), no place in the file's text belongs to it alone: the
// macro invocation is then replaced by its expansion, the tokens the parser
// saw, with the updates between them, so that each expanded copy carries its
// own.
#pragma once
#include <map>
#include <string>
#include <vector>

#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Preprocessor.h>
#include <clang/Rewrite/Core/Rewriter.h>

namespace roofline {

// "file.cl:12" for a location (a macro location by where it is expanded).
std::string where(const clang::SourceManager& sm, clang::SourceLocation loc);

// The token stream the parser saw inside each macro invocation written in a
// file that is not a system header, recorded through the preprocessor's token
// watcher while the file is parsed. Construct it before parsing starts.
class ExpansionTokens {
 public:
  explicit ExpansionTokens(clang::Preprocessor& pp);

  // A macro name the preprocessor left unexpanded inside its own expansion
  // (`#define sqrt(x) sqrt((float)(x))`): written out, it would be expanded again.
  enum class SelfName { None, FunctionLike, ObjectLike };
  struct Token {
    clang::SourceLocation loc;  // the expanded token's (macro) location, as the AST has it
    std::string text;
    SelfName self = SelfName::None;
  };
  struct Expansion {
    clang::SourceLocation begin, end;  // the invocation in the file: its name, and past its last character
    std::vector<Token> tokens;
  };
  // The expansion whose invocation starts at `begin` (a file location); null
  // when it has no tokens.
  const Expansion* at(clang::SourceLocation begin) const;

 private:
  void record(const clang::Token& t);
  clang::Preprocessor& pp_;
  std::map<unsigned, Expansion> by_begin_;  // keyed by the raw encoding of `begin`
};

// How an insertion nests among others at the same place: text opening a
// construct goes outermost first (a body's brace, then a statement's charges,
// then an operand's, then a recorded branch, then a recorded access, then a
// dereference), text closing one innermost first. An operand that starts
// where a condition starts holds it (`a ? b : c ? d : e`: the arm holds the
// inner condition), or is that same condition (a loop's).
enum class Nesting { Brace, Statement, Operand, Branch, Access, Deref };

// Insertions collected while the AST is walked, written into the rewriter at
// the end (apply), after the rewriter's own edits, which must not lie inside
// a macro invocation that gets written out.
class SourceEdits {
 public:
  SourceEdits(clang::Rewriter& rw, const ExpansionTokens& tokens) : rw_(rw), sm_(rw.getSourceMgr()), tokens_(tokens) {}

  // Text right before / right after the token at `tok` (a file or macro location).
  void before_token(clang::SourceLocation tok, Nesting n, const std::string& text);
  void after_token(clang::SourceLocation tok, Nesting n, const std::string& text);
  // Text at a file location between tokens; `closing` text ends a construct
  // that ends there, other text opens one that starts there.
  void at(clang::SourceLocation file_loc, bool closing, Nesting n, const std::string& text);

  // Writes every insertion into the rewriter, and each macro invocation with
  // insertions inside as its expansion. A function-like macro's own name
  // left in its expansion is written (name), which no preprocessor expands;
  // an object-like one's cannot be kept from expanding: InstrumentError,
  // naming the macro.
  void apply();

 private:
  struct Insertion {
    Nesting nest;
    bool closing;
    unsigned seq;
    std::string text;
  };
  // The insertions at one place, in nesting order: closing ones, then opening ones.
  static std::string ordered(std::vector<Insertion> at);
  void add(std::vector<Insertion>& at, bool closing, Nesting n, const std::string& text) {
    at.push_back({n, closing, seq_++, text});
  }
  // The expansion `tok` comes from and the token's index in it; throws when the token was not recorded.
  std::pair<const ExpansionTokens::Expansion*, std::size_t> locate(clang::SourceLocation tok) const;
  std::string written_out(const ExpansionTokens::Expansion& e, const std::vector<std::vector<Insertion>>& gaps) const;
  std::string macro_name(const ExpansionTokens::Expansion& e) const;

  clang::Rewriter& rw_;
  clang::SourceManager& sm_;
  const ExpansionTokens& tokens_;
  unsigned seq_ = 0;
  std::map<unsigned, std::vector<Insertion>> file_;  // by the raw encoding of a file location
  // Per expansion (by its begin's raw encoding), the insertions in gap i, before token i.
  std::map<unsigned, std::vector<std::vector<Insertion>>> inside_;
};

}  // namespace roofline
