#include "scenariofile.h"

#include "enumnames.h"
#include "error.h"
#include "inputfile.h"
#include "presets.h"
#include "text.h"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>
#include <system_error>

#include <sys/stat.h>
#include <unistd.h>

namespace kvscope {
namespace {

// Names are shown in labels, menus and the title: kept to 200 bytes, as a config's are (a 900 KB
// name took the window 20 s to lay out on every change, and to quit).
constexpr std::size_t kNameMaxBytes = 200;

using nlohmann::json;

class Reader {
public:
    Reader(const json& object, std::string source, std::string path)
        : m_object(object)
        , m_source(std::move(source))
        , m_path(std::move(path)) {
        if (!object.is_object())
            fail("", "must be a JSON object");
    }

    [[noreturn]] void fail(std::string_view key, const std::string& what) const {
        std::string field = m_path;
        if (!key.empty())
            field += (field.empty() ? "" : ".") + std::string(key);
        throw Error(m_source + ": " + (field.empty() ? std::string("the file") : "field '" + field + "'") + " " + what);
    }

    const json& require(std::string_view key) const {
        auto it = m_object.find(key);
        if (it == m_object.end())
            fail(key, "is missing");
        return *it;
    }

    std::uint64_t u64(std::string_view key, std::uint64_t min, std::uint64_t max,
                      std::optional<std::uint64_t> fallback = {}) const {
        auto it = m_object.find(key);
        if (it == m_object.end() || it->is_null()) {
            if (fallback)
                return *fallback;
            fail(key, "is missing");
        }
        if (!it->is_number_unsigned() && !(it->is_number_integer() && it->get<std::int64_t>() >= 0))
            fail(key, "must be a whole number, got " + describeJson(*it));
        const auto value = it->get<std::uint64_t>();
        if (value < min || value > max)
            fail(key, "must be between " + std::to_string(min) + " and " + std::to_string(max) + ", got " +
                          describeJson(*it));
        return value;
    }

    std::uint32_t u32(std::string_view key, std::uint32_t min, std::optional<std::uint32_t> fallback = {}) const {
        std::optional<std::uint64_t> wide;
        if (fallback)
            wide = *fallback;
        return static_cast<std::uint32_t>(u64(key, min, 0xFFFFFFFFu, wide));
    }

    double number(std::string_view key, double fallback) const {
        auto it = m_object.find(key);
        if (it == m_object.end())
            return fallback;
        if (!it->is_number())
            fail(key, "must be a number, got " + describeJson(*it));
        return it->get<double>();
    }

    bool boolean(std::string_view key, bool fallback) const {
        auto it = m_object.find(key);
        if (it == m_object.end())
            return fallback;
        if (!it->is_boolean())
            fail(key, "must be true or false, got " + describeJson(*it));
        return it->get<bool>();
    }

    std::string string(std::string_view key, std::optional<std::string> fallback = {}) const {
        auto it = m_object.find(key);
        if (it == m_object.end()) {
            if (fallback)
                return *fallback;
            fail(key, "is missing");
        }
        if (!it->is_string())
            fail(key, "must be a string, got " + describeJson(*it));
        return it->get<std::string>();
    }

    DType dtype(std::string_view key) const {
        const std::string text = string(key);
        try {
            return DType::parse(text, key);
        } catch (const Error& e) {
            fail(key, std::string("is not a dtype: ") + e.what());
        }
    }

    Reader child(std::string_view key) const {
        return Reader(require(key), m_source, m_path.empty() ? std::string(key) : m_path + "." + std::string(key));
    }
    bool has(std::string_view key) const { return m_object.contains(key); }
    const json& raw(std::string_view key) const { return require(key); }

private:
    const json& m_object;
    std::string m_source;
    std::string m_path;
};

constexpr EnumName<MlpKind> kMlpKinds[] = {{MlpKind::Gated, "gated"}, {MlpKind::Plain, "plain"}};
constexpr EnumName<NormKind> kNormKinds[] = {{NormKind::RMSNorm, "rmsnorm"}, {NormKind::LayerNorm, "layernorm"}};

std::string mlpName(MlpKind kind) {
    return std::string(enumName(kMlpKinds, kind));
}
std::string normName(NormKind kind) {
    return std::string(enumName(kNormKinds, kind));
}

} // namespace

json scenarioToJson(const Scenario& s) {
    const ModelShape& m = s.model;
    json model = {
        {"id", m.id},
        {"name", m.displayName},
        {"layers", m.layers},
        {"hidden", m.hidden},
        {"heads", m.heads},
        {"kv_heads", m.kvHeads},
        {"head_dim", m.headDim},
        {"v_head_dim", m.vHeadDim},
        {"intermediate", m.intermediate},
        {"vocab", m.vocab},
        {"max_context", m.maxContext},
        {"learned_positions", m.learnedPositions},
        {"tied_embeddings", m.tiedEmbeddings},
        {"mlp", mlpName(m.mlp)},
        {"norm", normName(m.norm)},
        {"qkv_bias", m.qkvBias},
        {"out_bias", m.outBias},
        {"mlp_bias", m.mlpBias},
        {"sliding_window", m.slidingWindow},
        {"windowed_layers", m.windowedLayers},
        {"params", m.paramsOverride},
        {"params_source", m.paramsSource == ParamsSource::UserSet ? "user" : "published"},
        {"params_kv_adjusted", m.paramsKvAdjusted},
        {"native_dtype", m.nativeDtype.name()},
        {"moe",
         {{"experts", m.moe.experts},
          {"experts_per_token", m.moe.expertsPerToken},
          {"expert_intermediate", m.moe.expertIntermediate},
          {"shared_experts", m.moe.sharedExperts},
          {"dense_layers", m.moe.denseLayers},
          {"shared_intermediate", m.moe.sharedIntermediate},
          {"shared_expert_gate", m.moe.sharedExpertGate}}},
        {"mla",
         {{"kv_lora_rank", m.mla.kvLoraRank},
          {"qk_rope_head_dim", m.mla.qkRopeHeadDim},
          {"qk_nope_head_dim", m.mla.qkNopeHeadDim},
          {"v_head_dim", m.mla.vHeadDim},
          {"q_lora_rank", m.mla.qLoraRank},
          {"index_head_dim", m.mla.indexHeadDim},
          {"index_heads", m.mla.indexHeads}}},
        {"value_from_key", m.valueFromKey},
        {"windowed_attention", m.windowedAttention ? json{{"heads", m.windowedAttention->heads},
                                                          {"kv_heads", m.windowedAttention->kvHeads},
                                                          {"head_dim", m.windowedAttention->headDim},
                                                          {"v_head_dim", m.windowedAttention->vHeadDim},
                                                          {"value_from_key", m.windowedAttention->valueFromKey},
                                                          {"extra_params", m.windowedAttention->extraParams}}
                                                   : json()},
        // Hybrid / multimodal layouts and the importer's extra weights (issue 10).
        {"layer_parts", m.layerParts},
        {"layer_intermediate", m.layerIntermediate},
        {"state",
         {{"conv_values", m.state.convValues},
          {"recurrent_values", m.state.recurrentValues},
          {"params_per_layer", m.state.paramsPerLayer}}},
        {"state_dtype", m.stateDtype ? m.stateDtype->name() : std::string()},
        {"stored_weights", m.stored ? json{{"method", m.stored->method},
                                           {"format", m.stored->format.name()},
                                           {"rest", m.stored->rest.name()},
                                           {"attention", m.stored->attention},
                                           {"dense_mlp", m.stored->denseMlp},
                                           {"experts", m.stored->experts},
                                           {"lm_head", m.stored->lmHead},
                                           {"bits_per_row", m.stored->bitsPerRow},
                                           {"bits_per_column", m.stored->bitsPerColumn},
                                           {"outer_group", m.stored->outerGroup},
                                           {"bits_per_outer_group", m.stored->bitsPerOuterGroup}}
                                    : json()},
        {"cross_tokens", m.crossTokens},
        {"norms_per_layer", m.normsPerLayer},
        {"final_norm", m.finalNorm},
        {"lm_head_bias", m.lmHeadBias},
        {"attention_extra_params", m.attentionExtraParams},
        {"extra_params", m.extraParams},
    };
    // A shape that uses none of version 2's keys is written as version 1, which every KV Scope reads the same.
    const bool needsVersion2 = m.windowedAttention || m.valueFromKey || m.mla.indexHeadDim != 0;
    const Speculation& spec = s.speculation;
    json out = {{"format", "kvscope-scenario"},
                {"version", spec.enabled()  ? 3
                            : needsVersion2 ? 2
                                            : 1},
                {"model", model},
                {"weight_dtype", s.weightDtype.name()},
                {"weights_as_stored", s.weightsAsStored},
                {"kv_dtype", s.kvDtype.name()},
                {"context", s.context},
                {"batch", s.batch},
                {"gpu", s.gpuId},
                {"gpu_memory_bytes", s.gpuMemoryBytes},
                {"utilization", s.utilization},
                {"tensor_parallel", s.tensorParallel},
                {"block_size", s.blockSize},
                {"prefill_chunk_tokens", s.prefillChunkTokens}};
    if (spec.enabled())
        out["speculative"] = {{"method", draftMethodName(spec.method)},
                              {"draft", spec.draftPreset},
                              {"tokens", spec.tokens},
                              {"acceptance", spec.acceptance}};
    return out;
}

Scenario scenarioFromJson(const json& root, std::string_view source) {
    const Reader top(root, std::string(source), "");
    if (top.string("format", std::string()) != "kvscope-scenario")
        top.fail("format", "must be \"kvscope-scenario\": this is not a KV Scope scenario file");
    const auto version = top.u64("version", 1, 1000);
    if (version > static_cast<std::uint64_t>(kScenarioFormatVersion))
        top.fail("version", "is " + std::to_string(version) + ", newer than this KV Scope understands (" +
                                std::to_string(kScenarioFormatVersion) + ")");

    Scenario s;
    const Reader mr = top.child("model");
    ModelShape& m = s.model;
    m.id = boundedName(mr.string("id", std::string("custom")), kNameMaxBytes);
    m.displayName = boundedName(mr.string("name", m.id), kNameMaxBytes);
    m.layers = mr.u32("layers", 1);
    m.hidden = mr.u32("hidden", 1);
    m.heads = mr.u32("heads", 1);
    m.kvHeads = mr.u32("kv_heads", 1);
    m.headDim = mr.u32("head_dim", 0, 0);
    m.vHeadDim = mr.u32("v_head_dim", 0, 0);
    m.intermediate = mr.u32("intermediate", 0, 0);
    m.vocab = mr.u32("vocab", 1);
    m.maxContext = mr.u64("max_context", 0, 1ull << 40, 0);
    m.learnedPositions = mr.u64("learned_positions", 0, 1ull << 40, 0);
    m.tiedEmbeddings = mr.boolean("tied_embeddings", false);
    const std::string mlp = mr.string("mlp", mlpName(MlpKind::Gated));
    const std::optional<MlpKind> mlpKind = enumFromName(kMlpKinds, mlp);
    if (!mlpKind)
        mr.fail("mlp", "must be \"gated\" or \"plain\", got " + quoteExcerpt(mlp));
    m.mlp = *mlpKind;
    const std::string norm = mr.string("norm", normName(NormKind::RMSNorm));
    const std::optional<NormKind> normKind = enumFromName(kNormKinds, norm);
    if (!normKind)
        mr.fail("norm", "must be \"rmsnorm\" or \"layernorm\", got " + quoteExcerpt(norm));
    m.norm = *normKind;
    m.qkvBias = mr.boolean("qkv_bias", false);
    m.outBias = mr.boolean("out_bias", false);
    m.mlpBias = mr.boolean("mlp_bias", false);
    m.slidingWindow = mr.u64("sliding_window", 0, 1ull << 40, 0);
    if (mr.has("windowed_layers")) {
        const json& layers = mr.raw("windowed_layers");
        if (!layers.is_array())
            mr.fail("windowed_layers", "must be an array of true/false");
        for (const json& flag : layers) {
            if (!flag.is_boolean())
                mr.fail("windowed_layers", "must be an array of true/false");
            m.windowedLayers.push_back(flag.get<bool>());
        }
    }
    m.paramsOverride = mr.u64("params", 0, ~0ull, 0);
    const std::string paramsSource = mr.string("params_source", std::string("published"));
    if (paramsSource != "published" && paramsSource != "user")
        mr.fail("params_source", "must be \"published\" or \"user\", got " + quoteExcerpt(paramsSource));
    m.paramsSource = paramsSource == "user" ? ParamsSource::UserSet : ParamsSource::Published;
    m.paramsKvAdjusted = mr.boolean("params_kv_adjusted", false);
    m.nativeDtype = mr.has("native_dtype") ? mr.dtype("native_dtype") : DType::bf16();
    if (mr.has("moe")) {
        const Reader moe = mr.child("moe");
        m.moe.experts = moe.u32("experts", 0, 0);
        m.moe.expertsPerToken = moe.u32("experts_per_token", 0, 0);
        m.moe.expertIntermediate = moe.u32("expert_intermediate", 0, 0);
        m.moe.sharedExperts = moe.u32("shared_experts", 0, 0);
        m.moe.denseLayers = moe.u32("dense_layers", 0, 0);
        m.moe.sharedIntermediate = moe.u32("shared_intermediate", 0, 0);
        m.moe.sharedExpertGate = moe.boolean("shared_expert_gate", false);
    }
    if (mr.has("layer_parts")) {
        const json& parts = mr.raw("layer_parts");
        if (!parts.is_array() || parts.size() > kMaxLayers)
            mr.fail("layer_parts", "must be an array of at most " + std::to_string(kMaxLayers) + " layer kinds");
        for (const json& part : parts) {
            if (!part.is_number_unsigned() || part.get<std::uint64_t>() > layerpart::KnownBits)
                mr.fail("layer_parts", "must hold layer kinds between 0 and " + std::to_string(layerpart::KnownBits) +
                                           ", got " + describeJson(part));
            m.layerParts.push_back(static_cast<std::uint8_t>(part.get<std::uint64_t>()));
        }
    }
    if (mr.has("layer_intermediate")) {
        const json& widths = mr.raw("layer_intermediate");
        if (!widths.is_array() || widths.size() > kMaxLayers)
            mr.fail("layer_intermediate", "must be an array of at most " + std::to_string(kMaxLayers) + " MLP widths");
        for (const json& width : widths) {
            if (!width.is_number_unsigned() || width.get<std::uint64_t>() > std::numeric_limits<std::uint32_t>::max())
                mr.fail("layer_intermediate",
                        "must hold MLP widths (0 for a block without an MLP), got " + describeJson(width));
            m.layerIntermediate.push_back(static_cast<std::uint32_t>(width.get<std::uint64_t>()));
        }
    }
    if (mr.has("state")) {
        const Reader state = mr.child("state");
        m.state.convValues = state.u64("conv_values", 0, kMaxStateValues, 0);
        m.state.recurrentValues = state.u64("recurrent_values", 0, kMaxStateValues, 0);
        m.state.paramsPerLayer = state.u64("params_per_layer", 0, 1ull << 50, 0);
    }
    if (mr.has("stored_weights") && !mr.raw("stored_weights").is_null()) {
        const Reader q = mr.child("stored_weights");
        StoredWeights stored;
        stored.method = boundedName(q.string("method", std::string()), 64);
        stored.format = q.dtype("format");
        stored.rest = q.dtype("rest");
        stored.attention = q.boolean("attention", false);
        stored.denseMlp = q.boolean("dense_mlp", false);
        stored.experts = q.boolean("experts", false);
        stored.lmHead = q.boolean("lm_head", false);
        // Per row, per column and per outer group: at most a few scales' and indices' bits each.
        stored.bitsPerRow = static_cast<std::uint32_t>(q.u64("bits_per_row", 0, 256, 0));
        stored.bitsPerColumn = static_cast<std::uint32_t>(q.u64("bits_per_column", 0, 256, 0));
        stored.outerGroup = static_cast<std::uint32_t>(q.u64("outer_group", 0, 1u << 24, 0));
        stored.bitsPerOuterGroup = static_cast<std::uint32_t>(q.u64("bits_per_outer_group", 0, 256, 0));
        m.stored = stored;
    }
    if (mr.has("state_dtype") && !mr.string("state_dtype", std::string()).empty())
        m.stateDtype = mr.dtype("state_dtype");
    m.crossTokens = mr.u64("cross_tokens", 0, kMaxCrossTokens, 0);
    m.normsPerLayer = mr.u32("norms_per_layer", 0, 2);
    m.finalNorm = mr.boolean("final_norm", true);
    m.lmHeadBias = mr.boolean("lm_head_bias", false);
    m.attentionExtraParams = mr.u64("attention_extra_params", 0, 1ull << 50, 0);
    m.extraParams = mr.u64("extra_params", 0, 1ull << 50, 0);
    if (mr.has("mla")) {
        const Reader mla = mr.child("mla");
        m.mla.kvLoraRank = mla.u32("kv_lora_rank", 0, 0);
        m.mla.qkRopeHeadDim = mla.u32("qk_rope_head_dim", 0, 0);
        m.mla.qkNopeHeadDim = mla.u32("qk_nope_head_dim", 0, 0);
        m.mla.vHeadDim = mla.u32("v_head_dim", 0, 0);
        m.mla.qLoraRank = mla.u32("q_lora_rank", 0, 0);
        m.mla.indexHeadDim = mla.u32("index_head_dim", 0, 0);
        m.mla.indexHeads = mla.u32("index_heads", 0, 0);
    }
    m.valueFromKey = mr.boolean("value_from_key", false);
    if (mr.has("windowed_attention") && !mr.raw("windowed_attention").is_null()) {
        const Reader w = mr.child("windowed_attention");
        AttentionGeometry g;
        g.heads = w.u32("heads", 1);
        g.kvHeads = w.u32("kv_heads", 1);
        g.headDim = w.u32("head_dim", 1);
        g.vHeadDim = w.u32("v_head_dim", 0, 0);
        g.valueFromKey = w.boolean("value_from_key", false);
        g.extraParams = w.u64("extra_params", 0, 1ull << 50, 0);
        m.windowedAttention = g;
    }
    try {
        m.validate();
    } catch (const Error& e) {
        mr.fail("", std::string("does not describe a model: ") + e.what());
    }

    s.weightDtype = top.dtype("weight_dtype");
    s.weightsAsStored = top.boolean("weights_as_stored", false);
    s.kvDtype = top.dtype("kv_dtype");
    s.context = top.u64("context", 1, 1ull << 40);
    s.batch = top.u64("batch", 1, 1ull << 32);
    s.gpuId = boundedName(top.string("gpu", std::string("custom")), kNameMaxBytes);
    s.gpuMemoryBytes = top.u64("gpu_memory_bytes", 1, 1ull << 50);
    s.utilization = top.number("utilization", 0.9);
    s.tensorParallel = top.u32("tensor_parallel", 1, 1);
    s.blockSize = top.u32("block_size", 1, 16);
    s.prefillChunkTokens = top.u64("prefill_chunk_tokens", 1, 1ull << 32, 2048);
    if (top.has("speculative") && !top.raw("speculative").is_null()) {
        const Reader sr = top.child("speculative");
        const std::string method = sr.string("method");
        const std::optional<DraftMethod> parsed = parseDraftMethod(method);
        if (!parsed)
            sr.fail("method", "must be none, ngram, eagle or draft, got " + quoteExcerpt(method));
        Speculation& spec = s.speculation;
        spec.method = *parsed;
        spec.draftPreset = boundedName(sr.string("draft", std::string()), kNameMaxBytes);
        spec.tokens = std::uint32_t(sr.u64("tokens", 1, kMaxDraftTokens, 3));
        spec.acceptance = sr.number("acceptance", 0.7);
        if (!(spec.acceptance >= 0.0 && spec.acceptance <= 1.0))
            sr.fail("acceptance", "must be between 0 and 1 (the chance a draft token is accepted)");
        if (spec.method == DraftMethod::Model) {
            try {
                (void)loadPreset(spec.draftPreset);
            } catch (const Error& e) {
                sr.fail("draft", std::string("is not a model preset: ") + e.what());
            }
        }
    }
    try {
        s.validate();
    } catch (const Error& e) {
        top.fail("", std::string("holds an impossible scenario: ") + e.what());
    }
    return s;
}

std::string scenarioToText(const Scenario& scenario) {
    return scenarioToJson(scenario).dump(2) + "\n";
}

Scenario scenarioFromText(std::string_view text, std::string_view source) {
    refuseNulBytes(text, source, "KV Scope scenario");
    json root;
    try {
        root = json::parse(text.begin(), text.end());
    } catch (const json::exception& e) { // parse_error, or out_of_range for a number beyond a double
        throw Error(std::string(source) + ": not valid JSON (" + jsonErrorExcerpt(e) + ")");
    }
    return scenarioFromJson(root, source);
}

void saveScenarioFile(const Scenario& scenario, const std::filesystem::path& path) {
    checkOutputFile(path, "scenario");
    const std::string text = scenarioToText(scenario);
    const std::string name = pathText(path);
    const auto reason = [](int code) { return std::error_code(code, std::generic_category()).message(); };
    // A temporary of our own beside the target (mkstemp: O_EXCL, never a file or a link already
    // there), written whole, then renamed over the target: a full disk or a read-only folder
    // leaves the file already there as it was.
    std::string temporary = path.string() + ".XXXXXX";
    const int fd = ::mkstemp(temporary.data());
    if (fd < 0)
        throw Error(name + ": cannot write (" + reason(errno) + ")");
    const auto fail = [&](int code) {
        ::close(fd);
        ::unlink(temporary.c_str());
        throw Error(name + ": writing failed (" + reason(code) + "); the file was not changed");
    };
    // mkstemp makes the file 0600: keep the mode of the file it replaces, else the usual 0644.
    struct stat existing {};
    if (::fchmod(fd, ::stat(path.c_str(), &existing) == 0 ? (existing.st_mode & 07777) : 0644) != 0)
        fail(errno);
    for (std::size_t done = 0; done < text.size();) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            fail(n < 0 ? errno : EIO);
        done += std::size_t(n);
    }
    if (::fsync(fd) != 0 && errno != EINVAL) // the bytes on disk before the rename makes them the file
        fail(errno);
    if (::close(fd) != 0) {
        const int code = errno;
        ::unlink(temporary.c_str());
        throw Error(name + ": writing failed (" + reason(code) + "); the file was not changed");
    }
    std::error_code ec;
    std::filesystem::rename(temporary, path, ec);
    if (ec) {
        std::filesystem::remove(temporary, ec);
        throw Error(name + ": cannot replace the file (" + ec.message() + "); the file was not changed");
    }
}

Scenario loadScenarioFile(const std::filesystem::path& path) {
    return scenarioFromText(readInputFile(path, kScenarioFileMaxBytes, "KV Scope scenario"), pathText(path));
}

} // namespace kvscope
