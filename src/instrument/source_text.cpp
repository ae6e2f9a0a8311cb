#include "instrument/source_text.hpp"

#include <clang/Lex/Lexer.h>

#include "count/instrument.hpp"
#include "instrument/source_edits.hpp"

namespace roofline {
using namespace clang;

CharSourceRange SourceText::file_range(SourceRange r) const {
  CharSourceRange fr = Lexer::makeFileCharRange(CharSourceRange::getTokenRange(r), sm, lo);
  if (fr.isInvalid())
    fr = CharSourceRange::getCharRange(sm.getExpansionLoc(r.getBegin()),
                                       Lexer::getLocForEndOfToken(sm.getExpansionRange(r.getEnd()).getEnd(), 0, sm, lo));
  return fr;
}

std::string SourceText::text_of(SourceRange r) const { return Lexer::getSourceText(file_range(r), sm, lo).str(); }

std::string SourceText::macro_name(SourceLocation loc) const {
  if (!loc.isMacroID()) return "?";
  return Lexer::getImmediateMacroName(loc, sm, lo).str();
}

std::string SourceText::outer_macro_name(SourceLocation loc) const {
  std::string name = "?";
  for (; loc.isMacroID(); loc = sm.getImmediateExpansionRange(loc).getBegin())
    if (!sm.isMacroArgExpansion(loc)) name = Lexer::getImmediateMacroName(loc, sm, lo).str();
  return name;
}

void SourceText::unsupported_at(SourceLocation loc, const std::string& what) const { throw InstrumentError(where(sm, loc) + ": " + what); }

}  // namespace roofline
