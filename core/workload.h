#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kvscope {

// One serving request: tokens in, tokens to generate, and when it arrives.
struct Request {
    std::uint32_t id = 0;
    std::uint32_t promptLen = 0;   // tokens
    std::uint32_t outputLen = 0;   // tokens the request generates before it stops (>= 1)
    std::uint64_t arrivalStep = 0; // decode step at which it joins the queue
    // A shared prefix (a system prompt): the first prefixLen tokens of the prompt are the same
    // tokens in every request with this prefixId. prefixLen 0 = none.
    std::uint32_t prefixId = 0;
    std::uint32_t prefixLen = 0; // tokens, <= promptLen
    bool operator==(const Request&) const = default;
};

enum class WorkloadKind { Fixed, Uniform, ShareGpt, Alpaca, Trace };

// How to make a request trace. ShareGPT- and Alpaca-like workloads are synthetic:
// log-normal lengths whose means match the published datasets' means (ShareGPT: prompt
// 161, output 338 tokens; Alpaca: 19 and 58), with a long tail; they are not the datasets.
struct WorkloadSpec {
    WorkloadKind kind = WorkloadKind::ShareGpt;
    std::uint32_t fixedPrompt = 0, fixedOutput = 0; // Fixed
    std::uint32_t promptMin = 0, promptMax = 0;     // Uniform (inclusive)
    std::uint32_t outputMin = 0, outputMax = 0;
    std::string traceFile;         // Trace
    std::uint32_t requests = 1000; // ignored for Trace
    double rate = 0.0;             // Poisson arrivals per step; 0 = all at step 0 (traces keep their arrival_step)
    std::uint64_t seed = 1;
    // "N system prompts of length P shared by the requests": each request starts with one of
    // sharedPrompts prompts of sharedPromptLen tokens (chosen at random), before its own prompt.
    std::uint32_t sharedPrompts = 0;
    std::uint32_t sharedPromptLen = 0;
    // Parses "N:P" (the CLI's --system-prompts), throwing Error naming `what` when malformed.
    void parseSharedPrompts(std::string_view text, std::string_view what = "--system-prompts");

    // "sharegpt", "alpaca", "fixed:P,O", "uniform:PMIN-PMAX,OMIN-OMAX" or a file path.
    // Throws Error naming the argument when the text is malformed.
    static WorkloadSpec parse(std::string_view text, std::string_view what = "--workload");
    std::string describe() const;
};

// A deterministic generator: the same spec and seed give the same trace on every platform.
std::vector<Request> generateWorkload(const WorkloadSpec& spec);
// Progress of making a workload: the share of a trace's text read, or of the requests drawn, 0..1;
// returning false stops it.
using TraceProgress = std::function<bool(double)>;
// The same, reporting its progress every 65,536 lines or requests and at the end (a 2M-line trace
// or 10M drawn requests take seconds); nothing when stopped.
std::optional<std::vector<Request>> generateWorkload(const WorkloadSpec& spec, const TraceProgress& progress);

// The latest step a trace may ask a request to arrive at.
inline constexpr std::uint64_t kMaxArrivalStep = (1ull << 31) - 1;

// A trace as CSV (header prompt_len,output_len, then any of arrival_step, prefix_id, prefix_len)
// or JSON Lines ({"prompt_len": .., "output_len": .., "arrival_step": .., "prefix_id": ..,
// "prefix_len": ..}). A prefix id says which requests start with the same prefix_len tokens.
// Errors name the source and line. A Mooncake or Azure LLM trace (publictraces.h) is read too: its lengths,
// every request at step 0.
std::vector<Request> parseTrace(std::string_view text, std::string_view source);
std::vector<Request> loadTraceFile(const std::string& path);
// The same, calling `progress` every 65,536 lines and at the end; nothing when it returned false.
std::optional<std::vector<Request>> parseTrace(std::string_view text, std::string_view source,
                                               const TraceProgress& progress);
std::optional<std::vector<Request>> loadTraceFile(const std::string& path, const TraceProgress& progress);

// Arrival times in seconds of `count` requests as a Poisson process of `rate` requests per second, the first at 0
// (as a benchmark client sends its first request at once, then waits an exponential gap before each next one).
// Deterministic for a seed, and scaled by 1 / rate from the same draws: a rate sweep keeps its requests' order
// and shape. Throws Error for a rate that is not a positive finite number.
std::vector<double> poissonArrivalSeconds(std::size_t count, double rate, std::uint64_t seed);

// The class demo of Kwon et al. (2023), Figure 3: one request that reserves 2,048 slots and
// stops after 10 tokens, and a second one, both at step 0.
std::vector<Request> paperFigureWorkload();

} // namespace kvscope
