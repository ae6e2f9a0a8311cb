// End-to-end: an output never destroys what was at its path. FIFOs and device
// nodes are made in a scratch folder (the real /dev is not touched); a write to
// one is refused with exit status 5 and leaves it as it was, before any
// measuring for build; the process's own standard output is written plainly.
#include <doctest/doctest.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>

#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "run_binary.hpp"

namespace fs = std::filesystem;

namespace {

const std::string kRoofs = std::string(ROOFLINE_SOURCE_DIR) + "/roofs/pthread-haswell-amd-epyc.json";

std::string quoted(const fs::path& p) { return "'" + p.string() + "'"; }

bool still_fifo(const fs::path& p) { return fs::is_fifo(fs::symlink_status(p)); }

// A character device node, or false (said) where mknod is not permitted.
bool make_char_device(const fs::path& p, unsigned major, unsigned minor) {
  if (::mknod(p.c_str(), S_IFCHR | 0666, makedev(major, minor)) == 0) return true;
  MESSAGE("mknod not permitted here (" << std::strerror(errno) << "): device node checks skipped");
  return false;
}

bool is_device(const fs::path& p, unsigned major, unsigned minor) {
  struct stat st {};
  return ::lstat(p.c_str(), &st) == 0 && S_ISCHR(st.st_mode) && st.st_rdev == makedev(major, minor);
}

// One line on stderr naming the path and the reason.
void check_refusal(const RunResult& r, const fs::path& path, const std::string& reason) {
  INFO("stderr: " << r.err);
  CHECK(r.exit_code == 5);
  CHECK(r.err.rfind("roofline: cannot write " + path.string(), 0) == 0);
  CHECK(r.err.find(reason) != std::string::npos);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
}

}  // namespace

TEST_CASE("plot and report refuse a FIFO or a device node and leave it as it was; a link is followed") {
  const auto dir = scratch_dir("outputs");
  const auto fifo = dir / "fifo.svg";
  REQUIRE(::mkfifo(fifo.c_str(), 0644) == 0);
  check_refusal(run_roofline("plot '" + kRoofs + "' -o " + quoted(fifo)), fifo, "is a FIFO");
  CHECK(still_fifo(fifo));
  check_refusal(run_roofline("report '" + kRoofs + "' -o " + quoted(fifo)), fifo, "is a FIFO");
  CHECK(still_fifo(fifo));

  // /dev/full's numbers, in the scratch folder.
  const auto full = dir / "full";
  if (make_char_device(full, 1, 7)) {
    check_refusal(run_roofline("report '" + kRoofs + "' -o " + quoted(full)), full, "is a character device");
    CHECK(is_device(full, 1, 7));
  }

  // A link to a chart of mode 0600: the chart is rewritten, the link and the mode stay.
  fs::create_directories(dir / "real");
  std::ofstream(dir / "real" / "chart.svg") << "old";
  fs::permissions(dir / "real" / "chart.svg", fs::perms::owner_read | fs::perms::owner_write);
  fs::create_symlink("real/chart.svg", dir / "link.svg");
  auto r = run_roofline("plot '" + kRoofs + "' -o " + quoted(dir / "link.svg"));
  CHECK(r.exit_code == 0);
  CHECK(fs::is_symlink(dir / "link.svg"));
  CHECK(slurp(dir / "real" / "chart.svg").find("<svg") != std::string::npos);
  CHECK(fs::status(dir / "real" / "chart.svg").permissions() == (fs::perms::owner_read | fs::perms::owner_write));
  fs::remove_all(dir);
}

TEST_CASE("plot to the process's own standard output writes the chart there") {
  // /proc/self/fd/1 rather than /dev/stdout: the same rule, and a binary without
  // it fails on /proc instead of replacing a link in the real /dev.
  auto r = run_roofline("plot '" + kRoofs + "' -o /proc/self/fd/1");
  INFO("stderr: " << r.err);
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("<svg") != std::string::npos);
  CHECK(r.out.find("</svg>") != std::string::npos);
}

TEST_CASE("build refuses, before measuring, a chart path it could not write, a chart beside it, or a stream for -o") {
  const auto dir = scratch_dir("build-outputs");
  const auto roofs = dir / "r.json";
  // A FIFO where a chart beside the CARM would go.
  const auto latency = dir / "c-latency.svg";
  REQUIRE(::mkfifo(latency.c_str(), 0644) == 0);
  auto r = run_roofline("build --device cpu --quick -o " + quoted(roofs) + " --svg " + quoted(dir / "c.svg"));
  check_refusal(r, latency, "is a FIFO");
  CHECK(still_fifo(latency));
  CHECK(!fs::exists(roofs.string() + ".partial"));  // nothing was measured

  // --svg a device node that is not a stream of ours (/dev/full's numbers).
  const auto full = dir / "full.svg";
  if (make_char_device(full, 1, 7)) {
    check_refusal(run_roofline("build --device cpu --quick -o " + quoted(roofs) + " --svg " + quoted(full)), full,
                  "is a character device");
    CHECK(is_device(full, 1, 7));
    CHECK(!fs::exists(roofs.string() + ".partial"));
  }

  // -o the null device (a node of its numbers here): build saves ROOFS.json.partial
  // beside it, which a stream cannot have.
  const auto null = dir / "null";
  if (make_char_device(null, 1, 3)) {
    check_refusal(run_roofline("build --device cpu --quick -o " + quoted(null) + " --svg " + quoted(dir / "c2.svg")), null,
                  "must name a file");
    CHECK(is_device(null, 1, 3));
    CHECK(!fs::exists(null.string() + ".partial"));
  }
  fs::remove_all(dir);
}

namespace {

// A file's bytes, to show it was left as it was.
std::string bytes_of(const fs::path& p) { return slurp(p); }

// A refusal of an output that is an input or another output: exit 5 before
// any work, one line naming the output, both roles, and the file kept as it was.
void check_clash(const RunResult& r, const fs::path& written, const std::string& roles, const fs::path& kept, const std::string& before) {
  INFO("stderr: " << r.err);
  CHECK(r.exit_code == 5);
  CHECK(r.err.rfind("roofline: cannot write " + written.string() + ": ", 0) == 0);
  CHECK(r.err.find(roles) != std::string::npos);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  CHECK(bytes_of(kept) == before);
}

const std::string kPlacement = std::string(ROOFLINE_SOURCE_DIR) + "/tests/fuzz/seeds/fuzz_placements/wrapped.json";

// A kernel whose launch is in its // roofline: line, so that the commands need no launch options.
void write_kernel(const fs::path& p) {
  std::ofstream(p) << "// roofline: --global 64 --arg x=float[64]:zeros\n"
                      "__kernel void twice(__global float* x) { x[get_global_id(0)] *= 2.0f; }\n";
}

}  // namespace

TEST_CASE("an output that names an input of the run is refused before any work, and the input is kept") {
  const auto dir = scratch_dir("output-is-input");
  const auto roofs = dir / "r.json", dots = dir / "d.json", kernel = dir / "k.cl", counts = dir / "c.json", data = dir / "x.bin";
  fs::copy_file(kRoofs, roofs);
  fs::copy_file(kPlacement, dots);
  write_kernel(kernel);
  std::ofstream(counts) << "{}";
  std::ofstream(data) << std::string(16, '\0');
  const std::string R = bytes_of(roofs), D = bytes_of(dots), K = bytes_of(kernel), C = bytes_of(counts), X = bytes_of(data);

  check_clash(run_roofline("plot " + quoted(roofs) + " -o " + quoted(roofs)), roofs, "the chart (-o) is the roofs file", roofs, R);
  check_clash(run_roofline("report " + quoted(roofs) + " -o " + quoted(roofs)), roofs, "the report (-o) is the roofs file", roofs, R);
  check_clash(run_roofline("plot " + quoted(roofs) + " --dots " + quoted(dots) + " -o " + quoted(dots)), dots,
              "the chart (-o) is the placement file (--dots)", dots, D);
  check_clash(run_roofline("count " + quoted(kernel) + " -o " + quoted(kernel)), kernel, "the counts file (-o) is the kernel file", kernel, K);
  check_clash(run_roofline("place " + quoted(kernel) + " -o " + quoted(kernel)), kernel, "the placement file (-o) is the kernel file",
              kernel, K);
  check_clash(run_roofline("analyze " + quoted(kernel) + " --roofs " + quoted(roofs) + " -o " + quoted(roofs)), roofs,
              "the analysis file (-o) is the roofs file", roofs, R);
  check_clash(run_roofline("place " + quoted(kernel) + " --roofs " + quoted(roofs) + " -o " + quoted(roofs)), roofs,
              "the placement file (-o) is the roofs file", roofs, R);
  check_clash(run_roofline("place " + quoted(kernel) + " --roofs " + quoted(roofs) + " --svg " + quoted(roofs)), roofs,
              "the chart (--svg) is the roofs file", roofs, R);
  check_clash(run_roofline("place " + quoted(kernel) + " --counts " + quoted(counts) + " -o " + quoted(counts)), counts,
              "the placement file (-o) is the counts file (--counts)", counts, C);
  check_clash(run_roofline("count " + quoted(kernel) + " --arg x=float[4]:file=" + data.string() + " -o " + quoted(data)), data,
              "the counts file (-o) is the data file of --arg x", data, X);
  check_clash(run_roofline("trace --roofs " + quoted(roofs) + " -o " + quoted(roofs) + " -- true"), roofs,
              "the trace file (-o) is the roofs file", roofs, R);

  // By any other name: a link to the input, a path through "..", a hard link.
  fs::create_symlink("r.json", dir / "link.svg");
  check_clash(run_roofline("plot " + quoted(roofs) + " -o " + quoted(dir / "link.svg")), dir / "link.svg",
              "the chart (-o) is the roofs file " + roofs.string(), roofs, R);
  CHECK(fs::is_symlink(dir / "link.svg"));
  fs::create_directories(dir / "sub");
  const fs::path dotted = dir / "sub" / ".." / "k.cl";
  check_clash(run_roofline("count " + quoted(kernel) + " -o " + quoted(dotted)), dotted, "is the kernel file", kernel, K);
  fs::create_hard_link(dots, dir / "hard.json");
  check_clash(run_roofline("report " + quoted(roofs) + " --dots " + quoted(dots) + " -o " + quoted(dir / "hard.json")),
              dir / "hard.json", "the report (-o) is the placement file (--dots)", dots, D);
  fs::remove_all(dir);
}

TEST_CASE("two outputs of one run at one path are refused before any work; streams may share") {
  const auto dir = scratch_dir("output-twice");
  const auto roofs = dir / "r.json";
  fs::copy_file(kRoofs, roofs);
  const auto kernel = dir / "k.cl";
  write_kernel(kernel);
  const auto x = dir / "x";

  // build: the roofs file and its chart, or the chart at the roofs file's partial file: refused before measuring.
  auto r = run_roofline("build --device cpu --quick -o " + quoted(x) + " --svg " + quoted(x));
  check_clash(r, x, "the CARM chart (--svg) and the roofs file (-o) " + x.string() + " are one file", roofs, bytes_of(roofs));
  CHECK(!fs::exists(x));
  CHECK(!fs::exists(x.string() + ".partial"));
  const fs::path partial = dir / "p.json.partial";
  r = run_roofline("build --device cpu --quick -o " + quoted(dir / "p.json") + " --svg " + quoted(partial));
  check_clash(r, partial, "the CARM chart (--svg) and the partial roofs file " + partial.string() + " are one file", roofs, bytes_of(roofs));
  CHECK(!fs::exists(partial));
  // A chart beside the CARM at the roofs file's path.
  r = run_roofline("build --device cpu --quick -o " + quoted(dir / "c-latency.svg") + " --svg " + quoted(dir / "c.svg"));
  check_clash(r, dir / "c-latency.svg", "the latency chart beside --svg and the roofs file (-o)", roofs, bytes_of(roofs));

  r = run_roofline("place " + quoted(kernel) + " --roofs " + quoted(roofs) + " -o " + quoted(x) + " --svg " + quoted(x));
  check_clash(r, x, "the chart (--svg) and the placement file (-o) " + x.string() + " are one file", roofs, bytes_of(roofs));
#ifdef ROOFLINE_HAVE_CLANG  // --analyze needs the instrumenter
  r = run_roofline("place " + quoted(kernel) + " --roofs " + quoted(roofs) + " --analyze -o " + quoted(x) + " --analysis " + quoted(x));
  check_clash(r, x, "the analysis file (--analysis) and the placement file (-o)", roofs, bytes_of(roofs));
#endif
  r = run_roofline("trace --roofs " + quoted(roofs) + " -o " + quoted(x) + " --svg " + quoted(x) + " -- true");
  check_clash(r, x, "the chart (--svg) and the trace file (-o)", roofs, bytes_of(roofs));
  CHECK(!fs::exists(x));
  // Through a link: the link's target is the other output.
  fs::create_symlink("y.json", dir / "to-y");
  r = run_roofline("trace --roofs " + quoted(roofs) + " -o " + quoted(dir / "y.json") + " --svg " + quoted(dir / "to-y") + " -- true");
  check_clash(r, dir / "to-y", "the chart (--svg) and the trace file (-o)", roofs, bytes_of(roofs));

  // Two outputs on the null device lose nothing: both are written plainly.
  r = run_roofline("trace --roofs " + quoted(roofs) + " -o /dev/null --svg /dev/null -- true");
  INFO("stderr: " << r.err);
  CHECK(r.exit_code == 0);
  fs::remove_all(dir);
}
