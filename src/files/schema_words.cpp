#include "files/schema_words.hpp"

#include <algorithm>
#include <cctype>

namespace roofline {
using nlohmann::json;

namespace {

// ---- The schema at a path ----------------------------------------------

// Follows "$ref"s ("#/definitions/x", "common.schema.json#/definitions/x")
// to the subschema they name; null where one names nothing.
SchemaNode resolve(SchemaNode n, const SchemaFiles& files) {
  for (int hops = 0; n.schema && n.schema->is_object() && n.schema->contains("$ref") && hops < 16; ++hops) {
    const json& ref = n.schema->at("$ref");
    if (!ref.is_string()) return {};
    const std::string text = ref.get<std::string>();
    const auto hash = text.find('#');
    const std::string file = text.substr(0, hash);
    const std::string pointer = hash == std::string::npos ? "" : text.substr(hash + 1);
    if (!file.empty()) n.file = file;
    const json* doc = files.document(n.file);
    try {
      n.schema = doc && doc->contains(json::json_pointer(pointer)) ? &doc->at(json::json_pointer(pointer)) : nullptr;
    } catch (const json::exception&) {
      return {};
    }
  }
  return n;
}

bool type_fits(const std::string& type, const json& v) {
  if (type == "integer") return v.is_number_integer();
  if (type == "number") return v.is_number();
  if (type == "string") return v.is_string();
  if (type == "boolean") return v.is_boolean();
  if (type == "object") return v.is_object();
  if (type == "array") return v.is_array();
  if (type == "null") return v.is_null();
  return false;
}

bool types_fit(const json& types, const json& v) {
  if (types.is_string()) return type_fits(types.get<std::string>(), v);
  if (types.is_array())
    return std::any_of(types.begin(), types.end(), [&](const json& t) { return t.is_string() && type_fits(t.get<std::string>(), v); });
  return true;
}

// Whether `v` satisfies the conditions an "if" of roofline's schemas puts:
// type, const, enum, required and properties of those (all that they use).
bool satisfies(SchemaNode n, const json& v, const SchemaFiles& files) {
  n = resolve(n, files);
  if (!n.schema || !n.schema->is_object()) return true;
  const json& s = *n.schema;
  if (s.contains("type") && !types_fit(s.at("type"), v)) return false;
  if (s.contains("const") && s.at("const") != v) return false;
  if (s.contains("enum") && s.at("enum").is_array() &&
      std::find(s.at("enum").begin(), s.at("enum").end(), v) == s.at("enum").end())
    return false;
  if (!v.is_object()) return true;
  if (s.contains("required") && s.at("required").is_array())
    for (const json& name : s.at("required"))
      if (name.is_string() && !v.contains(name.get<std::string>())) return false;
  if (s.contains("properties") && s.at("properties").is_object())
    for (const auto& [key, sub] : s.at("properties").items())
      if (v.contains(key) && !satisfies({&sub, n.file}, v.at(key), files)) return false;
  return true;
}

// The subschemas that apply to a value: the node itself and, recursively,
// its allOf/anyOf/oneOf members and the branch of its "if" the value takes.
void expand(SchemaNode n, const json* value, const SchemaFiles& files, std::vector<SchemaNode>& out, int depth = 0) {
  n = resolve(n, files);
  if (!n.schema || !n.schema->is_object() || depth > 16) return;
  out.push_back(n);
  const json& s = *n.schema;
  for (const char* key : {"allOf", "anyOf", "oneOf"})
    if (s.contains(key) && s.at(key).is_array())
      for (const json& member : s.at(key)) expand({&member, n.file}, value, files, out, depth + 1);
  if (value && s.contains("if")) {
    const char* branch = satisfies({&s.at("if"), n.file}, *value, files) ? "then" : "else";
    if (s.contains(branch)) expand({&s.at(branch), n.file}, value, files, out, depth + 1);
  }
}

// The subschemas of `token` (a key of an object, an index of an array) in those of its parent.
std::vector<SchemaNode> step(const std::vector<SchemaNode>& parents, const json* parent_value, const std::string& token,
                             const json* value, const SchemaFiles& files) {
  std::vector<SchemaNode> out;
  const bool in_array = parent_value && parent_value->is_array();
  for (const SchemaNode& p : parents) {
    const json& s = *p.schema;
    if (in_array) {
      if (s.contains("items") && s.at("items").is_object()) expand({&s.at("items"), p.file}, value, files, out);
    } else if (s.contains("properties") && s.at("properties").is_object() && s.at("properties").contains(token)) {
      expand({&s.at("properties").at(token), p.file}, value, files, out);
    } else if (s.contains("additionalProperties") && s.at("additionalProperties").is_object()) {
      expand({&s.at("additionalProperties"), p.file}, value, files, out);
    }
  }
  return out;
}

const json* child(const json* parent, const std::string& token) {
  if (!parent) return nullptr;
  if (parent->is_object()) return parent->contains(token) ? &parent->at(token) : nullptr;
  if (parent->is_array() && !token.empty() && std::all_of(token.begin(), token.end(), [](unsigned char c) { return std::isdigit(c) != 0; })) {
    const std::size_t i = std::stoul(token);
    return i < parent->size() ? &(*parent)[i] : nullptr;
  }
  return nullptr;
}

// ---- Words ----------------------------------------------------------------

std::string quoted(const std::string& text) {
  const std::size_t kMax = 40;
  const bool cut = text.size() > kMax;
  return json(cut ? text.substr(0, kMax) : text).dump(-1, ' ', false, json::error_handler_t::replace) +
         (cut ? "..." : "");
}

// A value as the message shows it: numbers and words as written, containers by kind.
std::string shown(const json& v) {
  if (v.is_string()) return quoted(v.get<std::string>());
  if (v.is_object()) return "an object";
  if (v.is_array()) return "an array";
  return v.dump();
}

// A value with what it is, for a type error: `the string "4"`, `4.5`, `an object`.
std::string shown_with_kind(const json& v) { return v.is_string() ? "the string " + shown(v) : shown(v); }

std::string joined_or(const std::vector<std::string>& words) {
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i)
    out += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + words[i];
  return out;
}

std::string type_words(const json& types) {
  static const std::map<std::string, std::string> words{
      {"integer", "an integer"}, {"number", "a number"}, {"string", "a string"}, {"boolean", "true or false"},
      {"object", "an object"},   {"array", "an array"},  {"null", "null"}};
  std::vector<std::string> out;
  for (const json& t : types.is_array() ? types : json::array({types}))
    if (t.is_string()) {
      const std::string name = t.get<std::string>();
      const auto it = words.find(name);
      out.push_back(it != words.end() ? it->second : name);
    }
  return joined_or(out);
}

std::string one_of_words(const json& values) {
  std::vector<std::string> out;
  for (const json& v : values) out.push_back(shown(v));
  return out.size() == 1 ? out.front() : "one of " + joined_or(out);
}

// Whether `v` breaks the constraint `keyword: limit`, for those a message
// words; true for the others (the finding says they broke).
bool breaks(const std::string& keyword, const json& limit, const json& v) {
  const bool number = v.is_number() && limit.is_number();
  const double x = number ? v.get<double>() : 0, l = number ? limit.get<double>() : 0;
  const std::size_t size = v.is_string() ? v.get<std::string>().size() : v.size();
  if (keyword == "type") return !types_fit(limit, v);
  if (keyword == "enum") return limit.is_array() && std::find(limit.begin(), limit.end(), v) == limit.end();
  if (keyword == "const") return limit != v;
  if (keyword == "minimum") return number && x < l;
  if (keyword == "exclusiveMinimum") return number && x <= l;
  if (keyword == "maximum") return number && x > l;
  if (keyword == "exclusiveMaximum") return number && x >= l;
  if (keyword == "minItems" || keyword == "minLength") return limit.is_number() && double(size) < limit.get<double>();
  if (keyword == "maxItems" || keyword == "maxLength") return limit.is_number() && double(size) > limit.get<double>();
  return true;
}

// The constraint `keyword` that `v` breaks, of the subschemas that apply
// (a value may meet a general enum and break the narrower one an "if"
// adds); null when none holds the keyword.
const json* keyword_in(const std::vector<SchemaNode>& nodes, const char* keyword, const json& v) {
  const json* first = nullptr;
  for (const SchemaNode& n : nodes) {
    if (!n.schema->contains(keyword)) continue;
    const json& limit = n.schema->at(keyword);
    if (breaks(keyword, limit, v)) return &limit;
    if (!first) first = &limit;
  }
  return first;
}

std::vector<std::string> property_names(const std::vector<SchemaNode>& nodes) {
  std::vector<std::string> out;
  for (const SchemaNode& n : nodes)
    if (n.schema->contains("properties") && n.schema->at("properties").is_object())
      for (const auto& [key, sub] : n.schema->at("properties").items())
        if (std::find(out.begin(), out.end(), key) == out.end()) out.push_back(key);
  return out;
}

// The name in valijson's "... property 'NAME'." descriptions: the last quoted word.
std::string quoted_name(const std::string& description) {
  const auto close = description.rfind('\'');
  const auto open = close == std::string::npos || close == 0 ? std::string::npos : description.rfind('\'', close - 1);
  return open == std::string::npos ? "" : description.substr(open + 1, close - open - 1);
}

bool starts(const std::string& text, const char* prefix) { return text.rfind(prefix, 0) == 0; }

// What a bound says: "must be at least 1, got -4"; for schema_version's
// maximum (the version this roofline reads), that the file is newer.
std::string bound_words(const std::string& description, const std::vector<SchemaNode>& nodes, const json& v,
                        bool is_version) {
  struct Bound {
    const char* prefix;
    const char* keyword;
    const char* words;
  };
  static const Bound bounds[] = {{"Expected number greater than or equal to", "minimum", "at least "},
                                 {"Expected number greater than", "exclusiveMinimum", "greater than "},
                                 {"Expected number less than or equal to", "maximum", "at most "},
                                 {"Expected number less than", "exclusiveMaximum", "less than "}};
  for (const Bound& b : bounds) {
    if (!starts(description, b.prefix)) continue;
    const json* limit = keyword_in(nodes, b.keyword, v);
    if (!limit) return "";
    if (is_version && std::string(b.keyword) == "maximum")
      return "written by a newer roofline (schema version " + v.dump() + "; this one reads up to " + limit->dump() + ")";
    return std::string("must be ") + b.words + limit->dump() + ", got " + shown(v);
  }
  return "";
}

// The size constraints: items of arrays, characters of strings.
std::string size_words(const std::string& description, const std::vector<SchemaNode>& nodes, const json& v) {
  const std::size_t size = v.is_string() ? v.get<std::string>().size() : v.size();
  const char* unit = v.is_string() ? " characters" : " items";
  if (starts(description, "Array should contain no fewer than") || starts(description, "String should be no fewer than")) {
    const json* n = keyword_in(nodes, v.is_string() ? "minLength" : "minItems", v);
    if (n && *n == 1) return v.is_string() ? "must not be empty" : "must have at least one item";
    if (n) return "must have at least " + n->dump() + unit + ", has " + std::to_string(size);
  }
  if (starts(description, "Array should contain no more than") || starts(description, "String should be no more than")) {
    const json* n = keyword_in(nodes, v.is_string() ? "maxLength" : "maxItems", v);
    if (n) return "must have at most " + n->dump() + unit + ", has " + std::to_string(size);
  }
  return "";
}

// What is wrong with the value `v` found at the path, the schemas there being `nodes`.
std::string value_words(const std::string& d, const std::vector<SchemaNode>& nodes, const json& v, bool is_version) {
  if (starts(d, "Value type not permitted")) {
    const json* types = keyword_in(nodes, "type", v);
    if (types) return "must be " + type_words(*types) + ", got " + shown_with_kind(v);
  }
  if (starts(d, "Failed to match against any enum values")) {
    const json* values = keyword_in(nodes, "enum", v);
    if (values) return "must be " + one_of_words(*values) + ", got " + shown(v);
  }
  if (starts(d, "Failed to match expected value set by 'const'")) {
    const json* value = keyword_in(nodes, "const", v);
    if (value) return "must be " + shown(*value) + ", got " + shown(v);
  }
  if (starts(d, "Failed to match regex")) {
    const json* pattern = keyword_in(nodes, "pattern", v);
    if (pattern && pattern->is_string()) return "must match " + pattern->get<std::string>() + ", got " + shown(v);
  }
  if (std::string b = bound_words(d, nodes, v, is_version); !b.empty()) return b;
  return size_words(d, nodes, v);
}

std::string lowered_first(std::string text) {
  if (!text.empty()) text[0] = char(std::tolower(static_cast<unsigned char>(text[0])));
  while (!text.empty() && text.back() == '.') text.pop_back();
  return text;
}

}  // namespace

SchemaProblem describe_finding(const SchemaFinding& finding, const json& doc, const SchemaNode& root,
                               const SchemaFiles& files) {
  std::vector<SchemaNode> nodes;
  expand(root, &doc, files, nodes);
  const json* value = &doc;
  std::string pointer;
  for (const std::string& token : finding.path) {
    const json* next = child(value, token);
    nodes = step(nodes, value, token, next, files);
    value = next;
    pointer = pointer_to(pointer, token);
  }
  const std::string& d = finding.description;
  if (starts(d, "Missing required property")) return {pointer_to(pointer, quoted_name(d)), "missing"};
  if (starts(d, "Object contains a property that could not be validated")) {
    const std::vector<std::string> known = property_names(nodes);
    return {pointer_to(pointer, quoted_name(d)),
            "not a field of this file" + (known.empty() ? std::string() : " (known here: " + joined_or(known) + ")")};
  }
  if (value) {
    const bool is_version = !finding.path.empty() && finding.path.back() == "schema_version";
    if (std::string words = value_words(d, nodes, *value, is_version); !words.empty()) return {pointer, words};
  }
  return {pointer, lowered_first(d)};
}

}  // namespace roofline
