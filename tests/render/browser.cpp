#include "browser.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <png.h>
#include <unistd.h>

namespace fs = std::filesystem;

Image read_png(const std::string& path) {
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_file(&image, path.c_str()))
    throw std::runtime_error("cannot read PNG " + path + ": " + image.message);
  image.format = PNG_FORMAT_RGB;
  Image out;
  out.width = int(image.width);
  out.height = int(image.height);
  out.rgb.resize(PNG_IMAGE_SIZE(image));
  if (!png_image_finish_read(&image, nullptr, out.rgb.data(), 0, nullptr))
    throw std::runtime_error("cannot decode PNG " + path + ": " + image.message);
  return out;
}

namespace {

// The scratch folder goes away at exit unless ROOFLINE_KEEP_RENDERS is set (to look at the PNGs).
struct Scratch {
  fs::path dir = fs::temp_directory_path() / ("roofline-render-" + std::to_string(::getpid()));
  Scratch() { fs::create_directories(dir); }
  ~Scratch() {
    std::error_code ec;
    if (!std::getenv("ROOFLINE_KEEP_RENDERS")) fs::remove_all(dir, ec);
  }
};

}  // namespace

std::string scratch_dir() {
  static const Scratch scratch;
  return scratch.dir.string();
}

int run_command(const std::string& command) {
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

namespace {

void write(const std::string& path, const std::string& text) {
  std::ofstream out(path);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + path);
}

}  // namespace

std::string rsvg_render(const std::string& svg, const std::string& name) {
  const std::string svg_path = scratch_dir() + "/" + name + ".svg", png = scratch_dir() + "/" + name + ".rsvg.png";
  write(svg_path, svg);
  const int rc = run_command("rsvg-convert '" + svg_path + "' -o '" + png + "' 2>&1");
  if (rc != 0) throw std::runtime_error("rsvg-convert failed on " + svg_path + " with status " + std::to_string(rc));
  return png;
}

Image chromium_page(const std::string& html, int width, int height, const std::string& name) {
  const std::string html_path = scratch_dir() + "/" + name + ".html", png = scratch_dir() + "/" + name + ".chromium.png";
  write(html_path, html);
  const std::string cmd = "chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 "
                          "--user-data-dir='" + scratch_dir() + "/chromium-profile' --window-size=" +
                          std::to_string(width) + "," + std::to_string(height) + " --screenshot='" + png + "' 'file://" +
                          html_path + "' >/dev/null 2>&1";
  const int rc = run_command(cmd);
  if (rc != 0 || !fs::exists(png)) throw std::runtime_error("chromium failed on " + html_path + " with status " + std::to_string(rc));
  return read_png(png);
}

Image chromium_render(const std::string& svg, int width, int height, const std::string& name) {
  std::string inline_svg = svg;
  if (inline_svg.rfind("<?xml", 0) == 0) inline_svg.erase(0, inline_svg.find('\n') + 1);
  return chromium_page("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><style>html,body{margin:0;background:#fff}"
                       "svg{position:absolute;left:" + std::to_string(kMargin) + "px;top:" + std::to_string(kMargin) +
                       "px;overflow:visible}</style></head><body>\n" + inline_svg + "</body></html>\n",
                       width + 2 * kMargin, height + 2 * kMargin, name);
}
