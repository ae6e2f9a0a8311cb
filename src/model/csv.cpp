#include "model/csv.hpp"

#include "model/units.hpp"

namespace roofline {

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

std::string csv_number(const std::optional<double>& v) { return v ? format_text("%.6g", *v) : ""; }

std::string csv_flag(bool b) { return b ? "true" : "false"; }

std::string csv_row(const std::vector<std::string>& fields) {
  std::string out;
  for (std::size_t i = 0; i < fields.size(); ++i) out += (i ? "," : "") + csv_field(fields[i]);
  return out + "\n";
}

}  // namespace roofline
