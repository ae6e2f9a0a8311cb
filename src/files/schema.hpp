// files/schema: the JSON Schemas (draft 7) of the files roofline writes and
// reads, as the repository publishes them in schemas/ and the build compiles
// them in (cmake/embed_files.cmake), and the check of a document against
// one (valijson). A problem is told as the field's JSON pointer and what is
// wrong with it, in words for whoever wrote the file: the validator's and the
// JSON library's own wording stay inside.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace roofline {

// The documents that have a schema.
// instrument_request and instrument_reply are no files: the kernel
// instrumenter's protocol (roofline-instrument's standard input and output).
enum class DocumentKind { roofs, placement, counts, level_override, trace, analysis, capture, fleet, comparison, instrument_request, instrument_reply };

// A schema file as schemas/ holds it.
struct SchemaFile {
  const char* name;  // "roofs.schema.json"
  const char* text;
};

// Every schemas/*.schema.json (generated at build time), by file name.
const std::vector<SchemaFile>& embedded_schema_files();

// The file of a kind's schema: "roofs.schema.json", "levels.schema.json"...
const char* schema_file_name(DocumentKind kind);

// What is wrong with a document: where, as a JSON pointer ("" for the whole
// document), and what, in words.
struct SchemaProblem {
  std::string pointer;
  std::string what;
  // "/ceilings/3/width: must be one of 1, 2, 3, 4, 8 or 16, got -4"; the
  // whole document's problem without a pointer.
  std::string text() const;
};

// Nesting deeper than this is refused (the files roofline writes nest about
// 8 levels): checking and reading recurse, and must not run out of stack.
inline constexpr int kMaxJsonDepth = 64;

// The first problem of `doc` against the schema of `kind`, or none when it
// is valid. Numbers are checked first: every one finite (a parsed 1e999 is
// infinite) and not subnormal (1e-310), and every integer within 64 bits
// signed, whatever the schema.
// The schemas are parsed once, on first use.
std::optional<SchemaProblem> schema_problem(const nlohmann::json& doc, DocumentKind kind);

// A JSON pointer with one more token, escaped ("~" as "~0", "/" as "~1").
std::string pointer_to(const std::string& pointer, const std::string& token);
std::string pointer_to(const std::string& pointer, std::size_t index);

}  // namespace roofline
