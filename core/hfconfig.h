#pragma once

#include "modelshape.h"

#include <nlohmann/json_fwd.hpp>

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace kvscope {

struct ImportResult {
    ModelShape shape;
    std::vector<std::string> notes; // what was assumed or could not be interpreted, in plain words
};

// Reads a Hugging Face config.json (as parsed JSON). `source` names the file in every
// error and note. Understands the field-name variants of the popular families
// (Llama/Mistral/Qwen/Gemma, GPT-2/GPT-BigCode/OPT/NeoX/Falcon, Mixtral/DeepSeek MoE,
// DeepSeek MLA) and multimodal configs that nest the language model under text_config.
// Throws Error naming the source and the field when the config cannot describe a model.
ImportResult importHfConfig(const nlohmann::json& config, std::string_view source);

// Parses `text` as JSON first; a syntax error names the source, line and column.
ImportResult importHfConfigText(std::string_view text, std::string_view source);
ImportResult importHfConfigFile(const std::filesystem::path& path);

} // namespace kvscope
