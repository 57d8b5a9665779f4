#include "launchoptions.h"

#include "error.h"
#include "gpus.h"
#include "hfconfig.h"
#include "presets.h"
#include "scenariocontroller.h"
#include "units.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cmath>

using namespace Qt::StringLiterals;

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("LaunchOptions", text);
}

bool readUInt(const QCommandLineParser& parser, const QString& name, std::uint64_t min, std::uint64_t max,
              std::uint64_t& out, QString& error) {
    if (!parser.isSet(name))
        return true;
    bool ok = false;
    const qulonglong value = parser.value(name).toULongLong(&ok);
    if (!ok || value < min || value > max) {
        error = tr("--%1 expects a whole number from %2 to %3, got '%4'")
                    .arg(name)
                    .arg(min)
                    .arg(max)
                    .arg(parser.value(name));
        return false;
    }
    out = value;
    return true;
}

} // namespace

LaunchOptions parseLaunchOptions(const QStringList& arguments, ScenarioController& controller,
                                 const std::optional<kvscope::Scenario>& session) {
    QCommandLineParser parser;
    parser.setApplicationDescription(tr("KV Scope: see where an LLM's inference memory goes."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOptions({
        {u"preset"_s, tr("Model preset (see kvscope-cli presets)."), u"NAME"_s},
        {u"config"_s, tr("A Hugging Face config.json to open."), u"FILE"_s},
        {u"context"_s, tr("Tokens per sequence."), u"N"_s},
        {u"batch"_s, tr("Concurrent sequences."), u"N"_s},
        {u"weight-dtype"_s, tr("Weight storage (fp32, bf16, int8, int4-g128, ...)."), u"D"_s},
        {u"kv-dtype"_s, tr("KV cache storage."), u"D"_s},
        {u"gpu"_s, tr("GPU preset."), u"NAME"_s},
        {u"utilization"_s, tr("gpu_memory_utilization, 0-1."), u"F"_s},
        {u"tp"_s, tr("Tensor-parallel GPUs."), u"N"_s},
        {u"page"_s, tr("Page to open: memory, attention, scaling, paged, gpu."), u"NAME"_s},
        {u"screenshot"_s, tr("Render the window to a PNG file and exit."), u"FILE"_s},
        {u"sim-steps"_s, tr("Advance the paged-memory simulation by N steps first."), u"N"_s},
    });
    parser.process(arguments);

    LaunchOptions options;
    options.page = parser.value(u"page"_s);
    options.screenshot = parser.value(u"screenshot"_s);
    if (!parser.positionalArguments().isEmpty()) {
        options.error = tr("unexpected argument '%1'").arg(parser.positionalArguments().constFirst());
        return options;
    }

    const bool fromSession =
        session && options.screenshot.isEmpty() && !parser.isSet(u"preset"_s) && !parser.isSet(u"config"_s);
    kvscope::Scenario s = fromSession ? *session : controller.scenario();
    try {
        if (parser.isSet(u"preset"_s))
            s.model = kvscope::loadPreset(parser.value(u"preset"_s).toStdString());
        if (parser.isSet(u"config"_s))
            s.model = kvscope::importHfConfigFile(parser.value(u"config"_s).toStdString()).shape;
        if (parser.isSet(u"weight-dtype"_s))
            s.weightDtype = kvscope::DType::parse(parser.value(u"weight-dtype"_s).toStdString(), "--weight-dtype");
        if (parser.isSet(u"kv-dtype"_s))
            s.kvDtype = kvscope::DType::parse(parser.value(u"kv-dtype"_s).toStdString(), "--kv-dtype");
        if (parser.isSet(u"gpu"_s)) {
            const auto& gpu = kvscope::findGpuPreset(parser.value(u"gpu"_s).toStdString());
            s.gpuId = gpu.id;
            s.gpuMemoryBytes = gpu.memoryBytes;
        }
    } catch (const kvscope::Error& e) {
        options.error = QString::fromUtf8(e.what());
        return options;
    }
    std::uint64_t simSteps = 0;
    if (!readUInt(parser, u"sim-steps"_s, 0, 1u << 24, simSteps, options.error))
        return options;
    options.simSteps = int(simSteps);
    std::uint64_t tp = s.tensorParallel;
    if (!readUInt(parser, u"context"_s, 1, 1ull << 24, s.context, options.error) ||
        !readUInt(parser, u"batch"_s, 1, 1u << 20, s.batch, options.error) ||
        !readUInt(parser, u"tp"_s, 1, 64, tp, options.error))
        return options;
    s.tensorParallel = static_cast<std::uint32_t>(tp);
    if (parser.isSet(u"utilization"_s)) {
        bool ok = false;
        s.utilization = parser.value(u"utilization"_s).toDouble(&ok);
        if (!ok || s.utilization <= 0.0 || s.utilization > 1.0) {
            options.error =
                tr("--utilization expects a number in (0, 1], got '%1'").arg(parser.value(u"utilization"_s));
            return options;
        }
    }
    if (!controller.setScenario(s, fromSession || controller.isCustom()))
        options.error = controller.error();
    return options;
}
