// files/input_file: a file the user names (a kernel source; a roofs,
// placement, counts or level-override file; a buffer's data) read whole, up
// to a cap on its size: /dev/zero or a runaway file is refused with its size
// rather than read until memory runs out, and a FIFO or a pipe, which may
// never end, is refused before it is read.
#pragma once
#include <cstdint>
#include <string>

namespace roofline {

// Kernel sources: the largest real OpenCL programs are a few hundred KiB;
// 16 MiB leaves room for generated ones.
inline constexpr std::uint64_t kSourceFileCap = std::uint64_t(16) << 20;
// JSON documents: a roofs file is about 350 KiB, a placement of a thousand
// traced kernels a few MiB; 64 MiB leaves room for ten times more.
inline constexpr std::uint64_t kJsonFileCap = std::uint64_t(64) << 20;

// The bytes of `path`, read with bounded reads (its stat size is no bound: a
// device or a pipe has none). `what` names the file in messages ("kernel
// file"). Throws InputFileError: "cannot read kernel file k.cl: No such file
// or directory", "...: is a directory", "...: is a FIFO or a pipe, not a
// regular file", "kernel file k.cl is 20971520 bytes,
// over the 16 MiB limit", or for a device or a pipe "kernel file /dev/zero
// holds more than 16777216 bytes, over the 16 MiB limit".
std::string read_input_file(const std::string& path, const std::string& what, std::uint64_t cap);

// Reads the regular file at `path` into `out`, which holds `size` bytes: the
// file must hold exactly as many (a buffer argument's data). Throws
// InputFileError as read_input_file does, for anything but a regular file,
// and "data file d.bin holds 12 bytes, not the 16 needed".
void read_file_exactly(const std::string& path, const std::string& what, unsigned char* out, std::uint64_t size);

}  // namespace roofline
