#include "viewtext.h"

#include "units.h"

#include <QCoreApplication>
#include <QLocale>

namespace viewtext {
namespace {
QString tr(const char* text) {
    return QCoreApplication::translate("viewtext", text);
}
} // namespace

QString size(std::uint64_t bytes, kvscope::SizeUnit unit, int decimals) {
    return QString::fromStdString(kvscope::formatBytesIn(bytes, unit, decimals));
}

QString verdictHtml(const kvscope::Estimate& e) {
    if (e.fits)
        return tr("<span style='color:#1b7f3b; font-size:16pt; font-weight:600'>Fits</span>"
                  "&nbsp;&nbsp;%1 to spare of a %2 budget")
            .arg(size(std::uint64_t(e.headroomBytes)), size(e.budgetBytes));
    return tr("<span style='color:#b3261e; font-size:16pt; font-weight:600'>Out of memory</span>"
              "&nbsp;&nbsp;short by %1 of a %2 budget")
        .arg(size(std::uint64_t(-e.headroomBytes)), size(e.budgetBytes));
}

QString kvFormulaHtml(const kvscope::Scenario& s, const kvscope::Estimate& e) {
    const QLocale locale;
    const auto& m = s.model;
    const QString bytesPerElement = s.kvDtype.isQuantized() || s.kvDtype.bits() % 8 != 0
                                        ? QString::number(s.kvDtype.effectiveBits() / 8.0, 'g', 4)
                                        : QString::number(s.kvDtype.bits() / 8);
    if (m.mla.kvLoraRank > 0) {
        return tr("<b>KV</b> = L x B x S x (latent + rope) x bytes = %1 x %2 x %3 x (%4 + %5) x %6 B = <b>%7</b>")
            .arg(m.layers)
            .arg(locale.toString(qulonglong(s.batch)), locale.toString(qulonglong(s.context)))
            .arg(m.mla.kvLoraRank)
            .arg(m.mla.qkRopeHeadDim)
            .arg(bytesPerElement, size(e.kvBytes));
    }
    QString text = tr("<b>KV</b> = 2 x L x B x S x H<sub>kv</sub> x D<sub>head</sub> x bytes = "
                      "2 x %1 x %2 x %3 x %4 x %5 x %6 B = <b>%7</b>")
                       .arg(m.layers)
                       .arg(locale.toString(qulonglong(s.batch)), locale.toString(qulonglong(s.context)))
                       .arg(e.kvHeadsPerGpu)
                       .arg(m.effectiveHeadDim())
                       .arg(bytesPerElement, size(e.kvBytes));
    if (s.tensorParallel > 1)
        text += e.kvReplicated ? tr("<br>Per GPU: %1 KV heads across %2 GPUs, so each GPU keeps a copy of one head")
                                     .arg(m.kvHeads)
                                     .arg(s.tensorParallel)
                               : tr("<br>Per GPU: %1 KV heads split across %2 GPUs, %3 each")
                                     .arg(m.kvHeads)
                                     .arg(s.tensorParallel)
                                     .arg(e.kvHeadsPerGpu);
    if (m.maxContext > 0 && s.context > m.maxContext)
        text += tr("<br><span style='color:#b3261e'>The context is beyond this model's maximum of %1 tokens.</span>")
                    .arg(locale.toString(qulonglong(m.maxContext)));
    if (m.windowedLayerCount() > 0)
        text += tr("<br>%1 of %2 layers keep only the last %3 tokens (sliding window)")
                    .arg(m.windowedLayerCount())
                    .arg(m.layers)
                    .arg(locale.toString(qulonglong(m.slidingWindow)));
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
        .arg(QString::fromStdString(kvscope::formatBytes(c.blockBytes)), size(c.kvMemoryBytes));
}

QString tokens(std::uint64_t count) {
    if (count >= 1024 && count % 1024 == 0)
        return QString::number(count / 1024) + u'K';
    return QLocale().toString(qulonglong(count));
}

} // namespace viewtext
