// intercept/manifest: the capture folder's manifest.json, written whole
// (a temporary and a rename), and the launch log appended beside it.
#pragma once
#include "intercept/capture.hpp"

namespace roofline::intercept {

void write_manifest(Capture& capture, CaptureState state) noexcept;

}  // namespace roofline::intercept
