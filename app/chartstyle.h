#pragma once

#include <QColor>
#include <QString>

class QChart;

// One palette for every chart, chosen to stay readable on a classroom projector.
namespace chartstyle {
inline QColor weights() {
    return QColor(0x3b, 0x82, 0xf6);
}
inline QColor kvCache() {
    return QColor(0xf5, 0x9e, 0x0b);
}
inline QColor activations() {
    return QColor(0x8b, 0x5c, 0xf6);
}
inline QColor runtime() {
    return QColor(0x9c, 0xa3, 0xaf);
}
inline QColor budget() {
    return QColor(0xdc, 0x26, 0x26);
}
inline QColor fits() {
    return QColor(0x86, 0xd9, 0x9a);
}
inline QColor over() {
    return QColor(0xf4, 0xa3, 0xa3);
}
inline QColor pinned() {
    return QColor(0x11, 0x18, 0x27);
}
// Title font, legend at the bottom, animations off (they lag behind a dragged slider).
void apply(QChart* chart, const QString& title);
} // namespace chartstyle
