#include "wraplabel.h"

#include <QFontMetrics>

#include <algorithm>

namespace {

// Widths in average characters of the label's font: the least it is squeezed to, and what it asks
// for before it has been laid out.
constexpr int kMinimumChars = 16;
constexpr int kPreferredChars = 48;

} // namespace

WrapLabel::WrapLabel(QWidget* parent)
    : QLabel(parent) {
    setWordWrap(true);
}

int WrapLabel::heightForWidth(int width) const {
    if (text() != m_text || font() != m_font) {
        m_text = text();
        m_font = font();
        m_entries = {};
    }
    for (const Entry& e : m_entries)
        if (e.width == width)
            return e.height;
    const int height = QLabel::heightForWidth(width);
    m_entries[m_next] = {width, height};
    m_next = (m_next + 1) % m_entries.size();
    return height;
}

int WrapLabel::minimumWidth() const {
    const QMargins m = contentsMargins();
    return fontMetrics().averageCharWidth() * kMinimumChars + m.left() + m.right() + 2 * margin();
}

QSize WrapLabel::sizeHint() const {
    // Once laid out, the width it has: a layout that asks again finds the height it already knows.
    const int width = testAttribute(Qt::WA_Resized) || isVisible()
                          ? std::max(this->width(), minimumWidth())
                          : std::max(fontMetrics().averageCharWidth() * kPreferredChars, minimumWidth());
    return {width, heightForWidth(width)};
}

QSize WrapLabel::minimumSizeHint() const {
    // One line high, as QLabel's own minimum for wrapped text; the layout asks heightForWidth for the rest.
    const QMargins m = contentsMargins();
    const int oneLine = fontMetrics().lineSpacing() + m.top() + m.bottom() + 2 * margin();
    return {minimumWidth(), oneLine};
}
