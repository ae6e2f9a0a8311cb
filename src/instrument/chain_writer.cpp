#include "instrument/chain_writer.hpp"


#include "instrument/ast_match.hpp"
#include "model/op_counts.hpp"

namespace roofline {
using namespace clang;

namespace {

// "__rl_c[K]=max(__rl_c[K],++COUNTER);": the work-item's longest chain after a link.
std::string link(const std::string& counter) {
  const std::string slot = "__rl_c[" + std::to_string(kChainSlot) + "]";
  return slot + "=max(" + slot + ",++" + counter + ");";
}

}  // namespace

bool ChainWriter::counted_type(const VarDecl* v) {
  if (!v->hasLocalStorage()) return false;
  const QualType t = v->getType().getCanonicalType();
  if (t->isRealFloatingType()) return true;
  if (auto* vt = t->getAs<VectorType>()) return vt->getElementType()->isRealFloatingType();
  return false;
}

std::string ChainWriter::declare(const VarDecl* v) {
  const int id = int(counters_.size());
  counters_.emplace(v, id);
  return "ulong __rl_d" + std::to_string(id) + "=0;";
}

void ChainWriter::declaration(const DeclStmt* ds, const Stmt* at) {
  std::string text;
  for (const Decl* d : ds->decls())
    if (auto* v = dyn_cast<VarDecl>(d); v && counted_type(v)) text += declare(v);
  if (!text.empty()) edits_.at(sm_.getExpansionLoc(at->getBeginLoc()), false, Nesting::Statement, text);
}

void ChainWriter::parameters(const FunctionDecl* fd) {
  auto* body = dyn_cast_or_null<CompoundStmt>(fd->getBody());
  if (!body) return;
  std::string text;
  for (const ParmVarDecl* p : fd->parameters())
    if (counted_type(p)) text += declare(p);
  if (!text.empty()) edits_.after_token(body->getLBracLoc(), Nesting::Statement, text);
}

const VarDecl* ChainWriter::counted_variable(const Expr* e) const {
  auto* ref = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
  if (!ref) return nullptr;
  auto* v = dyn_cast<VarDecl>(ref->getDecl());
  return v && counters_.count(v) ? v : nullptr;
}

void ChainWriter::statement(const Expr* e) {
  auto* bo = dyn_cast<BinaryOperator>(e->IgnoreParens());
  if (!bo || !bo->isAssignmentOp()) return;
  const VarDecl* v = counted_variable(bo->getLHS());
  if (!v) return;
  const bool linked = isa<CompoundAssignOperator>(bo) || refers_to(bo->getRHS(), v);
  const std::string text = linked ? link(counter(v)) : counter(v) + "=0;";
  edits_.at(sm_.getExpansionLoc(e->getBeginLoc()), false, Nesting::Statement, text);
}

}  // namespace roofline
