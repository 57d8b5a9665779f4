#pragma once

#include <QFont>
#include <QLabel>

#include <array>

// A word-wrapped QLabel whose size costs one text layout per text and width. QLabel works out
// its size hints from scratch after every setText (a layout without wrapping, one at the widest,
// one at width 0, the golden-ratio search of its preferred width) and lays the text out again
// for every heightForWidth call; a scroll area's layout asks for all of them each time a label
// changes. For the memory page's rich-text readings that was over half of a slider frame.
//
// Here the minimum width is a fixed number of characters of the label's font (no longer the
// widest word, which moved with the text), the preferred width is the label's width once it has
// one, and every height comes from heightForWidth, which remembers the last few widths of the
// current text and font.
class WrapLabel : public QLabel {
    Q_OBJECT

public:
    explicit WrapLabel(QWidget* parent = nullptr);
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

private:
    int minimumWidth() const;
    struct Entry {
        int width = -1, height = 0;
    };
    mutable QString m_text; // what the entries were measured for
    mutable QFont m_font;
    mutable std::array<Entry, 4> m_entries;
    mutable std::size_t m_next = 0;
};
