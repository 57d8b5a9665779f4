// Request traces (CSV and JSONL), and a small replay of what they describe.
#include "fuzzcommon.h"
#include "kvsimulator.h"
#include "workload.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    kvscope::fuzz::expectOnlyErrors([&] {
        const auto requests = kvscope::parseTrace(kvscope::fuzz::text(data, size), "fuzz.csv");
        if (requests.size() > 64)
            return; // parsing is the target; replays stay small so each input runs in milliseconds
        for (const auto& r : requests)
            if (std::uint64_t(r.promptLen) + r.outputLen > 4096 || r.arrivalStep > 4096)
                return;
        kvscope::SimConfig config;
        config.poolSlots = 2048;
        config.checkInvariants = true;
        (void)kvscope::simulate(config, requests);
    });
    return 0;
}
