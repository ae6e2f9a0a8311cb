#include "instrument/templates.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <stdexcept>

namespace roofline {

namespace {

// The end of a placeholder's name that starts at `at` (after its first @):
// upper-case letters and underscores up to a closing @; npos when none.
std::size_t name_end(const char* text, std::size_t at) {
  std::size_t end = at;
  while (std::isupper(static_cast<unsigned char>(text[end])) || text[end] == '_') ++end;
  return end > at && text[end] == '@' ? end : std::string::npos;
}

}  // namespace

const char* template_text(const std::string& name) {
  for (const TemplateFile& t : embedded_templates())
    if (name == t.name) return t.text;
  throw std::logic_error("instrument template " + name + " is not compiled in");
}

// One pass over the template: a value's own text is never read for placeholders.
std::string filled(const char* text, const std::vector<std::pair<std::string, std::string>>& values) {
  std::string out;
  const std::size_t size = std::strlen(text);
  for (std::size_t i = 0; i < size; ++i) {
    const std::size_t end = text[i] == '@' ? name_end(text, i + 1) : std::string::npos;
    if (end == std::string::npos) {
      out += text[i];
      continue;
    }
    const std::string name(text + i + 1, end - i - 1);
    const auto value = std::find_if(values.begin(), values.end(), [&](const auto& v) { return v.first == name; });
    if (value == values.end()) throw std::logic_error("instrument template: placeholder @" + name + "@ left unfilled");
    out += value->second;
    i = end;
  }
  return out;
}

}  // namespace roofline
