// instrument/chain_writer: the counting copy's dependent-chain counters. A
// private floating-point variable updated from its own value (x += e,
// x = a * x + b, x = fma(x, y, z)) waits for its previous value: each such
// update makes the variable's chain one link longer. Each variable has a
// counter of its own, declared (zero) where the variable is, so that a
// variable declared inside a loop starts a new chain each time; a plain
// assignment that does not read the variable starts its chain again. After
// each update the work-item's longest chain (counter slot kChainSlot) takes
// the larger of itself and the variable's; the counting wrapper keeps the
// largest of every work-item's.
//
// The count is a lower bound of the work-item's dependent chain: a link is
// one update, however many dependent operations it holds; a chain passed
// from one variable to another (x = y * 2) or through memory, a component
// of a vector (v.x += ...), an update inside a condition or a for loop's
// increment, and ++ and -- are not followed.
#pragma once
#include <map>
#include <string>

#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>

#include "instrument/source_edits.hpp"

namespace roofline {

class ChainWriter {
 public:
  ChainWriter(SourceEdits& edits, const clang::SourceManager& sm) : edits_(edits), sm_(sm) {}

  // A declaration statement, or a for loop whose initialisation it is
  // (`at`): a zero counter before it for each floating-point variable it declares.
  void declaration(const clang::DeclStmt* ds, const clang::Stmt* at);
  // A function's floating-point parameters: zero counters at its body's start.
  void parameters(const clang::FunctionDecl* fd);
  // An expression statement: an update of a counted variable from its own
  // value adds a link; a plain assignment to one starts its chain again.
  void statement(const clang::Expr* e);

 private:
  static bool counted_type(const clang::VarDecl* v);
  const clang::VarDecl* counted_variable(const clang::Expr* e) const;
  std::string counter(const clang::VarDecl* v) const { return "__rl_d" + std::to_string(counters_.at(v)); }
  std::string declare(const clang::VarDecl* v);

  SourceEdits& edits_;
  const clang::SourceManager& sm_;
  std::map<const clang::VarDecl*, int> counters_;
};

}  // namespace roofline
