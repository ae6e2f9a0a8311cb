// instrument/charge_writer: the counting copy's counter updates, written
// where the cost walker says what a statement or an operand charges. A
// statement's charges go right before it (before the macro invocation it
// comes from: macros hold no control flow, so they run whole or not at all);
// a conditionally evaluated operand's go inside it, through the comma
// operator ("(__rl_c[1]+=1UL,operand)"), at the tokens of its own expanded
// copy inside a macro. Charges every work-item makes exactly once need no
// counter: they are summed here for the wrapper, which adds them times the
// NDRange's size.
#pragma once
#include <set>

#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>

#include "instrument/cost.hpp"
#include "instrument/source_edits.hpp"

namespace roofline {

class ChargeWriter {
 public:
  ChargeWriter(SourceEdits& edits, const clang::SourceManager& sm) : edits_(edits), sm_(sm) {}

  // The charges of statement s itself; `once_per_item` when every work-item
  // runs s exactly once.
  void statement(const clang::Stmt* s, const Cost& c, bool once_per_item);
  // The charges of a conditionally evaluated operand.
  void operand(const clang::Expr* e, const Cost& c);

  // The charges made once per work-item, in all.
  const Cost& once_per_item() const { return once_per_item_; }
  // The slots some counter update charges, ascending: the wrapper sums these
  // over the work-group, and no other.
  const std::set<int>& used_slots() const { return used_; }

 private:
  void note_slots(const Cost& c);

  SourceEdits& edits_;
  const clang::SourceManager& sm_;
  Cost once_per_item_;
  std::set<int> used_;
};

}  // namespace roofline
