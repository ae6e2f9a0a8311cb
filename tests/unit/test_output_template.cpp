// Output names written as templates (app/output_template): each placeholder
// filled from the environment MPI and SLURM give a process, or from the
// device; unknown placeholders, stray braces and values this process does not
// know are usage errors that name them.
#include <doctest/doctest.h>

#include <map>
#include <string>

#include <unistd.h>

#include "app/errors.hpp"
#include "app/output_template.hpp"
#include "model/device_identity.hpp"

using namespace roofline;

namespace {

EnvironmentLookup environment(std::map<std::string, std::string> vars) {
  return [vars = std::move(vars)](const char* name) -> const char* {
    const auto it = vars.find(name);
    return it == vars.end() ? nullptr : it->second.c_str();
  };
}

// The failure's message, or "" when expansion succeeds.
std::string refusal(const std::string& pattern, const OutputNameFields& f, const std::string& no_device = "") {
  try {
    expand_output_name(pattern, f, "-o", no_device);
  } catch (const CommandError& e) {
    CHECK(e.failure == Failure::usage);
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("output templates: rank, local id and size from Open MPI first, then PMIx, PMI, MVAPICH and SLURM") {
  SUBCASE("mpirun inside a SLURM job: the MPI rank, not the batch step's SLURM_PROCID") {
    const OutputNameFields f = process_name_fields(environment(
        {{"OMPI_COMM_WORLD_RANK", "3"}, {"OMPI_COMM_WORLD_LOCAL_RANK", "1"}, {"OMPI_COMM_WORLD_SIZE", "4"},
         {"SLURM_PROCID", "0"}, {"SLURM_LOCALID", "0"}, {"SLURM_NTASKS", "1"}, {"SLURM_JOB_ID", "77"}}));
    CHECK(f.rank == "3");
    CHECK(f.localid == "1");
    CHECK(f.size == "4");
    CHECK(f.rank_from_environment);
    CHECK(expand_output_name("app.{rank}-of-{size}.{job}.json", f, "-o") == "app.3-of-4.77.json");
  }
  SUBCASE("srun alone: SLURM's variables; an array task's job is the array's") {
    const OutputNameFields f = process_name_fields(environment({{"SLURM_PROCID", "5"}, {"SLURM_LOCALID", "2"}, {"SLURM_NTASKS", "8"},
                                                                {"SLURM_JOB_ID", "101"}, {"SLURM_ARRAY_JOB_ID", "100"},
                                                                {"SLURM_ARRAY_TASK_ID", "1"}}));
    CHECK(expand_output_name("{job}_{array}/{rank}.{localid}", f, "-o") == "100_1/5.2");
  }
  SUBCASE("MPICH and Intel MPI (PMI), an empty variable skipped") {
    const OutputNameFields f =
        process_name_fields(environment({{"PMIX_RANK", ""}, {"PMI_RANK", "2"}, {"MPI_LOCALRANKID", "0"}, {"PMI_SIZE", "3"}}));
    CHECK(f.rank == "2");
    CHECK(f.localid == "0");
    CHECK(f.size == "3");
  }
  SUBCASE("outside MPI and SLURM: rank 0 of 1, but no job") {
    const OutputNameFields f = process_name_fields(environment({}));
    CHECK(f.rank == "0");
    CHECK(f.localid == "0");
    CHECK(f.size == "1");
    CHECK_FALSE(f.rank_from_environment);
    CHECK(f.host.has_value());
    CHECK(f.host->find('.') == std::string::npos);
    CHECK(f.pid == std::to_string(::getpid()));
    CHECK(refusal("x.{job}.json", f) == "-o 'x.{job}.json': {job} has no value here: no SLURM_JOB_ID: not inside a SLURM job");
    CHECK(refusal("x.{array}.json", f).find("SLURM_ARRAY_TASK_ID") != std::string::npos);
  }
}

TEST_CASE("output templates: the device's placeholders, made safe for a file name") {
  OutputNameFields f = process_name_fields(environment({}));
  DeviceIdentity d;
  d.name = "NVIDIA H100 80GB HBM3";
  d.pci_address = "0000:17:00.0";
  add_device_fields(f, d);
  CHECK(expand_output_name("roofs/{device}@{pci}.json", f, "-o") == "roofs/nvidia-h100-80gb-hbm3@0000-17-00.0.json");
  CHECK(refusal("{uuid}.json", f) == "-o '{uuid}.json': {uuid} has no value here: the device reports no UUID "
                                     "(cl_khr_device_uuid); {pci} or {device} may do");
  d.uuid = "a1b2c3d4e5f60718293a4b5c6d7e8f90";
  add_device_fields(f, d);
  CHECK(expand_output_name("{uuid}", f, "-o") == d.uuid);
  // Values from the environment cannot climb out of the folder.
  OutputNameFields odd = process_name_fields(environment({{"SLURM_JOB_ID", "../../etc x"}}));
  CHECK(expand_output_name("out/{job}.json", odd, "-o") == "out/..-..-etc-x.json");
}

TEST_CASE("output templates: what is refused, and what is left alone") {
  const OutputNameFields f = process_name_fields(environment({}));
  CHECK(expand_output_name("plain/path.json", f, "-o") == "plain/path.json");
  CHECK(expand_output_name("", f, "-o") == "");
  CHECK(expand_output_name("{{literal}}.{rank}", f, "-o") == "{literal}.0");
  CHECK_FALSE(is_output_template("a/b.json"));
  CHECK(is_output_template("a/{rank}.json"));
  CHECK(refusal("x.{node}.json", f).find("unknown placeholder {node} (known: {host}, {device}, {uuid}, {pci}, {rank}") !=
        std::string::npos);
  CHECK(refusal("x.{rank.json", f).find("a '{' without its '}'") != std::string::npos);
  CHECK(refusal("x.rank}.json", f).find("a '}' without its '{'") != std::string::npos);
  CHECK(refusal("{device}.json", f, "trace knows no device before the application runs") ==
        "-o '{device}.json': {device} has no value here: trace knows no device before the application runs");
}
