#include "files/input_file.hpp"

#include <cerrno>
#include <algorithm>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "files/file_descriptor.hpp"
#include "files/file_errors.hpp"

namespace roofline {
namespace {

InputFileError unreadable(const std::string& what, const std::string& path, const std::string& why) {
  return InputFileError("cannot read " + what + " " + path + ": " + why);
}

// A cap as the messages write it: "16 MiB", "64 KiB", "1000 B".
std::string cap_words(std::uint64_t cap) {
  if (cap != 0 && cap % (1u << 20) == 0) return std::to_string(cap >> 20) + " MiB";
  if (cap != 0 && cap % (1u << 10) == 0) return std::to_string(cap >> 10) + " KiB";
  return std::to_string(cap) + " B";
}

// `size` 0: a device, whose size is only known to be more than the cap.
InputFileError too_large(const std::string& what, const std::string& path, std::uint64_t cap, std::uint64_t size) {
  const std::string held = size ? "is " + std::to_string(size) + " bytes" : "holds more than " + std::to_string(cap) + " bytes";
  return InputFileError(what + " " + path + " " + held + ", over the " + cap_words(cap) + " limit");
}

// Reads what `fd` holds, at most cap + 1 bytes (one more tells a file over the cap).
std::string read_at_most(int fd, std::uint64_t cap, const std::string& what, const std::string& path) {
  std::string text;
  char chunk[1 << 16];
  while (text.size() <= cap) {
    const std::size_t want = std::size_t(std::min<std::uint64_t>(sizeof chunk, cap + 1 - text.size()));
    const ssize_t n = ::read(fd, chunk, want);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw unreadable(what, path, std::strerror(errno));
    if (n == 0) break;
    text.append(chunk, std::size_t(n));
  }
  return text;
}

// Opens `path` for reading without waiting on a FIFO's writer (nor taking a
// terminal as the process's own), and refuses
// what cannot be read as a file: a folder, a FIFO or a pipe (it ends when its
// writer says so, which may be never). `st` gets what it is.
int open_input(const std::string& path, const std::string& what, struct stat& st) {
  FileDescriptor file(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY));
  if (file.get() < 0) throw unreadable(what, path, std::strerror(errno));
  if (::fstat(file.get(), &st) != 0) throw unreadable(what, path, std::strerror(errno));
  if (S_ISDIR(st.st_mode)) throw unreadable(what, path, "is a directory");
  if (S_ISFIFO(st.st_mode)) throw unreadable(what, path, "is a FIFO or a pipe, not a regular file");
  const int flags = ::fcntl(file.get(), F_GETFL);
  if (flags < 0 || ::fcntl(file.get(), F_SETFL, flags & ~O_NONBLOCK) != 0) throw unreadable(what, path, std::strerror(errno));
  return file.release();
}

}  // namespace

std::string read_input_file(const std::string& path, const std::string& what, std::uint64_t cap) {
  struct stat st {};
  const FileDescriptor file(open_input(path, what, st));
  const bool regular = S_ISREG(st.st_mode);
  // A regular file's size refuses it before reading; the bounded read below
  // still holds for one that grows meanwhile, and for devices.
  if (regular && std::uint64_t(st.st_size) > cap) throw too_large(what, path, cap, std::uint64_t(st.st_size));
  std::string text = read_at_most(file.get(), cap, what, path);
  if (text.size() > cap) throw too_large(what, path, cap, 0);
  return text;
}

void read_file_exactly(const std::string& path, const std::string& what, unsigned char* out, std::uint64_t size) {
  struct stat st {};
  const FileDescriptor file(open_input(path, what, st));
  if (!S_ISREG(st.st_mode)) throw unreadable(what, path, "not a regular file");
  const auto wrong_size = [&](std::uint64_t held) {
    return InputFileError(what + " " + path + " holds " + std::to_string(held) + " bytes, not the " + std::to_string(size) + " needed");
  };
  if (std::uint64_t(st.st_size) != size) throw wrong_size(std::uint64_t(st.st_size));
  std::uint64_t done = 0;
  while (done < size) {
    const ssize_t n = ::read(file.get(), out + done, std::size_t(std::min<std::uint64_t>(size - done, std::uint64_t(1) << 30)));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw unreadable(what, path, std::strerror(errno));
    if (n == 0) throw wrong_size(done);  // it shrank meanwhile
    done += std::uint64_t(n);
  }
}

}  // namespace roofline
