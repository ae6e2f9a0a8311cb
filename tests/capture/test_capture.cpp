// The capture inside a traced application, end to end on PoCL: the project's
// capture_app (and a pyopencl script) run with and without the layer (and the
// preload); the application must print and exit the same, and the capture,
// read back through model/capture.hpp, must hold every launch and transfer,
// timed, with signatures deduplicated and buffer copies equal to what each
// counted launch saw.
#include <doctest/doctest.h>

#include <algorithm>
#include <csignal>
#include <cstring>
#include <map>

#include <sys/stat.h>
#include <unistd.h>

#include "../e2e/run_binary.hpp"
#include "capture_tests.hpp"
#include "model/capture.hpp"
#include "model/source_hash.hpp"

namespace fs = std::filesystem;
using namespace capture_tests;
using namespace roofline;

namespace {

const std::string kLayer = std::string("OPENCL_LAYERS='") + CAPTURE_LAYER + "'";
const std::string kPreload = std::string("LD_PRELOAD='") + CAPTURE_PRELOAD + "'";

std::string env(const fs::path& dir, const std::string& more = "") {
  return "env " + more + " ROOFLINE_CAPTURE_DIR='" + dir.string() + "'";
}

// The only process folder's manifest.
CaptureManifest only_capture(const fs::path& dir) {
  const auto folders = capture_process_folders(dir);
  REQUIRE(folders.size() == 1);
  return load_capture(folders[0]);
}

std::string bytes_of(const fs::path& p) { return slurp(p); }

template <typename T>
std::string bytes_of(const std::vector<T>& v) {
  return std::string(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
}

// The signature of kernel `name` whose first scalar argument has the value `scalar` (any when empty).
const CapturedSignature* find(const CaptureManifest& m, const std::string& name, std::size_t program = 0,
                              const std::vector<std::uint8_t>& scalar = {}) {
  for (const CapturedSignature& s : m.signatures) {
    const CapturedKernel& k = m.kernels[s.kernel];
    if (k.name != name || k.program != program) continue;
    if (scalar.empty()) return &s;
    for (const CapturedArg& a : s.args)
      if (a.kind == ArgKind::scalar && a.bytes == scalar) return &s;
  }
  return nullptr;
}

std::vector<std::uint8_t> float_bytes(float f) {
  std::vector<std::uint8_t> b(4);
  std::memcpy(b.data(), &f, 4);
  return b;
}

// The copy file of argument `arg` of the signature's first copy.
fs::path copy_file(const CaptureManifest& m, const CapturedSignature& s, unsigned arg) {
  REQUIRE(!s.copies.empty());
  const CapturedCopy& c = s.copies.front();
  CHECK(c.status == CopyStatus::written);
  CHECK(c.launch == 1);
  for (const CapturedCopyFile& f : c.args)
    if (f.arg == arg) return m.file(f.file);
  FAIL("no copy of argument " << arg);
  return {};
}

// What every capture of capture_app holds, whichever path took it; `repeat` touch launches plus one.
void check_app_capture(const CaptureManifest& m, const fs::path& dump, int repeat) {
  CHECK(m.state == CaptureState::exited);
  CHECK(m.warnings.empty());
  REQUIRE(m.devices.size() == 1);
  REQUIRE(m.queues.size() == 2);
  CHECK_FALSE(m.queues[0].out_of_order);
  CHECK(m.queues[1].out_of_order);
  CHECK_FALSE(m.queues[0].profiling_asked);

  // The program from source, its text and options; the one from a binary.
  REQUIRE(m.programs.size() == 2);
  const CapturedProgram& p = m.programs[0];
  CHECK(p.origin == ProgramOrigin::source);
  REQUIRE(p.source_file);
  const std::string source = slurp(m.file(*p.source_file));
  CHECK(source.find("kernel void touch") != std::string::npos);
  CHECK(*p.hash == source_hash(source));
  REQUIRE(p.builds.size() == 1);
  CHECK(p.builds[0].options == "-DSCALE=3");
  CHECK(m.programs[1].origin == ProgramOrigin::binary);

  // Every launch, each in its signature: 7 distinct, the repeated one once.
  std::uint64_t launches = 0;
  for (const CapturedSignature& s : m.signatures) {
    INFO("kernel " << m.kernels[s.kernel].name);
    launches += s.launches;
    CHECK(s.time.samples == s.launches);
    CHECK(s.time.min_ns > 0);
    CHECK(s.untimed + s.enqueue_failures + s.command_failures == 0);
  }
  CHECK(m.signatures.size() == 7);
  CHECK(launches == std::uint64_t(repeat) + 7);

  const CapturedSignature* scale2 = find(m, "scale", 0, float_bytes(2.0f));
  const CapturedSignature* scale4 = find(m, "scale", 0, float_bytes(4.0f));
  const CapturedSignature* add = find(m, "add");
  const CapturedSignature* reduce = find(m, "reduce_local");
  const CapturedSignature* fill = find(m, "offset_fill");
  const CapturedSignature* touch = find(m, "touch");
  const CapturedSignature* binary = find(m, "scale", 1);
  REQUIRE((scale2 && scale4 && add && reduce && fill && touch && binary));
  CHECK(touch->launches == std::uint64_t(repeat) + 1);
  CHECK(m.kernels[scale4->kernel].cloned == 1);
  CHECK(m.kernels[touch->kernel].created_in_program == 1);
  CHECK(m.kernels[scale2->kernel].options == "-DSCALE=3");
  CHECK(reduce->ndrange.local == std::optional<std::vector<std::uint64_t>>(std::vector<std::uint64_t>{64}));
  CHECK(reduce->args[2].kind == ArgKind::local);
  CHECK(reduce->args[2].size == 64 * sizeof(float));
  CHECK_FALSE(scale2->ndrange.local);
  CHECK(scale2->ndrange.global == std::vector<std::uint64_t>{4096});
  REQUIRE(fill->args[0].sub_buffer);
  CHECK(fill->args[0].sub_buffer->origin == 4096);
  CHECK(fill->args[0].sub_buffer->parent_size == 8192);
  CHECK(fill->args[0].size == 4096);
  CHECK(binary->not_counted == std::vector<NotCounted>{NotCounted::binary_program});
  CHECK(binary->copies.empty());

  // The copies hold what each counted launch saw.
  const std::string a = bytes_of(dump / "A.bin"), b_after = bytes_of(dump / "B_after_scale.bin");
  REQUIRE(a.size() == 4096 * sizeof(float));
  std::vector<float> sum(4096);
  for (std::size_t i = 0; i < sum.size(); ++i) {
    float x, y;
    std::memcpy(&x, a.data() + 4 * i, 4);
    std::memcpy(&y, b_after.data() + 4 * i, 4);
    sum[i] = x + y;
  }
  CHECK(bytes_of(copy_file(m, *scale2, 0)) == a);
  CHECK(bytes_of(copy_file(m, *scale2, 1)) == bytes_of(dump / "B_before_scale.bin"));
  CHECK(bytes_of(copy_file(m, *add, 0)) == a);
  CHECK(bytes_of(copy_file(m, *add, 1)) == b_after);
  CHECK(bytes_of(copy_file(m, *reduce, 0)) == bytes_of(sum));
  CHECK(bytes_of(copy_file(m, *scale4, 1)) == bytes_of(sum));
  CHECK(bytes_of(copy_file(m, *fill, 0)) == bytes_of(std::vector<std::int32_t>(1024, -1)));
  CHECK(bytes_of(copy_file(m, *touch, 0)) == bytes_of(dump / "T_before_touch.bin"));
  CHECK(touch->copies.size() == 1);

  // Transfers, each timed: a write, three fills, reads, a map and its unmap.
  std::map<TransferKind, std::uint64_t> count;
  for (const CapturedTransfer& t : m.transfers) {
    INFO("transfer " << name_of(t.kind));
    count[t.kind] += t.count;
    CHECK(t.time.samples == t.count);
    CHECK(t.time.total_ns > 0);
  }
  CHECK(count[TransferKind::write] == 1);
  CHECK(count[TransferKind::fill] == 3);
  CHECK(count[TransferKind::read] == 7);
  CHECK(count[TransferKind::map] == 1);
  CHECK(count[TransferKind::unmap] == 1);

  REQUIRE(m.activity.size() == 1);
  CHECK(m.activity[0].commands == launches + 13);
  CHECK(m.activity[0].busy_ns > 0);
  CHECK(m.activity[0].span_ns() >= m.activity[0].busy_ns);
}

struct Runs {
  RunResult plain, traced;
  fs::path capture, dump;
};

// capture_app without, then with `prefix` (the layer or the preload, and settings).
Runs run_both(const std::string& name, const std::string& prefix, const std::string& args = "") {
  Runs r;
  const fs::path dir = scratch_dir(name);
  r.capture = dir / "capture";
  r.dump = dir / "dump";
  fs::create_directories(dir / "plain-dump");
  fs::create_directories(r.dump);
  r.plain = run_program(kApp, args + " --dump '" + (dir / "plain-dump").string() + "'");
  r.traced = run_program(kApp, args + " --dump '" + r.dump.string() + "'", env(r.capture, prefix));
  INFO(r.plain.err << r.traced.err);
  REQUIRE(r.plain.exit_code == 0);
  CHECK(r.traced.exit_code == r.plain.exit_code);
  CHECK(r.traced.out == r.plain.out);
  CHECK(r.traced.err == r.plain.err);
  return r;
}

}  // namespace

TEST_CASE("the layer captures every launch and transfer of an application that runs as without it") {
  const Runs r = run_both("layer", kLayer);
  CHECK(r.traced.out.find("in-order queue properties: 0\n") != std::string::npos);
  const CaptureManifest m = only_capture(r.capture);
  CHECK(m.path == CapturePath::layer);
  check_app_capture(m, r.dump, 200);
}

TEST_CASE("the preload captures the same") {
  const Runs r = run_both("preload", kPreload, "--repeat 30");
  const CaptureManifest m = only_capture(r.capture);
  CHECK(m.path == CapturePath::preload);
  check_app_capture(m, r.dump, 30);
}

TEST_CASE("with the layer and the preload both in the process, one captures") {
  const Runs r = run_both("both", kLayer + " " + kPreload, "--repeat 10");
  const CaptureManifest m = only_capture(r.capture);
  CHECK(m.path == CapturePath::preload);
  check_app_capture(m, r.dump, 10);
}

TEST_CASE("threads launching at once are each captured") {
  const Runs r = run_both("threads", kLayer, "--repeat 5 --threads 4");
  CHECK(r.traced.out.find("thread 3: 204800\n") != std::string::npos);
  const CaptureManifest m = only_capture(r.capture);
  const CapturedSignature* touch = find(m, "touch");
  REQUIRE(touch);
  CHECK(touch->launches == 5 + 1 + 4 * 50);
  CHECK(touch->time.samples == touch->launches);
  CHECK(m.kernels[touch->kernel].created == 4);
  CHECK(m.queues.size() == 2 + 4);
}

TEST_CASE("a program that fails to build fails the same under the layer, and is recorded") {
  const Runs r = run_both("failing-build", kLayer, "--repeat 1 --fail-build");
  CHECK(r.traced.out.find("failing build: -11\n") != std::string::npos);
  const CaptureManifest m = only_capture(r.capture);
  REQUIRE(m.programs.size() == 3);
  const CapturedProgram& bad = m.programs[1];
  REQUIRE(bad.builds.size() == 1);
  CHECK(bad.builds[0].status == -11);
  CHECK(slurp(m.file(*bad.source_file)).find("undefined_name") != std::string::npos);
}

TEST_CASE("timing only: no copies, every signature says why it is not counted") {
  const Runs r = run_both("count-none", kLayer + " ROOFLINE_CAPTURE_COUNT=none", "--repeat 3");
  const CaptureManifest m = only_capture(r.capture);
  CHECK(m.count == CountMode::none);
  for (const CapturedSignature& s : m.signatures) {
    CHECK(s.copies.empty());
    CHECK(std::find(s.not_counted.begin(), s.not_counted.end(), NotCounted::count_none) != s.not_counted.end());
  }
  CHECK_FALSE(fs::exists(m.folder / "copies" / "s0-0"));
}

TEST_CASE("count all copies every launch; the launch log has a line per timed command") {
  const Runs r = run_both("count-all", kLayer + " ROOFLINE_CAPTURE_COUNT=all ROOFLINE_CAPTURE_LAUNCHES=1", "--repeat 4");
  const CaptureManifest m = only_capture(r.capture);
  const CapturedSignature* touch = find(m, "touch");
  REQUIRE(touch);
  REQUIRE(touch->copies.size() == 5);
  for (std::size_t i = 0; i < touch->copies.size(); ++i) {
    CHECK(touch->copies[i].launch == i + 1);
    CHECK(touch->copies[i].status == CopyStatus::written);
  }
  // Each launch of touch adds 1 to every element: the i-th copy holds 7 + i.
  std::vector<float> expected(4096, 7.0f + 4.0f);
  CHECK(bytes_of(m.file(touch->copies[4].args[0].file)) == bytes_of(expected));
  REQUIRE(m.launch_log);
  const std::string log = slurp(m.file(*m.launch_log));
  std::uint64_t timed = 0;
  for (const CapturedSignature& s : m.signatures) timed += s.time.samples;
  for (const CapturedTransfer& t : m.transfers) timed += t.time.samples;
  CHECK(std::uint64_t(std::count(log.begin(), log.end(), '\n')) == timed);
  CHECK(log.find("{\"transfer\":") == 0);  // the write of A comes first
  CHECK(log.find("\n{\"signature\":") != std::string::npos);
}

TEST_CASE("an application launching 100 000 small kernels completes with a small capture") {
  const fs::path dir = scratch_dir("many");
  const RunResult r = run_program(kApp, "--repeat 100000", env(dir / "capture", kLayer));
  INFO(r.err);
  CHECK(r.exit_code == 0);
  const CaptureManifest m = only_capture(dir / "capture");
  const CapturedSignature* touch = find(m, "touch");
  REQUIRE(touch);
  CHECK(touch->launches == 100001);
  CHECK(touch->time.samples == 100001);
  CHECK_FALSE(touch->time.median_exact);
  CHECK(touch->time.min_ns > 0);
  CHECK(touch->time.median_ns <= touch->time.max_ns);
  CHECK(m.signatures.size() == 7);
  CHECK(fs::file_size(m.folder / "manifest.json") < 64 * 1024);
  std::uintmax_t bytes = 0;
  for (const auto& e : fs::recursive_directory_iterator(m.folder))
    if (e.is_regular_file()) bytes += e.file_size();
  CHECK(bytes < 1024 * 1024);
}

TEST_CASE("a killed application leaves the capture of what it did until the last periodic write") {
  const fs::path dir = scratch_dir("killed");
  // Killed once it has printed its results and a periodic write (every 100 ms)
  // holds its 20 launches, however long that takes.
  const fs::path out = dir / "out";
  const pid_t pid = start_in_background("/bin/sh",
                                        {"-c", "exec " + env(dir / "capture", kLayer + " ROOFLINE_CAPTURE_FLUSH_MS=100") + " '" +
                                                   kApp + "' --repeat 20 --hang >'" + out.string() + "'"},
                                        dir / "err");
  REQUIRE(pid > 0);
  const auto all_written = [&] {
    if (slurp(out).find("\nT ") == std::string::npos) return false;
    try {
      const auto folders = capture_process_folders(dir / "capture");
      if (folders.size() != 1) return false;
      const CaptureManifest m = load_capture(folders[0]);
      const CapturedSignature* touch = find(m, "touch");
      return touch && touch->launches == 20 && !touch->copies.empty() && touch->copies[0].status == CopyStatus::written;
    } catch (const std::exception&) {
      return false;  // no manifest yet
    }
  };
  std::optional<int> ended;
  REQUIRE(wait_until(pid, all_written, ended));
  REQUIRE(!ended);
  ::kill(pid, SIGKILL);
  const int status = wait_for_exit(pid);
  CHECK(WIFSIGNALED(status));
  CHECK(WTERMSIG(status) == SIGKILL);
  CHECK(slurp(out).find("\nT ") != std::string::npos);
  const CaptureManifest m = only_capture(dir / "capture");
  CHECK(m.state == CaptureState::running);
  const CapturedSignature* touch = find(m, "touch");
  REQUIRE(touch);
  CHECK(touch->launches == 20);
  CHECK(touch->time.samples == 20);
  CHECK(touch->copies.at(0).status == CopyStatus::written);
}

TEST_CASE("without a capture folder the layer and the preload stay out of the way") {
  const RunResult plain = run_program(kApp, "--repeat 2");
  for (const std::string& path : {kLayer, kPreload}) {
    const RunResult traced = run_program(kApp, "--repeat 2", "env -u ROOFLINE_CAPTURE_DIR " + path);
    CHECK(traced.exit_code == plain.exit_code);
    CHECK(traced.out == plain.out);
  }
}

TEST_CASE("the libraries link no OpenCL library, Clang or LLVM, and export only their entry points") {
  for (const std::string lib : {CAPTURE_LAYER, CAPTURE_PRELOAD}) {
    INFO(lib);
    const RunResult dynamic = run_program("readelf", "-d '" + lib + "'");
    REQUIRE(dynamic.exit_code == 0);
    std::istringstream lines(dynamic.out);
    int needed = 0;
    for (std::string line; std::getline(lines, line);) {
      if (line.find("(NEEDED)") == std::string::npos) continue;
      ++needed;
      INFO(line);
      for (const char* bad : {"libOpenCL", "libclang", "LLVM", "libroofline"}) CHECK(line.find(bad) == std::string::npos);
    }
    CHECK(needed > 0);
  }
  const RunResult layer = run_program("nm", std::string("-D --defined-only '") + CAPTURE_LAYER + "'");
  CHECK(layer.out.find(" T clGetLayerInfo\n") != std::string::npos);
  CHECK(layer.out.find(" T clInitLayer\n") != std::string::npos);
  CHECK(std::count(layer.out.begin(), layer.out.end(), '\n') == 2);
  const RunResult preload = run_program("nm", std::string("-D --defined-only '") + CAPTURE_PRELOAD + "'");
  CHECK(preload.out.find(" T clEnqueueNDRangeKernel\n") != std::string::npos);
  CHECK(preload.out.find(" T clSetKernelArg\n") != std::string::npos);
  CHECK(preload.out.find("nlohmann") == std::string::npos);
}

TEST_CASE("the libraries are installed in the lib folder beside the binary's") {
  const fs::path prefix = scratch_dir("install");
  const RunResult r = run_program(CMAKE_COMMAND_PATH, "--install '" + std::string(ROOFLINE_BUILD_DIR) + "' --prefix '" +
                                                          prefix.string() + "'");
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(fs::is_regular_file(prefix / "bin" / "roofline"));
  CHECK(fs::is_regular_file(prefix / ROOFLINE_INSTALL_LIBDIR / "libroofline_intercept.so"));
  CHECK(fs::is_regular_file(prefix / ROOFLINE_INSTALL_LIBDIR / "libroofline_intercept_preload.so"));
  fs::remove_all(prefix);
}

TEST_CASE("a pyopencl script traced through the interpreter") {
  if (!have_pyopencl()) return;
  const fs::path dir = scratch_dir("pyopencl");
  const std::string script = std::string(ROOFLINE_SOURCE_DIR) + "/tests/capture/pyopencl_app.py";
  // pyopencl builds a program from its cached binary when it has one: no source to count.
  const std::string no_cache = "PYOPENCL_NO_CACHE=1";
  const RunResult plain = run_program(CAPTURE_PYTHON, "'" + script + "'", "env " + no_cache);
  const RunResult traced = run_program(CAPTURE_PYTHON, "'" + script + "'", env(dir / "capture", no_cache + " " + kLayer));
  INFO(plain.err << traced.err);
  REQUIRE(plain.exit_code == 0);
  CHECK(traced.exit_code == 0);
  CHECK(traced.out == plain.out);
  const CaptureManifest m = only_capture(dir / "capture");
  const CapturedSignature* saxpy = find(m, "saxpy");
  const CapturedSignature* block = find(m, "block_sum");
  REQUIRE((saxpy && block));
  CHECK(saxpy->launches == 5);
  CHECK(saxpy->time.samples == 5);
  CHECK(saxpy->countable());
  CHECK(block->args.at(2).kind == ArgKind::local);
  CHECK(block->args.at(2).size == 64 * 4);
  // The input, as the script made it: 0.25 * i.
  std::vector<float> x(1 << 14);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = float(i) * 0.25f;
  CHECK(bytes_of(copy_file(m, *saxpy, 1)) == bytes_of(x));
  bool reduction = false;
  for (const CapturedKernel& k : m.kernels) reduction |= k.name.find("reduce_kernel") == 0;
  CHECK(reduction);
}

TEST_CASE("the capture declines in a set-gid process: it makes no files where the caller's environment says") {
  const fs::path dir = scratch_dir("secure");
  // A set-gid copy of the application, of a group this process is not in: the
  // kernel runs it with AT_SECURE. Root may give it any group; others skip.
  const fs::path app = dir / "capture_app";
  fs::copy_file(kApp, app);
  if (::chown(app.c_str(), uid_t(-1), 65534) != 0 || ::getegid() == 65534) {
    MESSAGE("skipped: cannot give a copy of capture_app another group here (" << std::strerror(errno) << ")");
    return;
  }
  REQUIRE(::chmod(app.c_str(), 02755) == 0);
  const fs::path capture = dir / "capture";
  const RunResult r = run_program(app.string(), "--repeat 1", env(capture, kLayer));
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK(!fs::exists(capture));
  // The same copy without set-gid is captured: the layer was loaded, and declined only for set-gid.
  REQUIRE(::chmod(app.c_str(), 0755) == 0);
  CHECK(run_program(app.string(), "--repeat 1", env(capture, kLayer)).exit_code == 0);
  CHECK(capture_process_folders(capture).size() == 1);
}
