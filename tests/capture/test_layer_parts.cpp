// Parts of the capture layer that need no OpenCL: the durations of a
// signature (exact median, then a sample of bounded size), a device's busy
// time as the union of its commands' intervals, and the capture's files
// (private, and never written through a link).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include <sys/stat.h>
#include <unistd.h>

#include "intercept/durations.hpp"
#include "intercept/files.hpp"

using roofline::intercept::Activity;
using roofline::intercept::Durations;

TEST_CASE("durations: exact sum, extremes and median; the median of a bounded sample beyond") {
  Durations d;
  CHECK(d.median() == 0);
  for (std::uint64_t ns : {50, 10, 40, 20}) d.add(ns);
  CHECK(d.count() == 4);
  CHECK(d.total() == 120);
  CHECK(d.min() == 10);
  CHECK(d.max() == 50);
  CHECK(d.median() == 30);
  CHECK(d.median_exact());
  d.add(30);
  CHECK(d.median() == 30);

  // 100 000 durations, a tenth of them slow: the median stays the fast one's, the count and sum exact.
  Durations many;
  for (std::uint64_t i = 0; i < 100000; ++i) many.add(i % 10 == 0 ? 1000 : 100 + i % 7);
  CHECK(many.count() == 100000);
  CHECK_FALSE(many.median_exact());
  CHECK(many.median() >= 100);
  CHECK(many.median() <= 106);
  CHECK(many.max() == 1000);
  CHECK(many.min() == 100);
}

TEST_CASE("activity: busy time is the union of the commands' intervals, gaps between them") {
  Activity a;
  CHECK(a.summary().busy == 0);
  a.add(100, 200);
  a.add(150, 250);  // overlaps: one interval 100-250
  a.add(300, 400);  // a gap of 50
  a.add(250, 260);  // touching: merged into 100-260
  const Activity::Summary s = a.summary();
  CHECK(s.first_start == 100);
  CHECK(s.last_end == 400);
  CHECK(s.busy == 160 + 100);
  CHECK(s.gaps == 1);
  CHECK(s.longest_gap == 40);
  CHECK(s.commands == 4);
}

TEST_CASE("activity: a command completing out of order lands between, or joins the intervals it spans") {
  Activity a;
  a.add(0, 10);
  a.add(100, 110);
  a.add(50, 60);
  Activity::Summary s = a.summary();
  CHECK(s.busy == 30);
  CHECK(s.gaps == 2);
  CHECK(s.longest_gap == 40);
  a.add(5, 105);
  s = a.summary();
  CHECK(s.busy == 110);
  CHECK(s.gaps == 0);
  CHECK(s.last_end == 110);
}

TEST_CASE("activity keeps bounded memory: old intervals fold into the totals exactly") {
  Activity a;
  const std::uint64_t n = 3 * Activity::kOpen;
  for (std::uint64_t i = 0; i < n; ++i) a.add(i * 10, i * 10 + 4);  // 4 busy, 6 idle each
  const Activity::Summary s = a.summary();
  CHECK(s.commands == n);
  CHECK(s.busy == 4 * n);
  CHECK(s.gaps == n - 1);
  CHECK(s.longest_gap == 6);
  CHECK(s.first_start == 0);
  CHECK(s.last_end == (n - 1) * 10 + 4);
}

TEST_CASE("the capture's folders and files are the user's alone, and a link where one goes is not followed") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("roofline-capture-files-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const auto mode = [](const fs::path& p) {
    struct stat st {};
    REQUIRE(::lstat(p.c_str(), &st) == 0);
    return st.st_mode & 07777;
  };
  const auto text = [](const fs::path& p) {
    std::ifstream in(p);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  const mode_t mask = ::umask(0);  // what the capture asks for, not the umask's cut of it
  REQUIRE(roofline::intercept::make_dirs((dir / "pid-1" / "programs").string()));
  CHECK(mode(dir / "pid-1") == 0700);
  CHECK(mode(dir / "pid-1" / "programs") == 0700);
  REQUIRE(roofline::intercept::write_whole((dir / "pid-1" / "manifest.json").string(), "{}"));
  CHECK(mode(dir / "pid-1" / "manifest.json") == 0600);
  REQUIRE(roofline::intercept::append((dir / "pid-1" / "launches.ndjson").string(), "{}\n"));
  CHECK(mode(dir / "pid-1" / "launches.ndjson") == 0600);
  ::umask(mask);

  // A link planted where the launch log goes: the append is refused, its target untouched.
  std::ofstream(dir / "victim") << "kept";
  fs::create_symlink(dir / "victim", dir / "pid-1" / "planted.ndjson");
  CHECK_FALSE(roofline::intercept::append((dir / "pid-1" / "planted.ndjson").string(), "{}\n"));
  CHECK(text(dir / "victim") == "kept");
  // A whole file replaces the link itself, never what it points to.
  CHECK(roofline::intercept::write_whole((dir / "pid-1" / "planted.ndjson").string(), "new"));
  CHECK(text(dir / "victim") == "kept");
  CHECK_FALSE(fs::is_symlink(dir / "pid-1" / "planted.ndjson"));
  fs::remove_all(dir);
}
