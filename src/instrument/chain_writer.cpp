#include "instrument/chain_writer.hpp"

#include <algorithm>
#include <vector>

#include "instrument/cost_rules.hpp"
#include "instrument/cost_table.hpp"
#include "model/op_counts.hpp"

namespace roofline {
using namespace clang;

namespace {

// A floating-point scalar or vector.
bool floating(QualType t) { return lanes_of(t).elem->isRealFloatingType(); }

// A floating-point multiply the compiler may contract into the add that takes it.
const BinaryOperator* product(const Expr* e) {
  auto* m = dyn_cast<BinaryOperator>(e->IgnoreParens());
  return m && m->getOpcode() == BO_Mul && floating(m->getType()) ? m : nullptr;
}

bool arithmetic(BinaryOperatorKind op) {
  return op == BO_Add || op == BO_Sub || op == BO_Mul || op == BO_Div || op == BO_Rem;
}

bool additive(BinaryOperatorKind op) { return op == BO_Add || op == BO_Sub || op == BO_AddAssign || op == BO_SubAssign; }

std::string number(unsigned n) { return std::to_string(n) + "UL"; }

}  // namespace

void ChainWriter::Path::add(unsigned ops) {
  floor += ops;
  for (auto& [id, after] : counters) after += ops;
}

void ChainWriter::Path::merge(const Path& other) {
  floor = std::max(floor, other.floor);
  for (const auto& [id, after] : other.counters) counters[id] = std::max(counters[id], after);
}

bool ChainWriter::counted_type(const VarDecl* v) { return v->hasLocalStorage() && floating(v->getType()); }

const VarDecl* ChainWriter::counted_variable(const Expr* e) const {
  auto* ref = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
  if (!ref) return nullptr;
  auto* v = dyn_cast<VarDecl>(ref->getDecl());
  return v && counters_.count(v) ? v : nullptr;
}

// `lhs OP rhs` for an arithmetic OP on floating-point values: one operation
// after the longer of its operands' paths, a contracted multiply's included.
ChainWriter::Path ChainWriter::operation_path(const Expr* lhs, const Expr* rhs, bool is_additive) const {
  // A contracted multiply's operands are the FMA's; Clang contracts the left
  // one where both are multiplies (x*a + b*c: fmuladd(x, a, b*c)).
  std::vector<const Expr*> operands{lhs, rhs};
  if (const BinaryOperator* m = is_additive ? product(lhs) : nullptr) operands = {m->getLHS(), m->getRHS(), rhs};
  else if (const BinaryOperator* m = is_additive ? product(rhs) : nullptr) operands = {lhs, m->getLHS(), m->getRHS()};
  Path p;
  for (const Expr* operand : operands) p.merge(path(operand));
  p.add(1);
  return p;
}

ChainWriter::Path ChainWriter::path(const Expr* e) const {
  if (!e) return {};
  e = e->IgnoreParens();
  if (const VarDecl* v = counted_variable(e)) {
    Path p;
    p.counters[counters_.at(v)] = 0;
    return p;
  }
  // Loads start a path again: paths through memory are not followed. Nor are
  // a counted vector's components: its counter is its longest component's,
  // which need not be the one read.
  if (isa<ArraySubscriptExpr>(e) || isa<MemberExpr>(e)) return {};
  // A conditional's value starts at 0 too: compiled as a branch, only one arm
  // runs, and the shorter arm's path is not written in max form.
  if (isa<AbstractConditionalOperator>(e)) return {};
  if (auto* c = dyn_cast<ExtVectorElementExpr>(e); c && counted_variable(c->getBase())) return {};
  if (auto* u = dyn_cast<UnaryOperator>(e); u && u->getOpcode() == UO_Deref) return {};
  if (auto* bo = dyn_cast<BinaryOperator>(e)) {
    if (bo->isAssignmentOp() || bo->getOpcode() == BO_Comma) return path(bo->getRHS());
    if (arithmetic(bo->getOpcode()) && floating(bo->getType()))
      return operation_path(bo->getLHS(), bo->getRHS(), additive(bo->getOpcode()));
  }
  if (auto* call = dyn_cast<CallExpr>(e)) return call_path(call);
  // Casts, components, vector literals, comparisons and integer arithmetic
  // pass their operands' longest path on.
  Path p;
  for (const Stmt* child : e->children())
    if (auto* operand = dyn_cast_or_null<Expr>(child)) p.merge(path(operand));
  return p;
}

// A call passes its arguments' longest path on, one operation longer for a
// floating-point builtin the counting rules give operations (mad, sqrt, dot,
// native_sin...), not for min, max, fabs, select, conversions, as_* or a
// function defined in the source (its own paths count where it runs); a
// builtin that loads its value (vloadN, read_image*, atomics) is a load.
ChainWriter::Path ChainWriter::call_path(const CallExpr* call) const {
  const FunctionDecl* callee = call->getDirectCallee();
  const std::string name = callee && callee->getIdentifier() ? callee->getNameAsString() : "";
  if (returns_loaded_value(name)) return {};
  Path p;
  for (const Expr* argument : call->arguments()) p.merge(path(argument));
  if (floating(call->getType()) && callee && !callee->isDefined() && builtin_ops(name, 1, 1) > 0) p.add(1);
  return p;
}

// "max(max(__rl_d0+2UL,__rl_d3),4UL)": the path's length in the counting copy.
std::string ChainWriter::code(const Path& p) const {
  std::string text;
  unsigned longest_offset = 0;
  for (const auto& [id, after] : p.counters) {
    const std::string term = "__rl_d" + std::to_string(id) + (after ? "+" + number(after) : "");
    text = text.empty() ? term : "max(" + text + "," + term + ")";
    longest_offset = std::max(longest_offset, after);
  }
  if (text.empty()) return number(p.floor);
  // A counter is never negative: a floor no longer than some term's offset cannot win.
  if (p.floor > longest_offset) text = "max(" + text + "," + number(p.floor) + ")";
  return text;
}

// "__rl_dN=PATH;__rl_c[K]=max(__rl_c[K],__rl_dN);"
std::string ChainWriter::assign(const VarDecl* v, const Path& p) const {
  const std::string slot = "__rl_c[" + std::to_string(kChainSlot) + "]";
  std::string text = counter(v) + "=" + code(p) + ";";
  if (!p.counters.empty() || p.floor) text += slot + "=max(" + slot + "," + counter(v) + ");";
  return text;
}

std::string ChainWriter::declare(const VarDecl* v, const Path& p) {
  counters_.emplace(v, int(counters_.size()));
  return "ulong " + assign(v, p);
}

void ChainWriter::declaration(const DeclStmt* ds, const Stmt* at) {
  std::string text;
  for (const Decl* d : ds->decls())
    if (auto* v = dyn_cast<VarDecl>(d); v && counted_type(v)) text += declare(v, path(v->getInit()));
  // The leading ';' lets the declarations follow a label (`case 1: for (float t...`).
  if (!text.empty()) edits_.at(sm_.getExpansionLoc(at->getBeginLoc()), false, Nesting::Statement, ";" + text);
}

void ChainWriter::parameters(const FunctionDecl* fd) {
  auto* body = dyn_cast_or_null<CompoundStmt>(fd->getBody());
  if (!body) return;
  std::string text;
  for (const ParmVarDecl* p : fd->parameters())
    if (counted_type(p)) text += declare(p, {});
  if (!text.empty()) edits_.after_token(body->getLBracLoc(), Nesting::Statement, text);
}

// The updates of the assignments `e` makes at its top level, in the order it
// makes them: a comma's operands left to right, a nested assignment
// (z = y = e) before the one that takes its value.
void ChainWriter::updates(const Expr* e, std::string& text) const {
  auto* bo = dyn_cast<BinaryOperator>(e->IgnoreParens());
  if (!bo) return;
  if (bo->getOpcode() == BO_Comma) {
    updates(bo->getLHS(), text);
    updates(bo->getRHS(), text);
    return;
  }
  if (!bo->isAssignmentOp()) return;
  updates(bo->getRHS(), text);
  const Expr* target = bo->getLHS()->IgnoreParenImpCasts();
  const bool component = isa<ExtVectorElementExpr>(target);
  if (component) target = cast<ExtVectorElementExpr>(target)->getBase()->IgnoreParenImpCasts();
  const VarDecl* v = counted_variable(target);
  if (!v) return;
  // A component's update counts the new component alone (a component read is
  // 0): the components overwritten may have been the longest.
  text += assign(v, isa<CompoundAssignOperator>(bo) ? operation_path(bo->getLHS(), bo->getRHS(), additive(bo->getOpcode()))
                                                   : path(bo->getRHS()));
}

void ChainWriter::statement(const Expr* e, const Stmt* at) {
  std::string text;
  updates(e, text);
  if (!text.empty()) edits_.at(sm_.getExpansionLoc(at->getBeginLoc()), false, Nesting::Statement, text);
}

}  // namespace roofline
