// roofline links no LLVM: an OpenCL driver built on another LLVM than Clang's
// (Ubuntu 24.04's PoCL on LLVM 17) crashed a roofline that held LLVM 15 as
// soon as the ICD loader opened it. Clang lives in roofline-instrument, a
// program of its own. Checked on the binaries themselves: the libraries an
// executable's ELF dynamic section names (DT_NEEDED), and, through ldd,
// those they load in turn. The test programs that load OpenCL (unit_tests,
// e2e_tests) are held to the same; the instrumenter, which must link Clang,
// shows the check can fail.
#include <doctest/doctest.h>

#include <elf.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "run_binary.hpp"

namespace fs = std::filesystem;

namespace {

// The DT_NEEDED entries of a 64-bit ELF file: its dynamic section's, read
// through the section headers (the string table is the section it links to).
std::vector<std::string> needed_libraries(const fs::path& path) {
  const std::string elf = slurp(path);
  REQUIRE(elf.size() >= sizeof(Elf64_Ehdr));
  REQUIRE(std::memcmp(elf.data(), ELFMAG, SELFMAG) == 0);
  REQUIRE(elf[EI_CLASS] == ELFCLASS64);
  Elf64_Ehdr header;
  std::memcpy(&header, elf.data(), sizeof header);
  auto section = [&](std::size_t i) {
    Elf64_Shdr s;
    REQUIRE(header.e_shoff + (i + 1) * sizeof s <= elf.size());
    std::memcpy(&s, elf.data() + header.e_shoff + i * sizeof s, sizeof s);
    return s;
  };
  std::vector<std::string> needed;
  for (std::size_t i = 0; i < header.e_shnum; ++i) {
    const Elf64_Shdr dynamic = section(i);
    if (dynamic.sh_type != SHT_DYNAMIC) continue;
    const Elf64_Shdr strings = section(dynamic.sh_link);
    REQUIRE(dynamic.sh_offset + dynamic.sh_size <= elf.size());
    for (std::size_t at = dynamic.sh_offset; at + sizeof(Elf64_Dyn) <= dynamic.sh_offset + dynamic.sh_size; at += sizeof(Elf64_Dyn)) {
      Elf64_Dyn entry;
      std::memcpy(&entry, elf.data() + at, sizeof entry);
      if (entry.d_tag == DT_NULL) break;
      if (entry.d_tag != DT_NEEDED) continue;
      REQUIRE(strings.sh_offset + entry.d_un.d_val < elf.size());
      needed.emplace_back(elf.c_str() + strings.sh_offset + entry.d_un.d_val);
    }
  }
  return needed;
}

// Every library the dynamic loader loads for `path`, as ldd names them.
std::vector<std::string> loaded_libraries(const fs::path& path) {
  const RunResult r = run_program("/usr/bin/ldd", "'" + path.string() + "'");
  REQUIRE(r.exit_code == 0);
  std::vector<std::string> names;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    std::string name;
    if (words >> name) names.push_back(name);
  }
  return names;
}

bool is_llvm(const std::string& library) { return library.rfind("libLLVM", 0) == 0 || library.rfind("libclang", 0) == 0; }

std::vector<std::string> llvm_among(const std::vector<std::string>& libraries) {
  std::vector<std::string> out;
  for (const std::string& l : libraries)
    if (is_llvm(l)) out.push_back(l);
  return out;
}

}  // namespace

TEST_CASE("roofline, and the tests that load OpenCL, link no LLVM or Clang library, directly or through another") {
  for (const fs::path& program : {fs::path(ROOFLINE_BINARY), fs::path(ROOFLINE_UNIT_TESTS), fs::read_symlink("/proc/self/exe")}) {
    CAPTURE(program);
    const std::vector<std::string> needed = needed_libraries(program);
    CHECK(!needed.empty());  // they link libOpenCL and the C++ library at least
    CHECK(llvm_among(needed) == std::vector<std::string>{});
    CHECK(llvm_among(loaded_libraries(program)) == std::vector<std::string>{});
  }
}

#ifdef ROOFLINE_HAVE_CLANG
TEST_CASE("the instrumenter links Clang and loads no OpenCL") {
  const std::vector<std::string> needed = needed_libraries(ROOFLINE_INSTRUMENTER);
  CHECK(llvm_among(needed).size() >= 1);
  for (const std::string& library : loaded_libraries(ROOFLINE_INSTRUMENTER)) {
    CAPTURE(library);
    CHECK(library.find("OpenCL") == std::string::npos);
  }
}
#endif
