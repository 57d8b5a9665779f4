// Request traces (CSV and JSON Lines), and a small replay of what they describe.
#include "fuzzcommon.h"
#include "kvsimulator.h"
#include "workload.h"

#include <algorithm>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    kvscope::fuzz::expectOnlyErrors([&] {
        const auto requests = kvscope::parseTrace(kvscope::fuzz::text(data, size), "fuzz.csv");
        // Parsing is the target; the replay after it stays small, so that an input runs in about a
        // millisecond with the allocator's invariants checked after every step (a check walks the
        // pool). Its length is bounded by the tokens the trace asks for and by the last arrival.
        // A pool of 64 blocks that 64 requests share runs dry often: preemption and release run
        // in most replays.
        constexpr std::uint32_t kModelLen = 1024;
        if (requests.empty() || requests.size() > 64)
            return;
        // The input's last byte (a trace's closing newline, to begin with) also picks how the
        // pool is shared, so that copy-on-write, beams and the prefix cache (the trace's prefix
        // ids) are replayed too: 1 to 4 samples, parallel or beam, prefix caching on or off,
        // recompute or swap.
        const std::uint8_t shape = data[size - 1];
        kvscope::SimConfig config;
        config.poolSlots = 1024;
        config.maxModelLen = kModelLen; // longer requests are cut or refused: both paths run
        config.samples = 1 + (shape & 3u);
        config.sampling = (shape & 4u) != 0 ? kvscope::SamplingMode::Beam : kvscope::SamplingMode::Parallel;
        config.prefixCache = (shape & 8u) != 0;
        config.preemption = (shape & 16u) != 0 ? kvscope::PreemptionMode::Swap : kvscope::PreemptionMode::Recompute;
        config.checkInvariants = true;
        std::uint64_t tokens = 0;
        for (const auto& r : requests) {
            if (r.arrivalStep > 1024)
                return;
            tokens += std::min<std::uint64_t>(std::uint64_t(r.promptLen) + r.outputLen, kModelLen) * config.samples;
        }
        if (tokens > 8192)
            return;
        (void)kvscope::simulate(config, requests);
    });
    return 0;
}
