#pragma once

#include <QColor>
#include <QFont>
#include <QGuiApplication>
#include <QObject>
#include <QPalette>
#include <QString>

#include <optional>

class QChart;
class QLogValueAxis;
class QValueAxis;

// One look for every chart and page. The palette is Okabe and Ito's, chosen to stay
// apart under the common colour-vision deficiencies and on a washed-out projector; the
// meaning never rests on colour alone (labels, dashes, hatching carry it too).
//
// Every chart, painted widget and rich-text colour follows the palette (light or dark): the
// chart's background, axes and text come from its view's palette, text colours come in a
// light set and a dark set (each at least 4.5:1 against the palette's window and base, WCAG
// AA), and the fills (Okabe-Ito) read on both. `Style::changed` fires on a palette change
// too, so everything that restyles for presenter mode recolours with the same call.
//
// Presenter mode (F5) makes everything readable from the back of a room: body text at
// 18 pt, headline numbers at 28 pt, thicker lines, value labels on every bar. Pages read
// the sizes from here and restyle when `Style::changed` fires.
namespace chartstyle {

// The window's palette: Fusion's light or a dark one (both the same on every desktop, for
// screenshots and a projector), or `System`: the desktop's own style and palette as Qt found
// them at start. Qt 6.4 has no colour-scheme hint, so System is dark exactly when the
// platform theme hands Qt a dark palette (KDE Plasma, or GNOME with a dark GTK theme and
// the gtk3 platform theme); KV Scope follows that palette and its changes.
enum class Scheme { System, Light, Dark };
QString schemeName(Scheme scheme); // "system", "light", "dark" (settings and --palette)
std::optional<Scheme> parseScheme(const QString& name);

class Style : public QObject {
    Q_OBJECT

public:
    static Style* instance();
    bool presenter() const { return m_presenter; }
    void setPresenter(bool on);
    // Presenter type is sized for the projected image: 1 at 1080 lines and more (see presenterScaleFor).
    qreal presenterScale() const { return m_presenterScale; }
    void setPresenterScale(qreal scale);

    // Installs the scheme's style and palette on the application; `changed` follows at once.
    void setScheme(Scheme scheme);
    Scheme scheme() const { return m_scheme; }
    // Starts following the application's palette (called by apply() and setScheme()).
    void watchPalette();

signals:
    // Presenter mode or the palette changed: restyle and recolour.
    void changed();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    Style() = default;
    bool m_presenter = false;
    qreal m_presenterScale = 1.0;
    Scheme m_scheme = Scheme::System;
    bool m_watching = false;
    bool m_overridden = false; // Light or Dark replaced the desktop's style and palette
    bool m_pending = false;    // a palette change is queued; one `changed` for a burst
    QString m_systemStyle;     // what Qt chose at start, restored by System
    QPalette m_systemToolTips; // the desktop's tooltip palette, likewise
};

// The palettes the schemes install: Fusion's own light one, and a dark one whose text is at
// least 7:1 against its window and base.
QPalette lightPalette();
QPalette darkPalette();
// True when the palette draws light text on a dark window.
bool isDark(const QPalette& palette = QGuiApplication::palette());
// WCAG 2 contrast ratio of two colours, 1 to 21 (text wants 4.5, lines and fills 3).
double contrastRatio(const QColor& a, const QColor& b);

inline bool presenter() {
    return Style::instance()->presenter();
}

// Point sizes: body text, chart titles and headline figures (the verdict, a lesson's answer).
// Presenter type for an image so many lines high: 18 pt at 1080 and more, in proportion below, to 12 pt at 720.
qreal presenterScaleFor(int imageHeight);
qreal presenterPoints(); // 18 pt, times the presenter scale
qreal bodyPoints();      // the desktop's size, 18 in presenter mode
qreal titlePoints();     // 12, 18 in presenter mode
qreal headlinePoints();  // 16, 28 in presenter mode
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
inline QColor speculative() {
    return QColor(0x00, 0x9e, 0x73); // bluish green: speculative decoding's draft and slots
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
// Ink for outlines and cursors drawn over the chart's background: near black, or the dark
// palette's text.
QColor pinned(const QPalette& palette = QGuiApplication::palette());
inline QColor highlight() {
    return QColor(0x56, 0xb4, 0xe9); // sky blue: "look here" in lessons
}
// Text colours, from the light or the dark set by the palette; each is at least 4.5:1 (AA)
// against the palette's window and base.
QColor good(const QPalette& palette = QGuiApplication::palette());       // "fits", "right"
QColor bad(const QPalette& palette = QGuiApplication::palette());        // "out of memory", errors
QColor budgetText(const QPalette& palette = QGuiApplication::palette()); // the budget line's label
// Muted text (the card line's label, secondary captions).
QColor mutedText(const QPalette& palette = QGuiApplication::palette());
// A symbol of the KV formula: '2', 'L', 'B', 'S', 'H', 'D', anything else for bytes.
QColor symbol(char symbol, const QPalette& palette = QGuiApplication::palette());
// Fill of a fit map's cell (a pale green or orange on light, a deep one on dark).
QColor fitsFill(const QPalette& palette = QGuiApplication::palette());
QColor overFill(const QPalette& palette = QGuiApplication::palette());

// Title font, legend at the bottom, animations off (they lag behind a dragged slider).
// The chart is restyled (fonts of the title, legend and axes) whenever the mode changes.
void apply(QChart* chart, const QString& title);
// Fonts of the chart's title, legend and every axis for the current mode, and its colours
// from its view's palette (background, plot area, title, legend, axis labels, lines and
// grid); call after adding axes. Runs again on every `Style::changed` and on the view's
// PaletteChange.
void restyle(QChart* chart);
// The colours alone, from `palette`.
void recolor(QChart* chart, const QPalette& palette);
// 0 to at least `top` on round ticks, with as many decimals in the labels as the tick
// interval needs (a 0-2 GiB axis reads 0, 0.5, 1, 1.5, 2; never 0, 1, 1, 2).
void setValueRange(QValueAxis* axis, double top);
// Qt's log axis puts its first tick at the ceiling of log(min) / log(base), and log(0.1) / log(10)
// comes out just above -1: an axis from 0.1 lost its first label. A range a hair wider keeps the
// ticks and labels on the powers of ten themselves.
void setLogRange(QLogValueAxis* axis, double min, double max);
// Decimals that tell ticks `interval` apart: 0 for 1 and up, 1 for 0.5, 2 for 0.25...
int decimalsFor(double interval);

} // namespace chartstyle
