#pragma once

#include "decode.h"

#include <QString>

// Words and numbers of the decode runs, shared by the GPU page and its summary model. The
// texts keep the page's translation context ("DecodePage").
namespace decodetext {
// "no cache", "contiguous cache", "paged cache", ...
QString modeLabel(kvscope::gpu::CacheMode mode);
// Milliseconds with the decimals their size needs: 706, 50.4, 9.87, 0.0011.
QString ms(double value);
// A share (0.25) as a whole percentage without the sign ("25").
QString percent(double share);
} // namespace decodetext
