#include "files/atomic_file.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>
#include <random>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "files/file_errors.hpp"

namespace roofline {
namespace fs = std::filesystem;
namespace {

constexpr int kMaxLinks = 40;                  // as the kernel's own limit on a path's symlinks
constexpr std::size_t kProbeBytes = 4096;      // what check_writable writes to prove the folder takes data
constexpr const char* kStreamHint = "; an output replaces only a regular file (/dev/stdout writes to standard output)";

// Where an output path leads, symlinks followed.
struct OutputTarget {
  OutputKind kind = OutputKind::file;
  std::string path;                     // the final target
  int descriptor = -1;                  // a stream on a descriptor of ours; -1: open `path` (the null device)
  std::optional<struct stat> existing;  // a file: the regular file there, if any
};

[[noreturn]] void refuse(const std::string& shown, const std::string& why) {
  throw OutputFileError("cannot write " + shown + ": " + why);
}

// The path as the user gave it, and where a link led elsewhere, its target.
std::string shown(const std::string& given, const OutputTarget& t) {
  return t.path == given ? given : given + " (a link to " + t.path + ")";
}

std::string folder_of(const std::string& path) {
  const fs::path p(path);
  return p.has_parent_path() ? p.parent_path().string() : std::string(".");
}

// The descriptor a path names directly (/dev/stdout 1, /dev/stderr 2,
// /dev/fd/N and /proc/self/fd/N N), or -1.
int named_descriptor(const std::string& path) {
  const std::string p = fs::path(path).lexically_normal().string();
  if (p == "/dev/stdout") return 1;
  if (p == "/dev/stderr") return 2;
  for (const std::string prefix : {"/dev/fd/", "/proc/self/fd/"}) {
    if (p.rfind(prefix, 0) != 0) continue;
    const std::string n = p.substr(prefix.size());
    const bool digits = !n.empty() && n.size() <= 9 && std::all_of(n.begin(), n.end(), [](unsigned char c) { return std::isdigit(c); });
    return digits ? std::stoi(n) : -1;
  }
  return -1;
}

bool is_null_device(const struct stat& st) { return S_ISCHR(st.st_mode) && st.st_rdev == makedev(1, 3); }

std::string type_name(mode_t mode) {
  if (S_ISDIR(mode)) return "a folder";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  return "not a regular file";
}

// A link's target, relative to the link's folder where it is relative.
std::string link_target(const std::string& link, const std::string& given) {
  char buf[PATH_MAX];
  const ssize_t n = ::readlink(link.c_str(), buf, sizeof buf);
  if (n < 0 || std::size_t(n) >= sizeof buf) refuse(given, "cannot read the link " + link + ": " + std::strerror(n < 0 ? errno : ENAMETOOLONG));
  const fs::path target(std::string(buf, std::size_t(n)));
  return target.is_absolute() ? target.string() : (fs::path(folder_of(link)) / target).string();
}

// A stream on descriptor `fd` of this process: it must be open for writing.
OutputTarget descriptor_stream(const std::string& given, const std::string& at, int fd) {
  const int flags = ::fcntl(fd, F_GETFL);
  if (flags < 0) refuse(given, "descriptor " + std::to_string(fd) + " is not open");
  if ((flags & O_ACCMODE) == O_RDONLY) refuse(given, "descriptor " + std::to_string(fd) + " is open for reading only");
  return {OutputKind::stream, at, fd, std::nullopt};
}

// Follows `given` to what an output there would be: a file to replace, a
// stream to write, or a refusal (see the header's rules).
OutputTarget resolve(const std::string& given) {
  if (given.empty()) throw OutputFileError("cannot write an output with an empty path");
  std::string at = given;
  for (int links = 0;; ++links) {
    if (const int fd = named_descriptor(at); fd >= 0) return descriptor_stream(given, at, fd);
    struct stat st {};
    if (::lstat(at.c_str(), &st) != 0) {
      // Missing, or a folder on the way missing: check_folder says which.
      if (errno == ENOENT || errno == ENOTDIR) return {OutputKind::file, at, -1, std::nullopt};
      refuse(given, std::strerror(errno));
    }
    if (S_ISLNK(st.st_mode)) {
      if (links == kMaxLinks) refuse(given, "too many levels of symbolic links");
      at = link_target(at, given);
      continue;
    }
    if (S_ISREG(st.st_mode)) return {OutputKind::file, at, -1, st};
    if (is_null_device(st)) return {OutputKind::stream, at, -1, std::nullopt};
    const OutputTarget t{OutputKind::file, at, -1, std::nullopt};
    refuse(shown(given, t), "it is " + type_name(st.st_mode) + kStreamHint);
  }
}

// The target's folder exists, and an existing file there may be written.
void check_folder(const std::string& given, const OutputTarget& t) {
  const std::string dir = folder_of(t.path);
  struct stat st {};
  if (::stat(dir.c_str(), &st) != 0) {
    if (errno == ENOENT || errno == ENOTDIR) refuse(shown(given, t), "folder " + dir + " does not exist");
    refuse(shown(given, t), "folder " + dir + ": " + std::strerror(errno));
  }
  if (!S_ISDIR(st.st_mode)) refuse(shown(given, t), dir + " is not a folder");
  if (t.existing && ::access(t.path.c_str(), W_OK) != 0) refuse(shown(given, t), std::strerror(errno));
}

// A new file beside `target`, made by open() with 0666 so that the umask
// (and a folder's default ACL) applies as for any program's new file.
struct TempFile {
  std::string path;
  int fd = -1;
};

TempFile create_temp(const std::string& given, const OutputTarget& t) {
  static const char kChars[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  thread_local std::mt19937_64 rng(std::random_device{}() ^ std::uint64_t(::getpid()) ^
                                   std::uint64_t(std::chrono::steady_clock::now().time_since_epoch().count()));
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::string name = t.path + ".tmp-";
    for (int i = 0; i < 6; ++i) name += kChars[rng() % (sizeof kChars - 1)];
    const int fd = ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0) return {name, fd};
    if (errno != EEXIST)
      refuse(shown(given, t), "cannot make a file in " + folder_of(t.path) + ": " + std::strerror(errno));
  }
  refuse(shown(given, t), "no free temporary name in " + folder_of(t.path));
}

// Writes all of `data`; 0 or the errno of the failure.
int write_all(int fd, const char* data, std::size_t size) {
  while (size > 0) {
    const ssize_t n = ::write(fd, data, size);
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    data += n;
    size -= std::size_t(n);
  }
  return 0;
}

// The replaced file's owner (where allowed) and mode, else the new file's own.
int keep_owner_and_mode(int fd, const OutputTarget& t) {
  if (!t.existing) return 0;
  const struct stat& st = *t.existing;
  if (::fchown(fd, st.st_uid, st.st_gid) != 0) (void)!::fchown(fd, uid_t(-1), st.st_gid);  // not root: the group at least
  return ::fchmod(fd, st.st_mode & 07777) == 0 ? 0 : errno;
}

// The folder's entry made durable; a file system that cannot say is no failure.
void sync_folder(const std::string& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  (void)::fsync(fd);
  ::close(fd);
}

void replace_file(const std::string& given, const OutputTarget& t, const std::string& content) {
  TempFile tmp = create_temp(given, t);
  const auto fail = [&](const char* step, int e) {
    if (tmp.fd >= 0) ::close(tmp.fd);
    ::unlink(tmp.path.c_str());
    refuse(shown(given, t), std::string(step) + ": " + std::strerror(e));
  };
  if (int e = write_all(tmp.fd, content.data(), content.size())) fail("write", e);
  if (int e = keep_owner_and_mode(tmp.fd, t)) fail("chmod", e);
  if (::fsync(tmp.fd) != 0) fail("fsync", errno);
  const int closed = ::close(tmp.fd);
  tmp.fd = -1;
  if (closed != 0) fail("close", errno);
  if (std::rename(tmp.path.c_str(), t.path.c_str()) != 0) fail("rename", errno);
  sync_folder(folder_of(t.path));
}

void write_stream(const std::string& given, const OutputTarget& t, const std::string& content) {
  const int fd = t.descriptor >= 0 ? t.descriptor : ::open(t.path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) refuse(shown(given, t), std::strerror(errno));
  const int e = write_all(fd, content.data(), content.size());
  if (t.descriptor < 0) ::close(fd);
  if (e) refuse(shown(given, t), std::string("write: ") + std::strerror(e));
}

// A probe file written and removed in the target's folder.
void probe_folder(const std::string& given, const OutputTarget& t) {
  TempFile probe = create_temp(given, t);
  const std::string zeros(kProbeBytes, '\0');
  const int e = write_all(probe.fd, zeros.data(), zeros.size());
  ::close(probe.fd);
  ::unlink(probe.path.c_str());
  if (e) refuse(shown(given, t), "writing in " + folder_of(t.path) + ": " + std::strerror(e));
}

std::optional<FileIdentity> identity_of(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return std::nullopt;
  return FileIdentity{st.st_dev, st.st_ino, ""};
}

}  // namespace

std::optional<FileIdentity> input_identity(const std::string& path) { return identity_of(path); }

std::optional<FileIdentity> output_identity(const std::string& path) {
  OutputTarget t;
  try {
    t = resolve(path);
  } catch (const OutputFileError&) {
    return std::nullopt;
  }
  if (t.kind == OutputKind::stream) return std::nullopt;
  if (t.existing) return FileIdentity{t.existing->st_dev, t.existing->st_ino, ""};
  std::optional<FileIdentity> folder = identity_of(folder_of(t.path));
  if (folder) folder->name = fs::path(t.path).filename().string();
  return folder;
}

OutputKind check_writable(const std::string& path) {
  const OutputTarget t = resolve(path);
  if (t.kind == OutputKind::stream) {
    if (t.descriptor < 0) {
      const int fd = ::open(t.path.c_str(), O_WRONLY | O_CLOEXEC);
      if (fd < 0) refuse(shown(path, t), std::strerror(errno));
      ::close(fd);
    }
    return OutputKind::stream;
  }
  check_folder(path, t);
  probe_folder(path, t);
  return OutputKind::file;
}

void write_file_atomically(const std::string& path, const std::string& content) {
  const OutputTarget t = resolve(path);
  if (t.kind == OutputKind::stream) return write_stream(path, t, content);
  check_folder(path, t);
  replace_file(path, t, content);
}

}  // namespace roofline
