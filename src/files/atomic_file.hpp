// files/atomic_file: result files are written whole or not at all, and never
// destroy what they replace.
//
// The rules for an output path (docs/cli.md, "Output files and inputs"):
// - a symlink is followed to its final target (a dangling one: the target is
//   made); what follows applies to that target;
// - a regular file or a missing path is replaced atomically: a temporary file
//   in the target's folder, flushed, renamed over it. An existing file keeps
//   its mode and owner (and its own write protection: a file the process may
//   not write is refused); a new one gets 0666 less the umask;
// - the process's own descriptors named as /dev/stdout, /dev/stderr,
//   /dev/fd/N or /proc/self/fd/N (whatever they are open on: a terminal, a
//   pipe, a file), and the null device (/dev/null, or any node of char device
//   1:3), are written plainly: clearly a stream the user means;
// - anything else that exists (a folder, a FIFO, a socket, any other device,
//   /dev/full among them) is refused: an atomic write would replace it.
#pragma once
#include <optional>
#include <string>

#include <sys/types.h>

namespace roofline {

// How an output path is written.
enum class OutputKind {
  file,    // a regular file or a missing path: replaced atomically
  stream,  // the process's own descriptor or the null device: written plainly
};

// Writes `content` to `path` under the rules above: for a file, a reader never
// sees a half-written one and an interrupted run leaves the previous one intact.
// Throws OutputFileError naming the path and the reason when it cannot.
void write_file_atomically(const std::string& path, const std::string& content);

// Checks up front that `path` could be written, so that a long run does not
// fail at its end: the rules above, the folder exists, and a probe file
// written there (4 KiB, removed at once) succeeds, so a folder that cannot
// be written, a read-only file system or a full disk is caught. Returns how
// the path would be written. Throws like above.
OutputKind check_writable(const std::string& path);

// Which file a path names, whatever its spelling (links, "./", "..", a hard
// link): the device and inode of what exists there, links followed; for a
// path where nothing exists yet, its folder's device and inode and its name.
struct FileIdentity {
  dev_t device = 0;
  ino_t inode = 0;
  std::string name;  // empty for a file that exists
  bool operator==(const FileIdentity& o) const { return device == o.device && inode == o.inode && name == o.name; }
};

// The file an input path names; none when nothing can be found there (its
// reader says why).
std::optional<FileIdentity> input_identity(const std::string& path);

// The file write_file_atomically would replace or make at `path` (a dangling
// link: its target); none for a stream (written plainly: two outputs on
// /dev/stdout lose nothing) and for a path check_writable refuses.
std::optional<FileIdentity> output_identity(const std::string& path);

}  // namespace roofline
