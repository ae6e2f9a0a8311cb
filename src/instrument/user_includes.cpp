// instrument/user_includes.hpp: included user files written in place.
#include "instrument/user_includes.hpp"

#include <cctype>

#include <clang/AST/Attr.h>
#include <clang/Lex/Lexer.h>
#include <clang/Rewrite/Core/RewriteBuffer.h>

namespace roofline {
using namespace clang;

namespace {

// A file name inside a #line directive's quotes.
std::string quoted(StringRef name) {
  std::string s = "\"";
  for (char c : name) {
    if (c == '"' || c == '\\') s += '\\';
    s += c;
  }
  return s + '"';
}

// The text with each `#pragma once` line blanked: once inlined, the file is
// no file of its own, and the directives that would include it again are gone.
std::string without_pragma_once(const std::string& text) {
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    std::size_t i = line.find_first_not_of(" \t");
    bool once = false;
    if (i != std::string::npos && line[i] == '#') {
      i = line.find_first_not_of(" \t", i + 1);
      once = i != std::string::npos && line.compare(i, 6, "pragma") == 0;
      if (once) {
        i = line.find_first_not_of(" \t", i + 6);
        once = i != std::string::npos && line.compare(i, 4, "once") == 0 &&
               (i + 4 == line.size() || (!std::isalnum(static_cast<unsigned char>(line[i + 4])) && line[i + 4] != '_'));
      }
    }
    out += once ? std::string() : line;
    if (end < text.size()) out += '\n';
    start = end + 1;
  }
  return out;
}

}  // namespace

bool UserIncludes::is_user_function(const FunctionDecl* fd) const {
  const FunctionDecl* def = fd ? fd->getDefinition() : nullptr;
  return def && !def->hasAttr<OpenCLKernelAttr>() && in_user_file(def->getBeginLoc());
}

void UserIncludes::InclusionDirective(SourceLocation hash, const Token&, StringRef file_name, bool, CharSourceRange file_name_range,
                                      llvm::Optional<FileEntryRef>, StringRef, StringRef, const Module*, SrcMgr::CharacteristicKind kind) {
  pending_ = false;
  if (!hash.isFileID() || !is_user_file(sm_.getFileID(hash)) || kind != SrcMgr::C_User) return;
  SourceLocation end = file_name_range.getEnd();
  if (end.isMacroID()) end = sm_.getExpansionRange(end).getEnd();  // #include MACRO
  if (file_name_range.isTokenRange() || file_name_range.getEnd().isMacroID())
    end = Lexer::getLocForEndOfToken(end, 0, sm_, LangOptions());
  next_ = Inclusion{hash, end, file_name.str(), FileID()};
  pending_ = true;
}

void UserIncludes::FileChanged(SourceLocation loc, FileChangeReason reason, SrcMgr::CharacteristicKind, FileID) {
  if (reason != EnterFile || !pending_) return;
  pending_ = false;
  next_.included = sm_.getFileID(loc);
  user_.insert(next_.included);
  inclusions_.push_back(next_);
}

void UserIncludes::FileSkipped(const FileEntryRef&, const Token&, SrcMgr::CharacteristicKind) {
  if (!pending_) return;
  pending_ = false;
  inclusions_.push_back(next_);  // skipped: `included` stays invalid
}

std::string UserIncludes::inlined_text(const Rewriter& rw, const Inclusion& inc) const {
  std::string name = inc.name;
  for (std::size_t p; (p = name.find("*/")) != std::string::npos;) name.replace(p, 2, "*_/");
  if (inc.included.isInvalid()) return "/* #include " + name + ": skipped by its include guard or #pragma once */";
  const RewriteBuffer* buffer = rw.getRewriteBufferFor(inc.included);
  std::string text = buffer ? std::string(buffer->begin(), buffer->end()) : sm_.getBufferData(inc.included).str();
  text = without_pragma_once(text);
  if (!text.empty() && text.back() != '\n') text += '\n';
  const PresumedLoc here = sm_.getPresumedLoc(inc.hash);
  const PresumedLoc file = sm_.getPresumedLoc(sm_.getLocForStartOfFile(inc.included));
  return "/* #include " + name + " */\n#line 1 " + quoted(file.getFilename()) + "\n" + text + "#line " + std::to_string(here.getLine()) +
         " " + quoted(here.getFilename()) + "\n";
}

void UserIncludes::inline_into(Rewriter& rw) const {
  // Inner files first: a file's text is read once its own #include lines are replaced.
  for (auto it = inclusions_.rbegin(); it != inclusions_.rend(); ++it)
    rw.ReplaceText(it->hash, sm_.getFileOffset(it->end) - sm_.getFileOffset(it->hash), inlined_text(rw, *it));
}

}  // namespace roofline
