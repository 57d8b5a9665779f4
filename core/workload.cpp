#include "workload.h"

#include "error.h"
#include "inputfile.h"
#include "publictraces.h"
#include "text.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <random>
#include <sstream>

namespace kvscope {
namespace {

// Splitmix-seeded 64-bit generator with our own transforms: std::*_distribution differ
// between standard libraries, and a class must see the same trace everywhere.
class Rng {
public:
    explicit Rng(std::uint64_t seed)
        : m_engine(seed) {}
    double uniform() { return double(m_engine() >> 11) * 0x1.0p-53; } // [0, 1)
    double normal() {
        double u1 = uniform();
        while (u1 <= 0.0)
            u1 = uniform();
        const double u2 = uniform();
        return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
    }
    std::uint32_t between(std::uint32_t lo, std::uint32_t hi) // inclusive
    {
        // The width in 64 bits: 0-4294967295 is 2^32 values, which wrapped to 0 in 32.
        const std::uint64_t width = std::uint64_t(hi) - lo + 1;
        return lo + std::uint32_t(std::min<std::uint64_t>(std::uint64_t(uniform() * double(width)), width - 1));
    }

private:
    std::mt19937_64 m_engine;
};

// A log-normal length with the given mean and shape, at least 1.
std::uint32_t logNormalLength(Rng& rng, double mean, double sigma, std::uint32_t cap) {
    const double mu = std::log(mean) - sigma * sigma / 2.0;
    const double value = std::exp(mu + sigma * rng.normal());
    return std::clamp<std::uint32_t>(std::uint32_t(std::lround(value)), 1, cap);
}

std::uint32_t parseUint(std::string_view text, std::string_view what, std::string_view whole) {
    std::uint32_t value = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size())
        throw Error(std::string(what) + ": '" + std::string(whole) + "': expected a whole number, got '" +
                    std::string(text) + "'");
    return value;
}

std::pair<std::string_view, std::string_view> splitOnce(std::string_view text, char separator) {
    const auto at = text.find(separator);
    if (at == std::string_view::npos)
        return {text, {}};
    return {text.substr(0, at), text.substr(at + 1)};
}

} // namespace

WorkloadSpec WorkloadSpec::parse(std::string_view text, std::string_view what) {
    WorkloadSpec spec;
    if (text == "sharegpt") {
        spec.kind = WorkloadKind::ShareGpt;
    } else if (text == "alpaca") {
        spec.kind = WorkloadKind::Alpaca;
    } else if (text.starts_with("fixed:")) {
        const auto [p, o] = splitOnce(text.substr(6), ',');
        spec.kind = WorkloadKind::Fixed;
        spec.fixedPrompt = parseUint(p, what, text);
        spec.fixedOutput = parseUint(o, what, text);
        if (spec.fixedOutput == 0)
            throw Error(std::string(what) + ": '" + std::string(text) + "': the output length must be at least 1");
    } else if (text.starts_with("uniform:")) {
        const auto [prompts, outputs] = splitOnce(text.substr(8), ',');
        const auto [pmin, pmax] = splitOnce(prompts, '-');
        const auto [omin, omax] = splitOnce(outputs, '-');
        spec.kind = WorkloadKind::Uniform;
        spec.promptMin = parseUint(pmin, what, text);
        spec.promptMax = parseUint(pmax, what, text);
        spec.outputMin = parseUint(omin, what, text);
        spec.outputMax = parseUint(omax, what, text);
        if (spec.promptMin > spec.promptMax || spec.outputMin > spec.outputMax || spec.outputMin == 0)
            throw Error(std::string(what) + ": '" + std::string(text) +
                        "': expected uniform:PMIN-PMAX,OMIN-OMAX with PMIN <= PMAX and 1 <= OMIN <= OMAX");
    } else if (!text.empty()) {
        spec.kind = WorkloadKind::Trace;
        spec.traceFile = std::string(text);
    } else {
        throw Error(std::string(what) +
                    ": expected sharegpt, alpaca, fixed:P,O, uniform:PMIN-PMAX,OMIN-OMAX or a trace file");
    }
    return spec;
}

void WorkloadSpec::parseSharedPrompts(std::string_view text, std::string_view what) {
    const auto [n, length] = splitOnce(text, ':');
    const std::uint32_t prompts = parseUint(n, what, text);
    const std::uint32_t tokens = parseUint(length, what, text);
    if (prompts == 0 || tokens == 0 || prompts > 1'000'000 || tokens > (1u << 20))
        throw Error(std::string(what) + ": '" + std::string(text) +
                    "': expected N:P, N system prompts (1 to 1,000,000) of P tokens (1 to 1,048,576)");
    sharedPrompts = prompts;
    sharedPromptLen = tokens;
}

std::string WorkloadSpec::describe() const {
    if (sharedPrompts > 0 && kind != WorkloadKind::Trace) {
        WorkloadSpec plain = *this;
        plain.sharedPrompts = 0;
        return plain.describe() + ", behind " + std::to_string(sharedPrompts) + " shared system prompt" +
               (sharedPrompts == 1 ? "" : "s") + " of " + std::to_string(sharedPromptLen) + " tokens";
    }
    switch (kind) {
    case WorkloadKind::ShareGpt:
        return "ShareGPT-like (synthetic, mean prompt 161, mean output 338)";
    case WorkloadKind::Alpaca:
        return "Alpaca-like (synthetic, mean prompt 19, mean output 58)";
    case WorkloadKind::Fixed:
        return "fixed prompt " + std::to_string(fixedPrompt) + ", output " + std::to_string(fixedOutput);
    case WorkloadKind::Uniform:
        return "uniform prompt " + std::to_string(promptMin) + "-" + std::to_string(promptMax) + ", output " +
               std::to_string(outputMin) + "-" + std::to_string(outputMax);
    case WorkloadKind::Trace:
        return "trace " + traceFile;
    }
    return {};
}

std::vector<Request> generateWorkload(const WorkloadSpec& spec) {
    return *generateWorkload(spec, TraceProgress{});
}

std::optional<std::vector<Request>> generateWorkload(const WorkloadSpec& spec, const TraceProgress& progress) {
    if (spec.kind == WorkloadKind::Trace)
        return loadTraceFile(spec.traceFile, progress);
    constexpr std::uint32_t kRequestsPerReport = 65'536;
    Rng rng(spec.seed);
    Rng arrivals(spec.seed ^ 0x9e3779b97f4a7c15ull);
    Rng prefixes(spec.seed ^ 0x5851f42d4c957f2dull); // its own stream: the lengths stay those without prefixes
    std::vector<Request> out;
    out.reserve(spec.requests);
    double clock = 0.0;
    for (std::uint32_t i = 0; i < spec.requests; ++i) {
        if (progress && i % kRequestsPerReport == 0 && i > 0 && !progress(double(i) / double(spec.requests)))
            return std::nullopt;
        Request r;
        r.id = i;
        switch (spec.kind) {
        case WorkloadKind::Fixed:
            r.promptLen = spec.fixedPrompt;
            r.outputLen = spec.fixedOutput;
            break;
        case WorkloadKind::Uniform:
            r.promptLen = rng.between(spec.promptMin, spec.promptMax);
            r.outputLen = rng.between(spec.outputMin, spec.outputMax);
            break;
        case WorkloadKind::ShareGpt:
            r.promptLen = logNormalLength(rng, 161.0, 1.0, 4096);
            r.outputLen = logNormalLength(rng, 338.0, 0.9, 4096);
            break;
        case WorkloadKind::Alpaca:
            r.promptLen = logNormalLength(rng, 19.0, 0.6, 1024);
            r.outputLen = logNormalLength(rng, 58.0, 0.8, 1024);
            break;
        case WorkloadKind::Trace:
            break;
        }
        if (spec.sharedPrompts > 0) {
            r.prefixId = prefixes.between(0, spec.sharedPrompts - 1);
            r.prefixLen = spec.sharedPromptLen;
            r.promptLen =
                std::uint32_t(std::min<std::uint64_t>(std::uint64_t(r.promptLen) + spec.sharedPromptLen, UINT32_MAX));
        }
        if (spec.rate > 0.0) {
            double u = arrivals.uniform();
            while (u <= 0.0)
                u = arrivals.uniform();
            clock += -std::log(u) / spec.rate; // exponential gaps: a Poisson process
            // Past the step a trace is held to, and soon past 2^64 (1e-20 arrivals a step): the
            // cast below would be undefined and every request would seem to arrive at step 0.
            if (!(clock <= double(kMaxArrivalStep)))
                throw Error("rate: at " + (std::ostringstream() << spec.rate).str() + " arrivals per step, request " +
                            std::to_string(i + 1) + " of " + std::to_string(spec.requests) +
                            " would arrive after step " + std::to_string(kMaxArrivalStep) +
                            ", the last a replay holds; give a higher rate or fewer requests");
            r.arrivalStep = std::uint64_t(clock);
        }
        out.push_back(r);
    }
    if (progress && !progress(1.0))
        return std::nullopt;
    return out;
}

std::vector<Request> parseTrace(std::string_view text, std::string_view source) {
    return *parseTrace(text, source, TraceProgress{});
}

std::optional<std::vector<Request>> parseTrace(std::string_view text, std::string_view source,
                                               const TraceProgress& progress) {
    // A public trace (Mooncake, Azure): its lengths, every request at step 0 (its times are for timed replays).
    if (detectTraceFormat(text)) {
        std::optional<TimedTrace> timed = parseTimedTrace(text, source, progress);
        if (!timed)
            return std::nullopt;
        return std::move(timed->requests);
    }
    constexpr std::size_t kLinesPerReport = 65'536;
    std::size_t bytesRead = 0;
    std::vector<Request> out;
    std::istringstream in{std::string(text)};
    std::string line;
    std::size_t lineNo = 0;
    bool csvHeaderSeen = false;
    int arrivalColumn = -1, prefixIdColumn = -1, prefixLenColumn = -1;
    std::size_t columns = 2;
    auto fail = [&](const std::string& why) -> void {
        throw Error(std::string(source) + ":" + std::to_string(lineNo) + ": " + why);
    };
    while (std::getline(in, line)) {
        ++lineNo;
        bytesRead += line.size() + 1;
        if (progress && lineNo % kLinesPerReport == 0 &&
            !progress(text.empty() ? 1.0 : std::min(1.0, double(bytesRead) / double(text.size()))))
            return std::nullopt;
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (line.find_first_not_of(" \t") == std::string::npos || line[0] == '#')
            continue;
        Request r;
        r.id = std::uint32_t(out.size());
        if (out.empty() && !csvHeaderSeen && line[line.find_first_not_of(" \t")] == '[')
            fail("a JSON array; a trace in JSON Lines has one request object per line "
                 "({\"prompt_len\": 120, \"output_len\": 80}), or give CSV with the header prompt_len,output_len");
        if (line[0] == '{') {
            nlohmann::json j;
            if (const std::size_t nul = line.find('\0'); nul != std::string::npos)
                fail("a NUL byte at column " + std::to_string(nul + 1) + "; a trace is text");
            try {
                j = nlohmann::json::parse(line);
            } catch (const nlohmann::json::exception& e) { // parse_error, or out_of_range for 1e999
                fail(std::string("not valid JSON (") + jsonErrorExcerpt(e) + ")");
            }
            auto field = [&](const char* key, bool required) -> std::uint64_t {
                auto it = j.find(key);
                if (it == j.end()) {
                    if (required)
                        fail(std::string("missing '") + key + "'");
                    return 0;
                }
                if (!it->is_number_unsigned())
                    fail(std::string("'") + key + "' must be a whole number >= 0, got " + describeJson(*it));
                return it->get<std::uint64_t>();
            };
            const std::uint64_t prompt = field("prompt_len", true);
            const std::uint64_t output = field("output_len", true);
            if (prompt > (1u << 24) || output > (1u << 24))
                fail("lengths above 16,777,216 tokens are not supported");
            r.promptLen = std::uint32_t(prompt);
            r.outputLen = std::uint32_t(output);
            r.arrivalStep = field("arrival_step", false);
            const bool hasPrefix = j.contains("prefix_id") || j.contains("prefix_len");
            const std::uint64_t prefixId = field("prefix_id", hasPrefix);
            const std::uint64_t prefixLen = field("prefix_len", hasPrefix);
            if (prefixId > UINT32_MAX)
                fail("'prefix_id' must be at most " + std::to_string(UINT32_MAX));
            r.prefixId = std::uint32_t(prefixId);
            r.prefixLen = std::uint32_t(std::min<std::uint64_t>(prefixLen, UINT32_MAX));
            if (prefixLen > r.promptLen)
                fail("'prefix_len' (" + std::to_string(prefixLen) + ") must be at most 'prompt_len' (" +
                     std::to_string(r.promptLen) + ")");
        } else {
            std::vector<std::string_view> cells;
            std::string_view rest = line;
            while (true) {
                const auto [cell, tail] = splitOnce(rest, ',');
                const auto start = cell.find_first_not_of(" \t");
                const auto end = cell.find_last_not_of(" \t");
                cells.push_back(start == std::string_view::npos ? std::string_view()
                                                                : cell.substr(start, end - start + 1));
                if (tail.data() == nullptr)
                    break;
                rest = tail;
            }
            if (!csvHeaderSeen) {
                if (cells.size() < 2 || cells[0] != "prompt_len" || cells[1] != "output_len")
                    fail("a CSV trace starts with the header prompt_len,output_len[,arrival_step][,prefix_id,"
                         "prefix_len]");
                for (std::size_t c = 2; c < cells.size(); ++c) {
                    int* column = cells[c] == "arrival_step" ? &arrivalColumn
                                  : cells[c] == "prefix_id"  ? &prefixIdColumn
                                  : cells[c] == "prefix_len" ? &prefixLenColumn
                                                             : nullptr;
                    if (!column)
                        fail("column " + std::to_string(c + 1) +
                             " must be arrival_step, prefix_id or prefix_len, got " + quoteExcerpt(cells[c]));
                    if (*column >= 0)
                        fail("the column " + quoteExcerpt(cells[c]) + " appears twice");
                    *column = int(c);
                }
                if ((prefixIdColumn >= 0) != (prefixLenColumn >= 0))
                    fail("prefix_id and prefix_len come together");
                columns = cells.size();
                csvHeaderSeen = true;
                continue;
            }
            if (cells.size() != columns)
                fail("expected " + std::to_string(columns) + " values, got " + std::to_string(cells.size()));
            auto number = [&](std::string_view cell, const char* name) -> std::uint32_t {
                std::uint32_t v = 0;
                const auto [ptr, ec] = std::from_chars(cell.data(), cell.data() + cell.size(), v);
                if (cell.empty() || ec != std::errc() || ptr != cell.data() + cell.size())
                    fail(std::string(name) + " must be a whole number >= 0, got " + quoteExcerpt(cell));
                return v;
            };
            r.promptLen = number(cells[0], "prompt_len");
            r.outputLen = number(cells[1], "output_len");
            if (arrivalColumn >= 0)
                r.arrivalStep = number(cells[std::size_t(arrivalColumn)], "arrival_step");
            if (prefixIdColumn >= 0) {
                r.prefixId = number(cells[std::size_t(prefixIdColumn)], "prefix_id");
                r.prefixLen = number(cells[std::size_t(prefixLenColumn)], "prefix_len");
                if (r.prefixLen > r.promptLen)
                    fail("prefix_len (" + std::to_string(r.prefixLen) + ") must be at most prompt_len (" +
                         std::to_string(r.promptLen) + ")");
            }
        }
        if (r.outputLen == 0)
            fail("output_len must be at least 1");
        // Steps are counted in 64 bits with room to add the run's own length: an arrival
        // past 2^31 steps (years of decoding) was truncated or wrapped the step counter.
        if (r.arrivalStep > kMaxArrivalStep)
            fail("arrival_step must be at most " + std::to_string(kMaxArrivalStep) + ", got " +
                 std::to_string(r.arrivalStep));
        out.push_back(r);
    }
    if (out.empty())
        throw Error(std::string(source) + ": the trace holds no requests");
    std::stable_sort(out.begin(), out.end(),
                     [](const Request& a, const Request& b) { return a.arrivalStep < b.arrivalStep; });
    for (std::size_t i = 0; i < out.size(); ++i)
        out[i].id = std::uint32_t(i);
    if (progress && !progress(1.0))
        return std::nullopt;
    return out;
}

std::vector<Request> loadTraceFile(const std::string& path) {
    return parseTrace(readInputFile(path, kTraceFileMaxBytes, "trace file"), path);
}

std::optional<std::vector<Request>> loadTraceFile(const std::string& path, const TraceProgress& progress) {
    return parseTrace(readInputFile(path, kTraceFileMaxBytes, "trace file"), path, progress);
}

std::vector<double> poissonArrivalSeconds(std::size_t count, double rate, std::uint64_t seed) {
    if (!(rate > 0.0) || !std::isfinite(rate))
        throw Error("arrival rate: expected a positive number of requests per second, got " +
                    (std::ostringstream() << rate).str());
    Rng rng(seed ^ 0x6a09e667f3bcc909ull); // a stream of its own: the lengths drawn with `seed` stay as they are
    std::vector<double> out;
    out.reserve(count);
    double clock = 0.0;
    for (std::size_t i = 0; i < count; ++i) {
        if (i > 0) {
            double u = rng.uniform();
            while (u <= 0.0)
                u = rng.uniform();
            clock += -std::log(u);
        }
        out.push_back(clock / rate);
    }
    return out;
}

std::vector<Request> paperFigureWorkload() {
    // Request A: a 7-token prompt that stops after 3 generated tokens (10 in all);
    // request B: a 5-token prompt that generates 20 tokens.
    return {{0, 7, 3, 0}, {1, 5, 20, 0}};
}

} // namespace kvscope
