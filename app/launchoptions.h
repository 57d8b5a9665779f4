#pragma once

#include <QString>
#include <QStringList>

class ScenarioController;

struct LaunchOptions {
    QString page;       // --page NAME
    QString screenshot; // --screenshot FILE
    QString error;      // non-empty: what was wrong with the command line
};

// Reads `kvscope --preset NAME --context N --batch N --kv-dtype D ...` and applies the
// scenario options to `controller`. Errors name the option.
LaunchOptions parseLaunchOptions(const QStringList& arguments, ScenarioController& controller);
