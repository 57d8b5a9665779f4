#include "forkdiagramwidget.h"

#include "memorymapwidget.h"

#include <QEvent>
#include <QPainter>

using namespace Qt::StringLiterals;

ForkDiagramWidget::ForkDiagramWidget(QWidget* parent)
    : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setAccessibleName(tr("Block tables of the shown request"));
    updateDescription();
}

void ForkDiagramWidget::setDiagram(const kvscope::ForkDiagram& diagram, bool beams) {
    m_diagram = diagram;
    m_beams = beams;
    m_empty = diagram.columns.empty();
    updateDescription();
    update();
}

void ForkDiagramWidget::clear() {
    m_diagram = {};
    m_empty = true;
    updateDescription();
    update();
}

void ForkDiagramWidget::setRows(int rows) {
    m_rows = std::max(1, rows);
    updateGeometry();
}

int ForkDiagramWidget::rowHeight() const {
    return fontMetrics().height() + 6;
}

int ForkDiagramWidget::labelWidth() const {
    return std::max(fontMetrics().horizontalAdvance(rowLabel(m_rows > 9 ? 99 : 9)),
                    fontMetrics().horizontalAdvance(tr("block"))) +
           8;
}

int ForkDiagramWidget::minCellWidth() const {
    return fontMetrics().horizontalAdvance(u"0000"_s) + 6; // a four-digit physical block number
}

QString ForkDiagramWidget::rowLabel(std::uint32_t sample) const {
    return m_beams ? tr("beam %1").arg(sample) : tr("sample %1").arg(sample);
}

QSize ForkDiagramWidget::sizeHint() const {
    return {labelWidth() + 12 * minCellWidth(), rowHeight() * (m_rows + 2) + 4}; // caption, header, rows
}

QSize ForkDiagramWidget::minimumSizeHint() const {
    return {labelWidth() + 4 * minCellWidth(), rowHeight() * (m_rows + 2) + 4};
}

QList<int> ForkDiagramWidget::visibleColumns() const {
    QList<int> shown;
    const int columns = int(m_diagram.columns.size());
    const int fit = std::max(3, (width() - labelWidth()) / minCellWidth());
    if (columns <= fit) {
        for (int c = 0; c < columns; ++c)
            shown << c;
        return shown;
    }
    // The first block (where sharing starts) and the newest ones (where beams fork).
    shown << 0 << -1;
    for (int c = columns - (fit - 2); c < columns; ++c)
        shown << c;
    return shown;
}

void ForkDiagramWidget::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, false);
    const QColor text = palette().color(QPalette::Text);
    const int rowH = rowHeight(), labelW = labelWidth();
    if (m_empty) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect().adjusted(4, 0, -4, 0), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap,
                   tr("Hover a request on the paged map to draw its block tables here."));
        return;
    }
    const QList<int> shown = visibleColumns();
    const int cellW = std::max(minCellWidth(), (width() - labelW) / std::max<int>(1, int(shown.size())));
    // Caption: whose tables, and how to read them.
    p.setPen(text);
    const QString caption = captionText();
    p.drawText(QRect(4, 0, width() - 8, rowH), Qt::AlignLeft | Qt::AlignVCenter,
               fontMetrics().elidedText(caption, Qt::ElideRight, width() - 8));
    // Header: logical block numbers.
    p.drawText(QRect(0, rowH, labelW - 4, rowH), Qt::AlignRight | Qt::AlignVCenter, tr("block"));
    for (int i = 0; i < shown.size(); ++i) {
        const QRect header(labelW + i * cellW, rowH, cellW, rowH);
        p.drawText(header, Qt::AlignCenter, shown[i] < 0 ? u"…"_s : QString::number(shown[i]));
    }
    // Row labels.
    for (std::size_t r = 0; r < m_diagram.rowSample.size(); ++r)
        p.drawText(QRect(0, rowH * int(r + 2), labelW - 4, rowH), Qt::AlignRight | Qt::AlignVCenter,
                   rowLabel(m_diagram.rowSample[r]));
    const QColor own = MemoryMapWidget::requestColor(m_diagram.request);
    const QColor ownPale = MemoryMapWidget::reservedColor(m_diagram.request);
    const QColor cached = MemoryMapWidget::cachedColor();
    for (int i = 0; i < shown.size(); ++i) {
        if (shown[i] < 0)
            continue;
        for (const kvscope::ForkCell& cell : m_diagram.columns[std::size_t(shown[i])]) {
            const QRect box(labelW + i * cellW + 1, rowH * int(cell.firstRow + 2) + 1, cellW - 2,
                            rowH * int(cell.rows) - 2);
            // Filled as far as its tokens, the empty slots pale (the map's reserved colour).
            const QColor fill = cell.prefixCached ? cached : own;
            p.fillRect(box, cell.prefixCached ? cached.lighter(140) : ownPale);
            const int filled =
                m_diagram.blockSize == 0 ? box.width() : int(double(box.width()) * cell.tokens / m_diagram.blockSize);
            p.fillRect(QRect(box.left(), box.top(), filled, box.height()), fill);
            // A block several sequences read: a heavy outline, as in the map's shared pattern.
            p.setPen(QPen(text, cell.rows > 1 ? 2 : 1));
            p.drawRect(box.adjusted(0, 0, -1, -1));
            p.setPen(fill.lightnessF() < 0.55 ? QColor(Qt::white) : QColor(Qt::black));
            p.drawText(box, Qt::AlignCenter, QString::number(cell.block));
        }
    }
}

void ForkDiagramWidget::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        updateDescription();
    if (event->type() == QEvent::FontChange)
        updateGeometry();
    QWidget::changeEvent(event);
}

QString ForkDiagramWidget::captionText() const {
    const int sequences = int(m_diagram.rowSample.size());
    const QString who =
        m_beams ? tr("Request %1: %n beam(s)", nullptr, sequences) : tr("Request %1: %n sample(s)", nullptr, sequences);
    return tr("%1, %2 logical blocks, %n shared.", nullptr, int(m_diagram.sharedCells()))
        .arg(who.arg(m_diagram.request))
        .arg(m_diagram.columns.size());
}

void ForkDiagramWidget::updateDescription() {
    if (m_empty) {
        setAccessibleDescription(tr("No request shown."));
        setToolTip({});
        return;
    }
    const QString text = captionText() + u' ' +
                         tr("A cell is one physical block, its number inside, filled as far as the tokens it "
                            "holds. A cell spanning several rows is read by all of them (outlined heavily) and is "
                            "copied when one of them writes to it; cached prefix blocks take the map's orange.");
    setAccessibleDescription(text);
    setToolTip(text);
}
