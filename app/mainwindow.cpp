#include "mainwindow.h"

#include "memorypage.h"
#include "scenariocontroller.h"

#include <QApplication>
#include <QPixmap>
#include <QTabWidget>

using namespace Qt::StringLiterals;

MainWindow::MainWindow(ScenarioController* controller, QWidget* parent)
    : QMainWindow(parent)
    , m_controller(controller)
    , m_pages(new QTabWidget(this))
{
    auto* memory = new MemoryPage(controller, m_pages);
    memory->setObjectName(u"memory"_s);
    m_pages->addTab(memory, tr("Memory"));
    setCentralWidget(m_pages);
    connect(controller, &ScenarioController::scenarioChanged, this, &MainWindow::updateTitle);
    updateTitle();
    resize(1280, 800);
}

QStringList MainWindow::pageNames() const
{
    QStringList names;
    for (int i = 0; i < m_pages->count(); ++i)
        names << m_pages->widget(i)->objectName();
    return names;
}

bool MainWindow::showPage(const QString& name)
{
    for (int i = 0; i < m_pages->count(); ++i) {
        if (m_pages->widget(i)->objectName() == name) {
            m_pages->setCurrentIndex(i);
            return true;
        }
    }
    return false;
}

bool MainWindow::saveScreenshot(const QString& path)
{
    QApplication::processEvents(); // one pass so that layouts and charts settle before grabbing
    return grab().save(path, "PNG");
}

void MainWindow::updateTitle()
{
    const auto& s = m_controller->scenario();
    setWindowTitle(tr("KV Scope - %1%2").arg(QString::fromStdString(s.model.displayName),
                                             m_controller->isCustom() ? tr(" (custom)") : QString()));
}
