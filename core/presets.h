#pragma once

#include "modelshape.h"

#include <string>
#include <string_view>
#include <vector>

namespace kvscope {

struct ModelPresetInfo {
    std::string id;          // "llama-3.1-8b"
    std::string displayName; // "Llama-3.1-8B"
    std::string summary;     // one line for menus and `kvscope-cli presets`
};

// The presets in resources/presets/, embedded at build time and read through the same
// Hugging Face importer as a user's config.json.
std::vector<ModelPresetInfo> modelPresets();
// Throws Error listing the known ids when `id` names no preset.
ModelShape loadPreset(std::string_view id);
// The preset's JSON text, as shipped.
std::string_view presetJson(std::string_view id);

} // namespace kvscope
