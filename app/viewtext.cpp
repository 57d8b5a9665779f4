#include "viewtext.h"

#include "chartstyle.h"
#include "device.h"
#include "kvformula.h"
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

QString paramsProvenance(const kvscope::ParameterBreakdown& p) {
    const QString count = QLocale().toString(qulonglong(p.total));
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

QString verdictHtml(const kvscope::Estimate& e) {
    // The word carries the verdict (with a mark), the colour only repeats it.
    const QString headline = u"<span style='color:%1; font-size:%2pt; font-weight:600'>%3</span>"_s;
    const QString points = QString::number(chartstyle::headlinePoints());
    const QString note =
        tr("<br><small>Weights + KV cache + estimated activations and CUDA context, against card x "
           "utilization. Not an out-of-memory guarantee: the allocator's reserve and fragmentation are "
           "not in the sum.</small>");
    if (e.fits)
        return headline.arg(chartstyle::good().name(), points, tr("✓ Fits")) +
               tr("&nbsp;&nbsp;%1 to spare of a %2 budget")
                   .arg(size(std::uint64_t(e.headroomBytes)), size(e.budgetBytes)) +
               note;
    return headline.arg(chartstyle::bad().name(), points, tr("✗ Out of memory")) +
           tr("&nbsp;&nbsp;short by %1 of a %2 budget")
               .arg(size(std::uint64_t(-e.headroomBytes)), size(e.budgetBytes)) +
           note;
}

QString symbolColor(char symbol) {
    return chartstyle::symbol(symbol).name(); // the light or the dark set, by the window's palette
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
            what =
                tr("Weight dtype %1 → %2")
                    .arg(QString::fromStdString(a.weightDtype.label()), QString::fromStdString(b.weightDtype.label()));
            break;
        case F::KvDtype:
            what = tr("KV cache dtype %1 → %2")
                       .arg(QString::fromStdString(a.kvDtype.label()), QString::fromStdString(b.kvDtype.label()));
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

QString kvFormulaHtml(const kvscope::Scenario& s, const kvscope::Estimate& e) {
    const QLocale locale;
    const auto& m = s.model;
    // The same terms the CLI prints (core/kvformula.h): a sliding window's S is the window, and
    // windowed and full-context layers are separate terms, so the factors multiply to the total.
    const kvscope::KvFormula f = kvscope::kvFormula(m, s.kvDtype, s.context, s.batch, e.kvHeadsPerGpu);
    const QString bytesPerElement = f.exact && f.elementBits % 8 == 0 ? QString::number(f.elementBits / 8)
                                                                      : QString::number(f.bytesPerElement, 'g', 4);
    const auto num = [&](std::uint64_t v) { return locale.toString(qulonglong(v)); };
    // Each symbol and the number put in for it share a colour; the 2 is labelled as K and V.
    const auto sym = [](char c, const QString& text) {
        return u"<span style='color:%1'><b>%2</b></span>"_s.arg(symbolColor(c), text);
    };
    QStringList products;
    QStringList termSizes;
    for (const kvscope::KvFormulaTerm& t : f.terms) {
        if (f.mla)
            products << u"%1 x %2 x %3 x (%4 + %5) x %6 B"_s
                            .arg(sym('L', QString::number(t.layers)), sym('B', num(t.batch)), sym('S', num(t.tokens)))
                            .arg(t.latent)
                            .arg(t.rope)
                            .arg(bytesPerElement);
        else
            products << u"%1 x %2 x %3 x %4 x %5 x %6 x %7"_s.arg(
                sym('2', u"2"_s), sym('L', QString::number(t.layers)), sym('B', num(t.batch)), sym('S', num(t.tokens)),
                sym('H', QString::number(t.kvHeads)), sym('D', QString::number(t.headDim)),
                sym('b', bytesPerElement + tr(" B")));
        termSizes << size(t.bytes);
    }
    QString numbers = products.join(u" + "_s);
    if (f.terms.size() > 1)
        numbers += u" = "_s + termSizes.join(u" + "_s);
    QString text;
    if (f.mla) {
        text = tr("<b>KV</b> = L x B x S x (latent + rope) x bytes = %1 = <b>%2</b>").arg(numbers, size(f.totalBytes));
    } else {
        text = tr("<b>KV</b> = %1 x %2 x %3 x %4 x %5 x %6 x %7 = %8 = <b>%9</b>"
                  "<br><small>2: one K and one V · L: layers · B: batch · S: tokens per sequence · "
                  "H<sub>kv</sub>: KV heads · D<sub>head</sub>: head size · bytes: per element</small>")
                   .arg(sym('2', tr("2<sub>(K, V)</sub>")), sym('L', u"L"_s), sym('B', u"B"_s), sym('S', u"S"_s),
                        sym('H', u"H<sub>kv</sub>"_s), sym('D', u"D<sub>head</sub>"_s), sym('b', tr("bytes")), numbers,
                        size(f.totalBytes));
    }
    if (s.tensorParallel > 1)
        text += e.kvReplicated ? tr("<br>Per GPU: %1 KV heads across %2 GPUs, so each GPU keeps a copy of one head")
                                     .arg(m.kvHeads)
                                     .arg(s.tensorParallel)
                               : tr("<br>Per GPU: %1 KV heads split across %2 GPUs, %3 each")
                                     .arg(m.kvHeads)
                                     .arg(s.tensorParallel)
                                     .arg(e.kvHeadsPerGpu);
    if (e.beyondMaxContext)
        text += u"<br><span style='color:%1'>%2</span>"_s.arg(
            chartstyle::bad().name(),
            tr("The context is beyond this model's maximum of %1 tokens.").arg(num(m.maxContext)));
    bool capped = false;
    for (const kvscope::KvFormulaTerm& t : f.terms)
        capped = capped || t.windowed;
    for (const kvscope::KvFormulaTerm& t : f.terms)
        if (t.windowed)
            text += tr("<br>S = %1 on %2 of %3 layers: their sliding window caps the %4-token context")
                        .arg(num(t.tokens))
                        .arg(t.layers)
                        .arg(m.layers)
                        .arg(num(s.context));
    if (m.windowedLayerCount() > 0 && !capped) // within the window: S is the context on every layer
        text += tr("<br>%1 of %2 layers keep only the last %3 tokens (sliding window)")
                    .arg(m.windowedLayerCount())
                    .arg(m.layers)
                    .arg(num(m.slidingWindow));
    return text;
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

QString capacityEmptyHtml(const kvscope::Capacity& c) {
    using Empty = kvscope::Capacity::Empty;
    if (c.empty == Empty::WeightsAndOverheadsExceedBudget) {
        const std::uint64_t used = c.weightBytes + c.activationBytes + c.runtimeBytes;
        return u"<span style='color:%1'>%2</span>"_s.arg(
            chartstyle::bad().name(),
            QCoreApplication::translate("viewtext", "No KV memory: weights %1 + activations %2 (estimate) + CUDA "
                                                    "context %3 (estimate) = %4 exceed the budget of %5 by %6.")
                .arg(size(c.weightBytes), size(c.activationBytes), size(c.runtimeBytes), size(used),
                     size(c.budgetBytes), size(used - std::min(used, c.budgetBytes))));
    }
    if (c.empty == Empty::LessThanOneBlock)
        return u"<span style='color:%1'>%2</span>"_s.arg(
            chartstyle::bad().name(),
            QCoreApplication::translate("viewtext", "No KV block fits: %1 of KV memory is less than one block of %2.")
                .arg(sizeScaled(c.kvMemoryBytes), sizeScaled(c.blockBytes)));
    return {};
}

QString tokens(std::uint64_t count) {
    if (count >= 1024 && count % 1024 == 0)
        return QString::number(count / 1024) + u'K';
    return QLocale().toString(qulonglong(count));
}

} // namespace viewtext

namespace viewtext {

QString deviceReason(const std::string& reason) {
    // The reasons gpu/ states (gpu/cudadevice.cu, gpu/device.cpp), for lupdate; any other
    // text (a CUDA error string) is shown as it came.
    static const char* const known[] = {
        QT_TRANSLATE_NOOP("DeviceReason", "no CUDA driver"),
        QT_TRANSLATE_NOOP("DeviceReason", "no CUDA device"),
        QT_TRANSLATE_NOOP("DeviceReason", "CUDA device 0 did not answer"),
        QT_TRANSLATE_NOOP("DeviceReason", "cudaMemGetInfo failed"),
        QT_TRANSLATE_NOOP("DeviceReason", "this build has no CUDA backend (CUDA Toolkit not found at build time)"),
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
