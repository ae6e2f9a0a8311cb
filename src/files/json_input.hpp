// files/json_input: a JSON input file (roofs, placement, counts, level
// override) read whole, parsed and checked against its schema (files/schema)
// before anything converts it: every failure is an InputFileError of one
// line naming the file, the field (a JSON pointer) where there is one, and
// what is wrong. The loaders of each file (load_roofs, load_placements,
// load_counts, load_level_override: files/input_file reads the text, up to
// a cap) and their parse_* forms, which take the text itself, go through here.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "files/file_errors.hpp"
#include "files/schema.hpp"

namespace roofline {

// The JSON of `text`; a syntax error says where: "r.json: not JSON (syntax
// error at line 3, column 7)"; nesting deeper than kMaxJsonDepth is refused,
// and so is a key given twice in one object, by its pointer ("r.json:
// /ceilings/3/value: given twice in one object ..."): which value was meant
// cannot be told, so neither is taken.
nlohmann::json parse_json_input(const std::string& text, const std::string& file);

// Throws "FILE: /pointer: what" for the first problem of `doc` against the
// schema of `kind`.
void require_valid(const nlohmann::json& doc, DocumentKind kind, const std::string& file);

// "FILE: /pointer: what", for what a schema cannot say (capacities that
// must grow from level to level, a dot that needs a positive AI).
InputFileError field_error(const std::string& file, const std::string& pointer, const std::string& what);

// Runs `convert` on a document that passed its schema. The schema leaves the
// conversions nothing to throw; should one throw all the same, the JSON
// library's words stay inside ("FILE: not a KIND this roofline can read"),
// and the model's own checks name the file.
template <typename Convert>
auto converted(const std::string& file, const char* kind, Convert&& convert) -> decltype(convert()) {
  try {
    return convert();
  } catch (const nlohmann::json::exception&) {
    throw InputFileError(file + ": not a " + kind + " this roofline can read");
  } catch (const std::exception& e) {
    throw InputFileError(file + ": " + e.what());
  }
}

}  // namespace roofline
