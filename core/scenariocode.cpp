#include "scenariocode.h"

#include "error.h"
#include "lesson.h"
#include "presets.h"
#include "scenarioargs.h"
#include "scenariofile.h"
#include "text.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <charconv>
#include <map>
#include <optional>

namespace kvscope {

namespace {

constexpr std::string_view kBase64Url = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

std::string base64UrlEncode(std::string_view bytes) {
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    std::size_t i = 0;
    for (; i + 2 < bytes.size(); i += 3) {
        const std::uint32_t v = (std::uint32_t(std::uint8_t(bytes[i])) << 16) |
                                (std::uint32_t(std::uint8_t(bytes[i + 1])) << 8) | std::uint8_t(bytes[i + 2]);
        for (const int shift : {18, 12, 6, 0})
            out += kBase64Url[(v >> shift) & 63];
    }
    if (const std::size_t rest = bytes.size() - i; rest > 0) { // no padding: a URL keeps it short
        std::uint32_t v = std::uint32_t(std::uint8_t(bytes[i])) << 16;
        if (rest == 2)
            v |= std::uint32_t(std::uint8_t(bytes[i + 1])) << 8;
        out += kBase64Url[(v >> 18) & 63];
        out += kBase64Url[(v >> 12) & 63];
        if (rest == 2)
            out += kBase64Url[(v >> 6) & 63];
    }
    return out;
}

std::optional<std::string> base64UrlDecode(std::string_view text) {
    std::array<int, 256> value{};
    value.fill(-1);
    for (std::size_t i = 0; i < kBase64Url.size(); ++i)
        value[std::uint8_t(kBase64Url[i])] = int(i);
    if (text.size() % 4 == 1)
        return std::nullopt;
    std::string out;
    out.reserve(text.size() / 4 * 3 + 2);
    std::uint32_t bits = 0;
    int count = 0;
    for (const char c : text) {
        const int v = value[std::uint8_t(c)];
        if (v < 0)
            return std::nullopt;
        bits = (bits << 6) | std::uint32_t(v);
        count += 6;
        if (count >= 8) {
            count -= 8;
            out += char((bits >> count) & 0xff);
        }
    }
    return out;
}

// %XX escapes undone; a '%' without two hex digits is an error.
std::optional<std::string> percentDecode(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '%') {
            out += text[i];
            continue;
        }
        unsigned v = 0;
        if (i + 2 >= text.size())
            return std::nullopt;
        const auto [end, ec] = std::from_chars(text.data() + i + 1, text.data() + i + 3, v, 16);
        if (ec != std::errc() || end != text.data() + i + 3)
            return std::nullopt;
        out += char(v);
        i += 2;
    }
    return out;
}

// A value this format writes: letters, digits and . : - _ (dtype names, ids, numbers, base64url).
bool plainValue(std::string_view value) {
    for (const char c : value)
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == ':' ||
              c == '-' || c == '_'))
            return false;
    return true;
}

// "0.9", not "0.900000": the shortest form that reads back.
std::string number(double value) {
    std::array<char, 64> buffer{};
    const auto [end, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
    return ec == std::errc() ? std::string(buffer.data(), end) : std::string("0");
}

[[noreturn]] void fail(const std::string& what) {
    throw Error("scenario code: " + what);
}

// The shared parsers name their command-line option ("--batch must be ..."); a code names its own field.
std::string asField(const std::string& message) {
    const std::size_t end = message.find_first_of(" :", 2);
    const std::string option = message.substr(2, end == std::string::npos ? std::string::npos : end - 2);
    const std::string key = option == "weight-dtype"  ? "weights"
                            : option == "kv-dtype"    ? "kv"
                            : option == "utilization" ? "util"
                                                      : option;
    return "field '" + key + "'" + (end == std::string::npos ? std::string() : message.substr(end));
}

} // namespace

bool isScenarioCode(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t' || text.front() == '\n'))
        text.remove_prefix(1);
    return text.starts_with(kScenarioCodePrefix);
}

namespace {

// The short form's fields ("&preset=...&chunk=2048") when they carry the scenario whole: a preset model as
// published, every value one a code may hold, and the fields read back to the same scenario (a GPU preset's id
// with another memory size, or a dtype the short form would change, falls back to the whole scenario).
std::optional<std::string> shortForm(const Scenario& s) {
    try {
        Scenario preset = s;
        preset.model = loadPreset(s.model.id);
        // The scenario file writes every field of the model: two equal texts are two equal shapes.
        if (scenarioToJson(preset)["model"] != scenarioToJson(s)["model"])
            return std::nullopt;
    } catch (const Error&) {
        return std::nullopt; // no preset of that id: an imported or hand-made model
    }
    std::string fields;
    bool plain = true;
    const auto add = [&](std::string_view key, const std::string& value) {
        plain = plain && plainValue(value);
        fields += '&';
        fields += key;
        fields += '=';
        fields += value;
    };
    add("preset", s.model.id);
    add("weights", s.weightsAsStored ? std::string(kStoredWeights) : s.weightDtype.name());
    add("kv", s.kvDtype.name());
    add("context", std::to_string(s.context));
    add("batch", std::to_string(s.batch));
    if (s.gpuId == "custom")
        add("gpu-bytes", std::to_string(s.gpuMemoryBytes));
    else
        add("gpu", s.gpuId);
    add("util", number(s.utilization));
    add("tp", std::to_string(s.tensorParallel));
    add("block", std::to_string(s.blockSize));
    add("chunk", std::to_string(s.prefillChunkTokens));
    if (!plain)
        return std::nullopt;
    try {
        const SharedScreen back = decodeScenarioCode(std::string(kScenarioCodePrefix) + "?v=1" + fields);
        if (scenarioToJson(back.scenario) != scenarioToJson(s))
            return std::nullopt;
    } catch (const Error&) {
        return std::nullopt; // a value the short form's parsers refuse (a utilization under 0.01)
    }
    return fields;
}

} // namespace

bool scenarioCodeIsShort(const Scenario& scenario) {
    return shortForm(scenario).has_value();
}

std::string encodeScenarioCode(const SharedScreen& screen) {
    const Scenario& s = screen.scenario;
    s.validate();
    for (const std::string_view value : {std::string_view(screen.page), std::string_view(screen.lesson)})
        if (!plainValue(value))
            throw Error("scenario code: '" + excerpt(value, 40) + "' is not a page or lesson name");
    std::string code = std::string(kScenarioCodePrefix) + "?v=" + std::to_string(kScenarioCodeVersion);
    if (const auto fields = shortForm(s))
        code += *fields;
    else
        code += "&scenario=" + base64UrlEncode(scenarioToJson(s).dump());
    if (!screen.page.empty())
        code += "&page=" + screen.page;
    if (!screen.lesson.empty())
        code += "&lesson=" + screen.lesson;
    if (screen.step > 0)
        code += "&step=" + std::to_string(screen.step);
    return code;
}

SharedScreen decodeScenarioCode(std::string_view code) {
    while (!code.empty() && (code.front() == ' ' || code.front() == '\t' || code.front() == '\n'))
        code.remove_prefix(1);
    while (!code.empty() && (code.back() == ' ' || code.back() == '\t' || code.back() == '\n' || code.back() == '\r'))
        code.remove_suffix(1);
    if (code.size() > kScenarioCodeMaxBytes)
        fail("it is " + std::to_string(code.size()) + " bytes long, more than a code can be (" +
             std::to_string(kScenarioCodeMaxBytes) + ")");
    if (!code.starts_with(kScenarioCodePrefix))
        fail("'" + excerpt(code, 40) + "' does not start with kvscope:");
    code.remove_prefix(kScenarioCodePrefix.size());
    while (code.starts_with('/')) // kvscope://? from a browser
        code.remove_prefix(1);
    if (!code.starts_with('?'))
        fail("expected '?' and its fields after kvscope:");
    code.remove_prefix(1);

    std::map<std::string, std::string, std::less<>> fields;
    while (!code.empty()) {
        const std::size_t amp = code.find('&');
        const std::string_view pair = code.substr(0, amp);
        code = amp == std::string_view::npos ? std::string_view() : code.substr(amp + 1);
        if (pair.empty())
            continue;
        const std::size_t eq = pair.find('=');
        if (eq == std::string_view::npos)
            fail("field '" + excerpt(pair, 40) + "' has no value (expected key=value)");
        const auto key = percentDecode(pair.substr(0, eq));
        const auto value = percentDecode(pair.substr(eq + 1));
        if (!key || !value)
            fail("a '%' escape in '" + excerpt(pair, 40) + "' is not two hex digits");
        if (!plainValue(*key) || !plainValue(*value))
            fail("field '" + excerpt(*key, 40) + "' holds characters a code never has: '" + excerpt(*value, 40) + "'");
        if (!fields.emplace(*key, *value).second)
            fail("field '" + excerpt(*key, 40) + "' is given twice");
    }
    // A typo is named as what it is, before any field it was meant to be is missed.
    static constexpr std::string_view kKnown[] = {"v",     "scenario", "preset",    "weights", "kv", "context",
                                                  "batch", "gpu",      "gpu-bytes", "util",    "tp", "block",
                                                  "chunk", "page",     "lesson",    "step"};
    for (const auto& [key, value] : fields)
        if (std::find(std::begin(kKnown), std::end(kKnown), key) == std::end(kKnown))
            fail("field '" + excerpt(key, 40) + "' is not one KV Scope knows");
    const auto take = [&](std::string_view key) -> std::optional<std::string> {
        const auto it = fields.find(key);
        if (it == fields.end())
            return std::nullopt;
        std::string value = it->second;
        fields.erase(it);
        return value;
    };
    const auto version = take("v");
    if (!version)
        fail("field 'v' (the code's version) is missing");
    const std::uint64_t v = [&] {
        try {
            return parseWholeOption({"v", 1, 1000}, *version);
        } catch (const Error& e) {
            fail(asField(e.what()));
        }
    }();
    if (v > std::uint64_t(kScenarioCodeVersion))
        fail("version " + std::to_string(v) + " is newer than this KV Scope reads (" +
             std::to_string(kScenarioCodeVersion) + ")");

    SharedScreen screen;
    Scenario& s = screen.scenario;
    s = defaultScenario();
    if (const auto whole = take("scenario")) {
        for (const char* key :
             {"preset", "weights", "kv", "context", "batch", "gpu", "gpu-bytes", "util", "tp", "block", "chunk"})
            if (fields.count(key) != 0)
                fail("field '" + std::string(key) + "' cannot be given with 'scenario', which holds it");
        const auto json = base64UrlDecode(*whole);
        if (!json)
            fail("field 'scenario' is not base64url");
        s = scenarioFromText(*json, "scenario code"); // its errors name "scenario code" and the field
    } else {
        const auto field = [&](std::string_view key) {
            auto value = take(key);
            if (!value)
                fail("field '" + std::string(key) + "' is missing");
            return *value;
        };
        const std::string preset = field("preset");
        std::string current = "preset";
        try {
            applyModelSource(s, preset, std::nullopt);
            const std::optional<std::string> gpu = take("gpu"), gpuBytes = take("gpu-bytes");
            if (gpu && gpuBytes)
                fail("give either field 'gpu' or 'gpu-bytes', not both");
            if (!gpu && !gpuBytes)
                fail("field 'gpu' is missing");
            current = "weights, kv, gpu, context, batch, util or tp";
            applyScenarioArgs(s, {field("weights"), field("kv"), gpu, field("context"), field("batch"), field("util"),
                                  field("tp"), std::nullopt, std::nullopt,
                                  std::nullopt}); // speculation: the whole form's (see shortForm)
            if (gpuBytes) {
                current = "gpu-bytes";
                s.gpuId = "custom";
                s.gpuMemoryBytes = parseWholeOption({"gpu-bytes", 1, 1ull << 50}, *gpuBytes);
            }
            current = "block";
            s.blockSize = std::uint32_t(parseWholeOption({"block", 1, 4096}, field("block")));
            current = "chunk";
            s.prefillChunkTokens = parseWholeOption({"chunk", 1, 1ull << 32}, field("chunk"));
            current = "the scenario";
            checkScenarioArgs(s);
        } catch (const Error& e) {
            std::string what = e.what();
            if (what.starts_with("scenario code:"))
                throw;
            if (what.starts_with("--"))
                fail(asField(what));
            fail(current + ": " + what);
        }
    }
    if (auto page = take("page")) {
        if (page->empty() || page->size() > 32)
            fail("field 'page' must be a page name, got '" + excerpt(*page, 40) + "'");
        screen.page = *page;
    }
    if (auto lesson = take("lesson")) {
        // A shipped set's id and a 1-based lesson: a lesson file on one machine is not on another.
        const std::size_t colon = lesson->find(':');
        const std::string set = lesson->substr(0, colon);
        bool ok = !set.empty() && set.size() <= 64 && colon != std::string::npos;
        for (const char c : set)
            ok = ok && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-');
        if (ok)
            try {
                (void)parseWholeOption({"lesson", 1, 200}, lesson->substr(colon + 1));
            } catch (const Error&) {
                ok = false;
            }
        // Only a set this KV Scope ships: a name is never opened as a file from wherever the link was clicked.
        const std::vector<std::string> shipped = shippedLessonSetIds();
        ok = ok && std::find(shipped.begin(), shipped.end(), set) != shipped.end();
        if (!ok)
            fail("field 'lesson' must be a shipped lesson set and a lesson number from 1 to 200 (course:3), got '" +
                 excerpt(*lesson, 40) + "'");
        screen.lesson = *lesson;
    }
    if (auto step = take("step")) {
        try {
            screen.step = parseWholeOption({"step", 0, kScenarioCodeMaxStep}, *step);
        } catch (const Error& e) {
            fail(asField(e.what()));
        }
    }
    return screen;
}

} // namespace kvscope
