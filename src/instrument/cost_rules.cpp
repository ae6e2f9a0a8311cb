#include "instrument/cost_rules.hpp"

#include <clang/AST/APValue.h>

namespace roofline {
using namespace clang;

namespace {

// The element type a math call is counted under: half, float, double, and
// int for every integer type (the integer roofs are measured on int);
// none for anything else.
std::optional<DataType> math_type(QualType elem) {
  const Type* e = elem.getTypePtr();
  if (e->isSpecificBuiltinType(BuiltinType::Half)) return DataType::float16;
  if (e->isSpecificBuiltinType(BuiltinType::Float)) return DataType::float32;
  if (e->isSpecificBuiltinType(BuiltinType::Double)) return DataType::float64;
  if (e->isIntegerType() && !e->isBooleanType()) return DataType::int32;
  return std::nullopt;
}

// Whether a constant lane of a divisor lets the compiler drop the divide:
// an integer constant becomes a shift or a multiply-high sequence, a
// floating-point power of two an exact multiplication by its inverse.
bool divides_away(const APValue& lane) {
  if (lane.isInt()) return true;
  if (lane.isFloat()) return lane.getFloat().getExactInverse(nullptr);
  return false;
}

}  // namespace

Space counted_space(LangAS as) {
  switch (as) {
    case LangAS::opencl_global:
    case LangAS::opencl_global_device:
    case LangAS::opencl_global_host:
    case LangAS::opencl_generic:
      return Space::Global;
    case LangAS::opencl_constant:
      return Space::Constant;
    case LangAS::opencl_local:
      return Space::Local;
    default:
      return Space::Private;
  }
}

AddressSpace site_space(Space s) {
  return s == Space::Local ? AddressSpace::local : s == Space::Constant ? AddressSpace::constant : AddressSpace::global;
}

Lanes lanes_of(QualType t) {
  Lanes l;
  t = t.getCanonicalType();
  if (auto* vt = t->getAs<VectorType>()) {
    l.lanes = int(vt->getNumElements());
    l.elem = vt->getElementType().getCanonicalType();
  } else {
    l.elem = t;
  }
  return l;
}

QualType pointee_of(const Expr* arg) {
  const QualType pt = arg->IgnoreImpCasts()->getType().getCanonicalType();
  return pt->isPointerType() ? pt->getPointeeType() : QualType();
}

void CostRules::arith(QualType t, double per_lane_or_total, bool total, Cost& c) {
  Lanes l = lanes_of(t);
  const std::uint64_t n = std::uint64_t(total ? per_lane_or_total : per_lane_or_total * l.lanes);
  if (!n) return;
  const Type* e = l.elem.getTypePtr();
  if (e->isSpecificBuiltinType(BuiltinType::Half)) c.v[kFlopHalf] += n;
  else if (e->isSpecificBuiltinType(BuiltinType::Float)) c.v[kFlopFloat] += n;
  else if (e->isSpecificBuiltinType(BuiltinType::Double)) c.v[kFlopDouble] += n;
  else if (e->isIntegerType() || e->isPointerType() || e->isBooleanType()) c.v[kIntop] += n;
}

void CostRules::memory(Space s, std::uint64_t bytes, bool store, Cost& c) {
  switch (s) {
    case Space::Global: c.v[store ? kGlobalStore : kGlobalLoad] += bytes; break;
    case Space::Constant: if (!store) c.v[kConstantLoad] += bytes; break;
    case Space::Local: c.v[store ? kLocalStore : kLocalLoad] += bytes; break;
    case Space::Private: c.v[store ? kPrivateStore : kPrivateLoad] += bytes; break;
    case Space::None: break;
  }
}

Space CostRules::space_of(const Expr* lv) const {
  const Expr* base = lv->IgnoreParens();
  for (;;) {
    if (auto* ev = dyn_cast<ExtVectorElementExpr>(base); ev && ev->isArrow())  // p->x: through the pointer
      return counted_space(ev->getBase()->getType()->getPointeeType().getAddressSpace());
    if (auto* ev = dyn_cast<ExtVectorElementExpr>(base)) base = ev->getBase()->IgnoreParens();
    else if (auto* me = dyn_cast<MemberExpr>(base); me && !me->isArrow()) base = me->getBase()->IgnoreParens();
    else break;
  }
  const bool access = isa<ArraySubscriptExpr>(base) || isa<MemberExpr>(base) ||
                      (isa<UnaryOperator>(base) && cast<UnaryOperator>(base)->getOpcode() == UO_Deref);
  const LangAS as = base->getType().getAddressSpace();
  // A named variable in private or generic space is a register: only an
  // access through a pointer or an array moves bytes (generic ones count as global).
  if (as == LangAS::opencl_generic || counted_space(as) == Space::Private) return access ? counted_space(as) : Space::None;
  return counted_space(as);
}

std::uint64_t CostRules::size_of(QualType t) const {
  return t->isIncompleteType() ? 0 : std::uint64_t(ctx_.getTypeSizeInChars(t).getQuantity());
}

void CostRules::charge_math_operator(const BinaryOperator* bo, Cost& c) {
  BinaryOperatorKind op = bo->getOpcode();
  if (op == BO_DivAssign) op = BO_Div;
  if (op == BO_RemAssign) op = BO_Rem;
  if (op != BO_Div && op != BO_Rem) return;
  if (constant_divisor(bo->getRHS())) return;
  const auto* ca = dyn_cast<CompoundAssignOperator>(bo);
  const QualType t = ca ? ca->getComputationResultType() : bo->getType();
  charge_math(op == BO_Div ? MathFunction::div : MathFunction::mod, MathForm::precise, t, c);
}

void CostRules::charge_math_builtin(const std::string& name, QualType first, Cost& c) {
  const auto m = roofline::math_builtin(name);
  if (!m || m->first == MathFunction::mad || m->first == MathFunction::fma) return;
  charge_math(m->first, m->second, first, c);
}

// One call of f per lane of t.
void CostRules::charge_math(MathFunction f, MathForm form, QualType t, Cost& c) {
  if (!math_calls_ || t.isNull()) return;
  const Lanes l = lanes_of(t);
  const std::optional<DataType> type = math_type(l.elem);
  if (!type) return;
  c.math[math_slot(MathCall{f, form, *type})] += std::uint64_t(l.lanes);
}

// The next slot after the fixed ones the first time a call is met.
int CostRules::math_slot(const MathCall& m) {
  const auto [it, added] = math_slot_of_.try_emplace(m, kMathSlotBase + int(math_slots_.size()));
  if (added) math_slots_.push_back(m);
  return it->second;
}

// A divisor that is a constant in every lane and divides away: such a / or %
// runs no division, so it is no call of the div or mod roof.
bool CostRules::constant_divisor(const Expr* divisor) const {
  Expr::EvalResult r;
  if (divisor->isValueDependent() || !divisor->EvaluateAsRValue(r, ctx_)) return false;
  if (!r.Val.isVector()) return divides_away(r.Val);
  for (unsigned i = 0; i < r.Val.getVectorLength(); ++i)
    if (!divides_away(r.Val.getVectorElt(i))) return false;
  return true;
}

}  // namespace roofline
