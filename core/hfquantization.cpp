#include "hfquantization.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <initializer_list>
#include <set>
#include <string_view>

namespace kvscope::hfquant {
namespace {

using nlohmann::json;

std::string lower(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return text;
}

bool endsWith(std::string_view text, std::string_view tail) {
    return text.size() >= tail.size() && text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

// The keys a method's config may carry beyond the ones its reader interprets, each harmless for storage.
bool onlyKeys(const json& q, std::initializer_list<std::string_view> known, std::string& why) {
    for (auto it = q.begin(); it != q.end(); ++it) {
        if (std::find(known.begin(), known.end(), it.key()) == known.end()) {
            why = "quantization_config." + it.key() + " is not modelled";
            return false;
        }
    }
    return true;
}

// A whole number field with a default; false (and `why`) when present and not a whole number.
bool uintField(const json& q, const char* key, std::int64_t fallback, std::int64_t& out, std::string& why) {
    const auto it = q.find(key);
    if (it == q.end() || it->is_null()) {
        out = fallback;
        return true;
    }
    if (!it->is_number_integer()) {
        why = std::string("quantization_config.") + key + " must be a whole number";
        return false;
    }
    out = it->get<std::int64_t>();
    return true;
}

bool boolField(const json& q, const char* key, bool fallback, bool& out, std::string& why) {
    const auto it = q.find(key);
    if (it == q.end() || it->is_null()) {
        out = fallback;
        return true;
    }
    if (!it->is_boolean()) {
        why = std::string("quantization_config.") + key + " must be true or false";
        return false;
    }
    out = it->get<bool>();
    return true;
}

std::string stringField(const json& q, const char* key) {
    const auto it = q.find(key);
    return it != q.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// A list of modules the method leaves in the model dtype (modules_to_not_convert, llm_int8_skip_modules,
// ignore, exclude_modules). Names match by their parts; compressed-tensors writes "re:<regex>" patterns,
// read here by the module names they contain. One layer's module (a number in the name) leaves the others
// converted, which the per-part model cannot say: refused, except for routers, which are never counted as
// quantized anyway.
bool readSkipped(const json& list, const char* key, StoredWeights& out, std::string& why) {
    if (list.is_null())
        return true;
    if (!list.is_array()) {
        why = std::string("quantization_config.") + key + " must be a list of module names";
        return false;
    }
    for (const json& entry : list) {
        if (!entry.is_string()) {
            why = std::string("quantization_config.") + key + " must be a list of module names";
            return false;
        }
        std::string name = entry.get<std::string>();
        if (name.rfind("re:", 0) == 0)
            name = name.substr(3);
        // A regex's own punctuation around a module name ("re:.*lm_head", "re:.*mlp.gate$").
        while (!name.empty() && (name.back() == '$' || name.back() == '*' || name.back() == '.'))
            name.pop_back();
        const auto has = [&](std::string_view part) { return name.find(part) != std::string::npos; };
        const bool router = name == "gate" || endsWith(name, ".gate") || endsWith(name, "mlp.gate") || has("router") ||
                            has("e_score_correction_bias") || has("shared_expert_gate");
        if (router || has("embed"))
            continue; // routers, their biases and the embeddings are never counted as quantized
        if (has("visual") || has("vision") || has("multi_modal_projector") || has("mm_projector") || has("audio"))
            continue; // a tower's modules: they stay in the model dtype, with the rest
        if (has("lm_head")) {
            out.lmHead = false;
            continue;
        }
        if (name.find_first_of("0123456789") != std::string::npos) {
            why = "quantization_config." + std::string(key) + " names one layer's module ('" +
                  entry.get<std::string>() + "'), which leaves the other layers quantized: not modelled";
            return false;
        }
        // One projection ("self_attn.o_proj", "mlp.down_proj") leaves its siblings quantized: not a whole part.
        static constexpr std::string_view kProjections[] = {
            "_proj", ".dense", ".fc1", ".fc2", "c_attn", "c_proj", ".wq", ".wk", ".wv", ".wo", "query_key_value"};
        for (const std::string_view projection : kProjections) {
            if (name.find(projection) != std::string::npos) {
                why = "quantization_config." + std::string(key) + " names one projection ('" +
                      entry.get<std::string>() + "'), which leaves the others of its part quantized: not modelled";
                return false;
            }
        }
        if (has("self_attn") || name == "attention" || has(".attention") || name == "attn") {
            out.attention = false;
            continue;
        }
        why = "quantization_config." + std::string(key) + " names '" + entry.get<std::string>() +
              "', a part this reading cannot place";
        return false;
    }
    return true;
}

// transformers' Mxfp4HfQuantizer converts only the MoE experts' matrices: blocks of 32 FP4 values with one
// E8M0 scale (gpt-oss ships its experts so).
bool readMxfp4(const json& q, const ModelShape& m, StoredWeights& out, std::string& why) {
    if (!onlyKeys(q, {"quant_method", "modules_to_not_convert"}, why))
        return false;
    if (!m.isMoe()) {
        why = "MXFP4 here means the MoE experts; this model has none";
        return false;
    }
    out.format = DType::mxfp4();
    out.experts = true;
    return readSkipped(q.value("modules_to_not_convert", json()), "modules_to_not_convert", out, why);
}

// The fine-grained FP8 quantizer (DeepSeek-V3's format): every decoder linear layer, with one FP32 scale per
// weight_block_size block (weight_scale_inv), or one per tensor; never the LM head.
bool readFp8(const json& q, StoredWeights& out, std::string& why) {
    if (!onlyKeys(
            q, {"quant_method", "fmt", "activation_scheme", "weight_block_size", "scale_fmt", "modules_to_not_convert"},
            why))
        return false;
    if (const auto fmt = q.find("fmt"); fmt != q.end()) {
        const std::string name = fmt->is_string() ? fmt->get<std::string>() : std::string();
        if (name != "e4m3" && name != "e5m2" && name != "float8_e4m3fn" && name != "float8_e5m2") {
            why = "quantization_config.fmt is not an FP8 format KV Scope knows";
            return false;
        }
    }
    out.format = DType{DTypeKind::FP8};
    if (const auto block = q.find("weight_block_size"); block != q.end() && !block->is_null()) {
        if (!block->is_array() || block->size() != 2 || !(*block)[0].is_number_unsigned() ||
            !(*block)[1].is_number_unsigned()) {
            why = "quantization_config.weight_block_size must be two whole numbers";
            return false;
        }
        const std::uint64_t rows = (*block)[0].get<std::uint64_t>(), cols = (*block)[1].get<std::uint64_t>();
        if (rows == 0 || cols == 0 || rows > 1024 || cols > 1024) {
            why = "quantization_config.weight_block_size must be from 1 to 1024 on each side";
            return false;
        }
        out.format = DType::quantized(DTypeKind::FP8, std::uint32_t(rows * cols), DTypeKind::FP32);
    }
    out.attention = out.denseMlp = out.experts = true;
    return readSkipped(q.value("modules_to_not_convert", json()), "modules_to_not_convert", out, why);
}

// Weights of `bits` in groups of `group` input columns (-1: one group per row), as AWQ and GPTQ pack them.
bool groupedInt(std::int64_t bits, std::int64_t group, bool zeroPoints, const char* method, StoredWeights& out,
                std::string& why) {
    if (bits != 4 && bits != 8) {
        why = std::string(method) + " with " + std::to_string(bits) + "-bit weights is not modelled (4 and 8 are)";
        return false;
    }
    const DTypeKind kind = bits == 4 ? DTypeKind::INT4 : DTypeKind::INT8;
    if (group == -1 || group == 0) {
        // One scale (and zero point) per output row over all its columns.
        out.format = DType{kind};
        out.bitsPerRow += 16 + (zeroPoints ? std::uint32_t(bits) : 0);
    } else if (group > 0 && group <= (1 << 20)) {
        out.format = zeroPoints ? DType::asymmetric(kind, std::uint32_t(group), DTypeKind::FP16)
                                : DType::quantized(kind, std::uint32_t(group), DTypeKind::FP16);
    } else {
        why = std::string(method) + ": quantization_config.group_size must be -1 or from 1 to 1048576";
        return false;
    }
    return true;
}

// AutoAWQ's GEMM layout (awq/modules/linear/gemm.py, WQLinear_GEMM): qweight int32 [in, out / 8], qzeros int32
// [in / group, out / 8] and scales fp16 [in / group, out]: 4 bits a weight, and per group of `group_size` inputs
// an FP16 scale and a 4-bit zero point (the Qwen3-32B-AWQ checkpoint's tensor list shows exactly these). AutoAWQ
// quantizes the decoder blocks' linear layers (attention, MLP, experts), never the LM head or the embeddings.
// GEMV and the Marlin/exllama repackings pad differently: not modelled.
bool readAwq(const json& q, StoredWeights& out, std::string& why) {
    if (!onlyKeys(q,
                  {"quant_method", "bits", "w_bit", "group_size", "q_group_size", "zero_point", "version",
                   "modules_to_not_convert", "backend", "do_fuse", "fuse_max_seq_len", "exllama_config"},
                  why))
        return false;
    const std::string version = lower(stringField(q, "version"));
    if (!version.empty() && version != "gemm") {
        why = "AWQ version '" + version + "' packs its weights differently from GEMM: not modelled";
        return false;
    }
    std::int64_t bits = 4, group = 128;
    if (!uintField(q, q.contains("bits") ? "bits" : "w_bit", 4, bits, why) ||
        !uintField(q, q.contains("group_size") ? "group_size" : "q_group_size", 128, group, why))
        return false;
    if (bits != 4) {
        why = "AWQ with " + std::to_string(bits) + "-bit weights is not modelled (AutoAWQ's GEMM is 4-bit)";
        return false;
    }
    if (group <= 0) {
        why = "AWQ needs a positive group_size";
        return false;
    }
    bool zeroPoint = true;
    if (!boolField(q, "zero_point", true, zeroPoint, why))
        return false;
    if (!zeroPoint) {
        why = "AWQ without zero points loads only as Marlin, whose buffers are not modelled";
        return false;
    }
    if (!groupedInt(bits, group, true, "AWQ", out, why))
        return false;
    out.attention = out.denseMlp = out.experts = true;
    return readSkipped(q.value("modules_to_not_convert", json()), "modules_to_not_convert", out, why);
}

// GPTQ as AutoGPTQ and GPTQModel save it (QuantLinear's buffers): qweight int32 [in x bits / 32, out], qzeros int32
// [in / group, out x bits / 32], scales fp16 [in / group, out] and g_idx int32 [in]; a symmetric checkpoint keeps
// its qzeros too. group_size -1 is one group per row. Every linear layer of the decoder blocks is quantized; the
// LM head only with lm_head: true.
bool readGptq(const json& q, StoredWeights& out, std::string& why) {
    if (!onlyKeys(q,
                  {"quant_method",
                   "bits",
                   "group_size",
                   "desc_act",
                   "sym",
                   "damp_percent",
                   "damp_auto_increment",
                   "true_sequential",
                   "static_groups",
                   "checkpoint_format",
                   "meta",
                   "lm_head",
                   "dataset",
                   "tokenizer",
                   "use_exllama",
                   "exllama_config",
                   "max_input_length",
                   "use_cuda_fp16",
                   "cache_block_outputs",
                   "model_name_or_path",
                   "model_file_base_name",
                   "batch_size",
                   "pad_token_id",
                   "use_marlin",
                   "backend",
                   "module_name_preceding_first_block",
                   "block_name_to_quantize",
                   "modules_in_block_to_quantize",
                   "quantizer",
                   "pack_dtype",
                   "mse",
                   "v2",
                   "v2_alpha",
                   "modules_to_not_convert",
                   "format",
                   "hyb_act",
                   "act_group_aware"},
                  why))
        return false;
    // checkpoint_format (or format) "marlin" and "bitblas" repack the same weights with other buffers.
    for (const char* key : {"checkpoint_format", "format"}) {
        const std::string format = lower(stringField(q, key));
        if (!format.empty() && format != "gptq" && format != "gptq_v2") {
            why = "GPTQ checkpoint_format '" + format + "' stores other buffers: not modelled";
            return false;
        }
    }
    for (const char* key : {"modules_in_block_to_quantize", "block_name_to_quantize"}) {
        if (const auto it = q.find(key); it != q.end() && !it->is_null()) {
            why = std::string("quantization_config.") + key + " chooses which modules are quantized: not modelled";
            return false;
        }
    }
    std::int64_t bits = 4, group = 128;
    bool lmHead = false;
    if (!uintField(q, "bits", 4, bits, why) || !uintField(q, "group_size", 128, group, why) ||
        !boolField(q, "lm_head", false, lmHead, why))
        return false;
    if (!groupedInt(bits, group, true, "GPTQ", out, why))
        return false;
    out.bitsPerColumn = 32; // g_idx: the group of every input column
    out.attention = out.denseMlp = out.experts = true;
    out.lmHead = lmHead;
    return readSkipped(q.value("modules_to_not_convert", json()), "modules_to_not_convert", out, why);
}

// bitsandbytes as transformers saves it (integrations/bitsandbytes.py, bnb.nn.Params4bit / Int8Params). 4-bit:
// two NF4 or FP4 values a byte and one absmax per block of 64; with double quantization that absmax is 8-bit and
// every 256 of them share an FP32 absmax (plus per-tensor code tables of ~1 KiB, left out). 8-bit (LLM.int8): an
// int8 weight and an FP32 scale per output row (SCB). Every nn.Linear outside the LM head is converted.
bool readBitsAndBytes(const json& q, const ModelShape& m, StoredWeights& out, std::string& why) {
    if (!onlyKeys(q,
                  {"quant_method", "load_in_4bit", "load_in_8bit", "_load_in_4bit", "_load_in_8bit",
                   "bnb_4bit_compute_dtype", "bnb_4bit_quant_type", "bnb_4bit_use_double_quant",
                   "bnb_4bit_quant_storage", "llm_int8_enable_fp32_cpu_offload", "llm_int8_has_fp16_weight",
                   "llm_int8_skip_modules", "llm_int8_threshold"},
                  why))
        return false;
    bool four = false, eight = false;
    if (!boolField(q, q.contains("load_in_4bit") ? "load_in_4bit" : "_load_in_4bit", false, four, why) ||
        !boolField(q, q.contains("load_in_8bit") ? "load_in_8bit" : "_load_in_8bit", false, eight, why))
        return false;
    if (four == eight) {
        why = "bitsandbytes needs exactly one of load_in_4bit and load_in_8bit";
        return false;
    }
    bool fp16Weights = false;
    if (!boolField(q, "llm_int8_has_fp16_weight", false, fp16Weights, why))
        return false;
    if (fp16Weights) {
        why = "bitsandbytes with llm_int8_has_fp16_weight keeps the weights in 16 bits beside their int8 copy: not "
              "modelled";
        return false;
    }
    if (m.isMoe()) {
        // Whether an MoE's experts are nn.Linear modules (converted) or fused tensors (left alone) depends on the
        // transformers version that saved the checkpoint.
        why = "bitsandbytes on an MoE model: whether its experts are converted is not known from the config";
        return false;
    }
    if (four) {
        const std::string type = lower(stringField(q, "bnb_4bit_quant_type"));
        if (!type.empty() && type != "nf4" && type != "fp4") {
            why = "bnb_4bit_quant_type '" + type + "' is not nf4 or fp4";
            return false;
        }
        const std::string storage = lower(stringField(q, "bnb_4bit_quant_storage"));
        if (!storage.empty() && storage != "uint8" && storage != "torch.uint8") {
            why = "bnb_4bit_quant_storage '" + storage + "' packs the weights in another type: not modelled";
            return false;
        }
        bool doubleQuant = false;
        if (!boolField(q, "bnb_4bit_use_double_quant", false, doubleQuant, why))
            return false;
        if (doubleQuant) {
            out.format = DType::quantized(DTypeKind::INT4, 64, DTypeKind::INT8);
            out.outerGroup = 64 * 256;
            out.bitsPerOuterGroup = 32;
        } else {
            out.format = DType::quantized(DTypeKind::INT4, 64, DTypeKind::FP32);
        }
    } else {
        out.format = DType::int8();
        out.bitsPerRow = 32;
    }
    out.attention = out.denseMlp = out.experts = true;
    return readSkipped(q.value("llm_int8_skip_modules", json()), "llm_int8_skip_modules", out, why);
}

// compressed-tensors (llm-compressor's checkpoints), from the library's compressors: pack-quantized keeps int32
// weight_packed [out, in x bits / 32], a weight_scale per group ([out, in / group]), per row (channel) or one per
// tensor in the weight's dtype, and, only when asymmetric, a weight_zero_point packed at the weight's width;
// weight_g_idx int32 [in] with actorder "group". naive-, int- and float-quantized keep 8-bit weights [out, in] with
// the same scales. nvfp4-pack-quantized keeps FP4 pairs in bytes with an FP8 E4M3 scale per 16. Every Linear the
// group targets is quantized, the LM head included, unless `ignore` lists it (the library skips nothing itself).
bool readCompressedTensors(const json& q, DType modelDtype, StoredWeights& out, std::string& why) {
    if (!onlyKeys(q,
                  {"quant_method", "config_groups", "format", "quantization_status", "global_compression_ratio",
                   "ignore", "kv_cache_scheme", "sparsity_config", "transform_config", "version", "provider"},
                  why))
        return false;
    for (const char* key : {"sparsity_config", "transform_config"}) {
        if (const auto it = q.find(key); it != q.end() && !it->is_null() && !(it->is_object() && it->empty())) {
            why = std::string("quantization_config.") + key + " changes how the weights are stored: not modelled";
            return false;
        }
    }
    const auto groups = q.find("config_groups");
    if (groups == q.end() || !groups->is_object() || groups->size() != 1) {
        why = "compressed-tensors with other than one config group is not modelled (each group may cover other layers)";
        return false;
    }
    const json& group = groups->begin().value();
    const auto targets = group.find("targets");
    if (!group.is_object() || targets == group.end() || *targets != json::array({"Linear"})) {
        why = "compressed-tensors config group targets other than [\"Linear\"]: not modelled";
        return false;
    }
    for (auto it = group.begin(); it != group.end(); ++it) {
        const std::string& key = it.key();
        if (key != "targets" && key != "weights" && key != "input_activations" && key != "output_activations" &&
            key != "format") {
            why = "quantization_config.config_groups." + groups->begin().key() + "." + key + " is not modelled";
            return false;
        }
    }
    const auto weights = group.find("weights");
    if (weights == group.end() || !weights->is_object()) {
        why = "compressed-tensors config group has no weights scheme";
        return false;
    }
    const json& w = *weights;
    if (!onlyKeys(w,
                  {"num_bits", "type", "symmetric", "group_size", "strategy", "block_structure", "dynamic", "actorder",
                   "observer", "observer_kwargs", "scale_dtype", "zp_dtype"},
                  why))
        return false;
    for (const char* key : {"scale_dtype", "zp_dtype"}) {
        if (const auto it = w.find(key); it != w.end() && !it->is_null()) {
            why = std::string("compressed-tensors weights.") + key + " names the scales' own dtype: not modelled";
            return false;
        }
    }
    std::int64_t bits = 8;
    bool symmetric = true;
    if (!uintField(w, "num_bits", 8, bits, why) || !boolField(w, "symmetric", true, symmetric, why))
        return false;
    const std::string type = lower(w.value("type", std::string("int")));
    std::string format = lower(stringField(q, "format"));
    if (const std::string own = lower(stringField(group, "format")); !own.empty())
        format = own;
    const auto groupSize = w.find("group_size");
    std::string strategy = lower(stringField(w, "strategy"));
    if (strategy.empty()) // QuantizationArgs' own default
        strategy = groupSize == w.end() || groupSize->is_null()                             ? "tensor"
                   : groupSize->is_number_integer() && groupSize->get<std::int64_t>() == -1 ? "channel"
                                                                                            : "group";
    const DTypeKind scale = modelDtype.kind == DTypeKind::FP16 ? DTypeKind::FP16 : DTypeKind::BF16;
    const std::uint32_t scaleBits = bitsOf(scale);
    if (format == "nvfp4-pack-quantized") {
        std::int64_t g = 16;
        if (!uintField(w, "group_size", 16, g, why))
            return false;
        if (type != "float" || bits != 4 || strategy != "tensor_group" || g != 16) {
            why = "compressed-tensors nvfp4-pack-quantized expects 4-bit float weights in tensor groups of 16";
            return false;
        }
        out.format = DType::nvfp4();
    } else if (format == "pack-quantized" || format == "naive-quantized" || format == "int-quantized" ||
               format == "float-quantized") {
        const bool packed = format == "pack-quantized";
        DTypeKind kind;
        if (type == "int" && bits == 4 && packed)
            kind = DTypeKind::INT4;
        else if (type == "int" && bits == 8)
            kind = DTypeKind::INT8;
        else if (type == "float" && bits == 8 && !packed)
            kind = DTypeKind::FP8;
        else {
            why = "compressed-tensors " + format + " with " + std::to_string(bits) + "-bit " + type +
                  " weights is not modelled";
            return false;
        }
        if (!symmetric && kind == DTypeKind::FP8) {
            why = "compressed-tensors asymmetric FP8 weights are not modelled";
            return false;
        }
        const std::uint32_t zeroBits = symmetric ? 0 : std::uint32_t(bits);
        if (strategy == "tensor") {
            out.format = DType{kind};
        } else if (strategy == "channel") {
            out.format = DType{kind};
            out.bitsPerRow = scaleBits + zeroBits;
        } else if (strategy == "group") {
            std::int64_t g = 0;
            if (!uintField(w, "group_size", 0, g, why))
                return false;
            if (g <= 0 || g > (1 << 20)) {
                why = "compressed-tensors weights.group_size must be from 1 to 1048576 for the group strategy";
                return false;
            }
            out.format = symmetric ? DType::quantized(kind, std::uint32_t(g), scale)
                                   : DType::asymmetric(kind, std::uint32_t(g), scale);
            if (!symmetric && kind != DTypeKind::INT4 && kind != DTypeKind::INT8) {
                why = "compressed-tensors zero points for this type are not modelled";
                return false;
            }
        } else if (strategy == "block" && symmetric) {
            const auto block = w.find("block_structure");
            if (block == w.end() || !block->is_array() || block->size() != 2 || !(*block)[0].is_number_unsigned() ||
                !(*block)[1].is_number_unsigned() || (*block)[0].get<std::uint64_t>() == 0 ||
                (*block)[1].get<std::uint64_t>() == 0 || (*block)[0].get<std::uint64_t>() > 1024 ||
                (*block)[1].get<std::uint64_t>() > 1024) {
                why = "compressed-tensors weights.block_structure must be two whole numbers from 1 to 1024";
                return false;
            }
            out.format = DType::quantized(
                kind, std::uint32_t((*block)[0].get<std::uint64_t>() * (*block)[1].get<std::uint64_t>()), scale);
        } else {
            why = "compressed-tensors weights strategy '" + strategy + "' is not modelled";
            return false;
        }
        if (w.contains("actorder") && w["actorder"].is_boolean() && w["actorder"].get<bool>()) {
            why = "compressed-tensors weights.actorder true is not modelled (name the ordering)";
            return false;
        }
        const std::string actorder = w.contains("actorder") && w["actorder"].is_string()
                                         ? lower(w["actorder"].get<std::string>())
                                         : std::string();
        if (actorder == "group")
            out.bitsPerColumn = 32; // weight_g_idx
        else if (!actorder.empty() && actorder != "weight" && actorder != "static") {
            why = "compressed-tensors weights.actorder '" + actorder + "' is not modelled";
            return false;
        }
    } else {
        why = "compressed-tensors format '" + format + "' is not modelled";
        return false;
    }
    out.attention = out.denseMlp = out.experts = out.lmHead = true;
    return readSkipped(q.value("ignore", json()), "ignore", out, why);
}

// NVIDIA ModelOpt's export (unified_export_hf.py): FP8 keeps each weight [out, in] in E4M3 with one FP32 scale per
// tensor; NVFP4 keeps FP4 pairs in bytes [out, in / 2], an FP8 E4M3 scale per 16 and two FP32 scalars. The LM head,
// routers and Mamba convolutions are left alone by ModelOpt's defaults, and exclude_modules lists what else is.
bool readModelOpt(const json& q, StoredWeights& out, std::string& why) {
    if (!onlyKeys(q,
                  {"quant_method", "quant_algo", "kv_cache_quant_algo", "exclude_modules", "ignore", "group_size",
                   "producer", "config_groups", "kv_cache_scheme"},
                  why))
        return false;
    const std::string algo = stringField(q, "quant_algo");
    // convert_hf_config.py writes the weights' scheme into config_groups as well: it must say the same.
    if (const auto groups = q.find("config_groups"); groups != q.end() && !groups->is_null()) {
        bool agrees = groups->is_object() && groups->size() == 1 && groups->begin()->is_object();
        if (agrees) {
            const json& g = *groups->begin();
            const json weights = g.value("weights", json());
            const std::int64_t bits =
                weights.is_object() && weights.contains("num_bits") && weights["num_bits"].is_number_integer()
                    ? weights["num_bits"].get<std::int64_t>()
                    : 0;
            const std::int64_t group =
                weights.is_object() && weights.contains("group_size") && weights["group_size"].is_number_integer()
                    ? weights["group_size"].get<std::int64_t>()
                    : 0;
            agrees = g.value("targets", json()) == json::array({"Linear"}) &&
                     ((algo == "FP8" && bits == 8) || (algo == "NVFP4" && bits == 4 && (group == 0 || group == 16)));
        }
        if (!agrees) {
            why = "ModelOpt config_groups describe other weights than quant_algo '" + algo + "': not modelled";
            return false;
        }
    }
    if (algo == "FP8") {
        out.format = DType{DTypeKind::FP8};
    } else if (algo == "NVFP4") {
        std::int64_t group = 16;
        if (!uintField(q, "group_size", 16, group, why))
            return false;
        if (group != 16) {
            why = "ModelOpt NVFP4 with a group of " + std::to_string(group) + " is not modelled (NVFP4's is 16)";
            return false;
        }
        out.format = DType::nvfp4();
    } else {
        why = "ModelOpt quant_algo '" + algo + "' is not modelled (FP8 and NVFP4 are)";
        return false;
    }
    out.attention = out.denseMlp = out.experts = true;
    out.lmHead = false;
    for (const char* key : {"exclude_modules", "ignore"})
        if (!readSkipped(q.value(key, json()), key, out, why))
            return false;
    return true;
}

} // namespace

bool read(const json& q, const ModelShape& m, DType modelDtype, StoredWeights& out, std::string& why) {
    if (!q.is_object() || !q.contains("quant_method") || !q["quant_method"].is_string()) {
        why = "quantization_config has no quant_method";
        return false;
    }
    out.method = q["quant_method"].get<std::string>();
    const std::string method = lower(out.method);
    if (method != "mxfp4" && m.layerCounts().state > 0) {
        // The methods below quantize every linear layer, a Mamba or linear-attention mixer's projections too,
        // which the per-part count (attention, MLP, experts, LM head) does not hold.
        why = "a " + out.method +
              " checkpoint of a model with Mamba or linear-attention layers: their quantized "
              "projections are not modelled";
        return false;
    }
    if (method == "mxfp4")
        return readMxfp4(q, m, out, why);
    if (method == "fp8")
        return readFp8(q, out, why);
    if (method == "awq")
        return readAwq(q, out, why);
    if (method == "gptq")
        return readGptq(q, out, why);
    if (method == "bitsandbytes")
        return readBitsAndBytes(q, m, out, why);
    if (method == "compressed-tensors")
        return readCompressedTensors(q, modelDtype, out, why);
    if (method == "modelopt")
        return readModelOpt(q, out, why);
    why = "quant_method '" + out.method + "' is not modelled";
    return false;
}

} // namespace kvscope::hfquant
