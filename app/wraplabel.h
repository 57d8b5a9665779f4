#pragma once

#include <QFont>
#include <QLabel>

#include <array>

// A word-wrapped QLabel that remembers its height for the last few widths. QLabel lays its text
// out again for every heightForWidth call, and a scroll area's layouts ask five or six times a
// frame; for the memory page's rich-text readings that was over half of a slider frame.
class WrapLabel : public QLabel {
    Q_OBJECT

public:
    explicit WrapLabel(QWidget* parent = nullptr);
    int heightForWidth(int width) const override;

private:
    struct Entry {
        int width = -1, height = 0;
    };
    mutable QString m_text; // what the entries were measured for
    mutable QFont m_font;
    mutable std::array<Entry, 4> m_entries;
    mutable std::size_t m_next = 0;
};
