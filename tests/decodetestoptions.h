#pragma once
// Decode runs small and large enough for the worker's and the page's tests.
#include "decode.h"

#include <algorithm>

namespace decodetest {
// 2 layers of width 64: a step takes well under a millisecond; `steps` tokens per sequence.
inline kvscope::gpu::DecodeOptions tiny(std::uint32_t steps) {
    kvscope::gpu::DecodeOptions o;
    o.model.layers = 2;
    o.model.width = 64;
    o.model.heads = 4;
    o.model.kvHeads = 2;
    o.batch = 2;
    o.steps = steps;
    o.promptLen = 8;
    o.blockSize = 4;
    o.model.maxContext = std::max(512u, o.promptLen + steps);
    return o;
}

// One uncached step of 16 x 4,096 positions (the page's largest prompt) through one layer:
// tens of seconds on two cores, minutes under a sanitizer. The probe's first step is this one.
inline kvscope::gpu::DecodeOptions longStep() {
    kvscope::gpu::DecodeOptions o = tiny(2);
    o.model.layers = 1;
    o.model.width = 256;
    o.model.heads = 4;
    o.model.kvHeads = 4;
    o.batch = 16;
    o.promptLen = 4096;
    o.model.maxContext = 4098;
    o.modes = {kvscope::gpu::CacheMode::None};
    o.backend = kvscope::gpu::BackendChoice::Cpu;
    return o;
}
} // namespace decodetest
