#include "launch/source_typedefs.hpp"

#include <cctype>
#include <optional>
#include <set>
#include <sstream>
#include <string_view>
#include <vector>

#include "launch/launch_spec.hpp"

namespace roofline {
namespace {

// The source without comments (a commented-out typedef is no declaration).
std::string without_comments(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s.compare(i, 2, "//") == 0) {
      while (i < s.size() && s[i] != '\n') ++i;
      out += '\n';
    } else if (s.compare(i, 2, "/*") == 0) {
      const auto end = s.find("*/", i + 2);
      i = end == std::string::npos ? s.size() : end + 1;
      out += ' ';
    } else {
      out += s[i];
    }
  }
  return out;
}

// "unsigned int" -> "uint", qualifiers dropped; empty when the words name no
// OpenCL scalar or vector type nor a known typedef.
std::string opencl_type(const std::string& words, const std::map<std::string, std::string>& known) {
  static const std::set<std::string> qualifiers{"const",    "volatile", "restrict", "__global",  "global",   "__constant",
                                                "constant", "__local",  "local",    "__private", "private",  "__generic",
                                                "generic"};
  std::istringstream in(words);
  std::string base;
  bool is_unsigned = false, is_signed = false;
  for (std::string w; in >> w;) {
    if (qualifiers.count(w)) continue;
    if (w == "unsigned") is_unsigned = true;
    else if (w == "signed") is_signed = true;
    else if (base.empty() || (base == "long" && w == "int") || (base == "short" && w == "int")) base = base.empty() ? w : base;
    else return "";  // two type words: long long, a struct tag...
  }
  if (base.empty() && (is_unsigned || is_signed)) base = "int";
  if (is_unsigned) {
    if (base != "char" && base != "short" && base != "int" && base != "long") return "";
    base = "u" + base;
  } else if (is_signed && base != "char" && base != "short" && base != "int" && base != "long") {
    return "";
  }
  if (const auto it = known.find(base); it != known.end()) return it->second;
  return is_element_type(base) ? base : "";
}

bool is_word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool starts_identifier(std::string_view word) { return is_word_char(word[0]) && !std::isdigit(static_cast<unsigned char>(word[0])); }

// The statements a typedef of an OpenCL type can be: the runs of the text that
// end in ';' and hold nothing but words, white space and '*' before it, as
// their tokens (words and '*', the ';' left out). One pass, without std::regex,
// whose matcher recurses once per character (100 KB of letters after a
// "typedef" overflowed the stack).
std::vector<std::vector<std::string_view>> statement_tokens(std::string_view text) {
  std::vector<std::vector<std::string_view>> statements;
  std::vector<std::string_view> tokens;
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (is_word_char(c)) {
      std::size_t end = i;
      while (end < text.size() && is_word_char(text[end])) ++end;
      tokens.push_back(text.substr(i, end - i));
      i = end;
      continue;
    }
    if (c == '*') tokens.push_back(text.substr(i, 1));
    else if (c == ';') statements.push_back(std::move(tokens));
    if (c == ';' || (c != '*' && !std::isspace(static_cast<unsigned char>(c)))) tokens.clear();
    ++i;
  }
  return statements;
}

// `typedef TYPE-WORDS [*] NAME`, the leftmost "typedef" of a statement whose
// type words up to the name (or the '*' before it) are words alone, the first
// an identifier; nothing when there is none.
struct TypedefDecl {
  std::string type_words, name;
  bool pointer = false;
};
std::optional<TypedefDecl> typedef_in(const std::vector<std::string_view>& t) {
  const std::size_t n = t.size();
  if (n < 3 || t[n - 1] == "*" || !starts_identifier(t[n - 1])) return std::nullopt;
  const bool pointer = t[n - 2] == "*";
  const std::size_t type_end = pointer ? n - 2 : n - 1;
  std::size_t first = type_end;  // t[first, type_end) holds no '*'
  while (first > 0 && t[first - 1] != "*") --first;
  for (std::size_t i = first; i + 1 < type_end; ++i) {
    if (t[i] != "typedef" || !starts_identifier(t[i + 1])) continue;
    TypedefDecl d{"", std::string(t[n - 1]), pointer};
    for (std::size_t k = i + 1; k < type_end; ++k) d.type_words += std::string(k > i + 1 ? " " : "") + std::string(t[k]);
    return d;
  }
  return std::nullopt;
}

}  // namespace

std::map<std::string, std::string> scan_typedefs(const std::string& source) {
  std::map<std::string, std::string> found;
  std::set<std::string> ambiguous;
  const std::string text = without_comments(source);
  for (const auto& tokens : statement_tokens(text)) {
    const std::optional<TypedefDecl> decl = typedef_in(tokens);
    if (!decl) continue;
    std::string type = opencl_type(decl->type_words, found);
    if (type.empty() || (decl->pointer && type.back() == '*')) {
      ambiguous.insert(decl->name);  // not an OpenCL type: not resolvable here either
      continue;
    }
    if (decl->pointer) type += "*";
    const auto [where, fresh] = found.emplace(decl->name, type);
    if (!fresh && where->second != type) ambiguous.insert(decl->name);
  }
  for (const auto& name : ambiguous) found.erase(name);
  return found;
}

}  // namespace roofline
