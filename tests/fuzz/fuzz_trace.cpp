// Request traces (CSV and JSONL), and a small replay of what they describe.
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
        // A pool of 64 blocks that 64 requests share runs dry often: the preemption, copy-on-write
        // and release paths are where the checks matter.
        constexpr std::uint32_t kModelLen = 1024;
        if (requests.size() > 64)
            return;
        std::uint64_t tokens = 0;
        for (const auto& r : requests) {
            if (r.arrivalStep > 1024)
                return;
            tokens += std::min<std::uint64_t>(std::uint64_t(r.promptLen) + r.outputLen, kModelLen);
        }
        if (tokens > 8192)
            return;
        kvscope::SimConfig config;
        config.poolSlots = 1024;
        config.maxModelLen = kModelLen; // longer requests are cut or refused: both paths run
        config.checkInvariants = true;
        (void)kvscope::simulate(config, requests);
    });
    return 0;
}
