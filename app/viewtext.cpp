#include "viewtext.h"

#include "device.h"
#include "hfconfig.h"
#include "kvformula.h"
#include "presets.h"
#include "settings.h"
#include "units.h"

#include <QCoreApplication>
#include <QLocale>

using namespace Qt::StringLiterals;

namespace viewtext {
namespace {
QString tr(const char* text, const char* disambiguation = nullptr, int n = -1) {
    return QCoreApplication::translate("viewtext", text, disambiguation, n);
}
} // namespace

kvscope::SizeUnit displayUnit() {
    return Settings::instance()->sizeUnit();
}

QString unitName() {
    return QString::fromLatin1(kvscope::sizeUnitName(displayUnit()));
}

double inUnit(std::uint64_t bytes) {
    return kvscope::toUnit(bytes, displayUnit());
}

QString size(std::uint64_t bytes, std::optional<kvscope::SizeUnit> unit, int decimals) {
    return QString::fromStdString(kvscope::formatBytesIn(bytes, unit.value_or(displayUnit()), decimals));
}

QString sizeScaled(std::uint64_t bytes) {
    return QString::fromStdString(kvscope::formatBytesScaled(bytes, displayUnit()));
}

QString importNote(const kvscope::ImportNote& note) {
    using Kind = kvscope::ImportNoteKind;
    const auto value = [&](std::size_t i) {
        return i < note.values.size() ? QString::fromStdString(note.values[i]) : QString();
    };
    switch (note.kind) {
    case Kind::AssumedIntermediate:
        return tr("no intermediate size given: assumed 4 x hidden = %1").arg(value(0));
    case Kind::NoMaxContext:
        return tr("no maximum context length given");
    case Kind::UnknownDtype:
        return tr("torch_dtype '%1' is not a format KV Scope knows; assumed bf16").arg(value(0));
    case Kind::WindowNeverCaps:
        return tr("the sliding window (%1 tokens) is not shorter than the context, so it never caps the cache")
            .arg(value(0));
    case Kind::MllamaVisionDefaults:
        return tr("no vision_config: the image tokens per sequence use MllamaVisionConfig's defaults");
    case Kind::LoraNotCounted:
        return tr("the shared blocks' LoRA adapters are not counted in the parameters");
    case Kind::StateInComputeDtype:
        return tr("no mamba_ssm_cache_dtype: the state is kept in the compute dtype");
    case Kind::UnquantizedAsBf16:
        return tr("the weights %1 leaves unquantized are taken as bf16 (the config names no 16-bit dtype)")
            .arg(value(0));
    case Kind::StoredBytesUnknown: // why is the quantization reader's English
        return tr("the checkpoint's own weight bytes are not known: %1").arg(value(0));
    case Kind::VisionApproximate:
        return tr("the vision encoder is counted approximately, as a plain ViT of vision_config's size");
    case Kind::VisionNotCounted:
        return tr("the vision encoder (vision_config) is not counted: the parameters are the language model's");
    case Kind::UnknownModelType:
        return value(1) == u"gated"_s
                   ? tr("unknown model_type '%1': assumed a gated (SwiGLU) MLP and RMSNorm from the activation; the "
                        "parameter count is an estimate")
                         .arg(value(0))
                   : tr("unknown model_type '%1': assumed a plain MLP and RMSNorm from the activation; the parameter "
                        "count is an estimate")
                         .arg(value(0));
    case Kind::MtpNotCounted:
        return tr("the %1 multi-token-prediction layer(s) (num_nextn_predict_layers) are not counted: they serve "
                  "speculative decoding only")
            .arg(value(0));
    case Kind::KeysNotUnderstood:
        return tr("keys not understood, which may size memory (the figures are unverified): %1").arg(value(0));
    case Kind::DefaultsFromClass:
        return tr("absent keys taken from the %1 configuration class's defaults: %2").arg(value(0), value(1));
    case Kind::FileNameNotUtf8:
        return tr("the file name is not valid UTF-8: %1 byte sequence(s) are shown as U+FFFD in the model's name")
            .arg(value(0));
    }
    return QString::fromStdString(note.text);
}

QString paramsProvenance(const kvscope::ParameterBreakdown& p) {
    QString count = QLocale().toString(qulonglong(p.total));
    if (p.kvAdjusted)
        return p.source == kvscope::ParamsSource::UserSet
                   ? tr("%1 (set by hand, K/V projections re-estimated for these KV heads)").arg(count)
                   : tr("%1 (published, K/V projections re-estimated for these KV heads)").arg(count);
    switch (p.source) {
    case kvscope::ParamsSource::Estimated:
        return tr("%1 (estimated from the shape)").arg(count);
    case kvscope::ParamsSource::Published:
        return tr("%1 (published)").arg(count);
    case kvscope::ParamsSource::UserSet:
        return tr("%1 (set by hand)").arg(count);
    }
    return count;
}

QString dtypeLabel(const kvscope::DType& d) {
    const QString bits = QLocale().toString(d.effectiveBits(), 'g', 4);
    if (d == kvscope::DType::mxfp4())
        return tr("MXFP4 (FP4, g32, E8M0 scales: %1 bits)").arg(bits);
    if (d == kvscope::DType::nvfp4())
        return tr("NVFP4 (FP4, g16, FP8 scales: %1 bits)").arg(bits);
    QString kind = QString::fromStdString(kvscope::kindName(d.kind)).toUpper(); // not const: returned below
    if (!d.isQuantized())
        return kind;
    const QString scale = QString::fromStdString(kvscope::kindName(d.scaleKind)).toUpper();
    return d.zeroPoints ? tr("%1 (g%2, %3 scales and zero points: %4 bits)").arg(kind).arg(d.groupSize).arg(scale, bits)
                        : tr("%1 (g%2, %3 scales: %4 bits)").arg(kind).arg(d.groupSize).arg(scale, bits);
}

QString weightsName(const kvscope::Scenario& s) {
    if (s.weightsAsStored && s.model.stored)
        return tr("%1 as stored").arg(QString::fromStdString(s.model.stored->method).toUpper());
    return QString::fromStdString(s.weightDtype.name()).toUpper();
}

QString speculationName(const kvscope::Speculation& spec) {
    using kvscope::DraftMethod;
    switch (spec.method) {
    case DraftMethod::None:
        return tr("off");
    case DraftMethod::Ngram:
        return tr("n-gram, k = %1").arg(spec.tokens);
    case DraftMethod::Eagle:
        return tr("EAGLE head, k = %1").arg(spec.tokens);
    case DraftMethod::Model:
        break;
    }
    QString name = QString::fromStdString(spec.draftPreset); // a preset's display name where it is one
    for (const kvscope::ModelPresetInfo& preset : kvscope::modelPresets())
        if (preset.id == spec.draftPreset)
            name = QString::fromStdString(preset.displayName);
    return tr("draft %1, k = %2").arg(name).arg(spec.tokens);
}

QString changeNarration(const kvscope::ScenarioDiff& d, const kvscope::Scenario& a, const kvscope::Scenario& b,
                        bool figures) {
    using F = kvscope::ScenarioDiff::Field;
    if (d.changed.empty())
        return {};
    const QLocale locale;
    const auto num = [&](std::uint64_t v) { return locale.toString(qulonglong(v)); };
    QString what;
    if (d.changed.size() == 1) {
        switch (d.changed.front()) {
        case F::Model:
            what = tr("Model %1 → %2")
                       .arg(QString::fromStdString(a.model.displayName), QString::fromStdString(b.model.displayName));
            break;
        case F::Layers:
            what = tr("Layers %1 → %2").arg(a.model.layers).arg(b.model.layers);
            break;
        case F::Hidden:
            what = tr("Hidden size %1 → %2").arg(num(a.model.hidden), num(b.model.hidden));
            break;
        case F::Heads:
            what = tr("Query heads %1 → %2").arg(a.model.heads).arg(b.model.heads);
            break;
        case F::KvHeads:
            what = tr("KV heads %1 → %2").arg(a.model.kvHeads).arg(b.model.kvHeads);
            break;
        case F::HeadDim:
            what = tr("Head dim %1 → %2").arg(a.model.effectiveHeadDim()).arg(b.model.effectiveHeadDim());
            break;
        case F::Params:
            what = tr("Parameters changed");
            break;
        case F::WeightDtype:
            what = a.weightsAsStored != b.weightsAsStored
                       ? tr("Weights %1 → %2").arg(weightsName(a), weightsName(b))
                       : tr("Weight dtype %1 → %2").arg(dtypeLabel(a.weightDtype), dtypeLabel(b.weightDtype));
            break;
        case F::KvDtype:
            what = tr("KV cache dtype %1 → %2").arg(dtypeLabel(a.kvDtype), dtypeLabel(b.kvDtype));
            break;
        case F::Context:
            what = tr("Context %1 → %2").arg(tokens(a.context), tokens(b.context));
            break;
        case F::Batch:
            what = tr("Batch %1 → %2").arg(num(a.batch), num(b.batch));
            break;
        case F::Gpu:
        case F::GpuMemory:
            what =
                tr("GPU %1 → %2").arg(size(a.gpuMemoryBytes, std::nullopt, 0), size(b.gpuMemoryBytes, std::nullopt, 0));
            break;
        case F::Utilization:
            what = tr("Utilization %1 → %2").arg(a.utilization, 0, 'f', 2).arg(b.utilization, 0, 'f', 2);
            break;
        case F::TensorParallel:
            what = tr("Tensor parallel %1 → %2").arg(a.tensorParallel).arg(b.tensorParallel);
            break;
        case F::Speculation:
            what =
                tr("Speculative decoding %1 → %2").arg(speculationName(a.speculation), speculationName(b.speculation));
            break;
        }
    } else {
        what = tr("%n settings changed", "", int(d.changed.size()));
    }
    if (!figures)
        return what;
    QString kv = tr("KV cache %1 → %2").arg(size(d.kvBefore), size(d.kvAfter));
    if (d.kvBefore != d.kvAfter && d.kvRatio > 0)
        kv += tr(" (×%1)").arg(locale.toString(d.kvRatio, 'g', 3));
    const QString weights = d.weightsBefore == d.weightsAfter
                                ? tr("weights unchanged")
                                : tr("weights %1 → %2").arg(size(d.weightsBefore), size(d.weightsAfter));
    QString verdict;
    if (d.fitsBefore != d.fitsAfter)
        verdict = d.fitsAfter ? tr("; now fits") : tr("; now out of memory");
    return tr("%1: %2, %3%4").arg(what, kv, weights, verdict);
}

} // namespace viewtext

namespace viewtext {

QString capacityHtml(const kvscope::Capacity& c) {
    const QLocale locale;
    return QCoreApplication::translate("viewtext",
                                       "<tt>GPU KV cache size: %1 tokens<br>"
                                       "Maximum concurrency for %2 tokens per request: %3x</tt><br>"
                                       "<small>%4 blocks of %5 tokens (%6 each) in %7 left for the cache</small>")
        .arg(locale.toString(qulonglong(c.tokens)), locale.toString(qulonglong(c.tokensPerRequest)))
        .arg(c.maxConcurrency, 0, 'f', 2)
        .arg(locale.toString(qulonglong(c.blocks)))
        .arg(c.blockSize)
        .arg(sizeScaled(c.blockBytes), size(c.kvMemoryBytes));
}

QString limitsHtml(std::uint64_t maxBatch, std::uint64_t context, std::uint64_t maxContext, std::uint64_t batch) {
    const QLocale locale;
    return QCoreApplication::translate("viewtext",
                                       "Largest batch at %1 tokens: <b>%2</b> · longest context at batch %3: <b>%4</b> "
                                       "tokens")
        .arg(tokens(context), locale.toString(qulonglong(maxBatch)), locale.toString(qulonglong(batch)),
             locale.toString(qulonglong(maxContext)));
}

QString tokens(std::uint64_t count) {
    if (count >= 1024 && count % 1024 == 0)
        return QString::number(count / 1024) + u'K';
    return QLocale().toString(qulonglong(count));
}

QString duration(double seconds) {
    const QLocale locale;
    if (seconds > 0.0 && seconds < 1e-5) // a few microseconds read "0.00 ms", as if nothing
        return tr("%1 µs").arg(locale.toString(1e6 * seconds, 'g', 2));
    if (seconds < 1.0)
        return tr("%1 ms").arg(locale.toString(1000 * seconds, 'f', seconds < 0.01 ? 2 : seconds < 0.1 ? 1 : 0));
    return tr("%1 s").arg(locale.toString(seconds, 'f', seconds < 100 ? 2 : 0));
}

QString rate(double perSecond, const QString& unit) {
    static const char* const prefixes[] = {"", "k", "M", "G", "T", "P"};
    int i = 0;
    while (perSecond >= 1000.0 && i < 5) {
        perSecond /= 1000.0;
        ++i;
    }
    return QLocale().toString(perSecond, 'f', perSecond < 10 ? 2 : 1) + u' ' + QLatin1String(prefixes[i]) + unit;
}

} // namespace viewtext

namespace viewtext {

QString deviceReason(const std::string& reason) {
    // The reasons gpu/ states (gpu/cudadevice.cu, gpu/device.cpp, gpu/decode.cpp), for lupdate; any other
    // text (a CUDA error string) is shown as it came.
    static const char* const known[] = {
        QT_TRANSLATE_NOOP("DeviceReason", "no CUDA driver"),
        QT_TRANSLATE_NOOP("DeviceReason", "no CUDA device"),
        QT_TRANSLATE_NOOP("DeviceReason", "CUDA device 0 did not answer"),
        QT_TRANSLATE_NOOP("DeviceReason", "cudaMemGetInfo failed"),
        QT_TRANSLATE_NOOP("DeviceReason", "this build has no CUDA backend (CUDA Toolkit not found at build time)"),
        // and why a run chose its backend (gpu/decode.cpp's chooseBackend and its CUDA-less build)
        QT_TRANSLATE_NOOP("DeviceReason", "a CUDA device answered"),
        QT_TRANSLATE_NOOP("DeviceReason", "--backend cpu"),
        QT_TRANSLATE_NOOP("DeviceReason", "--backend cuda"),
        QT_TRANSLATE_NOOP("DeviceReason",
                          "this build has no CUDA backend (the CUDA Toolkit was not found when it was built)"),
    };
    for (const char* text : known)
        if (reason == text)
            return QCoreApplication::translate("DeviceReason", text);
    return QString::fromStdString(reason);
}

QString deviceLine(const kvscope::gpu::DeviceInfo& d) {
    const QString memory = sizeScaled(d.totalBytes);
    if (d.backend == kvscope::gpu::Backend::Cuda)
        return tr("CUDA: %1, %2, sm_%3%4, driver %5.%6")
            .arg(QString::fromStdString(d.name), memory)
            .arg(d.computeMajor)
            .arg(d.computeMinor)
            .arg(d.driverVersion / 1000)
            .arg((d.driverVersion % 1000) / 10);
    const QString line =
        tr("CPU: %1, %n thread(s), %2 RAM", "", d.cpuThreads).arg(QString::fromStdString(d.name), memory);
    return d.reason.empty() ? line : tr("%1 (%2)").arg(line, deviceReason(d.reason));
}

} // namespace viewtext
