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
  auto r = run_roofline("build --device cpu --quick -o " + quoted(roofs) + " --plot " + quoted(dir / "c.svg"));
  check_refusal(r, latency, "is a FIFO");
  CHECK(still_fifo(latency));
  CHECK(!fs::exists(roofs.string() + ".partial"));  // nothing was measured

  // --plot a device node that is not a stream of ours (/dev/full's numbers).
  const auto full = dir / "full.svg";
  if (make_char_device(full, 1, 7)) {
    check_refusal(run_roofline("build --device cpu --quick -o " + quoted(roofs) + " --plot " + quoted(full)), full,
                  "is a character device");
    CHECK(is_device(full, 1, 7));
    CHECK(!fs::exists(roofs.string() + ".partial"));
  }

  // -o the null device (a node of its numbers here): build saves ROOFS.json.partial
  // beside it, which a stream cannot have.
  const auto null = dir / "null";
  if (make_char_device(null, 1, 3)) {
    check_refusal(run_roofline("build --device cpu --quick -o " + quoted(null) + " --plot " + quoted(dir / "c2.svg")), null,
                  "must name a file");
    CHECK(is_device(null, 1, 3));
    CHECK(!fs::exists(null.string() + ".partial"));
  }
  fs::remove_all(dir);
}
