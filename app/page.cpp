#include "page.h"

#include "chartstyle.h"
#include "settings.h"

#include <QCoreApplication>
#include <QLabel>

#include <exception>

using namespace Qt::StringLiterals;

QString PageKind::translatedTitle() const {
    return QCoreApplication::translate("Page", title);
}

Page::Page(QWidget* parent)
    : QWidget(parent) {
    connect(Settings::instance(), &Settings::sizeUnitChanged, this, &Page::scenarioChanged);
}

QString Page::refreshError() const {
    return m_error && m_error->isVisible() ? m_error->text() : QString();
}

void Page::scenarioChanged() {
    m_stale = true;
    if (isVisible() && !m_flushQueued) {
        // Queued before the window's paint request (a low-priority event), so the frame that
        // follows draws the new figures.
        m_flushQueued = true;
        QMetaObject::invokeMethod(this, &Page::flush, Qt::QueuedConnection);
    }
}

void Page::flush() {
    m_flushQueued = false;
    if (m_stale && isVisible()) {
        m_stale = false;
        safeRefresh();
    }
}

void Page::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (m_stale) {
        m_stale = false;
        safeRefresh();
    }
}

void Page::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    placeBanner();
}

void Page::safeRefresh() {
    try {
        refresh();
        if (m_error)
            m_error->hide();
    } catch (const std::exception& e) {
        if (!m_error) {
            m_error = new QLabel(this);
            m_error->setObjectName(u"pageError"_s);
            m_error->setWordWrap(true);
            m_error->setMargin(8);
            m_error->setAutoFillBackground(true);
        }
        // Each time: the palette (and with it the error colour) may have changed since.
        m_error->setStyleSheet(
            u"color: %1; background: palette(base); border: 2px solid %1;"_s.arg(chartstyle::bad().name()));
        m_error->setText(tr("This page cannot show the scenario: %1. The other pages and the controls still work; "
                            "change the scenario to go on.")
                             .arg(QString::fromUtf8(e.what())));
        m_error->show();
        m_error->raise();
        placeBanner();
    }
}

void Page::placeBanner() {
    if (!m_error)
        return;
    const int width = std::max(200, this->width() - 24);
    m_error->setGeometry(12, 12, width, m_error->heightForWidth(width));
}
