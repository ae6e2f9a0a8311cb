// instrument/cost_rules: the counting rules (docs/methodology.md) on Clang's types: which
// slot an operation of a type counts in and how many lanes it has, which
// address space an lvalue's bytes are counted in (and whether it is memory at
// all), and the math category (calls of the math builtins, and the / and %
// operators unless the compiler divides them away), each distinct math call
// numbered with its own counter slot. What a builtin counts by its name is
// instrument/cost_table.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>

#include "instrument/cost.hpp"
#include "model/math_functions.hpp"
#include "model/vocabulary.hpp"

namespace roofline {

// The address space an access is counted in; None: no memory access (a
// named private scalar or vector is a register).
enum class Space { None, Global, Constant, Local, Private };

// The space bytes in address space `as` are counted in (a builtin's pointer
// argument reads or writes in its pointee's): generic pointers as global
// (their space is known only at run time), anything else not named as private.
Space counted_space(clang::LangAS as);
// A recorded site's space (global for anything but local and constant).
AddressSpace site_space(Space s);

struct Lanes {
  int lanes = 1;
  clang::QualType elem;
};
// A vector's lanes and element type; a scalar is one lane of itself.
Lanes lanes_of(clang::QualType t);

// The type a pointer argument points to, as written (before a conversion to
// the builtin's generic pointer); null when the argument is no pointer.
clang::QualType pointee_of(const clang::Expr* arg);

class CostRules {
 public:
  // `math_calls`: whether the math category is charged (the counting copy;
  // the recording copy charges nothing).
  CostRules(clang::ASTContext& ctx, bool math_calls) : ctx_(ctx), math_calls_(math_calls) {}

  // One arithmetic operation per lane of type t (`total`: n in all), in the
  // slot of its element type: half, float, double FLOPs, or INTOPs.
  static void arith(clang::QualType t, double n, bool total, Cost& c);
  // Bytes loaded or stored in space s (constant memory is never stored to).
  static void memory(Space s, std::uint64_t bytes, bool store, Cost& c);

  // The space an lvalue's load or store is counted in.
  Space space_of(const clang::Expr* lvalue) const;
  // Bytes of a type's storage (a float3's 16); 0 for an incomplete type.
  std::uint64_t size_of(clang::QualType t) const;

  // Floating-point / as div of its type, integer / and % as div and mod of
  // int (compound assignments too), unless the divisor is a constant the
  // compiler divides away.
  void charge_math_operator(const clang::BinaryOperator* op, Cost& c);
  // A builtin of the math functions' table but mad and fma (the compute
  // roofs' arithmetic): one call per lane of its first argument.
  void charge_math_builtin(const std::string& name, clang::QualType first, Cost& c);

  // Slot kMathSlotBase + i counts calls of math_slots()[i], in the order met.
  const std::vector<MathCall>& math_slots() const { return math_slots_; }

 private:
  void charge_math(MathFunction f, MathForm form, clang::QualType t, Cost& c);
  int math_slot(const MathCall& m);
  bool constant_divisor(const clang::Expr* divisor) const;

  clang::ASTContext& ctx_;
  const bool math_calls_;
  std::vector<MathCall> math_slots_;
  std::map<MathCall, int> math_slot_of_;
};

}  // namespace roofline
