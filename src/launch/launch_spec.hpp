// launch/launch_spec: how to launch a user's kernel, from the command line
// or from "// roofline:" comment lines in the .cl file (the command line wins):
// the kernel, NDRange, build defines and options, and one spec per argument:
//   A=float[1048576]:random    a buffer: element type (any OpenCL scalar or
//                              vector type) and count, then its initial data:
//                              random | zeros | ones | iota | value=2.5 | file=path
//                              | random=N (uniform in [0, N)) | iota=K (i x K)
//   n=int:4096, s=float:2.5    a scalar (in range for its type)
//   tile=local:float[256]      local memory
// Counts and NDRange sizes may be sums of products of integers and -D names
// (float[DIM*DIM], int[ROWS+1], --global DIM,DIM with -D DIM=1024); a size, a byte count
// or a work-item count that does not fit in 64 bits is an error, not a wrap.
#pragma once
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace roofline {

// A malformed spec; the message names the argument or option.
struct LaunchSpecError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// An OpenCL C element type: "float4" is base "float", 4 lanes, 16 bytes.
struct ElementType {
  std::string name, base;
  int lanes = 1;                // 1, 2, 3, 4, 8, 16
  std::size_t base_bytes = 0;   // of one lane
  bool floating = false, is_signed = false;
  std::size_t bytes() const { return base_bytes * (lanes == 3 ? 4 : lanes); }  // 3-vectors take 4 lanes
  std::size_t stored_lanes() const { return lanes == 3 ? 4 : lanes; }
};
// Throws LaunchSpecError for an unknown type name.
ElementType parse_element_type(const std::string& name);
// Whether `name` is an OpenCL scalar or vector type parse_element_type knows.
bool is_element_type(const std::string& name);

// A value of element type t's base type (scalars, value=): `value` gets it, and
// `integer` too for integer types. Throws LaunchSpecError when `text` is not a
// number, not an integer for an integer type, or out of the type's range.
void parse_typed_value(const ElementType& t, const std::string& text, double& value, std::uint64_t& integer);

struct ArgSpec {
  enum class Kind { Buffer, Scalar, Local } kind = Kind::Buffer;
  std::string name, text;  // the argument's name and the spec as written
  ElementType type;
  std::uint64_t count = 0;       // buffers and local memory: elements
  enum class Init { Random, Zeros, Ones, Iota, Value, File } init = Init::Zeros;
  double value = 0;              // Init::Value; scalars: their value
  std::uint64_t integer = 0;     // the same for integer types, exactly (two's complement)
  std::string file;              // Init::File
  std::uint64_t scale = 0;       // Init::Random: values in [0, scale) (0: [0, 1) or [0, 256)); Init::Iota: i x scale (0: i)
  std::string scalar_text;       // scalars: the value as written
  std::uint64_t bytes() const { return count * type.bytes(); }
};

struct LaunchSpec {
  std::string kernel;                           // empty: the file's only kernel
  std::vector<std::string> global_text, local_text;  // as written; resolved by dims()
  std::map<std::string, std::string> arg_text;  // name -> spec text
  std::vector<std::pair<std::string, std::string>> defines;  // -D NAME=VALUE, in order
  std::string build_options;                    // --build-options
  // The kernel's typedef names of element types (real -> float), which specs may use too.
  std::map<std::string, std::string> typedefs;

  // Later values win: the command line merged over the file's comment block.
  void merge_over(const LaunchSpec& base);
  // The -D options followed by --build-options, as the device build gets them.
  std::string full_build_options() const;
  std::vector<std::uint64_t> global() const { return dims(global_text, "--global"); }
  std::vector<std::uint64_t> local() const { return dims(local_text, "--local"); }
  ArgSpec arg(const std::string& name) const;   // parses arg_text[name]
  // The files buffers' data is read from (file=PATH), by argument name;
  // read from the text alone, so a typedef'd type is no obstacle.
  std::map<std::string, std::string> data_files() const;
  // parse_element_type through the typedefs: "real" is float's ElementType.
  ElementType element_type(const std::string& name) const;
  // Evaluates "1024", "DIM", "DIM*DIM", "4*DIM" with the -D values.
  std::uint64_t evaluate(const std::string& expr, const std::string& what) const;

 private:
  std::vector<std::uint64_t> dims(const std::vector<std::string>& text, const std::string& what) const;
};

// Parses launch words (--kernel K --global X,Y --local X,Y --arg N=SPEC -D N=V
// --build-options "..."); throws LaunchSpecError naming a bad word.
LaunchSpec parse_launch_words(const std::vector<std::string>& words);

// The "// roofline: ..." lines of a .cl source, split into words (double
// quotes group words), parsed as above.
LaunchSpec parse_source_launch_spec(const std::string& source);

// Splits "-D" style option text into words, honouring double quotes.
std::vector<std::string> split_words(const std::string& text);

}  // namespace roofline
