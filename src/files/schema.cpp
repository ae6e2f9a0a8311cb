#include "files/schema.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <stdexcept>

#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

#include "files/schema_words.hpp"

namespace roofline {
using nlohmann::json;

namespace {

using Adapter = valijson::adapters::NlohmannJsonAdapter;

std::string base_name(const std::string& uri) { return uri.substr(uri.find_last_of('/') + 1); }

// The schema files parsed, and each kind's schema ready for valijson; built
// once. A schema that does not parse is a defect of the build (the tests
// parse every one), not of the user's input.
class SchemaStore : public SchemaFiles {
 public:
  static const SchemaStore& instance() {
    static const SchemaStore store;
    return store;
  }
  const json* document(const std::string& name) const override {
    const auto it = docs_.find(base_name(name));
    return it == docs_.end() ? nullptr : &it->second;
  }
  const valijson::Schema& schema(DocumentKind kind) const { return *schemas_.at(kind); }

 private:
  SchemaStore() {
    for (const SchemaFile& f : embedded_schema_files()) docs_[f.name] = json::parse(f.text);
    for (DocumentKind kind : {DocumentKind::roofs, DocumentKind::placement, DocumentKind::counts, DocumentKind::level_override,
                              DocumentKind::trace, DocumentKind::analysis, DocumentKind::capture, DocumentKind::fleet, DocumentKind::comparison,
                              DocumentKind::instrument_request, DocumentKind::instrument_reply})
      schemas_[kind] = parse(kind);
  }

  std::unique_ptr<valijson::Schema> parse(DocumentKind kind) const {
    const json* root = document(schema_file_name(kind));
    if (!root) throw std::logic_error(std::string("no embedded schema ") + schema_file_name(kind));
    auto schema = std::make_unique<valijson::Schema>();
    valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
    // References to the other files ("common.schema.json#/...") resolve to
    // the embedded copies, which live as long as the store: nothing to free.
    parser.populateSchema(
        Adapter(*root), *schema, [this](const std::string& uri) { return document(uri); }, [](const json*) {});
    return schema;
  }

  std::map<std::string, json> docs_;
  std::map<DocumentKind, std::unique_ptr<valijson::Schema>> schemas_;
};

// What no schema says but every roofline file keeps to: nesting within
// kMaxJsonDepth, numbers finite and not subnormal (below 2.2e-308 a double
// loses its digits, and nothing roofline measures or counts comes near: a
// chart scaling such a rate draws it wherever the rounding lands), integers
// within 64 bits signed (valijson reads integers as int64_t, and nothing
// roofline counts comes near 2^63).
std::optional<SchemaProblem> number_problem(const json& j, const std::string& pointer, int depth) {
  if (depth > kMaxJsonDepth) return SchemaProblem{pointer, "nested deeper than " + std::to_string(kMaxJsonDepth) + " levels"};
  if (j.is_number_float() && !std::isfinite(j.get<double>())) return SchemaProblem{pointer, "not a finite number"};
  if (j.is_number_float() && std::fpclassify(j.get<double>()) == FP_SUBNORMAL)
    return SchemaProblem{pointer, j.dump() + " is too small to be exact (below 2.2e-308, the smallest normal double)"};
  if (j.is_number_unsigned() && j.get<std::uint64_t>() > std::uint64_t(std::numeric_limits<std::int64_t>::max()))
    return SchemaProblem{pointer, "must be at most 9223372036854775807, got " + j.dump()};
  if (j.is_object())
    for (const auto& [key, value] : j.items())
      if (auto p = number_problem(value, pointer_to(pointer, key), depth + 1)) return p;
  if (j.is_array())
    for (std::size_t i = 0; i < j.size(); ++i)
      if (auto p = number_problem(j[i], pointer_to(pointer, i), depth + 1)) return p;
  return std::nullopt;
}

// valijson's context ("<root>", "[ceilings]", "[0]") as tokens ("ceilings", "0").
std::vector<std::string> tokens_of(const std::vector<std::string>& context) {
  std::vector<std::string> out;
  for (const std::string& c : context)
    if (c.size() >= 2 && c.front() == '[' && c.back() == ']') out.push_back(c.substr(1, c.size() - 2));
  return out;
}

// The finding to report: the deepest (the field itself rather than the
// objects around it, which valijson reports too), the first of equals.
// Findings that only say a subschema failed give way to those saying why.
SchemaFinding chosen(const valijson::ValidationResults& results) {
  SchemaFinding best;
  bool best_says_why = false, any = false;
  for (const auto& e : results) {
    const bool says_why = e.description.rfind("Failed to validate", 0) != 0;
    const std::vector<std::string> path = tokens_of(e.context);
    const bool better = !any || (says_why && !best_says_why) ||
                        (says_why == best_says_why && path.size() > best.path.size());
    if (better) best = {path, e.description}, best_says_why = says_why, any = true;
  }
  return best;
}

}  // namespace

const char* schema_file_name(DocumentKind kind) {
  switch (kind) {
    case DocumentKind::roofs: return "roofs.schema.json";
    case DocumentKind::placement: return "placement.schema.json";
    case DocumentKind::counts: return "counts.schema.json";
    case DocumentKind::level_override: return "levels.schema.json";
    case DocumentKind::trace: return "trace.schema.json";
    case DocumentKind::analysis: return "analysis.schema.json";
    case DocumentKind::capture: return "capture.schema.json";
    case DocumentKind::fleet: return "fleet.schema.json";
    case DocumentKind::comparison: return "comparison.schema.json";
    case DocumentKind::instrument_request: return "instrument-request.schema.json";
    case DocumentKind::instrument_reply: return "instrument-reply.schema.json";
  }
  return "";
}

std::string SchemaProblem::text() const { return pointer.empty() ? what : pointer + ": " + what; }

std::string pointer_to(const std::string& pointer, const std::string& token) {
  std::string escaped;
  for (char c : token) escaped += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
  return pointer + "/" + escaped;
}

std::string pointer_to(const std::string& pointer, std::size_t index) { return pointer + "/" + std::to_string(index); }

std::optional<SchemaProblem> schema_problem(const json& doc, DocumentKind kind) {
  if (auto p = number_problem(doc, "", 0)) return p;
  const SchemaStore& store = SchemaStore::instance();
  valijson::Validator validator(valijson::Validator::kStrongTypes);
  valijson::ValidationResults results;
  if (validator.validate(store.schema(kind), Adapter(doc), &results)) return std::nullopt;
  const json* root = store.document(schema_file_name(kind));
  return describe_finding(chosen(results), doc, {root, schema_file_name(kind)}, store);
}

}  // namespace roofline
