#include "instrument/cost_walker.hpp"

#include <functional>

#include <clang/AST/Attr.h>
#include <clang/Lex/Lexer.h>

#include "instrument/cost_table.hpp"
#include "instrument/wrapper_emitter.hpp"

namespace roofline {
using namespace clang;

namespace {

// A goto, computed goto or label in s, or (with returns) a return statement.
bool contains_jump(const Stmt* s, bool returns) {
  if (!s) return false;
  if (isa<GotoStmt>(s) || isa<IndirectGotoStmt>(s) || isa<LabelStmt>(s) || (returns && isa<ReturnStmt>(s))) return true;
  for (const Stmt* c : s->children())
    if (contains_jump(c, returns)) return true;
  return false;
}

// Whether the parts of s that are charged for s itself (an expression or
// declaration whole; the condition of an if or switch; the init of a for)
// can return, through a GNU statement expression: then its charges are made
// only by the items that get past it.
bool own_parts_may_return(const Stmt* s) {
  if (auto* is = dyn_cast<IfStmt>(s)) return contains_jump(is->getInit(), true) || contains_jump(is->getCond(), true);
  if (auto* ss = dyn_cast<SwitchStmt>(s)) return contains_jump(ss->getInit(), true) || contains_jump(ss->getCond(), true);
  if (auto* fs = dyn_cast<ForStmt>(s)) return contains_jump(fs->getInit(), true);
  if (isa<WhileStmt>(s) || isa<DoStmt>(s)) return false;  // charged only through injected operands
  return contains_jump(s, true);
}

bool is_barrier(const FunctionDecl* fd) {
  return fd->getIdentifier() && (fd->getName() == "barrier" || fd->getName() == "work_group_barrier");
}

}  // namespace

CostWalker::CostWalker(const Context& context, ChargeWriter* charges, AccessRecorder* recorder, ChainWriter* chains)
    : ctx_(context), charges_(charges), chains_(chains), recorder_(recorder) {}

void CostWalker::function(Stmt* body) {
  function_body_ = body;
  if (recorder_) recorder_->enter_function(body);
  stmt(body);
}

void CostWalker::kernel(CompoundStmt* body) {
  in_kernel_ = true;
  function(body);
  in_kernel_ = false;
}

// ---- statements ----

// A statement's charges, before it (before the macro invocation it comes
// from: macros hold no control flow, so they run whole or not at all).
void CostWalker::charge(const Stmt* s, const Cost& c) {
  if (charges_) charges_->statement(s, c, s == once_per_item_stmt_);
}

// A conditionally evaluated expression (an operand of &&, || or ?:, a loop
// condition or increment) is charged on its own, when it is evaluated; the
// recording copy walks it for its accesses and branches only.
void CostWalker::inject(Expr* e) {
  if (!e) return;
  Cost c;
  expr(e, c);
  if (charges_) charges_->operand(e, c);
}

void CostWalker::branch(const Expr* condition) {
  if (recorder_) recorder_->branch(condition);
}

void CostWalker::no_macro_control(const Stmt* s, const char* what) const {
  if (s->getBeginLoc().isMacroID())
    ctx_.text.unsupported(s, std::string("a ") + what + " written inside macro " + ctx_.text.macro_name(s->getBeginLoc()) +
                                 " cannot be counted exactly; write it in the source or as a function");
}

void CostWalker::stmt(Stmt* s) {
  if (!s) return;
  if (auto* cs = dyn_cast<CompoundStmt>(s)) {
    if (in_kernel_ && cs == function_body_) return kernel_statements(cs);
    for (Stmt* c : cs->body()) stmt(c);
  } else if (auto* ds = dyn_cast<DeclStmt>(s)) {
    decl_stmt(ds);
  } else if (auto* rs = dyn_cast<ReturnStmt>(s)) {
    Cost c;
    expr(rs->getRetValue(), c);
    charge(s, c);
  } else if (auto* is = dyn_cast<IfStmt>(s)) {
    if_stmt(is);
  } else if (auto* fs = dyn_cast<ForStmt>(s)) {
    for_stmt(fs);
  } else if (auto* ws = dyn_cast<WhileStmt>(s)) {
    while_stmt(ws);
  } else if (auto* dos = dyn_cast<DoStmt>(s)) {
    do_stmt(dos);
  } else if (auto* ss = dyn_cast<SwitchStmt>(s)) {
    switch_stmt(ss);
  } else if (auto* sc = dyn_cast<SwitchCase>(s)) {
    stmt(sc->getSubStmt());
  } else if (auto* ls = dyn_cast<LabelStmt>(s)) {
    stmt(ls->getSubStmt());
  } else if (auto* as = dyn_cast<AttributedStmt>(s)) {
    stmt(as->getSubStmt());
  } else if (auto* e = dyn_cast<Expr>(s)) {
    Cost c;
    expr(e, c);
    charge(s, c);
    if (chains_) chains_->statement(e, s);
  }
  // break, continue, goto, null statements: nothing to charge.
}

void CostWalker::if_stmt(IfStmt* is) {
  no_macro_control(is, "if statement");
  branch(is->getCond());
  Cost c;
  expr(is->getCond(), c);
  charge(is, c);
  body(is->getThen(), "if statement", is->getElseLoc());
  body(is->getElse(), "else branch");
}

// The init once; the condition at each test and the increment after each
// completed or continued iteration, each charged when evaluated.
void CostWalker::for_stmt(ForStmt* fs) {
  no_macro_control(fs, "for loop");
  Cost c;
  if (auto* init = fs->getInit()) {
    if (auto* e = dyn_cast<Expr>(init)) {
      expr(e, c);
      if (chains_) chains_->statement(e, fs);
    } else if (auto* d = dyn_cast<DeclStmt>(init)) {
      decl_cost(d, c);
      if (chains_) chains_->declaration(d, fs);
    }
  }
  charge(fs, c);
  branch(fs->getCond());
  inject(fs->getCond());
  inject(fs->getInc());
  body(fs->getBody(), "for loop");
}

// The condition at each test, charged when evaluated.
void CostWalker::while_stmt(WhileStmt* ws) {
  no_macro_control(ws, "while loop");
  branch(ws->getCond());
  inject(ws->getCond());
  body(ws->getBody(), "while loop");
}

void CostWalker::do_stmt(DoStmt* ds) {
  no_macro_control(ds, "do loop");
  body(ds->getBody(), "do loop", ds->getWhileLoc());
  branch(ds->getCond());
  inject(ds->getCond());
}

void CostWalker::switch_stmt(SwitchStmt* ss) {
  no_macro_control(ss, "switch statement");
  Cost c;
  expr(ss->getCond(), c);
  charge(ss, c);
  stmt(ss->getBody());
}

// The kernel's top-level statements. Each one's own charges (not those of
// the branches, loop bodies and conditional operands inside it) are made
// exactly once by every work-item until a statement that may return: a
// kernel is entered once per work-item and nothing before that statement
// can leave it, skip or repeat it. A goto or label anywhere breaks that.
void CostWalker::kernel_statements(CompoundStmt* body) {
  bool once = !contains_jump(body, false);
  for (Stmt* c : body->body()) {
    once_per_item_stmt_ = once && !own_parts_may_return(c) ? c : nullptr;
    stmt(c);
    once = once && !contains_jump(c, true);
  }
  once_per_item_stmt_ = nullptr;
}

// A statement that is the body of if/for/while/do (`what` names it):
// braces keep inserted charges inside it. `next` is the else or while
// keyword that follows it, if any.
void CostWalker::body(Stmt* s, const char* what, SourceLocation next) {
  if (!s) return;
  const SourceManager& sm = ctx_.text.sm;
  const bool from_macro = s->getBeginLoc().isMacroID() || s->getEndLoc().isMacroID();
  if (isa<CompoundStmt>(s) && !from_macro) return stmt(s);
  if (from_macro) {
    // A body that is one macro invocation: charges go before it, inside new braces.
    if (!isa<Expr>(s) && !isa<DeclStmt>(s) && !isa<ReturnStmt>(s) && !isa<NullStmt>(s) && !isa<BreakStmt>(s) &&
        !isa<ContinueStmt>(s) && !isa<CompoundStmt>(s))
      no_macro_control(s, "control statement");
  }
  const SourceLocation begin = sm.getExpansionLoc(s->getBeginLoc());
  const SourceLocation last = sm.getExpansionRange(s->getEndLoc()).getEnd();
  SourceLocation after = Lexer::findLocationAfterToken(last, tok::semi, sm, ctx_.text.lo, false);
  if (after.isInvalid()) after = Lexer::getLocForEndOfToken(last, 0, sm, ctx_.text.lo);
  if (from_macro) check_braces_enclose_only(s, what, begin, after, next);
  ctx_.edits.at(begin, false, Nesting::Brace, "{");
  stmt(s);
  ctx_.edits.at(after, true, Nesting::Brace, "}");
}

// Braces from `begin` to `after` must enclose the body s and nothing else,
// or the counting copy would run differently from the source: a macro that
// expands to the body and more (`#define STEP a; b` in `if (c) STEP;` makes
// only a conditional) cannot be bracketed at file level, so it is refused.
void CostWalker::check_braces_enclose_only(const Stmt* s, const char* what, SourceLocation begin, SourceLocation after,
                                           SourceLocation next) {
  const SourceManager& sm = ctx_.text.sm;
  auto inside = [&](SourceLocation loc) {
    if (loc.isInvalid()) return false;
    const SourceLocation e = sm.getExpansionLoc(loc);
    return !sm.isBeforeInTranslationUnit(e, begin) && sm.isBeforeInTranslationUnit(e, after);
  };
  const SourceLocation b = s->getBeginLoc();
  bool exact = b.isFileID() || Lexer::isAtStartOfMacroExpansion(b, sm, ctx_.text.lo);
  exact = exact && !inside(next);
  // Every other statement must lie outside the braces, and every statement
  // enclosing s (but ending with it) must end outside them.
  std::function<bool(const Stmt*)> walk = [&](const Stmt* n) {
    if (!n) return false;
    if (n == s) return true;
    bool encloses = false;
    for (const Stmt* c : n->children()) encloses |= walk(c);
    if (encloses ? n->getEndLoc() != s->getEndLoc() && inside(n->getEndLoc())
                 : !isa<NullStmt>(n) && (inside(n->getBeginLoc()) || inside(n->getEndLoc())))
      exact = false;
    return encloses;
  };
  if (exact) walk(function_body_);
  if (!exact)
    ctx_.text.unsupported(s, std::string("the body of this ") + what + " comes from macro " +
                                 ctx_.text.outer_macro_name(b.isMacroID() ? b : s->getEndLoc()) +
                                 ", which expands to more than that body; it cannot be counted exactly (expanding the macro "
                                 "in the source, or making it a single statement, lets it be counted)");
}

void CostWalker::decl_cost(const DeclStmt* ds, Cost& c) {
  for (const Decl* d : ds->decls())
    if (auto* v = dyn_cast<VarDecl>(d))
      if (v->hasInit()) {
        expr(const_cast<Expr*>(v->getInit()), c);
        // An initialised private array or struct is a store of its size.
        if (v->getType()->isArrayType() || v->getType()->isRecordType())
          c.v[kPrivateStore] += ctx_.ast.getTypeSizeInChars(v->getType()).getQuantity();
      }
}

// A __local declaration of the kernel leaves for the wrapper (only a kernel
// may declare one, and the kernel is now a plain function).
void CostWalker::decl_stmt(DeclStmt* ds) {
  bool local = false, other = false;
  for (const Decl* d : ds->decls()) {
    auto* v = dyn_cast<VarDecl>(d);
    if (v && v->getType().getAddressSpace() == LangAS::opencl_local) local = true;
    else other = true;
  }
  if (local) {
    if (!in_kernel_) ctx_.text.unsupported(ds, "__local variable outside a kernel");
    if (other) ctx_.text.unsupported(ds, "a declaration mixing __local and other variables; split it");
    for (const Decl* d : ds->decls()) hoisted_.push_back(cast<VarDecl>(d));
    ctx_.rewriter.ReplaceText(ctx_.text.file_range(ds->getSourceRange()), "/* __local declared by the counting wrapper */");
    return;
  }
  Cost c;
  decl_cost(ds, c);
  charge(ds, c);
  if (chains_) chains_->declaration(ds, ds);
}

// ---- expressions ----

void CostWalker::load(const Expr* lv, Cost& c) {
  const Space s = ctx_.rules.space_of(lv);
  CostRules::memory(s, ctx_.rules.size_of(lv->getType()), false, c);
  if (recorder_) recorder_->access(lv, s, false);
}

void CostWalker::store(const Expr* lv, Cost& c) {
  const Space s = ctx_.rules.space_of(lv);
  CostRules::memory(s, ctx_.rules.size_of(lv->getType()), true, c);
  if (recorder_) recorder_->access(lv, s, true);
}

void CostWalker::children(Expr* e, Cost& c) {
  for (Stmt* ch : e->children())
    if (auto* ce = dyn_cast_or_null<Expr>(ch)) expr(ce, c);
}

void CostWalker::expr(Expr* e, Cost& c) {
  if (!e) return;
  if (auto* bo = dyn_cast<BinaryOperator>(e)) return binary(bo, c);
  if (auto* co = dyn_cast<ConditionalOperator>(e)) {
    if (!co->getCond()->getType()->isVectorType()) branch(co->getCond());
    expr(co->getCond(), c);
    inject(co->getTrueExpr());
    inject(co->getFalseExpr());
    return;
  }
  if (auto* uo = dyn_cast<UnaryOperator>(e)) return unary(uo, c);
  if (auto* ic = dyn_cast<ImplicitCastExpr>(e); ic && ic->getCastKind() == CK_LValueToRValue) {
    load(ic->getSubExpr(), c);
    return children(e, c);
  }
  if (auto* ce = dyn_cast<CallExpr>(e)) {
    call(ce, c);
    return children(e, c);
  }
  if (isa<UnaryExprOrTypeTraitExpr>(e)) return;  // sizeof, vec_step: not evaluated
  children(e, c);
}

void CostWalker::binary(BinaryOperator* bo, Cost& c) {
  const BinaryOperatorKind op = bo->getOpcode();
  if (op == BO_LAnd || op == BO_LOr) {
    expr(bo->getLHS(), c);
    inject(bo->getRHS());
    return;
  }
  if (op == BO_Assign) {
    store(bo->getLHS(), c);
    if (recorder_) recorder_->assignment(bo);
  } else if (auto* ca = dyn_cast<CompoundAssignOperator>(bo)) {
    load(bo->getLHS(), c);
    store(bo->getLHS(), c);
    CostRules::arith(ca->getComputationResultType(), 1, false, c);
    ctx_.rules.charge_math_operator(bo, c);
  } else if (bo->isMultiplicativeOp() || bo->isAdditiveOp() || bo->isShiftOp() || bo->isBitwiseOp()) {
    CostRules::arith(bo->getType(), 1, false, c);
    ctx_.rules.charge_math_operator(bo, c);
  }
  children(bo, c);
}

void CostWalker::unary(UnaryOperator* uo, Cost& c) {
  if (uo->isIncrementDecrementOp()) {
    load(uo->getSubExpr(), c);
    store(uo->getSubExpr(), c);
    CostRules::arith(uo->getSubExpr()->getType(), 1, false, c);
  } else if (uo->getOpcode() == UO_Not) {
    CostRules::arith(uo->getType(), 1, false, c);
  }
  children(uo, c);
}

void CostWalker::call(CallExpr* call, Cost& c) {
  const FunctionDecl* fd = call->getDirectCallee();
  if (!fd) ctx_.text.unsupported(call, "a call through a function pointer");
  if (ctx_.files.is_user_function(fd)) {
    // The callee counts its own work; it receives the counters.
    ctx_.edits.before_token(call->getRParenLoc(), Nesting::Operand,
                            (call->getNumArgs() ? ", " : "") + counter_arguments(recorder_ != nullptr));
    return;
  }
  if (fd->hasAttr<OpenCLKernelAttr>()) ctx_.text.unsupported(call, "a kernel calling another kernel");
  if (recorder_ && is_barrier(fd)) recorder_->barrier(call);
  if (const FunctionDecl* def = fd->getDefinition())
    ctx_.warnings.add("calls of " + fd->getNameAsString() + " (defined in " + where(ctx_.text.sm, def->getBeginLoc()) +
                      ", a system header, which is not rewritten) are not counted");
  if (fd->getIdentifier()) builtin(call, fd->getName().str(), c);
}

// A builtin by the cost table: its memory traffic, its math call, its operations.
void CostWalker::builtin(CallExpr* call, const std::string& name, Cost& c) {
  if (memory_builtin(call, name, c)) return;
  const QualType first = call->getNumArgs() ? call->getArg(0)->getType() : QualType();
  // sincos(x, &c) and the like: a store of the pointee, besides the operation.
  if (const int out = pointer_output_argument(name); out >= 0 && out < int(call->getNumArgs())) {
    const QualType pointee = pointee_of(call->getArg(unsigned(out)));
    if (!pointee.isNull()) CostRules::memory(counted_space(pointee.getAddressSpace()), ctx_.rules.size_of(pointee), true, c);
  }
  const int lanes = first.isNull() ? 1 : lanes_of(first).lanes;
  const int result_lanes = call->getType()->isVoidType() ? 1 : lanes_of(call->getType()).lanes;
  ctx_.rules.charge_math_builtin(name, first.isNull() ? call->getType() : first, c);
  const double ops = builtin_ops(name, lanes, result_lanes);
  if (ops > 0) CostRules::arith(first.isNull() ? call->getType() : first, ops, true, c);
}

// Atomics (a load and a store of the value, and its operation) and
// vloadn/vstoren (n elements); false for other builtins.
bool CostWalker::memory_builtin(CallExpr* call, const std::string& name, Cost& c) {
  const QualType first = call->getNumArgs() ? call->getArg(0)->getType() : QualType();
  if (AtomicKind ak = atomic_kind(name); ak.is_atomic && call->getNumArgs()) {
    const QualType pt = first.getCanonicalType();
    if (!pt->isPointerType()) return true;
    const QualType pointee = pt->getPointeeType();
    const Space s = pointee.getAddressSpace() == LangAS::opencl_local ? Space::Local : Space::Global;
    QualType value = pointee;
    if (auto* at = value->getAs<AtomicType>()) value = at->getValueType();
    const std::uint64_t bytes = ctx_.rules.size_of(value);
    if (ak.loads) CostRules::memory(s, bytes, false, c);
    if (ak.stores) CostRules::memory(s, bytes, true, c);
    if (recorder_) recorder_->atomic(call, ak.loads, ak.stores, bytes, s);
    if (ak.arithmetic) CostRules::arith(value, 1, false, c);
    return true;
  }
  const bool vload = name.rfind("vload", 0) == 0, vstore = name.rfind("vstore", 0) == 0;
  if (!(vload && call->getNumArgs() == 2) && !(vstore && call->getNumArgs() == 3)) return false;
  const QualType pointee = pointee_of(call->getArg(vload ? 1 : 2));
  if (pointee.isNull()) return true;
  const int n = vload ? lanes_of(call->getType()).lanes : lanes_of(call->getArg(0)->getType()).lanes;
  CostRules::memory(counted_space(pointee.getAddressSpace()), std::uint64_t(n) * ctx_.rules.size_of(pointee), vstore, c);
  if (recorder_) recorder_->vector_access(call, vload, n, pointee);
  return true;
}

}  // namespace roofline
