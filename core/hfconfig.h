#pragma once

#include "modelshape.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace kvscope {

// Which family rule the importer applied, as data the window and the CLI turn into words
// ("Falcon, multi_query: 1 KV head (MQA)").
struct FamilyRule {
    std::string family;    // the family's own name, "Falcon"; "" when model_type is unknown
    std::string modelType; // model_type as the config states it ("falcon"; the text model's when nested)
    KvHeadRule kvRule = KvHeadRule::QueryHeads;
    std::string kvKey; // the key(s) that decided H_kv: "multi_query", "new_decoder_architecture + num_kv_heads"
    std::uint32_t kvHeads = 0;
    std::string layerKey; // the key that laid out hybrid / cross-attention layers; "" when every layer attends
    LayerCounts layers;   // layers by what they cache
    std::uint32_t totalLayers = 0;
    std::vector<std::string> defaultedKeys; // absent keys taken from the configuration class's defaults
    bool nestedTextConfig = false;          // the language model was read from text_config
};

// How sure the importer is of the shape it read (and so of every figure computed from it).
enum class Confidence {
    Exact,      // the family's rule applied and every key that may size memory was read
    Derived,    // no rule for this model_type: the generic rules read every key that may size memory
    Unverified, // keys that may size memory were not understood: ImportResult::ignoredKeys lists them
};
std::string confidenceName(Confidence confidence); // "exact", "derived", "unverified" (JSON's values)

// What the importer assumed or could not interpret: a kind and its values, which the window words in its own
// language, and the English sentence (the CLI's, the tests'). Each kind's values, in order:
enum class ImportNoteKind : std::uint8_t {
    AssumedIntermediate,  // the MLP width assumed (4 x hidden)
    NoMaxContext,         //
    UnknownDtype,         // torch_dtype as written
    WindowNeverCaps,      // the sliding window, in tokens
    MllamaVisionDefaults, //
    LoraNotCounted,       //
    StateInComputeDtype,  //
    UnquantizedAsBf16,    // the quantization method
    StoredBytesUnknown,   // why, in English (the quantization reader's words)
    VisionApproximate,    //
    VisionNotCounted,     //
    UnknownModelType,     // model_type, then "gated" or "plain"
    MtpNotCounted,        // the multi-token-prediction layers
    KeysNotUnderstood,    // the keys, ", "-separated
    DefaultsFromClass,    // the family, the keys
    FileNameNotUtf8,      // the byte sequences replaced
};
struct ImportNote {
    ImportNoteKind kind = ImportNoteKind::NoMaxContext;
    std::vector<std::string> values;
    std::string text; // in English
};

struct ImportResult {
    ModelShape shape;
    FamilyRule rule;
    Confidence confidence = Confidence::Exact;
    // Keys no rule read that are not on the importer's list of keys known not to size memory
    // (kHarmlessKeys in hfconfig.cpp, each with its reason): the estimate may miss what they say.
    std::vector<std::string> ignoredKeys;
    std::vector<ImportNote> notes; // what was assumed or could not be interpreted
};

// Reads a Hugging Face config.json (as parsed JSON). `source` names the file in every
// error and note. A table of families (model_type -> the configuration class's key names
// and defaults, attention layout rule, MLP, norms, biases, tied embeddings, layer layout)
// drives the reading; multimodal configs that nest the language model under text_config
// are read there, with the text configuration class's defaults for absent keys.
// Throws Error naming the source and the field when the config cannot describe a model.
ImportResult importHfConfig(const nlohmann::json& config, std::string_view source);

// Parses `text` as JSON first; a syntax error names the source, line and column.
ImportResult importHfConfigText(std::string_view text, std::string_view source);
ImportResult importHfConfigFile(const std::filesystem::path& path);

// The model_types the importer has a family rule for, in table order.
std::vector<std::string> knownModelTypes();

} // namespace kvscope
