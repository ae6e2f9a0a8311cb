// instrument/instrumenter.hpp: parses the OpenCL C source as the
// device build would, walks every counted function's statements (in the file
// and in the user files it includes), computes each statement's static cost
// from the typed AST and inserts counter updates through instrument/source_edits.
// Conditionally evaluated parts (the right side of && and ||, the arms of ?:,
// loop conditions and for increments) get their own cost, injected with the
// comma operator so only evaluated parts are charged; inside a macro, at the
// expanded copy they belong to (the invocation is written out as its expansion).
#include "instrument/instrumenter.hpp"

#include <algorithm>
#include <cctype>
#include <array>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/AST/Attr.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Frontend/TextDiagnosticPrinter.h>
#include <clang/Lex/Lexer.h>
#include <clang/Rewrite/Core/Rewriter.h>
#include <clang/Tooling/Tooling.h>

#include "instrument/clang_args.hpp"
#include "instrument/cost_table.hpp"
#include "instrument/source_edits.hpp"
#include "instrument/user_includes.hpp"
#include "model/math_functions.hpp"
#include "model/op_counts.hpp"

namespace roofline {
namespace {
using namespace clang;

struct Cost {
  std::array<std::uint64_t, kCounterSlots> v{};
  std::map<int, std::uint64_t> math;  // math-call slots (from kCounterSlots on): calls
  bool any() const {
    for (auto x : v)
      if (x) return true;
    return !math.empty();
  }
  void operator+=(const Cost& o) {
    for (int i = 0; i < kCounterSlots; ++i) v[i] += o.v[i];
    for (const auto& [slot, n] : o.math) math[slot] += n;
  }
  // Every charged slot and its amount, the fixed slots first.
  std::vector<std::pair<int, std::uint64_t>> charges() const {
    std::vector<std::pair<int, std::uint64_t>> out;
    for (int i = 0; i < kCounterSlots; ++i)
      if (v[std::size_t(i)]) out.emplace_back(i, v[std::size_t(i)]);
    for (const auto& [slot, n] : math)
      if (n) out.emplace_back(slot, n);
    return out;
  }
  // "__rl_c[1]+=2;__rl_c[4]+=8;" or, for comma injection, "__rl_c[1]+=2,__rl_c[4]+=8,"
  std::string text(char sep) const {
    std::string s;
    for (const auto& [slot, n] : charges()) s += "__rl_c[" + std::to_string(slot) + "]+=" + std::to_string(n) + "UL" + sep;
    return s;
  }
};

// The wrapper reduces only the counter slots the instrumented source charges
// (a copy charges 2 of the 11): each slot reduced is a tree of barriers per
// work-group, most of the counting run's time for a kernel of little work per
// work-item. The wrapper is written before the last charges are, so this
// mark stands for its work-group sum, which fill_work_group_sum writes once the
// source is whole; every charge is written by Cost::text, as "__rl_c[SLOT]+=".
constexpr const char* kWorkGroupSumMark = "__RL_WORK_GROUP_SUM__";
// The counting wrapper's counter array size, written once the source is whole
// (the math calls' slots are numbered as the instrumenter meets them).
constexpr const char* kCounterWordsMark = "__RL_COUNTER_WORDS__";

// Record mode: the counter array's three words past the counters: the
// item's next record, where its records start in __rl_r, and its cap.
constexpr int kRecordCursorSlot = kCounterSlots, kRecordBaseSlot = kCounterSlots + 1, kRecordCapSlot = kCounterSlots + 2;
constexpr int kRecordCounterWords = kCounterSlots + 3;

// A work-item's linear id within its work-group.
constexpr const char* kLocalLinearId = "get_local_id(0) + get_local_size(0) * (get_local_id(1) + get_local_size(1) * get_local_id(2))";

// The wrapper's sum over the work-group of the slots in `list` (none: no sum,
// no barrier). Items past the largest power of two p <= n fold onto the first
// ones, then halving steps over p keep the active items contiguous.
std::string work_group_sum(const std::string& list) {
  if (list.empty()) return "  // Every charge is made once per work-item: nothing to sum over the work-group.\n";
  return "  const uint __rl_n = (uint)(get_local_size(0) * get_local_size(1) * get_local_size(2));\n"
         "  uint __rl_p = 1;\n"
         "  while (2 * __rl_p <= __rl_n) __rl_p *= 2;\n"
         "  const int __rl_used[] = {" + list + "};\n"
         "  for (int __rl_j = 0; __rl_j < (int)(sizeof __rl_used / sizeof __rl_used[0]); ++__rl_j) {\n"
         "    const int __rl_k = __rl_used[__rl_j];\n"
         "    barrier(CLK_LOCAL_MEM_FENCE);\n"
         "    __rl_scratch[__rl_l] = __rl_c[__rl_k];\n"
         "    barrier(CLK_LOCAL_MEM_FENCE);\n"
         "    if (__rl_l >= __rl_p) __rl_scratch[__rl_l - __rl_p] += __rl_scratch[__rl_l];\n"
         "    barrier(CLK_LOCAL_MEM_FENCE);\n"
         "    for (uint __rl_s = __rl_p / 2; __rl_s > 0; __rl_s >>= 1) {\n"
         "      if (__rl_l < __rl_s) __rl_scratch[__rl_l] += __rl_scratch[__rl_l + __rl_s];\n"
         "      barrier(CLK_LOCAL_MEM_FENCE);\n"
         "    }\n"
         "    if (__rl_l == 0) __rl_add(__rl_out, __rl_k, __rl_scratch[0]);\n"
         "  }\n";
}

// Also writes the counter array's size (kCounterWordsMark): the fixed slots
// and then one per distinct math call, known only once the source is whole.
void fill_work_group_sum(std::string& source, int slots) {
  std::vector<bool> used(std::size_t(slots), false);
  const std::string prefix = "__rl_c[";
  for (auto at = source.find(prefix); at != std::string::npos; at = source.find(prefix, at + 1)) {
    std::size_t end = at + prefix.size();
    int slot = 0;
    while (end < source.size() && std::isdigit(static_cast<unsigned char>(source[end]))) slot = slot * 10 + (source[end++] - '0');
    const bool charge = end > at + prefix.size() && source.compare(end, 3, "]+=") == 0;
    if (charge && slot < slots) used[std::size_t(slot)] = true;
  }
  std::string list;
  for (int i = 0; i < slots; ++i)
    if (used[std::size_t(i)]) list += (list.empty() ? "" : ", ") + std::to_string(i);
  const auto at = source.find(kWorkGroupSumMark);
  if (at != std::string::npos) source.replace(at, std::string(kWorkGroupSumMark).size(), work_group_sum(list));
  for (auto w = source.find(kCounterWordsMark); w != std::string::npos; w = source.find(kCounterWordsMark))
    source.replace(w, std::string(kCounterWordsMark).size(), std::to_string(slots));
}

// Rewrites one translation unit; see the file comment.
class Instrumenter {
 public:
  Instrumenter(ASTContext& ctx, Rewriter& rw, const std::string& kernel, const UserIncludes& files, const ExpansionTokens& tokens,
               bool record)
      : ctx_(ctx), sm_(ctx.getSourceManager()), lo_(ctx.getLangOpts()), rw_(rw), kernel_(kernel), files_(files), edits_(rw, tokens),
        record_(record) {}

  std::vector<std::string> kernels;
  std::vector<std::string> warnings;
  std::vector<TraceSite> sites;  // record mode: the access sites, by id
  RecordedLayout layout;            // record mode: the header's regions
  std::vector<MathCall> math_slots; // counting mode: slot kCounterSlots + i counts calls of math_slots[i]

  void run() {
    const FunctionDecl* target = nullptr;
    for (Decl* d : ctx_.getTranslationUnitDecl()->decls()) {
      auto* fd = dyn_cast<FunctionDecl>(d);
      if (!fd || !fd->doesThisDeclarationHaveABody() || !in_user_file(fd->getBeginLoc())) continue;
      if (fd->hasAttr<OpenCLKernelAttr>()) {
        kernels.push_back(fd->getNameAsString());
        if (fd->getName() == kernel_) target = fd;
      }
    }
    if (!target) {
      std::string list;
      for (auto& k : kernels) list += (list.empty() ? "" : ", ") + k;
      throw InstrumentError("no kernel named '" + kernel_ + "' in the file; its kernels: " + (list.empty() ? "none" : list));
    }
    for (Decl* d : ctx_.getTranslationUnitDecl()->decls()) {
      auto* fd = dyn_cast<FunctionDecl>(d);
      if (!fd || !in_user_file(fd->getBeginLoc())) continue;
      if (fd->hasAttr<OpenCLKernelAttr>()) {
        if (fd == target) {
          instrument_kernel(fd);
        } else if (fd->doesThisDeclarationHaveABody()) {
          // Other kernels would call instrumented helpers without a counter: drop them.
          rw_.ReplaceText(file_range(fd->getSourceRange()), "/* kernel " + fd->getNameAsString() + " left out of the counting build */");
        } else {
          // A prototype: the counted kernel's would clash with the wrapper's two more parameters.
          drop_declaration(fd, "/* prototype of kernel " + fd->getNameAsString() + " left out of the counting build */");
        }
      } else if (is_user_function(fd)) {
        add_counter_parameter(fd);
        if (fd->doesThisDeclarationHaveABody()) body_of_function(fd->getBody());
      }
    }
    record_accesses();
    if (record_) rw_.InsertTextBefore(sm_.getLocForStartOfFile(sm_.getMainFileID()), note_definition());
    edits_.apply();
    files_.inline_into(rw_);
    // Appended last: a kernel left out that ends the file (no newline after
    // its brace, as in clpeak's programs) is a replacement reaching the end
    // of the file, which would take text inserted there before it with it.
    rw_.InsertTextAfter(sm_.getLocForEndOfFile(sm_.getMainFileID()), wrapper_);
  }

 private:
  ASTContext& ctx_;
  SourceManager& sm_;
  const LangOptions& lo_;
  Rewriter& rw_;
  std::string kernel_;
  const UserIncludes& files_;
  SourceEdits edits_;
  bool in_kernel_ = false;
  std::vector<const VarDecl*> hoisted_;  // __local variables of the kernel, moved to the wrapper
  std::string wrapper_;                  // the generated __kernel that calls the counted one
  const Stmt* function_body_ = nullptr;  // of the function being instrumented
  const bool record_;                    // the address-recording copy (InstrumentRequest::record_addresses)
  // Charges every work-item makes exactly once (once_per_item_statement): the
  // wrapper adds them times the NDRange's size, so they need no counter.
  Cost once_per_item_;
  const Stmt* once_per_item_stmt_ = nullptr;  // the kernel's top-level statement being walked, if it runs once per item

  // In the .cl file or a user file it includes (instrument/user_includes.hpp).
  bool in_user_file(SourceLocation loc) const { return files_.is_user_file(sm_.getFileID(sm_.getExpansionLoc(loc))); }

  // A function defined in a user file: it gets the counter pointer.
  bool is_user_function(const FunctionDecl* fd) const {
    const FunctionDecl* def = fd ? fd->getDefinition() : nullptr;
    return def && !def->hasAttr<OpenCLKernelAttr>() && in_user_file(def->getBeginLoc());
  }

  // Once per distinct message.
  void warn(const std::string& message) {
    if (std::find(warnings.begin(), warnings.end(), message) == warnings.end()) warnings.push_back(message);
  }

  // Replaces a declaration and its semicolon.
  void drop_declaration(const Decl* d, const std::string& replacement) {
    const CharSourceRange r = file_range(d->getSourceRange());
    const SourceLocation last = sm_.getExpansionRange(d->getEndLoc()).getEnd();
    const SourceLocation after_semi = Lexer::findLocationAfterToken(last, tok::semi, sm_, lo_, false);
    rw_.ReplaceText(CharSourceRange::getCharRange(r.getBegin(), after_semi.isValid() ? after_semi : r.getEnd()), replacement);
  }

  CharSourceRange file_range(SourceRange r) const {
    CharSourceRange fr = Lexer::makeFileCharRange(CharSourceRange::getTokenRange(r), sm_, lo_);
    if (fr.isInvalid()) fr = CharSourceRange::getCharRange(sm_.getExpansionLoc(r.getBegin()), Lexer::getLocForEndOfToken(sm_.getExpansionRange(r.getEnd()).getEnd(), 0, sm_, lo_));
    return fr;
  }

  std::string text_of(SourceRange r) const { return Lexer::getSourceText(file_range(r), sm_, lo_).str(); }

  std::string macro_name(SourceLocation loc) const {
    if (!loc.isMacroID()) return "?";
    return Lexer::getImmediateMacroName(loc, sm_, lo_).str();
  }

  // The macro written in the file that `loc` comes from (through nested expansions).
  std::string outer_macro_name(SourceLocation loc) const {
    std::string name = "?";
    for (; loc.isMacroID(); loc = sm_.getImmediateExpansionRange(loc).getBegin())
      if (!sm_.isMacroArgExpansion(loc)) name = Lexer::getImmediateMacroName(loc, sm_, lo_).str();
    return name;
  }

  [[noreturn]] void unsupported(const Decl* d, const std::string& what) const { unsupported_at(d->getBeginLoc(), what); }
  [[noreturn]] void unsupported(const Stmt* s, const std::string& what) const { unsupported_at(s->getBeginLoc(), what); }
  [[noreturn]] void unsupported_at(SourceLocation loc, const std::string& what) const { throw InstrumentError(where(sm_, loc) + ": " + what); }

  // ---- the kernel: helper function + generated wrapper ----

  void instrument_kernel(const FunctionDecl* fd) {
    in_kernel_ = true;
    auto* body = cast<CompoundStmt>(fd->getBody());
    body_of_function(body);
    in_kernel_ = false;
    dereference_hoisted(body);
    const std::string name = fd->getNameAsString();
    std::string params, args;
    if (fd->getNumParams() > 0) {
      params = text_of(SourceRange(fd->getParamDecl(0)->getBeginLoc(), fd->getParamDecl(fd->getNumParams() - 1)->getEndLoc()));
      for (const ParmVarDecl* p : fd->parameters()) {
        if (p->getName().empty()) unsupported(fd, "kernel " + name + " has an unnamed parameter");
        args += p->getNameAsString() + ", ";
      }
    }
    PrintingPolicy pp(lo_);
    std::string local_params, local_decls, local_args;
    std::set<std::string> seen;
    // Each __local variable is declared in the wrapper and passed by a pointer
    // to it (an array as a pointer to the array, so sizeof still sees it);
    // the body reads it as (*name) (dereference_hoisted).
    for (const VarDecl* v : hoisted_) {
      const std::string vn = v->getNameAsString();
      if (!seen.insert(vn).second) unsupported(fd->getBody(), "two __local variables named " + vn + " in kernel " + name);
      std::string pointer, decl;
      llvm::raw_string_ostream a(pointer), b(decl);
      const QualType t = v->getType();
      ctx_.getPointerType(t).print(a, pp, vn);
      t.print(b, pp, vn);
      a.flush();
      b.flush();
      local_params += ", " + pointer;
      local_decls += "  " + decl + ";\n";
      local_args += ", &" + vn;
    }
    // Helper header replaces everything from the declaration's start to the body's brace.
    const std::string header = "void __rl_k_" + name + "(" + params + (params.empty() ? "" : ", ") + counter_parameters() + local_params + ")\n";
    rw_.ReplaceText(CharSourceRange::getCharRange(sm_.getExpansionLoc(fd->getBeginLoc()), sm_.getExpansionLoc(body->getLBracLoc())), header);

    std::string attrs;
    for (const Attr* a : fd->attrs()) {
      if (isa<ReqdWorkGroupSizeAttr>(a) || isa<WorkGroupSizeHintAttr>(a) || isa<VecTypeHintAttr>(a))
        attrs += "__attribute__((" + text_of(a->getRange()) + ")) ";
    }
    if (record_) {
      wrapper_ = record_wrapper(fd, attrs, params, args, local_decls, local_args);
      return;
    }
    std::ostringstream w;
    w << "\n\n// Adds v to the 64-bit count of `slot` in __rl_out, as two 32-bit atomics (low word, high word + carry).\n"
      << "void __rl_add(__global uint *__rl_out, int __rl_slot, ulong __rl_v) {\n"
      << "  const uint __rl_lo = (uint)__rl_v;\n"
      << "  const uint __rl_old = atomic_add(&__rl_out[2 * __rl_slot], __rl_lo);\n"
      << "  const uint __rl_hi = (uint)(__rl_v >> 32) + (uint)(__rl_old + __rl_lo < __rl_old);\n"
      << "  if (__rl_hi) atomic_add(&__rl_out[2 * __rl_slot + 1], __rl_hi);\n"
      << "}\n"
      << "\n// Generated by roofline count: runs " << name << " with counters, adds their work-group sums and the charges\n"
      << "// made once per work-item to __rl_out.\n"
      << "__kernel " << attrs << "void " << name << "(" << params << (params.empty() ? "" : ", ")
      << "__local ulong *__rl_scratch, __global uint *__rl_out) {\n"
      << local_decls << "  ulong __rl_c[" << kCounterWordsMark << "];\n"
      << "  for (int __rl_i = 0; __rl_i < " << kCounterWordsMark << "; ++__rl_i) __rl_c[__rl_i] = 0;\n"
      << "  __rl_k_" << name << "(" << args << "__rl_c" << local_args << ");\n"
      << "  const uint __rl_l = (uint)(" << kLocalLinearId << ");\n"
      << kWorkGroupSumMark << once_per_item_sums() << "}\n";
    wrapper_ = w.str();
  }

  // The record mode's wrapper (instrument.hpp, "Address records"): runs the
  // kernel in the sampled work-groups only, writes the header's addresses
  // and each item's record count; __rl_note writes one record.
  std::string record_wrapper(const FunctionDecl* fd, const std::string& attrs, const std::string& params, const std::string& args,
                             const std::string& local_decls, const std::string& local_args) {
    const std::string name = fd->getNameAsString();
    std::vector<std::string> local_addresses;
    for (const VarDecl* v : hoisted_) {
      layout.local_regions.push_back(v->getNameAsString());
      layout.local_bytes.push_back(size_of(v->getType()));
      local_addresses.push_back("(ulong)&" + v->getNameAsString());
    }
    std::string param_words;
    for (unsigned i = 0; i < fd->getNumParams(); ++i) {
      const ParmVarDecl* p = fd->getParamDecl(i);
      const QualType t = p->getType().getCanonicalType();
      if (!t->isPointerType()) continue;
      param_words += "    __rl_r[" + std::to_string(kRecordHeaderWords + i) + "] = (ulong)" + p->getNameAsString() + ";\n";
      if (t->getPointeeType().getAddressSpace() == LangAS::opencl_local) {
        layout.local_regions.push_back(p->getNameAsString());
        layout.local_bytes.push_back(0);
        local_addresses.push_back("(ulong)" + p->getNameAsString());
      }
    }
    const std::size_t header = kRecordHeaderWords + fd->getNumParams(), regions = local_addresses.size();
    std::string local_words;
    for (std::size_t m = 0; m < regions; ++m)
      local_words += "    __rl_r[" + std::to_string(header) + "UL + __rl_j * " + std::to_string(regions) + "UL + " + std::to_string(m) +
                     "UL] = " + local_addresses[m] + ";\n";
    std::ostringstream w;
    w << "\n\n// Generated by roofline analyze: runs " << name << " in the sampled work-groups, recording their accesses.\n"
      << "__kernel " << attrs << "void " << name << "(" << params << (params.empty() ? "" : ", ")
      << "__global ulong *__rl_r, ulong __rl_first, ulong __rl_stride, uint __rl_count, uint __rl_cap) {\n"
      << local_decls
      << "  const ulong __rl_g = get_group_id(0) + get_num_groups(0) * (get_group_id(1) + get_num_groups(1) * get_group_id(2));\n"
      << "  if (__rl_g < __rl_first || (__rl_g - __rl_first) % __rl_stride != 0) return;\n"
      << "  const ulong __rl_j = (__rl_g - __rl_first) / __rl_stride;\n"
      << "  if (__rl_j >= __rl_count) return;\n"
      << "  const ulong __rl_n = (ulong)get_local_size(0) * get_local_size(1) * get_local_size(2);\n"
      << "  const ulong __rl_l = " << kLocalLinearId << ";\n"
      << "  if (__rl_l == 0) {\n"
      << "    __rl_r[0] = __rl_n;\n"
      << param_words << local_words << "  }\n"
      << "  const ulong __rl_counts = " << header << "UL + __rl_count * " << regions << "UL;\n"
      << "  const ulong __rl_slot = __rl_j * __rl_n + __rl_l;\n"
      << "  ulong __rl_c[" << kRecordCounterWords << "];\n"
      << "  __rl_c[" << kRecordCursorSlot << "] = 0;\n"
      << "  __rl_c[" << kRecordBaseSlot << "] = __rl_counts + __rl_count * __rl_n + 2 * __rl_slot * __rl_cap;\n"
      << "  __rl_c[" << kRecordCapSlot << "] = __rl_cap;\n"
      << "  __rl_k_" << name << "(" << args << counter_arguments() << local_args << ");\n"
      << "  __rl_r[__rl_counts + __rl_slot] = __rl_c[" << kRecordCursorSlot << "];\n"
      << "}\n";
    return w.str();
  }

  // Every use of a hoisted __local variable in the kernel's body becomes (*name).
  void dereference_hoisted(Stmt* body) {
    if (hoisted_.empty()) return;
    const std::set<const VarDecl*> hoisted(hoisted_.begin(), hoisted_.end());
    std::function<void(Stmt*)> walk = [&](Stmt* s) {
      if (!s) return;
      // A __local declaration is replaced whole (decl_stmt): nothing to rewrite inside it.
      if (auto* ds = dyn_cast<DeclStmt>(s); ds && hoisted.count(dyn_cast<VarDecl>(*ds->decl_begin()))) return;
      if (auto* ref = dyn_cast<DeclRefExpr>(s); ref && hoisted.count(dyn_cast<VarDecl>(ref->getDecl()))) {
        edits_.before_token(ref->getLocation(), Nesting::Deref, "(*");
        edits_.after_token(ref->getLocation(), Nesting::Deref, ")");
      }
      for (Stmt* c : s->children()) walk(c);
    };
    walk(body);
  }

  // What every counted function takes last, and what its calls pass: the
  // counters, and in record mode the records.
  std::string counter_parameters() const {
    return record_ ? "__private ulong *__rl_c, __global ulong *__rl_r" : "__private ulong *__rl_c";
  }
  std::string counter_arguments() const { return record_ ? "__rl_c, __rl_r" : "__rl_c"; }

  void add_counter_parameter(const FunctionDecl* fd) {
    FunctionTypeLoc tl = fd->getFunctionTypeLoc();
    if (!tl) unsupported(fd, "cannot find the parameter list of " + fd->getNameAsString());
    if (tl.getRParenLoc().isMacroID()) unsupported(fd, "the parameter list of " + fd->getNameAsString() + " comes from a macro");
    if (fd->getNumParams() == 0)
      rw_.ReplaceText(CharSourceRange::getCharRange(tl.getLParenLoc().getLocWithOffset(1), tl.getRParenLoc()), counter_parameters());
    else
      rw_.InsertTextBefore(tl.getRParenLoc(), ", " + counter_parameters());
  }

  // ---- statements ----

  void body_of_function(Stmt* body) {
    function_body_ = body;
    stmt(body);
  }

  // A statement's charges, before it (before the macro invocation it comes
  // from: macros hold no control flow, so they run whole or not at all).
  void charge_before(const Stmt* s, const Cost& c) {
    if (!c.any() || record_) return;  // the recording copy's counters are not read
    if (s == once_per_item_stmt_) {
      once_per_item_ += c;
      return;
    }
    edits_.at(sm_.getExpansionLoc(s->getBeginLoc()), false, Nesting::Statement, c.text(';'));
  }

  void no_macro_control(const Stmt* s, const char* what) {
    if (s->getBeginLoc().isMacroID())
      unsupported(s, std::string("a ") + what + " written inside macro " + macro_name(s->getBeginLoc()) +
                          " cannot be counted exactly; write it in the source or as a function");
  }

  // A statement that is the body of if/for/while/do (`what` names it):
  // braces keep inserted charges inside it. `next` is the else or while
  // keyword that follows it, if any.
  void body(Stmt* s, const char* what, SourceLocation next = SourceLocation()) {
    if (!s) return;
    const bool from_macro = s->getBeginLoc().isMacroID() || s->getEndLoc().isMacroID();
    if (isa<CompoundStmt>(s) && !from_macro) return stmt(s);
    if (from_macro) {
      // A body that is one macro invocation: charges go before it, inside new braces.
      if (!isa<Expr>(s) && !isa<DeclStmt>(s) && !isa<ReturnStmt>(s) && !isa<NullStmt>(s) && !isa<BreakStmt>(s) &&
          !isa<ContinueStmt>(s) && !isa<CompoundStmt>(s))
        no_macro_control(s, "control statement");
    }
    const SourceLocation begin = sm_.getExpansionLoc(s->getBeginLoc());
    const SourceLocation last = sm_.getExpansionRange(s->getEndLoc()).getEnd();
    SourceLocation after = Lexer::findLocationAfterToken(last, tok::semi, sm_, lo_, false);
    if (after.isInvalid()) after = Lexer::getLocForEndOfToken(last, 0, sm_, lo_);
    if (from_macro) check_braces_enclose_only(s, what, begin, after, next);
    edits_.at(begin, false, Nesting::Brace, "{");
    stmt(s);
    edits_.at(after, true, Nesting::Brace, "}");
  }

  // Braces from `begin` to `after` must enclose the body s and nothing else,
  // or the counting copy would run differently from the source: a macro that
  // expands to the body and more (`#define STEP a; b` in `if (c) STEP;` makes
  // only a conditional) cannot be bracketed at file level, so it is refused.
  void check_braces_enclose_only(const Stmt* s, const char* what, SourceLocation begin, SourceLocation after, SourceLocation next) {
    auto inside = [&](SourceLocation loc) {
      if (loc.isInvalid()) return false;
      const SourceLocation e = sm_.getExpansionLoc(loc);
      return !sm_.isBeforeInTranslationUnit(e, begin) && sm_.isBeforeInTranslationUnit(e, after);
    };
    const SourceLocation b = s->getBeginLoc();
    bool exact = b.isFileID() || Lexer::isAtStartOfMacroExpansion(b, sm_, lo_);
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
      unsupported(s, std::string("the body of this ") + what + " comes from macro " + outer_macro_name(b.isMacroID() ? b : s->getEndLoc()) +
                         ", which expands to more than that body; it cannot be counted exactly (expanding the macro "
                         "in the source, or making it a single statement, lets it be counted)");
  }

  void stmt(Stmt* s) {
    if (!s) return;
    if (auto* cs = dyn_cast<CompoundStmt>(s)) {
      if (in_kernel_ && cs == function_body_) return kernel_statements(cs);
      for (Stmt* c : cs->body()) stmt(c);
    } else if (auto* ds = dyn_cast<DeclStmt>(s)) {
      decl_stmt(ds);
    } else if (auto* rs = dyn_cast<ReturnStmt>(s)) {
      Cost c;
      expr(rs->getRetValue(), c);
      charge_before(s, c);
    } else if (auto* is = dyn_cast<IfStmt>(s)) {
      no_macro_control(s, "if statement");
      note_branch(is->getCond());
      Cost c;
      expr(is->getCond(), c);
      charge_before(s, c);
      body(is->getThen(), "if statement", is->getElseLoc());
      body(is->getElse(), "else branch");
    } else if (auto* fs = dyn_cast<ForStmt>(s)) {
      no_macro_control(s, "for loop");
      Cost c;
      if (auto* init = fs->getInit()) {
        if (auto* e = dyn_cast<Expr>(init)) expr(const_cast<Expr*>(e), c);
        else if (auto* d = dyn_cast<DeclStmt>(init)) decl_cost(d, c);
      }
      charge_before(s, c);
      note_branch(fs->getCond());
      inject(fs->getCond());
      inject(fs->getInc());
      body(fs->getBody(), "for loop");
    } else if (auto* ws = dyn_cast<WhileStmt>(s)) {
      no_macro_control(s, "while loop");
      note_branch(ws->getCond());
      inject(ws->getCond());
      body(ws->getBody(), "while loop");
    } else if (auto* dos = dyn_cast<DoStmt>(s)) {
      no_macro_control(s, "do loop");
      body(dos->getBody(), "do loop", dos->getWhileLoc());
      note_branch(dos->getCond());
      inject(dos->getCond());
    } else if (auto* ss = dyn_cast<SwitchStmt>(s)) {
      no_macro_control(s, "switch statement");
      Cost c;
      expr(ss->getCond(), c);
      charge_before(s, c);
      stmt(ss->getBody());
    } else if (auto* sc = dyn_cast<SwitchCase>(s)) {
      stmt(sc->getSubStmt());
    } else if (auto* ls = dyn_cast<LabelStmt>(s)) {
      stmt(ls->getSubStmt());
    } else if (auto* as = dyn_cast<AttributedStmt>(s)) {
      stmt(as->getSubStmt());
    } else if (auto* e = dyn_cast<Expr>(s)) {
      Cost c;
      expr(e, c);
      charge_before(s, c);
    }
    // break, continue, goto, null statements: nothing to charge.
  }

  // The kernel's top-level statements. Each one's own charges (not those of
  // the branches, loop bodies and conditional operands inside it) are made
  // exactly once by every work-item until a statement that may return: a
  // kernel is entered once per work-item and nothing before that statement
  // can leave it, skip or repeat it. A goto or label anywhere breaks that.
  void kernel_statements(CompoundStmt* body) {
    bool once = !contains_jump(body, false);
    for (Stmt* c : body->body()) {
      once_per_item_stmt_ = once && !own_parts_may_return(c) ? c : nullptr;
      stmt(c);
      once = once && !contains_jump(c, true);
    }
    once_per_item_stmt_ = nullptr;
  }

  // Whether the parts of s that charge_before charges for s itself (an
  // expression or declaration whole; the condition of an if or switch; the
  // init of a for) can return, through a GNU statement expression: then its
  // charges are made only by the items that get past it.
  static bool own_parts_may_return(const Stmt* s) {
    if (auto* is = dyn_cast<IfStmt>(s)) return contains_jump(is->getInit(), true) || contains_jump(is->getCond(), true);
    if (auto* ss = dyn_cast<SwitchStmt>(s)) return contains_jump(ss->getInit(), true) || contains_jump(ss->getCond(), true);
    if (auto* fs = dyn_cast<ForStmt>(s)) return contains_jump(fs->getInit(), true);
    if (isa<WhileStmt>(s) || isa<DoStmt>(s)) return false;  // charged only through injected operands
    return contains_jump(s, true);
  }

  // A goto, computed goto or label in s, or (with returns) a return statement.
  static bool contains_jump(const Stmt* s, bool returns) {
    if (!s) return false;
    if (isa<GotoStmt>(s) || isa<IndirectGotoStmt>(s) || isa<LabelStmt>(s) || (returns && isa<ReturnStmt>(s))) return true;
    for (const Stmt* c : s->children())
      if (contains_jump(c, returns)) return true;
    return false;
  }

  // The wrapper's part for charges made once per work-item: one item adds
  // them times the number of items in the NDRange.
  std::string once_per_item_sums() const {
    if (!once_per_item_.any()) return "";
    std::string adds;
    for (const auto& [slot, n] : once_per_item_.charges())
      adds += "    __rl_add(__rl_out, " + std::to_string(slot) + ", " + std::to_string(n) + "UL * __rl_items);\n";
    return "  // Charged once by every work-item (statements outside branches and loops, before any return).\n"
           "  if (__rl_l == 0 && get_group_id(0) == 0 && get_group_id(1) == 0 && get_group_id(2) == 0) {\n"
           "    const ulong __rl_items = (ulong)get_global_size(0) * get_global_size(1) * get_global_size(2);\n" +
           adds + "  }\n";
  }

  void decl_cost(const DeclStmt* ds, Cost& c) {
    for (const Decl* d : ds->decls())
      if (auto* v = dyn_cast<VarDecl>(d))
        if (v->hasInit()) {
          expr(const_cast<Expr*>(v->getInit()), c);
          // An initialised private array or struct is a store of its size.
          if (v->getType()->isArrayType() || v->getType()->isRecordType())
            c.v[kPrivateStore] += ctx_.getTypeSizeInChars(v->getType()).getQuantity();
        }
  }

  void decl_stmt(DeclStmt* ds) {
    bool local = false, other = false;
    for (const Decl* d : ds->decls()) {
      auto* v = dyn_cast<VarDecl>(d);
      if (v && v->getType().getAddressSpace() == LangAS::opencl_local) local = true;
      else other = true;
    }
    if (local) {
      if (!in_kernel_) unsupported(ds, "__local variable outside a kernel");
      if (other) unsupported(ds, "a declaration mixing __local and other variables; split it");
      for (const Decl* d : ds->decls()) hoisted_.push_back(cast<VarDecl>(d));
      rw_.ReplaceText(file_range(ds->getSourceRange()), "/* __local declared by the counting wrapper */");
      return;
    }
    Cost c;
    decl_cost(ds, c);
    charge_before(ds, c);
  }

  // ---- expressions ----

  // Wraps a conditionally evaluated expression (an operand of &&, || or ?:,
  // a loop condition or increment) as "(charges, e)", at the tokens it is
  // made of: inside a macro, those of its own expanded copy.
  void inject(Expr* e) {
    if (!e) return;
    Cost c;
    expr(e, c);
    if (!c.any() || record_) return;  // walked for its accesses and branches only
    edits_.before_token(e->getBeginLoc(), Nesting::Operand, "(" + c.text(','));
    edits_.after_token(e->getEndLoc(), Nesting::Operand, ")");
  }

  struct Lanes {
    int lanes = 1;
    QualType elem;
  };
  static Lanes lanes_of(QualType t) {
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

  // One arithmetic operation per lane of type t, in the slot of its element type.
  static void arith(QualType t, double per_lane_or_total, bool total, Cost& c) {
    Lanes l = lanes_of(t);
    const std::uint64_t n = std::uint64_t(total ? per_lane_or_total : per_lane_or_total * l.lanes);
    if (!n) return;
    const Type* e = l.elem.getTypePtr();
    if (e->isSpecificBuiltinType(BuiltinType::Half)) c.v[kFlopHalf] += n;
    else if (e->isSpecificBuiltinType(BuiltinType::Float)) c.v[kFlopFloat] += n;
    else if (e->isSpecificBuiltinType(BuiltinType::Double)) c.v[kFlopDouble] += n;
    else if (e->isIntegerType() || e->isPointerType() || e->isBooleanType()) c.v[kIntop] += n;
  }

  // ---- the math category (README, "Counting rules") ----

  std::map<MathCall, int> math_slot_of_;

  // The counter slot of a math call: the next one after the fixed slots the
  // first time the instrumenter meets it.
  int math_slot(const MathCall& m) {
    const auto [it, added] = math_slot_of_.try_emplace(m, kCounterSlots + int(math_slots.size()));
    if (added) math_slots.push_back(m);
    return it->second;
  }

  // The element type a math call is counted under: half, float, double, and
  // int for every integer type (the integer roofs are measured on int);
  // none for anything else.
  static std::optional<DataType> math_type(QualType elem) {
    const Type* e = elem.getTypePtr();
    if (e->isSpecificBuiltinType(BuiltinType::Half)) return DataType::float16;
    if (e->isSpecificBuiltinType(BuiltinType::Float)) return DataType::float32;
    if (e->isSpecificBuiltinType(BuiltinType::Double)) return DataType::float64;
    if (e->isIntegerType() && !e->isBooleanType()) return DataType::int32;
    return std::nullopt;
  }

  // One call of f per lane of t. The recording copy charges nothing.
  void charge_math(MathFunction f, MathForm form, QualType t, Cost& c) {
    if (record_ || t.isNull()) return;
    const Lanes l = lanes_of(t);
    const std::optional<DataType> type = math_type(l.elem);
    if (!type) return;
    c.math[math_slot(MathCall{f, form, *type})] += std::uint64_t(l.lanes);
  }

  // Whether a constant lane of a divisor lets the compiler drop the divide:
  // an integer constant becomes a shift or a multiply-high sequence, a
  // floating-point power of two an exact multiplication by its inverse.
  static bool divides_away(const APValue& lane) {
    if (lane.isInt()) return true;
    if (lane.isFloat()) return lane.getFloat().getExactInverse(nullptr);
    return false;
  }

  // A divisor that is a constant in every lane and divides away (above): such
  // a / or % runs no division, so it is no call of the div or mod roof.
  bool constant_divisor(const Expr* divisor) const {
    Expr::EvalResult r;
    if (divisor->isValueDependent() || !divisor->EvaluateAsRValue(r, ctx_)) return false;
    if (!r.Val.isVector()) return divides_away(r.Val);
    for (unsigned i = 0; i < r.Val.getVectorLength(); ++i)
      if (!divides_away(r.Val.getVectorElt(i))) return false;
    return true;
  }

  // The operators of the math category: floating-point / as div of its
  // type, integer / and % as div and mod of int (compound assignments too),
  // unless the divisor is a constant the compiler divides away.
  void charge_math_operator(const BinaryOperator* bo, Cost& c) {
    BinaryOperatorKind op = bo->getOpcode();
    if (op == BO_DivAssign) op = BO_Div;
    if (op == BO_RemAssign) op = BO_Rem;
    if (op != BO_Div && op != BO_Rem) return;
    if (constant_divisor(bo->getRHS())) return;
    const auto* ca = dyn_cast<CompoundAssignOperator>(bo);
    const QualType t = ca ? ca->getComputationResultType() : bo->getType();
    charge_math(op == BO_Div ? MathFunction::div : MathFunction::mod, MathForm::precise, t, c);
  }

  // A builtin of the math functions' table (math_builtin), but for mad and
  // fma, which are the compute roofs' arithmetic: one call per lane of its
  // first argument, counted under that argument's element type.
  void charge_math_builtin(const std::string& name, QualType first, Cost& c) {
    const auto m = math_builtin(name);
    if (!m || m->first == MathFunction::mad || m->first == MathFunction::fma) return;
    charge_math(m->first, m->second, first, c);
  }

  // The address space an lvalue lives in, and whether it is a memory access at
  // all (named private scalars and vectors are registers, not counted).
  enum class Space { None, Global, Constant, Local, Private };
  Space space_of(const Expr* lv) const {
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

  // The type a pointer argument points to, as written (before a conversion to
  // the builtin's generic pointer); null when the argument is no pointer.
  static QualType pointee_of(const Expr* arg) {
    const QualType pt = arg->IgnoreImpCasts()->getType().getCanonicalType();
    return pt->isPointerType() ? pt->getPointeeType() : QualType();
  }
  // The space bytes in address space `as` are counted in (a builtin's pointer
  // argument reads or writes in its pointee's): generic pointers as global
  // (their space is known only at run time), anything else not named as private.
  static Space counted_space(LangAS as) {
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

  void charge_memory(Space s, std::uint64_t bytes, bool store, Cost& c) {
    switch (s) {
      case Space::Global: c.v[store ? kGlobalStore : kGlobalLoad] += bytes; break;
      case Space::Constant: if (!store) c.v[kConstantLoad] += bytes; break;
      case Space::Local: c.v[store ? kLocalStore : kLocalLoad] += bytes; break;
      case Space::Private: c.v[store ? kPrivateStore : kPrivateLoad] += bytes; break;
      case Space::None: break;
    }
  }
  std::uint64_t size_of(QualType t) const { return t->isIncompleteType() ? 0 : std::uint64_t(ctx_.getTypeSizeInChars(t).getQuantity()); }
  void load(const Expr* lv, Cost& c) {
    const Space s = space_of(lv);
    charge_memory(s, size_of(lv->getType()), false, c);
    note_access(lv, s, false);
  }
  void store(const Expr* lv, Cost& c) {
    const Space s = space_of(lv);
    charge_memory(s, size_of(lv->getType()), true, c);
    note_access(lv, s, true);
  }

  void children(Expr* e, Cost& c) {
    for (Stmt* ch : e->children())
      if (auto* ce = dyn_cast_or_null<Expr>(ch)) expr(ce, c);
  }

  void expr(Expr* e, Cost& c) {
    if (!e) return;
    if (auto* bo = dyn_cast<BinaryOperator>(e)) {
      const BinaryOperatorKind op = bo->getOpcode();
      if (op == BO_LAnd || op == BO_LOr) {
        expr(bo->getLHS(), c);
        inject(bo->getRHS());
        return;
      }
      if (op == BO_Assign) {
        store(bo->getLHS(), c);
        note_chain(bo);
      } else if (auto* ca = dyn_cast<CompoundAssignOperator>(bo)) {
        load(bo->getLHS(), c);
        store(bo->getLHS(), c);
        arith(ca->getComputationResultType(), 1, false, c);
        charge_math_operator(bo, c);
      } else if (bo->isMultiplicativeOp() || bo->isAdditiveOp() || bo->isShiftOp() || bo->isBitwiseOp()) {
        arith(bo->getType(), 1, false, c);
        charge_math_operator(bo, c);
      }
      return children(e, c);
    }
    if (auto* co = dyn_cast<ConditionalOperator>(e)) {
      if (!co->getCond()->getType()->isVectorType()) note_branch(co->getCond());
      expr(co->getCond(), c);
      inject(co->getTrueExpr());
      inject(co->getFalseExpr());
      return;
    }
    if (auto* uo = dyn_cast<UnaryOperator>(e)) {
      if (uo->isIncrementDecrementOp()) {
        load(uo->getSubExpr(), c);
        store(uo->getSubExpr(), c);
        arith(uo->getSubExpr()->getType(), 1, false, c);
      } else if (uo->getOpcode() == UO_Not) {
        arith(uo->getType(), 1, false, c);
      }
      return children(e, c);
    }
    if (auto* ic = dyn_cast<ImplicitCastExpr>(e); ic && ic->getCastKind() == CK_LValueToRValue) {
      load(ic->getSubExpr(), c);
      return children(e, c);
    }
    if (auto* call = dyn_cast<CallExpr>(e)) {
      call_cost(call, c);
      return children(e, c);
    }
    if (isa<UnaryExprOrTypeTraitExpr>(e)) return;  // sizeof, vec_step: not evaluated
    children(e, c);
  }

  // ---- record mode: the accesses ----

  // __rl_note, which writes one address record of the work-item (past its
  // cap, it only counts it), defined before any function that calls it: at
  // the top of the file, the file's own lines numbered as before.
  static std::string note_definition() {
    return "void __rl_note(ulong __rl_a, uint __rl_meta, uint __rl_bytes, __private ulong *__rl_c, __global ulong *__rl_r) {"
           " const ulong __rl_k = __rl_c[" + std::to_string(kRecordCursorSlot) + "]++;"
           " if (__rl_k < __rl_c[" + std::to_string(kRecordCapSlot) + "]) {"
           " __global ulong *__rl_e = __rl_r + __rl_c[" + std::to_string(kRecordBaseSlot) + "] + 2 * __rl_k;"
           " __rl_e[0] = __rl_a; __rl_e[1] = (ulong)__rl_meta | ((ulong)__rl_bytes << 32); } }\n"
           "int __rl_br(uint __rl_meta, __private ulong *__rl_c, __global ulong *__rl_r, int __rl_taken) {"
           " __rl_note((ulong)__rl_taken, __rl_meta, 0u, __rl_c, __rl_r); return __rl_taken; }\n#line 1\n";
  }

  // A memory access to record: the expression whose address is taken (or
  // the pointer argument of a builtin), what it does, where it is.
  struct Access {
    const Expr* at = nullptr;      // an lvalue (its address is recorded) or, with pointer_arg, a pointer
    bool pointer_arg = false;
    QualType pointer;              // the type of the variable that holds its address
    unsigned flags = 0;            // kRecordLoad | kRecordStore
    std::uint64_t bytes = 0, offset = 0;
    std::string element_offset;    // pointer_arg of vloadn/vstoren: "(OFFSET) * n", the element the call reaches
    const Stmt* body = nullptr;    // of the function it is in
    AddressSpace space = AddressSpace::global;
    bool atomic = false;           // the pointer argument of an atomic builtin
  };
  std::vector<Access> accesses_;
  std::map<const Expr*, std::size_t> access_index_;
  std::vector<const Expr*> branches_;  // conditions whose outcome each evaluation records
  std::set<const Expr*> chained_;      // accesses whose address comes from what the one before loaded

  static bool refers_to(const Stmt* s, const ValueDecl* v) {
    if (!s) return false;
    if (auto* ref = dyn_cast<DeclRefExpr>(s); ref && ref->getDecl() == v) return true;
    for (const Stmt* c : s->children())
      if (refers_to(c, v)) return true;
    return false;
  }

  // `v = ... a[... v ...] ...` (or `v = v->next`): the access's address
  // comes from the value its previous execution loaded, a dependent chain
  // (pointer chasing): one such access in flight per work-item. Only where
  // the loaded value flows into v: not in a comparison or a condition
  // (`best = a[j] < a[best] ? j : best` keeps an index, not a loaded value).
  void note_chain(const BinaryOperator* assign) {
    if (!record_) return;
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

  // A condition of an if, a loop or a scalar ?: (in the file or in a macro:
  // SourceEdits writes out an invocation that needs it).
  void note_branch(const Expr* cond) {
    if (record_ && cond) branches_.push_back(cond);
  }

  static AddressSpace site_space(Space s) {
    return s == Space::Local ? AddressSpace::local : s == Space::Constant ? AddressSpace::constant : AddressSpace::global;
  }

  // A load or store of the lvalue `lv` in space s: recorded at the lvalue it
  // is a part of that has an address (a vector's component is recorded at
  // the vector, plus the component's offset; p->x at the pointer p).
  void note_access(const Expr* lv, Space s, bool store) {
    if (!record_ || s == Space::None || s == Space::Private) return;
    const Expr* at = lv->IgnoreParens();
    std::uint64_t offset = 0;
    while (auto* ev = dyn_cast<ExtVectorElementExpr>(at)) {
      SmallVector<uint32_t, 16> elts;
      ev->getEncodedElementAccess(elts);
      const QualType vector = ev->isArrow() ? ev->getBase()->getType()->getPointeeType() : ev->getBase()->getType();
      if (!elts.empty()) offset += elts[0] * size_of(lanes_of(vector).elem);
      if (ev->isArrow()) {
        const Expr* pointer = ev->getBase()->IgnoreParens();
        return add_access(pointer, pointer->getType(), store ? kRecordStore : kRecordLoad, size_of(lv->getType()), offset, site_space(s));
      }
      at = ev->getBase()->IgnoreParens();
    }
    add_access(at, QualType(), store ? kRecordStore : kRecordLoad, size_of(lv->getType()), offset, site_space(s));
  }

  // `pointer`: the type the address is held as (a pointer argument's after
  // its conversion to the builtin's parameter type); null: a pointer to `at`.
  void add_access(const Expr* at, QualType pointer, unsigned flags, std::uint64_t bytes, std::uint64_t offset, AddressSpace space,
                  const std::string& element_offset = "") {
    const auto [it, fresh] = access_index_.emplace(at, accesses_.size());
    if (!fresh) {
      accesses_[it->second].flags |= flags;
      return;
    }
    const bool pointer_arg = !pointer.isNull();
    accesses_.push_back({at, pointer_arg, pointer_arg ? pointer : ctx_.getPointerType(at->getType()), flags, bytes, offset, element_offset,
                         function_body_, space});
  }

  // A site's id and its entry in `sites`, its text cut at 80 characters.
  unsigned new_site(const Expr* e, AddressSpace space, bool branch, bool atomic, bool chained) {
    const unsigned id = unsigned(sites.size());
    if (id > kRecordSiteMask) unsupported(e, "more access sites than the records can number");
    std::string text = text_of(e->getSourceRange());
    if (text.size() > 80) text = text.substr(0, 77) + "...";
    sites.push_back({id, where(sm_, e->getBeginLoc()), text, space, branch, atomic, chained});
    return id;
  }

  // Writes every recorded access as "(*(p = &(E), __rl_note(...), p))" (a
  // pointer argument as "(p = (P), __rl_note(...), p)"), p a pointer
  // variable of the access's own declared at the top of its function.
  void record_accesses() {
    if (!record_) return;
    PrintingPolicy pp(lo_);
    std::map<const Stmt*, std::string> declarations;
    for (const Access& a : accesses_) {
      const unsigned id = new_site(a.at, a.space, false, a.atomic, chained_.count(a.at) > 0);
      const std::string var = "__rl_p" + std::to_string(id);
      std::string decl;
      llvm::raw_string_ostream os(decl);
      a.pointer.print(os, pp, var);
      os.flush();
      if (decl.find("(anonymous") != std::string::npos || decl.find("(unnamed") != std::string::npos)
        unsupported(a.at, "an access of an unnamed struct type cannot be recorded; give the type a name");
      declarations[a.body] += decl + "; ";
      const std::string address = a.element_offset.empty() ? "(ulong)" + var : "(ulong)(" + var + " + " + a.element_offset + ")";
      const std::string note = "__rl_note(" + address + " + " + std::to_string(a.offset) + "UL, " + std::to_string(id | a.flags) + "u, " +
                               std::to_string(a.bytes) + "u, " + counter_arguments() + "), " + var;
      if (a.pointer_arg) {
        edits_.before_token(a.at->getBeginLoc(), Nesting::Access, "(" + var + " = (");
        edits_.after_token(a.at->getEndLoc(), Nesting::Access, "), " + note + ")");
      } else {
        edits_.before_token(a.at->getBeginLoc(), Nesting::Access, "(*(" + var + " = &(");
        edits_.after_token(a.at->getEndLoc(), Nesting::Access, "), " + note + "))");
      }
    }
    for (const Expr* cond : branches_) {
      const unsigned id = new_site(cond, AddressSpace::global, true, false, false);
      edits_.before_token(cond->getBeginLoc(), Nesting::Branch, "__rl_br(" + std::to_string(id | kRecordBranch) + "u, " + counter_arguments() + ", (");
      edits_.after_token(cond->getEndLoc(), Nesting::Branch, ") != 0)");
    }
    for (const auto& [body, decls] : declarations) {
      const auto* cs = cast<CompoundStmt>(body);
      if (cs->getLBracLoc().isMacroID()) unsupported(body, "a function body that starts inside a macro cannot record its accesses");
      edits_.at(cs->getLBracLoc().getLocWithOffset(1), false, Nesting::Brace, " " + decls);
    }
  }

  // vloadn(offset, p) / vstoren(data, offset, p): recorded at p + offset * n,
  // when the offset can be written twice (no side effects, written in the
  // file); otherwise at p, with a warning.
  void record_vector_access(const CallExpr* call, bool vload, int n, QualType pointee) {
    const Space s = counted_space(pointee.getAddressSpace());
    if (s == Space::Private) return;
    const Expr* offset = call->getArg(vload ? 0 : 1);
    const Expr* pointer = call->getArg(vload ? 1 : 2);
    std::string element;
    if (!offset->HasSideEffects(ctx_) && offset->getBeginLoc().isFileID() && offset->getEndLoc().isFileID())
      element = "(size_t)(" + text_of(offset->getSourceRange()) + ") * " + std::to_string(n);
    else
      warn(where(sm_, call->getBeginLoc()) + ": the address of this " + (vload ? "vload" : "vstore") +
           " is recorded at its pointer, not at its offset (the offset has side effects or comes from a macro)");
    add_access(pointer->IgnoreImpCasts(), pointer->getType(), vload ? kRecordLoad : kRecordStore, std::uint64_t(n) * size_of(pointee), 0,
               site_space(s), element);
  }

  void call_cost(CallExpr* call, Cost& c) {
    const FunctionDecl* fd = call->getDirectCallee();
    if (!fd) unsupported(call, "a call through a function pointer");
    if (is_user_function(fd)) {
      // The callee counts its own work; it receives the counters.
      edits_.before_token(call->getRParenLoc(), Nesting::Operand, (call->getNumArgs() ? ", " : "") + counter_arguments());
      return;
    }
    if (fd->hasAttr<OpenCLKernelAttr>()) unsupported(call, "a kernel calling another kernel");
    if (record_ && fd->getIdentifier() && (fd->getName() == "barrier" || fd->getName() == "work_group_barrier")) {
      edits_.before_token(call->getBeginLoc(), Nesting::Operand,
                          "(__rl_note(0UL, " + std::to_string(kRecordBarrier) + "u, 0u, " + counter_arguments() + "), ");
      edits_.after_token(call->getRParenLoc(), Nesting::Operand, ")");
    }
    if (const FunctionDecl* def = fd->getDefinition())
      warn("calls of " + fd->getNameAsString() + " (defined in " + where(sm_, def->getBeginLoc()) +
           ", a system header, which is not rewritten) are not counted");
    if (!fd->getIdentifier()) return;
    const std::string name = fd->getName().str();
    const QualType first = call->getNumArgs() ? call->getArg(0)->getType() : QualType();
    if (AtomicKind ak = atomic_kind(name); ak.is_atomic && call->getNumArgs()) {
      const QualType pt = first.getCanonicalType();
      if (!pt->isPointerType()) return;
      const QualType pointee = pt->getPointeeType();
      Space s = Space::Private;
      switch (pointee.getAddressSpace()) {
        case LangAS::opencl_local: s = Space::Local; break;
        default: s = Space::Global; break;
      }
      QualType value = pointee;
      if (auto* at = value->getAs<AtomicType>()) value = at->getValueType();
      const std::uint64_t bytes = size_of(value);
      if (ak.loads) charge_memory(s, bytes, false, c);
      if (ak.stores) charge_memory(s, bytes, true, c);
      if (record_ && (ak.loads || ak.stores)) {
        const Expr* pointer = call->getArg(0)->IgnoreImpCasts();
        add_access(pointer, call->getArg(0)->getType(), (ak.loads ? kRecordLoad : 0) | (ak.stores ? kRecordStore : 0), bytes, 0, site_space(s));
        accesses_[access_index_.at(pointer)].atomic = true;
      }
      if (ak.arithmetic) arith(value, 1, false, c);
      return;
    }
    const bool vload = name.rfind("vload", 0) == 0, vstore = name.rfind("vstore", 0) == 0;
    if ((vload && call->getNumArgs() == 2) || (vstore && call->getNumArgs() == 3)) {
      const QualType pointee = pointee_of(call->getArg(vload ? 1 : 2));
      if (pointee.isNull()) return;
      const int n = vload ? lanes_of(call->getType()).lanes : lanes_of(call->getArg(0)->getType()).lanes;
      charge_memory(counted_space(pointee.getAddressSpace()), std::uint64_t(n) * size_of(pointee), vstore, c);
      if (record_) record_vector_access(call, vload, n, pointee);
      return;
    }
    // sincos(x, &c) and the like: a store of the pointee, besides the operation.
    if (const int out = pointer_output_argument(name); out >= 0 && out < int(call->getNumArgs())) {
      const QualType pointee = pointee_of(call->getArg(unsigned(out)));
      if (!pointee.isNull()) charge_memory(counted_space(pointee.getAddressSpace()), size_of(pointee), true, c);
    }
    const int lanes = first.isNull() ? 1 : lanes_of(first).lanes;
    const int result_lanes = call->getType()->isVoidType() ? 1 : lanes_of(call->getType()).lanes;
    charge_math_builtin(name, first.isNull() ? call->getType() : first, c);
    const double ops = builtin_ops(name, lanes, result_lanes);
    if (ops > 0) arith(first.isNull() ? call->getType() : first, ops, true, c);
  }
};

class Action : public ASTFrontendAction {
 public:
  Action(const std::string& kernel, bool record, InstrumentResult& out, std::string& diagnostics, std::string& error)
      : kernel_(kernel), record_(record), out_(out), diag_(diagnostics), error_(error) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance& ci, StringRef) override {
    diag_stream_ = std::make_unique<llvm::raw_string_ostream>(diag_);
    auto* printer = new TextDiagnosticPrinter(*diag_stream_, &ci.getDiagnosticOpts());
    // Parsing has not started yet, but the source file has: the new client must be told.
    printer->BeginSourceFile(ci.getLangOpts(), ci.hasPreprocessor() ? &ci.getPreprocessor() : nullptr);
    ci.getDiagnostics().setClient(printer, true);
    rewriter_.setSourceMgr(ci.getSourceManager(), ci.getLangOpts());
    // Both watch the preprocessor from the start: macro expansions and #include lines.
    tokens_ = std::make_unique<ExpansionTokens>(ci.getPreprocessor());
    auto includes = std::make_unique<UserIncludes>(ci.getSourceManager());
    includes_ = includes.get();  // owned by the preprocessor, which outlives the parse
    ci.getPreprocessor().addPPCallbacks(std::move(includes));
    return std::make_unique<Consumer>(*this);
  }

 private:
  struct Consumer : ASTConsumer {
    explicit Consumer(Action& a) : action(a) {}
    void HandleTranslationUnit(ASTContext& ctx) override {
      if (ctx.getDiagnostics().hasErrorOccurred()) return;
      Instrumenter ins(ctx, action.rewriter_, action.kernel_, *action.includes_, *action.tokens_, action.record_);
      try {
        ins.run();
      } catch (const InstrumentError& e) {
        action.error_ = e.what();
        action.out_.kernels = ins.kernels;
        return;
      }
      action.out_.kernels = ins.kernels;
      const FileID main = ctx.getSourceManager().getMainFileID();
      const RewriteBuffer* buf = action.rewriter_.getRewriteBufferFor(main);
      action.out_.source = buf ? std::string(buf->begin(), buf->end()) : ctx.getSourceManager().getBufferData(main).str();
      if (!action.record_) fill_work_group_sum(action.out_.source, kCounterSlots + int(ins.math_slots.size()));
      action.out_.warnings = ins.warnings;
      action.out_.sites = ins.sites;
      action.out_.layout = ins.layout;
      action.out_.math_slots = ins.math_slots;
    }
    Action& action;
  };

 public:
  std::string kernel_;
  bool record_;
  InstrumentResult& out_;
  std::string& diag_;
  std::unique_ptr<llvm::raw_string_ostream> diag_stream_;
  Rewriter rewriter_;
  std::unique_ptr<ExpansionTokens> tokens_;
  UserIncludes* includes_ = nullptr;
  std::string& error_;
};

}  // namespace

InstrumentResult instrument_source(const InstrumentRequest& req) {
  const std::vector<std::string> args = clang_tool_args(req);
  InstrumentResult out;
  std::string diagnostics;
  std::string error;
  const bool ok = clang::tooling::runToolOnCodeWithArgs(std::make_unique<Action>(req.kernel, req.record_addresses, out, diagnostics, error),
                                                        req.source, args, req.file_name);
  if (!error.empty()) throw InstrumentError(error);
  if (!ok || out.source.empty()) {
    throw InstrumentError(diagnostics.empty() ? "Clang could not parse " + req.file_name : "Clang could not parse " + req.file_name + ":\n" + diagnostics);
  }
  return out;
}

}  // namespace roofline
