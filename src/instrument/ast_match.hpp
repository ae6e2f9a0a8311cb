// instrument/ast_match: questions about the AST that more than one rewriter asks.
#pragma once
#include <clang/AST/Decl.h>
#include <clang/AST/Stmt.h>

namespace roofline {

// Whether `s` or anything under it names `v`.
bool refers_to(const clang::Stmt* s, const clang::ValueDecl* v);

}  // namespace roofline
