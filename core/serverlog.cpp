#include "serverlog.h"

#include "checked.h"
#include "enumnames.h"
#include "error.h"
#include "inputfile.h"
#include "memorymodel.h"
#include "presets.h"
#include "text.h"
#include "units.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <map>
#include <set>

// The lines read here, as the engines print them (format strings from their source):
//
// vLLM V0 before 0.7, worker/worker.py:
//   "Memory profiling results: total_gpu_memory=%.2fGiB initial_memory_usage=%.2fGiB
//    peak_torch_memory=%.2fGiB memory_usage_post_profile=%.2fGiB non_torch_memory=%.2fGiB
//    kv_cache_size=%.2fGiB gpu_memory_utilization=%.2f"
//   where kv_cache_size = total x utilization - (peak_torch_memory + non_torch_memory).
// vLLM V0 0.6.5, worker.py: one message, a table of "key   value" rows (as vllm PR #10511 shows it;
//   each row gets the logger's prefix): "Memory profiling results:", "duration     0.75 seconds",
//   "total_gpu_memory     79.22GiB", "gpu_memory_utilization       0.90", "the current vLLM instance
//   can use    71.29GiB", "model weights take   14.96GiB", "non_torch_memory     1.79GiB", "PyTorch
//   activation peak memory       1.26GiB", "available_kv_cache_memory    53.29GiB"; kv = budget -
//   weights - non-torch - activation peak, the 0.7 rule.
// vLLM V0 0.7.x (and early V1 gpu_worker.py), one message over three lines:
//   "Memory profiling takes %.2f seconds\nthe current vLLM instance can use total_gpu_memory
//    (%.2fGiB) x gpu_memory_utilization (%.2f) = %.2fGiB\nmodel weights take %.2fGiB;
//    non_torch_memory takes %.2fGiB; PyTorch activation peak memory takes %.2fGiB; the rest of
//    the memory reserved for KV Cache is %.2fGiB."
// vLLM V0 executor/gpu_executor.py, then executor_base.py:
//   "# GPU blocks: %d, # CPU blocks: %d" / "# %s blocks: %d, # CPU blocks: %d" (device type,
//   "CUDA" or "cuda"); "Maximum concurrency for %s tokens per request: %.2fx".
// vLLM model_runner.py / gpu_model_runner.py: "Loading model weights took %.4f GB" (GiB
//   computed, GB printed), later "Model loading took %.4f GiB and %.6f seconds" and
//   "Model loading took %.4f GiB memory and %.6f seconds".
// vLLM V1 gpu_worker.py: "Available KV cache memory: %.2f GiB"; core/kv_cache_utils.py:
//   "GPU KV cache size: %s tokens" (thousands separated), "Maximum concurrency for %s tokens
//   per request: %.2fx"; v1/metrics/loggers.py: "... num_gpu_blocks is: %d".
// llama.cpp llama.cpp (to mid-2025): "%s: KV self size  = %7.2f MiB, K (%s): %7.2f MiB, V (%s):
//   %7.2f MiB"; llama-kv-cache.cpp since: "%s: size = %7.2f MiB (%6u cells, %3d layers, %2u/%u
//   seqs), K (%s): %7.2f MiB, V (%s): %7.2f MiB"; buffers "%s: %10s KV buffer size = %8.2f MiB",
//   "%s: %10s compute buffer size = %8.2f MiB", "%s: %12s model buffer size = %8.2f MiB" (older
//   llm_load_tensors: "%s: %10s buffer size = %8.2f MiB"); print_meta "%s: n_head_kv = %s" ...
// SGLang mem_cache/memory_pool.py: f"KV Cache is allocated. #tokens: {size}, K size: {k/GB:.2f}
//   GB, V size: {v/GB:.2f} GB" (GB = 1 << 30; MLA pools print "KV size"); model_runner.py:
//   "Load weight begin. avail mem=%.2f GB", "Load weight end. type=..., dtype=..., avail mem=
//   %.2f GB, mem usage=%.2f GB.", "Memory pool end. avail mem=%.2f GB"; scheduler:
//   "max_total_num_tokens=%d, ..., context_len=%d"; "server_args=ServerArgs(...)".

namespace kvscope {
namespace {

// Figures past these are not a server's: a size over 1 EiB or a count over 2^40 (a trillion
// tokens or blocks) is ignored, so that every product below fits 64 bits.
constexpr double kMaxLogBytes = double(1ull << 60);
constexpr std::uint64_t kMaxLogCount = 1ull << 40;

constexpr std::size_t kMaxLineForJoin = 64u << 10; // a joined line stops at 64 KiB (vLLM's config line is 3 KiB)

bool isIdentChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

std::string toLower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// Removes CSI (ESC [ ... final byte) and OSC (ESC ] ... BEL or ESC \) sequences and other
// control characters; a tab becomes a space. Linear.
std::string cleanLine(std::string_view raw) {
    const auto printable = [](char c) { return static_cast<unsigned char>(c) >= 0x20 && c != 0x7f; };
    std::string out;
    out.reserve(raw.size());
    std::size_t i = 0;
    while (i < raw.size()) {
        // Printable bytes (UTF-8 included) go in a run at a time: most lines are nothing else.
        std::size_t end = i;
        while (end < raw.size() && printable(raw[end]))
            ++end;
        out.append(raw.substr(i, end - i));
        if (end == raw.size())
            break;
        i = end;
        if (raw[i] == 0x1b) {
            if (i + 1 < raw.size() && raw[i + 1] == '[') {
                i += 2;
                while (i < raw.size() && !(raw[i] >= 0x40 && raw[i] <= 0x7e))
                    ++i;
            } else if (i + 1 < raw.size() && raw[i + 1] == ']') {
                i += 2;
                while (i < raw.size() && raw[i] != '\a' &&
                       !(raw[i] == 0x1b && i + 1 < raw.size() && raw[i + 1] == '\\'))
                    ++i;
                if (i < raw.size() && raw[i] == 0x1b)
                    ++i;
            } else if (i + 1 < raw.size() && raw[i + 1] >= 0x20 && raw[i + 1] <= 0x7e) {
                ++i; // a two-byte escape: ESC and one ASCII byte (never a UTF-8 lead byte, found by fuzz_serverlog)
            }
        } else if (raw[i] == '\t') {
            out += ' ';
        }
        ++i; // past the sequence's last byte, or the control character
    }
    return out;
}

// A colour code whose ESC a paste lost (GitHub shows "\x1b[34m" as "[34m"): "[34m", "[0m", "[1;32m",
// removed wherever it stands, so that llama.cpp's "[34m1.14.608.510[0m [32mI [0mllama_context: ..."
// reads as its bare line. A bracket of digits and ';' closed by 'm' is no engine's text.
void stripLostColourCodes(std::string& line) {
    if (line.find('[') == std::string::npos)
        return;
    std::string out;
    out.reserve(line.size());
    std::size_t i = 0;
    while (i < line.size()) {
        if (line[i] == '[') {
            std::size_t j = i + 1;
            std::size_t digits = 0;
            while (j < line.size() && j - i <= 12 &&
                   (std::isdigit(static_cast<unsigned char>(line[j])) != 0 || line[j] == ';')) {
                digits += line[j] != ';' ? 1 : 0;
                ++j;
            }
            if (digits > 0 && j < line.size() && line[j] == 'm') {
                i = j + 1;
                continue;
            }
        }
        out += line[i++];
    }
    line = std::move(out);
}

// llama.cpp's own prefix since common/log.cpp (2024): "%d.%02d.%03d.%03d " minutes, seconds,
// milliseconds, microseconds, then the level ("I ", "W ", "E ", "D "): "0.08.773.947 I llama_kv_cache: ...".
// Removed, so that the line reads as the bare one.
void stripLlamaLogPrefix(std::string& line) {
    const auto digits = [&](std::size_t at, std::size_t least, std::size_t most) -> std::size_t {
        std::size_t i = at;
        while (i < line.size() && i - at < most && std::isdigit(static_cast<unsigned char>(line[i])))
            ++i;
        return i - at >= least ? i : std::string::npos;
    };
    std::size_t i = digits(0, 1, 9);
    for (std::size_t width : {2u, 3u, 3u}) {
        if (i == std::string::npos || i >= line.size() || line[i] != '.')
            return;
        i = digits(i + 1, width, width);
    }
    if (i == std::string::npos || i >= line.size() || line[i] != ' ')
        return;
    ++i;
    if (i + 1 < line.size() && std::isupper(static_cast<unsigned char>(line[i])) && line[i + 1] == ' ')
        i += 2;
    line.erase(0, i);
}

// `docker compose logs` puts the service's name before each line: "ollama  | llama_kv_cache_init: ...",
// "vllm-1  | INFO ...". Removed, so that the line reads as the bare one.
void stripComposePrefix(std::string& line) {
    std::size_t i = 0;
    while (
        i < line.size() && i < 64 &&
        (std::isalnum(static_cast<unsigned char>(line[i])) != 0 || line[i] == '_' || line[i] == '-' || line[i] == '.'))
        ++i;
    if (i == 0 || i >= 64)
        return;
    std::size_t j = i;
    while (j < line.size() && line[j] == ' ')
        ++j;
    if (j > i && j + 1 < line.size() && line[j] == '|' && line[j + 1] == ' ')
        line.erase(0, j + 2);
}

// A physical line that begins a new log record (so a terminal wrap did not produce it).
bool startsRecord(std::string_view s) {
    static constexpr std::string_view kStarts[] = {"INFO",  "WARNING", "ERROR",   "DEBUG",  "[20",
                                                   "llama", "llm_",    "ggml_",   "load",   "print_info",
                                                   "main:", "srv",     "Loading", "build:", "time="};
    for (std::string_view p : kStarts)
        if (s.starts_with(p))
            return true;
    // "(EngineCore_0 pid=2881) ...", "(APIServer pid=1) ...", "(RayWorkerWrapper pid=...)"
    if (s.starts_with("(")) {
        const std::size_t close = s.find(')');
        const std::size_t pid = s.find(" pid=");
        return close != std::string_view::npos && pid != std::string_view::npos && pid < close && close < 80;
    }
    return false;
}

// Splits into lines, cleans them and joins what a terminal wrapped: a line as long as the
// terminal's width (a length at least 80 that at least three lines share) continues on the next
// unless that one starts a record; a line that starts with ':' continues the one before it
// ("num_gpu_blocks is" / ": 29053"). Calls fn(text, first physical line, last physical line) for
// each logical line; holds one line at a time, so a paste of 16 Mi empty lines costs no more than
// one. An empty text has no lines, and the newline that ends the last line starts none.
template <typename Fn> void forEachLogicalLine(std::string_view text, Fn&& fn) {
    const auto forEachPhysical = [&](auto&& visit) {
        std::size_t start = 0;
        std::size_t number = 1;
        while (start < text.size()) {
            std::size_t end = text.find('\n', start);
            if (end == std::string_view::npos)
                end = text.size();
            std::string_view raw = text.substr(start, end - start);
            if (!raw.empty() && raw.back() == '\r')
                raw.remove_suffix(1);
            visit(raw, number);
            start = end + 1;
            ++number;
        }
    };
    const auto clean = [](std::string_view raw) {
        std::string line = cleanLine(raw);
        stripLostColourCodes(line);
        stripComposePrefix(line);
        stripLlamaLogPrefix(line);
        return line;
    };
    // A width is a length (80 columns or more) whose lines go on in a line that starts no
    // record, at least twice and for at least half the lines of that length: identical
    // full-width records (SGLang prints each line once per rank) are not wrapping.
    std::map<std::size_t, std::pair<std::size_t, std::size_t>> lengths; // length -> (lines, continued)
    std::size_t previous = 0;
    forEachPhysical([&](std::string_view raw, std::size_t) {
        const std::string line = clean(raw);
        if (previous >= 80 && !startsRecord(line) && !line.empty())
            ++lengths[previous].second;
        previous = line.size();
        if (previous >= 80)
            ++lengths[previous].first;
    });
    std::set<std::size_t> widths;
    for (const auto& [length, counts] : lengths)
        if (counts.second >= 2 && counts.second * 2 >= counts.first)
            widths.insert(length);

    std::string pending;
    std::size_t pendingNumber = 0, pendingLast = 0;
    bool havePending = false;
    bool continues = false;
    forEachPhysical([&](std::string_view raw, std::size_t number) {
        std::string line = clean(raw);
        const bool colon = !line.empty() && line.front() == ':';
        if (havePending && (continues || colon) && !startsRecord(line) &&
            pending.size() + line.size() <= kMaxLineForJoin) {
            continues = widths.contains(line.size());
            pending += line;
            pendingLast = number;
            return;
        }
        if (havePending)
            fn(pending, pendingNumber, pendingLast);
        continues = widths.contains(line.size());
        pending = std::move(line);
        pendingNumber = pendingLast = number;
        havePending = true;
    });
    if (havePending)
        fn(pending, pendingNumber, pendingLast);
}

// Exactly three digits at `i` and no fourth: "464,848" is one number, "1,2" and "(1, 2)" are not.
bool thousandsGroupAt(std::string_view s, std::size_t i) {
    const auto digit = [&](std::size_t k) { return k < s.size() && std::isdigit(static_cast<unsigned char>(s[k])); };
    return digit(i) && digit(i + 1) && digit(i + 2) && !digit(i + 3);
}

struct Number {
    double value = 0.0;
    int decimals = 0;
    std::size_t end = 0;
};

// A decimal number at `pos` (after spaces, '=', ':', '('): "-2.51", "464,848", "0.29".
std::optional<Number> numberAt(std::string_view s, std::size_t pos) {
    while (pos < s.size() && (s[pos] == ' ' || s[pos] == '=' || s[pos] == ':' || s[pos] == '('))
        ++pos;
    std::string digits;
    std::size_t i = pos;
    if (i < s.size() && s[i] == '-') {
        digits += '-';
        ++i;
    }
    int decimals = -1;
    bool any = false;
    for (; i < s.size() && digits.size() < 40; ++i) {
        const char c = s[i];
        if (c >= '0' && c <= '9') {
            digits += c;
            any = true;
            if (decimals >= 0)
                ++decimals;
        } else if (c == ',' && any && decimals < 0 && thousandsGroupAt(s, i + 1)) {
            continue; // a thousands separator: exactly three digits follow
        } else if (c == '.' && decimals < 0 && any && i + 1 < s.size() &&
                   std::isdigit(static_cast<unsigned char>(s[i + 1]))) {
            digits += c;
            decimals = 0;
        } else {
            break;
        }
    }
    if (!any)
        return std::nullopt;
    Number n;
    n.value = std::strtod(digits.c_str(), nullptr);
    n.decimals = std::max(decimals, 0);
    n.end = i;
    if (!std::isfinite(n.value))
        return std::nullopt;
    return n;
}

double halfUnit(int decimals) {
    return 0.5 * std::pow(10.0, -decimals);
}

// Bytes per unit the engines print. vLLM's "GB" after "took" and SGLang's "GB" are GiB
// (both divide by 2^30); llama.cpp prints MiB.
std::optional<double> unitAt(std::string_view lower, std::size_t& pos) {
    std::size_t i = pos;
    while (i < lower.size() && lower[i] == ' ')
        ++i;
    static constexpr std::pair<std::string_view, double> kUnits[] = {
        {"gib", double(GiB)}, {"gb", double(GiB)}, {"mib", double(MiB)},       {"mb", double(MiB)},
        {"kib", double(KiB)}, {"kb", double(KiB)}, {"tib", double(GiB) * 1024}};
    for (const auto& [name, bytes] : kUnits)
        if (lower.substr(i).starts_with(name) &&
            (i + name.size() >= lower.size() || !isIdentChar(lower[i + name.size()]))) {
            pos = i + name.size();
            return bytes;
        }
    return std::nullopt;
}

class LineReader {
public:
    LineReader(const std::string& text, std::size_t number)
        : m_text(text)
        , m_lower(toLower(text))
        , m_number(number) {}

    const std::string& text() const { return m_text; }
    const std::string& lower() const { return m_lower; }
    std::size_t number() const { return m_number; }
    bool has(std::string_view key) const { return m_lower.find(key) != std::string::npos; }

    // The position just after `key` (lower case), from `from`; npos when absent.
    std::size_t after(std::string_view key, std::size_t from = 0) const {
        const std::size_t at = m_lower.find(key, from);
        return at == std::string::npos ? at : at + key.size();
    }
    // Like after() but `key` must not follow a letter, digit or '_' (model_path, not
    // speculative_draft_model_path).
    std::size_t afterWord(std::string_view key, std::size_t from = 0) const {
        for (std::size_t at = m_lower.find(key, from); at != std::string::npos; at = m_lower.find(key, at + 1))
            if (at == 0 || !isIdentChar(m_lower[at - 1]))
                return at + key.size();
        return std::string::npos;
    }

    std::optional<LogSize> sizeAt(std::size_t pos, double defaultUnit = 0.0, std::size_t* endOut = nullptr) const {
        if (pos == std::string::npos)
            return std::nullopt;
        const auto n = numberAt(m_lower, pos);
        if (!n)
            return std::nullopt;
        std::size_t end = n->end;
        std::optional<double> unit = unitAt(m_lower, end);
        if (!unit) {
            if (defaultUnit == 0.0)
                return std::nullopt;
            unit = defaultUnit;
        }
        if (endOut)
            *endOut = end;
        if (std::abs(n->value * *unit) > kMaxLogBytes)
            return std::nullopt;
        return LogSize{n->value * *unit, halfUnit(n->decimals) * *unit, m_number};
    }
    // The size printed just before `key`: "(5.62 GiB KV cache is needed" -> 5.62 GiB.
    std::optional<LogSize> sizeBefore(std::string_view key) const {
        std::size_t i = m_lower.find(key);
        if (i == std::string::npos)
            return std::nullopt;
        const auto back = [&](auto wanted) {
            while (i > 0 && wanted(static_cast<unsigned char>(m_lower[i - 1])))
                --i;
        };
        back([](unsigned char c) { return c == ' '; });
        back([](unsigned char c) { return std::isalpha(c) != 0; });
        back([](unsigned char c) { return c == ' '; });
        back([](unsigned char c) { return std::isdigit(c) != 0 || c == '.' || c == ','; });
        if (i > 0 && m_lower[i - 1] == '-')
            --i;
        return sizeAt(i);
    }
    std::optional<LogSize> sizeAfter(std::string_view key, double defaultUnit = 0.0) const {
        return sizeAt(after(key), defaultUnit);
    }
    std::optional<LogNumber> numberAfter(std::string_view key, std::size_t from = 0) const {
        const std::size_t pos = after(key, from);
        if (pos == std::string::npos)
            return std::nullopt;
        const auto n = numberAt(m_lower, pos);
        if (!n)
            return std::nullopt;
        return LogNumber{n->value, halfUnit(n->decimals), m_number};
    }
    std::optional<LogCount> countAt(std::size_t pos) const {
        if (pos == std::string::npos)
            return std::nullopt;
        const auto n = numberAt(m_lower, pos);
        if (!n || n->decimals != 0 || n->value < 0 || n->value > double(kMaxLogCount))
            return std::nullopt;
        return LogCount{static_cast<std::uint64_t>(n->value), m_number};
    }
    std::optional<LogCount> countAfter(std::string_view key) const { return countAt(after(key)); }

    // The value of `key` in "key=value", "key='value'", "'key': 'value'", "--key value",
    // "--key=value" settings text; empty when absent. Stops at ',', ')', '}', a space outside quotes.
    std::optional<std::string> settingValue(std::string_view key, std::size_t from = 0) const {
        for (std::size_t pos = afterWord(key, from); pos != std::string::npos; pos = afterWord(key, pos)) {
            std::size_t i = pos;
            if (i < m_text.size() && (m_text[i] == '\'' || m_text[i] == '"'))
                ++i; // the closing quote of a dict key
            while (i < m_text.size() && m_text[i] == ' ')
                ++i;
            if (i >= m_text.size() || (m_text[i] != '=' && m_text[i] != ':'))
                continue;
            ++i;
            while (i < m_text.size() && m_text[i] == ' ')
                ++i;
            if (i < m_text.size() && (m_text[i] == '\'' || m_text[i] == '"')) {
                const char quote = m_text[i];
                const std::size_t close = m_text.find(quote, i + 1);
                if (close == std::string::npos || close - i > 512)
                    return std::nullopt;
                return m_text.substr(i + 1, close - i - 1);
            }
            std::size_t end = i;
            while (end < m_text.size() && m_text[end] != ',' && m_text[end] != ')' && m_text[end] != '}' &&
                   m_text[end] != ' ' && end - i < 512)
                ++end;
            return m_text.substr(i, end - i);
        }
        return std::nullopt;
    }

private:
    const std::string& m_text;
    std::string m_lower;
    std::size_t m_number;
};

// Buffers' printed sizes added up, their rounding with them.
LogSize sumOf(const std::vector<LogBuffer>& buffers) {
    LogSize sum{0.0, 0.0, buffers.empty() ? 0 : buffers.front().size.line};
    for (const LogBuffer& b : buffers) {
        sum.bytes += b.size.bytes;
        sum.tolerance += b.size.tolerance;
    }
    return sum;
}

template <typename T> void setOnce(std::optional<T>& field, const std::optional<T>& value, bool& hit) {
    if (!value)
        return;
    hit = true;
    if (!field)
        field = value;
}

void setString(std::string& field, const std::optional<std::string>& value, bool& hit) {
    if (!value || value->empty() || *value == "None" || *value == "none")
        return;
    hit = true;
    if (field.empty())
        field = *value;
}

std::optional<LogCount> countFromString(const std::optional<std::string>& s, std::size_t line) {
    if (!s || s->empty() || s->size() > 19)
        return std::nullopt;
    std::uint64_t v = 0;
    for (char c : *s) {
        if (c < '0' || c > '9')
            return std::nullopt;
        v = v * 10 + std::uint64_t(c - '0');
    }
    if (v > kMaxLogCount)
        return std::nullopt;
    return LogCount{v, line};
}

std::optional<LogNumber> numberFromString(const std::optional<std::string>& s, std::size_t line) {
    if (!s || s->empty())
        return std::nullopt;
    const auto n = numberAt(*s, 0);
    if (!n || n->end != s->size())
        return std::nullopt;
    return LogNumber{n->value, halfUnit(n->decimals), line};
}

// What reading one run carries from line to line: each engine's votes, and what a line announces
// for the next (llama.cpp's "creating SWA KV cache" names the cache whose size comes next).
// One vLLM worker's own profile figures: with TP every worker prints them, and vLLM sizes every
// rank's cache by the smallest, so the figures of that rank are read together, never mixed.
struct RankFigures {
    std::optional<LogSize> totalGpuMemory, budget, weights, peakTorch, nonTorch, activationPeak, nonKvMemory, kvMemory;
};
constexpr std::size_t kMaxRanks = 4096; // more distinct worker names than this are not TP ranks

struct ReadState {
    int vllm = 0, llama = 0, sglang = 0;
    bool v0Profile = false, v0Table = false, v0Split = false, v1 = false, kvSelf = false, kvCache = false;
    std::string nextCacheKind;
    bool draft = false;   // llama-server: "loading draft model": the caches that follow are the draft's
    bool ollama = false;  // ollama's own "time=... level=... source=... msg=..." lines
    bool started = false; // the server said it is serving: what fails later is not the start-up
    std::map<std::string, RankFigures> ranks; // by worker name ("TP1", "driver")
    std::set<std::string> sglangPools;        // ranks whose KV pool is read: a second is a draft's
    int failurePriority = 0;                  // of log.failure: lower is more specific; 0 = none yet
    std::string gpuBlocksText;                // the line "# GPU blocks" was read from
};
void noteFailure(ServerLog& log, ReadState& state, LogFailureKind kind, std::size_t line, std::string_view text) {
    const int priority = static_cast<int>(kind); // LogFailureKind is in order of how specific
    if (state.failurePriority != 0 && state.failurePriority <= priority)
        return;
    state.failurePriority = priority;
    std::size_t i = 0;
    while (i < text.size() && text[i] == ' ')
        ++i;
    log.failure = {kind, line, std::string(cutUtf8(text.substr(i), 300))};
}

// The worker a vLLM line comes from, as its process prefix names it: "(VllmWorker rank=2
// pid=...)" -> "rank 2"; V1's "(Worker_TP1 pid=...)", "(VllmWorker TP1 pid=...)" -> "TP1", with
// the data- and pipeline-parallel indexes it carries ("(Worker_DP1_PP0_TP1 ...)" -> "DP1_PP0_TP1",
// "(Worker_PP1 pid=...)" -> "PP1"; gpu_worker.py names a process by each size over 1); V0's and
// Ray's "(VllmWorkerProcess pid=535)", "(RayWorkerWrapper pid=4101, ip=...)" -> "pid 535". Empty
// for any other line (the engine core, the API server, a line with no prefix).
std::string workerRank(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size() && text[i] == ' ')
        ++i;
    if (i >= text.size() || text[i] != '(')
        return {};
    const std::size_t close = text.find(')', i);
    if (close == std::string_view::npos || close - i > 96)
        return {};
    const std::string_view tag = text.substr(i + 1, close - i - 1);
    if (!tag.starts_with("VllmWorker") && !tag.starts_with("Worker") && !tag.starts_with("RayWorkerWrapper"))
        return {};
    const auto digitsAt = [&](std::size_t at) {
        std::size_t end = at;
        while (end < tag.size() && end - at < 6 && std::isdigit(static_cast<unsigned char>(tag[end])))
            ++end;
        return std::string(tag.substr(at, end - at));
    };
    if (const std::size_t r = tag.find("rank="); r != std::string_view::npos && !digitsAt(r + 5).empty())
        return "rank " + digitsAt(r + 5);
    std::string name;
    const std::size_t pid = tag.find(" pid=");
    const std::string_view head = tag.substr(0, pid);
    for (std::string_view axis : {"DP", "PP", "TP"}) {
        for (std::size_t at = head.find(axis); at != std::string_view::npos; at = head.find(axis, at + 1)) {
            const bool boundary = at == 0 || head[at - 1] == '_' || head[at - 1] == ' ';
            if (boundary && !digitsAt(at + 2).empty()) {
                name += (name.empty() ? "" : "_") + std::string(axis) + digitsAt(at + 2);
                break;
            }
        }
    }
    if (!name.empty())
        return name;
    if ((tag.starts_with("VllmWorkerProcess") || tag.starts_with("RayWorkerWrapper")) &&
        pid != std::string_view::npos && !digitsAt(pid + 5).empty())
        return "pid " + digitsAt(pid + 5);
    return {};
}

// Settings lines: vLLM's Namespace / non-default args / engine config, SGLang's ServerArgs,
// and the command lines that started them.
bool readSettings(const LineReader& r, ServerLog& log, ReadState& state) {
    bool hit = false;
    const bool vllmArgs = r.has("args: namespace(") || r.has("non-default args:") || r.has("llm engine (v") ||
                          r.has("with config: model=");
    const bool sglangArgs = r.has("server_args=serverargs(") || r.has("serverargs(");
    const bool command = r.has("vllm serve") || r.has("sglang.launch_server") || r.has("vllm.entrypoints");
    if (!vllmArgs && !sglangArgs && !command)
        return false;
    const std::size_t n = r.number();
    if (vllmArgs) {
        ++state.vllm;
        setString(log.model, r.settingValue("model"), hit);
        setString(log.dtype, r.settingValue("dtype"), hit);
        setString(log.kvCacheDtype, r.settingValue("kv_cache_dtype"), hit);
        setOnce(log.maxModelLen, countFromString(r.settingValue("max_model_len"), n), hit);
        setOnce(log.maxModelLen, countFromString(r.settingValue("max_seq_len"), n), hit);
        setOnce(log.utilization, numberFromString(r.settingValue("gpu_memory_utilization"), n), hit);
        setOnce(log.blockSize, countFromString(r.settingValue("block_size"), n), hit);
        setOnce(log.tensorParallel, countFromString(r.settingValue("tensor_parallel_size"), n), hit);
        if (const std::size_t v = r.after("llm engine (v"); v != std::string::npos && log.version.empty()) {
            const std::size_t close = r.text().find(')', v);
            if (close != std::string::npos && close - v < 64) {
                log.version = r.text().substr(v, close - v);
                log.versionLine = n;
            }
        }
        if (r.has("v1 llm engine"))
            state.v1 = true;
        hit = true;
    }
    if (sglangArgs) {
        ++state.sglang;
        setString(log.model, r.settingValue("model_path"), hit);
        setString(log.dtype, r.settingValue("dtype"), hit);
        setString(log.kvCacheDtype, r.settingValue("kv_cache_dtype"), hit);
        setOnce(log.maxModelLen, countFromString(r.settingValue("context_length"), n), hit);
        setOnce(log.utilization, numberFromString(r.settingValue("mem_fraction_static"), n), hit);
        setOnce(log.tensorParallel, countFromString(r.settingValue("tp_size"), n), hit);
        setOnce(log.blockSize, countFromString(r.settingValue("page_size"), n), hit);
        hit = true;
    }
    if (command) {
        // "vllm serve MODEL --opt=value --opt value"; SGLang "--model-path X --tp 4".
        if (const std::size_t serve = r.after("vllm serve "); serve != std::string::npos) {
            ++state.vllm;
            std::size_t i = serve;
            while (i < r.text().size() && r.text()[i] == ' ')
                ++i;
            if (i < r.text().size() && r.text()[i] != '-') {
                const bool quoted = r.text()[i] == '"' || r.text()[i] == '\'';
                const char endChar = quoted ? r.text()[i] : ' ';
                const std::size_t from = quoted ? i + 1 : i;
                std::size_t end = r.text().find(endChar, from);
                if (end == std::string::npos)
                    end = r.text().size();
                if (end - from < 512)
                    setString(log.model, r.text().substr(from, end - from), hit);
            }
        } else if (r.has("sglang")) {
            ++state.sglang;
        } else {
            ++state.vllm;
        }
        setString(log.model, r.settingValue("--model-path"), hit);
        setString(log.model, r.settingValue("--model"), hit);
        auto option = [&](std::string_view name) -> std::optional<std::string> {
            // "--name=value" or "--name value"
            if (auto v = r.settingValue(name))
                return v;
            const std::size_t pos = r.afterWord(name);
            if (pos == std::string::npos || pos >= r.text().size() || r.text()[pos] != ' ')
                return std::nullopt;
            std::size_t i = pos;
            while (i < r.text().size() && r.text()[i] == ' ')
                ++i;
            std::size_t end = i;
            while (end < r.text().size() && r.text()[end] != ' ' && end - i < 512)
                ++end;
            if (end == i || r.text()[i] == '-')
                return std::nullopt;
            std::string v = r.text().substr(i, end - i);
            if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'') && v.back() == v.front())
                v = v.substr(1, v.size() - 2);
            return v;
        };
        if (log.model.empty())
            setString(log.model, option("--model-path"), hit);
        if (log.model.empty())
            setString(log.model, option("--model"), hit);
        setString(log.dtype, option("--dtype"), hit);
        setString(log.kvCacheDtype, option("--kv-cache-dtype"), hit);
        setOnce(log.maxModelLen, countFromString(option("--max-model-len"), n), hit);
        setOnce(log.maxModelLen, countFromString(option("--context-length"), n), hit);
        setOnce(log.utilization, numberFromString(option("--gpu-memory-utilization"), n), hit);
        setOnce(log.utilization, numberFromString(option("--mem-fraction-static"), n), hit);
        setOnce(log.blockSize, countFromString(option("--block-size"), n), hit);
        setOnce(log.tensorParallel, countFromString(option("--tensor-parallel-size"), n), hit);
        setOnce(log.tensorParallel, countFromString(option("--tp-size"), n), hit);
        setOnce(log.tensorParallel, countFromString(option("--tp"), n), hit);
        hit = true;
    }
    return hit;
}

bool readVllm(const LineReader& r, ServerLog& log, ReadState& state) {
    bool hit = false;
    // V1's own files name it whatever the lines say (V0 prints worker.py, model_runner.py, executor_base.py).
    if (r.has("kv_cache_utils.py") || r.has("gpu_model_runner.py") || r.has("gpu_worker.py"))
        state.v1 = true;
    setOnce(log.pipelineParallel, countFromString(r.settingValue("pipeline_parallel_size"), r.number()), hit);
    if (const std::size_t v = r.after("vllm api server version "); v != std::string::npos) {
        std::size_t end = v;
        while (end < r.text().size() && r.text()[end] != ' ' && end - v < 64)
            ++end;
        if (log.version.empty()) {
            log.version = r.text().substr(v, end - v);
            log.versionLine = r.number();
        }
        hit = true;
    }
    if (const std::size_t v = r.after("using max model len "); v != std::string::npos)
        setOnce(log.maxModelLen, r.countAt(v), hit);
    // A size each worker prints of its own: kept for the log (the first) and for its worker, so that
    // under TP the smallest rank's figures replace the first ones together (finishRun).
    const std::string worker = workerRank(r.text());
    RankFigures* own = nullptr;
    const auto figures = [&]() -> RankFigures* {
        if (!own && (state.ranks.size() < kMaxRanks || state.ranks.contains(worker.empty() ? "driver" : worker)))
            own = &state.ranks[worker.empty() ? "driver" : worker];
        return own;
    };
    const auto read = [&](std::optional<LogSize> ServerLog::*field, std::optional<LogSize> RankFigures::*ownField,
                          const std::optional<LogSize>& size) {
        if (!size)
            return;
        setOnce(log.*field, size, hit);
        if (RankFigures* f = figures())
            setOnce(f->*ownField, size, hit);
    };
    const auto readKv = [&](const std::optional<LogSize>& size) {
        read(&ServerLog::kvMemory, &RankFigures::kvMemory, size);
        if (size && size->bytes <= 0) // the line that says so, kept with the failure
            noteFailure(log, state, LogFailureKind::NegativeKvMemory, r.number(), r.text());
    };
    read(&ServerLog::weights, &RankFigures::weights, r.sizeAfter("loading model weights took "));
    // V1 gpu_worker.py at DEBUG: "worker requested memory: %.2fGiB" and "Memory profiling takes %.2f
    // seconds. Total non KV cache memory: %.2fGiB; torch peak memory increase: %.2fGiB; non-torch
    // forward increase memory: %.2fGiB; weights memory: %.2fGiB." (the KV cache gets the rest).
    if (const std::size_t q = r.after("requested memory:"); q != std::string::npos) {
        state.v1 = true;
        read(&ServerLog::budget, &RankFigures::budget, r.sizeAt(q));
    }
    if (r.has("total non kv cache memory:")) {
        state.v1 = true;
        read(&ServerLog::nonKvMemory, &RankFigures::nonKvMemory, r.sizeAfter("total non kv cache memory:"));
        read(&ServerLog::activationPeak, &RankFigures::activationPeak, r.sizeAfter("torch peak memory increase:"));
        read(&ServerLog::weights, &RankFigures::weights, r.sizeAfter("weights memory:"));
    }
    read(&ServerLog::weights, &RankFigures::weights, r.sizeAfter("model loading took "));
    // 0.6.x prints its profile as one message, "Memory profiling results: duration=%.2f seconds,
    // total_gpu_memory=%.2fGiB, ..., gpu_memory_utilization=%.2f", which a paste may hold one key a
    // line: each key is read on whatever line it is. The settings lines also carry
    // gpu_memory_utilization= (the same figure), so only the profile's own keys vote.
    const bool profileKeys = r.has("peak_torch_memory=") || r.has("non_torch_memory=") || r.has("kv_cache_size=") ||
                             r.has("initial_memory_usage=");
    // 0.6.5's table: the heading ends its line, and each row that follows is "key<spaces>value".
    std::string_view lower = r.lower();
    while (!lower.empty() && lower.back() == ' ')
        lower.remove_suffix(1);
    if (lower.ends_with("memory profiling results:")) {
        state.v0Table = true;
        hit = true;
    } else if (r.has("memory profiling results:") || profileKeys) {
        state.v0Profile = true;
        hit = true;
    }
    if (state.v0Table) {
        // A row's value follows its key after spaces; the 0.7 sentences ("non_torch_memory takes",
        // "can use total_gpu_memory (") put a word there, so they are not read as rows.
        read(&ServerLog::totalGpuMemory, &RankFigures::totalGpuMemory, r.sizeAfter("total_gpu_memory "));
        setOnce(log.utilization, r.numberAfter("gpu_memory_utilization "), hit);
        read(&ServerLog::budget, &RankFigures::budget, r.sizeAfter("the current vllm instance can use "));
        read(&ServerLog::nonTorch, &RankFigures::nonTorch, r.sizeAfter("non_torch_memory "));
        read(&ServerLog::activationPeak, &RankFigures::activationPeak, r.sizeAfter("pytorch activation peak memory "));
        readKv(r.sizeAfter("available_kv_cache_memory "));
        if (r.has("] duration ") && r.has(" seconds"))
            hit = true;
    }
    if (state.v0Profile && !r.has("namespace(")) {
        read(&ServerLog::totalGpuMemory, &RankFigures::totalGpuMemory, r.sizeAfter("total_gpu_memory="));
        read(&ServerLog::peakTorch, &RankFigures::peakTorch, r.sizeAfter("peak_torch_memory="));
        read(&ServerLog::nonTorch, &RankFigures::nonTorch, r.sizeAfter("non_torch_memory="));
        readKv(r.sizeAfter("kv_cache_size="));
        setOnce(log.utilization, r.numberAfter("gpu_memory_utilization="), hit);
    }
    if (const std::size_t t = r.after("total_gpu_memory ("); t != std::string::npos) {
        state.v0Split = true;
        read(&ServerLog::totalGpuMemory, &RankFigures::totalGpuMemory, r.sizeAt(t));
        setOnce(log.utilization, r.numberAfter("gpu_memory_utilization ("), hit);
        if (const std::size_t u = r.after("gpu_memory_utilization ("); u != std::string::npos)
            read(&ServerLog::budget, &RankFigures::budget, r.sizeAt(r.after(") =", u)));
    }
    if (r.has("model weights take ")) {
        state.v0Split = true;
        read(&ServerLog::weights, &RankFigures::weights, r.sizeAfter("model weights take "));
    }
    read(&ServerLog::nonTorch, &RankFigures::nonTorch, r.sizeAfter("non_torch_memory takes "));
    read(&ServerLog::activationPeak, &RankFigures::activationPeak,
         r.sizeAfter("pytorch activation peak memory takes "));
    readKv(r.sizeAfter("the rest of the memory reserved for kv cache is "));
    // "# GPU blocks: %d, # CPU blocks: %d" (V0), and V1 0.7's "# GPU blocks: %d" alone.
    setOnce(log.cpuBlocks, r.countAfter("# cpu blocks:"), hit);
    for (std::string_view device : {"# gpu blocks:", "# cuda blocks:", "# xpu blocks:", "# hpu blocks:",
                                    "# tpu blocks:", "# npu blocks:", "# neuron blocks:"})
        if (const auto blocks = r.countAfter(device)) {
            if (!log.gpuBlocks)
                state.gpuBlocksText = cutUtf8(r.text(), 300);
            setOnce(log.gpuBlocks, blocks, hit);
            if (blocks->value == 0)
                noteFailure(log, state, LogFailureKind::NoCacheBlocks, r.number(), r.text());
        }
    if (const std::size_t a = r.after("the engine can allocate "); a != std::string::npos) {
        setOnce(log.gpuBlocks, r.countAt(a), hit);
        setOnce(log.cpuBlocks, r.countAt(r.after("blocks, ", a)), hit);
    }
    if (const std::size_t b = r.after("num_gpu_blocks is"); b != std::string::npos)
        setOnce(log.gpuBlocks, r.countAt(b), hit);
    // With TP every worker prints its own; vLLM sizes every rank's cache by the smallest
    // (kv_cache_utils.py get_kv_cache_configs: "the smallest among all ranks"; V0 took the min too).
    if (r.has("available kv cache memory:")) {
        state.v1 = true;
        readKv(r.sizeAfter("available kv cache memory:"));
    }
    // Hybrid models (vLLM's hybrid KV cache manager, v1/core): "Setting attention block size to %d
    // tokens to ensure that attention page size is >= mamba page size." and "Padding mamba page
    // size by %.2f%% to ensure that mamba page size and attention page size are exactly equal."
    if (const std::size_t a = r.after("setting attention block size to "); a != std::string::npos) {
        log.hybrid = true;
        setOnce(log.attentionBlockSize, r.countAt(a), hit);
        hit = true;
    }
    if (r.has("padding mamba page size by")) {
        log.hybrid = true;
        hit = true;
    }
    // vLLM 0.9-0.10 print one token and concurrency line per TP worker, each from that worker's
    // memory, before every rank is cut to the smallest: the smallest is the one that holds.
    if (r.has("gpu kv cache size:")) {
        state.v1 = true;
        const auto tokens = r.countAfter("gpu kv cache size:");
        if (tokens && log.kvTokens && tokens->value < log.kvTokens->value)
            log.kvTokens = tokens;
        setOnce(log.kvTokens, tokens, hit);
    }
    if (const std::size_t m = r.after("maximum concurrency for "); m != std::string::npos) {
        setOnce(log.concurrencyTokens, r.countAt(m), hit);
        const auto concurrency = r.numberAfter(" tokens per request:", m);
        if (concurrency && log.concurrency && concurrency->value < log.concurrency->value)
            log.concurrency = concurrency;
        setOnce(log.concurrency, concurrency, hit);
    }
    if (const std::size_t g = r.after("graph capturing finished in "); g != std::string::npos)
        setOnce(log.cudaGraphs, r.sizeAt(r.after("took ", g)), hit);
    if (hit)
        ++state.vllm;
    return hit;
}

// "CUDA0 compute buffer size = 164.01 MiB": the device is the word before `kind`.
std::optional<LogBuffer> bufferLine(const LineReader& r, std::string_view kind) {
    const std::size_t at = r.lower().find(kind);
    if (at == std::string::npos)
        return std::nullopt;
    std::size_t end = at;
    while (end > 0 && r.text()[end - 1] == ' ')
        --end;
    std::size_t begin = end;
    while (begin > 0 && r.text()[begin - 1] != ' ' && r.text()[begin - 1] != ':')
        --begin;
    auto size = r.sizeAt(r.after("size =", at));
    if (!size)
        size = r.sizeAt(r.after("size=", at));
    if (!size)
        return std::nullopt;
    return LogBuffer{r.text().substr(begin, end - begin), *size};
}

// The text after the "function: " prefix of a llama.cpp line (or the whole line when stripped).
std::string_view llamaContent(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size() && text[i] == ' ')
        ++i;
    std::size_t j = i;
    while (j < text.size() && isIdentChar(text[j]))
        ++j;
    if (j > i && j + 1 < text.size() && text[j] == ':' && text[j + 1] == ' ')
        return text.substr(j + 2);
    return text.substr(i);
}

// "n_head_kv        = 8" at the start of the content: the value's first token.
std::optional<std::string> metaValue(std::string_view content, std::string_view key) {
    std::size_t i = 0;
    while (i < content.size() && content[i] == ' ')
        ++i;
    if (!content.substr(i).starts_with(key))
        return std::nullopt;
    i += key.size();
    if (i < content.size() && isIdentChar(content[i]))
        return std::nullopt; // n_ctx_train is not n_ctx
    while (i < content.size() && content[i] == ' ')
        ++i;
    if (i >= content.size() || content[i] != '=')
        return std::nullopt;
    ++i;
    while (i < content.size() && content[i] == ' ')
        ++i;
    std::string value(content.substr(i, 256));
    while (!value.empty() && value.back() == ' ')
        value.pop_back();
    return value;
}

bool readLlamaCpp(const LineReader& r, ServerLog& log, ReadState& state) {
    bool hit = false;
    const std::size_t n = r.number();
    // llama-server loads a speculative decoding draft model after the main one: SRV_INF("loading
    // draft model '%s'\n"); its load and caches that follow are the draft's.
    if (r.has("loading draft model")) {
        state.draft = true;
        hit = true;
    }
    // iSWA models print two caches, each announced: "llama_kv_cache_iswa: creating non-SWA KV cache,
    // size = %u cells" and "creating     SWA KV cache, size = %u cells" (llama-kv-cache-iswa.cpp).
    if (r.has("creating non-swa kv cache")) {
        state.nextCacheKind = "non-SWA";
        hit = true;
    } else if (r.has("creating") && r.has("swa kv cache")) {
        state.nextCacheKind = "SWA";
        hit = true;
    }
    // The cache lines: "K (type): X MiB, V (type): Y MiB" in both generations; recurrent state
    // (llama-memory-recurrent.cpp) "%s: size = %7.2f MiB (%6u cells, %3d layers, %2u seqs), R (%s):
    // %7.2f MiB, S (%s): %7.2f MiB"; ik_llama's MLA cache "KV self size = %7.2f MiB, c^KV (%s): %7.2f
    // MiB"; llama.cpp of 2023 "kv self size  = %7.2f MB" alone.
    const bool self = r.has("kv self size");
    const bool recurrent = r.has(", r (") && r.has(", s (");
    const bool latent = self && r.has("c^kv (");
    const std::size_t k = recurrent ? r.after(", r (") : latent ? r.after("c^kv (") : r.after(", k (");
    const bool split = recurrent || latent || (k != std::string::npos && r.has(", v ("));
    const std::size_t sizeKey = self ? r.after("kv self size") : r.after("size =");
    if (sizeKey != std::string::npos && ((split && sizeKey < k) || (self && k == std::string::npos))) {
        (self ? state.kvSelf : state.kvCache) = true;
        LogKvCache cache;
        cache.kind = state.draft ? "draft" : recurrent ? "recurrent" : latent ? "latent" : state.nextCacheKind;
        state.nextCacheKind.clear();
        const std::size_t stop = split ? k : r.text().size();
        if (auto total = r.sizeAt(sizeKey))
            cache.size = *total;
        if (const std::size_t cells = r.lower().find(" cells", sizeKey); cells != std::string::npos && cells < stop) {
            const std::size_t open = r.lower().find('(', sizeKey);
            if (open != std::string::npos && open < cells)
                cache.cells = r.countAt(open + 1).value_or(LogCount{}).value;
            const std::size_t comma = r.lower().find(',', cells);
            if (comma != std::string::npos && comma < stop) {
                cache.layers = r.countAt(comma + 1).value_or(LogCount{}).value;
                const std::size_t comma2 = r.lower().find(',', comma + 1);
                if (comma2 != std::string::npos && comma2 < stop)
                    cache.seqs = r.countAt(comma2 + 1).value_or(LogCount{}).value;
            }
        }
        const auto typeAt = [&](std::size_t open) {
            const std::size_t close = r.text().find(')', open);
            return close != std::string::npos && close - open < 32 ? r.text().substr(open, close - open)
                                                                   : std::string();
        };
        if (split) {
            cache.kType = typeAt(k);
            if (!latent) { // the latent is K and V at once: no K of its own
                cache.k = r.sizeAt(r.after("):", k));
                const std::size_t v = recurrent ? r.after(", s (", k) : r.after(", v (", k);
                cache.vType = typeAt(v);
                cache.v = r.sizeAt(r.after("):", v));
            }
        }
        // A second cache line of a kind already read is a second context (a draft model, a
        // reload): the first stays. The two caches of an iSWA model are announced apart.
        const bool announced = cache.kind == "SWA" || cache.kind == "non-SWA";
        const bool again = !announced && std::any_of(log.kvCaches.begin(), log.kvCaches.end(),
                                                     [&](const LogKvCache& c) { return c.kind == cache.kind; });
        // A cache of no layers holds nothing ("size = 0.00 MiB ( 16384 cells, 0 layers"): not a cache.
        const bool empty = cache.layers == 0 && cache.cells > 0 && cache.size.bytes == 0;
        if (!again && !empty && cache.size.line != 0)
            log.kvCaches.push_back(cache);
        hit = true;
    }
    // llama.cpp of 2023-24: "llama_kv_cache_init: kv_size = 4096, offload = 1, type_k = 'f16',
    // type_v = 'f16', n_layer = 32": the cell count, so that bytes per cell follow from the size.
    if (const std::size_t cells = r.after("kv_size ="); cells != std::string::npos && r.has("n_layer")) {
        setOnce(log.kvTokens, r.countAt(cells), hit);
        setOnce(log.kvLayers, r.countAt(r.after("n_layer =")), hit);
        if (log.kvCacheDtype.empty())
            setString(log.kvCacheDtype, r.settingValue("type_k"), hit);
        if (log.vCacheDtype.empty())
            setString(log.vCacheDtype, r.settingValue("type_v"), hit);
        hit = true;
    }
    // ollama's scheduler (server.go) plans the load before llama.cpp runs: msg=offload (earlier
    // msg="offload to device") with memory.required.kv="19.5 GiB", memory.weights.total="87.3 GiB",
    // memory.graph.full="8.2 GiB" (format.HumanBytes2: one decimal), layers.model=81; then
    // msg="starting llama server" cmd="... --ctx-size 64000 ... --parallel 1 ...".
    if (r.has("level=") && r.has("source=") && r.has("msg="))
        state.ollama = true;
    if (r.has("msg=offload") || r.has("msg=\"offload to device\"")) {
        const auto quoted = [&](std::string_view key) -> std::optional<LogSize> {
            const std::size_t at = r.after(key);
            return at == std::string::npos ? std::nullopt
                                           : r.sizeAt(at + (at < r.lower().size() && r.lower()[at] == '"'));
        };
        setOnce(log.estimatedKv, quoted("memory.required.kv="), hit);
        setOnce(log.estimatedWeights, quoted("memory.weights.total="), hit);
        setOnce(log.estimatedGraph, quoted("memory.graph.full="), hit);
        setOnce(log.layers, r.countAfter("layers.model="), hit);
        hit = true;
    }
    if (r.has("msg=\"starting llama server\"")) {
        setOnce(log.maxModelLen, r.countAfter("--ctx-size "), hit);
        setOnce(log.kvSeqs, r.countAfter("--parallel "), hit);
        hit = true;
    }
    // The build: common.cpp "build: %d (%s) with %s for %s", older examples "main: build = %d (%s)";
    // ollama's server "Listening on %s (version %s)".
    if (log.version.empty()) {
        std::size_t b = r.lower().starts_with("build: ") ? std::size_t(7) : r.after("main: build = ");
        if (b != std::string::npos) {
            if (const auto number = r.countAt(b)) {
                std::string version = "b" + std::to_string(number->value);
                const std::size_t open = r.text().find('(', b);
                const std::size_t close = open == std::string::npos ? open : r.text().find(')', open);
                if (close != std::string::npos && close - open < 48 && open - b < 12)
                    version += " " + r.text().substr(open, close - open + 1);
                log.version = version;
                log.versionLine = n;
                hit = true;
            }
        }
        if (const std::size_t o = r.after("(version "); o != std::string::npos && r.has("listening on")) {
            const std::size_t close = r.text().find(')', o);
            if (close != std::string::npos && close - o < 48) {
                log.version = "ollama " + r.text().substr(o, close - o);
                log.versionLine = n;
                hit = true;
            }
        }
    }
    if (r.has("kv buffer size")) {
        if (auto b = bufferLine(r, "kv buffer size")) {
            if (!state.draft) // the draft's cache is listed apart, outside the KV total
                log.kvBuffers.push_back(*b);
            hit = true;
        }
    } else if (r.has("compute buffer size")) {
        if (auto b = bufferLine(r, "compute buffer size")) {
            log.computeBuffers.push_back(*b);
            hit = true;
        }
    } else if (r.has("model buffer size")) {
        if (auto b = bufferLine(r, "model buffer size")) {
            log.modelBuffers.push_back(*b);
            hit = true;
        }
    } else if ((r.lower().starts_with("llm_load_tensors:") || r.lower().starts_with("load_tensors:")) &&
               r.has(" buffer size") && !r.has("input buffer") && !r.has("output buffer")) {
        if (auto b = bufferLine(r, "buffer size")) {
            log.modelBuffers.push_back(*b);
            hit = true;
        }
    }
    const std::string_view content = llamaContent(r.text());
    const auto count = [&](std::string_view key, std::optional<LogCount>& field) {
        if (auto v = metaValue(content, key))
            setOnce(field, countFromString(v, n), hit);
    };
    count("n_ctx", log.maxModelLen);
    count("n_head_kv", log.kvHeads);
    count("n_head", log.heads);
    count("n_layer", log.layers);
    count("n_embd_head_k", log.headDimK);
    count("n_embd_head_v", log.headDimV);
    count("n_embd", log.hidden);
    if (auto v = metaValue(content, "general.name"))
        setString(log.model, v, hit);
    if (auto v = metaValue(content, "model ftype"))
        setString(log.fileType, v, hit);
    if (auto v = metaValue(content, "file type"))
        setString(log.fileType, v, hit);
    // "llama_model_loader: loaded meta data with 19 key-value pairs and 291 tensors from PATH (version GGUF V2)"
    if (const std::size_t from = r.after("tensors from "); from != std::string::npos && r.has("loaded meta data")) {
        std::size_t end = r.lower().find(" (version", from);
        if (end == std::string::npos)
            end = r.text().size();
        std::string path = r.text().substr(from, std::min<std::size_t>(end - from, 1024));
        const std::size_t slash = path.find_last_of("/\\");
        if (slash != std::string::npos)
            path = path.substr(slash + 1);
        if (!path.empty()) {
            log.model = path; // the file names the model better than general.name ("LLaMA v2")
            hit = true;
        }
    }
    if (hit)
        ++state.llama;
    return hit;
}

bool readSGLang(const LineReader& r, ServerLog& log, ReadState& state) {
    bool hit = false;
    if (r.has("load weight begin.") || r.has("load_weight_begin"))
        setOnce(log.availBeforeWeights, r.sizeAfter("avail mem="), hit);
    if (r.has("load weight end.") || r.has("load_weight_end")) {
        setOnce(log.availAfterWeights, r.sizeAfter("avail mem="), hit);
        setOnce(log.weights, r.sizeAfter("mem usage="), hit);
        if (auto d = r.settingValue("dtype"); d && log.dtype.empty()) {
            log.dtype = d->starts_with("torch.") ? d->substr(6) : *d;
            hit = true;
        }
    }
    if (r.has("kv cache is allocated.")) {
        // A rank's second pool is its speculative draft model's (SGLang allocates one per worker):
        // listed apart, outside the KV total.
        std::string rank = "TP?";
        if (const std::size_t tp = r.after(" tp"); tp != std::string::npos && tp < 64)
            if (auto n = r.countAt(tp))
                rank = "TP" + std::to_string(n->value);
        if (!state.sglangPools.insert(rank).second) {
            LogKvCache draft;
            draft.kind = "draft";
            const auto k = r.sizeAfter(" k size:");
            const auto v = r.sizeAfter(" v size:");
            if (const auto kv = r.sizeAfter(" kv size:"))
                draft.size = *kv;
            else if (k && v)
                draft.size = LogSize{k->bytes + v->bytes, k->tolerance + v->tolerance, r.number()};
            draft.k = k;
            draft.v = v;
            draft.cells = r.countAfter("#tokens:").value_or(LogCount{}).value;
            if (!std::any_of(log.kvCaches.begin(), log.kvCaches.end(),
                             [](const LogKvCache& c) { return c.kind == "draft"; }) &&
                draft.size.line != 0)
                log.kvCaches.push_back(draft);
            hit = true;
        } else {
            setOnce(log.kvTokens, r.countAfter("#tokens:"), hit);
            setOnce(log.kSize, r.sizeAfter(" k size:"), hit);
            setOnce(log.vSize, r.sizeAfter(" v size:"), hit);
            setOnce(log.kvMemory, r.sizeAfter(" kv size:"), hit);
            // "KV Cache is allocated. dtype: torch.float8_e4m3fn, #tokens: ..."
            if (auto d = r.settingValue("dtype"); d && (log.kvCacheDtype.empty() || log.kvCacheDtype == "auto")) {
                log.kvCacheDtype = d->starts_with("torch.") ? d->substr(6) : *d;
                while (!log.kvCacheDtype.empty() && log.kvCacheDtype.back() == ',')
                    log.kvCacheDtype.pop_back();
            }
            hit = true;
        }
    }
    if (r.has("memory pool end."))
        setOnce(log.availAfterPool, r.sizeAfter("avail mem="), hit);
    if (r.has("capture cuda graph end."))
        setOnce(log.cudaGraphs, r.sizeAfter("mem usage="), hit);
    // model_runner.py: f"Using KV cache dtype: {self.kv_cache_dtype}" (torch.float8_e5m2, ...): the
    // dtype "auto" resolved to, so it replaces ServerArgs' kv_cache_dtype='auto'.
    if (const std::size_t d = r.after("using kv cache dtype:"); d != std::string::npos) {
        std::size_t i = d;
        while (i < r.text().size() && r.text()[i] == ' ')
            ++i;
        std::size_t end = i;
        while (end < r.text().size() && r.text()[end] != ' ' && end - i < 64)
            ++end;
        std::string dtype = r.text().substr(i, end - i);
        if (dtype.starts_with("torch."))
            dtype = dtype.substr(6);
        if (!dtype.empty() && (log.kvCacheDtype.empty() || log.kvCacheDtype == "auto"))
            log.kvCacheDtype = dtype;
        hit = true;
    }
    if (r.has("use sliding window memory pool")) {
        setOnce(log.fullLayerTokens, r.countAt(r.afterWord("full_layer_tokens=")), hit);
        setOnce(log.swaLayerTokens, r.countAt(r.afterWord("swa_layer_tokens=")), hit);
        hit = true;
    }
    if (const std::size_t m = r.afterWord("max_total_num_tokens="); m != std::string::npos) {
        setOnce(log.maxTotalTokens, r.countAt(m), hit);
        setOnce(log.maxModelLen, r.countAt(r.afterWord("context_len=")), hit);
    }
    if (hit) {
        ++state.sglang;
        // "[2025-03-08 12:29:21 TP3] ...": the rank tag.
        if (const std::size_t tp = r.after(" tp"); tp != std::string::npos && tp < 64) {
            if (auto rank = r.countAt(tp); rank && rank->value < 4096)
                log.ranksSeen = std::max<std::uint32_t>(log.ranksSeen, std::uint32_t(rank->value) + 1);
        }
    }
    return hit;
}

// A line logged at a level that reports no error: "WARNING 10-08 ...", "(APIServer pid=1) INFO
// ...", ollama's "level=INFO" / "level=WARN".
bool benignLevel(std::string_view lower) {
    std::size_t i = 0;
    while (i < lower.size() && lower[i] == ' ')
        ++i;
    if (i < lower.size() && lower[i] == '(') { // a process prefix
        const std::size_t close = lower.find(')', i);
        if (close != std::string_view::npos && close - i < 96)
            i = close + 1;
        while (i < lower.size() && lower[i] == ' ')
            ++i;
    }
    const std::string_view rest = lower.substr(i);
    for (std::string_view level : {"warning", "warn ", "info", "debug"})
        if (rest.starts_with(level))
            return true;
    const std::string_view head = lower.substr(0, 160);
    return head.find("level=info") != std::string_view::npos || head.find("level=warn") != std::string_view::npos ||
           head.find("level=debug") != std::string_view::npos;
}

// The lines that say a server did not start, each engine's own (quoted from their source):
// vLLM v1/core/kv_cache_utils.py check_enough_kv_cache_memory: "No available memory for the cache
//   blocks. Try increasing `gpu_memory_utilization` when initializing the engine." and "To serve
//   at least one request with the models's max seq len (%d), (%.2f GiB KV cache is needed, which
//   is larger than the available KV cache memory (%.2f GiB). Based on the available memory, the
//   estimated maximum model length is %d. Try increasing `gpu_memory_utilization` or decreasing
//   `max_model_len` when initializing the engine." (later "model's", and the figures on lines of
//   their own); V0 worker.py: "The model's max seq len (%d) is larger than the maximum number of
//   tokens that can be stored in KV cache (%d). ..."; "RuntimeError: Engine core initialization
//   failed."; torch "CUDA out of memory. Tried to allocate %.2f GiB".
// SGLang model_runner.py / pool_configurator.py: "Not enough memory. Please try to increase
//   --mem-fraction-static."; "max_total_tokens=%d is larger than the profiled value %d".
// llama.cpp ggml-cuda.cu: "%s: allocating %.2f MiB on device %d: cudaMalloc failed: %s";
//   ggml-alloc.c "%s: failed to allocate %s buffer of size %zu"; llama.cpp "failed to allocate
//   buffer for kv cache", "failed to allocate compute buffers", "failed to load model".
bool readFailure(const LineReader& r, ServerLog& log, ReadState& state) {
    // Once the server says it is serving, a later out-of-memory is a request's, not the start-up's.
    if (r.has("application startup complete") || r.has("starting vllm api server") || r.has("server is listening on") ||
        r.has("the server is fired up and ready to roll") || r.has("llama runner started in")) {
        state.started = true;
        return true;
    }
    if (state.started)
        return false;
    bool hit = false;
    const std::size_t n = r.number();
    // llama.cpp's pipeline-parallel context retries one compute buffer failure: "compute buffer
    // allocation failed, retrying without pipeline parallelism" (llama-context.cpp) takes it back.
    if (r.has("retrying without pipeline parallelism")) {
        if (log.failure.kind == LogFailureKind::ComputeBuffers || log.failure.kind == LogFailureKind::OutOfMemory) {
            log.failure = LogFailure{};
            log.failedAllocation.reset();
            state.failurePriority = 0;
        }
        return true;
    }
    const auto note = [&](LogFailureKind kind) {
        noteFailure(log, state, kind, n, r.text());
        hit = true;
    };
    if (r.has("to serve at least one request with the model")) { // V1 only
        note(LogFailureKind::MaxLenDoesNotFit);
        state.v1 = true;
        ++state.vllm;
        setOnce(log.maxModelLen, r.countAfter("max seq len ("), hit);
    }
    if (r.has("kv cache is needed"))
        setOnce(log.kvNeeded, r.sizeBefore("kv cache is needed"), hit);
    setOnce(log.kvAvailable, r.sizeAfter("larger than the available kv cache memory ("), hit);
    setOnce(log.suggestedMaxModelLen, r.countAfter("estimated maximum model length is"), hit);
    if (r.has("is larger than the maximum number of tokens that can be stored in kv cache")) {
        note(LogFailureKind::MaxLenDoesNotFit);
        setOnce(log.maxModelLen, r.countAfter("max seq len ("), hit);
        setOnce(log.suggestedMaxModelLen, r.countAfter("stored in kv cache ("), hit);
    }
    if (r.has("no available memory for the cache blocks")) {
        note(LogFailureKind::NoCacheBlocks);
        ++state.vllm;
    }
    if (r.has("not enough memory. please try to increase --mem-fraction-static")) {
        note(LogFailureKind::NotEnoughMemory);
        ++state.sglang;
    }
    if (const std::size_t p = r.after("larger than the profiled value "); p != std::string::npos) {
        if (const auto v = numberAt(r.lower(), p); v && v->value <= 0) // the weights left no room
            note(LogFailureKind::WeightsLeaveNoMemory);
        ++state.sglang;
        hit = true;
    }
    if (r.has("weights leave no") || r.has("no gpu memory left for the kv cache"))
        note(LogFailureKind::WeightsLeaveNoMemory);
    // SGLang's own way out: f"... Raise --mem-fraction-static above {suggested:.3f} (minimum viable = ...)"
    if (const std::size_t a = r.after("raise --mem-fraction-static above "); a != std::string::npos) {
        if (const auto fraction = numberAt(r.lower(), a))
            setOnce(log.suggestedMemFraction,
                    std::optional(LogNumber{fraction->value, halfUnit(fraction->decimals), r.number()}), hit);
        hit = true;
    }
    // vLLM V0's executors under Ray or multiprocessing: worker_base.py "Error executing method %s. This
    // might cause deadlock in distributed execution." for initialize_cache, the call that sizes the cache.
    if (r.has("error executing method initialize_cache"))
        note(LogFailureKind::EngineFailed);
    if (r.has("failed to allocate buffer for kv cache") || r.has("failed to allocate buffer for the kv cache") ||
        r.has("llama_kv_cache_init: failed to allocate"))
        note(LogFailureKind::KvCacheAllocation);
    if (r.has("failed to allocate compute buffers"))
        note(LogFailureKind::ComputeBuffers);
    if (const std::size_t a = r.after("allocating "); a != std::string::npos && r.has("cudamalloc failed")) {
        setOnce(log.failedAllocation, r.sizeAt(a), hit);
        note(LogFailureKind::OutOfMemory);
    }
    if (const std::size_t b = r.after("failed to allocate "); b != std::string::npos && r.has(" buffer of size ")) {
        // ggml-alloc prints bytes: "failed to allocate CUDA0 buffer of size 2149580800"
        setOnce(log.failedAllocation, r.sizeAt(r.after(" buffer of size ", b), 1.0), hit);
        note(LogFailureKind::OutOfMemory);
    }
    // The generic words only in an error or a traceback, not in a warning or an info line that
    // mentions them ("if you hit CUDA out of memory errors, lower ...").
    if ((r.has("cuda out of memory") || r.has("torch.outofmemoryerror") || r.has("hip out of memory") ||
         r.has("insufficient memory")) &&
        !benignLevel(r.lower())) {
        setOnce(log.failedAllocation, r.sizeAfter("tried to allocate "), hit);
        note(LogFailureKind::OutOfMemory);
    }
    if (r.has("failed to load model") || r.has("error loading model"))
        note(LogFailureKind::ModelLoad);
    if (r.has("engine core initialization failed") || r.has("enginecore failed to start"))
        note(LogFailureKind::EngineFailed);
    return hit;
}

// Whether `r` begins a new start-up, given the run read so far. A banner (vLLM's API server
// version, llama.cpp's build line, ollama's listening line) starts one once the run has its own
// banner, a memory figure or a failure; an engine's settings dump (V0's "Initializing an LLM engine",
// SGLang's server_args) once it has a memory figure or a failure; a line every worker or process
// prints as it starts (a V1 engine core's banner, "Automatically detected platform", "Model loading
// took", llama.cpp loading a model) only once it has a KV figure, since TP workers, data-parallel
// engines and llama-server's draft model print those inside one start-up.
bool hasKvFigures(const ServerLog& log) {
    return log.kvMemory || log.kvTokens || log.gpuBlocks || log.kSize || !log.kvCaches.empty();
}
bool hasMemoryFigures(const ServerLog& log) {
    return hasKvFigures(log) || log.weights || !log.modelBuffers.empty() || log.availAfterWeights;
}
bool startsNewRun(const LineReader& r, const ServerLog& log, const ReadState& state) {
    const bool failed = log.failure.kind != LogFailureKind::None;
    const bool banner = r.has("vllm api server version") || r.lower().starts_with("build: ") ||
                        r.has("main: build = ") || (r.has("listening on") && r.has("(version "));
    if (banner)
        return log.versionLine != 0 || hasMemoryFigures(log) || failed;
    if (r.has("initializing an llm engine") || r.has("server_args=serverargs("))
        return hasMemoryFigures(log) || failed;
    // vLLM prints the token count, concurrency or block count once the cache is sized: a new
    // "Available KV cache memory", a refusal or a block count after them is the next start-up.
    // A worker prints its "Available KV cache memory" once a start-up, before the cache is sized: a
    // second one after the sizing lines is the next start-up's.
    const bool sized = log.kvTokens || log.concurrency || log.gpuBlocks;
    if (sized && r.has("available kv cache memory:")) {
        const std::string worker = workerRank(r.text());
        const auto seen = state.ranks.find(worker.empty() ? "driver" : worker);
        if (seen != state.ranks.end() && seen->second.kvMemory)
            return true;
    }
    if (sized && (r.has("to serve at least one request with the model") || r.has("memory profiling results:") ||
                  r.has("the current vllm instance can use")))
        return true;
    if (log.gpuBlocks && (r.has("# gpu blocks:") || r.has("# cuda blocks:")))
        return true;
    // llama.cpp loads its model once a start-up, before any context allocates a cache: llama_model_loader
    // "loaded meta data with %d key-value pairs and %d tensors from %s (version %s)", print_meta / print_info,
    // then llm_load_tensors / load_tensors ("offloaded %d/%d layers to GPU", "%s: %10s buffer size = %8.2f MiB").
    // One of them after a KV cache or KV buffer line is the next start-up's (ollama's runner reloading
    // the model with another num_ctx prints no build line); a draft model's load is announced first.
    const std::string_view lower = r.lower();
    const bool llamaLoad =
        !state.draft && (r.has("loaded meta data with") || lower.starts_with("llm_load_tensors:") ||
                         lower.starts_with("load_tensors:") || lower.starts_with("llm_load_print_meta:") ||
                         lower.starts_with("print_info:"));
    if (llamaLoad && (hasKvFigures(log) || !log.kvBuffers.empty()))
        return true;
    const bool worker = r.has("initializing a v1 llm engine") || r.has("automatically detected platform") ||
                        r.has("loading model weights took") || r.has("model loading took");
    return worker && hasKvFigures(log);
}

} // namespace

std::string logFailureKindId(LogFailureKind kind) {
    switch (kind) {
    case LogFailureKind::None:
        return "none";
    case LogFailureKind::NegativeKvMemory:
        return "no_kv_memory";
    case LogFailureKind::NoCacheBlocks:
        return "no_cache_blocks";
    case LogFailureKind::MaxLenDoesNotFit:
        return "max_len_does_not_fit";
    case LogFailureKind::NotEnoughMemory:
        return "not_enough_memory";
    case LogFailureKind::WeightsLeaveNoMemory:
        return "weights_leave_no_memory";
    case LogFailureKind::KvCacheAllocation:
        return "kv_cache_allocation";
    case LogFailureKind::ComputeBuffers:
        return "compute_buffers";
    case LogFailureKind::OutOfMemory:
        return "out_of_memory";
    case LogFailureKind::ModelLoad:
        return "model_load";
    case LogFailureKind::EngineFailed:
        return "engine_failed";
    }
    return "unknown";
}

std::string logEngineName(LogEngine engine) {
    static constexpr EnumName<LogEngine> kEngines[] = {
        {LogEngine::Vllm, "vLLM"},
        {LogEngine::LlamaCpp, "llama.cpp"},
        {LogEngine::SGLang, "SGLang"},
        {LogEngine::Unknown, "unknown"},
    };
    return std::string(enumName(kEngines, engine, "unknown"));
}

std::string logFormatName(LogFormat format) {
    static constexpr EnumName<LogFormat> kFormats[] = {
        {LogFormat::VllmV0Blocks, "vLLM V0 (# GPU blocks, no memory profile)"},
        {LogFormat::VllmV0Profile, "vLLM V0 (< 0.7, memory profiling results)"},
        {LogFormat::VllmV0Table, "vLLM V0 (0.6.5, memory profiling table)"},
        {LogFormat::VllmV0Split, "vLLM V0 (0.7.x, weights / non-torch / activation split)"},
        {LogFormat::VllmV1, "vLLM V1 (available KV cache memory, GPU KV cache size)"},
        {LogFormat::LlamaCppKvSelf, "llama.cpp (KV self size)"},
        {LogFormat::LlamaCppKvCache, "llama.cpp (llama_kv_cache: cells, layers, seqs)"},
        {LogFormat::SGLang, "SGLang (KV Cache is allocated)"},
        {LogFormat::Unknown, "unknown"},
    };
    return std::string(enumName(kFormats, format, "unknown"));
}

namespace {

// What a run's lines add up to, once all are read: the engine by its votes, the caches and ranks
// summed or reduced, the failure the figures themselves show, the version or its guess.
ServerLog finishRun(ServerLog log, const ReadState& state) {
    if (state.sglang > state.vllm && state.sglang >= state.llama) {
        log.engine = LogEngine::SGLang;
        log.format = LogFormat::SGLang;
    } else if (state.llama > state.vllm) {
        log.engine = LogEngine::LlamaCpp;
        log.format = state.kvCache ? LogFormat::LlamaCppKvCache
                                   : (state.kvSelf ? LogFormat::LlamaCppKvSelf : LogFormat::Unknown);
    } else {
        log.engine = LogEngine::Vllm;
        // The lines decide; the version only where they do not (V0 lived on through 0.8).
        const bool v1Version = log.version.starts_with("0.8") || log.version.starts_with("0.9") ||
                               log.version.starts_with("0.1") || log.version.starts_with("1.");
        const bool v1 = (state.v1 && !(state.v0Split && log.version.starts_with("0.7"))) ||
                        (!state.v0Split && !state.v0Profile && v1Version);
        if (v1)
            log.format = LogFormat::VllmV1;
        else if (state.v0Table)
            log.format = LogFormat::VllmV0Table;
        else if (state.v0Split)
            log.format = LogFormat::VllmV0Split;
        else if (state.v0Profile)
            log.format = LogFormat::VllmV0Profile;
        else if (log.gpuBlocks || log.concurrency) // named by the lines it has, not a profile it lacks
            log.format = LogFormat::VllmV0Blocks;
    }

    // llama.cpp's caches: the attention caches add up to the KV memory (an iSWA model's non-SWA
    // and SWA caches both); recurrent state is apart.
    std::optional<LogSize> kv, k, v, stateSize;
    const auto add = [](std::optional<LogSize>& sum, const LogSize& size) {
        if (!sum)
            sum = size;
        else {
            sum->bytes += size.bytes;
            sum->tolerance += size.tolerance;
        }
    };
    bool allK = true, allV = true;
    std::uint64_t layers = 0;
    const LogKvCache* main = nullptr;
    for (const LogKvCache& c : log.kvCaches) {
        if (c.kind == "draft") // a draft model's own cache: listed, not the served model's KV
            continue;
        if (c.kind == "recurrent") {
            add(stateSize, c.size);
            continue;
        }
        add(kv, c.size);
        allK = allK && c.k.has_value();
        allV = allV && c.v.has_value();
        if (c.k)
            add(k, *c.k);
        if (c.v)
            add(v, *c.v);
        layers += c.layers;
        if (!main || c.kind == "non-SWA")
            main = &c;
    }
    if (kv) {
        log.kvMemory = kv;
        if (allK)
            log.kSize = k;
        if (allV)
            log.vSize = v;
        if (main->cells > 0 && !log.kvTokens)
            log.kvTokens = LogCount{main->cells, main->size.line};
        if (layers > 0 && !log.kvLayers)
            log.kvLayers = LogCount{layers, main->size.line};
        if (main->seqs > 0)
            log.kvSeqs = LogCount{main->seqs, main->size.line};
        if (log.kvCacheDtype.empty())
            log.kvCacheDtype = main->kType;
        if (log.vCacheDtype.empty())
            log.vCacheDtype = main->vType;
    }
    log.stateMemory = stateSize;

    // vLLM V1 with TP: the smallest rank's memory is what every rank's cache was sized by.
    if (!log.kvMemory && log.kvAvailable) // vLLM's refusal names the available KV memory
        log.kvMemory = log.kvAvailable;
    // vLLM with TP: the smallest rank's KV memory is what every rank's cache was sized by, and its
    // own profile figures go with it (a figure that rank did not print is not taken from another).
    std::vector<std::pair<std::string, const RankFigures*>> ranks;
    for (const auto& [name, figures] : state.ranks)
        if (figures.kvMemory)
            ranks.emplace_back(name, &figures);
    if (ranks.size() >= 2) {
        // In rank order ("TP2" before "TP10"), not in the order the workers happened to print.
        std::stable_sort(ranks.begin(), ranks.end(), [](const auto& a, const auto& b) {
            return a.first.size() != b.first.size() ? a.first.size() < b.first.size() : a.first < b.first;
        });
        const auto smallest = std::min_element(ranks.begin(), ranks.end(), [](const auto& a, const auto& b) {
            return a.second->kvMemory->bytes < b.second->kvMemory->bytes;
        });
        for (const auto& [name, figures] : ranks)
            log.kvMemoryByRank.push_back({name, *figures->kvMemory});
        const RankFigures& own = *smallest->second;
        log.kvMemoryRank = smallest->first;
        const auto take = [&](std::optional<LogSize> ServerLog::*field, std::optional<LogSize> RankFigures::*ownField) {
            const bool anyRank = std::any_of(ranks.begin(), ranks.end(),
                                             [&](const auto& r) { return (r.second->*ownField).has_value(); });
            if (anyRank)
                log.*field = own.*ownField;
        };
        take(&ServerLog::kvMemory, &RankFigures::kvMemory);
        take(&ServerLog::totalGpuMemory, &RankFigures::totalGpuMemory);
        take(&ServerLog::budget, &RankFigures::budget);
        take(&ServerLog::weights, &RankFigures::weights);
        take(&ServerLog::peakTorch, &RankFigures::peakTorch);
        take(&ServerLog::nonTorch, &RankFigures::nonTorch);
        take(&ServerLog::activationPeak, &RankFigures::activationPeak);
        take(&ServerLog::nonKvMemory, &RankFigures::nonKvMemory);
        log.ranksSeen = std::max<std::uint32_t>(log.ranksSeen, std::uint32_t(log.kvMemoryByRank.size()));
    } else if (ranks.size() == 1 && ranks.front().first != "driver") {
        log.kvMemoryRank = ranks.front().first; // one worker's line: its memory is that rank's
    }

    ReadState failure;
    failure.failurePriority = state.failurePriority;
    if (log.kvMemory && log.kvMemory->bytes <= 0)
        noteFailure(log, failure, LogFailureKind::NegativeKvMemory, log.kvMemory->line, {});
    if (log.gpuBlocks && log.gpuBlocks->value == 0 && log.engine == LogEngine::Vllm)
        noteFailure(log, failure, LogFailureKind::NoCacheBlocks, log.gpuBlocks->line, {});
    // vLLM refuses a max_model_len its blocks cannot hold (V0 llm_engine._init_cache since 0.2.7, PR
    // #2163: "The model's max seq len (%d) is larger than the maximum number of tokens that can be
    // stored in KV cache (%d)" when block_size x num_gpu_blocks < max_model_len). A paste that stops
    // before that line still shows it in its figures: 229 blocks x 16 = 3,664 < 4,096.
    if (log.engine == LogEngine::Vllm && log.gpuBlocks && log.gpuBlocks->value > 0 && log.maxModelLen &&
        !log.kvTokens) {
        const std::uint64_t block = log.blockSize && log.blockSize->value > 0 ? log.blockSize->value : 16;
        const std::uint64_t held = log.gpuBlocks->value * std::min<std::uint64_t>(block, 1u << 16);
        if (held < log.maxModelLen->value) {
            noteFailure(log, failure, LogFailureKind::MaxLenDoesNotFit, log.gpuBlocks->line, state.gpuBlocksText);
            if (log.failure.kind == LogFailureKind::MaxLenDoesNotFit && !log.suggestedMaxModelLen) {
                log.suggestedMaxModelLen = LogCount{held, log.gpuBlocks->line};
                log.suggestedFromBlocks = true;
            }
        }
    }
    log.failed = log.failure.kind != LogFailureKind::None;

    if (log.dtype.starts_with("torch."))
        log.dtype = log.dtype.substr(6);
    // llama.cpp with no cache summary line (ollama's builds of 2024-25 print only the buffers):
    // the KV buffers, each printed, are the KV memory.
    if (log.engine == LogEngine::LlamaCpp && !log.kvMemory && !log.kvBuffers.empty()) {
        log.kvMemory = sumOf(log.kvBuffers);
        log.kvMemoryFromBuffers = true;
    }
    // ollama's plan alone (the llama.cpp lines not in the paste): its KV estimate, said to be one.
    if (log.engine == LogEngine::LlamaCpp && !log.kvMemory && log.estimatedKv) {
        log.kvMemory = log.estimatedKv;
        log.kvMemoryEstimated = true;
    }
    // llama.cpp's older KV line gives no cell count: the cache holds n_ctx cells.
    if (log.engine == LogEngine::LlamaCpp && !log.kvTokens && log.maxModelLen && log.kvMemory)
        log.kvTokens = log.maxModelLen;
    // TP from the ranks only where they are named TP ranks (SGLang's "TPn", vLLM's "TPn"); vLLM's
    // "rank N" and "pid N" are world ranks, TP x PP, and say nothing of the split.
    const bool tpNames =
        log.engine == LogEngine::SGLang ||
        (!log.kvMemoryByRank.empty() &&
         std::all_of(log.kvMemoryByRank.begin(), log.kvMemoryByRank.end(), [](const LogRankSize& rank) {
             return rank.rank.find("TP") != std::string::npos && rank.rank.find("PP") == std::string::npos;
         }));
    if (!log.tensorParallel && log.ranksSeen > 1 && tpNames)
        log.tensorParallel = LogCount{log.ranksSeen, 0};
    if (log.version.empty()) {
        // No version line: the format's family is all the log tells, and it is said to be a guess.
        log.version = state.ollama && log.engine == LogEngine::LlamaCpp ? std::string("ollama")
                      : log.format != LogFormat::Unknown                ? logFormatName(log.format)
                                                                        : logEngineName(log.engine);
        log.versionGuessed = true;
    }
    // The readers cut names out of lines (at a quote, a comma, a length): a cut may fall inside a
    // character, so what is kept is made valid once more (found by fuzz_serverlog).
    for (std::string* kept : {&log.version, &log.model, &log.dtype, &log.kvCacheDtype, &log.vCacheDtype, &log.fileType})
        *kept = toValidUtf8(*kept);
    for (LogKvCache& c : log.kvCaches)
        for (std::string* kept : {&c.kType, &c.vType})
            *kept = toValidUtf8(*kept);
    log.failure.text = toValidUtf8(log.failure.text);
    log.kvMemoryRank = toValidUtf8(log.kvMemoryRank);
    return log;
}

} // namespace

std::vector<ServerLog> parseServerLogRuns(std::string_view text) {
    if (text.size() > kServerLogMaxBytes)
        throw Error("the log is " + groupThousands(text.size()) + " bytes; at most " +
                    groupThousands(kServerLogMaxBytes) + " bytes (16 MiB) are read");
    // Every name the log gives (model, version, dtype, paths) is kept as valid UTF-8: a
    // terminal's Latin-1 or a line cut inside a character is read with U+FFFD, and said so.
    std::size_t invalid = 0;
    const std::string valid = toValidUtf8(text, &invalid);
    text = valid;
    std::vector<ServerLog> runs;
    ServerLog log;
    ReadState state;
    std::size_t lines = 0;
    const auto finish = [&] {
        if (log.understood > 0)
            runs.push_back(finishRun(std::move(log), state));
        log = ServerLog();
        state = ReadState();
    };
    forEachLogicalLine(text, [&](const std::string& line, std::size_t first, std::size_t last) {
        ++lines;
        const LineReader r(line, first);
        const bool blank = line.find_first_not_of(' ') == std::string::npos;
        if (!blank && startsNewRun(r, log, state))
            finish();
        if (log.lines == 0)
            log.firstLine = first;
        log.lastLine = last;
        ++log.lines;
        if (blank)
            return;
        bool hit = readSettings(r, log, state);
        hit = readVllm(r, log, state) || hit;
        hit = readLlamaCpp(r, log, state) || hit;
        hit = readSGLang(r, log, state) || hit;
        hit = readFailure(r, log, state) || hit;
        if (hit)
            ++log.understood;
        else
            ++log.ignored;
    });
    finish();
    if (runs.empty())
        throw Error(
            "not a server start-up log: " +
            (lines == 1 ? std::string("its one line is not") : "none of its " + groupThousands(lines) + " lines is") +
            " a memory or settings line of vLLM, llama.cpp or SGLang");
    for (std::size_t i = 0; i < runs.size(); ++i) {
        runs[i].run = i + 1;
        runs[i].runs = runs.size();
        runs[i].invalidUtf8 = invalid;
    }
    return runs;
}

ServerLog parseServerLog(std::string_view text) {
    std::vector<ServerLog> runs = parseServerLogRuns(text);
    return std::move(runs.back());
}

ServerLog parseServerLogFile(const std::filesystem::path& path) {
    return parseServerLog(readInputFile(path, kServerLogMaxBytes, "server log"));
}

// ---------------------------------------------------------------------------------------------

bool LogRecomputation::consistent() const {
    return std::none_of(checks.begin(), checks.end(), [](const LogCheck& c) {
        return c.result == LogCheckResult::Disagrees && c.kind != LogCheckKind::KvMemoryNotNegative;
    });
}

namespace {

// The integer in [lo, hi] with the most trailing zero bits; 0 when the range holds none.
std::uint64_t roundestIn(double lo, double hi) {
    if (!(hi >= lo) || hi < 1 || hi > 1e15)
        return 0;
    const auto low = static_cast<std::uint64_t>(std::ceil(std::max(lo, 1.0)));
    const auto high = static_cast<std::uint64_t>(std::floor(hi));
    if (low > high)
        return 0;
    for (int k = 40; k >= 0; --k) {
        const std::uint64_t step = 1ull << k;
        const std::uint64_t c = ceilDiv(low, step) * step;
        if (c <= high)
            return c;
    }
    return low;
}

LogCheck check(LogCheckKind kind, double stated, double recomputed, double tolerance) {
    LogCheck c;
    c.kind = kind;
    c.stated = stated;
    c.recomputed = recomputed;
    c.tolerance = tolerance;
    // A little beyond the printed rounding: the engines round each term before printing.
    c.result =
        std::abs(stated - recomputed) <= tolerance * 1.0001 + 1e-9 ? LogCheckResult::Agrees : LogCheckResult::Disagrees;
    return c;
}

bool windowedOrHybrid(const ModelShape* model) {
    return model && model->slidingWindow > 0;
}

} // namespace

LogRecomputation recomputeServerLog(const ServerLog& log, const ModelShape* model, std::optional<DType> kvDtype) {
    LogRecomputation r;
    const bool vllm = log.engine == LogEngine::Vllm;
    r.blockSize = log.blockSize ? std::max<std::uint64_t>(log.blockSize->value, 1) : (vllm ? 16 : 1);
    if (r.blockSize > 1u << 16) // vLLM allows up to 256; anything past 65,536 is not a block size
        r.blockSize = vllm ? 16 : 1;

    // The budget and vLLM's subtraction.
    if (log.totalGpuMemory && log.utilization) {
        const double total = log.totalGpuMemory->bytes;
        const double util = log.utilization->value;
        r.budgetBytes = total * util;
        const double budgetTol = log.totalGpuMemory->tolerance * util + log.utilization->tolerance * total;
        if (log.budget)
            r.checks.push_back(check(LogCheckKind::BudgetFromTotal, log.budget->bytes, r.budgetBytes,
                                     budgetTol + log.budget->tolerance));
        if (log.peakTorch && log.nonTorch && log.kvMemory && !log.activationPeak) {
            r.kvMemoryFromBudget = r.budgetBytes - log.peakTorch->bytes - log.nonTorch->bytes;
            r.checks.push_back(
                check(LogCheckKind::KvFromProfileV0, log.kvMemory->bytes, r.kvMemoryFromBudget,
                      budgetTol + log.peakTorch->tolerance + log.nonTorch->tolerance + log.kvMemory->tolerance));
        }
    }
    if (log.weights && log.activationPeak && log.nonTorch && log.kvMemory && (log.budget || r.budgetBytes > 0)) {
        const double budget = log.budget ? log.budget->bytes : r.budgetBytes;
        const double budgetTol =
            log.budget ? log.budget->tolerance
                       : log.totalGpuMemory->tolerance + log.utilization->tolerance * log.totalGpuMemory->bytes;
        r.kvMemoryFromBudget = budget - log.weights->bytes - log.activationPeak->bytes - log.nonTorch->bytes;
        r.checks.push_back(check(LogCheckKind::KvFromProfileSplit, log.kvMemory->bytes, r.kvMemoryFromBudget,
                                 budgetTol + log.weights->tolerance + log.activationPeak->tolerance +
                                     log.nonTorch->tolerance + log.kvMemory->tolerance));
    }
    if (log.budget && log.nonKvMemory && log.kvMemory)
        r.checks.push_back(check(LogCheckKind::KvFromNonKv, log.kvMemory->bytes,
                                 log.budget->bytes - log.nonKvMemory->bytes,
                                 log.budget->tolerance + log.nonKvMemory->tolerance + log.kvMemory->tolerance));
    if (log.kvMemory) {
        LogCheck c;
        c.kind = LogCheckKind::KvMemoryNotNegative;
        c.stated = log.kvMemory->bytes;
        c.result = log.kvMemory->bytes >= 0 ? LogCheckResult::Agrees : LogCheckResult::Disagrees;
        r.checks.push_back(c);
    }

    // The KV memory and its tolerance: stated, or K + V.
    std::optional<LogSize> kv = log.kvMemory;
    if (!kv && log.kSize && log.vSize)
        kv = LogSize{log.kSize->bytes + log.vSize->bytes, log.kSize->tolerance + log.vSize->tolerance, log.kSize->line};
    if (log.kSize && log.vSize && log.kvMemory)
        r.checks.push_back(check(LogCheckKind::KPlusVIsTotal, log.kvMemory->bytes, log.kSize->bytes + log.vSize->bytes,
                                 log.kvMemory->tolerance + log.kSize->tolerance + log.vSize->tolerance));
    if (!log.kvBuffers.empty() && log.kvMemory && !log.kvMemoryFromBuffers) {
        const LogSize sum = sumOf(log.kvBuffers);
        r.checks.push_back(check(LogCheckKind::KvBuffersMatchTotal, log.kvMemory->bytes, sum.bytes,
                                 sum.tolerance + log.kvMemory->tolerance));
    }

    // Tokens: stated, or blocks x block size.
    std::optional<std::uint64_t> tokens;
    if (log.kvTokens)
        tokens = log.kvTokens->value;
    else if (log.gpuBlocks && vllm)
        tokens = log.gpuBlocks->value * r.blockSize;
    else if (log.maxTotalTokens && log.engine == LogEngine::SGLang)
        tokens = log.maxTotalTokens->value;
    // The tokens one request may hold: the concurrency line's, else max_model_len.
    const std::uint64_t perRequest = log.concurrencyTokens ? log.concurrencyTokens->value
                                     : log.maxModelLen     ? log.maxModelLen->value
                                                           : 0;
    // vLLM V1's token line (kv_cache_utils.py; see LogTokenRule): one KV cache group gives N =
    // num_blocks x block_size and a concurrency num_blocks / cdiv(max_model_len, block_size), at
    // most N / max_model_len. A concurrency above that, or the hybrid lines, show several groups;
    // a count that is no whole number of blocks but int(concurrency x max_model_len) is the newer
    // get_kv_cache_capacity's. The groups themselves are never printed, so they are never guessed.
    if (vllm && log.kvTokens) {
        const std::uint64_t n = log.kvTokens->value;
        r.attentionBlockSize = log.attentionBlockSize ? log.attentionBlockSize->value : 0;
        const std::uint64_t block = r.attentionBlockSize > 0 ? r.attentionBlockSize : r.blockSize;
        const bool wholeBlocks = n % block == 0;
        bool fromConcurrency = false;
        if (log.concurrency && perRequest > 0) {
            const double len = double(perRequest);
            const double tol = log.concurrency->tolerance * 1.0001;
            r.concurrencyAboveTokens = (log.concurrency->value - tol) * len > double(n);
            fromConcurrency = std::abs(double(n) - log.concurrency->value * len) <= tol * len + 1.0;
        }
        // A model known to be plain full attention (the caller's or the preset the log's name
        // matched) has one group: its concurrency above the token line is then a disagreement.
        const bool modelOneGroup = model && !model->isHybrid() && model->slidingWindow == 0;
        r.severalGroups = log.hybrid || (r.concurrencyAboveTokens && !modelOneGroup);
        if (!wholeBlocks)
            r.tokenRule = fromConcurrency ? LogTokenRule::ConcurrencyTimesMaxLen : LogTokenRule::Unknown;
        else if (r.severalGroups)
            r.tokenRule = fromConcurrency ? LogTokenRule::Unknown : LogTokenRule::BlocksPerGroup;
        else
            r.tokenRule = LogTokenRule::BlocksTimesBlockSize;
        if (r.tokenRule == LogTokenRule::BlocksPerGroup && r.attentionBlockSize > 0) {
            r.blocksPerGroup = n / r.attentionBlockSize;
            if (perRequest > 0)
                r.attentionBlocksPerRequest = ceilDiv(perRequest, r.attentionBlockSize);
        }
        if (r.tokenRule == LogTokenRule::ConcurrencyTimesMaxLen) {
            const double len = double(perRequest);
            r.checks.push_back(check(LogCheckKind::TokensFromConcurrency, double(n), log.concurrency->value * len,
                                     log.concurrency->tolerance * len + 1.0));
        }
    }
    const bool oneGroup = r.tokenRule == LogTokenRule::None || r.tokenRule == LogTokenRule::BlocksTimesBlockSize;
    // num_gpu_blocks counts every group's blocks: blocks x block size is the token line for one group only.
    if (log.kvTokens && log.gpuBlocks && vllm && oneGroup)
        r.checks.push_back(check(LogCheckKind::TokensFromBlocks, double(log.kvTokens->value),
                                 double(log.gpuBlocks->value) * double(r.blockSize), 0.0));
    if (log.kvTokens && log.maxTotalTokens)
        r.checks.push_back(
            check(LogCheckKind::PoolTokensMatch, double(log.maxTotalTokens->value), double(log.kvTokens->value), 0.0));
    if (log.availBeforeWeights && log.availAfterWeights && log.weights)
        r.checks.push_back(
            check(LogCheckKind::WeightsFromAvailDrop, log.weights->bytes,
                  log.availBeforeWeights->bytes - log.availAfterWeights->bytes,
                  log.weights->tolerance + log.availBeforeWeights->tolerance + log.availAfterWeights->tolerance));

    const std::uint64_t modelBytes =
        model && kvDtype
            ? kvBytesPerToken(*model, *kvDtype,
                              [&]() -> PerGpu {
                                  // The log's TP when the model's heads split by it, else the whole model.
                                  const std::uint32_t tp =
                                      log.tensorParallel
                                          ? std::uint32_t(std::min<std::uint64_t>(log.tensorParallel->value, 1u << 16))
                                          : 1;
                                  try {
                                      (void)kvHeadsPerGpu(*model, tp);
                                      return PerGpu{tp};
                                  } catch (const Error&) {
                                      return PerGpu{};
                                  }
                              }())
            : 0;

    // Bytes per token: the range the printed KV size and token count allow (whole blocks).
    const auto bytesRange = [&](const LogSize& size, std::uint64_t n) {
        const double lo = (size.bytes - size.tolerance) / double(n + r.blockSize);
        const double hi = (size.bytes + size.tolerance) / double(n);
        return std::pair<double, double>{lo, hi};
    };
    std::size_t attentionCaches = 0;
    for (const LogKvCache& c : log.kvCaches) {
        std::uint64_t perCell = 0;
        if (c.cells > 0 && c.size.bytes > 0)
            perCell = roundestIn((c.size.bytes - c.size.tolerance) / double(c.cells),
                                 (c.size.bytes + c.size.tolerance) / double(c.cells));
        r.cacheBytesPerCell.push_back(perCell);
        if (c.kind != "recurrent" && c.kind != "draft")
            ++attentionCaches;
    }
    // Ranks of other memory that need not hold the same layers: names that are not plain TP ranks.
    r.ranksDiffer = std::any_of(log.kvMemoryByRank.begin(), log.kvMemoryByRank.end(), [&](const LogRankSize& rank) {
        return log.kvMemory && rank.size.bytes != log.kvMemory->bytes;
    });
    const bool ranksDiffer = r.ranksDiffer;
    const bool pureTp = std::all_of(log.kvMemoryByRank.begin(), log.kvMemoryByRank.end(), [](const LogRankSize& rank) {
        return rank.rank.find("PP") == std::string::npos &&
               (rank.rank.starts_with("TP") || rank.rank.starts_with("DP"));
    });
    // World ranks ("rank 2", Ray's "pid 4102") may be pipeline stages, unless the log's own settings say there is one
    // stage (pipeline_parallel_size=1): then every rank holds every layer, whatever its name.
    const bool oneStage = log.pipelineParallel && log.pipelineParallel->value == 1;
    r.ranksMayHoldOtherLayers =
        ranksDiffer && !oneStage && (!pureTp || (log.pipelineParallel && log.pipelineParallel->value > 1));
    const std::uint64_t tpSize = log.tensorParallel ? log.tensorParallel->value : 1;
    // One worker's "Available KV cache memory" (or a few) of a TP start-up: the TP size says so, or
    // the worker's own name ("Worker_TP0": gpu_worker.py names a TP rank only when TP > 1).
    const bool namedTpRank = log.kvMemoryByRank.empty() && log.kvMemoryRank.find("TP") != std::string::npos;
    r.fromOneRankOfSeveral =
        vllm && log.kvMemory.has_value() && ((tpSize > 1 && log.kvMemoryByRank.size() < tpSize) || namedTpRank);
    r.perTokenUndefined =
        attentionCaches > 1 || log.hybrid || !oneGroup || log.swaLayerTokens.has_value() || r.ranksMayHoldOtherLayers;
    if (r.perTokenUndefined) {
        if (kv)
            r.kvMemoryBytes = kv->bytes;
        if (tokens)
            r.tokens = r.tokensLow = r.tokensHigh = *tokens;
    } else if (r.fromOneRankOfSeveral && tokens && *tokens > 0 && kv && kv->bytes > 0) {
        // vLLM's tokens are the smallest rank's blocks (get_kv_cache_configs), and this rank's memory
        // need not be the smallest: its memory over those tokens is a bound, never the figure, and no
        // check mixes the two ranks. Qwen3-235B TP4: 17.77 GiB / 391,760 gives at most 48,717 B; the
        // shape's 48,128 B is the smallest rank's.
        r.kvBytesPerTokenAtMost = static_cast<std::uint64_t>(std::floor((kv->bytes + kv->tolerance) / double(*tokens)));
        r.kvMemoryBytes = kv->bytes;
        r.tokens = r.tokensLow = r.tokensHigh = *tokens;
    } else if (tokens && *tokens > 0 && kv && kv->bytes > 0) {
        // K and V apart only when both are sizes: a negative one (a damaged or failed line; the
        // fuzzer's "V (q8_0): -136.00 MiB") leaves the split out, and the total is read instead. A
        // negative upper bound had been cast to an unsigned integer (undefined).
        if (log.kSize && log.vSize && log.kSize->bytes >= 0 && log.vSize->bytes >= 0 && log.engine != LogEngine::Vllm) {
            const auto [klo, khi] = bytesRange(*log.kSize, *tokens);
            const auto [vlo, vhi] = bytesRange(*log.vSize, *tokens);
            r.kBytesPerToken = roundestIn(klo, khi);
            const std::uint64_t v = roundestIn(vlo, vhi);
            r.bytesPerTokenLow = static_cast<std::uint64_t>(std::ceil(std::max(klo + vlo, 0.0)));
            r.bytesPerTokenHigh = static_cast<std::uint64_t>(std::floor(std::max(khi + vhi, 0.0)));
            r.kvBytesPerToken = r.kBytesPerToken + v;
        } else {
            const auto [lo, hi] = bytesRange(*kv, *tokens);
            r.bytesPerTokenLow = static_cast<std::uint64_t>(std::ceil(std::max(lo, 0.0)));
            r.bytesPerTokenHigh = static_cast<std::uint64_t>(std::floor(std::max(hi, 0.0)));
            r.kvBytesPerToken = modelBytes != 0 && double(modelBytes) >= lo && double(modelBytes) <= hi
                                    ? modelBytes
                                    : roundestIn(lo, hi);
        }
        if (r.kvBytesPerToken == 0) // no integer fits: the figures disagree; show the plain quotient
            r.kvBytesPerToken = static_cast<std::uint64_t>(std::llround(kv->bytes / double(*tokens)));
        r.kvMemoryBytes = kv->bytes;
    } else if (tokens && modelBytes != 0) {
        r.kvBytesPerToken = modelBytes;
        r.bytesPerTokenFromModel = true;
        r.kvMemoryBytes = double(*tokens) * double(modelBytes);
    } else if (kv) {
        r.kvMemoryBytes = kv->bytes;
    }

    if (r.kvBytesPerToken > kMaxLogCount) // over 1 TiB a token: figures that describe no cache
        r.kvBytesPerToken = 0;
    if (r.kvBytesPerToken > 0) {
        r.blockBytes = r.kvBytesPerToken * r.blockSize;
        const auto tokensFor = [&](double bytes) -> std::uint64_t {
            if (bytes <= 0)
                return 0;
            return static_cast<std::uint64_t>(std::floor(bytes / double(r.blockBytes))) * r.blockSize;
        };
        if (kv && !r.bytesPerTokenFromModel) {
            r.tokens = tokensFor(kv->bytes);
            r.tokensLow = tokensFor(kv->bytes - kv->tolerance);
            r.tokensHigh = tokensFor(kv->bytes + kv->tolerance);
            if (log.engine == LogEngine::SGLang) // SGLang's pool holds one page more than it counts
                r.tokensLow = r.tokensLow > 0 ? r.tokensLow - 1 : 0;
            r.blockRoundingBytes = kv->bytes - double(r.tokens) * double(r.kvBytesPerToken);
            if (tokens) {
                LogCheck c;
                c.kind = LogCheckKind::TokensFromKvMemory;
                c.stated = double(*tokens);
                c.recomputed = double(r.tokens);
                c.tolerance = double(std::max(r.tokensHigh - r.tokens, r.tokens - r.tokensLow));
                c.result = *tokens >= r.tokensLow && *tokens <= r.tokensHigh ? LogCheckResult::Agrees
                                                                             : LogCheckResult::Disagrees;
                r.checks.push_back(c);
            }
        } else if (tokens) {
            r.tokens = r.tokensLow = r.tokensHigh = *tokens;
        }
    }

    // Concurrency = tokens / max_model_len (vLLM's rule for one full-attention group; with several
    // groups vLLM's own figure stands, and none is made that would contradict it).
    // llama.cpp's n_ctx is the whole cache (its cells), not a per-request limit: no concurrency there.
    if (tokens && perRequest > 0 && log.engine != LogEngine::LlamaCpp && oneGroup) {
        r.concurrency = double(*tokens) / double(perRequest);
        if (log.concurrency) {
            LogCheck c = check(LogCheckKind::ConcurrencyFromTokens, log.concurrency->value, r.concurrency,
                               log.concurrency->tolerance);
            if (c.result == LogCheckResult::Disagrees && (windowedOrHybrid(model) || log.hybrid))
                c.result = LogCheckResult::Explained;
            r.checks.push_back(c);
        }
    }
    return r;
}

// ---------------------------------------------------------------------------------------------

std::string matchPresetForModelName(std::string_view modelName) {
    const auto normalize = [](std::string_view s) {
        std::string out;
        for (char c : s)
            if (std::isalnum(static_cast<unsigned char>(c)))
                out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return out;
    };
    std::string name(modelName);
    // "/home/model/Qwen/QwQ-32B" and "meta-llama/Llama-3.1-8B": the last part names the model.
    if (const std::size_t slash = name.find_last_of("/\\"); slash != std::string::npos && slash + 1 < name.size())
        name = name.substr(slash + 1);
    const std::string key = normalize(name);
    if (key.empty())
        return {};
    std::string best;
    std::size_t bestLength = 0;
    for (const ModelPresetInfo& info : modelPresets()) {
        for (const std::string& candidate : {normalize(info.id), normalize(info.displayName)}) {
            if (candidate.size() < 4 || candidate.size() <= bestLength)
                continue;
            const std::size_t at = key.find(candidate);
            if (at == std::string::npos)
                continue;
            // "llama27b" must not match inside "codellama27b"... but "metallama318b" may: the
            // match must start the name or follow "meta"; it must not be followed by a digit
            // ("llama318b" is not "llama3180b").
            const bool startOk = at == 0 || key.substr(0, at) == "meta";
            const std::size_t after = at + candidate.size();
            const bool endOk = after == key.size() || !std::isdigit(static_cast<unsigned char>(key[after]));
            if (startOk && endOk) {
                best = info.id;
                bestLength = candidate.size();
            }
        }
    }
    return best;
}

namespace {

std::optional<DType> dtypeFromLogName(std::string_view text) {
    const std::string s = toLower(text);
    if (s == "float16" || s == "half" || s == "f16" || s == "fp16" || s == "torch.float16")
        return DType::fp16();
    if (s == "bfloat16" || s == "bf16" || s == "torch.bfloat16")
        return DType::bf16();
    if (s == "float32" || s == "float" || s == "f32" || s == "fp32" || s == "torch.float32")
        return DType::fp32();
    if (s.starts_with("fp8") || s == "f8" || s.starts_with("float8"))
        return DType{DTypeKind::FP8};
    if (s == "q8_0" || s == "int8")
        return DType::quantized(DTypeKind::INT8, 32, DTypeKind::FP16); // 34 bytes per 32 values
    if (s == "q4_0" || s == "q4_1" || s == "iq4_nl" || s == "int4")
        return DType::quantized(DTypeKind::INT4, 32, DTypeKind::FP16); // 18 bytes per 32 values
    return std::nullopt;
}

DType weightDtypeFor(const ServerLog& log, const ModelShape& model) {
    const std::string name = toLower(log.model);
    const std::string ftype = toLower(log.fileType.empty() ? log.model : log.fileType);
    if (log.engine == LogEngine::LlamaCpp) {
        if (ftype.find("q4") != std::string::npos)
            return DType::quantized(DTypeKind::INT4, 32, DTypeKind::FP16);
        if (ftype.find("q8") != std::string::npos)
            return DType::quantized(DTypeKind::INT8, 32, DTypeKind::FP16);
        if (ftype.find("bf16") != std::string::npos)
            return DType::bf16();
        if (ftype.find("f16") != std::string::npos)
            return DType::fp16();
        if (ftype.find("f32") != std::string::npos)
            return DType::fp32();
    }
    if (name.find("fp8") != std::string::npos)
        return DType{DTypeKind::FP8};
    if (name.find("awq") != std::string::npos || name.find("gptq") != std::string::npos ||
        name.find("int4") != std::string::npos)
        return DType::quantized(DTypeKind::INT4, 128, DTypeKind::FP16);
    if (auto d = dtypeFromLogName(log.dtype);
        d && (d->kind == DTypeKind::FP16 || d->kind == DTypeKind::BF16 || d->kind == DTypeKind::FP32))
        return *d;
    return model.nativeDtype;
}

} // namespace

std::optional<DType> logKvDtype(const ServerLog& log, const ModelShape& model) {
    if (auto d = dtypeFromLogName(log.kvCacheDtype))
        return d;
    // "auto": the cache follows the activations' dtype (the model's, or the --dtype given).
    if (auto d = dtypeFromLogName(log.dtype); d && !d->isQuantized() && d->kind != DTypeKind::FP8)
        return d;
    return model.nativeDtype.kind == DTypeKind::FP32
               ? DType::fp32()
               : (model.nativeDtype.isQuantized() ? DType::bf16() : model.nativeDtype);
}

Scenario scenarioFromServerLog(const ServerLog& log, const ModelShape& model) {
    Scenario s = defaultScenario();
    s.model = model;
    s.weightDtype = weightDtypeFor(log, model);
    s.kvDtype = logKvDtype(log, model).value_or(DType::bf16());
    s.batch = 1;
    if (log.maxModelLen && log.maxModelLen->value > 0)
        s.context = std::min<std::uint64_t>(log.maxModelLen->value, 1ull << 32);
    else if (log.concurrencyTokens && log.concurrencyTokens->value > 0)
        s.context = std::min<std::uint64_t>(log.concurrencyTokens->value, 1ull << 32);
    else if (model.maxContext > 0)
        s.context = model.maxContext;
    if (log.utilization && log.utilization->value > 0 && log.utilization->value <= 1)
        s.utilization = log.utilization->value;
    s.tensorParallel =
        log.tensorParallel ? std::uint32_t(std::clamp<std::uint64_t>(log.tensorParallel->value, 1, 4096)) : 1;
    if (log.blockSize && log.blockSize->value > 0 && log.blockSize->value <= 4096)
        s.blockSize = std::uint32_t(log.blockSize->value);
    if (log.engine != LogEngine::Vllm)
        s.blockSize = 1; // llama.cpp cells and SGLang's token pool hold single tokens
    if (log.totalGpuMemory && log.totalGpuMemory->bytes > 0) {
        s.gpuId = "custom";
        s.gpuMemoryBytes = static_cast<std::uint64_t>(std::min(log.totalGpuMemory->bytes, kMaxLogBytes));
    }
    return s;
}

LogComparison compareServerLog(const ServerLog& log, const LogRecomputation& rec, const ModelShape& model) {
    LogComparison out;
    out.scenario = scenarioFromServerLog(log, model);
    Scenario& s = out.scenario;
    const bool gpuFromLog = log.totalGpuMemory.has_value();
    if (!gpuFromLog) {
        // Without the card's size, KV Scope's KV term is taken from the server's own KV memory:
        // the budget is what the server's terms add up to, so the comparison stays term by term.
        const Estimate first = estimate(s);
        double used = double(first.weightBytes) + double(first.activationBytes) + double(first.runtimeBytes);
        if (rec.kvMemoryBytes > 0)
            used += rec.kvMemoryBytes;
        if (log.weights)
            used += std::max(0.0, log.weights->bytes - double(first.weightBytes));
        if (used > 0) {
            s.gpuId = "custom";
            s.gpuMemoryBytes = static_cast<std::uint64_t>(std::min(std::ceil(used / s.utilization), kMaxLogBytes));
        }
    }
    out.estimate = estimate(s);
    const Estimate& e = out.estimate;

    const double kvBudget =
        double(e.budgetBytes) - double(e.weightBytes) - double(e.activationBytes) - double(e.runtimeBytes);
    struct Figure { // the server's side of one term, with where it comes from
        double value = 0.0;
        bool recomputed = false;
        std::size_t line = 0;
    };
    const auto printed = [](const LogSize& size) { return Figure{size.bytes, false, size.line}; };
    const auto fromLines = [](double value, std::size_t line) { return Figure{value, true, line}; };
    auto add = [&](CompareTerm term, const std::optional<Figure>& server, double ours) {
        TermComparison t;
        t.term = term;
        t.hasServer = server.has_value();
        if (server) {
            t.server = server->value;
            t.serverRecomputed = server->recomputed;
            t.serverLine = server->line;
        }
        t.kvscope = ours;
        out.terms.push_back(t);
    };
    std::optional<Figure> weights;
    if (log.weights)
        weights = printed(*log.weights);
    else if (!log.modelBuffers.empty())
        weights = fromLines(sumOf(log.modelBuffers).bytes, log.modelBuffers.front().size.line);
    std::optional<Figure> activation;
    if (log.activationPeak)
        activation = printed(*log.activationPeak);
    else if (log.peakTorch && log.weights)
        activation = fromLines(log.peakTorch->bytes - log.weights->bytes, log.peakTorch->line);
    else if (!log.computeBuffers.empty())
        activation = fromLines(sumOf(log.computeBuffers).bytes, log.computeBuffers.front().size.line);
    std::optional<Figure> nonTorch;
    if (log.nonTorch)
        nonTorch = printed(*log.nonTorch);
    // The server's column holds what the log printed, or what its own lines add up to (said so), never the
    // model's figure times its tokens.
    std::optional<Figure> kvMemory;
    if (log.kvMemory && !log.kvMemoryFromBuffers && !log.kvMemoryEstimated && log.kvCaches.size() <= 1)
        kvMemory = Figure{rec.kvMemoryBytes != 0 ? rec.kvMemoryBytes : log.kvMemory->bytes, false, log.kvMemory->line};
    else if (rec.kvMemoryBytes != 0 && !rec.bytesPerTokenFromModel)
        kvMemory = fromLines(rec.kvMemoryBytes, log.kvMemory ? log.kvMemory->line : 0);
    add(CompareTerm::Weights, weights, double(e.weightBytes));
    add(CompareTerm::ActivationPeak, activation, double(e.activationBytes));
    add(CompareTerm::NonTorch, nonTorch, double(e.runtimeBytes));
    add(CompareTerm::KvMemory, kvMemory, std::max(kvBudget, 0.0));
    // No server prints bytes per token: it is the log's KV memory over its tokens, recomputed.
    add(CompareTerm::KvBytesPerToken,
        rec.kvBytesPerToken > 0 && !rec.bytesPerTokenFromModel
            ? std::optional<Figure>(fromLines(double(rec.kvBytesPerToken), log.kvMemory ? log.kvMemory->line : 0))
            : std::nullopt,
        double(e.kvBytesPerTokenPerGpu));

    // Our tokens and concurrency for the server's own KV memory: what the model's shape implies.
    if (rec.kvMemoryBytes > 0) {
        out.capacityFromServerKv = capacityFromKvMemory(
            s.model, s.kvDtype, static_cast<std::uint64_t>(std::min(rec.kvMemoryBytes, kMaxLogBytes)), s.blockSize,
            std::max<std::uint64_t>(s.context, 1), PerGpu{s.tensorParallel});
        out.hasCapacity = true;
    }
    std::optional<Figure> tokens;
    if (log.kvTokens)
        tokens = Figure{double(log.kvTokens->value), false, log.kvTokens->line};
    else if (log.gpuBlocks && log.engine == LogEngine::Vllm)
        tokens = fromLines(double(log.gpuBlocks->value * rec.blockSize), log.gpuBlocks->line);
    add(CompareTerm::KvTokens, tokens, out.hasCapacity ? double(out.capacityFromServerKv.tokens) : 0.0);
    add(CompareTerm::Concurrency,
        log.concurrency ? std::optional<Figure>(Figure{log.concurrency->value, false, log.concurrency->line})
                        : std::nullopt,
        out.hasCapacity ? out.capacityFromServerKv.maxConcurrency : 0.0);

    // The differences, named.
    auto diff = [&](DifferenceKind kind, double server, double ours) {
        out.differences.push_back({kind, server, ours});
    };
    // Only where the weights and the rest took the whole budget; a refused max_model_len or an
    // allocation that failed is the log's failure, said at the top, not a difference of terms.
    if (log.failure.kind == LogFailureKind::NegativeKvMemory || log.failure.kind == LogFailureKind::NoCacheBlocks)
        diff(DifferenceKind::ServerFailed, log.kvMemory ? log.kvMemory->bytes : 0.0, kvBudget);
    if (weights && std::abs(weights->value - double(e.weightBytes)) > 0.03 * double(e.weightBytes))
        diff(DifferenceKind::WeightsDiffer, weights->value, double(e.weightBytes));
    if (activation && log.engine != LogEngine::LlamaCpp)
        diff(DifferenceKind::ActivationPeak, activation->value, double(e.activationBytes));
    if (!log.computeBuffers.empty() && activation)
        diff(DifferenceKind::ComputeBuffers, activation->value, double(e.activationBytes));
    if (nonTorch)
        diff(DifferenceKind::NonTorchMemory, nonTorch->value, double(e.runtimeBytes));
    if (rec.blockSize > 1 && rec.blockRoundingBytes > 0)
        diff(DifferenceKind::BlockRounding, rec.blockRoundingBytes, double(rec.blockBytes));
    if (log.utilization && log.utilization->value < 1 && log.totalGpuMemory)
        diff(DifferenceKind::Utilization, log.totalGpuMemory->bytes * (1 - log.utilization->value),
             log.utilization->value);
    if (s.tensorParallel > 1)
        diff(DifferenceKind::TensorParallel, double(s.tensorParallel), double(e.kvHeadsPerGpu));
    if (model.slidingWindow > 0)
        diff(DifferenceKind::SlidingOrHybrid, double(model.slidingWindow), double(model.windowedLayerCount()));
    if (rec.kvBytesPerToken > 0 && !rec.bytesPerTokenFromModel && rec.kvBytesPerToken != e.kvBytesPerTokenPerGpu)
        diff(DifferenceKind::KvPerTokenDiffers, double(rec.kvBytesPerToken), double(e.kvBytesPerTokenPerGpu));
    if (log.availAfterWeights && log.availAfterPool && log.kSize && log.vSize) {
        const double taken = log.availAfterWeights->bytes - log.availAfterPool->bytes;
        const double kv = log.kSize->bytes + log.vSize->bytes;
        if (taken > kv)
            diff(DifferenceKind::RequestPool, taken, kv);
    }
    if (log.cudaGraphs)
        diff(DifferenceKind::CudaGraphs, log.cudaGraphs->bytes, 0.0);
    return out;
}

std::string logCheckKindId(LogCheckKind kind) {
    switch (kind) {
    case LogCheckKind::BudgetFromTotal:
        return "budget_from_total";
    case LogCheckKind::KvFromProfileV0:
        return "kv_from_profile_v0";
    case LogCheckKind::KvFromProfileSplit:
        return "kv_from_profile_split";
    case LogCheckKind::TokensFromKvMemory:
        return "tokens_from_kv_memory";
    case LogCheckKind::TokensFromBlocks:
        return "tokens_from_blocks";
    case LogCheckKind::ConcurrencyFromTokens:
        return "concurrency_from_tokens";
    case LogCheckKind::KPlusVIsTotal:
        return "k_plus_v_is_total";
    case LogCheckKind::KvBuffersMatchTotal:
        return "kv_buffers_match_total";
    case LogCheckKind::WeightsFromAvailDrop:
        return "weights_from_avail_drop";
    case LogCheckKind::PoolTokensMatch:
        return "pool_tokens_match";
    case LogCheckKind::KvMemoryNotNegative:
        return "kv_memory_not_negative";
    case LogCheckKind::KvFromNonKv:
        return "kv_from_non_kv";
    case LogCheckKind::TokensFromConcurrency:
        return "tokens_from_concurrency";
    }
    return "unknown";
}

std::string logTokenRuleId(LogTokenRule rule) {
    switch (rule) {
    case LogTokenRule::None:
        return "none";
    case LogTokenRule::BlocksTimesBlockSize:
        return "blocks_x_block_size";
    case LogTokenRule::BlocksPerGroup:
        return "blocks_per_group_x_block_size";
    case LogTokenRule::ConcurrencyTimesMaxLen:
        return "concurrency_x_max_model_len";
    case LogTokenRule::Unknown:
        break;
    }
    return "unknown";
}

std::string logCheckResultId(LogCheckResult result) {
    switch (result) {
    case LogCheckResult::Agrees:
        return "agrees";
    case LogCheckResult::Disagrees:
        return "disagrees";
    case LogCheckResult::Explained:
        return "explained";
    }
    return "unknown";
}

std::string compareTermId(CompareTerm term) {
    switch (term) {
    case CompareTerm::Weights:
        return "weights";
    case CompareTerm::ActivationPeak:
        return "activation_peak";
    case CompareTerm::NonTorch:
        return "non_torch";
    case CompareTerm::KvMemory:
        return "kv_memory";
    case CompareTerm::KvBytesPerToken:
        return "kv_bytes_per_token";
    case CompareTerm::KvTokens:
        return "kv_tokens";
    case CompareTerm::Concurrency:
        return "concurrency";
    }
    return "unknown";
}

std::string differenceKindId(DifferenceKind kind) {
    switch (kind) {
    case DifferenceKind::ActivationPeak:
        return "activation_peak";
    case DifferenceKind::NonTorchMemory:
        return "non_torch_memory";
    case DifferenceKind::BlockRounding:
        return "block_rounding";
    case DifferenceKind::Utilization:
        return "utilization";
    case DifferenceKind::TensorParallel:
        return "tensor_parallel";
    case DifferenceKind::SlidingOrHybrid:
        return "sliding_or_hybrid";
    case DifferenceKind::WeightsDiffer:
        return "weights_differ";
    case DifferenceKind::KvPerTokenDiffers:
        return "kv_per_token_differs";
    case DifferenceKind::RequestPool:
        return "request_pool";
    case DifferenceKind::CudaGraphs:
        return "cuda_graphs";
    case DifferenceKind::ComputeBuffers:
        return "compute_buffers";
    case DifferenceKind::ServerFailed:
        return "server_failed";
    }
    return "unknown";
}

LogExplanation explainServerLog(ServerLog log, const std::optional<ModelShape>& model) {
    LogExplanation out;
    out.log = std::move(log);
    if (model) {
        out.model = model;
        out.modelSource = LogModelSource::Caller;
    } else if (const std::string id = matchPresetForModelName(out.log.model); !id.empty()) {
        out.model = loadPreset(id);
        out.modelSource = LogModelSource::LogName;
        out.presetId = id;
    }
    if (out.model) {
        out.recomputed = recomputeServerLog(out.log, &*out.model, logKvDtype(out.log, *out.model));
        try {
            out.comparison = compareServerLog(out.log, out.recomputed, *out.model);
        } catch (const Error& e) {
            // The log is still explained against itself; only the estimate could not be made
            // (a TP the model's heads do not divide, figures past 64 bits).
            out.comparisonError = e.what();
        }
    } else {
        out.recomputed = recomputeServerLog(out.log);
    }
    return out;
}

LogExplanation explainServerLog(std::string_view text, const std::optional<ModelShape>& model) {
    return explainServerLog(parseServerLog(text), model);
}

LogBars logBars(const LogExplanation& x) {
    LogBars bars;
    const auto at = [](LogBarTerm term) { return static_cast<std::size_t>(term); };
    if (x.comparison) {
        for (const TermComparison& t : x.comparison->terms) {
            const std::optional<LogBarTerm> term = t.term == CompareTerm::Weights          ? LogBarTerm::Weights
                                                   : t.term == CompareTerm::ActivationPeak ? LogBarTerm::ActivationPeak
                                                   : t.term == CompareTerm::NonTorch       ? LogBarTerm::NonTorch
                                                   : t.term == CompareTerm::KvMemory
                                                       ? std::optional(LogBarTerm::KvCache)
                                                       : std::nullopt;
            if (!term)
                continue; // per token, tokens and concurrency are not memory
            bars.server[at(*term)] = t.hasServer ? std::max(t.server, 0.0) : 0.0;
            bars.kvscope[at(*term)] = std::max(t.kvscope, 0.0);
        }
    } else { // no model: the server's bar alone
        const ServerLog& l = x.log;
        if (l.weights)
            bars.server[at(LogBarTerm::Weights)] = l.weights->bytes;
        if (l.activationPeak)
            bars.server[at(LogBarTerm::ActivationPeak)] = l.activationPeak->bytes;
        if (l.nonTorch)
            bars.server[at(LogBarTerm::NonTorch)] = l.nonTorch->bytes;
        bars.server[at(LogBarTerm::KvCache)] = std::max(x.recomputed.kvMemoryBytes, 0.0);
    }
    if (x.log.cudaGraphs)
        bars.server[at(LogBarTerm::CudaGraphs)] = x.log.cudaGraphs->bytes;
    for (std::size_t i = 0; i < kLogBarTerms; ++i) {
        bars.serverTotal += bars.server[i];
        bars.kvscopeTotal += bars.kvscope[i];
    }
    return bars;
}

} // namespace kvscope
