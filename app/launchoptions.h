#pragma once

#include "scenario.h"

#include <QString>
#include <QStringList>

#include <optional>

class ScenarioController;

struct LaunchOptions {
    QString page;       // --page NAME
    QString screenshot; // --screenshot FILE
    int simSteps = 0;   // --sim-steps N: advance the paged-memory simulation before showing
    QString error;      // non-empty: what was wrong with the command line
};

// Reads `kvscope --preset NAME --context N --batch N --kv-dtype D ...` and applies the
// scenario options to `controller`. The last session, when given, is the starting point
// unless a model is named or a screenshot is asked for (screenshots are reproducible).
// Errors name the option.
LaunchOptions parseLaunchOptions(const QStringList& arguments, ScenarioController& controller,
                                 const std::optional<kvscope::Scenario>& session = std::nullopt);
