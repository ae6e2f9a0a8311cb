// instrument/cost_walker: statement to cost. Walks every statement and
// expression of a function's body (after macro expansion, with full types)
// and works out what each one charges by the counting rules
// (instrument/cost_rules, instrument/cost_table): a statement's own
// operations and bytes, and separately those of its conditionally evaluated
// parts (the right side of && and ||, the arms of ?:, loop conditions and for
// increments), which are charged only when evaluated. The charges go to the
// ChargeWriter (the counting copy), the accesses, branches and barriers to
// the AccessRecorder (the recording copy); either may be absent.
//
// Besides, it keeps the control flow what it was once text is inserted: a
// body of an if, else or loop gets braces, and constructs that cannot be
// counted exactly are refused by name (control statements written inside a
// macro, a macro that expands to a body and more, calls through function
// pointers, a kernel calling a kernel). A call of a function of the user's
// files gets the counters; the kernel's __local declarations are taken out
// for the wrapper to declare.
#pragma once
#include <string>
#include <vector>

#include <clang/AST/ASTContext.h>
#include <clang/AST/Stmt.h>
#include <clang/Rewrite/Core/Rewriter.h>

#include "instrument/access_recorder.hpp"
#include "instrument/chain_writer.hpp"
#include "instrument/charge_writer.hpp"
#include "instrument/cost_rules.hpp"
#include "instrument/source_edits.hpp"
#include "instrument/source_text.hpp"
#include "instrument/user_includes.hpp"
#include "instrument/warnings.hpp"

namespace roofline {

class CostWalker {
 public:
  // What the walk reads and where it reports.
  struct Context {
    clang::ASTContext& ast;
    const SourceText& text;
    clang::Rewriter& rewriter;
    SourceEdits& edits;
    const UserIncludes& files;
    CostRules& rules;
    Warnings& warnings;
  };
  // `charges` for the counting copy, `recorder` for the recording copy.
  // `chains`, the counting copy's dependent-chain counters (instrument/chain_writer), with `charges`.
  CostWalker(const Context& context, ChargeWriter* charges, AccessRecorder* recorder, ChainWriter* chains = nullptr);

  // A function of the user's files other than the kernel.
  void function(clang::Stmt* body);
  // The counted kernel's body: its top-level statements' charges are made
  // once per work-item where they can be, and its __local declarations are
  // taken out (hoisted()).
  void kernel(clang::CompoundStmt* body);
  // The kernel's __local variables in declaration order, for the wrapper.
  const std::vector<const clang::VarDecl*>& hoisted() const { return hoisted_; }

 private:
  void stmt(clang::Stmt* s);
  void kernel_statements(clang::CompoundStmt* body);
  void if_stmt(clang::IfStmt* s);
  void for_stmt(clang::ForStmt* s);
  void while_stmt(clang::WhileStmt* s);
  void do_stmt(clang::DoStmt* s);
  void switch_stmt(clang::SwitchStmt* s);
  void body(clang::Stmt* s, const char* what, clang::SourceLocation next = clang::SourceLocation());
  void check_braces_enclose_only(const clang::Stmt* s, const char* what, clang::SourceLocation begin, clang::SourceLocation after,
                                 clang::SourceLocation next);
  void no_macro_control(const clang::Stmt* s, const char* what) const;
  void decl_stmt(clang::DeclStmt* ds);
  void decl_cost(const clang::DeclStmt* ds, Cost& c);
  void charge(const clang::Stmt* s, const Cost& c);
  void inject(clang::Expr* e);

  void expr(clang::Expr* e, Cost& c);
  void binary(clang::BinaryOperator* bo, Cost& c);
  void unary(clang::UnaryOperator* uo, Cost& c);
  void children(clang::Expr* e, Cost& c);
  void load(const clang::Expr* lv, Cost& c);
  void store(const clang::Expr* lv, Cost& c);
  void branch(const clang::Expr* condition);
  void call(clang::CallExpr* call, Cost& c);
  void builtin(clang::CallExpr* call, const std::string& name, Cost& c);
  bool memory_builtin(clang::CallExpr* call, const std::string& name, Cost& c);

  Context ctx_;
  ChargeWriter* charges_;
  ChainWriter* chains_;
  AccessRecorder* recorder_;
  bool in_kernel_ = false;
  const clang::Stmt* function_body_ = nullptr;      // of the function being walked
  const clang::Stmt* once_per_item_stmt_ = nullptr;  // the kernel's top-level statement being walked, if it runs once per item
  std::vector<const clang::VarDecl*> hoisted_;
};

}  // namespace roofline
