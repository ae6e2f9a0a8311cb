#include "instrument/access_recorder.hpp"

#include <functional>

#include <clang/AST/PrettyPrinter.h>

#include "instrument/ast_match.hpp"
#include "instrument/wrapper_emitter.hpp"

namespace roofline {
using namespace clang;

namespace {

const std::string kArguments = counter_arguments(true);

}  // namespace

// Recorded at the lvalue it is a part of that has an address (a vector's
// component at the vector, plus the component's offset; p->x at the pointer p).
void AccessRecorder::access(const Expr* lv, Space s, bool store) {
  if (s == Space::None || s == Space::Private) return;
  const Expr* at = lv->IgnoreParens();
  std::uint64_t offset = 0;
  while (auto* ev = dyn_cast<ExtVectorElementExpr>(at)) {
    SmallVector<uint32_t, 16> elts;
    ev->getEncodedElementAccess(elts);
    const QualType vector = ev->isArrow() ? ev->getBase()->getType()->getPointeeType() : ev->getBase()->getType();
    if (!elts.empty()) offset += elts[0] * rules_.size_of(lanes_of(vector).elem);
    if (ev->isArrow()) {
      const Expr* pointer = ev->getBase()->IgnoreParens();
      add(pointer, pointer->getType(), store ? kRecordStore : kRecordLoad, rules_.size_of(lv->getType()), offset, site_space(s));
      return;
    }
    at = ev->getBase()->IgnoreParens();
  }
  add(at, QualType(), store ? kRecordStore : kRecordLoad, rules_.size_of(lv->getType()), offset, site_space(s));
}

void AccessRecorder::atomic(const CallExpr* call, bool loads, bool stores, std::uint64_t bytes, Space s) {
  if (!loads && !stores) return;
  const Expr* pointer = call->getArg(0)->IgnoreImpCasts();
  add(pointer, call->getArg(0)->getType(), (loads ? kRecordLoad : 0) | (stores ? kRecordStore : 0), bytes, 0, site_space(s)).atomic = true;
}

// Recorded at p + offset * n when the offset can be written twice (no side
// effects, written in the file); otherwise at p, with a warning.
void AccessRecorder::vector_access(const CallExpr* call, bool vload, int n, QualType pointee) {
  const Space s = counted_space(pointee.getAddressSpace());
  if (s == Space::Private) return;
  const Expr* offset = call->getArg(vload ? 0 : 1);
  const Expr* pointer = call->getArg(vload ? 1 : 2);
  std::string element;
  if (!offset->HasSideEffects(ctx_) && offset->getBeginLoc().isFileID() && offset->getEndLoc().isFileID())
    element = "(size_t)(" + text_.text_of(offset->getSourceRange()) + ") * " + std::to_string(n);
  else
    warnings_.add(where(text_.sm, call->getBeginLoc()) + ": the address of this " + (vload ? "vload" : "vstore") +
                  " is recorded at its pointer, not at its offset (the offset has side effects or comes from a macro)");
  add(pointer->IgnoreImpCasts(), pointer->getType(), vload ? kRecordLoad : kRecordStore, std::uint64_t(n) * rules_.size_of(pointee), 0,
      site_space(s), element);
}

// In the file or in a macro: SourceEdits writes out an invocation that needs it.
void AccessRecorder::branch(const Expr* condition) {
  if (condition) branches_.push_back(condition);
}

void AccessRecorder::barrier(const CallExpr* call) {
  edits_.before_token(call->getBeginLoc(), Nesting::Operand,
                      "(__rl_note(0UL, " + std::to_string(kRecordBarrier) + "u, 0u, " + kArguments + "), ");
  edits_.after_token(call->getRParenLoc(), Nesting::Operand, ")");
}

// The access's address comes from the value its previous execution loaded:
// one such access in flight per work-item. Only where the loaded value flows
// into v: not in a comparison or a condition (`best = a[j] < a[best] ? j :
// best` keeps an index, not a loaded value).
void AccessRecorder::assignment(const BinaryOperator* assign) {
  const auto* lhs = dyn_cast<DeclRefExpr>(assign->getLHS()->IgnoreParenImpCasts());
  if (!lhs) return;
  std::function<void(const Stmt*)> walk = [&](const Stmt* n) {
    if (!n) return;
    if (auto* b = dyn_cast<BinaryOperator>(n); b && (b->isComparisonOp() || b->isLogicalOp())) return;
    if (auto* co = dyn_cast<ConditionalOperator>(n)) {
      walk(co->getTrueExpr());
      walk(co->getFalseExpr());
      return;
    }
    if (auto* sub = dyn_cast<ArraySubscriptExpr>(n); sub && (refers_to(sub->getIdx(), lhs->getDecl()) || refers_to(sub->getBase(), lhs->getDecl())))
      chained_.insert(sub);
    if (auto* m = dyn_cast<MemberExpr>(n); m && m->isArrow() && refers_to(m->getBase(), lhs->getDecl())) chained_.insert(m);
    if (auto* u = dyn_cast<UnaryOperator>(n); u && u->getOpcode() == UO_Deref && refers_to(u->getSubExpr(), lhs->getDecl())) chained_.insert(u);
    for (const Stmt* c : n->children()) walk(c);
  };
  walk(assign->getRHS());
}

// `pointer`: the type the address is held as (a pointer argument's after its
// conversion to the builtin's parameter type); null: a pointer to `at`. An
// access met again adds its flags to the first.
AccessRecorder::Access& AccessRecorder::add(const Expr* at, QualType pointer, unsigned flags, std::uint64_t bytes, std::uint64_t offset,
                                            AddressSpace space, const std::string& element_offset) {
  const auto [it, fresh] = access_index_.emplace(at, accesses_.size());
  if (!fresh) {
    accesses_[it->second].flags |= flags;
    return accesses_[it->second];
  }
  const bool pointer_arg = !pointer.isNull();
  accesses_.push_back({at, pointer_arg, pointer_arg ? pointer : ctx_.getPointerType(at->getType()), flags, bytes, offset, element_offset,
                       function_body_, space});
  return accesses_.back();
}

// A site's id and its entry in `sites`, its text cut at 80 characters.
unsigned AccessRecorder::new_site(const Expr* e, AddressSpace space, bool branch, bool atomic, bool chained) {
  const unsigned id = unsigned(sites_.size());
  if (id > kRecordSiteMask) text_.unsupported(e, "more access sites than the records can number");
  std::string text = text_.text_of(e->getSourceRange());
  if (text.size() > 80) text = text.substr(0, 77) + "...";
  sites_.push_back({id, where(text_.sm, e->getBeginLoc()), text, space, branch, atomic, chained});
  return id;
}

// "(*(p = &(E), __rl_note(...), p))", or for a pointer argument
// "(p = (P), __rl_note(...), p)", p a pointer variable of the access's own
// declared at the top of its function.
void AccessRecorder::write_access(const Access& a, std::map<const Stmt*, std::string>& declarations) {
  const unsigned id = new_site(a.at, a.space, false, a.atomic, chained_.count(a.at) > 0);
  const std::string var = "__rl_p" + std::to_string(id);
  std::string decl;
  llvm::raw_string_ostream os(decl);
  a.pointer.print(os, PrintingPolicy(text_.lo), var);
  os.flush();
  if (decl.find("(anonymous") != std::string::npos || decl.find("(unnamed") != std::string::npos)
    text_.unsupported(a.at, "an access of an unnamed struct type cannot be recorded; give the type a name");
  declarations[a.body] += decl + "; ";
  const std::string address = a.element_offset.empty() ? "(ulong)" + var : "(ulong)(" + var + " + " + a.element_offset + ")";
  const std::string note = "__rl_note(" + address + " + " + std::to_string(a.offset) + "UL, " + std::to_string(id | a.flags) + "u, " +
                           std::to_string(a.bytes) + "u, " + kArguments + "), " + var;
  if (a.pointer_arg) {
    edits_.before_token(a.at->getBeginLoc(), Nesting::Access, "(" + var + " = (");
    edits_.after_token(a.at->getEndLoc(), Nesting::Access, "), " + note + ")");
  } else {
    edits_.before_token(a.at->getBeginLoc(), Nesting::Access, "(*(" + var + " = &(");
    edits_.after_token(a.at->getEndLoc(), Nesting::Access, "), " + note + "))");
  }
}

void AccessRecorder::write() {
  std::map<const Stmt*, std::string> declarations;
  for (const Access& a : accesses_) write_access(a, declarations);
  for (const Expr* cond : branches_) {
    const unsigned id = new_site(cond, AddressSpace::global, true, false, false);
    edits_.before_token(cond->getBeginLoc(), Nesting::Branch, "__rl_br(" + std::to_string(id | kRecordBranch) + "u, " + kArguments + ", (");
    edits_.after_token(cond->getEndLoc(), Nesting::Branch, ") != 0)");
  }
  for (const auto& [body, decls] : declarations) {
    const auto* cs = cast<CompoundStmt>(body);
    if (cs->getLBracLoc().isMacroID()) text_.unsupported(body, "a function body that starts inside a macro cannot record its accesses");
    edits_.at(cs->getLBracLoc().getLocWithOffset(1), false, Nesting::Brace, " " + decls);
  }
}

}  // namespace roofline
