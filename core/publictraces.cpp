#include "publictraces.h"

#include "error.h"
#include "inputfile.h"
#include "text.h"
#include "units.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <list>
#include <numeric>
#include <unordered_map>
#include <unordered_set>

namespace kvscope {

namespace {
constexpr std::uint32_t kMooncakeBlockTokens = 512; // Mooncake's FAST'25 traces: one hash id per 512 tokens
constexpr std::uint64_t kMaxLength = 1u << 24;      // as the project's own traces
constexpr std::size_t kLinesPerReport = 65'536;

std::string_view trimmed(std::string_view s) {
    const auto start = s.find_first_not_of(" \t\r");
    if (start == std::string_view::npos)
        return {};
    const auto end = s.find_last_not_of(" \t\r");
    return s.substr(start, end - start + 1);
}

// A UTF-8 byte order mark, which spreadsheet programs write at the start of a CSV file.
std::string_view withoutBom(std::string_view text) {
    return text.starts_with("\xEF\xBB\xBF") ? text.substr(3) : text;
}

std::string_view firstLine(std::string_view text) {
    text = withoutBom(text);
    std::size_t from = 0;
    while (from < text.size()) {
        const std::size_t end = std::min(text.find('\n', from), text.size());
        const std::string_view line = trimmed(text.substr(from, end - from));
        if (!line.empty())
            return line;
        from = end + 1;
    }
    return {};
}

// Days from 1970-01-01 to a civil date (Howard Hinnant's algorithm), for dates from year 1 on.
std::int64_t daysFromCivil(std::int64_t y, unsigned m, unsigned d) {
    y -= m <= 2 ? 1 : 0;
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const auto yoe = unsigned(y - era * 400);
    const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + std::int64_t(doe) - 719468;
}

// "2023-11-16 18:15:46.6805900", optionally with "Z" or a UTC offset "+00:00": seconds since 1970 (UTC).
std::optional<double> parseTimestamp(std::string_view s) {
    const auto digits = [&](std::size_t at, std::size_t n) -> std::optional<unsigned> {
        if (at + n > s.size())
            return std::nullopt;
        unsigned v = 0;
        for (std::size_t i = at; i < at + n; ++i) {
            if (s[i] < '0' || s[i] > '9')
                return std::nullopt;
            v = v * 10 + unsigned(s[i] - '0');
        }
        return v;
    };
    if (s.size() < 19 || s[4] != '-' || s[7] != '-' || (s[10] != ' ' && s[10] != 'T') || s[13] != ':' || s[16] != ':')
        return std::nullopt;
    const auto y = digits(0, 4), mo = digits(5, 2), d = digits(8, 2), h = digits(11, 2), mi = digits(14, 2),
               sec = digits(17, 2);
    if (!y || !mo || !d || !h || !mi || !sec || *mo < 1 || *mo > 12 || *d < 1 || *h > 23 || *mi > 59 || *sec > 60)
        return std::nullopt;
    const bool leap = (*y % 4 == 0 && *y % 100 != 0) || *y % 400 == 0;
    constexpr unsigned kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (*d > kDays[*mo - 1] + (*mo == 2 && leap ? 1 : 0)) // 2024-02-31 is no date, not March 2nd
        return std::nullopt;
    double seconds = double(daysFromCivil(*y, *mo, *d)) * 86400.0 + *h * 3600.0 + *mi * 60.0 + *sec;
    std::size_t at = 19;
    if (at < s.size() && s[at] == '.') {
        double scale = 0.1;
        std::size_t n = 0;
        for (++at; at < s.size() && s[at] >= '0' && s[at] <= '9'; ++at, ++n, scale /= 10)
            seconds += (s[at] - '0') * scale;
        if (n == 0)
            return std::nullopt;
    }
    if (at < s.size() && s[at] == 'Z') {
        ++at;
    } else if (at < s.size() && (s[at] == '+' || s[at] == '-')) {
        const auto oh = digits(at + 1, 2), om = digits(at + 4, 2);
        if (!oh || !om || at + 3 >= s.size() || s[at + 3] != ':' || *oh > 23 || *om > 59)
            return std::nullopt;
        seconds -= (s[at] == '+' ? 1.0 : -1.0) * (*oh * 3600.0 + *om * 60.0);
        at += 6;
    }
    return at == s.size() ? std::optional<double>(seconds) : std::nullopt;
}

// Each line's request and its time; sorted and made relative to the first arrival at the end.
struct Row {
    Request request;
    double seconds = 0.0;
    std::vector<std::uint32_t> hashIds;
};

TimedTrace finish(TraceFormat format, std::vector<Row> rows, std::string_view source) {
    if (rows.empty())
        throw Error(std::string(source) + ": the trace holds no requests");
    std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return a.seconds < b.seconds; });
    TimedTrace t;
    t.format = format;
    t.hashBlockTokens = format == TraceFormat::Mooncake ? kMooncakeBlockTokens : 0;
    const double start = rows.front().seconds;
    for (Row& row : rows) {
        row.request.id = std::uint32_t(t.requests.size());
        t.requests.push_back(row.request);
        t.arrivalSeconds.push_back(row.seconds - start);
        if (format == TraceFormat::Mooncake)
            t.hashIds.push_back(std::move(row.hashIds));
    }
    return t;
}

// The lines of a trace, trimmed, numbered from 1; next() skips blank ones and reports the share read every
// kLinesPerReport lines. Errors name the source and the line.
class Lines {
public:
    Lines(std::string_view text, std::string_view source, const TraceProgress& progress)
        : m_text(text)
        , m_source(source)
        , m_progress(progress) {}
    // False at the end, or when the progress callback asked to stop (stopped() is then true).
    bool next(std::string_view& line) {
        while (m_from < m_text.size()) {
            const std::size_t end = std::min(m_text.find('\n', m_from), m_text.size());
            line = trimmed(m_text.substr(m_from, end - m_from));
            m_from = end + 1;
            ++m_number;
            if (m_progress && m_number % kLinesPerReport == 0 && !m_progress(double(m_from) / double(m_text.size()))) {
                m_stopped = true;
                return false;
            }
            if (!line.empty())
                return true;
        }
        return false;
    }
    bool stopped() const { return m_stopped; }
    [[noreturn]] void fail(const std::string& why) const {
        throw Error(std::string(m_source) + ":" + std::to_string(m_number) + ": " + why);
    }

private:
    std::string_view m_text, m_source;
    const TraceProgress& m_progress;
    std::size_t m_from = 0, m_number = 0;
    bool m_stopped = false;
};

std::optional<TimedTrace> parseMooncake(std::string_view text, std::string_view source, const TraceProgress& progress) {
    std::vector<Row> rows;
    std::size_t skipped = 0;
    Lines lines(text, source, progress);
    const auto fail = [&](const std::string& why) { lines.fail(why); };
    for (std::string_view line; lines.next(line);) {
        nlohmann::json j;
        try {
            j = nlohmann::json::parse(line);
        } catch (const nlohmann::json::exception& e) {
            fail(std::string("not valid JSON (") + jsonErrorExcerpt(e) +
                 "); a Mooncake trace has one request object "
                 "per line");
        }
        if (!j.is_object())
            fail("expected a request object, got " + describeJson(j));
        const auto length = [&](const char* key, std::uint64_t least) -> std::uint32_t {
            const auto it = j.find(key);
            if (it == j.end())
                fail(std::string("missing '") + key + "'");
            if (!it->is_number_unsigned() || it->get<std::uint64_t>() < least || it->get<std::uint64_t>() > kMaxLength)
                fail(std::string("'") + key + "' must be a whole number from " + std::to_string(least) + " to " +
                     groupThousands(kMaxLength) + ", got " + describeJson(*it));
            return std::uint32_t(it->get<std::uint64_t>());
        };
        Row row;
        row.request.promptLen = length("input_length", 0);
        row.request.outputLen = length("output_length", 0);
        const auto time = j.find("timestamp");
        if (time == j.end())
            fail("missing 'timestamp' (milliseconds from the trace's start)");
        if (!time->is_number() || !(time->get<double>() >= 0.0) || !std::isfinite(time->get<double>()))
            fail("'timestamp' must be milliseconds, 0 or more, got " + describeJson(*time));
        row.seconds = time->get<double>() / 1000.0;
        const auto ids = j.find("hash_ids");
        if (ids == j.end() || !ids->is_array())
            fail("missing 'hash_ids' (one id per 512-token block of the prompt)");
        row.hashIds.reserve(ids->size());
        for (const auto& id : *ids) {
            if (!id.is_number_unsigned() || id.get<std::uint64_t>() > UINT32_MAX)
                fail("'hash_ids' must hold whole numbers from 0 to " + std::to_string(UINT32_MAX) + ", got " +
                     describeJson(id));
            row.hashIds.push_back(std::uint32_t(id.get<std::uint64_t>()));
        }
        if (row.request.promptLen == 0 || row.request.outputLen == 0) {
            ++skipped; // nothing to prefill or nothing generated, as an Azure row without tokens
            continue;
        }
        rows.push_back(std::move(row));
    }
    if (lines.stopped() || (progress && !progress(1.0)))
        return std::nullopt;
    TimedTrace t = finish(TraceFormat::Mooncake, std::move(rows), source);
    t.skippedRows = skipped;
    return t;
}

std::optional<TimedTrace> parseAzure(std::string_view text, std::string_view source, const TraceProgress& progress) {
    std::vector<Row> rows;
    std::size_t skipped = 0;
    bool header = false;
    Lines lines(text, source, progress);
    const auto fail = [&](const std::string& why) { lines.fail(why); };
    for (std::string_view line; lines.next(line);) {
        std::vector<std::string_view> cells;
        for (std::size_t at = 0;;) {
            const std::size_t comma = std::min(line.find(',', at), line.size());
            cells.push_back(trimmed(line.substr(at, comma - at)));
            if (comma == line.size())
                break;
            at = comma + 1;
        }
        if (!header) {
            if (cells.size() != 3 || cells[0] != "TIMESTAMP" || cells[1] != "ContextTokens" ||
                cells[2] != "GeneratedTokens")
                fail("an Azure LLM trace starts with the header TIMESTAMP,ContextTokens,GeneratedTokens");
            header = true;
            continue;
        }
        if (cells.size() != 3)
            fail("expected 3 values (TIMESTAMP,ContextTokens,GeneratedTokens), got " + std::to_string(cells.size()));
        const std::optional<double> seconds = parseTimestamp(cells[0]);
        if (!seconds)
            fail("TIMESTAMP " + quoteExcerpt(cells[0]) +
                 " is not a time; expected YYYY-MM-DD HH:MM:SS, with an optional fraction and UTC offset");
        const auto tokens = [&](std::string_view cell, const char* name) -> std::uint32_t {
            std::uint64_t v = 0;
            const auto [ptr, ec] = std::from_chars(cell.data(), cell.data() + cell.size(), v);
            if (cell.empty() || ec != std::errc() || ptr != cell.data() + cell.size() || v > kMaxLength)
                fail(std::string(name) + " must be a whole number from 0 to " + groupThousands(kMaxLength) + ", got " +
                     quoteExcerpt(cell));
            return std::uint32_t(v);
        };
        Row row;
        row.seconds = *seconds;
        row.request.promptLen = tokens(cells[1], "ContextTokens");
        row.request.outputLen = tokens(cells[2], "GeneratedTokens");
        if (row.request.promptLen == 0 || row.request.outputLen == 0) {
            ++skipped; // nothing to prefill or nothing generated: no KV to hold, no token to time
            continue;
        }
        rows.push_back(std::move(row));
    }
    if (lines.stopped())
        return std::nullopt;
    if (!header)
        throw Error(std::string(source) + ": the trace holds no requests");
    if (progress && !progress(1.0))
        return std::nullopt;
    TimedTrace t = finish(TraceFormat::AzureLlm, std::move(rows), source);
    t.skippedRows = skipped;
    return t;
}
} // namespace

std::string_view traceFormatName(TraceFormat format) {
    return format == TraceFormat::Mooncake ? "mooncake" : "azure";
}

std::optional<TraceFormat> detectTraceFormat(std::string_view text) {
    const std::string_view line = firstLine(text);
    if (line.starts_with('{') && line.find("\"input_length\"") != std::string_view::npos)
        return TraceFormat::Mooncake;
    if (line.starts_with("TIMESTAMP") && line.find("ContextTokens") != std::string_view::npos)
        return TraceFormat::AzureLlm;
    return std::nullopt;
}

std::optional<TimedTrace> parseTimedTrace(std::string_view text, std::string_view source,
                                          const TraceProgress& progress) {
    const std::optional<TraceFormat> format = detectTraceFormat(text);
    if (!format)
        throw Error(std::string(source) +
                    ": neither a Mooncake trace (JSON Lines with input_length, output_length, timestamp, hash_ids) nor "
                    "an Azure LLM trace (CSV with TIMESTAMP,ContextTokens,GeneratedTokens)");
    text = withoutBom(text);
    return *format == TraceFormat::Mooncake ? parseMooncake(text, source, progress)
                                            : parseAzure(text, source, progress);
}

std::optional<TraceFormat> detectTraceFileFormat(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return std::nullopt;
    std::string head(std::size_t(64) * 1024, '\0');
    in.read(head.data(), std::streamsize(head.size()));
    head.resize(std::size_t(in.gcount()));
    return detectTraceFormat(head);
}

std::optional<TimedTrace> loadTimedTrace(const std::string& path, const TraceProgress& progress) {
    const std::string text = readInputFile(path, kTraceFileMaxBytes, "trace file");
    if (!detectTraceFormat(text))
        return std::nullopt;
    return parseTimedTrace(text, path, progress);
}

std::vector<double> arrivalsAtSpeed(const TimedTrace& trace, double speed) {
    if (!(speed > 0.0) || !std::isfinite(speed))
        throw Error("trace speed: expected a positive number, got " + std::to_string(speed));
    std::vector<double> out = trace.arrivalSeconds;
    for (double& t : out)
        t /= speed;
    return out;
}

std::vector<std::uint64_t> hitCurveSizes(std::uint64_t poolTokens) {
    std::vector<std::uint64_t> out;
    for (const double share : {1.0 / 16, 1.0 / 4, 1.0, 4.0, 16.0, 64.0, 256.0})
        out.push_back(std::max<std::uint64_t>(1, std::uint64_t(share * double(poolTokens))));
    return out;
}

PrefixHitCurve prefixHitCurve(const TimedTrace& trace, std::span<const std::uint64_t> capacityTokens) {
    if (trace.hashBlockTokens == 0 || trace.hashIds.size() != trace.requests.size())
        throw Error("prefix hit curve: the trace states no prompt blocks (only a Mooncake trace has hash_ids)");
    const std::uint64_t blockTokens = trace.hashBlockTokens;
    // Tokens of block i of a prompt of n tokens: the last block may be partial, ids past the prompt hold none.
    const auto tokensOf = [&](std::size_t i, std::uint32_t n) {
        const std::uint64_t start = i * blockTokens;
        return start >= n ? std::uint64_t(0) : std::min<std::uint64_t>(blockTokens, n - start);
    };
    PrefixHitCurve out;
    std::unordered_set<std::uint32_t> seen;
    std::uint64_t repeated = 0;
    for (std::size_t r = 0; r < trace.requests.size(); ++r) {
        out.promptTokens += trace.requests[r].promptLen;
        for (std::size_t i = 0; i < trace.hashIds[r].size(); ++i)
            if (!seen.insert(trace.hashIds[r][i]).second)
                repeated += tokensOf(i, trace.requests[r].promptLen);
    }
    out.upperBound = out.promptTokens ? double(repeated) / double(out.promptTokens) : 0.0;

    for (const std::uint64_t capacity : capacityTokens) {
        const std::uint64_t blocks = capacity / blockTokens;
        std::list<std::uint32_t> lru; // most recent at the front
        std::unordered_map<std::uint32_t, std::list<std::uint32_t>::iterator> where;
        std::uint64_t hits = 0;
        for (std::size_t r = 0; r < trace.requests.size(); ++r) {
            const auto& ids = trace.hashIds[r];
            bool prefix = true;
            for (std::size_t i = 0; i < ids.size(); ++i) {
                const auto it = where.find(ids[i]);
                if (it != where.end()) {
                    if (prefix)
                        hits += tokensOf(i, trace.requests[r].promptLen);
                    lru.splice(lru.begin(), lru, it->second);
                    continue;
                }
                prefix = false;
                if (blocks == 0)
                    continue;
                if (where.size() == blocks) {
                    where.erase(lru.back());
                    lru.pop_back();
                }
                lru.push_front(ids[i]);
                where.emplace(ids[i], lru.begin());
            }
        }
        out.points.push_back({capacity, out.promptTokens ? double(hits) / double(out.promptTokens) : 0.0});
    }
    return out;
}

} // namespace kvscope
