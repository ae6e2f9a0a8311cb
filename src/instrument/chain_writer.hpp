// instrument/chain_writer: the counting copy's dependent-chain counters. Each
// private floating-point variable (scalar or vector) has a counter of its own
// (`__rl_dN`, declared where the variable is): the number of dependent
// floating-point operations on the longest path that produced its value, a
// path that may pass through other variables. Before each assignment
// statement (a comma's operands and nested assignments included) and each
// for loop's initialisation, the counter takes its right-hand side's path: a
// variable's counter, plus one for each floating-point operator or builtin
// that the counting rules give operations (`x = a * x + b` and `x += a * b`
// one, as the compiler contracts a multiply into the add that takes it;
// `v = mad(k, x, v * d)` two through v, one through x); a compound
// assignment (`x += e`) adds one to the larger of x's and e's. A vector's
// counter is at most its longest component's: an assignment to a component
// (`v.x += e`) gives v the new component's path, and a component read starts
// a path at 0 (the one read need not be the longest). After each, the
// work-item's longest chain (counter slot kChainSlot) takes the larger of
// itself and the variable's; the counting wrapper keeps the largest of every
// work-item's and sums them.
//
// The count is a lower bound of the work-item's dependent chain, in
// operations: a math call or a division is one however long it runs; a value
// loaded from memory (atomics, vloadN, read_image* too), an integer
// variable, a vector's component or a conditional expression (a branch may
// run one arm) starts a path at 0; min, max, fabs, select, conversions,
// as_* and functions defined in the source pass their arguments' path on
// (a function's own paths count where it runs). Assignments in conditions,
// in a for loop's increment and by ++ and -- are not followed: the
// variable keeps its count (too long where such an assignment starts its
// value again).
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
  // (`at`): before it, a counter for each floating-point variable it
  // declares, holding its initialiser's path (0 without one).
  void declaration(const clang::DeclStmt* ds, const clang::Stmt* at);
  // A function's floating-point parameters: counters of 0 at its body's start.
  void parameters(const clang::FunctionDecl* fd);
  // An expression statement, or a for loop's initialisation expression
  // (`at` the loop): before it, for each assignment of a counted variable (or
  // a component of one) it makes, the counter takes the new value's path.
  void statement(const clang::Expr* e, const clang::Stmt* at);

 private:
  // The longest path into a value: max(floor, counter_i + offset_i).
  struct Path {
    std::map<int, unsigned> counters;  // counter id -> operations after it
    unsigned floor = 0;                // operations on a path from constants, loads and integers
    void add(unsigned ops);
    void merge(const Path& other);
  };

  static bool counted_type(const clang::VarDecl* v);
  const clang::VarDecl* counted_variable(const clang::Expr* e) const;
  Path path(const clang::Expr* e) const;
  Path call_path(const clang::CallExpr* call) const;
  void updates(const clang::Expr* e, std::string& text) const;
  Path operation_path(const clang::Expr* lhs, const clang::Expr* rhs, bool additive) const;
  std::string code(const Path& p) const;
  std::string counter(const clang::VarDecl* v) const { return "__rl_d" + std::to_string(counters_.at(v)); }
  std::string assign(const clang::VarDecl* v, const Path& p) const;
  std::string declare(const clang::VarDecl* v, const Path& p);

  SourceEdits& edits_;
  const clang::SourceManager& sm_;
  std::map<const clang::VarDecl*, int> counters_;
};

}  // namespace roofline
