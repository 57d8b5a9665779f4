#pragma once

#include "scenario.h"

#include <nlohmann/json_fwd.hpp>

#include <filesystem>
#include <string>
#include <string_view>

namespace kvscope {

// A saved scenario: the full model shape (so custom shapes survive) and every setting.
// {"format": "kvscope-scenario", "version": 1, "model": {...}, "weight_dtype": "bf16", ...}
inline constexpr int kScenarioFormatVersion = 1;

nlohmann::json scenarioToJson(const Scenario& scenario);
// Throws Error naming `source` and the field when the file is not a KV Scope scenario.
Scenario scenarioFromJson(const nlohmann::json& json, std::string_view source);

std::string scenarioToText(const Scenario& scenario);
Scenario scenarioFromText(std::string_view text, std::string_view source);

// Writes through a temporary file and a rename, so a crash never leaves half a file.
void saveScenarioFile(const Scenario& scenario, const std::filesystem::path& path);
Scenario loadScenarioFile(const std::filesystem::path& path);

} // namespace kvscope
