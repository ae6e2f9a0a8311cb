#include "instrument/charge_writer.hpp"

namespace roofline {

void ChargeWriter::statement(const clang::Stmt* s, const Cost& c, bool once_per_item) {
  if (!c.any()) return;
  if (once_per_item) {
    once_per_item_ += c;
    return;
  }
  note_slots(c);
  edits_.at(sm_.getExpansionLoc(s->getBeginLoc()), false, Nesting::Statement, c.text(';'));
}

void ChargeWriter::operand(const clang::Expr* e, const Cost& c) {
  if (!c.any()) return;
  note_slots(c);
  edits_.before_token(e->getBeginLoc(), Nesting::Operand, "(" + c.text(','));
  edits_.after_token(e->getEndLoc(), Nesting::Operand, ")");
}

void ChargeWriter::note_slots(const Cost& c) {
  for (const auto& [slot, n] : c.charges()) used_.insert(slot);
}

}  // namespace roofline
