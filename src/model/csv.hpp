// model/csv: the CSV every command writes (fleet --csv, compare --csv,
// export): RFC 4180 quoting, numbers as %.6g, a missing value as an empty
// field, true/false for flags.
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace roofline {

// The field as written: quoted where it holds a comma, a quote or a line break.
std::string csv_field(const std::string& s);

// "%.6g" of the number; empty for none.
std::string csv_number(const std::optional<double>& v);

std::string csv_flag(bool b);

// The fields joined by commas, each through csv_field, and a line break.
std::string csv_row(const std::vector<std::string>& fields);

}  // namespace roofline
