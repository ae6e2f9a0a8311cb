// Rendering charts with the real tools users open them with: rsvg-convert
// (librsvg) and headless Chromium. Chromium draws the SVG inline in a page
// with a white margin around the canvas and `overflow: visible`, so anything
// drawn outside the canvas shows up in the margin of the screenshot.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

struct Image {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgb;  // row-major, 3 bytes per pixel
  const std::uint8_t* at(int x, int y) const { return &rgb[(std::size_t(y) * width + x) * 3]; }
};

// Reads a PNG file; throws std::runtime_error on failure.
Image read_png(const std::string& path);

// A scratch folder for this test run.
std::string scratch_dir();

// Writes the SVG to a file and converts it with rsvg-convert; returns the PNG path.
// Throws std::runtime_error with the tool's exit status on failure.
std::string rsvg_render(const std::string& svg, const std::string& name);

// The margin Chromium's page leaves around the canvas, in pixels.
inline constexpr int kMargin = 40;

// Screenshots the SVG (width x height) in headless Chromium inside a page of
// (width + 2 kMargin) x (height + 2 kMargin) pixels. Throws on failure.
Image chromium_render(const std::string& svg, int width, int height, const std::string& name);

// Screenshots an HTML page in a width x height window.
Image chromium_page(const std::string& html, int width, int height, const std::string& name);

// Runs a shell command, returns its exit status.
int run_command(const std::string& command);
