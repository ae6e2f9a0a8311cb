// Outputs never destroy what they replace: a link is followed, a file keeps its
// mode and owner, a FIFO, socket, folder or device is refused and stays what it
// was, the process's own descriptors and the null device are written plainly.
// Every special file is made in a temporary folder: the real /dev is not touched.
#include <doctest/doctest.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <unistd.h>

#include "files/atomic_file.hpp"
#include "files/file_errors.hpp"

using namespace roofline;
namespace fs = std::filesystem;

namespace {

// A fresh folder of its own, removed at the end.
struct Scratch {
  fs::path dir;
  explicit Scratch(const std::string& name)
      : dir(fs::temp_directory_path() / ("roofline-test-outputs-" + std::to_string(getpid()) + "-" + name)) {
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~Scratch() { fs::remove_all(dir); }
  std::string operator/(const std::string& name) const { return (dir / name).string(); }
  int entries() const { return int(std::distance(fs::directory_iterator(dir), fs::directory_iterator())); }
  int temporaries() const {
    int n = 0;
    for (const auto& e : fs::directory_iterator(dir)) n += e.path().filename().string().find(".tmp-") != std::string::npos;
    return n;
  }
};

std::string read_all(const std::string& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

mode_t type_of(const std::string& path) {
  struct stat st {};
  REQUIRE(::lstat(path.c_str(), &st) == 0);
  return st.st_mode & S_IFMT;
}

struct stat stat_of(const std::string& path) {
  struct stat st {};
  REQUIRE(::stat(path.c_str(), &st) == 0);
  return st;
}

// A character device node with these numbers, or false (said) where this
// process may not make one.
bool make_char_device(const std::string& path, unsigned major, unsigned minor) {
  if (::mknod(path.c_str(), S_IFCHR | 0666, makedev(major, minor)) == 0) return true;
  MESSAGE("mknod " << path << " not permitted here (" << std::strerror(errno) << "): device node checks skipped");
  return false;
}

// A write and a check that must both be refused with `reason` and leave `path` of `type`.
void check_refused(const std::string& path, mode_t type, const std::string& reason) {
  CAPTURE(path);
  CHECK_THROWS_WITH_AS(check_writable(path), doctest::Contains(reason.c_str()), OutputFileError);
  CHECK_THROWS_WITH_AS(write_file_atomically(path, "x"), doctest::Contains(reason.c_str()), OutputFileError);
  CHECK(type_of(path) == type);
}

}  // namespace

TEST_CASE("an output through a symlink replaces the link's target, in the target's folder; the link stays") {
  Scratch s("link");
  fs::create_directories(s / "real");
  std::ofstream(s / "real/target.json") << "old";
  fs::create_symlink("real/target.json", s / "link.json");  // relative to the link's folder
  fs::create_symlink("link.json", s / "chain.json");        // a link to a link
  write_file_atomically(s / "chain.json", "new");
  CHECK(type_of(s / "link.json") == S_IFLNK);
  CHECK(type_of(s / "chain.json") == S_IFLNK);
  CHECK(type_of(s / "real/target.json") == S_IFREG);
  CHECK(read_all(s / "real/target.json") == "new");
  CHECK(s.entries() == 3);  // no temporary file left beside the links
  CHECK(std::distance(fs::directory_iterator(s.dir / "real"), fs::directory_iterator()) == 1);

  // A dangling link: its target is made.
  fs::create_symlink("real/made.json", s / "dangling.json");
  CHECK(check_writable(s / "dangling.json") == OutputKind::file);
  CHECK(!fs::exists(s / "real/made.json"));  // the check leaves nothing behind
  write_file_atomically(s / "dangling.json", "made");
  CHECK(type_of(s / "dangling.json") == S_IFLNK);
  CHECK(read_all(s / "real/made.json") == "made");

  // A link into a missing folder, and a loop: refused with the reason.
  fs::create_symlink("nowhere/x.json", s / "lost.json");
  CHECK_THROWS_WITH_AS(check_writable(s / "lost.json"), doctest::Contains("does not exist"), OutputFileError);
  fs::create_symlink("loop2", s / "loop1");
  fs::create_symlink("loop1", s / "loop2");
  CHECK_THROWS_WITH_AS(write_file_atomically(s / "loop1", "x"), doctest::Contains("symbolic links"), OutputFileError);
  CHECK(type_of(s / "loop1") == S_IFLNK);
}

TEST_CASE("a replaced file keeps its mode and owner; a new file gets 0666 less the umask") {
  Scratch s("mode");
  const std::string secret = s / "secret.json";
  std::ofstream(secret) << "old";
  REQUIRE(::chmod(secret.c_str(), 0600) == 0);
  write_file_atomically(secret, "new");
  CHECK((stat_of(secret).st_mode & 07777) == 0600);
  CHECK(read_all(secret) == "new");

  if (::geteuid() == 0) {  // only root may give a file away
    REQUIRE(::chown(secret.c_str(), 4321, 4321) == 0);
    REQUIRE(::chmod(secret.c_str(), 0640) == 0);
    write_file_atomically(secret, "again");
    CHECK(stat_of(secret).st_uid == 4321);
    CHECK(stat_of(secret).st_gid == 4321);
    CHECK((stat_of(secret).st_mode & 07777) == 0640);
  }

  const mode_t before = ::umask(027);
  write_file_atomically(s / "new.json", "x");
  ::umask(022);
  write_file_atomically(s / "other.json", "x");
  ::umask(before);
  CHECK((stat_of(s / "new.json").st_mode & 07777) == 0640);
  CHECK((stat_of(s / "other.json").st_mode & 07777) == 0644);
}

TEST_CASE("a FIFO, a socket, a folder or a device node is refused and stays what it was") {
  Scratch s("special");
  REQUIRE(::mkfifo((s / "fifo").c_str(), 0644) == 0);
  check_refused(s / "fifo", S_IFIFO, "is a FIFO");
  fs::create_directories(s / "folder");
  check_refused(s / "folder", S_IFDIR, "is a folder");

  const int sock = ::socket(AF_UNIX, SOCK_STREAM, 0);
  REQUIRE(sock >= 0);
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  const std::string sock_path = s / "sock";
  if (sock_path.size() < sizeof addr.sun_path) {
    std::strcpy(addr.sun_path, sock_path.c_str());
    REQUIRE(::bind(sock, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
    check_refused(sock_path, S_IFSOCK, "is a socket");
  }
  ::close(sock);

  // A link to a FIFO: the message names both.
  fs::create_symlink("fifo", s / "to-fifo");
  CHECK_THROWS_WITH_AS(write_file_atomically(s / "to-fifo", "x"), doctest::Contains(("a link to " + (s / "fifo")).c_str()),
                       OutputFileError);
  CHECK(type_of(s / "fifo") == S_IFIFO);

  // /dev/full's numbers: a device that is not a stream of ours.
  if (make_char_device(s / "full", 1, 7)) {
    check_refused(s / "full", S_IFCHR, "is a character device");
    CHECK(stat_of(s / "full").st_rdev == makedev(1, 7));
  }
  CHECK(s.temporaries() == 0);
}

TEST_CASE("the process's own descriptors and the null device are written plainly") {
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  for (const std::string prefix : {"/proc/self/fd/", "/dev/fd/"}) {
    const std::string path = prefix + std::to_string(fds[1]);
    CAPTURE(path);
    CHECK(check_writable(path) == OutputKind::stream);
    write_file_atomically(path, "through the pipe");
    char buf[64] = {};
    CHECK(::read(fds[0], buf, sizeof buf - 1) == 16);
    CHECK(std::string(buf) == "through the pipe");
    // The read end cannot take a write.
    CHECK_THROWS_WITH_AS(check_writable(prefix + std::to_string(fds[0])), doctest::Contains("reading only"), OutputFileError);
  }
  ::close(fds[0]);
  ::close(fds[1]);
  CHECK_THROWS_WITH_AS(write_file_atomically("/proc/self/fd/" + std::to_string(fds[1]), "x"), doctest::Contains("not open"),
                       OutputFileError);
  // Named, not opened: these stay lexical, the real /dev is not looked at.
  CHECK(check_writable("/dev/stdout") == OutputKind::stream);
  CHECK(check_writable("/dev/stderr") == OutputKind::stream);

  Scratch s("null");
  if (make_char_device(s / "null", 1, 3)) {
    CHECK(check_writable(s / "null") == OutputKind::stream);
    write_file_atomically(s / "null", "discarded");
    CHECK(type_of(s / "null") == S_IFCHR);
    CHECK(stat_of(s / "null").st_rdev == makedev(1, 3));
    CHECK(s.entries() == 1);
  }
}

TEST_CASE("check_writable finds what the write would fail on, and leaves nothing behind") {
  Scratch s("check");
  std::ofstream(s / "file") << "x";
  CHECK_THROWS_WITH_AS(check_writable(s / "missing/out.json"), doctest::Contains("does not exist"), OutputFileError);
  CHECK_THROWS_WITH_AS(check_writable(s / "file/out.json"), doctest::Contains("is not a folder"), OutputFileError);
  CHECK_THROWS_WITH_AS(check_writable(""), doctest::Contains("empty path"), OutputFileError);
  CHECK(check_writable(s / "out.json") == OutputKind::file);
  CHECK(check_writable(s / "file") == OutputKind::file);
  CHECK(s.entries() == 1);
  CHECK(read_all(s / "file") == "x");
}
