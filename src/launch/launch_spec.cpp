#include "launch/launch_spec.hpp"

#include <cctype>
#include <charconv>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <sstream>

namespace roofline {
namespace {

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == sep) {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  out.push_back(cur);
  return out;
}

bool parse_double(const std::string& s, double& v) {
  if (s.empty() || std::isspace(static_cast<unsigned char>(s[0]))) return false;
  char* end = nullptr;
  v = std::strtod(s.c_str(), &end);
  return end && *end == '\0';
}

// a * b, or false when the product does not fit in 64 bits.
bool multiply(std::uint64_t a, std::uint64_t b, std::uint64_t& product) { return !__builtin_mul_overflow(a, b, &product); }

// Decimal digits (nothing else) as a 64-bit count, or false when they do not fit.
bool parse_count(const std::string& digits, std::uint64_t& v) {
  const auto r = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  return r.ec == std::errc() && r.ptr == digits.data() + digits.size();
}

// A C identifier: what a -D name must be for the build to take it.
bool is_identifier(const std::string& name) {
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0]))) return false;
  for (unsigned char c : name)
    if (!std::isalnum(c) && c != '_') return false;
  return true;
}

// random=N and iota=K on an integer type: the largest value drawn or
// written, N - 1 or (lanes - 1) x K, must fit the type (a wrapped index would
// read out of bounds or repeat).
void check_scaled_range(const ArgSpec& a) {
  if (a.type.floating) return;
  std::uint64_t largest = a.scale - 1;
  if (a.init == ArgSpec::Init::Iota && !multiply(a.count * a.type.stored_lanes() - 1, a.scale, largest))
    largest = std::numeric_limits<std::uint64_t>::max();
  const int bits = int(a.type.base_bytes * 8) - (a.type.is_signed ? 1 : 0);
  if (bits < 64 && largest >> bits != 0)
    throw LaunchSpecError(std::string(a.init == ArgSpec::Init::Iota ? "iota=" : "random=") + std::to_string(a.scale) +
                          " writes " + std::to_string(largest) + ", beyond " + a.type.base + "'s range");
}

}  // namespace

void parse_typed_value(const ElementType& t, const std::string& text, double& value, std::uint64_t& integer) {
  if (t.floating) {
    errno = 0;
    if (!parse_double(text, value)) throw LaunchSpecError("'" + text + "' is not a number");
    // The one rule for values that are not finite: a floating type holds
    // them, written as such (inf, -inf, nan: a kernel may be given INFINITY,
    // and trace's replay bundles write captured ones so); a number written
    // finite must stay finite in its type, so 1e39 for a float is refused, not
    // made infinite.
    const double largest = t.base == "half" ? 65504.0 : t.base == "float" ? double(std::numeric_limits<float>::max())
                                                                            : std::numeric_limits<double>::max();
    const bool overflowed = errno == ERANGE && std::isinf(value);
    if (overflowed || (std::isfinite(value) && std::fabs(value) > largest)) {
      char b[32];
      std::snprintf(b, sizeof b, "%g", largest);
      throw LaunchSpecError("'" + text + "' is out of range for " + t.base + " (largest magnitude " + b +
                            "; infinity is written inf)");
    }
    return;
  }
  const unsigned bits = unsigned(8 * t.base_bytes);
  const std::int64_t min = t.is_signed ? std::numeric_limits<std::int64_t>::min() >> (64 - bits) : 0;
  const std::uint64_t max = std::numeric_limits<std::uint64_t>::max() >> (t.is_signed ? 65 - bits : 64 - bits);
  const auto out_of_range = [&] {
    return LaunchSpecError("'" + text + "' is out of range for " + t.base + " (" + std::to_string(min) + " to " +
                           std::to_string(max) + ")");
  };
  // Decimal integers exactly, beyond the 2^53 a double holds ("+" is allowed, from_chars does not take it).
  const char* first = text.data() + (!text.empty() && text[0] == '+');
  if (*first == '-' && first != text.data()) throw LaunchSpecError("'" + text + "' is not a number");
  const char* last = text.data() + text.size();
  std::int64_t as_signed = 0;
  std::uint64_t as_unsigned = 0;
  const auto r = t.is_signed ? std::from_chars(first, last, as_signed) : std::from_chars(first, last, as_unsigned);
  if (r.ptr == last && r.ec == std::errc::result_out_of_range) throw out_of_range();
  if (r.ptr == last && r.ec == std::errc()) {
    if (t.is_signed ? as_signed < min || as_signed > std::int64_t(max) : as_unsigned > max) throw out_of_range();
    integer = t.is_signed ? std::uint64_t(as_signed) : as_unsigned;
    value = t.is_signed ? double(as_signed) : double(as_unsigned);
    return;
  }
  // Anything else a double reads ("1e3", "-1", "2.0") that is a whole number in range.
  double d = 0;
  errno = 0;
  if (!parse_double(text, d)) throw LaunchSpecError("'" + text + "' is not a number");
  if (!std::isfinite(d) && errno != ERANGE)
    throw LaunchSpecError("'" + text + "' is not finite: " + t.name + " holds whole numbers only");
  if (std::isfinite(d) && d != std::trunc(d)) throw LaunchSpecError("'" + text + "' is not an integer for type " + t.name);
  const double end = std::ldexp(1.0, int(t.is_signed ? bits - 1 : bits));  // exact, unlike max at 64 bits
  if (!(d >= (t.is_signed ? -end : 0.0) && d < end)) throw out_of_range();
  integer = t.is_signed ? std::uint64_t(std::int64_t(d)) : std::uint64_t(d);
  value = d == 0 ? 0.0 : d;  // -0 is 0
}

ElementType parse_element_type(const std::string& name) {
  static const std::map<std::string, std::pair<std::size_t, int>> bases{
      // bytes, 0 unsigned int / 1 signed int / 2 floating
      {"char", {1, 1}},  {"uchar", {1, 0}}, {"short", {2, 1}}, {"ushort", {2, 0}}, {"int", {4, 1}},
      {"uint", {4, 0}},  {"long", {8, 1}},  {"ulong", {8, 0}}, {"half", {2, 2}},   {"float", {4, 2}},
      {"double", {8, 2}}};
  ElementType t;
  t.name = name;
  std::size_t digits = name.size();
  while (digits > 0 && std::isdigit(static_cast<unsigned char>(name[digits - 1]))) --digits;
  t.base = name.substr(0, digits);
  const auto it = bases.find(t.base);
  if (it == bases.end()) throw LaunchSpecError("unknown element type '" + name + "'");
  if (digits < name.size()) {
    const std::string suffix = name.substr(digits);
    t.lanes = suffix.size() <= 2 ? std::atoi(suffix.c_str()) : 0;
    if (std::to_string(t.lanes) != suffix || (t.lanes != 2 && t.lanes != 3 && t.lanes != 4 && t.lanes != 8 && t.lanes != 16))
      throw LaunchSpecError("unknown element type '" + name + "' (vector widths are 2, 3, 4, 8, 16)");
  }
  t.base_bytes = it->second.first;
  t.floating = it->second.second == 2;
  t.is_signed = it->second.second != 0;
  return t;
}

bool is_element_type(const std::string& name) {
  try {
    parse_element_type(name);
    return true;
  } catch (const LaunchSpecError&) {
    return false;
  }
}

std::uint64_t LaunchSpec::evaluate(const std::string& expr, const std::string& what) const {
  if (expr.empty()) throw LaunchSpecError(what + ": empty size");
  const auto too_large = [&] { return LaunchSpecError(what + ": '" + expr + "' is too large (overflows 64 bits)"); };
  std::uint64_t sum = 0;
  // A sum of products: ROWS+1, W*W*W, N*N+2*N.
  for (const std::string& term : split(expr, '+')) {
    std::uint64_t product = 1;
    for (const std::string& factor : split(term, '*')) {
      std::string f = factor;
      // Defines are looked up by name; the last -D of a name wins.
      for (auto it = defines.rbegin(); it != defines.rend(); ++it)
        if (it->first == f) {
          f = it->second;
          break;
        }
      if (f.empty() || f.find_first_not_of("0123456789") != std::string::npos)
        throw LaunchSpecError(what + ": '" + factor + "' in '" + expr + "' is neither a number nor a -D name with a number");
      std::uint64_t v = 0;
      if (!parse_count(f, v) || !multiply(product, v, product)) throw too_large();
    }
    if (product > std::numeric_limits<std::uint64_t>::max() - sum) throw too_large();
    sum += product;
  }
  return sum;
}

std::vector<std::uint64_t> LaunchSpec::dims(const std::vector<std::string>& text, const std::string& what) const {
  std::vector<std::uint64_t> out;
  std::uint64_t total = 1;
  for (const auto& t : text) {
    const std::uint64_t v = evaluate(t, what);
    if (v == 0) throw LaunchSpecError(what + ": a size of 0");
    if (!multiply(total, v, total)) throw LaunchSpecError(what + ": the sizes' product is too large (overflows 64 bits)");
    out.push_back(v);
  }
  return out;
}

ElementType LaunchSpec::element_type(const std::string& name) const {
  const auto it = typedefs.find(name);
  return parse_element_type(it == typedefs.end() ? name : it->second);
}

ArgSpec LaunchSpec::arg(const std::string& name) const {
  const auto it = arg_text.find(name);
  if (it == arg_text.end()) throw LaunchSpecError("argument '" + name + "' has no spec (--arg " + name + "=SPEC)");
  ArgSpec a;
  a.name = name;
  a.text = it->second;
  const std::string where = "--arg " + name + "=" + a.text;
  std::string s = a.text;
  if (s.rfind("local:", 0) == 0) {
    a.kind = ArgSpec::Kind::Local;
    s = s.substr(6);
  }
  const auto colon = s.find(':');
  const std::string head = s.substr(0, colon);
  const std::string tail = colon == std::string::npos ? "" : s.substr(colon + 1);
  const auto bracket = head.find('[');
  try {
    if (bracket == std::string::npos) {
      if (a.kind == ArgSpec::Kind::Local) throw LaunchSpecError("local memory needs a size, as in local:float[256]");
      a.kind = ArgSpec::Kind::Scalar;
      a.type = element_type(head);
      if (a.type.lanes != 1) throw LaunchSpecError("vector scalars are not supported; pass a buffer");
      if (tail.empty()) throw LaunchSpecError("a scalar needs a value, as in int:4096 or float:2.5");
      // A scalar may name a -D value (int:DIM).
      std::string v = tail;
      for (auto d = defines.rbegin(); d != defines.rend(); ++d)
        if (d->first == v) {
          v = d->second;
          break;
        }
      parse_typed_value(a.type, v, a.value, a.integer);
      a.scalar_text = v;
      return a;
    }
    if (head.back() != ']') throw LaunchSpecError("missing ']'");
    a.type = element_type(head.substr(0, bracket));
    a.count = evaluate(head.substr(bracket + 1, head.size() - bracket - 2), "size");
    if (a.count == 0) throw LaunchSpecError("a buffer of 0 elements");
    if (a.count > std::numeric_limits<std::uint64_t>::max() / a.type.bytes())
      throw LaunchSpecError("size too large: " + std::to_string(a.count) + " elements of " + a.type.name + " overflow a 64-bit byte count");
    if (a.kind == ArgSpec::Kind::Local) {
      if (!tail.empty()) throw LaunchSpecError("local memory takes no initial data");
      return a;
    }
    if (tail.empty() || tail == "zeros") a.init = ArgSpec::Init::Zeros;
    else if (tail == "random") a.init = ArgSpec::Init::Random;
    else if (tail == "ones") a.init = ArgSpec::Init::Ones;
    else if (tail == "iota") a.init = ArgSpec::Init::Iota;
    else if (tail.rfind("random=", 0) == 0 || tail.rfind("iota=", 0) == 0) {
      // random=N: uniform in [0, N) (indices into N elements); iota=K: i x K (CSR row offsets).
      const bool random = tail[0] == 'r';
      a.init = random ? ArgSpec::Init::Random : ArgSpec::Init::Iota;
      a.scale = evaluate(tail.substr(random ? 7 : 5), random ? "random=" : "iota=");
      if (random && a.scale == 0) throw LaunchSpecError("random=0 leaves no value to draw");
      if (random && a.scale > (std::uint64_t(1) << 53)) throw LaunchSpecError("random=N takes N up to 2^53 (values are drawn as doubles)");
      check_scaled_range(a);
    } else if (tail.rfind("value=", 0) == 0) {
      a.init = ArgSpec::Init::Value;
      parse_typed_value(a.type, tail.substr(6), a.value, a.integer);
    } else if (tail.rfind("file=", 0) == 0) {
      a.init = ArgSpec::Init::File;
      a.file = tail.substr(5);
      if (a.file.empty()) throw LaunchSpecError("file= needs a path");
    } else {
      throw LaunchSpecError("unknown initial data '" + tail + "' (random, random=N, zeros, ones, iota, iota=K, value=X, file=PATH)");
    }
  } catch (const LaunchSpecError& e) {
    throw LaunchSpecError("bad " + where + ": " + e.what());
  }
  return a;
}

std::map<std::string, std::string> LaunchSpec::data_files() const {
  std::map<std::string, std::string> out;
  for (const auto& [name, text] : arg_text) {
    // TYPE[SIZE]:file=PATH: neither TYPE nor SIZE holds a colon.
    const auto colon = text.find(':');
    if (text.rfind("local:", 0) != 0 && colon != std::string::npos && text.compare(colon + 1, 5, "file=") == 0 && text.size() > colon + 6)
      out[name] = text.substr(colon + 6);
  }
  return out;
}

void LaunchSpec::merge_over(const LaunchSpec& base) {
  if (kernel.empty()) kernel = base.kernel;
  if (global_text.empty()) global_text = base.global_text;
  if (local_text.empty()) local_text = base.local_text;
  for (const auto& [k, v] : base.arg_text) arg_text.emplace(k, v);  // ours win
  std::vector<std::pair<std::string, std::string>> d = base.defines;
  d.insert(d.end(), defines.begin(), defines.end());  // ours come later, so they win
  defines = d;
  if (build_options.empty()) build_options = base.build_options;
}

std::string LaunchSpec::full_build_options() const {
  std::string s;
  std::map<std::string, std::string> last;
  for (const auto& [k, v] : defines) last[k] = v;
  for (const auto& [k, v] : last) s += "-D " + k + (v.empty() ? "" : "=" + v) + " ";
  return s + build_options;
}

std::vector<std::string> split_words(const std::string& text) {
  std::vector<std::string> out;
  std::string cur;
  bool quoted = false, have = false;
  for (char c : text) {
    if (c == '"') {
      quoted = !quoted;
      have = true;
    } else if (!quoted && std::isspace(static_cast<unsigned char>(c))) {
      if (have) out.push_back(cur);
      cur.clear();
      have = false;
    } else {
      cur += c;
      have = true;
    }
  }
  if (quoted) throw LaunchSpecError("unbalanced double quote in '" + text + "'");
  if (have) out.push_back(cur);
  return out;
}

LaunchSpec parse_launch_words(const std::vector<std::string>& words) {
  LaunchSpec s;
  auto dims = [](const std::string& v, const std::string& what) {
    std::vector<std::string> d = split(v, ',');
    if (d.empty() || d.size() > 3) throw LaunchSpecError(what + " takes 1 to 3 sizes: X[,Y[,Z]]");
    for (auto& x : d)
      if (x.empty()) throw LaunchSpecError(what + " " + v + ": an empty size");
    return d;
  };
  for (std::size_t i = 0; i < words.size(); ++i) {
    std::string w = words[i], value;
    const auto eq = w.find('=');
    const bool long_opt = w.rfind("--", 0) == 0;
    if (long_opt && eq != std::string::npos) {
      value = w.substr(eq + 1);
      w = w.substr(0, eq);
    } else if (w.rfind("-D", 0) == 0 && w.size() > 2) {
      value = w.substr(2);
      w = "-D";
    } else {
      if (i + 1 >= words.size()) throw LaunchSpecError(w + " needs a value");
      value = words[++i];
    }
    if (w == "--kernel") {
      s.kernel = value;
    } else if (w == "--global") {
      s.global_text = dims(value, "--global");
    } else if (w == "--local") {
      s.local_text = dims(value, "--local");
    } else if (w == "--arg") {
      const auto e = value.find('=');
      if (e == std::string::npos || e == 0) throw LaunchSpecError("--arg " + value + ": expected NAME=SPEC");
      const std::string name = value.substr(0, e);
      if (s.arg_text.count(name))
        throw LaunchSpecError("--arg " + name + " is given twice (" + s.arg_text[name] + " and " + value.substr(e + 1) + ")");
      s.arg_text[name] = value.substr(e + 1);
    } else if (w == "-D") {
      const auto e = value.find('=');
      const std::string name = value.substr(0, e);
      if (!is_identifier(name)) throw LaunchSpecError("-D '" + value + "': expected NAME or NAME=VALUE, NAME an identifier");
      s.defines.emplace_back(name, e == std::string::npos ? "" : value.substr(e + 1));
    } else if (w == "--build-options") {
      s.build_options = value;
    } else {
      throw LaunchSpecError("unknown launch option '" + words[i - (long_opt && eq != std::string::npos ? 0 : 1)] + "'");
    }
  }
  return s;
}

LaunchSpec parse_source_launch_spec(const std::string& source) {
  std::vector<std::string> words;
  std::istringstream in(source);
  const std::string marker = "roofline:";
  for (std::string line; std::getline(in, line);) {
    const auto p = line.find_first_not_of(" \t");
    if (p == std::string::npos || line.compare(p, 2, "//") != 0) continue;
    const auto q = line.find_first_not_of(" \t", p + 2);
    if (q == std::string::npos || line.compare(q, marker.size(), marker) != 0) continue;
    for (auto& w : split_words(line.substr(q + marker.size()))) words.push_back(w);
  }
  try {
    return parse_launch_words(words);
  } catch (const LaunchSpecError& e) {
    throw LaunchSpecError(std::string("in the file's // roofline: lines: ") + e.what());
  }
}

}  // namespace roofline
