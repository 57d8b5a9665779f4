#include "decodetext.h"

#include <QCoreApplication>

#include <cmath>

using kvscope::gpu::CacheMode;

namespace decodetext {

QString modeLabel(CacheMode mode) {
    switch (mode) {
    case CacheMode::None:
        return QCoreApplication::translate("DecodePage", "no cache");
    case CacheMode::Contiguous:
        return QCoreApplication::translate("DecodePage", "contiguous cache");
    case CacheMode::Paged:
        return QCoreApplication::translate("DecodePage", "paged cache");
    case CacheMode::Dynamic:
        return QCoreApplication::translate("DecodePage", "dynamic cache");
    case CacheMode::Int8:
        return QCoreApplication::translate("DecodePage", "INT8 cache");
    case CacheMode::Fp8:
        return QCoreApplication::translate("DecodePage", "FP8 cache");
    }
    return {};
}

QString ms(double value) {
    const double a = std::abs(value);
    const int decimals = a >= 100 ? 0 : a >= 10 ? 1 : a >= 0.1 ? 2 : 4;
    return QString::number(value, 'f', decimals);
}

QString percent(double share) {
    return QString::number(100.0 * share, 'f', 0);
}

} // namespace decodetext
