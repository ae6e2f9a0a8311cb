// instrument/source_text: the file text behind AST nodes (through macro
// expansions), where a location is, and the refusal of a construct the
// instrumenter cannot count, named at its line.
#pragma once
#include <string>

#include <clang/Basic/LangOptions.h>
#include <clang/Basic/SourceManager.h>

namespace roofline {

class SourceText {
 public:
  SourceText(const clang::SourceManager& sm, const clang::LangOptions& lo) : sm(sm), lo(lo) {}

  // The file characters a node's range covers (a macro's by its invocation).
  clang::CharSourceRange file_range(clang::SourceRange r) const;
  std::string text_of(clang::SourceRange r) const;
  // The macro `loc` is expanded from; "?" outside macros.
  std::string macro_name(clang::SourceLocation loc) const;
  // The macro written in the file that `loc` comes from (through nested expansions).
  std::string outer_macro_name(clang::SourceLocation loc) const;

  // Throws InstrumentError "file.cl:12: what".
  [[noreturn]] void unsupported_at(clang::SourceLocation loc, const std::string& what) const;
  template <typename Node>
  [[noreturn]] void unsupported(const Node* node, const std::string& what) const {
    unsupported_at(node->getBeginLoc(), what);
  }

  const clang::SourceManager& sm;
  const clang::LangOptions& lo;
};

}  // namespace roofline
