// instrument/source_edits.hpp: insertions at file and macro-expanded tokens.
#include "instrument/source_edits.hpp"

#include <algorithm>

#include <clang/Lex/Lexer.h>
#include <clang/Lex/MacroInfo.h>

#include "count/instrument.hpp"

namespace roofline {
using namespace clang;

std::string where(const SourceManager& sm, SourceLocation loc) {
  const PresumedLoc p = sm.getPresumedLoc(sm.getExpansionLoc(loc));
  return p.isValid() ? std::string(p.getFilename()) + ":" + std::to_string(p.getLine()) : "?";
}

ExpansionTokens::ExpansionTokens(Preprocessor& pp) : pp_(pp) {
  pp.setTokenWatcher([this](const clang::Token& t) { record(t); });
}

void ExpansionTokens::record(const clang::Token& t) {
  const SourceLocation loc = t.getLocation();
  if (t.isAnnotation() || loc.isInvalid() || loc.isFileID()) return;
  SourceManager& sm = pp_.getSourceManager();
  const SourceLocation begin = sm.getExpansionLoc(loc);
  if (sm.isInSystemHeader(begin)) return;
  Expansion& e = by_begin_[begin.getRawEncoding()];
  if (e.tokens.empty()) e.begin = begin;
  // The invocation's end: the furthest end of the tokens' expansions (a macro
  // whose expansion ends in a function-like macro's name takes its arguments from the file).
  const CharSourceRange r = sm.getExpansionRange(loc);
  const SourceLocation end = r.isTokenRange() ? Lexer::getLocForEndOfToken(r.getEnd(), 0, sm, pp_.getLangOpts()) : r.getEnd();
  if (e.end.isInvalid() || sm.isBeforeInTranslationUnit(e.end, end)) e.end = end;
  ExpansionTokens::SelfName self = SelfName::None;
  if (t.isExpandDisabled() && t.getIdentifierInfo()) {
    const MacroInfo* m = pp_.getMacroInfo(t.getIdentifierInfo());
    self = m && m->isFunctionLike() ? SelfName::FunctionLike : SelfName::ObjectLike;
  }
  e.tokens.push_back({loc, pp_.getSpelling(t), self});
}

const ExpansionTokens::Expansion* ExpansionTokens::at(SourceLocation begin) const {
  const auto it = by_begin_.find(begin.getRawEncoding());
  return it == by_begin_.end() ? nullptr : &it->second;
}

void SourceEdits::at(SourceLocation file_loc, bool closing, Nesting n, const std::string& text) {
  add(file_[file_loc.getRawEncoding()], closing, n, text);
}

void SourceEdits::before_token(SourceLocation tok, Nesting n, const std::string& text) {
  if (tok.isFileID()) return at(tok, false, n, text);
  const auto [e, i] = locate(tok);
  if (i == 0) return at(e->begin, false, n, text);  // before the invocation: the same place in the code
  auto& gaps = inside_[e->begin.getRawEncoding()];
  gaps.resize(e->tokens.size() + 1);
  add(gaps[i], false, n, text);
}

void SourceEdits::after_token(SourceLocation tok, Nesting n, const std::string& text) {
  if (tok.isFileID()) return at(Lexer::getLocForEndOfToken(tok, 0, sm_, rw_.getLangOpts()), true, n, text);
  const auto [e, i] = locate(tok);
  if (i + 1 == e->tokens.size()) return at(e->end, true, n, text);  // after the invocation
  auto& gaps = inside_[e->begin.getRawEncoding()];
  gaps.resize(e->tokens.size() + 1);
  add(gaps[i + 1], true, n, text);
}

std::pair<const ExpansionTokens::Expansion*, std::size_t> SourceEdits::locate(SourceLocation tok) const {
  const SourceLocation begin = sm_.getExpansionLoc(tok);
  if (const ExpansionTokens::Expansion* e = tokens_.at(begin)) {
    for (std::size_t i = 0; i < e->tokens.size(); ++i)
      if (e->tokens[i].loc == tok) return {e, i};
  }
  const std::string name = Lexer::getSourceText(CharSourceRange::getTokenRange(begin, begin), sm_, rw_.getLangOpts()).str();
  throw InstrumentError(where(sm_, tok) + ": cannot place a counter update inside the expansion of macro " + name);
}

std::string SourceEdits::ordered(std::vector<Insertion> at) {
  std::stable_sort(at.begin(), at.end(), [](const Insertion& a, const Insertion& b) {
    if (a.closing != b.closing) return a.closing;  // what ends here comes before what starts here
    return a.closing ? a.nest > b.nest : a.nest < b.nest;
  });
  std::string s;
  for (const Insertion& i : at) s += i.text;
  return s;
}

std::string SourceEdits::macro_name(const ExpansionTokens::Expansion& e) const {
  return Lexer::getSourceText(CharSourceRange::getTokenRange(e.begin, e.begin), sm_, rw_.getLangOpts()).str();
}

std::string SourceEdits::written_out(const ExpansionTokens::Expansion& e, const std::vector<std::vector<Insertion>>& gaps) const {
  std::string s;
  for (std::size_t i = 0; i < e.tokens.size(); ++i) {
    const ExpansionTokens::Token& t = e.tokens[i];
    if (t.self == ExpansionTokens::SelfName::ObjectLike)
      throw InstrumentError(where(sm_, e.begin) + ": the expansion of macro " + macro_name(e) + " keeps the name of macro " + t.text +
                            " (an object-like macro naming itself), which would expand again once written out; the code "
                            "inside it cannot be counted exactly (rename the macro)");
    if (i) s += ' ';
    if (i < gaps.size()) s += ordered(gaps[i]);
    s += t.self == ExpansionTokens::SelfName::FunctionLike ? "(" + t.text + ")" : t.text;
  }
  // As many lines as the invocation took, so that later lines keep their numbers.
  const char* b = sm_.getCharacterData(e.begin);
  s.append(std::size_t(std::count(b, b + sm_.getFileOffset(e.end) - sm_.getFileOffset(e.begin), '\n')), '\n');
  return s;
}

void SourceEdits::apply() {
  for (const auto& [raw, at] : file_) rw_.InsertTextAfter(SourceLocation::getFromRawEncoding(raw), ordered(at));
  for (const auto& [raw, gaps] : inside_) {
    const ExpansionTokens::Expansion& e = *tokens_.at(SourceLocation::getFromRawEncoding(raw));
    // Insertions at the invocation's ends stay around it; none can be inside its text.
    const auto next = file_.upper_bound(raw);
    if (next != file_.end() && next->first < e.end.getRawEncoding())
      throw InstrumentError(where(sm_, e.begin) + ": cannot count the code inside macro " + macro_name(e) +
                            " (an insertion inside its invocation's text; please report it)");
    // By the original length: a CharSourceRange would count the insertions at its start too.
    rw_.ReplaceText(e.begin, sm_.getFileOffset(e.end) - sm_.getFileOffset(e.begin), written_out(e, gaps));
  }
}

}  // namespace roofline
