#include "hfconfig.h"

#include "checked.h"
#include "enumnames.h"
#include "error.h"
#include "hfquantization.h"
#include "inputfile.h"
#include "text.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <limits>
#include <optional>
#include <set>
#include <sstream>
#include <tuple>

namespace kvscope {
namespace {

// A model's id and name are kept to this many bytes, cut between characters.
constexpr std::size_t kNameMaxBytes = 200;

using nlohmann::json;

// A view over the language-model part of a config: text_config first, then the top level.
// Every key it hands out is remembered, so that the keys no rule read can be named.
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

    const json* text() const { return m_text; }
    const json& root() const { return m_root; }

    const json* find(std::string_view key) const {
        for (const json* scope : {m_text, &m_root}) {
            if (!scope)
                continue;
            if (auto it = scope->find(key); it != scope->end() && !it->is_null()) {
                m_used.insert(std::string(key));
                return &*it;
            }
        }
        return nullptr;
    }

    bool has(std::string_view key) const { return find(key) != nullptr; }
    void markUsed(std::string_view key) const { m_used.insert(std::string(key)); }
    void unmark(std::string_view key) const { m_used.erase(std::string(key)); }
    bool used(const std::string& key) const { return m_used.count(key) != 0; }

    // Python's json module writes float('inf') and float('nan') as bare Infinity / NaN; the text
    // importer turns them into these strings before parsing (see quoteNonFiniteLiterals).
    static bool isNonFinite(const json& value) {
        if (!value.is_string())
            return false;
        const std::string& text = value.get_ref<const std::string&>();
        return text == "Infinity" || text == "-Infinity" || text == "NaN";
    }

    // A count from the config. `allowZero`: 0 is legal and means "none" (num_nextn_predict_layers: 0,
    // shared_intermediate_size: 0); elsewhere a size must be positive.
    static std::uint64_t asUint(const json& value, std::string_view key, std::uint64_t max, const ConfigReader& cfg,
                                bool allowZero = false) {
        if (isNonFinite(value))
            cfg.fail("field '" + std::string(key) + "' is " + value.get<std::string>() +
                     ": it sizes memory, so it must be a finite integer");
        if (value.is_number_integer() ||
            (value.is_number_float() && value.get<double>() == std::floor(value.get<double>()))) {
            const double asDouble = value.get<double>();
            if (asDouble < (allowZero ? 0 : 1))
                cfg.fail("field '" + std::string(key) + "' must be a " + (allowZero ? "non-negative" : "positive") +
                         " integer, got " + describeJson(value));
            if (asDouble > static_cast<double>(max))
                cfg.fail("field '" + std::string(key) + "' is too large (" + describeJson(value) + ", at most " +
                         std::to_string(max) + ")");
            return value.is_number_unsigned() ? value.get<std::uint64_t>()
                                              : static_cast<std::uint64_t>(value.get<std::int64_t>());
        }
        cfg.fail("field '" + std::string(key) + "' must be a " + (allowZero ? "non-negative" : "positive") +
                 " integer, got " + describeJson(value));
    }

    // The first present key among `keys`, as a positive integer no larger than `max`.
    std::optional<std::uint64_t> uintField(std::initializer_list<std::string_view> keys,
                                           std::uint64_t max = std::numeric_limits<std::uint32_t>::max()) const {
        for (auto key : keys)
            if (const json* value = find(key))
                return asUint(*value, key, max, *this);
        return std::nullopt;
    }

    // A count where 0 means "none": the key is read (and so not reported) and 0 comes back as nullopt.
    std::optional<std::uint64_t> countField(std::initializer_list<std::string_view> keys,
                                            std::uint64_t max = std::numeric_limits<std::uint32_t>::max()) const {
        for (auto key : keys)
            if (const json* value = find(key)) {
                const std::uint64_t count = asUint(*value, key, max, *this, true);
                return count == 0 ? std::nullopt : std::optional<std::uint64_t>(count);
            }
        return std::nullopt;
    }

    // A key inside a nested object of the config (MPT's attn_config.kv_n_heads).
    std::optional<std::uint64_t> nestedUint(std::string_view object, std::string_view key,
                                            std::uint64_t max = std::numeric_limits<std::uint32_t>::max()) const {
        const json* obj = find(object);
        if (!obj || !obj->is_object())
            return std::nullopt;
        auto it = obj->find(key);
        if (it == obj->end() || it->is_null())
            return std::nullopt;
        return asUint(*it, std::string(object) + "." + std::string(key), max, *this);
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
    mutable std::set<std::string> m_used;
};

// How a family finds its KV heads (see KvHeadRule for what the importer reports).
enum class KvStyle {
    Standard,   // num_key_value_heads (absent: as many as query heads, or the class default)
    Falcon,     // new_decoder_architecture -> num_kv_heads; else multi_query (class default true) -> 1
    BigCode,    // multi_query, class default true -> 1
    ChatGlm,    // multi_query_attention -> multi_query_group_num groups; head size kv_channels
    AttnConfig, // MPT / DBRX: attn_config.kv_n_heads / attn_type
    Mla,        // DeepSeek: kv_lora_rank latent
    None,       // pure state-space model: no attention at all
};

// How a family lays out its layers.
enum class LayerStyle {
    Uniform,         // every layer attends (window per the generic sliding_window keys)
    Gemma2Alternate, // sliding window on even layers
    GemmaPattern,    // layer_types, else every sliding_window_pattern-th layer is global
    Mllama,          // cross_attention_layers cache the image's tokens
    Jamba,           // attention every attn_layer_period at attn_layer_offset; MoE every expert_layer_period
    Mamba,           // Mamba / Mamba-2: every layer a state layer, no MLP
    NemotronH,       // hybrid_override_pattern: M mamba, * attention, - MLP, E MoE
    FalconH1,        // attention and Mamba-2 side by side in every layer
    Zamba2,          // Mamba-2 layers; hybrid ones also run a shared attention block
    GraniteHybrid,   // layer_types: mamba / attention, each followed by (MoE +) shared MLP
    RecurrentGemma,  // block_types cycle: recurrent (RG-LRU) / attention (local window)
    Qwen3Next,       // layer_types / full_attention_interval: gated DeltaNet or gated attention; MoE MLP
    Llama4,          // chunked attention on 3 of 4 layers (no_rope_layers); MoE every interleave_moe_layer_step
    NemotronNas,     // block_configs: per block, attention (no_op / linear / n_heads_in_group) and FFN (ffn_mult)
    SambaY, // Phi-4-mini-flash: Mamba every mb_per_layer-th layer; the second half reuses one layer's KV (YOCO)
};

enum class QkNorm { None, PerHead, FullWidth };

// A configuration class's defaults for keys that configs (or nested text_configs) leave out.
struct ClassDefaults {
    std::uint64_t layers = 0, hidden = 0, heads = 0, kvHeads = 0, headDim = 0, intermediate = 0, vocab = 0,
                  maxContext = 0, slidingWindow = 0, windowPattern = 0;
};

// One family's rules, from its transformers configuration_*.py and modeling_*.py (and vLLM's
// model executor where the two differ).
struct FamilySpec {
    const char* type;   // model_type
    const char* family; // the name people know it by
    KvStyle kv = KvStyle::Standard;
    LayerStyle layers = LayerStyle::Uniform;
    MlpKind mlp = MlpKind::Gated;
    NormKind norm = NormKind::RMSNorm;
    std::uint8_t normsPerLayer = 2;
    bool qkvBias = false, outBias = false, mlpBias = false;
    bool tied = false; // the class's tie_word_embeddings default
    bool learnedPositions = false;
    std::uint8_t positionOffset = 0; // OPT keeps two extra position rows
    QkNorm qkNorm = QkNorm::None;
    bool lmHeadBias = false;
    bool finalNorm = true;
    ClassDefaults defaults{};
};

FamilySpec llamaLike(const char* type, const char* family, bool tied = false) {
    FamilySpec f{type, family};
    f.tied = tied;
    return f;
}

const std::vector<FamilySpec>& familyTable() {
    static const std::vector<FamilySpec> table = [] {
        std::vector<FamilySpec> t;
        // Llama-style decoders: gated SwiGLU MLP, RMSNorm before attention and MLP, no biases.
        for (auto [type, family] : {std::pair{"llama", "Llama"},
                                    {"mistral", "Mistral"},
                                    {"mixtral", "Mixtral"},
                                    {"phi3", "Phi-3"},
                                    {"granite", "Granite"},
                                    {"yi", "Yi"},
                                    {"internlm2", "InternLM2"},
                                    {"baichuan", "Baichuan"},
                                    {"exaone", "EXAONE"},
                                    {"deepseek", "DeepSeek"}})
            t.push_back(llamaLike(type, family));
        t.push_back(llamaLike("minicpm", "MiniCPM", true));
        // SmolLM3: a Llama whose every fourth layer skips RoPE (no_rope_layers); a NoPE layer still caches K and V.
        t.push_back(llamaLike("smollm3", "SmolLM3", true));
        for (auto [type, family] :
             {std::pair{"qwen2", "Qwen2"}, {"qwen2_moe", "Qwen2-MoE"}, {"qwen2_vl", "Qwen2-VL"}}) {
            FamilySpec f = llamaLike(type, family);
            f.qkvBias = true; // q/k/v projections carry biases, o does not
            t.push_back(f);
        }
        for (auto [type, family] : {std::pair{"qwen3", "Qwen3"}, {"qwen3_moe", "Qwen3-MoE"}}) {
            FamilySpec f = llamaLike(type, family);
            f.qkNorm = QkNorm::PerHead;
            t.push_back(f);
        }
        // Qwen3.5 / Qwen3.6 (dense and MoE, with their text configs): Qwen3-Next's gated DeltaNet and gated
        // attention layers.
        for (auto [type, family] : {std::pair{"qwen3_next", "Qwen3-Next"},
                                    {"qwen3_5", "Qwen3.5"},
                                    {"qwen3_5_text", "Qwen3.5"},
                                    {"qwen3_5_moe", "Qwen3.5-MoE"},
                                    {"qwen3_5_moe_text", "Qwen3.5-MoE"}}) {
            FamilySpec f = llamaLike(type, family);
            f.qkNorm = QkNorm::PerHead;
            f.layers = LayerStyle::Qwen3Next;
            t.push_back(f);
        }
        {
            // MiniMax-M2: a Llama-style MoE (sigmoid routing with a bias per expert) with q/k RMSNorms over all heads.
            FamilySpec f = llamaLike("minimax_m2", "MiniMax-M2");
            f.qkNorm = QkNorm::FullWidth;
            t.push_back(f);
            // gpt-oss: alternating sliding (128) and full attention by layer_types, biased q/k/v/o and experts,
            // a learned attention sink per head.
            FamilySpec g = llamaLike("gpt_oss", "gpt-oss");
            g.qkvBias = g.outBias = g.mlpBias = true;
            t.push_back(g);
        }
        t.push_back(llamaLike("gemma", "Gemma", true));
        {
            FamilySpec f = llamaLike("gemma2", "Gemma 2", true);
            f.normsPerLayer = 4; // pre and post norms around attention and MLP
            f.layers = LayerStyle::Gemma2Alternate;
            t.push_back(f);
        }
        for (const char* type : {"gemma3_text", "gemma3"}) {
            FamilySpec f = llamaLike(type, "Gemma 3", true);
            f.normsPerLayer = 4;
            f.qkNorm = QkNorm::PerHead;
            f.layers = LayerStyle::GemmaPattern;
            // Gemma3TextConfig's defaults: a Gemma 3 config.json's text_config states only what differs.
            f.defaults = {26, 2304, 8, 4, 256, 9216, 262208, 131072, 4096, 6};
            t.push_back(f);
        }
        for (const char* type : {"gemma4_text", "gemma4"}) {
            // Gemma 4: Gemma 3's layout (four norms a layer, q/k norms a head wide, layer_types) with full layers of
            // their own heads (readLayerKindGeometry). No class defaults: a missing size is refused, not guessed.
            FamilySpec f = llamaLike(type, "Gemma 4", true);
            f.normsPerLayer = 4;
            f.qkNorm = QkNorm::PerHead;
            f.layers = LayerStyle::GemmaPattern;
            t.push_back(f);
        }
        {
            // Phi-4-mini-flash (SambaY, vLLM's phi4flash.py): LayerNorms with biases, biased attention projections,
            // a gated MLP, tied embeddings; the layer layout is SambaY's (readSambaYLayers).
            FamilySpec f = llamaLike("phi4flash", "Phi-4-mini-flash (SambaY)", true);
            f.norm = NormKind::LayerNorm;
            f.qkvBias = f.outBias = true;
            f.layers = LayerStyle::SambaY;
            t.push_back(f);
        }
        // MiMo-V2 (MiMo-V2-Flash, MiMo-V2.5): a Llama-style MoE whose sliding and full layers have heads of their own
        // (readLayerKindGeometry) and whose first layer keeps a dense MLP (moe_layer_freq).
        for (const char* type : {"mimo_v2", "mimo_v2_flash"})
            t.push_back(llamaLike(type, "MiMo-V2"));
        {
            FamilySpec f{"phi", "Phi", KvStyle::Standard, LayerStyle::Uniform, MlpKind::Plain, NormKind::LayerNorm, 1};
            f.qkvBias = f.outBias = f.mlpBias = true; // parallel attention + MLP under one LayerNorm
            f.lmHeadBias = true;
            t.push_back(f);
        }
        for (auto [type, family, kv] : {std::tuple{"gpt2", "GPT-2", KvStyle::Standard},
                                        {"gpt_bigcode", "GPT-BigCode", KvStyle::BigCode},
                                        {"opt", "OPT", KvStyle::Standard}}) {
            FamilySpec f{type, family, kv, LayerStyle::Uniform, MlpKind::Plain, NormKind::LayerNorm};
            f.qkvBias = f.outBias = f.mlpBias = true;
            f.tied = true;
            f.learnedPositions = true;
            f.positionOffset = std::string_view(type) == "opt" ? 2 : 0;
            t.push_back(f);
        }
        {
            FamilySpec f{"gpt_neox",          "GPT-NeoX",     KvStyle::Standard,
                         LayerStyle::Uniform, MlpKind::Plain, NormKind::LayerNorm};
            f.qkvBias = f.outBias = f.mlpBias = true;
            t.push_back(f);
        }
        {
            FamilySpec f{"gptj", "GPT-J", KvStyle::Standard, LayerStyle::Uniform, MlpKind::Plain, NormKind::LayerNorm,
                         1};
            f.mlpBias = true; // attention without biases, one LayerNorm (parallel), LM head with a bias
            f.lmHeadBias = true;
            t.push_back(f);
        }
        {
            FamilySpec f{"bloom", "BLOOM", KvStyle::Standard, LayerStyle::Uniform, MlpKind::Plain, NormKind::LayerNorm};
            f.qkvBias = f.outBias = f.mlpBias = true;
            f.tied = true; // ALiBi: no position table; a LayerNorm after the embedding (extra)
            t.push_back(f);
        }
        for (const char* type : {"falcon", "RefinedWeb", "RefinedWebModel"}) {
            FamilySpec f{type, "Falcon", KvStyle::Falcon, LayerStyle::Uniform, MlpKind::Plain, NormKind::LayerNorm};
            f.defaults.maxContext = 2048; // FalconConfig's max_position_embeddings
            f.tied = true; // biases per the 'bias' key; norms per parallel_attn / new_decoder_architecture
            t.push_back(f);
        }
        {
            FamilySpec f = llamaLike("chatglm", "ChatGLM");
            f.kv = KvStyle::ChatGlm;
            f.defaults = {28, 4096, 32, 0, 128, 13696, 65024, 2048, 0, 0};
            t.push_back(f);
        }
        {
            FamilySpec f = llamaLike("glm", "GLM");
            f.qkvBias = true; // GlmConfig attention_bias defaults to true (q/k/v only)
            t.push_back(f);
            FamilySpec g = llamaLike("glm4", "GLM-4");
            g.qkvBias = true;
            g.normsPerLayer = 4; // post-attention and post-MLP norms as well
            t.push_back(g);
            // GLM-4.5, 4.6, 4.7 (Glm4MoeConfig; vLLM's glm4_moe.py): a Llama-style decoder whose attention_bias
            // covers q/k/v only (o_proj has none), q and k RMSNorms a head wide when use_qk_norm, and DeepSeek's
            // MoE layout (first_k_dense_replace dense layers, routed and shared experts), read with the MoE keys.
            // The router's e_score_correction_bias is a buffer, not a parameter, as transformers counts.
            FamilySpec h = llamaLike("glm4_moe", "GLM-4.5");
            h.defaults = {46, 4096, 96, 8, 0, 10944, 151552, 131072, 0, 0};
            t.push_back(h);
        }
        // Kimi-K2 ships model_type kimi_k2 with DeepseekV3ForCausalLM: the same MLA decoder. DeepSeek-V3.2 and
        // GLM-5 (glm_moe_dsa) add DSA's indexer to it (index_head_dim, read with MLA below).
        for (auto [type, family] : {std::pair{"deepseek_v2", "DeepSeek-V2"},
                                    {"deepseek_v3", "DeepSeek-V3"},
                                    {"kimi_k2", "Kimi-K2"},
                                    {"deepseek_v32", "DeepSeek-V3.2"},
                                    {"glm_moe_dsa", "GLM-5"}}) {
            FamilySpec f = llamaLike(type, family);
            f.kv = KvStyle::Mla;
            t.push_back(f);
        }
        {
            for (const char* type : {"llama4", "llama4_text"}) {
                FamilySpec g = llamaLike(type, "Llama 4");
                g.layers = LayerStyle::Llama4;
                t.push_back(g);
            }
            FamilySpec f = llamaLike("mllama", "Llama 3.2 Vision");
            f.layers = LayerStyle::Mllama;
            t.push_back(f);
        }
        {
            // Llama-3.x-Nemotron-Super/Ultra (DeciLM's architecture search): a Llama whose blocks differ.
            FamilySpec f = llamaLike("nemotron-nas", "Nemotron-NAS");
            f.layers = LayerStyle::NemotronNas;
            t.push_back(f);
        }
        {
            FamilySpec f = llamaLike("jamba", "Jamba");
            f.layers = LayerStyle::Jamba;
            t.push_back(f);
        }
        for (auto [type, family, tied] : {std::tuple{"mamba", "Mamba", true},
                                          {"mamba2", "Mamba-2", false},
                                          {"falcon_mamba", "Falcon Mamba", true}}) {
            FamilySpec f = llamaLike(type, family, tied);
            f.kv = KvStyle::None;
            f.layers = LayerStyle::Mamba;
            f.normsPerLayer = 1;
            t.push_back(f);
        }
        {
            FamilySpec f = llamaLike("nemotron_h", "Nemotron-H");
            f.layers = LayerStyle::NemotronH;
            f.mlp = MlpKind::Plain; // squared-ReLU up/down
            f.normsPerLayer = 1;
            t.push_back(f);
        }
        {
            FamilySpec f = llamaLike("falcon_h1", "Falcon-H1");
            f.layers = LayerStyle::FalconH1;
            t.push_back(f);
        }
        {
            FamilySpec f = llamaLike("zamba2", "Zamba2", true);
            f.layers = LayerStyle::Zamba2;
            f.normsPerLayer = 1;
            t.push_back(f);
        }
        {
            FamilySpec f = llamaLike("granitemoehybrid", "Granite 4.0 hybrid");
            f.layers = LayerStyle::GraniteHybrid;
            t.push_back(f);
        }
        {
            FamilySpec f = llamaLike("recurrent_gemma", "RecurrentGemma", true);
            f.layers = LayerStyle::RecurrentGemma;
            f.outBias = true;
            f.mlpBias = true;
            t.push_back(f);
        }
        {
            FamilySpec f{"starcoder2",        "StarCoder2",   KvStyle::Standard,
                         LayerStyle::Uniform, MlpKind::Plain, NormKind::LayerNorm};
            f.qkvBias = f.outBias = f.mlpBias = true; // per use_bias (class default true)
            f.tied = true;
            t.push_back(f);
        }
        {
            FamilySpec f = llamaLike("olmo", "OLMo");
            f.normsPerLayer = 0; // LayerNorm without weights or biases
            f.finalNorm = false;
            t.push_back(f);
            FamilySpec g = llamaLike("olmo2", "OLMo 2");
            g.qkNorm = QkNorm::FullWidth; // q_norm over heads x head_dim, k_norm over kv_heads x head_dim
            t.push_back(g);
        }
        {
            FamilySpec f = llamaLike("cohere", "Command-R (Cohere)", true);
            f.normsPerLayer = 1; // parallel attention + MLP; LayerNorm with a weight only
            t.push_back(f);
        }
        {
            FamilySpec f{"stablelm",          "StableLM",     KvStyle::Standard,
                         LayerStyle::Uniform, MlpKind::Gated, NormKind::LayerNorm};
            t.push_back(f); // q/k/v biases per use_qkv_bias
        }
        {
            FamilySpec f{"mpt", "MPT", KvStyle::AttnConfig, LayerStyle::Uniform, MlpKind::Plain, NormKind::RMSNorm};
            f.tied = true; // no_bias: LayerNorm with a weight only, no linear biases; ALiBi
            t.push_back(f);
            FamilySpec g = llamaLike("dbrx", "DBRX");
            g.kv = KvStyle::AttnConfig;
            t.push_back(g);
        }
        return t;
    }();
    return table;
}

const FamilySpec* findFamily(const std::string& type) {
    for (const FamilySpec& f : familyTable())
        if (type == f.type)
            return &f;
    return nullptr;
}

std::uint32_t u32(std::uint64_t v) {
    return static_cast<std::uint32_t>(std::min<std::uint64_t>(v, std::numeric_limits<std::uint32_t>::max()));
}

// Counts of weights and state values from a config's dimensions are computed 128 bits wide and
// then narrowed: hostile dimensions (each below 2^32) cannot wrap a 64-bit product unseen.
__extension__ typedef unsigned __int128 Wide; // NOLINT(modernize-use-using): __extension__ needs a typedef

std::uint64_t narrow(Wide value, const char* what) {
    if (value > Wide(1) << 62)
        throw Error(std::string(what) + " are too large to count (over 2^62); check the config's dimensions");
    return static_cast<std::uint64_t>(value);
}

// Mamba-2 mixer (also Nemotron-H, Falcon-H1, Zamba2, Granite hybrid): conv over x, B and C;
// state heads x head_dim x d_state.
struct Mamba2Dims {
    std::uint64_t dInner = 0, nHeads = 0, headDim = 0, dState = 0, nGroups = 1, dConv = 4;
    bool convBias = true, projBias = false, gatedNorm = true;
};
StateSpec mamba2State(const Mamba2Dims& d, std::uint64_t hidden) {
    const Wide h = hidden, di = d.dInner, nh = d.nHeads, ds = d.dState, ng = d.nGroups, k = d.dConv;
    const Wide convDim = di + 2 * ng * ds;
    const Wide inWidth = 2 * di + 2 * ng * ds + nh; // z, x, B, C, dt
    StateSpec s;
    s.convValues = narrow((k - 1) * convDim, "state values");
    s.recurrentValues = narrow(nh * Wide(d.headDim) * ds, "state values");
    s.paramsPerLayer =
        narrow(h * inWidth + (d.projBias ? inWidth : 0) + convDim * k + (d.convBias ? convDim : 0) +
                   3 * nh /* dt_bias, A_log, D */ + (d.gatedNorm ? di : 0) + di * h + (d.projBias ? h : 0),
               "state parameters");
    return s;
}

// Mamba-1 mixer (Mamba, Jamba): conv and recurrent state over d_inner channels.
StateSpec mamba1State(std::uint64_t hidden, std::uint64_t dInner, std::uint64_t dState, std::uint64_t dConv,
                      std::uint64_t dtRank, bool convBias, bool projBias, bool dtNorms) {
    const Wide h = hidden, di = dInner, ds = dState, k = dConv, r = dtRank;
    StateSpec s;
    s.convValues = narrow((k - 1) * di, "state values");
    s.recurrentValues = narrow(di * ds, "state values");
    s.paramsPerLayer = narrow(h * 2 * di + (projBias ? 2 * di : 0) + di * k + (convBias ? di : 0) +
                                  di * (r + 2 * ds) /* x_proj */ + r * di + di /* dt_proj */ + di * ds /* A_log */ +
                                  di /* D */ + di * h + (projBias ? h : 0) + (dtNorms ? r + 2 * ds : 0),
                              "state parameters");
    return s;
}

// A ViT-style vision tower (SigLIP, CLIP) from vision_config: patch embedding, position table,
// layers of attention + plain MLP with biases and two LayerNorms, a final LayerNorm.
std::uint64_t vitParams(const json& v, const ConfigReader& cfg) {
    auto get = [&](const char* key, std::uint64_t fallback) -> Wide {
        auto it = v.find(key);
        return it != v.end() && !it->is_null()
                   ? ConfigReader::asUint(*it, std::string("vision_config.") + key, 1u << 24, cfg)
                   : fallback;
    };
    const Wide h = get("hidden_size", 768), inter = get("intermediate_size", 3072);
    const Wide layers = get("num_hidden_layers", 12), patch = get("patch_size", 16), image = get("image_size", 224),
               channels = get("num_channels", 3);
    const Wide perLayer = 4 * (h * h + h) + 2 * h * inter + inter + h + 4 * h;
    const Wide positions = (image / patch) * (image / patch);
    return narrow(perLayer * layers + channels * patch * patch * h + h + positions * h + 2 * h, "vision parameters");
}

// Llama 3.2 Vision's tower (MllamaVisionModel): local and gated global layers, tiled position
// embeddings, and the projector into the text width.
std::uint64_t mllamaVisionParams(const json& v, std::uint64_t textHidden, const ConfigReader& cfg) {
    auto get = [&](const char* key, std::uint64_t fallback) -> Wide {
        auto it = v.find(key);
        return it != v.end() && !it->is_null()
                   ? ConfigReader::asUint(*it, std::string("vision_config.") + key, 1u << 24, cfg)
                   : fallback;
    };
    const Wide h = get("hidden_size", 1280), inter = get("intermediate_size", 5120);
    const Wide local = get("num_hidden_layers", 32), global = get("num_global_layers", 8);
    const Wide patch = get("patch_size", 14), image = get("image_size", 448), tiles = get("max_num_tiles", 4);
    const Wide outDim = get("vision_output_dim", 7680);
    Wide ratios = 8; // supported_aspect_ratios for 4 tiles
    if (auto it = v.find("supported_aspect_ratios"); it != v.end() && it->is_array())
        ratios = std::min<std::size_t>(it->size(), 1u << 24);
    const Wide patches = (image / patch) * (image / patch) + 1;
    const Wide layer = 4 * h * h + (h * inter + inter + inter * h + h) + 4 * h;
    const Wide text = textHidden;
    return narrow(3 * patch * patch * h /* patch conv */ + h /* class embedding */ + patches * h +
                      1 /* gated positions */ + (ratios + 1) * tiles * patches * h /* tile positions */ +
                      2 * ((ratios + 1) * tiles * h + 1) /* pre/post tile */ + 4 * h /* pre/post LayerNorm */ +
                      layer * local + (layer + 2) * global + outDim * text + text,
                  "vision parameters");
}

// Keys known not to size memory, each with the reason. Every other key that no rule read is reported
// (ImportResult::ignoredKeys) and makes the import unverified: nothing is dropped silently.
struct HarmlessKey {
    const char* key;
    const char* why;
};
constexpr HarmlessKey kHarmlessKeys[] = {
    // PretrainedConfig's own attributes and the generation defaults it carries.
    {"architectures", "the model class's name"},
    {"auto_map", "remote-code class names"},
    {"transformers_version", "the writer's version"},
    {"_name_or_path", "read for the display name"},
    {"name_or_path", "the checkpoint's name"},
    {"use_cache", "whether generate() keeps a cache, not its size"},
    {"return_dict", "output format"},
    {"output_hidden_states", "output format"},
    {"output_attentions", "output format"},
    {"output_router_logits", "output format (MoE)"},
    {"torchscript", "export flag"},
    {"is_decoder", "class role"},
    {"tie_encoder_decoder", "encoder-decoder only"},
    {"chunk_size_feed_forward", "computation chunking"},
    {"problem_type", "classification heads"},
    {"id2label", "classification heads"},
    {"label2id", "classification heads"},
    {"num_labels", "classification heads"},
    {"task_specific_params", "generation defaults"},
    {"finetuning_task", "training metadata"},
    {"tokenizer_class", "the tokenizer's class"},
    {"prefix", "generation prompt"},
    {"max_length", "generation default length"},
    {"min_length", "generation default length"},
    {"do_sample", "generation default"},
    {"early_stopping", "generation default"},
    {"num_beams", "generation default"},
    {"num_beam_groups", "generation default"},
    {"diversity_penalty", "generation default"},
    {"temperature", "generation default"},
    {"top_p", "generation default"},
    {"typical_p", "generation default"},
    {"repetition_penalty", "generation default"},
    {"length_penalty", "generation default"},
    {"no_repeat_ngram_size", "generation default"},
    {"encoder_no_repeat_ngram_size", "generation default"},
    {"bad_words_ids", "generation default"},
    {"num_return_sequences", "generation default"},
    {"output_scores", "generation default"},
    {"return_dict_in_generate", "generation default"},
    {"remove_invalid_values", "generation default"},
    {"exponential_decay_length_penalty", "generation default"},
    {"suppress_tokens", "generation default"},
    {"begin_suppress_tokens", "generation default"},
    {"forced_decoder_ids", "generation default"},
    {"quantization_config_version", "metadata"},
    // Activations and numerics: they change values, not sizes.
    {"hidden_act", "activation function"},
    {"hidden_activation", "activation function"},
    {"activation_function", "activation function"},
    {"mlp_hidden_act", "activation function"},
    {"pretraining_tp", "how training split matmuls; the shapes are the same"},
    {"rope_theta", "rotary base"},
    {"rope_scaling", "rotary scaling: positions, not sizes"},
    {"rope_parameters", "rotary parameters"},
    {"rope_type", "rotary variant"},
    {"rope_interleave", "rotary layout"},
    {"partial_rotary_factor", "the share of head_dim that is rotated; the head is cached whole"},
    {"rotary_pct", "the share of head_dim that is rotated; the head is cached whole"},
    {"rotary_dim", "the rotated part of head_dim; the head is cached whole"},
    {"rotary_emb_base", "rotary base"},
    {"alibi", "positions by bias: no weights"},
    {"attention_softmax_in_fp32", "numerics"},
    {"scale_attn_weights", "numerics"},
    {"scale_attn_by_inverse_layer_idx", "numerics"},
    {"reorder_and_upcast_attn", "numerics"},
    {"attn_scale", "numerics"},
    {"attention_multiplier", "numerics (muP)"},
    {"embedding_multiplier", "numerics (muP)"},
    {"residual_multiplier", "numerics (muP)"},
    {"logits_scaling", "numerics (muP)"},
    {"query_pre_attn_scalar", "numerics (Gemma)"},
    {"final_logit_softcapping", "numerics"},
    {"attn_logit_softcapping", "numerics"},
    {"router_aux_loss_coef", "training loss"},
    {"router_z_loss_coef", "training loss"},
    {"aux_loss_alpha", "training loss"},
    {"seq_aux", "training loss"},
    {"router_jitter_noise", "training noise"},
    {"norm_topk_prob", "how routing weights are normalised"},
    {"scoring_func", "routing score function"},
    {"topk_method", "routing algorithm"},
    {"n_group", "routing groups: which experts are chosen, not how many exist"},
    {"topk_group", "routing groups"},
    {"routed_scaling_factor", "routing numerics"},
    {"router_dtype", "routing numerics"},
    {"use_flash_attn", "kernel choice"},
    {"_attn_implementation", "kernel choice"},
    {"attn_implementation", "kernel choice"},
    {"_attn_implementation_autoset", "kernel choice"},
    {"use_bfloat16", "legacy dtype flag; torch_dtype is read"},
    {"gradient_checkpointing", "training"},
    {"time_step_limit", "Mamba numerics (carries Infinity)"},
    {"time_step_min", "Mamba numerics"},
    {"time_step_max", "Mamba numerics"},
    {"time_step_floor", "Mamba numerics"},
    {"time_step_init_scheme", "Mamba numerics"},
    {"time_step_scale", "Mamba numerics"},
    {"rescale_prenorm_residual", "initialisation"},
    {"residual_in_fp32", "numerics"},
    {"use_mamba_kernels", "kernel choice"},
    {"chunk_size", "Mamba-2's scan chunking: compute, not state"},
    {"mamba_chunk_size", "Mamba-2's scan chunking"},
    {"ep_size", "expert-parallel degree of a deployment, not of the model"},
    {"rope_local_base_freq", "the local layers' rotary base (Gemma 3)"},
    {"swa_rope_theta", "the sliding layers' rotary base (MiMo-V2)"},
    {"attention_value_scale", "numerics (MiMo-V2)"},
    {"attention_projection_layout", "whether q, k and v are stored fused or apart: the same weights"},
    {"processor_config", "input preprocessing (image, audio), no weights"},
    {"vision_model_type", "names the vision tower; vision_config is what sizes it"},
    {"for_llm_compressor", "a loading flag (Llama 4)"},
    {"cache_implementation", "how transformers allocates its cache; the window rule is read"},
    {"use_parallel_residual", "order of the residual adds; both ways hold two norms"},
    {"apply_residual_connection_post_layernorm", "order of the residual add"},
    {"apply_query_key_layer_scaling", "numerics"},
    {"fp32_residual_connection", "numerics"},
    {"slow_but_exact", "BLOOM's kernel choice"},
    {"offset_alibi", "positions by bias"},
    {"original_rope", "rotary variant"},
    {"original_max_position_embeddings", "rotary scaling's base length"},
    {"initial_context_length", "rotary scaling's base length (gpt-oss)"},
    {"logit_scale", "numerics"},
    {"logits_soft_cap", "numerics"},
    {"embeddings_scale_by_sqrt_dim", "numerics"},
    {"attn_temperature_tuning", "numerics (Llama 4)"},
    {"floor_scale", "numerics (Llama 4)"},
    {"dim_model_base", "numerics (muP)"},
    {"scale_depth", "numerics (muP)"},
    {"scale_emb", "numerics (muP)"},
    {"swiglu_limit", "activation clamp"},
    {"use_mem_rope", "rotary in Zamba2's shared block"},
    {"mamba_hidden_act", "activation function"},
    {"num_logits_to_keep", "how many positions compute logits"},
    {"mm_tokens_per_image", "image tokens take context like any token; the context is the scenario's"},
    {"language_model_only", "loading flag"},
    {"mtp_use_dedicated_embeddings", "multi-token prediction, not counted (a note says so)"},
    {"summary_type", "sequence-classification head"},
    {"summary_use_proj", "sequence-classification head"},
    {"summary_activation", "sequence-classification head"},
    {"summary_proj_to_labels", "sequence-classification head"},
    {"summary_first_dropout", "sequence-classification head"},
    {"bos_token", "tokenizer"},
    {"eos_token", "tokenizer"},
    {"model_max_length", "read with the context keys"},
    {"license", "metadata"},
    {"language", "metadata"},
    {"tags", "metadata"},
};

// Keys that size nothing at the value decoder-only checkpoints carry, and do at another: harmless only then.
bool harmlessAtItsDefault(const std::string& key, const json& value) {
    if (key == "is_encoder_decoder" || key == "add_cross_attention") // an encoder or cross-attention: more weights
        return value.is_boolean() && !value.get<bool>();
    if (key == "pruned_heads") // removed heads change the attention's size
        return (value.is_object() || value.is_array()) && value.empty();
    if (key == "position_embedding_type") { // "absolute" is a learned table of max_position_embeddings rows
        const std::string kind = value.is_string() ? value.get<std::string>() : std::string();
        return kind == "rotary" || kind == "rope" || kind == "alibi" || kind == "nope" || kind == "none";
    }
    return false;
}

// Name patterns known not to size memory: token ids, dropouts, epsilons, initialisation.
bool knownNotToMatter(const std::string& key) {
    for (const HarmlessKey& h : kHarmlessKeys)
        if (key == h.key)
            return true;
    static constexpr const char* kPatterns[] = {
        "_token_id",                          // bos/eos/pad/... token ids (and lists of them)
        "_token_index",                       // image / boi / eoi token ids
        "pdrop",                              // GPT-2's dropouts
        "dropout",                            // training only
        "_eps",                               // norm epsilons
        "epsilon",                            // norm epsilons
        "initializer",  "init_std", "_init_", // initialisation
    };
    for (const char* pattern : kPatterns)
        if (key.find(pattern) != std::string::npos)
            return true;
    return key == "token_id" || key.rfind("init_", 0) == 0;
}

// SambaY (Phi-4-mini-flash; Phi4FlashConfig and vLLM's phi4flash.py). Of L layers, layer i is a Mamba mixer when
// mb_per_layer > 0 and i % mb_per_layer == 0, else attention. The self-decoder (i < L/2 + 2) works as usual: its
// Mamba layers keep a Mamba-1 state ((d_conv - 1) x d_inner conv + d_inner x d_state SSM values), its attention
// layers cache K and V, on a sliding window where i < L/2 and i is odd (the config class's per-layer list). The
// cross-decoder (i >= L/2 + 2) computes no cache: its attention layers project only queries and read layer L/2 + 1's
// K and V (kv_sharing_target_layer_name), its Mamba layers are gated memory units (in_proj d -> d_inner, out_proj
// back) that reuse layer L/2's scan output and hold no state. layer_types, where a config states it, says which
// attention layers slide. Every layer has the gated MLP and two LayerNorms;
// each attention layer adds differential attention's four lambda vectors and a 2 x head_dim sub-norm.
void readSambaYLayers(const ConfigReader& cfg, ModelShape& m, FamilyRule& rule) {
    rule.layerKey = "mb_per_layer";
    // The class's default is 2; a stated 0 means no Mamba layer (countField reads a legal 0 as none).
    const std::uint64_t every = cfg.has("mb_per_layer") ? cfg.countField({"mb_per_layer"}).value_or(0) : 2;
    const std::uint32_t half = m.layers / 2;
    const auto isMamba = [&](std::uint32_t i) { return every > 0 && i % every == 0; };
    if (m.layers < 4 || half + 1 >= m.layers || isMamba(half + 1))
        cfg.fail("'mb_per_layer' " + std::to_string(every) + " makes layer " + std::to_string(half + 1) +
                 " (whose K and V the second half reuses) a Mamba layer, or the model has too few layers (" +
                 std::to_string(m.layers) + ")");
    const Wide h = m.hidden, hd = m.effectiveHeadDim(), q = Wide(m.heads) * hd;
    const std::uint64_t expand = cfg.uintField({"mamba_expand"}).value_or(2);
    const std::uint64_t dInner = expand * m.hidden;
    const json* dtRankValue = cfg.find("mamba_dt_rank");
    const std::uint64_t dtRank = dtRankValue && dtRankValue->is_number_unsigned() ? dtRankValue->get<std::uint64_t>()
                                                                                  : (m.hidden + 15) / 16; // "auto"
    if (dtRankValue && !dtRankValue->is_number_unsigned() &&
        !(dtRankValue->is_string() && dtRankValue->get<std::string>() == "auto"))
        cfg.fail("'mamba_dt_rank' must be \"auto\" or a whole number, got " + describeJson(*dtRankValue));
    const bool projBias = cfg.boolField("mamba_proj_bias").value_or(false);
    m.state = mamba1State(m.hidden, dInner, cfg.uintField({"mamba_d_state"}).value_or(16),
                          cfg.uintField({"mamba_d_conv"}).value_or(4), dtRank,
                          cfg.boolField("mamba_conv_bias").value_or(true), projBias, false);
    // Newer copies of the config state the sliding layers as layer_types (what vLLM reads); the class's rule otherwise.
    std::vector<bool> sliding(m.layers, false);
    for (std::uint32_t i = 0; i < m.layers; ++i)
        sliding[i] = i < half && i % 2 == 1;
    if (const json* types = cfg.find("layer_types")) {
        if (!types->is_array() || types->size() != m.layers)
            cfg.fail("'layer_types' must list " + std::to_string(m.layers) + " layer kinds, got " +
                     describeJson(*types));
        for (std::uint32_t i = 0; i < m.layers; ++i) {
            const json& t = (*types)[i];
            const std::string kind = t.is_string() ? t.get<std::string>() : std::string();
            if (kind != "full_attention" && kind != "sliding_attention")
                cfg.fail("'layer_types[" + std::to_string(i) +
                         "]' must be \"full_attention\" or \"sliding_attention\", got " + describeJson(t));
            sliding[i] = kind == "sliding_attention";
        }
    }
    m.layerParts.resize(m.layers);
    m.windowedLayers.assign(m.layers, false);
    std::uint64_t crossAttention = 0, memoryUnits = 0;
    for (std::uint32_t i = 0; i < m.layers; ++i) {
        const bool cross = i >= half + 2;
        if (isMamba(i)) {
            m.layerParts[i] = cross ? layerpart::Mlp : (layerpart::State | layerpart::Mlp);
            memoryUnits += cross;
        } else {
            m.layerParts[i] = cross ? layerpart::Mlp : (layerpart::Attention | layerpart::Mlp);
            crossAttention += cross;
            m.windowedLayers[i] = !cross && sliding[i]; // the cross-decoder reads layer L/2 + 1's cache
        }
    }
    if (std::find(m.windowedLayers.begin(), m.windowedLayers.end(), true) == m.windowedLayers.end())
        m.windowedLayers.clear();
    if (!m.windowedLayers.empty() && m.slidingWindow == 0)
        cfg.fail("missing 'sliding_window', the window of the self-decoder's odd attention layers");
    if (m.windowedLayers.empty())
        m.slidingWindow = 0;
    // Differential attention: lambda_q1, lambda_k1, lambda_q2, lambda_k2 (head_dim each) and subln (2 x head_dim).
    m.attentionExtraParams = narrow(6 * hd, "attention parameters");
    // The layers whose weights the per-layer formula cannot see: cross-decoder attention (a biased query projection
    // and the biased output projection) and the gated memory units.
    const Wide crossWeights = h * q + q + q * h + h + 6 * hd;
    const Wide unitWeights = h * dInner + Wide(dInner) * h + (projBias ? Wide(dInner) + h : 0);
    m.extraParams +=
        narrow(Wide(crossAttention) * crossWeights + Wide(memoryUnits) * unitWeights, "cross-decoder parameters");
}

// Nemotron-NAS block_configs (DeciLM's modeling_decilm.py, vLLM's nemotron_nas.py): each block has an
// attention part and an FFN part. Attention: no_op (no attention and no input_layernorm),
// replace_with_linear (a bias-free hidden x hidden linear, nothing cached), else GQA with
// num_attention_heads / n_heads_in_group KV heads. FFN: no_op (no post_attention_layernorm),
// replace_with_linear (hidden x hidden), else a gated MLP of
// _ffn_mult_to_intermediate_size(ffn_mult, hidden) = round int(2 x ffn_mult x hidden / 3) up to 256.
void readNasBlocks(const ConfigReader& cfg, ModelShape& m, FamilyRule& rule) {
    const json* blocks = cfg.find("block_configs");
    if (!blocks || !blocks->is_array())
        cfg.fail("missing 'block_configs', the list of each block's attention and FFN");
    if (blocks->size() != m.layers)
        cfg.fail("'block_configs' lists " + std::to_string(blocks->size()) + " blocks, but the model has " +
                 std::to_string(m.layers) + " layers");
    rule.layerKey = "block_configs";
    m.layerParts.assign(m.layers, 0);
    m.layerIntermediate.assign(m.layers, 0);
    std::vector<bool> windowed(m.layers, false);
    std::uint64_t window = 0;
    std::uint32_t kvHeads = 0;
    Wide linear = 0; // weights of the linear replacements
    Wide norms = 0;  // RMSNorm weights: one per present attention and FFN
    for (std::uint32_t i = 0; i < m.layers; ++i) {
        const std::string where = "block_configs[" + std::to_string(i) + "]";
        const json& block = (*blocks)[i];
        const auto part = [&](const char* name) -> const json& {
            if (!block.is_object() || !block.contains(name) || !block[name].is_object())
                cfg.fail("'" + where + "." + name + "' must be an object");
            return block[name];
        };
        const auto flag = [&](const json& obj, const char* section, const char* key) {
            const auto it = obj.find(key);
            if (it == obj.end() || it->is_null())
                return false;
            if (!it->is_boolean())
                cfg.fail("'" + where + "." + section + "." + key + "' must be true or false, got " + describeJson(*it));
            return it->get<bool>();
        };
        // Keys that would change what a block holds in ways this rule does not model.
        const auto mustBeNull = [&](const json& obj, const char* section, const char* key) {
            const auto it = obj.find(key);
            if (it != obj.end() && !it->is_null() && !(it->is_boolean() && !it->get<bool>()))
                cfg.fail("'" + where + "." + section + "." + key + "' is " + describeJson(*it) +
                         ": KV Scope has no rule for it, so it cannot size this block");
        };
        const json& attn = part("attention");
        const json& ffn = part("ffn");
        std::uint8_t parts = 0;
        if (!flag(attn, "attention", "no_op")) {
            norms += m.hidden;
            if (flag(attn, "attention", "replace_with_linear")) {
                linear += Wide(m.hidden) * m.hidden;
            } else {
                parts |= layerpart::Attention;
                mustBeNull(attn, "attention", "num_sink_tokens");
                mustBeNull(attn, "attention", "sparsify");
                const auto group = attn.find("n_heads_in_group");
                if (group == attn.end() || group->is_null())
                    cfg.fail("'" + where + ".attention.n_heads_in_group' is missing: it sets the block's KV heads");
                const std::uint64_t g =
                    ConfigReader::asUint(*group, where + ".attention.n_heads_in_group", m.heads, cfg);
                if (m.heads % g != 0)
                    cfg.fail("'" + where + ".attention.n_heads_in_group' (" + std::to_string(g) +
                             ") must divide the query heads (" + std::to_string(m.heads) + ")");
                const auto kv = static_cast<std::uint32_t>(m.heads / g);
                if (kvHeads != 0 && kv != kvHeads)
                    cfg.fail("'block_configs' gives attention blocks different KV head counts (" +
                             std::to_string(kvHeads) + " and " + std::to_string(kv) + " at block " + std::to_string(i) +
                             "): KV Scope's memory model holds one count per model");
                kvHeads = kv;
                if (const auto w = attn.find("window_length"); w != attn.end() && !w->is_null()) {
                    const std::uint64_t length =
                        ConfigReader::asUint(*w, where + ".attention.window_length", std::uint64_t(1) << 40, cfg);
                    if (window != 0 && length != window)
                        cfg.fail("'block_configs' gives blocks different attention windows (" + std::to_string(window) +
                                 " and " + std::to_string(length) + ")");
                    window = length;
                    windowed[i] = true;
                }
            }
        }
        if (!flag(ffn, "ffn", "no_op")) {
            norms += m.hidden;
            if (flag(ffn, "ffn", "replace_with_linear")) {
                linear += Wide(m.hidden) * m.hidden;
            } else {
                mustBeNull(ffn, "ffn", "sparsify");
                const auto mult = ffn.find("ffn_mult");
                if (mult == ffn.end() || !mult->is_number() || !(mult->get<double>() > 0) ||
                    !(mult->get<double>() < 1e6))
                    cfg.fail("'" + where +
                             ".ffn.ffn_mult' must be a positive number (the MLP width over the "
                             "hidden size, x 3/2), got " +
                             (mult == ffn.end() ? std::string("nothing") : describeJson(*mult)));
                // int(2 * ffn_mult * n_embd / 3), then _find_multiple(..., 256).
                const auto width = static_cast<std::uint64_t>(2.0 * mult->get<double>() * m.hidden / 3.0);
                const std::uint64_t rounded = (width + 255) / 256 * 256;
                constexpr std::uint64_t kMaxWidth = std::uint64_t(kMaxHidden) * 16;
                if (rounded == 0 || rounded > kMaxWidth)
                    cfg.fail("'" + where + ".ffn.ffn_mult' gives an MLP width of " + std::to_string(rounded) +
                             ", outside 1 to " + std::to_string(kMaxWidth));
                parts |= layerpart::Mlp;
                m.layerIntermediate[i] = static_cast<std::uint32_t>(rounded);
                m.intermediate = std::max(m.intermediate, m.layerIntermediate[i]);
            }
        }
        m.layerParts[i] = parts; // 0: a block of linear replacements (or nothing) caches nothing
    }
    if (kvHeads != 0) {
        m.kvHeads = kvHeads;
        rule.kvRule = KvHeadRule::KvHeadsKey;
        rule.kvKey = "block_configs[].attention.n_heads_in_group";
    } else {
        m.kvHeads = 1; // no block attends: nothing is cached per token
        rule.kvRule = KvHeadRule::NoAttention;
    }
    if (window != 0) {
        m.slidingWindow = window;
        m.windowedLayers = windowed;
    }
    // Norms and linear replacements are per block, so they are counted here, not per layer.
    m.normsPerLayer = 0;
    m.extraParams += narrow(linear + norms, "block parameters");
}

// Attention whose heads differ between full and windowed layers, as the modelling code builds each layer kind.
// - V heads of their own width (v_head_dim without MLA: MiMo-V2): the value projection and the cache's V.
// - MiMo-V2 (modeling_mimo_v2.py, vLLM's and SGLang's mimo_v2_flash): hybrid_layer_pattern[i] == 1 makes layer i
//   sliding-window attention, whose heads are swa_num_attention_heads, swa_num_key_value_heads, swa_head_dim and
//   swa_v_head_dim; 0 a full layer of num_attention_heads, num_key_value_heads, head_dim and v_head_dim. Each kind
//   learns one attention-sink bias per query head when add_swa_attention_sink_bias / add_full_attention_sink_bias.
// - Gemma 4 (Gemma4TextConfig, modeling_gemma4.py): a full-attention layer's heads are global_head_dim wide, and
//   with attention_k_eq_v it has num_global_key_value_heads KV heads whose V is K's own projection (no v_proj; K and V
//   are still cached apart, K rotated and V normed); sliding layers keep head_dim and num_key_value_heads.
void readLayerKindGeometry(const ConfigReader& cfg, ModelShape& m, const FamilySpec& fam, LayerStyle style,
                           FamilyRule& rule) {
    if (m.mla.kvLoraRank > 0)
        return; // MLA read v_head_dim as the latent's value width
    const auto headSize = [&](std::string_view key) {
        return static_cast<std::uint32_t>(cfg.uintField({key}, kMaxHeadDim).value_or(0));
    };
    if (const std::uint32_t v = headSize("v_head_dim"); v != 0 && v != m.effectiveHeadDim())
        m.vHeadDim = v;
    const bool swaKeys = cfg.has("swa_num_key_value_heads") || cfg.has("swa_head_dim") ||
                         cfg.has("swa_num_attention_heads") || cfg.has("swa_v_head_dim");
    const json* pattern = cfg.find("hybrid_layer_pattern");
    if (pattern || swaKeys) {
        // The layer kinds: hybrid_layer_pattern, one 0 (full) or 1 (sliding) per layer.
        if (!pattern || !pattern->is_array() || pattern->size() != m.layers)
            cfg.fail("'hybrid_layer_pattern' must list 0 (full attention) or 1 (sliding window) for each of the " +
                     std::to_string(m.layers) + " layers" + (pattern ? ", got " + describeJson(*pattern) : ""));
        if (cfg.has("layer_types"))
            cfg.unmark("layer_types"); // two lists of the layer kinds: the one the model builds is read
        std::vector<bool> windowed(m.layers, false);
        for (std::uint32_t i = 0; i < m.layers; ++i) {
            const json& kind = (*pattern)[i];
            if (!(kind.is_number_unsigned() && kind.get<std::uint64_t>() <= 1))
                cfg.fail("'hybrid_layer_pattern[" + std::to_string(i) +
                         "]' must be 0 (full attention) or 1 (sliding "
                         "window), got " +
                         describeJson(kind));
            windowed[i] = kind.get<std::uint64_t>() == 1;
        }
        const bool anyWindowed = std::find(windowed.begin(), windowed.end(), true) != windowed.end();
        if (anyWindowed && m.slidingWindow == 0)
            cfg.fail("'hybrid_layer_pattern' names sliding-window layers, but the config gives no window size "
                     "(sliding_window)");
        m.windowedLayers = windowed;
        rule.layerKey = "hybrid_layer_pattern";
        AttentionGeometry w;
        w.heads = static_cast<std::uint32_t>(cfg.uintField({"swa_num_attention_heads"}, kMaxHeads).value_or(m.heads));
        w.kvHeads =
            static_cast<std::uint32_t>(cfg.uintField({"swa_num_key_value_heads"}, kMaxHeads).value_or(m.kvHeads));
        w.headDim = headSize("swa_head_dim") != 0 ? headSize("swa_head_dim") : m.effectiveHeadDim();
        w.vHeadDim = headSize("swa_v_head_dim") != 0 ? headSize("swa_v_head_dim") : m.effectiveVHeadDim();
        if (w.vHeadDim == w.headDim)
            w.vHeadDim = 0;
        w.extraParams = m.attentionExtraParams;
        if (cfg.boolField("add_swa_attention_sink_bias").value_or(false))
            w.extraParams += w.heads;
        if (cfg.boolField("add_full_attention_sink_bias").value_or(false))
            m.attentionExtraParams += m.heads;
        if (anyWindowed && !(w == m.fullAttention()))
            m.windowedAttention = w;
        // MiMo names its window twice, and its attention_chunk_size is the window again: read, reported if not.
        if (cfg.uintField({"attention_chunk_size"}, std::numeric_limits<std::uint64_t>::max() / 2)
                .value_or(m.slidingWindow) != m.slidingWindow)
            cfg.unmark("attention_chunk_size");
        return;
    }
    if (style == LayerStyle::GemmaPattern &&
        (cfg.has("global_head_dim") || cfg.has("attention_k_eq_v") || cfg.has("num_global_key_value_heads"))) {
        const std::uint32_t windowedLayers = m.windowedLayerCount();
        if (windowedLayers == 0 || windowedLayers == m.layers)
            return; // one kind of layer: nothing differs (the keys are read, for the layers there are)
        AttentionGeometry w = m.fullAttention(); // the sliding layers: head_dim, num_key_value_heads
        w.valueFromKey = false;
        m.windowedAttention = w;
        const std::uint32_t global = headSize("global_head_dim");
        const bool keyIsValue = cfg.boolField("attention_k_eq_v").value_or(false);
        if (global != 0 && global != m.effectiveHeadDim()) {
            if (fam.qkNorm == QkNorm::PerHead) // the q and k norms are a head wide
                m.attentionExtraParams += 2ull * global - 2ull * m.effectiveHeadDim();
            m.headDim = global;
        }
        if (keyIsValue) {
            m.valueFromKey = true;
            if (auto kv = cfg.uintField({"num_global_key_value_heads"}, kMaxHeads)) {
                m.kvHeads = static_cast<std::uint32_t>(*kv);
                rule.kvKey = "num_global_key_value_heads (full layers), num_key_value_heads (sliding)";
            }
        } else if (cfg.has("num_global_key_value_heads")) {
            cfg.unmark("num_global_key_value_heads"); // Gemma 4 reads it only with attention_k_eq_v
        }
        if (m.windowedAttention == m.fullAttention())
            m.windowedAttention.reset();
    }
    // Heads of their own for windowed layers that no layer is (a pattern of full layers only) size nothing.
    if (m.windowedAttention && m.windowedLayerCount() == 0)
        m.windowedAttention.reset();
}

// moe_layer_freq: DeepSeek's integer (every k-th layer from first_k_dense_replace on is MoE; the released ones use 1),
// or MiMo-V2's list of 0 (dense MLP) and 1 (MoE) per layer. Leading dense layers are MoeSpec::denseLayers; any other
// pattern is reported, not guessed.
void readMoeLayerFreq(const ConfigReader& cfg, ModelShape& m) {
    const json* freq = cfg.find("moe_layer_freq");
    if (!freq)
        return;
    if (freq->is_number_unsigned() && freq->get<std::uint64_t>() == 1)
        return;
    if (!freq->is_array() || freq->size() != m.layers) {
        cfg.unmark("moe_layer_freq");
        return;
    }
    std::uint32_t dense = 0;
    while (dense < m.layers && (*freq)[dense] == 0)
        ++dense;
    for (std::uint32_t i = dense; i < m.layers; ++i)
        if ((*freq)[i] != 1) {
            cfg.unmark("moe_layer_freq");
            return;
        }
    if (m.moe.denseLayers != 0 && m.moe.denseLayers != dense) {
        cfg.unmark("moe_layer_freq"); // first_k_dense_replace says otherwise
        return;
    }
    m.moe.denseLayers = dense;
}

// A short name for a model with no name of its own: the folder a config.json sits in, else the
// file's stem, else the architecture or model_type; never a whole path.
std::string nameFromSource(std::string_view source, const ConfigReader& cfg) {
    const std::filesystem::path path{std::string(source)};
    std::string name;
    if (path.filename() == "config.json")
        name = path.parent_path().filename().string();
    else if (path.has_stem() && path.stem() != "-")
        name = path.stem().string();
    if (name.empty() || name == "." || name == "..") {
        if (const json* arch = cfg.find("architectures");
            arch && arch->is_array() && !arch->empty() && (*arch)[0].is_string())
            name = (*arch)[0].get<std::string>();
        else
            name = cfg.stringField("model_type");
    }
    return name.empty() ? std::string("model") : boundedName(name, kNameMaxBytes);
}

} // namespace

std::string confidenceName(Confidence confidence) {
    static constexpr EnumName<Confidence> kConfidences[] = {
        {Confidence::Exact, "exact"},
        {Confidence::Derived, "derived"},
        {Confidence::Unverified, "unverified"},
    };
    return std::string(enumName(kConfidences, confidence));
}

std::vector<std::string> knownModelTypes() {
    std::vector<std::string> types;
    for (const FamilySpec& f : familyTable())
        types.emplace_back(f.type);
    return types;
}

namespace {

// A size from the config: the first present key of `keys`, else the class default for an absent key (recorded in
// the rule), else an error naming the keys.
std::uint64_t sizeField(const ConfigReader& cfg, FamilyRule& rule, std::initializer_list<std::string_view> keys,
                        std::uint64_t fallback, const char* what,
                        std::uint64_t max = std::numeric_limits<std::uint32_t>::max()) {
    if (auto v = cfg.uintField(keys, max))
        return *v;
    if (fallback != 0) {
        rule.defaultedKeys.emplace_back(*keys.begin());
        return fallback;
    }
    std::string names;
    for (auto key : keys)
        names += (names.empty() ? "'" : ", '") + std::string(key) + "'";
    cfg.fail("missing the " + std::string(what) + " (looked for " + names + ")");
}

// The documented limits (ModelShape::validate) are checked as each size is read: the layer layouts allocate per
// layer and multiply these sizes.
std::uint32_t withinLimit(const ConfigReader& cfg, std::uint64_t value, std::uint64_t max, const char* what) {
    if (value > max)
        cfg.fail(std::string(what) + " must be between 1 and " + std::to_string(max) + ", got " +
                 std::to_string(value));
    return static_cast<std::uint32_t>(value);
}

// The layer count, the hidden size and the query heads, each within the documented limits.
void readSizes(const ConfigReader& cfg, ModelShape& m, FamilyRule& rule, const ClassDefaults& def, LayerStyle style) {
    m.layers = withinLimit(
        cfg,
        sizeField(cfg, rule, {"num_hidden_layers", "n_layer", "num_layers", "n_layers"}, def.layers, "layer count"),
        kMaxLayers, "layers");
    m.hidden = withinLimit(
        cfg, sizeField(cfg, rule, {"hidden_size", "n_embd", "n_embed", "d_model", "dim"}, def.hidden, "hidden size"),
        kMaxHidden, "hidden size");
    if (style == LayerStyle::Mamba) {
        m.heads = 1; // no attention: one nominal head keeps the shape valid; nothing is cached per token
    } else {
        m.heads = withinLimit(cfg,
                              sizeField(cfg, rule, {"num_attention_heads", "n_head", "num_heads", "n_heads"}, def.heads,
                                        "query head count"),
                              kMaxHeads, "query heads");
    }
}

// The KV heads, by the family's rule (KvStyle), checked to divide the query heads.
void readKvHeads(const ConfigReader& cfg, ModelShape& m, FamilyRule& rule, const FamilySpec& fam,
                 const std::string& type) {
    const ClassDefaults& def = fam.defaults;
    auto kvKey = [&]() -> std::optional<std::uint64_t> {
        static constexpr std::string_view keys[] = {"num_key_value_heads", "num_kv_heads", "n_head_kv", "n_kv_heads"};
        for (auto key : keys)
            if (auto v = cfg.uintField({key})) {
                rule.kvKey = std::string(key);
                return v;
            }
        return std::nullopt;
    };
    switch (fam.kv) {
    case KvStyle::None:
        m.kvHeads = 1;
        rule.kvRule = KvHeadRule::NoAttention;
        break;
    case KvStyle::Falcon: {
        // The original RefinedWeb (Falcon-40B) code is the new decoder architecture.
        const bool newDecoder = cfg.boolField("new_decoder_architecture").value_or(type == "RefinedWeb");
        const std::optional<bool> mq = cfg.boolField("multi_query");
        // FalconAttention: num_kv_heads if (new_decoder_architecture or not multi_query) else 1;
        // FalconConfig's multi_query defaults to true.
        if (newDecoder) {
            auto kv = kvKey();
            m.kvHeads = u32(kv.value_or(m.heads));
            rule.kvRule = KvHeadRule::NewDecoderHeads;
            rule.kvKey = "new_decoder_architecture + " + (kv ? rule.kvKey : std::string("num_attention_heads"));
        } else if (mq.value_or(true)) {
            m.kvHeads = 1;
            rule.kvRule = KvHeadRule::MultiQueryFlag;
            rule.kvKey = "multi_query";
            if (!mq)
                rule.defaultedKeys.emplace_back("multi_query");
            cfg.markUsed("num_kv_heads");
            cfg.markUsed("n_head_kv");
        } else if (auto kv = kvKey()) {
            m.kvHeads = u32(*kv);
            rule.kvRule = KvHeadRule::KvHeadsKey;
        } else {
            m.kvHeads = m.heads;
            rule.kvRule = KvHeadRule::QueryHeads;
            rule.kvKey = "multi_query";
        }
        break;
    }
    case KvStyle::BigCode: {
        const std::optional<bool> mq = cfg.boolField("multi_query");
        m.kvHeads = mq.value_or(true) ? 1 : m.heads;
        rule.kvRule = mq.value_or(true) ? KvHeadRule::MultiQueryFlag : KvHeadRule::QueryHeads;
        rule.kvKey = "multi_query";
        if (!mq)
            rule.defaultedKeys.emplace_back("multi_query");
        break;
    }
    case KvStyle::ChatGlm:
        if (cfg.boolField("multi_query_attention").value_or(false)) {
            m.kvHeads = u32(cfg.uintField({"multi_query_group_num"}).value_or(1));
            rule.kvRule = KvHeadRule::GroupCount;
            rule.kvKey = "multi_query_attention + multi_query_group_num";
        } else {
            m.kvHeads = m.heads;
            rule.kvRule = KvHeadRule::QueryHeads;
            rule.kvKey = "multi_query_attention";
            cfg.markUsed("multi_query_group_num");
        }
        break;
    case KvStyle::AttnConfig: {
        const json* attn = cfg.find("attn_config");
        std::string attnType = "multihead_attention";
        if (attn && attn->is_object())
            if (auto it = attn->find("attn_type"); it != attn->end() && it->is_string())
                attnType = it->get<std::string>();
        if (type == "dbrx" || attnType == "grouped_query_attention") {
            // DbrxAttentionConfig's and MPT's kv_n_heads default to 1.
            m.kvHeads = u32(cfg.nestedUint("attn_config", "kv_n_heads").value_or(1));
            rule.kvRule = KvHeadRule::KvHeadsKey;
            rule.kvKey = "attn_config.kv_n_heads";
        } else if (attnType == "multiquery_attention") {
            m.kvHeads = 1;
            rule.kvRule = KvHeadRule::MultiQueryFlag;
            rule.kvKey = "attn_config.attn_type";
        } else {
            m.kvHeads = m.heads;
            rule.kvRule = KvHeadRule::QueryHeads;
            rule.kvKey = "attn_config.attn_type";
        }
        break;
    }
    case KvStyle::Mla:
    case KvStyle::Standard:
        if (auto kv = kvKey()) {
            m.kvHeads = u32(*kv);
            rule.kvRule = KvHeadRule::KvHeadsKey;
        } else if (def.kvHeads != 0) {
            m.kvHeads = u32(def.kvHeads);
            rule.kvRule = KvHeadRule::ClassDefault;
            rule.kvKey = "num_key_value_heads";
            rule.defaultedKeys.emplace_back("num_key_value_heads");
        } else if (cfg.boolField("multi_query").value_or(false)) {
            m.kvHeads = 1; // an unknown family that states the flag
            rule.kvRule = KvHeadRule::MultiQueryFlag;
            rule.kvKey = "multi_query";
        } else {
            m.kvHeads = m.heads;
            rule.kvRule = KvHeadRule::QueryHeads;
        }
        break;
    }
    if (m.kvHeads > m.heads || m.heads % m.kvHeads != 0)
        cfg.fail("KV heads (" + std::to_string(m.kvHeads) + ") must divide the query heads (" +
                 std::to_string(m.heads) + ")");
}

// The head size: a key of its own, the class default, or hidden / heads.
void readHeadDim(const ConfigReader& cfg, ModelShape& m, FamilyRule& rule, const ClassDefaults& def, LayerStyle style) {
    if (style == LayerStyle::Zamba2) {
        // Attention runs on [hidden, original embedding]: twice the width.
        const std::uint64_t width = cfg.uintField({"attention_hidden_size"}).value_or(2ull * m.hidden);
        m.headDim = u32(cfg.uintField({"attention_head_dim"}).value_or(width / m.heads));
    } else if (auto headDim = cfg.uintField({"head_dim", "kv_channels", "attention_head_size", "attention_head_dim"})) {
        m.headDim = u32(*headDim);
    } else if (def.headDim != 0) {
        m.headDim = u32(def.headDim);
        rule.defaultedKeys.emplace_back("head_dim");
    } else if (m.hidden % m.heads != 0) {
        cfg.fail("hidden size " + std::to_string(m.hidden) + " is not a multiple of " + std::to_string(m.heads) +
                 " heads and no 'head_dim' is given");
    }

    withinLimit(cfg, m.headDim, kMaxHeadDim, "head_dim");
}

// The MLP's width, the vocabulary, the context and tied embeddings. Mamba's intermediate_size is expand x hidden,
// the mixer's width, not an MLP; Nemotron-NAS sets each block's width from block_configs (the layer layout).
void readMlpAndVocab(const ConfigReader& cfg, ModelShape& m, FamilyRule& rule, std::vector<ImportNote>& notes,
                     const FamilySpec& fam, const std::string& type) {
    const ClassDefaults& def = fam.defaults;
    const LayerStyle style = fam.layers;
    const bool noMlp = style == LayerStyle::Mamba || style == LayerStyle::NemotronNas;
    if (noMlp) {
        m.intermediate = 0;
        cfg.markUsed("intermediate_size");
    } else if (type == "dbrx") {
        m.intermediate = u32(cfg.nestedUint("ffn_config", "ffn_hidden_size").value_or(3584));
    } else if (type == "mpt") {
        m.intermediate = u32(cfg.uintField({"expansion_ratio"}).value_or(4) * m.hidden);
    } else if (type == "chatglm") {
        m.intermediate = u32(sizeField(cfg, rule, {"ffn_hidden_size"}, def.intermediate, "MLP width"));
    } else if (auto inter =
                   cfg.uintField({"intermediate_size", "n_inner", "ffn_dim", "ffn_hidden_size", "ffn_inner_dim"})) {
        m.intermediate = u32(*inter);
    } else if (def.intermediate != 0) {
        m.intermediate = u32(def.intermediate);
        rule.defaultedKeys.emplace_back("intermediate_size");
    } else {
        m.intermediate = 4 * m.hidden;
        if (type != "gpt2" && type != "gpt_bigcode" && type != "gptj" && type != "bloom" && type != "falcon" &&
            type != "RefinedWeb" && type != "RefinedWebModel")
            notes.push_back({ImportNoteKind::AssumedIntermediate,
                             {std::to_string(m.intermediate)},
                             "no intermediate size given: assumed 4 x hidden = " + std::to_string(m.intermediate)});
    }
    if (type == "recurrent_gemma")
        m.intermediate /= 2; // RecurrentGemmaMlp: gate and up are intermediate_size // 2 wide

    m.vocab =
        u32(type == "chatglm"
                ? sizeField(cfg, rule, {"padded_vocab_size", "vocab_size"}, def.vocab, "vocabulary size")
                : sizeField(cfg, rule, {"vocab_size", "padded_vocab_size", "n_vocab"}, def.vocab, "vocabulary size"));
    m.maxContext = cfg.uintField({"max_position_embeddings", "n_positions", "max_seq_len", "seq_length",
                                  "max_sequence_length", "n_ctx", "model_max_length"},
                                 std::uint64_t(1) << 40) // the scenario's own context limit: refused, named
                       .value_or(def.maxContext);
    if (m.maxContext == 0)
        notes.push_back({ImportNoteKind::NoMaxContext, {}, "no maximum context length given"});
    if (cfg.has("n_ctx"))
        cfg.markUsed("n_ctx");
    m.tiedEmbeddings = cfg.boolField("tie_word_embeddings").value_or(fam.tied);
}

// Norms, biases and the per-layer extras a family adds (qk norms, sinks, embedding norms). `fam` is the
// family's rule as this config states it: a config may turn the qk norm off (MiniMax-M2).
void readNormsAndBiases(const ConfigReader& cfg, ModelShape& m, FamilySpec& fam, const std::string& type) {
    m.mlp = fam.mlp;
    m.norm = fam.norm;
    m.normsPerLayer = fam.normsPerLayer;
    m.finalNorm = fam.finalNorm;
    m.qkvBias = fam.qkvBias;
    m.outBias = fam.outBias;
    m.mlpBias = fam.mlpBias;
    m.lmHeadBias = fam.lmHeadBias;
    if (auto bias = cfg.boolField("attention_bias")) {
        m.qkvBias = *bias;
        // GLM's attention_bias covers q/k/v only; RecurrentGemma's o_proj always has one.
        m.outBias = type == "recurrent_gemma" || (*bias && type != "glm" && type != "glm4" && type != "glm4_moe");
    }
    if (auto bias = cfg.boolField("mlp_bias"))
        m.mlpBias = *bias;
    if (auto bias = cfg.boolField("lm_head_bias")) // Phi-4-mini-flash's nn.Linear(..., bias=config.lm_head_bias)
        m.lmHeadBias = *bias;
    if (type == "falcon" || type == "RefinedWeb" || type == "RefinedWebModel") {
        const bool bias = cfg.boolField("bias").value_or(false);
        m.qkvBias = m.outBias = m.mlpBias = bias;
        const bool newDecoder = cfg.boolField("new_decoder_architecture").value_or(type == "RefinedWeb");
        const bool parallel = cfg.boolField("parallel_attn").value_or(true);
        cfg.boolField("alibi"); // positions only: no weights either way
        // new_decoder_architecture: ln_attn + ln_mlp; parallel_attn: one input_layernorm; else two.
        m.normsPerLayer = newDecoder ? u32(cfg.uintField({"num_ln_in_parallel_attn"}).value_or(2)) : (parallel ? 1 : 2);
    } else if (type == "internlm2") {
        m.qkvBias = m.outBias = cfg.boolField("bias").value_or(true);
    } else if (type == "starcoder2") {
        m.qkvBias = m.outBias = m.mlpBias = cfg.boolField("use_bias").value_or(true);
    } else if (type == "stablelm") {
        m.qkvBias = cfg.boolField("use_qkv_bias").value_or(false);
        if (cfg.boolField("qk_layernorm").value_or(false))
            m.attentionExtraParams +=
                2ull * (std::uint64_t(m.heads) + m.kvHeads) * m.effectiveHeadDim(); // per-head LayerNorms
    } else if (type == "chatglm") {
        m.qkvBias = cfg.boolField("add_qkv_bias").value_or(false);
        m.outBias = m.mlpBias = cfg.boolField("add_bias_linear").value_or(false);
        if (!cfg.boolField("rmsnorm").value_or(true))
            m.norm = NormKind::LayerNorm;
        m.finalNorm = cfg.boolField("post_layer_norm").value_or(true);
    } else if (type == "mpt") {
        const bool noBias = cfg.boolField("no_bias").value_or(true);
        m.qkvBias = m.outBias = m.mlpBias = !noBias;
        if (!noBias)
            m.norm = NormKind::LayerNorm;
    } else if (type == "cohere") {
        if (cfg.boolField("use_qk_norm").value_or(false))
            m.attentionExtraParams += (std::uint64_t(m.heads) + m.kvHeads) * m.effectiveHeadDim();
    } else if (type == "glm4_moe") {
        if (cfg.boolField("use_qk_norm").value_or(false)) // Glm4MoeAttention's q_norm, k_norm: RMSNorm(head_dim)
            m.attentionExtraParams += 2ull * m.effectiveHeadDim();
    } else if (type == "smollm3") {
        // SmolLM3Attention: use_rope = no_rope_layers[layer_idx]; the layer attends and caches either way.
        cfg.markUsed("no_rope_layers");
        cfg.markUsed("no_rope_layer_interval");
    } else if (type == "minimax_m2") {
        // MiniMaxM2Config: attn_type_list 1 = full (softmax) attention, 0 = lightning (linear) attention, which
        // MiniMax-01 has and M2 does not; qk norms over every head when use_qk_norm (qk_norm_type per_layer).
        if (const json* kinds = cfg.find("attn_type_list"); kinds && kinds->is_array())
            for (std::size_t i = 0; i < kinds->size(); ++i)
                if (!((*kinds)[i].is_number_integer() && (*kinds)[i].get<std::int64_t>() == 1))
                    cfg.fail("'attn_type_list[" + std::to_string(i) + "]' is " + describeJson((*kinds)[i]) +
                             ": only full attention (1) is modelled; a lightning-attention layer keeps a state "
                             "KV Scope has no rule for");
        const bool qkNorm = cfg.boolField("use_qk_norm").value_or(true);
        if (qkNorm && cfg.stringField("qk_norm_type") != "per_layer")
            cfg.unmark("qk_norm_type");
        if (!qkNorm)
            fam.qkNorm = QkNorm::None;
        cfg.boolField("use_routing_bias"); // one bias per expert and layer: 16K values of 229B, not counted
        cfg.boolField("use_mtp");          // the MTP modules are noted as not counted
        cfg.markUsed("mtp_transformer_layers");
    } else if (type == "gpt_oss") {
        // GptOssConfig names its top-k twice; each layer also learns one sink logit per query head.
        if (cfg.uintField({"experts_per_token"}) != cfg.uintField({"num_experts_per_tok"}))
            cfg.unmark("experts_per_token");
        m.attentionExtraParams += m.heads;
    } else if (type == "phi") {
        // PhiAttention's qk_layernorm: a LayerNorm (weight and bias) over head_dim for q and for k.
        if (cfg.boolField("qk_layernorm").value_or(false))
            m.attentionExtraParams += 2ull * 2 * m.effectiveHeadDim();
    } else if (type == "opt") {
        // OPTConfig: enable_bias (default true) covers every linear; word_embed_proj_dim != hidden adds
        // project_in / project_out matrices that are not modelled here, so such a key stays reported.
        const bool bias = cfg.boolField("enable_bias").value_or(true);
        m.qkvBias = m.outBias = m.mlpBias = bias;
        // OPTDecoder keeps its final LayerNorm only with do_layer_norm_before (OPT-350m has none).
        m.finalNorm = cfg.boolField("do_layer_norm_before").value_or(true) &&
                      !cfg.boolField("_remove_final_layer_norm").value_or(false);
        if (cfg.uintField({"word_embed_proj_dim"}).value_or(m.hidden) != m.hidden)
            cfg.unmark("word_embed_proj_dim");
    } else if (type == "bloom") {
        m.extraParams += 2ull * m.hidden; // word_embeddings_layernorm (weight and bias)
    } else if (type == "gemma4" || type == "gemma4_text") {
        // Gemma4TextConfig's keys for the small and MoE variants size nothing at the dense checkpoints' values:
        // per-layer embeddings (hidden_size_per_layer_input 0), no layers reusing another's cache
        // (num_kv_shared_layers 0), no MoE block, no double-wide MLP. Any other value is reported, not guessed.
        if (cfg.countField({"hidden_size_per_layer_input"}))
            cfg.unmark("hidden_size_per_layer_input");
        else
            cfg.markUsed("vocab_size_per_layer_input"); // the per-layer embeddings' rows, of which there are none
        if (cfg.countField({"num_kv_shared_layers"}))
            cfg.unmark("num_kv_shared_layers");
        if (cfg.boolField("enable_moe_block").value_or(false))
            cfg.unmark("enable_moe_block");
        if (cfg.boolField("use_double_wide_mlp").value_or(false))
            cfg.unmark("use_double_wide_mlp");
        cfg.markUsed("use_bidirectional_attention");  // which tokens see which: a mask, not memory
        cfg.markUsed("vision_soft_tokens_per_image"); // an image's tokens, in the context the scenario sets
    } else if (type == "nemotron_h") {
        m.qkvBias = m.outBias = cfg.boolField("attention_bias").value_or(false);
        m.mlpBias = cfg.boolField("mlp_bias").value_or(false);
    }
    if (fam.learnedPositions)
        m.learnedPositions = m.maxContext + fam.positionOffset;
    if (fam.qkNorm == QkNorm::PerHead)
        m.attentionExtraParams += 2ull * m.effectiveHeadDim();
    else if (fam.qkNorm == QkNorm::FullWidth)
        m.attentionExtraParams += (std::uint64_t(m.heads) + m.kvHeads) * m.effectiveHeadDim();
}

// The checkpoint's dtype (torch_dtype, or the newer dtype).
void readDtype(const ConfigReader& cfg, ModelShape& m, std::vector<ImportNote>& notes) {
    const std::string dtype =
        cfg.stringField("torch_dtype").empty() ? cfg.stringField("dtype") : cfg.stringField("torch_dtype");
    if (!dtype.empty()) {
        try {
            m.nativeDtype = DType::parse(dtype, "torch_dtype");
        } catch (const Error&) {
            notes.push_back({ImportNoteKind::UnknownDtype,
                             {dtype},
                             "torch_dtype '" + dtype + "' is not a format KV Scope knows; assumed bf16"});
        }
    } else {
        m.nativeDtype = DType::fp32();
    }
}

// Sliding and chunked windows: the window size, and which layers use it (layer_types, a pattern, an
// alternation, or Qwen2's max_window_layers).
// sliding_window_pattern as models state it: an integer p (Gemma 3, EXAONE 4.0: every p-th layer is global), or
// EXAONE's string of L (local) and G (global) repeated over the layers, the last layer global whatever the string
// says there (Exaone4Config's documentation; TensorRT-LLM's check_is_sliding reads it the same). Which layers use
// the window; nothing when the key is absent.
std::optional<std::vector<bool>> windowPattern(const ConfigReader& cfg, std::uint32_t layers) {
    for (const std::string_view key : {"sliding_window_pattern", "_sliding_window_pattern"}) {
        const json* value = cfg.find(key);
        if (value == nullptr || value->is_null())
            continue;
        std::vector<bool> windowed(layers);
        if (value->is_string()) {
            const std::string& letters = value->get_ref<const std::string&>();
            if (letters.empty() || letters.size() > 1024 || letters.find_first_not_of("LG") != std::string::npos)
                cfg.fail("'" + std::string(key) + "' is " + describeJson(*value) +
                         ": expected an integer or a string of L (local) and G (global) layers");
            cfg.markUsed(key);
            for (std::uint32_t i = 0; i < layers; ++i)
                windowed[i] = i + 1 != layers && letters[i % letters.size()] == 'L';
            return windowed;
        }
        const std::uint64_t every = *cfg.uintField({key});
        for (std::uint32_t i = 0; i < layers; ++i)
            windowed[i] = (i + 1) % every != 0;
        return windowed;
    }
    return std::nullopt;
}

void readWindows(const ConfigReader& cfg, ModelShape& m, FamilyRule& rule, std::vector<ImportNote>& notes,
                 const FamilySpec& fam, const std::string& type) {
    const ClassDefaults& def = fam.defaults;
    const LayerStyle style = fam.layers;
    const bool windowOn = cfg.boolField("use_sliding_window").value_or(true);
    cfg.markUsed("max_window_layers");
    // Llama 4's chunked attention keeps at most one chunk of tokens: for memory, a window of that size.
    std::optional<std::uint64_t> window =
        style == LayerStyle::Llama4
            ? cfg.uintField({"attention_chunk_size"}, std::numeric_limits<std::uint64_t>::max() / 2)
            : cfg.countField({"sliding_window", "attention_window_size"},
                             std::numeric_limits<std::uint64_t>::max() / 2);
    // Gemma 2 restates its window as sliding_window_size: read, and reported only if it disagrees.
    if (auto size = cfg.countField({"sliding_window_size"}, std::numeric_limits<std::uint64_t>::max() / 2);
        size && size != window)
        cfg.unmark("sliding_window_size");
    if (!window && def.slidingWindow != 0 && !cfg.find("sliding_window")) {
        window = def.slidingWindow;
        rule.defaultedKeys.emplace_back("sliding_window");
    }
    // layer_types, for the families whose layer rule does not read it itself: every kind is one
    // transformers defines for attention (configuration_utils.ALLOWED_LAYER_TYPES), else refused by name.
    std::optional<std::vector<bool>> typeWindowed;
    // Families with a layer rule of their own (hybrids, Mllama, Nemotron-NAS) leave it reported instead.
    const bool genericLayerTypes = style == LayerStyle::Uniform || style == LayerStyle::Gemma2Alternate ||
                                   style == LayerStyle::GemmaPattern || style == LayerStyle::Llama4;
    if (genericLayerTypes)
        if (const json* types = cfg.find("layer_types")) {
            if (!types->is_array())
                cfg.fail("'layer_types' must be a list of layer kinds, got " + describeJson(*types));
            if (types->size() != m.layers)
                cfg.fail("'layer_types' lists " + std::to_string(types->size()) + " layers, but the model has " +
                         std::to_string(m.layers));
            typeWindowed.emplace(m.layers, false);
            const auto refuseLayerKind = [&](std::uint32_t i, const std::string& kind) {
                std::string where = "'layer_types[" + std::to_string(i) + "]' is \"" + kind.substr(0, 80) + "\", ";
                const bool state = kind == "linear_attention" || kind == "mamba" || kind == "mamba2" ||
                                   kind == "conv" || kind == "recurrent";
                cfg.fail(where + (state ? "a layer that keeps a state per sequence, and KV Scope has no rule for "
                                          "that state in model_type '" +
                                              type + "': it cannot size this layer"
                                        : std::string("a layer kind KV Scope does not know: it cannot say what "
                                                      "that layer caches")));
            };
            for (std::uint32_t i = 0; i < m.layers; ++i) {
                const json& t = (*types)[i];
                if (!t.is_string())
                    cfg.fail("'layer_types[" + std::to_string(i) + "]' must be a string, got " + describeJson(t));
                const std::string& kind = t.get_ref<const std::string&>();
                if (kind == "full_attention" || kind == "attention" || kind == "global_attention")
                    continue;
                if (kind == "sliding_attention" || kind == "chunked_attention" || kind == "local_attention") {
                    (*typeWindowed)[i] = true;
                    continue;
                }
                refuseLayerKind(i, kind);
            }
            const bool anyWindowed = std::find(typeWindowed->begin(), typeWindowed->end(), true) != typeWindowed->end();
            if (anyWindowed && !window && windowOn)
                cfg.fail("'layer_types' names sliding or chunked layers, but the config gives no window size "
                         "(sliding_window or attention_chunk_size)");
        }
    if (window && windowOn) {
        m.slidingWindow = *window;
        if (typeWindowed) {
            m.windowedLayers = *typeWindowed;
            // Newer Gemma 3 and EXAONE files carry both; the pattern, read too, must say the same as the list.
            if (const auto pattern = windowPattern(cfg, m.layers); pattern && *pattern != m.windowedLayers) {
                cfg.unmark("sliding_window_pattern");
                cfg.unmark("_sliding_window_pattern");
            }
        } else if (auto pattern = windowPattern(cfg, m.layers)) {
            m.windowedLayers = std::move(*pattern);
        } else if (style == LayerStyle::GemmaPattern && def.windowPattern != 0) {
            rule.defaultedKeys.emplace_back("sliding_window_pattern");
            m.windowedLayers.resize(m.layers); // every pattern-th layer is global (Gemma 3)
            for (std::uint32_t i = 0; i < m.layers; ++i)
                m.windowedLayers[i] = (i + 1) % def.windowPattern != 0;
        } else if (style == LayerStyle::Gemma2Alternate) {
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
            notes.push_back({ImportNoteKind::WindowNeverCaps,
                             {std::to_string(m.slidingWindow)},
                             "the sliding window (" + std::to_string(m.slidingWindow) +
                                 " tokens) is not shorter than the context, so it never caps the cache"});
    }
}

// A mixture of experts: routed and shared experts, their widths, and which layers are MoE.
void readExperts(const ConfigReader& cfg, ModelShape& m, LayerStyle style, const std::string& type) {
    std::optional<std::uint64_t> experts =
        type == "dbrx" ? cfg.nestedUint("ffn_config", "moe_num_experts")
                       : cfg.countField({"num_local_experts", "num_experts", "n_routed_experts", "moe_num_experts"});
    if (experts && *experts <= 1 && style == LayerStyle::Jamba)
        experts.reset(); // Jamba with one expert is dense
    if (experts) {
        m.moe.experts = u32(*experts);
        m.moe.expertsPerToken =
            u32(type == "dbrx" ? cfg.nestedUint("ffn_config", "moe_top_k").value_or(1)
                               : cfg.uintField({"num_experts_per_tok", "moe_top_k", "num_selected_experts", "top_k",
                                                "top_k_experts"}) // Gemma 4's name
                                     .value_or(0));
        if (m.moe.expertsPerToken == 0)
            cfg.fail("a mixture-of-experts config needs 'num_experts_per_tok' (experts active per token)");
        m.moe.expertIntermediate = u32(cfg.uintField({"moe_intermediate_size"}).value_or(0));
        if (style == LayerStyle::Llama4) {
            // Llama 4: experts and the always-on shared expert are intermediate_size wide; the dense
            // layers' MLP is intermediate_size_mlp.
            m.moe.expertIntermediate = m.intermediate;
            m.moe.sharedIntermediate = m.intermediate;
            m.moe.sharedExperts = 1;
            m.intermediate = u32(cfg.uintField({"intermediate_size_mlp"}).value_or(2ull * m.intermediate));
        }
        m.moe.sharedExperts = u32(cfg.countField({"n_shared_experts"}).value_or(0));
        m.moe.denseLayers = u32(cfg.countField({"first_k_dense_replace"}).value_or(0));
        readMoeLayerFreq(cfg, m);
        if (auto shared = cfg.countField({"shared_expert_intermediate_size", "shared_intermediate_size",
                                          "moe_shared_expert_intermediate_size"})) {
            m.moe.sharedIntermediate = u32(*shared);
            m.moe.sharedExperts = 1;
            m.moe.sharedExpertGate = type == "qwen2_moe" || style == LayerStyle::Qwen3Next;
        }
        if (style == LayerStyle::Qwen3Next) {
            // A layer is MoE unless listed in mlp_only_layers or off the decoder_sparse_step grid; the released
            // Qwen3-Next and Qwen3.5 MoE configs make every layer MoE. Anything else is reported, not guessed.
            const json* dense = cfg.find("mlp_only_layers");
            if (dense && !(dense->is_array() && dense->empty()))
                cfg.unmark("mlp_only_layers");
            if (cfg.uintField({"decoder_sparse_step"}).value_or(1) != 1)
                cfg.unmark("decoder_sparse_step");
        }
        if (type == "qwen2_moe" || type == "qwen3_moe") {
            // decoder_sparse_step / mlp_only_layers: dense layers in between (the published ones have none).
            const std::uint64_t step = cfg.uintField({"decoder_sparse_step"}).value_or(1);
            const json* dense = cfg.find("mlp_only_layers");
            const bool anyDense = step != 1 || (dense && dense->is_array() && !dense->empty());
            if (anyDense) {
                m.layerParts.assign(m.layers, layerpart::Attention | layerpart::Moe);
                for (std::uint32_t i = 0; i < m.layers; ++i)
                    if ((i + 1) % step != 0)
                        m.layerParts[i] = layerpart::Attention | layerpart::Mlp;
                if (dense && dense->is_array())
                    for (const json& idx : *dense)
                        if (idx.is_number_unsigned() && idx.get<std::uint64_t>() < m.layers)
                            m.layerParts[idx.get<std::uint64_t>()] = layerpart::Attention | layerpart::Mlp;
            }
        }
    }
}

// Multi-head latent attention (DeepSeek, Kimi, GLM-5): the latent and rope widths the cache keeps, and a
// sparse-attention indexer's key where there is one.
void readLatentAttention(const ConfigReader& cfg, ModelShape& m, FamilyRule& rule) {
    if (auto rank = cfg.uintField({"kv_lora_rank"})) {
        m.mla.kvLoraRank = u32(*rank);
        m.mla.qkRopeHeadDim = u32(cfg.uintField({"qk_rope_head_dim"}).value_or(0));
        if (m.mla.qkRopeHeadDim == 0)
            cfg.fail("missing the MLA rope head size (looked for 'qk_rope_head_dim')");
        m.mla.qkNopeHeadDim = u32(cfg.uintField({"qk_nope_head_dim"}).value_or(0));
        m.mla.vHeadDim = u32(cfg.uintField({"v_head_dim"}).value_or(0));
        m.mla.qLoraRank = u32(cfg.countField({"q_lora_rank"}).value_or(0));
        rule.kvRule = KvHeadRule::Latent;
        rule.kvKey = "kv_lora_rank + qk_rope_head_dim";
        // DSA (DeepSeek-V3.2, GLM-5): the lightning indexer's key is cache too (MlaSpec). index_topk (tokens
        // each query keeps) and indexer_rope_interleave (how its RoPE pairs values) size nothing.
        if (cfg.has("index_head_dim") || cfg.has("index_n_heads")) {
            m.mla.indexHeadDim = u32(cfg.uintField({"index_head_dim"}).value_or(0));
            m.mla.indexHeads = u32(cfg.uintField({"index_n_heads"}).value_or(0));
            if (m.mla.indexHeadDim == 0 || m.mla.indexHeads == 0)
                cfg.fail("a sparse-attention indexer needs both 'index_head_dim' and 'index_n_heads'");
            cfg.markUsed("index_topk");
            cfg.markUsed("indexer_rope_interleave");
            rule.kvKey = "kv_lora_rank + qk_rope_head_dim, and the indexer's index_head_dim";
        }
        // GLM's qk_head_dim restates qk_nope_head_dim + qk_rope_head_dim; one that differs is reported.
        if (cfg.uintField({"qk_head_dim"}).value_or(0) != std::uint64_t(m.mla.qkNopeHeadDim) + m.mla.qkRopeHeadDim)
            cfg.unmark("qk_head_dim");
    }
}

// A per-layer list of kinds (hybrid_override_pattern, layer_types, block_types): present, and one entry per layer.
const json& layerList(const ConfigReader& cfg, std::uint32_t layers, const json* list, const char* key) {
    if (!list || !list->is_array())
        cfg.fail("missing '" + std::string(key) + "', the list of layer kinds");
    if (list->size() != layers)
        cfg.fail("'" + std::string(key) + "' lists " + std::to_string(list->size()) + " layers, but the model has " +
                 std::to_string(layers));
    return *list;
}

// Mllama: cross-attention layers (cross_attention_layers) and the image tokens they cache.
void readMllamaLayers(const ConfigReader& cfg, ModelShape& m, FamilyRule& rule, std::vector<ImportNote>& notes) {
    const json& root = cfg.root();
    const json* cross = cfg.find("cross_attention_layers");
    rule.layerKey = "cross_attention_layers";
    m.layerParts.assign(m.layers, layerpart::Attention | layerpart::Mlp);
    std::uint64_t crossCount = 0;
    if (cross && cross->is_array()) {
        for (const json& idx : *cross) {
            if (!idx.is_number_unsigned() || idx.get<std::uint64_t>() >= m.layers)
                cfg.fail("'cross_attention_layers' must list layer indices below " + std::to_string(m.layers) +
                         ", got " + describeJson(idx));
            if (m.layerParts[idx.get<std::uint64_t>()] != (layerpart::CrossAttention | layerpart::Mlp))
                ++crossCount;
            m.layerParts[idx.get<std::uint64_t>()] = layerpart::CrossAttention | layerpart::Mlp;
        }
    }
    // Image tokens: tiles x (patches per tile + the class token), from vision_config.
    std::uint64_t image = 448, patch = 14, tiles = 4;
    if (auto it = root.find("vision_config"); it != root.end() && it->is_object()) {
        auto get = [&](const char* key, std::uint64_t fallback) {
            auto f = it->find(key);
            return f != it->end() && !f->is_null()
                       ? ConfigReader::asUint(*f, std::string("vision_config.") + key, 1u << 20, cfg)
                       : fallback;
        };
        image = get("image_size", image);
        patch = get("patch_size", patch);
        tiles = get("max_num_tiles", tiles);
        m.extraParams += mllamaVisionParams(*it, m.hidden, cfg);
        cfg.markUsed("vision_config");
    } else {
        notes.push_back({ImportNoteKind::MllamaVisionDefaults,
                         {},
                         "no vision_config: the image tokens per sequence use MllamaVisionConfig's defaults"});
    }
    m.crossTokens = mulChecked("image tokens", tiles, (image / patch) * (image / patch) + 1);
    // 8 extra embedding rows (vocab_size + 8); each cross layer adds q/k norms and two gates.
    m.extraParams += 8ull * m.hidden + crossCount * (2ull * m.effectiveHeadDim() + 2);
}

// Jamba: attention every attn_layer_period layers at attn_layer_offset, MoE every expert_layer_period.
void readJambaLayers(const ConfigReader& cfg, ModelShape& m, FamilyRule& rule) {
    const std::uint64_t period = cfg.uintField({"attn_layer_period"}).value_or(8);
    // JambaConfig refuses an offset outside its period ("attention layer offset ... must be smaller than
    // attention layer period"); taken modulo, a typo would silently move every attention layer.
    const auto offsetIn = [&](const char* key, std::uint64_t fallback, std::uint64_t of, const char* periodKey) {
        const std::uint64_t offset = cfg.countField({key}).value_or(cfg.has(key) ? 0 : fallback);
        if (offset >= of)
            cfg.fail("'" + std::string(key) + "' (" + std::to_string(offset) + ") must be smaller than '" + periodKey +
                     "' (" + std::to_string(of) + ")");
        return offset;
    };
    const std::uint64_t offset = offsetIn("attn_layer_offset", 4, period, "attn_layer_period");
    const std::uint64_t expertPeriod = cfg.uintField({"expert_layer_period"}).value_or(2);
    const std::uint64_t expertOffset = offsetIn("expert_layer_offset", 1, expertPeriod, "expert_layer_period");
    rule.layerKey = "attn_layer_period + attn_layer_offset";
    m.layerParts.resize(m.layers);
    for (std::uint32_t i = 0; i < m.layers; ++i) {
        const std::uint8_t mixer = i % period == offset ? layerpart::Attention : layerpart::State;
        const std::uint8_t mlp = m.isMoe() && i % expertPeriod == expertOffset ? layerpart::Moe : layerpart::Mlp;
        m.layerParts[i] = mixer | mlp;
    }
    const std::uint64_t dInner = cfg.uintField({"mamba_expand"}).value_or(2) * m.hidden;
    const json* dtRank = cfg.find("mamba_dt_rank");
    const std::uint64_t rank =
        dtRank && dtRank->is_number_unsigned() ? dtRank->get<std::uint64_t>() : (m.hidden + 15) / 16;
    m.state = mamba1State(
        m.hidden, dInner, cfg.uintField({"mamba_d_state"}).value_or(16), cfg.uintField({"mamba_d_conv"}).value_or(4),
        rank, cfg.boolField("mamba_conv_bias").value_or(true), cfg.boolField("mamba_proj_bias").value_or(false), true);
}

// Mamba: every layer a Mamba or Mamba-2 state layer, no MLP.
void readMambaLayers(const ConfigReader& cfg, ModelShape& m, FamilyRule& rule, const std::string& type) {
    rule.layerKey = "model_type";
    m.layerParts.assign(m.layers, layerpart::State);
    const std::uint64_t expand = cfg.uintField({"expand"}).value_or(2);
    if (type == "mamba2") {
        Mamba2Dims d;
        d.nHeads = cfg.uintField({"num_heads"}).value_or(128);
        d.headDim = cfg.uintField({"head_dim"}).value_or(64);
        d.dInner = expand * m.hidden;
        d.dState = cfg.uintField({"state_size"}).value_or(128);
        d.nGroups = cfg.uintField({"n_groups"}).value_or(8);
        d.dConv = cfg.uintField({"conv_kernel"}).value_or(4);
        d.convBias = cfg.boolField("use_conv_bias").value_or(true);
        d.projBias = cfg.boolField("use_bias").value_or(false);
        m.state = mamba2State(d, m.hidden);
        m.headDim = 0;
        cfg.markUsed("time_step_rank"); // Mamba2Mixer's dt is per head: no dt projection to size
    } else {
        const json* dtRank = cfg.find("time_step_rank");
        const std::uint64_t rank =
            dtRank && dtRank->is_number_unsigned() ? dtRank->get<std::uint64_t>() : (m.hidden + 15) / 16;
        m.state =
            mamba1State(m.hidden, expand * m.hidden, cfg.uintField({"state_size"}).value_or(16),
                        cfg.uintField({"conv_kernel"}).value_or(4), rank, cfg.boolField("use_conv_bias").value_or(true),
                        cfg.boolField("use_bias").value_or(false), type == "falcon_mamba");
    }
}

// NemotronH: hybrid_override_pattern: M Mamba, * attention, - MLP, E MoE.
void readNemotronHLayers(const ConfigReader& cfg, ModelShape& m, FamilyRule& rule) {
    const json* pattern = cfg.find("hybrid_override_pattern");
    if (!pattern || !pattern->is_string())
        cfg.fail("missing 'hybrid_override_pattern', the string of layer kinds (M, *, -, E)");
    const std::string text = pattern->get<std::string>();
    if (text.size() != m.layers)
        cfg.fail("'hybrid_override_pattern' has " + std::to_string(text.size()) + " characters, but the model has " +
                 std::to_string(m.layers) + " layers");
    rule.layerKey = "hybrid_override_pattern";
    m.layerParts.resize(m.layers);
    for (std::uint32_t i = 0; i < m.layers; ++i) {
        switch (text[i]) {
        case 'M':
            m.layerParts[i] = layerpart::State;
            break;
        case '*':
            m.layerParts[i] = layerpart::Attention;
            break;
        case '-':
            m.layerParts[i] = layerpart::Mlp;
            break;
        case 'E':
            if (!m.isMoe())
                cfg.fail("'hybrid_override_pattern' names an MoE layer (E) but the config has no experts");
            m.layerParts[i] = layerpart::Moe;
            break;
        default:
            cfg.fail("'hybrid_override_pattern' character " + std::to_string(i) + " must be M, *, - or E, got '" +
                     std::string(1, text[i]) + "'");
        }
    }
    Mamba2Dims d;
    d.nHeads = cfg.uintField({"mamba_num_heads"}).value_or(128);
    d.headDim = cfg.uintField({"mamba_head_dim"}).value_or(64);
    d.dInner = d.nHeads * d.headDim;
    d.dState = cfg.uintField({"ssm_state_size"}).value_or(128);
    d.nGroups = cfg.uintField({"n_groups"}).value_or(8);
    d.dConv = cfg.uintField({"conv_kernel"}).value_or(4);
    d.convBias = cfg.boolField("use_conv_bias").value_or(true);
    d.projBias = cfg.boolField("use_bias").value_or(cfg.boolField("mamba_proj_bias").value_or(false));
    cfg.markUsed("expand");
    // NemotronHMamba2Mixer keeps time_step_rank but sizes nothing by it: dt_bias, A_log and D are per head.
    cfg.markUsed("time_step_rank");
    m.state = mamba2State(d, m.hidden);
}

// FalconH1: attention and Mamba-2 side by side in every layer.
void readFalconH1Layers(const ConfigReader& cfg, ModelShape& m, FamilyRule& rule) {
    rule.layerKey = "model_type";
    m.layerParts.assign(m.layers, layerpart::Attention | layerpart::State | layerpart::Mlp);
    Mamba2Dims d;
    d.nHeads = cfg.uintField({"mamba_n_heads"}).value_or(128);
    d.headDim = cfg.uintField({"mamba_d_head"}).value_or(64);
    d.dInner = cfg.uintField({"mamba_d_ssm"}).value_or(cfg.uintField({"mamba_expand"}).value_or(2) * m.hidden);
    d.dState = cfg.uintField({"mamba_d_state"}).value_or(256);
    d.nGroups = cfg.uintField({"mamba_n_groups"}).value_or(1);
    d.dConv = cfg.uintField({"mamba_d_conv"}).value_or(4);
    d.convBias = cfg.boolField("mamba_conv_bias").value_or(true);
    d.projBias = cfg.boolField("mamba_proj_bias").value_or(false);
    d.gatedNorm = cfg.boolField("mamba_rms_norm").value_or(false);
    m.state = mamba2State(d, m.hidden);
}

// Zamba2: Mamba-2 layers, the hybrid ones also running a shared attention block.
void readZamba2Layers(const ConfigReader& cfg, ModelShape& m, FamilyRule& rule, std::vector<ImportNote>& notes) {
    rule.layerKey = "layers_block_type";
    const json& kinds = layerList(cfg, m.layers, cfg.find("layers_block_type"), "layers_block_type");
    m.layerParts.resize(m.layers);
    std::uint64_t hybrid = 0;
    for (std::uint32_t i = 0; i < m.layers; ++i) {
        const std::string kind = kinds[i].is_string() ? kinds[i].get<std::string>() : std::string();
        if (kind != "mamba" && kind != "hybrid")
            cfg.fail("'layers_block_type[" + std::to_string(i) + "]' must be \"mamba\" or \"hybrid\"");
        m.layerParts[i] = kind == "hybrid" ? (layerpart::State | layerpart::SharedAttention) : layerpart::State;
        hybrid += kind == "hybrid";
    }
    cfg.markUsed("hybrid_layer_ids");
    Mamba2Dims d;
    d.dInner = cfg.uintField({"mamba_expand"}).value_or(2) * m.hidden;
    d.headDim = cfg.uintField({"mamba_headdim"}).value_or(64);
    d.nHeads = cfg.uintField({"n_mamba_heads"}).value_or(d.dInner / d.headDim);
    d.dState = cfg.uintField({"mamba_d_state"}).value_or(64);
    d.nGroups = cfg.uintField({"mamba_ngroups"}).value_or(1);
    d.dConv = cfg.uintField({"mamba_d_conv"}).value_or(4);
    m.state = mamba2State(d, m.hidden);
    // The shared transformer blocks (attention over 2 x hidden, gated MLP) exist num_mem_blocks
    // times; each hybrid layer adds a hidden x hidden linear. The LoRA adapters are not counted.
    const std::uint64_t blocks = cfg.uintField({"num_mem_blocks"}).value_or(1);
    const Wide width = 2 * Wide(m.hidden), hd = m.effectiveHeadDim(), h = m.hidden;
    const Wide qkv = width * (Wide(m.heads) + 2 * Wide(m.kvHeads)) * hd;
    const Wide block = qkv + Wide(m.heads) * hd * h + 3 * h * Wide(m.intermediate) + width + h;
    m.extraParams += narrow(Wide(blocks) * block + Wide(hybrid) * h * h, "shared-block parameters");
    cfg.markUsed("use_shared_attention_adapter");
    cfg.markUsed("adapter_rank");
    if (cfg.has("adapter_rank"))
        notes.push_back(
            {ImportNoteKind::LoraNotCounted, {}, "the shared blocks' LoRA adapters are not counted in the parameters"});
}

// GraniteHybrid: layer_types: Mamba or attention, each followed by the (MoE and) shared MLP.
void readGraniteHybridLayers(const ConfigReader& cfg, ModelShape& m, FamilyRule& rule) {
    const std::uint8_t mlpPart = m.isMoe() ? layerpart::Moe : layerpart::Mlp;
    rule.layerKey = "layer_types";
    const json& kinds = layerList(cfg, m.layers, cfg.find("layer_types"), "layer_types");
    if (m.moe.sharedIntermediate != 0 && !m.isMoe())
        m.intermediate = m.moe.sharedIntermediate; // the dense variants: the shared MLP is the MLP
    else if (!m.isMoe())
        m.intermediate = u32(cfg.countField({"shared_intermediate_size"}).value_or(m.intermediate));
    m.layerParts.resize(m.layers);
    for (std::uint32_t i = 0; i < m.layers; ++i) {
        const std::string kind = kinds[i].is_string() ? kinds[i].get<std::string>() : std::string();
        if (kind != "mamba" && kind != "attention")
            cfg.fail("'layer_types[" + std::to_string(i) + "]' must be \"mamba\" or \"attention\"");
        m.layerParts[i] = (kind == "attention" ? layerpart::Attention : layerpart::State) | mlpPart;
    }
    Mamba2Dims d;
    d.nHeads = cfg.uintField({"mamba_n_heads"}).value_or(128);
    d.headDim = cfg.uintField({"mamba_d_head"}).value_or(64);
    d.dInner = cfg.uintField({"mamba_expand"}).value_or(2) * m.hidden;
    d.dState = cfg.uintField({"mamba_d_state"}).value_or(256);
    d.nGroups = cfg.uintField({"mamba_n_groups"}).value_or(1);
    d.dConv = cfg.uintField({"mamba_d_conv"}).value_or(4);
    d.convBias = cfg.boolField("mamba_conv_bias").value_or(true);
    d.projBias = cfg.boolField("mamba_proj_bias").value_or(false);
    m.state = mamba2State(d, m.hidden);
}

// RecurrentGemma: block_types cycling recurrent (RG-LRU) and local attention.
void readRecurrentGemmaLayers(const ConfigReader& cfg, ModelShape& m, FamilyRule& rule) {
    rule.layerKey = "block_types";
    std::vector<std::uint8_t> cycle;
    const json* blocks = cfg.find("block_types");
    // Present, it is the cycle itself: the modelling code indexes it by layer, so an empty
    // list or a string is no layout (it was read as the default cycle).
    if (blocks && !(blocks->is_array() && !blocks->empty() && blocks->size() <= kMaxLayers))
        cfg.fail("'block_types' must be a non-empty list of \"recurrent\" and \"attention\", got " +
                 describeJson(*blocks));
    if (blocks) {
        for (const json& b : *blocks) {
            const std::string kind = b.is_string() ? b.get<std::string>() : std::string();
            if (kind != "recurrent" && kind != "attention")
                cfg.fail("'block_types' entries must be \"recurrent\" or \"attention\"");
            cycle.push_back(kind == "attention" ? layerpart::Attention : layerpart::State);
        }
    } else {
        cycle = {layerpart::State, layerpart::State, layerpart::Attention}; // the class default
        rule.defaultedKeys.emplace_back("block_types");
    }
    m.layerParts.resize(m.layers);
    for (std::uint32_t i = 0; i < m.layers; ++i)
        m.layerParts[i] = cycle[i % cycle.size()] | layerpart::Mlp;
    const std::uint64_t lru = cfg.uintField({"lru_width"}).value_or(m.hidden);
    const std::uint64_t conv = cfg.uintField({"conv1d_width"}).value_or(4);
    const std::uint64_t blockWidth = lru / m.heads;
    const Wide h = m.hidden, w = lru, k = conv, bw = blockWidth, heads = m.heads;
    m.state.convValues = narrow((k - 1) * w, "state values");
    m.state.recurrentValues = lru;
    // linear_x, linear_y (hidden -> lru, biased), linear_out (lru -> hidden, biased), the conv,
    // the RG-LRU's block-diagonal input and recurrence gates (+ biases) and its recurrent parameter.
    m.state.paramsPerLayer =
        narrow(2 * (h * w + w) + (w * h + h) + (k * w + w) + 2 * (heads * bw * bw + w) + w, "state parameters");
}

// Llama4: chunked attention on three layers of four, MoE every interleave_moe_layer_step.
void readLlama4Layers(const ConfigReader& cfg, ModelShape& m, FamilyRule& rule) {
    const std::uint8_t mlpPart = m.isMoe() ? layerpart::Moe : layerpart::Mlp;
    m.layerParts.assign(m.layers, layerpart::Attention | layerpart::Mlp);
    rule.layerKey = "interleave_moe_layer_step";
    if (const json* moeLayers = cfg.find("moe_layers"); moeLayers && moeLayers->is_array()) {
        rule.layerKey = "moe_layers";
        // interleave_moe_layer_step beside the list (Scout has both) is read; the list is what is built.
        cfg.markUsed("interleave_moe_layer_step");
        for (const json& idx : *moeLayers) {
            if (!idx.is_number_unsigned() || idx.get<std::uint64_t>() >= m.layers)
                cfg.fail("'moe_layers' must list layer indices below " + std::to_string(m.layers) + ", got " +
                         describeJson(idx));
            m.layerParts[idx.get<std::uint64_t>()] = layerpart::Attention | mlpPart;
        }
    } else {
        const std::uint64_t step = cfg.uintField({"interleave_moe_layer_step"}).value_or(1);
        for (std::uint64_t i = step - 1; i < m.layers; i += step)
            m.layerParts[i] = layerpart::Attention | mlpPart;
    }
    // Chunked layers: layer_types when given (read with the windows above), else no_rope_layers
    // (1: RoPE and chunked, 0: NoPE and global), else every no_rope_layer_interval-th layer is global.
    if (m.slidingWindow > 0 && m.windowedLayers.empty()) {
        m.windowedLayers.resize(m.layers);
        const json* noRope = cfg.find("no_rope_layers");
        if (noRope && noRope->is_array() && !noRope->empty()) {
            if (noRope->size() != m.layers)
                cfg.fail("'no_rope_layers' lists " + std::to_string(noRope->size()) + " layers, but the model has " +
                         std::to_string(m.layers));
            for (std::uint32_t i = 0; i < m.layers; ++i)
                m.windowedLayers[i] = !((*noRope)[i].is_number() && (*noRope)[i].get<double>() == 0.0);
        } else {
            const std::uint64_t interval = cfg.uintField({"no_rope_layer_interval"}).value_or(4);
            for (std::uint32_t i = 0; i < m.layers; ++i)
                m.windowedLayers[i] = (i + 1) % interval != 0;
        }
    }
    cfg.markUsed("use_qk_norm"); // an L2 norm without weights
}

// Qwen3Next: gated DeltaNet and gated attention layers, MoE MLPs.
void readQwen3NextLayers(const ConfigReader& cfg, ModelShape& m, FamilyRule& rule) {
    const std::uint8_t mlpPart = m.isMoe() ? layerpart::Moe : layerpart::Mlp;
    m.layerParts.resize(m.layers);
    const json* types = cfg.find("layer_types");
    if (types && types->is_array()) {
        rule.layerKey = "layer_types";
        const json& kinds = layerList(cfg, m.layers, types, "layer_types");
        cfg.markUsed("full_attention_interval"); // layer_types, when given, is what the model builds
        for (std::uint32_t i = 0; i < m.layers; ++i) {
            const std::string kind = kinds[i].is_string() ? kinds[i].get<std::string>() : std::string();
            if (kind != "linear_attention" && kind != "full_attention")
                cfg.fail("'layer_types[" + std::to_string(i) + "]' must be \"linear_attention\" or \"full_attention\"");
            m.layerParts[i] = (kind == "full_attention" ? layerpart::Attention : layerpart::State) | mlpPart;
        }
    } else {
        rule.layerKey = "full_attention_interval";
        const std::uint64_t interval = cfg.uintField({"full_attention_interval"}).value_or(4);
        for (std::uint32_t i = 0; i < m.layers; ++i)
            m.layerParts[i] = ((i + 1) % interval == 0 ? layerpart::Attention : layerpart::State) | mlpPart;
    }
    // Gated DeltaNet: conv over q, k, v; a v_head x k_dim x v_dim recurrent state.
    const std::uint64_t kHeads = cfg.uintField({"linear_num_key_heads"}).value_or(16);
    const std::uint64_t vHeads = cfg.uintField({"linear_num_value_heads"}).value_or(32);
    const std::uint64_t kDim = cfg.uintField({"linear_key_head_dim"}).value_or(128);
    const std::uint64_t vDim = cfg.uintField({"linear_value_head_dim"}).value_or(128);
    const std::uint64_t conv = cfg.uintField({"linear_conv_kernel_dim"}).value_or(4);
    const Wide h = m.hidden, keyDim = Wide(kHeads) * kDim, valueDim = Wide(vHeads) * vDim, k = conv;
    const Wide convDim = 2 * keyDim + valueDim;
    m.state.convValues = narrow((k - 1) * convDim, "state values");
    m.state.recurrentValues = narrow(Wide(vHeads) * kDim * vDim, "state values");
    m.state.paramsPerLayer =
        narrow(h * (2 * keyDim + 2 * valueDim) /* in_proj_qkvz */ + h * 2 * vHeads /* in_proj_ba */ + convDim * k +
                   2 * Wide(vHeads) /* dt, A */ + vDim /* gated norm */ + valueDim * h /* out_proj */,
               "state parameters");
    // Gated attention: q_proj also produces the output gate (attn_output_gate, true in every release).
    if (cfg.boolField("attn_output_gate").value_or(true))
        m.attentionExtraParams += std::uint64_t(m.hidden) * m.heads * m.effectiveHeadDim();
    cfg.markUsed("output_gate_type"); // the gate's activation
}

// The layer layout of the families whose layers differ (hybrids, cross-attention, per-block shapes): one
// function per layer style. The uniform styles have none beyond the windows already read.
void readLayerLayout(const ConfigReader& cfg, ModelShape& m, FamilyRule& rule, std::vector<ImportNote>& notes,
                     LayerStyle style, const std::string& type) {
    switch (style) {
    case LayerStyle::Uniform:
    case LayerStyle::Gemma2Alternate:
    case LayerStyle::GemmaPattern:
        return;
    case LayerStyle::NemotronNas:
        return readNasBlocks(cfg, m, rule);
    case LayerStyle::SambaY:
        return readSambaYLayers(cfg, m, rule);
    case LayerStyle::Mllama:
        return readMllamaLayers(cfg, m, rule, notes);
    case LayerStyle::Jamba:
        return readJambaLayers(cfg, m, rule);
    case LayerStyle::Mamba:
        return readMambaLayers(cfg, m, rule, type);
    case LayerStyle::NemotronH:
        return readNemotronHLayers(cfg, m, rule);
    case LayerStyle::FalconH1:
        return readFalconH1Layers(cfg, m, rule);
    case LayerStyle::Zamba2:
        return readZamba2Layers(cfg, m, rule, notes);
    case LayerStyle::GraniteHybrid:
        return readGraniteHybridLayers(cfg, m, rule);
    case LayerStyle::RecurrentGemma:
        return readRecurrentGemmaLayers(cfg, m, rule);
    case LayerStyle::Llama4:
        return readLlama4Layers(cfg, m, rule);
    case LayerStyle::Qwen3Next:
        return readQwen3NextLayers(cfg, m, rule);
    }
}

// The state's dtype: vLLM's mamba_ssm_cache_dtype (and the configs' own mamba_ssm_dtype) keep the recurrent state in a
// dtype of its own, often FP32 beside BF16 weights; absent or "auto", the compute dtype.
void readStateDtype(const ConfigReader& cfg, ModelShape& m, std::vector<ImportNote>& notes) {
    for (std::string_view key : {"mamba_ssm_cache_dtype", "mamba_ssm_dtype", "ssm_state_dtype"}) {
        const json* value = cfg.find(key);
        if (!value)
            continue;
        const std::string name = value->is_string() ? value->get<std::string>() : std::string();
        if (name == "auto")
            continue;
        std::optional<DType> named;
        try {
            named = DType::parse(name, key);
        } catch (const Error&) {
        }
        // A dtype KV Scope does not know, a second key that disagrees with the first, or a state dtype where
        // no layer keeps a state (the layout was misread): reported, not guessed.
        if (!named || m.layerCounts().state == 0 || (m.stateDtype && *m.stateDtype != *named))
            cfg.unmark(key);
        else
            m.stateDtype = named;
    }
    if (m.layerCounts().state > 0 && !m.stateDtype)
        notes.push_back({ImportNoteKind::StateInComputeDtype,
                         {},
                         "no mamba_ssm_cache_dtype: the state is kept in the compute dtype"});
}

// How the checkpoint stores its weights (quantization_config).
void readStoredWeights(const ConfigReader& cfg, ModelShape& m, std::vector<ImportNote>& notes) {
    if (const json* q = cfg.find("quantization_config")) {
        StoredWeights stored;
        std::string why;
        if (hfquant::read(*q, m, m.nativeDtype, stored, why)) {
            // The weights it leaves alone are in the checkpoint's dtype; a 16-bit one unless it says otherwise.
            stored.rest = m.nativeDtype.bits() == 16 ? m.nativeDtype : DType::bf16();
            if (m.nativeDtype.bits() != 16)
                notes.push_back({ImportNoteKind::UnquantizedAsBf16,
                                 {stored.method},
                                 "the weights " + stored.method +
                                     " leaves unquantized are taken as bf16 (the config names no 16-bit dtype)"});
            m.stored = stored;
        } else {
            cfg.unmark("quantization_config");
            notes.push_back(
                {ImportNoteKind::StoredBytesUnknown, {why}, "the checkpoint's own weight bytes are not known: " + why});
        }
    }
}

// Vision towers, counted where the family defines them (Gemma 3's SigLIP, Llama 4's ViT); Mllama's is its
// layer layout's.
void readVisionTower(const ConfigReader& cfg, ModelShape& m, std::vector<ImportNote>& notes, LayerStyle style) {
    const json& root = cfg.root();
    if (auto it = root.find("vision_config"); it != root.end() && it->is_object() && style != LayerStyle::Mllama) {
        const std::string visionType = it->contains("model_type") && (*it)["model_type"].is_string()
                                           ? (*it)["model_type"].get<std::string>()
                                           : std::string();
        if (style == LayerStyle::GemmaPattern &&
            (visionType == "siglip_vision_model" || visionType == "clip_vision_model")) {
            const std::uint64_t vh =
                ConfigReader::asUint(it->value("hidden_size", json(1152)), "vision_config.hidden_size", 1u << 24, cfg);
            // SigLIP tower + Gemma 3's projector (vision width -> text width) and its soft-embedding norm.
            m.extraParams += vitParams(*it, cfg) + vh * m.hidden + vh;
            cfg.markUsed("vision_config");
        } else if (style == LayerStyle::Llama4) {
            // Approximately: a ViT of vision_config's size and the projector into the text width.
            const std::uint64_t out = ConfigReader::asUint(it->value("vision_output_dim", json(4096)),
                                                           "vision_config.vision_output_dim", 1u << 24, cfg);
            m.extraParams += vitParams(*it, cfg) + out * m.hidden;
            cfg.markUsed("vision_config");
            notes.push_back({ImportNoteKind::VisionApproximate,
                             {},
                             "the vision encoder is counted approximately, as a plain ViT of vision_config's size"});
        } else {
            // Left reported: the server loads these weights, and the total here leaves them out.
            notes.push_back({ImportNoteKind::VisionNotCounted,
                             {},
                             "the vision encoder (vision_config) is not counted: the parameters are the "
                             "language model's"});
        }
    }
}

// The model's id and display name: KV Scope's own presets carry them (and, where known, the published
// count); else the config's _name_or_path, else the file's name.
void readNames(const ConfigReader& cfg, ModelShape& m, std::string_view source) {
    const json& root = cfg.root();
    if (auto it = root.find("_kvscope"); it != root.end() && it->is_object()) {
        cfg.markUsed("_kvscope");
        // Typed by hand in a user's copy too: a wrong type is bad input, named, not a fault.
        const auto text = [&](const char* key, const std::string& fallback) {
            const auto found = it->find(key);
            if (found == it->end())
                return fallback;
            if (!found->is_string())
                cfg.fail("'_kvscope." + std::string(key) + "' must be a string, got " + describeJson(*found));
            return boundedName(found->get_ref<const std::string&>(), kNameMaxBytes);
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
        m.displayName =
            !name.empty() ? boundedName(name.substr(name.rfind('/') + 1), kNameMaxBytes) : nameFromSource(source, cfg);
    }
}

ImportResult importConfig(const json& root, std::string_view source) {
    ConfigReader cfg(root, source);
    ImportResult result;
    ModelShape& m = result.shape;
    FamilyRule& rule = result.rule;
    m.id = std::string(source);

    // The family: the top level's model_type when it has a rule (mllama, gemma3 nest their text
    // model), else the nested text model's (llava around a llama).
    const std::string rootType =
        root.contains("model_type") && root["model_type"].is_string() ? root["model_type"].get<std::string>() : "";
    std::string textType;
    if (cfg.text())
        if (auto it = cfg.text()->find("model_type"); it != cfg.text()->end() && it->is_string())
            textType = it->get<std::string>();
    cfg.markUsed("model_type");
    // A model type is an identifier ("qwen3_moe"): a long one is not one, and would be copied into every answer.
    constexpr std::size_t kModelTypeMaxBytes = 100;
    for (const std::string_view t : {std::string_view(rootType), std::string_view(textType)})
        if (t.size() > kModelTypeMaxBytes)
            throw Error(std::string(source) + ": field 'model_type' is " + quoteExcerpt(t) +
                        "; expected a model type's name (such as 'llama'), at most " +
                        std::to_string(kModelTypeMaxBytes) + " bytes");
    const FamilySpec* spec = findFamily(rootType);
    std::string type = rootType;
    if (!spec && !textType.empty()) {
        spec = findFamily(textType);
        type = textType;
    }
    if (!spec && !textType.empty())
        type = textType;
    rule.modelType = type;
    rule.nestedTextConfig = cfg.text() != nullptr;

    FamilySpec fam{"", ""};
    if (spec) {
        fam = *spec;
        rule.family = spec->family;
    } else {
        const std::string act = cfg.stringField("hidden_act") + cfg.stringField("activation_function");
        const bool gated = act.find("silu") != std::string::npos || act.find("swiglu") != std::string::npos;
        fam.mlp = gated ? MlpKind::Gated : MlpKind::Plain;
        fam.tied = true; // transformers' PretrainedConfig default
        result.notes.push_back({ImportNoteKind::UnknownModelType,
                                {type, gated ? "gated" : "plain"},
                                "unknown model_type '" + type + "': assumed a " + (gated ? "gated (SwiGLU)" : "plain") +
                                    " MLP and RMSNorm from the activation; the parameter count is an estimate"});
    }
    const ClassDefaults& def = fam.defaults;
    const LayerStyle style = fam.layers;

    // One step per concern, in this order: a later step reads what an earlier one set on the shape (the
    // experts read the MLP width; the layer layouts, whether the MLP is MoE). A rule that applies to every
    // family lives in its step; a family's own rule, in the family's case there.
    readSizes(cfg, m, rule, def, style);
    readKvHeads(cfg, m, rule, fam, type);
    readHeadDim(cfg, m, rule, def, style);
    readMlpAndVocab(cfg, m, rule, result.notes, fam, type);
    readNormsAndBiases(cfg, m, fam, type);
    readDtype(cfg, m, result.notes);
    readWindows(cfg, m, rule, result.notes, fam, type);
    readExperts(cfg, m, style, type);
    if (fam.kv == KvStyle::Mla || (!spec && cfg.has("kv_lora_rank")))
        readLatentAttention(cfg, m, rule);

    if (auto mtp = cfg.countField({"num_nextn_predict_layers", "num_mtp_modules", "mtp_num_hidden_layers"}))
        result.notes.push_back({ImportNoteKind::MtpNotCounted,
                                {std::to_string(*mtp)},
                                "the " + std::to_string(*mtp) +
                                    " multi-token-prediction layer(s) (num_nextn_predict_layers) are not counted: they "
                                    "serve speculative decoding only"});
    readLayerKindGeometry(cfg, m, fam, style, rule); // attention whose heads differ by layer kind
    readLayerLayout(cfg, m, rule, result.notes, style, type);
    readStateDtype(cfg, m, result.notes);
    readStoredWeights(cfg, m, result.notes);
    readVisionTower(cfg, m, result.notes, style);
    readNames(cfg, m, source);

    try {
        m.validate();
    } catch (const Error& e) {
        // validate() names the shape by its id, which is the source here: name the file once.
        std::string message = e.what();
        const std::string named = (m.id.empty() ? std::string("model") : m.id) + ": ";
        if (message.rfind(named, 0) == 0)
            message.erase(0, named.size());
        cfg.fail(message);
    }

    rule.kvHeads = m.kvHeads;
    rule.layers = m.layerCounts();
    rule.totalLayers = m.layers;

    // Keys that matter for memory that no rule read: say so rather than guess silently.
    for (const json* scope : {cfg.text(), &root}) {
        if (!scope)
            continue;
        for (auto it = scope->begin(); it != scope->end(); ++it) {
            // A key is a name of a few dozen bytes: a longer one is listed as an excerpt with its length.
            const std::string listed = it.key().size() <= 100 ? it.key() : quoteExcerpt(it.key(), 60);
            if (!it->is_null() && !cfg.used(it.key()) && !knownNotToMatter(it.key()) &&
                !harmlessAtItsDefault(it.key(), *it) && it.key() != "text_config" &&
                std::find(result.ignoredKeys.begin(), result.ignoredKeys.end(), listed) == result.ignoredKeys.end())
                result.ignoredKeys.push_back(listed);
        }
        if (result.ignoredKeys.size() > 50)
            break;
    }
    if (!result.ignoredKeys.empty()) {
        std::string keys;
        for (const auto& key : result.ignoredKeys)
            keys += (keys.empty() ? "" : ", ") + key;
        result.notes.push_back({ImportNoteKind::KeysNotUnderstood,
                                {keys},
                                "keys not understood, which may size memory (the figures are unverified): " + keys});
    }
    result.confidence = !result.ignoredKeys.empty() ? Confidence::Unverified
                        : spec != nullptr           ? Confidence::Exact
                                                    : Confidence::Derived;
    if (!rule.defaultedKeys.empty()) {
        std::string keys;
        for (const auto& key : rule.defaultedKeys)
            keys += (keys.empty() ? "" : ", ") + key;
        result.notes.push_back(
            {ImportNoteKind::DefaultsFromClass,
             {rule.family, keys},
             "absent keys taken from the " + rule.family + " configuration class's defaults: " + keys});
    }
    return result;
}

} // namespace

ImportResult importHfConfig(const json& root, std::string_view sourceBytes) {
    // The source is a path, which need not be UTF-8: it names the model and every message.
    std::size_t replaced = 0;
    const std::string sourceText = toValidUtf8(sourceBytes, &replaced);
    const std::string_view source = sourceText;
    try {
        ImportResult result = importConfig(root, source);
        if (replaced > 0)
            result.notes.push_back({ImportNoteKind::FileNameNotUtf8,
                                    {std::to_string(replaced)},
                                    "the file name is not valid UTF-8: " + std::to_string(replaced) +
                                        " byte sequence(s) are shown as U+FFFD in the model's name"});
        return result;
    } catch (const Error& e) {
        // Arithmetic deep in a family rule says what overflowed; the file is named here.
        const std::string message = e.what();
        if (message.rfind(std::string(source) + ":", 0) == 0)
            throw;
        throw Error(std::string(source) + ": " + message);
    }
}

namespace {

// Python's json.dump writes float('inf') and float('nan') as the bare words Infinity, -Infinity
// and NaN, which JSON does not allow; real configs carry them (Nemotron-H's time_step_limit). Outside
// strings they become the strings "Infinity", "-Infinity" and "NaN": a field that does not size memory
// takes them as it is, and one that does refuses them by name (ConfigReader::asUint). `inserted`
// receives the offsets (in the result) of every quote added, so that a syntax error's position is
// given in the original text.
std::string quoteNonFiniteLiterals(std::string_view text, std::vector<std::size_t>& inserted) {
    std::string out;
    bool inString = false;
    bool escaped = false;
    const auto wordAt = [&](std::size_t i, std::string_view word) {
        if (text.substr(i, word.size()) != word)
            return false;
        const std::size_t end = i + word.size();
        const auto isWordChar = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
        return (i == 0 || !isWordChar(text[i - 1])) && (end >= text.size() || !isWordChar(text[end]));
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            out += c;
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
            escaped = false;
            out += c;
            continue;
        }
        bool replaced = false;
        for (std::string_view word :
             {std::string_view("-Infinity"), std::string_view("Infinity"), std::string_view("NaN")}) {
            if (wordAt(i, word)) {
                inserted.push_back(out.size());
                out += '"';
                out += word;
                inserted.push_back(out.size());
                out += '"';
                i += word.size() - 1;
                replaced = true;
                break;
            }
        }
        if (!replaced)
            out += c;
    }
    return out;
}

} // namespace

ImportResult importHfConfigText(std::string_view original, std::string_view sourceBytes) {
    const std::string sourceText = toValidUtf8(sourceBytes); // for the messages below; importHfConfig says so
    const std::string_view source = sourceText;
    std::vector<std::size_t> inserted;
    const std::string quoted = quoteNonFiniteLiterals(original, inserted);
    const std::string_view text = inserted.empty() ? original : std::string_view(quoted);
    refuseNulBytes(original, source, "config.json");
    json root;
    try {
        root = json::parse(text.begin(), text.end());
    } catch (const json::parse_error& e) {
        // nlohmann reports a byte offset (in the quoted text); people want a line and column of theirs.
        // Quotes inserted before the failing character (at index e.byte - 1), not the one it may itself be.
        const std::size_t failing = e.byte == 0 ? 0 : e.byte - 1;
        const std::size_t added =
            std::size_t(std::lower_bound(inserted.begin(), inserted.end(), failing) - inserted.begin());
        const std::size_t offset = std::min<std::size_t>(e.byte - std::min(e.byte, added), original.size());
        std::size_t line = 1;
        std::size_t column = 1;
        for (std::size_t i = 0; i + 1 < offset; ++i) {
            if (original[i] == '\n') {
                ++line;
                column = 1;
            } else {
                ++column;
            }
        }
        throw Error(std::string(source) + ":" + std::to_string(line) + ":" + std::to_string(column) +
                    ": not valid JSON (" + jsonErrorExcerpt(e) + ")");
    } catch (const json::exception& e) {
        // out_of_range: a number beyond a double (2e999), found by fuzz_hfconfig as an internal error.
        throw Error(std::string(source) + ": not valid JSON (" + jsonErrorExcerpt(e) + ")");
    }
    return importHfConfig(root, sourceBytes);
}

ImportResult importHfConfigFile(const std::filesystem::path& path) {
    return importHfConfigText(readInputFile(path, kConfigFileMaxBytes, "model config (config.json)"), path.string());
}

} // namespace kvscope
