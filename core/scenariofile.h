#pragma once

#include "scenario.h"

#include <nlohmann/json_fwd.hpp>

#include <filesystem>
#include <string>
#include <string_view>

namespace kvscope {

// A saved scenario: the full model shape (so custom shapes survive) and every setting.
// {"format": "kvscope-scenario", "version": 2, "model": {...}, "weight_dtype": "bf16", ...}
// Version 2 added keys that size memory (the windowed layers' own heads, the K-is-V flag, the DSA indexer): a
// version 1 reader would drop them and show other figures, so a file that uses them says version 2, which such a
// reader refuses as newer. A file that uses none of them is written as version 1, readable by every KV Scope.
// Version 3 added speculative decoding ("speculative": {"method", "draft", "tokens", "acceptance"}), written only
// when it is on: its draft weights and slots size memory too.
inline constexpr int kScenarioFormatVersion = 3;

nlohmann::json scenarioToJson(const Scenario& scenario);
// Throws Error naming `source` and the field when the file is not a KV Scope scenario.
Scenario scenarioFromJson(const nlohmann::json& json, std::string_view source);

std::string scenarioToText(const Scenario& scenario);
Scenario scenarioFromText(std::string_view text, std::string_view source);

// Writes through a temporary file and a rename, so a crash never leaves half a file.
void saveScenarioFile(const Scenario& scenario, const std::filesystem::path& path);
Scenario loadScenarioFile(const std::filesystem::path& path);

} // namespace kvscope
