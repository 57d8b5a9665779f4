#pragma once

#include "argparser.h"
#include "hfconfig.h"
#include "scenario.h"

#include <optional>

#include <string>
#include <vector>

namespace kvscope::cli {

// The model, dtype, workload and GPU options shared by `estimate` and `capacity`.
void addScenarioOptions(ArgParser& parser);

// Builds a scenario from the parsed options on top of the default scenario. `notes`
// receives what the importer assumed, in English as --json prints them (the text output
// translates the CLI's own with translateKnown()). Throws Error naming the option at fault.
// `imported`, when given, receives the importer's family rule and ignored keys for --config.
Scenario scenarioFromOptions(const ArgParser& parser, std::vector<std::string>& notes,
                             std::optional<ImportResult>* imported = nullptr);

} // namespace kvscope::cli
