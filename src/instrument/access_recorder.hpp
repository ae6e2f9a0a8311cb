// instrument/access_recorder: the address-recording copy (count/instrument.hpp,
// "Address records"). The cost walker tells it every global, constant and
// local access it meets (a load or store of an lvalue, an atomic builtin's or
// vloadn/vstoren's pointer argument), every branch condition (if, loop,
// scalar ?:), every barrier and every assignment (for dependent chains);
// write() then numbers the sites and rewrites each one so that every
// evaluation also writes a record through __rl_note or __rl_br.
#pragma once
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>

#include "instrument/cost_rules.hpp"
#include "instrument/source_edits.hpp"
#include "instrument/source_text.hpp"
#include "instrument/warnings.hpp"
#include "model/access_trace.hpp"

namespace roofline {

class AccessRecorder {
 public:
  AccessRecorder(clang::ASTContext& ctx, const SourceText& text, SourceEdits& edits, const CostRules& rules, Warnings& warnings)
      : ctx_(ctx), text_(text), edits_(edits), rules_(rules), warnings_(warnings) {}

  // The body of the function whose accesses come next: their address
  // variables are declared at its top.
  void enter_function(const clang::Stmt* body) { function_body_ = body; }

  // A load or store of `lvalue` counted in space s.
  void access(const clang::Expr* lvalue, Space s, bool store);
  // An atomic builtin's pointer argument, read and/or written.
  void atomic(const clang::CallExpr* call, bool loads, bool stores, std::uint64_t bytes, Space s);
  // vloadn(offset, p) / vstoren(data, offset, p) of n elements of `pointee`.
  void vector_access(const clang::CallExpr* call, bool vload, int n, clang::QualType pointee);
  void branch(const clang::Expr* condition);
  void barrier(const clang::CallExpr* call);
  // `v = ... a[... v ...] ...`: marks the accesses whose address comes from what v held (pointer chasing).
  void assignment(const clang::BinaryOperator* assign);

  // Writes every recorded access and branch into the source; after the walk.
  void write();

  const std::vector<TraceSite>& sites() const { return sites_; }

 private:
  // A memory access to record: the expression whose address is taken (or
  // the pointer argument of a builtin), what it does, where it is.
  struct Access {
    const clang::Expr* at = nullptr;  // an lvalue (its address is recorded) or, with pointer_arg, a pointer
    bool pointer_arg = false;
    clang::QualType pointer;          // the type of the variable that holds its address
    unsigned flags = 0;               // kRecordLoad | kRecordStore
    std::uint64_t bytes = 0, offset = 0;
    std::string element_offset;       // pointer_arg of vloadn/vstoren: "(OFFSET) * n", the element the call reaches
    const clang::Stmt* body = nullptr;  // of the function it is in
    AddressSpace space = AddressSpace::global;
    bool atomic = false;              // the pointer argument of an atomic builtin
  };

  Access& add(const clang::Expr* at, clang::QualType pointer, unsigned flags, std::uint64_t bytes, std::uint64_t offset,
              AddressSpace space, const std::string& element_offset = "");
  unsigned new_site(const clang::Expr* e, AddressSpace space, bool branch, bool atomic, bool chained);
  void write_access(const Access& a, std::map<const clang::Stmt*, std::string>& declarations);

  clang::ASTContext& ctx_;
  const SourceText& text_;
  SourceEdits& edits_;
  const CostRules& rules_;
  Warnings& warnings_;
  const clang::Stmt* function_body_ = nullptr;
  std::vector<Access> accesses_;
  std::map<const clang::Expr*, std::size_t> access_index_;
  std::vector<const clang::Expr*> branches_;  // conditions whose outcome each evaluation records
  std::set<const clang::Expr*> chained_;      // accesses whose address comes from what the one before loaded
  std::vector<TraceSite> sites_;
};

}  // namespace roofline
