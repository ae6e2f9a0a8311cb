// instrument/kernel_rewriter: puts one copy of a kernel file together. It
// finds the kernel to count and the functions of the user's files, has the
// cost walker walk each of them (their charges written by the charge writer
// in the counting copy, their accesses by the access recorder in the
// recording copy), turns the kernel into the plain function __rl_k_NAME that
// takes the counters (its __local variables passed in by pointer), gives
// every user function the counters too, leaves the other kernels out, and
// appends the wrapper the wrapper emitter writes. count/instrument.hpp says
// what each copy is.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <clang/AST/ASTContext.h>
#include <clang/Rewrite/Core/Rewriter.h>

#include "count/instrument.hpp"
#include "instrument/access_recorder.hpp"
#include "instrument/charge_writer.hpp"
#include "instrument/cost_rules.hpp"
#include "instrument/cost_walker.hpp"
#include "instrument/source_edits.hpp"
#include "instrument/source_text.hpp"
#include "instrument/user_includes.hpp"
#include "instrument/warnings.hpp"
#include "instrument/wrapper_emitter.hpp"

namespace roofline {

class KernelRewriter {
 public:
  // `record`: the address-recording copy instead of the counting one.
  KernelRewriter(clang::ASTContext& ctx, clang::Rewriter& rw, const UserIncludes& files, const ExpansionTokens& tokens, bool record);
  KernelRewriter(const KernelRewriter&) = delete;
  KernelRewriter& operator=(const KernelRewriter&) = delete;

  // Rewrites the translation unit into the copy of `kernel`. Throws
  // InstrumentError (the kernels found so far stay readable).
  void rewrite(const std::string& kernel);
  // Every kernel the file defines.
  const std::vector<std::string>& kernels() const { return kernels_; }
  // The result's warnings, sites, layout and math slots (the source is the rewriter's).
  void describe(InstrumentResult& out) const;

 private:
  const clang::FunctionDecl* find_kernel(const std::string& kernel);
  void rewrite_function(clang::FunctionDecl* fd, const clang::FunctionDecl* target);
  void rewrite_kernel(const clang::FunctionDecl* fd);
  WrappedKernel wrapped(const clang::FunctionDecl* fd) const;
  std::string local_pointer_parameters() const;
  RecordHeader record_header(const clang::FunctionDecl* fd);
  void dereference_hoisted(clang::Stmt* body);
  void add_counter_parameter(const clang::FunctionDecl* fd);
  void drop_declaration(const clang::Decl* d, const std::string& replacement);
  std::string wrapper() const;

  clang::ASTContext& ctx_;
  clang::Rewriter& rw_;
  const UserIncludes& files_;
  const bool record_;
  SourceText text_;
  SourceEdits edits_;
  CostRules rules_;
  Warnings warnings_;
  std::optional<ChargeWriter> charges_;     // the counting copy
  std::optional<ChainWriter> chains_;       // the counting copy's dependent chains
  std::optional<AccessRecorder> recorder_;  // the recording copy
  CostWalker walker_;
  std::vector<std::string> kernels_;
  WrappedKernel kernel_;  // the counted kernel, as its wrapper calls it
  RecordHeader header_;   // the recording copy: its header's words
  RecordedLayout layout_;
};

}  // namespace roofline
