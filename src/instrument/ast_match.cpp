#include "instrument/ast_match.hpp"

#include <clang/AST/Expr.h>

namespace roofline {

bool refers_to(const clang::Stmt* s, const clang::ValueDecl* v) {
  if (!s) return false;
  if (auto* ref = clang::dyn_cast<clang::DeclRefExpr>(s); ref && ref->getDecl() == v) return true;
  for (const clang::Stmt* c : s->children())
    if (refers_to(c, v)) return true;
  return false;
}

}  // namespace roofline
