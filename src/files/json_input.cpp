#include "files/json_input.hpp"

#include <algorithm>

namespace roofline {
using nlohmann::json;

namespace {

struct TooDeep {};

// "line 3, column 7" of the byte at 1-based `position` (where the parser stopped).
std::string where_in(const std::string& text, std::size_t position) {
  const std::size_t end = std::min(position > 0 ? position - 1 : 0, text.size());
  std::size_t line = 1, column = 1;
  for (std::size_t i = 0; i < end; ++i) {
    if (text[i] == '\n') ++line, column = 1;
    else ++column;
  }
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

}  // namespace

json parse_json_input(const std::string& text, const std::string& file) {
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) throw InputFileError(file + ": not JSON (empty)");
  try {
    return json::parse(text, [](int depth, json::parse_event_t, json&) {
      if (depth > kMaxJsonDepth) throw TooDeep{};
      return true;
    });
  } catch (const TooDeep&) {
    throw InputFileError(file + ": not a roofline file (nested deeper than " + std::to_string(kMaxJsonDepth) + " levels)");
  } catch (const json::parse_error& e) {
    throw InputFileError(file + ": not JSON (syntax error at " + where_in(text, e.byte) + ")");
  } catch (const json::out_of_range& e) {
    // A number beyond a double's range (1e999): the library names it between quotes.
    const std::string what = e.what();
    const auto open = what.find('\''), close = what.rfind('\'');
    const std::string number = open != std::string::npos && close > open ? what.substr(open + 1, close - open - 1) : "";
    const std::size_t at = number.empty() ? std::string::npos : text.find(number);
    throw InputFileError(file + ": not a finite number" + (number.empty() ? "" : ": " + number) +
                         (at == std::string::npos ? "" : " at " + where_in(text, at + 1)));
  } catch (const json::exception&) {
    throw InputFileError(file + ": not JSON");
  }
}

void require_valid(const json& doc, DocumentKind kind, const std::string& file) {
  if (const auto problem = schema_problem(doc, kind)) throw InputFileError(file + ": " + problem->text());
}

InputFileError field_error(const std::string& file, const std::string& pointer, const std::string& what) {
  return InputFileError(file + ": " + (pointer.empty() ? what : pointer + ": " + what));
}

}  // namespace roofline
