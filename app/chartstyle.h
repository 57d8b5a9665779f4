#pragma once

#include <QColor>
#include <QFont>
#include <QObject>
#include <QString>

class QChart;
class QValueAxis;

// One look for every chart and page. The palette is Okabe and Ito's, chosen to stay
// apart under the common colour-vision deficiencies and on a washed-out projector; the
// meaning never rests on colour alone (labels, dashes, hatching carry it too).
//
// Presenter mode (F5) makes everything readable from the back of a room: body text at
// 18 pt, headline numbers at 28 pt, thicker lines, value labels on every bar. Pages read
// the sizes from here and restyle when `Style::changed` fires.
namespace chartstyle {

class Style : public QObject {
    Q_OBJECT

public:
    static Style* instance();
    bool presenter() const { return m_presenter; }
    void setPresenter(bool on);

signals:
    void changed();

private:
    Style() = default;
    bool m_presenter = false;
};

inline bool presenter() {
    return Style::instance()->presenter();
}

// Point sizes: body text, chart titles and headline figures (the verdict, a lesson's answer).
qreal bodyPoints();     // the desktop's size, 18 in presenter mode
qreal titlePoints();    // 12, 18 in presenter mode
qreal headlinePoints(); // 16, 28 in presenter mode
QFont headlineFont();
// A line width for `normal` pixels: doubled in presenter mode.
qreal lineWidth(qreal normal);

inline QColor weights() {
    return QColor(0x00, 0x72, 0xb2); // blue
}
inline QColor kvCache() {
    return QColor(0xe6, 0x9f, 0x00); // orange: the KV cache, everywhere
}
inline QColor activations() {
    return QColor(0xcc, 0x79, 0xa7); // reddish purple
}
inline QColor sequenceState() {
    return QColor(0xf0, 0xe4, 0x42); // yellow: fixed state per sequence (SSM, image cross-attention)
}
inline QColor runtime() {
    return QColor(0x8c, 0x8c, 0x8c); // grey
}
inline QColor budget() {
    return QColor(0xd5, 0x5e, 0x00); // vermillion, drawn dashed
}
inline QColor fits() {
    return QColor(0x00, 0x9e, 0x73); // bluish green, with a tick in each cell
}
inline QColor over() {
    return QColor(0xd5, 0x5e, 0x00); // vermillion, with a cross in each cell
}
inline QColor pinned() {
    return QColor(0x11, 0x18, 0x27);
}
inline QColor highlight() {
    return QColor(0x56, 0xb4, 0xe9); // sky blue: "look here" in lessons
}
inline QColor good() {
    return QColor(0x00, 0x7a, 0x5a); // text on a light background, AA contrast
}
inline QColor bad() {
    return QColor(0xb3, 0x26, 0x1e);
}

// Title font, legend at the bottom, animations off (they lag behind a dragged slider).
// The chart is restyled (fonts of the title, legend and axes) whenever the mode changes.
void apply(QChart* chart, const QString& title);
// Fonts of the chart's title, legend and every axis for the current mode; call after adding axes.
void restyle(QChart* chart);
// 0 to at least `top` on round ticks, with as many decimals in the labels as the tick
// interval needs (a 0-2 GiB axis reads 0, 0.5, 1, 1.5, 2; never 0, 1, 1, 2).
void setValueRange(QValueAxis* axis, double top);
// Decimals that tell ticks `interval` apart: 0 for 1 and up, 1 for 0.5, 2 for 0.25...
int decimalsFor(double interval);

} // namespace chartstyle
