#include "launch/source_typedefs.hpp"

#include <regex>
#include <set>
#include <sstream>

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

}  // namespace

std::map<std::string, std::string> scan_typedefs(const std::string& source) {
  static const std::regex typedef_decl(R"(\btypedef\s+([A-Za-z_][A-Za-z_0-9\s]*?)\s*(\*?)\s*\b([A-Za-z_][A-Za-z_0-9]*)\s*;)");
  std::map<std::string, std::string> found;
  std::set<std::string> ambiguous;
  const std::string text = without_comments(source);
  for (auto it = std::sregex_iterator(text.begin(), text.end(), typedef_decl); it != std::sregex_iterator(); ++it) {
    const std::string name = (*it)[3];
    std::string type = opencl_type((*it)[1], found);
    if (type.empty() || ((*it)[2].length() && type.back() == '*')) {
      ambiguous.insert(name);  // not an OpenCL type: not resolvable here either
      continue;
    }
    if ((*it)[2].length()) type += "*";
    const auto [where, fresh] = found.emplace(name, type);
    if (!fresh && where->second != type) ambiguous.insert(name);
  }
  for (const auto& name : ambiguous) found.erase(name);
  return found;
}

}  // namespace roofline
