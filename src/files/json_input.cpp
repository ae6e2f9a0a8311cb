#include "files/json_input.hpp"

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

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

// The parser's events built into a document, as nlohmann's own DOM parser
// builds it, but refusing what that one lets through: a key given twice in
// one object (JSON leaves which value counts open; nlohmann keeps the last)
// stops the parse and is kept as its JSON pointer, and nesting deeper than
// kMaxJsonDepth throws TooDeep before it is built. Parse errors throw the
// library's exception, as json::parse does.
class CheckedDocument {
 public:
  explicit CheckedDocument(json& root) : root_(root) {}

  // The pointer of the key given twice, when the parse stopped at one.
  const std::optional<std::string>& duplicate_key() const { return duplicate_; }

  bool null() { return add(nullptr); }
  bool boolean(bool v) { return add(v); }
  bool number_integer(json::number_integer_t v) { return add(v); }
  bool number_unsigned(json::number_unsigned_t v) { return add(v); }
  bool number_float(json::number_float_t v, const std::string&) { return add(v); }
  bool string(std::string& v) { return add(std::move(v)); }
  bool binary(json::binary_t& v) { return add(json::binary(std::move(v))); }
  bool start_object(std::size_t) { return open(json::object()); }
  bool start_array(std::size_t) { return open(json::array()); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }
  bool key(std::string& k) {
    if (open_.back().value->contains(k)) {
      duplicate_ = pointer_to(pointer_of_open(), k);
      return false;
    }
    key_ = std::move(k);
    return true;
  }
  template <typename Exception>
  bool parse_error(std::size_t, const std::string&, const Exception& e) {
    throw e;
  }

 private:
  // An open object or array, and the token that names it in its parent.
  struct Open {
    json* value;
    std::string token;
  };

  // Puts a value where the parser is: the root, the next item of an array or
  // the member of the last key. Returns where it went.
  json* place(json&& v, std::string& token) {
    if (open_.empty()) {
      root_ = std::move(v);
      return &root_;
    }
    json& parent = *open_.back().value;
    if (parent.is_array()) {
      token = std::to_string(parent.size());
      parent.push_back(std::move(v));
      return &parent.back();
    }
    token = key_;
    return &(parent[key_] = std::move(v));
  }
  bool add(json&& v) {
    std::string token;
    place(std::move(v), token);
    return true;
  }
  bool open(json&& container) {
    if (open_.size() >= std::size_t(kMaxJsonDepth)) throw TooDeep{};
    std::string token;
    json* at = place(std::move(container), token);
    open_.push_back({at, std::move(token)});
    return true;
  }
  bool close() {
    open_.pop_back();
    return true;
  }
  std::string pointer_of_open() const {
    std::string pointer;
    for (std::size_t i = 1; i < open_.size(); ++i) pointer = pointer_to(pointer, open_[i].token);
    return pointer;
  }

  json& root_;
  std::vector<Open> open_;
  std::string key_;
  std::optional<std::string> duplicate_;
};

}  // namespace

json parse_json_input(const std::string& text, const std::string& file) {
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) throw InputFileError(file + ": not JSON (empty)");
  json doc;
  CheckedDocument checked(doc);
  try {
    if (json::sax_parse(text, &checked)) return doc;
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
  if (const auto& key = checked.duplicate_key())
    throw field_error(file, *key, "given twice in one object (which of the two values is meant cannot be told)");
  throw InputFileError(file + ": not JSON");
}

void require_valid(const json& doc, DocumentKind kind, const std::string& file) {
  if (const auto problem = schema_problem(doc, kind)) throw InputFileError(file + ": " + problem->text());
}

InputFileError field_error(const std::string& file, const std::string& pointer, const std::string& what) {
  return InputFileError(file + ": " + (pointer.empty() ? what : pointer + ": " + what));
}

}  // namespace roofline
