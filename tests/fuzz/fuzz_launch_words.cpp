// Fuzz target: the launch options of count and place (parse_launch_words), one
// word per line of the input as the shell would pass them, merged over an
// example's // roofline: lines as the tool merges the command line over the
// file's, then resolved (launch_resolve.hpp).
#include <string>
#include <vector>

#include "launch_resolve.hpp"

namespace {

std::vector<std::string> lines_of(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> words;
  if (size == 0) return words;
  std::string word;
  for (std::size_t i = 0; i < size; ++i) {
    if (data[i] == '\n') {
      words.push_back(word);
      word.clear();
    } else {
      word += char(data[i]);
    }
  }
  if (data[size - 1] != '\n') words.push_back(word);
  return words;
}

// examples/stencil2d.cl's lines: defines, products and scalars to merge over.
const char* const kSourceLines =
    "// roofline: --kernel stencil5 --global INNER,INNER --local 16,16 -D W=4098 -D INNER=4096\n"
    "// roofline: --arg in=float[W*W]:random --arg out=float[W*W]:zeros --arg width=int:W --arg c0=float:0.5\n";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace roofline;
  static const LaunchSpec from_source = parse_source_launch_spec(kSourceLines);
  const std::vector<std::string> words = lines_of(data, size);
  fuzz::expect_only<LaunchSpecError>([&] {
    LaunchSpec spec = parse_launch_words(words);
    spec.merge_over(from_source);
    fuzz::resolve(spec);
  });
  return 0;
}
