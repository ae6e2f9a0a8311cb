// app/output_template: an output path written as a template, so that the
// many processes of one job (srun tasks, MPI ranks, the tasks of an sbatch
// array) each write a file of their own from one command line:
//
//   srun roofline build -o 'fleet/{host}-{device}-{uuid}.json'
//   mpirun -n 4 roofline trace -o 'app.{rank}.trace.json' -- ./app
//
// The placeholders (kOutputPlaceholders, docs/user_guide.md and docs/clusters.md list
// them): {host}, {device}, {uuid}, {pci}, {rank}, {localid}, {size}, {job},
// {array}, {pid}; "{{" and "}}" are literal braces. A value is made safe for
// a file name (anything but letters, digits, '.', '_' and '-' becomes '-').
// An unknown placeholder, an unclosed brace, or a placeholder whose value
// this command or process does not know (the device's UUID in `trace`, {job}
// outside SLURM) is a usage error (exit status 2) naming it.
#pragma once
#include <array>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace roofline {

struct DeviceIdentity;

// A placeholder: its name between braces, and where its value comes from.
struct OutputPlaceholder {
  std::string_view name;
  std::string_view meaning;
};

inline constexpr std::array<OutputPlaceholder, 10> kOutputPlaceholders{{
    {"host", "the host name, up to its first '.'"},
    {"device", "the device name as a slug, as in roofs/<device>.json"},
    {"uuid", "the device's UUID (cl_khr_device_uuid), in hex"},
    {"pci", "the device's PCI address, ':' written '-'"},
    {"rank", "the process's rank: OMPI_COMM_WORLD_RANK, PMIX_RANK, PMI_RANK, MV2_COMM_WORLD_RANK, SLURM_PROCID; "
             "0 outside MPI and SLURM"},
    {"localid", "its rank on its node: OMPI_COMM_WORLD_LOCAL_RANK, MPI_LOCALRANKID, MV2_COMM_WORLD_LOCAL_RANK, "
                "SLURM_LOCALID; 0 outside MPI and SLURM"},
    {"size", "the number of ranks: OMPI_COMM_WORLD_SIZE, PMI_SIZE, MV2_COMM_WORLD_SIZE, SLURM_NTASKS; 1 outside"},
    {"job", "the SLURM job: SLURM_ARRAY_JOB_ID in an array, else SLURM_JOB_ID"},
    {"array", "the task of a SLURM job array: SLURM_ARRAY_TASK_ID"},
    {"pid", "the process id"},
}};

// The values a process or a device gives the placeholders; none where unknown.
struct OutputNameFields {
  std::optional<std::string> host, device, uuid, pci, rank, localid, size, job, array, pid;
  // Whether the rank came from MPI's or SLURM's environment (not the default 0).
  bool rank_from_environment = false;
  const std::optional<std::string>* find(std::string_view name) const;
};

// Reads an environment variable: nullptr when unset (std::getenv by default).
using EnvironmentLookup = std::function<const char*(const char*)>;

// The fields of this process: host, rank, localid, size, job, array, pid,
// each rank variable tried in the order kOutputPlaceholders gives (MPI's
// first: mpirun inside a SLURM job leaves the batch step's SLURM_PROCID in
// every rank's environment).
OutputNameFields process_name_fields(const EnvironmentLookup& env = {});

// The device's fields: device (its name's slug), uuid and pci where it tells them.
void add_device_fields(OutputNameFields& fields, const DeviceIdentity& device);

// Whether `pattern` holds a placeholder (or an escaped brace) to expand.
bool is_output_template(const std::string& pattern);

// The path `pattern` names with these fields. `option` names it in messages
// ("-o"); `no_device` says why the device's placeholders have no value where
// no device is known ("trace knows no device before the application runs").
// Throws CommandError (usage) as the header says.
std::string expand_output_name(const std::string& pattern, const OutputNameFields& fields, const std::string& option,
                               const std::string& no_device = "");

// A command's output for the device `selector` names (build's -o and --plot):
// `pattern` with this process's fields and that device's; unchanged (and no
// device looked up) when it holds no placeholder. Throws as choose_device
// (app/device_choice) and expand_output_name do.
std::string expand_device_output(const std::string& pattern, const std::string& selector, const std::string& option);

}  // namespace roofline
