// model/roofline: the roof arithmetic of the (cache-aware) roofline model.
// attainable(I) = min(B x I, F) for a memory roof of bandwidth B (bytes/s)
// and a compute roof F (ops/s); the ridge point is where the two meet, I = F / B.
#pragma once

namespace roofline {

// Attainable performance (ops/s) at arithmetic intensity `ai` (ops/byte).
double attainable(double ai, double bandwidth, double peak);

// Arithmetic intensity (ops/byte) at which a memory roof meets a compute roof.
double ridge_point(double bandwidth, double peak);

}  // namespace roofline
