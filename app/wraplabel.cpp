#include "wraplabel.h"

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
