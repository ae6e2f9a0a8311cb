// model/capture: a capture manifest read into typed records through the
// to_json/from_json pair the layer writes with (model/capture_manifest.hpp),
// written back unchanged, manifests the layer wrote before still read, and
// every way one can be wrong said with what and where.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "files/file_errors.hpp"
#include "model/capture.hpp"

namespace {

using nlohmann::json;
namespace fs = std::filesystem;

// A manifest as the layer writes it: one device, two programs (one from
// source, one from a binary), two kernels, a counted signature with a copy,
// a signature that is not counted, a transfer and the device's activity.
json manifest() {
  return json::parse(R"({
    "schema": "roofline-capture", "schema_version": 1, "state": "exited", "path": "layer",
    "process": {"pid": 4242, "command_line": ["./app", "-n", "3"], "host_start_unix_ns": 100, "host_written_unix_ns": 900},
    "settings": {"count": "first", "launch_log": null, "copy_limit_bytes": 4096, "signatures_per_kernel": 64},
    "devices": [{"name": "cpu0", "vendor": "v", "version": "OpenCL 3.0", "driver": "3.1", "platform": "PoCL", "type": "cpu"}],
    "queues": [{"device": 0, "out_of_order": true, "profiling_asked": false}],
    "programs": [
      {"origin": "source", "source_file": "programs/abc.cl", "hash": "abc", "headers": [], "inputs": [],
       "builds": [{"step": "build", "options": "-DX=1", "status": 0, "count": 2}], "handles": 2},
      {"origin": "binary", "source_file": null, "hash": "def", "headers": [], "inputs": [],
       "builds": [{"step": "build", "options": "", "status": -11, "count": 1}], "handles": 1}],
    "kernels": [
      {"program": 0, "name": "triad", "options": "-DX=1", "created": {"create": 1, "create_in_program": 0, "clone": 1}},
      {"program": 1, "name": "blob", "options": "", "created": {"create": 1, "create_in_program": 0, "clone": 0}}],
    "signatures": [
      {"kernel": 0, "device": 0, "folded": false,
       "ndrange": {"dims": 2, "offset": [0, 0], "global": [1024, 4], "local": [64, 1]},
       "args": [{"index": 0, "kind": "buffer", "size": 4096, "flags": 1},
                {"index": 1, "kind": "buffer", "size": 1024, "flags": 1, "sub_buffer": {"origin": 2048, "parent_size": 8192}},
                {"index": 2, "kind": "local", "size": 256},
                {"index": 3, "kind": "scalar", "size": 4, "bytes": "0000803f"}],
       "not_counted": [], "launches": 10, "enqueue_failures": 0, "command_failures": 0, "untimed": 0,
       "time_ns": {"samples": 10, "total": 1000, "median": 100, "min": 90, "max": 120, "median_exact": true},
       "copies": [{"launch": 1, "status": "written", "problem": "",
                   "args": [{"arg": 0, "file": "copies/s0-0/arg0.bin", "bytes": 4096},
                            {"arg": 1, "file": "copies/s0-0/arg1.bin", "bytes": 1024}]}]},
      {"kernel": 1, "device": 0, "folded": false,
       "ndrange": {"dims": 1, "offset": [0], "global": [64], "local": null},
       "args": [{"index": 0, "kind": "image", "size": 65536, "flags": 4}],
       "not_counted": ["binary_program", "image_argument"], "launches": 1, "enqueue_failures": 0,
       "command_failures": 0, "untimed": 1,
       "time_ns": {"samples": 0, "total": 0, "median": 0, "min": 0, "max": 0, "median_exact": true}, "copies": []}],
    "transfers": [
      {"kind": "write", "path": "host_to_device", "device": 0, "bytes": 4096, "folded": false, "count": 3,
       "bytes_total": 12288, "enqueue_failures": 0, "command_failures": 0, "untimed": 0,
       "time_ns": {"samples": 3, "total": 30, "median": 10, "min": 9, "max": 11, "median_exact": true}}],
    "activity": [{"device": 0, "commands": 14, "first_start_ns": 1000, "last_end_ns": 5000, "busy_ns": 3000, "gaps": 2,
                  "longest_gap_ns": 600}],
    "warnings": []
  })");
}

std::string problem(const json& j) {
  try {
    roofline::parse_capture(j);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("a capture manifest reads into typed records") {
  using namespace roofline;
  const CaptureManifest m = parse_capture(manifest());
  CHECK(m.state == CaptureState::exited);
  CHECK(m.path == CapturePath::layer);
  CHECK(m.pid == 4242);
  CHECK(m.command_line == std::vector<std::string>{"./app", "-n", "3"});
  CHECK(m.count == CountMode::first);
  CHECK_FALSE(m.launch_log);
  REQUIRE(m.devices.size() == 1);
  CHECK(m.devices[0].platform == "PoCL");
  CHECK(m.devices[0].type == DeviceType::cpu);
  REQUIRE(m.queues.size() == 1);
  CHECK(m.queues[0].out_of_order);
  REQUIRE(m.programs.size() == 2);
  CHECK(m.programs[0].origin == ProgramOrigin::source);
  CHECK(*m.programs[0].source_file == "programs/abc.cl");
  CHECK(m.programs[0].builds.at(0).count == 2);
  CHECK(m.programs[1].origin == ProgramOrigin::binary);
  CHECK(m.programs[1].builds.at(0).status == -11);
  REQUIRE(m.kernels.size() == 2);
  CHECK(m.kernels[0].name == "triad");
  CHECK(m.kernels[0].cloned == 1);
  REQUIRE(m.signatures.size() == 2);
  const CapturedSignature& s = m.signatures[0];
  CHECK(s.countable());
  CHECK(s.ndrange.dims == 2);
  CHECK(s.ndrange.global == std::vector<std::uint64_t>{1024, 4});
  REQUIRE(s.ndrange.local);
  CHECK(*s.ndrange.local == std::vector<std::uint64_t>{64, 1});
  REQUIRE(s.args.size() == 4);
  CHECK(s.args[1].sub_buffer->origin == 2048);
  CHECK(s.args[2].kind == ArgKind::local);
  CHECK(s.args[3].bytes == std::vector<std::uint8_t>{0x00, 0x00, 0x80, 0x3f});
  CHECK(s.time.median_ns == 100);
  REQUIRE(s.copies.size() == 1);
  CHECK(s.copies[0].status == CopyStatus::written);
  CHECK(s.copies[0].args[1].file == "copies/s0-0/arg1.bin");
  const CapturedSignature& t = m.signatures[1];
  CHECK_FALSE(t.countable());
  CHECK(t.not_counted == std::vector<NotCounted>{NotCounted::binary_program, NotCounted::image_argument});
  CHECK_FALSE(t.ndrange.local);
  CHECK(t.untimed == 1);
  REQUIRE(m.transfers.size() == 1);
  CHECK(m.transfers[0].kind == TransferKind::write);
  CHECK(*m.transfers[0].bytes == 4096);
  REQUIRE(m.activity.size() == 1);
  CHECK(m.activity[0].span_ns() == 4000);
  CHECK(m.activity[0].idle_ns() == 1000);
}

TEST_CASE("a manifest read and written again is the same JSON: one pair writes and reads it") {
  CHECK(json(roofline::parse_capture(manifest())) == manifest());
}

TEST_CASE("manifests the layer wrote before still read, and write back the same") {
  int read = 0;
  for (const auto& e : fs::recursive_directory_iterator(fs::path(ROOFLINE_SOURCE_DIR) / "roofs")) {
    if (e.path().extension() != ".json") continue;
    std::ifstream in(e.path());
    const json j = json::parse(in);
    if (j.value("schema", "") != "roofline-capture") continue;
    CAPTURE(e.path().string());
    CHECK(problem(j) == "");
    CHECK(json(roofline::parse_capture(j)) == j);
    ++read;
  }
  CHECK(read >= 20);  // roofs/raw/trace-overhead
}

TEST_CASE("a device type of manifests before the tool's device types, custom, reads as other") {
  json j = manifest();
  j["devices"][0]["type"] = "custom";
  CHECK(roofline::parse_capture(j).devices[0].type == roofline::DeviceType::other);
  j["devices"][0]["type"] = "igpu";
  CHECK(roofline::parse_capture(j).devices[0].type == roofline::DeviceType::igpu);
}

TEST_CASE("a wrong capture manifest says what is wrong") {
  json j = manifest();
  CHECK(problem(json{{"schema", "roofline-counts"}}).find("not a capture manifest") != std::string::npos);
  j["schema_version"] = 2;
  CHECK(problem(j) == "/schema_version: written by a newer roofline (schema version 2; this one reads up to 1)");
  j = manifest();
  j["signatures"][0]["kernel"] = 7;
  CHECK(problem(j) == "signature 0 names kernel 7, but there are 2");
  j = manifest();
  j["signatures"][0]["args"][0]["kind"] = "texture";
  CHECK(problem(j).find("/signatures/0/args/0/kind: must be one of \"buffer\", ") == 0);
  j = manifest();
  j["signatures"][0]["args"][3]["bytes"] = "00f";
  CHECK(problem(j) == "/signatures/0/args/3/bytes: must match ^([0-9a-fA-F]{2})*$, got \"00f\"");
  j = manifest();
  j["signatures"][0]["args"][3].erase("bytes");
  CHECK(problem(j) == "/signatures/0/args/3/bytes: missing");
  j = manifest();
  j["signatures"][0]["args"][3]["bytes"] = "0000";
  CHECK(problem(j).find("2 bytes for a size of 4") != std::string::npos);
  j = manifest();
  j["signatures"][0]["copies"][0]["args"][0]["file"] = "../../etc/passwd";
  CHECK(problem(j).find("not inside the capture folder") != std::string::npos);
  j = manifest();
  j["signatures"][0]["ndrange"]["global"] = {1024};
  CHECK(problem(j).find("2 dimensions") != std::string::npos);
  j = manifest();
  j["kernels"][0]["program"] = 5;
  CHECK(problem(j) == "kernel 0 names program 5, but there are 2");
  j = manifest();
  j["signatures"][0]["copies"][0]["args"][0]["arg"] = 9;
  CHECK(problem(j).find("copy of argument 9") != std::string::npos);
  j = manifest();
  j.erase("transfers");
  CHECK(problem(j) == "/transfers: missing");
  j = manifest();
  j["programs"][0]["source_file"] = "/etc/passwd";
  CHECK(problem(j) == "program 0 names file '/etc/passwd', which is not inside the capture folder");
  j = manifest();
  j["queues"][0]["device"] = 1;
  CHECK(problem(j) == "queue 0 names device 1, but there are 1");
}

TEST_CASE("a capture folder: its process folders, and a manifest read from one") {
  using namespace roofline;
  const fs::path dir = fs::temp_directory_path() / ("roofline-unit-capture-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "pid-20");
  fs::create_directories(dir / "pid-7");
  fs::create_directories(dir / "pid-99");  // no manifest: not listed
  fs::create_directories(dir / "other");
  std::ofstream(dir / "pid-20" / "manifest.json") << manifest().dump();
  std::ofstream(dir / "pid-7" / "manifest.json") << "{ not json";
  const auto folders = capture_process_folders(dir);
  REQUIRE(folders.size() == 2);
  CHECK(folders[0].filename() == "pid-20");
  CHECK(folders[1].filename() == "pid-7");
  const CaptureManifest m = load_capture(folders[0]);
  CHECK(m.file("programs/abc.cl") == dir / "pid-20" / "programs" / "abc.cl");
  CHECK_THROWS_AS(load_capture(folders[1]), InputFileError);
  const std::string missing = "cannot read capture manifest " + (dir / "pid-99" / "manifest.json").string() +
                              ": No such file or directory";
  CHECK_THROWS_WITH_AS(load_capture(dir / "pid-99"), missing.c_str(), InputFileError);
  fs::remove_all(dir);
}
