// model/capture_format: the words of a capture, the folder the interception
// layer (src/intercept/) writes inside a traced application and the tool
// reads afterwards (model/capture.hpp). Both sides take the names from these
// tables, and the manifest's form from model/capture_manifest.hpp, so the
// writer and the reader cannot drift apart. Header only, no
// OpenCL: the layer includes it in the application's process without linking
// anything of the tool. The format itself is in docs/formats.md ("The capture manifest").
#pragma once
#include <array>
#include <string_view>

#include "model/vocabulary.hpp"

namespace roofline {

inline constexpr std::string_view kCaptureSchema = "roofline-capture";
inline constexpr int kCaptureSchemaVersion = 1;
inline constexpr std::string_view kCaptureManifest = "manifest.json";
inline constexpr std::string_view kCaptureLaunchLog = "launches.ndjson";
// Each process of a traced application writes its own folder, "pid-<pid>",
// under the capture folder: an application may start others that use OpenCL.
inline constexpr std::string_view kCaptureProcessPrefix = "pid-";

// The environment the layer reads (set by `roofline trace`).
namespace capture_env {
inline constexpr const char* dir = "ROOFLINE_CAPTURE_DIR";           // where to write; no capture without it
inline constexpr const char* count = "ROOFLINE_CAPTURE_COUNT";       // first | all | none (buffer copies)
inline constexpr const char* launches = "ROOFLINE_CAPTURE_LAUNCHES";  // 1: one line per command in launches.ndjson
inline constexpr const char* copy_limit = "ROOFLINE_CAPTURE_COPY_LIMIT_MB";  // bytes of buffer copies kept, in MiB
inline constexpr const char* flush_ms = "ROOFLINE_CAPTURE_FLUSH_MS";          // how often the manifest is rewritten
inline constexpr const char* signatures = "ROOFLINE_CAPTURE_SIGNATURES_PER_KERNEL";  // distinct signatures kept apart
}  // namespace capture_env

// The variables that tell a process its rank in a parallel job, the first
// set one winning: Open MPI, PMIx, PMI (MPICH, Intel MPI), MVAPICH, then
// SLURM (mpirun inside a SLURM job leaves the batch step's SLURM_PROCID in
// every rank's environment, so MPI's come first). The capture records the
// rank of each process it runs in (the manifest's process.rank), and output
// names take it ({rank}, app/output_template).
inline constexpr std::array<const char*, 5> kRankVariables{
    {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK", "MV2_COMM_WORLD_RANK", "SLURM_PROCID"}};

// How far the process got when the manifest was written: still running (a
// periodic write: the process then ended without reaching exit, killed or
// _exit), every context released, or exit.
enum class CaptureState { running, contexts_released, exited };

// Which interception path wrote it: the ICD loader's layer, or LD_PRELOAD.
enum class CapturePath { layer, preload };

// Which launches get their buffers copied for counting: the first of each
// launch signature, every launch, or none (timing only).
enum class CountMode { first, all, none };

// Where a program's code came from.
enum class ProgramOrigin { source, binary, il, builtin, linked };

// A build step of a program: clBuildProgram, clCompileProgram, clLinkProgram.
enum class BuildStep { build, compile, link };

// How a kernel object came to be.
enum class KernelCreation { create, create_in_program, clone };

// What a kernel argument holds, as clSetKernelArg* set it. `null_buffer` is a
// global or constant pointer set to NULL; `external` a memory object shared
// with another API (OpenGL); `unset` an argument never set.
enum class ArgKind { buffer, null_buffer, local, scalar, image, pipe, sampler, svm, usm, external, unset };

// Why a launch signature cannot be counted (each is listed, none dropped).
enum class NotCounted {
  binary_program,      // created from a binary: no source
  il_program,          // created from IL (SPIR-V): no OpenCL C source
  builtin_kernels,     // the device's built-in kernels
  linked_program,      // linked from other than exactly one source program
  unknown_program,     // a kernel of a program the layer never saw created
  image_argument,      // images (and samplers) are not counted
  sampler_argument,
  pipe_argument,
  svm_argument,        // shared virtual memory: no buffer to copy
  usm_argument,        // Intel unified shared memory
  external_argument,   // a memory object shared with OpenGL
  svm_exec_info,       // clSetKernelExecInfo: the kernel reaches memory not in its arguments
  unset_argument,
  signature_limit,     // a kernel with more distinct signatures than kept apart (folded together)
  count_none,          // the capture was asked for timing only
};

// What became of a buffer copy taken before a launch.
enum class CopyStatus { written, pending, failed, skipped_limit };

// The command a host-device or device-side transfer was.
enum class TransferKind {
  read, write, copy, fill, map, unmap,
  read_rect, write_rect, copy_rect,
  read_image, write_image, copy_image, fill_image, map_image, image_to_buffer, buffer_to_image,
  migrate, svm_memcpy, svm_fill, svm_map, svm_unmap, svm_migrate,
  native_kernel,
};

// Where a transfer's bytes went.
enum class TransferPath { host_to_device, device_to_host, device_to_device, none };

template <>
struct Vocabulary<CaptureState> {
  static constexpr std::string_view what = "capture state";
  static constexpr std::array<Named<CaptureState>, 3> names{{{CaptureState::running, "running"},
                                                             {CaptureState::contexts_released, "contexts_released"},
                                                             {CaptureState::exited, "exited"}}};
};
template <>
struct Vocabulary<CapturePath> {
  static constexpr std::string_view what = "capture path";
  static constexpr std::array<Named<CapturePath>, 2> names{{{CapturePath::layer, "layer"}, {CapturePath::preload, "preload"}}};
};
template <>
struct Vocabulary<CountMode> {
  static constexpr std::string_view what = "count mode";
  static constexpr std::array<Named<CountMode>, 3> names{
      {{CountMode::first, "first"}, {CountMode::all, "all"}, {CountMode::none, "none"}}};
};
template <>
struct Vocabulary<ProgramOrigin> {
  static constexpr std::string_view what = "program origin";
  static constexpr std::array<Named<ProgramOrigin>, 5> names{{{ProgramOrigin::source, "source"},
                                                              {ProgramOrigin::binary, "binary"},
                                                              {ProgramOrigin::il, "il"},
                                                              {ProgramOrigin::builtin, "builtin"},
                                                              {ProgramOrigin::linked, "linked"}}};
};
template <>
struct Vocabulary<BuildStep> {
  static constexpr std::string_view what = "build step";
  static constexpr std::array<Named<BuildStep>, 3> names{
      {{BuildStep::build, "build"}, {BuildStep::compile, "compile"}, {BuildStep::link, "link"}}};
};
template <>
struct Vocabulary<KernelCreation> {
  static constexpr std::string_view what = "kernel creation";
  static constexpr std::array<Named<KernelCreation>, 3> names{{{KernelCreation::create, "create"},
                                                               {KernelCreation::create_in_program, "create_in_program"},
                                                               {KernelCreation::clone, "clone"}}};
};
template <>
struct Vocabulary<ArgKind> {
  static constexpr std::string_view what = "argument kind";
  static constexpr std::array<Named<ArgKind>, 11> names{{{ArgKind::buffer, "buffer"},
                                                         {ArgKind::null_buffer, "null_buffer"},
                                                         {ArgKind::local, "local"},
                                                         {ArgKind::scalar, "scalar"},
                                                         {ArgKind::image, "image"},
                                                         {ArgKind::pipe, "pipe"},
                                                         {ArgKind::sampler, "sampler"},
                                                         {ArgKind::svm, "svm"},
                                                         {ArgKind::usm, "usm"},
                                                         {ArgKind::external, "external"},
                                                         {ArgKind::unset, "unset"}}};
};
template <>
struct Vocabulary<NotCounted> {
  static constexpr std::string_view what = "reason not counted";
  static constexpr std::array<Named<NotCounted>, 15> names{{{NotCounted::binary_program, "binary_program"},
                                                            {NotCounted::il_program, "il_program"},
                                                            {NotCounted::builtin_kernels, "builtin_kernels"},
                                                            {NotCounted::linked_program, "linked_program"},
                                                            {NotCounted::unknown_program, "unknown_program"},
                                                            {NotCounted::image_argument, "image_argument"},
                                                            {NotCounted::sampler_argument, "sampler_argument"},
                                                            {NotCounted::pipe_argument, "pipe_argument"},
                                                            {NotCounted::svm_argument, "svm_argument"},
                                                            {NotCounted::usm_argument, "usm_argument"},
                                                            {NotCounted::external_argument, "external_argument"},
                                                            {NotCounted::svm_exec_info, "svm_exec_info"},
                                                            {NotCounted::unset_argument, "unset_argument"},
                                                            {NotCounted::signature_limit, "signature_limit"},
                                                            {NotCounted::count_none, "count_none"}}};
};
template <>
struct Vocabulary<CopyStatus> {
  static constexpr std::string_view what = "copy status";
  static constexpr std::array<Named<CopyStatus>, 4> names{{{CopyStatus::written, "written"},
                                                           {CopyStatus::pending, "pending"},
                                                           {CopyStatus::failed, "failed"},
                                                           {CopyStatus::skipped_limit, "skipped_limit"}}};
};
template <>
struct Vocabulary<TransferKind> {
  static constexpr std::string_view what = "transfer kind";
  static constexpr std::array<Named<TransferKind>, 23> names{{{TransferKind::read, "read"},
                                                              {TransferKind::write, "write"},
                                                              {TransferKind::copy, "copy"},
                                                              {TransferKind::fill, "fill"},
                                                              {TransferKind::map, "map"},
                                                              {TransferKind::unmap, "unmap"},
                                                              {TransferKind::read_rect, "read_rect"},
                                                              {TransferKind::write_rect, "write_rect"},
                                                              {TransferKind::copy_rect, "copy_rect"},
                                                              {TransferKind::read_image, "read_image"},
                                                              {TransferKind::write_image, "write_image"},
                                                              {TransferKind::copy_image, "copy_image"},
                                                              {TransferKind::fill_image, "fill_image"},
                                                              {TransferKind::map_image, "map_image"},
                                                              {TransferKind::image_to_buffer, "image_to_buffer"},
                                                              {TransferKind::buffer_to_image, "buffer_to_image"},
                                                              {TransferKind::migrate, "migrate"},
                                                              {TransferKind::svm_memcpy, "svm_memcpy"},
                                                              {TransferKind::svm_fill, "svm_fill"},
                                                              {TransferKind::svm_map, "svm_map"},
                                                              {TransferKind::svm_unmap, "svm_unmap"},
                                                              {TransferKind::svm_migrate, "svm_migrate"},
                                                              {TransferKind::native_kernel, "native_kernel"}}};
};
template <>
struct Vocabulary<TransferPath> {
  static constexpr std::string_view what = "transfer path";
  static constexpr std::array<Named<TransferPath>, 4> names{{{TransferPath::host_to_device, "host_to_device"},
                                                             {TransferPath::device_to_host, "device_to_host"},
                                                             {TransferPath::device_to_device, "device_to_device"},
                                                             {TransferPath::none, "none"}}};
};

}  // namespace roofline
