// instrument/instrumenter.hpp: parses the OpenCL C source as the device build
// would (Clang's LibTooling, the device build's options, every macro
// expansion and #include line watched from the start) and has the kernel
// rewriter make the copy; Clang's diagnostics become the InstrumentError of
// a file that does not parse.
#include "instrument/instrumenter.hpp"

#include <memory>

#include <clang/AST/ASTConsumer.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Frontend/TextDiagnosticPrinter.h>
#include <clang/Rewrite/Core/Rewriter.h>
#include <clang/Tooling/Tooling.h>

#include "instrument/clang_args.hpp"
#include "instrument/kernel_rewriter.hpp"
#include "instrument/source_edits.hpp"
#include "instrument/user_includes.hpp"

namespace roofline {
namespace {
using namespace clang;

class Action : public ASTFrontendAction {
 public:
  Action(const std::string& kernel, bool record, InstrumentResult& out, std::string& diagnostics, std::string& error)
      : kernel_(kernel), record_(record), out_(out), diag_(diagnostics), error_(error) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance& ci, StringRef) override {
    diag_stream_ = std::make_unique<llvm::raw_string_ostream>(diag_);
    auto* printer = new TextDiagnosticPrinter(*diag_stream_, &ci.getDiagnosticOpts());
    // Parsing has not started yet, but the source file has: the new client must be told.
    printer->BeginSourceFile(ci.getLangOpts(), ci.hasPreprocessor() ? &ci.getPreprocessor() : nullptr);
    ci.getDiagnostics().setClient(printer, true);
    rewriter_.setSourceMgr(ci.getSourceManager(), ci.getLangOpts());
    // Both watch the preprocessor from the start: macro expansions and #include lines.
    tokens_ = std::make_unique<ExpansionTokens>(ci.getPreprocessor());
    auto includes = std::make_unique<UserIncludes>(ci.getSourceManager());
    includes_ = includes.get();  // owned by the preprocessor, which outlives the parse
    ci.getPreprocessor().addPPCallbacks(std::move(includes));
    return std::make_unique<Consumer>(*this);
  }

 private:
  struct Consumer : ASTConsumer {
    explicit Consumer(Action& a) : action(a) {}
    void HandleTranslationUnit(ASTContext& ctx) override {
      if (!ctx.getDiagnostics().hasErrorOccurred()) action.rewrite(ctx);
    }
    Action& action;
  };

  void rewrite(ASTContext& ctx) {
    KernelRewriter rewriter(ctx, rewriter_, *includes_, *tokens_, record_);
    try {
      rewriter.rewrite(kernel_);
    } catch (const InstrumentError& e) {
      error_ = e.what();
      out_.kernels = rewriter.kernels();
      return;
    }
    const FileID main = ctx.getSourceManager().getMainFileID();
    const RewriteBuffer* buf = rewriter_.getRewriteBufferFor(main);
    out_.source = buf ? std::string(buf->begin(), buf->end()) : ctx.getSourceManager().getBufferData(main).str();
    rewriter.describe(out_);
  }

  std::string kernel_;
  bool record_;
  InstrumentResult& out_;
  std::string& diag_;
  std::unique_ptr<llvm::raw_string_ostream> diag_stream_;
  Rewriter rewriter_;
  std::unique_ptr<ExpansionTokens> tokens_;
  UserIncludes* includes_ = nullptr;
  std::string& error_;
};

}  // namespace

InstrumentResult instrument_source(const InstrumentRequest& req) {
  const std::vector<std::string> args = clang_tool_args(req);
  InstrumentResult out;
  std::string diagnostics;
  std::string error;
  const bool ok = tooling::runToolOnCodeWithArgs(std::make_unique<Action>(req.kernel, req.record_addresses, out, diagnostics, error),
                                                 req.source, args, req.file_name);
  if (!error.empty()) throw InstrumentError(error);
  if (!ok || out.source.empty())
    throw InstrumentError(diagnostics.empty() ? "Clang could not parse " + req.file_name : "Clang could not parse " + req.file_name + ":\n" + diagnostics);
  return out;
}

}  // namespace roofline
