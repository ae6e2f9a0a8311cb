// instrument/user_includes: the files a kernel file #includes, so that functions
// defined there are counted where they run (Clang builds only; used by the
// instrumenter). The device builds one instrumented source; each user file
// the kernel file includes (directly or through another, and not a system
// header) is instrumented like the kernel file, then written in place of its
// #include line, between #line directives that keep its own file and line
// numbers.
#pragma once
#include <set>
#include <string>
#include <vector>

#include <clang/AST/Decl.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/PPCallbacks.h>
#include <clang/Rewrite/Core/Rewriter.h>

namespace roofline {

// Records the #include lines of user files while the preprocessor runs (add
// it to the preprocessor before parsing starts).
class UserIncludes : public clang::PPCallbacks {
 public:
  explicit UserIncludes(const clang::SourceManager& sm) : sm_(sm) {}

  // The main file and every file it includes, directly or through another
  // user file, that is not a system header.
  bool is_user_file(clang::FileID f) const { return f == sm_.getMainFileID() || user_.count(f) > 0; }
  // In the .cl file or a user file it includes (a macro location by where it is expanded).
  bool in_user_file(clang::SourceLocation loc) const { return is_user_file(sm_.getFileID(sm_.getExpansionLoc(loc))); }
  // A function other than a kernel defined in a user file: it is instrumented, and takes the counters.
  bool is_user_function(const clang::FunctionDecl* fd) const;

  // Writes each included user file's rewritten text in place of the #include
  // line that entered it, innermost first; an #include the preprocessor
  // skipped (its include guard or #pragma once) is removed, as the inlined
  // copy stands for it. Call after every other edit.
  void inline_into(clang::Rewriter& rw) const;

  void InclusionDirective(clang::SourceLocation hash, const clang::Token& include_tok, clang::StringRef file_name, bool angled,
                          clang::CharSourceRange file_name_range, llvm::Optional<clang::FileEntryRef> file, clang::StringRef search_path,
                          clang::StringRef relative_path, const clang::Module* imported,
                          clang::SrcMgr::CharacteristicKind kind) override;
  void FileChanged(clang::SourceLocation loc, FileChangeReason reason, clang::SrcMgr::CharacteristicKind kind,
                   clang::FileID previous) override;
  void FileSkipped(const clang::FileEntryRef& file, const clang::Token& file_name_tok, clang::SrcMgr::CharacteristicKind kind) override;

 private:
  struct Inclusion {
    clang::SourceLocation hash, end;  // the directive, from its '#' to past the file name
    std::string name;                 // as written
    clang::FileID included;           // invalid when the preprocessor skipped the file
  };
  std::string inlined_text(const clang::Rewriter& rw, const Inclusion& inc) const;

  const clang::SourceManager& sm_;
  std::set<clang::FileID> user_;
  std::vector<Inclusion> inclusions_;  // in the order the preprocessor met them
  bool pending_ = false;               // an #include of a user file just seen, not yet entered or skipped
  Inclusion next_;
};

}  // namespace roofline
