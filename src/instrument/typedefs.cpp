// instrument/typedefs.hpp: parses the file as the instrumenter
// does and names the canonical type behind each of its typedefs.
#include "instrument/typedefs.hpp"

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Tooling/Tooling.h>

#include "instrument/clang_args.hpp"

namespace roofline {
namespace {
using namespace clang;

// "float", "uint4", "float*"; empty for a type launch specs cannot name.
std::string opencl_name(QualType t) {
  t = t.getCanonicalType();
  if (t->isPointerType()) {
    const std::string p = opencl_name(t->getPointeeType());
    return p.empty() || p.back() == '*' ? "" : p + "*";
  }
  unsigned lanes = 1;
  if (const auto* v = t->getAs<VectorType>()) {
    lanes = v->getNumElements();
    t = v->getElementType().getCanonicalType();
  }
  const auto* b = t->getAs<BuiltinType>();
  if (!b) return "";
  std::string base;
  switch (b->getKind()) {
    case BuiltinType::Char_S: case BuiltinType::Char_U: case BuiltinType::SChar: base = "char"; break;
    case BuiltinType::UChar: base = "uchar"; break;
    case BuiltinType::Short: base = "short"; break;
    case BuiltinType::UShort: base = "ushort"; break;
    case BuiltinType::Int: base = "int"; break;
    case BuiltinType::UInt: base = "uint"; break;
    case BuiltinType::Long: base = "long"; break;
    case BuiltinType::ULong: base = "ulong"; break;
    case BuiltinType::Half: base = "half"; break;
    case BuiltinType::Float: base = "float"; break;
    case BuiltinType::Double: base = "double"; break;
    default: return "";
  }
  return lanes == 1 ? base : base + std::to_string(lanes);
}

class Collect : public ASTFrontendAction {
 public:
  Collect(std::map<std::string, std::string>& out, bool& parsed) : out_(out), parsed_(parsed) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance& ci, StringRef) override {
    ci.getDiagnostics().setClient(new IgnoringDiagConsumer, true);
    return std::make_unique<Consumer>(out_, parsed_);
  }

 private:
  struct Consumer : ASTConsumer {
    Consumer(std::map<std::string, std::string>& o, bool& p) : out(o), parsed(p) {}
    void HandleTranslationUnit(ASTContext& ctx) override {
      if (ctx.getDiagnostics().hasErrorOccurred()) return;  // the ignoring client counts no errors: say so here
      parsed = true;
      const SourceManager& sm = ctx.getSourceManager();
      for (const Decl* d : ctx.getTranslationUnitDecl()->decls()) {
        const auto* td = dyn_cast<TypedefNameDecl>(d);
        if (!td || td->getLocation().isInvalid() || sm.isInSystemHeader(td->getLocation())) continue;
        const std::string name = opencl_name(td->getUnderlyingType());
        if (!name.empty()) out[td->getNameAsString()] = name;
      }
    }
    std::map<std::string, std::string>& out;
    bool& parsed;
  };
  std::map<std::string, std::string>& out_;
  bool& parsed_;
};

}  // namespace

TypedefNames typedefs_of(const InstrumentRequest& req) {
  TypedefNames out;
  bool parsed = false;
  if (!tooling::runToolOnCodeWithArgs(std::make_unique<Collect>(out, parsed), req.source, clang_tool_args(req), req.file_name) || !parsed)
    throw InstrumentError("Clang could not parse " + req.file_name);
  return out;
}

}  // namespace roofline
