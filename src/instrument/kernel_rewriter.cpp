#include "instrument/kernel_rewriter.hpp"

#include <functional>
#include <set>

#include <clang/AST/Attr.h>
#include <clang/AST/TypeLoc.h>
#include <clang/Lex/Lexer.h>

namespace roofline {
using namespace clang;

namespace {

// A type as it declares `name` ("__local float (*t)[16]").
std::string declaration(QualType t, const std::string& name, const LangOptions& lo) {
  std::string text;
  llvm::raw_string_ostream os(text);
  t.print(os, PrintingPolicy(lo), name);
  os.flush();
  return text;
}

}  // namespace

KernelRewriter::KernelRewriter(ASTContext& ctx, Rewriter& rw, const UserIncludes& files, const ExpansionTokens& tokens, bool record)
    : ctx_(ctx),
      rw_(rw),
      files_(files),
      record_(record),
      text_(ctx.getSourceManager(), ctx.getLangOpts()),
      edits_(rw, tokens),
      rules_(ctx, !record),
      charges_(record ? std::nullopt : std::make_optional<ChargeWriter>(edits_, ctx.getSourceManager())),
      chains_(record ? std::nullopt : std::make_optional<ChainWriter>(edits_, ctx.getSourceManager())),
      recorder_(record ? std::make_optional<AccessRecorder>(ctx, text_, edits_, rules_, warnings_) : std::nullopt),
      walker_({ctx, text_, rw, edits_, files, rules_, warnings_}, charges_ ? &*charges_ : nullptr, recorder_ ? &*recorder_ : nullptr,
              chains_ ? &*chains_ : nullptr) {}

void KernelRewriter::rewrite(const std::string& kernel) {
  const FunctionDecl* target = find_kernel(kernel);
  for (Decl* d : ctx_.getTranslationUnitDecl()->decls())
    if (auto* fd = dyn_cast<FunctionDecl>(d); fd && files_.in_user_file(fd->getBeginLoc())) rewrite_function(fd, target);
  const SourceManager& sm = ctx_.getSourceManager();
  if (recorder_) {
    recorder_->write();
    rw_.InsertTextBefore(sm.getLocForStartOfFile(sm.getMainFileID()), record_functions());
  }
  edits_.apply();
  files_.inline_into(rw_);
  // Appended last: a kernel left out that ends the file (no newline after
  // its brace, as in clpeak's programs) is a replacement reaching the end
  // of the file, which would take text inserted there before it with it.
  rw_.InsertTextAfter(sm.getLocForEndOfFile(sm.getMainFileID()), wrapper());
}

void KernelRewriter::describe(InstrumentResult& out) const {
  out.kernels = kernels_;
  out.warnings = warnings_.list();
  if (recorder_) out.sites = recorder_->sites();
  out.layout = layout_;
  out.math_slots = rules_.math_slots();
}

// The kernel named `kernel` among those the user's files define (all of
// them listed in kernels_); throws naming them when there is none.
const FunctionDecl* KernelRewriter::find_kernel(const std::string& kernel) {
  const FunctionDecl* target = nullptr;
  for (Decl* d : ctx_.getTranslationUnitDecl()->decls()) {
    auto* fd = dyn_cast<FunctionDecl>(d);
    if (!fd || !fd->doesThisDeclarationHaveABody() || !files_.in_user_file(fd->getBeginLoc()) || !fd->hasAttr<OpenCLKernelAttr>()) continue;
    kernels_.push_back(fd->getNameAsString());
    if (fd->getName() == kernel) target = fd;
  }
  if (target) return target;
  std::string list;
  for (auto& k : kernels_) list += (list.empty() ? "" : ", ") + k;
  throw InstrumentError("no kernel named '" + kernel + "' in the file; its kernels: " + (list.empty() ? "none" : list));
}

void KernelRewriter::rewrite_function(FunctionDecl* fd, const FunctionDecl* target) {
  if (fd->hasAttr<OpenCLKernelAttr>()) {
    if (fd == target) {
      rewrite_kernel(fd);
    } else if (fd->doesThisDeclarationHaveABody()) {
      // Other kernels would call instrumented helpers without a counter: drop them.
      rw_.ReplaceText(text_.file_range(fd->getSourceRange()), "/* kernel " + fd->getNameAsString() + " left out of the counting build */");
    } else {
      // A prototype: the counted kernel's would clash with the wrapper's two more parameters.
      drop_declaration(fd, "/* prototype of kernel " + fd->getNameAsString() + " left out of the counting build */");
    }
  } else if (files_.is_user_function(fd)) {
    add_counter_parameter(fd);
    if (fd->doesThisDeclarationHaveABody()) {
      if (chains_) chains_->parameters(fd);
      walker_.function(fd->getBody());
    }
  }
}

// The kernel becomes the plain function __rl_k_NAME: its header, from the
// declaration's start to the body's brace, takes the counters and a pointer
// to each of its __local variables, which the wrapper declares.
void KernelRewriter::rewrite_kernel(const FunctionDecl* fd) {
  auto* body = cast<CompoundStmt>(fd->getBody());
  if (chains_) chains_->parameters(fd);
  walker_.kernel(body);
  dereference_hoisted(body);
  kernel_ = wrapped(fd);
  const std::string header = "void __rl_k_" + kernel_.name + "(" + kernel_.parameters + (kernel_.parameters.empty() ? "" : ", ") +
                             counter_parameters(record_) + local_pointer_parameters() + ")\n";
  const SourceManager& sm = ctx_.getSourceManager();
  rw_.ReplaceText(CharSourceRange::getCharRange(sm.getExpansionLoc(fd->getBeginLoc()), sm.getExpansionLoc(body->getLBracLoc())), header);
  if (record_) header_ = record_header(fd);
}

// The kernel as its wrapper declares and calls it. Each __local variable is
// declared in the wrapper and passed by a pointer to it (an array as a
// pointer to the array, so sizeof still sees it); the body reads it as
// (*name) (dereference_hoisted).
WrappedKernel KernelRewriter::wrapped(const FunctionDecl* fd) const {
  WrappedKernel k;
  k.name = fd->getNameAsString();
  if (fd->getNumParams() > 0) {
    k.parameters = text_.text_of(SourceRange(fd->getParamDecl(0)->getBeginLoc(), fd->getParamDecl(fd->getNumParams() - 1)->getEndLoc()));
    for (const ParmVarDecl* p : fd->parameters()) {
      if (p->getName().empty()) text_.unsupported(fd, "kernel " + k.name + " has an unnamed parameter");
      k.names.push_back(p->getNameAsString());
    }
  }
  std::set<std::string> seen;
  for (const VarDecl* v : walker_.hoisted()) {
    const std::string name = v->getNameAsString();
    if (!seen.insert(name).second) text_.unsupported(fd->getBody(), "two __local variables named " + name + " in kernel " + k.name);
    k.local_declarations.push_back(declaration(v->getType(), name, ctx_.getLangOpts()));
    k.local_names.push_back(name);
  }
  for (const Attr* a : fd->attrs())
    if (isa<ReqdWorkGroupSizeAttr>(a) || isa<WorkGroupSizeHintAttr>(a) || isa<VecTypeHintAttr>(a))
      k.attributes += "__attribute__((" + text_.text_of(a->getRange()) + ")) ";
  return k;
}

// ", __local int *cnt, __local float (*t)[16]": the hoisted variables as the kernel's function takes them.
std::string KernelRewriter::local_pointer_parameters() const {
  std::string params;
  for (const VarDecl* v : walker_.hoisted()) params += ", " + declaration(ctx_.getPointerType(v->getType()), v->getNameAsString(), ctx_.getLangOpts());
  return params;
}

// The header's words, and the layout the host reads them by: the __local
// variables, then the __local pointer parameters.
RecordHeader KernelRewriter::record_header(const FunctionDecl* fd) {
  RecordHeader h;
  h.parameters = fd->getNumParams();
  for (const VarDecl* v : walker_.hoisted()) {
    layout_.local_regions.push_back(v->getNameAsString());
    layout_.local_bytes.push_back(rules_.size_of(v->getType()));
    h.local_addresses.push_back("(ulong)&" + v->getNameAsString());
  }
  for (unsigned i = 0; i < fd->getNumParams(); ++i) {
    const ParmVarDecl* p = fd->getParamDecl(i);
    const QualType t = p->getType().getCanonicalType();
    if (!t->isPointerType()) continue;
    h.pointer_parameters.emplace_back(i, p->getNameAsString());
    if (t->getPointeeType().getAddressSpace() == LangAS::opencl_local) {
      layout_.local_regions.push_back(p->getNameAsString());
      layout_.local_bytes.push_back(0);
      h.local_addresses.push_back("(ulong)" + p->getNameAsString());
    }
  }
  return h;
}

// Every use of a hoisted __local variable in the kernel's body becomes (*name).
void KernelRewriter::dereference_hoisted(Stmt* body) {
  if (walker_.hoisted().empty()) return;
  const std::set<const VarDecl*> hoisted(walker_.hoisted().begin(), walker_.hoisted().end());
  std::function<void(Stmt*)> walk = [&](Stmt* s) {
    if (!s) return;
    // A __local declaration is replaced whole (CostWalker): nothing to rewrite inside it.
    if (auto* ds = dyn_cast<DeclStmt>(s); ds && hoisted.count(dyn_cast<VarDecl>(*ds->decl_begin()))) return;
    if (auto* ref = dyn_cast<DeclRefExpr>(s); ref && hoisted.count(dyn_cast<VarDecl>(ref->getDecl()))) {
      edits_.before_token(ref->getLocation(), Nesting::Deref, "(*");
      edits_.after_token(ref->getLocation(), Nesting::Deref, ")");
    }
    for (Stmt* c : s->children()) walk(c);
  };
  walk(body);
}

void KernelRewriter::add_counter_parameter(const FunctionDecl* fd) {
  FunctionTypeLoc tl = fd->getFunctionTypeLoc();
  if (!tl) text_.unsupported(fd, "cannot find the parameter list of " + fd->getNameAsString());
  if (tl.getRParenLoc().isMacroID()) text_.unsupported(fd, "the parameter list of " + fd->getNameAsString() + " comes from a macro");
  if (fd->getNumParams() == 0)
    rw_.ReplaceText(CharSourceRange::getCharRange(tl.getLParenLoc().getLocWithOffset(1), tl.getRParenLoc()), counter_parameters(record_));
  else
    rw_.InsertTextBefore(tl.getRParenLoc(), ", " + counter_parameters(record_));
}

// Replaces a declaration and its semicolon.
void KernelRewriter::drop_declaration(const Decl* d, const std::string& replacement) {
  const SourceManager& sm = ctx_.getSourceManager();
  const CharSourceRange r = text_.file_range(d->getSourceRange());
  const SourceLocation last = sm.getExpansionRange(d->getEndLoc()).getEnd();
  const SourceLocation after_semi = Lexer::findLocationAfterToken(last, tok::semi, sm, ctx_.getLangOpts(), false);
  rw_.ReplaceText(CharSourceRange::getCharRange(r.getBegin(), after_semi.isValid() ? after_semi : r.getEnd()), replacement);
}

// Written once every function is walked: the counters then number the math
// calls met, and the slots charged are known.
std::string KernelRewriter::wrapper() const {
  if (recorder_) return record_wrapper(kernel_, header_);
  return counting_wrapper(kernel_, kMathSlotBase + int(rules_.math_slots().size()), charges_->used_slots(), charges_->once_per_item());
}

}  // namespace roofline
