// model/source_hash: the FNV-1a 64 hash that names a kernel's source text,
// as 16 hex digits: counts files record it (model/counts_file) and the
// capture layer names captured programs by it (src/intercept/), so a trace
// matches both. Header only: the layer, loaded into another process, links
// nothing of the model.
#pragma once
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace roofline {

inline std::string source_hash(std::string_view text) {
  std::uint64_t h = 14695981039346656037ull;
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

}  // namespace roofline
