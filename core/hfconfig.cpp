#include "hfconfig.h"

#include "error.h"
#include "inputfile.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>

namespace kvscope {
namespace {

using nlohmann::json;

// A view over the language-model part of a config: text_config first, then the top level.
class ConfigReader {
public:
    ConfigReader(const json& root, std::string_view source)
        : m_root(root)
        , m_source(source) {
        if (!root.is_object())
            fail("the top level must be a JSON object");
        if (auto it = root.find("text_config"); it != root.end() && it->is_object())
            m_text = &*it;
    }

    const json* find(std::string_view key) const {
        for (const json* scope : {m_text, &m_root}) {
            if (!scope)
                continue;
            if (auto it = scope->find(key); it != scope->end() && !it->is_null())
                return &*it;
        }
        return nullptr;
    }

    bool has(std::string_view key) const { return find(key) != nullptr; }

    // The first present key among `keys`, as a positive integer no larger than `max`.
    std::optional<std::uint64_t> uintField(std::initializer_list<std::string_view> keys,
                                           std::uint64_t max = std::numeric_limits<std::uint32_t>::max()) const {
        for (auto key : keys) {
            const json* value = find(key);
            if (!value)
                continue;
            if (value->is_number_integer() ||
                (value->is_number_float() && value->get<double>() == std::floor(value->get<double>()))) {
                const double asDouble = value->get<double>();
                if (asDouble < 1)
                    fail("field '" + std::string(key) + "' must be a positive integer, got " + describeJson(*value));
                if (asDouble > static_cast<double>(max))
                    fail("field '" + std::string(key) + "' is too large (" + describeJson(*value) + ", at most " +
                         std::to_string(max) + ")");
                return value->is_number_unsigned() ? value->get<std::uint64_t>()
                                                   : static_cast<std::uint64_t>(value->get<std::int64_t>());
            }
            fail("field '" + std::string(key) + "' must be a positive integer, got " + describeJson(*value));
        }
        return std::nullopt;
    }

    std::uint64_t requireUint(std::initializer_list<std::string_view> keys, std::string_view what) const {
        if (auto value = uintField(keys))
            return *value;
        std::string names;
        for (auto key : keys)
            names += (names.empty() ? "'" : ", '") + std::string(key) + "'";
        fail("missing the " + std::string(what) + " (looked for " + names + ")");
    }

    std::optional<bool> boolField(std::string_view key) const {
        const json* value = find(key);
        if (!value)
            return std::nullopt;
        if (!value->is_boolean())
            fail("field '" + std::string(key) + "' must be true or false, got " + describeJson(*value));
        return value->get<bool>();
    }

    std::string stringField(std::string_view key) const {
        const json* value = find(key);
        return value && value->is_string() ? value->get<std::string>() : std::string();
    }

    [[noreturn]] void fail(const std::string& message) const { throw Error(std::string(m_source) + ": " + message); }

private:
    const json& m_root;
    const json* m_text = nullptr;
    std::string_view m_source;
};

struct FamilyTraits {
    MlpKind mlp = MlpKind::Gated;
    NormKind norm = NormKind::RMSNorm;
    bool qkvBias = false;
    bool outBias = false;
    bool mlpBias = false;
    bool learnedPositions = false;
    std::uint64_t positionOffset = 0; // OPT keeps two extra position rows
    bool tiedByDefault = true;        // transformers' PretrainedConfig default
};

std::optional<FamilyTraits> knownFamily(const std::string& type) {
    FamilyTraits gpt2Like{MlpKind::Plain, NormKind::LayerNorm, true, true, true, true, 0, true};
    if (type == "gpt2" || type == "gpt_bigcode")
        return gpt2Like;
    if (type == "opt") {
        gpt2Like.positionOffset = 2;
        return gpt2Like;
    }
    if (type == "gpt_neox" || type == "phi" || type == "falcon") {
        FamilyTraits t{MlpKind::Plain, NormKind::LayerNorm, true, true, true, false, 0, type != "gpt_neox"};
        return t;
    }
    if (type == "qwen2" || type == "qwen2_moe" || type == "qwen2_vl")
        return FamilyTraits{MlpKind::Gated, NormKind::RMSNorm, true, false, false, false, 0, true};
    static const char* const llamaLike[] = {
        "llama", "mistral",     "mixtral",     "qwen3",   "qwen3_moe", "gemma",  "gemma2",    "gemma3_text", "gemma3",
        "phi3",  "deepseek_v2", "deepseek_v3", "granite", "olmo2",     "cohere", "internlm2", "yi"};
    for (const char* name : llamaLike)
        if (type == name)
            return FamilyTraits{};
    return std::nullopt;
}

} // namespace

ImportResult importHfConfig(const json& root, std::string_view source) {
    ConfigReader cfg(root, source);
    ImportResult result;
    ModelShape& m = result.shape;
    m.id = std::string(source);

    const std::string type = cfg.stringField("model_type");
    FamilyTraits traits;
    if (auto known = knownFamily(type)) {
        traits = *known;
    } else {
        const std::string act = cfg.stringField("hidden_act") + cfg.stringField("activation_function");
        const bool gated = act.find("silu") != std::string::npos || act.find("swiglu") != std::string::npos;
        traits.mlp = gated ? MlpKind::Gated : MlpKind::Plain;
        result.notes.push_back("unknown model_type '" + type + "': assumed a " + (gated ? "gated (SwiGLU)" : "plain") +
                               " MLP and RMSNorm from the activation; the parameter count is an estimate");
    }

    m.layers = static_cast<std::uint32_t>(
        cfg.requireUint({"num_hidden_layers", "n_layer", "num_layers", "n_layers"}, "layer count"));
    m.hidden = static_cast<std::uint32_t>(cfg.requireUint({"hidden_size", "n_embd", "d_model", "dim"}, "hidden size"));
    m.heads = static_cast<std::uint32_t>(
        cfg.requireUint({"num_attention_heads", "n_head", "num_heads", "n_heads"}, "query head count"));

    if (auto kv =
            cfg.uintField({"num_key_value_heads", "num_kv_heads", "n_head_kv", "n_kv_heads", "multi_query_group_num"}))
        m.kvHeads = static_cast<std::uint32_t>(*kv);
    else if (cfg.boolField("multi_query").value_or(false))
        m.kvHeads = 1;
    else
        m.kvHeads = m.heads;
    if (m.kvHeads > m.heads || m.heads % m.kvHeads != 0)
        cfg.fail("KV heads (" + std::to_string(m.kvHeads) + ") must divide the query heads (" +
                 std::to_string(m.heads) + ")");

    if (auto headDim = cfg.uintField({"head_dim", "kv_channels", "attention_head_size"}))
        m.headDim = static_cast<std::uint32_t>(*headDim);
    else if (m.hidden % m.heads != 0)
        cfg.fail("hidden size " + std::to_string(m.hidden) + " is not a multiple of " + std::to_string(m.heads) +
                 " heads and no 'head_dim' is given");

    if (auto inter = cfg.uintField({"intermediate_size", "n_inner", "ffn_dim", "ffn_hidden_size", "ffn_inner_dim"})) {
        m.intermediate = static_cast<std::uint32_t>(*inter);
    } else {
        m.intermediate = 4 * m.hidden;
        if (type != "gpt2" && type != "gpt_bigcode")
            result.notes.push_back("no intermediate size given: assumed 4 x hidden = " +
                                   std::to_string(m.intermediate));
    }

    m.vocab =
        static_cast<std::uint32_t>(cfg.requireUint({"vocab_size", "padded_vocab_size", "n_vocab"}, "vocabulary size"));
    m.maxContext =
        cfg.uintField({"max_position_embeddings", "n_positions", "n_ctx", "max_sequence_length", "seq_length"},
                      std::numeric_limits<std::uint64_t>::max() / 2)
            .value_or(0);
    if (m.maxContext == 0)
        result.notes.push_back("no maximum context length given");
    m.tiedEmbeddings = cfg.boolField("tie_word_embeddings").value_or(traits.tiedByDefault);

    m.mlp = traits.mlp;
    m.norm = traits.norm;
    m.qkvBias = traits.qkvBias;
    m.outBias = traits.outBias;
    m.mlpBias = traits.mlpBias;
    if (auto bias = cfg.boolField("attention_bias")) {
        m.qkvBias = *bias;
        m.outBias = *bias;
    }
    if (auto bias = cfg.boolField("mlp_bias"))
        m.mlpBias = *bias;
    if (traits.learnedPositions)
        m.learnedPositions = m.maxContext + traits.positionOffset;

    const std::string dtype =
        cfg.stringField("torch_dtype").empty() ? cfg.stringField("dtype") : cfg.stringField("torch_dtype");
    if (!dtype.empty()) {
        try {
            m.nativeDtype = DType::parse(dtype, "torch_dtype");
        } catch (const Error&) {
            result.notes.push_back("torch_dtype '" + dtype + "' is not a format KV Scope knows; assumed bf16");
        }
    } else {
        m.nativeDtype = DType::fp32();
    }

    // Sliding windows: only when the config turns them on, and only on the layers it names.
    if (auto window =
            cfg.uintField({"sliding_window", "attention_window_size"}, std::numeric_limits<std::uint64_t>::max() / 2);
        window && cfg.boolField("use_sliding_window").value_or(true)) {
        m.slidingWindow = *window;
        if (const json* types = cfg.find("layer_types"); types && types->is_array()) {
            if (types->size() != m.layers)
                cfg.fail("'layer_types' lists " + std::to_string(types->size()) + " layers, but the model has " +
                         std::to_string(m.layers));
            m.windowedLayers.resize(m.layers);
            for (std::uint32_t i = 0; i < m.layers; ++i) {
                const json& t = (*types)[i];
                if (!t.is_string())
                    cfg.fail("'layer_types[" + std::to_string(i) + "]' must be a string");
                m.windowedLayers[i] = t.get<std::string>().find("sliding") != std::string::npos;
            }
        } else if (auto pattern = cfg.uintField({"sliding_window_pattern"})) {
            m.windowedLayers.resize(m.layers); // every pattern-th layer is global (Gemma 3)
            for (std::uint32_t i = 0; i < m.layers; ++i)
                m.windowedLayers[i] = (i + 1) % *pattern != 0;
        } else if (type == "gemma2") {
            m.windowedLayers.resize(m.layers); // Gemma 2 alternates, starting with a local layer
            for (std::uint32_t i = 0; i < m.layers; ++i)
                m.windowedLayers[i] = i % 2 == 0;
        } else if (auto firstWindowed = cfg.uintField({"max_window_layers"});
                   firstWindowed && cfg.has("use_sliding_window")) {
            m.windowedLayers.resize(m.layers); // Qwen2: layers from max_window_layers on use the window
            for (std::uint32_t i = 0; i < m.layers; ++i)
                m.windowedLayers[i] = i >= *firstWindowed;
        }
        if (m.maxContext != 0 && m.slidingWindow >= m.maxContext && m.windowedLayerCount() > 0)
            result.notes.push_back("the sliding window (" + std::to_string(m.slidingWindow) +
                                   " tokens) is not shorter than the context, so it never caps the cache");
    }

    if (auto experts = cfg.uintField({"num_local_experts", "num_experts", "n_routed_experts", "moe_num_experts"})) {
        m.moe.experts = static_cast<std::uint32_t>(*experts);
        m.moe.expertsPerToken = static_cast<std::uint32_t>(
            cfg.uintField({"num_experts_per_tok", "moe_top_k", "num_selected_experts", "top_k"}).value_or(0));
        if (m.moe.expertsPerToken == 0)
            cfg.fail("a mixture-of-experts config needs 'num_experts_per_tok' (experts active per token)");
        m.moe.expertIntermediate = static_cast<std::uint32_t>(cfg.uintField({"moe_intermediate_size"}).value_or(0));
        m.moe.sharedExperts = static_cast<std::uint32_t>(cfg.uintField({"n_shared_experts"}).value_or(0));
        m.moe.denseLayers = static_cast<std::uint32_t>(cfg.uintField({"first_k_dense_replace"}).value_or(0));
        if (cfg.has("shared_expert_intermediate_size"))
            result.notes.push_back("the shared expert's own width is not modelled; its parameters are approximate");
    }

    if (auto rank = cfg.uintField({"kv_lora_rank"})) {
        m.mla.kvLoraRank = static_cast<std::uint32_t>(*rank);
        m.mla.qkRopeHeadDim = static_cast<std::uint32_t>(cfg.requireUint({"qk_rope_head_dim"}, "MLA rope head size"));
        m.mla.qkNopeHeadDim = static_cast<std::uint32_t>(cfg.uintField({"qk_nope_head_dim"}).value_or(0));
        m.mla.vHeadDim = static_cast<std::uint32_t>(cfg.uintField({"v_head_dim"}).value_or(0));
        m.mla.qLoraRank = static_cast<std::uint32_t>(cfg.uintField({"q_lora_rank"}).value_or(0));
    }

    // KV Scope's own presets carry a display name and, where known, the published count.
    if (auto it = root.find("_kvscope"); it != root.end() && it->is_object()) {
        // Typed by hand in a user's copy too: a wrong type is bad input, named, not a fault.
        const auto text = [&](const char* key, const std::string& fallback) {
            const auto field = it->find(key);
            if (field == it->end())
                return fallback;
            if (!field->is_string())
                cfg.fail("'_kvscope." + std::string(key) + "' must be a string, got " + describeJson(*field));
            return field->get<std::string>().substr(0, 200);
        };
        m.id = text("id", m.id);
        m.displayName = text("name", std::string());
        if (auto params = it->find("params"); params != it->end()) {
            if (!params->is_number_unsigned() || params->get<std::uint64_t>() == 0)
                cfg.fail("'_kvscope.params' must be a positive integer");
            m.paramsOverride = params->get<std::uint64_t>();
        }
    }
    if (m.displayName.empty()) {
        const std::string name = cfg.stringField("_name_or_path");
        m.displayName = !name.empty() ? name.substr(name.rfind('/') + 1) : std::string(source);
    }

    try {
        m.validate();
    } catch (const Error& e) {
        cfg.fail(e.what());
    }
    return result;
}

ImportResult importHfConfigText(std::string_view text, std::string_view source) {
    json root;
    try {
        root = json::parse(text.begin(), text.end());
    } catch (const json::parse_error& e) {
        // nlohmann reports a byte offset; people want a line and column.
        const std::size_t offset = std::min<std::size_t>(e.byte, text.size());
        std::size_t line = 1;
        std::size_t column = 1;
        for (std::size_t i = 0; i + 1 < offset; ++i) {
            if (text[i] == '\n') {
                ++line;
                column = 1;
            } else {
                ++column;
            }
        }
        throw Error(std::string(source) + ":" + std::to_string(line) + ":" + std::to_string(column) +
                    ": not valid JSON (" + e.what() + ")");
    }
    return importHfConfig(root, source);
}

ImportResult importHfConfigFile(const std::filesystem::path& path) {
    return importHfConfigText(readInputFile(path, kConfigFileMaxBytes, "model config (config.json)"), path.string());
}

} // namespace kvscope
