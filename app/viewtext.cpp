#include "viewtext.h"

#include "units.h"

#include <QCoreApplication>
#include <QLocale>

namespace viewtext {
namespace {
QString tr(const char* text) { return QCoreApplication::translate("viewtext", text); }
} // namespace

QString size(std::uint64_t bytes, kvscope::SizeUnit unit, int decimals)
{
    return QString::fromStdString(kvscope::formatBytesIn(bytes, unit, decimals));
}

QString verdictHtml(const kvscope::Estimate& e)
{
    if (e.fits)
        return tr("<span style='color:#1b7f3b; font-size:16pt; font-weight:600'>Fits</span>"
                  "&nbsp;&nbsp;%1 to spare of a %2 budget")
            .arg(size(std::uint64_t(e.headroomBytes)), size(e.budgetBytes));
    return tr("<span style='color:#b3261e; font-size:16pt; font-weight:600'>Out of memory</span>"
              "&nbsp;&nbsp;short by %1 of a %2 budget")
        .arg(size(std::uint64_t(-e.headroomBytes)), size(e.budgetBytes));
}

QString kvFormulaHtml(const kvscope::Scenario& s, const kvscope::Estimate& e)
{
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
    if (m.windowedLayerCount() > 0)
        text += tr("<br>%1 of %2 layers keep only the last %3 tokens (sliding window)")
                    .arg(m.windowedLayerCount())
                    .arg(m.layers)
                    .arg(locale.toString(qulonglong(m.slidingWindow)));
    return text;
}

} // namespace viewtext
