// files/schema_words: a validator's finding in words for whoever wrote the
// file (used by files/schema): the field as a JSON pointer, what the schema
// wants there (read from the schema itself: its types, enum, bounds) and what
// the document holds.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "files/schema.hpp"

namespace roofline {

// What valijson reports: the path to the value (object keys and array
// indices) and its own description of the failed constraint.
struct SchemaFinding {
  std::vector<std::string> path;
  std::string description;
};

// A subschema and the schema file it is part of (its "$ref"s resolve there).
struct SchemaNode {
  const nlohmann::json* schema = nullptr;
  std::string file;
};

// The schema files by name ("common.schema.json").
class SchemaFiles {
 public:
  virtual ~SchemaFiles() = default;
  virtual const nlohmann::json* document(const std::string& name) const = 0;
};

// The finding as a problem: "/ceilings/0/kind" and "must be one of "compute"
// or "memory", got "bogus"". The schema under `root` is searched for what
// the failed constraint wanted at the finding's path (through "$ref",
// "allOf", "anyOf", "oneOf" and the branch of "if" the document takes);
// where nothing is found, valijson's own description stands.
SchemaProblem describe_finding(const SchemaFinding& finding, const nlohmann::json& doc, const SchemaNode& root,
                               const SchemaFiles& files);

}  // namespace roofline
