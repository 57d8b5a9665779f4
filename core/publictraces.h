#pragma once
// Request traces in the formats serving teams publish, with their arrival times in seconds:
//
//   Mooncake (kvcache-ai/Mooncake, FAST'25 traces), JSON Lines, one request per line:
//     {"timestamp": 3000, "input_length": 6758, "output_length": 500, "hash_ids": [0, 1, 2, ...]}
//     timestamp: milliseconds from the trace's start; hash_ids: one id per 512-token block of the prompt, the
//     same id for the same block content at the same position (a block's id stands for its whole prefix),
//     so repeated ids are the prefix sharing of real traffic.
//   Azure LLM inference traces (Azure/AzurePublicDataset, 2023 and 2024), CSV with the header
//     TIMESTAMP,ContextTokens,GeneratedTokens
//     and times such as 2023-11-16 18:15:46.6805900 (the 2024 files add a UTC offset, +00:00).
//
// Arrival times are seconds after the trace's first request. The replays take the lengths and times; a
// Mooncake trace's sharing is measured on its own blocks (prefixHitCurve), not replayed by the simulator,
// whose prefixes are one chain per request.

#include "workload.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kvscope {

enum class TraceFormat { Mooncake, AzureLlm };
std::string_view traceFormatName(TraceFormat format); // "mooncake", "azure"

struct TimedTrace {
    TraceFormat format = TraceFormat::Mooncake;
    std::vector<Request> requests;      // in arrival order, ids 0.., arrivalStep 0, no prefix
    std::vector<double> arrivalSeconds; // one per request, from 0, ascending
    // Mooncake only: each request's prompt blocks (hashBlockTokens tokens each, the last one partial).
    std::uint32_t hashBlockTokens = 0;
    std::vector<std::vector<std::uint32_t>> hashIds;
    std::uint64_t skippedRows = 0; // rows with no prompt token or no generated token: nothing to replay
    double spanSeconds() const { return arrivalSeconds.empty() ? 0.0 : arrivalSeconds.back(); }
};

// The format of a trace's text, from its first line that is not blank; nothing for other text (the project's
// own trace format, which parseTrace reads).
std::optional<TraceFormat> detectTraceFormat(std::string_view text);
// Throws Error naming `source`, the line and the field for text that is not a trace of that format. With
// `progress` (the share of the text read, every 65,536 lines) returning false, stops and returns nothing.
std::optional<TimedTrace> parseTimedTrace(std::string_view text, std::string_view source,
                                          const TraceProgress& progress = {});
// The format of a trace file from its first 64 KiB; nothing for another format or a file that cannot be read
// (its reader then says why).
std::optional<TraceFormat> detectTraceFileFormat(const std::string& path);
// A trace file in either format; nothing when the file is in neither (or when stopped).
std::optional<TimedTrace> loadTimedTrace(const std::string& path, const TraceProgress& progress = {});

// The trace's arrival times at `speed` times the pace (2: twice as fast). Throws Error for a speed that is not a
// positive finite number.
std::vector<double> arrivalsAtSpeed(const TimedTrace& trace, double speed);
// The cache sizes a hit curve is drawn at: a sixteenth of `poolTokens` to 256 times it (a host-memory or disk
// tier beneath the pool), by factors of 4; the pool itself is the middle one.
std::vector<std::uint64_t> hitCurveSizes(std::uint64_t poolTokens);

// The prefix-cache hit rate a trace allows at a cache size: its requests in arrival order against a cache of
// `capacityTokens` / hashBlockTokens blocks that keeps the most recently used; a request's hit is its leading
// blocks found in the cache (a prefix stops at its first miss), after which all its blocks are cached. Rates
// are shares of the prompt tokens. The upper bound is every repeated block a hit, whatever the cache holds.
// For a Mooncake trace only (a trace without hash ids throws Error).
struct PrefixHitPoint {
    std::uint64_t capacityTokens = 0;
    double hitRate = 0.0;
};
struct PrefixHitCurve {
    std::uint64_t promptTokens = 0;
    double upperBound = 0.0;
    std::vector<PrefixHitPoint> points; // in the order of the capacities given
};
PrefixHitCurve prefixHitCurve(const TimedTrace& trace, std::span<const std::uint64_t> capacityTokens);

} // namespace kvscope
